"""One-card draw lowball: the smallest draw game, solved exactly here and by OpenSpiel in seconds.

Five cards, A 2 3 4 5 (card numbers 0..4; the lowest card wins, so no showdown ties; ``cards`` makes the deck
shorter or longer), one card each after an ante of 1. A betting round with bets of 1; then player 0 and then player 1 each ``stand`` (keep his card) or
``draw`` (throw it away and take the top card of the stub: the deck less both dealt cards and the cards already
drawn and thrown); a betting round with bets of 2; at most two raises a round (``cap``), player 0 first in both.

The draw is a private chance event: a ``Transition`` renames the drawer's states from his card c to the pair
(c, new card), so that he remembers what he threw (perfect recall). The new card's probability depends on the
opponent's card (card removal), so it is folded into the payoff matrices below, which hold the probability of the
whole deal: P(c0, c1) * P(d0 | c0, c1) * P(d1 | c0, c1, d0). Every payoff is dense (at most 20 x 20).
"""

from __future__ import annotations

from itertools import permutations

import numpy as np

from lowball.solve.limit import betting_round
from lowball.solve.payoffs import Dense
from lowball.solve.tree import Decision, PublicTree, Terminal, Transition

# The toy game's own rules, not a table's: no game table deals one card from a deck of five (its deck, bets and cap
# are parameters of ``draw_one_tree``, and tests/solve/test_solve_draw_one.py states the same game for OpenSpiel).
CARDS = 5
BETS = (1.0, 2.0)
CAP = 2
ACTIONS = ("fold", "call", "raise", "stand", "draw")  # the index is the OpenSpiel action number


def hands(drew: bool, cards: int = CARDS) -> tuple[tuple[int, int], ...]:
    """Return a player's private states after the draw as (first card, final card): kept, or thrown and drawn.

    >>> hands(False)[:2], hands(True)[:2], len(hands(True)), len(hands(True, cards=4))
    (((0, 0), (1, 1)), ((0, 1), (0, 2)), 20, 12)
    """
    return tuple(permutations(range(cards), 2)) if drew else tuple((card, card) for card in range(cards))


def deal_probability(drew0: bool | None = None, drew1: bool = False, cards: int = CARDS) -> np.ndarray:
    """Return the probability of every pair of private states: before the draw (None), or after both draws.

    >>> float(deal_probability().sum()), float(deal_probability(True, True).sum())
    (1.0, 1.0)
    >>> float(deal_probability(True, True)[0, 1])  # both threw the ace: impossible
    0.0
    >>> float(deal_probability(True, True)[0, 5])  # A drew 2 against 2 drew 3: also impossible
    0.0
    >>> float(deal_probability(True, True)[1, 6] * 20 * 3 * 2)  # A drew 3 against 2 drew 4: 1/20 * 1/3 * 1/2
    1.0
    """
    deal = 1 / (cards * (cards - 1))
    if drew0 is None:
        return (1 - np.eye(cards)) * deal
    matrix = np.zeros((len(hands(drew0, cards)), len(hands(drew1, cards))))
    for i, (c0, f0) in enumerate(hands(drew0, cards)):
        for j, (c1, f1) in enumerate(hands(drew1, cards)):
            seen = {c0, c1}
            if len(seen) < 2 or (drew0 and f0 in seen):
                continue
            p = deal
            if drew0:
                p /= cards - 2
                seen.add(f0)
            if drew1:
                if f1 in seen:
                    continue
                p /= cards - len(seen)
            matrix[i, j] = p
    return matrix


def _throw(cards: int) -> np.ndarray:
    """Return the 0/1 matrix that renames a card c to every pair (c, d) that drawing to it can give."""
    return np.array([[1.0 if first == card else 0.0 for first, _ in hands(True, cards)] for card in range(cards)])


def draw_one_tree(cards: int = CARDS, cap: int = CAP) -> PublicTree:
    """Build one-card draw lowball's public tree (perfect recall: a drawer remembers the card he threw).

    >>> tree = draw_one_tree()
    >>> tree.states, tree.perfect_recall, tree.information_sets(0) + tree.information_sets(1)
    ((5, 5), True, 1605)
    >>> draw_one_tree(cards=4, cap=1).information_sets(0) + draw_one_tree(cards=4, cap=1).information_sets(1)
    436
    """
    def folded(drew0, drew1):
        def terminal(player, put):
            stake = -put[0] if player == 0 else put[1]  # the folder loses what he put in
            return Terminal(payoff=Dense(stake * deal_probability(drew0, drew1, cards)))
        return terminal

    def showdown(drew0, drew1, put):
        final0 = np.array([final for _, final in hands(drew0, cards)])
        final1 = np.array([final for _, final in hands(drew1, cards)])
        lower_wins = -np.sign(np.subtract.outer(final0, final1))
        return Terminal(payoff=Dense(put[0] * lower_wins * deal_probability(drew0, drew1, cards)))

    def second_round(drew0, drew1, put):
        return betting_round(first=0, bet=BETS[1], cap=cap, put=put, folded=folded(drew0, drew1),
                             closed=lambda put: showdown(drew0, drew1, put))

    def draws(put):
        def second_draw(drew0):
            return Decision(player=1, actions=("stand", "draw"), children=(
                second_round(drew0, False, put),
                Transition(player=1, matrix=_throw(cards), child=second_round(drew0, True, put))))

        return Decision(player=0, actions=("stand", "draw"), children=(
            second_draw(False), Transition(player=0, matrix=_throw(cards), child=second_draw(True))))

    root = betting_round(first=0, bet=BETS[0], cap=cap, put=(1.0, 1.0), folded=folded(None, False), closed=draws)
    return PublicTree(root, (cards, cards))


def openspiel_locate(history: list[tuple[int, int]], player: int, cards: int = CARDS) -> tuple[tuple[str, ...], int]:
    """Return the public path and the player's private state for a history of the OpenSpiel draw game.

    >>> openspiel_locate([(-1, 0), (-1, 3), (0, 1), (1, 1), (0, 4), (-1, 2), (1, 3), (0, 1)], 0)  # A, drew 3
    (('call', 'call', 'draw', 'stand', 'call'), 1)
    """
    dealt = [history[0][1], history[1][1]]
    drawn: dict[int, int] = {}
    path, drawer = [], None
    for who, action in history[2:]:
        if who < 0:
            drawn[drawer] = action  # a drawn card is private: it moves the state, not the public path
        else:
            path.append(ACTIONS[action])
            drawer = who if ACTIONS[action] == "draw" else None
    if player in drawn:
        return tuple(path), hands(True, cards).index((dealt[player], drawn[player]))
    return tuple(path), dealt[player]
