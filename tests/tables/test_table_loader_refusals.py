"""The game-table loader refuses what the engine cannot play, and its bounds hold at their edges (T1, T3, D1)."""

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


# ---- The game-table loader refuses what the engine cannot play ----

TEACHING = TEACHING_TABLE_FILE.read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, message", [
    ("max_discard = 5", "max_discard = 6", r"streets\[2\]\.max_discard: 6 is more than the 5 cards a player holds"),
    ("min = 2\nmax = 5", "min = 4\nmax = 3", r"players\.max: 3 is less than players\.min 4"),
    ("big_bet = 2\n", "", r'big_bet: missing: a betting street is sized "big"'),
    ('size = "big"', 'size = "small"', r'big_bet: no betting street is sized "big": remove the key'),
])
def test_the_loader_refuses_a_table_the_engine_cannot_play(old, new, message):
    assert old in TEACHING
    assert table_from_text(TEACHING, "teaching-table.toml").players_max == 5
    with pytest.raises(RulesError, match=message) as info:
        table_from_text(TEACHING.replace(old, new, 1), "teaching-table.toml")
    assert "\n" not in str(info.value) and "teaching-table.toml" in str(info.value)


# ---- The game-table loader's bounds, at their edges (sizes are checked before anything is built) ----

@pytest.mark.parametrize("game, overrides, refused", [
    ("teaching-table", {"players.max": "10"}, None),
    ("teaching-table", {"players.max": "11"}, r"players\.max: must be at most 10, got 11"),
    ("teaching-table", {"players.min": "3", "players.max": "3"}, None),
    ("teaching-table", {"players.min": "4", "players.max": "3"}, r"players\.max: 3 is less than players\.min 4"),
    ("teaching-table", {"raises_per_round": "100"}, None),
    ("teaching-table", {"raises_per_round": "101"}, r"raises_per_round: must be at most 100, got 101"),
    ("teaching-table", {"small_bet": str(10**9)}, None),
    ("teaching-table", {"small_bet": str(10**9 + 1)}, r"small_bet: must be at most 1000000000, got 1000000001"),
    ("california-lowball", {"forced.posts": "[1, 1, 1]"}, None),
    ("california-lowball", {"forced.posts": "[1, 1, 1, 1]"}, r"forced\.posts: at most three players post"),
])
def test_the_game_table_bounds_at_their_edges(game, overrides, refused):
    """T1, F4, G1, T3: ten seats at most; a cap of at most 100 raises; at most 10^9 chips; at most three posts.
    The largest allowed value loads, one more is refused with the bound named."""

    if refused is None:
        table = load_game_table(game, overrides=overrides)
        assert (table.players_min, table.players_max, table.raises_per_round, table.small_bet, table.posts) != ()
    else:
        with pytest.raises(RulesError, match=refused):
            load_game_table(game, overrides=overrides)


def test_a_chain_of_extends_longer_than_eight_is_refused(tmp_path):
    """Variants extend variants; eight deep loads, nine is refused as too long, naming the chain (MAX_EXTENDS)."""

    previous = "teaching-table"
    for depth in range(1, 10):
        (tmp_path / f"v{depth}.toml").write_text(f'extends = "{previous}"\nname = "v{depth}"\n', encoding="utf-8")
        previous = f"v{depth}.toml"
    assert load_game_table(tmp_path / "v8.toml").name == "v8"
    with pytest.raises(RulesError, match=r"v1\.toml: extends: a chain of 9 extends \(v9\.toml -> v8\.toml -> .* -> "
                                         r"v1\.toml -> teaching-table\) is longer than the 8 allowed; it has no cycle"):
        load_game_table(tmp_path / "v9.toml")


# ---- The words of betting: the round a refusal names, the P1 cap, the raises counted once the cap is lifted ----

