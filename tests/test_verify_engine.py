"""Hypothesis beside Z3: the proofs are about the code that runs.

The Z3 ranking model agrees with the literate evaluator, and random legal play
of the real engine never goes past the figures the proofs established.
"""

import functools
import random
from collections import Counter

import pytest
import z3
from hypothesis import given, settings, strategies as st

from lowball import DECK, compare
from lowball.play.bots import BOTS
from lowball.engine.state import BET, OVER, Hand, split_pot
from lowball.core.games import load_game_table
from lowball.core.rankings import load_rankings
from lowball.verify.game import _shares, check_card_bound, check_rounds, check_stack_guarantee
from lowball.verify.hands import RANKS, SymHand, beats

TABLE = load_game_table()
SYSTEMS = [row.key for row in load_rankings().systems]
hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@functools.cache
def z3_order(system):
    """Return symbolic shapes a, b and the Z3 terms 'a beats b' and 'b beats a' for ``system``."""
    row = load_rankings().system(system)
    a, b = SymHand("a", row), SymHand("b", row)
    return a, b, beats(a, b), beats(b, a)


def pinned(shape, cards):
    """Return the substitution that gives ``shape`` the ranks and suitedness of ``cards``."""
    counts = Counter(card.rank for card in cards)
    pairs = [(shape.count[v], z3.IntVal(counts[v])) for v in RANKS]
    return pairs + [(shape.one_suit, z3.BoolVal(len({card.suit for card in cards}) == 1))]


@settings(max_examples=300, deadline=None)
@given(hands, hands, st.sampled_from(SYSTEMS))
def test_the_z3_model_orders_hands_as_the_evaluator_does(a, b, system):
    sym_a, sym_b, a_wins, b_wins = z3_order(system)
    values = pinned(sym_a, a) + pinned(sym_b, b)
    verdict = [z3.is_true(z3.simplify(z3.substitute(term, *values))) for term in (a_wins, b_wins)]
    expected = compare(a, b, system)
    assert verdict == [expected == 1, expected == -1], f"{a} vs {b} under {system}"


@pytest.fixture(scope="module")
def proved():
    return {"max_investment": check_stack_guarantee(TABLE).figures["max_investment"],
            "max_cards": check_card_bound(TABLE).figures["max_cards"],
            "round_bound": check_rounds(TABLE).figures["round_bound"]}


def test_random_play_stays_within_the_proved_bounds(proved):
    """Thousands of random hands: investment, cards dealt and round length never exceed what Z3 proved."""
    rng = random.Random(4)
    most = {"invested": 0, "cards": 0, "round": 0}
    for _ in range(3000):
        players = rng.randint(TABLE.players_min, TABLE.players_max)
        hand = Hand([TABLE.min_stack] * players, seed=rng.randrange(2**32))
        hand.advance()
        actions_this_round, current = 0, hand.round
        while hand.phase != OVER:
            if hand.phase == BET:
                if hand.round != current:
                    actions_this_round, current = 0, hand.round
                actions_this_round += 1
                most["round"] = max(most["round"], actions_this_round)
            hand.apply(BOTS["random"](hand, rng))
            hand.advance()
            dealt = len(DECK) - len(hand.deck)
            most["cards"] = max(most["cards"], dealt)
            assert dealt <= proved["max_cards"]
        most["invested"] = max(most["invested"], max(hand.invested))
        assert max(hand.invested) <= proved["max_investment"]
        assert actions_this_round <= proved["round_bound"]
    assert most["invested"] <= proved["max_investment"] and most["round"] <= proved["round_bound"]


@given(st.integers(2, 500), st.lists(st.integers(0, 4), min_size=2, max_size=5, unique=True))
def test_engine_split_matches_the_proved_split_rule(pot, seats):
    """S2, S3: the engine's split pays what the Z3 model of the odd-chip rule pays."""
    engine = split_pot(pot, seats, TABLE.odd_chip)
    model = [z3.simplify(share).as_long() for share in _shares(z3.IntVal(pot), len(seats), TABLE.odd_chip)]
    assert [engine[s] for s in sorted(seats)] == model
    assert sum(engine.values()) == pot
