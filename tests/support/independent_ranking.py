"""Helpers shared by tests, moved out of ``tests/rankings/test_independent_ranking.py`` (issue 39)."""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass


LOW_ORDER = ("no-pair", "pair", "two-pair", "trips", "straight", "flush", "full-house", "quads", "straight-flush")
HIGH_ORDER = tuple(reversed(LOW_ORDER))                                       # L1: the standard high ranking
NO_RUNS_ORDER = ("no-pair", "pair", "two-pair", "trips", "full-house", "quads")  # F1: no straights, no flushes


@dataclass(frozen=True)
class Rules:
    """How one system ranks five cards, as the clause says it."""

    ace_low: bool          # the ace counts one (H1, F1) or above the king (K1, L1)
    lower_wins: bool       # a low game (H2, K1, F1) or the high ranking (L1)
    straights: bool        # five in a row is a straight (H1, K1) or nothing (F1)
    flushes: bool          # five of a suit is a flush (H1, K1) or nothing (F1)
    wheel: bool            # A-2-3-4-5 is a straight (H2) or not (K1: ace-five high)
    broadway: bool         # A-K-Q-J-10 is a straight (H4, K1) or king-high (C1)
    order: tuple[str, ...]  # the categories, best first (H2, K1, F1, L1)


SYSTEMS = {
    # H1-H4: ace low, straights and flushes count against, the wheel is a straight, A-K-Q-J-10 the top straight.
    "ace-to-six": Rules(ace_low=True, lower_wins=True, straights=True, flushes=True, wheel=True, broadway=True,
                        order=LOW_ORDER),
    # C1: the other A-6 convention: the ace is always low, so A-K-Q-J-10 is a king-high no-pair hand.
    "ace-to-six-ace-low": Rules(ace_low=True, lower_wins=True, straights=True, flushes=True, wheel=True,
                                broadway=False, order=LOW_ORDER),
    # K1: the ace is high only; A-2-3-4-5 is no straight; straights and flushes count against.
    "deuce-to-seven": Rules(ace_low=False, lower_wins=True, straights=True, flushes=True, wheel=False,
                            broadway=True, order=LOW_ORDER),
    # F1: the ace is low; straights and flushes do not count.
    "ace-to-five": Rules(ace_low=True, lower_wins=True, straights=False, flushes=False, wheel=False,
                         broadway=False, order=NO_RUNS_ORDER),
    # L1: the standard high ranking; the ace plays high, and low in the five-high straight.
    "high": Rules(ace_low=False, lower_wins=False, straights=True, flushes=True, wheel=True, broadway=True,
                  order=HIGH_ORDER),
}

ACE = 14
SHAPES = {(1, 1, 1, 1, 1): "no-pair", (2, 1, 1, 1): "pair", (2, 2, 1): "two-pair", (3, 1, 1): "trips",
          (3, 2): "full-house", (4, 1): "quads"}


def run_top(naturals: frozenset[int], rules: Rules) -> int | None:
    """Return the top card of the run of five the ranks make (the wheel's is 5, A-K-Q-J-10's the ace), or None."""
    if not rules.straights:
        return None
    for low in range(1, 11):                      # the runs A-5, 2-6, ..., 10-A; no wrap-around (H4)
        run = {ACE if r == 1 else r for r in range(low, low + 5)}
        if naturals != run:
            continue
        if low == 1 and not rules.wheel or low == 10 and not rules.broadway:
            return None
        return low + 4
    return None


@functools.cache
def judge(naturals: tuple[int, ...], suited: bool, system: str) -> tuple[str, tuple[int, ...]]:
    """Return (category, sort key: smaller is stronger) of a hand with these natural ranks, all one suit or not.

    The key is the category's place in the order, then the card values grouped the poker way:
    the biggest group first, then the higher value first (pair before kickers, trips before the pair
    of a full house, high pair, low pair, kicker); a run counts by its top card.
    """
    rules = SYSTEMS[system]
    values = [1 if r == ACE and rules.ace_low else r for r in naturals]
    counts = Counter(values)
    grouped = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    category = SHAPES[tuple(sorted(counts.values(), reverse=True))]
    tie = tuple(grouped)
    if category == "no-pair":
        top = run_top(frozenset(naturals), rules)
        flush = suited and rules.flushes
        if top is not None:
            category, tie = ("straight-flush" if flush else "straight"), (top,)
        elif flush:
            category = "flush"
    sign = 1 if rules.lower_wins else -1
    return category, (rules.order.index(category),) + tuple(sign * v for v in tie)