def test_a_refused_bet_names_its_round():
    """T3: the teaching table's first round bets 1 and the final round 2; K5: triple draw names its rounds by
    number (four of them)."""

    hand = Hand([20, 20])
    hand.advance()
    with pytest.raises(IllegalAction, match=r"the bet size is 1 in the first round\)"):
        hand.apply("p1 cbr 2")
    for action in ["p1 cc", "p2 cc", "p1 sd", "p2 sd"]:
        hand.apply(action)
        hand.advance()
    with pytest.raises(IllegalAction, match=r"the bet size is 2 in the final round\)"):
        hand.apply("p1 cbr 3")
    hand = Hand([100, 100, 100], table=load_game_table("deuce-to-seven-triple-draw"))
    hand.advance()
    for action in ["p3 cc", "p1 cc", "p2 cc"]:
        hand.apply(action)
        hand.advance()
    while hand.phase == "draw":
        hand.apply(hand.legal_actions()[0])
        hand.advance()
    with pytest.raises(IllegalAction, match=r"\(K5: the bet size is 2 in betting round 2\)"):
        hand.apply(f"p{hand.to_act + 1} cbr 3")


def test_the_narration_counts_the_raises_as_each_table_does():
    """P1: at the PHH triple draw three players raise until four bets, completions and raises are made, the blinds
    not counted, and the narration says so at each; G2: heads-up at the card-room table the cap is off, and each
    raise is counted out loud."""

    hand = Hand([500] * 3, table=load_game_table("deuce-to-seven-triple-draw-phh"))
    hand.advance()
    while hand.raise_range() is not None:
        hand.apply(f"p{hand.to_act + 1} cbr {hand.raise_range()[0]}")
        hand.advance()
    lines = narrate(hand)
    assert "p3 raises to 10: the fourth of 4 bets, completions and raises allowed; forced bets do not count (P1)" \
        in lines
    assert lines[-1] == "the round is capped: 4 bets, completions and raises, forced bets not counted (P1)"
    hand = Hand([500] * 2, table=load_game_table("deuce-to-seven-triple-draw"))
    hand.advance()
    for _ in range(6):
        hand.apply(f"p{hand.to_act + 1} cbr {hand.raise_range()[0]}")
        hand.advance()
    assert [line for line in narrate(hand) if "raises to" in line][-3:] == [
        "p1 raises to 10: the fourth raise; there is no cap now (G2)",
        "p2 raises to 12: the fifth raise; there is no cap now (G2)",
        "p1 raises to 14: the sixth raise; there is no cap now (G2)"]


# ---- Short all-ins one after another (G4: they reopen the betting only when they add up to a full raise) ----

FIVE_HANDS = ["8c 7d 4h 3s 2c", "7h 5c 4d Kc Kd", "Qs Jh 9d 6c 5h", "9c 8d 6h 3c 2d", "Tc 9h 7s 5d 4c"]


@pytest.mark.parametrize("stacks, actions, seat, legal", [
    # Olga raises to 10 (+8); Dan all in to 14 (+4) and Eve to 18 (+4) add up to a full raise: the betting
    # reopens. Lena calls 18. Misha all in to 22 (+4) starts a new count: alone it reopens nothing, so once Olga
    # calls, Lena, who has acted since the reopening, may only call or fold.
    ([100, 22, 100, 14, 18], ["p3 cbr 10", "p4 cbr 14", "p5 cbr 18", "p1 cc", "p2 cbr 22", "p3 cc"], "p1",
     ["p1 f", "p1 cc"]),
    # Olga raises to 10; Dan all in to 14 (+4); Eve raises to 22, a full raise of 8 that starts the count again;
    # Lena calls; Misha all in to 26 (+4) reopens nothing for Eve, who may only call or fold once Olga calls.
    ([100, 26, 100, 14, 100], ["p3 cbr 10", "p4 cbr 14", "p5 cbr 22", "p1 cc", "p2 cbr 26", "p3 cc"], "p5",
     ["p5 f", "p5 cc"]),
    # The same, Misha all in to 29 (+7): one chip short of Eve's full raise of 8 counted from nothing, so still
    # nothing reopens for her.
    ([100, 29, 100, 14, 100], ["p3 cbr 10", "p4 cbr 14", "p5 cbr 22", "p1 cc", "p2 cbr 29", "p3 cc"], "p5",
     ["p5 f", "p5 cc"]),
])
def test_g4_short_all_ins_count_from_the_last_full_raise(stacks, actions, seat, legal):
    hand = play(load_game_table("deuce-to-seven-single-draw"), stacks, FIVE_HANDS, actions,
                names=["Lena", "Misha", "Olga", "Dan", "Eve"])
    assert f"p{hand.to_act + 1}" == seat
    assert [str(action) for action in hand.legal_actions()] == legal
    with pytest.raises(IllegalAction, match=r"has acted and an all-in of less than a full raise does not reopen"):
        hand.apply(f"{seat} cbr 60")


