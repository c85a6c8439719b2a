"""Play any game table with bots and check, after every action, what every table promises (S1-S3, D1, T6).

``play_checked`` deals a hand of a table, lets the random or the sound bot act for each seat, and asserts
after every step: chips are conserved (S3), no stack goes below zero, every card is in exactly one place (the
hands still in, the stub, the burns, the folded hands, the discards, the community card) and no hand holds
more cards than the table deals (D1, T6); the hand ends within a bound of actions (S1), every player still in
at the showdown holds the table's hand (T6, L3), and the hand's history replays to the same stacks. A
failure names the table, the seed and the actions so far, so that it can be pasted back as a test.

>>> from lowball.core.games import load_game_table
>>> hand = play_checked(load_game_table(), [13, 13, 13], seed=1)
>>> sum(hand.result.finishing_stacks)
39
"""

from __future__ import annotations

import random
from typing import Sequence

from lowball.core.cards import deck_of
from lowball.core.games import GameTable
from lowball.engine.state import OVER, SHOWDOWN, Hand
from lowball.phh.history import replay_hand, to_phh
from lowball.play.bots import BOTS

# No hand of any table takes this many actions: far above the longest (eight players, five uncapped rounds),
# so reaching it means a hand that does not end.
MAX_ACTIONS = 5_000


def card_places(hand: Hand) -> list:
    """Return every card where the hand keeps it: hands still in, the stub, the piles set aside, the board."""
    stub = hand.stub
    held = [card for seat in hand.contenders for card in hand.hands[seat]]
    return (held + list(stub.order or []) + stub.burns + stub.folded + [c for pile in stub.discards for c in pile]
            + list(hand.community))


def check_hand(hand: Hand, total: int, where: str) -> None:
    """Assert the invariants of a hand in progress or just over (see the module docstring)."""
    assert sum(hand.stacks) + hand.pot == total, f"{where}: chips are not conserved (S3): {hand.stacks} + {hand.pot}"
    assert min(hand.stacks) >= 0, f"{where}: a stack below zero: {hand.stacks}"
    places = card_places(hand)
    full = deck_of(hand.table.deck)
    assert len(places) == len(set(places)) == len(full), \
        f"{where}: a card is missing or in two places (D1): {len(places)} places, {len(set(places))} cards"
    assert hand.stub.size == len(hand.stub.order), f"{where}: the stub counts {hand.stub.size} cards, holds " \
        f"{len(hand.stub.order)}"
    for seat in hand.contenders:
        assert len(hand.hands[seat]) <= hand.table.hand_size, \
            f"{where}: p{seat + 1} holds {len(hand.hands[seat])} cards; the table deals {hand.table.hand_size}"
        assert None not in hand.hands[seat], f"{where}: p{seat + 1} holds a card nobody dealt"


def play_checked(table: GameTable, stacks: Sequence[int], seed: int, bots: Sequence[str] = ("random", "sound"),
                 replay: bool = True) -> Hand:
    """Play one hand of ``table`` with ``bots`` (seat by seat, in turn), checking it throughout; return it."""
    rng = random.Random(seed)
    hand = Hand(list(stacks), table=table, seed=seed, narrate=False)
    total = sum(stacks)
    actions = 0
    hand.advance()
    while hand.phase != OVER:
        where = f"{table.name} {list(stacks)} seed {seed} after {'; '.join(map(str, hand.actions))}"
        check_hand(hand, total, where)
        assert hand.to_act is not None, f"{where}: nobody is to act and the hand is not over ({hand.phase})"
        if hand.phase == SHOWDOWN:
            raise AssertionError(f"{where}: a player is asked to act at the showdown")
        hand.apply(BOTS[bots[hand.to_act % len(bots)]](hand, rng))
        hand.advance()
        actions += 1
        assert actions < MAX_ACTIONS, f"{where}: the hand does not end"
    where = f"{table.name} {list(stacks)} seed {seed}: {'; '.join(map(str, hand.actions))}"
    check_hand(hand, total, where)
    assert sum(hand.result.finishing_stacks) == total, f"{where}: chips lost at the end: {hand.result}"
    if hand.result.showdown:
        for seat in hand.contenders:
            assert len(hand.hands[seat]) == table.hand_size, \
                f"{where}: p{seat + 1} shows {len(hand.hands[seat])} cards; the table deals {table.hand_size}"
    if replay:
        again = replay_hand(to_phh(hand), table)
        assert again.result.finishing_stacks == hand.result.finishing_stacks, f"{where}: the history replays " \
            f"to {again.result.finishing_stacks}, not {hand.result.finishing_stacks}"
    return hand
