"""Hand values compare as equal values should (H3, S2), and the rankings loader refuses what it would otherwise
ignore: every key honoured or refused, categories that cannot occur, qualifiers and rank names (H1, H2, L1)."""

from __future__ import annotations

import copy
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


# ---- HandValue: >= and <= hold on equal values, > and < do not (H3, S2) ----


@pytest.mark.parametrize("system", ["ace-to-six", "deuce-to-seven", "ace-to-five", "high"])
def test_equal_values_are_at_least_and_at_most_each_other(system):
    a, b = evaluate("9c 7d 5h 4s 2c", system), evaluate("9d 7h 5s 4c 2d", system)     # S2: same ranks, other suits
    assert a == b and a >= b and b >= a and a <= b and b <= a
    assert not a > b and not b > a and not a < b and not b < a


def test_a_stronger_value_is_greater_never_at_most():
    best, worse = evaluate("6c 4h 3s 2d Ac", "ace-to-six"), evaluate("8c 6h 4d 3c Ad", "ace-to-six")   # H4, E2
    assert best > worse and best >= worse and worse < best and worse <= best
    assert not best < worse and not best <= worse and not worse > best and not worse >= best


# ---- The rankings loader refuses what it would otherwise ignore (every key honoured or refused) ----

def _rankings_with(change) -> None:
    """Parse the shipped rankings table after ``change(data)``: the loader's own reading, from a dict."""


    data = copy.deepcopy(tomllib.loads(RANKINGS_FILE.read_text(encoding="utf-8")))
    change(data)
    return parse_rankings(TableReader("rankings.toml", data))


@pytest.mark.parametrize("where", [
    (), ("categories", "pair"), ("systems", "ace-to-six", "tie_break"), ("systems", "ace-to-six", "clauses"),
    ("qualifiers", "eight-or-better"), ("ranks",), ("ranks", "1"), ("hand_names",), ("hand_names", "en"),
])
def test_the_rankings_loader_refuses_an_unknown_key_anywhere(where):
    """H2, F1, L1: a key the loader does not know is refused by name, wherever it is (a typo is never ignored)."""
    def change(data):
        node = data
        for part in where:
            node = node[part]
        node["colour"] = "red"

    with pytest.raises(RulesError, match=r"rankings\.toml: .*colour"):
        _rankings_with(change)


@pytest.mark.parametrize("max_rank, ok", [(5, False), (6, True), (13, True), (14, False)])
def test_a_qualifier_is_a_card_rank_from_six_to_thirteen(max_rank, ok):
    """L1: "eight or better" names a top card; from six-or-better to king-or-better, nothing else."""
    def change(data):
        data["qualifiers"]["eight-or-better"]["max_rank"] = max_rank

    if ok:
        assert _rankings_with(change).qualifier("eight-or-better").max_rank == max_rank
    else:
        with pytest.raises(RulesError, match=rf"max_rank: {max_rank} is not a card rank from 6 to 13"):
            _rankings_with(change)


@pytest.mark.parametrize("key, category, why", [
    ("straights_count", "straight", "straights_count"), ("flushes_count", "flush", "flushes_count"),
])
def test_a_category_that_cannot_occur_is_refused_with_the_flag_that_forbids_it(key, category, why):
    """H2, K1: deuce-to-seven without straights (or without flushes) cannot list the category; the error names the
    flag that rules it out."""
    def change(data):
        data["systems"]["deuce-to-seven"][key] = False
        if key == "straights_count":          # the straight flags are refused first otherwise
            data["systems"]["deuce-to-seven"]["broadway_is_straight"] = False

    with pytest.raises(RulesError, match=rf"category '{category}' cannot occur when {why} is false"):
        _rankings_with(change)


def test_a_flush_listed_where_neither_runs_nor_suits_count_names_the_flush_flag():
    """F1: ace-to-five counts neither straights nor flushes; listing "flush" is refused for flushes_count."""
    def change(data):
        data["systems"]["ace-to-five"]["category_order"].append("flush")

    with pytest.raises(RulesError, match=r"category 'flush' cannot occur when flushes_count is false"):
        _rankings_with(change)


def test_rank_names_run_from_the_low_ace_to_the_high_ace():
    """H3: ranks are named 1 (the ace, low) to 14 (the ace, high); a fifteenth rank is refused."""
    def change(data):
        data["ranks"]["15"] = {"en": ["x", "xs"], "ru": ["x", "x", "x"]}

    with pytest.raises(RulesError, match=r"ranks.*15"):
        _rankings_with(change)


def test_a_joker_needs_neither_straights_nor_flushes():
    """F1, F8: a joker on a row where only flushes count (or only straights) is refused just the same."""
    def change(data):
        row = data["systems"]["ace-to-five"]
        row["flushes_count"] = True
        row["category_order"] = [*row["category_order"], "flush"]
        row["tie_break"]["flush"] = ["cards"]

    with pytest.raises(RulesError, match=r"a joker needs a system where straights and flushes do not count"):
        _rankings_with(change)


@pytest.mark.parametrize("size", [1, 4, 6])
def test_the_rankings_are_for_five_card_hands(size):
    """H2: the rankings table ranks five-card hands; another hand_size is refused, not ignored."""
    with pytest.raises(RulesError, match=rf"hand_size: the evaluator ranks 5-card hands \(H2\), got {size}"):
        _rankings_with(lambda data: data.update(hand_size=size))
