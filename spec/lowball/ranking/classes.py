"""Hand classes: every hand falls in one class per system, ranked 1 (best) to the number of classes.

The literate evaluator reads nothing of a hand but its natural ranks and
whether all five cards share a suit (H1, S2): call that pair its *shape*. So
one hand of every shape, judged once by ``lowball.ranking.literate``, ranks
every hand, and the class rank of a hand is a lookup.

In badugi (U1-U3) only the cards that play are read: a class is the set of
natural ranks that plays (``set_shape``), from four ranks down to one, and one
hand of each (``set_representatives``), judged once, ranks every hand.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import Iterable, Sequence

from lowball.core.cards import SUIT_CHARS, Card
from lowball.core.rankings import HAND_SIZE, RankingSystem
from lowball.ranking.literate import as_system, category, playing_cards, strength_key

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
    if not system.five_cards:
        return _set_classes(system)[0]
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
    """Return how many distinct classes of hands ``system`` has (five cards; badugi's four, U6).

    >>> class_count("ace-to-six"), class_count("ace-to-five"), class_count("badugi")   # U6: 715 + 286 + 78 + 13
    (7462, 6175, 1092)
    """
    return len(class_ranks(as_system(system)))


def shape(cards: Sequence[Card]) -> Shape:
    """Return what any ranking reads of five cards: their natural ranks in order, and whether all share a suit."""
    suit = cards[0].suit
    return tuple(sorted(card.rank for card in cards)), all(card.suit == suit for card in cards)


# ---- Badugi: a class is the set of ranks that plays (U1-U3) ----

SetShape = tuple[int, ...]


def set_shape(cards: Sequence[Card], system: RankingSystem) -> SetShape:
    """Return what badugi reads of a hand (U1, U3): the natural ranks of the cards that play, lowest first.

    >>> from lowball.core.cards import parse_cards
    >>> set_shape(parse_cards("7s 3s 2h Ad"), as_system("badugi")), set_shape(parse_cards("Kc Kd Kh Ks"), as_system("badugi"))
    ((2, 3, 14), (13,))
    """
    return tuple(sorted(card.rank for card in playing_cards(cards, system)))


def set_representative(ranks: Sequence[int], hand_size: int) -> tuple[Card, ...]:
    """Return a hand of ``hand_size`` cards whose largest set of different ranks and suits holds ``ranks`` (U1).

    The set itself in as many suits, then more cards of the same ranks: no card
    of another rank is held, so no larger set exists, and every set of that size
    holds exactly these ranks.

    >>> from lowball.core.cards import format_cards
    >>> format_cards(set_representative((2, 3, 14), 4)), format_cards(set_representative((13,), 4))
    ('2c 3d Ah 2d', 'Kc Kd Kh Ks')
    """
    hand = [Card(rank, SUIT_CHARS[i]) for i, rank in enumerate(ranks)]
    for extra in range(hand_size - len(ranks)):
        rank = ranks[extra % len(ranks)]
        suit = next(suit for suit in SUIT_CHARS if Card(rank, suit) not in hand)
        hand.append(Card(rank, suit))
    return tuple(hand)


def set_representatives(system: RankingSystem) -> Iterable[tuple[Card, ...]]:
    """Yield one hand of every badugi class of ``system``: each set of 1 to ``hand_size`` different ranks (U1, U5)."""
    for size in range(system.hand_size, 0, -1):
        for ranks in itertools.combinations(range(2, 15), size):
            yield set_representative(ranks, system.hand_size)


@functools.cache
def _set_classes(system: RankingSystem) -> tuple[dict[tuple[int, ...], int], dict[SetShape, tuple[int, str]]]:
    """Judge one hand of every badugi class by the literate rules; return key -> rank and set shape -> (rank, category)."""
    judged = {}
    for hand in set_representatives(system):
        judged[set_shape(hand, system)] = (strength_key(hand, system), category(hand, system), hand)
    keys = sorted({key for key, _, _ in judged.values()})
    ranks = {key: rank for rank, key in enumerate(keys, start=1)}
    return ranks, {s: (ranks[key], cat) for s, (key, cat, _) in judged.items()}


def set_classes(system: RankingSystem) -> dict[SetShape, tuple[int, str]]:
    """Return (class rank, category) for every badugi class of ``system``, judged once by the literate rules.

    >>> classes = set_classes(as_system("badugi"))
    >>> len(classes), classes[(2, 3, 4, 14)], classes[(13,)]       # U2: A-2-3-4 the best, a lone king the worst
    (1092, (1, 'four-card'), (1092, 'one-card'))
    """
    return _set_classes(system)[1]
