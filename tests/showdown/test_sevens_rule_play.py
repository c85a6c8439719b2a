"""The sevens rule at play (F7): said in the rulebook even when off, a checked seven wins unremarked without it, and
the rule binds a seven, not an eight."""

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


def test_a_sevens_clause_with_the_rule_off_is_said_in_the_rulebook():
    """F7: the sevens rule is a club's setting ("in some clubs"), off at the plain California table: its rulebook
    says there is none, under F7, as does a house that turns the seed's rule off; a table that cites no sevens
    clause (2-7 triple draw, where seed 003 has no such rule) says nothing of it."""

    off = load_game_table("california-lowball-sevens-rule", overrides={"showdown.sevens_rule": "off"})
    for table in (load_game_table("california-lowball"), off):
        said = [(clause, s) for clause, s in table_rules(table) if "sevens" in s.lower()]
        assert len(said) == 1 and said[0][0] == "F7" and said[0][1].startswith("No sevens rule"), table.name
    assert not any("sevens" in s.lower() for _, s in table_rules(load_game_table("deuce-to-seven-triple-draw")))


def _california_check_call(game: str, lena: str, misha: str, rule: str | None = None):
    """Heads-up, posts 1 + 1: Misha bets 2, Lena calls, both stand pat; Lena checks, Misha bets 4, Lena calls (F4-F7)."""

    table = load_game_table(game, overrides={"showdown.sevens_rule": rule} if rule else None)
    return play(table, [40, 40], [lena, misha], ["p2 cbr 2", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cbr 4", "p1 cc"],
                names=["Lena", "Misha"])


def test_without_the_sevens_rule_a_checked_seven_wins_the_whole_pot_unremarked():
    """F7 off (plain California): Lena checks 7-5-4-2-A and wins all 12 chips: 6 of them Misha's; nothing is said of
    a sevens rule."""

    hand = _california_check_call("california-lowball", "7c 5d 4h 2s Ac", "8d 6h 4c 3s 2d")
    assert hand.result.changes == (6, -6)
    assert not [line for line in narrate(hand) if "seven or better" in line or "sevens rule" in line]


def test_the_sevens_rule_binds_a_seven_not_an_eight():
    """F7, seed 004: only a seven-low or better is bound; Lena's checked 8-5-4-2-A wins the whole pot (+6), while her
    7-5-4-2-A wins only the pot at the check, 4 chips (+2), Misha's later 4 and her call going back."""
    eight = _california_check_call("california-lowball-sevens-rule", "8c 5d 4h 2s Ac", "9d 6h 4c 3s 2d", "seed-004")
    seven = _california_check_call("california-lowball-sevens-rule", "7c 5d 4h 2s Ac", "9d 6h 4c 3s 2d")   # shipped
    assert (eight.result.changes, seven.result.changes) == ((6, -6), (2, -2))


@pytest.mark.parametrize("misha, changes", [("p2 cc", (-6, 6)), ("p2 f", (2, -2))])
def test_a_seven_that_calls_or_folds_in_the_last_round_has_not_checked(misha, changes):
    """F7 binds a seven that *checks*. Heads-up, posts 1 + 1: Misha bets 2, Lena calls, both stand pat; Lena bets
    4 and Misha, holding 7-5-4-2-A, calls (and wins all 12 chips: +6) or folds (Lena wins his 2, her bet going
    back): either way he never checked, and nothing is said of the sevens rule."""
    table = load_game_table("california-lowball-sevens-rule")
    hand = play(table, [40, 40], ["8c 6d 4h 3s 2c", "7c 5d 4s 2h Ad"],
                ["p2 cbr 2", "p1 cc", "p1 sd", "p2 sd", "p1 cbr 4", misha], names=["Lena", "Misha"])
    assert hand.result.changes == changes
    assert not [line for line in narrate(hand) if "seven-low or better" in line]
