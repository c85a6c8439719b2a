"""The best five of six or seven cards, by rank multiset: tables built once with numpy (L1, L8).

A player who holds more than five cards plays the best five of them (H2, L1).
Where suits cannot matter, the best five depends only on the ranks held, as a
multiset: seven cards have 49,205 of them (at most four of a rank), so each
system gets a table from the rank key of the multiset (``ranking.tally``) to
the best class rank among its sub-multisets of five, all of them ranked by the
five-card table that the literate evaluator filled (``ranking.fast``).

Suits matter only to a flush, and only when five or more of the cards share a
suit (at most one suit can, in seven cards). Then, in a system where a flush is
never worse than the same ranks unsuited (the high ranking), the best hand is
the better of the table's answer and the best five of that suit's ranks as a
flush (``best_flush``); ``flush_never_hurts`` says whether a system is one of
those. Elsewhere (where a flush counts against a low hand) the caller tries
every five.

The low qualifier (L1: five unpaired cards, none above the limit) reads only
ranks, so the best qualifying low of a multiset is a table too.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

import numpy as np

from lowball.core.rankings import HAND_SIZE, MOST_CARDS, RankingSystem
from lowball.ranking.fast import ONE_SUIT, RANK_BASE, _qualifying_shapes, combinations_array, rank_table
from lowball.ranking.literate import _qualifier, as_system
from lowball.ranking.tally import RANK_BASE as KEY_BASE

MOST_OF_A_RANK = 4
NO_CLASS = np.iinfo(np.int32).max     # "no five here qualifies" while taking minima


@functools.cache
def rank_multisets(cards: int) -> np.ndarray:
    """Return every multiset of ``cards`` ranks (at most four of each) as rows of rank digits (deuce 0), rising.

    >>> [len(rank_multisets(n)) for n in (5, 6, 7)]
    [6175, 18395, 49205]
    >>> rank_multisets(7)[0].tolist()                 # four deuces and three treys
    [0, 0, 0, 0, 1, 1, 1]
    """
    rows = [row for row in itertools.combinations_with_replacement(range(RANK_BASE), cards)
            if max(row.count(d) for d in set(row)) <= MOST_OF_A_RANK]
    table = np.array(rows, dtype=np.int8).reshape(len(rows), cards)
    table.flags.writeable = False
    return table


def multiset_keys(digits: np.ndarray) -> np.ndarray:
    """Return the rank key (``ranking.tally``) of each row of rank digits, as int64.

    >>> from lowball.ranking.tally import ranks_key
    >>> int(multiset_keys(np.array([[0, 0, 12]]))[0]) == ranks_key([2, 2, 14])
    True
    """
    return (KEY_BASE ** digits.astype(np.int64)).sum(axis=1)


def five_codes(digits: np.ndarray) -> np.ndarray:
    """Return the unsuited shape code (``fast.shape_code``) of every five of each row: shape (rows, C(n, 5)).

    The rows are rising, and so is every five taken by rising positions.

    >>> five_codes(np.array([[0, 0, 0, 0, 1]])).tolist()
    [[1]]
    """
    positions = combinations_array(digits.shape[1], HAND_SIZE)
    fives = digits[:, positions].astype(np.int32)          # (rows, C(n, 5), 5)
    codes = fives[..., 0]
    for place in range(1, HAND_SIZE):
        codes = codes * RANK_BASE + fives[..., place]
    return codes


@dataclass(frozen=True)
class BestTable:
    """The best class rank of every rank multiset of ``cards`` ranks under one system, unsuited."""

    cards: int
    digits: np.ndarray          # (multisets, cards) rank digits, rising
    keys: np.ndarray            # the rank key of each multiset
    best: np.ndarray            # the best class rank among its fives, as if no five were one suit
    by_key: dict[int, int]      # the same, by rank key: what one hand looks up


@functools.cache
def best_table(system: RankingSystem, cards: int) -> BestTable:
    """Return the best unsuited class rank of every multiset of ``cards`` (5-7) ranks under ``system``.

    >>> table = best_table(as_system("ace-to-five"), 7)
    >>> from lowball.ranking.tally import ranks_key
    >>> table.by_key[ranks_key([14, 2, 3, 4, 5, 13, 13])]            # F1: the wheel, whatever else is held
    1
    """
    digits = rank_multisets(cards)
    best = rank_table(system)[five_codes(digits)].min(axis=1).astype(np.int32)
    keys = multiset_keys(digits)
    return BestTable(cards=cards, digits=digits, keys=keys, best=best, by_key=dict(zip(keys.tolist(), best.tolist())))


@functools.cache
def best_flush(system: RankingSystem) -> tuple[int, ...]:
    """Return, for every set of 5-7 ranks (a 13-bit mask, deuce the lowest bit), its best five as a flush.

    Other masks hold 0. Indexed by the ranks of the one suit that holds five or more cards.

    >>> table = best_flush(as_system("high"))
    >>> table[0b1111100000000], table[0b1111100000011], table[0b11]     # A-K-Q-J-10 (and more): a royal flush
    (1, 1, 0)
    """
    masks = [mask for mask in range(1 << RANK_BASE) if HAND_SIZE <= mask.bit_count() <= MOST_CARDS]
    table = [0] * (1 << RANK_BASE)
    ranks = rank_table(system)
    for size in range(HAND_SIZE, MOST_CARDS + 1):
        chosen = [m for m in masks if m.bit_count() == size]
        digits = np.array([[d for d in range(RANK_BASE) if m >> d & 1] for m in chosen], dtype=np.int8)
        best = ranks[five_codes(digits) + ONE_SUIT].min(axis=1)
        for mask, rank in zip(chosen, best.tolist()):
            table[mask] = rank
    return tuple(table)


@functools.cache
def flush_never_hurts(system: RankingSystem) -> bool:
    """Return whether five ranks all of one suit are never a worse class than the same ranks unsuited.

    True for the high ranking (and where flushes do not count); false where a
    flush counts against a low hand (H1, K1), which is when a best-of-seven must
    try the fives one by one.

    >>> flush_never_hurts(as_system("high")), flush_never_hurts(as_system("ace-to-six"))
    (True, False)
    """
    distinct = np.array(list(itertools.combinations(range(RANK_BASE), HAND_SIZE)), dtype=np.int8)
    codes = five_codes(distinct)[:, 0]
    ranks = rank_table(system)
    return bool((ranks[codes + ONE_SUIT] <= ranks[codes]).all())


@functools.cache
def qualifying_table(qualifier: str | None, cards: int) -> dict[int, int]:
    """Return, by rank key, the best qualifying low (L1) among the fives of each multiset of ``cards`` ranks; 0 if none.

    >>> from lowball.ranking.tally import ranks_key
    >>> table = qualifying_table("eight-or-better", 7)
    >>> table[ranks_key([13, 12, 11, 6, 4, 3, 14])], table[ranks_key([13, 12, 8, 6, 4, 3, 14])] > 0
    (0, True)
    """
    system, _ = _qualifier(qualifier)
    digits = rank_multisets(cards)
    codes = five_codes(digits)
    ranks = np.where(_qualifying_shapes(qualifier)[codes], rank_table(as_system(system))[codes].astype(np.int32),
                     NO_CLASS)
    best = ranks.min(axis=1)
    best[best == NO_CLASS] = 0
    return dict(zip(multiset_keys(digits).tolist(), best.tolist()))


def hands_of_multiset(digits: np.ndarray) -> np.ndarray:
    """Return how many hands of the 52-card deck hold each row's ranks: the product of C(4, count) per rank.

    >>> hands_of_multiset(np.array([[0, 0, 0, 0, 1], [0, 1, 2, 3, 4]])).tolist()
    [4, 1024]
    """
    counts = np.zeros((len(digits), RANK_BASE), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(len(digits)), digits.shape[1]), digits.ravel()), 1)
    ways = np.array([math.comb(MOST_OF_A_RANK, k) for k in range(MOST_OF_A_RANK + 1)], dtype=np.int64)
    return ways[counts].prod(axis=1)

