"""Count every hand: how many fall in each category and class of a system, for five or seven cards.

Five cards: the walk visits all 2,598,960 hands of the deck once and groups
them by what the evaluator reads: the ranks held and whether all five share a
suit (H1, S2: nothing else about suits matters). Each group is then judged
through one hand of the group. With the joker (``deck=53``, F8) the 270,725
hands that hold it are grouped by the four ranks beside it, and each is judged
as the hand the joker completes.

Badugi (U1, U6) ranks four cards: its census counts the 270,725 four-card hands
with the fast path (``lowball.ranking.fast_badugi``), by the size of the set that plays.

Seven cards (L1: the best five of seven): the 133,784,560 hands are never dealt
one by one. They are walked by rank multiset (49,205 of them), each with its
number of suit patterns: the best five of a multiset is read from the tables of
``lowball.ranking.multisets``, and only the hands with five or more cards of one
suit (a flush is possible) are split further, by the ranks of that suit.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from dataclasses import dataclass

import numpy as np

from lowball.core.arguments import FLAG, is_whole, takes
from lowball.core.files import quote
from lowball.core.cards import DECK, SUIT_CHARS, Card, deck_of
from lowball.core.progress import progress_bar
from lowball.core.rankings import load_rankings
from lowball.errors import LowballError
from lowball.ranking import HAND_SIZE, RankingSystem, as_system, class_ranks, representative, strength_key, value
from lowball.ranking.classes import set_classes, set_representative, shape_classes
from lowball.ranking.joker import joker_rank, refuse_joker
from lowball.ranking.literate import _qualifier, qualifying
from lowball.ranking.fast import all_ranks, combinations_array, rank_table
from lowball.ranking.multisets import (
    MOST_CARDS, best_flush, best_table, five_codes, hands_of_multiset, qualifying_table, rank_multisets,
)
from lowball.ranking.names import rank_text

Shape = tuple[tuple[int, ...], bool]
SUITS = len(SUIT_CHARS)
OTHER_SUITS = SUITS - 1
# A census counts hands of five cards, or of seven (stud, L1, L3); six works the same way.
CENSUS_CARDS = (HAND_SIZE, HAND_SIZE + 1, MOST_CARDS)


_SHAPES: dict[Shape, int] = {}


def hand_shapes(progress: bool = False) -> dict[Shape, int]:
    """Return, for every (ranks held, all one suit) shape, how many of the deck's five-card hands have it.

    The walk runs once per process; ``progress`` shows a bar if it takes over a second.
    """
    if not _SHAPES:
        _SHAPES.update(_walk_deck(progress))
    return _SHAPES


def _walk_deck(progress: bool) -> dict[Shape, int]:
    ranks = [card.rank for card in DECK]
    suits = [card.suit for card in DECK]
    counts: Counter[Shape] = Counter()
    total = math.comb(len(DECK), HAND_SIZE)
    with progress_bar(total=total, unit="hand", unit_scale=True, enabled=progress, desc="dealing every hand") as bar:
        for a in range(len(DECK) - HAND_SIZE + 1):
            # DECK is rank-major, so each combination lists its ranks in rising order.
            for b, c, d, e in itertools.combinations(range(a + 1, len(DECK)), HAND_SIZE - 1):
                counts[(ranks[a], ranks[b], ranks[c], ranks[d], ranks[e]),
                       suits[a] == suits[b] == suits[c] == suits[d] == suits[e]] += 1
            bar.update(math.comb(len(DECK) - a - 1, HAND_SIZE - 1))
    return dict(counts)


def joker_shapes() -> dict[tuple[int, ...], int]:
    """Return, for every multiset of four natural ranks, how many four-card sets of the deck hold it.

    Beside the joker these are the 270,725 five-card hands of the 53-card deck that hold it (F8).

    >>> shapes = joker_shapes()
    >>> len(shapes), sum(shapes.values()) == math.comb(52, 4)
    (1820, True)
    """
    found = {}
    for ranks in itertools.combinations_with_replacement(range(2, 15), HAND_SIZE - 1):
        ways = math.prod(math.comb(SUITS, ranks.count(r)) for r in set(ranks))
        if ways:
            found[ranks] = ways
    return found


@dataclass(frozen=True, kw_only=True)
class Census:
    """Counts over every hand of ``cards`` cards (each played as its best five) for one system."""

    system: str
    cards: int
    deck: int
    hands: int
    classes: int
    hands_by_category: dict[str, int]
    classes_by_category: dict[str, int]
    best_class_hands: int
    best_class: str
    lows_by_top_card: dict[int, int]
    qualifying_lows: dict[str, int]


@dataclass(frozen=True)
class _ClassFacts:
    """What a census reports of each class rank of a system: its category, top card's value and reading."""

    category: tuple[str, ...]         # indexed by class rank; index 0 unused
    top: tuple[int, ...]
    text: tuple[str, ...]


