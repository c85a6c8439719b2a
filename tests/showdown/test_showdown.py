"""The showdown's pots and words: each pot apart (G6, L2, L7) against pokerkit's losers mucked first (P5), the
sevens rule's cut (F7), the shows a history makes, and the lines that say who won what.

Every outcome below is worked out by hand in the docstring; where the PHH standard has the game, pokerkit's own
reader replays the same history to the same stacks.
Seats: p1 sits on the dealer's left; the last seat deals. Stud: antes 1, bring-in 1, bets 2 and 4.
"""

from __future__ import annotations

import pytest

from lowball.core.games import load_game_table, table_from_text
from lowball.errors import IllegalAction, RulesError
from lowball.engine.state import OVER, Hand, deck_for
from lowball.phh.history import replay_hand, to_phh
from lowball.text.narration import narrate
from tests.support.pokerkit_games import pokerkit_finishing_stacks
from tests.support.california import SEVEN_FIVE, hand_at
from tests.support.california import play as act_all
from tests.support.rules_examples import STUD_SPLIT, at, eight_players_the_dealer_folding_on_sixth, example, history

# Lena (p1) holds the only low and goes all in with her bring-in; Misha and Olga make the same king-high
# straight and tie the high; Dan has a pair of eights; Eve antes and folds on third street.
SHORT_LOW_TIED_HIGH = {1: "Ah 2d 3c 4s 6h Kd Qc", 2: "9s Td Jh Qs Kc 2h 3h", 3: "9c Th Jd Qd Ks 2c 3s",
                       4: "8c 8d Jc 7c 5d Ts Kh", 5: "4c 4d Tc"}


def stud_actions(cards: dict[int, str], third: list[str], later) -> list[str]:
    """Return a stud hand's actions: each seat's three cards, the third street's ``third`` actions, then from
    fourth street one card to each seat still holding cards for it, followed by ``later(street)`` (3 for fourth)."""
    hands = {seat: text.split() for seat, text in cards.items()}
    actions = [f"d dh p{seat} {''.join(held[:3])}" for seat, held in hands.items()] + third
    for street in range(3, 7):
        actions += [f"d dh p{seat} {held[street]}" for seat, held in hands.items() if len(held) > street]
        actions += later(street)
    return actions


def short_low_tied_high(code: str) -> str:
    """Return the history: Lena brings it in for 1 and is all in (2 = ante + bring-in); Misha, Olga and Dan call
    1, Eve folds; on fourth street Misha bets 2, Olga and Dan call; the rest is checked. Main pot 5 antes + 4 x 1
    = 9 (Lena, Misha, Olga, Dan); side pot 3 x 2 = 6 (Misha, Olga, Dan)."""
    actions = stud_actions(SHORT_LOW_TIED_HIGH, ["p1 pb", "p2 cc", "p3 cc", "p4 cc", "p5 f"],
                           lambda street: ["p2 cbr 2" if street == 3 else "p2 cc", "p3 cc", "p4 cc"])
    return history(code, [2, 50, 50, 50, 50], actions, antes=[1] * 5, bring_in=1)


def test_the_card_rooms_award_each_pot_apart_and_a_side_pot_without_a_low_goes_whole_to_the_high():
    """G6, L2, L7: main pot 9: high 5 split by Misha and Olga, the odd chip to Olga (her Ks outranks Misha's Kc,
    L7); the low 4 to Lena. Side pot 6: nobody in it has a low, so the high hands split it whole, 3 and 3.
    Lena 4 - 2 = +2, Misha 2 + 3 - 4 = +1, Olga 3 + 3 - 4 = +2, Dan -4, Eve -1."""
    hand = replay_hand(short_low_tied_high("F7S/8-CR"))
    assert hand.result.changes == (2, 1, 2, -4, -1)
    story = narrate(hand)
    assert "Lena is dealt 2 cards face down and 1 face up: 3c (L3)" in story and "Dan is dealt 1 card face up: 7c (L3)" in story
    assert "Misha, Olga split 5, the high half of the main pot: Misha 2, Olga 3 (L7)" in story
    assert "Lena wins 4, the low half of the main pot, with the lowest hand (L2)" in story
    assert "no hand makes a low of eight or better for side pot 1: the best high hand takes it all (L2)" in story
    assert "Misha, Olga split side pot 1 of 6: Misha 3, Olga 3 (L7)" in story
    assert not any("mucks" in line for line in story)
    assert [line for line in story if "odd chip" in line] == [story[story.index(
        "Misha, Olga split 5, the high half of the main pot: Misha 2, Olga 3 (L7)") + 1]]   # the 5, not the 6


