"""The fuzz suite's one knob: how many inputs each fuzz test tries (a few in ``make test``, many in ``make fuzz``).

The fuzz tests are the ``tests/*/test_fuzz_*.py`` modules. Each class of bad input (user tables, files, the Python
API, the command line, hand histories) has its own module; each test asks ``fuzz_settings`` or ``fuzz_count`` how
many cases to try, so the same test is the fast check in CI and the long hunt of ``make fuzz``
(``LOWBALL_FUZZ=long``).

>>> fuzz_count(10, 1000) in (10, 1000)
True
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

LONG = os.environ.get("LOWBALL_FUZZ") == "long"


def fuzz_count(fast: int, long: int) -> int:
    """Return how many cases a fuzz test tries: ``fast`` in ``make test``, ``long`` in ``make fuzz``."""
    return long if LONG else fast


def fuzz_settings(fast: int, long: int) -> settings:
    """Return Hypothesis settings trying ``fast`` examples (derandomized, so CI is repeatable) or ``long`` ones."""
    return settings(max_examples=fuzz_count(fast, long), deadline=None, derandomize=not LONG,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])
