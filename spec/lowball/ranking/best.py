"""The best five of more cards, and the low qualifier: for stud (L1, L8) and for every showdown.

A hand is five cards (H2); a player who holds more plays the best five of
them. In a split game the low is the best five that meet the qualifier (L1:
unpaired, none above eight, ace low), or there is none (L2).

The definition is the minimum over every five (``itertools.combinations``),
each ranked as a hand of five; the fast path reads the same answer from tables
by rank multiset (``lowball.ranking.multisets``), and ``tests/rankings/test_seven_card_hands.py``
checks the two equal on random hands against the literate evaluator. A joker
(F8) is resolved in each five before it is ranked.
"""

from __future__ import annotations

import itertools
from typing import Iterable, Sequence

from lowball.core.cards import JOKER, SUIT_CHARS, Card, parse_cards
from lowball.core.rankings import HAND_SIZE, RankingSystem
from lowball.errors import CardError
from lowball.ranking.joker import refuse_joker, resolve_joker
from lowball.ranking.literate import _qualifier, as_system, qualifying
from lowball.ranking.lookup import RANKS_BY_ARGUMENT, rank_of
from lowball.ranking.multisets import MOST_CARDS, best_flush, best_table, flush_never_hurts, qualifying_table
from lowball.ranking.tally import (
    CARD_MASK, RANK_SHIFT, SUIT_BITS, SUIT_MASK, SUIT_NEAR_FLUSH, SUIT_SHIFT, SUIT_TOP_BITS, TALLY,
)
from lowball.ranking.value import HandValue, evaluate


class _BestTables:
    """What ``best_rank`` reads for one system: the multiset tables of 6 and 7 cards and the flush rule."""

    def __init__(self, row: RankingSystem):
        self.row = row
        self.by_key: dict[int, int] = {}
        for cards in range(HAND_SIZE + 1, MOST_CARDS + 1):
            self.by_key.update(best_table(row, cards).by_key)      # rank keys of 6 and 7 ranks never collide
        self.suits_matter = row.flushes_count
        self.flush_never_hurts = flush_never_hurts(row)
        self.best_flush = best_flush(row)


_BEST_BY_ARGUMENT: dict[object, _BestTables] = {}
_QUALIFYING_BY_ARGUMENT: dict[object, tuple[dict[int, int], RankingSystem]] = {}


def _best_tables(system: str | RankingSystem) -> _BestTables:
    try:
        return _BEST_BY_ARGUMENT[system]
    except (KeyError, TypeError):
        row = as_system(system)                         # refuses an unknown system by name
    if not row.five_cards:
        raise AssertionError("a badugi system has no best-five tables")     # best_rank reads its fours itself
    tables = _BEST_BY_ARGUMENT[system] = _BestTables(row)
    return tables


def _tally_of(cards: Sequence[Card]) -> int:
    """Return the tally of six or seven distinct natural cards, or -1 (then the plain road decides)."""
    try:
        total = sum(map(TALLY.__getitem__, cards))
    except (KeyError, TypeError):
        return -1
    return total if (total & CARD_MASK).bit_count() == len(cards) else -1


def _five_of_a_suit(total: int) -> bool:
    return bool((((total >> SUIT_SHIFT) & SUIT_MASK) + SUIT_NEAR_FLUSH) & SUIT_TOP_BITS)


def _suit_mask(cards: Sequence[Card], total: int) -> int:
    """Return the ranks (a 13-bit mask) of the suit that holds five or more of the cards."""
    suits = (total >> SUIT_SHIFT) & SUIT_MASK
    suit = next(SUIT_CHARS[s] for s in range(len(SUIT_CHARS)) if (suits >> (SUIT_BITS * s)) & 0xF >= HAND_SIZE)
    mask = 0
    for card in cards:
        if card.suit == suit:
            mask |= 1 << (card.rank - 2)
    return mask


def _each_five(cards: Sequence[Card], system: str | RankingSystem) -> int:
    """Return the best class rank among the fives of ``cards``: the definition, one five at a time."""
    return min(rank_of(five, system) for five in itertools.combinations(cards, HAND_SIZE))


