"""A session of several hands: stacks carry over and the button moves (T5, T7)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from tqdm import tqdm

from lowball.play.bots import BOTS, Bot
from lowball.errors import IllegalAction, LowballError
from lowball.engine.state import OVER, Hand, check_can_start, stacked_deck
from lowball.core.tables import GameTable, load_game_table


@dataclass
class Session:
    """Players in seat order around the table; the dealer button moves one seat clockwise each hand (T7).

    >>> s = Session(["ann", "bob", "cat"], 13)
    >>> s.seating()          # the first hand: ann sits on the dealer's left, cat deals
    ['ann', 'bob', 'cat']
    >>> s.stacks["bob"] = 12; s.new_hand()
    Traceback (most recent call last):
    lowball.errors.IllegalAction: bob has 12 chips, 1 short of the minimum stack of 13 (T5): top up or leave the table
    """

    players: list[str]
    stacks: dict[str, int] | int
    seed: int = 0
    table: GameTable = field(default_factory=load_game_table)
    button: int = -1           # index into players of the dealer; -1: the last player deals first
    hands_played: int = 0

    def __post_init__(self) -> None:
        if len(set(self.players)) != len(self.players):
            raise LowballError("player names must be different")
        if isinstance(self.stacks, int):
            self.stacks = {name: self.stacks for name in self.players}
        self.button %= len(self.players)
        self.rng = random.Random(self.seed)

    def seating(self) -> list[str]:
        """Return the players from the dealer's left round to the dealer for the next hand."""
        n = len(self.players)
        return [self.players[(self.button + 1 + i) % n] for i in range(n)]

    def new_hand(self, deck=None, narrate: bool = True) -> Hand:
        """Return the next hand, or raise ``IllegalAction`` when it may not start (T1, T5)."""
        names = self.seating()
        stacks = [self.stacks[name] for name in names]
        check_can_start(self.table, stacks, names)
        order = list(deck) if deck is not None else stacked_deck(seed=self.rng.randrange(2**32))
        return Hand(stacks, table=self.table, deck=order, names=names, narrate=narrate)

    def finish(self, hand: Hand) -> None:
        """Record a finished hand's stacks and move the button one seat clockwise (T7)."""
        if hand.phase != OVER:
            raise IllegalAction("the hand is not over yet (S1)")
        for name, stack in zip(hand.names, hand.result.finishing_stacks):
            self.stacks[name] = stack
        self.button = (self.button + 1) % len(self.players)
        self.hands_played += 1

    def top_up(self, name: str, chips: int) -> None:
        """Add ``chips`` to a player's stack between hands (so that it meets T5)."""
        self._known(name)
        if chips <= 0:
            raise LowballError(f"top up by a positive number of chips, not {chips}")
        self.stacks[name] += chips

    def leave(self, name: str) -> None:
        """Take a player and their stack away from the table between hands."""
        self._known(name)
        dealer = self.players[self.button]
        self.players.remove(name)
        del self.stacks[name]
        # The button stays with the same dealer, or passes to the seat before a leaving dealer.
        self.button = (self.players.index(dealer) if dealer in self.players else self.button - 1) % len(self.players)

    def _known(self, name: str) -> None:
        if name not in self.players:
            raise LowballError(f"no player called {name!r} (players: {', '.join(self.players)})")


def play_hand(hand: Hand, bots: dict[str, Bot], rng: random.Random) -> Hand:
    """Play a hand to the end, asking each seat's bot for its actions."""
    hand.advance()
    while hand.phase != OVER:
        hand.apply(bots[hand.names[hand.to_act]](hand, rng))
        hand.advance()
    return hand


@dataclass
class Summary:
    """What a session of bot play produced, per player."""

    hands: int = 0
    won: dict[str, int] = field(default_factory=dict)
    chips: dict[str, int] = field(default_factory=dict)
    showdowns: dict[str, int] = field(default_factory=dict)
    rebuys: dict[str, int] = field(default_factory=dict)


def play_session(players: Sequence[str], bot_names: Sequence[str], hands: int, seed: int = 0,
                 stack: int | None = None, phh_dir: Path | None = None, progress: bool = False,
                 table: GameTable | None = None) -> Summary:
    """Play ``hands`` hands between bots; stacks under the minimum are topped up (T5); return the summary."""
    from lowball.phh.history import to_phh

    table = table or load_game_table()
    for name in bot_names:
        if name not in BOTS:
            raise LowballError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    session = Session(list(players), stack if stack is not None else table.min_stack, seed=seed, table=table)
    bots = {name: BOTS[bot_names[i % len(bot_names)]] for i, name in enumerate(players)}
    summary = Summary(won=dict.fromkeys(players, 0), chips=dict.fromkeys(players, 0),
                      showdowns=dict.fromkeys(players, 0), rebuys=dict.fromkeys(players, 0))
    rng = random.Random(seed)
    if phh_dir is not None:
        phh_dir.mkdir(parents=True, exist_ok=True)
    for number in tqdm(range(1, hands + 1), unit="hand", delay=1.0, disable=not progress, leave=False):
        for name in players:        # rebuy to the minimum so the session can go on (T5)
            if session.stacks[name] < table.min_stack:
                summary.rebuys[name] += table.min_stack - session.stacks[name]
                session.top_up(name, table.min_stack - session.stacks[name])
        hand = play_hand(session.new_hand(narrate=False), bots, rng)
        for name, change in zip(hand.names, hand.result.changes):
            summary.chips[name] += change
        for seat in hand.result.winners:
            summary.won[hand.names[seat]] += 1
        if hand.result.showdown:
            for seat in hand.active:
                summary.showdowns[hand.names[seat]] += 1
        if phh_dir is not None:
            (phh_dir / f"hand-{number:05d}.phh").write_text(to_phh(hand), encoding="utf-8")
        session.finish(hand)
        summary.hands += 1
    return summary
