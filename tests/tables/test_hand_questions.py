"""What a hand answers about itself (``HandState``'s questions, read through ``Hand``), each checked against what
then happens in play, not against its own formula: what a call costs is what the caller's stack loses, the level is
the bet just made, the next cards are the ones dealt, a seat that cannot act is never asked to (B1, S1, T6, G6).
"""

from __future__ import annotations

import random

import pytest

from lowball.core.games import load_game_table
from lowball.engine.state import BET, OVER, Hand
from lowball.errors import ArgumentError

TABLES = ["teaching-table", "deuce-to-seven-triple-draw", "stud-high-low", "five-card-draw-no-limit",
          "california-lowball", "razz"]


def random_play(name: str, seed: int):
    """Yield a hand before each decision of a random hand with short stacks (all-ins happen), and the action."""
    table = load_game_table(name)
    rng = random.Random(seed)
    players = rng.choice(table.player_counts)
    least = table.min_stack or 1
    stacks = [max(least, rng.choice([3, 8, 40]) * max(table.small_bet, table.big_bet, 1)) for _ in range(players)]
    hand = Hand(stacks, table=table, seed=seed)
    while hand.phase != OVER:
        legal = hand.legal_actions()
        action = rng.choice([a for a in legal if a.kind != "f"] or legal)
        yield hand, action
        hand.push(action)


@pytest.mark.parametrize("name", TABLES)
def test_what_a_hand_says_before_each_decision_is_what_the_decision_then_does(name):
    """B1, S1, G6: before every decision of random hands, at every seat: a seat may act only if in the hand with
    chips behind, and the player to act may; a call costs what ``owed`` says (or all the caller's chips); after a
    bet or raise the level is its amount; the seats owing an action include the player to act; the bets counted
    toward the cap never fall within a round; at least two players are in a hand whose betting is over for good
    only when at most one has chips."""
    for seed in range(4):
        counted = None                       # (round, bets counted toward its cap) at the last decision
        for hand, action in random_play(name, seed):
            seat = hand.to_act
            for other in range(hand.n):
                assert hand.can_act(other) == (not hand.folded[other] and hand.stacks[other] > 0)
            with_chips = [s for s in hand.contenders if hand.stacks[s] > 0]
            assert hand.runout == (len(with_chips) <= 1 and len(hand.contenders) > 1)
            if hand.phase == "draw":                   # the draw's number: the draws before it (D1, K8)
                assert hand.current.number == len(hand.stub.discards) - 1 == sum(
                    1 for street in hand.table.streets[:hand.street_index] if street.kind.value == "draw")
            if hand.phase != BET:
                assert hand.level == 0 and hand.cap_count == 0 and hand.pending == set() and hand.owed(0) == 0
                counted = None
                continue
            assert hand.can_act(seat) and seat in hand.pending and hand.player_to_act
            assert counted is None or counted[0] != hand.round or hand.cap_count >= counted[1]
            counted = hand.round, hand.cap_count
            owed, behind, put = hand.owed(seat), hand.stacks[seat], hand.invested[seat]
            hand.push(action)
            if action.kind == "cc":
                assert hand.invested[seat] - put == min(owed, behind), f"{name}: {action} cost"
            if action.kind == "cbr" and hand.phase == BET and hand.round == hand.state.current.number:
                assert hand.level == action.amount
            hand.pop()


@pytest.mark.parametrize("seat", [-1, 3, True, "1", 1.0, None])
def test_a_seat_that_is_not_one_is_refused_by_every_question_that_takes_one(seat):
    """Every question that takes a seat refuses one that is not a seat of the hand, naming the call."""
    hand = Hand("teaching-table", players=3, seed=2)
    for question in (hand.can_act, hand.owed, hand.fully_shown, hand.check_seat):
        with pytest.raises(ArgumentError, match=r"seat: expected a seat from 0 to 2"):
            question(seat)
    assert hand.check_seat(2) == 2


