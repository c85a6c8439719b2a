"""The games of real card-room histories (docs/rules-digest.md part G): seven-card stud (Q1-Q5), five-card draw
(X1-X4), badacey and badeucey (Z1-Z4), ace-to-five single draw (M1).

Each test deals a stacked deck, plays the hand on the engine and checks what the clause says happens: who brings
it in, who acts first, what a bet may be, who wins which half, where the odd chip goes. The expected figures are
worked by hand from the clauses (and from the published count of high classes, 7,462), never read from the tables
or computed by the engine. What every table shares with the others (seats, forced bets, caps, burns, the K9
reshuffle at a full first draw: X4) is probed in tests/tables/test_every_table_setting.py.

Seats: p1 (seat 0) sits on the dealer's left, the last seat deals (K3, L3).
"""

from __future__ import annotations

import re

import pytest

from lowball import IllegalAction
from lowball.core.games import load_game_table, table_from_text
from lowball.engine.state import BET, DRAW, OVER, Hand, deck_for
from lowball.errors import RulesError
from lowball.ranking import class_count
from lowball.text.narration import narrate


def start(game: str, stacks, hands, then: str = "", overrides: dict | None = None) -> Hand:
    table = load_game_table(game, overrides=overrides) if overrides else load_game_table(game)
    hand = Hand(list(stacks), table=table, deck=deck_for(hands, then=then))
    hand.advance()
    return hand


def act(hand: Hand, line: str) -> None:
    hand.apply(line)
    hand.advance()


def passive(hand: Hand) -> None:
    """The player to act stands pat, posts the bring-in, or checks or calls."""
    who = f"p{hand.to_act + 1}"
    kinds = {action.kind for action in hand.legal_actions()}
    act(hand, f"{who} sd" if hand.phase == DRAW else f"{who} pb" if "pb" in kinds else f"{who} cc")


def play_out(hand: Hand) -> Hand:
    while hand.phase != OVER:
        passive(hand)
    return hand


def amounts(hand: Hand) -> set[int]:
    """Return the amounts the player to act may bet or raise to (listed by the engine: the ends of a range)."""
    return {action.amount for action in hand.legal_actions() if action.kind == "cbr"}


# ---- Seven-card stud, high (Q1-Q5) ----

# Third street (two down, one up): p1 A♥ K♣ | Q♣, p2 A♠ K♦ | Q♦, p3 7♠ 8♠ | 9♠, p4 5♣ 6♦ | 2♣ (the bring-in,
# L4, Q2); p3 folds on third street. Then a burn and one card to each of p1, p2, p4 on each later street. p1 and p2
# both make A-K-Q-J-10 (p1: J♣ 10♦ 3♦ 4♠, p2: J♦ 10♥ 3♥ 4♥, no flush); p4 a pair of deuces.
TIED_STUD = ["Ah Kc Qc", "As Kd Qd", "7s 8s 9s", "5c 6d 2c"]
TIED_LATER = "6s Jc Jd 7h  6h Td Th 8c  5s 3d 3h 2d  5h 4s 4h Kh"


def tied_stud(game: str) -> Hand:
    hand = start(game, [100] * 4, TIED_STUD, then=TIED_LATER)
    assert hand.to_act == 3                     # Q2: the 2♣ brings it in
    act(hand, "p4 pb")
    act(hand, "p1 cc")
    act(hand, "p2 cc")
    act(hand, "p3 f")
    return play_out(hand)


def test_q1_the_best_high_hand_of_seven_takes_the_whole_pot():
    """Q1: the standard high ranking on the best five of seven, for the whole pot: where stud high-low gives an
    eight-low the low half (L2), seven-card stud gives the pot to the pair of kings. 7,462 high classes (published)."""
    assert class_count("high") == 7462
    third = ["8c 6d 9h", "Kc Kd 7s"]             # p2's 7♠ brings it in (Q2: the lowest up card)
    later = "As 4h Jh  Ad 3s Ts  Ah Qs 5d  Ac 2s Qc"
    results = {}
    for game in ("seven-card-stud", "stud-high-low"):
        hand = start(game, [100, 100], third, then=later)
        assert hand.to_act == 1
        act(hand, "p2 pb")
        results[game] = play_out(hand).result.changes
    # p1: 8 6 9 4 3 Q 2 (9-8-6-4-3 high, 8-6-4-3-2 low); p2: K K 7 J T 5 Q (a pair of kings). Pot: 2 antes + 2 x 1.
    assert results["seven-card-stud"] == (-2, +2)
    assert results["stud-high-low"] == (0, 0)     # L2: the high half to p2, the low half to p1


