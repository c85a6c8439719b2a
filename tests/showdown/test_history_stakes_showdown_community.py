"""What a hand history must say (T2, T3, S1, L8): the teaching table's stakes, who may show or muck and what a show
names, the community card dealt as one card face up, and the reshuffle's cards shuffled."""

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


# ---- T2, T3: a teaching-table history must have the table's stakes ----

E1_PHH = """\
variant = "FA6L1D"
antes = [1, 1]
small_bet = 1
big_bet = 2
starting_stacks = [13, 13]
actions = ["d dh p1 6c4h3s2dAc", "d dh p2 5s4d3c2hAd", "p1 cbr 1", "p2 cc", "p1 sd", "p2 sd", "p1 cbr 2", "p2 cc"]
"""


@pytest.mark.parametrize("old, new, message", [
    ("antes = [1, 1]", "antes = [0, 0]", r"antes \[0, 0\]: every player posts an ante of 1 \(T2\)"),
    ("antes = [1, 1]", "antes = [2, 2]", r"antes \[2, 2\]: every player posts an ante of 1 \(T2\)"),
    ("big_bet = 2", "big_bet = 4", r"big_bet 4: this table's bet is 2 \(T3\)"),
    ("big_bet = 2", "big_bet = 1", r"big_bet 1: this table's bet is 2 \(T3\)"),
])
def test_a_teaching_table_history_at_other_stakes_is_refused(old, new, message):
    assert replay(E1_PHH).finishing_stacks == (17, 9)
    with pytest.raises(IllegalAction, match=message):
        replay(E1_PHH.replace(old, new))


# ---- The showdown in a hand history (S1): who may show or muck, and what a show must name ----

def _teaching(deal: tuple[str, str], shows: list[str], draws: tuple[str, str] = ("p1 sd", "p2 sd")) -> str:
    actions = [f"d dh p1 {deal[0]}", f"d dh p2 {deal[1]}", "p1 cc", "p2 cc", *draws, "p1 cc", "p2 cc", *shows]
    return history("FA6L1D", [20, 20], actions, antes=[1, 1], small=1, big=2)


KNOWN = ("6c4h3s2dAc", "Kc9d7h4s2c")


def test_a_history_may_muck_a_losing_hand_after_the_winner_shows():
    """S1: Lena shows 6-4-3-2-A; Misha gives his hand up unseen; Lena wins the antes."""

    assert replay_hand(_teaching(KNOWN, ["p1 sm 6c4h3s2dAc", "p2 sm"])).result.changes == (1, -1)


@pytest.mark.parametrize("deal, shows, message", [
    (KNOWN, ["p2 sm", "p1 sm"], r"action 10 'p1 sm': the hand is over \(S1\)"),      # Lena won when Misha mucked
    (KNOWN, ["p1 sm 6c4h3s2dKc"], r"'p1 sm 6c4h3s2dKc': p1 holds 6c 4h 3s 2d Ac \(S1\)"),
    (KNOWN, ["p1 sm 6c4h3s2d"], r"p1 holds 5 cards, not 4 \(S1\)"),
    (("??????????", "Kc9d7h4s2c"), ["p1 sm -"], r"p1's cards are unknown: the history must name them \(S1\)"),
    (("??????????", "Kc9d7h4s2c"), ["p1 sm 6c4h3s2dKc"], r"Kc is already in play \(S1\)"),
])
def test_a_history_showdown_is_refused_when_it_misnames_the_cards(deal, shows, message):
    """S1: once the others have mucked, the last player has won and shows nothing; a show names exactly the cards
    held, and unknown cards ("????") must be named at the showdown by cards nobody else holds."""

    with pytest.raises(IllegalAction, match=message):
        replay_hand(_teaching(deal, shows))


# ---- The community card in a history (L8) ----

def _eight_player_stud_history() -> str:
    """Eight players at card-room stud; on sixth street the first bets and the dealer folds: one community card."""

    return to_phh(eight_players_the_dealer_folding_on_sixth("stud-high-low"))


