"""A Z3 model of a ranking system, built from its table row (H1-H4, K1, F1, L1).

A symbolic hand is five distinct cards (rank 2-14, suit 0-3). From the row we
build, as Z3 terms, its category (H2) and the values its tie-break parts
compare (H3), then "hand h beats hand g" as the table's lexicographic order.
Every part is a vector over the ranks from the top down (the rank counts, or a
0/1 mark of the ranks in the part): comparing two such vectors from the top,
the first rank where they differ decides, exactly as comparing the cards
from the highest down does (H3). The top card of a straight is its value.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Sequence

import z3

from lowball.core.rankings import HAND_SIZE
from lowball.core.cards import ACE, SUIT_CHARS, Card, parse_cards, rank_value
from lowball.core.rankings import CATEGORIES, RankingSystem

RANKS = range(2, 15)


@dataclass
class SymHand:
    """A symbolic hand as a ranking reads it: how many cards of each rank, and whether all share a suit.

    ``shape()`` states what any five distinct cards satisfy. ``CardHand`` builds
    the same terms from five symbolic cards, and ``lowball.verify.ranking``
    proves that every five distinct cards have such a shape, so what is proved
    of shapes holds of every hand.
    """

    name: str
    system: RankingSystem

    def __post_init__(self) -> None:
        self.count = {v: z3.Int(f"{self.name}_n{v}") for v in RANKS}
        self.one_suit = z3.Bool(f"{self.name}_suited")

    def shape(self) -> z3.BoolRef:
        """Return the constraint on a shape: 0-4 cards of a rank, five in all, one suit only if unpaired."""
        bounds = [z3.And(0 <= c, c <= len(SUIT_CHARS)) for c in self.count.values()]
        total = z3.Sum(list(self.count.values())) == HAND_SIZE
        suited = z3.Implies(self.one_suit, z3.And([c <= 1 for c in self.count.values()]))
        return z3.And(bounds + [total, suited])

    well_formed = shape

    def value(self, rank: int) -> int:
        """Return what a rank counts in this system: the ace is 1 when the ace is low (H1)."""
        return rank_value(rank, self.system.ace == "low")

    @property
    def top_down(self) -> list[int]:
        """Return the natural ranks from the highest to the lowest as this system counts them."""
        return sorted(RANKS, key=self.value, reverse=True)

    def run(self, ranks: Sequence[int]) -> z3.BoolRef:
        return z3.And([self.count[v] == 1 for v in ranks])

    @cached_property
    def straight_tops(self) -> list[tuple[z3.BoolRef, int]]:
        """Return (condition, top card) for every run of five this system counts as a straight (H4: no wrap)."""
        row = self.system
        if not row.straights_count:
            return []
        runs = [(self.run(range(top - 4, top + 1)), top) for top in range(6, 14)]
        if row.wheel_is_straight:
            runs.append((self.run([ACE, 2, 3, 4, 5]), 5))
        if row.broadway_is_straight:
            runs.append((self.run([10, 11, 12, 13, ACE]), ACE))
        return runs

    @cached_property
    def straight(self) -> z3.BoolRef:
        return z3.Or([cond for cond, _ in self.straight_tops]) if self.straight_tops else z3.BoolVal(False)

    @cached_property
    def flush(self) -> z3.BoolRef:
        return self.one_suit if self.system.flushes_count else z3.BoolVal(False)

    def _with(self, size: int) -> z3.BoolRef:
        return z3.Or([c == size for c in self.count.values()])

    @cached_property
    def pairs(self) -> z3.ArithRef:
        return z3.Sum([z3.If(c == 2, 1, 0) for c in self.count.values()])

    @cached_property
    def is_category(self) -> dict[str, z3.BoolRef]:
        """Return the condition for each category (H2), by the counts and by straight and flush."""
        distinct = z3.And(z3.Not(self._with(2)), z3.Not(self._with(3)), z3.Not(self._with(4)))
        return {
            "quads": self._with(4),
            "full-house": z3.And(self._with(3), self._with(2)),
            "trips": z3.And(self._with(3), z3.Not(self._with(2))),
            "two-pair": self.pairs == 2,
            "pair": z3.And(self.pairs == 1, z3.Not(self._with(3))),
            "straight-flush": z3.And(distinct, self.straight, self.flush),
            "straight": z3.And(distinct, self.straight, z3.Not(self.flush)),
            "flush": z3.And(distinct, z3.Not(self.straight), self.flush),
            "no-pair": z3.And(distinct, z3.Not(self.straight), z3.Not(self.flush)),
        }

    @cached_property
    def category_index(self) -> z3.ArithRef:
        """Return the place of the hand's category in the table's order, best first; -1 if the order lacks it."""
        index: z3.ArithRef = z3.IntVal(-1)
        for place, category in reversed(list(enumerate(self.system.category_order))):
            index = z3.If(self.is_category.get(category, z3.BoolVal(False)), place, index)
        return index

    def _one_hot(self, holds) -> list[z3.ArithRef]:
        """Return a 0/1 entry per rank from the top down: comparing these from the top compares the ranks held."""
        return [z3.If(holds(v), 1, 0) for v in self.top_down]

    def _pair_at(self, v: int, pick: str) -> z3.BoolRef:
        """Return whether rank ``v`` is the higher (or lower) of two pairs."""
        order = self.top_down
        others = order[: order.index(v)] if pick == "high" else order[order.index(v) + 1:]
        return z3.And(self.count[v] == 2, *[self.count[u] != 2 for u in others])

    def part(self, part: str) -> list[z3.ArithRef]:
        """Return the terms one tie-break part compares, in order (H3)."""
        if part == "cards":
            return [self.count[v] for v in self.top_down]
        if part == "kickers":
            return self._one_hot(lambda v: self.count[v] == 1)
        if part == "top-card":
            top: z3.ArithRef = z3.IntVal(0)
            for cond, card in self.straight_tops:
                top = z3.If(cond, card, top)
            return [top]
        if part in ("high-pair", "low-pair"):
            return self._one_hot(lambda v: self._pair_at(v, part.split("-")[0]))
        size = {"pair": 2, "trips": 3, "quads": 4}[part]
        return self._one_hot(lambda v: self.count[v] == size)

    def parts(self, category: str) -> list[z3.ArithRef]:
        """Return all terms compared inside ``category``, in the table's order."""
        return [term for part in dict(self.system.tie_break).get(category, ()) for term in self.part(part)]