def test_the_deck_is_what_is_dealt_next_and_the_discards_are_what_was_thrown():
    """T6, D1: a hand dealt by hand deals the deck's top cards one at a time from the dealer's left, nothing dealt
    before the first deal; a discard is set aside, in the order thrown."""
    hand = Hand("teaching-table", players=2, seed=4, deal_by_hand=True)
    assert hand.dealt_nothing_yet and hand.round == 0 and not hand.player_to_act
    top = hand.deck[:10]
    hand.push(hand.legal_actions()[0])                  # p1's cards: the deal has begun
    assert not hand.dealt_nothing_yet and hand.hands[1] == ()
    hand.advance()
    assert not hand.dealt_nothing_yet and list(hand.hands[0]) == top[0::2] and list(hand.hands[1]) == top[1::2]
    assert hand.deck[:3] == hand.next_cards(3)
    hand.then(["p1 cc", "p2 cc"])
    thrown = [hand.hands[0][4], hand.hands[0][1]]
    hand.push(f"p1 sd {thrown[0]}{thrown[1]}")
    assert hand.discards == thrown and hand.round == 1


def test_the_pot_is_built_from_each_seats_chips_and_the_dead_antes():
    """V3, V9: the pot is each seat's live chips and the dead antes together; at the showdown every player still in
    has shown every card, and each half of a split pot is read by its own system (L2)."""
    hand = Hand("stud-high-low", players=3, seed=5)
    live, dead = hand.pot_chips()
    assert sum(live) + dead == hand.pot and dead == sum(hand.dead) > 0
    while hand.phase != OVER:
        hand.push(next(a for a in hand.legal_actions() if a.kind in ("cc", "pb", "sd")))
    assert all(hand.fully_shown(seat) for seat in hand.contenders)
    assert hand.system_of("high").key == "high" and hand.system_of("low").key != "high"
    with pytest.raises(ArgumentError, match="half"):
        hand.system_of("middle")


def test_a_discard_out_of_its_draw_is_refused_for_the_reason_that_holds_then():
    """B2, D1: before the draw a discard waits for it; after the only draw there is no second; after the last of
    three there is none left; once the hand is paid, the pot is empty (S3)."""
    single = Hand("teaching-table", players=2, seed=3)
    assert single.refusal(single.legal_actions()[0]._replace(kind="sd")).key == "draw-after-betting"
    single.then(["p1 cc", "p2 cc", "p1 sd", "p2 sd"])
    assert single.phase == BET and single.refusal(single.legal_actions()[0]._replace(kind="sd")).key == "no-second-draw"
    triple = Hand("deuce-to-seven-triple-draw", players=2, seed=3)
    while not (triple.phase == BET and triple.round == 3):
        triple.push(next(a for a in triple.legal_actions() if a.kind in ("cc", "sd")))
    assert triple.refusal(triple.legal_actions()[0]._replace(kind="sd")).key == "no-draw-left"
    while triple.phase != OVER:
        triple.push(next(a for a in triple.legal_actions() if a.kind == "cc"))
    assert triple.pot == 0 and sum(triple.stacks) == sum(triple.starting_stacks)


def test_a_hand_dealt_by_hand_says_when_the_hands_are_shown_before_the_last_deals():
    """G6: heads-up, both all in on third street: dealt by hand, the hand waits at an early show (the hands turned
    face up before the last deals), and once both have shown it deals the next street and the show is over."""
    hand = Hand([4, 4], table=load_game_table("stud-high-low"), seed=2, deal_by_hand=True)
    while not hand.early_show:
        legal = hand.legal_actions()
        raises = [a for a in legal if a.kind == "cbr"]
        hand.push(max(raises, key=lambda a: a.amount) if raises else
                  next(a for a in legal if a.kind != "f" and not a.muck))
        assert hand.phase != OVER
    assert hand.phase == "showdown" and all(hand.stacks[seat] == 0 for seat in range(2))
    while hand.phase == "showdown":
        hand.push(next(a for a in hand.legal_actions() if not a.muck))
    assert not hand.early_show and hand.phase == "deal" and [len(c) for c in hand.hands] == [3, 3]


def test_the_betting_is_over_for_good_while_an_all_in_player_still_draws():
    """G6, D1: heads-up, one player all in before the first draw: both still draw, and the hand says the betting is
    over for good; at a stud table, with no draw at all, a discard is refused because none is left (B2)."""
    hand = Hand([2, 40], table=load_game_table("deuce-to-seven-triple-draw"), seed=1)
    while hand.phase != "draw":
        legal = hand.legal_actions()
        raises = [a for a in legal if a.kind == "cbr"]
        hand.push(max(raises, key=lambda a: a.amount) if raises else next(a for a in legal if a.kind == "cc"))
    assert hand.stacks[0] == 0 and hand.runout and hand.player_to_act
    razz = Hand("razz", players=3, seed=1)
    assert razz.refusal(razz.legal_actions()[0]._replace(kind="sd", amount=None, cards=())).key == "no-draw-left"
