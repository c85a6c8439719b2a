"""The last betting round solved again at play time (lowball.solve.resolve), against code that shares none of it.

A shipped triple-draw solution keeps its first rounds only; the last round is solved again from the ranges they
leave. Checked here on a small three-draw table: the ranges entering the last round are the full tree's own (the
tree written out and walked by the single-draw best response), each history's round solved again is an
equilibrium of that round by the generic tree solver's best response, one history solved alone is solved as among
all, and the whole strategy so completed is as hard to exploit as the solve it stands in for. Solved safely, with the
re-solving gadget: its values are what the generic tree's best response wins in the round written out, and no
bucket of either seat wins more against the safe round than against the whole solution, where the plain round
gives some bucket far more.
"""

from __future__ import annotations

import numpy as np
import pytest

from lowball.solve.best_response import best_response_values, evaluate
from lowball.solve.cfr import DCFR, Solver
from lowball.solve.full import FullSolver
from lowball.solve.merged import build_game, small_table, unrolled
from lowball.solve.recall import Recall, recall_values
from lowball.solve.resolve import (LEVELS, entering, from_levels, gadget_values, largest_stakes, resolve_last_round,
                                   to_levels, with_last_round)
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


@pytest.mark.parametrize("history", [3, 200])
def test_the_gadgets_values_are_what_a_best_response_wins_in_the_round_written_out(game, first, history):
    """Deal one bucket of a seat alone against the other seat's range entering the round (scaled to 1), write the
    round out as a tree and let the generic best response play it against the whole solution's last round."""
    last = game.table.draws
    ranges = entering(game, first)
    values = gadget_values(game, first, histories=[history])
    size = game.buckets[last]
    for seat in range(2):
        theirs = ranges[1 - seat][history] / ranges[1 - seat][history].sum()
        for bucket in range(size):
            dealt = [None, None]
            dealt[seat], dealt[1 - seat] = np.eye(size)[bucket], theirs
            sub = unrolled(game, (last, history), dealt)
            found = best_response_values(sub.tree, sub.strategy(first))[seat]
            assert found == pytest.approx(values[seat, 0, bucket], abs=1e-12), (seat, bucket)


def test_no_bucket_wins_more_against_the_safe_round_than_against_the_whole_solution(game):
    """The gadget's promise: what each bucket of either seat wins by its best response in every last round is no
    more against the safe round than against the whole solution's (to a few hundredths of the stake after 200
    iterations). Solved from the ranges alone, some bucket wins a large part of the stake more."""
    solved = FullSolver(game).run(300).average()
    values = gadget_values(game, solved)
    stakes = np.array([key[0] for key in game.keys[-1]], dtype=float)[None, :, None]
    safe = gadget_values(game, with_last_round(game, solved, values=values)) - values
    plain = gadget_values(game, with_last_round(game, solved)) - values
    assert (safe / stakes).max() < 0.03, f"a bucket wins {(safe / stakes).max():.3f} of the stake more"
    assert (plain / stakes).max() > 0.3, "the plain round gives no bucket more: the check sees nothing"


def test_the_gadgets_levels_round_down_within_a_level():
    """A value read back is never above the true one (the opponent is never offered more than he wins), and at
    most a 16-bit level of the round's largest stake below it."""
    rng = np.random.default_rng(2)
    stakes = rng.uniform(4, 50, 30)
    values = rng.uniform(-1, 1, (2, 30, 5)) * stakes[None, :, None]
    back = from_levels(to_levels(values, stakes), stakes)
    assert np.all(back <= values) and np.all(values - back <= stakes[None, :, None] / LEVELS + 1e-12)


def test_the_largest_stake_bounds_every_value_of_the_round(game, first):
    values = gadget_values(game, first)
    assert np.all(np.abs(values) <= largest_stakes(game)[None, :, None] + 1e-9)


@pytest.mark.parametrize("seat", [0, 1])
def test_the_best_responses_actions_played_win_what_the_best_response_wins(game, first, seat):
    """``Recall.best_actions`` keeps the action it takes at each of the seat's decisions: played as a pure strategy
    against the other seat's, they win the best response's value, measured by the full solver's own walk. And the
    actions of one history's last round, asked alone with its rows, are those of the whole."""
    recall = Recall(game, first)
    value, actions = recall.best_actions(seat, len(game.rounds))
    assert value == pytest.approx(recall.value(seat), abs=1e-12)
    played = [dict(tables) for tables in first]
    for r, tables in enumerate(actions):
        for i, best in tables.items():
            played[r][i] = np.eye(first[r][i].shape[-1])[best]
    assert FullSolver(game).seat_values(played)[seat] == pytest.approx(value, abs=1e-12)
    last = game.table.draws
    ranges = entering(game, first)
    for k in (0, 77, len(game.keys[last]) - 1):
        rows = {i: table[k:k + 1] for i, table in first[last].items()}
        alone = recall.round_actions(last, seat, [k], ranges[1 - seat][k:k + 1], rows)
        for i, best in alone.items():
            assert np.array_equal(best[0], actions[last][i][k]), (k, i)
