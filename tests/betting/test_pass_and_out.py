"""Pass and out (F5) when a bet cannot be made: the player checks or calls, and is never made to drop (G6).

Before the draw at California lowball a player must bet or drop: he may not check, nor call the posts. But a
bet needs someone who can call it. Facing two all-in posts, a player with chips had only "fold" (``p2 f``); on
a street where checking is off, with every other player all in, the one player with chips had to fold the side
pot he alone could win, and those chips went to nobody. Where he cannot bet (nobody could call, or he has only
the call), he checks or calls instead; where he can, pass and out stands.
"""

from __future__ import annotations

import pytest

from lowball.core.games import load_game_table, table_from_text
from lowball.engine.state import OVER, Hand, deck_for
from lowball.errors import IllegalAction
from tests.support.california import EIGHT_SIX, SEVEN_FIVE, play

GAME = load_game_table("california-lowball")


def california(stacks) -> Hand:
    hand = Hand(stacks, table=GAME, deck=deck_for([SEVEN_FIVE, EIGHT_SIX, "Kc Qd Jh 9s 9c"], cards=GAME.deck_cards))
    hand.advance()
    return hand


def test_facing_two_all_in_posts_a_player_may_call():
    """F4, F5, G6: the dealer p3 and p1 each post their last chip; p2 cannot bet (nobody could call it), so he
    calls 1 (or folds); the hand goes on to the draw, the posters all in."""
    hand = california([1, 10, 1])
    assert [str(a) for a in hand.legal_actions()] == ["p2 f", "p2 cc"]
    play(hand, ["p2 cc"])
    assert hand.phase != OVER and hand.stacks == (0, 9, 0) and hand.pot == 3


def test_where_a_bet_can_be_made_pass_and_out_stands():
    """F5: with one poster able to call, p2 still bets 2 or drops."""
    hand = california([1, 10, 2])
    assert [str(a) for a in hand.legal_actions()] == ["p2 f", "p2 cbr 2"]
    with pytest.raises(IllegalAction, match=r"must bet or drop; checking is not allowed \(F5\)"):
        hand.apply("p2 cc")


def test_a_player_left_alone_with_chips_on_a_no_check_street_checks_and_keeps_his_side_pot():
    """F5, G6: a house razz whose fifth street allows no check. Third street: p3 (the jack showing) brings it in
    for 1, p1 completes to 2, p2 calls, p3 calls his last chip (3 = ante + 2). Fourth street: p1 bets 2, p2
    calls: a side pot of 4 that only they can win. Fifth street: p1 must bet or drop, and drops; p2 cannot bet
    against nobody, so he may not drop his side pot: he checks, and no chip goes to nobody."""
    streets = [("deal", "down = 2\nup = 1"), ("bet", "size = 'small'\nopener = 'bring-in'"),
               ("deal", "up = 1"), ("bet", "size = 'small'\nopener = 'dealer-left'"),
               ("deal", "up = 1"), ("bet", "size = 'big'\nopener = 'dealer-left'\ncheck = false"),
               ("deal", "down = 1"), ("bet", "size = 'big'\nopener = 'dealer-left'")]
    text = 'extends = "razz"\nname = "house"\n' + "".join(
        f"[[streets]]\nkind = '{kind}'\n{keys}\nclause = 'R3'\n" for kind, keys in streets)
    table = table_from_text(text)
    cards = ["2c 3c 4c 5c 6c 7c", "2d 3d 4d 5d 6d 7d", "Kh Qh Jh Th 9h 8h"]
    hand = Hand([30, 30, 3], table=table, deck=deck_for(cards))
    hand.advance()
    play(hand, ["p3 pb", "p1 cbr 2", "p2 cc", "p3 cc", "p1 cbr 2", "p2 cc"])
    assert hand.stacks == (25, 25, 0) and [str(a) for a in hand.legal_actions()] == ["p1 f", "p1 cbr 4"]
    play(hand, ["p1 f"])
    assert [str(a) for a in hand.legal_actions()] == ["p2 cc"]
    with pytest.raises(IllegalAction, match=r"p2 f: facing no bet a player may check or bet, not fold"):
        hand.apply("p2 f")
    play(hand, ["p2 cc"])
    assert hand.phase == OVER
    # The main pot (3 antes + 3 x 2 = 9) to the best razz hand: p2's 6-5-4-3-2 ... beats p3's; the side pot of 4
    # to p2, the only player left in it.
    assert hand.result.finishing_stacks == (25, 25 + 9 + 4, 0)


def test_no_betting_round_for_the_one_player_with_chips_when_the_rest_are_all_in_or_folded():
    """G6, S1: p3 goes all in, p1 folds, p2 calls with chips to spare. After the draw p2 has nobody to bet
    against (p3 is all in, p1 folded: a folded hand covers no bet), so there is no final betting round: the hands
    go straight to the showdown."""
    table = load_game_table("deuce-to-seven-single-draw")
    hand = Hand([100, 100, 30], table=table, deck=deck_for(["Kc Qd Jh 9s 8h", "8c 7d 4h 3s 2c", "7h 5c 4d Ks Kd"]))
    hand.advance()
    for action in ["p3 cbr 30", "p1 f", "p2 cc", "p2 sd", "p3 sd KsKd"]:
        hand.apply(action)
        hand.advance()
    assert hand.phase == OVER and hand.result.showdown
    assert not any(str(a).startswith("p2 c") for a in hand.actions[-4:]), [str(a) for a in hand.actions]
