"""Fast paths: the class rank of every five-card hand at once (numpy), or of one hand by lookup.

The literate evaluator (``lowball.ranking``) stays the definition. This module
only makes it fast, and ``tests/test_fast.py`` proves the two equal on all
2,598,960 hands of every system.

Why a lookup table is enough: the literate evaluator reads nothing of a hand
but the natural ranks it holds and whether all five cards share a suit (S2:
suits have no rank; a flush only needs "all one suit"). Call that pair the
hand's *shape*. The deck has 7,462 shapes (6,175 multisets of ranks, plus the
1,287 sets of five different ranks dealt all in one suit), so each system's
table is filled by asking the literate evaluator once per shape, and every hand
is then ranked by looking its shape up.

A shape is looked up by its *code*: the five ranks, lowest first, read as the
digits of a base-13 number (deuce = 0 ... ace = 12), plus ``13**5`` when the five
cards are all of one suit. Codes of different shapes differ, and the biggest
is below ``2 * 13**5`` = 742,586, so a system's table is a plain array.
"""

from __future__ import annotations

import functools
import math
from typing import Iterable

import numpy as np

from lowball.core.cards import DECK, RANK_CHARS, SUIT_CHARS, Card
from lowball.core.rankings import HAND_SIZE
from lowball.core.rankings import RankingSystem
from lowball.ranking.classes import Shape, class_representatives, shape, shape_classes
from lowball.ranking.literate import as_system, qualifying
from lowball.ranking.value import hand_cards

RANK_BASE = len(RANK_CHARS)          # 13 digits: deuce 0, trey 1, ..., ace 12
LOWEST_RANK = 2                      # Card.rank of the deuce (the digit 0)
ONE_SUIT = RANK_BASE ** HAND_SIZE    # added to the code of a hand all of one suit
CODES = 2 * ONE_SUIT                 # size of a system's table: every code is below this

# The deck as two small arrays: the rank digit and the suit number of DECK[i].
RANK_DIGITS = np.array([card.rank - LOWEST_RANK for card in DECK], dtype=np.int8)
SUITS = np.array([SUIT_CHARS.index(card.suit) for card in DECK], dtype=np.int8)
DECK_INDEX = {card: i for i, card in enumerate(DECK)}


# ---- Shapes and their codes ----

def shape_of(cards: Iterable[Card]) -> Shape:
    """Return the shape of a hand (``ranking.shape``): its natural ranks, lowest first, and whether all are one suit.

    >>> shape_of(hand_cards("6c 4h 3s 2d Ac"))
    ((2, 3, 4, 6, 14), False)
    >>> shape_of(hand_cards("7s 5s 4s 3s As"))
    ((3, 4, 5, 7, 14), True)
    """
    return shape(tuple(cards))


def shape_code(shape: Shape) -> int:
    """Return the code of a shape: the ranks as base-13 digits, lowest first, plus ``13**5`` if one suit.

    >>> shape_code(((2, 2, 2, 2, 3), False)), shape_code(((10, 11, 12, 13, 14), True))
    (1, 621399)
    """
    ranks, one_suit = shape
    code = 0
    for rank in ranks:
        code = code * RANK_BASE + rank - LOWEST_RANK
    return code + ONE_SUIT * one_suit


def shape_codes(hands: np.ndarray, ascending: bool = False) -> np.ndarray:
    """Return the code of each row of DECK indexes, as int32: ``shape_code`` vectorized.

    The cards of a row may come in any order; say ``ascending`` when every row
    is already in DECK order (then its ranks are too, and sorting is skipped).

    >>> hand = [DECK_INDEX[card] for card in hand_cards("Ts Js Qs Ks As")]
    >>> shape_codes(np.array([hand, hand[::-1]])).tolist()
    [621399, 621399]
    """
    digits = RANK_DIGITS[hands]
    if not ascending:
        digits.sort(axis=1)                      # the code reads the ranks lowest first
    # One contiguous row per card position: each step below is one pass over memory.
    digits = np.ascontiguousarray(digits.T)
    suits = np.ascontiguousarray(SUITS[hands].T)
    code = digits[0].astype(np.int32)
    for digit in digits[1:]:
        code *= RANK_BASE
        code += digit
    one_suit = (suits[1:] == suits[0]).all(axis=0)
    code += ONE_SUIT * one_suit.astype(np.int32)
    return code


# ---- One table per system, filled by the literate evaluator ----

@functools.cache
def shape_hands() -> tuple[tuple[Card, ...], ...]:
    """Return one hand of every shape (``ranking.class_representatives``), kept for every system.

    >>> len(shape_hands()), len({shape_of(hand) for hand in shape_hands()})
    (7462, 7462)
    """
    return tuple(class_representatives())


