"""Exact draw odds: every equally likely replacement set, counted by the class it ends in (D1).

A player who throws k cards gets k new ones from the 47 cards they have not
seen: their own discards never come back (D1), and the other players' cards are
unseen to them, so every k-card set of those 47 is equally likely. With the
joker in the deck (``deck=53``, F2, F8, in a system that takes it) there are 48
unseen cards, the joker one more out; a final hand that holds it is ranked as
the hand the joker completes. Counting the
final class of each set gives the exact odds; no sampling. Over all 32 ways of
discarding from one hand that is C(52, 5) = 2,598,960 final hands (choose which
of the 5 held cards to keep and which of the 47 to draw), ranked with the
vectorized evaluator of ``lowball.ranking.fast``.

The odds are reported by *kind of low*: "seven-low or better" means a final
hand at least as good as the worst no-pair hand topped by a seven (so under
ace-to-six a 7-5-4-3-2 counts and the straight 5-4-3-2-A does not, H2).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

import numpy as np

from lowball.core.arguments import cache
from lowball.core.cards import DECK, JOKER, SUIT_CHARS, Card, deck_of, format_cards, parse_cards
from lowball.core.files import quote
from lowball.core.rankings import HAND_SIZE
from lowball.errors import CardError, LowballError
from lowball.ranking.fast import (
    combinations_array, joker_shape_codes, rank_table, shape_codes, shape_hands, shape_ranks, shape_of,
)
from lowball.ranking.joker import refuse_joker
from lowball.ranking import RankingSystem, as_system, category, hand_cards, value  # noqa: F401 (hand_cards: doctests)
from lowball.ranking.classes import set_classes
from lowball.core.rankings import load_rankings

# The kinds of low reported one by one go up to a ten-low; worse lows are only counted as "no pair".
HIGHEST_NAMED_LOW = 10
# The goal used when none is given: the first of these that the system has.
DEFAULT_GOALS = ("seven", "straight")


# ---- Counting every replacement set ----

def split_hand(cards: str | Iterable[Card | str], discard: str | Iterable[Card | str],
               deck: int = len(DECK), size: int = HAND_SIZE) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Return the five cards held and the cards thrown, refusing a discard that is not in the hand.

    >>> held, thrown = split_hand("Ac 2d 3h 4s Kc", "Kc")
    >>> format_cards(thrown)
    'Kc'
    >>> split_hand("Ac 2d 3h 4s Kc", "Qs")
    Traceback (most recent call last):
    lowball.errors.CardError: cannot discard Qs: it is not in the hand Ac 2d 3h 4s Kc
    >>> split_hand("Ac 2d 3h 4s Jk", "Jk")
    Traceback (most recent call last):
    lowball.errors.CardError: the joker is not in a 52-card deck: draw from the 53-card deck (F8)
    """
    pack = deck_of(deck)
    held = parse_cards(cards, count=size)          # five cards; four in badugi (U4)
    thrown = parse_cards(discard)
    for card in thrown:
        if card not in held:
            raise CardError(f"cannot discard {card}: it is not in the hand {format_cards(held)}")
    if JOKER in held and JOKER not in pack:
        raise CardError(f"the joker is not in a {deck}-card deck: draw from the {len(DECK) + 1}-card deck (F8)")
    return held, thrown


