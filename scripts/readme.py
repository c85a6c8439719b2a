"""Write into the README what each of its ``$ lowball ...`` examples prints now, after a deliberate change.

    .venv/bin/python scripts/readme.py            # rewrite README.md, then read the diff before committing
    .venv/bin/python scripts/readme.py --check    # only say which examples differ (exit 1 if any)

The examples run as tests/faces/test_readme.py runs them (tests/support/readme.py): in order, from the repository
root, their files in a private folder. A command whose exit code differs from the one its ``# exit N``
comment states is reported, and its output is not written.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.support.readme import README, comparable, examples, run  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report the examples that differ")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    problems = 0
    with tempfile.TemporaryDirectory() as folder:
        printed = {e.command: (e, *run(e, f"{folder}/lowball-")) for e in examples(text)}

    def block(match: re.Match) -> str:
        nonlocal problems
        lines, out = match.group(1).splitlines(), []
        i = 0
        while i < len(lines):
            line = lines[i]
            out.append(line)
            i += 1
            if not line.startswith("$ lowball"):
                continue
            shown = []
            while i < len(lines) and not lines[i].startswith("$ "):
                shown.append(lines[i])
                i += 1
            example, code, now = printed[line[2:]]
            if code != example.exit:
                print(f"README: `{example.command}` exited {code}, the README says {example.exit}")
                problems += 1
                out += shown
            elif comparable(now) != comparable("\n".join(shown)):
                print(f"README: `{example.command}` prints something else now")
                problems += 1
                out += shown if args.check else now.split("\n")
            else:
                out += shown
        return "```console\n" + "\n".join(out) + "\n```"

    new = re.sub(r"```console\n(.*?)\n?```", block, text, flags=re.S)
    if not args.check and new != text:
        README.write_text(new, encoding="utf-8")
        print("README.md written: read the diff before committing")
    return 1 if problems and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
