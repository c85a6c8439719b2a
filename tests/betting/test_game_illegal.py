"""Illegal actions and hand histories are refused, naming the rule, and leave the state unchanged."""

import pytest

from lowball import IllegalAction, replay
from lowball.engine.state import Hand, deck_for
from lowball.phh.history import to_phh
from lowball.core.games import load_game_table


def snapshot(hand):
    return {k: repr(v) for k, v in vars(hand).items()}


def started(stacks=(13, 13), hands=("6c 4h 3s 2d Ac", "8d 7h 5s 4c 2h"), actions=(), then=""):
    hand = Hand(list(stacks), deck=deck_for(list(hands), then=then), deal_by_hand=True)    # the dealer's steps too
    hand.advance()
    for action in actions:
        hand.apply(action)
        hand.advance()
    return hand


@pytest.mark.parametrize("stacks, message", [
    ([13] * 6, r"a hand needs 2 to 5 players \(T1\); got 6"),
    ([13], r"a hand needs 2 to 5 players \(T1\); got 1"),
    ([13, 12], r"p2 has 12 chips, 1 short of the minimum stack of 13 \(T5\)"),
])
def test_a_hand_that_may_not_start(stacks, message):
    with pytest.raises(IllegalAction, match=message):
        Hand(stacks)


@pytest.mark.parametrize("actions, bad, message", [
    ([], "p2 cc", r"out of turn: it is p1's turn, not p2's \(B1\)"),
    ([], "p1 cbr 2", r"the bet must go to 1 in this round \(T3"),
    (["p1 cbr 1"], "p2 cbr 4", r"the raise must go to 2 in this round \(T3"),
    ([], "p1 f", r"facing no bet a player may check or bet, not fold \(B1\)"),
    (["p1 cbr 1", "p2 cbr 2", "p1 cbr 3", "p2 cbr 4"], "p1 cbr 5", r"capped at a bet and 3 raises \(T4\)"),
    (["p1 cc", "p2 cc"], "p1 sd Kd", r"p1 does not hold Kd \(D1\)"),
    (["p1 cc", "p2 cc", "p1 sd", "p2 sd"], "p1 sd", r"there is no second draw \(B2\)"),
    (["p1 cc", "p2 cc", "p1 sd 6c"], "d dh p1 8d", r"8d is already in play \(D1\)"),
    (["p1 cc", "p2 cc", "p1 sd 6c"], "d dh p1 6c", r"6c was discarded and may not be dealt again \(D1\)"),
    (["p1 cc", "p2 cc", "p1 sd 6c"], "d dh p1 KdQd", r"p1 discarded 1 and receives as many \(D1\)"),
    (["p1 cc", "p2 cc"], "p1 cc", r"it is the draw"),
    (["p1 cbr 1", "p2 f"], "p1 cc", r"the hand is over \(S1\)"),
    (["p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc"], "p2 cc", r"the hand is over \(S1\)"),
    ([], "p3 cc", r"there is no player p3"),
])
def test_illegal_action_names_the_rule_and_changes_nothing(actions, bad, message):
    hand = Hand([13, 13], deck=deck_for(["6c 4h 3s 2d Ac", "8d 7h 5s 4c 2h"]), deal_by_hand=True)
    hand.advance()
    for action in actions:
        hand.apply(action)
        if action.startswith("p1 sd 6c"):
            break          # leave the replacement deal to the test
        hand.advance()
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match=message):
        hand.apply(bad)
    assert snapshot(hand) == before


def test_a_house_table_that_breaks_t5_plays_the_all_in_by_g3():
    """With 4 raises and a 13-chip minimum a player can run out of chips (verify refutes T5 for it): the engine
    then plays the all-in by the card-room rules. p2 has 13 - 1 - 5 - 4 = 3 chips behind and owes 2: call, fold,
    or raise all in to 7 (half a bet or more: a full raise, G3). p1 may not raise again: nobody is left to call
    it. p1 calls; both put in 13 and p1's 6-4 takes the 26."""
    table = load_game_table(overrides={"raises_per_round": "4"})
    hand = Hand([13, 13], table=table, deck=deck_for(["6c 4h 3s 2d Ac", "8d 7h 5s 4c 2h"]))
    hand.advance()
    for action in ["p1 cbr 1", "p2 cbr 2", "p1 cbr 3", "p2 cbr 4", "p1 cbr 5", "p2 cc",
                   "p1 sd", "p2 sd", "p1 cbr 2", "p2 cbr 4", "p1 cbr 6"]:
        hand.apply(action)
    assert [str(a) for a in hand.legal_actions()] == ["p2 f", "p2 cc", "p2 cbr 7"]
    with pytest.raises(IllegalAction, match=r"p2 has only 7 to raise to \(T5\)"):
        hand.apply("p2 cbr 8")
    hand.apply("p2 cbr 7")
    assert hand.stacks[1] == 0
    assert [str(a) for a in hand.legal_actions()] == ["p1 f", "p1 cc"]
    hand.apply("p1 cc")
    hand.advance()
    assert hand.result.finishing_stacks == (26, 0)


