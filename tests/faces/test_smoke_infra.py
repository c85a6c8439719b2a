"""Smoke tests for the build infrastructure (pyproject.toml, uv.lock)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_console_script_declared():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["lowball"] == "lowball.cli:main"


def test_lock_file_next_to_pyproject():
    assert (ROOT / "uv.lock").is_file()
