"""A Z3 model of a badugi ranking (U1-U3), built from its table row: four symbolic cards and the set that plays.

A symbolic hand is four distinct cards (rank 2-14, suit 0-3). Every subset of
them may play if it holds no two of one rank and no two of one suit (U1). The
ranks a subset holds are marked in a 13-bit vector, the lowest card (the ace,
where it counts low: U3) in bit 0: read from the top bit down, the marks say
which cards a set holds from the highest down, so comparing two sets from the
highest card down (U3) is comparing the vectors as unsigned numbers. The set
that plays is found as U1 says: of the largest allowed subsets, the lowest;
its size is the hand's category (U2, in the row's order) and its marks are
what the row's tie-break part ``cards`` compares.

This is U1 read over the subsets of the hand, never the fast path's table:
what is proved here is proved of the rule, and ``tests/rankings/test_badugi.py`` ties
the evaluator to it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from typing import Sequence

import z3

from lowball.core.cards import ACE, SUIT_CHARS, Card, parse_cards, rank_value
from lowball.core.rankings import SET_SIZES, RankingSystem
from lowball.verify.hands import RANKS

RANK_BITS = len(RANKS)
SIZE_BITS = 4                  # a set of up to four cards, and the places of up to four categories


@dataclass
class SetShape:
    """What a badugi ranking reads of a hand (U1-U3): the size of the set that plays and the ranks it holds.

    ``shape()`` states what any set that plays satisfies: one to four cards, each of a rank of its own.
    ``SetHand`` builds the same terms from four symbolic cards, and ``lowball.verify.ranking`` proves that
    the set that plays of any four distinct cards is such a shape, so what is proved of shapes holds of
    every hand.
    """

    name: str
    system: RankingSystem

    def __post_init__(self) -> None:
        self._size = z3.BitVec(f"{self.name}_size", SIZE_BITS)
        self._played = z3.BitVec(f"{self.name}_played", RANK_BITS)

    @property
    def size(self) -> z3.BitVecRef:
        """Return the size of the set that plays (U1)."""
        return self._size

    @property
    def played(self) -> z3.BitVecRef:
        """Return the ranks of the set that plays, the lowest card in bit 0 (U3)."""
        return self._played

    def shape(self) -> z3.BoolRef:
        """Return the constraint on a shape: one card of each rank marked, from one card to the hand's size."""
        return shape_of(self.size, self.played, self.system)

    well_formed = shape

    def value(self, rank: int) -> int:
        """Return what a rank counts in this system: the ace is 1 when the ace is low (U3)."""
        return rank_value(rank, self.system.ace == "low")

    def bit(self, rank: int) -> int:
        """Return the bit of a natural rank in the marks: the lowest card of the system is bit 0 (U3)."""
        return self.value(rank) - min(map(self.value, RANKS))

    @cached_property
    def is_category(self) -> dict[str, z3.BoolRef]:
        """Return the condition for each category of the row (U2): the size of the set that plays."""
        return {category: self.size == SET_SIZES[category] for category in self.system.category_order}

    @cached_property
    def category_index(self) -> z3.BitVecRef:
        """Return the place of the hand's category in the row's order, best first; all ones if the order lacks it."""
        index = z3.BitVecVal(-1, SIZE_BITS)
        for place, category in reversed(list(enumerate(self.system.category_order))):
            index = z3.If(self.is_category[category], z3.BitVecVal(place, SIZE_BITS), index)
        return index

    @property
    def placed(self) -> z3.BoolRef:
        """Return the condition that the hand falls in a category of the row's order (U2, U5)."""
        return z3.Or(list(self.is_category.values()))

    def parts(self, category: str) -> list[z3.BitVecRef]:
        """Return the terms compared inside ``category``: the cards that play, from the top (U3)."""
        return [self.played for part in dict(self.system.tie_break)[category] if part == "cards"]

    def cards(self, model: z3.ModelRef) -> tuple[Card, ...]:
        """Return a concrete hand whose set that plays is this shape in a model."""
        from lowball.ranking.classes import set_representative

        marks = model.eval(self.played, model_completion=True).as_long()
        ranks = tuple(v for v in RANKS if marks >> self.bit(v) & 1)
        return set_representative(ranks, self.system.hand_size)


def shape_of(size: z3.BitVecRef, played: z3.BitVecRef, system: RankingSystem) -> z3.BoolRef:
    """Return the condition that ``played`` marks exactly ``size`` ranks, from one to the system's hand size."""
    count = z3.Sum([z3.ZeroExt(SIZE_BITS - 1, z3.Extract(i, i, played)) for i in range(RANK_BITS)])
    return z3.And(count == size, z3.ULE(1, size), z3.ULE(size, system.hand_size))