@functools.cache
def _class_facts(row: RankingSystem) -> _ClassFacts:
    size = len(class_ranks(row)) + 1
    cats, tops, texts = [""] * size, [0] * size, [""] * size
    classes = shape_classes(row) if row.five_cards else set_classes(row)
    for shape_, (rank, cat) in classes.items():
        hand = representative(*shape_) if row.five_cards else set_representative(shape_, row.hand_size)
        cats[rank], tops[rank], texts[rank] = cat, max(value(card, row) for card in hand), rank_text(hand, row)
    return _ClassFacts(tuple(cats), tuple(tops), tuple(texts))


@takes(progress=FLAG)
def census(system: str | RankingSystem | None = None, progress: bool = False, *, cards: int | None = None,
           deck: int = len(DECK)) -> Census:
    """Return how many hands of ``cards`` cards fall in each category and class of ``system`` (their best five).

    ``cards`` is 5 (2,598,960 hands) or 7 (133,784,560 hands, each played as its
    best five, L1); ``deck=53`` adds the joker (F8) to a five-card census of a
    system that takes it (2,869,685 hands). ``qualifying_lows`` counts, for each
    qualifier of the rankings table, the hands that hold a qualifying low (L1).
    By default ``cards`` is the system's own hand: five, or badugi's four (U6).

    >>> c = census("deuce-to-seven")
    >>> c.hands, c.classes, c.hands_by_category["straight-flush"]
    (2598960, 7462, 36)
    >>> census("ace-to-five", deck=53).hands
    2869685
    >>> census("high", cards=7).hands_by_category["straight-flush"]             # 41,584: L1, the best five of seven
    41584
    >>> census("high", deck=53)
    Traceback (most recent call last):
    lowball.errors.CardError: the joker plays only in ace-to-five (F2, F8); high has no joker
    >>> b = census("badugi")                                                       # U6
    >>> b.cards, b.hands, b.classes, b.hands_by_category["four-card"], b.best_class
    (4, 270725, 1092, 17160, '4-3-2-A')
    >>> census("badugi", cards=7)
    Traceback (most recent call last):
    lowball.errors.LowballError: badugi ranks hands of 4 cards (U1), not 7
    """
    row = as_system(system)
    deck_of(deck)                                   # refuses a deck that is neither 52 nor 53 cards
    if not row.five_cards:
        return _set_census(row, cards, deck)
    if cards is None:
        cards = HAND_SIZE
    if not is_whole(cards) or cards not in CENSUS_CARDS:
        raise LowballError(f"a census counts hands of {', '.join(map(str, CENSUS_CARDS))} cards, not {quote(cards)}")
    if deck != len(DECK):
        if row.joker is None:
            raise refuse_joker(row)
        if cards != HAND_SIZE:
            raise LowballError(f"the census with the joker counts five-card hands (F8), not {cards}")
    if cards == HAND_SIZE:
        per_rank, qualifying_lows = _five_card_counts(row, deck, progress)
    else:
        per_rank, qualifying_lows = _many_card_counts(row, cards, progress)
    return _report(row, cards, deck, per_rank, qualifying_lows)


def _set_census(row: RankingSystem, cards: int | None, deck: int) -> Census:
    """Return the census of a badugi system (U6): every hand of its size, by the size of the set that plays."""
    if cards not in (None, row.hand_size):
        raise LowballError(f"{row.key} ranks hands of {row.hand_size} cards ({row.plays_clause}), not {cards}")
    if deck != len(DECK):
        raise refuse_joker(row)
    per_rank = np.bincount(all_ranks(row), minlength=len(class_ranks(row)) + 1).astype(np.int64)
    return _report(row, row.hand_size, deck, per_rank, {})


