"""Seven cards (L1, L2, L8): the best five, the best qualifying low, the census of all 133,784,560 hands.

The definition of the best five is the plain one: rank every five of the
cards with the literate evaluator and keep the best. The fast path (tables by
rank multiset) is checked against it on random hands of every system, with
extra hands that hold five or more cards of one suit (the only ones where suits
matter).

The census is checked against published figures and against counts computed
here by a different road:

* seven-card high hands by category: the table in Wikipedia's "Poker
  probability" article (section "7-card poker hands"), which also follows from
  the counting below; it is reproduced here by classifying every multiset of
  seven ranks directly (no best-five search: a hand has a straight if its ranks
  hold five in a row, and so on), with its suit patterns counted by hand;
* seven-card hands with a qualifying eight-or-better low, and ace-to-five lows
  by the top card of the best low: by counting how many cards of each rank a
  hand holds (a low needs five different ranks from A-8; the best low's top card
  is the fifth lowest rank held), with no ranking at all.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import numpy as np
import pytest
from hypothesis import example, given, settings, strategies as st

from lowball import DECK, CardError, census, load_rankings, parse_cards
from lowball.analysis.census import flush_patterns, pattern_best, pattern_hand
from lowball.cli import main
from lowball.core.cards import SUIT_CHARS, Card, format_cards
from lowball.ranking import (
    as_system, best_five, best_hand, best_low, best_qualifying_rank, best_rank, class_ranks, hand_name, qualifies,
    rank_text, strength_key,
)
from lowball.ranking.classes import shape_classes
from lowball.ranking.literate import qualifying
from lowball.ranking.multisets import best_table
from lowball.text.split import explain_split, split_hands

SYSTEMS = [row.key for row in load_rankings().systems]
HANDS_7 = math.comb(52, 7)

# Wikipedia, "Poker probability", 7-card poker hands (frequency of the best five-card hand).
PUBLISHED_7_CARD_HIGH = {
    "straight-flush": 41_584,          # 37,260 straight flushes + 4,324 royal flushes
    "quads": 224_848,
    "full-house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "trips": 6_461_620,
    "two-pair": 31_433_400,
    "pair": 58_627_800,
    "no-pair": 23_294_460,
}


def slow(test):
    """Mark an exhaustive sweep (minutes): skipped unless LOWBALL_SLOW=1 (make test-full)."""
    skip = pytest.mark.skipif(os.environ.get("LOWBALL_SLOW") != "1",
                              reason="exhaustive sweep (minutes): run with LOWBALL_SLOW=1 (make test-full)")
    return pytest.mark.slow(skip(test))


def literate_rank(cards, system: str) -> int:
    row = as_system(system)
    return class_ranks(row)[strength_key(cards, row)]


def literate_best(cards, system: str) -> tuple[int, tuple[Card, ...]]:
    """Return the best class rank among every five of the cards, by the literate evaluator, and the first five making it."""
    return min((literate_rank(five, system), five) for five in itertools.combinations(cards, 5))


def literate_low(cards, qualifier: str = "eight-or-better") -> int | None:
    ranks = [literate_rank(five, "ace-to-five") for five in itertools.combinations(cards, 5) if qualifying(five, qualifier)]
    return min(ranks) if ranks else None


def in_words(cards, system: str) -> str:
    return f"{format_cards(cards)} ({rank_text(cards, system)}, {hand_name(cards, as_system(system))})"


# ---- The best five of seven, against the literate definition ----

def random_hands(count: int, size: int, seed: int, suited: bool = False) -> list[tuple[Card, ...]]:
    """Return random hands; ``suited`` ones hold five or more cards of one suit (where a flush is possible)."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < count:
        if suited:
            suit = rng.choice(SUIT_CHARS)
            same = rng.sample([c for c in DECK if c.suit == suit], rng.randint(5, size))
            rest = rng.sample([c for c in DECK if c.suit != suit], size - len(same))
            hand = same + rest
            rng.shuffle(hand)
        else:
            hand = rng.sample(DECK, size)
        hands.append(tuple(hand))
    return hands


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("size, suited", [(7, False), (7, True), (6, False), (6, True)])
def test_best_rank_equals_the_best_five_by_the_literate_evaluator(system, size, suited):
    for hand in random_hands(120, size, seed=size * 10 + suited, suited=suited):
        expected, five = literate_best(hand, system)
        got = best_rank(hand, system)
        assert got == expected, (f"{system}: {format_cards(hand)}: best_rank says class {got}, "
                                 f"the best five is {in_words(five, system)}, class {expected}")
        assert literate_rank(best_five(hand, system), system) == expected


