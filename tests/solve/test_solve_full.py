"""CFR on the full public tree of a three-draw table (lowball.solve.full) against the merged game's value matrices.

With every public action remembered the merged game is the full tree, and its solver (one value matrix per spot)
is already checked against the tree written out (tests/solve/test_solve_merged.py). The full solver keeps one
range vector per history instead; both must walk the same iterations to the same regrets, values and best
response, and a game that merges histories is refused.
"""

from __future__ import annotations

import numpy as np
import pytest

from lowball.solve.full import FullSolver
from lowball.solve.merged import MergedSolver, build_game, small_table
from lowball.solve.recall import recall_values
from lowball.solve.stages import toy_stages


@pytest.fixture(scope="module")
def game():
    return build_game(small_table(), toy_stages((2, 3, 3, 4), seed=5), memory="everything",
                      counts=[(0, 1), (0, 1), (0, 1)])


def test_the_full_solver_walks_the_same_iterations_as_the_value_matrices(game):
    full, merged = FullSolver(game).run(7), MergedSolver(game).run(7)
    for r, rnd in enumerate(game.rounds):
        for i in rnd.decisions:
            assert np.allclose(full.regrets[r][i], merged.regrets[r][i], atol=1e-9), f"round {r + 1}, spot {i}"
            assert np.allclose(full.totals[r][i], merged.totals[r][i], atol=1e-9), f"round {r + 1}, spot {i}"
    average = full.average()
    assert full.seat_values(average)[0] == pytest.approx(merged.kernels.seat_values(average)[0], abs=1e-12)


def test_the_full_solver_converges_where_a_best_response_remembers_everything(game):
    early = sum(recall_values(game, FullSolver(game).run(5).average()))
    solved = sum(recall_values(game, FullSolver(game).run(300).average()))
    assert solved < early / 100 and solved < 0.01, f"NashConv after 5 iterations {early}, after 300 {solved}"


def test_a_game_that_merges_histories_is_refused():
    with pytest.raises(ValueError, match=r"round 2 of the game merges histories \(memory 'last-draw'\)"):
        FullSolver(build_game(small_table(), toy_stages()))


@pytest.mark.parametrize("rows", [1, 7, 50])
def test_batches_of_any_size_walk_the_same_iterations(game, rows):
    whole, batched = FullSolver(game).run(4), FullSolver(game, rows=rows).run(4)
    for r, rnd in enumerate(game.rounds):
        for i in rnd.decisions:
            assert np.allclose(whole.regrets[r][i], batched.regrets[r][i], atol=1e-12), f"round {r + 1}, spot {i}"
            assert np.allclose(whole.totals[r][i], batched.totals[r][i], atol=1e-12), f"round {r + 1}, spot {i}"


def test_in_32_bits_the_solve_stays_within_rounding_of_64():
    game = build_game(small_table(), toy_stages((3, 3, 3, 4), seed=2), memory="everything")
    wide, narrow = FullSolver(game).run(30), FullSolver(game, dtype=np.float32).run(30)
    assert narrow.regrets[3][0].dtype == np.float32 and narrow.kernels.weights.dtype == np.float32
    exact, rounded = sum(recall_values(game, wide.average())), sum(recall_values(game, narrow.average()))
    assert abs(rounded - exact) < 1e-3 * exact, f"NashConv {rounded} in 32 bits, {exact} in 64"
