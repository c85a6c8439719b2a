"""The joker (the "bug", F2, F8): resolved before ranking, in ace-to-five only, checked against brute force.

F8: the joker counts as the lowest rank not already in the hand (A-6-5-3-joker
reads 6-5-3-2-A). In ace-to-five nothing but pairs counts against a hand (F1),
so that is also the best card the joker could be. The brute force written here
says exactly that, and nothing else: it puts every card not already in the
hand in the joker's place and keeps the best hand, ranked by the joker-free
evaluator (the literate one hand by hand; the five-card table, proven equal to
it on every hand in tests/rankings/test_fast.py, when all 270,725 joker hands are swept
at once).
"""

from __future__ import annotations

import itertools
import math
import os
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from multiprocessing import get_context

import numpy as np
import pytest
from hypothesis import example, given, settings, strategies as st

from lowball import (
    DECK, JOKER, CardError, RulesError, all_ranks, census, compare, describe, draw_outcomes, evaluate, explain,
    load_rankings, parse_cards, winners,
)
from lowball.analysis.odds import draw_odds, rank_discards
from lowball.core.cards import Card, deck_of, format_cards
from lowball.core.rankings import RANKINGS_FILE
from lowball.ranking import (
    as_system, best_five, best_rank, category, class_ranks, class_representatives, hand_name, plays_as, rank_text,
    strength_key, value,
)
from lowball.ranking.fast import combinations_array, rank_table, shape_codes

SYSTEMS = [row.key for row in load_rankings().systems]
JOKER_SYSTEMS = [row.key for row in load_rankings().systems if row.joker is not None]
NO_JOKER = [key for key in SYSTEMS if key not in JOKER_SYSTEMS]
A5 = "ace-to-five"
REFUSAL = "the joker plays only in ace-to-five (F2, F8)"


def slow(test):
    """Mark an exhaustive hand-by-hand sweep (minutes): skipped unless LOWBALL_SLOW=1 (make test-full)."""
    skip = pytest.mark.skipif(os.environ.get("LOWBALL_SLOW") != "1",
                              reason="exhaustive literate sweep (minutes): run with LOWBALL_SLOW=1 (make test-full)")
    return pytest.mark.slow(skip(test))


def literate_rank(cards, system: str) -> int:
    row = as_system(system)
    return class_ranks(row)[strength_key(cards, row)]


def brute_force_rank(others, system: str = A5) -> tuple[int, Card]:
    """Return the best class rank any card not in the hand makes in the joker's place, and the first card making it."""
    return min((literate_rank(tuple(others) + (card,), system), card) for card in DECK if card not in others)


def in_words(cards, system: str = A5) -> str:
    return f"{format_cards(cards)} ({rank_text(cards, system)}, {hand_name(cards, system)})"


# ---- The table says which systems take a joker ----

def test_only_ace_to_five_takes_the_joker():
    assert JOKER_SYSTEMS == [A5]
    assert as_system(A5).joker == "lowest-missing" and as_system(A5).joker_clause == "F8"


def broken_table(tmp_path, old: str, new: str):
    text = RANKINGS_FILE.read_text(encoding="utf-8")
    assert old in text, f"test set-up: {old!r} not in the rankings table"
    path = tmp_path / "rankings.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_joker_on_a_system_where_straights_count_is_refused(tmp_path):
    """The lowest missing card could complete a straight or a flush there: no longer the best card (F1, F8)."""
    path = broken_table(tmp_path, 'clauses = { category_order = "K1", tie_break = "K1", ace = "K1" }',
                        'clauses = { category_order = "K1", tie_break = "K1", ace = "K1", joker = "F8" }\n'
                        'joker = "lowest-missing"')
    with pytest.raises(RulesError, match=r"systems\.deuce-to-seven\.joker: a joker needs a system where straights "
                                         r"and flushes do not count"):
        load_rankings(path)


@pytest.mark.parametrize("old, new, message", [
    ('joker = "lowest-missing"', 'joker = "wild"', r"ace-to-five\.joker: 'wild' is not one of lowest-missing"),
    (', joker = "F8" }', " }", r"ace-to-five\.clauses\.joker: a system with a joker names its clause"),
])
def test_a_bad_joker_key_is_refused(tmp_path, old, new, message):
    with pytest.raises(RulesError, match=message):
        load_rankings(broken_table(tmp_path, old, new))