@settings(max_examples=60)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=7, unique=True), st.sampled_from(SYSTEMS))
@example(list(parse_cards("7c 5c 4c 3c 2c 6d 8d")), "deuce-to-seven")      # K1: the flush counts against
@example(list(parse_cards("Ac Kc Qc Jc Tc 9c 2d")), "high")                 # a royal flush among seven
@example(list(parse_cards("6c 4c 3c 2c Ac 6d 4d")), "ace-to-six")           # H2: the suited six-four is a flush
def test_any_hand_of_five_to_seven(cards, system):
    expected, _ = literate_best(cards, system)
    assert best_rank(cards, system) == expected
    assert best_rank(tuple(cards), system) == expected


@pytest.mark.parametrize("size", [5, 6, 7])
def test_best_qualifying_rank_equals_the_literate_low(size):
    for hand in random_hands(300, size, seed=size) + random_hands(60, size, seed=size, suited=True):
        expected = literate_low(hand)
        assert best_qualifying_rank(hand, "eight-or-better") == expected, format_cards(hand)
        low = best_low(hand, "eight-or-better")
        assert (low is None) == (expected is None) and (low is None or low.rank == expected)


def test_worked_split_hands():
    """L1: the high and the low from the same seven cards, a card in both if it helps."""
    assert best_hand("Ah 2h 3h 4h 5h Kd Kc", "high").name == "five-high straight flush"
    assert best_low("Ah 2h 3h 4h 5h Kd Kc").name == "five-four low"
    assert best_low("Kc Qd Jh 6s 4c 3d Ah") is None                       # only four ranks of A-8: no low (L2)
    assert qualifies("8c 6h 4d 3c Ad") and not qualifies("9c 6h 4d 3c Ad")


def test_bad_hands_are_refused_in_one_line():
    for cards, message in [("Ac Kd", "best five needs 5 to 7 cards, got 2"),
                           ("Ac Kd Qh Js Tc 9c 8c 7c", "best five needs 5 to 7 cards, got 8")]:
        with pytest.raises(CardError, match=message):
            best_rank(parse_cards(cards), "high")
    with pytest.raises(CardError, match="duplicate card 'Ac'"):
        best_rank([Card(14, "c")] * 2 + list(parse_cards("2c 3c 4c 5c")), "high")


# ---- Seven-card census: high hands, against the published table and a direct count ----

def straight_in(ranks: set[int]) -> bool:
    """Return whether natural ranks (2-14) hold five in a row; the ace also plays low (A-2-3-4-5)."""
    values = set(ranks) | ({1} if 14 in ranks else set())
    return any(all(v + i in values for i in range(5)) for v in range(1, 11))


def high_category(held: dict[int, int], suited: frozenset[int]) -> str:
    """Return the category of a seven-card hand's best high hand, from its rank counts and its long suit's ranks."""
    counts = sorted(held.values(), reverse=True)
    if suited and straight_in(suited):
        return "straight-flush"
    if counts[0] == 4:
        return "quads"
    if counts[0] == 3 and counts[1] >= 2:
        return "full-house"
    if suited:
        return "flush"
    if straight_in(set(held)):
        return "straight"
    if counts[0] == 3:
        return "trips"
    if counts[0] == 2 and counts[1] == 2:
        return "two-pair"
    if counts[0] == 2:
        return "pair"
    return "no-pair"


