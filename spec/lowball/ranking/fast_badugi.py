"""The fast path of badugi (U1-U3): the class rank of every four-card hand at once (numpy), or of one by look-up.

The literate reading (``lowball.ranking.literate.playing_cards``) stays the
definition; ``tests/rankings/test_badugi.py`` proves this module equal to it on all
270,725 four-card hands, and pokerkit's ``BadugiHand`` agrees with both.

Why it is short: a set of cards of different ranks and different suits is
named by its size and the ranks it holds, and the ranks as a 13-bit mask (bit
0 the lowest card: the ace where it counts low, U3) compare as the rules
compare them, from the highest card down: the set whose top card is lower has
the smaller mask, and on equal tops the next card decides, and so on. So the
*code* ``(hand size - set size) * 2**13 + mask`` is smallest for the set that
plays (U1: the largest, then the lowest), and a hand's code is the least code
of its 15 subsets that hold no two of one rank or suit. The class rank of each
code is read from the literate evaluator's classes, so the table's category
order and tie-breaks stay the rule.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

from lowball.core.cards import ACE, DECK, deck_of
from lowball.core.rankings import RankingSystem
from lowball.ranking.classes import set_classes
from lowball.ranking.fast import RANK_DIGITS, SUITS, combinations_array
from lowball.ranking.joker import refuse_joker
from lowball.ranking.literate import as_system

RANK_BITS = 13                       # one bit per rank: the mask of a set's ranks


def value_bit(rank: int, system: RankingSystem) -> int:
    """Return the bit of a natural rank (2-14) in a set's mask: the lowest card is bit 0 (the ace low: U3).

    >>> value_bit(14, as_system("badugi")), value_bit(2, as_system("badugi")), value_bit(13, as_system("badugi"))
    (0, 1, 12)
    """
    if system.ace == "low":
        return 0 if rank == ACE else rank - 1
    return rank - 2


def set_code(ranks: tuple[int, ...], system: RankingSystem) -> int:
    """Return the code of a set of different ranks: fewer cards than the hand first, then the ranks' mask.

    >>> row = as_system("badugi")
    >>> set_code((14, 2, 3, 4), row) < set_code((13, 12, 11, 10), row) < set_code((14, 2, 3), row)   # U2
    True
    """
    mask = sum(1 << value_bit(rank, system) for rank in ranks)
    return ((system.hand_size - len(ranks)) << RANK_BITS) + mask


@functools.cache
def code_ranks(system: RankingSystem) -> np.ndarray:
    """Return the array mapping each set code to its class rank under ``system`` (0: no such set).

    >>> table = code_ranks(as_system("badugi"))
    >>> int(table[set_code((14, 2, 3, 4), as_system("badugi"))]), int(table.max())     # U6: 1,092 classes
    (1, 1092)
    """
    table = np.zeros((system.hand_size + 1) << RANK_BITS, dtype=np.int16)
    for ranks, (rank, _) in set_classes(system).items():
        table[set_code(ranks, system)] = rank
    table.flags.writeable = False
    return table


def hand_codes(hands: np.ndarray, system: RankingSystem) -> np.ndarray:
    """Return the code of the set that plays in each row of DECK indexes (U1): the least code of its subsets.

    >>> from lowball.core.cards import parse_cards
    >>> rows = np.array([[DECK.index(c) for c in parse_cards(h)] for h in ("7s 3s 2h Ad", "3c 3d 2s Ah")])
    >>> hand_codes(rows, as_system("badugi")).tolist() == [set_code((3, 2, 14), as_system("badugi"))] * 2   # U3
    True
    """
    hands = np.asarray(hands)
    size = hands.shape[1]
    ranks = RANK_DIGITS[hands].astype(np.int32) + 2
    bits = np.where(ranks == ACE, 0, ranks - 1) if system.ace == "low" else ranks - 2
    suits = SUITS[hands]
    # clash[i][j]: cards i and j share a rank or a suit, so no set that plays holds both.
    clash = {(i, j): (ranks[:, i] == ranks[:, j]) | (suits[:, i] == suits[:, j])
             for i, j in itertools.combinations(range(size), 2)}
    worst = (system.hand_size + 1) << RANK_BITS
    best = np.full(len(hands), worst, dtype=np.int32)
    for count in range(1, size + 1):
        for chosen in itertools.combinations(range(size), count):
            allowed = np.ones(len(hands), dtype=bool)
            for pair in itertools.combinations(chosen, 2):
                allowed &= ~clash[pair]
            code = ((system.hand_size - count) << RANK_BITS) + sum(1 << bits[:, i] for i in chosen)
            np.minimum(best, np.where(allowed, code, worst), out=best)
    return best


def row_ranks(hands: np.ndarray, system: str | RankingSystem) -> np.ndarray:
    """Return the class rank of each row of DECK indexes (a hand of the system's size), all at once: what an exact
    count of draws (``lowball odds``) looks up for every final hand.

    >>> from lowball.core.cards import parse_cards
    >>> rows = np.array([[DECK.index(c) for c in parse_cards(h)] for h in ("Ac 2d 3h 4s", "Kc Kd Kh Ks")])
    >>> row_ranks(rows, "badugi").tolist()                          # U2: the best hand and the worst
    [1, 1092]
    """
    row = as_system(system)
    return code_ranks(row)[hand_codes(hands, row)]


def all_set_ranks(system: str | RankingSystem, deck: int = len(DECK)) -> np.ndarray:
    """Return the class rank (1 = best) of every hand of ``system``'s size, in ``itertools.combinations`` order.

    >>> ranks = all_set_ranks("badugi")
    >>> len(ranks), int(ranks.min()), int(ranks.max()), int((ranks == 1).sum())     # U2: 4! = 24 suitings of A-2-3-4
    (270725, 1, 1092, 24)
    >>> all_set_ranks("badugi", deck=53)
    Traceback (most recent call last):
    lowball.errors.CardError: the joker plays only in ace-to-five (F2, F8); badugi has no joker
    """
    row = as_system(system)
    if deck_of(deck) != DECK:
        raise refuse_joker(row)
    return row_ranks(combinations_array(len(DECK), row.hand_size), row)

