"""Scenarios of the teaching table from seed 000; stack changes worked out by hand in each test.

Seats: p1 sits on the dealer's left and acts first; the last seat deals (T6, B1).
Ante 1 (T2); bets 1 before the draw, 2 after (T3); a bet and 3 raises (T4).
"""

import pytest

from lowball.text.narration import narrate
from lowball import IllegalAction
from lowball.engine.state import OVER, Hand, deck_for
from lowball.engine.session import Session
from lowball.core.games import load_game_table


def play(stacks, hands, actions, then="", names=None):
    """Deal ``hands`` (T6), play the actions, show down automatically; return the hand."""
    hand = Hand(stacks, deck=deck_for(hands, then=then), names=names)
    hand.advance()
    for action in actions:
        hand.apply(action)
        hand.advance()
    return hand


def test_e1_lena_stands_pat_and_beats_mishas_wheel():
    """E1: both stand pat; Lena's 6-4 no pair beats Misha's straight. Each put in 1 + 1 + 2 = 4."""
    hand = play([13, 13], ["6♣ 4♥ 3♠ 2♦ A♣", "5♠ 4♦ 3♣ 2♥ A♦"],
                ["p1 cbr 1", "p2 cc", "p1 sd", "p2 sd", "p1 cbr 2", "p2 cc"], names=["Lena", "Misha"])
    assert hand.phase == OVER and hand.result.showdown
    assert hand.result.changes == (4, -4)
    assert "Lena wins the pot of 8 with the lowest hand (S1)" in narrate(hand)


