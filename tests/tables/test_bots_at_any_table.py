"""The bots play every table that loads (D1, K9): never stuck, never looping, whatever the draw asks.

Found: the sound bot crashed with ``max() arg is an empty sequence`` when it wanted to stand pat at a draw that
asks for at least one card, and on a draw game that bets before all five cards are dealt; the random bot drew
coin tosses until enough came up, for ever where no discard was legal (the loader now refuses such tables:
``test_card_flow.py``).
"""

from __future__ import annotations

import random

from lowball.core.games import load_game_table, table_from_text
from lowball.engine.state import DRAW, OVER, Hand, deck_for
from lowball.play.bots import BOTS, keep_for_draw
from tests.support.table import play_checked

MADE = "6c 4h 3s 2d Ac"          # H4, E1: the best ace-to-six low, a pat hand


def at_the_draw(table) -> Hand:
    hand = Hand([13, 13], table=table, deck=deck_for([MADE, "Kc Qd Jh 9s 8h"]))
    hand.advance()
    while hand.phase != DRAW:
        hand.apply(next(a for a in hand.legal_actions() if a.kind == "cc"))
        hand.advance()
    return hand


def test_the_sound_bot_throws_its_worst_card_where_the_draw_asks_for_one():
    """D1: with ``min_discard = 1`` a pat six-four must throw a card: the sound bot throws its highest, the six."""
    hand = at_the_draw(load_game_table(overrides={"streets.2.min_discard": "1"}))
    assert keep_for_draw(hand.hands[0], hand) == list(hand.hands[0])         # it would stand pat
    action = BOTS["sound"](hand, random.Random(0))
    assert str(action) == "p1 sd 6c"


def test_the_random_bot_throws_at_least_what_the_draw_asks():
    """D1: with ``min_discard = 4`` every discard of the random bot has four or five cards, and is legal."""
    table = load_game_table(overrides={"streets.2.min_discard": "4"})
    sizes = set()
    for seed in range(20):
        hand = at_the_draw(table)
        action = BOTS["random"](hand, random.Random(seed))
        hand.apply(action)
        sizes.add(len(action.cards))
    assert sizes == {4, 5}


def test_the_sound_bot_bets_a_draw_game_dealt_in_pieces():
    """T6, D1: one card, a betting round, four more, another round, the draw: the bot judges a partial hand."""
    streets = [("deal", "down = 1"), ("bet", "size = 'small'\nopener = 'left-of-big-blind'"), ("deal", "down = 4"),
               ("bet", "size = 'small'\nopener = 'dealer-left'"), ("draw", "max_discard = 5"),
               ("bet", "size = 'big'\nopener = 'dealer-left'")]
    table = table_from_text('extends = "deuce-to-seven-triple-draw"\nname = "house"\n' + "".join(
        f"[[streets]]\nkind = '{kind}'\n{keys}\nclause = 'K2'\n" for kind, keys in streets))
    for seed in range(10):
        hand = play_checked(table, [100] * 4, seed=seed, bots=("sound",))
        assert hand.phase == OVER
