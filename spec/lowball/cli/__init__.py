"""Layer 7: the ``lowball`` command line, a thin face over the layers below."""

from lowball.cli.main import build_parser, main

__all__ = ["build_parser", "main"]
