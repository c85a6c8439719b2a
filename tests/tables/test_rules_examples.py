"""The worked examples of the rules pages (docs/rules/*.md), as tests: the same hands, outcomes worked out by hand.

Each rules page shows, under each clause, a hand replayed while the site is built; the build
checks the words it shows (``:expect:``). These tests check the outcomes themselves, so that a
change of the engine that moves a chip of an example fails here with the clause named, whether
or not the site is built. The histories the pages share are files of ``docs/examples/``.

Seats: p1 sits on the dealer's left; the last seat deals. Blinds 1 and 2, bets of 2 and 4,
unless the history says otherwise.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import lowball
from lowball import IllegalAction
from lowball.core.cards import deck_of
from lowball.core.games import load_game_table
from lowball.engine.rules.pots import build_pots, halves
from lowball.engine.state import OVER, Hand, deck_for
from lowball.errors import LowballError
from lowball.phh.history import games_by_variant, replay_hand
from lowball.text.narration import narrate
from tests.support.rules_examples import EXAMPLES, STUD_SPLIT, at, eight_players_the_dealer_folding_on_sixth, example, history, play  # noqa: F401


def changes(text: str) -> tuple[int, ...]:
    return replay_hand(text).result.changes


# ---- deuce-to-seven (K) ----

def test_k3_heads_up_the_dealer_posts_the_small_blind_acts_first_before_the_draw_and_last_after_it():
    """K3: Misha deals and posts the small blind 1, Lena the big blind 2; Misha calls 1, Lena checks; after the
    draw Lena acts first, bets 2 and Misha folds: each had 2 in, Lena takes 4: Lena +2, Misha -2."""
    text = history("F2L3D-CR", [100, 100], ["d dh p1 9c8d6h3s2c", "d dh p2 Kh7c5d4h2d", "p2 cc", "p1 cc",
                                            "p1 sd 9c", "d dh p1 4c", "p2 sd Kh", "d dh p2 Jd", "p1 cbr 2", "p2 f"],
                   blinds=[1, 2])
    hand = replay_hand(text)
    story = narrate(hand)
    assert "Misha posts the small blind of 1 (K3)" in story
    assert "the first betting round begins; Misha acts first (K3)" in story
    assert hand.result.changes == (2, -2)


def test_k4_nobody_opens_the_cards_are_dealt_again_and_everyone_antes_again():
    """K4 (seed 001): three antes of 1, everyone checks: a redeal, three more antes. Lena bets 2, both fold:
    the bet comes back and Lena takes the 6 antes: Lena +4 (her own 2 antes back), the others -2 each."""
    text = history("F2L3D-ANTE-CR", [50, 50, 50],
                   ["d dh p1 KcQd9h8s3c", "d dh p2 JdTc9c6h4s", "d dh p3 KhKs8d5c2h", "p1 cc", "p2 cc", "p3 cc",
                    "d dh p1 7c5d4h3s2c", "d dh p2 QhJc9d8c6s", "d dh p3 Th9s7d6c3d", "p1 cbr 2", "p2 f", "p3 f"],
                   antes=[1, 1, 1])
    hand = replay_hand(text)
    assert hand.redeals == 1 and hand.result.changes == (4, -2, -2)
    assert "nobody opened: the cards are dealt again and everyone antes again (K4)" in narrate(hand)


def test_k4_the_cards_dealt_again_are_shuffled_again_by_the_seed():
    """K4: nobody opened, so the cards are collected and shuffled before they are dealt again: the new hands are
    neither the first deal nor the deck in its printed order, and the same seed deals them again (a hand replays)."""
    def redealt(seed: int) -> tuple[list[tuple], list[tuple]]:
        hand = Hand("deuce-to-seven-triple-draw-antes", players=3, seed=seed)
        first = list(hand.hands)
        while hand.redeals == 0:
            hand.check_or_call()
        return first, list(hand.hands)

    first, again = redealt(3)
    table = load_game_table("deuce-to-seven-triple-draw-antes")
    unshuffled = deck_of(table.deck_cards)[:3 * table.hand_size]       # what an unshuffled deck deals three players
    assert again != first and sorted(card for held in again for card in held) != sorted(unshuffled)
    assert redealt(3) == (first, again) and redealt(4)[1] != again


def test_k4_the_card_room_table_plays_on_when_nobody_opens():
    """K4 is a setting: at the blinds table a checked-through first round goes to the draw (B2)."""
    assert str(load_game_table("deuce-to-seven-triple-draw").nobody_opens) == "play-on"
    assert str(load_game_table("deuce-to-seven-triple-draw-antes").nobody_opens) == "redeal"


def test_k5_triple_draw_bets_small_small_big_big_and_a_small_bet_late_is_refused():
    """K5: a 2/4 table plays 2, 2, 4, 4; after the second draw a bet of 2 is refused."""
    assert load_game_table("deuce-to-seven-triple-draw").bet_sizes == (2, 2, 4, 4)
    assert load_game_table("deuce-to-seven-single-draw-limit").bet_sizes == (2, 4)
    text = history("F2L3D-CR", [100, 100, 100],
                   ["d dh p1 8c7d4h3s2c", "d dh p2 7h5c4dKcKd", "d dh p3 QsJh9d6c5h", "p3 cc", "p1 cc", "p2 cc",
                    "p1 sd", "p2 sd KcKd", "d dh p2 3c2d", "p3 sd", "p1 cbr 2", "p2 cc", "p3 cc",
                    "p1 sd", "p2 sd", "p3 sd", "p1 cbr 2"], blinds=[1, 2])
    with pytest.raises(IllegalAction, match=r"the bet must go to 4 in this round \(K5"):
        replay_hand(text)


def test_k6_no_limit_all_in_makes_a_main_pot_and_a_side_pot():
    """K6, G6: Olga all in for 20; Lena calls, Misha re-raises to 60, Lena calls. Main pot 3 x 20 = 60, side pot
    2 x 40 = 80, both Misha's (7-5-4-3-2); his last 40 after the draw is not called and comes back.
    Misha +80, Lena -60, Olga -20."""
    text = history("N2L1D-CR", [100, 100, 20],
                   ["d dh p1 9c8d6h3s2c", "d dh p2 Kh7c5d4h2d", "d dh p3 8h7s6c4d3c", "p3 cbr 20", "p1 cc",
                    "p2 cbr 60", "p1 cc", "p1 sd 9c", "d dh p1 Ks", "p2 sd Kh", "d dh p2 3h", "p3 sd",
                    "p1 cc", "p2 cbr 40", "p1 f"], blinds=[1, 2], min_bet=2)
    assert changes(text) == (-60, 80, -20)


@pytest.mark.parametrize("setting, legal", [("true", True), ("false", False)])
def test_k7_check_raise_is_allowed_at_the_card_room_table(setting, legal):
    """K7 (and F6 for the contrast): Lena checks after the draw, Misha bets 2, Lena raises to 4."""
    table = load_game_table("deuce-to-seven-triple-draw", overrides={"check_raise": setting})
    hand = play(table, [100, 100], ["8c 7d 4h 3s 2c", "7h 5c 4d 3c 2d"],
                ["p2 cc", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cbr 2"])
    if legal:
        hand.apply("p1 cbr 4")
    else:
        with pytest.raises(IllegalAction, match="a player who checked may only call"):
            hand.apply("p1 cbr 4")


def test_k8_a_burn_comes_before_the_replacements():
    """K8: the deck after the deal is Qs 4c Jd: Lena throws 9c, Qs is burned and she gets 4c."""
    hand = play(load_game_table("deuce-to-seven-triple-draw"), [100, 100], ["9c 8d 6h 3s 2c", "Kh 7c 5d 4h 2d"],
                ["p2 cc", "p1 cc", "p1 sd 9c"], then="Qs 4c Jd")
    assert [str(card) for card in hand.stub.burns] == ["Qs"]
    assert "4c" in {str(card) for card in hand.hands[0]} and "9c" not in {str(card) for card in hand.hands[0]}


def test_k9_the_stub_runs_out_and_the_cards_set_aside_are_reshuffled():
    """K9: six players, three fold; three throw five in each of two draws: 30 dealt, 2 burns, 15 + 10 served
    from a stub of 22. In the second draw Misha is served five of Dan's folded cards. Pot 3 x 2 = 6, Olga's:
    Olga +4, Lena and Misha -2."""
    hand = replay_hand(example("reshuffle-card-room"))
    assert hand.stub.reshuffles == 1
    assert hand.result.changes == (-2, -2, 4, 0, 0, 0)


def test_k9_the_card_rooms_keep_this_draws_discards_out_of_the_reshuffle():
    """K9: Misha may not be served 2c, which Lena threw in the same draw (docs/examples)."""
    with pytest.raises(IllegalAction, match="2c was discarded and may not be dealt again"):
        replay_hand(example("reshuffle-card-room-order"))


# ---- betting (G) ----

def test_g1_the_big_blind_is_the_bet_and_three_raises_cap_the_round():
    """G1: raises to 4, 6, 8 over the big blind of 2 cap the first round; to 10 is refused."""
    with pytest.raises(IllegalAction, match=r"capped at a bet and 3 raises \(G1\)"):
        replay_hand(at(example("fourth-raise-before-the-draw"), "F2L3D-CR"))


def _raises(setting: str, players: int) -> int:
    table = load_game_table("deuce-to-seven-triple-draw", overrides={"heads_up_cap": setting})
    hand = play(table, [1000] * players, ["8c 7d 4h 3s 2c", "7h 5c 4d Kc Kd", "Qs Jh 9d 6c 5h"][:players],
                ["p3 f"] if players == 3 else [])
    count = 0
    while count < 12 and any(a.kind == "cbr" for a in hand.legal_actions()):
        hand.apply(next(a for a in hand.legal_actions() if a.kind == "cbr"))
        hand.advance()
        count += 1
    return count


@pytest.mark.parametrize("setting, started, became", [("kept", 3, 3), ("lifted", 12, 12),
                                                       ("lifted-if-started-heads-up", 12, 3)])
def test_g2_the_heads_up_cap_under_each_rulebook(setting, started, became):
    """G2: RRP lifts the cap once heads-up; WSOP live games only when the round starts heads-up; kept: never."""
    assert (_raises(setting, 2), _raises(setting, 3)) == (started, became)


def test_g2_heads_up_each_raise_is_told_by_its_number_and_a_call_is_no_raise():
    """G2: heads-up the cap is lifted. Misha (the dealer, the small blind) calls 1; Lena raises to 4, Misha to 6,
    Lena to 8: the first, second and third raises of the round, each told with no cap."""
    hand = play(load_game_table("deuce-to-seven-triple-draw"), [100, 100], ["7c 5d 4h 3s 2c", "8d 6h 4c 3d 2h"],
                ["p2 cc", "p1 cbr 4", "p2 cbr 6", "p1 cbr 8"], names=["Lena", "Misha"])
    assert narrate(hand)[-4:] == ["Misha calls 1 (K3)", "Lena raises to 4: the first raise; there is no cap now (G2)",
                                  "Misha raises to 6: the second raise; there is no cap now (G2)",
                                  "Lena raises to 8: the third raise; there is no cap now (G2)"]


@pytest.mark.parametrize("misha, olga, lena", [
    (7, ["p3 f", "p3 cc", "p3 cbr 8"], ["p1 f", "p1 cc"]),                  # all in to 5: complete to 8; not reopened
    (8, ["p3 f", "p3 cc", "p3 cbr 10"], ["p1 f", "p1 cc", "p1 cbr 10"]),    # all in to 6, half a bet: a full raise
])
def test_g3_a_short_all_in_in_limit(misha, olga, lena):
    """G3 (RRP): Lena bets 4; Misha all in for less than half a bet may be completed and does not reopen the
    betting for Lena; half a bet counts as a full raise, and Lena may raise again."""
    hand = play(load_game_table("deuce-to-seven-triple-draw"), [60, misha, 60],
                ["7c 5d 4h 3s 2c", "8d 6h 4c 3d 2h", "9d 7h 6c 4s 3h"],
                ["p3 cc", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p3 cc",
                 "p1 sd", "p2 sd", "p3 sd", "p1 cbr 4", f"p2 cbr {misha - 2}"])
    assert [str(a) for a in hand.legal_actions()] == olga
    hand.apply("p3 cc")
    hand.advance()
    assert [str(a) for a in hand.legal_actions()] == lena


@pytest.mark.parametrize("lena, third, olga", [(100, "p1 f", ["p3 f", "p3 cc"]),
                                                (18, "p1 cbr 18", ["p3 f", "p3 cc", "p3 cbr 26", "p3 cbr 100"])])
def test_g4_short_all_ins_reopen_only_when_they_add_up_to_a_full_raise(lena, third, olga):
    """G4: Olga raises to 10 (a raise of 8); Dan all in to 14 (+4) does not reopen for her; Lena all in to 18
    (+4 more) makes a full raise of 8 together: Olga may raise again, to at least 18 + 8 = 26."""
    hand = play(load_game_table("deuce-to-seven-single-draw"), [lena, 100, 100, 14],
                ["8c 7d 4h 3s 2c", "7h 5c 4d Kc Kd", "Qs Jh 9d 6c 5h", "9c 8d 6h 3c 2d"],
                ["p3 cbr 10", "p4 cbr 14", third, "p2 cc"])
    assert [str(a) for a in hand.legal_actions()] == olga


def test_g4_the_least_bet_is_the_big_blind_and_the_least_raise_the_last_raise():
    """G4: before anyone acts (blinds 1/2) the first raise goes to at least 4 (a raise of the big blind, 2)."""
    hand = play(load_game_table("deuce-to-seven-single-draw"), [100, 100, 100],
                ["8c 7d 4h 3s 2c", "7h 5c 4d Kc Kd", "Qs Jh 9d 6c 5h"], [])
    assert hand.raise_range() == (4, 100)


def test_g5_pot_limit_pot_100_bet_50_raise_to_at_most_250():
    """G5: three raises build a pot of 100 (each put in 50); Lena bets 50; calling makes 200, so at most 250."""
    hand = play(load_game_table("deuce-to-seven-single-draw-pot-limit"), [500, 500],
                ["7c 5d 4h 3s 2c", "8d 6h 4c 3d 2h"], ["p2 cbr 6", "p1 cbr 18", "p2 cbr 50", "p1 cc", "p1 sd", "p2 sd"])
    assert hand.pot == 100
    hand.apply("p1 cbr 50")
    hand.advance()
    assert hand.raise_range() == (100, 250)


def test_g6_the_pots_of_the_docs_example():
    """G6: Olga all in for 20, Misha for 50, Lena and Dan 100: 4 x 20, 3 x 30, 2 x 50. With Dan folded after 30,
    his chips stay in the layers he reached: 80 (Lena, Misha, Olga), 70 (Lena, Misha), 50 (Lena)."""
    assert [(p.chips, p.eligible) for p in build_pots([100, 50, 20, 100], [0, 1, 2, 3])] == \
        [(80, (0, 1, 2, 3)), (90, (0, 1, 3)), (100, (0, 3))]
    assert [(p.chips, p.eligible) for p in build_pots([100, 50, 20, 30], [0, 1, 2])] == \
        [(80, (0, 1, 2)), (70, (0, 1)), (50, (0,))]


# ---- California (F) ----

def test_f4_the_posts_of_each_limit_and_who_acts_first():
    """F4 (seed 004): posts 1+1, 1+1+1, 1+2+2 are limits 2, 3, 5, doubled after the draw. Five players, posts
    1+2+2: Eve deals and posts 1, Ann and Bob post 2; Cat, on the left of the last post, acts first: bet or drop."""
    limits = [load_game_table("california-lowball", overrides={"forced.posts": posts})
              for posts in ("[1, 1]", "[1, 1, 1]", "[1, 2, 2]")]
    assert [(t.small_bet, t.big_bet) for t in limits] == [(2, 4), (3, 6), (5, 10)]
    hand = Hand([40] * 5, table=limits[2], names=["Ann", "Bob", "Cat", "Dan", "Eve"])
    hand.advance()
    assert hand.stacks == (38, 38, 40, 40, 39) and hand.names[hand.to_act] == "Cat"
    assert [str(a) for a in hand.legal_actions()] == ["p3 f", "p3 cbr 5"]


def test_f3_f5_f6_the_whole_california_hand_of_the_docs():
    """F3 (the California rules), F5, F6, F8: Misha bets the limit 2, the posters call 1 more each; Lena catches the joker (7-5-4-2-A);
    after the draw she checks and calls Misha's 4; Olga folds. Pot 2 x 3 + 4 x 2 = 14: Lena +8, Misha -6,
    Olga -2."""
    actions = ["d dh p1 7c5d4h2sKc", "d dh p2 8d6h4c3s2d", "d dh p3 QhJc9s6c3d", "p2 cbr 2", "p3 cc", "p1 cc",
               "p1 sd Kc", "d dh p1 Jk", "p2 sd", "p3 sd QhJc", "d dh p3 Ts9h", "p1 cc", "p2 cbr 4", "p3 f"]
    assert changes(history("FA5L1DJ", [40, 40, 40], actions + ["p1 cc"])) == (8, -6, -2)
    with pytest.raises(IllegalAction, match="a player who checked may only call"):
        replay_hand(history("FA5L1DJ", [40, 40, 40], actions + ["p1 cbr 8"]))
    with pytest.raises(IllegalAction, match=r"must bet or drop; checking is not allowed \(F5\)"):
        replay_hand(history("FA5L1DJ", [40, 40, 40], actions[:3] + ["p2 cc"]))


def test_f8_the_joker_beside_a_6_5_3_reads_as_the_deuce():
    """F8: A-6-5-3-joker reads 6-5-3-2-A."""
    assert lowball.evaluate("As 6d 5h 3c Jk", "ace-to-five").name == "six-five low"
    assert lowball.compare("7c 5d 4h 2s Jk", "8d 6h 4c 3s 2d", "ace-to-five") == 1


def test_f9_the_dead_hand_of_the_docs():
    """F9: Lena throws two and is dealt one: dead; Misha takes the pot of 4: Lena -2, Misha +2."""
    text = history("FA5L1DJ", [40, 40], ["d dh p1 7c5d4h2sAc", "d dh p2 8d6h4c3s2d", "p2 cbr 2", "p1 cc",
                                         "p1 sd 7c5d", "d dh p1 3h"])
    hand = replay_hand(text)
    assert hand.result.changes == (-2, 2) and "Lena holds 4 cards after the draw: the hand is dead (F9)" in narrate(hand)


# ---- stud high-low (L) and razz (R) ----


def test_l2_high_and_low_split_the_pot():
    """L2: pot 3 antes + 3 (bring-in, two calls) + 8 + 8 = 22: Misha's nines full take 11, Lena's 8-4-3-2-A 11.
    Each put in 10: Lena +1, Misha +1; Olga lost 2."""
    text = history("F7S/8-CR", [50, 50, 50], STUD_SPLIT, antes=[1, 1, 1], bring_in=1)
    assert changes(text) == (1, 1, -2)


def test_l3_seven_cards_four_up_and_four_burns():
    """L3: two down and one up, three up, one down; a burn before each street from the fourth."""
    hand = Hand([50, 50, 50], table=load_game_table("stud-high-low"), seed=4)
    hand.advance()
    while hand.phase != OVER:
        legal = {a.kind: a for a in hand.legal_actions()}
        hand.apply(legal.get("pb") or legal["cc"])
        hand.advance()
    assert all(up == (False, False, True, True, True, True, False) for up in hand.face_up)
    assert len(hand.stub.burns) == 4 and hand.table.betting_rounds == 5


def test_l4_the_lowest_upcard_brings_in_clubs_lowest_and_may_complete():
    """L4: Misha and Olga show deuces; Olga's is a club, so she brings it in; Lena completes to 2, both fold:
    pot 3 antes + 1 + 2; Lena's 1 uncalled comes back: Lena +3, Misha -1, Olga -2."""
    actions = ["d dh p1 Ah3c5s", "d dh p2 Kd9h2d", "d dh p3 QsJc2c", "p3 pb", "p1 cbr 2", "p2 f", "p3 f"]
    assert changes(history("F7S/8-CR", [50, 50, 50], actions, antes=[1, 1, 1], bring_in=1)) == (3, -1, -2)
    with pytest.raises(IllegalAction, match="it is p3's turn"):
        replay_hand(history("F7S/8-CR", [50, 50, 50], actions[:3] + ["p2 pb"], antes=[1, 1, 1], bring_in=1))


