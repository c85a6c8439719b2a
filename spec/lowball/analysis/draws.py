"""Exact odds over several draws (K2, K8): the chance of each kind of low within N draws, by a recursion.

The policy, for each kind of low separately (e.g. "seven-low or better"): keep
the cards held, draw as many as were thrown; if the hand is now that kind or
better, stop; otherwise throw the new cards again and draw again, the failed
cards out of play (discards never come back, D1), until the draws run out.
Every set of replacements from the cards still unseen is equally likely.

Exact, no sampling: the chance of failing every draw is a recursion over what
is still unseen, kept as counts of cards per *category*. Only what decides a
kind matters, so the unseen cards fall into few categories: each rank that can
still help (a low card the hand does not hold) is its own category (split by
the kept cards' suit where flushes count and could happen), and every other
card ("dead": a high card, or one that pairs a kept card) is one category.
For the textbook case, 7-6-3-2 drawing one in deuce-to-seven, the 47 unseen
cards are the four 4s, the four 5s and 39 dead cards: 8/47 in one draw, and
1 - (39 x 38 x 37)/(47 x 46 x 45) in three.
"""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from lowball.analysis.odds import Kind, draw_odds, kinds, of_kind, split_hand
from lowball.core.cards import JOKER, Card, deck_of, format_cards
from lowball.core.files import quote
from lowball.errors import LowballError
from lowball.ranking import RankingSystem, as_system, value
from lowball.ranking.fast import evaluate_rank
from lowball.ranking.joker import resolve_joker

# The most draws a game has (K2: triple draw); beyond that the question is not one a game asks.
MOST_DRAWS = 5
# How many missed draws the recursion may walk before it says the question is too big (a few seconds here).
WORK_BUDGET = 2_000_000
# The most kinds of draw the recursion lists (ways to split the drawn cards among the categories).
MOST_SHAPES = 60_000
# C(n, x) for every count of unseen cards n and draw x: the ways to choose x of the n cards of a category.
COMB = np.array([[math.comb(n, x) for x in range(6)] for n in range(54)], dtype=np.int64)


@dataclass(frozen=True)
class Category:
    """Unseen cards alike for a kind: ``cards`` are its members; ``sample`` stands for them in a hand."""

    name: str
    cards: tuple[Card, ...]
    dead: bool = False


def categories(kept: tuple[Card, ...], unseen: tuple[Card, ...], row: RankingSystem, kind: Kind
               ) -> list[Category]:
    """Return the categories of the unseen cards for ``kind``: the dead ones together, each useful rank apart."""
    low = row.better == "lower"
    held_values = {value(card, row) for card in kept if not card.is_joker}
    top = _top_allowed(kind, row) if low else None
    kept_suits = {card.suit for card in kept if not card.is_joker}
    flush_possible = row.flushes_count and len(kept_suits) <= 1
    split_suit = next(iter(kept_suits)) if flush_possible and kept_suits else None
    groups: dict[str, list[Card]] = {}
    for card in unseen:
        if card.is_joker:
            key = "joker"
        elif low and (value(card, row) in held_values or (top is not None and value(card, row) > top)):
            key = "dead"
        elif flush_possible and split_suit is None:
            key = str(card)                       # all five thrown: a flush could be any suit, so keep suits apart
        elif split_suit is not None:
            key = f"{card.rank_char}{'=' if card.suit == split_suit else '~'}"
        else:
            key = card.rank_char
        groups.setdefault(key, []).append(card)
    return [Category(name=key, cards=tuple(cards), dead=key == "dead") for key, cards in groups.items()]


def _top_allowed(kind: Kind, row: RankingSystem) -> int | None:
    """Return the highest card value a hand of ``kind`` (an "X-low or better") may hold, or None for any no-pair."""
    names = [k.key for k in kinds(row)]
    if kind.key == names[-1]:
        return None
    from lowball.core.rankings import load_rankings

    for v, forms in load_rankings().rank_names["en"].items():
        if forms[0] == kind.key:
            return v if row.ace == "high" or v != 14 else 1
    return None


