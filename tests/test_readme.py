"""The README's tour is true: every ``$ lowball ...`` example prints what the README shows."""

import re
import shlex
from pathlib import Path

import pytest

from lowball.cli import build_parser, main

README = Path(__file__).parent.parent / "README.md"
BLOCKS = re.findall(r"```console\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def examples():
    """Yield (command, expected output) for each ``$ lowball`` line of the README that shows output."""
    for block in BLOCKS:
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if line.startswith("$ lowball "):
                shown = []
                for later in lines[i + 1:]:
                    if later.startswith("$ "):
                        break
                    shown.append(later)
                yield line[2:], "\n".join(shown)


@pytest.mark.parametrize("command, expected", [e for e in examples() if e[1]])
def test_readme_example_prints_what_the_readme_shows(capsys, command, expected):
    assert main(shlex.split(command)[1:]) == 0
    assert capsys.readouterr().out.rstrip("\n") == expected


@pytest.mark.parametrize("command", [c for c, shown in examples() if not shown])
def test_readme_example_without_output_is_a_valid_command(command):
    """Long-running examples are not run here, but their command and flags must exist."""
    build_parser().parse_args(shlex.split(command)[1:])


def test_readme_shows_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "make lab" in text and "make test" in text
