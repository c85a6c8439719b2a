"""The rooms whose histories ``lowball import`` reads, and which room wrote a file, from its first line.

Each room has a reader module with the same three names: ``SITE`` (the room's name), ``HEADER`` (the first line of
one of its hands) and ``read_hand`` (a hand's lines into a ``SiteHand``). A file names its room in its first
line; ``--site`` names it when a file's first line is not enough.

>>> recognise("PokerStars Hand #85872891589:  5 Card Draw Limit ($0.25/$0.50 USD) - 2012/09/08 9:27:48 ET").SITE
'PokerStars'
>>> sorted(READERS)
['fulltilt', 'kingsclub', 'pokerstars', 'winamax']
"""

from __future__ import annotations

from types import ModuleType

from lowball.errors import HistoryError
from lowball.histories import fulltilt, kingsclub, pokerstars, winamax

# The readers by the name ``--site`` takes (the room's name in lower case, without spaces or punctuation).
READERS: dict[str, ModuleType] = {"pokerstars": pokerstars, "fulltilt": fulltilt, "winamax": winamax,
                                   "kingsclub": kingsclub}


def site_names() -> list[str]:
    """Return the names ``--site`` takes."""
    return sorted(READERS)


def reader_named(name: str) -> ModuleType:
    """Return the reader of the room ``--site`` names, or refuse the name, listing the known ones."""
    key = "".join(ch for ch in name.lower() if ch.isalnum())
    if key not in READERS:
        raise HistoryError(f"--site: unknown room {name!r} (known: {', '.join(site_names())})")
    return READERS[key]


def recognise(first_line: str) -> ModuleType | None:
    """Return the reader of the room whose hand starts with ``first_line`` (None: no room here writes it)."""
    for module in READERS.values():
        if module.HEADER.match(first_line):
            return module
    return None
