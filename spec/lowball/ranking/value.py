"""The public face of ranking: ``evaluate``, ``compare`` and ``winners``, and the ``HandValue`` they return.

Each is a look-up among the classes judged once by the literate evaluator
(``lowball.ranking.lookup``, filled from ``lowball.ranking.classes``): a
``HandValue`` is the hand's cards beside its class, which every hand of that
class shares. A joker is resolved first (F8) in the one system that takes it.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Iterable, Sequence

from lowball.core.arguments import ANYTHING, sequence_of, takes
from lowball.core.cards import CARD_TOKENS, Card, check_disjoint, parse_cards
from lowball.core.rankings import HAND_SIZE, RankingSystem
from lowball.errors import LowballError
from lowball.ranking.lookup import CLASSES_BY_ARGUMENT, HandClass, class_of
from lowball.ranking.tally import CARD_MASK, FIVE_OF_A_SUIT, RANK_SHIFT, SUIT_MASK, SUIT_SHIFT, TALLY, TOKEN_TALLY


class HandValue:
    """The value of a five-card hand in one system; ``a > b`` means a is the stronger hand there.

    ``.system``, ``.category``, ``.rank`` (1 = the best class) and ``.name`` are
    its class's; ``.cards`` are the five cards as given (a joker stays a joker).
    Values are immutable and hashable; equal values are equally strong.

    >>> a, b = evaluate("6c 4h 3s 2d Ac", "ace-to-six"), evaluate("5s 4d 3c 2h Ad", "ace-to-six")
    >>> a > b, a == evaluate("6d 4s 3h 2c Ah", "ace-to-six")      # E1; S2: suits have no rank
    (True, True)
    """

    __slots__ = ("_class", "cards")

    system = property(attrgetter("_class.system"), doc="The name of the ranking system.")
    category = property(attrgetter("_class.category"), doc="The category (H2), e.g. 'no-pair'.")
    rank = property(attrgetter("_class.rank"), doc="The class rank: 1 is the best class of the system.")
    name = property(attrgetter("_class.name"), doc="A short name such as 'six-four low'.")

    def __init__(self, system: str, category: str, rank: int, name: str, cards: tuple[Card, ...]):
        klass = _Named(system, category, rank, name)
        _set_class(self, klass)
        _set_cards(self, tuple(cards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"HandValue is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"HandValue is immutable: cannot delete {name!r}")

    def __reduce__(self):
        return HandValue, (self.system, self.category, self.rank, self.name, self.cards)

    def __repr__(self) -> str:
        return f"HandValue(system={self.system!r}, category={self.category!r}, rank={self.rank!r}, name={self.name!r})"

    def _check(self, other: object) -> "HandValue":
        if other.system != self.system:
            raise LowballError(f"cannot compare a {self.system} value with a {other.system} value")
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.rank == self._check(other).rank

    def __hash__(self) -> int:
        return hash((self.system, self.rank))

    def __gt__(self, other: "HandValue") -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.rank < self._check(other).rank

    def __lt__(self, other: "HandValue") -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.rank > self._check(other).rank

    def __ge__(self, other: "HandValue") -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.rank <= self._check(other).rank

    def __le__(self, other: "HandValue") -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.rank >= self._check(other).rank


class _Named:
    """The class facts of a ``HandValue`` built by hand (``HandValue(system=..., ...)``), not looked up."""

    __slots__ = ("system", "category", "rank", "name")

    def __init__(self, system: str, category: str, rank: int, name: str):
        self.system, self.category, self.rank, self.name = system, category, rank, name


# The slots are filled through their descriptors: HandValue.__setattr__ refuses every assignment.
_set_class = HandValue._class.__set__          # type: ignore[attr-defined]
_set_cards = HandValue.cards.__set__           # type: ignore[attr-defined]
_new = object.__new__


def hand_value(klass: HandClass, cards: tuple[Card, ...]) -> HandValue:
    """Return the value of ``cards``, whose class is ``klass``: no look-up, no copy.

    >>> from lowball.ranking.lookup import class_of
    >>> hand_value(*class_of("7c 5d 4h 3s 2c", "deuce-to-seven")).name
    'seven-five low'
    """
    value = _new(HandValue)
    _set_class(value, klass)
    _set_cards(value, cards)
    return value


def hand_cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Return exactly five distinct cards from text or cards, or raise ``CardError``.

    >>> len(hand_cards("6c 4h 3s 2d Ac"))
    5
    """
    return parse_cards(cards, count=HAND_SIZE)


