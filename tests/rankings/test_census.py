"""Exhaustive counts over all 2,598,960 five-card hands, computed here and checked against published figures.

The expected numbers are the issue's and the literature's (the A-5 lows table,
7,462 classes, 1,020 best hands), not values taken from this code.
"""

import math

import pytest

from lowball import census
from lowball.analysis.census import hand_shapes

A6_COUNTS = {"no-pair": 1_302_540, "straight": 10_200, "flush": 5_108, "straight-flush": 40}
D27_COUNTS = {"no-pair": 1_303_560, "straight": 9_180, "flush": 5_112, "straight-flush": 36}
PAIRED = {"pair": 1_098_240, "two-pair": 123_552, "trips": 54_912, "full-house": 3_744, "quads": 624}


def test_the_walk_deals_every_hand_exactly_once():
    assert sum(hand_shapes().values()) == math.comb(52, 5) == 2_598_960


@pytest.mark.parametrize("system, classes, best", [
    ("ace-to-six", 7_462, 1_020),          # H4: 6-4-3-2-A offsuit: 4^5 - 4 hands
    ("ace-to-six-ace-low", 7_462, 1_020),  # C1
    ("deuce-to-seven", 7_462, 1_020),      # K1: 7-5-4-3-2 offsuit
    ("ace-to-five", 6_175, 1_024),         # F1: the wheel, suits ignored
])
def test_classes_and_best_class_size(system, classes, best):
    report = census(system)
    assert report.hands == 2_598_960
    assert report.classes == classes
    assert report.best_class_hands == best


def test_teaching_table_hands_per_category():
    counts = census("ace-to-six").hands_by_category
    assert {k: counts[k] for k in A6_COUNTS} == A6_COUNTS
    assert {k: counts[k] for k in PAIRED} == PAIRED


def test_deuce_to_seven_hands_per_category():
    """K1: the wheel is no straight, so 2-7 has 4 x 255 fewer straights and 4 more flushes than A-6."""
    counts = census("deuce-to-seven").hands_by_category
    assert {k: counts[k] for k in D27_COUNTS} == D27_COUNTS
    assert {k: counts[k] for k in PAIRED} == PAIRED


def test_the_two_a6_conventions_differ_only_on_the_1024_broadway_hands():
    """C1: A-K-Q-J-10 moves from straight (and straight flush) to no pair (and flush)."""
    teach, low = census("ace-to-six").hands_by_category, census("ace-to-six-ace-low").hands_by_category
    moved = {k: low[k] - teach[k] for k in teach if low[k] != teach[k]}
    assert moved == {"no-pair": 1_020, "straight": -1_020, "flush": 4, "straight-flush": -4}


def test_ace_to_five_lows_by_top_card_match_the_published_table():
    """F1: the published A-5 table of no-pair lows by top card."""
    published = {5: 1_024, 6: 5_120, 7: 15_360, 8: 35_840, 9: 71_680, 10: 129_024,
                 11: 215_040, 12: 337_920, 13: 506_880}
    assert census("ace-to-five").lows_by_top_card == published
    assert set(census("ace-to-five").hands_by_category) == {"no-pair", *PAIRED}


@pytest.mark.parametrize("kwargs, message", [
    ({"cards": 8}, "a census counts hands of 5, 6, 7 cards, not 8"),
    ({"cards": 7, "deck": 53}, "the census with the joker counts five-card hands (F8), not 7"),
    ({"deck": 54}, "a deck has 52 cards, or 53 with the joker; not 54"),
])
def test_a_census_it_cannot_take_is_refused_in_one_line(kwargs, message):
    from lowball import LowballError

    with pytest.raises(LowballError) as error:
        census("ace-to-five", **kwargs)
    assert str(error.value) == message


def test_a_five_card_census_says_what_it_counted():
    report = census("ace-to-five")
    assert (report.cards, report.deck) == (5, 52)
    assert report.qualifying_lows == {"eight-or-better": 56 * 4**5}     # L1: C(8, 5) sets of ranks, any suits


def test_the_census_at_the_command_line_agrees_in_russian_and_shows_a_qualifier_for_its_own_system(capsys):
    """Russian numbers are grouped by a narrow space and the nouns agree with them (1 092 класса, 24 руки, из 52
    карт); the eight-or-better line (L1) reads ace-to-five lows, so it is shown for ace-to-five only."""
    from lowball.cli import main

    assert main(["census", "--system", "badugi", "--lang", "ru", "--json"]) == 0
    capsys.readouterr()
    assert main(["census", "--system", "badugi", "--lang", "ru"]) == 0
    text = capsys.readouterr().out
    assert "270\u202f725 рук (4 карты, колода из 52 карт), 1\u202f092 класса" in text
    assert "лучший класс: 4-3-2-A, 24 руки" in text
    assert main(["census", "--system", "ace-to-five"]) == 0
    assert "hands with a qualifying low (eight or better, L1): 57,344 of 2,598,960" in capsys.readouterr().out
    assert main(["census", "--system", "deuce-to-seven"]) == 0
    assert "qualifying" not in capsys.readouterr().out