@functools.cache
def shape_ranks(system: RankingSystem) -> dict[Shape, int]:
    """Return the class rank (1 = best) of every shape under ``system``, as the literate evaluator judges it.

    The same one pass of the literate evaluator that ``evaluate`` looks up
    (``ranking.shape_classes``), so it is done once per process and system.

    >>> ranks = shape_ranks(as_system("ace-to-six"))
    >>> len(ranks), ranks[(2, 3, 4, 6, 14), False], ranks[(2, 3, 4, 6, 14), True]   # all one suit: a flush (H1)
    (7462, 1, 5864)
    """
    return {shape: rank for shape, (rank, _) in shape_classes(system).items()}


@functools.cache
def rank_table(system: RankingSystem) -> np.ndarray:
    """Return the array mapping each shape code to its class rank under ``system`` (0: no such shape).

    >>> table = rank_table(as_system("ace-to-six"))
    >>> int(table[shape_code(((2, 3, 4, 6, 14), False))]), int(table[0])
    (1, 0)
    """
    table = np.zeros(CODES, dtype=np.int16)   # 7,462 classes at most: int16 keeps it to 1.5 MB
    for shape, rank in shape_ranks(system).items():
        table[shape_code(shape)] = rank
    table.flags.writeable = False
    return table


# ---- Every hand at once ----

@functools.cache
def combinations_array(n: int, k: int) -> np.ndarray:
    """Return every k-subset of range(n) as a row, in the order of ``itertools.combinations(range(n), k)``.

    Read it as the definition of that order: first the subsets that start with
    0, followed by the (k-1)-subsets of 1..n-1; then those that start with 1;
    and so on. The result is shared and read-only.

    >>> combinations_array(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    >>> combinations_array(52, 5).shape
    (2598960, 5)
    """
    if k == 0:
        rows = np.zeros((1, 0), dtype=np.uint8)
    else:
        rows = np.empty((math.comb(n, k), k), dtype=np.uint8)
        start = 0
        for first in range(n - k + 1):
            rest = combinations_array(n - first - 1, k - 1)
            block = rows[start:start + len(rest)]
            block[:, 0] = first
            np.add(rest, first + 1, out=block[:, 1:])    # the rest are drawn from first+1 .. n-1
            start += len(rest)
    rows.flags.writeable = False
    return rows


@functools.cache
def all_hand_codes() -> np.ndarray:
    """Return the shape code of every five-card hand, in the order of ``itertools.combinations(DECK, 5)``.

    Shared by every system (the codes do not depend on the ranking), computed once per process.

    >>> codes = all_hand_codes()
    >>> len(codes), int(codes[0]) == shape_code(shape_of(DECK[:5]))
    (2598960, True)
    """
    # Each row lists DECK indexes in rising order, and DECK is rank-major, so the ranks rise too.
    codes = shape_codes(combinations_array(len(DECK), HAND_SIZE), ascending=True)
    codes.flags.writeable = False
    return codes


def all_ranks(system: str | RankingSystem | None = None) -> np.ndarray:
    """Return the class rank (1 = best) of every five-card hand, in the order of ``itertools.combinations(DECK, 5)``.

    The array is int16 and new on every call.

    >>> ranks = all_ranks("ace-to-six")
    >>> len(ranks), int(ranks.min()), int(ranks.max())
    (2598960, 1, 7462)
    >>> int((all_ranks("ace-to-five") == 1).sum())     # F1: the 1,024 wheels
    1024
    >>> all_ranks("ace-to-seven")
    Traceback (most recent call last):
    lowball.errors.RulesError: unknown ranking system 'ace-to-seven' (known: ace-to-six, ace-to-six-ace-low, deuce-to-seven, ace-to-five, high)
    """
    return rank_table(as_system(system))[all_hand_codes()]


@functools.cache
def _qualifying_shapes(qualifier: str | None) -> np.ndarray:
    """Return the array mapping each shape code to whether the literate ``qualifies`` accepts it."""
    table = np.zeros(CODES, dtype=bool)
    for hand in shape_hands():
        table[shape_code(shape_of(hand))] = qualifying(hand, qualifier)
    table.flags.writeable = False
    return table


def all_qualifying(qualifier: str | None = None) -> np.ndarray:
    """Return, for every five-card hand (in ``all_ranks`` order), whether it makes a qualifying low (L1).

    >>> int(all_qualifying("eight-or-better").sum())    # 56 sets of five ranks from A-8, 4**5 suits each
    57344
    """
    return _qualifying_shapes(qualifier)[all_hand_codes()]


