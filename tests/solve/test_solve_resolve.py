"""The last betting round solved again at play time (lowball.solve.resolve), against code that shares none of it.

A shipped triple-draw solution keeps its first rounds only; the last round is solved again from the ranges they
leave. Checked here on a small three-draw table: the ranges entering the last round are the full tree's own (the
tree written out and walked by the single-draw best response), each history's round solved again is an
equilibrium of that round by the generic tree solver's best response, one history solved alone is solved as among
all, and the whole strategy so completed is as hard to exploit as the solve it stands in for.
"""

from __future__ import annotations

import numpy as np
import pytest

from lowball.solve.best_response import evaluate
from lowball.solve.cfr import DCFR, Solver
from lowball.solve.full import FullSolver
from lowball.solve.merged import build_game, small_table, unrolled
from lowball.solve.recall import recall_values
from lowball.solve.resolve import entering, resolve_last_round, with_last_round
from lowball.solve.stages import toy_stages
from lowball.solve.tree import Decision, Terminal, Transition


@pytest.fixture(scope="module")
def game():
    return build_game(small_table(), toy_stages((2, 3, 3, 4), seed=5), memory="everything")


@pytest.fixture(scope="module")
def first(game):
    """The first rounds' strategy of a short solve (its last round is what is solved again)."""
    return FullSolver(game).run(60).average()


def test_the_ranges_entering_the_last_round_are_the_full_trees(game, first):
    """Walk the full tree written out (lowball.solve.tree) down to each last-round history, multiplying each player's
    deal by his own actions' probabilities and his own draws: the same ranges as ``entering``'s batches."""
    ranges = entering(game, first)
    whole = unrolled(game)
    strategy = whole.strategy(first)
    last = game.table.draws
    found = {}

    def walk(node, reach):
        match node:
            case Transition(player=seat, matrix=matrix, child=child):
                moved = list(reach)
                moved[seat] = reach[seat] @ matrix
                walk(child, moved)
            case Decision(player=seat, children=children):
                index = whole.tree.index[id(node)]
                r, i, k = whole.spot_of[index]
                if r == last and i == 0:
                    found[k] = reach
                    return
                for a, child in enumerate(children):
                    moved = list(reach)
                    moved[seat] = reach[seat] * strategy[index][:, a]
                    walk(child, moved)
            case Terminal():
                return

    walk(whole.tree.root, [np.ones(1), np.ones(1)])
    assert sorted(found) == list(range(len(game.keys[last]))), "every history of the last round is reached once"
    for k, (mine, theirs) in sorted(found.items()):
        assert np.allclose(ranges[0][k], mine, atol=1e-12) and np.allclose(ranges[1][k], theirs, atol=1e-12), \
            f"history {k}: entering {ranges[0][k]}, {ranges[1][k]}; the tree's {mine}, {theirs}"


def test_one_history_solved_alone_is_solved_as_among_all(game, first):
    """Play time solves the one history reached; the measure solves all, in batches: the same rows either way."""
    everything = resolve_last_round(game, first, iterations=80)
    batches = resolve_last_round(game, first, iterations=80, rows=500)
    for k in (0, 5, len(game.keys[-1]) - 1):
        alone = resolve_last_round(game, first, histories=[k], iterations=80)
        for i, table in everything.items():
            assert np.allclose(alone[i][0], table[k], atol=1e-12), f"history {k}, spot {i}"
            assert np.allclose(batches[i][k], table[k], atol=1e-12), f"history {k}, spot {i}, in batches of 500"


@pytest.mark.parametrize("history", [3, 40, 200])
def test_each_historys_last_round_solved_again_is_an_equilibrium_of_that_round(game, first, history):
    """Write the round of one history out as a tree dealt the ranges that enter it, and measure the strategy solved
    again by the generic tree's exact best response: what either seat could gain by deviating is a sliver of the
    stakes, and the round's value is the one the tree's own CFR finds."""
    last = game.table.draws
    ranges = entering(game, first)
    dealt = [ranges[seat][history] / ranges[seat][history].sum() for seat in range(2)]
    sub = unrolled(game, (last, history), dealt)
    alone = resolve_last_round(game, first, histories=[history])
    tables = {i: np.zeros((len(game.keys[last]), *table.shape[1:])) for i, table in alone.items()}
    for i, table in alone.items():
        tables[i][history] = table[0]
    strategy = sub.strategy([{}] * last + [tables])
    measured = evaluate(sub.tree, strategy)
    stake = float(game.keys[last][history][0])
    assert measured.exploitability < 1e-3 * stake, f"history {history}: exploitable by {measured.exploitability}"
    reference = evaluate(sub.tree, Solver(sub.tree, DCFR).run(1000).average())
    assert measured.values[0] == pytest.approx(reference.values[0], abs=2e-3 * stake)


def test_the_whole_strategy_with_its_last_round_solved_again_is_no_easier_to_exploit(game):
    """What ships (the first rounds, the last solved again) against the solve it replaces, by the best response
    that remembers every public action: no worse after 200 iterations of the solve, and both within 0.1% of a big
    bet of an equilibrium."""
    solved = FullSolver(game).run(200).average()
    before = sum(recall_values(game, solved)) / 2
    after = sum(recall_values(game, with_last_round(game, solved))) / 2
    big = game.table.big_bet
    assert after <= before * 1.05 and after < 1e-3 * big, f"solved {before}, last round solved again {after}"


def test_a_game_that_merges_histories_or_a_history_not_in_it_is_refused(game, first):
    merged = build_game(small_table(), toy_stages((2, 3, 3, 4), seed=5), memory="last-draw")
    with pytest.raises(ValueError, match="merges histories"):
        entering(merged, first)
    with pytest.raises(ValueError, match="histories must be 0 to"):
        resolve_last_round(game, first, histories=[len(game.keys[-1])])


def test_two_processes_solve_the_last_rounds_as_one_does(game, first):
    """The measure of what ships shares the histories among processes: each history is solved alone, so the tables
    are those of one process."""
    one = with_last_round(game, first, iterations=40)
    two = with_last_round(game, first, iterations=40, workers=2)
    for i, table in one[-1].items():
        assert np.allclose(two[-1][i], table, atol=1e-12), f"spot {i}"


def test_one_historys_ranges_walked_down_its_path_are_its_row_of_all(game, first):
    """Play time walks only the path of the history reached: the ranges ``entering`` finds for it among all."""
    from lowball.solve.resolve import entering_history

    ranges = entering(game, first)
    for k in (0, 1, 77, len(game.keys[-1]) - 1):
        alone = entering_history(game, first, k)
        for seat in range(2):
            assert np.allclose(alone[seat][0], ranges[seat][k], rtol=1e-12, atol=0), f"history {k}, seat {seat}"
    with pytest.raises(ValueError, match="histories must be 0 to"):
        entering_history(game, first, len(game.keys[-1]))