def test_pokerkit_mucks_the_hands_that_win_nothing_and_cuts_every_pot_in_two_halves():
    """P5 and pokerkit's pots: Dan can win nothing and mucks. Lena's low is in play, so every pot is cut in two,
    the odd chip to the high half: main pot 9 = high 5 (Misha 3, Olga 2: the odd chip to the lowest seat, P5)
    + low 4 (Lena); side pot 6 = high 3 (Misha 2, Olga 1) + low 3, which nobody left in it can win, so Misha
    and Olga split it too (2, 1). Lena +2, Misha 3 + 4 - 4 = +3, Olga 2 + 2 - 4 = 0, Dan -4, Eve -1; pokerkit's
    reader reaches the same stacks."""
    text = short_low_tied_high("F7S/8")
    hand = replay_hand(text)
    assert hand.result.changes == (2, 3, 0, -4, -1)
    assert pokerkit_finishing_stacks(to_phh(hand)) == list(hand.result.finishing_stacks)
    story = narrate(hand)
    assert "Dan's hand can win nothing: it goes into the muck (L2)" in story
    assert [line for line in story if "muck" in line] == ["Dan's hand can win nothing: it goes into the muck (L2)"]
    assert "Misha, Olga split 5, the high half of the main pot: Misha 3, Olga 2 (P5)" in story
    assert "Misha, Olga split 3, the low half of side pot 1: Misha 2, Olga 1 (P5)" in story
    assert not any("no hand makes a low" in line for line in story)


def test_the_only_hand_left_after_pokerkits_muck_takes_the_antes_too():
    """P5, L2: antes 1 each; Misha brings it in for 1, Olga folds, Lena calls 1, and the rest is checked. Lena's
    wheel is the best high (a five-high straight) and the only low, so Misha's queens can win nothing and are
    mucked; Lena, the only hand left, takes the pot of 5: the 2 bet and the 3 antes, dead money she may win
    (V5). Lena +3, Misha -2, Olga -1, as pokerkit's reader has it."""
    cards = {1: "Ah 2d Kc 3c 4s 5h 9d", 2: "Qh Qd 8c Jc Td 7s 6c", 3: "9c 9h Ks"}
    actions = stud_actions(cards, ["p2 pb", "p3 f", "p1 cc"], lambda street: ["p1 cc", "p2 cc"])
    hand = replay_hand(history("F7S/8", [50, 50, 50], actions, antes=[1] * 3, bring_in=1))
    assert hand.result.changes == (3, -2, -1)
    assert pokerkit_finishing_stacks(to_phh(hand)) == list(hand.result.finishing_stacks)
    story = narrate(hand)
    assert "Misha's hand can win nothing: it goes into the muck (L2)" in story
    assert "Lena wins the pot of 5 with the highest hand (L2)" in story


@pytest.mark.parametrize("code", ["FR", "FR-CR"])
def test_a_losing_hand_mucks_at_the_phh_table_and_shows_at_the_card_room(code):
    """R1: the razz hand of the docs. Lena's K-Q-J-2-A beats Misha's pair of threes and takes the pot of 14 with
    the lowest hand. pokerkit mucks Misha's hand unshown-as-winner; the card room compares both."""
    story = narrate(replay_hand(at(example("razz"), code)))
    assert "Lena wins the pot of 14 with the lowest hand (R1)" in story
    assert ("Misha's hand can win nothing: it goes into the muck (R1)" in story) == (code == "FR")


@pytest.mark.parametrize("codes, lena, misha, clause", [
    (("F2L3D", "F2L3D-CR"), "8c7d4h3s2c", "9c8d6h3c2d", "K1"),
    (("FB", "FB-CR"), "Ac2d3h4s", "Ad2c3s5h", "U2"),            # U7: badugi as pokerkit plays it
])
def test_a_losing_hand_mucks_at_the_phh_triple_draw_table(codes, lena, misha, clause):
    """K1, P5's table: Lena's 8-7-4-3-2 beats Misha's 9-8-6-3-2 (at badugi, U2: her A-2-3-4 badugi beats his
    A-2-3-5); at pokerkit's table Misha mucks, at the card room he shows; Lena wins the pot of 4 (the blinds,
    Misha calling 1) with the lowest hand."""
    actions = [f"d dh p1 {lena}", f"d dh p2 {misha}", "p2 cc", "p1 cc"]
    for _ in range(3):
        actions += ["p1 sd", "p2 sd", "p1 cc", "p2 cc"]
    for code, mucks in zip(codes, (True, False)):
        story = narrate(replay_hand(history(code, [50, 50], actions, blinds=[1, 2])))
        assert f"Lena wins the pot of 4 with the lowest hand ({clause})" in story, code
        assert (f"Misha's hand can win nothing: it goes into the muck ({clause})" in story) == mucks, code


