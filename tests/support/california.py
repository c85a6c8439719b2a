"""Helpers shared by tests, moved out of ``tests/tables/test_california.py`` (issue 39)."""

from __future__ import annotations

from lowball.core.games import load_game_table
from lowball.engine.state import Hand
from lowball.engine.state import deck_for


SEVEN_FIVE = "7c 5d 4h 2s Ac"          # a seven-low: F7's "seven or better"
EIGHT_SIX = "8d 6h 4c 3s 2d"


def hand_at(game, stacks, hands, then="", overrides=None) -> Hand:
    """Return a hand of ``game`` (a built-in name, or a table) dealt ``hands``, then ``then``, at its first decision."""
    table = game if not isinstance(game, str) else \
        load_game_table(game, overrides=overrides) if overrides else load_game_table(game)
    hand = Hand(list(stacks), table=table, deck=deck_for(hands, then=then, cards=table.deck_cards), deal_by_hand=True)
    hand.advance()
    return hand


def play(hand: Hand, actions) -> Hand:
    for action in actions:
        hand.apply(action)
        hand.advance()
    return hand
