"""Count every five-card hand: how many fall in each category and class of a system.

The walk visits all 2,598,960 hands of the deck once and groups them by what
the evaluator reads: the ranks held and whether all five share a suit (H1, S2:
nothing else about suits matters). Each group is then judged by the literate
evaluator through one hand of the group.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass

from tqdm import tqdm

from lowball.core.cards import DECK
from lowball.ranking import HAND_SIZE, RankingSystem, as_system, category, class_ranks, representative, strength_key, value

Shape = tuple[tuple[int, ...], bool]


_SHAPES: dict[Shape, int] = {}


def hand_shapes(progress: bool = False) -> dict[Shape, int]:
    """Return, for every (ranks held, all one suit) shape, how many of the deck's five-card hands have it.

    The walk runs once per process; ``progress`` shows a bar if it takes over a second.
    """
    if not _SHAPES:
        _SHAPES.update(_walk_deck(progress))
    return _SHAPES


def _walk_deck(progress: bool) -> dict[Shape, int]:
    ranks = [card.rank for card in DECK]
    suits = [card.suit for card in DECK]
    counts: Counter[Shape] = Counter()
    total = math.comb(len(DECK), HAND_SIZE)
    with tqdm(total=total, unit="hand", unit_scale=True, delay=1.0, disable=not progress,
              desc="dealing every hand", leave=False) as bar:
        for a in range(len(DECK) - HAND_SIZE + 1):
            # DECK is rank-major, so each combination lists its ranks in rising order.
            for b, c, d, e in itertools.combinations(range(a + 1, len(DECK)), HAND_SIZE - 1):
                counts[(ranks[a], ranks[b], ranks[c], ranks[d], ranks[e]),
                       suits[a] == suits[b] == suits[c] == suits[d] == suits[e]] += 1
            bar.update(math.comb(len(DECK) - a - 1, HAND_SIZE - 1))
    return dict(counts)


@dataclass(frozen=True, kw_only=True)
class Census:
    """Counts over all five-card hands for one system."""

    system: str
    hands: int
    classes: int
    hands_by_category: dict[str, int]
    classes_by_category: dict[str, int]
    best_class_hands: int
    best_class: str
    lows_by_top_card: dict[int, int]


def census(system: str | RankingSystem | None = None, progress: bool = False) -> Census:
    """Return how many of the 2,598,960 hands fall in each category and class of ``system``.

    >>> c = census("deuce-to-seven")
    >>> c.hands, c.classes, c.hands_by_category["straight-flush"]
    (2598960, 7462, 36)
    """
    from lowball.ranking import rank_text

    row = as_system(system)
    ranks_of = class_ranks(row)
    by_category: Counter[str] = Counter()
    classes: dict[str, set[int]] = {cat: set() for cat in row.category_order}
    per_rank: Counter[int] = Counter()
    lows: Counter[int] = Counter()
    best_hand = None
    for (ranks, one_suit), count in hand_shapes(progress).items():
        hand = representative(ranks, one_suit)
        cat = category(hand, row)
        rank = ranks_of[strength_key(hand, row)]
        by_category[cat] += count
        classes[cat].add(rank)
        per_rank[rank] += count
        if rank == 1:
            best_hand = hand
        if cat == "no-pair":
            lows[max(value(card, row) for card in hand)] += count
    return Census(
        system=row.key,
        hands=sum(by_category.values()),
        classes=len(per_rank),
        hands_by_category={cat: by_category[cat] for cat in row.category_order},
        classes_by_category={cat: len(classes[cat]) for cat in row.category_order},
        best_class_hands=per_rank[1],
        best_class=rank_text(best_hand, row) if best_hand else "",
        lows_by_top_card={v: lows[v] for v in sorted(lows)},
    )
