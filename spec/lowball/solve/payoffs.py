"""Payoffs at the end of a public tree: player 0's payoff for every pair of private states, dense or factored.

A payoff ``U[h0, h1]`` already includes the probability of the private pair and of every chance event on the
way (lowball.solve.tree). The solver never asks for ``U`` itself, only for what one player wins against the
other's range: player 0's counterfactual values ``U @ r1`` and player 1's ``-(r0 @ U)``. Games with card
removal give ``U`` as a dense matrix (``Dense``); games without it give per-player weights and strengths
(``Fold``, ``Showdown``), which a showdown evaluates by sorting in O(n log n) time and O(n) memory, so a game
with thousands of private states per player never builds an n0 x n1 matrix.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import numpy as np


class Payoff(Protocol):
    """What a terminal must answer: its shape and each player's values against the other's range."""

    shape: tuple[int, int]

    def values(self, player: int, opponent_reach: np.ndarray) -> np.ndarray: ...

    def dense(self) -> np.ndarray: ...


@dataclass(frozen=True, eq=False)
class Dense:
    """Player 0's payoff as a full matrix ``matrix[h0, h1]`` (exact with card removal)."""

    matrix: np.ndarray = field(repr=False)

    @property
    def shape(self) -> tuple[int, int]:
        return self.matrix.shape

    def values(self, player: int, opponent_reach: np.ndarray) -> np.ndarray:
        """Return the player's counterfactual values against the opponent's reach.

        >>> payoff = Dense(np.array([[0.0, -1.0], [1.0, 0.0]]))
        >>> payoff.values(0, np.array([1.0, 0.5])), payoff.values(1, np.array([1.0, 0.5]))
        (array([-0.5,  1. ]), array([-0.5,  1. ]))
        """
        return self.matrix @ opponent_reach if player == 0 else -(opponent_reach @ self.matrix)

    def dense(self) -> np.ndarray:
        """Return the payoff matrix itself.

        >>> Dense(np.eye(2)).dense()
        array([[1., 0.],
               [0., 1.]])
        """
        return self.matrix


@dataclass(frozen=True, eq=False)
class Fold:
    """A fold without card removal: ``stake * weight0[h0] * weight1[h1]`` to player 0 (negative if he folded)."""

    stake: float
    weight0: np.ndarray = field(repr=False)
    weight1: np.ndarray = field(repr=False)

    @property
    def shape(self) -> tuple[int, int]:
        return (len(self.weight0), len(self.weight1))

    def values(self, player: int, opponent_reach: np.ndarray) -> np.ndarray:
        """Return the player's counterfactual values against the opponent's reach.

        >>> Fold(-1.0, np.array([0.5, 0.5]), np.array([0.25, 0.75])).values(1, np.array([1.0, 1.0]))
        array([0.25, 0.75])
        """
        if player == 0:
            return self.stake * self.weight0 * (self.weight1 @ opponent_reach)
        return -self.stake * self.weight1 * (self.weight0 @ opponent_reach)

    def dense(self) -> np.ndarray:
        """Return the payoff as a full matrix (for checks on small games).

        >>> Fold(2.0, np.array([1.0, 0.5]), np.array([1.0])).dense()
        array([[2.],
               [1.]])
        """
        return self.stake * np.outer(self.weight0, self.weight1)


@dataclass(frozen=True, eq=False)
class Showdown:
    """A showdown without card removal: the higher strength wins ``stake * weight0[h0] * weight1[h1]``, ties split.

    Strengths are any comparable numbers (a lowball game passes minus its hand class, so that the lowest
    hand has the highest strength).
    """

    stake: float
    weight0: np.ndarray = field(repr=False)
    weight1: np.ndarray = field(repr=False)
    strength0: np.ndarray = field(repr=False)
    strength1: np.ndarray = field(repr=False)

    @property
    def shape(self) -> tuple[int, int]:
        return (len(self.weight0), len(self.weight1))

    def values(self, player: int, opponent_reach: np.ndarray) -> np.ndarray:
        """Return the player's counterfactual values against the opponent's reach, by sorting (no n0 x n1 matrix).

        >>> one = np.ones(3)
        >>> Showdown(1.0, one, one, np.array([0, 1, 2]), np.array([0, 1, 2])).values(0, np.array([1.0, 2.0, 4.0]))
        array([-6., -3.,  3.])
        """
        if player == 0:
            mine, theirs, weight, their_weight = self.strength0, self.strength1, self.weight0, self.weight1
        else:
            mine, theirs, weight, their_weight = self.strength1, self.strength0, self.weight1, self.weight0
        order = np.argsort(theirs, kind="stable")
        sorted_strengths = theirs[order]
        cumulative = np.concatenate(([0.0], np.cumsum((their_weight * opponent_reach)[order])))
        # Mass of the opponent's range strictly below and strictly above each of my strengths; ties add nothing.
        below = cumulative[np.searchsorted(sorted_strengths, mine, side="left")]
        above = cumulative[-1] - cumulative[np.searchsorted(sorted_strengths, mine, side="right")]
        return self.stake * weight * (below - above)

    def dense(self) -> np.ndarray:
        """Return the payoff as a full matrix (the plain definition the sorted one is checked against).

        >>> one = np.ones(2)
        >>> Showdown(1.0, one, one, np.array([0, 1]), np.array([0, 1])).dense()
        array([[ 0., -1.],
               [ 1.,  0.]])
        """
        sign = np.sign(np.subtract.outer(self.strength0, self.strength1)).astype(float)
        return self.stake * np.outer(self.weight0, self.weight1) * sign
