"""The literate evaluator: rank five cards by reading one row of the rankings table.

Read it beside the rulebook. A hand is judged in two steps, as seed 000 says
(E2): first decide its category (H2, K1, F1), then compare values inside the
category (H3). Every switch below is a cell of ``rules/rankings.toml``:

* the ace counts one or fourteen (``ace``: H1, K1);
* five in a row is a straight only if straights count, the wheel A-2-3-4-5 only
  if ``wheel_is_straight``, A-K-Q-J-10 only if ``broadway_is_straight``, and a
  run never wraps around the ace (H4);
* five of a suit is a flush only if flushes count (H1, F1);
* the category order, best first, is the table's list (H2);
* ties inside a category are broken part by part in the table's order (H3);
* suits are never compared (S2).

Badugi (U1-U3) reads four cards another way, and its row says so
(``plays = "distinct-ranks-and-suits"``): the hand that plays is the largest set
of the cards with no two of one rank and no two of one suit, the lowest such
set where several are that large; its category is its size (U2), and hands of
one size compare the cards that play from the highest down, the ace low (U3).
Cards that do not play are never compared.

The class rank of a hand (1 = best) is its place among all distinct classes of
the system (``lowball.ranking.classes``), found by judging one hand of every class.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Sequence

from lowball.core.arguments import cache
from lowball.core.cards import ACE, Card, rank_value
from lowball.core.games import load_game_table
from lowball.core.rankings import HAND_SIZE, SET_SIZES, RankingSystem, load_rankings, ranking_system

WHEEL = frozenset({14, 2, 3, 4, 5})
BROADWAY = frozenset({14, 13, 12, 11, 10})


def as_system(system: str | RankingSystem | None) -> RankingSystem:
    """Return the ranking system named ``system`` (or ``system`` itself if it is already one).

    ``None`` means the teaching table's system: the default of every public function, read from its
    table (``rules/games/teaching-table.toml``) so that no module types a system's name as a default.
    """
    if isinstance(system, RankingSystem):
        return system
    return ranking_system(load_game_table().ranking if system is None else system)


# ---- Step 1: what each card is worth, and which category the hand is in ----

def value(card: Card, system: RankingSystem) -> int:
    """Return what a card counts in ``system``: an ace is 1 when the ace is low (H1), 14 when high (K1)."""
    return rank_value(card.rank, system.ace == "low")


def straight_top(cards: Sequence[Card], system: RankingSystem) -> int | None:
    """Return the top card of the straight the cards make in ``system``, or None if they make none.

    The wheel's top card is the five; A-K-Q-J-10's is the ace (H4). There is no
    wrap-around: K-A-2-3-4 is never a straight.
    """
    ranks = {card.rank for card in cards}
    if not system.straights_count or len(ranks) != HAND_SIZE:
        return None
    if ranks == WHEEL:
        return 5 if system.wheel_is_straight else None
    if ranks == BROADWAY:
        return ACE if system.broadway_is_straight else None
    if max(ranks) - min(ranks) == HAND_SIZE - 1:
        return max(ranks)
    return None


def is_flush(cards: Sequence[Card], system: RankingSystem) -> bool:
    """Return whether the cards are a flush in ``system``: all one suit, and flushes count (H1, F1)."""
    return system.flushes_count and len({card.suit for card in cards}) == 1


def groups(cards: Sequence[Card], system: RankingSystem) -> list[tuple[int, int]]:
    """Return (count, value) for each rank held, biggest group first, then highest value first."""
    counts = Counter(value(card, system) for card in cards)
    return sorted(((n, v) for v, n in counts.items()), reverse=True)


def category(cards: Sequence[Card], system: RankingSystem) -> str:
    """Return the category of five cards in ``system`` (H2): pairs by count, then straight and flush.

    In badugi (U2) the category is the size of the set that plays: four cards of
    different ranks and suits are a badugi.
    """
    if not system.five_cards:
        return SET_CATEGORY[len(playing_cards(cards, system))]
    shape = [n for n, _ in groups(cards, system)]
    if shape == [4, 1]:
        return "quads"
    if shape == [3, 2]:
        return "full-house"
    if shape == [3, 1, 1]:
        return "trips"
    if shape == [2, 2, 1]:
        return "two-pair"
    if shape == [2, 1, 1, 1]:
        return "pair"
    straight = straight_top(cards, system) is not None
    flush = is_flush(cards, system)
    if straight and flush:
        return "straight-flush"
    if straight:
        return "straight"
    if flush:
        return "flush"
    return "no-pair"


# ---- Step 2: the values compared inside a category (H3) ----

def part_values(cards: Sequence[Card], system: RankingSystem, part: str) -> tuple[int, ...]:
    """Return the values of one tie-break part (H3), highest first: e.g. the pair, or the kickers."""
    if part == "cards" and not system.five_cards:     # U3: only the cards that play are compared
        cards = playing_cards(cards, system)
    grouped = groups(cards, system)
    if part == "cards":
        return tuple(sorted((value(c, system) for c in cards), reverse=True))
    if part == "top-card":
        return (straight_top(cards, system),)
    if part == "kickers":
        return tuple(v for n, v in grouped if n == 1)
    if part in ("pair", "trips", "quads"):
        size = {"pair": 2, "trips": 3, "quads": 4}[part]
        return tuple(v for n, v in grouped if n == size)
    pairs = [v for n, v in grouped if n == 2]
    return (max(pairs),) if part == "high-pair" else (min(pairs),)


def judge(cards: Sequence[Card], system: RankingSystem) -> tuple[str, tuple[tuple[str, tuple[int, ...]], ...]]:
    """Return the category and the tie-break parts with their values, in the order compared."""
    cat = category(cards, system)
    return cat, tuple((part, part_values(cards, system, part)) for part in system.parts(cat))


def strength_key(cards: Sequence[Card], system: RankingSystem) -> tuple[int, ...]:
    """Return a key that sorts stronger hands first: the category's place, then the parts' values."""
    cat, parts = judge(cards, system)
    sign = 1 if system.better == "lower" else -1
    return (system.category_order.index(cat),) + tuple(sign * v for _, values in parts for v in values)


# ---- Badugi: the largest set of different ranks and different suits plays (U1-U3) ----

SET_CATEGORY = {size: category for category, size in SET_SIZES.items()}


def distinct_ranks_and_suits(cards: Sequence[Card]) -> bool:
    """Return whether no two of the cards share a rank and no two share a suit (U1: they may all play).

    >>> from lowball.core.cards import parse_cards
    >>> distinct_ranks_and_suits(parse_cards("Ac 2d 3h 4s")), distinct_ranks_and_suits(parse_cards("Ac 2c"))
    (True, False)
    """
    return len({c.rank for c in cards}) == len(cards) == len({c.suit for c in cards})


def playing_cards(cards: Sequence[Card], system: RankingSystem) -> tuple[Card, ...]:
    """Return the cards that play in badugi (U1): the largest set of different ranks and suits, the lowest such.

    "Lowest" compares the sets' values from the highest card down, the ace as
    the system counts it (U3); between sets of equal values (two threes, one of
    which must go) the first in the hand's order plays.

    >>> from lowball.core.cards import format_cards, parse_cards
    >>> format_cards(playing_cards(parse_cards("7s 3s 2h Ad"), as_system("badugi")))    # U3: the 7s shares the 3s's suit
    '3s 2h Ad'
    >>> format_cards(playing_cards(parse_cards("Kc Kd Kh Ks"), as_system("badugi")))    # U2: the worst hand
    'Kc'
    """
    for size in range(len(cards), 0, -1):
        sets = [chosen for chosen in itertools.combinations(cards, size) if distinct_ranks_and_suits(chosen)]
        if sets:
            return min(sets, key=lambda chosen: sorted((value(c, system) for c in chosen), reverse=True))
    return ()


# ---- The low qualifier (L1) ----

@cache
def _qualifier(name: str | None) -> tuple[str, int]:
    rankings = load_rankings()
    rule = rankings.qualifier(name) if name is not None else rankings.qualifiers[0]
    return rule.system, rule.max_rank


def qualifying(five: Sequence[Card], qualifier: str | None = None) -> bool:
    """Return whether five cards meet the qualifier (L1): unpaired, none above its limit, ace low."""
    system, limit = _qualifier(qualifier)
    row = as_system(system)
    values = {value(card, row) for card in five}
    return len(values) == HAND_SIZE and max(values) <= limit
