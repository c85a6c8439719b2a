"""A player facing no bet may check or bet (B1); he may fold too at the PHH tables, and at California lowball's.

pokerkit reads a history in cash-game mode, where a player facing no bet may fold ("There is no reason for this
player to fold", a warning, not a refusal); so do the online rooms that fold a player who could check (O4). The
card rooms' rule is B1: check or bet. California lowball after the draw is bet or drop (F5): no check, and the
player who will not bet folds. Every built-in table is played until someone faces no bet, then asked.
"""

from __future__ import annotations

import pytest

from lowball import Hand
from lowball.core.games import builtin_games

NAMES = sorted(table.name for table in builtin_games())


def facing_no_bet(name: str) -> Hand:
    """Return a two-player hand at the first point where the player to act owes nothing and may bet or check."""
    hand = Hand(name, players=2, seed=11)
    for _ in range(200):
        seat = hand.to_act
        betting = any(action.kind == "cbr" for action in hand.legal_actions())
        # The bring-in is owed, not a bet faced (R2, Q2): it is posted or completed, never folded.
        if seat is not None and hand.owed(seat) == 0 and betting and hand.can_bring_in().refusal is not None:
            return hand
        if hand.can_check_or_call().refusal is None:
            hand.check_or_call()
        elif hand.can_stand_pat().refusal is None:
            hand.stand_pat()
        elif hand.can_bring_in().refusal is None:
            hand.bring_in()
        else:
            hand.push(hand.legal_actions()[0])
    raise AssertionError(f"{name}: nobody faced no bet in 200 actions")


@pytest.mark.parametrize("name", NAMES)
def test_a_player_facing_no_bet_may_fold_only_at_the_phh_and_california_tables(name):
    hand = facing_no_bet(name)
    may_fold = hand.can_fold().refusal is None
    expected = name.endswith("-phh") or name.startswith("california-lowball")
    assert may_fold == expected, f"{name}: p{hand.to_act + 1} faces no bet and may fold: {may_fold}"