def test_q2_the_lowest_up_card_brings_it_in_the_ace_high_and_clubs_lowest():
    """Q2: an ace showing is high, and of two deuces the club is lower: p3's 2♣ brings it in, and may post the
    bring-in of 1 or complete to the small bet of 2."""
    hand = start("seven-card-stud", [100] * 3, ["Kc Qc Ac", "Kd Qd 2d", "Kh Qh 2c"])
    assert hand.to_act == 2
    assert {a.kind for a in hand.legal_actions()} == {"pb", "cbr"} and amounts(hand) == {2}


def test_q3_the_best_board_acts_first_a_pair_over_an_ace_and_ties_from_the_dealers_left():
    """Q3: from fourth street the highest board acts first: p2's pair of fives over p1's A-K; on a tie (p1's and
    p2's A-K-Q-J-10 boards of the tied hand) the first of them from the dealer's left, p1."""
    hand = start("seven-card-stud", [100] * 2, ["2c 3c Ah", "2d 4d 5s"], then="9c Kh 5h")
    assert hand.current.bring_in_due and hand.to_act == 1     # the 5♠ is lower than the A♥ (Q2)
    act(hand, "p2 pb")
    act(hand, "p1 cc")
    assert hand.phase == BET and hand.round == 1 and hand.to_act == 1
    tied = start("seven-card-stud", [100] * 4, TIED_STUD, then=TIED_LATER)
    for line in ("p4 pb", "p1 cc", "p2 cc", "p3 f"):
        act(tied, line)
    assert tied.round == 1 and tied.to_act == 0


def open_pair_hand(game: str) -> Hand:
    """Two players; on fourth street p2 shows 5♠ 5♥ (an open pair, Q4) against p1's A♥ K♥; p2 acts first (Q3)."""
    hand = start(game, [100] * 2, ["2c 3c Ah", "2d 4d 5s"], then="9c Kh 5h")
    act(hand, "p2 pb")
    act(hand, "p1 cc")
    return hand


def test_q4_an_open_pair_on_fourth_street_lets_any_player_bet_the_big_bet():
    """Q4 (RRP): with a pair showing on fourth street a bet may be the small bet, 2, or the big, 4; after a small
    bet a raise may go to 4 or 6; once the big bet is made, every later raise is a big one (to 8, then 12)."""
    hand = open_pair_hand("seven-card-stud")
    assert amounts(hand) == {2, 4}
    lines = narrate(hand)
    assert "p2 shows a pair: this round any player may bet or raise the big bet of 4 (Q4)" in lines
    assert "у игрока p2 открытая пара: в этом круге любой может ставить и повышать на большую ставку 4 (Q4)" in \
        narrate(hand, "ru")
    with pytest.raises(IllegalAction, match=r"must go to 2 or 4 in this round \(Q4: a pair shows, so the bet is 2 "
                                            r"or the big bet, 4\)"):
        hand.apply("p2 cbr 3")
    act(hand, "p2 cbr 2")
    assert amounts(hand) == {4, 6}
    act(hand, "p1 cbr 6")
    assert amounts(hand) == {10}
    with pytest.raises(IllegalAction, match=r"must go to 10 in this round \(Q4: the bet size is 4 in"):
        hand.apply("p2 cbr 8")
    act(hand, "p2 cbr 10")
    assert amounts(hand) == {14}


def test_q4_a_raise_of_the_small_bet_keeps_both_bets_open():
    """Q4: only a bet or raise of more than the small bet makes the big bet the round's: after a bet of 2 and a raise
    of 2 more (to 4), the next raise may still add the small bet or the big one (to 6 or 8)."""
    hand = open_pair_hand("seven-card-stud")
    act(hand, "p2 cbr 2")
    act(hand, "p1 cbr 4")
    assert amounts(hand) == {6, 8}


