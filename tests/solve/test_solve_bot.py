"""The ``equilibrium`` bot (lowball.play.bots): the solved strategy played in the real engine, and its fallbacks.

Heads-up at a solved table and stacks it samples the equilibrium at every decision; beyond the solution it plays
exactly as the sound bot. Over seeded duplicate deals (each deck dealt twice, seats swapped) it beats the random
bot by a clear margin.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from lowball import Hand, load_game_table
from lowball.engine.actions import Action
from lowball.engine.state import OVER, stacked_deck
from lowball.play import bots
from lowball.play.bots import BOTS, equilibrium_beyond, equilibrium_choice, sound_bot
from lowball.play.sessions import play_hand, play_session
from lowball.solve.policy import Equilibrium

TEACHING = load_game_table("teaching-table")


def test_heads_up_at_the_solved_stacks_every_decision_is_the_equilibriums():
    rng = random.Random(4)
    decisions = 0
    for seed in range(15):
        hand = Hand([13, 13], table=TEACHING, seed=seed, narrate=False)
        hand.advance()
        while hand.phase != OVER:
            choice = equilibrium_choice(hand, rng)
            assert isinstance(choice, Action), f"{hand!r}: {choice}"
            assert choice in hand.legal_actions() or choice.kind == "sd"
            hand.apply(choice)
            hand.advance()
            decisions += 1
    assert decisions > 40


def test_the_draw_is_sampled_at_the_equilibriums_frequencies():
    # p1 dealt K-K-Q-9-8 (the cards are dealt one at a time round the table) and both checked.
    hand = Hand([13, 13], table=TEACHING, deck=stacked_deck("Kc 2c Kd 3c Qh 4c 9s 5c 8c 7c"), narrate=False)
    for action in ("p1 cc", "p2 cc"):
        hand.push(action)
    advice = Equilibrium.load(TEACHING).advise(hand.hands[0], hand.actions)
    rng = random.Random(1)
    counts = Counter(len(equilibrium_choice(hand, rng).cards) for _ in range(2000))
    for throw in advice.throws:
        share = counts[throw.count] / 2000
        assert abs(share - throw.probability) < 4 * math.sqrt(throw.probability * (1 - throw.probability) / 2000) + 1e-3
    assert sorted(map(str, hand.hands[0])) == sorted(["Kc", "Kd", "Qh", "9s", "8c"])
    top = max(advice.throws, key=lambda throw: throw.probability)
    assert top.count >= 3
    thrown = {frozenset(choice.cards) for choice in (equilibrium_choice(hand, rng) for _ in range(200))
              if len(choice.cards) == top.count}
    assert thrown == {frozenset(top.cards)}


def test_beyond_the_solution_it_plays_as_the_sound_bot_and_says_why():
    cases = [
        (Hand([13, 13, 13], table=TEACHING, seed=2, narrate=False), "3 players: the solution is heads-up"),
        (Hand([20, 20], table=load_game_table("deuce-to-seven-single-draw"), seed=2, narrate=False),
         "only fixed limit is solved"),
        (Hand([40, 40], table=load_game_table("deuce-to-seven-single-draw-limit"), seed=2, narrate=False),
         "the solution is for 32 each"),
    ]
    for hand, why in cases:
        assert why in equilibrium_beyond(hand)
        hand.advance()
        while hand.phase != OVER:
            seed = len(hand.actions)
            mine = BOTS["equilibrium"](hand, random.Random(seed))
            assert mine == sound_bot(hand, random.Random(seed))
            hand.apply(mine)
            hand.advance()


def test_a_changed_copy_of_a_solved_table_is_beyond_the_solution():
    table = load_game_table("teaching-table", overrides={"raises_per_round": "2"})
    assert "another version of teaching-table" in equilibrium_beyond(Hand([13, 13], table=table, narrate=False))


def test_it_beats_the_random_bot_over_duplicate_deals():
    # 300 deals, each played from both seats at the solved stacks: the equilibrium's mean win per hand, and its
    # 95% interval, lie above zero (the benchmark measures about +550 mbb/hand over 40,000 hands).
    pairs = []
    for seed in range(1, 301):
        deck = stacked_deck(seed=seed)
        total = 0
        for hero in (0, 1):
            names = ["hero", "villain"] if hero == 0 else ["villain", "hero"]
            hand = Hand([13, 13], table=TEACHING, deck=deck, names=names, narrate=False)
            play_hand(hand, {"hero": BOTS["equilibrium"], "villain": BOTS["random"]}, random.Random(seed * 2 + hero))
            total += hand.result.changes[hero]
        pairs.append(total / 2)
    mean = sum(pairs) / len(pairs)
    half = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in pairs) / (len(pairs) - 1) / len(pairs))
    assert mean - half > 0, (mean, half)


def test_a_session_with_the_equilibrium_keeps_the_chips():
    summary = play_session(["a", "b"], ["equilibrium", "sound"], 60, seed=5, table=TEACHING)
    assert sum(summary.chips.values()) == 0 and summary.hands == 60
    assert bots.equilibrium_note(TEACHING, 2, 13) is None


def test_the_abstract_best_response_wins_the_best_response_value():
    """The best response the matches play against the equilibrium: each seat's strategy swapped for it, that
    seat wins in the abstract game exactly what the exact best response says it can (one action per bucket)."""
    from lowball.solve.best_response import evaluate

    eq = Equilibrium.load("teaching-table")
    measured = evaluate(eq.tree, eq.solution.strategy)
    for seat in (0, 1):
        replied = evaluate(eq.tree, eq.best_response(seat).solution.strategy)
        assert replied.values[seat] == pytest.approx(measured.best_responses[seat], abs=1e-9)
        assert replied.values[seat] > measured.values[seat]         # the exploitability is not zero


def test_the_best_response_opponent_plays_in_the_engine():
    """The abstract best response, played at the real table by its bot, takes only actions the engine allows."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "equilibrium_matches", Path(__file__).resolve().parents[2] / "benchmarks" / "equilibrium_matches.py")
    matches = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(matches)
    pairs = [matches.play_pair("teaching-table", matches.RESPONSE, seed) for seed in range(1, 21)]
    assert len(pairs) == 20 and all(isinstance(p, int) for p in pairs)