def test_l5_no_big_bet_on_fourth_street_with_an_open_pair():
    """L5: Misha pairs his nines showing on fourth street; the bet is still the small bet."""
    actions = ["d dh p1 Ah2d3c", "d dh p2 9s8d9c", "d dh p3 7d6sTs", "p1 pb", "p2 cc", "p3 cc",
               "d dh p1 4s", "d dh p2 9h", "d dh p3 Js", "p2 cbr 4"]
    with pytest.raises(IllegalAction, match=r"the bet must go to 2 in this round \(L5"):
        replay_hand(history("F7S/8-CR", [50, 50, 50], actions, antes=[1, 1, 1], bring_in=1))


@pytest.mark.parametrize("olga, first", [("7s", "p1"), ("8h", "p3")])
def test_l6_the_best_high_board_acts_first_ties_from_the_dealers_left(olga, first):
    """L6: Lena and Olga both show K-7: Lena, first clockwise from the dealer (Olga), acts; K-8 acts first."""
    actions = ["d dh p1 5d4hKc", "d dh p2 9s8s2d", "d dh p3 6c3sKh", "p2 pb", "p3 cc", "p1 cc",
               "d dh p1 7d", "d dh p2 5c", f"d dh p3 {olga}"]
    with pytest.raises(IllegalAction, match=f"waiting for {first} to act"):
        replay_hand(history("F7S/8-CR", [50, 50, 50], actions, antes=[1, 1, 1], bring_in=1))


