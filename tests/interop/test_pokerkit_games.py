"""Differential tests against pokerkit: the PHH standard's games replayed both ways with identical stacks.

pokerkit (a poker library nobody here wrote) plays random hands of F2L3D and
N2L1D (K2, K5, K6, K8, K9, G4, G6, P1-P3, P5; 2-6 players), of F7S/8, FR and F7S (L1-L8, R1-R4, Q1-Q5 without
Q4's open pair, P4, P5; 2-8 players) and of FB (badugi, U1-U7; 2-8 players): random legal actions, random stacks so
that all-ins and side pots happen. ``lowball replay``
must reach pokerkit's finishing stacks on every hand; and every hand the
project's bots play at the same tables, written as PHH, must load in
pokerkit's own reader with the same stacks. A mismatch is reported with the
seed and the history, so it can be pasted into a test.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from lowball.core.games import load_game_table
from lowball.engine.rules.pots import build_pots
from lowball.engine.state import OVER, Hand
from lowball.engine.actions import parse_action
from lowball.phh.history import read_history, replay_hand, table_for, to_phh
from lowball.play.bots import BOTS
from tests.support.pokerkit_games import pokerkit_choices, pokerkit_finishing_stacks, random_history
from tests.support.fast import slow

HANDS = 1000
DATA = Path(__file__).parents[1] / "data"
# The PHH code of each table that plays as pokerkit does, and the players it seats.
STANDARD = {"F2L3D": "deuce-to-seven-triple-draw-phh", "N2L1D": "deuce-to-seven-single-draw-phh",
            "F7S/8": "stud-high-low-phh", "FR": "razz-phh", "FB": "badugi-phh", "F7S": "seven-card-stud-phh"}
# The most players each code seats in the random hands: stud and badugi (U4) eight, the five-card draws six.
MOST = {"F7S/8": 8, "FR": 8, "FB": 8, "F7S": 8}
# The stakes the random hands are played at (the PHH histories carry them).
STAKES = {"F2L3D": {}, "N2L1D": {}, "F7S/8": dict(ante=1, bring_in=1, small_bet=2, big_bet=4),
          "FR": dict(ante=1, bring_in=1, small_bet=2, big_bet=4), "FB": {},
          "F7S": dict(ante=1, bring_in=1, small_bet=2, big_bet=4)}


def test_the_phh_specifications_f2l3d_example_replays():
    """The PHH paper's own F2L3D hand (2019 WSOP, Yockey against Arieh): Yockey's 7-6-4-3-2, all in after the
    third draw for less than a big bet, loses to Arieh's 7-5-4-3-2 (K1); the published finishing stacks."""
    hand = replay_hand(DATA / "wsop-2019-yockey-arieh.phh")
    assert hand.result.finishing_stacks == (0, 4190000, 5910000, 12095000)
    assert hand.names[hand.result.winners[0]] == "Josh Arieh"


def stacks_for(rng: random.Random, players: int) -> list[int]:
    """Return random stacks from 3 to 60 chips: short enough, against blinds 1/2 and bets of 2 and 4, to go all in."""
    return [rng.randint(3, 60) for _ in range(players)]


# FB (badugi, U7) and F7S (seven-card stud, Q1-Q5) keep their share of make test small: a fifth of the hands of
# each test below; make test-full replays them all (``test_every_badugi_hand_of_the_differential_tests``,
# ``test_every_seven_card_stud_hand_of_the_differential_tests``).
SHARE = {"FB": 5, "F7S": 5}


def count(variant: str, hands: int) -> int:
    """Return how many of ``hands`` random hands make test plays at ``variant``."""
    return hands // SHARE.get(variant, 1)


@pytest.mark.parametrize("variant", sorted(STANDARD))
def test_pokerkit_hands_replay_to_pokerkits_stacks(variant):
    replay_random_hands(variant, count(variant, HANDS))