def count_high_hands(cards: int = 7) -> Counter:
    """Count hands of six or seven cards by their best high category: every multiset of ranks, every long suit.

    For each way to hold seven ranks (at most four of each), the hands with those
    ranks number the product of C(4, count). Five or more cards of one suit: only
    one suit can hold them; if its ranks are S, there are 4 suits to be it and,
    for each rank, C(3, count - 1) ways to place the rank's other cards (in S)
    or C(3, count) (not in S). The rest have no flush.
    """
    found = Counter()
    for ranks in itertools.combinations_with_replacement(range(2, 15), cards):
        held = Counter(ranks)
        if max(held.values()) > 4:
            continue
        hands = math.prod(math.comb(4, n) for n in held.values())
        for size in range(5, len(held) + 1):
            for suited in itertools.combinations(sorted(held), size):
                ways = 4 * math.prod(math.comb(3, n - 1) if rank in suited else math.comb(3, n)
                                     for rank, n in held.items())
                found[high_category(held, frozenset(suited))] += ways
                hands -= ways
        found[high_category(held, frozenset())] += hands
    return found


def test_the_published_seven_card_table_follows_from_counting():
    """The published figures are reproduced by the direct count above (they are not just copied)."""
    counted = count_high_hands(7)
    assert sum(counted.values()) == HANDS_7
    assert dict(counted) == PUBLISHED_7_CARD_HIGH


def test_census_of_six_card_high_hands_matches_the_direct_count():
    assert census("high", cards=6).hands_by_category == dict(count_high_hands(6))
    assert census("high", cards=6).hands == math.comb(52, 6)


def test_census_of_seven_card_high_hands_matches_the_published_table():
    report = census("high", cards=7)
    assert report.hands == HANDS_7 == 133_784_560
    assert report.hands_by_category == PUBLISHED_7_CARD_HIGH
    assert (report.best_class, report.best_class_hands) == ("A-K-Q-J-10", 4_324)     # the royal flushes


# ---- Seven-card census: lows, by counting cards per rank ----

def ways_with_distinct(ranks: int, cards: int, distinct: int) -> int:
    """Return how many sets of ``cards`` cards from ``ranks`` ranks (four suits each) hold exactly ``distinct`` ranks."""
    # Choose the ranks present, then split the cards among them, each getting 1-4 of its four suits.
    per_rank = [math.comb(4, k) for k in range(1, 5)]
    total = 0
    for split in itertools.product(range(4), repeat=distinct):
        if sum(split) + distinct == cards:
            total += math.prod(per_rank[k] for k in split)
    return math.comb(ranks, distinct) * total


def lows_by_top_card_7() -> dict[int, int]:
    """Return seven-card hands by the top card of their best ace-to-five low (F1): the fifth lowest rank held.

    Top card t (A = 1): exactly four of the t-1 lower ranks held (a cards), rank t
    held (b >= 1 cards), the other 7 - a - b cards among the 13 - t higher ranks.
    """
    found = {}
    for t in range(5, 14):
        total = 0
        for a in range(4, 8):
            for b in range(1, 5):
                if a + b <= 7:
                    total += ways_with_distinct(t - 1, a, 4) * math.comb(4, b) * math.comb(4 * (13 - t), 7 - a - b)
        found[t] = total
    return found


def qualifying_lows_7(limit: int = 8) -> int:
    """Return seven-card hands holding five or more different ranks from A to ``limit`` (L1)."""
    low_ranks = limit
    return sum(ways_with_distinct(low_ranks, a, d) * math.comb(4 * (13 - low_ranks), 7 - a)
               for d in range(5, low_ranks + 1) for a in range(d, 8))


def test_ace_to_five_lows_by_top_card_of_seven_cards():
    report = census("ace-to-five", cards=7)
    expected = lows_by_top_card_7()
    assert report.lows_by_top_card == expected
    assert sum(expected.values()) + report.hands_by_category["pair"] + report.hands_by_category["two-pair"] \
        + report.hands_by_category["full-house"] == HANDS_7
    assert report.best_class == "5-4-3-2-A" and report.best_class_hands == expected[5]