@pytest.mark.parametrize("code, expected", [("F7S/8-CR", (-3, 5, -2)), ("F7S/8", (-2, 4, -2))])
def test_l7_p5_the_odd_chip_of_a_quartered_low(code, expected):
    """L7, P5: pot 14 = high 7 + low 7. Misha's kings take the high; the low ties at 7-4-3-2-A and splits 4/3.
    Card rooms (L7): the 4 to Misha, whose ace of hearts beats Lena's ace of diamonds; PHH (P5): to Lena, the
    lowest seat. Each put in 6 (ante, bring-in or call, 4): Misha 11 or 10, Lena 3 or 4."""
    assert halves(15, True) == (8, 7) and halves(15, False) == (15, 0)
    assert changes(at(example("stud-odd-chip"), code)) == expected


@pytest.mark.parametrize("game, community", [("stud-high-low", True), ("stud-high-low-phh", False),
                                             ("razz", True), ("razz-phh", False)])
def test_l8_p4_eight_players_and_a_late_fold(game, community):
    """L8, P4: eight players; on sixth street the first bets and the dealer folds. The card rooms add only the
    burns: 4 cards for 7 players, so one community card; pokerkit adds the six folded cards too."""
    hand = eight_players_the_dealer_folding_on_sixth(game)
    assert bool(hand.community) == community
    assert [len(cards) for cards in hand.hands[:7]] == ([6] * 7 if community else [7] * 7)