def test_a_whole_half_is_named_with_its_best_hand():
    """L2: the hand of the stud high-low page: Misha's nines full win the high half with the highest hand,
    Lena's 8-4-3-2-A the low half with the lowest."""
    story = narrate(replay_hand(history("F7S/8-CR", [50, 50, 50], STUD_SPLIT, antes=[1, 1, 1], bring_in=1)))
    assert "Misha wins 11, the high half of the pot, with the highest hand (L2)" in story
    assert "Lena wins 11, the low half of the pot, with the lowest hand (L2)" in story


def test_a_show_names_the_cards_a_history_had_kept_hidden():
    """S1: a history may deal unknown cards (????) and name them at the showdown; the show makes the hand known
    and the best hand wins: Lena's 7-5-4-3-2 against Misha's 9-8-6-3-2 at the triple draw table, p2 calling 1."""
    actions = ["d dh p1 ??????????", "d dh p2 ??????????", "p2 cc", "p1 cc"]
    for _ in range(3):
        actions += ["p1 sd", "p2 sd", "p1 cc", "p2 cc"]
    actions += ["p1 sm 7c5d4h3s2c", "p2 sm 9c8d6h3c2d"]
    hand = replay_hand(history("F2L3D-CR", [50, 50], actions, blinds=[1, 2]))
    assert hand.result.changes == (2, -2)
    assert [str(card) for card in hand.hands[0]] == "7c 5d 4h 3s 2c".split()


# California with the sevens rule (F7, seed 004): three players, posts 1 + 1 by the dealer (Olga) and Lena; Misha
# bets 2, both call (pot 6); all stand pat. After the draw Lena and Misha check sevens, Olga bets 4, both call
# (pot 18; 6 at the checks).
THREE_CHECKERS = ["p2 cbr 2", "p3 cc", "p1 cc", "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p3 cbr 4", "p1 cc",
                  "p2 cc"]


def test_the_sevens_rule_binds_the_checker_who_wins_even_after_another_checker_who_loses():
    """F7 (seed 004): Lena checked a 7-6-4-3-2 and loses to Misha's 7-5-4-2-A, who checked too. The rule binds the
    winner only: Misha cannot win the 12 put in after his check: Olga's bet comes back to her, and so do the
    callers' calls (seed 004). Misha wins the 6 of the pot at the checks: Misha +4, Lena -2, Olga -2."""
    hand = act_all(hand_at("california-lowball-sevens-rule", [40] * 3,
                           ["7d 6h 4c 3s 2d", SEVEN_FIVE, "Kc Qd Jh 9s 9c"]), THREE_CHECKERS)
    assert hand.phase == OVER and hand.result.changes == (-2, 4, -2)
    assert [line for line in narrate(hand) if "sevens rule" in line][0].startswith("the sevens rule: p2 checked a seven or better and wins")


def test_the_sevens_rule_says_nothing_when_the_checker_loses():
    """F7: Olga holds the seven-five and bets; the checkers Lena (7-6-4-3-2) and Misha (8-6-4-3-2, no seven)
    lose. A checker who loses loses as usual: no line about the rule. Olga wins 18: +12, the others -6."""
    hand = act_all(hand_at("california-lowball-sevens-rule", [40] * 3,
                           ["7d 6h 4c 3s 2d", "8d 6c 4s 3c 2h", SEVEN_FIVE]), THREE_CHECKERS)
    assert hand.result.changes == (-6, -6, 12)
    assert not any("sevens rule" in line for line in narrate(hand))


def test_the_sevens_rule_at_a_table_that_mucks_the_losers_first():
    """F7 at a house table that forms pots as pokerkit does: the winner who checked a seven still cannot win what
    was put in after the check, and every chip goes somewhere: the hand of
    test_the_sevens_rule_binds_the_checker_who_wins_even_after_another_checker_who_loses, same outcome."""
    table = table_from_text('extends = "california-lowball-sevens-rule"\nname = "house"\n'
                            '[showdown]\npots = "losers-mucked-first"\n')
    hand = Hand([40] * 3, table=table, deck=deck_for(["7d 6h 4c 3s 2d", SEVEN_FIVE, "Kc Qd Jh 9s 9c"],
                                                      cards=table.deck_cards))
    hand.advance()
    act_all(hand, THREE_CHECKERS)
    assert hand.result.changes == (-2, 4, -2)


