"""The README's tour is true: every ``$ lowball ...`` example prints what the README shows."""

import re
import shlex
from pathlib import Path

import pytest

from lowball.cli import main

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


@pytest.mark.parametrize("command, expected", list(examples()))
def test_readme_example(capsys, command, expected):
    assert main(shlex.split(command)[1:]) == 0
    out = capsys.readouterr().out.rstrip("\n")
    if expected:
        assert out == expected
    else:
        assert out  # the README shows no output for long reports; the command must still print one


def test_readme_shows_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "make lab" in text and "make test" in text