def check_draws(draws: object) -> None:
    """Refuse a number of draws that is no whole number from 1 to MOST_DRAWS.

    >>> check_draws(0)
    Traceback (most recent call last):
    lowball.errors.LowballError: draws: 1 to 5 draws, not 0
    """
    if not isinstance(draws, int) or isinstance(draws, bool) or not 1 <= draws <= MOST_DRAWS:
        raise LowballError(f"draws: 1 to {MOST_DRAWS} draws, not {quote(draws)}")


def fail_chance(kept: tuple[Card, ...], unseen: tuple[Card, ...], draw_size: int, draws: int, row: RankingSystem,
                kind: Kind) -> Fraction:
    """Return the exact chance that ``draws`` draws of ``draw_size`` cards all miss ``kind`` (see the module)."""
    cats = categories(kept, unseen, row, kind)
    counts = tuple(len(c.cards) for c in cats)
    if math.comb(draw_size + len(cats) - 1, draw_size) > MOST_SHAPES:
        raise LowballError(f"exact odds over {draws} draws of {draw_size} cards here take too long to count "
                           f"(a flush could be any suit): ask for fewer draws or keep a card")
    shapes = [d for d in _compositions(draw_size, len(cats)) if all(x <= n for x, n in zip(d, counts))]
    fails = {d: not _made(kept, cats, d, row, kind) for d in shapes}

    # The draw size is the same every time, so every branch draws from as many unseen cards at each step: the
    # chance is (ordered runs of failed draws, each weighted by its ways) / (the product of the totals), in integers.
    # Categories that the kind cannot tell apart (in ace-to-five every useful low rank is alike) are
    # interchangeable: a state is kept with their counts sorted, so equal states are counted once.
    groups = _interchangeable(fails, len(cats))

    def canonical(left: tuple[int, ...]) -> tuple[int, ...]:
        out = list(left)
        for members in groups:
            for place, n_ in zip(members, sorted((left[i] for i in members), reverse=True)):
                out[place] = n_
        return tuple(out)

    budget = [WORK_BUDGET]

    @functools.cache
    def failed_runs(left: tuple[int, ...], n: int) -> int:
        budget[0] -= len(missed)
        if budget[0] < 0:
            raise LowballError(f"exact odds over {draws} draws of {draw_size} cards here take too long to count "
                               f"(the flush and straight cases multiply): ask for fewer draws or a smaller draw")
        if n == 1:                          # the last draw: every missed draw at once, with numpy
            fits = (matrix <= np.array(left)).all(axis=1)
            return int(np.prod(COMB[np.array(left)[None, :], matrix[fits]], axis=1, dtype=np.int64).sum())
        runs = 0
        for d in missed:
            if all(x <= n_ for x, n_ in zip(d, left)):
                ways = math.prod(math.comb(n_, x) for n_, x in zip(left, d) if x)
                runs += ways * failed_runs(canonical(tuple(n_ - x for n_, x in zip(left, d))), n - 1)
        return runs

    missed = [d for d, miss in fails.items() if miss]
    matrix = np.array(missed, dtype=np.int64).reshape(len(missed), len(cats))
    unseen_count = sum(counts)
    totals = math.prod(math.comb(unseen_count - t * draw_size, draw_size) for t in range(draws))
    if totals == 0:
        return Fraction(1)
    return Fraction(failed_runs(canonical(counts), draws), totals)


def _interchangeable(fails: dict[tuple[int, ...], bool], size: int) -> list[list[int]]:
    """Return groups of categories that swapping never changes a draw's verdict (checked on every draw)."""
    def same(i: int, j: int) -> bool:
        for d, verdict in fails.items():
            swapped = list(d)
            swapped[i], swapped[j] = d[j], d[i]
            other = fails.get(tuple(swapped))
            if other is not None and other != verdict:
                return False
        return True

    groups: list[list[int]] = []
    for i in range(size):
        for group in groups:
            if same(group[0], i):
                group.append(i)
                break
        else:
            groups.append([i])
    return [group for group in groups if len(group) > 1]