def _report(row: RankingSystem, cards: int, deck: int, per_rank: np.ndarray, qualifying_lows: dict[str, int]) -> Census:
    facts = _class_facts(row)
    by_category: Counter[str] = Counter()
    classes: Counter[str] = Counter()
    lows: Counter[int] = Counter()
    for rank in np.flatnonzero(per_rank).tolist():
        cat, count = facts.category[rank], int(per_rank[rank])
        by_category[cat] += count
        classes[cat] += 1
        if cat == "no-pair":
            lows[facts.top[rank]] += count
    best = int(np.flatnonzero(per_rank)[0])
    return Census(
        system=row.key, cards=cards, deck=deck,
        hands=int(per_rank.sum()),
        classes=int((per_rank > 0).sum()),
        hands_by_category={cat: by_category[cat] for cat in row.category_order},
        classes_by_category={cat: classes[cat] for cat in row.category_order},
        best_class_hands=int(per_rank[best]),
        best_class=facts.text[best],
        lows_by_top_card={v: lows[v] for v in sorted(lows)},
        qualifying_lows=qualifying_lows,
    )


# ---- Five cards ----

def _five_card_counts(row: RankingSystem, deck: int, progress: bool) -> tuple[np.ndarray, dict[str, int]]:
    """Return the hands per class rank (an array indexed by rank) and per qualifier, over every five cards."""
    ranks_of = class_ranks(row)
    per_rank = np.zeros(len(ranks_of) + 1, dtype=np.int64)
    qualifiers = load_rankings().qualifiers
    lows = Counter()
    for (ranks, one_suit), count in hand_shapes(progress).items():
        hand = representative(ranks, one_suit)
        per_rank[ranks_of[strength_key(hand, row)]] += count
        for rule in qualifiers:
            lows[rule.key] += count * qualifying(hand, rule.key)
    if deck != len(DECK):
        for ranks, count in joker_shapes().items():
            others = _four(ranks)
            stand_in = Card(joker_rank(others, row), SUIT_CHARS[0])
            hand = others + (stand_in,)
            per_rank[ranks_of[strength_key(hand, row)]] += count
            for rule in qualifiers:
                low_row = as_system(_qualifier(rule.key)[0])
                if low_row.joker is not None:
                    low = others + (Card(joker_rank(others, low_row), SUIT_CHARS[0]),)
                    lows[rule.key] += count * qualifying(low, rule.key)
    return per_rank, {rule.key: lows[rule.key] for rule in qualifiers}


def _four(ranks: tuple[int, ...]) -> tuple[Card, ...]:
    """Return four cards with these natural ranks (suits told apart where a rank repeats)."""
    seen: Counter[int] = Counter()
    cards = []
    for rank in ranks:
        cards.append(Card(rank, SUIT_CHARS[seen[rank]]))
        seen[rank] += 1
    return tuple(cards)


# ---- Six or seven cards: rank multisets and suit patterns ----

@dataclass(frozen=True)
class FlushPatterns:
    """The hands of a multiset of ranks that hold five or more cards of one suit, grouped by that suit's ranks.

    Row i says: ``hands[i]`` hands hold the multiset number ``multiset[i]`` (a
    row of ``rank_multisets``) with exactly the ranks ``mask[i]`` (a 13-bit
    mask) in their longest suit.
    """

    multiset: np.ndarray
    mask: np.ndarray
    hands: np.ndarray


_PATTERNS: dict[int, FlushPatterns] = {}


def flush_patterns(cards: int, progress: bool = False) -> FlushPatterns:
    """Return the suit patterns with five or more cards of one suit, for every multiset of ``cards`` ranks.

    With at most seven cards only one suit can hold five, so for the suit's ranks
    F: 4 suits to choose it, then for each rank r held m times, C(3, m - 1) ways
    to place its other cards if r is in F, C(3, m) if it is not.

    >>> patterns = flush_patterns(7)
    >>> int(patterns.hands.sum())          # 7-card hands with five or more of a suit
    4089228
    """
    if cards > 2 * HAND_SIZE - 1:
        raise ValueError(f"{cards} cards may hold five of two suits")
    if cards not in _PATTERNS:
        _PATTERNS[cards] = _find_patterns(cards, progress)
    return _PATTERNS[cards]