@dataclass
class SetHand(SetShape):
    """Four (or the row's hand size) symbolic distinct cards, read as badugi reads them (U1-U3)."""

    def __post_init__(self) -> None:
        size = self.system.hand_size
        # Bit-vectors throughout: the claims are then propositional, which Z3 decides by SAT.
        self.ranks = [z3.BitVec(f"{self.name}_r{i}", 4) for i in range(size)]
        self.suits = [z3.BitVec(f"{self.name}_s{i}", 2) for i in range(size)]

    def well_formed(self) -> z3.BoolRef:
        """Return the constraint that the cards exist and are distinct."""
        cards = list(zip(self.ranks, self.suits))
        exist = [z3.And(z3.ULE(2, r), z3.ULE(r, ACE)) for r, _ in cards]        # two bits hold the four suits
        distinct = [z3.Or(a[0] != b[0], a[1] != b[1]) for a, b in itertools.combinations(cards, 2)]
        return z3.And(exist + distinct)

    shape = well_formed

    @cached_property
    def subsets(self) -> list[tuple[int, ...]]:
        """Return every non-empty subset of the card positions, smallest first."""
        size = len(self.ranks)
        return [chosen for count in range(1, size + 1) for chosen in itertools.combinations(range(size), count)]

    def allowed(self, chosen: Sequence[int]) -> z3.BoolRef:
        """Return the condition that the chosen cards hold no two of one rank and no two of one suit (U1)."""
        return z3.And([z3.And(self.ranks[i] != self.ranks[j], self.suits[i] != self.suits[j])
                       for i, j in itertools.combinations(chosen, 2)] or [z3.BoolVal(True)])

    @cached_property
    def card_marks(self) -> list[z3.BitVecRef]:
        """Return, per card, its rank as a 13-bit vector with one bit set (the lowest card bit 0, U3)."""
        marks = []
        for rank in self.ranks:
            mark = z3.BitVecVal(0, RANK_BITS)
            for v in RANKS:
                mark = z3.If(rank == v, z3.BitVecVal(1 << self.bit(v), RANK_BITS), mark)
            marks.append(mark)
        return marks

    def marks(self, chosen: Sequence[int]) -> z3.BitVecRef:
        """Return the ranks the chosen cards hold as a 13-bit vector, the lowest card in bit 0 (U3)."""
        marks = z3.BitVecVal(0, RANK_BITS)
        for i in chosen:
            marks = marks | self.card_marks[i]
        return marks

    @cached_property
    def _playing(self) -> tuple[z3.BitVecRef, z3.BitVecRef]:
        """Return (size, marks) of the set that plays: the largest allowed subset, the lowest of those (U1, U3)."""
        size = z3.BitVecVal(0, SIZE_BITS)
        marks = z3.BitVecVal(0, RANK_BITS)
        for chosen in self.subsets:              # smallest first, so a larger allowed set always takes over
            mine, count = self.marks(chosen), z3.BitVecVal(len(chosen), SIZE_BITS)
            better = z3.And(self.allowed(chosen), z3.Or(z3.ULT(size, count), z3.ULT(mine, marks)))
            size, marks = z3.If(better, count, size), z3.If(better, mine, marks)
        return size, marks

    @property
    def size(self) -> z3.BitVecRef:
        """Return the size of the set that plays (U1)."""
        return self._playing[0]

    @property
    def played(self) -> z3.BitVecRef:
        """Return the marks of the set that plays."""
        return self._playing[1]

    def equals(self, cards: Sequence[Card]) -> z3.BoolRef:
        """Return the constraint that this hand is the given concrete cards (in order)."""
        return z3.And([z3.And(r == c.rank, s == SUIT_CHARS.index(c.suit))
                       for r, s, c in zip(self.ranks, self.suits, cards)])

    def cards(self, model: z3.ModelRef) -> tuple[Card, ...]:
        """Return the concrete cards of this hand in a model."""
        return tuple(Card(model.eval(r, model_completion=True).as_long(),
                          SUIT_CHARS[model.eval(s, model_completion=True).as_long()])
                     for r, s in zip(self.ranks, self.suits))


def _lower(mine: Sequence[z3.BitVecRef], theirs: Sequence[z3.BitVecRef]) -> z3.BoolRef:
    """Return the condition that ``mine`` is lower than ``theirs``, compared term by term from the first."""
    result: z3.BoolRef = z3.BoolVal(False)
    for a, b in reversed(list(zip(mine, theirs))):
        result = z3.Or(z3.ULT(a, b), z3.And(a == b, result))
    return result


def set_beats(h: SetShape, g: SetShape) -> z3.BoolRef:
    """Return the condition that hand ``h`` beats hand ``g``: a better size, or the same and lower cards (U2, U3)."""
    same = [z3.And(h.is_category[c], g.is_category[c], _lower(h.parts(c), g.parts(c)))
            for c in h.system.category_order]
    return z3.Or(z3.ULT(h.category_index, g.category_index),
                 z3.And(h.category_index == g.category_index, z3.Or(same)))


def set_ties(h: SetShape, g: SetShape) -> z3.BoolRef:
    """Return the condition that neither hand beats the other."""
    return z3.And(z3.Not(set_beats(h, g)), z3.Not(set_beats(g, h)))


def same_played(h: SetShape, g: SetShape) -> z3.BoolRef:
    """Return the rules' tie condition (U3, S2): the cards that play hold the same ranks; nothing else counts."""
    return h.played == g.played


def concrete_set(name: str, text: str, system: RankingSystem) -> tuple[SetHand, z3.BoolRef]:
    """Return a symbolic hand pinned to the cards in ``text``, with its constraint."""
    hand = SetHand(name, system)
    return hand, z3.And(hand.well_formed(), hand.equals(parse_cards(text, count=system.hand_size)))
