"""The only two things the tests read from outside the repository, both optional, and where they are found.

- **The rooms' real hand histories**: the regression-test files of the fpdb project (AGPL-3.0), third-party test
  data that the repository must never carry. Tests read them where they lie and skip without them; the project's
  own hands in ``tests/data/histories/`` are always there.
- **The upstream text of the rules digest**: ``docs/rules-digest.md`` is that text with ``LOCALISED`` applied, so
  that the repository cites nothing it does not have; a test checks the two stay in step when the upstream is
  present.

Each is found through an environment variable, else in the project's workspace beside the clone. No other file
of the repository names a place outside it (``tests/faces/test_self_contained.py`` checks it).

>>> HISTORIES.name, UPSTREAM_RULES.name
('histories', 'RULES.md')
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_WORKSPACE = ROOT.parent / "shared"          # where the project's workspace keeps both, beside the clone

HISTORIES = Path(os.environ.get("LOWBALL_HISTORIES") or _WORKSPACE / "histories")
UPSTREAM_RULES = Path(os.environ.get("LOWBALL_UPSTREAM_RULES") or _WORKSPACE / "RULES.md")

# How the digest differs from its upstream text: the upstream names folders of the workspace; the repository
# names what they hold instead. Each left side occurs exactly once upstream.
LOCALISED = (
    ("A reading aid for the source documents in `seeds/` (Russian). The seeds are the\n"
     "authority;",
     "A reading aid for the five source documents of the rules, the seeds 000-004 (in\n"
     "Russian; the rules notebook and the docs' rules pages quote them). The seeds are the\n"
     "authority;"),
    ("Real hand histories of online card rooms (files in `../shared/histories/`, notes on their formats in\n"
     "`../shared/histories/FORMATS.md`) hold,",
     "Real hand histories of online card rooms (the regression-test files of the fpdb project, third-party data\n"
     "the repository does not carry; `lowball import` reads them) hold,"),
)


def localised(upstream: str) -> str:
    """Return the upstream digest as the repository keeps it, or raise ``ValueError`` naming a change that no
    longer applies (the upstream text moved).

    >>> localised("x `seeds/` y")
    Traceback (most recent call last):
    ValueError: the upstream digest no longer has: A reading aid for the source documents in `seeds/` (Russian)…
    """
    for old, new in LOCALISED:
        if upstream.count(old) != 1:
            raise ValueError(f"the upstream digest no longer has: {old[:60]}…")
        upstream = upstream.replace(old, new)
    return upstream


def real_histories(room: str) -> Path:
    """Return the folder of one room's real histories (``PokerStars``, ``FullTilt``, ``Winamax``, ``KingsClub``)."""
    return HISTORIES / room