def test_hands_with_a_qualifying_eight_or_better_low_of_seven_cards():
    expected = qualifying_lows_7()
    assert expected == 24_530_944
    for system in ("high", "ace-to-five"):
        assert census(system, cards=7).qualifying_lows == {"eight-or-better": expected}


def test_five_card_qualifying_lows_are_56_rank_sets():
    """L1: C(8, 5) sets of five ranks from A-8, any suits."""
    assert census("ace-to-five").qualifying_lows == {"eight-or-better": 56 * 4**5}


# ---- The census's suit patterns: the vectorized best equals trying every five ----

@pytest.mark.parametrize("system", SYSTEMS)
def test_suit_patterns_vectorized_equal_every_five_on_a_sample(system):
    row = as_system(system)
    patterns = flush_patterns(7)
    digits = best_table(row, 7).digits.tolist()
    best = pattern_best(row, 7, patterns)
    for i in range(0, len(best), 397):
        hand = pattern_hand(digits[patterns.multiset[i]], int(patterns.mask[i]))
        expected, five = literate_best(hand, system)
        assert best[i] == expected, (f"{system}: {format_cards(hand)}: the census says class {best[i]}, "
                                     f"the best five is {in_words(five, system)}, class {expected}")


def test_every_flush_pattern_is_counted_once():
    """Hands with five or more of a suit: 4 * (C(13,5) C(39,2) + C(13,6) 39 + C(13,7))."""
    assert int(flush_patterns(7).hands.sum()) == 4 * (math.comb(13, 5) * math.comb(39, 2)
                                                        + math.comb(13, 6) * 39 + math.comb(13, 7))


def _pattern_block(args: tuple[str, int, int]) -> str | None:
    system, start, step = args
    row = as_system(system)
    patterns = flush_patterns(7)
    digits = best_table(row, 7).digits.tolist()
    best = pattern_best(row, 7, patterns)
    for i in range(start, len(best), step):
        hand = pattern_hand(digits[patterns.multiset[i]], int(patterns.mask[i]))
        if best[i] != best_rank(hand, system):
            return f"{system}: {format_cards(hand)}: census class {best[i]}, best_rank {best_rank(hand, system)}"
    return None


@pytest.mark.parametrize("system", SYSTEMS)
@slow
def test_every_suit_pattern_equals_trying_every_five(system):
    jobs = [(system, k, os.cpu_count()) for k in range(os.cpu_count())]
    with ProcessPoolExecutor(max_workers=os.cpu_count(), mp_context=get_context("fork")) as pool:
        found = [x for x in pool.map(_pattern_block, jobs) if x]
    assert not found, found[0]


@slow
def test_seven_card_census_high_by_dealing_every_hand():
    """All 133,784,560 hands dealt and each ranked by best_rank's tables (vectorized), for the high ranking."""
    from lowball.ranking.fast import combinations_array, rank_table, shape_codes

    table = rank_table(as_system("high"))
    positions = combinations_array(7, 5)
    counts = np.zeros(len(class_ranks(as_system("high"))) + 1, dtype=np.int64)
    for first in range(46):
        rest = combinations_array(51 - first, 6) + first + 1
        hands = np.empty((len(rest), 7), dtype=np.uint8)
        hands[:, 0] = first
        hands[:, 1:] = rest
        for block in range(0, len(hands), 400_000):
            part = hands[block:block + 400_000]
            fives = part[:, positions].reshape(-1, 5)
            best = table[shape_codes(fives, ascending=True)].reshape(len(part), len(positions)).min(axis=1)
            counts += np.bincount(best, minlength=len(counts))
    assert int(counts.sum()) == HANDS_7
    by_category = Counter()
    for (rank, cat) in shape_classes(as_system("high")).values():
        by_category[cat] += int(counts[rank])
    assert dict(by_category) == census("high", cards=7).hands_by_category == PUBLISHED_7_CARD_HIGH


# ---- The command line ----

