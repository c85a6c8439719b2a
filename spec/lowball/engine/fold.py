"""A hand as a fold of actions: ``apply(hand, action) -> (hand, events)`` returns a new hand and never changes the
one it is given.

``Hand.apply`` adds a state to a hand; here a new hand is returned, sharing the frozen states the hand had
(``Hand.copy``: nothing is deep-copied, nothing replayed), with the events the action told. A refused action
raises ``IllegalAction`` and leaves nothing behind. Notebooks that keep every position of a hand, tests that try
an action and go back, and search (the solver, OpenSpiel) read hands this way; ``engine.reducer`` is the same on
the states themselves.

>>> from lowball.engine.state import Hand
>>> start = Hand([13, 13], deal_by_hand=True)             # the dealer's steps wait to be taken
>>> dealt, _ = advance(start)                              # the dealer deals
>>> after, events = apply(dealt, "p1 cbr 1")
>>> [event.key for event in events], after.to_act, dealt.to_act, dealt.actions == after.actions[:-1]
(['bet'], 1, 0, True)
>>> apply(dealt, "p2 cc")
Traceback (most recent call last):
lowball.errors.IllegalAction: p2 cc: out of turn: it is p1's turn, not p2's (B1)
>>> final, _ = play(start, ["p1 cbr 1", "p2 f"])          # every player's action, the dealer's steps between
>>> final.result.finishing_stacks, start.actions
((14, 12), ())
"""

from __future__ import annotations

from typing import Iterable

from lowball.engine.actions import Action
from lowball.engine.events import Event
from lowball.engine.state import Hand


def copy_of(hand: Hand) -> Hand:
    """Return an independent copy of ``hand`` (``Hand.copy``: the states are frozen, so they are shared).

    >>> hand = Hand([13, 13], deal_by_hand=True); twin = copy_of(hand); twin.advance()
    >>> len(hand.actions), len(twin.actions), twin.table is hand.table
    (0, 2, True)
    """
    return hand.copy()


def apply(hand: Hand, action: Action | str) -> tuple[Hand, tuple[Event, ...]]:
    """Return the hand after ``action`` and the events it told; ``hand`` is unchanged (an illegal action raises
    ``IllegalAction`` naming the rule, and nothing is changed anywhere)."""
    after = copy_of(hand)
    told = len(after.events)
    after.apply(action)
    return after, tuple(after.events[told:])


def advance(hand: Hand) -> tuple[Hand, tuple[Event, ...]]:
    """Return the hand after the dealer's automatic steps up to the next player's decision, and their events."""
    after = copy_of(hand)
    told = len(after.events)
    after.advance()
    return after, tuple(after.events[told:])


def play(hand: Hand, decisions: Iterable[Action | str]) -> tuple[Hand, tuple[Event, ...]]:
    """Return the hand after each decision in turn, with the dealer's automatic steps before and after each (as
    ``Hand.push`` plays them), and every event told; ``hand`` is unchanged."""
    after, events = advance(hand)
    for decision in decisions:
        after, told = apply(after, decision)
        events += told
        after, told = advance(after)
        events += told
    return after, events
