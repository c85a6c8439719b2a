"""Actions of a hand, written as PHH action lines (``p1 cbr 2``, ``d dh p1 6c4h3s2dAc``).

Seats are counted from the dealer's left: ``p1`` acts first and the last seat
is the dealer (T6, B1). ``d`` is the dealer.
"""

from __future__ import annotations

from typing import NamedTuple

from lowball.core.cards import Card, parse_cards
from lowball.errors import LowballError

KINDS = {
    "dh": "deal",           # d dh p1 6c4h3s2dAc: the dealer deals cards to a player (T6, D1)
    "cbr": "bet or raise",  # p1 cbr 2: bet or raise TO 2 in this round (T3)
    "cc": "check or call",  # p1 cc
    "f": "fold",            # p1 f
    "sd": "discard",        # p1 sd (stand pat) or p1 sd Kc9h (discard those cards) (D1)
    "sm": "show",           # p1 sm 6c4h3s2dAc (S1)
}


class Action(NamedTuple):
    """One action of a hand; ``str()`` is its PHH line, e.g. ``Action('cbr', 1, amount=2)`` is ``'p2 cbr 2'``.

    A named tuple: games create tens of thousands of actions a second.
    """

    kind: str
    seat: int
    amount: int | None = None
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        who = f"p{self.seat + 1}"
        cards = "".join(str(c) for c in self.cards)
        if self.kind == "dh":
            return f"d dh {who} {cards}"
        if self.kind == "cbr":
            return f"{who} cbr {self.amount}"
        if self.kind in ("sd", "sm") and cards:
            return f"{who} {self.kind} {cards}"
        return f"{who} {self.kind}"


def _seat(token: str, line: str) -> int:
    if len(token) < 2 or token[0] != "p" or not token[1:].isdigit() or int(token[1:]) < 1:
        raise LowballError(f"bad player {token!r} in {line!r} (players are p1, p2, ...)")
    return int(token[1:]) - 1


def _cards(token: str, line: str) -> tuple[Card, ...]:
    if "?" in token:
        raise LowballError(f"hidden cards {token!r} in {line!r}: every card must be known to replay a hand")
    try:
        return parse_cards(token)
    except LowballError as err:
        raise LowballError(f"{err} in {line!r}") from None


def parse_action(line: str) -> Action:
    """Parse one PHH action line.

    >>> parse_action("p2 cbr 2")
    Action(kind='cbr', seat=1, amount=2, cards=())
    >>> str(parse_action("d dh p1 6c4h3s2dAc"))
    'd dh p1 6c4h3s2dAc'
    >>> parse_action("p1 raise 2")
    Traceback (most recent call last):
    lowball.errors.LowballError: unknown action 'raise' in 'p1 raise 2' (known: dh, cbr, cc, f, sd, sm)
    """
    words = line.split("#")[0].split()
    if not words:
        raise LowballError("empty action")
    if words[0] == "d":
        if len(words) != 4 or words[1] != "dh":
            raise LowballError(f"bad dealer action {line!r} (expected: d dh p1 6c4h3s2dAc)")
        return Action("dh", _seat(words[2], line), cards=_cards(words[3], line))
    seat = _seat(words[0], line)
    kind = words[1] if len(words) > 1 else ""
    if kind not in KINDS or kind == "dh":
        raise LowballError(f"unknown action {kind!r} in {line!r} (known: {', '.join(KINDS)})")
    rest = words[2:]
    if kind == "cbr":
        if len(rest) != 1 or not rest[0].isdigit():
            raise LowballError(f"bad amount in {line!r} (expected: p1 cbr 2, the total to bet or raise to)")
        return Action("cbr", seat, amount=int(rest[0]))
    if kind in ("cc", "f"):
        if rest:
            raise LowballError(f"unexpected {' '.join(rest)!r} in {line!r}")
        return Action(kind, seat)
    if len(rest) > 1:
        raise LowballError(f"unexpected {' '.join(rest[1:])!r} in {line!r}")
    return Action(kind, seat, cards=_cards(rest[0], line) if rest else ())