def test_q4_no_open_pair_or_a_room_that_drops_the_rule_bets_the_small_bet():
    """Q4: without a pair showing fourth street is bet at the small bet; pokerkit's F7S (seven-card-stud-phh) has
    no open-pair option at all: 2, pair or not."""
    hand = start("seven-card-stud", [100] * 2, ["2c 3c Ah", "2d 4d 5s"], then="9c Kh 6h")
    act(hand, "p2 pb")
    act(hand, "p1 cc")
    assert amounts(hand) == {2}
    assert not any("shows a pair" in line for line in narrate(hand))
    assert amounts(open_pair_hand("seven-card-stud-phh")) == {2}


@pytest.mark.parametrize("change, problem", [
    ('structure = "pot-limit"\nraises_per_round = "unlimited"\nunset = ["big_bet", "clauses.heads_up"]\n'
     'heads_up_cap = "kept"\nshort_all_in = "all-ins-add-up"\n[[change_streets]]\nat = "bet"\nsize = "small"\n',
     "chooses between the two bets of fixed limit (Q4)"),
    ('[[change_streets]]\nat = 5\nopen_pair = "big-bet-option"\n', 'the round is sized "small"'),
    ('[[change_streets]]\nat = 1\nopen_pair = "big-bet-option"\n', "the first betting round is the bring-in's"),
])
def test_q4_the_open_pair_option_is_refused_where_it_means_nothing(change, problem):
    with pytest.raises(RulesError, match=rf"streets\[\d\]\.open_pair: .*{re.escape(problem)}"):
        table_from_text('extends = "seven-card-stud"\n' + change)


def test_q4_a_draw_game_has_no_open_pair():
    with pytest.raises(RulesError, match=r"streets\[3\]\.open_pair: an open pair needs cards dealt face up"):
        table_from_text('extends = "five-card-draw"\n[[change_streets]]\nat = 3\nsize = "small"\n'
                        'open_pair = "big-bet-option"\n')


def test_q4_verify_bounds_a_players_total_by_the_big_bet_on_fourth_street():
    """Q4, T4: with the cap kept heads-up (three seats, to keep it quick), one player puts in at most the ante 1, a
    completion and three raises of 2 on third street, then four bets of 4 on each later street: 1 + 8 + 4 x 16 =
    73; where no open pair is allowed (F7S, P1 counts the same four), fourth street is four bets of 2: 65."""
    from lowball.verify import load_for_verify
    from lowball.verify.game import check_stack_guarantee

    figures = {}
    for game in ("seven-card-stud", "seven-card-stud-phh"):
        table, _ = load_for_verify(game, {"heads_up_cap": "kept", "players.max": "3"}, None)
        figures[game] = check_stack_guarantee(table).figures["max_investment"]
    assert figures == {"seven-card-stud": 73, "seven-card-stud-phh": 65}


@pytest.mark.parametrize("game, first", [("seven-card-stud", "p2"), ("seven-card-stud-phh", "p1")])
def test_q5_the_odd_chip_of_a_tie_goes_by_the_high_card_by_suit(game, first):
    """Q5: p1 and p2 tie with A-K-Q-J-10 for a pot of 7 (4 antes, the bring-in and two calls): the odd chip goes by
    the highest card played by suit, p2's A♠ over p1's A♥ (WSOP-T 73, N9); pokerkit's F7S to the lowest seat, p1
    (P5)."""
    hand = tied_stud(game)
    shares = {"p1": hand.result.changes[0] + 2, "p2": hand.result.changes[1] + 2}
    assert sorted(shares.values()) == [3, 4] and shares[first] == 4
    assert hand.result.changes[2:] == (-1, -2)


# ---- Five-card draw, high (X1-X4) ----

def test_x1_the_highest_five_card_hand_wins():
    """X1: a pair of aces beats K-Q-J-9-8 at five-card draw; the same deal at deuce-to-seven single draw (K1) goes
    the other way."""
    hands = ["Ac Ad 7h 5s 2c", "Ks Qh Jd 9c 8s", "3h 3d 4c 6c Tc"]
    changes = {}
    for game in ("five-card-draw-no-limit", "deuce-to-seven-single-draw"):
        hand = start(game, [100] * 3, hands)
        act(hand, "p3 f")
        changes[game] = play_out(hand).result.changes
    assert changes["five-card-draw-no-limit"] == (2, -2, 0)
    assert changes["deuce-to-seven-single-draw"] == (-2, 2, 0)


