"""Helpers shared by tests, moved out of ``tests/solve/test_solve_cli.py`` (issue 39)."""

from __future__ import annotations

from lowball.cli import main


def call(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exit_:          # argparse's own usage errors
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err