def best_rank(cards: Sequence[Card], system: str | RankingSystem) -> int:
    """Return the class rank (1 = best) of the best five of ``cards`` under ``system``.

    >>> best_rank(parse_cards("Ac 2d 3h 4s 5c Kd Kh"), "ace-to-five")
    1
    >>> best_rank(parse_cards("Ac Kc Qc Jc Tc 2d 2h"), "high")           # a royal flush beats the deuces
    1
    >>> best_rank(parse_cards("9c 8d"), "high")
    Traceback (most recent call last):
    lowball.errors.CardError: best five needs 5 to 7 cards, got 2

    A badugi hand is its four cards (U1): the set that plays is chosen inside them. Of more cards the best four
    play, as the split games that play a badugi half read it (badacey, badeucy: the best four of five, U7).

    >>> best_rank(parse_cards("Ac 2d 3h 4s"), "badugi"), best_rank(parse_cards("Kc Ac 2d 3h 4s"), "badugi")
    (1, 1)
    """
    count = len(cards)
    if count == HAND_SIZE and system in RANKS_BY_ARGUMENT:       # a five-card system looked up before: fast
        return rank_of(cards if type(cards) is tuple else tuple(cards), system)
    row = as_system(system)
    if not row.five_cards:                                       # badugi: its four, or the best four (U1, U7)
        if count == row.hand_size:
            return rank_of(cards if type(cards) is tuple else tuple(cards), row)
        return _best_four_rank(_checked(cards, row), row)
    if count == HAND_SIZE:
        return rank_of(cards if type(cards) is tuple else tuple(cards), system)
    tables = _best_tables(system)
    total = _tally_of(cards) if HAND_SIZE < count <= MOST_CARDS else -1
    if total < 0:
        return _best_rank_plainly(cards, tables.row)
    best = tables.by_key[total >> RANK_SHIFT]
    if tables.suits_matter and _five_of_a_suit(total):
        if not tables.flush_never_hurts:
            return _each_five(tuple(cards), system)      # a flush counts against the hand: try every five
        best = min(best, tables.best_flush[_suit_mask(cards, total)])
    return best


def _best_rank_plainly(cards: Sequence[Card], row: RankingSystem) -> int:
    """Return the best rank the plain way: check the cards (naming any problem), then try every five."""
    held = _checked(cards)
    if JOKER in held and row.joker is None:
        raise refuse_joker(row)
    return _each_five(held, row)


def _checked(cards: Sequence[Card] | str | Iterable[Card | str], row: RankingSystem | None = None) -> tuple[Card, ...]:
    held = parse_cards(cards)
    size = HAND_SIZE if row is None else row.hand_size
    if not size <= len(held) <= MOST_CARDS:
        what = "best five" if size == HAND_SIZE else f"the best {size}"
        raise CardError(f"{what} needs {size} to {MOST_CARDS} cards, got {len(held)}")
    if JOKER in held and row is not None and row.joker is None:
        raise refuse_joker(row)
    return held


def _best_four_rank(held: tuple[Card, ...], row: RankingSystem) -> int:
    """Return the best class rank among the hands of ``row``'s size in ``held`` (badugi: every four, U1, U7)."""
    return min(rank_of(four, row) for four in itertools.combinations(held, row.hand_size))


def best_five(cards: Sequence[Card], system: str | RankingSystem) -> tuple[Card, ...]:
    """Return the five cards that make the best hand of ``cards`` under ``system`` (the first such five).

    >>> from lowball.core.cards import format_cards
    >>> format_cards(best_five(parse_cards("Ac 2d 3h 4s 5c Kd Kh"), "high"))
    'Ac 2d 3h 4s 5c'
    >>> format_cards(best_five(parse_cards("7c 5c 4c 3c 2c 6d"), "deuce-to-seven"))  # K1: the flush counts against
    '7c 4c 3c 2c 6d'
    >>> format_cards(best_five(parse_cards("Kc 9d 6h 3s Jk 2c"), "ace-to-five"))     # F8: the joker plays as the ace
    '9d 6h 3s Jk 2c'
    """
    held = tuple(cards)
    best = best_rank(held, system)
    size = as_system(system).hand_size                   # badugi: the best four (U1, U7)
    return next(five for five in itertools.combinations(held, size) if rank_of(five, system) == best)


def _qualifying_tables(qualifier: str | None) -> tuple[dict[int, int], RankingSystem]:
    try:
        return _QUALIFYING_BY_ARGUMENT[qualifier]
    except (KeyError, TypeError):
        system, _ = _qualifier(qualifier)               # refuses an unknown qualifier, by name, whatever it is
    by_key: dict[int, int] = {}
    for cards in range(HAND_SIZE, MOST_CARDS + 1):
        by_key.update(qualifying_table(qualifier, cards))
    tables = _QUALIFYING_BY_ARGUMENT[qualifier] = by_key, as_system(system)
    return tables