def eight_players_two_folding_on_third_street(table) -> Hand:
    """Play eight stud players: p1 and p2 fold on third street, everyone else calls or checks to the end."""
    hand = Hand([50] * 8, table=table, seed=3)
    hand.advance()
    while hand.phase != OVER:
        legal = {action.kind: action for action in hand.legal_actions()}
        folding = hand.round == 0 and hand.to_act in (0, 1) and "f" in legal
        hand.apply(legal["f"] if folding else legal.get("pb") or legal["cc"])
        hand.advance()
    return hand


def test_a_stub_of_exactly_one_card_each_serves_seventh_street():
    """L3, L8: eight players, two fold on third street. 52 - 8 x 3 = 28 cards after third street; fourth, fifth
    and sixth street take a burn and 6 cards each (21), seventh a burn: 6 cards are left for the 6 players. Each
    is dealt one, with no community card and nothing reshuffled, and the hand replays its own history."""
    table = table_from_text('extends = "stud-high-low"\nname = "house"\n')
    hand = eight_players_two_folding_on_third_street(table)
    assert hand.folded[:2] == (True, True) and not any(hand.folded[2:])
    assert not hand.community and [len(cards) for cards in hand.hands[2:]] == [7] * 6
    assert hand.stub.size == 0 and hand.stub.reshuffles == 0
    assert replay_hand(to_phh(hand), table).result.finishing_stacks == hand.result.finishing_stacks


def test_a_stud_table_that_never_reshuffles_seats_only_the_players_its_deck_serves():
    """T1, L3, L8: seven players who never fold take 7 x 7 = 49 cards and four burns, 53 of 52, so a stud table
    with no rule for a short stub (a house table) is refused at load, naming seventh street; six players take
    46 and the table loads, and plays with nobody folding."""
    never = 'extends = "stud-high-low"\nname = "house"\n[deck]\nruns_out = "never"\n'
    with pytest.raises(RulesError, match=r'streets\[8\]: with 7 players this deal needs 7 cards and the stub holds '
                                         r'6, deck\.runs_out = "never"'):
        table_from_text(never)
    table = table_from_text(never + "[players]\nmax = 6\n")
    hand = Hand([50] * 6, table=table, seed=3)
    hand.advance()
    while hand.phase != OVER:
        legal = {action.kind: action for action in hand.legal_actions()}
        hand.apply(legal.get("pb") or legal["cc"])
        hand.advance()
    assert hand.result.showdown and [len(cards) for cards in hand.hands] == [7] * 6 and hand.stub.size == 6


@pytest.mark.parametrize("code", ["F7S/8", "F7S/8-CR"])
def test_with_no_low_in_play_the_high_hand_takes_each_pot_whole(code):
    """L2: nobody makes an eight-or-better low. Lena brings it in for 1 and is all in (2 = ante + bring-in);
    Misha and Olga call, then Olga bets 2 on fourth street and Misha calls. Main pot 3 antes + 3 = 6: Lena's
    three queens; side pot 4: Misha's aces beat Olga's kings. Lena +4, Misha 4 - 4 = 0, Olga -4. pokerkit mucks
    Olga's hand first; both ways say that no low is in play, pot by pot."""
    cards = {1: "Qh Qd 2c Qc 9s 6h 5h", 2: "Ad Ac 9h Ts 8d 7s 3h", 3: "Kh Kd 9c As Qs Js 2s"}
    actions = stud_actions(cards, ["p1 pb", "p2 cc", "p3 cc"],
                           lambda street: ["p3 cbr 2" if street == 3 else "p3 cc", "p2 cc"])
    hand = replay_hand(history(code, [2, 50, 50], actions, antes=[1, 1, 1], bring_in=1))
    assert hand.result.changes == (4, 0, -4)
    story = narrate(hand)
    for pot in ("the main pot", "side pot 1"):
        assert f"no hand makes a low of eight or better for {pot}: the best high hand takes it all (L2)" in story
    assert ("Olga's hand can win nothing: it goes into the muck (L2)" in story) == (code == "F7S/8")


