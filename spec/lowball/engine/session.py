"""A session of several hands: stacks carry over and the button moves (T5, T7)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from lowball.core.arguments import ANYTHING, FLAG, SEED, WHOLE, check, either, is_whole, mapping_of, sequence_of, \
    takes, whole
from lowball.core.files import quote
from lowball.core.games import TABLE, GameTable, load_game_table
from lowball.core.refusals import Refusal
from lowball.engine.state import (
    DECK_ORDER, MAX_STACK, OVER, Hand, check_can_start, check_names, refused, stacked_deck,
)
from lowball.errors import IllegalAction, LowballError

# What a session is built from: its players in seat order, and their stacks (one number for all, or each one's).
PLAYERS = sequence_of(ANYTHING, "a list of at least one player's name", least=1)
STACK = whole(0, MAX_STACK)
STACKS = either(STACK, mapping_of(ANYTHING, STACK)).named(
    f"a stack (a whole number from 0 to {MAX_STACK:,}) or a dict from each player's name to a stack")


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
        check("Session", players=(self.players, PLAYERS), stacks=(self.stacks, STACKS), seed=(self.seed, SEED),
              table=(self.table, TABLE), button=(self.button, WHOLE), hands_played=(self.hands_played, whole(0)))
        check_names(self.players, len(self.players))
        self.players = list(self.players)
        if is_whole(self.stacks):
            self.stacks = {name: self.stacks for name in self.players}
        elif set(self.stacks) != set(self.players):
            raise LowballError(f"Session: stacks: one stack for each player ({', '.join(self.players)}), "
                               f"got stacks for {', '.join(map(str, self.stacks))}")
        self.stacks = dict(self.stacks)
        self.button %= len(self.players)
        self.rng = random.Random(self.seed)
        self.dealt: Hand | None = None     # the hand new_hand dealt and finish has not recorded yet

    def seating(self) -> list[str]:
        """Return the players from the dealer's left round to the dealer for the next hand."""
        n = len(self.players)
        return [self.players[(self.button + 1 + i) % n] for i in range(n)]

    @takes(deck=DECK_ORDER, narrate=FLAG)
    def new_hand(self, deck=None, narrate: bool = True) -> Hand:
        """Return the next hand, or raise ``IllegalAction`` when it may not start (T1, T5)."""
        names = self.seating()
        stacks = [self.stacks[name] for name in names]
        check_can_start(self.table, stacks, names)
        order = list(deck) if deck is not None else stacked_deck(seed=self.rng.randrange(2**32),
                                                                 cards=self.table.deck_cards)
        self.dealt = Hand(stacks, table=self.table, deck=order, names=names, narrate=narrate)
        return self.dealt

    def finish(self, hand: Hand) -> None:
        """Record a finished hand's stacks and move the button one seat clockwise (T7), once per hand dealt."""
        if hand is not self.dealt:
            raise IllegalAction("Session.finish: hand: not the hand this session dealt last, or already finished: "
                                f"each hand from new_hand is finished once ({self.table.clauses['button']})")
        if hand.phase != OVER:
            raise refused(Refusal("hand-not-over", self.table.clauses["showdown"]))
        for name, stack in zip(hand.names, hand.result.finishing_stacks):
            self.stacks[name] = stack
        self.button = (self.button + 1) % len(self.players)
        self.hands_played += 1
        self.dealt = None

    @takes(chips=whole(1, MAX_STACK))
    def top_up(self, name: str, chips: int) -> None:
        """Add ``chips`` to a player's stack between hands (so that it meets T5)."""
        self._known(name)
        if self.stacks[name] + chips > MAX_STACK:
            raise LowballError(f"Session.top_up: chips: {name}'s stack would pass the most a stack holds, "
                               f"{MAX_STACK:,}")
        self.stacks[name] += chips

    def leave(self, name: str) -> None:
        """Take a player and their stack away from the table between hands."""
        self._known(name)
        if len(self.players) == 1:
            raise LowballError(f"Session.leave: {name} is the last player at the table")
        dealer = self.players[self.button]
        self.players.remove(name)
        del self.stacks[name]
        # The button stays with the same dealer, or passes to the seat before a leaving dealer.
        self.button = (self.players.index(dealer) if dealer in self.players else self.button - 1) % len(self.players)

    def _known(self, name: str) -> None:
        if not isinstance(name, str) or name not in self.players:
            raise LowballError(f"no player called {quote(name)} (players: {', '.join(self.players)})")
