"""Actions of a hand, written as PHH action lines (``p1 cbr 2``, ``d dh p1 6c4h3s2dAc``).

Seats are counted from the dealer's left: ``p1`` acts first and the last seat
is the dealer (T6, B1). ``d`` is the dealer. A card nobody has seen is written
``??`` and held as ``None`` (a hand history may hide the cards of players who
folded).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from lowball.core.cards import Card, parse_cards
from lowball.core.files import quote
from lowball.errors import InvalidAction, LowballError

class Kind(StrEnum):
    """The kinds of action, each named as PHH writes it (a ``Kind`` is its text: ``Kind.FOLD == "f"``)."""

    DEAL = "dh"              # d dh p1 6c4h3s2dAc: the dealer deals cards to a player (T6, D1, L3)
    BOARD = "db"             # d db 8h: a community card, when the stub cannot serve everyone (L8)
    BRING_IN = "pb"          # p3 pb: the lowest (razz: highest) upcard brings it in (L4, R2)
    BET_OR_RAISE = "cbr"     # p1 cbr 2: bet, complete or raise TO 2 in this round (T3)
    CHECK_OR_CALL = "cc"     # p1 cc
    FOLD = "f"               # p1 f
    DISCARD = "sd"           # p1 sd (stand pat) or p1 sd Kc9h (discard those cards) (D1)
    SHOW = "sm"              # p1 sm 6c4h3s2dAc (S1); p1 sm with no cards mucks; p1 sm - shows all

    def __repr__(self) -> str:
        return repr(self.value)            # an action's repr stays the Python that builds it


# Each kind as a module name too, for the engine's steps: ``Kind.FOLD`` is read through the enum class's lookup
# hook, about four times the cost of a module name, and the engine names kinds at every step. (The same members:
# ``KIND_FOLD is Kind.FOLD``.)
KIND_DEAL, KIND_BOARD, KIND_BRING_IN, KIND_BET_OR_RAISE, KIND_CHECK_OR_CALL, KIND_FOLD, KIND_DISCARD, KIND_SHOW = (
    Kind.DEAL, Kind.BOARD, Kind.BRING_IN, Kind.BET_OR_RAISE, Kind.CHECK_OR_CALL, Kind.FOLD, Kind.DISCARD, Kind.SHOW)

KINDS = {Kind.DEAL: "deal", Kind.BOARD: "deal the board", Kind.BRING_IN: "bring in",
         Kind.BET_OR_RAISE: "bet or raise", Kind.CHECK_OR_CALL: "check or call", Kind.FOLD: "fold",
         Kind.DISCARD: "discard", Kind.SHOW: "show"}
DEALER_KINDS = (Kind.DEAL, Kind.BOARD)
BETTING_KINDS = (Kind.BET_OR_RAISE, Kind.CHECK_OR_CALL, Kind.FOLD, Kind.BRING_IN)
UNKNOWN = "??"
SHOW_ALL = "-"
# A seat number in a history (p1 ... p10); and an amount, which is at most the chips in play.
MAX_SEAT_DIGITS = 3
MAX_AMOUNT_DIGITS = 12

Cards = tuple[Card | None, ...]


class Action(NamedTuple):
    """One action of a hand; ``str()`` is its PHH line, e.g. ``Action('cbr', 1, amount=2)`` is ``'p2 cbr 2'``.

    A named tuple: games create tens of thousands of actions a second. A show
    (``sm``) with ``muck=True`` gives the hand up; with no cards it shows all.
    """

    kind: str
    seat: int
    amount: int | None = None
    cards: Cards = ()
    muck: bool = False

    def __deepcopy__(self, memo: dict) -> "Action":
        return self                  # an action never changes (its cards neither): a copied hand shares it

    def __str__(self) -> str:
        if type(self.seat) is not int or not isinstance(self.cards, tuple):
            return quote(tuple(self), 80)        # a malformed action (refused at the boundary): show its fields
        who = f"p{self.seat + 1}"
        cards = "".join(UNKNOWN if c is None else str(c) for c in self.cards)
        if self.kind == Kind.DEAL:
            return f"d dh {who} {cards}"
        if self.kind == Kind.BOARD:
            return f"d db {cards}"
        if self.kind == Kind.BET_OR_RAISE:
            return f"{who} cbr {self.amount}"
        if self.kind == Kind.SHOW and self.muck:
            return f"{who} sm"
        if self.kind in (Kind.DISCARD, Kind.SHOW) and cards:
            return f"{who} {self.kind} {cards}"
        if self.kind == Kind.SHOW:
            return f"{who} sm {SHOW_ALL}"
        return f"{who} {self.kind}"


def check_fields(action: object) -> Action:
    """Return ``action`` if every field has the right type, else raise ``InvalidAction`` naming the field.

    The engine's boundary: whatever a caller builds, only a well-typed action
    reaches the rules (a float amount, a seat of ``True`` or a card that is not
    a ``Card`` are refused here, before anything changes).

    >>> check_fields(Action("cbr", 0, amount=1.0))
    Traceback (most recent call last):
    lowball.errors.InvalidAction: p1 cbr 1.0: the amount must be a whole number of chips, got 1.0
    """
    if type(action) is not Action:
        if not isinstance(action, Action):
            raise InvalidAction(f"not an action: {quote(action)}")
    kind, seat, amount, cards, muck = action
    if muck is False and type(seat) is int and seat >= 0 and kind in _PLAIN and \
            (amount is None if kind != KIND_BET_OR_RAISE else type(amount) is int and amount >= 0) and \
            (not cards or kind in _WITH_CARDS and type(cards) is tuple and _cards_ok(cards)):
        return action              # the common case, checked in one pass
    if kind not in KINDS:
        raise InvalidAction(f"unknown action {quote(kind)} (known: {', '.join(KINDS)})")
    if type(seat) is not int or seat < 0:
        raise InvalidAction(f"the seat must be a whole number from 0 (p1), got {quote(seat)}")
    if kind == Kind.BET_OR_RAISE:
        if type(amount) is not int or amount < 0:
            raise InvalidAction(f"{action}: the amount must be a whole number of chips, got {quote(amount)}")
    elif amount is not None:
        raise InvalidAction(f"{action}: only a bet or raise has an amount")
    if not isinstance(cards, tuple) or any(card is not None and type(card) is not Card for card in cards):
        raise InvalidAction(f"{action}: cards must be a tuple of Card objects")
    known = [card for card in cards if card is not None]
    if len(set(known)) != len(known):
        twice = next(card for card in known if known.count(card) > 1)
        raise InvalidAction(f"{action}: {twice} appears twice")
    if type(muck) is not bool or (muck and (kind != Kind.SHOW or cards)):
        raise InvalidAction(f"{action}: only a show without cards can muck")
    if kind in BETTING_KINDS and cards:
        raise InvalidAction(f"{action}: a betting action has no cards")
    return action


_PLAIN = frozenset(set(Kind) - set(DEALER_KINDS))
_WITH_CARDS = (KIND_DISCARD, KIND_SHOW)   # the player's actions that name cards


def _cards_ok(cards: tuple) -> bool:
    """Return whether a tuple holds distinct known ``Card`` objects (the fast check; anything else is looked at closely)."""
    return all(type(card) is Card for card in cards) and len(set(cards)) == len(cards)


def _seat(token: str, line: str) -> int:
    digits = token[1:]
    if len(token) < 2 or token[0] != "p" or not (digits.isascii() and digits.isdigit()) \
            or len(digits) > MAX_SEAT_DIGITS or int(digits) < 1:
        raise InvalidAction(f"bad player {quote(token)} in {quote(line)} (players are p1, p2, ...)")
    return int(digits) - 1


def parse_cards_or_unknown(token: str, line: str) -> Cards:
    """Return the cards in ``token``, each ``??`` as ``None`` (a card nobody has seen)."""
    if "?" not in token:
        try:
            return parse_cards(token)
        except LowballError as err:
            raise InvalidAction(f"{err} in {quote(line)}") from None
    cards: list[Card | None] = []
    at = 0
    while at < len(token):
        if token.startswith(UNKNOWN, at):
            cards.append(None)
            at += 2
            continue
        width = 3 if token.startswith("10", at) else 2
        try:
            cards.extend(parse_cards(token[at:at + width]))
        except LowballError as err:
            raise InvalidAction(f"{err} in {quote(line)}") from None
        at += width
    return tuple(cards)


def parse_action(line: str) -> Action:
    """Parse one PHH action line.

    >>> parse_action("p2 cbr 2")
    Action(kind='cbr', seat=1, amount=2, cards=(), muck=False)
    >>> str(parse_action("d dh p1 6c4h3s2dAc")), str(parse_action("d dh p2 ????"))
    ('d dh p1 6c4h3s2dAc', 'd dh p2 ????')
    >>> parse_action("p1 raise 2")
    Traceback (most recent call last):
    lowball.errors.InvalidAction: unknown action 'raise' in 'p1 raise 2' (known: dh, db, pb, cbr, cc, f, sd, sm)
    """
    if not isinstance(line, str):
        raise InvalidAction(f"an action is a line of text, got {quote(line)}")
    words = line.split("#")[0].split()
    if not words:
        raise InvalidAction("empty action")
    if words[0] == "d":
        if len(words) == 4 and words[1] == Kind.DEAL:
            return Action(Kind.DEAL, _seat(words[2], line), cards=parse_cards_or_unknown(words[3], line))
        if len(words) == 3 and words[1] == Kind.BOARD:
            return Action(Kind.BOARD, 0, cards=parse_cards_or_unknown(words[2], line))
        raise InvalidAction(f"bad dealer action {quote(line)} (expected: d dh p1 6c4h3s2dAc or d db 8h)")
    seat = _seat(words[0], line)
    kind = words[1] if len(words) > 1 else ""
    if kind not in KINDS or kind in DEALER_KINDS:
        raise InvalidAction(f"unknown action {quote(kind)} in {quote(line)} (known: {', '.join(KINDS)})")
    rest = words[2:]
    if kind == Kind.BET_OR_RAISE:
        if len(rest) != 1 or not (rest[0].isascii() and rest[0].isdigit()) or len(rest[0]) > MAX_AMOUNT_DIGITS:
            raise InvalidAction(f"bad amount in {quote(line)} (expected: p1 cbr 2, the total to bet or raise to)")
        return Action(Kind.BET_OR_RAISE, seat, amount=int(rest[0]))
    if kind in (Kind.CHECK_OR_CALL, Kind.FOLD, Kind.BRING_IN):
        if rest:
            raise InvalidAction(f"unexpected {quote(' '.join(rest))} in {quote(line)}")
        return Action(kind, seat)
    if len(rest) > 1:
        raise InvalidAction(f"unexpected {quote(' '.join(rest[1:]))} in {quote(line)}")
    if kind == Kind.SHOW:
        if not rest:
            return Action(Kind.SHOW, seat, muck=True)
        if rest[0] == SHOW_ALL:
            return Action(Kind.SHOW, seat)
    return Action(kind, seat, cards=parse_cards_or_unknown(rest[0], line) if rest else ())
