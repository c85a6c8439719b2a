"""Kuhn poker (OpenSpiel's ``kuhn_poker``) as a public tree: three cards, one card each, one bet of one chip.

Each player antes 1 and holds one of the cards J, Q, K (OpenSpiel's card numbers 0, 1, 2, which are also the
private states here). Player 0 acts first; the actions are OpenSpiel's ``pass`` (0: check or fold) and ``bet``
(1: bet or call). Card removal is exact: the pair (h0, h1) has probability 1/6 when the cards differ and 0 when
they are the same, and every payoff matrix includes it. The game's value is -1/18 for player 0 (Kuhn, 1950).
"""

from __future__ import annotations

import numpy as np

from lowball.solve.payoffs import Dense
from lowball.solve.tree import Decision, PublicTree, Terminal

CARDS = ("J", "Q", "K")
ACTIONS = ("pass", "bet")


def deal_probability() -> np.ndarray:
    """Return the probability of each pair of cards (h0, h1): 1/6 off the diagonal, none on it.

    >>> deal_probability() * 6
    array([[0., 1., 1.],
           [1., 0., 1.],
           [1., 1., 0.]])
    """
    return (1 - np.eye(len(CARDS))) / (len(CARDS) * (len(CARDS) - 1))


def _showdown(stake: float) -> Terminal:
    higher = np.sign(np.subtract.outer(np.arange(3), np.arange(3)))
    return Terminal(payoff=Dense(stake * higher * deal_probability()))


def _fold(stake: float) -> Terminal:
    return Terminal(payoff=Dense(stake * deal_probability()))


def kuhn_tree() -> PublicTree:
    """Build Kuhn poker's public tree: 4 decision nodes, 5 terminals, 12 information sets.

    >>> tree = kuhn_tree()
    >>> tree.states, len(tree.decisions), tree.paths
    ((3, 3), 4, ((), ('pass',), ('pass', 'bet'), ('bet',)))
    """
    def decide(player, after_pass, after_bet):
        return Decision(player=player, actions=ACTIONS, children=(after_pass, after_bet))

    root = decide(0,
                  decide(1, _showdown(1), decide(0, _fold(-1), _showdown(2))),
                  decide(1, _fold(1), _showdown(2)))
    return PublicTree(root, (3, 3))


def openspiel_locate(history: list[tuple[int, int]], player: int) -> tuple[tuple[str, ...], int]:
    """Return the public path and the player's private state for an OpenSpiel Kuhn history of (player, action).

    >>> openspiel_locate([(-1, 2), (-1, 0), (0, 0), (1, 1)], 0)  # K against J: pass, bet; player 0 holds K
    (('pass', 'bet'), 2)
    """
    deals = [action for who, action in history if who < 0]
    return tuple(ACTIONS[action] for who, action in history if who >= 0), deals[player]
