"""The public tree's parts (lowball.solve.tree, payoffs): the sorted showdown equals its plain matrix, a bad tree
is refused, and a row-stochastic private transition gives the same game as the same chance folded into payoffs."""

from __future__ import annotations

import numpy as np
import pytest

from lowball.solve.best_response import evaluate
from lowball.solve.cfr import solve
from lowball.solve.payoffs import Dense, Fold, Showdown
from lowball.solve.strategy import uniform
from lowball.solve.tree import Decision, PublicTree, Terminal, Transition


@pytest.mark.parametrize("seed", range(20))
def test_sorted_showdown_equals_its_matrix(seed):
    """Two definitions, equal: the O(n log n) showdown against the plain n0 x n1 matrix, ties included."""
    rng = np.random.default_rng(seed)
    n0, n1 = rng.integers(1, 30, size=2)
    showdown = Showdown(float(rng.normal()), rng.random(n0), rng.random(n1), rng.integers(0, 6, n0),
                        rng.integers(0, 6, n1))
    r0, r1 = rng.random(n0), rng.random(n1)
    matrix = showdown.dense()
    assert np.allclose(showdown.values(0, r1), matrix @ r1, rtol=0, atol=1e-12)
    assert np.allclose(showdown.values(1, r0), -(r0 @ matrix), rtol=0, atol=1e-12)
    fold = Fold(float(rng.normal()), rng.random(n0), rng.random(n1))
    assert np.allclose(fold.values(0, r1), fold.dense() @ r1, rtol=0, atol=1e-12)
    assert np.allclose(fold.values(1, r0), -(r0 @ fold.dense()), rtol=0, atol=1e-12)


def test_a_showdown_with_the_strengths_reversed_is_not_equal():
    """The check above can fail: the matrix of reversed strengths differs from the sorted showdown's values."""
    one = np.ones(3)
    showdown = Showdown(1.0, one, one, np.array([0, 1, 2]), np.array([0, 1, 2]))
    reversed_ = Showdown(1.0, one, one, np.array([2, 1, 0]), np.array([2, 1, 0])).dense()
    assert not np.allclose(showdown.values(0, one), reversed_ @ one)


def _terminal(n0, n1):
    return Terminal(payoff=Dense(np.zeros((n0, n1))))


def test_a_payoff_of_the_wrong_shape_is_refused():
    with pytest.raises(ValueError, match="payoff of shape"):
        PublicTree(Decision(player=0, actions=("a", "b"), children=(_terminal(2, 2), _terminal(3, 2))), (2, 2))


def test_a_shared_node_is_refused():
    leaf = _terminal(2, 2)
    with pytest.raises(ValueError, match="appears twice"):
        PublicTree(Decision(player=0, actions=("a", "b"), children=(leaf, leaf)), (2, 2))


def test_a_transition_that_merges_states_forgets():
    merge = np.array([[1.0], [1.0]])
    split = np.array([[0.5, 0.5, 0.0], [0.0, 0.0, 1.0]])
    assert not PublicTree(Transition(player=0, matrix=merge, child=_terminal(1, 2)), (2, 2)).perfect_recall
    assert PublicTree(Transition(player=0, matrix=split, child=_terminal(3, 2)), (2, 2)).perfect_recall


def _draw_game(transition: bool, low: float = 1 / 3) -> PublicTree:
    """A toy draw: player 0 holds a low (0) or high (1) card with probabilities 1/2, decides to stand or draw; a
    draw from high gives low with probability ``low`` (states after: (high, low), (high, high)). Player 1 holds one
    state and calls or folds a fixed bet. As a transition, or as the same probabilities folded into payoffs."""
    prior = np.array([0.5, 0.5])
    strength_now = np.array([1.0, -1.0])   # low wins, high loses, against player 1's single hand
    after_draw = np.array([1.0, 1.0, -1.0])  # states after drawing: (low kept), (high->low), (high->high)
    chance = np.array([[1.0, 0.0, 0.0], [0.0, low, 1 - low]])

    def betting(strength, weight):
        return Decision(player=1, actions=("fold", "call"), children=(
            Terminal(payoff=Dense(np.outer(weight, [1.0]))),
            Terminal(payoff=Dense(np.outer(2 * weight * strength, [1.0])))))

    stand = betting(strength_now, prior)
    if transition:
        draw = Transition(player=0, matrix=chance, child=betting(after_draw, np.array([0.5, 0.5, 0.5])))
    else:
        draw = Transition(player=0, matrix=(chance > 0).astype(float),
                          child=betting(after_draw, prior @ np.diag([1.0, 0.0]) @ chance + prior[1] * chance[1]))
    return PublicTree(Decision(player=0, actions=("stand", "draw"), children=(stand, draw)), (2, 1))


def test_a_row_stochastic_draw_equals_the_same_draw_folded_into_payoffs():
    """The two ways a private transition may carry its chance give the same values and exploitability, both for
    a fixed strategy and for a solved one."""
    stochastic, folded = _draw_game(True), _draw_game(False)
    assert stochastic.perfect_recall and folded.perfect_recall
    for strategy in (uniform(stochastic), solve(stochastic, 200)):
        a, b = evaluate(stochastic, strategy), evaluate(folded, strategy)
        assert a.values == pytest.approx(b.values, abs=1e-12)
        assert a.best_responses == pytest.approx(b.best_responses, abs=1e-12)
    mutant = _draw_game(True, low=2 / 3)  # the check can fail: a wrong draw probability changes the values
    assert evaluate(mutant, uniform(mutant)).values != pytest.approx(evaluate(folded, uniform(folded)).values)
