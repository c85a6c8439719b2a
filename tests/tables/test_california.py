"""California lowball (seed 004): posts that set the limit, pass and out, no check-raise, the sevens rule, dead hands.

Clauses F1-F9 of the rules digest, parts B and D. Every stack change below is worked out by hand in the docstring.
Seats: p1 sits on the dealer's left; the last seat deals and posts first (F4).
"""

from __future__ import annotations

import pytest

from lowball import IllegalAction
from lowball.core.games import load_game_table, table_from_text
from lowball.engine.state import OVER, Hand, deck_for
from lowball.phh.history import replay_hand, to_phh
from lowball.text.narration import narrate
from tests.support.california import EIGHT_SIX, SEVEN_FIVE, hand_at, play  # noqa: F401

GAME = "california-lowball"


def test_f4_the_posts_set_the_limit_and_the_first_to_act_sits_left_of_the_last_post():
    """F4: three players, posts 1 + 1 (limit 2): the dealer p3 and p1 post; p2 acts first. F5: pass and out:
    p2 may bet 2 or fold, not check and not call the posts."""
    hand = hand_at(GAME, [40] * 3, [SEVEN_FIVE, EIGHT_SIX, "Kc Qd Jh 9s 9c"])
    assert hand.table.small_bet == 2 and hand.table.big_bet == 4      # F4: 1 + 1, doubled after the draw
    assert hand.stacks == (39, 40, 39) and hand.to_act == 1
    assert [str(a) for a in hand.legal_actions()] == ["p2 f", "p2 cbr 2"]
    with pytest.raises(IllegalAction, match=r"must bet or drop; checking is not allowed \(F5\)"):
        hand.apply("p2 cc")


def test_f4_posts_count_toward_calls():
    """F4: p2 bets 2; the posters p3 and p1 call 1 more each. Everyone has 2 in: the pot is 6."""
    hand = play(hand_at(GAME, [40] * 3, [SEVEN_FIVE, EIGHT_SIX, "Kc Qd Jh 9s 9c"]), ["p2 cbr 2", "p3 cc", "p1 cc"])
    assert hand.pot == 6 and hand.stacks == (38, 38, 38)


def test_f6_a_player_who_checked_may_call_but_not_raise_after_the_draw():
    """F6: after the draw p1 checks, p2 bets 4; p1 may fold or call, not raise."""
    hand = play(hand_at(GAME, [40] * 2, [SEVEN_FIVE, EIGHT_SIX]), ["p2 cbr 2", "p1 cc", "p1 sd", "p2 sd", "p1 cc",
                                                                    "p2 cbr 4"])
    assert [a.kind for a in hand.legal_actions()] == ["f", "cc"]
    with pytest.raises(IllegalAction, match=r"a player who checked may only call in this round \(F6\)"):
        hand.apply("p1 cbr 8")


