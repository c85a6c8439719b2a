"""CFR over public trees (lowball.solve) on Kuhn poker and Leduc hold'em, checked against published values and
OpenSpiel's own best response.

The references nobody here computed: Kuhn's value -1/18 for player 0 (Kuhn, 1950), Leduc's about -0.0856
(OpenSpiel's CFR tests; Lanctot et al.), and OpenSpiel's ``exploitability`` / ``best_response`` run on our
strategies exported as OpenSpiel policies.
"""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import exploitability as openspiel_exploitability
from open_spiel.python.algorithms import expected_game_score

from lowball.solve import kuhn, leduc
from lowball.solve.best_response import best_response, evaluate
from lowball.solve.cfr import CFR, CFR_PLUS, DCFR, Solver, solve
from lowball.solve.openspiel_bridge import openspiel_policy
from lowball.solve.payoffs import Dense
from lowball.solve.strategy import distribution_errors, uniform
from lowball.solve.tree import Decision, PublicTree, Terminal

KUHN_VALUE = -1 / 18
LEDUC_VALUE = -0.0856  # four digits: the bracket test below allows for the fifth


@pytest.fixture(scope="module")
def kuhn_game():
    return pyspiel.load_game("kuhn_poker")


@pytest.fixture(scope="module")
def leduc_game():
    return pyspiel.load_game("leduc_poker")


@pytest.fixture(scope="module")
def leduc_solved():
    return {rule.name: solve(leduc.leduc_tree(), 300, rule) for rule in (CFR_PLUS, DCFR)}


@pytest.mark.parametrize("rule", [CFR_PLUS, DCFR], ids=lambda r: r.name)
def test_kuhn_value_is_minus_one_eighteenth(rule):
    measured = evaluate(kuhn.kuhn_tree(), solve(kuhn.kuhn_tree(), 1000, rule))
    assert measured.values[0] == pytest.approx(KUHN_VALUE, abs=1e-4)
    assert measured.exploitability < 3e-4
    # Any strategy's best responses bracket the game's value: -br1 <= v* <= br0.
    assert -measured.best_responses[1] <= KUHN_VALUE <= measured.best_responses[0]


@pytest.mark.parametrize("rule", ["CFR+", "DCFR"])
def test_leduc_value_is_about_minus_0_0856(rule, leduc_solved):
    measured = evaluate(leduc.leduc_tree(), leduc_solved[rule])
    assert measured.values[0] == pytest.approx(LEDUC_VALUE, abs=5e-4)
    assert measured.exploitability < 5e-3
    lower, upper = -measured.best_responses[1], measured.best_responses[0]
    assert lower - 5e-5 <= LEDUC_VALUE <= upper + 5e-5


def test_exploitability_falls_with_iterations():
    tree = leduc.leduc_tree()
    solver = Solver(tree, DCFR)
    measured = [evaluate(tree, solver.run(n - solver.iterations).average()).exploitability for n in (10, 40, 160)]
    assert measured[0] > measured[1] > measured[2]
    assert measured[2] < measured[0] / 10


def test_vanilla_cfr_converges_too_but_slower():
    tree = kuhn.kuhn_tree()
    plain, plus = (evaluate(tree, solve(tree, 300, rule)).exploitability for rule in (CFR, CFR_PLUS))
    assert plain < 1e-2
    assert plus < plain


@pytest.mark.parametrize("name, module", [("kuhn_poker", kuhn), ("leduc_poker", leduc)])
def test_best_response_to_a_fixed_strategy_agrees_with_openspiel(name, module):
    """Uniform play and a lopsided random strategy: each seat's on-policy value and best-response gain agree with
    OpenSpiel's to 1e-12 (the same quantity computed twice, by different walks of different trees)."""
    game = pyspiel.load_game(name)
    tree = module.kuhn_tree() if module is kuhn else module.leduc_tree()
    rng = np.random.default_rng(23)
    lopsided = tuple(rng.dirichlet(np.ones(table.shape[1]) / 2, size=table.shape[0]) for table in uniform(tree))
    for strategy in (uniform(tree), lopsided):
        ours = evaluate(tree, strategy)
        policy = openspiel_policy(game, tree, strategy, module.openspiel_locate, module.ACTIONS)
        theirs = openspiel_exploitability.nash_conv(game, policy, return_only_nash_conv=False)
        on_policy = expected_game_score.policy_value(game.new_initial_state(), [policy, policy])
        assert np.allclose(ours.values, on_policy, rtol=0, atol=1e-12)
        assert np.allclose(np.array(ours.best_responses) - ours.values, theirs.player_improvements, rtol=0, atol=1e-12)


