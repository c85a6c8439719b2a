"""The public tree of a real table (lowball.solve.game_tree) against the engine that plays it, and its solutions.

The tree's betting comes from the engine's round functions; here a whole ``Hand`` of the engine plays random
lines of the tree with real cards, and at every step both must offer the same actions to the same seat, and at
the end the engine's chips must be what the tree's terminal pays. The solver then finds a small equilibrium,
a broken payoff makes its exploitability grow, forgetting the pre-draw bucket is shown to cost nothing, and the
shipped strategies keep the exploitability they were stored with and are refused for any other table.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from lowball import Hand, compare, load_game_table
from lowball.core.games import builtin_games
from lowball.solve import store
from lowball.solve.abstraction import coarsened, toy_ranges
from lowball.solve.best_response import evaluate
from lowball.solve.cfr import DCFR, Solver
from lowball.solve.game_tree import NotSolvable, build_tree, check_solvable
from lowball.solve.payoffs import Fold, Showdown
from lowball.solve.tree import Decision, Terminal, Transition
from tests.support.solving import engine_choices

SOLVED = ("teaching-table", "deuce-to-seven-single-draw-limit")


def play_random_line(built, seed: int) -> None:
    """Walk one random line of the tree beside an engine hand with real cards, checking every step and the chips."""
    rng = random.Random(seed)
    table = built.table
    hand = Hand([built.stacks] * 2, table=table, seed=seed + 1, narrate=False)
    hand.advance()
    node = built.tree.root
    while not isinstance(node, Terminal):
        if isinstance(node, Transition):
            node = node.child
            continue
        assert isinstance(node, Decision)
        engine = engine_choices(hand)
        assert hand.to_act == node.player, f"{hand!r}: the engine's seat {hand.to_act}, the tree's {node.player}"
        assert sorted(engine) == sorted(node.actions), f"{hand!r}: engine {sorted(engine)}, tree {node.actions}"
        pick = rng.randrange(len(node.actions))
        hand.push(engine[node.actions[pick]])
        node = node.children[pick]
    assert hand.phase == "over", f"{hand!r}: the tree ended, the engine did not"
    change = hand.result.changes[0]
    payoff = node.payoff
    if isinstance(payoff, Fold):
        assert change == payoff.stake, f"{hand!r}: the engine pays seat 0 {change}, the tree {payoff.stake}"
    else:
        assert isinstance(payoff, Showdown)
        outcome = compare(hand.hands[0], hand.hands[1], table.ranking)
        assert change == outcome * payoff.stake, f"{hand!r}: engine {change}, tree {outcome} x {payoff.stake}"


@pytest.mark.parametrize("name", SOLVED)
def test_random_lines_pay_what_the_engine_pays(name):
    built = build_tree(load_game_table(name), toy_ranges(2, 3))
    for seed in range(25):
        play_random_line(built, seed)


def test_lines_at_short_stacks_with_all_ins_match_the_engine():
    # Deuce-to-seven heads-up lifts the cap (G2): at 9 chips a raise war ends all in, and the draw still follows.
    built = build_tree(load_game_table("deuce-to-seven-single-draw-limit"), toy_ranges(2, 3), stacks=9)
    for seed in range(25):
        play_random_line(built, seed)


def test_every_builtin_table_is_solved_or_refused_in_one_line():
    accepted = []
    for table in builtin_games():
        try:
            check_solvable(table)
            accepted.append(table.name)
        except NotSolvable as refusal:
            text = str(refusal)
            assert text.startswith(f"{table.name}: ") and "\n" not in text, text
    assert set(SOLVED) <= set(accepted)
    for refused in ("deuce-to-seven-single-draw", "deuce-to-seven-single-draw-pot-limit", "razz",
                    "deuce-to-seven-triple-draw", "california-lowball", "stud-high-low"):
        assert refused not in accepted


def small_table():
    # The teaching table with one bet and no raise a round: a tree of a few hundred nodes, solved in seconds.
    return load_game_table("teaching-table", overrides={"raises_per_round": "0"})


def test_a_small_table_solves_to_a_small_exploitability_and_a_broken_showdown_shows():
    # The shipped teaching abstraction merged to 8 x 12 buckets: the real draw odds, a game solved in seconds.
    table = small_table()
    ranges = coarsened(store.load(load_game_table("teaching-table")).ranges, 8, 12)
    built = build_tree(table, ranges)
    solver = Solver(built.tree, DCFR).run(150)
    strategy = solver.average()
    early = evaluate(built.tree, Solver(built.tree, DCFR).run(5).average()).exploitability
    solved = evaluate(built.tree, strategy)
    assert solved.exploitability < 1e-3 * table.big_bet < early
    assert abs(sum(solved.values)) < 1e-12
    # A wrong showdown (the worst final bucket wins) is another game: the strategy is now far from equilibrium.
    broken = coarsened(store.load(load_game_table("teaching-table")).ranges, 8, 12)
    object.__setattr__(broken, "strengths", -broken.strengths)
    assert evaluate(build_tree(table, broken).tree, strategy).exploitability > 100 * solved.exploitability


def test_forgetting_the_pre_draw_bucket_costs_nothing():
    # The same game with perfect recall: after the draw a player's state is (pre bucket, post bucket). The
    # forgetful tree's strategy, copied to every pre bucket, must have the same exploitability and values there.
    table = small_table()
    ranges = toy_ranges(3, 4)
    pre, post = len(ranges.weights), len(ranges.strengths)
    recall = toy_ranges(3, 4)
    wide = {}
    for k, matrix in ranges.transitions.items():
        block = np.zeros((pre, pre * post))
        for b in range(pre):
            block[b, b * post:(b + 1) * post] = matrix[b]
        wide[k] = block
    object.__setattr__(recall, "transitions", wide)
    object.__setattr__(recall, "strengths", np.tile(ranges.strengths, pre))
    forgetful, remembering = build_tree(table, ranges).tree, build_tree(table, recall).tree
    assert remembering.perfect_recall and not forgetful.perfect_recall
    strategy = Solver(forgetful, DCFR).run(40).average()
    copied = tuple(np.tile(rows, (pre, 1)) if size == pre * post else rows
                   for rows, size in zip(strategy, remembering.sizes))
    short, full = evaluate(forgetful, strategy), evaluate(remembering, copied)
    assert full.exploitability == pytest.approx(short.exploitability, rel=1e-9, abs=1e-12)
    assert full.values == pytest.approx(short.values, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("name", SOLVED)
def test_a_shipped_strategy_keeps_its_exploitability(name):
    table = load_game_table(name)
    solution = store.load(table)
    measured = evaluate(solution.built.tree, solution.strategy)
    mbb = 1000 / table.big_bet
    assert measured.exploitability * mbb == pytest.approx(solution.facts["exploitability_mbb"], rel=1e-6)
    assert measured.exploitability * mbb <= solution.facts["goal_mbb"]
    assert list(measured.values) == pytest.approx(solution.facts["values"], rel=1e-6)


def test_a_strategy_is_refused_for_another_table_or_a_changed_copy():
    with pytest.raises(store.WrongTable, match="solved for teaching-table, not for deuce-to-seven-single-draw-limit"):
        store.load(load_game_table("deuce-to-seven-single-draw-limit"), store.path_of("teaching-table"))
    changed = load_game_table("teaching-table", overrides={"raises_per_round": "2"})
    with pytest.raises(store.WrongTable, match="another version of teaching-table"):
        store.load(changed)