def hand_at(index: int) -> tuple[Card, ...]:
    """Return the hand at ``index`` of ``all_ranks``: ``hand_at(0)`` is 2c 2d 2h 2s 3c.

    >>> " ".join(map(str, hand_at(0))), " ".join(map(str, hand_at(2598959)))
    ('2c 2d 2h 2s 3c', 'Ks Ac Ad Ah As')
    """
    return tuple(DECK[i] for i in combinations_array(len(DECK), HAND_SIZE)[index])


def hand_index(cards: str | Iterable[Card | str]) -> int:
    """Return where five cards sit in ``all_ranks`` (the inverse of ``hand_at``), cards in any order.

    Count the hands listed before it: for each card, in DECK order, every hand
    that agrees on the cards before it and has a smaller card in its place.

    >>> hand_index("3c 2s 2h 2d 2c"), hand_index(hand_at(1_234_567))
    (0, 1234567)
    """
    positions = sorted(DECK_INDEX[card] for card in hand_cards(cards))
    index, previous = 0, -1
    for place, position in enumerate(positions):
        still_to_choose = HAND_SIZE - place - 1
        for smaller in range(previous + 1, position):
            index += math.comb(len(DECK) - smaller - 1, still_to_choose)
        previous = position
    return index


def order_disagreement(ranks: np.ndarray, keys: np.ndarray) -> tuple[int, int] | None:
    """Return two positions that ``ranks`` and ``keys`` order differently, or None if they order alike.

    Both arrays give one number per hand, smaller meaning stronger. They order
    alike when they induce the same preorder: equal ranks exactly where keys
    are equal, and the lower rank exactly where the key is lower. The pair
    returned (i, j) has ``ranks[i] <= ranks[j]``; for the first such pair in
    rank order, ``keys`` either splits a tie of ``ranks`` or puts j ahead of (or
    level with) i.

    >>> order_disagreement(np.array([2, 1, 2, 3]), np.array([20, 10, 20, 35])) is None
    True
    >>> order_disagreement(np.array([2, 1, 2, 3]), np.array([20, 10, 21, 35]))   # splits a tie
    (0, 2)
    >>> order_disagreement(np.array([2, 1, 3]), np.array([20, 30, 40]))          # swaps 1 and 2
    (1, 0)
    """
    order = np.argsort(ranks, kind="stable")
    sorted_ranks, sorted_keys = ranks[order], keys[order]
    # Neighbours in rank order suffice: keys tied on every tie and rising on every step of rank
    # make the keys a strictly rising function of the ranks, so every pair is ordered alike.
    tie = sorted_ranks[1:] == sorted_ranks[:-1]
    bad = np.where(tie, sorted_keys[1:] != sorted_keys[:-1], sorted_keys[1:] <= sorted_keys[:-1])
    if not bad.any():
        return None
    first = int(np.argmax(bad))
    return int(order[first]), int(order[first + 1])


# ---- One hand at a time ----

@functools.cache
def _rank_lookup(system: str | RankingSystem) -> dict[Shape, int]:
    """Return ``shape_ranks`` of a system given by name or row (cached by what was passed: a name is quick to hash)."""
    return shape_ranks(as_system(system))


def evaluate_rank(cards: str | Iterable[Card | str], system: str | RankingSystem | None = None) -> int:
    """Return the class rank (1 = best) of five cards under ``system``, by looking their shape up.

    The same number as ``evaluate(cards, system).rank``, without re-deriving
    the category: one sort of five ranks and one dictionary look-up. A tuple of
    five distinct ``Card`` objects (what ``hand_cards`` returns) is used as it
    is; anything else (text, a list, strings) is parsed first.

    >>> evaluate_rank("6c 4h 3s 2d Ac", "ace-to-six"), evaluate_rank("5s 4d 3c 2h Ad", "ace-to-five")
    (1, 1)
    >>> evaluate_rank("7c 5h 4s 3d 2c", "deuce-to-seven") < evaluate_rank("7d 6s 5c 4c 2d", "deuce-to-seven")
    True
    >>> evaluate_rank("6c 4h 3s 2d 6c")
    Traceback (most recent call last):
    lowball.errors.CardError: duplicate card '6c'
    """
    if type(cards) is not tuple or len(cards) != HAND_SIZE:
        cards = hand_cards(cards)
    a, b, c, d, e = cards
    # The fast path trusts only five distinct Card objects; anything else goes through the parser,
    # which also names a duplicate card.
    if not (type(a) is type(b) is type(c) is type(d) is type(e) is Card and len({a, b, c, d, e}) == HAND_SIZE):
        a, b, c, d, e = hand_cards(cards)
    shape = tuple(sorted((a.rank, b.rank, c.rank, d.rank, e.rank))), a.suit == b.suit == c.suit == d.suit == e.suit
    return _rank_lookup(system)[shape]
