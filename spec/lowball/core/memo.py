"""What the engine reads from a game table once per table: a session plays thousands of hands at one table.

A ``GameTable`` holds dictionaries, so it cannot be a key of ``functools.cache``; ``per_table`` keys on the
table's identity and keeps the table beside the value, so the identity cannot be reused while the entry is kept.

>>> reads = []
>>> @per_table
... def seats(table, players):
...     reads.append(players)
...     return tuple(range(players))
>>> table = object()
>>> seats(table, 3), seats(table, 3), len(reads)
((0, 1, 2), (0, 1, 2), 1)
"""

from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

T = TypeVar("T")

# Entries kept per function before the memo starts again: far more tables than any session plays at once.
KEPT = 512


def per_table(read: Callable[..., T]) -> Callable[..., T]:
    """Return ``read(table, *args)`` remembered per table (by identity) and the other, hashable, arguments."""
    kept: dict[tuple, tuple[Any, T]] = {}

    @functools.wraps(read)
    def remembered(table: Any, *args: Any) -> T:
        key = (id(table), *args)
        entry = kept.get(key)
        if entry is not None and entry[0] is table:
            return entry[1]
        if len(kept) >= KEPT:
            kept.clear()
        value = read(table, *args)
        kept[key] = (table, value)
        return value

    remembered.cache_clear = kept.clear            # type: ignore[attr-defined]
    return remembered
