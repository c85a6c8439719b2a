"""Stud (L4, L6, R2, R3, G6): who brings it in, who opens the later streets past a folded player, and the bet
nobody could match going back to its owner heads-up."""

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


# ---- Stud: who brings it in and who opens the later streets (L4, L6, R2); the uncalled bet heads-up (G6) ----

def _stud(game: str, hands: list[str], then: str = ""):
    """Three players at a stud table, named A, B, C, each dealt two cards down and the third up (L3)."""

    hand = Hand([50] * 3, table=load_game_table(game), deck=deck_for(hands, then=then), names=["A", "B", "C"])
    hand.advance()
    return hand


@pytest.mark.parametrize("game, upcards, brings_in", [
    ("stud-high-low", "Ah 3s Kd", 1),     # L4: the lowest upcard, the ace high: the trey
    ("stud-high-low", "2s 2c Kd", 1),     # L4: equal ranks: clubs are the lowest suit
    ("razz", "As Kd 9c", 1),               # R2: the highest upcard, the ace low: the king
    ("razz", "As 2d Ah", 1),               # R2: the ace counts one, below the deuce
    ("razz", "Ks Kh 5c", 0),               # R2: equal ranks: spades are the highest suit (L4)
])
def test_the_bring_in_by_the_upcard(game, upcards, brings_in):
    downs = ["Tc Jc", "Td Jd", "Th Jh"]
    hand = _stud(game, [f"{down} {up}" for down, up in zip(downs, upcards.split())])
    assert hand.bring_in_seat == brings_in
    assert hand.to_act == brings_in


def test_a_folded_player_before_the_best_board_does_not_stop_the_search():
    """L6: A folds on third street; on fourth, C's K-3 showing beats B's 4-3 (high board), so C acts first."""
    hand = _stud("stud-high-low", ["2c 3c Ah", "4d 5d 3s", "6h 7h Kd"], then="Qc 4c 3h")
    for action in ["p2 pb", "p3 cc", "p1 f"]:
        hand.apply(action)
        hand.advance()
    assert hand.to_act == 2


def test_a_bet_nobody_could_match_heads_up_goes_back_to_its_owner():
    """G6: heads-up no-limit, Misha moves in for 100 and Lena calls all in for 50: the other 50 go back to Misha
    before the pot is made, so the pot is 100, and the narration says so."""

    hand = Hand([50, 100], table=load_game_table("deuce-to-seven-single-draw"),
                deck=deck_for(["7c 5d 4h 3s 2c", "Kd Qh Js 9c 8d"]), names=["Lena", "Misha"])
    hand.advance()
    for action in ["p2 cbr 100", "p1 cc", "p1 sd", "p2 sd"]:
        hand.apply(action)
        hand.advance()
    assert "nobody matched 50 of Misha's bet: it goes back to Misha (G6)" in narrate(hand)
    assert "Lena wins the pot of 100 with the lowest hand (K1)" in narrate(hand)
    assert hand.result.changes == (50, -50)


def test_a_single_chip_nobody_matched_goes_back_before_the_pot_is_taken():
    """S1, T5: Lena bets 1 and Misha folds: her 1 comes back first, so she takes a pot of the 2 antes (+1 net)."""

    hand = Hand([20, 20], names=["Lena", "Misha"])
    hand.advance()
    for action in ["p1 cbr 1", "p2 f"]:
        hand.apply(action)
        hand.advance()
    lines = narrate(hand)
    assert "nobody matched 1 of Lena's bet: it goes back to Lena (T5)" in lines
    assert "Lena takes the pot of 2 at once: everyone else folded (S1)" in lines
    assert hand.result.changes == (1, -1)


def test_razz_a_low_pair_with_a_low_kicker_shows_the_lowest_board():
    """R3: on fifth street Lena shows 3-3-2 and Misha 6-6-J: the pair of treys is the lower board, whatever the
    kickers, so Lena acts first (as on fourth street, 3-3 against 6-6)."""

    hand = Hand([100, 100], table=load_game_table("razz"), deck=deck_for(["Tc Td 3c", "Th Ts 6c"],
                then="Kc 3d 6d Kd 2h Jh Ks 9c 9d Kh 8c 8d"), names=["Lena", "Misha"])
    hand.advance()
    assert hand.to_act == 1                       # R2: the six brings it in
    for action in ["p2 pb", "p1 cc"]:
        hand.apply(action)
        hand.advance()
    assert hand.to_act == 0                       # fourth street: 3-3 below 6-6
    for action in ["p1 cc", "p2 cc"]:
        hand.apply(action)
        hand.advance()
    assert format_cards(hand.hands[0][2:]) == "3c 3d 2h" and format_cards(hand.hands[1][2:]) == "6c 6d Jh"
    assert hand.to_act == 0                       # fifth street: 3-3-2 below 6-6-J