def shape(hand) -> tuple[tuple[int, ...], bool]:
    return tuple(sorted(card.rank for card in hand)), len({card.suit for card in hand}) == 1


def key_of(hand, system: str) -> tuple[int, ...]:
    return judge(*shape(hand), system)[1]


BEST_TO_WORST = {
    "ace-to-six": {
        "no-pair": ["6c 4h 3s 2d Ac",           # H4: the best low
                    "6d 5h 3s 2d Ac",           # the highest card first, then down (H3)
                    "6c 5h 4s 2d Ac",
                    "7c 4h 3s 2d Ac",
                    "8c 6h 4d 3c Ad",           # E2
                    "Kc Ad 2h 3s 4c",           # H4: K-A-2-3-4 wraps around into nothing
                    "Kh 9d 7c 4s 2h",           # H2
                    "Kc Qd Jh Ts 8c"],          # the worst no-pair: K-Q-J-10-9 and A-K-Q-J-10 are straights (H4)
        "pair": ["Ac Ad 2h 3s 4c",              # H3: a pair of aces is the lowest pair
                 "Ac Ad Kh Qs Jc",              # the pair before the kickers
                 "2c 2d 3h 4s 5c",
                 "2c 2d Kh Qs Jc",
                 "3c 3d 2h 4s Ac",
                 "Kc Kd Qh Js Tc"],
        "two-pair": ["2c 2d Ah As 3c",          # the higher pair first (H3): deuces up
                     "2c 2d Ah As Kc",          # then the lower pair, then the kicker
                     "3c 3d Ah As 2c",
                     "3c 3d 2h 2s Ac",
                     "9c 9d 2h 2s Kc",          # H3: the low pair before the kicker
                     "9c 9d 3h 3s 4c",
                     "Kc Kd Qh Qs Jc"],
        "trips": ["Ac Ad Ah 2s 3c", "Ac Ad Ah Ks Qc", "2c 2d 2h As 3c", "2c 2d 2h Ks Qc", "3c 3d 3h As 2c",
                  "Kc Kd Kh Qs Jc"],
        "straight": ["5s 4d 3c 2h Ad",          # E1: the wheel is a straight, the lowest one
                     "6c 5d 4h 3s 2c",
                     "Kc Qd Jh Ts 9c",
                     "Ac Kd Qh Js Tc"],         # H4: A-K-Q-J-10 is the highest straight, the worst
        "flush": ["6c 4c 3c 2c Ac",             # H4: the best low suited is a flush
                  "7s 5s 4s 3s As",             # E2
                  "7c 6c 5c 4c 2c",
                  "8c 4c 3c 2c Ac",
                  "Kc Qc Jc Tc 8c"],
        "full-house": ["Ac Ad Ah 2s 2c",        # the trips first (H3)
                       "Ac Ad Ah Ks Kc",
                       "2c 2d 2h As Ac",
                       "2c 2d 2h Ks Kc",
                       "3c 3d 3h As Ac",
                       "Kc Kd Kh Qs Qc"],
        "quads": ["Ac Ad Ah As 2c", "Ac Ad Ah As Kc", "2c 2d 2h 2s Ac", "2c 2d 2h 2s Kc", "3c 3d 3h 3s Ac",
                  "Kc Kd Kh Ks Qc"],
        "straight-flush": ["5c 4c 3c 2c Ac", "6c 5c 4c 3c 2c", "Kc Qc Jc Tc 9c", "Ac Kc Qc Jc Tc"],
    },
    "ace-to-six-ace-low": {
        "no-pair": ["6c 4h 3s 2d Ac", "6d 5h 3s 2d Ac", "7c 4h 3s 2d Ac", "Kc Ad 2h 3s 4c",
                    "Ac Kd Qh Js Tc",           # C1: the ace is low, so A-K-Q-J-10 is king-queen low
                    "Kc Qd Jh Ts 8c"],
        "pair": ["Ac Ad 2h 3s 4c", "Ac Ad Kh Qs Jc", "2c 2d 3h 4s 5c", "3c 3d 2h 4s Ac", "Kc Kd Qh Js Tc"],
        "two-pair": ["2c 2d Ah As 3c", "2c 2d Ah As Kc", "3c 3d Ah As 2c", "9c 9d 2h 2s Kc", "9c 9d 3h 3s 4c",
                     "Kc Kd Qh Qs Jc"],
        "trips": ["Ac Ad Ah 2s 3c", "2c 2d 2h Ks Qc", "3c 3d 3h As 2c", "Kc Kd Kh Qs Jc"],
        "straight": ["5s 4d 3c 2h Ad", "6c 5d 4h 3s 2c", "Kc Qd Jh Ts 9c"],   # C1: K-Q-J-10-9 is the top one
        "flush": ["6c 4c 3c 2c Ac", "7c 6c 5c 4c 2c",
                  "Ac Kc Qc Jc Tc",             # C1: a king-queen flush, not a straight flush
                  "Kc Qc Jc Tc 8c"],
        "full-house": ["Ac Ad Ah 2s 2c", "2c 2d 2h As Ac", "2c 2d 2h Ks Kc", "3c 3d 3h As Ac", "Kc Kd Kh Qs Qc"],
        "quads": ["Ac Ad Ah As 2c", "2c 2d 2h 2s Ac", "2c 2d 2h 2s Kc", "3c 3d 3h 3s Ac", "Kc Kd Kh Ks Qc"],
        "straight-flush": ["5c 4c 3c 2c Ac", "6c 5c 4c 3c 2c", "Kc Qc Jc Tc 9c"],
    },
    "deuce-to-seven": {
        "no-pair": ["7c 5d 4h 3s 2c",           # K1: the best hand
                    "7c 6d 4h 3s 2c",           # K1: 7-6-4-3-2 beats 7-6-5-4-2
                    "7d 6h 5s 4c 2d",
                    "8c 5d 4h 3s 2c",           # 7-6-5-4-3 would be a straight
                    "Kc Qd Jh 9s 8c",
                    "Ac 5d 4h 3s 2c",           # K1: A-5-4-3-2 is ace-five high, below every king-high hand
                    "Ac Kd Qh Js 9c"],          # the worst: A-K-Q-J-10 is a straight
        "pair": ["2c 2d 3h 4s 5c", "2c 2d Ah Ks Qc", "3c 3d 2h 4s 5c", "Kc Kd Ah Qs Jc",
                 "Ac Ad 2h 3s 4c",              # K1: the ace is high, so aces are the highest pair
                 "Ac Ad Kh Qs Jc"],
        "two-pair": ["3c 3d 2h 2s 4c", "3c 3d 2h 2s Ac", "4c 4d 2h 2s 3c", "9c 9d 2h 2s Kc", "9c 9d 3h 3s 4c",
                     "Ac Ad Kh Ks Qc"],
        "trips": ["2c 2d 2h 3s 4c", "2c 2d 2h As Kc", "3c 3d 3h 2s 4c", "Ac Ad Ah Ks Qc"],
        "straight": ["6c 5d 4h 3s 2c", "7c 6d 5h 4s 3c", "Ac Kd Qh Js Tc"],
        "flush": ["7c 5c 4c 3c 2c", "7c 6c 4c 3c 2c", "8c 5c 4c 3c 2c",
                  "Ac 5c 4c 3c 2c",             # K1: a suited A-5-4-3-2 is an ace-high flush
                  "Ac Kc Qc Jc 9c"],
        "full-house": ["2c 2d 2h 3s 3c", "2c 2d 2h As Ac", "3c 3d 3h 2s 2c", "Ac Ad Ah Ks Kc"],
        "quads": ["2c 2d 2h 2s 3c", "2c 2d 2h 2s Ac", "3c 3d 3h 3s 2c", "Ac Ad Ah As Kc"],
        "straight-flush": ["6c 5c 4c 3c 2c", "7c 6c 5c 4c 3c", "Ac Kc Qc Jc Tc"],
    },
    "ace-to-five": {
        "no-pair": ["5c 4d 3h 2s Ac",           # F1: the wheel is the best hand
                    "6c 4d 3h 2s Ac",           # F1: then 6-4-3-2-A, then 6-5-3-2-A
                    "6d 5h 3s 2c Ad",
                    "6c 5d 4h 3s 2c",           # L1: 6-4-3-2-A beats 6-5-4-3-2, no straight here
                    "Kc Qd Jh Ts 9c"],          # the worst: five in a row counts for nothing
        "pair": ["Ac Ad 2h 3s 4c", "Ac Ad Kh Qs Jc", "2c 2d Ah 3s 4c", "Kc Kd Qh Js Tc"],
        "two-pair": ["2c 2d Ah As 3c", "2c 2d Ah As Kc", "3c 3d Ah As 2c", "9c 9d 2h 2s Kc", "9c 9d 3h 3s 4c",
                     "Kc Kd Qh Qs Jc"],
        "trips": ["Ac Ad Ah 2s 3c", "2c 2d 2h As Kc", "Kc Kd Kh Qs Jc"],
        "full-house": ["Ac Ad Ah 2s 2c", "2c 2d 2h As Ac", "2c 2d 2h Ks Kc", "3c 3d 3h As Ac", "Kc Kd Kh Qs Qc"],
        "quads": ["Ac Ad Ah As 2c", "2c 2d 2h 2s Ac", "2c 2d 2h 2s Kc", "Kc Kd Kh Ks Qc"],
    },
    "high": {
        "straight-flush": ["Ac Kc Qc Jc Tc", "Kc Qc Jc Tc 9c", "6c 5c 4c 3c 2c",
                           "5c 4c 3c 2c Ac"],   # L1: the ace plays low in the five-high straight flush
        "quads": ["Ac Ad Ah As Kc", "Ac Ad Ah As 2c", "Kc Kd Kh Ks Ac", "2c 2d 2h 2s 3c"],
        "full-house": ["Ac Ad Ah Ks Kc", "Ac Ad Ah 2s 2c", "Kc Kd Kh As Ac", "2c 2d 2h Ks Kc", "2c 2d 2h 3s 3c"],
        "flush": ["Ac Kc Qc Jc 9c", "Ac Kc Qc Jc 8c", "Ac 6c 4c 3c 2c", "Kc Qc Jc Tc 8c", "7c 5c 4c 3c 2c"],
        "straight": ["Ac Kd Qh Js Tc", "Kc Qd Jh Ts 9c", "6c 5d 4h 3s 2c", "5s 4d 3c 2h Ad"],
        "trips": ["Ac Ad Ah Ks Qc", "Ac Ad Ah 3s 2c", "Kc Kd Kh As Qc", "2c 2d 2h As Kc", "2c 2d 2h 4s 3c"],
        "two-pair": ["Ac Ad Kh Ks Qc", "Ac Ad Kh Ks 2c", "Ac Ad 2h 2s Kc", "Kc Kd Qh Qs Ac", "3c 3d 2h 2s Ac",
                     "3c 3d 2h 2s 4c"],
        "pair": ["Ac Ad Kh Qs Jc", "Ac Ad 4h 3s 2c", "Kc Kd Ah Qs Jc", "2c 2d Ah Ks Qc", "2c 2d 5h 4s 3c"],
        "no-pair": ["Ac Kd Qh Js 9c", "Ac Kd Qh Js 8c", "Ac 6d 4h 3s 2c", "Kc Qd Jh Ts 8c", "7c 5d 4h 3s 2c"],
    },
}