@pytest.mark.parametrize("game, first, later", [
    ("five-card-draw", {4}, {4}),                   # X2, K5: limit 2/4: a raise to 4, then bets of 4
    ("five-card-draw-pot-limit", {4, 7}, {2, 6}),   # G5: blinds 1 + 2, the call 2: to 2 + 5; after: the pot, 6
    ("five-card-draw-no-limit", {4, 100}, {2, 98}),  # G4: at least the big blind, at most all in
])
def test_x2_each_structure_one_draw_of_zero_to_five_and_a_round_before_and_after(game, first, later):
    """X2, X3: blinds 1 and 2; three players, p3 (left of the big blind) first; one draw of up to five cards, then
    p1 (the dealer's left) opens the last round; no opening hand is needed to bet."""
    hand = start(game, [100] * 3, ["7c 5d 4h 3s 2c", "9c 8d 6h 3c 2d", "Kc Kd 7h 7s 2h"], then="Qs Js Ts 9s 8s 7d")
    assert hand.to_act == 2 and amounts(hand) == first
    act(hand, "p3 cc")
    act(hand, "p1 cc")
    act(hand, "p2 cc")
    assert hand.phase == DRAW and hand.to_act == 0
    act(hand, "p1 sd 7c5d4h3s2c")                   # all five (X2: 0-5)
    act(hand, "p2 sd")
    act(hand, "p3 sd")
    assert hand.phase == BET and hand.to_act == 0 and amounts(hand) == later


def test_x2_the_old_card_room_forms_are_not_settings_and_are_refused():
    """X2: jacks or better to open and the three-card draw are not settings yet (docs/rules/card-room-games.md):
    a table that names one is refused, not played without it."""
    with pytest.raises(RulesError, match="openers"):
        table_from_text('extends = "five-card-draw"\nopeners = "jacks-or-better"\n')


def test_x3_heads_up_the_dealer_posts_the_small_blind_acts_first_before_the_draw_and_last_after():
    hand = start("five-card-draw", [100] * 2, ["7c 5d 4h 3s 2c", "9c 8d 6h 3c 2d"])
    assert hand.stacks == (98, 99) and hand.to_act == 1       # p2 deals: the small blind, first to act (K3)
    act(hand, "p2 cc")
    act(hand, "p1 cc")
    assert hand.phase == DRAW and hand.to_act == 0
    act(hand, "p1 sd")
    act(hand, "p2 sd")
    assert hand.to_act == 0


# ---- Badacey and badeucey (Z1-Z4) ----

def heads_up_draw(game: str, hands, stacks=(100, 100)) -> Hand:
    """Heads-up: the dealer (p2) calls the big blind, everyone checks and stands pat to the showdown."""
    return play_out(start(game, list(stacks), hands))


def test_z2_badacey_splits_the_pot_between_the_five_card_low_and_the_badugi():
    """Z2, Z3: p1's 7-5-4-3-2 is the better ace-to-five low, p2's K-Q-J-10 of four suits the better badugi (p1's
    clubs leave 4-3-2); no qualifier, so the king-high badugi wins its half. The pot of 4 splits 2 and 2."""
    hand = heads_up_draw("badacey", ["7c 5c 4c 3d 2h", "Ks Qh Jd Tc 9s"])
    assert hand.result.changes == (0, 0)
    lines = narrate(hand)
    assert "p1 wins 2, the five-card half of the pot, with the lowest hand (Z3)" in lines
    assert "p2 wins 2, the badugi half of the pot, with the lowest hand (Z3)" in lines
    assert "p2 забирает половину банка за бадуги (2): самая младшая рука (Z3)" in narrate(hand, "ru")


@pytest.mark.parametrize("game, changes", [("badacey", (0, 0)), ("badeucey", (-2, 2))])
def test_z2_badeucey_counts_the_ace_high_in_the_badugi_too(game, changes):
    """Z2: p1 holds A-2-3-4 of four suits, p2 2-3-4-5 of four suits. Both five-card lows go to p2 (8-5-4-3-2 against
    9-4-3-2-A, and against an ace-high hand at deuce-to-seven). The badugi: A-2-3-4 is the best at badacey (the ace
    low) and 2-3-4-5 the best at badeucey (the ace high): a split, or p2 scoops (Z3)."""
    hand = heads_up_draw(game, ["Ac 2d 3h 4s 9c", "2c 3d 4h 5s 8d"])
    assert hand.result.changes == changes


