"""The best discard for a goal, and the discards tied with it, ordered by the hands they make (D1, H1).

Many discards make a goal exactly as often (any of four cards to break a wheel, say); a player still prefers
the one whose draws make better hands: more of each better kind first (as ``rank_discards`` orders them), then
more of the best class, the next class, and so on down to the goal. The notebooks' draw panel shows this advice
and says why (``lowball.widgets.draws``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from lowball.analysis.odds import DrawOdds, Kind, final_hands, goal_kind, kinds, rank_discards
from lowball.core.cards import DECK, Card
from lowball.ranking import as_system
from lowball.ranking.fast import rank_table, shape_codes


@dataclass(frozen=True, kw_only=True)
class Judged:
    """A discard with what its draws make: how many end in each class rank, and one best hand it can make."""

    odds: DrawOdds
    classes: tuple[int, ...]               # classes[r - 1]: the draws that end in class rank r
    hands: dict[int, tuple[Card, ...]]     # one final hand of each class rank the draws reach

    def share(self, rank: int) -> Fraction:
        """Return the chance of ending in class ``rank`` exactly."""
        return Fraction(self.classes[rank - 1], self.odds.draws)

    @property
    def best_rank(self) -> int:
        """Return the best class rank the draws reach."""
        return min(self.hands)


@dataclass(frozen=True, kw_only=True)
class Advice:
    """The best discard for a goal, and every discard that makes the goal just as often, best hands first."""

    system: str
    goal: Kind
    tied: tuple[Judged, ...]

    @property
    def best(self) -> DrawOdds:
        """Return the odds of the discard advised: the first of the tied ones."""
        return self.tied[0].odds


def judge(odds: DrawOdds) -> Judged:
    """Return a discard with the class rank of each of its final hands counted."""
    row = as_system(odds.system)
    hands = final_hands(odds.cards, odds.discard, odds.deck)
    ranks = rank_table(row)[shape_codes(hands)]
    found, first = np.unique(ranks, return_index=True)       # each class reached, and the first draw reaching it
    return Judged(odds=odds, classes=tuple(int(n) for n in np.bincount(ranks)[1:]),
                  hands={int(r): tuple(DECK[j] for j in hands[i]) for r, i in zip(found, first)})


def advise(cards: str, system: str, goal: str | None = None) -> Advice:
    """Return the best discard for ``goal`` under ``system`` and the discards tied with it, best hands first.

    Discards that make the goal equally often are ordered by what they make: more of each better kind first
    (as ``rank_discards`` does), then more of the best class, the next class, and so on down to the goal.

    >>> from lowball.core.cards import format_cards
    >>> from lowball.ranking import rank_text
    >>> advice = advise("A♣ 2♦ 3♥ 4♠ 5♣", "ace-to-six", "seven")
    >>> [format_cards(t.odds.discard) for t in advice.tied], advice.best.count("seven")
    (['5c', '4s', '3h', '2d'], 8)
    >>> rank_text(advice.tied[0].hands[1], "ace-to-six")       # only breaking the 5 can catch the best hand
    '6-4-3-2-A'
    """
    ranked = rank_discards(cards, system, goal)
    target = goal_kind(ranked[0].system, goal)
    top = ranked[0].chance(target.key)
    tied = [judge(odds) for odds in ranked if odds.chance(target.key) == top]
    better = [kind.key for kind in kinds(ranked[0].system)]
    better = better[: better.index(target.key) + 1]

    def strength(item: tuple[int, Judged]) -> tuple:
        i, judged = item
        odds = judged.odds
        return ([-odds.chance(key) for key in better],
                [-judged.share(r) if r <= len(judged.classes) else 0 for r in range(1, target.worst_rank + 1)],
                [-Fraction(n, odds.draws) for _, n in odds.counts], len(odds.discard), i)

    return Advice(system=ranked[0].system, goal=target,
                  tied=tuple(judged for _, judged in sorted(enumerate(tied), key=strength)))