def test_e2_the_flush_trap():
    """E2: 7-5-4-3-A suited is a flush and loses to 8-6-4-3-A. Raised once before the draw: 1 + 2 + 2 = 5 each."""
    hand = play([13, 13], ["7s 5s 4s 3s As", "8c 6h 4d 3c Ad"],
                ["p1 cbr 1", "p2 cbr 2", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cbr 2", "p1 cc"])
    assert hand.result.changes == (-5, 5)


THREE = ["Kc Qd Jh 9s 7c", "6c 4h 3s 2d Ac", "8d 7h 5s 4c 2h"]


def test_b2_final_round_opened_by_the_first_rounds_opener():
    """B2: p2 made the first bet, so p2 opens the final round though p1 sits first."""
    hand = play([13] * 3, THREE, ["p1 cc", "p2 cbr 1", "p3 cc", "p1 cc", "p1 sd", "p2 sd", "p3 sd"])
    assert hand.to_act == 1
    assert "p2 opens the final round: p2 opened the first round (B2)" in narrate(hand)


def test_b2_next_player_opens_when_the_opener_folded():
    """B2: p2 opened and later folded; the next active player clockwise, p3, opens."""
    hand = play([13] * 3, THREE, ["p1 cc", "p2 cbr 1", "p3 cbr 2", "p1 cc", "p2 f", "p1 sd", "p3 sd"])
    assert hand.to_act == 2
    assert ("p3 opens the final round because p2, who opened the first round, has folded (B2)"
            in narrate(hand))


def test_b2_the_next_player_opens_past_an_opener_who_is_all_in_and_says_so():
    """B2: p1 opened the first round and is all in after it (a house table that allows a short stack), so the next
    player still able to bet, p2, opens the final round, and the story says p1 is all in, not that he folded."""
    table = load_game_table(overrides={"min_stack": "1"})
    hand = Hand([2, 13, 13], table=table, seed=1).then(["p1 cbr 1", "p2 cbr 2", "p3 cc", "p1 sd", "p2 sd", "p3 sd"])
    assert hand.stacks[0] == 0 and not hand.folded[0] and hand.to_act == 1
    assert "p2 opens the final round because p1, who opened the first round, is all in (B2)" in narrate(hand)
    assert ("последний круг торгов начинает p2: первый круг открыл игрок p1, но он пошёл ва-банк, поэтому начинает "
            "следующий по часовой стрелке (B2)") in narrate(hand, "ru")
    assert "p2 opens the final round because you opened the first round and are all in (B2)" in \
        narrate(hand, you="p1")


def test_b2_next_player_clockwise_wraps_past_the_dealer():
    """B2: p3 (the dealer) opened and folded; clockwise from p3 the next active player is p1."""
    hand = play([13] * 3, THREE, ["p1 cc", "p2 cc", "p3 cbr 1", "p1 cbr 2", "p2 cc", "p3 f", "p1 sd", "p2 sd"])
    assert hand.to_act == 0


def test_b2_checked_through_first_round_is_opened_from_the_dealers_left():
    """B2: everyone checked in round one, so the first active player on the dealer's left opens."""
    hand = play([13] * 3, THREE, ["p1 cc", "p2 cc", "p3 cc", "p1 sd", "p2 sd", "p3 sd"])
    assert hand.to_act == 0
    assert any(line.startswith("p1 opens the final round: everyone checked") for line in narrate(hand))


def test_b1_check_raise_is_allowed():
    """B1: p1 checks, p2 bets, p1 raises. Each puts in 1 + 2 = 3; p2 opened, so p2 checks first after the draw (B2)."""
    hand = play([13, 13], ["6c 4h 3s 2d Ac", "8d 7h 5s 4c 2h"],
                ["p1 cc", "p2 cbr 1", "p1 cbr 2", "p2 cc", "p1 sd", "p2 sd", "p2 cc", "p1 cc"])
    assert hand.result.changes == (3, -3)
    assert "p1 raises to 2: the first raise of 3 allowed (T4)" in narrate(hand)


def snapshot(hand):
    return {k: repr(v) for k, v in vars(hand).items()}


def test_t4_a_fifth_bet_is_refused_in_each_round():
    hand = play([20, 20], ["6c 4h 3s 2d Ac", "8d 7h 5s 4c 2h"],
                ["p1 cbr 1", "p2 cbr 2", "p1 cbr 3", "p2 cbr 4"])
    assert [str(a) for a in hand.legal_actions()] == ["p1 f", "p1 cc"]
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match=r"p1 cbr 5: the round is capped at a bet and 3 raises \(T4\)"):
        hand.apply("p1 cbr 5")
    assert snapshot(hand) == before
    for action in ["p1 cc", "p1 sd", "p2 sd", "p1 cbr 2", "p2 cbr 4", "p1 cbr 6", "p2 cbr 8"]:
        hand.apply(action)
    with pytest.raises(IllegalAction, match=r"p1 cbr 10: the round is capped .*\(T4\)"):
        hand.apply("p1 cbr 10")


def test_t5_both_capped_in_both_rounds_invest_exactly_13():
    """T4, T5: 1 ante + 4 x 1 + 4 x 2 = 13, so a stack of 13 can pay for everything and ends at 0."""
    hand = play([13, 13], ["6c 4h 3s 2d Ac", "8d 7h 5s 4c 2h"],
                ["p1 cbr 1", "p2 cbr 2", "p1 cbr 3", "p2 cbr 4", "p1 cc", "p1 sd", "p2 sd",
                 "p1 cbr 2", "p2 cbr 4", "p1 cbr 6", "p2 cbr 8", "p1 cc"])
    assert hand.invested == (13, 13)
    assert hand.result.finishing_stacks == (26, 0)


def test_s2_odd_chip_to_the_first_winner_left_of_the_dealer():
    """S2: p1 and p3 tie on 6-4-3-2-A; pot = 3 antes + 1 + 1 = 5; p1 (first on the dealer's left) gets 3."""
    hand = play([13] * 3, ["6c 4h 3s 2d Ac", "Kc Qd Jh 9s 7c", "6d 4s 3h 2c Ah"],
                ["p1 cbr 1", "p2 f", "p3 cc", "p1 sd", "p3 sd", "p1 cc", "p3 cc"])
    assert hand.result.changes == (1, -1, 0)
    assert "the odd chip goes to p1, the first winner on the dealer's left (S2)" in narrate(hand)


def test_s2_odd_chip_follows_the_seating_after_the_button_moves():
    """S2, T7: the same two tie again a hand later; now Cat sits first left of the dealer and gets the chip."""
    session = Session(["Ann", "Bob", "Cat"], 13)
    session.button = 0                         # Ann deals: Bob, Cat, Ann from the dealer's left
    seats = session.seating()
    assert seats == ["Bob", "Cat", "Ann"]
    cards = {"Ann": "6c 4h 3s 2d Ac", "Bob": "Kc Qd Jh 9s 7c", "Cat": "6d 4s 3h 2c Ah"}
    hand = session.new_hand(deck=deck_for([cards[name] for name in seats]))
    hand.advance()
    for action in ["p1 cc", "p2 cbr 1", "p3 cc", "p1 f", "p2 sd", "p3 sd", "p2 cc", "p3 cc"]:
        hand.apply(action)
        hand.advance()
    changes = dict(zip(hand.names, hand.result.changes))
    # pot = 3 antes + 1 + 1 = 5: Cat 3 (the odd chip), Ann 2; Bob lost his ante.
    assert changes == {"Bob": -1, "Cat": 1, "Ann": 0}


def test_s1_fold_out_takes_the_pot_at_once_with_no_draw():
    hand = play([13, 13], ["6c 4h 3s 2d Ac", "8d 7h 5s 4c 2h"], ["p1 cbr 1", "p2 f"])
    assert hand.phase == OVER and not hand.result.showdown
    assert hand.result.changes == (1, -1)
    assert not any(a.kind == "sd" for a in hand.actions)
    with pytest.raises(IllegalAction, match="the hand is over"):
        hand.apply("p1 sd")


@pytest.mark.parametrize("winner, loser, why", [
    ("Kh 9d 7c 4s 2h", "Ac 2d 3h 4c 5s", "H2: the wheel is a straight"),
    ("Kc Qd Jh Ts 8c", "Ac Kd Qh Js Tc", "H4: A-K-Q-J-10 is the highest straight"),
    ("Kc Ad 2h 3s 4c", "2c 2d 8h 7s 6c", "H4: K-A-2-3-4 is no straight, so a no-pair hand"),
])
def test_showdowns_decided_by_category(winner, loser, why):
    """The loser in p1's seat, the winner in p2's: both stand pat and check; p2 takes the antes (+1)."""
    hand = play([13, 13], [loser, winner], ["p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc"])
    assert hand.result.changes == (-1, 1), why


def test_d1_discards_are_replaced_from_the_deck_in_order():
    hand = play([13, 13], ["Kc Qd 3s 2d Ac", "8d 7h 5s 4c 2h"], ["p1 cc", "p2 cc", "p1 sd KcQd"], then="6c 4h")
    assert sorted(map(str, hand.hands[0])) == sorted(["3s", "2d", "Ac", "6c", "4h"])
    assert {str(c) for c in hand.discards} == {"Kc", "Qd"}


def test_every_narration_line_exists_in_russian():
    from lowball.text.narration import LINES

    assert set(LINES["en"]) == set(LINES["ru"])
    hand = play([13] * 3, THREE, ["p1 cc", "p2 cbr 1", "p3 cbr 2", "p1 cc", "p2 f", "p1 sd Kc", "p3 sd"],
                then="9h")
    russian = narrate(hand, "ru")
    assert len(russian) == len(narrate(hand, "en"))
    assert ("последний круг торгов начинает p3: первый круг открыл игрок p2, но он уже вне игры, поэтому начинает "
            "следующий по часовой стрелке (B2)") in russian


def test_session_top_up_and_leave():
    """T5: a short stack blocks the deal until topped up; a player may leave; T7: the button moves."""
    session = Session(["Ann", "Bob", "Cat"], 13)
    session.stacks["Bob"] = 10
    with pytest.raises(IllegalAction, match=r"Bob has 10 chips, 3 short of the minimum stack of 13 \(T5\)"):
        session.new_hand()
    session.top_up("Bob", 3)
    hand = session.new_hand()
    hand.advance()
    hand.apply("p1 cbr 1")
    hand.apply("p2 f")
    hand.apply("p3 f")
    session.finish(hand)
    assert session.stacks == {"Ann": 15, "Bob": 12, "Cat": 12}   # Ann: 13 - 1 - 1 + 4
    assert session.seating() == ["Bob", "Cat", "Ann"]      # T7: the button moved to Ann
    session.leave("Bob")
    assert session.seating() == ["Cat", "Ann"]
    with pytest.raises(ValueError, match="no player called 'Dan'"):
        session.top_up("Dan", 5)


def first_clockwise(flags: list[bool], start: int, nobody: int) -> int:
    """B1, B2 as the clauses say it: the first seat at or clockwise after ``start`` whose flag is set (``nobody``
    when none is, or when there is no start)."""
    if start == nobody:
        return nobody
    return next((j for j in [(start + k) % len(flags) for k in range(len(flags))] if flags[j]), nobody)


def test_the_first_seat_clockwise_in_all_three_readings():
    """``betting_round.first_from`` (who opens a round, B1, B2) and ``next_pending`` (who acts next) for two to six
    players, every pattern of seats that can act and every start: the engine's plain reading, the Z3 reading from
    a known seat and the Z3 reading from a symbolic seat (the proofs' later rounds) all say what the clause says."""
    from itertools import product

    import z3

    from lowball.engine.rules import betting_round as br
    from lowball.core.ops import PY, Z3

    def value(term) -> int:
        return term if isinstance(term, int) else z3.simplify(term).as_long()

    symbolic = z3.Int("start")
    for n in range(2, 7):
        for flags in product([False, True], repeat=n):
            terms = [z3.BoolVal(flag) for flag in flags]             # Z3 reads the flags as terms
            from_symbolic = br.first_from(Z3, terms, symbolic)
            for start in [br.NOBODY, *range(n)]:
                want = first_clockwise(list(flags), start, br.NOBODY)
                where = f"{n} seats, can act {flags}, from seat {start}"
                assert br.first_from(PY, list(flags), start) == want, where
                if start < 0:
                    continue
                assert value(br.first_from(Z3, terms, start)) == want, where
                assert value(z3.substitute(from_symbolic, (symbolic, z3.IntVal(start)))) == want, where
                after = first_clockwise(list(flags), (start + 1) % n, br.NOBODY)
                assert br.next_pending(PY, list(flags), start) == after, where
                assert value(br.next_pending(Z3, terms, start)) == after, where


@pytest.mark.parametrize("rule", ["half-bet-reopens", "full-raise-only"])
def test_t4_the_cap_holds_under_either_fixed_limit_rule_for_short_all_ins(rule):
    """T4: three-handed at the teaching table, a bet and three raises of one chip cap the first round, whichever
    fixed-limit rule for short all-ins the table keeps (G3, or P2 as pokerkit plays it): each raise is a full one
    and counts toward the cap."""
    table = load_game_table("teaching-table", overrides={"short_all_in": rule})
    hand = Hand([13] * 3, table=table, deck=deck_for(THREE))
    hand.advance()
    for action in ["p1 cbr 1", "p2 cbr 2", "p3 cbr 3", "p1 cbr 4"]:
        hand.apply(action)
        hand.advance()
    assert hand.cap_count == 4 and [str(a) for a in hand.legal_actions()] == ["p2 f", "p2 cc"]
    with pytest.raises(IllegalAction, match=r"p2 cbr 5: the round is capped at a bet and 3 raises \(T4\)"):
        hand.apply("p2 cbr 5")