def test_r1_r2_r3_the_razz_hand_of_the_docs():
    """R2: Kh against Ks, spades highest: Misha brings it in. R3: on fourth street Olga's 5-4 is the lowest board.
    R1: Lena's K-Q-J-2-A (no qualifier) beats Misha's pair of threes: pot 3 + 3 + 8 = 14; Lena +8, Misha -6."""
    hand = replay_hand(example("razz"))
    story = narrate(hand)
    assert "Misha brings it in for 1 (R2)" in story
    assert "the second betting round begins; Olga acts first (R3)" in story
    assert hand.result.changes == (8, -6, -2)


def test_r2_the_wrong_player_may_not_bring_it_in():
    """R2: Lena's king of hearts is lower than Misha's king of spades by suit."""
    text = "\n".join(line for line in example("razz").splitlines() if not line.startswith(("  \"p", "  \"d dh p", "]")))
    text += '\n  "d dh p1 AcAdKh", "d dh p2 3c3dKs", "d dh p3 6d7d4h", "p1 pb",\n]\n'
    with pytest.raises(IllegalAction, match="it is p2's turn"):
        replay_hand(text)


def test_r4_razz_bets_as_stud():
    """R4: limits as L5: small on third and fourth street, big from fifth."""
    assert load_game_table("razz").bet_sizes == load_game_table("stud-high-low").bet_sizes == (2, 2, 4, 4, 4)