def test_a_player_whose_chips_only_reach_the_call_may_call_all_in_but_not_raise():
    """G6, K6: Olga raises to 20; Lena, with 19 behind her small blind, may fold or call all in, not raise; her
    call is told as all in; a call with chips left is not."""

    hand = play(load_game_table("deuce-to-seven-single-draw"), [20, 100, 100], FIVE_HANDS[:3], ["p3 cbr 20"],
                names=["Lena", "Misha", "Olga"])
    assert [str(action) for action in hand.legal_actions()] == ["p1 f", "p1 cc"]
    with pytest.raises(IllegalAction, match=r"Lena has only enough to call \(G6\)"):
        hand.apply("p1 cbr 20")
    hand.apply("p1 cc")
    hand.advance()
    hand.apply("p2 cc")
    story = narrate(hand)
    assert "Lena calls 19 (all in) (K3)" in story and "Misha calls 18 (K3)" in story


def test_g5_the_big_blind_raising_counts_his_blind_in_the_pot():
    """G5: heads-up pot-limit, blinds 1 and 2: Misha raises to 6; Lena (2 in) calls 4, making the pot 12, and may
    raise 12 more: to at most 18; at least a raise of 4, to 10."""

    hand = play(load_game_table("deuce-to-seven-single-draw-pot-limit"), [500, 500], FIVE_HANDS[:2], ["p2 cbr 6"])
    assert hand.to_act == 0 and hand.raise_range() == (10, 18)


@pytest.mark.parametrize("game, amount, why", [
    ("deuce-to-seven-triple-draw", 9, r"the raise must go to 8 in this round \(G6: a short all-in is completed from "
                                      r"the last full bet\)"),
    ("deuce-to-seven-triple-draw-phh", 8, r"the raise must go to 9 in this round \(P2: a short all-in is not "
                                          r"completed; a raise goes a full bet over it\)"),
    ("deuce-to-seven-triple-draw-phh", 12, r"the raise must go to 13 in this round \(K5: the bet size is 4 in "
                                           r"betting round 3\)"),
])
def test_a_wrong_raise_after_a_short_all_in_is_refused_with_the_rule_that_sizes_it(game, amount, why):
    """G3, P2: after the second draw Lena bets 4 and Misha raises all in to 5. The card rooms complete Misha's
    raise from Lena's bet (to 8); pokerkit raises a full bet over it (to 9). Once Olga has raised a full bet, to 9,
    Lena's raise is sized by the bet alone (to 13)."""

    actions = ["p3 cc", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p3 cc",
               "p1 sd", "p2 sd", "p3 sd", "p1 cbr 4", "p2 cbr 5"] + (["p3 cbr 9"] if amount == 12 else [])
    hand = play(load_game_table(game), [60, 7, 60], FIVE_HANDS[:3], actions)
    with pytest.raises(IllegalAction, match=why):
        hand.apply(f"p{1 if amount == 12 else 3} cbr {amount}")


def test_a_raise_is_told_as_all_in_only_when_no_chip_is_left():
    """G6: Olga raises to 20 with 21 chips, one left behind; Dan, with 40, re-raises all in to 40."""

    hand = play(load_game_table("deuce-to-seven-single-draw"), [100, 100, 21, 40], FIVE_HANDS[:4],
                ["p3 cbr 20", "p4 cbr 40"], names=["Lena", "Misha", "Olga", "Dan"])
    story = narrate(hand)
    assert "Olga raises to 20 (G4)" in story and "Dan raises to 40 (all in) (G4)" in story


def test_a_completion_is_told_as_one_only_over_a_posted_bring_in():
    """L4: Olga brings it in for 1 and Lena completes to 2; had Olga opened with the full 2 herself, nothing was
    posted to complete: her 2 is the round's bet."""

    deal = ["d dh p1 Ah3c5s", "d dh p2 Kd9h2d", "d dh p3 QsJc2c"]
    for actions, line in ((["p3 pb", "p1 cbr 2", "p2 f", "p3 f"], "Lena completes to 2 (L5)"),
                          (["p3 cbr 2", "p1 f", "p2 f"], "Olga bets 2 (L5)")):
        story = narrate(replay_hand(history("F7S/8-CR", [50, 50, 50], deal + actions, antes=[1, 1, 1], bring_in=1)))
        assert line in story and not any("complete" in told for told in story if told != line)