def best_qualifying_rank(cards: Sequence[Card], qualifier: str | None = None) -> int | None:
    """Return the class rank of the best qualifying low among ``cards``, or None when there is none (L1, L2).

    >>> best_qualifying_rank(parse_cards("Kc Qd Jh 6s 4c 3d Ah"), "eight-or-better") is None
    True
    >>> best_qualifying_rank(parse_cards("Kc Qd 8h 6s 4c 3d Ah"), "eight-or-better") > 0
    True
    """
    by_key, row = _qualifying_tables(qualifier)
    count = len(cards)
    total = _tally_of(cards) if HAND_SIZE <= count <= MOST_CARDS else -1
    if total < 0 or row.flushes_count and _five_of_a_suit(total):
        return _best_low_plainly(cards, qualifier)
    return by_key[total >> RANK_SHIFT] or None


def _lows(held: Sequence[Card], qualifier: str | None) -> list[tuple[Card, ...]]:
    """Return the fives of ``held`` that qualify (L1), a joker resolved in each (F8)."""
    system, _ = _qualifier(qualifier)
    row = as_system(system)
    lows = []
    for five in itertools.combinations(held, HAND_SIZE):
        if JOKER in five and row.joker is None:
            raise refuse_joker(row)
        if qualifying(resolve_joker(five, row), qualifier):
            lows.append(five)
    return lows


def _best_low_plainly(cards: Sequence[Card], qualifier: str | None) -> int | None:
    system, _ = _qualifier(qualifier)
    lows = _lows(_checked(cards), qualifier)
    return min(rank_of(five, system) for five in lows) if lows else None


def best_low_five(cards: str | Iterable[Card | str], qualifier: str | None = None) -> tuple[Card, ...] | None:
    """Return the five cards that make the best qualifying low (the first such five), or None (L1, L2).

    >>> from lowball.core.cards import format_cards
    >>> format_cards(best_low_five("Kc Qd 8h 6s 4c 3d Ah"))
    '8h 6s 4c 3d Ah'
    >>> best_low_five("Kc Qd Jh 6s 4c 3d Ah") is None
    True
    """
    system, _ = _qualifier(qualifier)
    lows = _lows(_checked(cards), qualifier)
    return min(lows, key=lambda five: rank_of(five, system)) if lows else None


def best_hand(cards: str | Iterable[Card | str], system: str | RankingSystem) -> HandValue:
    """Return the best five-card hand among five to seven cards under ``system`` (for stud games, L1).

    >>> best_hand("Ac 2d 3h 4s 5c Kd Kh", "high").name
    'five-high straight'
    >>> best_hand("Ac 2d 3h 4s 5c Kd Kh", "ace-to-five").name
    'five-four low'
    >>> best_hand("Kc 7d 4h 2s 3c", "badugi").name                   # the best four of five (U7: badacey)
    'four-card badugi, seven-high'
    """
    row = as_system(system)
    return evaluate(best_five(_checked(cards, row), row), row)


def qualifies(cards: str | Iterable[Card | str], qualifier: str | None = None) -> bool:
    """Return whether five cards make a qualifying low (L1): unpaired, none above the limit, ace low.

    >>> qualifies("8c 6h 4d 3c Ad"), qualifies("9c 6h 4d 3c Ad"), qualifies("8c 8h 4d 3c Ad")
    (True, False, False)
    >>> qualifies("8c 6h 4d Jk Ad")                   # F8: the joker plays as the deuce
    True
    """
    five = parse_cards(cards, count=HAND_SIZE)
    return bool(_lows(five, qualifier))


def best_low(cards: str | Iterable[Card | str], qualifier: str | None = None) -> HandValue | None:
    """Return the best qualifying low among five to seven cards, or None when there is none (L1, L2).

    >>> best_low("Kc Qd 8h 6s 4c 3d Ah").name
    'eight-six low'
    >>> best_low("Kc Qd Jh 6s 4c 3d Ah") is None
    True
    """
    system, _ = _qualifier(qualifier)
    five = best_low_five(cards, qualifier)
    return None if five is None else evaluate(five, system)
