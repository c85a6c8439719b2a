"""What the dealer must do next in a replayed hand, and the dealer's action built from what a history shows.

A room's history names only some cards (O2): the owner's, the face-up cards of stud, the cards shown at the
end. The engine decides whom the dealer serves and how many cards (the table's streets, folds, the draw's
turns); the history fills in the cards it names, and every other card stays unknown (``None``, written ``??``).

>>> from lowball.core.games import load_game_table
>>> from lowball.engine.state import Hand
>>> hand = Hand([100, 100], table=load_game_table("razz"), replay=True)
>>> due(hand)
Due(kind='deal', seat=0, count=3, down=2, up=1)
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from lowball.core.cards import Card
from lowball.engine import drawing
from lowball.engine.actions import Action, Kind
from lowball.engine.phases import DEAL, DRAW
from lowball.engine.state import Hand


class Due(NamedTuple):
    """The dealer's next step: deal a street's cards to a seat, serve a draw's replacements, or the community card."""

    kind: str                 # "deal", "serve" or "board"
    seat: int
    count: int
    down: int = 0
    up: int = 0


def due(hand: Hand) -> Due | None:
    """Return the dealer's next step, or None when a player (or nobody: the showdown, the end) is to act."""
    if hand.to_act is not None:
        return None
    if hand.phase == DEAL:
        deal = hand.current
        if deal.community:
            return Due("board", 0, 1)
        if not deal.dealees:
            return None
        street = deal.street
        return Due("deal", deal.dealees[0], street.cards, street.down, street.up)
    if hand.phase == DRAW and hand.current.turns:
        seat, count = drawing.serving(hand.current)
        return Due("serve", seat, count, count, 0)
    return None


def dealer_action(step: Due, shown: Sequence[Card | None] | None) -> Action:
    """Return the dealer's action for ``step``, with the cards the history shows (all of them, the face-up ones
    only, or none: each card it does not name is unknown, O2).

    >>> from lowball.core.cards import parse_cards
    >>> str(dealer_action(Due("deal", 1, 3, 2, 1), parse_cards("Kc")))
    'd dh p2 ????Kc'
    """
    cards: tuple[Card | None, ...]
    if shown is None:
        cards = (None,) * step.count
    elif len(shown) == step.count:
        cards = tuple(shown)
    elif len(shown) == step.up:
        cards = (None,) * step.down + tuple(shown)
    else:
        raise ValueError(f"{len(shown)} cards shown for a deal of {step.count}")
    if step.kind == "board":
        return Action(Kind.BOARD, 0, cards=cards)
    return Action(Kind.DEAL, step.seat, cards=cards)
