"""The draw (D1, K8, K9): the turn goes clockwise from the dealer's left; unknown cards in histories, replacements
asked for too early, the burn when nobody draws, a short stub."""

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


# ---- D1: the draw goes clockwise from the dealer's left ----

def three_handed_draw():
    hand = Hand([13, 13, 13], deck=deck_for(["6c 4h 3s 2d Ac", "8d 7h 5s 4c 2h", "9c 9d Kh Qs Jc"], then="Kd Ks"))
    hand.advance()
    for action in ("p1 cc", "p2 cc", "p3 cc"):
        hand.apply(action)
        hand.advance()
    return hand


@pytest.mark.parametrize("before, bad, message", [
    ([], "p2 sd", r"out of turn: it is p1's turn to discard, not p2's \(D1\)"),
    ([], "p3 sd Kh", r"out of turn: it is p1's turn to discard, not p3's \(D1\)"),
    (["p1 sd"], "p3 sd", r"out of turn: it is p2's turn to discard, not p3's \(D1\)"),
    (["p1 sd", "p2 sd"], "p1 sd", r"out of turn: it is p3's turn to discard, not p1's \(D1\)"),
])
def test_d1_a_discard_out_of_turn_is_refused_and_changes_nothing(before, bad, message):
    hand = three_handed_draw()
    for action in before:
        hand.apply(action)
        hand.advance()
    state = {k: repr(v) for k, v in vars(hand).items()}
    with pytest.raises(IllegalAction, match=message):
        hand.apply(bad)
    assert {k: repr(v) for k, v in vars(hand).items()} == state


# ---- The draw: unknown cards in histories, replacements asked for too early, the burn when nobody draws ----

def _f2l3d(actions: list[str]) -> str:
    return history("F2L3D", [100, 100], actions, blinds=[1, 2])


UNSEEN_START = ["d dh p1 ??????????", "d dh p2 7c5d4h3s2c", "p2 cc", "p1 cc"]


def test_a_history_may_discard_every_unknown_card_it_holds():
    """K8 in a PHH history: Lena's five cards are unknown ("????"); she throws all five, unseen, and draws five."""

    hand = replay_hand(_f2l3d(UNSEEN_START + ["p1 sd ??????????", "p2 sd", "d dh p1 ??????????", "p1 cc",
                                             "p2 cbr 2", "p1 f"]))
    assert "Lena discards 5, unseen (K8)" in narrate(hand)
    assert hand.result.changes == (-2, 2)


def test_a_history_may_not_discard_an_unknown_card_a_player_does_not_hold():
    """K8: Misha's cards are known, so a discard of an unknown card ("??") is not his to make."""

    with pytest.raises(IllegalAction, match=r"action 6 'p2 sd \?\?': Misha holds no unknown card to discard \(K8\)"):
        replay_hand(_f2l3d(UNSEEN_START + ["p1 sd", "p2 sd ??"]))


@pytest.mark.parametrize("game, after, served, message", [
    ("deuce-to-seven-triple-draw-phh", "p1 sd", "p1", r"everyone discards before the replacements are dealt \(K8\)"),
    ("deuce-to-seven-triple-draw-phh", "p1 sd", "p2", r"it is p2's turn to discard \(K8\)"),
    ("deuce-to-seven-triple-draw", None, "p2", r"it is p1's turn to discard \(K8\)"),
])
def test_replacements_asked_for_before_their_turn(game, after, served, message):
    """P3: pokerkit serves once everyone has discarded, so a serving after p1's discard is early; K8: nobody is
    served before discarding, and p1 discards first."""

    hand = Hand([100, 100], table=load_game_table(game), deck=deck_for(["Kc Qc Jd 9h 8s", "7c 5d 4h 3s 2c"]))
    hand.advance()
    for action in ["p2 cc", "p1 cc"]:
        hand.apply(action)
        hand.advance()
    if after:
        hand.apply(f"{after} Kc")
    with pytest.raises(IllegalAction, match=message):
        hand.apply(f"d dh {served} Ah")


@pytest.mark.parametrize("game, burns", [("deuce-to-seven-triple-draw-phh", 2), ("deuce-to-seven-triple-draw", 1)])
def test_a_draw_nobody_draws_at_burns_a_card_only_at_pokerkit(game, burns):
    """K8: the burn precedes the replacements, so a draw where both stand pat burns nothing; pokerkit (P3) burns a
    card at every draw. Both stand pat at the first draw; Lena throws five at the second and gets the cards after
    one burn (card rooms) or two (PHH)."""

    rest = "2c 3d 4h 5s 7c 2d 3h 4s 5c 7d Ts"
    hand = Hand([100, 100], table=load_game_table(game),
                deck=deck_for(["Kc Qc Jd 9h 8s", "Kd Qd Jh 9s 8c"], then=rest))
    hand.advance()
    script = ["p2 cc", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd KcQcJd9h8s", "p2 sd"]
    for action in script:
        while hand.to_act is None and hand.phase != OVER:
            hand.advance()
        hand.apply(action)
        hand.advance()
    while hand.to_act is None and hand.phase != OVER:
        hand.advance()
    assert format_cards(hand.hands[0]) == " ".join(rest.split()[burns:burns + 5])


def test_k9_a_player_who_throws_fewer_leaves_one_card_for_the_next():
    """K9 at California lowball, six players: p5 may throw three (the stub's two and the burn); throwing two, p5
    leaves one, so p6 may throw one and no more."""

    hand = Hand([100] * 6, table=load_game_table("california-lowball"))
    hand.advance()
    while hand.phase != "draw":
        legal = {a.kind: a for a in hand.legal_actions()}
        hand.apply(legal.get("cc") or legal["cbr"])
        hand.advance()
    for seat, throw in enumerate([5, 5, 5, 5, 2]):
        while hand.to_act != seat:
            hand.advance()
        hand.apply(f"p{seat + 1} sd " + "".join(str(c) for c in hand.hands[seat][:throw]))
        hand.advance()
    while hand.to_act != 5:
        hand.advance()
    with pytest.raises(IllegalAction, match=r"p6 may discard at most 1 card:"):
        hand.apply("p6 sd " + "".join(str(c) for c in hand.hands[5][:2]))
    hand.apply(f"p6 sd {hand.hands[5][0]}")


@pytest.mark.parametrize("game, action, message", [
    ("deuce-to-seven-triple-draw", "p2 sd", r"p1 is waiting for 2 replacement card\(s\) \(K8\)"),
    ("deuce-to-seven-triple-draw", "d dh p2 Ah", r"p1 discarded 2 and receives as many \(K8\)"),
    ("deuce-to-seven-triple-draw-phh", "p1 cc", r"p1 is waiting for 2 replacement card\(s\) \(K8\)"),
])
def test_while_the_dealer_owes_replacements_the_refusal_names_who_waits_and_for_how_many(game, action, message):
    """K8, P3: p1 throws two cards and the dealer owes him two (at once at the card room, after p2's discard at
    pokerkit's table): a player's action, or a serving of someone else, is refused naming p1 and his two cards."""
    hand = Hand([100, 100], table=load_game_table(game), deck=deck_for(["Kc Qc Jd 9h 8s", "7c 5d 4h 3s 2c"]),
                deal_by_hand=True)                          # the dealer's serving waits to be taken
    hand.advance()
    for step in ["p2 cc", "p1 cc", "p1 sd KcQc"] + (["p2 sd"] if game.endswith("phh") else []):
        hand.apply(step)
    with pytest.raises(IllegalAction, match=message):
        hand.apply(action)