@pytest.mark.parametrize("instead", ["d db 3d2c", "p1 cc", "d dh p1 3d"])
def test_a_history_must_deal_the_community_card_as_one_card_face_up(instead):
    """L8: when the stub cannot serve seventh street, the dealer turns one card face up for everyone (``d db``);
    two cards, a player's action or a card dealt to one player are refused there."""

    text = _eight_player_stud_history()
    line = next(line for line in text.splitlines() if '"d db ' in line)
    assert replay_hand(text).community
    with pytest.raises(IllegalAction, match=r"the stub is short: one community card is dealt face up for everyone "
                                            r"\(L8\)"):
        replay_hand(text.replace(line, f'  "{instead}",'))


@pytest.mark.parametrize("card", ["Ah", "Kd", "4h"])
def test_a_history_may_not_turn_up_a_card_already_seen_as_the_community_card(card):
    """L8, L3: the community card comes from the stub: not Misha's A♥ showing, nor the K♦ he holds face down, nor
    the 4♥ the dealer folded on sixth street (at the card room only the burns come back, L8)."""

    text = _eight_player_stud_history()
    line = next(line for line in text.splitlines() if '"d db ' in line)
    with pytest.raises(IllegalAction, match=rf"'d db {card}': {card} is already in play \(L3\)"):
        replay_hand(text.replace(line, f'  "d db {card}",'))


def test_the_cards_a_reshuffle_brings_back_are_shuffled():
    """K9: the cards brought back form a new stub, shuffled: below the ten cards left, the twenty thrown at an
    earlier draw all come back, and not in the order they were thrown (this draw's pile stays out)."""

    thrown = list(DECK[20:40])
    stub = Stub.ordered(DECK[:10], seed=5).new_pile().discard(thrown).new_pile().discard([DECK[45]])
    after = stub.reshuffle(RunsOut.RESHUFFLE_EARLIER)      # an earlier draw's pile, then this draw's
    assert after.size - stub.size == 20 and after.discards == ((), (DECK[45],))
    back = list(after.order[10:])
    assert after.order[:10] == tuple(DECK[:10]) and sorted(back, key=DECK.index) == thrown
    assert back != thrown


def test_a_reshuffle_with_nothing_the_rule_brings_back_changes_nothing():
    """K9: at the first draw nothing was thrown earlier, so a reshuffle brings back no card: none came back, and
    the stub and this draw's pile are as they were."""
    stub = Stub.ordered(DECK[:3], seed=5).new_pile().discard([DECK[45]])       # this draw's pile only
    after = stub.reshuffle(RunsOut.RESHUFFLE_EARLIER)
    assert after.order == tuple(DECK[:3]) and after.size == 3 and after.discards == ((DECK[45],),)
    assert not after.reshuffles


def test_seven_razz_players_called_down_get_seventh_street_from_the_burns_brought_back():
    """L8: seven players to seventh street need 49 cards and four burns, 53 of 52: the card room brings the burns
    back under the stub (a reshuffle, told) before the street's first card and before it would deal a community
    card, so everyone gets a seventh card of his own, none of them twice, and there is no community card."""
    hand = Hand([10_000] * 7, table=load_game_table("razz"), seed=3)
    hand.advance()
    while hand.phase != OVER:
        legal = hand.legal_actions()
        hand.apply(next((a for a in legal if a.kind in ("pb", "cc")), legal[0]))
        hand.advance()
    held = [card for seat in range(7) for card in hand.hands[seat]]
    assert hand.stub.reshuffles == 1 and not hand.community
    assert len(held) == 49 and len(set(held)) == 49
    story = narrate(hand)
    told = [k for k, line in enumerate(story) if line.startswith("the stub is short: the cards set aside are shuffled")]
    assert len(told) == 1 and story[told[0] + 1] == "p1 is dealt 1 card face down (L3)"