# ---- Card text and the 53-card deck ----

@pytest.mark.parametrize("text", ["Jk", "jk", "JK", "joker", "Joker", "JOKER", "🃏", "🃟", "🂿"])
def test_every_spelling_of_the_joker_parses(text):
    assert parse_cards(f"Ac {text} 2d") == (Card(14, "c"), JOKER, Card(2, "d"))


def test_a_hand_holds_at_most_one_joker():
    """F8: the deck has one joker, so a second one is a duplicate card."""
    with pytest.raises(CardError, match="duplicate card 'Jk'"):
        parse_cards("Ac Jk 2d joker 3h")


def test_a_kelvin_sign_is_not_a_joker():
    """U+212A lowers to 'k'; card text is ASCII or the seeds' symbols, never a look-alike."""
    with pytest.raises(CardError):
        parse_cards("J\u212a")


def test_the_53_card_deck_ends_with_the_joker():
    assert deck_of(53) == DECK + (JOKER,) and str(deck_of(53)[-1]) == "Jk"


# ---- F8, case by case ----

def test_the_seeds_case_a6_5_3_joker_reads_6_5_3_2_a():
    value_ = evaluate("Ac 6d 5h 3s Jk", A5)
    assert value_ == evaluate("Ac 6d 5h 3s 2c", A5)
    assert value_.name == "six-five low" and value_.cards[-1] == JOKER
    assert rank_text(parse_cards("Ac 6d 5h 3s Jk"), A5) == "6-5-3-2-A"


@pytest.mark.parametrize("others, rank, reads, category_", [
    ("Ac 2d 3h 4s", 5, "5-4-3-2-A", "no-pair"),       # the wheel: the joker is the five
    ("2c 3d 4h 5s", 14, "5-4-3-2-A", "no-pair"),      # the ace is the lowest card (F1)
    ("Ac 2d 3h 5s", 4, "5-4-3-2-A", "no-pair"),
    ("Ac Ad Kh Qs", 2, "A-A-K-Q-2", "pair"),           # a pair stays a pair: the joker takes no ace
    ("7c 7d 7h 7s", 14, "7-7-7-7-A", "quads"),         # four of a kind and the joker the kicker, never a fifth seven
    ("Kc Kd Qh Qs", 14, "K-K-Q-Q-A", "two-pair"),      # two pair, never a full house
    ("Ac 2d 2h 2s", 3, "2-2-2-3-A", "trips"),          # trips, never quads or a full house
])
def test_the_joker_is_the_lowest_rank_missing_and_never_pairs(others, rank, reads, category_):
    hand = parse_cards(others) + (JOKER,)
    assert plays_as(hand, A5) == rank and rank not in {c.rank for c in hand[:4]}
    assert rank_text(hand, A5) == reads and evaluate(hand, A5).category == category_
    best, card = brute_force_rank(hand[:4])
    assert evaluate(hand, A5).rank == best, f"the joker as {card} makes {in_words(hand[:4] + (card,))}"


@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True))
@example(list(parse_cards("Ac 6d 5h 3s")))
def test_evaluate_with_the_joker_is_the_best_card_in_its_place(others):
    best, card = brute_force_rank(others)
    hand = tuple(others) + (JOKER,)
    got = evaluate(hand, A5).rank
    assert got == best, (f"{format_cards(hand)} ranked class {got}; the joker as {card} makes "
                         f"{in_words(tuple(others) + (card,))}, class {best}")


@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True), st.permutations(range(5)))
def test_the_joker_may_sit_anywhere_in_the_hand(others, order):
    hand = tuple(others) + (JOKER,)
    moved = tuple(hand[i] for i in order)
    assert evaluate(moved, A5) == evaluate(hand, A5)
    assert evaluate(format_cards(moved), A5) == evaluate(hand, A5)


# ---- Every other system refuses it, everywhere ----