def final_hands(held: tuple[Card, ...], thrown: tuple[Card, ...], deck: int = len(DECK)) -> np.ndarray:
    """Return every hand the draw can end in, one row of deck indexes each: the cards kept plus each replacement set.

    Indexes are into ``deck_of(deck)``: ``DECK``, and 52 for the joker.

    >>> held, thrown = split_hand("Ac 2d 3h 4s Kc", "4s Kc")
    >>> rows = final_hands(held, thrown)
    >>> rows.shape, format_cards(DECK[i] for i in rows[0])       # C(47, 2) draws; the first takes 2c 2h
    ((1081, 5), 'Ac 2d 3h 2c 2h')
    >>> final_hands(held, thrown, deck=53).shape                 # C(48, 2): the joker is one more unseen card
    (1128, 5)
    """
    cards = deck_of(deck)
    index = {card: i for i, card in enumerate(cards)}
    kept = [index[card] for card in held if card not in thrown]
    unseen = np.array([i for i, card in enumerate(cards) if card not in held], dtype=np.uint8)  # 47 or 48 (D1)
    draws = unseen[combinations_array(len(unseen), len(thrown))]
    hands = np.empty((len(draws), HAND_SIZE), dtype=np.uint8)
    hands[:, :len(kept)] = kept
    hands[:, len(kept):] = draws
    return hands


def outcome_counts(held: tuple[Card, ...], thrown: tuple[Card, ...], system: RankingSystem,
                   deck: int = len(DECK)) -> np.ndarray:
    """Return how many replacement sets end in each class rank, as an array indexed by class rank (index 0 unused).

    >>> counts = outcome_counts(*split_hand("Ac 2d 3h 4s Kc", "Kc"), as_system("ace-to-six"))
    >>> int(counts.sum()), int(counts[1])                          # 47 draws; a six makes class 1
    (47, 4)
    """
    rows = final_hands(held, thrown, deck)
    if deck == len(DECK):
        codes = shape_codes(rows)
    else:
        codes = joker_shape_codes(rows, system)        # refuses a system without a joker (F2, F8)
    ranks = rank_table(system)[codes]
    return np.bincount(ranks, minlength=len(shape_ranks(system)) + 1)


def draw_outcomes(cards: str | Iterable[Card | str], discard: str | Iterable[Card | str],
                  system: str | RankingSystem | None = None, deck: int = len(DECK)) -> Counter[int]:
    """Return, for five cards and the cards thrown, how many replacement sets end in each class rank.

    Every set of as many cards from the 47 unseen ones is equally likely (D1);
    48 with the joker in the deck (``deck=53``, F8).
    Under ace-to-six, A-2-3-4 drawing one makes the six-four (class 1) with any
    of the four sixes; a five makes the wheel, a straight (H2):

    >>> outcomes = draw_outcomes("Ac 2d 3h 4s Kc", "Kc", "ace-to-six")
    >>> sum(outcomes.values()), outcomes[1]
    (47, 4)
    >>> sum(draw_outcomes("Ac 2d 3h 4s Kc", "Ac 2d 3h 4s Kc", "deuce-to-seven").values())   # C(47, 5)
    1533939
    >>> from lowball import evaluate
    >>> draw_outcomes("Ac 2d 3h 4s Kc", "", "ace-to-five") == {evaluate("Ac 2d 3h 4s Kc", "ace-to-five").rank: 1}
    True
    >>> draw_outcomes("Ac 2d 3h 4s Kc", "Kc", "ace-to-five", deck=53)[1]     # F8: four fives and the joker
    5
    >>> draw_outcomes("Ac 2d 3h 4s Kc", "Qs")
    Traceback (most recent call last):
    lowball.errors.CardError: cannot discard Qs: it is not in the hand Ac 2d 3h 4s Kc
    """
    row = as_system(system)
    held, thrown = split_hand(cards, discard, deck)
    if deck != len(DECK) and row.joker is None:
        raise refuse_joker(row)
    counts = outcome_counts(held, thrown, row, deck)
    return Counter({int(rank): int(counts[rank]) for rank in np.flatnonzero(counts)})