def lex_better(mine: Sequence[z3.ArithRef], theirs: Sequence[z3.ArithRef], lower: bool) -> z3.BoolRef:
    """Return the condition that ``mine`` wins the lexicographic comparison (lower values win when ``lower``)."""
    result: z3.BoolRef = z3.BoolVal(False)
    for a, b in reversed(list(zip(mine, theirs))):
        wins = a < b if lower else a > b
        result = z3.Or(wins, z3.And(a == b, result))
    return result


def beats(h: SymHand, g: SymHand) -> z3.BoolRef:
    """Return the condition that hand ``h`` beats hand ``g``: a better category, or the same and better parts."""
    lower = h.system.better == "lower"
    same_category_wins = [z3.And(h.is_category[c], g.is_category[c], lex_better(h.parts(c), g.parts(c), lower))
                          for c in CATEGORIES]
    return z3.Or(h.category_index < g.category_index,
                 z3.And(h.category_index == g.category_index, z3.Or(same_category_wins)))


def ties(h: SymHand, g: SymHand) -> z3.BoolRef:
    """Return the condition that neither hand beats the other."""
    return z3.And(z3.Not(beats(h, g)), z3.Not(beats(g, h)))


def same_value(h: SymHand, g: SymHand) -> z3.BoolRef:
    """Return the rules' tie condition (S2): the same ranks and, where flushes count, the same flush status."""
    same_ranks = z3.And([h.count[v] == g.count[v] for v in RANKS])
    return z3.And(same_ranks, h.flush == g.flush)


class CardHand(SymHand):
    """Five symbolic distinct cards (rank 2-14, suit 0-3), with the shape terms defined from them."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.ranks = [z3.Int(f"{self.name}_r{i}") for i in range(HAND_SIZE)]
        self.suits = [z3.Int(f"{self.name}_s{i}") for i in range(HAND_SIZE)]

    def cards_exist(self) -> z3.BoolRef:
        """Return the constraint that the five cards exist and are distinct."""
        cards = list(zip(self.ranks, self.suits))
        exist = [z3.And(2 <= r, r <= ACE, 0 <= s, s < len(SUIT_CHARS)) for r, s in cards]
        distinct = [z3.Or(a[0] != b[0], a[1] != b[1]) for i, a in enumerate(cards) for b in cards[i + 1:]]
        return z3.And(exist + distinct)

    @cached_property
    def holds(self) -> list[dict[int, z3.ArithRef]]:
        """Return, per card and rank, a 0/1 term: 1 when that card has that rank."""
        return [{v: z3.Int(f"{self.name}_c{i}_is{v}") for v in RANKS} for i in range(HAND_SIZE)]

    def defined(self) -> z3.BoolRef:
        """Return the definitions of the shape terms from the cards."""
        marks = [self.holds[i][v] == z3.If(r == v, 1, 0) for i, r in enumerate(self.ranks) for v in RANKS]
        counts = [self.count[v] == z3.Sum([self.holds[i][v] for i in range(HAND_SIZE)]) for v in RANKS]
        suited = self.one_suit == z3.And([s == self.suits[0] for s in self.suits[1:]])
        return z3.And(marks + counts + [suited])

    def one_rank_each(self) -> list[z3.BoolRef]:
        """Return, per card, the lemma that it has exactly one rank."""
        return [z3.Sum(list(self.holds[i].values())) == 1 for i in range(HAND_SIZE)]

    def well_formed(self) -> z3.BoolRef:
        """Return: five distinct cards, and the shape terms they define."""
        return z3.And(self.cards_exist(), self.defined())

    def equals(self, cards: Sequence[Card]) -> z3.BoolRef:
        """Return the constraint that this hand is the given concrete cards (in order)."""
        return z3.And([z3.And(r == c.rank, s == SUIT_CHARS.index(c.suit))
                       for r, s, c in zip(self.ranks, self.suits, cards)])

    def cards(self, model: z3.ModelRef) -> tuple[Card, ...]:
        """Return the concrete cards of this hand in a model."""
        return tuple(Card(model.eval(r, model_completion=True).as_long(),
                          SUIT_CHARS[model.eval(s, model_completion=True).as_long()])
                     for r, s in zip(self.ranks, self.suits))


def concrete(name: str, text: str, system: RankingSystem) -> tuple[CardHand, z3.BoolRef]:
    """Return a symbolic hand pinned to the cards in ``text``, with its constraint."""
    hand = CardHand(name, system)
    return hand, z3.And(hand.well_formed(), hand.equals(parse_cards(text, count=HAND_SIZE)))


def shape_cards(hand: SymHand, model: z3.ModelRef) -> tuple[Card, ...]:
    """Return five concrete cards with the shape a model gives ``hand`` (any suits that fit)."""
    from lowball.ranking import representative

    ranks = [v for v in RANKS for _ in range(model.eval(hand.count[v], model_completion=True).as_long())]
    return representative(ranks, z3.is_true(model.eval(hand.one_suit, model_completion=True)))