def test_z4_the_odd_chip_goes_to_the_five_card_half():
    """Z4: three players; p3 calls the big blind, the small blind folds: a pot of 5 (1 + 2 + 2). p2 has the better
    ace-to-five low, p3 the better badugi: the five-card half is 3, the badugi half 2."""
    hand = start("badacey", [100] * 3, ["Kc Kd Kh Ks Qc", "7c 6c 4c 3c 2c", "Jc Th 9d 8s Qd"])
    act(hand, "p3 cc")
    act(hand, "p1 f")
    play_out(hand)
    assert hand.result.changes == (-1, 1, 0)
    assert "p2 wins 3, the five-card half of the pot, with the lowest hand (Z3)" in narrate(hand)


def test_z2_a_five_card_and_a_badugi_half_each_of_its_own_kind():
    """Z2: the five-card half ranks five cards, the badugi half is a badugi row; the loader refuses the rest."""
    with pytest.raises(RulesError, match=r"ranking: a five-card and a badugi half"):
        table_from_text('extends = "badacey"\nranking = { five-card = "badugi", badugi = "ace-to-five" }\n')
    for halves in ('five-card = "badugi-ace-high", badugi = "badugi"',          # two badugi rows
                   'five-card = "ace-to-five", badugi = "deuce-to-seven"'):     # two rankings of five cards
        with pytest.raises(RulesError, match=r"ranking: a five-card and a badugi half"):
            table_from_text(f'extends = "badacey"\nranking = {{ {halves} }}\n')
    with pytest.raises(RulesError, match=r"ranking: a split pot names its two halves, high and low \(L2\) or "
                                         r"five-card and badugi \(Z2\); got five-card, low"):
        table_from_text('extends = "ace-to-five-triple-draw"\nranking = { five-card = "ace-to-five", low = "badugi" }\n')


# ---- Ace-to-five single draw (M1) ----

def test_m1_ace_to_five_single_draw_plays_the_wheel_as_the_best_hand():
    """M1: ace-to-five (F1) on five cards: 5-4-3-2-A beats 7-5-4-3-2, where deuce-to-seven (K1) calls it ace-high;
    a round at the small bet before the one draw and at the big bet after it (2, then 4); check-raise allowed."""
    hands = ["5c 4d 3h 2s Ac", "7s 5h 4c 3d 2d"]
    hand = start("ace-to-five-single-draw", [100, 100], hands)
    assert amounts(hand) == {4}                     # p2 (the dealer, the small blind) may raise to 4
    act(hand, "p2 cc")
    act(hand, "p1 cc")
    act(hand, "p1 sd")
    act(hand, "p2 sd")
    assert amounts(hand) == {4}
    act(hand, "p1 cc")
    act(hand, "p2 cbr 4")
    assert amounts(hand) == {8}                     # p1 checked and may raise (K7: no F6 here)
    act(hand, "p1 cbr 8")
    act(hand, "p2 cc")
    assert hand.result.changes == (10, -10)
    assert play_out(start("deuce-to-seven-single-draw-limit", [100, 100], hands)).result.changes == (-2, 2)


def test_m1_has_no_joker():
    """M1: 52 cards: a history that deals the joker is refused (California lowball's FA5L1DJ has one, F8)."""
    from lowball.phh.history import replay_hand

    text = ('variant = "FA5L1D"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n'
            'starting_stacks = [100, 100]\nactions = ["d dh p1 Jk4d3h2sAc", "d dh p2 7s5h4c3d2d"]\n')
    with pytest.raises(IllegalAction, match="Jk"):
        replay_hand(text)


def test_z2_the_split_command_shows_high_and_low_and_refuses_a_badugi_split(capsys):
    """L1, L2: `lowball split` shows a high and a low; badacey's halves are a five-card hand and a badugi (Z2)."""
    from lowball.cli import main

    assert main(["split", "--game", "badacey", "Ac 2d 3h 4s 5c", "Kc Qd Jh Ts 9c"]) == 2
    assert "badacey splits the pot between a five-card hand and a badugi (Z2)" in capsys.readouterr().err
    assert main(["split", "Ac 2d 3h 4s 5c Kd Kh", "Kc Qd Jh Ts 9c 8c 7c"]) == 0     # stud high-low, as before
    assert "wins the high half" in capsys.readouterr().out
