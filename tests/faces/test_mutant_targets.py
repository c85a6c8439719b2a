"""Every file ``make mutants`` names exists: a test path that moved would run no test and kill no mutant.

A mutant is killed when one of its target's tests fails; pytest given a path that is not there reports an
error for it, not a failing test, so a target naming a moved file once let two mutants of the posts of
joining players (O4) survive.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "mutants.py"


def named_paths(text: str) -> list[str]:
    """Return every test file and package file the script names: ``tests/.../x.py`` (before any ``::``) and
    ``{PACKAGE}/.../x.py``."""
    tests = re.findall(r'"(tests/[\w/]+\.py)(?:::[^"]*)?"', text)
    package = [f"spec/lowball/{path}" for path in re.findall(r'\{PACKAGE\}/([\w/]+\.(?:py|toml))', text)]
    return sorted(set(tests + package))


def test_every_file_a_mutant_target_names_exists():
    paths = named_paths(SCRIPT.read_text(encoding="utf-8"))
    assert len(paths) > 40
    missing = [path for path in paths if not (ROOT / path).is_file()]
    assert missing == [], f"scripts/mutants.py names files that are not there: {missing}"


def test_the_check_sees_a_moved_test_file():
    text = '"tests/tables/test_room_departures.py", "tests/interop/test_pokerkit_games.py::test_x"'
    paths = named_paths(text)
    assert paths == ["tests/interop/test_pokerkit_games.py", "tests/tables/test_room_departures.py"]
    assert not (ROOT / paths[1]).is_file()
