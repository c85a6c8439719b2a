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
from typing import Callable, Sequence

from lowball.core.behaviours import Structure
from lowball.core.cards import deck_of
from lowball.core.games import GameTable
from lowball.engine.actions import Action
from lowball.engine.state import BET, OVER, SHOWDOWN, Hand
from lowball.phh.history import replay_hand, to_phh
from lowball.play.bots import BOTS
from lowball.text.narration import narrate

# No hand of any table takes this many actions: far above the longest (eight players, five uncapped rounds),
# so reaching it means a hand that does not end.
MAX_ACTIONS = 5_000


def card_places(hand: Hand) -> list:
    """Return every card where the hand keeps it: hands still in, the stub, the piles set aside, the board."""
    stub = hand.stub
    held = [card for seat in hand.contenders for card in hand.hands[seat]]
    return (held + list(stub.order or []) + list(stub.burns) + list(stub.folded)
            + [c for pile in stub.discards for c in pile] + list(hand.community))


def check_hand(hand: Hand, total: int, where: str) -> None:
    """Assert the invariants of a hand in progress or just over (see the module docstring)."""
    assert sum(hand.stacks) + hand.pot == total, f"{where}: chips are not conserved (S3): {hand.stacks} + {hand.pot}"
    if hand.state.in_round:            # the pot follows from the stacks; the round counts its own, and they agree
        assert hand.current.state.pot == hand.pot, f"{where}: the round counts {hand.current.state.pot} in the pot, " \
            f"the stacks {hand.pot}"
    assert min(hand.stacks) >= 0, f"{where}: a stack below zero: {hand.stacks}"
    places = card_places(hand)
    full = deck_of(hand.table.deck_cards)
    assert len(places) == len(set(places)) == len(full), \
        f"{where}: a card is missing or in two places (D1): {len(places)} places, {len(set(places))} cards"
    assert hand.stub.size == len(hand.stub.order), f"{where}: the stub counts {hand.stub.size} cards, holds " \
        f"{len(hand.stub.order)}"
    for seat in hand.contenders:
        assert len(hand.hands[seat]) <= hand.table.hand_size, \
            f"{where}: p{seat + 1} holds {len(hand.hands[seat])} cards; the table deals {hand.table.hand_size}"
        assert None not in hand.hands[seat], f"{where}: p{seat + 1} holds a card nobody dealt"


