"""The README's console examples: read them, run them as a reader would, and compare what they print.

A console block holds ``$ lowball ...`` lines, each followed by what it prints. A command that exits with
another code than 0 says so in a comment (``$ lowball verify ...   # exit 1: ...``). Commands run in the
README's order from the repository root, so that one may read what an earlier one wrote. Files go to
``/tmp/lowball-...`` in the README; here that prefix is a private folder, so running the examples never
dirties the clone or another run. Times that a command measures (``(2.2 s)``) are compared as ``(… s)``.

>>> [(e.command, e.exit) for e in examples("```console\\n$ lowball games   # exit 0\\nteaching-table\\n```\\n")]
[('lowball games   # exit 0', 0)]
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
SCRATCH = "/tmp/lowball-"
EXIT = re.compile(r"#\s*exit (\d+)\b")
SECONDS = re.compile(r"\(\d+(?:\.\d+)? s\)")


@dataclass(frozen=True)
class Example:
    """One ``$ lowball`` line of the README: the command, the exit code it states, what it shows."""

    command: str
    exit: int
    shown: str

    def argv(self, scratch: str = SCRATCH) -> list[str]:
        """Return the command's arguments after ``lowball``, its files moved to ``scratch``."""
        return shlex.split(self.command.replace(SCRATCH, scratch), comments=True)[1:]


def examples(text: str | None = None) -> list[Example]:
    """Return every ``$ lowball`` example of the README's console blocks, in order."""
    text = README.read_text(encoding="utf-8") if text is None else text
    found = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if not line.startswith("$ lowball"):
                continue
            shown = []
            for later in lines[i + 1:]:
                if later.startswith("$ "):
                    break
                shown.append(later)
            stated = EXIT.search(line)
            found.append(Example(line[2:], int(stated.group(1)) if stated else 0, "\n".join(shown)))
    return found


def run(example: Example, scratch: str) -> tuple[int, str]:
    """Run one example in this process from the repository root; return its exit code and what it printed,
    with ``scratch`` written back as the README's ``/tmp/lowball-``."""
    from lowball.cli import main

    out = io.StringIO()
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            try:
                code = main(example.argv(scratch))
            except SystemExit as stop:                  # --help and usage errors leave through argparse
                code = stop.code if isinstance(stop.code, int) else 1
    finally:
        os.chdir(here)
    return code, out.getvalue().rstrip("\n").replace(scratch, SCRATCH)


def comparable(text: str) -> str:
    """Return output with its measured times masked."""
    return SECONDS.sub("(… s)", text)