def test_cli_census_of_seven_cards(capsys):
    assert main(["census", "--cards", "7", "--json", "--system", "high"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] == HANDS_7 and report["hands_by_category"] == PUBLISHED_7_CARD_HIGH
    assert report["qualifying_lows"] == {"eight-or-better": 24_530_944}
    assert main(["census", "--cards", "7", "-s", "ace-to-five"]) == 0
    out = capsys.readouterr().out
    assert "no-pair hands by top card: 5: 781,824" in out
    assert "hands with a qualifying low (eight or better, L1): 24,530,944 of 133,784,560" in out


def test_cli_census_with_the_joker(capsys):
    assert main(["census", "--joker", "-s", "ace-to-five", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 2_869_685
    assert main(["census", "--deck", "53", "-s", "high"]) == 2
    assert "the joker plays only in ace-to-five (F2, F8)" in capsys.readouterr().err


# ---- A split in words (L1, L2) ----

def test_split_explanation_names_the_fives_and_the_scoop():
    text = explain_split({"Lena": "Ah 2h 3h 4h 5h Kd Kc", "Misha": "As Ks Qs Js 9s 8d 2c"}, "high", "eight-or-better")
    lines = text.splitlines()
    assert lines[0].startswith("Lena: high A-5-4-3-2 (Ah 2h 3h 4h 5h), five-high straight flush; low 5-4-3-2-A")
    assert "Ah 2h 3h 4h 5h play in both (L1)" in lines[0]
    assert "no low: none of its fives is eight or better (L1)" in lines[1]
    assert lines[2] == "Lena wins the high half and the low half: a scoop (L2)."


def test_split_explanation_with_no_low_gives_the_high_everything_in_russian():
    text = explain_split(["Kc Kd 9h 9s 2c Jd Qh", "Ac Ad Th 7s 3c Jc Qs"], "high", "eight-or-better", lang="ru")
    assert text.splitlines()[-1] == ("Ни у кого нет проходной младшей руки, поэтому весь банк забирает "
                                     "лучшая старшая рука: Игрок 1 (L2).")


def test_split_halves_follow_the_best_rank_and_the_qualifier():
    hands = random_hands(40, 7, seed=77)
    for a, b in zip(hands[::2], hands[1::2]):
        if set(a) & set(b):
            continue
        players = split_hands([a, b], "high", "eight-or-better")
        for player, cards in zip(players, (a, b)):
            assert player.high_rank == literate_best(cards, "high")[0]
            assert player.low_rank == literate_low(cards)


def test_cli_split_names_each_half_and_the_scoop(capsys):
    """L1, L2 from the command line: Lena's 7-4-3-2-A takes the low, Misha's flush the high; a wheel straight flush
    scoops, in Russian too."""
    assert main(["split", "--names", "Lena,Misha", "Ah 2h 3d 4c 9h Kh 7h", "As Ks Qd Qc 9s 8s 2s"]) == 0
    out = capsys.readouterr().out
    assert "Lena: high A-K-9-7-2 (Ah 2h 9h Kh 7h), ace-high flush; low 7-4-3-2-A (Ah 2h 3d 4c 7h)" in out
    assert "Misha wins the high half; Lena wins the low half (L2)." in out
    assert main(["split", "--lang", "ru", "Ah 2h 3h 4h 5h Kd Kc", "Ac Ad Th 7s 6c Jc Qs"]) == 0
    assert "Игрок 1 забирает обе половины, то есть весь банк (скуп, L2)." in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["split", "Ah 2h", "As Ks Qd Qc 9s"], "hand 1: five to seven cards, got 2: Ah 2h"),
    (["split", "Ah 2h 3d 4c 9h", "Ah Ks Qd Qc 9s"], "hands 1 and 2 both hold Ah"),
    (["split", "--game", "razz", "Ah 2h 3d 4c 9h", "As Ks Qd Qc 9s"], "razz is not a split game"),
    (["split", "--names", "A", "Ah 2h 3d 4c 9h", "As Ks Qd Qc 9s"], "--names: give 2 different names"),
])
def test_cli_split_refuses_bad_input_in_one_line(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
