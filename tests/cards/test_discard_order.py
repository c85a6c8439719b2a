"""rank_discards orders the discards: the goal first, then the better kinds, then the smaller discard (D1)."""

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


# ---- rank_discards: the goal, then the better kinds, then the smaller discard ----

def documented_key(odds, goal):
    """Return the order rank_discards promises, written here: the goal's chance, the kinds' chances, the size."""
    chances = [n / odds.draws for _, n in odds.counts]
    return (-odds.chance(goal), [-c for c in chances], len(odds.discard))


@pytest.mark.parametrize("cards, system, goal", [
    ("7c 6d 5h 4s 3c", "ace-to-six", "seven"),     # 4s or 3c: 8/47 sevens either way; the better kinds decide
    ("Ac Ad 2h 2s 3c", "ace-to-six", "six"),       # many discards make nothing: the smaller one first
    ("Kc Qd 4h 3s 2c", "ace-to-six", "six"),
])
def test_rank_discards_breaks_ties_by_the_better_kinds_then_the_smaller_discard(cards, system, goal):
    ranked = rank_discards(cards, system, goal)
    keys = [documented_key(odds, goal) for odds in ranked]
    assert keys == sorted(keys), f"{cards}: the discards are not in the documented order"
    ties = [(a, b) for a, b in zip(ranked, ranked[1:]) if a.chance(goal) == b.chance(goal)]
    assert ties, "the hand must hold ties on the goal for this test to bite"


def test_rank_discards_the_better_kinds_decide_a_tie_on_the_goal():
    """7-6-5-4-3 under ace-to-six, goal seven-low: throwing the 4 or the 3 both give 8/47; the first makes more sixes."""
    ranked = [format_cards(odds.discard) for odds in rank_discards("7c 6d 5h 4s 3c", "ace-to-six", "seven")]
    assert ranked.index("4s") < ranked.index("3c")


def test_rank_discards_a_full_tie_goes_to_the_smaller_discard():
    """A-A-2-2-3, goal six-low: standing pat and throwing one ace both make nothing; standing pat comes first."""
    ranked = [format_cards(odds.discard) for odds in rank_discards("Ac Ad 2h 2s 3c", "ace-to-six", "six")]
    assert ranked.index("") < ranked.index("Ac") < ranked.index("Ac Ad")
