"""The public tree of a two-player zero-sum game: what both players see, with private states kept as ranges.

Each player p holds one of ``states[p]`` private states (a card, a hand class). A node of the public tree is
one of four kinds:

- ``Decision``: player p picks one of the public ``actions``; his strategy there is a table of shape
  (his private states, actions), one row per information set.
- ``Chance``: a public chance event (a board card). Its probabilities are *not* stored here: they are folded
  into the payoff matrices below it, because with card removal they depend on both players' private states.
- ``Transition``: a private chance event of one player (his draw). His private states change from one index
  space to another through a non-negative matrix ``matrix[before, after]``: a row-stochastic matrix when the
  draw does not depend on the opponent's cards, or a 0/1 matrix that only renames states when the draw's
  probability is folded into the payoffs (exact card removal).
- ``Terminal``: a payoff to player 0 as a function of both private states (lowball.solve.payoffs).

The payoff below a terminal already includes the prior probability of the private pair and the probability of
every chance event on its path given that pair, so no node needs a probability of its own. A game is solved
with perfect recall exactly when every private state after a transition comes from a single state before it
(``PublicTree.perfect_recall``); a transition that merges states forgets, and the solver then runs on an
imperfect-recall abstraction without CFR's guarantee.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

import numpy as np

from lowball.solve.payoffs import Payoff


@dataclass(frozen=True, kw_only=True, eq=False)
class Decision:
    """Player ``player`` chooses one of ``actions``; ``children[i]`` follows ``actions[i]``."""

    player: int
    actions: tuple[str, ...]
    children: tuple[Node, ...] = field(repr=False)


@dataclass(frozen=True, kw_only=True, eq=False)
class Chance:
    """A public chance event; ``children[i]`` follows ``outcomes[i]`` (probabilities live in the payoffs)."""

    outcomes: tuple[str, ...]
    children: tuple[Node, ...] = field(repr=False)


@dataclass(frozen=True, kw_only=True, eq=False)
class Transition:
    """Player ``player``'s private states move through ``matrix[before, after]`` (his draw)."""

    player: int
    matrix: np.ndarray = field(repr=False)
    child: Node = field(repr=False)


@dataclass(frozen=True, kw_only=True, eq=False)
class Terminal:
    """The hand ends; ``payoff`` gives player 0's payoff for every pair of private states."""

    payoff: Payoff


Node = Union[Decision, Chance, Transition, Terminal]


@dataclass(frozen=True, eq=False)
class PublicTree:
    """A public tree with its decision nodes numbered in preorder, their sizes and their public paths."""

    root: Node
    states: tuple[int, int]
    decisions: tuple[Decision, ...] = field(init=False, repr=False)
    sizes: tuple[int, ...] = field(init=False, repr=False)
    paths: tuple[tuple[str, ...], ...] = field(init=False, repr=False)
    index: dict[int, int] = field(init=False, repr=False)
    where: dict[tuple[str, ...], int] = field(init=False, repr=False)
    perfect_recall: bool = field(init=False, repr=False)

    def __post_init__(self):
        decisions, sizes, paths, recall = [], [], [], [True]
        seen: set[int] = set()

        def walk(node: Node, states: tuple[int, int], path: tuple[str, ...]) -> None:
            # A shared subtree would give one decision two public histories: refuse it rather than mix them.
            if id(node) in seen:
                raise ValueError(f"a node appears twice in the tree (at {' '.join(path) or 'the root'})")
            seen.add(id(node))
            match node:
                case Decision(player=player, actions=actions, children=children):
                    if len(actions) != len(children) or not actions:
                        raise ValueError(f"{' '.join(path)}: {len(actions)} actions for {len(children)} children")
                    decisions.append(node)
                    sizes.append(states[player])
                    paths.append(path)
                    for action, child in zip(actions, children):
                        walk(child, states, path + (action,))
                case Chance(outcomes=outcomes, children=children):
                    if len(outcomes) != len(children):
                        raise ValueError(f"{' '.join(path)}: {len(outcomes)} outcomes for {len(children)} children")
                    for outcome, child in zip(outcomes, children):
                        walk(child, states, path + (outcome,))
                case Transition(player=player, matrix=matrix, child=child):
                    if matrix.ndim != 2 or matrix.shape[0] != states[player] or (matrix < 0).any():
                        raise ValueError(f"{' '.join(path)}: a transition of shape {matrix.shape} for "
                                         f"{states[player]} private states")
                    recall[0] &= bool(((matrix > 0).sum(axis=0) == 1).all())
                    after = list(states)
                    after[player] = matrix.shape[1]
                    walk(child, (after[0], after[1]), path)
                case Terminal(payoff=payoff):
                    if payoff.shape != states:
                        raise ValueError(f"{' '.join(path)}: a payoff of shape {payoff.shape} for states {states}")
                case _:
                    raise TypeError(f"not a node of a public tree: {node!r}")

        walk(self.root, tuple(self.states), ())
        object.__setattr__(self, "decisions", tuple(decisions))
        object.__setattr__(self, "sizes", tuple(sizes))
        object.__setattr__(self, "paths", tuple(paths))
        object.__setattr__(self, "index", {id(node): i for i, node in enumerate(decisions)})
        object.__setattr__(self, "where", {path: i for i, path in enumerate(paths)})
        if len(self.where) != len(paths):
            raise ValueError("two decision nodes share a public path: label their actions or outcomes apart")
        object.__setattr__(self, "perfect_recall", recall[0])

    def decision_at(self, path: tuple[str, ...]) -> int:
        """Return the number of the decision node reached by a public path of action and outcome labels.

        >>> from lowball.solve.kuhn import kuhn_tree
        >>> tree = kuhn_tree()
        >>> tree.decision_at(("pass", "bet")), tree.decisions[tree.decision_at(("pass", "bet"))].player
        (2, 0)
        >>> tree.decision_at(("bet", "bet"))
        Traceback (most recent call last):
        ValueError: no decision at the public path ('bet', 'bet')
        """
        try:
            return self.where[tuple(path)]
        except KeyError:
            raise ValueError(f"no decision at the public path {tuple(path)}") from None

    def information_sets(self, player: int) -> int:
        """Count a player's rows of strategy: one per private state at each of his decision nodes.

        A row whose private state cannot occur there (a card on the board) is counted too, though no game reaches it.

        >>> from lowball.solve.kuhn import kuhn_tree
        >>> kuhn_tree().information_sets(0), kuhn_tree().information_sets(1)
        (6, 6)
        """
        return sum(size for node, size in zip(self.decisions, self.sizes) if node.player == player)
