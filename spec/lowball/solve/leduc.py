"""Leduc hold'em (OpenSpiel's ``leduc_poker``) as a public tree, with exact card removal.

Six cards, J J Q Q K K (OpenSpiel's card numbers 0..5; the rank is card // 2), one private card each after an
ante of 1; a betting round with bets of 2, a public board card, a betting round with bets of 4; at most two
raises a round, player 0 first in both. At the showdown a private card that pairs the board wins, otherwise
the higher rank, and equal ranks split. The private states are the six cards, so every payoff is a dense 6 x 6
matrix holding the probability of the deal (and of the board below the chance node). The game's value is
about -0.0856 for player 0.
"""

from __future__ import annotations

import numpy as np

from lowball.solve.limit import ACTIONS, betting_round
from lowball.solve.payoffs import Dense
from lowball.solve.tree import Chance, PublicTree, Terminal

CARDS = 6
RANK = np.arange(CARDS) // 2
BETS = (2.0, 4.0)
CAP = 2


def deal_probability(board: int | None = None) -> np.ndarray:
    """Return the probability of each deal (h0, h1), and of the board too when one is given.

    >>> float(deal_probability().sum()), float(deal_probability(0)[0, 1]), float(deal_probability(0)[2, 3] * 120)
    (1.0, 0.0, 1.0)
    """
    distinct = 1 - np.eye(CARDS)
    if board is None:
        return distinct / (CARDS * (CARDS - 1))
    free = np.ones(CARDS)
    free[board] = 0
    return distinct * np.outer(free, free) / (CARDS * (CARDS - 1) * (CARDS - 2))


def strength(board: int) -> np.ndarray:
    """Return each private card's showdown strength with a board card: a pair beats any rank.

    >>> strength(4)  # a king on board: the other king pairs it
    array([0, 0, 1, 1, 5, 5])
    """
    return RANK + 3 * (RANK == RANK[board])


def _folded(board):
    def terminal(player, put):
        # The folder loses what he put in; the payoff is player 0's.
        stake = -put[0] if player == 0 else put[1]
        return Terminal(payoff=Dense(stake * deal_probability(board)))
    return terminal


def _showdown(board, put):
    wins = np.sign(np.subtract.outer(strength(board), strength(board)))
    return Terminal(payoff=Dense(put[0] * wins * deal_probability(board)))


def _second_round(put):
    return Chance(outcomes=tuple(f"board {b}" for b in range(CARDS)),
                  children=tuple(betting_round(first=0, bet=BETS[1], cap=CAP, put=put, folded=_folded(b),
                                               closed=lambda put, b=b: _showdown(b, put))
                                 for b in range(CARDS)))


def leduc_tree() -> PublicTree:
    """Build Leduc hold'em's public tree: 6 private states a player at each of 186 decision nodes.

    Of its 1,116 rows (decision node, card), the 180 that hold the board card itself are never reached; the other
    936 are OpenSpiel's information sets.

    >>> tree = leduc_tree()
    >>> tree.states, len(tree.decisions), tree.information_sets(0) + tree.information_sets(1)
    ((6, 6), 186, 1116)
    """
    root = betting_round(first=0, bet=BETS[0], cap=CAP, put=(1.0, 1.0), folded=_folded(None), closed=_second_round)
    return PublicTree(root, (CARDS, CARDS))


def openspiel_locate(history: list[tuple[int, int]], player: int) -> tuple[tuple[str, ...], int]:
    """Return the public path and the player's private card for an OpenSpiel Leduc history of (player, action).

    >>> openspiel_locate([(-1, 0), (-1, 3), (0, 2), (1, 1), (-1, 4), (0, 1)], 1)
    (('raise', 'call', 'board 4', 'call'), 3)
    """
    deals = [action for who, action in history[:2]]
    path = tuple(f"board {action}" if who < 0 else ACTIONS[action] for who, action in history[2:])
    return path, deals[player]
