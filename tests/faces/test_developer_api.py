"""The Python API a poker developer meets first: a hand by a table's name, the dealer's steps taken by themselves,
every listed action taken by ``push``, the named actions and their ``can_...``, and text that is no action told
apart from an action the rules refuse (``InvalidAction``, ``IllegalAction``)."""

from __future__ import annotations

import random

import pytest

from lowball.core.cards import parse_cards  # noqa: F401  (repr's Python names it)
from lowball.core.games import builtin_paths, load_game_table
from lowball.engine.actions import Action, Kind
from lowball.engine.fold import copy_of
from lowball.engine.state import OVER, Hand, default_stack
from lowball.errors import ArgumentError, CardError, IllegalAction, InvalidAction, LowballError, RulesError

GAMES = sorted(builtin_paths())


def position(hand: Hand) -> tuple:
    """Return what a hand is: its actions, stacks, pot and cards (equal positions, equal hands)."""
    return ([str(a) for a in hand.actions], list(hand.stacks), hand.pot, [list(h) for h in hand.hands], hand.phase)


def random_hand(game: str, seed: int, deal_by_hand: bool) -> Hand:
    table = load_game_table(game)
    players = random.Random(seed).choice(table.player_counts)
    return Hand(game, players=players, seed=seed, narrate=False, deal_by_hand=deal_by_hand)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("deal_by_hand", [False, True], ids=["dealt-by-itself", "dealt-by-hand"])
def test_push_takes_every_action_that_legal_actions_lists_at_every_step(game, deal_by_hand):
    """Issue 39: a fresh hand listed "d dh p1 ..." and ``push`` refused it. At every step of random hands, each listed
    action (a few of them where many are listed) is pushed on a copy and taken; a hand that deals by itself always has
    a player to act until it is over."""
    rng = random.Random(game)
    for seed in range(3):
        hand = random_hand(game, seed, deal_by_hand)
        steps = 0
        while hand.phase != OVER:
            if not deal_by_hand:
                assert hand.to_act is not None, f"{game}: the dealer's step waits in a hand that deals by itself"
            listed = hand.legal_actions()
            assert listed, f"{game}: nothing listed, and the hand is not over"
            for action in rng.sample(listed, min(4, len(listed))):
                twin = copy_of(hand)
                twin.push(action)
                assert twin.actions[len(hand.actions)] == action, f"{game}: {action} was listed, not taken"
            hand.push(rng.choice(listed))
            steps += 1
            assert steps < 2_000, f"{game}: the hand does not end"


def test_a_hand_by_a_tables_name_seats_its_players_with_the_tables_starting_stack():
    razz = load_game_table("razz")
    hand = Hand("razz", players=3)
    assert hand.table.name == razz.name and hand.starting_stacks == (default_stack(razz),) * 3
    assert Hand(table="razz", players=3).starting_stacks == hand.starting_stacks
    assert Hand([50, 60], table="razz").starting_stacks == (50, 60)
    assert Hand(razz, players=2).table is razz
    assert Hand("teaching-table").starting_stacks == (13, 13)              # the table's fewest players (T1), T5
    with pytest.raises(IllegalAction, match=r"a hand needs 2 to 5 players \(T1\); got 6"):
        Hand("teaching-table", players=6)
    with pytest.raises(RulesError, match="no-such-game"):
        Hand("no-such-game")
    with pytest.raises(ArgumentError, match="players: 3 players, but 2 stacks"):
        Hand([13, 13], players=3)
    with pytest.raises(ArgumentError, match="table: given twice"):
        Hand("razz", table="razz")


def test_the_default_seed_deals_the_same_cards_and_another_seed_others():
    """The docs say so: seed 0, the default, deals the same cards every time; each seed its own."""
    assert Hand("teaching-table").hands == Hand("teaching-table").hands
    assert len({str(Hand("teaching-table", seed=seed).hands) for seed in range(5)}) == 5


def test_text_that_is_no_action_is_invalid_and_an_action_the_rules_refuse_is_illegal():
    hand = Hand("teaching-table")
    before = position(hand)
    for text in ["p1 raise 2", "p1 cbr two", "p1 sd KdKd", "", "x"]:
        with pytest.raises(InvalidAction) as info:
            hand.push(text)
        assert not isinstance(info.value, IllegalAction) and isinstance(info.value, LowballError)
    with pytest.raises(InvalidAction, match="amount must be a whole number"):
        hand.push(Action(Kind.BET_OR_RAISE, 0, amount=1.5))
    for text, rule in [("p2 cc", r"out of turn.*\(B1\)"), ("p1 cbr 5", r"\(T3"), ("p9 cc", "no player p9")]:
        with pytest.raises(IllegalAction, match=rule) as info:
            hand.push(text)
        assert not isinstance(info.value, InvalidAction)
    assert position(hand) == before


