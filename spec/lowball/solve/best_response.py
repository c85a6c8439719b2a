"""How good a strategy is: each seat's value, the best response to it, its exploitability and NashConv.

One walk of the public tree gives a player's counterfactual values for all his private states at once: the
opponent's range flows down (multiplied by his action probabilities and his private transitions) and the
player's values flow up. Against a fixed opponent, taking the best action per private state at each of his
decision nodes is an exact best response when the game has perfect recall (lowball.solve.tree). The
exploitability follows OpenSpiel's ``exploitability.exploitability``: the mean over the two seats of what a best
response wins against the strategy, ``(br0 + br1) / 2`` for a zero-sum game; ``nash_conv`` is the sum.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lowball.solve.tree import Chance, Decision, Node, PublicTree, Terminal, Transition


def _walk(tree: PublicTree, strategy, node: Node, player: int, opponent_reach: np.ndarray, best: bool,
          choices: dict[int, np.ndarray] | None) -> np.ndarray:
    """Return the player's counterfactual values at a node, responding best at his decisions when ``best``."""
    match node:
        case Decision(player=acting, children=children):
            table = strategy[tree.index[id(node)]]
            if acting != player:
                return sum(_walk(tree, strategy, child, player, opponent_reach * table[:, a], best, choices)
                           for a, child in enumerate(children))
            values = np.stack([_walk(tree, strategy, child, player, opponent_reach, best, choices)
                               for child in children], axis=1)
            if not best:
                return (values * table).sum(axis=1)
            if choices is not None:
                choices[tree.index[id(node)]] = values.argmax(axis=1)
            return values.max(axis=1)
        case Chance(children=children):
            return sum(_walk(tree, strategy, child, player, opponent_reach, best, choices) for child in children)
        case Transition(player=moving, matrix=matrix, child=child):
            if moving == player:
                return matrix @ _walk(tree, strategy, child, player, opponent_reach, best, choices)
            return _walk(tree, strategy, child, player, opponent_reach @ matrix, best, choices)
        case Terminal(payoff=payoff):
            return payoff.values(player, opponent_reach)
    raise TypeError(f"not a node of a public tree: {node!r}")


def seat_values(tree: PublicTree, strategy) -> tuple[float, float]:
    """Return each seat's expected payoff when both play the strategy (they sum to zero).

    >>> from lowball.solve.kuhn import kuhn_tree
    >>> from lowball.solve.strategy import uniform
    >>> tree = kuhn_tree()
    >>> [round(v * 8, 12) for v in seat_values(tree, uniform(tree))]  # uniform play: player 0 wins 1/8
    [1.0, -1.0]
    """
    value = float(_walk(tree, strategy, tree.root, 0, np.ones(tree.states[1]), False, None).sum())
    return value, -value


def best_response_values(tree: PublicTree, strategy) -> tuple[float, float]:
    """Return what a best response wins in each seat against the strategy (seat 0's, then seat 1's).

    >>> from lowball.solve.kuhn import kuhn_tree
    >>> from lowball.solve.strategy import uniform
    >>> tree = kuhn_tree()
    >>> [round(v, 12) for v in best_response_values(tree, uniform(tree))]
    [0.5, 0.416666666667]
    """
    return tuple(float(_walk(tree, strategy, tree.root, player, np.ones(tree.states[1 - player]), True, None).sum())
                 for player in (0, 1))


def best_response(tree: PublicTree, strategy, player: int) -> dict[int, np.ndarray]:
    """Return a best response of the player: for each of his decision nodes, the best action per private state.

    >>> from lowball.solve.kuhn import kuhn_tree
    >>> from lowball.solve.strategy import uniform
    >>> tree = kuhn_tree()
    >>> best_response(tree, uniform(tree), 1)[1]  # after a pass every card bets: uniform play folds half the time
    array([1, 1, 1])
    """
    choices: dict[int, np.ndarray] = {}
    _walk(tree, strategy, tree.root, player, np.ones(tree.states[1 - player]), True, choices)
    return choices


@dataclass(frozen=True, kw_only=True)
class Evaluation:
    """A strategy's seat values, best-response values, NashConv and exploitability (OpenSpiel's definitions)."""

    values: tuple[float, float]
    best_responses: tuple[float, float]

    @property
    def nash_conv(self) -> float:
        """Return the sum over seats of what a best response gains: zero exactly at an equilibrium."""
        return sum(self.best_responses)

    @property
    def exploitability(self) -> float:
        """Return the mean over seats of what a best response gains (OpenSpiel's ``exploitability``)."""
        return self.nash_conv / 2


def evaluate(tree: PublicTree, strategy) -> Evaluation:
    """Measure a strategy exactly: each seat's value and what a best response wins against it.

    >>> from lowball.solve.kuhn import kuhn_tree
    >>> from lowball.solve.strategy import uniform
    >>> tree = kuhn_tree()
    >>> round(evaluate(tree, uniform(tree)).exploitability, 12)  # OpenSpiel: 0.458333...
    0.458333333333
    """
    return Evaluation(values=seat_values(tree, strategy), best_responses=best_response_values(tree, strategy))


def exploitability(tree: PublicTree, strategy) -> float:
    """Return the mean over seats of what a best response wins against the strategy (0 at an equilibrium).

    >>> from lowball.solve.kuhn import kuhn_tree
    >>> from lowball.solve.strategy import uniform
    >>> round(exploitability(kuhn_tree(), uniform(kuhn_tree())), 12)
    0.458333333333
    """
    return evaluate(tree, strategy).exploitability