def test_a_one_chip_big_blind_is_the_bet_at_a_one_chip_table():
    """G1: at stakes 1 and 2 with blinds of 1 and 1, the big blind is a full small bet: it opens the betting, and
    Olga's 2 is the first raise of three, not a bet."""

    actions = ["d dh p1 8c7d4h3s2c", "d dh p2 9c8d6h3c2d", "d dh p3 KcQdJh9s9h", "p3 cbr 2", "p1 f", "p2 f"]
    story = narrate(replay_hand(history("F2L3D-CR", [50, 50, 50], actions, blinds=[1, 1], small=1, big=2)))
    assert "Olga raises to 2: the first raise of 3 allowed (G1)" in story


def test_a_round_with_nobody_left_to_bet_against_is_skipped():
    """G6: heads-up, Lena's big blind of 2 is all in for 1, as much as Misha's small blind: nothing is left to call
    or to raise, so there is no first betting round: the draw comes next."""

    hand = play(load_game_table("deuce-to-seven-triple-draw"), [1, 50], FIVE_HANDS[:2], [])
    assert hand.phase == DRAW and hand.to_act == 0 and hand.round == 1


def test_the_hand_ends_at_once_when_the_small_blind_folds_heads_up():
    """S1: heads-up Misha's small blind folds; Lena, alone, takes the pot at once without acting: +1, -1."""

    hand = play(load_game_table("deuce-to-seven-triple-draw"), [50, 50], FIVE_HANDS[:2], ["p2 f"])
    assert hand.phase == OVER and hand.result.changes == (1, -1) and hand.to_act is None


@pytest.mark.parametrize("game, words", [
    ("deuce-to-seven-triple-draw-phh", "the round is capped at 4 bets, completions and raises, forced bets not "
                                       "counted (P1)"),
    ("deuce-to-seven-triple-draw", "the round is capped at a bet and 3 raises (G1)"),
])
def test_a_raise_past_the_cap_is_refused_as_each_table_counts_the_cap(game, words):
    """P1: pokerkit's table counts bets, completions and raises, the blinds not; G1: the card room a bet and three
    raises. Three players raise to the cap; one more raise is refused in the table's own words."""
    hand = Hand([500] * 3, table=load_game_table(game))
    hand.advance()
    while hand.raise_range() is not None:
        hand.apply(f"p{hand.to_act + 1} cbr {hand.raise_range()[0]}")
        hand.advance()
    with pytest.raises(IllegalAction, match=re.escape(words)):
        hand.apply(f"p{hand.to_act + 1} cbr 20")


def test_the_words_of_a_raise_nobody_can_call_and_of_a_raise_to_what_is_already_in():
    """G6: heads-up no-limit, p2 all in for his 3 chips: p1 may call but not raise, nobody could call it; K3: at the
    limit table a raise to the big blind's 2 is a call."""
    hand = Hand([100, 3], table=load_game_table("deuce-to-seven-single-draw"))
    hand.advance()
    hand.apply("p2 cbr 3")
    with pytest.raises(IllegalAction, match=re.escape("p1 cbr 10: every other player is all in or has folded: "
                                                      "nobody could call a raise (G6)")):
        hand.apply("p1 cbr 10")
    hand = Hand([100, 100, 100], table=load_game_table("deuce-to-seven-single-draw-limit"))
    hand.advance()
    with pytest.raises(IllegalAction, match=re.escape("p3 cbr 2: a raise goes above the 2 already in this round; "
                                                      "to match it, call (K3)")):
        hand.apply("p3 cbr 2")


