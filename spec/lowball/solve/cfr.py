"""Counterfactual regret minimisation over a public tree, one range vector per player ("vector CFR").

Each iteration updates the two players in turn (alternating updates, as OpenSpiel's CFR+ and Brown and
Sandholm's DCFR do): a walk of the tree gives the updating player his counterfactual values for every private
state at once, the regret of each action is added, the regrets are discounted, and his current strategy
(regret matching) is added to his average with weight t^gamma. The variants are rows of one table
(``Discounting``), as in Brown and Sandholm, "Solving imperfect-information games via discounted regret
minimization" (AAAI 2019): at iteration t the positive regrets are multiplied by t^alpha / (t^alpha + 1), the
negative ones by t^beta / (t^beta + 1). CFR+ is alpha = infinity (positive regrets kept), beta = -infinity
(negative regrets reset to zero: regret matching+) and gamma = 1 (linear averaging); vanilla CFR keeps every
regret and averages uniformly. It is the average strategy that converges to an equilibrium.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from lowball.solve.strategy import normalise, regret_matching, uniform
from lowball.solve.tree import Chance, Decision, Node, PublicTree, Terminal, Transition


@dataclass(frozen=True, kw_only=True)
class Discounting:
    """A CFR variant as its three discount exponents (Brown and Sandholm 2019)."""

    name: str
    alpha: float
    beta: float
    gamma: float

    def positive(self, iteration: int) -> float:
        """Return the factor on positive accumulated regrets after iteration t: t^alpha / (t^alpha + 1).

        >>> DCFR.positive(1), CFR_PLUS.positive(1)
        (0.5, 1.0)
        """
        return _factor(iteration, self.alpha)

    def negative(self, iteration: int) -> float:
        """Return the factor on negative accumulated regrets after iteration t: t^beta / (t^beta + 1).

        >>> DCFR.negative(7), CFR_PLUS.negative(7), CFR.negative(7)
        (0.5, 0.0, 1.0)
        """
        return _factor(iteration, self.beta)

    def weight(self, iteration: int) -> float:
        """Return the weight of iteration t's strategy in the average: t^gamma.

        >>> DCFR.weight(3), CFR_PLUS.weight(3), CFR.weight(3)
        (9.0, 3.0, 1.0)
        """
        return float(iteration) ** self.gamma


def _factor(iteration: int, exponent: float) -> float:
    # The infinite exponents are the limits (keep, reset), which t**inf / (t**inf + 1) would turn into nan.
    if exponent == math.inf:
        return 1.0
    if exponent == -math.inf:
        return 0.0
    power = float(iteration) ** exponent
    return power / (power + 1)


CFR = Discounting(name="CFR", alpha=math.inf, beta=math.inf, gamma=0.0)
CFR_PLUS = Discounting(name="CFR+", alpha=math.inf, beta=-math.inf, gamma=1.0)
LINEAR_CFR = Discounting(name="LCFR", alpha=1.0, beta=1.0, gamma=1.0)
DCFR = Discounting(name="DCFR", alpha=1.5, beta=0.0, gamma=2.0)


class Solver:
    """Run CFR on a public tree and keep its regrets, its current strategy and its average strategy."""

    def __init__(self, tree: PublicTree, rule: Discounting = DCFR):
        self.tree, self.rule, self.iterations = tree, rule, 0
        self.regrets = [np.zeros_like(table) for table in uniform(tree)]
        self.totals = [np.zeros_like(table) for table in uniform(tree)]
        self.current = list(uniform(tree))
        self._mine = [[i for i, node in enumerate(tree.decisions) if node.player == p] for p in (0, 1)]

    def step(self) -> None:
        """Run one iteration: update player 0, then player 1 against player 0's new strategy.

        >>> from lowball.solve.kuhn import kuhn_tree
        >>> solver = Solver(kuhn_tree(), CFR_PLUS)
        >>> solver.step(); solver.iterations, solver.current[0][0]  # holding J against uniform play: bluff
        (1, array([0., 1.]))
        """
        self.iterations += 1
        t = self.iterations
        weight, positive, negative = self.rule.weight(t), self.rule.positive(t), self.rule.negative(t)
        for player in (0, 1):
            self._walk(self.tree.root, player, np.ones(self.tree.states[player]),
                       np.ones(self.tree.states[1 - player]), weight)
            for i in self._mine[player]:
                regrets = self.regrets[i]
                regrets *= np.where(regrets > 0, positive, negative)
                self.current[i] = regret_matching(regrets)

    def run(self, iterations: int) -> Solver:
        """Run a number of iterations and return the solver.

        >>> from lowball.solve.kuhn import kuhn_tree
        >>> Solver(kuhn_tree()).run(3).iterations
        3
        """
        for _ in range(iterations):
            self.step()
        return self

    def average(self) -> tuple[np.ndarray, ...]:
        """Return the average strategy, the one that converges to an equilibrium.

        >>> from lowball.solve.kuhn import kuhn_tree
        >>> Solver(kuhn_tree()).average()[0]  # before any iteration: uniform
        array([[0.5, 0.5],
               [0.5, 0.5],
               [0.5, 0.5]])
        """
        return tuple(normalise(total) for total in self.totals)

    def _walk(self, node: Node, player: int, reach: np.ndarray, opponent_reach: np.ndarray,
              weight: float) -> np.ndarray:
        """Return the player's counterfactual values at a node, adding his regrets and average on the way."""
        match node:
            case Decision(player=acting, children=children):
                i = self.tree.index[id(node)]
                table = self.current[i]
                if acting != player:
                    return sum(self._walk(child, player, reach, opponent_reach * table[:, a], weight)
                               for a, child in enumerate(children))
                values = np.stack([self._walk(child, player, reach * table[:, a], opponent_reach, weight)
                                   for a, child in enumerate(children)], axis=1)
                value = (values * table).sum(axis=1)
                self.regrets[i] += values - value[:, None]
                self.totals[i] += weight * reach[:, None] * table
                return value
            case Chance(children=children):
                return sum(self._walk(child, player, reach, opponent_reach, weight) for child in children)
            case Transition(player=moving, matrix=matrix, child=child):
                if moving == player:
                    return matrix @ self._walk(child, player, reach @ matrix, opponent_reach, weight)
                return self._walk(child, player, reach, opponent_reach @ matrix, weight)
            case Terminal(payoff=payoff):
                return payoff.values(player, opponent_reach)
        raise TypeError(f"not a node of a public tree: {node!r}")


def solve(tree: PublicTree, iterations: int, rule: Discounting = DCFR) -> tuple[np.ndarray, ...]:
    """Return the average strategy after a number of CFR iterations of the given variant.

    >>> from lowball.solve.kuhn import kuhn_tree
    >>> from lowball.solve.best_response import exploitability
    >>> exploitability(kuhn_tree(), solve(kuhn_tree(), 200)) < 1e-3
    True
    """
    return Solver(tree, rule).run(iterations).average()