def evaluate(cards: str | Iterable[Card | str], system: str | RankingSystem | None = None) -> HandValue:
    """Return the value of five cards under ``system``: category, class rank (1 = best) and name.

    ``system`` is a system's key or one of its aliases, in any case ("2-7", "A-5"). Left out, it is the teaching
    table's system, read from that table (``rules/games/teaching-table.toml``, its ``ranking``): the game the seeds
    and the course teach first, so a reader's first call ranks as the lessons do. Name it for any other game.

    >>> evaluate("5s 4d 3c 2h Ad").system, evaluate("5s 4d 3c 2h Ad", "2-7").system
    ('ace-to-six', 'deuce-to-seven')
    >>> evaluate("6♣ 4♥ 3♠ 2♦ A♣", "ace-to-six")
    HandValue(system='ace-to-six', category='no-pair', rank=1, name='six-four low')
    >>> evaluate("5s 4d 3c 2h Ad", "ace-to-six").category
    'straight'
    >>> evaluate("5s 4d 3c 2h Ad", "deuce-to-seven").name
    'ace-five high'
    >>> evaluate("5s 4d 3c 2h Ad", "ace-to-five").rank
    1
    >>> evaluate("Ac 6d 5h 3s Jk", "ace-to-five").name          # F8: the joker plays as the deuce
    'six-five low'
    >>> evaluate("6c 4h 3s 2d", "ace-to-six")
    Traceback (most recent call last):
    lowball.errors.CardError: expected 5 cards, got 4: 6c 4h 3s 2d
    >>> evaluate("Ac 6d 5h 3s Jk", "deuce-to-seven")
    Traceback (most recent call last):
    lowball.errors.CardError: the joker plays only in ace-to-five (F2, F8); deuce-to-seven has no joker
    """
    # The fast path of ``lookup.class_of``, written out here: this is the call users time.
    try:
        classes = CLASSES_BY_ARGUMENT[system]
        if type(cards) is str:
            a, b, c, d, e = cards.split()
            total = TOKEN_TALLY[a] + TOKEN_TALLY[b] + TOKEN_TALLY[c] + TOKEN_TALLY[d] + TOKEN_TALLY[e]
            hand = (CARD_TOKENS[a], CARD_TOKENS[b], CARD_TOKENS[c], CARD_TOKENS[d], CARD_TOKENS[e])
        else:
            # Only a tuple is unpacked here: an iterator would be used up before the plain road could read it.
            a, b, c, d, e = hand = cards if type(cards) is tuple else ()
            if not type(a) is type(b) is type(c) is type(d) is type(e) is Card:
                raise KeyError(a)
            total = TALLY[a] + TALLY[b] + TALLY[c] + TALLY[d] + TALLY[e]
        klass = classes[total >> RANK_SHIFT]
        if type(klass) is tuple:        # five different ranks: no duplicate possible; all one suit?
            klass = klass[(total >> SUIT_SHIFT) & SUIT_MASK in FIVE_OF_A_SUIT]
        elif (total & CARD_MASK).bit_count() != HAND_SIZE:
            raise KeyError(total)       # a card twice: the plain road names it
        value = _new(HandValue)
        _set_class(value, klass)
        _set_cards(value, hand)
        return value
    except (KeyError, ValueError, TypeError):
        pass
    klass, hand = class_of(cards, system)
    value = _new(HandValue)
    _set_class(value, klass)
    _set_cards(value, hand)
    return value


def compare(a: str | Iterable[Card | str], b: str | Iterable[Card | str], system: str | RankingSystem | None = None) -> int:
    """Return 1 if hand ``a`` wins under ``system``, -1 if ``b`` wins, 0 for a tie.

    >>> compare("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-six")   # E1: the wheel is a straight
    1
    >>> compare("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-five")  # F1: the wheel is the best hand
    -1
    >>> compare("6c 4h 3s 2d Ac", "6d 4s 3h 2c Ah", "ace-to-six")   # S2: suits have no rank
    0
    >>> compare("6c 5h 3s Jk Ac", "6d 5s 3h 2c Ah", "ace-to-five")   # F8: the joker plays as the deuce
    0
    >>> compare("6c 4h 3s 2d Ac", "6c 5s 4d 3h 2c", "ace-to-six")   # T1: one deck, each card once
    Traceback (most recent call last):
    lowball.errors.CardError: hands 1 and 2 both hold 6c
    """
    (class_a, hand_a), (class_b, hand_b) = class_of(a, system), class_of(b, system)
    if not set(hand_a).isdisjoint(hand_b):
        check_disjoint((hand_a, hand_b))
    ra, rb = class_a.rank, class_b.rank
    return (ra < rb) - (ra > rb)


@takes(hands=sequence_of(ANYTHING, "a list of hands (at least one)", least=1))
def winners(hands: Sequence[str | Iterable[Card | str]], system: str | RankingSystem | None = None) -> list[int]:
    """Return the indexes of the winning hands under ``system`` (several when they tie, S2).

    >>> winners(["8c 6h 4d 3c Ad", "7s 5s 4s 3s As", "Kh 9d 7c 4h 2h"], "ace-to-six")  # E2: the flush loses
    [0]
    >>> winners([], "ace-to-six")
    Traceback (most recent call last):
    lowball.errors.ArgumentError: winners: hands: expected a list of hands (at least one), got []
    """
    judged = [class_of(hand, system) for hand in hands]
    check_disjoint(cards for _, cards in judged)
    ranks = [klass.rank for klass, _ in judged]
    best = min(ranks)
    return [i for i, rank in enumerate(ranks) if rank == best]
