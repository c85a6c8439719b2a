"""When the stub runs short in a draw (K8, K9, P3): the reshuffle, and a discard no rule can serve.

Six players at card-room triple draw can need more cards than K9's reshuffle
brings back: in the first draw there are no earlier discards, and this draw's
stay out. The engine then lets a player discard only what can still be served
(``lowball verify`` refutes the card bound at six players for the same reason,
property 5). pokerkit's rule (P3) brings this draw's discards back too, so
everyone may always throw five.
"""

from __future__ import annotations

import random

import pytest

from lowball.core.games import load_game_table
from lowball.engine.actions import Action
from lowball.engine.state import BET, OVER, Hand
from lowball.errors import IllegalAction
from lowball.phh.history import replay_hand, to_phh
from lowball.play.bots import BOTS

CARD_ROOM = load_game_table("deuce-to-seven-triple-draw")
PHH = load_game_table("deuce-to-seven-triple-draw-phh")


def to_first_draw(table, players: int, seed: int = 7) -> Hand:
    """Deal and call round the first betting round."""
    hand = Hand([200] * players, table=table, seed=seed)
    hand.advance()
    while hand.phase == BET:
        hand.apply(next(a for a in hand.legal_actions() if a.kind == "cc"))
        hand.advance()
    return hand


def most_offered(hand: Hand) -> int:
    """Return the most cards the legal discards of the player to act throw."""
    return max(len(a.cards) for a in hand.legal_actions() if a.kind == "sd")


def throw_all(hand: Hand) -> None:
    """The player to act throws as many cards as the engine allows, then the dealer serves."""
    hand.apply(max((a for a in hand.legal_actions() if a.kind == "sd"), key=lambda a: len(a.cards)))
    hand.advance()


def test_k9_six_players_the_fifth_may_throw_only_what_the_burn_and_the_stub_can_serve():
    """K8, K9: 52 - 6 x 5 dealt - 1 burn - 4 x 5 served = 1 card left; the reshuffle brings back only the burn
    (no earlier discards yet, this draw's stay out): p5 may throw 2, and after that p6 none."""
    hand = to_first_draw(CARD_ROOM, 6)
    for _ in range(4):
        assert most_offered(hand) == 5
        throw_all(hand)
    stub_left, burns = 52 - 6 * 5 - 1 - 4 * 5, 1
    assert most_offered(hand) == stub_left + burns == 2
    with pytest.raises(IllegalAction, match=r"p5 may discard at most 2 cards: .* \(K9: the burns, folded hands and "
                                            r"earlier draws' discards come back, this draw's do not\)"):
        hand.apply(Action("sd", 4, cards=tuple(hand.hands[4][:3])))
    assert len(hand.hands[4]) == 5 and hand.to_act == 4          # state unchanged by the refused discard
    throw_all(hand)
    assert [a.cards for a in hand.legal_actions()] == [()]       # p6 may only stand pat
    assert hand.stub.reshuffles == 1


def test_p3_six_players_may_all_throw_five_at_every_draw():
    """P3: this draw's discards come back too, so the stub always serves six players throwing five."""
    hand = to_first_draw(PHH, 6)
    while hand.phase != OVER:
        if hand.phase == BET:
            hand.apply(next(a for a in hand.legal_actions() if a.kind == "cc"))
        elif hand.to_act is not None and hand.legal_actions()[0].kind == "sd":
            assert most_offered(hand) == 5
            throw_all(hand)
            continue
        else:
            hand.apply(hand.legal_actions()[0])
        hand.advance()
    assert hand.stub.reshuffles >= 1


@pytest.mark.parametrize("game", ["deuce-to-seven-triple-draw", "california-lowball",
                                  "deuce-to-seven-single-draw-limit"])
def test_random_play_at_full_tables_never_gets_stuck_and_replays(game):
    """K9, F9: at the most players a table seats, every discard the engine offers is served, and the hand's
    history replays to the same stacks."""
    table = load_game_table(game)
    rng = random.Random(5)
    reshuffled = 0
    for seed in range(60):
        hand = Hand([60] * table.players_max, table=table, seed=seed)
        hand.advance()
        while hand.phase != OVER:
            actions = hand.legal_actions()
            assert actions, f"seed {seed}: no legal action in phase {hand.phase}"
            discards = [a for a in actions if a.kind == "sd"]
            hand.apply(max(discards, key=lambda a: len(a.cards)) if discards else BOTS["random"](hand, rng))
            hand.advance()
        reshuffled += hand.stub.reshuffles > 0
        assert replay_hand(to_phh(hand), table).result.finishing_stacks == hand.result.finishing_stacks
    assert reshuffled > 0            # the test reached the short stub


@pytest.mark.parametrize("bot", ["random", "sound"])
def test_the_bots_discard_only_what_the_stub_can_serve(bot):
    """K9: at the fifth seat of the six-player first draw, the bots throw at most 2 cards, and legally."""
    hand = to_first_draw(CARD_ROOM, 6)
    for _ in range(4):
        throw_all(hand)
    rng = random.Random(1)
    for _ in range(20):
        action = BOTS[bot](hand, rng)
        assert action.kind == "sd" and len(action.cards) <= 2 and hand.refusal(action) is None


def test_a_seed_shuffles_the_deck_as_python_s_random_does():
    """The same seed deals the same cards: the engine's shuffle (``stub.shuffle``, written out for speed) puts the
    cards in the order ``random.Random(seed).shuffle`` does, for decks of every size and seeds large and small."""
    from lowball.engine.stub import shuffle

    for seed in [*range(300), 2**40 + 3, 7919 * 123456 + 2, 104729 * 99 + 1]:
        for size in (0, 1, 2, 3, 5, 32, 52, 53):
            ours, python = list(range(size)), list(range(size))
            shuffle(ours, seed)
            random.Random(seed).shuffle(python)
            assert ours == python, f"seed {seed}, {size} cards"
