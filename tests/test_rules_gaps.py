"""Rules that mutation testing found unpinned (issue 16): each test here fails on a small, realistic change.

* ``HandValue``'s comparisons on equal values (H3, S2: equal hands are equally strong);
* the best qualifying low of seven cards that hold several (L1);
* a discard out of turn in the draw (D1);
* a teaching-table history at other stakes (T2, T3: ``phh_stakes = "must-match"``);
* the tie-breaks of ``rank_discards`` (ties on the goal, then the better kinds, then the smaller discard);
* the game-table loader's refusals (T1, D1, T3).
"""

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
from test_rules_examples import eight_players_the_dealer_folding_on_sixth, history, play

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


# ---- The best of several qualifying lows (L1) ----

@pytest.mark.parametrize("cards, low, name", [
    ("Ac 2d 3h 4s 5c 6d 8h", "Ac 2d 3h 4s 5c", "five-four low"),      # the wheel among 21 fives, most of them lows
    ("8c 7d 6h 4s 3c 2d Kh", "7d 6h 4s 3c 2d", "seven-six low"),      # 7-6-4-3-2 beats 8-7-6-4-3 and the rest
    ("8c 7d 5h 4s 2c Ad 8h", "7d 5h 4s 2c Ad", "seven-five low"),     # the pair of eights plays no part
    ("Ac 2c 3c 4c 6c 7d 8d", "Ac 2c 3c 4c 6c", "six-four low"),       # L1: the flush does not count in the low
])
def test_best_low_is_the_best_of_several_qualifying_lows(cards, low, name):
    value = best_low(cards)
    assert format_cards(best_low_five(cards)) == low
    assert value.name == name and value == evaluate(low, "ace-to-five")
    assert best_qualifying_rank(parse_cards(cards), "eight-or-better") == value.rank


def test_the_worst_qualifying_low_is_not_the_answer():
    """8-7-6-5-4 also qualifies from these seven cards; the best low is 6-5-4-2-A."""
    value = best_low("8c 7d 6h 5s 4c 2d Ah")
    assert value.name == "six-five low" and value > evaluate("8c 7d 6h 5s 4c", "ace-to-five")


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


# ---- The best qualifying low by its tables: the default qualifier, and what it refuses (L1) ----

def test_best_qualifying_rank_takes_the_shipped_qualifier_by_default():
    cards = parse_cards("Kc Qd 8h 6s 4c 3d Ah")
    assert best_qualifying_rank(cards) == best_qualifying_rank(cards, "eight-or-better") == best_low(cards).rank


@pytest.mark.parametrize("qualifier", ["nine-or-better", ["eight-or-better"]])
def test_best_qualifying_rank_refuses_an_unknown_qualifier_by_name(qualifier):
    with pytest.raises(RulesError, match="unknown qualifier"):
        best_qualifying_rank(parse_cards("Kc Qd 8h 6s 4c 3d Ah"), qualifier)


@pytest.mark.parametrize("cards", ["Kc Qd 8h 6s", "Kc Qd 8h 6s 4c 3d Ah 2c"])
def test_best_qualifying_rank_refuses_fewer_than_five_or_more_than_seven_cards(cards):
    with pytest.raises(CardError, match="best five needs 5 to 7 cards"):
        best_qualifying_rank(parse_cards(cards), "eight-or-better")


def test_best_qualifying_rank_with_the_joker_is_the_best_of_several_lows():
    """F8, L1: with the joker the plain road decides: A-2-3-4-joker is the wheel, the best of many lows."""
    cards = parse_cards("Ac 2d 3h 4s Jk 8c 7d")
    assert best_qualifying_rank(cards, "eight-or-better") == 1 == best_low(cards).rank


def test_a_sevens_clause_with_the_rule_off_is_said_in_the_rulebook():
    """F7: a house that turns the sevens rule off keeps its clause; the rulebook then says there is no sevens rule,
    under that clause, and says nothing of it where no clause is cited (the plain California table)."""

    off = load_game_table("california-lowball-sevens-rule", overrides={"showdown.sevens_rule": "off"})
    sentences = [s for _, s in table_rules(off)]
    assert any(s.startswith("No sevens rule") for s in sentences)
    assert not any("sevens" in s.lower() for _, s in table_rules(load_game_table("california-lowball")))


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


def test_the_cards_a_reshuffle_brings_back_are_shuffled():
    """K9: the cards brought back form a new stub, shuffled: below the ten cards left, the twenty thrown at an
    earlier draw all come back, and not in the order they were thrown (this draw's pile stays out)."""

    stub = Stub.ordered(DECK[:10], seed=5)
    thrown = list(DECK[20:40])
    stub.discards += [list(thrown), [DECK[45]]]     # an earlier draw's pile, then this draw's
    assert stub.reshuffle(RunsOut.RESHUFFLE_EARLIER) == 20
    back = stub.order[10:]
    assert stub.order[:10] == list(DECK[:10]) and sorted(back, key=DECK.index) == thrown
    assert back != thrown


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


# ---- The game-table loader's bounds, at their edges (issue 10: sizes are checked before anything is built) ----

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
