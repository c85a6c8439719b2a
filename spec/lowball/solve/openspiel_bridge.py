"""A solved strategy as an OpenSpiel policy, so that OpenSpiel's own best response can measure it.

This module needs the dev dependency ``open-spiel`` (``pyspiel``), imported inside the functions only: the
runtime package does not depend on it. A game module gives ``locate(history, player)``, which turns an
OpenSpiel history of (player, action) pairs into the public path of our tree and the player's private state,
and the tuple of its action labels, whose index is OpenSpiel's action number.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from lowball.solve.tree import PublicTree

Locate = Callable[[list[tuple[int, int]], int], tuple[tuple[str, ...], int]]


def openspiel_policy(game, tree: PublicTree, strategy, locate: Locate, actions: tuple[str, ...]):
    """Return an OpenSpiel ``TabularPolicy`` playing the strategy at every information state of the game.

    >>> import pyspiel
    >>> from lowball.solve.kuhn import ACTIONS, kuhn_tree, openspiel_locate
    >>> from lowball.solve.strategy import uniform
    >>> game = pyspiel.load_game("kuhn_poker")
    >>> policy = openspiel_policy(game, kuhn_tree(), uniform(kuhn_tree()), openspiel_locate, ACTIONS)
    >>> policy.action_probabilities(game.new_initial_state().child(0).child(1))
    {0: np.float64(0.5), 1: np.float64(0.5)}
    """
    from open_spiel.python import policy as policy_lib  # the dev dependency, only here

    tabular = policy_lib.TabularPolicy(game)
    for state in tabular.states:
        player = state.current_player()
        path, private = locate([(step.player, step.action) for step in state.full_history()], player)
        node = tree.decision_at(path)
        labels = tree.decisions[node].actions
        legal = state.legal_actions()
        if sorted(actions.index(label) for label in labels) != sorted(legal):
            raise ValueError(f"at {' '.join(path) or 'the root'} our actions {labels} are not OpenSpiel's {legal}")
        row = np.zeros(game.num_distinct_actions())
        row[[actions.index(label) for label in labels]] = strategy[node][private]
        tabular.action_probability_array[tabular.state_lookup[state.information_state_string()]] = row
    return tabular


def openspiel_exploitability(game, tree: PublicTree, strategy, locate: Locate, actions: tuple[str, ...]) -> float:
    """Return the strategy's exploitability as OpenSpiel's ``exploitability.exploitability`` measures it.

    >>> import pyspiel
    >>> from lowball.solve.kuhn import ACTIONS, kuhn_tree, openspiel_locate
    >>> from lowball.solve.strategy import uniform
    >>> game = pyspiel.load_game("kuhn_poker")
    >>> round(openspiel_exploitability(game, kuhn_tree(), uniform(kuhn_tree()), openspiel_locate, ACTIONS), 12)
    0.458333333333
    """
    from open_spiel.python.algorithms import exploitability  # the dev dependency, only here

    return float(exploitability.exploitability(game, openspiel_policy(game, tree, strategy, locate, actions)))