# ---- the PHH standard's departures (P) ----

def outcome(text: str) -> tuple[int, ...] | str:
    try:
        return replay_hand(text).result.finishing_stacks
    except LowballError:
        return "refused"


@pytest.mark.parametrize("name, card_room, phh", [
    # P1: Olga's raise to 10 is the fourth over the big blind: the card-room cap (G1), legal in PHH;
    # Lena and Misha fold what they raised (6 and 8): Olga +14.
    ("fourth-raise-before-the-draw", "refused", (94, 92, 114)),
    # P1: heads-up the card rooms lift the cap (G2): Misha's fifth raise, to 12, then Lena folds her 10.
    ("heads-up-raising", (90, 110), "refused"),
    # P2: completing a short all-in (G3): Lena wins pots of 21 and 6: +17, Misha -7, Olga -10.
    ("completing-a-short-all-in", (77, 0, 50), "refused"),
    # P2: half a bet reopens for Lena (G3): totals 12, 8, 12, all Lena's: +20.
    ("half-a-bet-all-in", (80, 0, 48), "refused"),
    # P3: served in PHH order the card rooms refuse the first serving; PHH reshuffles this draw's discards.
    ("reshuffle-phh-order", "refused", (98, 104, 98, 100, 100, 100)),
    # P5: three tie for 8; card rooms 3/3/2, PHH 4/2/2.
    ("three-way-tie", (48, 51, 51, 50), (48, 52, 50, 50)),
    # pokerkit's pots: each apart Dan 5 + 15, Eve 4 + 14; merged 19 and 19.
    ("side-pots-merge", (49, 45, 0, 55, 53), (49, 45, 0, 54, 54)),
])
def test_p1_p2_p3_p5_the_same_history_at_the_card_room_and_the_phh_table(name, card_room, phh):
    """P1, P2, P3, P5 and the pots: each example of docs/examples/, replayed at both tables of its game."""
    text = example(name)
    code = re.search(r'(?m)^variant = "(.*)"$', text).group(1)
    assert games_by_variant()[code].name.endswith("-phh")
    assert outcome(at(text, code + "-CR")) == card_room
    assert outcome(text) == phh