def test_each_named_action_is_its_phh_action_and_its_can_agrees_with_legal_actions():
    """At every step of random hands at every table, a named action is allowed exactly when its PHH action is
    listed, and taking it pushes that action; a refused one raises ``IllegalAction`` naming the rule and changes
    nothing."""
    rng = random.Random(39)
    for game in GAMES:
        hand = random_hand(game, 1, False)
        while hand.phase != OVER:
            listed = {str(a) for a in hand.legal_actions()}
            seat = hand.to_act
            named = {"fold": Action(Kind.FOLD, seat), "check_or_call": Action(Kind.CHECK_OR_CALL, seat),
                     "stand_pat": Action(Kind.DISCARD, seat), "bring_in": Action(Kind.BRING_IN, seat)}
            for name, action in named.items():
                can = getattr(hand, f"can_{name}")()
                assert bool(can) == (str(action) in listed), f"{game}: can_{name}() is {bool(can)}; listed {listed}"
                before = position(hand)
                twin = copy_of(hand)
                if can:
                    getattr(twin, name)()
                    assert str(twin.actions[len(hand.actions)]) == str(action)
                else:
                    assert can.why() and can.why("ru") != can.why(), f"{game}: {name}: no reason in both languages"
                    with pytest.raises(IllegalAction):
                        getattr(twin, name)()
                    assert position(twin) == before
            least = hand.raise_range()
            if least is not None:
                twin = copy_of(hand)
                twin.bet_or_raise(least[0])
                assert str(twin.actions[len(hand.actions)]) == f"p{seat + 1} cbr {least[0]}"
                assert not hand.can_bet_or_raise(least[1] + 1)
            hand.push(rng.choice(hand.legal_actions()))


def test_discard_and_complete_by_name():
    hand = Hand("teaching-table")
    hand.check_or_call(); hand.check_or_call()
    kept = hand.hands[0][2:]
    hand.discard(" ".join(map(str, hand.hands[0][:2])))
    assert hand.hands[0][:3] == kept and len(hand.hands[0]) == 5
    with pytest.raises(CardError, match="unknown rank 'Z'"):            # card text that is no card
        hand.discard("Zz")
    theirs = hand.can_discard(str(hand.hands[0][0]))                     # p2 to draw, throwing p1's card
    assert not theirs and "p2 does not hold" in theirs.why() and theirs.refusal is not None
    razz = Hand("razz", players=2, seed=3)
    assert razz.can_bring_in() and razz.can_complete()
    razz.complete()
    assert razz.actions[-1].kind == Kind.BET_OR_RAISE


def test_a_hand_dealt_by_hand_waits_for_the_dealer_and_says_so():
    hand = Hand("teaching-table", deal_by_hand=True)
    assert hand.to_act is None and str(hand.legal_actions()[0]).startswith("d dh p1 ")
    can = hand.can_check_or_call()
    assert not can and "dealer's step comes first" in can.why() and "сдающего" in can.why("ru")
    hand.push(hand.legal_actions()[0])
    assert hand.to_act is None                              # p2's deal is the dealer's too
    hand.advance()
    assert hand.can_check_or_call()


@pytest.mark.parametrize("deal_by_hand", [False, True])
def test_repr_rebuilds_the_hand_and_pop_undoes_the_last_decision(deal_by_hand):
    hand = random_hand("deuce-to-seven-triple-draw", 4, deal_by_hand)
    rng = random.Random(4)
    positions = []
    while hand.phase != OVER:
        positions.append((position(hand), hand.to_act is not None))
        hand.push(rng.choice(hand.legal_actions()))
        copy = eval(repr(hand))
        assert position(copy) == position(hand) and copy.deal_by_hand == hand.deal_by_hand
    while positions:
        before, decided = positions.pop()
        if decided:
            hand.pop()
            assert position(hand) == before, "pop did not undo the last decision and the dealer's steps after it"
    with pytest.raises(IllegalAction, match="nothing to undo"):
        hand.pop()
