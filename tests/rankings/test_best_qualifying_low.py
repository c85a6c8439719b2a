"""The best qualifying low of five to seven cards (L1): the best of several, the shipped qualifier by default, what it
refuses, the joker."""

from __future__ import annotations

import copy
import re
import tomllib

import pytest

from lowball import CardError, IllegalAction, RulesError, best_low, evaluate, parse_cards, replay
from lowball.analysis.odds import rank_discards
from lowball.core.behaviours import RunsOut
from lowball.core.cards import DECK, format_cards
from lowball.core.games import TEACHING_TABLE_FILE, load_game_table, table_from_text
from lowball.core.rankings import RANKINGS_FILE, parse_rankings
from lowball.core.reader import TableReader
from lowball.engine.state import DRAW, OVER, Hand, deck_for
from lowball.engine.stub import Stub
from lowball.phh.history import replay_hand, to_phh
from lowball.ranking import best_low_five, best_qualifying_rank
from lowball.text.narration import narrate
from lowball.text.rulebook import table_rules
from tests.support.rules_examples import eight_players_the_dealer_folding_on_sixth, history, play


# ---- The best of several qualifying lows (L1) ----

@pytest.mark.parametrize("cards, low, name", [
    ("Ac 2d 3h 4s 5c 6d 8h", "Ac 2d 3h 4s 5c", "five-four low"),      # the wheel among 21 fives, most of them lows
    ("8c 7d 6h 4s 3c 2d Kh", "7d 6h 4s 3c 2d", "seven-six low"),      # 7-6-4-3-2 beats 8-7-6-4-3 and the rest
    ("8c 7d 5h 4s 2c Ad 8h", "7d 5h 4s 2c Ad", "seven-five low"),     # the pair of eights plays no part
    ("Ac 2c 3c 4c 6c 7d 8d", "Ac 2c 3c 4c 6c", "six-four low"),       # L1: the flush does not count in the low
])
def test_best_low_is_the_best_of_several_qualifying_lows(cards, low, name):
    value = best_low(cards)
    assert format_cards(best_low_five(cards)) == low
    assert value.name == name and value == evaluate(low, "ace-to-five")
    assert best_qualifying_rank(parse_cards(cards), "eight-or-better") == value.rank


def test_the_worst_qualifying_low_is_not_the_answer():
    """8-7-6-5-4 also qualifies from these seven cards; the best low is 6-5-4-2-A."""
    value = best_low("8c 7d 6h 5s 4c 2d Ah")
    assert value.name == "six-five low" and value > evaluate("8c 7d 6h 5s 4c", "ace-to-five")


# ---- The best qualifying low by its tables: the default qualifier, and what it refuses (L1) ----

def test_best_qualifying_rank_takes_the_shipped_qualifier_by_default():
    cards = parse_cards("Kc Qd 8h 6s 4c 3d Ah")
    assert best_qualifying_rank(cards) == best_qualifying_rank(cards, "eight-or-better") == best_low(cards).rank


@pytest.mark.parametrize("qualifier", ["nine-or-better", ["eight-or-better"]])
def test_best_qualifying_rank_refuses_an_unknown_qualifier_by_name(qualifier):
    with pytest.raises(RulesError, match="unknown qualifier"):
        best_qualifying_rank(parse_cards("Kc Qd 8h 6s 4c 3d Ah"), qualifier)


@pytest.mark.parametrize("cards", ["Kc Qd 8h 6s", "Kc Qd 8h 6s 4c 3d Ah 2c"])
def test_best_qualifying_rank_refuses_fewer_than_five_or_more_than_seven_cards(cards):
    with pytest.raises(CardError, match="best five needs 5 to 7 cards"):
        best_qualifying_rank(parse_cards(cards), "eight-or-better")


def test_best_qualifying_rank_with_the_joker_is_the_best_of_several_lows():
    """F8, L1: with the joker the plain road decides: A-2-3-4-joker is the wheel, the best of many lows."""
    cards = parse_cards("Ac 2d 3h 4s Jk 8c 7d")
    assert best_qualifying_rank(cards, "eight-or-better") == 1 == best_low(cards).rank


@pytest.mark.parametrize("qualifier", ["nine-or-better", ["eight-or-better"], 8])
def test_an_unknown_qualifier_is_refused_by_name_with_the_known_ones(qualifier):
    """L1: the qualifier is named in the rankings table; any other name, or no name at all, is refused in one line."""
    with pytest.raises(RulesError, match=re.escape(f"unknown qualifier {qualifier!r} (known: eight-or-better)")):
        best_qualifying_rank(parse_cards("Kc Qd 8h 6s 4c 3d Ah"), qualifier)