@pytest.mark.parametrize("name", ["fourth-raise-before-the-draw", "reshuffle-phh-order", "three-way-tie",
                                  "side-pots-merge", "stud-odd-chip"])
def test_p1_p3_p5_pokerkit_reads_the_examples_with_the_phh_tables_stacks(name):
    """The PHH tables play as pokerkit: its own reader reaches the same stacks on each example."""
    pytest.importorskip("pokerkit")
    from tests.support.pokerkit_games import pokerkit_finishing_stacks

    text = example(name)
    assert pokerkit_finishing_stacks(text) == list(replay_hand(text).result.finishing_stacks)


def test_p6_the_wheel_is_ace_high_in_deuce_to_seven_here_and_in_pokerkit():
    """P6: pokerkit before 0.7.7 made A-5-4-3-2 a straight; K1 says ace-five high, and so does the pinned pokerkit."""
    pokerkit = pytest.importorskip("pokerkit")
    assert lowball.evaluate("5c 4d 3h 2s Ac", "deuce-to-seven").category == "no-pair"
    assert lowball.compare("5c 4d 3h 2s Ac", "6c 5d 4h 3s 2c", "deuce-to-seven") == 1
    wheel = pokerkit.StandardLowHand("5c4d3h2sAc")
    assert wheel.entry.label.name == "HIGH_CARD" and wheel > pokerkit.StandardLowHand("6c5d4h3s2c")


def test_every_example_history_names_a_built_in_game_or_a_house_table_of_the_docs():
    """Each file of docs/examples/ is a history of a built-in game or of a house table of docs/checks/."""
    house = {load_game_table(path).variant for path in (EXAMPLES.parent / "checks").glob("*.toml")}
    files = sorted(EXAMPLES.glob("*.phh"))
    assert files
    for path in files:
        code = re.search(r'(?m)^variant = "(.*)"$', path.read_text(encoding="utf-8")).group(1)
        assert code in games_by_variant() or code in house, path.name