# Heads-up, posts 1 + 1: the dealer p2 and p1 post; p2 (left of the last post, p1) bets 2, p1 calls; both stand
# pat; after the draw p1 checks a seven-low, p2 bets 4, p1 calls. Each put in 2 + 4 = 6; the pot is 12; p1's
# 7-5-4-2-A beats p2's 8-6-4-3-2 (F1). The pot when p1 checked was 4.
SEVENS_HAND = ["p2 cbr 2", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cbr 4", "p1 cc"]


@pytest.mark.parametrize("rule, changes, wins, why", [
    ("off", (6, -6), ["p1 wins the pot of 12 with the lowest hand (F1)"], "no rule: p1 wins the pot of 12"),
    ("seed-004", (2, -2), ["p1 wins the pot of 4 with the lowest hand (F1)"],
     "seed 004: p2 takes the 4 back, p1's call of 4 goes back to p1; p1 wins the 4 at the check"),
    ("rrp", (-2, 2),
     ["p1 wins the pot of 4 with the lowest hand (F1)", "p2 wins the pot of 8 as the best other hand (F7)"],
     "RRP: p1 wins only the 4 at the check; the 8 put in after it goes to the other hand, p2's"),
    ("whole-pot", (-6, 6), ["p2 wins the pot of 12 as the best other hand (F7)"],
     "some clubs: the checker forfeits the whole pot to the other hand"),
])
def test_f7_the_sevens_rule_in_each_of_its_settings(rule, changes, wins, why):
    """F7 in each source's setting: the stacks, and who is told to win what and by which clause (the chips the rule
    keeps from the checker go to the best other hand by F7, the rest by the showdown's F1)."""
    hand = play(hand_at(GAME, [40, 40], [SEVEN_FIVE, EIGHT_SIX], overrides={"showdown.sevens_rule": rule}),
                SEVENS_HAND)
    assert hand.phase == OVER and hand.result.changes == changes, why
    assert sum(hand.result.finishing_stacks) == 80                   # every chip goes somewhere (S3)
    assert [line for line in narrate(hand) if " wins the pot" in line] == wins, why
    told = [line for line in narrate(hand) if line.startswith("the sevens rule: p1 checked a seven or better")]
    assert len(told) == (rule != "off") and all(line.endswith("(F7)") for line in told)


NO_POSTS = """extends = "california-lowball-sevens-rule"
name = "california-no-posts"
small_bet = 2
big_bet = 4
[forced]
posts = []
[[change_streets]]
at = 1
opener = "dealer-left"
check = true
"""


@pytest.mark.parametrize("rule, changes", [("seed-004", (0, 0)), ("rrp", (-4, 4))])
def test_f7_at_a_house_without_posts_every_chip_came_after_the_check(rule, changes):
    """F7 at a house table with no forced bets: both check before the draw and stand pat, p1 checks a seven-low,
    p2 bets 4 and p1 calls. The pot was empty at the check, so all 8 chips came after it: seed 004 gives them back
    (nobody wins or loses), RRP gives them to the other hand, p2's (p1 -4, p2 +4)."""
    table = table_from_text(NO_POSTS + f'[showdown]\nsevens_rule = "{rule}"\n')
    hand = play(hand_at(table, [40, 40], [SEVEN_FIVE, EIGHT_SIX]), ["p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc",
                                                                     "p2 cbr 4", "p1 cc"])
    assert hand.phase == OVER and hand.result.changes == changes
    assert any(line.startswith("the sevens rule: p1 checked a seven or better") for line in narrate(hand))


def test_f7_a_checked_seven_that_loses_loses_as_usual():
    """F7 (seed 004): p1 checks an eight-six (not a seven): no rule; and a checked seven that loses pays as usual:
    here p2 holds the seven, p1 the eight; p2 checks... p1 bets, p2 calls: p2 wins 12 and the rule does nothing."""
    hand = play(hand_at("california-lowball-sevens-rule", [40, 40], [EIGHT_SIX, SEVEN_FIVE]),
                ["p2 cbr 2", "p1 cc", "p1 sd", "p2 sd", "p1 cbr 4", "p2 cc"])
    assert hand.result.changes == (-6, 6)


def test_f9_a_hand_served_the_wrong_number_of_cards_is_dead_on_replay():
    """F9: p1 discards two and the history deals him one: his hand of four cards is dead, and p2, the only hand
    left, takes the pot (each put in 2) without a showdown."""
    hand = play(hand_at(GAME, [40, 40], [SEVEN_FIVE, EIGHT_SIX], then="3h 9h 9d"), ["p2 cbr 2", "p1 cc"])
    text = to_phh(hand).replace("actions = [", "actions = [\n").rstrip("\n")
    lines = text.splitlines()
    at = lines.index('  "p1 cc",')
    lines[at + 1:at + 1] = ['  "p1 sd 7c5d",', '  "d dh p1 3h",']
    replayed = replay_hand("\n".join(lines) + "\n")
    assert replayed.result.changes == (-2, 2) and not replayed.result.showdown
    assert "p1 holds 4 cards after the draw: the hand is dead (F9)" in narrate(replayed)


def test_f9_a_table_that_refuses_wrong_servings_says_so():
    """D1: at the teaching table a player receives exactly as many cards as he discards."""
    hand = hand_at("teaching-table", [13, 13], ["6c 4h 3s 2d Ac", "8d 7h 5s 4c 2h"], then="Kd Qd")
    play(hand, ["p1 cc", "p2 cc"])
    hand.apply("p1 sd 6c4h")
    with pytest.raises(IllegalAction, match=r"p1 discarded 2 and receives as many \(D1\)"):
        hand.apply("d dh p1 Kd")


def test_the_sound_bot_never_checks_a_seven_where_the_sevens_rule_is_played():
    """F7: checking a seven-low or better after the draw would forfeit the bets that follow. Over 1,500 hands
    against random bots, every time the sound bot holds a seven or better after the draw and nobody has bet, it
    bets; the test also counts those times, so it cannot pass without them."""
    import random

    from lowball.engine.session import Session
    from lowball.engine.rules.sevens import seven_or_better
    from lowball.play.bots import BOTS
    from lowball.play.sessions import play_hand

    table = load_game_table("california-lowball-sevens-rule")
    moments: list[str] = []

    def watched(hand, rng):
        action = BOTS["sound"](hand, rng)
        seat = hand.to_act
        last = hand.round == table.betting_rounds - 1
        if hand.phase == "bet" and last and hand.owed(seat) == 0 and seven_or_better(hand.hands[seat], table.ranking, table.sevens_top):
            moments.append(action.kind)
        return action

    session = Session(["sound", "r1", "r2"], 200, seed=9, table=table)
    bots = {"sound": watched, "r1": BOTS["random"], "r2": BOTS["random"]}
    rng = random.Random(9)
    for _ in range(1500):
        for name, stack in list(session.stacks.items()):
            if stack < 50:
                session.top_up(name, 200 - stack)
        session.finish(play_hand(session.new_hand(narrate=False), bots, rng))
    assert len(moments) >= 10 and set(moments) == {"cbr"}, moments