def test_the_narration_cites_each_rounds_own_clause_and_tells_no_uncalled_bet_when_all_are_matched():
    """B1, B2: at the teaching table the first round's actions are told under B1 and the final round's under B2;
    S1: every bet was matched, so no chips go back and nothing says so; p2's fold leaves two players, and the cap,
    which this table keeps heads-up, is not said to be lifted."""
    hand = Hand([20, 20, 20])
    hand.advance()
    for action in ["p1 cbr 1", "p2 f", "p3 cc", "p1 sd", "p3 sd", "p1 cc", "p3 cc"]:
        hand.apply(action)
        hand.advance()
    lines = narrate(hand)
    assert ["p2 folds (B1)", "p3 calls 1 (B1)"] == [line for line in lines if line.startswith(("p2 folds", "p3 calls"))]
    assert ["p1 checks (B2)", "p3 checks (B2)"] == [line for line in lines if " checks " in line]
    assert not [line for line in lines if "nobody matched" in line or "cap on raises" in line]    # T4: kept heads-up


def test_a_fold_that_leaves_two_players_lifts_the_cap_and_a_bring_in_is_told_with_its_amount():
    """G2: three-handed at the card-room triple draw, p3's fold leaves two and the cap is lifted, told at once;
    R2: at razz the lowest upcard brings it in for the table's bring-in of 1."""
    hand = Hand([100, 100, 100], table=load_game_table("deuce-to-seven-triple-draw"))
    hand.advance()
    hand.apply("p3 f")
    assert narrate(hand)[-2:] == ["p3 folds (K3)", "two players are left: the cap on raises is lifted (G2)"]
    hand = Hand([100, 100, 100], table=load_game_table("razz"), seed=1)
    hand.advance()
    hand.apply("p3 pb")
    assert narrate(hand)[-1] == "p3 brings it in for 1 (R2)"


def test_a_deal_out_of_order_names_the_player_who_is_next():
    """L3: the dealer deals clockwise from his left, so p2's cards before p1's are refused, naming p1."""
    hand = Hand([100, 100, 100], table=load_game_table("razz"), deal_by_hand=True)
    with pytest.raises(IllegalAction, match=re.escape("d dh p2 AcAdAh: the deal goes clockwise from the dealer's "
                                                      "left; p1 is next (L3)")):
        hand.apply("d dh p2 AcAdAh")


@pytest.mark.parametrize("text, message", [
    ('extends = "deuce-to-seven-triple-draw-antes"\n[forced]\nante_by = "button"',
     "forced.nobody_opens: a redeal needs every player to ante again, so that the pot grows (K4)"),
    ('extends = "california-lowball"\n[forced]\nante = 1', "forced.ante: California posts replace antes (F4)"),
    ('extends = "california-lowball"\n[forced]\nante_by = "by-seat"\nseat_antes = [1, 1]',
     "forced.ante: California posts replace antes (F4)"),
    ('extends = "badugi"\nranking = {high = "badugi", low = "ace-to-five", qualifier = "eight-or-better"}',
     "streets: a player ends with 4 cards; a hand is five (H2)"),
    ('extends = "razz"\n[forced]\nbring_in = 2', "forced.bring_in: 2 is not less than the first round's bet of 2: the "
                                               "bring-in may complete to the bet, so it is less than the bet (L4, V10)"),
    ('extends = "razz"\n[forced]\nblinds = [1, 2]',
     "forced.bring_in: a bring-in opens the betting of stud, where nobody posts blinds (L4, V10)"),
    ('extends = "london-lowball"\n[forced]\nbring_in = 4',
     "forced.bring_in: 4 is more than the first round's least bet of 3: the least bet is the bring-in (N5)"),
    ('extends = "california-lowball"\nsmall_bet = 3\n[forced]\nposts = [1, 3]',
     "forced.posts: a post of 3 is not less than the first round's bet of 3: the posts add up to the bet (F4)"),
])
def test_the_loader_refuses_forced_bets_and_rankings_a_table_cannot_join(text, message):
    """K4: a redeal is paid for by everyone's ante again (an ante the button alone posts is not); F4: California's
    posts take the antes' place, a seat's ante included; U1, H2: each half of a split ranks the hand the deal gives,
    the second half too (badugi's four cards are no five-card low); L4, V10: a limit bring-in is less than the
    first round's bet, and stud posts no blinds; N5: in pot-limit the bring-in is the least bet, no more; F4: each
    post is less than the bet the posts add up to (the first round's, not the doubled one after the draw)."""
    with pytest.raises(RulesError) as err:
        table_from_text(text)
    assert str(err.value) == f"table.toml: {message}"
