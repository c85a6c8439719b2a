"""Ranking one hand by look-up: every class of a system built once, found from the hand's tally.

``lowball.ranking.classes`` judges one hand of every shape by the literate
rules. Here each of those verdicts becomes a ``HandClass`` (system, category,
class rank and, when first asked, the name), filed under the shape's rank key
(``lowball.ranking.tally``) in one of two dictionaries: five cards of one suit,
or not. Ranking five cards is then a sum of five numbers, a check that they are
five distinct cards, and one look-up; ``rank_of`` is that path.

Anything the look-up does not cover (a joker, card text that is not five plain
tokens, a duplicate card, a wrong count) takes the plain road: the card parser,
which names the problem, then the joker's resolution (F8), then the same tables.

A badugi system (U1) files its classes by the set of ranks that plays
(``SetTables``): its hands take the plain road, four cards parsed, then one look-up.
"""

from __future__ import annotations

import functools
from typing import Iterable

from lowball.core.cards import CARD_TOKENS, JOKER, Card, parse_cards
from lowball.core.rankings import HAND_SIZE, RankingSystem
from lowball.ranking.classes import (
    SetShape, Shape, representative, set_classes, set_representative, set_shape, shape, shape_classes,
)
from lowball.ranking.joker import refuse_joker, resolve_joker
from lowball.ranking.literate import as_system
from lowball.ranking.names import hand_name
from lowball.ranking.tally import CARD_MASK, FIVE_OF_A_SUIT, RANK_SHIFT, SUIT_MASK, SUIT_SHIFT, TALLY, TOKEN_TALLY, ranks_key


class HandClass:
    """One class of five-card hands in one system: what all its hands share (H2, H3).

    >>> five_tables("ace-to-six").plain[ranks_key([6, 4, 3, 2, 14])]
    HandClass(system='ace-to-six', category='no-pair', rank=1, name='six-four low')
    """

    __slots__ = ("system", "category", "rank", "shape", "_row", "_name")

    def __init__(self, row: RankingSystem, shape_: Shape | SetShape, rank: int, category: str):
        self.system = row.key
        self.category = category
        self.rank = rank
        self.shape = shape_
        self._row = row
        self._name: str | None = None

    @property
    def name(self) -> str:
        """Return the class's short name ('six-four low'), worked out the first time it is asked for."""
        if self._name is None:
            example = representative(*self.shape) if self._row.five_cards else \
                set_representative(self.shape, self._row.hand_size)
            self._name = hand_name(example, self._row)
        return self._name

    def __repr__(self) -> str:
        return (f"HandClass(system={self.system!r}, category={self.category!r}, rank={self.rank!r}, "
                f"name={self.name!r})")


class FiveTables:
    """A system's classes filed by rank key: ``plain`` for hands of mixed suits, ``flush`` for one suit.

    The fast paths read two more views of the same classes, built so that a
    hand needs as few questions as possible:

    * ``classes``: a paired rank key gives its class; a key of five different
      ranks gives the pair (mixed suits, one suit) of classes. Five different
      ranks cannot hold a card twice, so only a paired hand needs the
      duplicate check, and only an unpaired one the flush check;
    * ``ranks``: the class rank of a paired key, or minus the mixed-suit rank
      of an unpaired key (the sign says which), and ``flush_rank`` for one suit.
    """

    def __init__(self, row: RankingSystem):
        self.row = row
        self.plain: dict[int, HandClass] = {}
        self.flush: dict[int, HandClass] = {}
        for shape_, (rank, category) in shape_classes(row).items():
            ranks, one_suit = shape_
            (self.flush if one_suit else self.plain)[ranks_key(ranks)] = HandClass(row, shape_, rank, category)
        self.classes: dict[int, HandClass | tuple[HandClass, HandClass]] = {
            key: (klass, self.flush[key]) if key in self.flush else klass for key, klass in self.plain.items()}
        self.ranks = {key: -klass.rank if key in self.flush else klass.rank for key, klass in self.plain.items()}
        self.flush_rank = {key: klass.rank for key, klass in self.flush.items()}


class SetTables:
    """A badugi system's classes (U1), filed by the set of ranks that plays: ``by_set[set_shape(hand)]``.

    >>> five_tables("badugi").by_set[(2, 3, 4, 14)]
    HandClass(system='badugi', category='four-card', rank=1, name='four-card badugi, four-high')
    """

    def __init__(self, row: RankingSystem):
        self.row = row
        self.by_set: dict[SetShape, HandClass] = {
            ranks: HandClass(row, ranks, rank, category) for ranks, (rank, category) in set_classes(row).items()}
        self.seen: dict[frozenset[Card], HandClass] = {}     # at most the 270,725 hands of four

    def class_of(self, cards: str | Iterable[Card | str]) -> tuple[HandClass, tuple[Card, ...]]:
        """Return the class of a hand of the system's size and the cards: parsed (naming any problem), then looked up.

        Each hand is read once by the literate rules (U1); a hand met again is a look-up by its set of cards.
        """
        hand = parse_cards(cards, count=self.row.hand_size)
        key = frozenset(hand)
        klass = self.seen.get(key)
        if klass is None:
            if JOKER in hand:
                raise refuse_joker(self.row)
            klass = self.seen[key] = self.by_set[set_shape(hand, self.row)]
        return klass, hand


@functools.cache
def _tables_of_row(row: RankingSystem) -> FiveTables | SetTables:
    return FiveTables(row) if row.five_cards else SetTables(row)