@pytest.mark.parametrize("system", NO_JOKER)
def test_every_other_system_refuses_the_joker(system):
    hand, other = "Ac 6d 5h 3s Jk", "Ac 6c 5h 3s 2c"
    message = f"{REFUSAL}; {system} has no joker"
    calls = [
        lambda: evaluate(hand, system), lambda: compare(hand, "Kc Qd Jh 9s 8c", system),
        lambda: winners([hand, "Kc Qd Jh 9s 8c"], system), lambda: describe(hand, system),
        lambda: explain(hand, "Kc Qd Jh 9s 8c", system), lambda: rank_text(parse_cards(hand), system),
        lambda: all_ranks(system, deck=53), lambda: census(system, deck=53),
        lambda: draw_outcomes(other, "2c", system, deck=53), lambda: draw_odds(hand, "Jk", system, deck=53),
        lambda: best_rank(parse_cards(hand + " Kd Qd"), system),
    ]
    for call in calls:
        with pytest.raises(CardError) as error:
            call()
        assert str(error.value) == message


# ---- Words ----

def test_explain_says_what_the_joker_plays_as_in_english_and_russian():
    en = explain("6c 5h 3s Jk Ac", "6d 4s 3h 2c Ah", A5)
    ru = explain("6c 5h 3s Jk Ac", "6d 4s 3h 2c Ah", A5, lang="ru")
    assert en.startswith("6-4-3-2-A beats 6-5-3-2-A.") and "The joker plays as a deuce (F8)." in en
    assert "Джокер здесь — двойка (F8)." in ru
    assert "an ace" in explain("Kc 5h 3s Jk 2c", "Kd 6s 3h 2h Ah", A5)


def test_describe_names_the_hand_the_joker_completes():
    assert describe("Ac 2d 3h 4s Jk", A5) == "5-4-3-2-A: no pair, five-four low; the joker plays as a five (F8)"
    assert describe("Ac 2d 3h 4s Jk", A5, "ru").endswith("джокер здесь — пятёрка (F8)")


def test_compare_and_winners_see_the_joker_as_its_card():
    assert compare("Ac 2d 3h 4s Jk", "Ah 2h 3d 4c 5s", A5) == 0          # both wheels (F1)
    assert winners(["Kc 9d 6h 3s Jk", "Kd 9c 6s 3h Ac", "Kh 9h 6c 3d 2d"], A5) == [0, 1]   # the joker: an ace


# ---- Every joker hand at once: all_ranks and the census over the 53-card deck ----

def joker_hands_brute_force() -> np.ndarray:
    """Return, for each four natural cards (in combinations order), the best class any other card makes beside them.

    Every one of the 48 cards not among the four is tried in the joker's place
    and ranked by the five-card table; 270,725 x 48 hands, in blocks.
    """
    fours = combinations_array(52, 4)
    table = rank_table(as_system(A5))
    best = np.empty(len(fours), dtype=np.int16)
    for start in range(0, len(fours), 30_000):
        block = fours[start:start + 30_000]
        rows = np.empty((len(block), 52, 5), dtype=np.uint8)
        rows[:, :, :4] = block[:, None, :]
        rows[:, :, 4] = np.arange(52, dtype=np.uint8)
        ranks = table[shape_codes(rows.reshape(-1, 5))].reshape(len(block), 52).astype(np.int32)
        held = np.zeros((len(block), 52), dtype=bool)
        np.put_along_axis(held, block.astype(np.intp), True, axis=1)
        ranks[held] = np.iinfo(np.int32).max              # a card already held cannot stand in for the joker
        best[start:start + len(block)] = ranks.min(axis=1)
    return best


@pytest.fixture(scope="module")
def brute_force_joker_ranks() -> np.ndarray:
    return joker_hands_brute_force()


def test_all_ranks_of_the_53_card_deck_follow_itertools_order():
    ranks = all_ranks(A5, deck=53)
    assert len(ranks) == math.comb(53, 5) == 2_869_685
    for index, hand in enumerate(itertools.combinations(deck_of(53), 5)):
        if index % 9_973 == 0:
            assert ranks[index] == evaluate(hand, A5).rank, in_words(hand)
        if index > 400_000:
            break


def test_every_joker_hand_in_all_ranks_equals_the_brute_force(brute_force_joker_ranks):
    rows = combinations_array(53, 5)
    ranks = all_ranks(A5, deck=53)
    with_joker = rows[:, 4] == 52
    assert int(with_joker.sum()) == math.comb(52, 4)
    got = ranks[with_joker]
    bad = np.flatnonzero(got != brute_force_joker_ranks)
    if len(bad):
        others = tuple(DECK[i] for i in combinations_array(52, 4)[bad[0]])
        best, card = brute_force_rank(others)
        pytest.fail(f"{format_cards(others)} Jk: all_ranks says class {got[bad[0]]}, but the joker as {card} makes "
                    f"{in_words(others + (card,))}, class {best}")
    assert np.array_equal(ranks[~with_joker], all_ranks(A5))