def _compositions(total: int, parts: int) -> Iterable[tuple[int, ...]]:
    """Yield every way to split ``total`` cards among ``parts`` categories."""
    for bars in itertools.combinations(range(total + parts - 1), parts - 1):
        previous, split = -1, []
        for bar in bars + (total + parts - 1,):
            split.append(bar - previous - 1)
            previous = bar
        yield tuple(split)


def _made(kept: tuple[Card, ...], cats: list[Category], drawn: tuple[int, ...], row: RankingSystem,
          kind: Kind) -> bool:
    """Return whether kept cards plus ``drawn[i]`` cards of each category make ``kind`` or better."""
    hand = list(kept)
    for category, count in zip(cats, drawn):
        if count and category.dead and row.better == "lower":
            return False                        # a dead card pairs the hand or tops it above the kind
        hand.extend(category.cards[:count])     # any members will do: within a category all are alike for the kind
    five = resolve_joker(tuple(hand), row) if JOKER in hand else tuple(hand)
    return evaluate_rank(five, row) <= kind.worst_rank


@dataclass(frozen=True, kw_only=True)
class ManyDrawOdds:
    """The exact chances of each kind of hand within ``draws`` draws, keeping the same cards (see the module)."""

    system: str
    cards: tuple[Card, ...]
    discard: tuple[Card, ...]
    draws: int
    chances: tuple[tuple[Kind, Fraction], ...]

    def chance(self, key: str) -> Fraction:
        """Return the chance of making the kind ``key`` within the draws: ``Fraction(8, 47)``."""
        return of_kind(self.chances, key, self.system)

    def as_dict(self) -> dict[str, Any]:
        """Return the odds as plain data for JSON (one ``chance`` per kind under ``kinds``)."""
        return {
            "system": self.system, "cards": format_cards(self.cards), "discard": format_cards(self.discard),
            "draws": self.draws,
            "kinds": {kind.key: {"label": kind.label, "chance": round(float(c), 6), "exact": str(c)}
                      for kind, c in self.chances},
        }


def many_draw_odds(cards: str | Iterable[Card | str], discard: str | Iterable[Card | str],
                   system: str | RankingSystem | None = None, draws: int = 1, deck: int = 52) -> ManyDrawOdds:
    """Return the exact chance of each kind of low within ``draws`` draws of the thrown cards (K2, K8).

    The textbook case: 7-6-3-2 drawing one in deuce-to-seven makes a seven-low with a 4 or a 5.

    >>> odds = many_draw_odds("7c 6d 3h 2s Kc", "Kc", "deuce-to-seven", draws=3)
    >>> many_draw_odds("7c 6d 3h 2s Kc", "Kc", "deuce-to-seven").chance("seven")
    Fraction(8, 47)
    >>> odds.chance("seven") == 1 - Fraction(39 * 38 * 37, 47 * 46 * 45)
    True
    >>> many_draw_odds("7c 6d 3h 2s Kc", "Kc", "deuce-to-seven", draws=9)
    Traceback (most recent call last):
    lowball.errors.LowballError: draws: 1 to 5 draws, not 9
    """
    check_draws(draws)
    row = as_system(system)
    held, thrown = split_hand(cards, discard, deck)
    kept = tuple(card for card in held if card not in thrown)
    unseen = tuple(card for card in deck_of(deck) if card not in held)
    if draws == 1:                       # one draw: every replacement set counted at once (lowball.analysis.odds)
        one = draw_odds(held, thrown, row, deck=deck)
        chances = tuple((kind, one.chance(kind.key)) for kind, _ in one.counts)
    elif not thrown:
        chances = tuple((kind, Fraction(int(evaluate_rank(held, row) <= kind.worst_rank)))
                        for kind in kinds(row))
    else:
        chances = tuple((kind, 1 - fail_chance(kept, unseen, len(thrown), draws, row, kind)) for kind in kinds(row))
    return ManyDrawOdds(system=row.key, cards=held, discard=thrown, draws=draws, chances=chances)
