"""Hand classes: every hand falls in one class per system, ranked 1 (best) to the number of classes.

The literate evaluator reads nothing of a hand but its natural ranks and
whether all five cards share a suit (H1, S2): call that pair its *shape*. So
one hand of every shape, judged once by ``lowball.ranking.literate``, ranks
every hand, and the class rank of a hand is a lookup.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import Iterable, Sequence

from lowball.core.cards import SUIT_CHARS, Card
from lowball.core.rankings import HAND_SIZE, RankingSystem
from lowball.ranking.literate import as_system, category, strength_key

def representative(ranks: Sequence[int], one_suit: bool) -> tuple[Card, ...]:
    """Return a hand with these natural ranks, all of one suit or not: any hand of its class will do."""
    if one_suit:
        return tuple(Card(rank, SUIT_CHARS[0]) for rank in ranks)
    if len(set(ranks)) == HAND_SIZE:
        # Two suits alternating: five distinct ranks that are surely not a flush.
        return tuple(Card(rank, SUIT_CHARS[i % 2]) for i, rank in enumerate(ranks))
    seen: Counter[int] = Counter()
    hand = []
    for rank in ranks:
        hand.append(Card(rank, SUIT_CHARS[seen[rank]]))
        seen[rank] += 1
    return tuple(hand)


def class_representatives() -> Iterable[tuple[Card, ...]]:
    """Yield one hand for every (ranks held, all one suit or not) combination: every class has one."""
    for ranks in itertools.combinations_with_replacement(range(2, 15), HAND_SIZE):
        if max(Counter(ranks).values()) > len(SUIT_CHARS):
            continue
        yield representative(ranks, one_suit=False)
        if len(set(ranks)) == HAND_SIZE:
            yield representative(ranks, one_suit=True)


@functools.cache
def class_ranks(system: RankingSystem) -> dict[tuple[int, ...], int]:
    """Return the class rank (1 = best) of every strength key of ``system``."""
    return _classes(system)[0]


Shape = tuple[tuple[int, ...], bool]


@functools.cache
def _classes(system: RankingSystem) -> tuple[dict[tuple[int, ...], int], dict[Shape, tuple[int, str]]]:
    """Judge one hand of every shape by the literate rules; return key -> rank and shape -> (rank, category).

    Every hand of a shape gets the same verdict (H1, S2: only the ranks and
    "all one suit" are read), so after this one pass ranking a hand is a lookup.
    """
    judged = {}
    for hand in class_representatives():
        judged[shape(hand)] = (strength_key(hand, system), category(hand, system))
    keys = sorted({key for key, _ in judged.values()})
    ranks = {key: rank for rank, key in enumerate(keys, start=1)}
    return ranks, {s: (ranks[key], cat) for s, (key, cat) in judged.items()}


def shape_classes(system: RankingSystem) -> dict[Shape, tuple[int, str]]:
    """Return (class rank, category) for every shape of ``system``, judged once by the literate rules."""
    return _classes(system)[1]


def class_rank(cards: Sequence[Card], system: RankingSystem) -> int:
    """Return the class rank (1 = best) of five distinct cards under ``system``, by lookup."""
    return _classes(system)[1][shape(cards)][0]


def class_count(system: str | RankingSystem) -> int:
    """Return how many distinct classes of five-card hands ``system`` has.

    >>> class_count("ace-to-six"), class_count("ace-to-five")
    (7462, 6175)
    """
    return len(class_ranks(as_system(system)))


def shape(cards: Sequence[Card]) -> Shape:
    """Return what any ranking reads of five cards: their natural ranks in order, and whether all share a suit."""
    suit = cards[0].suit
    return tuple(sorted(card.rank for card in cards)), all(card.suit == suit for card in cards)