def _find_patterns(cards: int, progress: bool) -> FlushPatterns:
    digits = rank_multisets(cards)
    rows, masks, hands = [], [], []
    walk = progress_bar(digits.tolist(), unit="multiset", unit_scale=True, enabled=progress,
                        desc=f"suit patterns of {cards} cards")
    for index, ranks in enumerate(walk):
        held = Counter(ranks)
        distinct = sorted(held)
        for size in range(HAND_SIZE, len(distinct) + 1):
            for suited in itertools.combinations(distinct, size):
                ways = SUITS
                for rank, count in held.items():
                    ways *= math.comb(OTHER_SUITS, count - 1) if rank in suited else math.comb(OTHER_SUITS, count)
                if ways:
                    rows.append(index)
                    masks.append(sum(1 << d for d in suited))
                    hands.append(ways)
    return FlushPatterns(np.array(rows, dtype=np.int64), np.array(masks, dtype=np.int64),
                         np.array(hands, dtype=np.int64))


def pattern_hand(ranks: list[int], mask: int) -> tuple[Card, ...]:
    """Return one hand with these rank digits whose longest suit holds exactly the ranks of ``mask``.

    >>> from lowball.core.cards import format_cards
    >>> format_cards(pattern_hand([0, 1, 2, 3, 4, 4, 12], 0b11111))
    '2c 3c 4c 5c 6c 6d Ad'
    """
    used: Counter[int] = Counter()
    hand = []
    for digit in ranks:
        if mask >> digit & 1 and used[digit] == 0:
            suit = SUIT_CHARS[0]
        else:
            suit = SUIT_CHARS[1 + used[digit] - (mask >> digit & 1)]
        used[digit] += 1
        hand.append(Card(digit + 2, suit))
    return tuple(hand)


def _many_card_counts(row: RankingSystem, cards: int, progress: bool) -> tuple[np.ndarray, dict[str, int]]:
    """Return the hands of ``cards`` cards per class rank of their best five, and per qualifier."""
    table = best_table(row, cards)
    totals = hands_of_multiset(table.digits)
    per_rank = np.zeros(len(class_ranks(row)) + 1, dtype=np.int64)
    patterns = flush_patterns(cards, progress)
    if row.flushes_count:
        unsuited = totals - np.bincount(patterns.multiset, weights=patterns.hands, minlength=len(totals)).astype(np.int64)
        np.add.at(per_rank, table.best, unsuited)
        np.add.at(per_rank, pattern_best(row, cards, patterns), patterns.hands)
    else:
        np.add.at(per_rank, table.best, totals)
    lows = {}
    for rule in load_rankings().qualifiers:
        by_key = qualifying_table(rule.key, cards)
        low_row = as_system(_qualifier(rule.key)[0])
        has_low = np.array([by_key[k] > 0 for k in table.keys.tolist()])
        if low_row.flushes_count:
            raise LowballError(f"the census of {cards} cards counts lows of a system without flushes ({rule.key})")
        lows[rule.key] = int(totals[has_low].sum())
    return per_rank, lows


def pattern_best(row: RankingSystem, cards: int, patterns: FlushPatterns) -> np.ndarray:
    """Return the best class rank, under ``row``, of the hands of each flush pattern (all of them at once).

    A five of such a hand is all of the long suit, or not. Its ranks R (a
    sub-multiset of the hand's) can be dealt off-suit unless every rank of R is
    held once only, and that once in the long suit: then R is a flush and
    nothing else. So the best hand is the better of the best unsuited five
    among the ranks that can be dealt off-suit, and the best five of the long
    suit's ranks as a flush (``multisets.best_flush``). Exact whatever a flush
    is worth (H1, K1, L1); ``tests/rankings/test_seven_card_hands.py`` checks it against trying every five.

    >>> patterns = flush_patterns(7)
    >>> best = pattern_best(as_system("high"), 7, patterns)
    >>> len(best) == len(patterns.mask), int(best.min())            # a royal flush is among them
    (True, 1)
    """
    table = best_table(row, cards)
    digits = table.digits[patterns.multiset]                                   # (patterns, cards)
    in_suit = (patterns.mask[:, None] >> digits.astype(np.int64)) & 1 == 1
    held_once = (digits[:, :, None] == digits[:, None, :]).sum(axis=2) == 1
    only_suited = in_suit & held_once                     # the one card of its rank, and it is in the long suit
    positions = combinations_array(cards, HAND_SIZE)
    forced_flush = only_suited[:, positions].all(axis=2)                       # (patterns, C(cards, 5))
    unsuited = rank_table(row)[five_codes(digits)].astype(np.int32)
    unsuited[forced_flush] = np.iinfo(np.int32).max
    flush_best = np.array(best_flush(row), dtype=np.int32)[patterns.mask]
    return np.minimum(unsuited.min(axis=1), flush_best)
