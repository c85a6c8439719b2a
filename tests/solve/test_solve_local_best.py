"""The local best response to a solved table of several draws (lowball.play.local_best) and the ranges it reads.

On the small three-draw table solved and shipped as the triple-draw solution ships (tests/solve/test_solve_policy_draws
has the fixture's story): the equilibrium's range at a point of play is the one the last round is entered with and
the one its reads of the range above use, computed by other code; the local best response raises into a player who
always folds and folds the worst hand to a bet it cannot win, with the solution's rows made so; and it plays hands at
the engine's table, every action legal and no chip made or lost.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from lowball.engine.state import Hand
from lowball.play.bots import BOTS
from lowball.play.local_best import choose, local_best_choice, share
from lowball.play.sessions import play_hand
from lowball.ranking.fast import hand_at
from lowball.solve import run_draws
from lowball.solve.full import FullSolver
from lowball.solve.game_tree import CALL, FOLD, RAISE
from lowball.solve.merged import build_game, small_table
from lowball.solve.policy_draws import DrawsEquilibrium, load_draws
from lowball.solve.stages import toy_stages
from tests.solve.test_solve_policy_draws import BUCKETS, made_up_lookup

LAST_ROUND = "call check draw1 draw1 check check draw0 draw0 check check draw1 draw0"


@pytest.fixture(scope="module")
def equilibrium(tmp_path_factory) -> DrawsEquilibrium:
    table = small_table()
    game = build_game(table, toy_stages(BUCKETS, seed=5), memory="everything")
    strategy = FullSolver(game).run(40).average()
    path = tmp_path_factory.mktemp("solutions") / f"{table.name}.npz"
    run_draws.save(path, game, strategy, {"iterations": 40}, rounds=table.draws, extra=made_up_lookup(game).arrays())
    return load_draws(table, path)


def hand_in(eq: DrawsEquilibrium, bucket: int, stage: int) -> str:
    """Return a hand the (made-up) per-hand tables place in a bucket at a stage."""
    return " ".join(map(str, hand_at(int(np.flatnonzero(eq.lookup.buckets[stage] == bucket)[0]))))


@pytest.mark.parametrize("line", [LAST_ROUND, LAST_ROUND + " bet", LAST_ROUND + " check"])
def test_the_range_at_a_point_of_the_last_round_is_the_one_it_is_entered_with_times_the_actions(equilibrium, line):
    place = equilibrium.place(line)
    assert place.round == equilibrium.last
    for seat in range(2):
        reach = equilibrium._reach(place, seat)                # the range above's reads: entering_history's walk
        assert np.allclose(equilibrium.range_at(place, seat), reach / reach.sum(), atol=1e-12), seat


def test_the_range_at_a_first_rounds_point_is_the_deal_times_the_seats_actions(equilibrium):
    place = equilibrium.place("raise")
    weights = np.asarray(equilibrium.game.ranges.weights)
    start = equilibrium.game.rounds[0].spots[0]
    first = equilibrium.tables(0, 0)[0][0]                     # the first to act's row at the start: his raise
    expected = weights * first[:, start.actions.index(RAISE)]
    assert np.allclose(equilibrium.range_at(place, start.player), expected / expected.sum(), atol=1e-12)
    assert np.allclose(equilibrium.range_at(place, 1 - start.player), weights / weights.sum(), atol=1e-12)


def test_the_share_at_the_showdown_counts_a_tie_half(equilibrium):
    place = equilibrium.place(LAST_ROUND)
    size = equilibrium.final_buckets
    theirs = np.full(size, 1 / size)
    strengths = np.asarray(equilibrium.game.ranges.strengths)
    for bucket in range(size):
        wins = (strengths[bucket] > strengths).mean() + 0.5 * (strengths[bucket] == strengths).mean()
        found = share(equilibrium, place.round, place.history, place.spot, np.eye(size)[bucket], theirs, 0)
        assert found == pytest.approx(wins, abs=1e-12)


def rows_made(eq: DrawsEquilibrium, line: str, label: str) -> DrawsEquilibrium:
    """Return a copy of the equilibrium whose last round, at the spot after ``line``, always takes ``label``."""
    place = eq.place(line)
    solved = {i: table.copy() for i, table in eq.tables(place.round, place.history).items()}
    spot = eq.game.rounds[place.round].spots[place.spot]
    solved[place.spot][:] = 0.0
    solved[place.spot][..., spot.actions.index(label)] = 1.0
    made = DrawsEquilibrium(eq.game, eq.strategy, eq.lookup, eq.head, eq.iterations)
    made._solved[place.history] = solved
    return made


def test_it_bets_into_a_player_who_always_folds_and_folds_what_cannot_win(equilibrium):
    folds = rows_made(equilibrium, LAST_ROUND + " bet", FOLD)
    seat = equilibrium.game.rounds[equilibrium.last].spots[0].player
    worst = hand_in(equilibrium, equilibrium.final_buckets - 1, equilibrium.last)
    assert choose(folds, worst, LAST_ROUND, seat) == RAISE        # the pot for nothing, whatever it holds
    calls = rows_made(equilibrium, LAST_ROUND + " bet", CALL)
    assert choose(calls, worst, LAST_ROUND, seat) == CALL        # a bluff that is always called: check
    strengths = np.asarray(equilibrium.game.ranges.strengths)
    best = hand_in(equilibrium, int(strengths.argmax()), equilibrium.last)
    assert choose(calls, best, LAST_ROUND, seat) == RAISE        # the best hand, called: bet it


def test_it_plays_hands_at_the_engines_table_with_legal_actions_and_no_chip_lost(equilibrium, monkeypatch):
    from lowball.play import bots

    monkeypatch.setattr(bots, "equilibrium_of", lambda table: (equilibrium, None))
    table = equilibrium.table
    for seed in range(6):
        for hero in range(2):
            names = ["lbr", "eq"] if hero == 0 else ["eq", "lbr"]
            hand = Hand([40, 40], table=table, seed=seed, names=names, narrate=False)
            taken = []

            def lbr(hand, rng, taken=taken):
                action = local_best_choice(hand, equilibrium)
                assert action in hand.legal_actions()
                taken.append(action)
                return action

            play_hand(hand, {"lbr": lbr, "eq": BOTS["equilibrium"]}, random.Random(seed))
            assert hand.result is not None and sum(hand.result.changes) == 0 and taken


def test_the_buckets_after_a_draw_are_those_of_every_set_of_replacements(equilibrium):
    """Standing pat keeps the hand's own bucket of the next stage; a draw of one card spreads over the 47 cards it
    has not seen, each counted once (the made-up throw of one card throws the hand's first card by deck order)."""
    from lowball.play.local_best import held_after
    from lowball.ranking.fast import DECK_INDEX, hand_index
    from lowball.ranking.value import hand_cards
    from lowball.core.cards import DECK

    cards = "Kc 7d 4h 3s 2c"
    pat = held_after(equilibrium, cards, 0, 0)
    assert pat.tolist() == np.eye(len(pat))[equilibrium.lookup.bucket(cards, 1)].tolist()
    one = held_after(equilibrium, cards, 0, 1)
    held = sorted(hand_cards(cards), key=DECK_INDEX.__getitem__)
    kept = held[1:]
    counted = np.zeros(len(one))
    for card in DECK:
        if card not in held:
            counted[equilibrium.lookup.buckets[1][hand_index(kept + [card])]] += 1
    assert np.allclose(one, counted / 47, atol=1e-15)