def replay_random_hands(variant: str, hands: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(hands):
        rng = random.Random(seed)
        players = rng.randint(2, MOST.get(variant, 6))
        text, theirs = random_history(variant, rng, players, stacks_for(rng, players), **STAKES[variant])
        hand = replay_hand(text)
        assert list(hand.result.finishing_stacks) == theirs, f"seed {seed}: pokerkit {theirs}\n{text}"
        seen["all in"] += any(stack == 0 for stack in hand.stacks)
        seen["side pots"] += len(build_pots(hand.invested, hand.contenders)) > 1
        seen["showdown"] += hand.result.showdown
        seen["split"] += len(hand.result.winners) > 1
        seen["reshuffle"] += hand.stub.reshuffles > 0
    # The random hands reach what the test is for: all-ins, side pots, showdowns, split pots (and, in
    # triple draw with up to six players, the reshuffle of P3).
    assert min(seen["all in"], seen["side pots"], seen["showdown"], seen["split"]) >= hands // 50, seen
    if variant in ("F2L3D", "FB"):
        assert seen["reshuffle"] >= hands // 50, seen


@pytest.mark.parametrize("variant", sorted(STANDARD))
def test_pokerkit_hands_of_short_stacks_replay_to_pokerkits_stacks(variant):
    """P2 (limit: only a full raise reopens the betting, a short all-in is not completed), G4 in N2L1D: stacks of
    1 to 9 chips against bets of 2 and 4 make all-ins for less than a raise, often two or three in one round, and
    blinds and bring-ins that are all in, the bookkeeping the random hands above rarely reach. Every hand ends at
    pokerkit's stacks."""
    replay_short_stacks(variant, count(variant, 500))


def replay_short_stacks(variant: str, hands: int) -> None:
    all_in_raises = 0
    for seed in range(hands):
        rng = random.Random(seed)
        players = rng.randint(3, MOST.get(variant, 6))
        text, theirs = random_history(variant, rng, players, [rng.randint(1, 9) for _ in range(players)],
                                      **STAKES[variant])
        hand = replay_hand(text)
        assert list(hand.result.finishing_stacks) == theirs, f"seed {seed}: pokerkit {theirs}\n{text}"
        all_in_raises += sum(event.key in ("raise-counted", "raise-short", "raise", "bet", "complete")
                             and bool(event.get("all_in")) for event in hand.events)
    assert all_in_raises >= hands // 20, all_in_raises        # bets and raises that put a player all in


def short_and_deep_stacks(rng: random.Random, players: int) -> list[int]:
    """Return stacks each short (1 to 9 chips) or deep (10 to 60): short all-ins with players behind who can raise."""
    return [rng.randint(1, 9) if rng.random() < 0.5 else rng.randint(10, 60) for _ in range(players)]


@pytest.mark.parametrize("variant", sorted(STANDARD))
def test_before_every_decision_the_engine_allows_what_pokerkit_allows(variant):
    """P1, P2, G4-G6, L4: replaying pokerkit's random hands of short and deep stacks action by action, before
    each player's decision the engine and pokerkit agree on whether the player may fold, and on whether he may
    bet, complete or raise and to how much at least and at most. Replaying to the same stacks shows only that
    the engine accepts what pokerkit did; this shows it allows nothing pokerkit refuses (a raise after a short
    all-in, say)."""
    compare_decisions(variant, count(variant, 300))


def compare_decisions(variant: str, hands: int) -> None:
    decisions = unread = 0
    for seed in range(hands):
        rng = random.Random(seed)
        players = rng.randint(3, MOST.get(variant, 6))
        text, _ = random_history(variant, rng, players, short_and_deep_stacks(rng, players),
                                 **STAKES[variant])
        theirs = pokerkit_choices(text)
        data = read_history(text)
        hand = Hand(list(data["starting_stacks"]), table=table_for(data), replay=True)
        for index, line in enumerate(data["actions"]):
            action = parse_action(line)
            if action.kind in ("cbr", "cc", "f", "pb") and theirs[index] is None:
                unread += 1           # pokerkit's reader has not yet passed the turn on (a draw nobody drew in)
            elif action.kind in ("cbr", "cc", "f", "pb"):
                legal = hand.legal_actions()
                raises = [a.amount for a in legal if a.kind == "cbr"]
                ours = ("f" in {a.kind for a in legal}, (min(raises), max(raises)) if raises else None)
                assert ours == theirs[index], f"seed {seed}, before action {index + 1} {line!r}\n{text}"
                decisions += 1
            hand.apply(action)
    assert decisions >= 10 * hands // 3 and unread <= decisions // 100, (decisions, unread)


@pytest.mark.parametrize("variant", sorted(STANDARD))
def test_our_histories_load_in_pokerkit_with_our_stacks(variant):
    load_our_histories(variant, count(variant, HANDS))


def load_our_histories(variant: str, hands: int) -> None:
    table = load_game_table(STANDARD[variant])
    for seed in range(hands):
        rng = random.Random(seed)
        players = rng.randint(table.players_min, min(table.players_max, MOST.get(variant, 6)))
        hand = Hand(stacks_for(rng, players), table=table, seed=seed, narrate=False)
        hand.advance()
        while hand.phase != OVER:
            hand.apply(BOTS["random"](hand, rng))
            hand.advance()
        text = to_phh(hand)
        assert pokerkit_finishing_stacks(text) == list(hand.result.finishing_stacks), f"seed {seed}\n{text}"


@slow
def test_every_badugi_hand_of_the_differential_tests():
    """U7: the full count at FB, pokerkit's FixedLimitBadugi: 1,000 of pokerkit's random hands replayed here to its
    stacks, 500 of short stacks, 300 compared decision by decision, and 1,000 of the bots' hands read by pokerkit."""
    replay_random_hands("FB", HANDS)
    replay_short_stacks("FB", 500)
    compare_decisions("FB", 300)
    load_our_histories("FB", HANDS)


@slow
def test_every_seven_card_stud_hand_of_the_differential_tests():
    """Q1-Q5 as pokerkit's FixedLimitSevenCardStud plays them (F7S: no open pair, P1, P2, P4, P5): the full count,
    as test_every_badugi_hand_of_the_differential_tests gives FB."""
    replay_random_hands("F7S", HANDS)
    replay_short_stacks("F7S", 500)
    compare_decisions("F7S", 300)
    load_our_histories("F7S", HANDS)


@pytest.mark.parametrize("game", ["stud-high-low-phh", "razz-phh", "seven-card-stud-phh"])
def test_eight_players_who_never_fold_need_a_community_card(game):
    """L8, P4: 8 players x 7 cards = 56 > 52. With nobody folding, the stub cannot serve seventh street even
    with the burns back in: one card is dealt face up for everyone, and pokerkit agrees on the result."""
    hand = Hand([50] * 8, table=load_game_table(game), seed=11)
    hand.advance()
    while hand.phase != OVER:
        legal = hand.legal_actions()
        hand.apply(next(a for a in legal if a.kind == "pb") if legal[0].kind == "pb" else
                   next(a for a in legal if a.kind == "cc"))
        hand.advance()
    assert len(hand.community) == 1 and all(len(cards) == 6 for cards in hand.hands)
    assert "d db " + str(hand.community[0]) in to_phh(hand)
    assert pokerkit_finishing_stacks(to_phh(hand)) == list(hand.result.finishing_stacks)


def test_pokerkit_ranks_ace_five_four_three_deuce_as_ace_high_in_deuce_to_seven():
    """P6: pokerkit's deuce-to-seven evaluator before 0.7.7 called A-5-4-3-2 a straight (its issue 44); K1 says it
    is an ace-high hand, which loses to K-8-7-6-5. The pokerkit the tests use agrees with K1, so histories agree."""
    import pokerkit as pk

    from lowball import compare

    wheel, king = "As 5d 4c 3h 2s", "Kd 8c 7h 6s 5c"
    assert compare(king, wheel, "deuce-to-seven") == 1
    assert pk.StandardLowHand(king.replace(" ", "")) > pk.StandardLowHand(wheel.replace(" ", ""))


# Short all-ins one after another at pokerkit's no-limit table (P2: only a full raise reopens the betting), where
# the count of the short raises and the last full raise decide who may raise again. Blinds 1 and 2; p3 acts first.
SHORT_ALL_IN_SCRIPTS = [
    # a raise of exactly the last full raise (p5: 5 -> 7) is full: p3, who acted before it, may raise again
    ([100, 100, 100, 5, 100, 8], ["p3 cbr 4", "p4 cbr 5", "p5 cbr 7", "p6 cbr 8"]),
    # two short all-ins (+1, +1) that add up to the full raise of 2, then the player who raised last faces them
    ([100, 100, 100, 5, 6, 100], ["p3 cbr 4", "p4 cbr 5", "p5 cbr 6"]),
    # a short all-in one chip under a full raise after a full raise: nothing reopens for the raiser
    ([100, 100, 100, 100, 9, 100], ["p3 cbr 4", "p4 cbr 6", "p5 cbr 9", "p6 cc"]),
    # a full raise over short all-ins starts the count again (p5: 6 -> 10)
    ([100, 100, 100, 5, 100, 11, 100], ["p3 cbr 4", "p4 cbr 5", "p5 cbr 10", "p6 cbr 11", "p7 cc"]),
    # two short all-ins of 3 under a raise of 10 add up to 6, less than a full raise: p3 may only call
    ([100, 100, 100, 15, 18, 100], ["p3 cbr 12", "p4 cbr 15", "p5 cbr 18", "p6 cc", "p1 cc", "p2 cc"]),
    # three short all-ins of one chip each under a raise of 2: the first two make a full raise, the third starts
    # a new count that reopens nothing for p3
    ([100, 100, 100, 5, 6, 7], ["p3 cbr 4", "p4 cbr 5", "p5 cbr 6", "p6 cbr 7", "p1 cc", "p2 cc"]),
]


@pytest.mark.parametrize("stacks, script", SHORT_ALL_IN_SCRIPTS)
def test_after_short_all_ins_the_engine_allows_what_pokerkit_allows(stacks, script):
    """P2, G6: a scripted first round of short all-ins at N2L1D, the rest called down; before every decision of
    that round the engine and pokerkit (reading the engine's own history) agree on the fold, and on whether the
    player may raise and to how much at least and at most."""
    table = load_game_table(STANDARD["N2L1D"])
    hand = Hand(stacks, table=table, seed=2, narrate=False)
    hand.advance()
    ours = []
    script = list(script)
    while hand.phase != OVER:
        if hand.phase == "bet" and hand.round == 0:
            legal = hand.legal_actions()
            raises = [a.amount for a in legal if a.kind == "cbr"]
            ours.append(("f" in {a.kind for a in legal}, (min(raises), max(raises)) if raises else None))
            hand.apply(script.pop(0) if script else next(a for a in legal if a.kind == "cc"))
        else:
            hand.apply(next(a for a in hand.legal_actions() if a.kind != "f"))
        hand.advance()
    text = to_phh(hand)
    lines = read_history(text)["actions"]
    first_draw = next(i for i, line in enumerate(lines) if " sd" in line)
    theirs = [choice for choice, line in zip(pokerkit_choices(text)[:first_draw], lines)
              if line.split()[1] in ("cbr", "cc", "f")]
    assert ours == theirs, f"{script}\n{text}"