def class_facts() -> dict[int, tuple[str, int]]:
    """Return (category, top card's value) of every ace-to-five class rank, by the literate evaluator."""
    row = as_system(A5)
    return {class_ranks(row)[strength_key(hand, row)]: (category(hand, row), max(value(c, row) for c in hand))
            for hand in class_representatives()}


def test_the_census_of_the_53_card_deck_equals_the_brute_force(brute_force_joker_ranks):
    facts = class_facts()
    natural = census(A5)
    by_category = Counter(natural.hands_by_category)
    lows = Counter(natural.lows_by_top_card)
    for rank, count in zip(*np.unique(brute_force_joker_ranks, return_counts=True)):
        cat, top = facts[int(rank)]
        by_category[cat] += int(count)
        if cat == "no-pair":
            lows[top] += int(count)
    report = census(A5, deck=53)
    assert report.hands == 2_869_685 and report.deck == 53
    assert report.hands_by_category == {cat: by_category[cat] for cat in as_system(A5).category_order}
    assert report.lows_by_top_card == dict(sorted(lows.items()))
    assert report.best_class == "5-4-3-2-A" and report.best_class_hands == 1_024 + 5 * 4**4


def test_the_53_card_census_counts_qualifying_lows_with_the_joker():
    """L1 with F8: a low of five distinct ranks A-8, the joker standing in for one: 57,344 without it,
    and with it every four distinct ranks of A-8 whose lowest missing rank is 8 or lower: C(8, 4) * 4**4."""
    assert census(A5, deck=53).qualifying_lows["eight-or-better"] == 57_344 + math.comb(8, 4) * 4**4


def literate_joker_block(first: int) -> str | None:
    """Compare every joker hand whose lowest natural card is DECK[first] with the literate brute force."""
    for rest in itertools.combinations(DECK[first + 1:], 3):
        others = (DECK[first],) + rest
        best, card = brute_force_rank(others)
        got = evaluate(others + (JOKER,), A5).rank
        if got != best:
            return (f"{format_cards(others)} Jk ranked class {got}; the joker as {card} makes "
                    f"{in_words(others + (card,))}, class {best}")
    return None


def test_a_sample_of_joker_hands_against_the_literate_brute_force():
    rng = random.Random(8)
    for _ in range(400):
        others = tuple(rng.sample(DECK, 4))
        best, card = brute_force_rank(others)
        assert evaluate(others + (JOKER,), A5).rank == best, f"{format_cards(others)} Jk vs {in_words(others + (card,))}"


@slow
def test_every_joker_hand_against_the_literate_brute_force():
    with ProcessPoolExecutor(max_workers=os.cpu_count(), mp_context=get_context("fork")) as pool:
        found = [x for x in pool.map(literate_joker_block, range(49)) if x is not None]
    assert not found, found[0]


# ---- More cards: the joker in each five (razz-like hands) ----

@settings(max_examples=40)
@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=6, unique=True))
def test_the_best_five_of_up_to_seven_with_the_joker_is_the_best_card_in_its_place(others):
    """With more than five cards, trying every card in the joker's place and then every five gives the same."""
    cards = tuple(others) + (JOKER,)
    expected = min(min(literate_rank(five, A5) for five in itertools.combinations(tuple(others) + (card,), 5))
                   for card in DECK if card not in others)
    assert best_rank(cards, A5) == expected
    five = best_five(cards, A5)
    assert len(five) == 5 and set(five) <= set(cards) and evaluate(five, A5).rank == expected


# ---- Draw odds with the joker in the deck ----