E1_PHH = """\
variant = "FA6L1D"
antes = [1, 1]
small_bet = 1
big_bet = 2
starting_stacks = [13, 13]
actions = ["d dh p1 6c4h3s2dAc", "d dh p2 5s4d3c2hAd", "p1 cbr 1", "p2 cc", "p1 sd", "p2 sd", "p1 cbr 2", "p2 cc"]
"""


def test_replay_of_e1():
    assert replay(E1_PHH).finishing_stacks == (17, 9)


def test_show_lines_are_optional_but_checked():
    shown = E1_PHH.replace('"p2 cc"]', '"p2 cc", "p1 sm 6c4h3s2dAc", "p2 sm 5s4d3c2hAd"]')
    assert replay(shown).finishing_stacks == (17, 9)
    with pytest.raises(IllegalAction, match=r"action 9 'p1 sm 6c4h3s2dKc': p1 holds"):
        replay(E1_PHH.replace('"p2 cc"]', '"p2 cc", "p1 sm 6c4h3s2dKc"]'))


@pytest.mark.parametrize("old, new, error, message", [
    ('"p2 cc"]', '"p2 cbr 3"]', IllegalAction, r"action 8 'p2 cbr 3': the raise must go to 4 .*\(T3"),
    ('"p1 sd", "p2 sd", "p1 cbr 2", "p2 cc"]', '"p1 sd", "p2 sd", "p1 cbr 2", "p2 cc", "p1 sd"]',
     IllegalAction, r"action 9 'p1 sd': there is no second draw \(B2\)"),
    ('"p1 cbr 2", "p2 cc"]', '"p1 cbr 2", "p2 f", "p1 cc"]', IllegalAction, r"action 9 'p1 cc': the hand is over \(S1\)"),
    ('"d dh p2 5s4d3c2hAd"', '"d dh p2 5s4d3c2h6c"', IllegalAction, r"action 2 'd dh p2 5s4d3c2h6c': 6c is already in play"),
    ('"d dh p2 5s4d3c2hAd"', '"d dh p2 5s4d3c2hAx"', IllegalAction, r"action 2 .*unknown suit 'x'"),
    ('"p1 sd", "p2 sd"', '"p1 sd 6c", "d dh p1 Kd", "p2 sd 5s", "d dh p2 6c"', IllegalAction,
     r"action 8 'd dh p2 6c': 6c was discarded and may not be dealt again \(D1\)"),
    ("starting_stacks = [13, 13]", "starting_stacks = [13, 12]", IllegalAction, r"p2 has 12 chips, 1 short .*\(T5\)"),
    ("starting_stacks = [13, 13]", "starting_stacks = [13, 13, 13, 13, 13, 13]", Exception, r"6 antes|antes: 2"),
    ('variant = "FA6L1D"', 'variant = "FT"', Exception, r"unknown variant 'FT': lowball replays .*FA6L1D"),
    ("small_bet = 1", 'small_bet = "one"', Exception, r"small_bet: expected a whole number, got 'one'"),
    ("small_bet = 1", "small_bet = 2", IllegalAction, r"small_bet 2: this table's bet is 1 \(T3\)"),
    ("starting_stacks = [13, 13]", "starting_stacks = 13", Exception, r"starting_stacks: expected a list"),
    ("antes = [1, 1]", "antes = [1, 1", Exception, r"not valid TOML"),
    ('"p1 cbr 2", "p2 cc"]', '"p1 cbr 2"]', IllegalAction, r"ends before the hand is over, waiting for p2"),
    ('"p2 cc"]', '"p2 cc"]\nfinishing_stacks = [13, 13]', IllegalAction,
     r"finishing_stacks \[13, 13\] disagree with the replay, which gives \[17, 9\] \(S3\)"),
    ('"p1 cbr 1"', '"p1 raise 1"', IllegalAction, r"action 3 .*unknown action 'raise'"),
])
def test_bad_histories_get_their_own_messages(old, new, error, message):
    assert old in E1_PHH
    with pytest.raises(error, match=message) as info:
        replay(E1_PHH.replace(old, new))
    assert isinstance(info.value, ValueError) and "\n" not in str(info.value)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(ValueError, match="cannot read"):
        replay(tmp_path / "nope.phh")


def test_written_history_replays_from_a_file(tmp_path):
    hand = started(actions=["p1 cbr 1", "p2 cbr 2", "p1 cc", "p1 sd 6c", "p2 sd", "p1 cc", "p2 cc"], then="Kd")
    path = tmp_path / "hand.phh"
    path.write_text(to_phh(hand), encoding="utf-8")
    assert replay(path).finishing_stacks == hand.result.finishing_stacks
    assert "finishing_stacks" in path.read_text()


def test_a_bet_of_a_whole_stack_over_the_fixed_size_is_refused_for_its_size_and_more_for_the_stack():
    """T3, T5: in fixed limit a bet of all 12 chips is the wrong size (the bet is 1), not more than the stack; 13 is
    more than the stack."""
    hand = Hand([13, 13])
    with pytest.raises(IllegalAction, match=r"p1 cbr 12: the bet must go to 1 in this round \(T3"):
        hand.apply("p1 cbr 12")
    with pytest.raises(IllegalAction, match=r"p1 cbr 13: p1 has only 12 to bet to \(T5\)"):
        hand.apply("p1 cbr 13")