def discards(cards: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Return all 32 ways to discard from a hand: standing pat first, then one card, two cards, ...

    >>> [format_cards(d) for d in discards(hand_cards("Ac 2d 3h 4s Kc"))][:3]
    ['', 'Ac', '2d']
    >>> len(discards(hand_cards("Ac 2d 3h 4s Kc")))
    32
    """
    held = tuple(cards)
    return [thrown for size in range(len(held) + 1) for thrown in itertools.combinations(held, size)]


# ---- Kinds of low (and, for the high ranking, kinds of high) ----

@dataclass(frozen=True, kw_only=True)
class Kind:
    """A kind of final hand: every class at least as good as ``worst_rank`` (e.g. "seven-low or better")."""

    key: str
    label: str
    worst_rank: int


@cache
def kinds(system: str | RankingSystem | None = None) -> tuple[Kind, ...]:
    """Return the kinds of hand the odds are reported by, best first; each includes the ones before it.

    A low system reports "X-low or better" from its best low up to a ten-low,
    then any no-pair hand; the high ranking reports "pair or better" and up.

    >>> [k.label for k in kinds("ace-to-six")]
    ['six-low or better', 'seven-low or better', 'eight-low or better', 'nine-low or better', 'ten-low or better', 'no pair']
    >>> [k.key for k in kinds("ace-to-five")][:2], [k.key for k in kinds("deuce-to-seven")][:2]
    (['five', 'six'], ['seven', 'eight'])
    >>> [k.label for k in kinds("high")][-2:]
    ['two pair or better', 'pair or better']
    """
    row = as_system(system)
    if row.better == "higher":
        return _high_kinds(row)
    if not row.five_cards:
        return _set_kinds(row)
    return _low_kinds(row)


def _class_facts(row: RankingSystem) -> list[tuple[int, str, int]]:
    """Return (class rank, category, top card's value) for one hand of every shape."""
    ranks = shape_ranks(row)
    return [(ranks[shape_of(hand)], category(hand, row), max(value(card, row) for card in hand))
            for hand in shape_hands()]


def _low_kinds(row: RankingSystem) -> tuple[Kind, ...]:
    """Return "X-low or better" from the system's best low up to a ten-low, then any no-pair hand."""
    worst_by_top: dict[int, int] = {}
    for rank, cat, top in _class_facts(row):
        if cat == "no-pair":
            worst_by_top[top] = max(rank, worst_by_top.get(top, 0))
    found = []
    for top in sorted(worst_by_top):
        if top > HIGHEST_NAMED_LOW:
            break
        name = load_rankings().rank_names["en"][top][0]
        worst = max(worst_by_top[t] for t in worst_by_top if t <= top)
        found.append(Kind(key=name, label=f"{name}-low or better", worst_rank=worst))
    found.append(Kind(key="no-pair", label=load_rankings().category("no-pair").en,
                      worst_rank=max(worst_by_top.values())))
    return tuple(found)


def _set_kinds(row: RankingSystem) -> tuple[Kind, ...]:
    """Return badugi's kinds (U2, U3): "X-high badugi or better" from the best badugi up to a ten-high, then any
    badugi (a hand of the largest size), then each smaller size or better."""
    by_size: dict[str, int] = {}
    worst_by_top: dict[int, int] = {}
    first = row.category_order[0]
    for ranks, (rank, cat) in set_classes(row).items():
        by_size[cat] = max(rank, by_size.get(cat, 0))
        if cat == first:
            top = max(value(Card(r, SUIT_CHARS[0]), row) for r in ranks)     # the ace low (U3)
            worst_by_top[top] = max(rank, worst_by_top.get(top, 0))
    names = load_rankings()
    found = []
    for top in sorted(worst_by_top):
        if top > HIGHEST_NAMED_LOW:
            break
        name = names.rank_names["en"][top][0]
        worst = max(worst_by_top[t] for t in worst_by_top if t <= top)
        found.append(Kind(key=name, label=f"{name}-high {row.en} or better", worst_rank=worst))
    for cat in row.category_order[:-1]:
        label = names.category(cat).en if cat == first else f"{names.category(cat).en} or better"
        found.append(Kind(key=cat, label=label, worst_rank=by_size[cat]))
    return tuple(found)


def _high_kinds(row: RankingSystem) -> tuple[Kind, ...]:
    """Return "C or better" for every category C but the worst (which is what is left over)."""
    worst_by_category: dict[str, int] = {}
    for rank, cat, _ in _class_facts(row):
        worst_by_category[cat] = max(rank, worst_by_category.get(cat, 0))
    found = []
    for cat in row.category_order[:-1]:
        worst = max(worst_by_category[c] for c in row.category_order[: row.category_order.index(cat) + 1])
        name = load_rankings().category(cat).en
        found.append(Kind(key=cat, label=name if cat == row.category_order[0] else f"{name} or better",
                          worst_rank=worst))
    return tuple(found)


def rest_label(system: str | RankingSystem | None = None) -> str:
    """Return the name of the hands that are none of the kinds: 'pair or worse' in a low system.

    >>> rest_label("ace-to-six"), rest_label("high")
    ('pair or worse', 'no pair')
    """
    row = as_system(system)
    if row.better == "higher":
        return load_rankings().category(row.category_order[-1]).en
    return f"{load_rankings().category(row.category_order[1]).en} or worse"


def goal_kind(system: str | RankingSystem, goal: str | None = None) -> Kind:
    """Return the kind named ``goal`` (e.g. ``"seven"``), or the system's default goal when None.

    >>> goal_kind("ace-to-six").label, goal_kind("ace-to-five", "five").label
    ('seven-low or better', 'five-low or better')
    >>> goal_kind("ace-to-six", "five")
    Traceback (most recent call last):
    lowball.errors.LowballError: unknown goal 'five' for ace-to-six (goals: six, seven, eight, nine, ten, no-pair)
    """
    row = as_system(system)
    by_key = {kind.key: kind for kind in kinds(row)}
    if goal is None:
        goal = next(key for key in DEFAULT_GOALS + tuple(by_key) if key in by_key)
    if not isinstance(goal, str) or goal not in by_key:
        raise LowballError(f"unknown goal {quote(goal)} for {row.key} (goals: {', '.join(by_key)})")
    return by_key[goal]


def of_kind(pairs: tuple[tuple[Kind, Any], ...], key: str, system: str) -> Any:
    """Return the number paired with the kind ``key`` (a count, a chance), refusing a kind the system lacks.

    >>> of_kind(((kinds("ace-to-six")[0], 4),), "seven", "ace-to-six")
    Traceback (most recent call last):
    lowball.errors.LowballError: unknown kind 'seven' for ace-to-six (kinds: six)
    """
    for kind, number in pairs:
        if kind.key == key:
            return number
    raise LowballError(f"unknown kind {quote(key)} for {system} (kinds: {', '.join(kind.key for kind, _ in pairs)})")


# ---- The odds of one discard, and the best discard ----

@dataclass(frozen=True, kw_only=True)
class DrawOdds:
    """The exact odds of one discard: of ``draws`` equally likely replacement sets, how many make each kind."""

    system: str
    cards: tuple[Card, ...]
    discard: tuple[Card, ...]
    draws: int
    counts: tuple[tuple[Kind, int], ...]
    deck: int = len(DECK)

    def count(self, key: str) -> int:
        """Return how many replacement sets make the kind ``key`` (e.g. ``"seven"``)."""
        return of_kind(self.counts, key, self.system)

    def chance(self, key: str) -> Fraction:
        """Return the chance of making the kind ``key``, exactly: ``Fraction(8, 47)``."""
        return Fraction(self.count(key), self.draws)

    @property
    def rest(self) -> int:
        """Return how many replacement sets make none of the kinds (a pair or worse, in a low system)."""
        return self.draws - self.counts[-1][1]

    def as_dict(self) -> dict[str, Any]:
        """Return the odds as plain data for JSON."""
        def entry(label: str, count: int) -> dict[str, Any]:
            return {"label": label, "count": count, "chance": round(count / self.draws, 6)}

        return {
            "system": self.system,
            "deck": self.deck,
            "cards": format_cards(self.cards),
            "discard": format_cards(self.discard),
            "draws": self.draws,
            "kinds": {kind.key: entry(kind.label, n) for kind, n in self.counts},
            "rest": entry(rest_label(self.system), self.rest),
        }


def draw_odds(cards: str | Iterable[Card | str], discard: str | Iterable[Card | str],
              system: str | RankingSystem | None = None, deck: int = len(DECK)) -> DrawOdds:
    """Return the exact chances of each kind of low after throwing ``discard`` from ``cards``.

    The seed's warning (E2): under ace-to-six, A-2-3-4 drawing one card makes a
    six-four with the 4 sixes and a seven-low or better with the sixes and
    sevens, 8 of 47; a five makes a straight. Under ace-to-five the fives count
    too, and with the joker in the deck (F8) it is one more out, of 48.

    >>> odds = draw_odds("Ac 2d 3h 4s Kc", "Kc", "ace-to-six")
    >>> odds.chance("six"), odds.chance("seven")
    (Fraction(4, 47), Fraction(8, 47))
    >>> draw_odds("Ac 2d 3h 4s Kc", "Kc", "ace-to-five").chance("seven")
    Fraction(12, 47)
    >>> draw_odds("Ac 2d 3h 4s Kc", "Kc", "ace-to-five", deck=53).chance("seven")
    Fraction(13, 48)
    """
    row = as_system(system)
    held, thrown = split_hand(cards, discard, deck)
    if deck != len(DECK) and row.joker is None:
        raise refuse_joker(row)
    return _odds(held, thrown, row, deck)


def _odds(held: tuple[Card, ...], thrown: tuple[Card, ...], row: RankingSystem, deck: int = len(DECK)) -> DrawOdds:
    """Return the odds of one discard of checked cards: the count of every kind, from one pass."""
    at_least = np.cumsum(outcome_counts(held, thrown, row, deck))   # at_least[r]: sets ending in class r or better
    return DrawOdds(system=row.key, cards=held, discard=thrown, draws=int(at_least[-1]), deck=deck,
                    counts=tuple((kind, int(at_least[kind.worst_rank])) for kind in kinds(row)))


def rank_discards(cards: str | Iterable[Card | str], system: str | RankingSystem | None = None,
                  goal: str | None = None, deck: int = len(DECK)) -> list[DrawOdds]:
    """Return the odds of all 32 discards, best first for ``goal`` (default: seven-low or better).

    Ties on the goal go to the better chances of the better kinds, then to the
    smaller discard.

    >>> best = rank_discards("Ac 2d 3h 4s Kc", "ace-to-six")[0]
    >>> format_cards(best.discard), best.chance("seven")
    ('Kc', Fraction(8, 47))
    """
    row = as_system(system)
    target = goal_kind(row, goal)
    held, _ = split_hand(cards, "", deck)
    if deck != len(DECK) and row.joker is None:
        raise refuse_joker(row)
    every = [_odds(held, thrown, row, deck) for thrown in discards(held)]

    def strength(odds: DrawOdds) -> tuple:
        chances = [Fraction(n, odds.draws) for _, n in odds.counts]
        return (-odds.chance(target.key), [-c for c in chances], len(odds.discard))

    return sorted(every, key=strength)   # sorted() is stable: equal discards keep the order of ``discards``


def best_discard(cards: str | Iterable[Card | str], system: str | RankingSystem | None = None,
                 goal: str | None = None, deck: int = len(DECK)) -> DrawOdds:
    """Return the odds of the discard with the best chance of ``goal``, trying all 32.

    >>> odds = best_discard("7c 5d 4h 3s 2c", "deuce-to-seven")      # K1: the best hand; stand pat
    >>> format_cards(odds.discard), odds.chance("seven")
    ('', Fraction(1, 1))
    >>> format_cards(best_discard("Kc Qd 4h 3s 2c", "ace-to-six", "six").discard)
    'Kc Qd'
    """
    return rank_discards(cards, system, goal, deck)[0]