def test_a234_drawing_one_with_the_joker_in_the_deck():
    """A-2-3-4 and a king, throwing the king, under ace-to-five with the joker in the deck (F1, F8, D1).

    53 cards less the 5 held: 48 unseen, each equally likely. By hand:

    * the wheel (five-low): the 4 fives, and the joker, which plays as the five: 5 of 48;
    * a six-low: the 4 sixes, so six-low or better is 9; seven-low or better 13 (the sevens),
      eight 17, nine 21, ten 25;
    * jacks (4) and queens (4) make no-pair hands too, and the kings, one of which was
      thrown and never comes back (D1), only 3: no pair at all = 25 + 4 + 4 + 3 = 36;
    * the rest pair the hand: 3 aces, 3 deuces, 3 treys, 3 fours = 12; 36 + 12 = 48.
    """
    odds = draw_odds("Ac 2d 3h 4s Kc", "Kc", A5, deck=53)
    assert odds.draws == 48
    expected = {"five": 5, "six": 9, "seven": 13, "eight": 17, "nine": 21, "ten": 25, "no-pair": 36}
    assert {kind.key: n for kind, n in odds.counts} == expected
    assert odds.rest == 12 and odds.chance("five") == Fraction(5, 48)
    assert draw_outcomes("Ac 2d 3h 4s Kc", "Kc", A5, deck=53)[1] == 5


def test_drawing_to_a_hand_that_holds_the_joker_comes_from_the_48_natural_cards():
    """Holding the joker, 48 cards are unseen, all natural: throwing the king of A-2-3-Jk-K, every five, four,
    six, seven ... completes a no-pair hand (the joker the missing card), the 3 aces, deuces and treys pair it."""
    odds = draw_odds("Ac 2d 3h Jk Kc", "Kc", A5, deck=53)
    assert odds.draws == 48 and odds.rest == 9
    assert odds.count("five") == 4 + 4            # a five (joker as four) or a four (joker as five): the wheel


@pytest.mark.parametrize("cards, discard", [("Ac 2d 3h 4s Kc", "Kc"), ("9c 7d 5h Jk Qs", "9c Qs"),
                                            ("Kc Kd 8h 6s 2c", "Kc Kd")])
def test_draw_outcomes_with_the_joker_equal_the_brute_force(cards, discard):
    held, thrown = parse_cards(cards), parse_cards(discard)
    kept = tuple(c for c in held if c not in thrown)
    unseen = [c for c in deck_of(53) if c not in held]
    expected = Counter()
    for drawn in itertools.combinations(unseen, len(thrown)):
        hand = kept + drawn
        if JOKER in hand:
            others = tuple(c for c in hand if c != JOKER)
            expected[brute_force_rank(others)[0]] += 1
        else:
            expected[literate_rank(hand, A5)] += 1
    assert draw_outcomes(cards, discard, A5, deck=53) == expected


def test_the_joker_is_not_in_the_52_card_deck():
    with pytest.raises(CardError, match="the joker is not in a 52-card deck"):
        draw_outcomes("Ac 2d 3h Jk Kc", "Kc", A5)


def test_rank_discards_with_the_joker_throws_the_king():
    best = rank_discards("Ac 2d 3h 4s Kc", A5, "five", deck=53)[0]
    assert format_cards(best.discard) == "Kc" and best.chance("five") == Fraction(5, 48)


def test_resolving_two_jokers_is_refused_even_past_the_card_parser():
    """F8: one joker in the deck; a hand built from Card objects (not text) with two is refused, not ranked."""
    from lowball.ranking.joker import resolve_joker

    with pytest.raises(CardError, match="at most one joker"):
        resolve_joker((JOKER, JOKER, Card(2, "d"), Card(3, "h"), Card(4, "s")), A5)


def test_with_the_ace_high_the_joker_is_the_lowest_missing_rank_from_the_deuce(tmp_path):
    """F8 read for a house row whose ace is high (no straights, no flushes): the lowest rank is then the deuce, and
    with the deuce held the joker is the trey; the ace, being high, is never the joker's first choice."""
    from lowball.ranking.joker import joker_rank

    rankings = load_rankings(broken_table(tmp_path, 'ace = "low"\nbetter = "lower"\nstraights_count = false',
                                          'ace = "high"\nbetter = "lower"\nstraights_count = false'))
    row = rankings.system("ace-to-five")
    assert joker_rank(parse_cards("3c 4d 5h 6s"), row) == 2
    assert joker_rank(parse_cards("2c 4d 5h 6s"), row) == 3
    assert joker_rank(parse_cards("2c 3d 4h 5s"), row) == 6