def candidates(hand: Hand) -> list[Action]:
    """Return actions to try now: every kind for every seat, bets at and around the listed ends, discards and shows
    in other orders and with other cards, deals of other cards, shows while the betting goes on."""
    n, listed = hand.n, hand.legal_actions()
    seat = hand.to_act if hand.to_act is not None else 0
    tries = [Action(kind, s) for s in range(n) for kind in ("cc", "f", "pb")]
    level = hand.level
    all_in = hand.stacks[seat] + (hand.current.bets[seat] if hand.phase == BET else 0)
    amounts = {0, 1, level - 1, level, level + 1, all_in, all_in + 1, level + max(hand.table.bet_sizes)}
    ends = [a.amount for a in listed if a.kind == "cbr"]
    amounts |= {end + step for end in ends for step in (-1, 0, 1)} | {sum(ends) // max(len(ends), 1)}
    tries += [Action("cbr", s, amount=a) for s in {seat, (seat + 1) % n} for a in sorted(amounts) if a > 0]
    unseen = [card for card in (hand.stub.order or [])[1:7]]
    for s in range(n):
        held = [card for card in hand.hands[s] if card is not None]
        tries += [Action("sd", s), Action("sm", s), Action("sm", s, muck=True), Action("sm", s, cards=tuple(held)),
                  Action("sm", s, cards=tuple(reversed(held)) + tuple(hand.community))]
        tries += [Action("sd", s, cards=tuple(held[:k])) for k in range(1, len(held) + 1)]
        tries += [Action("sd", s, cards=tuple(reversed(held[:2]))), Action("sd", s, cards=tuple(unseen[:1]))]
    for action in listed:
        if action.kind in ("dh", "db"):
            tries += [action._replace(cards=tuple(unseen[:len(action.cards)])),
                      action._replace(seat=(action.seat + 1) % n), action._replace(cards=action.cards[:-1])]
    return tries + listed


def listed_as(action: Action, listed: Sequence[Action], hand: Hand) -> bool:
    """Return whether ``action`` is one of ``listed`` as ``legal_actions`` documents it: a bet between two listed
    ends (pot-limit, no-limit), cards in any order, a show naming the community card too, or ``sm -``."""
    if action in listed:
        return True
    same = [a for a in listed if a.kind == action.kind and a.seat == action.seat and a.muck == action.muck]
    if action.kind == "cbr" and hand.table.structure is not Structure.FIXED_LIMIT:
        ends = [a.amount for a in same]
        return bool(ends) and min(ends) <= action.amount <= max(ends)
    if action.kind == "sd":
        return any(sorted(a.cards) == sorted(action.cards) for a in same)
    if action.kind == "sm" and not action.muck:
        held = hand.hands[action.seat]
        named = [c for c in action.cards if c in held or c not in hand.community] if action.cards else list(held)
        return any(sorted(a.cards) == sorted(named) and len(named) == len(set(named)) for a in same)
    return False


def check_listing(hand: Hand, where: str) -> None:
    """Assert that ``apply`` accepts exactly what ``legal_actions`` lists (as ``listed_as`` reads the list)."""
    listed = hand.legal_actions()
    for action in candidates(hand):
        accepted = action.seat < hand.n and hand.refusal(action) is None
        assert accepted == listed_as(action, listed, hand), \
            f"{where}: {action} is {'accepted' if accepted else 'refused'} but {'not ' * accepted}listed: " \
            f"{[str(a) for a in listed]}"


def play_checked(table: GameTable, stacks: Sequence[int], seed: int, bots: Sequence[str] = ("random", "sound"),
                 replay: bool = True, listing: bool = True, watch: Callable[[Hand], None] | None = None,
                 story: bool = False) -> Hand:
    """Play one hand of ``table`` with ``bots`` (seat by seat, in turn), checking it throughout; return it.

    ``listing``: at every step, also check that ``apply`` accepts exactly what ``legal_actions`` lists;
    ``watch``: called with the hand before every step, to check more; ``story``: tell the hand in English and
    in Russian at the end (every event of every table has its words).
    """
    rng = random.Random(seed)
    hand = Hand(list(stacks), table=table, seed=seed, narrate=story)
    total = sum(stacks)
    actions = 0
    while hand.phase != OVER:
        where = f"{table.name} {list(stacks)} seed {seed} after {'; '.join(map(str, hand.actions))}"
        check_hand(hand, total, where)
        if listing:
            check_listing(hand, where)
        if watch is not None:
            watch(hand)
        if hand.to_act is None:          # the dealer deals, or the players show: what ``advance`` would do
            assert hand.phase != BET, f"{where}: nobody is to act in a betting round"
            dealt = [action for action in hand.legal_actions() if not action.muck]
            assert dealt, f"{where}: nobody is to act and the hand is not over ({hand.phase})"
            hand.apply(dealt[0])
        else:
            assert hand.phase != SHOWDOWN, f"{where}: a player is asked to act at the showdown"
            hand.apply(BOTS[bots[hand.to_act % len(bots)]](hand, rng))
        actions += 1
        assert actions < MAX_ACTIONS, f"{where}: the hand does not end"
    where = f"{table.name} {list(stacks)} seed {seed}: {'; '.join(map(str, hand.actions))}"
    check_hand(hand, total, where)
    assert sum(hand.result.finishing_stacks) == total, f"{where}: chips lost at the end: {hand.result}"
    if hand.result.showdown:
        for seat in hand.contenders:        # a community card (L8) stands in for a card dealt to each
            held = len(hand.hands[seat]) + len(hand.community)
            assert held == table.hand_size, f"{where}: p{seat + 1} shows {held} cards; the table deals {table.hand_size}"
    if story:
        for lang in ("en", "ru"):
            assert narrate(hand, lang), f"{where}: no story in {lang}"
    if replay:
        again = replay_hand(to_phh(hand), table)
        assert again.result.finishing_stacks == hand.result.finishing_stacks, f"{where}: the history replays " \
            f"to {again.result.finishing_stacks}, not {hand.result.finishing_stacks}"
    return hand
