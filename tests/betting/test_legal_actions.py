"""What ``legal_actions`` lists is exactly what ``apply`` (and so ``replay``) accepts.

The list is read as its docstring says: a bet in a range is listed by its two ends and every amount between is
legal (pot-limit, no-limit); cards may come in any order, a show may add the community card or name no card
(``sm -``); in a replayed hand the dealer's cards are the history's to name. Found: an all-in player could
show his cards while an opponent was still to act (S1), and a hand dealt from a known stub accepted any unseen
cards for a deal. ``table_support.check_listing`` checks the whole contract at every step of every hand the
fuzz suite plays; here at each built-in table, and the cases found.
"""

from __future__ import annotations

import pytest

from lowball.core.games import builtin_paths, load_game_table
from lowball.engine.state import SHOWDOWN, Hand, HandState, deck_for
from lowball.errors import IllegalAction
from lowball.phh.history import replay_hand, to_phh
from lowball.text.narration import narrate
from tests.support.table import play_checked

NO_LIMIT = load_game_table("deuce-to-seven-single-draw")
HANDS = ["7c 5d 4h 3s 2c", "Kc Qd Jh 9s 8h"]


def big_blind_all_in() -> Hand:
    """Heads-up no-limit: p1's big blind of 2 is all his chips; p2, the dealer, is still to act (K3)."""
    hand = Hand([NO_LIMIT.blinds[1], 50], table=NO_LIMIT, deck=deck_for(HANDS), deal_by_hand=True)
    hand.advance()
    return hand


def test_an_all_in_player_shows_only_once_nobody_is_left_to_act():
    """S1: with p2 still to act, p1's show is not listed and is refused, by ``apply`` and in a history."""
    hand = big_blind_all_in()
    assert hand.stacks[0] == 0 and hand.to_act == 1
    assert all(action.kind != "sm" for action in hand.legal_actions())
    with pytest.raises(IllegalAction, match=r"p1 sm 7c5d4h3s2c: cards are shown at the showdown \(K1\)"):
        hand.apply(f"p1 sm {HANDS[0].replace(' ', '')}")
    hand.apply("p2 cc")
    history = to_phh(hand).replace('"p2 cc",', f'"p1 sm {HANDS[0].replace(" ", "")}",\n  "p2 cc",')
    with pytest.raises(IllegalAction, match=r"action 3 'p1 sm 7c5d4h3s2c': cards are shown at the showdown"):
        replay_hand(history, NO_LIMIT)


def test_a_hand_dealt_from_a_known_stub_deals_the_stubs_next_cards():
    """T6: the dealer deals the top of the stub; other unseen cards are refused (a history names its own)."""
    hand = Hand([50, 50], table=NO_LIMIT, deck=deck_for(HANDS), deal_by_hand=True)
    (deal,) = hand.legal_actions()
    assert str(deal) == f"d dh p1 {HANDS[0].replace(' ', '')}"
    with pytest.raises(IllegalAction, match=rf"d dh p1 AsAhAdAcKs: the dealer deals the stub's next cards, "
                                            rf"{HANDS[0]} \(K2\)"):
        hand.apply("d dh p1 AsAhAdAcKs")
    hand.apply(deal)


def test_a_player_who_has_shown_shows_no_more():
    """S1: at the showdown each player still in shows once, or mucks; a second show is not listed, and refused."""
    hand = big_blind_all_in()
    hand.apply("p2 cc")
    while hand.phase != SHOWDOWN:
        hand.apply(hand.legal_actions()[0])
    first = hand.legal_actions()[0]
    assert [a.kind for a in hand.legal_actions()] == ["sm", "sm", "sm", "sm"]     # two shows, two mucks
    assert [(a.seat, a.muck, a.cards) for a in hand.legal_actions()] == [
        (0, False, tuple(hand.hands[0])), (1, False, tuple(hand.hands[1])), (0, True, ()), (1, True, ())]
    hand.apply(first)
    assert first not in hand.legal_actions()
    with pytest.raises(IllegalAction, match=r"p1 has shown already"):
        hand.apply(first)
    hand.apply(hand.legal_actions()[-1])                # p2's listed muck gives the hand up: p1 wins 2 + 2 (K1)
    assert hand.result.changes == (2, -2) and "p2 mucks and gives up the pot (K1)" in narrate(hand)


