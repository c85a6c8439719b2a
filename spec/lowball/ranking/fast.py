"""Fast paths: the class rank of every five-card hand at once (numpy), or of one hand by lookup.

The literate evaluator (``lowball.ranking``) stays the definition. This module
only makes it fast, and ``tests/rankings/test_fast.py`` proves the two equal on all
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
from typing import Iterable, assert_never

import numpy as np

from lowball.core.behaviours import Joker
from lowball.core.cards import ACE, DECK, LOW_ACE, RANK_CHARS, SUIT_CHARS, Card, deck_of
from lowball.core.rankings import HAND_SIZE, RankingSystem
from lowball.ranking.classes import Shape, class_representatives, shape, shape_classes
from lowball.ranking.literate import as_system, qualifying
from lowball.ranking.joker import refuse_joker
from lowball.ranking.lookup import rank_of
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


def all_ranks(system: str | RankingSystem | None = None, deck: int = len(DECK)) -> np.ndarray:
    """Return the class rank (1 = best) of every five-card hand, in the order of ``itertools.combinations(deck_of(deck), 5)``.

    ``deck`` is 52, or 53 with the joker (F2, F8) where the system takes one:
    then the 2,869,685 hands include the 270,725 that hold the joker, each
    ranked as the hand the joker completes (the joker resolved first, as
    ``evaluate`` does). The array is int16 and new on every call.

    >>> ranks = all_ranks("ace-to-six")
    >>> len(ranks), int(ranks.min()), int(ranks.max())
    (2598960, 1, 7462)
    >>> int((all_ranks("ace-to-five") == 1).sum())     # F1: the 1,024 wheels
    1024
    >>> with_joker = all_ranks("ace-to-five", deck=53)
    >>> len(with_joker), int((with_joker == 1).sum())  # F8: 1,024 + 5 * 4**4 = 1,280 with four of A-5 and the joker
    (2869685, 2304)
    >>> all_ranks("ace-to-seven")
    Traceback (most recent call last):
    lowball.errors.RulesError: unknown ranking system 'ace-to-seven' (known: ace-to-six, ace-to-six-ace-low, deuce-to-seven, ace-to-five, high, badugi, badugi-ace-high)
    >>> all_ranks("high", deck=53)
    Traceback (most recent call last):
    lowball.errors.CardError: the joker plays only in ace-to-five (F2, F8); high has no joker

    Badugi ranks four cards (U1): its array covers the 270,725 hands of ``itertools.combinations(DECK, 4)``.

    >>> len(all_ranks("badugi")), int(all_ranks("badugi").max())
    (270725, 1092)
    """
    row = as_system(system)
    if not row.five_cards:
        from lowball.ranking.fast_badugi import all_set_ranks     # it builds on this module's arrays

        return all_set_ranks(row, deck)
    cards = deck_of(deck)
    if cards == DECK:
        return rank_table(row)[all_hand_codes()]
    return rank_table(row)[joker_shape_codes(combinations_array(len(cards), HAND_SIZE), row)]


def joker_shape_codes(hands: np.ndarray, system: RankingSystem) -> np.ndarray:
    """Return the shape code of each row of indexes into ``deck_of(53)``, a joker resolved as ``system`` says (F8).

    Index 52 is the joker. In a row that holds it, it becomes the lowest rank
    the other four lack (``ranking.joker``), so no table ever sees a joker. The
    rows may come in any order.

    >>> from lowball.core.cards import parse_cards
    >>> row = [DECK_INDEX[c] for c in parse_cards("Ac 6d 5h 3s")] + [len(DECK)]       # A-6-5-3-joker
    >>> int(joker_shape_codes(np.array([row]), as_system("ace-to-five"))[0]) == shape_code(((2, 3, 5, 6, 14), False))
    True
    """
    if system.joker is None:
        raise refuse_joker(system)
    hands = np.asarray(hands)
    has_joker = (hands == len(DECK)).any(axis=1)
    codes = np.empty(len(hands), dtype=np.int32)
    codes[~has_joker] = shape_codes(hands[~has_joker])
    held = np.sort(hands[has_joker], axis=1)[:, :HAND_SIZE - 1]          # the joker sorts last
    stand_in = _joker_stand_in(RANK_DIGITS[held], system)
    # The stand-in's rank is one the others lack, so the five ranks are distinct: never one suit that counts.
    digits = np.sort(np.concatenate([RANK_DIGITS[held], stand_in[:, None]], axis=1), axis=1).astype(np.int32)
    code = digits[:, 0]
    for place in range(1, HAND_SIZE):
        code = code * RANK_BASE + digits[:, place]
    codes[has_joker] = code
    return codes


def _joker_stand_in(digits: np.ndarray, system: RankingSystem) -> np.ndarray:
    """Return the rank digit the joker plays as beside each row of four rank digits (F8: the lowest one missing)."""
    match system.joker:
        case Joker.LOWEST_MISSING:
            # Card values run 1-13 where the ace is low (H1, F1), 2-14 where it is high (K1).
            values = digits.astype(np.int16) + LOWEST_RANK
            if system.ace == "low":
                values[values == ACE] = LOW_ACE
            present = np.zeros((len(digits), 16), dtype=bool)
            np.put_along_axis(present, values.astype(np.intp), True, axis=1)
            lowest = 1 if system.ace == "low" else LOWEST_RANK
            value = lowest + np.argmin(present[:, lowest:lowest + RANK_BASE], axis=1)   # the first one absent
            return np.where(value == LOW_ACE, ACE, value).astype(np.int8) - LOWEST_RANK
        case _:
            assert_never(system.joker)


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


@functools.cache
def _before() -> np.ndarray:
    """Return ``before[place, position]``: how many hands put a smaller card than ``position`` at ``place`` when the
    cards before it are fixed, summed from position 0 (``hand_index``'s inner sum, read off by difference)."""
    table = np.zeros((HAND_SIZE, len(DECK) + 1), dtype=np.int64)
    for place in range(HAND_SIZE):
        for position in range(len(DECK)):
            table[place, position + 1] = table[place, position] + math.comb(len(DECK) - position - 1,
                                                                             HAND_SIZE - place - 1)
    table.flags.writeable = False
    return table


def hand_indices(hands: np.ndarray) -> np.ndarray:
    """Return ``hand_index`` of each row of DECK indexes in rising order, vectorized (int64).

    >>> rows = np.array([[DECK_INDEX[card] for card in sorted(hand_cards(text), key=DECK_INDEX.__getitem__)]
    ...                  for text in ("3c 2s 2h 2d 2c", "Ks Ac Ad Ah As", "7c 5d 4h 3s 2c")])
    >>> hand_indices(rows).tolist() == [hand_index(text) for text in ("3c 2s 2h 2d 2c", "Ks Ac Ad Ah As",
    ...                                                               "7c 5d 4h 3s 2c")]
    True
    """
    hands = np.asarray(hands, dtype=np.int64)
    before = _before()
    index = np.zeros(len(hands), dtype=np.int64)
    previous = np.full(len(hands), -1, dtype=np.int64)
    for place in range(HAND_SIZE):
        position = hands[:, place]
        index += before[place, position] - before[place, previous + 1]
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

# One hand is ranked by the dictionary look-up of ``lowball.ranking.lookup`` (numpy only pays off on
# many hands at once): the same class rank as ``evaluate(cards, system).rank``, without building the
# value. ``evaluate_rank(cards, system)``: see ``rank_of`` for the details and the doctests.
evaluate_rank = rank_of
