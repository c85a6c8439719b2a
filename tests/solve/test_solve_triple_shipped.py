"""The shipped equilibrium of deuce-to-seven triple draw (the PHH table, F2L3D): its file, its tables, its answers.

What ships is the strategy of the three rounds before the last, the last solved again when play reaches it, and the
per-hand tables of the abstraction (docs/reference/solving.md). Checked here against what nobody computed for it:
the deal (each dealt bucket holds its share of the 2,598,960 hands), the ranking (the best deuce-to-seven hand in
the best final bucket), the textbook throw of a king from 7-4-3-2 and the pat of 7-5-4-3-2, and the engine, which
the equilibrium bot plays a hand in. Its exploitability, recomputed as play computes it, is a ``make test-full``
check (half an hour).
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from lowball.cli import main
from lowball.core.games import load_game_table
from lowball.engine.state import Hand
from lowball.ranking.fast import hand_index
from lowball.solve import run_draws, store
from lowball.solve.policy import HANDS, IllegalLine
from lowball.solve.policy_draws import DrawsEquilibrium
from lowball.solve.recall import Recall
from lowball.solve.resolve import from_levels, largest_stakes
from tests.support.solving import equilibrium_plays_out, triple_equilibrium

TABLE = "deuce-to-seven-triple-draw-phh"


@pytest.fixture(scope="module")
def equilibrium() -> DrawsEquilibrium:
    return triple_equilibrium()


def test_the_file_is_the_tables_and_keeps_the_rounds_before_the_last(equilibrium):
    head = equilibrium.head
    assert head["hash"] == store.table_hash(load_game_table(TABLE)) and head["memory"] == "everything"
    assert head["rounds_kept"] == equilibrium.table.draws == 3
    assert all(tables for tables in equilibrium.strategy[:3]) and not equilibrium.strategy[3]
    for r in range(3):
        for i, table in equilibrium.strategy[r].items():
            assert np.allclose(table.sum(axis=-1), 1.0), f"round {r + 1}, spot {i}"


def test_each_dealt_bucket_holds_the_share_of_the_hands_the_solution_deals_it(equilibrium):
    """The solve dealt bucket b with probability weights[b]; the per-hand table must place exactly that share of
    the 2,598,960 hands in it (every deal equally likely)."""
    shares = np.bincount(equilibrium.lookup.buckets[0], minlength=equilibrium.game.buckets[0]) / HANDS
    assert np.allclose(shares, equilibrium.game.ranges.weights, atol=1e-12), (shares, equilibrium.game.ranges.weights)


def test_the_best_hand_is_in_the_best_final_bucket_and_a_pair_in_the_worse_half(equilibrium):
    final = equilibrium.lookup.buckets[-1]
    assert final[hand_index("7c 5d 4h 3s 2c")] == 0
    assert final[hand_index("Kc Kd 9h 8s 2c")] >= equilibrium.final_buckets // 2


def test_the_equilibrium_throws_the_king_from_seven_four_three_two_and_keeps_the_nuts(equilibrium):
    draw = equilibrium.advise("Kc 7d 4h 3s 2c", "call check")
    assert draw.phase == "draw" and [str(c) for c in draw.throws[1].cards] == ["Kc"]
    assert draw.frequencies["draw1"] > 0.5, draw.frequencies
    nuts = equilibrium.advise("7c 5d 4h 3s 2c", "call check")
    assert nuts.frequencies["pat"] > 0.99 and nuts.pat_hand, nuts.frequencies


def test_a_throw_the_solution_does_not_hold_is_refused_naming_what_it_holds(equilibrium):
    with pytest.raises(IllegalLine, match=r"'draw4' is not legal for p1 after 'call check': p1 may pat, draw1, "
                                          r"draw2, draw3$"):
        equilibrium.advise("Kc Qd Jh 9s 8c", "call check draw4")


def test_the_last_round_is_solved_again_and_answers(equilibrium):
    line = "call check draw1 draw1 check check draw1 draw1 check check draw1 draw0"
    advice = equilibrium.advise("8c 6d 4h 3s 2c", line)
    assert advice.phase == "bet" and advice.stage == 3 and sum(advice.frequencies.values()) == pytest.approx(1.0)
    assert 0 <= advice.range_above <= 1


@pytest.mark.parametrize("lang, words", [("en", ["draw1", "throws Kc", "after call check", "pre-draw bucket"]),
                                         ("ru", ["поменять 1", "сбрасывает Kc", "после «call check»"])])
def test_lowball_strategy_answers_for_triple_draw(capsys, lang, words):
    code = main(["strategy", "--game", TABLE, "Kc 7d 4h 3s 2c", "--line", "call check", "--lang", lang])
    out = capsys.readouterr().out
    assert code == 0 and all(word in out for word in words), out


def test_the_equilibrium_bot_plays_a_heads_up_hand_of_triple_draw(equilibrium):
    table = load_game_table(TABLE)
    hand = Hand([equilibrium.stacks] * 2, table=table, seed=7, narrate=False)
    assert equilibrium_plays_out(hand) >= 2 and sum(hand.result.changes) == 0


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("LOWBALL_SLOW") != "1", reason="every last round solved again (make test-full)")
def test_the_shipped_exploitability_is_what_play_gets(tmp_path):
    """Measure the file again, every last round solved again as play solves it: the figures written in it."""
    import shutil

    written = run_draws.load(load_game_table(TABLE), store.path_of(TABLE))[2]["facts"]["shipped"]
    if "exploitability_mbb" not in written:
        pytest.skip("the shipped file has not been measured yet (scripts/solve.py --measure)")
    copy = tmp_path / f"{TABLE}.npz"
    shutil.copy(store.path_of(TABLE), copy)
    again = run_draws.measure_shipped(load_game_table(TABLE), copy, written["last_round_iterations"])
    assert again["exploitability_mbb"] == pytest.approx(written["exploitability_mbb"], rel=1e-6)
    names = [f"{run_draws.RESPONSE}_{seat}" for seat in range(2)]
    shipped = store.read_arrays(store.path_of(TABLE), store.SOLUTION, names)
    measured = store.read_arrays(copy, store.SOLUTION, names)
    assert all(np.array_equal(shipped[name], measured[name]) for name in names), "the best response kept differs"


def test_the_last_round_is_solved_safely_where_the_equilibrium_goes(equilibrium):
    """The gadget's promise on the shipped file: in the last rounds the equilibrium reaches most often, no bucket of
    either seat wins more by its best response against the round solved again than the value the file keeps for it
    (what it wins there against the whole solution), to a few hundredths of the round's stake."""
    game = equilibrium.game
    assert equilibrium.gadget is not None, "the shipped file keeps no gadget: its last round is not solved safely"
    stakes = largest_stakes(game, equilibrium.kernels)
    values = from_levels(equilibrium.gadget, stakes)
    line = "call check draw1 draw1 check check draw1 draw1 check check"
    recall = Recall(game, equilibrium.strategy)
    for last in ("draw1 draw1", "draw0 draw1", "draw1 draw0", "draw0 draw0"):
        place = equilibrium._place(f"{line} {last}")
        k = place.history
        solved = equilibrium.tables(game.table.draws, k)
        ranges = equilibrium.entering(k)
        for seat in range(2):
            theirs = ranges[1 - seat] / ranges[1 - seat].sum()
            found = recall.round_values(game.table.draws, seat, [k], theirs, solved)[0]
            assert np.all(found <= values[seat, k] + 0.03 * stakes[k]), (last, seat, found - values[seat, k])


def test_the_card_room_triple_draw_is_refused_for_its_uncapped_heads_up_raises(capsys):
    """The card room lifts the cap heads-up (G2): its merged game has no all-in, so no solution is made for it; the
    refusal says why and names the tables that are solved, the PHH triple draw among them."""
    code = main(["strategy", "--game", "deuce-to-seven-triple-draw", "Kc 7d 4h 3s 2c"])
    err = capsys.readouterr().err
    assert code == 2 and "no cap heads-up (T4, G2)" in err and TABLE in err and len(err.strip().splitlines()) == 1
