"""The public face of ranking: ``evaluate``, ``compare`` and ``winners``, and the ``HandValue`` they return.

Each is a lookup in the classes judged once by the literate evaluator
(``lowball.ranking.classes``); ``evaluate`` also names the hand
(``lowball.ranking.names``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from lowball.core.cards import Card, parse_cards
from lowball.core.rankings import HAND_SIZE, RankingSystem
from lowball.ranking.classes import Shape, _classes, class_rank, representative, shape
from lowball.ranking.literate import as_system
from lowball.ranking.names import hand_name

@dataclass(frozen=True, eq=False)
class HandValue:
    """The value of a five-card hand in one system; ``a > b`` means a is the stronger hand there."""

    system: str
    category: str
    rank: int
    name: str
    cards: tuple[Card, ...] = field(repr=False)

    def _check(self, other: object) -> "HandValue":
        if not isinstance(other, HandValue):
            return NotImplemented  # type: ignore[return-value]
        if other.system != self.system:
            raise ValueError(f"cannot compare a {self.system} value with a {other.system} value")
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.rank == self._check(other).rank

    def __hash__(self) -> int:
        return hash((self.system, self.rank))

    def __gt__(self, other: "HandValue") -> bool:
        return self.rank < self._check(other).rank

    def __lt__(self, other: "HandValue") -> bool:
        return self.rank > self._check(other).rank

    def __ge__(self, other: "HandValue") -> bool:
        return self.rank <= self._check(other).rank

    def __le__(self, other: "HandValue") -> bool:
        return self.rank >= self._check(other).rank


def hand_cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Return exactly five distinct cards from text or cards, or raise ``CardError``."""
    return parse_cards(cards, count=HAND_SIZE)


def evaluate(cards: str | Iterable[Card | str], system: str | RankingSystem | None = None) -> HandValue:
    """Return the value of five cards under ``system``: category, class rank (1 = best) and name.

    >>> evaluate("6♣ 4♥ 3♠ 2♦ A♣", "ace-to-six")
    HandValue(system='ace-to-six', category='no-pair', rank=1, name='six-four low')
    >>> evaluate("5s 4d 3c 2h Ad", "ace-to-six").category
    'straight'
    >>> evaluate("5s 4d 3c 2h Ad", "deuce-to-seven").name
    'ace-five low'
    >>> evaluate("5s 4d 3c 2h Ad", "ace-to-five").rank
    1
    >>> evaluate("6c 4h 3s 2d", "ace-to-six")
    Traceback (most recent call last):
    lowball.errors.CardError: expected 5 cards, got 4: 6c 4h 3s 2d
    """
    row = as_system(system)
    hand = hand_cards(cards)
    key = shape(hand)
    rank, category_ = _classes(row)[1][key]
    return HandValue(system=row.key, category=category_, rank=rank, name=_name(row, key), cards=hand)


@functools.lru_cache(maxsize=None)
def _name(row: RankingSystem, key: Shape) -> str:
    return hand_name(representative(*key), row)


def compare(a: str | Iterable[Card | str], b: str | Iterable[Card | str], system: str | RankingSystem | None = None) -> int:
    """Return 1 if hand ``a`` wins under ``system``, -1 if ``b`` wins, 0 for a tie.

    >>> compare("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-six")   # E1: the wheel is a straight
    1
    >>> compare("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-five")  # F1: the wheel is the best hand
    -1
    >>> compare("6c 4h 3s 2d Ac", "6d 4s 3h 2c Ah", "ace-to-six")   # S2: suits have no rank
    0
    """
    va, vb = evaluate(a, system), evaluate(b, system)
    return (va > vb) - (va < vb)


def winners(hands: Sequence[str | Iterable[Card | str]], system: str | RankingSystem | None = None) -> list[int]:
    """Return the indexes of the winning hands under ``system`` (several when they tie, S2).

    >>> winners(["8c 6h 4d 3c Ad", "7s 5s 4s 3s As", "Kh 9d 7c 4s 2h"], "ace-to-six")  # E2: the flush loses
    [0]
    >>> winners([], "ace-to-six")
    Traceback (most recent call last):
    ValueError: winners needs at least one hand
    """
    if not hands:
        raise ValueError("winners needs at least one hand")
    row = as_system(system)
    ranks = [class_rank(hand_cards(hand), row) for hand in hands]
    best = min(ranks)
    return [i for i, rank in enumerate(ranks) if rank == best]