@pytest.mark.parametrize("game", list(builtin_paths()))
def test_every_step_of_every_built_in_game_lists_exactly_what_it_accepts(game):
    """Random and sound bots, short and deep stacks: at every step the candidates ``apply`` accepts are the
    listed ones (``table_support.check_listing``), dealer and showdown steps included."""
    table = load_game_table(game)
    size = max(table.bet_sizes)
    for seed in range(3):
        stacks = [max(table.min_stack, [2, 5 * size, 40 * size][(seed + seat) % 3]) for seat in range(4)]
        play_checked(table, stacks[:max(table.players_min, min(table.players_max, 3 + seed % 2))], seed=seed)


@pytest.mark.parametrize("game, stack, accepted", [
    # G4: facing the big blind of 2, a raise goes to at least 4 (a raise of the big blind) and at most all in.
    ("deuce-to-seven-single-draw", 100, set(range(4, 101))),
    # G5: at most the pot after the call: 3 in the pot, 2 to call, so a raise to 2 + 5 = 7.
    ("deuce-to-seven-single-draw-pot-limit", 100, set(range(4, 8))),
    # G4, G6: three chips cannot reach a full raise; all in for less is still a raise (to 3), nothing else.
    ("deuce-to-seven-single-draw", 3, {3}),
])
def test_every_raise_amount_is_judged_by_the_rule_not_by_the_listed_ends(game, stack, accepted):
    """Three-handed, p3 first to act facing the blinds of 1 and 2. Each amount from 0 to one over the stack is
    tried on a fresh hand whose actions were never listed (so ``legal_raise`` judges it, not the two ends
    ``legal_actions`` lists): the amounts the clauses allow are accepted, every other one refused."""
    table = load_game_table(game)
    taken = set()
    for amount in range(0, stack + 2):
        hand = Hand([100, 100, stack], table=table, seed=1)
        hand.advance()
        try:
            hand.apply(f"p3 cbr {amount}")
        except IllegalAction:
            continue
        taken.add(amount)
        assert hand.stacks[2] == stack - amount
    assert taken == accepted, f"accepted {sorted(taken - accepted)} wrongly, refused {sorted(accepted - taken)}"


# ---- the shortcut for an action the engine listed itself ----

def _three_handed() -> Hand:
    """Three-handed at the single-draw limit table: the blinds are posted and p3 is first to act (K3)."""
    hand = Hand([100, 100, 100], table=load_game_table("deuce-to-seven-single-draw-limit"), seed=1)
    hand.advance()
    assert hand.to_act == 2
    return hand


def test_an_action_listed_for_an_earlier_state_is_checked_again():
    """K3: ``apply`` takes an action ``legal_actions`` built without checking it only for the state it was built
    for. p3's call, listed and applied, applied again once it is p1's turn is refused as out of turn, and the hand
    is left as it was."""
    hand = _three_handed()
    call = next(action for action in hand.legal_actions() if action.kind == "cc")
    hand.apply(call)
    before = repr(hand)
    with pytest.raises(IllegalAction, match=r"p3 cc: out of turn: it is p1's turn, not p3's \(K3\)"):
        hand.apply(call)
    assert repr(hand) == before and hand.to_act == 0


def test_a_listed_action_is_not_checked_again_and_an_equal_one_built_elsewhere_is(monkeypatch):
    """``Hand.apply``'s shortcut is taken: the very action ``legal_actions`` listed for this state goes straight
    to the phase, while an equal action parsed from text is checked as usual (the check is counted)."""
    checks = []
    real = HandState.refusal
    monkeypatch.setattr(HandState, "refusal", lambda self, action: checks.append(str(action)) or real(self, action))
    listed = _three_handed()
    listed.apply(next(action for action in listed.legal_actions() if action.kind == "cc"))
    assert checks == []
    typed = _three_handed()
    typed.legal_actions()
    typed.apply("p3 cc")
    assert checks == ["p3 cc"] and repr(typed) == repr(listed)
