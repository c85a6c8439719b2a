"""What happened in a hand, step by step, as data: the text layer turns each event into English or Russian.

An event is a template key and its fields, e.g. ``Event('bet', (('who', 'p1'),
('amount', 1), ('clause', 'T3')))``. The engine records events; it never
composes sentences (``lowball.text.narration`` does).
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """One narrated step: a template key and its fields (a cheap named tuple)."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()

    def __deepcopy__(self, memo: dict) -> "Event":
        return self                  # an event never changes: a copied hand shares it

    def get(self, name: str, default: object = None) -> object:
        """Return the field ``name`` (or ``default``)."""
        return dict(self.fields).get(name, default)


def event(key: str, **fields: object) -> Event:
    """Return the event ``key`` with ``fields``: ``event('check', who='p1').get('who') == 'p1'``."""
    return Event(key, tuple(fields.items()))