def test_a_show_may_name_the_community_card_with_the_players_own():
    """L8: a player's hand is his cards and the community card; a history that names the community card in a show
    as well as his own six is read the same: the same shows, the same result."""
    hand = eight_players_the_dealer_folding_on_sixth("stud-high-low")
    community = str(hand.community[0])
    text = to_phh(hand)
    show = next(line for line in text.splitlines() if '"p1 sm ' in line)
    named = show.replace('",', f'{community}",')
    replayed = replay_hand(text.replace(show, named))
    assert named != show and replayed.result.changes == hand.result.changes
    assert [str(card) for card in replayed.hands[0]] == [str(card) for card in hand.hands[0]]


def test_a_show_refused_at_the_showdown_names_the_player_and_what_he_holds():
    """K1: three-handed, p3 folds and p1 and p2 check it down. At the showdown p3 may not show (he folded), p1 may
    show only the cards he holds, and once shown he does not show again; each refusal names the player."""
    hand = Hand([100, 100, 100], table=load_game_table("deuce-to-seven-single-draw-limit"),
                deck=deck_for(["7c 5d 4h 3s 2c", "8d 6h 4c 3d 2h", "Kc Qd Jh 9s 8h"]), deal_by_hand=True)
    hand.advance()
    for action in ["p3 f", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc"]:
        hand.apply(action)
        hand.advance()
    hand.apply("p2 cc")                               # no advance: the dealer has not called for the shows yet
    refusals = []
    for action in ["p3 sm KcQdJh9s8h", "p1 sm 8d6h4c3d2h", "p1 sm 7c5d4h3s2c", "p1 sm 7c5d4h3s2c"]:
        try:
            hand.apply(action)
        except IllegalAction as refused:
            refusals.append(str(refused))
    assert refusals == ["p3 sm KcQdJh9s8h: p3 has folded (K1)", "p1 sm 8d6h4c3d2h: p1 holds 7c 5d 4h 3s 2c (K1)",
                        "p1 sm 7c5d4h3s2c: p1 has shown already (K1)"]


@pytest.mark.parametrize("seventh", ["down", "up"])
def test_g6_hands_all_in_before_the_last_deals_are_shown_then_dealt_out(seventh):
    """G6: both players all in on third street: the hands are turned face up before the last deals (as pokerkit
    does in stud), then fourth to seventh street are dealt, seven cards each, and the pot is paid. Where seventh
    street is dealt face up too (a house table), nobody has a card left to show and the hand is settled at once."""
    change = '[[change_streets]]\nat = 8\ndown = 0\nup = 1\n' if seventh == "up" else ""
    table = table_from_text('extends = "stud-high-low"\nname = "early-show"\n' + change)
    hand = Hand([4, 4], table=table, seed=2)
    while hand.phase != OVER:
        legal = hand.legal_actions()
        raises = [action for action in legal if action.kind == "cbr"]
        hand.push(max(raises, key=lambda a: a.amount) if raises else next(a for a in legal if a.kind in ("cc", "pb")))
    keys = [event.key for event in hand.events if event.key in ("deal", "show")]
    shown_last = ["show", "show"] if seventh == "down" else []
    assert keys == ["deal", "deal", "show", "show"] + ["deal"] * 8 + shown_last
    assert [len(cards) for cards in hand.hands] == [7, 7] and sum(hand.result.finishing_stacks) == 8
    assert hand.result.showdown and all(hand.fully_shown(seat) for seat in range(2))


@pytest.mark.parametrize("code", ["F7S", "F7S-CR"])
def test_a_losing_stud_hand_mucks_at_the_phh_table_and_shows_at_the_card_room(code):
    """Q2, P5: antes 1 each; Misha's 2♣ brings it in for 1, Lena calls, and the rest is checked (Q3: Lena's board is
    the higher and acts first). Lena's pair of aces beats Misha's ten high; at pokerkit's table (F7S) Misha's hand,
    which can win nothing, goes into the muck; at the card room's (F7S-CR) both are shown. Lena wins 4 either way."""
    cards = {1: "Ah Ad 9c Kc Qc Jd 8h", 2: "3h 7d 2c 8s 4s Td 9h"}
    actions = stud_actions(cards, ["p2 pb", "p1 cc"], lambda street: ["p1 cc", "p2 cc"])
    hand = replay_hand(history(code, [50, 50], actions, antes=[1] * 2, bring_in=1))
    assert hand.result.changes == (2, -2)
    story = narrate(hand)
    assert ("Misha's hand can win nothing: it goes into the muck" in " ".join(story)) == (code == "F7S"), story
