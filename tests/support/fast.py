"""Helpers shared by tests, moved out of ``tests/rankings/test_fast.py`` (issue 39)."""

from __future__ import annotations

import os
import pytest


def slow(test):
    """Mark a full hand-by-hand sweep (minutes): skipped unless LOWBALL_SLOW=1, as ``make test-full`` sets."""
    skip = pytest.mark.skipif(os.environ.get("LOWBALL_SLOW") != "1",
                              reason="full hand-by-hand sweep (minutes): run with LOWBALL_SLOW=1 (make test-full)")
    return pytest.mark.slow(skip(test))
