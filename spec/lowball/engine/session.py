"""A session of several hands: stacks carry over and the button moves (T5, T7)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from lowball.core.games import GameTable, load_game_table
from lowball.engine.state import OVER, Hand, check_can_start, check_names, stacked_deck
from lowball.errors import IllegalAction, LowballError


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
        check_names(self.players, len(self.players))
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
        order = list(deck) if deck is not None else stacked_deck(seed=self.rng.randrange(2**32),
                                                                 cards=self.table.deck)
        return Hand(stacks, table=self.table, deck=order, names=names, narrate=narrate)

    def finish(self, hand: Hand) -> None:
        """Record a finished hand's stacks and move the button one seat clockwise (T7)."""
        if hand.phase != OVER:
            raise IllegalAction(f"the hand is not over yet ({self.table.clauses['showdown']})")
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
