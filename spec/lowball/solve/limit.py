"""A fixed-limit betting round as a public subtree: check or bet, fold, call or raise, up to a cap of raises.

The actions carry OpenSpiel's Leduc names (``fold``, ``call``, ``raise``; a check is a ``call`` of nothing and
a bet is a ``raise``), so that a game built from these rounds exports its strategy to OpenSpiel by name. The
round ends when a bet is called or both players check; a fold ends the hand. What happens then is the
caller's: ``folded(player, put)`` and ``closed(put)`` build those subtrees from the chips each player has put
in so far.
"""

from __future__ import annotations

from collections.abc import Callable

from lowball.solve.tree import Decision, Node

ACTIONS = ("fold", "call", "raise")


def betting_round(*, first: int, bet: float, cap: int, put: tuple[float, float],
                  folded: Callable[[int, tuple[float, float]], Node],
                  closed: Callable[[tuple[float, float]], Node]) -> Node:
    """Build one fixed-limit betting round starting with player ``first`` and the chips already ``put`` in.

    >>> from lowball.solve.tree import Terminal
    >>> from lowball.solve.payoffs import Dense
    >>> import numpy as np
    >>> end = lambda *_: Terminal(payoff=Dense(np.zeros((1, 1))))
    >>> root = betting_round(first=0, bet=2, cap=2, put=(1, 1), folded=end, closed=end)
    >>> check, bet = root.children
    >>> root.actions, check.actions, bet.actions, bet.children[2].actions  # the second raise reaches the cap
    (('call', 'raise'), ('call', 'raise'), ('fold', 'call', 'raise'), ('fold', 'call'))
    """
    def act(player: int, put: tuple[float, float], raises: int, checked: bool) -> Node:
        other = 1 - player
        facing = put[other] > put[player]
        actions, children = [], []
        if facing:
            actions.append("fold")
            children.append(folded(player, put))
        called = _with(put, player, put[other])
        actions.append("call")
        children.append(closed(called) if facing or checked else act(other, called, raises, True))
        if raises < cap:
            actions.append("raise")
            children.append(act(other, _with(put, player, put[other] + bet), raises + 1, False))
        return Decision(player=player, actions=tuple(actions), children=tuple(children))

    return act(first, put, 0, False)


def _with(put: tuple[float, float], player: int, amount: float) -> tuple[float, float]:
    return (amount, put[1]) if player == 0 else (put[0], amount)
