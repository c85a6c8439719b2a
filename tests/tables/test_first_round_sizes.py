"""The first round's raises at the draw tables, as the digest sizes them: a fixed small bet, or the pot.

Three players, blinds of 1 and 2 (K3, X2): the first to act raises over the big blind.

- Fixed limit, 2 then 4 (K2, K5, M1, X2 with K5): the raise is to 2 + 2 = 4 exactly, and a re-raise to 6.
- Pot-limit (G5): at most to the pot after calling, 2 + (1 + 2 + 2) = 7; the least is a full raise, to 4 (G4).
- No-limit (G4): the least to 4, the most the whole stack.
"""

from __future__ import annotations

import pytest

from lowball import Hand

# table: the first raise's range, then the re-raise's
SIZES = {
    "five-card-draw": ((4, 4), (6, 6)),
    "ace-to-five-single-draw": ((4, 4), (6, 6)),
    "deuce-to-seven-single-draw-limit": ((4, 4), (6, 6)),
    "deuce-to-seven-triple-draw": ((4, 4), (6, 6)),
    # G5 after a raise to 4 (pot 1 + 2 + 4 = 7): the small blind calls 3 (pot 10) and raises to 4 + 10 = 14; G4:
    # the least re-raise is a full raise, 2 over 4.
    "five-card-draw-pot-limit": ((4, 7), (6, 14)),
    "deuce-to-seven-single-draw-pot-limit": ((4, 7), (6, 14)),
}


@pytest.mark.parametrize("name", sorted(SIZES))
def test_the_first_rounds_raises(name):
    first, second = SIZES[name]
    hand = Hand(name, players=3, seed=1)
    assert hand.raise_range() == first, f"{name}: the first raise may be to {hand.raise_range()}, the digest says {first}"
    hand.push(f"p{hand.to_act + 1} cbr {first[0]}")
    assert hand.raise_range() == second, f"{name}: the re-raise may be to {hand.raise_range()}, the digest says {second}"


def test_no_limit_lets_the_first_raise_go_to_the_whole_stack():
    hand = Hand("five-card-draw-no-limit", players=3, seed=1)
    assert hand.raise_range() == (4, hand.stacks[hand.to_act])