def test_openspiel_uniform_policy_is_our_uniform_strategy(kuhn_game):
    """The export is faithful: uniform play exported equals OpenSpiel's own uniform random policy, row by row."""
    tree = kuhn.kuhn_tree()
    exported = openspiel_policy(kuhn_game, tree, uniform(tree), kuhn.openspiel_locate, kuhn.ACTIONS)
    assert np.array_equal(exported.action_probability_array, policy_lib.UniformRandomPolicy(kuhn_game)
                          .to_tabular().action_probability_array)


@pytest.mark.parametrize("rule", ["CFR+", "DCFR"])
def test_openspiel_measures_the_exploitability_we_report_on_leduc(rule, leduc_game, leduc_solved):
    tree = leduc.leduc_tree()
    policy = openspiel_policy(leduc_game, tree, leduc_solved[rule], leduc.openspiel_locate, leduc.ACTIONS)
    theirs = openspiel_exploitability.exploitability(leduc_game, policy)
    assert theirs == pytest.approx(evaluate(tree, leduc_solved[rule]).exploitability, abs=1e-9)


def test_openspiel_measures_the_exploitability_we_report_on_kuhn(kuhn_game):
    tree = kuhn.kuhn_tree()
    strategy = solve(tree, 100, DCFR)
    policy = openspiel_policy(kuhn_game, tree, strategy, kuhn.openspiel_locate, kuhn.ACTIONS)
    theirs = openspiel_exploitability.exploitability(kuhn_game, policy)
    assert theirs == pytest.approx(evaluate(tree, strategy).exploitability, abs=1e-9)


def test_a_perturbed_strategy_is_more_exploitable(leduc_solved):
    """Moving probability at one information set (player 0 at the root holding a king: always call, never raise)
    makes the strategy measurably worse, and OpenSpiel's best response sees the same loss."""
    tree = leduc.leduc_tree()
    strategy = [table.copy() for table in leduc_solved["DCFR"]]
    strategy[0][4] = [1.0, 0.0]  # decision 0 is the root: actions (call, raise); card 4 is a king
    before, after = (evaluate(tree, s).exploitability for s in (leduc_solved["DCFR"], strategy))
    assert after > before + 0.01


def test_a_wrong_payoff_is_caught_by_openspiel():
    """A mutant Kuhn tree whose check-check showdown pays 2 instead of 1 disagrees with OpenSpiel's best response:
    the cross-check can fail."""
    game = pyspiel.load_game("kuhn_poker")
    good = kuhn.kuhn_tree()
    after_pass = good.root.children[0]
    wrong = Terminal(payoff=Dense(2 * after_pass.children[0].payoff.dense()))
    mutant = PublicTree(Decision(player=0, actions=good.root.actions, children=(
        Decision(player=1, actions=after_pass.actions, children=(wrong, after_pass.children[1])),
        good.root.children[1])), good.states)
    policy = openspiel_policy(game, mutant, uniform(mutant), kuhn.openspiel_locate, kuhn.ACTIONS)
    theirs = openspiel_exploitability.exploitability(game, policy)
    assert abs(theirs - evaluate(mutant, uniform(mutant)).exploitability) > 0.01


def test_every_information_set_plays_a_distribution(leduc_solved):
    tree = leduc.leduc_tree()
    for strategy in leduc_solved.values():
        assert distribution_errors(tree, strategy) == []
    assert sum(table.size for table in leduc_solved["DCFR"]) > 0


def test_the_distribution_check_names_a_broken_row():
    tree = kuhn.kuhn_tree()
    strategy = list(solve(tree, 10))
    strategy[3] = strategy[3].copy()
    strategy[3][2] = [0.7, 0.7]
    assert distribution_errors(tree, strategy) == [
        "player 1 at bet holding state 2: [0.7 0.7] sums to 1.4"]


def test_kuhn_equilibrium_best_response_bets_the_king():
    """Against the equilibrium, player 1 facing a bet calls with the king and folds the jack (Kuhn's solution)."""
    tree = kuhn.kuhn_tree()
    choice = best_response(tree, solve(tree, 1000), 1)[tree.decision_at(("bet",))]
    assert choice[0] == kuhn.ACTIONS.index("pass") and choice[2] == kuhn.ACTIONS.index("bet")