_BY_ARGUMENT: dict[object, FiveTables] = {}
# The argument as given (a name, a row, None) -> the tables' dictionaries: the fast paths' first look-up.
# Filled by ``five_tables``; a fast path that misses takes the plain road, which calls it.
CLASSES_BY_ARGUMENT: dict[object, dict[int, HandClass | tuple[HandClass, HandClass]]] = {}
RANKS_BY_ARGUMENT: dict[object, tuple[dict[int, int], dict[int, int]]] = {}


def five_tables(system: str | RankingSystem | None) -> FiveTables | SetTables:
    """Return the look-up tables of ``system`` (a name, a row, or None for the teaching table's); badugi's by set.

    Cached by the argument as given, so the usual call (a system's name) costs one dictionary look-up.

    >>> len(five_tables("ace-to-five").plain), len(five_tables("ace-to-five").flush), len(five_tables("badugi").by_set)
    (6175, 1287, 1092)
    """
    try:
        return _BY_ARGUMENT[system]
    except (KeyError, TypeError):
        tables = _tables_of_row(as_system(system))
    if isinstance(tables, SetTables):
        _BY_ARGUMENT[system] = tables      # never in the five-card fast paths' dictionaries
        return tables
    try:
        _BY_ARGUMENT[system] = tables
        CLASSES_BY_ARGUMENT[system] = tables.classes
        RANKS_BY_ARGUMENT[system] = tables.ranks, tables.flush_rank
    except TypeError:
        pass                # an unhashable argument is not cached (as_system has refused it already)
    return tables


def class_of(cards: str | Iterable[Card | str], system: str | RankingSystem | None = None) -> tuple[HandClass, tuple[Card, ...]]:
    """Return the class of five cards under ``system`` and the cards themselves (parsed if given as text).

    >>> klass, cards = class_of("Ac 6d 5h 3s Jk", "ace-to-five")     # F8: the joker plays as the deuce
    >>> klass.name, len(cards)
    ('six-five low', 5)
    >>> class_of("7s 3s 2h Ad", "badugi")[0].name                     # U1: the 7s shares the 3s's suit
    'three-card hand, three-high'
    """
    tables = five_tables(system)
    if type(tables) is SetTables:
        return tables.class_of(cards)
    try:
        if type(cards) is str:
            a, b, c, d, e = cards.split()
            total = TOKEN_TALLY[a] + TOKEN_TALLY[b] + TOKEN_TALLY[c] + TOKEN_TALLY[d] + TOKEN_TALLY[e]
            hand = (CARD_TOKENS[a], CARD_TOKENS[b], CARD_TOKENS[c], CARD_TOKENS[d], CARD_TOKENS[e])
        else:
            a, b, c, d, e = hand = cards if type(cards) is tuple else tuple(cards) if type(cards) is list else ()
            if not type(a) is type(b) is type(c) is type(d) is type(e) is Card:
                raise KeyError(a)
            total = TALLY[a] + TALLY[b] + TALLY[c] + TALLY[d] + TALLY[e]
        klass = tables.classes[total >> RANK_SHIFT]
        if type(klass) is tuple:        # five different ranks: no duplicate possible; all one suit?
            return klass[(total >> SUIT_SHIFT) & SUIT_MASK in FIVE_OF_A_SUIT], hand
        if (total & CARD_MASK).bit_count() == HAND_SIZE:
            return klass, hand
    except (KeyError, ValueError):
        pass
    return _class_plainly(cards, tables)


def rank_of(cards: str | Iterable[Card | str], system: str | RankingSystem | None = None) -> int:
    """Return the class rank (1 = best) of five cards under ``system``: the fast path of ``class_of``.

    Only the rank is wanted, so anything equal to five distinct cards is ranked
    (a ``Card`` is a named tuple: ``(14, 'c') == Card(14, 'c')``).

    >>> rank_of("6c 4h 3s 2d Ac", "ace-to-six"), rank_of("5s 4d 3c 2h Ad", "ace-to-five")
    (1, 1)
    >>> rank_of("7c 5h 4s 3d 2c", "deuce-to-seven") < rank_of("7d 6s 5c 4c 2d", "deuce-to-seven")
    True
    >>> rank_of("6c 4h 3s 2d 6c")
    Traceback (most recent call last):
    lowball.errors.CardError: duplicate card '6c'
    """
    try:
        ranks, flush = RANKS_BY_ARGUMENT[system]
        # Only a tuple is unpacked here: an iterator would be used up before the plain road could read it.
        a, b, c, d, e = cards if type(cards) is tuple else ()
        total = TALLY[a] + TALLY[b] + TALLY[c] + TALLY[d] + TALLY[e]
        rank = ranks[total >> RANK_SHIFT]
        if rank < 0:                    # five different ranks: no duplicate possible; all one suit?
            if (total >> SUIT_SHIFT) & SUIT_MASK in FIVE_OF_A_SUIT:
                return flush[total >> RANK_SHIFT]
            return -rank
        if (total & CARD_MASK).bit_count() == HAND_SIZE:     # a pair or more: five distinct cards?
            return rank
    except (KeyError, ValueError, TypeError):
        pass
    return class_of(cards, system)[0].rank


def _class_plainly(cards: str | Iterable[Card | str], tables: FiveTables) -> tuple[HandClass, tuple[Card, ...]]:
    """Return the class of five cards the plain way: parse (naming any problem), resolve the joker, look up."""
    hand = parse_cards(cards, count=HAND_SIZE)
    natural = hand
    if JOKER in hand:
        if tables.row.joker is None:
            raise refuse_joker(tables.row)
        natural = resolve_joker(hand, tables.row)
    ranks, one_suit = shape(natural)
    return (tables.flush if one_suit else tables.plain)[ranks_key(ranks)], hand
