"""One moment of a hand as a frozen value: the seats, the stub, the street and the phase (``HandState``).

A state never changes: ``engine.reducer.apply(state, action)`` returns the next
state and what happened, and ``Hand`` is a list of them, so undoing an action
drops a state instead of replaying the hand. The chips live in one place: the
stacks behind (``behind``), and, while a betting round runs, the round's own
state (``betting_round.State``, the value the proofs read), which moves them
back to the seats when the round ends. What each player has put in, and the pot,
follow from the stacks: a chip is either behind or in the pot until the pot is
paid (S3).

Two values inside a state are the proofs' own and hold lists: the betting round's state (``current.state``,
``betting_round.State``) and the first round's forced bets (``first_round``, ``forced_bets.Posted``). The same
code builds them from Z3 terms, which is why they are not tuples; each step of a round makes a new one
(``betting_round._copy``), nothing changes one once it is made, and a test pickles every state of random hands
when it is made and again at the end to show it (``tests/tables/test_reducer.py``).

>>> from lowball.engine.reducer import start
>>> from lowball.core.games import load_game_table
>>> state, _ = start(load_game_table(), [13, 13], deal_by_hand=False)
>>> state.stacks, state.pot, state.to_act, state.seats[0].stack
((12, 12), 2, 0, 12)
>>> state.behind = (0, 0)
Traceback (most recent call last):
AttributeError: can't set attribute
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from lowball.core.arguments import one_of, whole
from lowball.core.behaviours import RunsOut, StreetKind
from lowball.core.cards import Card, format_cards
from lowball.core.games import GameTable
from lowball.core.rankings import RankingSystem, ranking_system
from lowball.core.refusals import Refusal
from lowball.engine import betting, drawing
from lowball.engine.actions import KIND_SHOW, Action
from lowball.engine.phases import BET, DRAW, OVER, PHASES, SHOWDOWN
from lowball.engine.rules.forced_bets import Posted
from lowball.engine.stub import Stub


@dataclass(frozen=True, kw_only=True)
class HandResult:
    """How a hand ended: stacks before and after, the winners and what each player won or lost (S3)."""

    starting_stacks: tuple[int, ...]
    finishing_stacks: tuple[int, ...]
    pot: int
    winners: tuple[int, ...]
    showdown: bool
    names: tuple[str, ...] = ()

    @property
    def changes(self) -> tuple[int, ...]:
        """Return each player's result: the change of their stack (S3)."""
        return tuple(b - a for a, b in zip(self.starting_stacks, self.finishing_stacks))


@dataclass(frozen=True, slots=True)
class Setup:
    """What a hand is dealt with and never changes: the table, the players, the deck and how it is played."""

    table: GameTable
    names: tuple[str, ...]
    starting_stacks: tuple[int, ...]
    deck_at_start: tuple[Card, ...]          # the stub's order at the start (empty: a replayed history)
    seed: int                                # the shuffles of the stub's reshuffles and redeals (stub.py)
    replayed: bool
    narrate: bool                            # long bot sessions need no story: skip it
    system: RankingSystem

    @property
    def n(self) -> int:
        return len(self.names)


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a hand at one moment, as a frozen record (``HandState.seats``)."""

    name: str
    stack: int                               # chips behind
    invested: int                            # chips put in the pot this hand, antes included
    dead: int                                # the antes among them: dead money (V3, V9)
    cards: tuple[Card | None, ...]
    face_up: tuple[bool, ...]
    shown: frozenset[Card]                   # the cards the player has shown
    folded: bool


class Reads:
    """What a hand's state answers, the same for the frozen ``HandState`` and the reducer's working copy (a mixin:
    it reads the fields both hold)."""

    __slots__ = ()
    setup: Setup
    phase: str
    current: Any
    hands: Any
    face_up: Any
    shown: Any
    folded: Any
    community: Any
    stub: Stub
    first_bettors: Any
    street_index: int
    result: HandResult | None
    behind: Any
    dead: Any
    in_round: bool
    checks: Any

    # ---- the setup ----

    @property
    def table(self) -> GameTable:
        return self.setup.table

    @property
    def names(self) -> tuple[str, ...]:
        return self.setup.names

    @property
    def n(self) -> int:
        return len(self.setup.names)

    @property
    def system(self) -> RankingSystem:
        return self.setup.system

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return self.setup.starting_stacks

    @property
    def narrate(self) -> bool:
        return self.setup.narrate

    # ---- the chips: the stacks, and what follows from them ----

    @property
    def live_stacks(self) -> Any:
        """Return the chips behind before the pot is paid: the betting round's while one runs, else the seats'."""
        return self.current.state.stacks if self.in_round else self.behind

    @property
    def invested(self) -> tuple[int, ...]:
        """Return what each seat has put in the pot this hand (its starting stack less its chips behind)."""
        return tuple(start - left for start, left in zip(self.setup.starting_stacks, self.live_stacks))

    @property
    def pot(self) -> int:
        """Return the chips in the pot (none once it is paid, S3)."""
        return 0 if self.result is not None else sum(self.setup.starting_stacks) - sum(self.live_stacks)

    @property
    def sevens_checks(self) -> Mapping[int, tuple[int, ...]]:
        """Return who checked a seven or better in the last round, with what each player had put in then (F7)."""
        return MappingProxyType(dict(self.checks))

    # ---- facts about the hand ----

    def check_seat(self, seat: int, where: str = "Hand") -> int:
        """Return ``seat`` if it is a seat of this hand (0 to n - 1), else raise ``ArgumentError`` naming ``where``."""
        if not (type(seat) is int and 0 <= seat < self.n):     # the usual case costs one test: these run in loops
            whole(0, self.n - 1).named(f"a seat from 0 to {self.n - 1}").check(where, "seat", seat)
        return seat

    def can_act(self, seat: int) -> bool:
        """Return whether ``seat`` can still make a betting decision: in the hand, with chips behind."""
        self.check_seat(seat, "Hand.can_act")
        return not self.folded[seat] and self.live_stacks[seat] > 0

    @property
    def to_act(self) -> int | None:
        """Return the seat whose decision is awaited (None when the dealer acts or the hand is over)."""
        if self.phase == BET:
            return self.current.to_act
        if self.phase == DRAW:
            return drawing.to_act(self.current)
        return None

    @property
    def player_to_act(self) -> bool:
        """Return whether the next action is a player's decision (not a deal or a show)."""
        return self.to_act is not None

    @property
    def round(self) -> int:
        """Return the number of the current (or next) betting round, from 0."""
        return len(self.first_bettors) if self.phase != BET else self.current.number

    @property
    def level(self) -> int:
        """Return what every player must have put in this round to stay in (0 outside a betting round)."""
        return self.current.level if self.phase == BET else 0

    @property
    def cap_count(self) -> int:
        """Return the bets and raises counted toward this round's cap (T4, G1); the chips are ``current.bets``."""
        return self.current.count if self.phase == BET else 0

    @property
    def pending(self) -> set[int]:
        """Return the seats that still owe an action this betting round."""
        return self.current.pending if self.phase == BET else set()

    def owed(self, seat: int) -> int:
        """Return what ``seat`` must add to call."""
        self.check_seat(seat, "Hand.owed")
        return betting.owed(self.current, seat) if self.phase == BET else 0

    @property
    def deck(self) -> list[Card]:
        """Return the undealt cards of a known stub, top first."""
        return list(self.stub.order or [])

    @property
    def discards(self) -> list[Card]:
        """Return every discarded card still set aside, in order."""
        return [card for pile in self.stub.discards for card in pile if card is not None]

    @property
    def dealt_nothing_yet(self) -> bool:
        """Return whether no card has been dealt yet."""
        return not any(self.hands)

    @property
    def runout(self) -> bool:
        """Return whether the betting is over for good: at most one player in the hand still has chips."""
        stacks = self.live_stacks
        contenders = self.contenders
        return self.phase != OVER and sum(1 for seat in contenders if stacks[seat] > 0) <= 1 and len(contenders) > 1

    def pot_chips(self) -> tuple[list[int], int]:
        """Return what the pots are built from: each seat's live chips, and the dead money every player still in
        may win however short (V5, V9); with ante trimming an ante is live like any chip."""
        if self.table.ante_trimming:
            return list(self.invested), 0
        return [put - ante for put, ante in zip(self.invested, self.dead)], sum(self.dead)

    def fully_shown(self, seat: int) -> bool:
        """Return whether a player has shown every card they hold."""
        self.check_seat(seat, "Hand.fully_shown")
        return all(card is not None and (up or card in self.shown[seat])
                   for card, up in zip(self.hands[seat], self.face_up[seat]))

    def system_of(self, half: str) -> RankingSystem:
        """Return the ranking system of a side of the pot ("whole", "high" or "low")."""
        one_of(*(s.half for s in self.table.sides)).check("Hand.system_of", "half", half)
        side = next(s for s in self.table.sides if s.half == half)
        return ranking_system(side.system)

    # ---- what may happen next ----

    def legal_actions(self) -> list[Action]:
        """Return every action allowed now (dealer actions use the stub's next cards when it is known)."""
        phase = PHASES.get(self.phase)
        return phase.legal(self, self.current) if phase is not None else []

    def raise_range(self) -> tuple[int, int] | None:
        """Return the least and the most the player to act may bet or raise to (None if they may not)."""
        if self.phase != BET:
            return None
        seat = self.current.to_act
        if betting.raise_refusal(self, self.current, seat):       # a completion of the bring-in is a bet (L4);
            return None                                           # opening for more is one too (N7)
        return betting.raise_range(self, self.current, seat)

    def refusal(self, action: Action) -> str | Refusal | None:
        """Return why a well-formed ``action`` of a seat of this hand is illegal now (None: it is legal)."""
        clauses = self.table.clauses
        if self.phase == OVER:
            return Refusal("hand-over", clauses["showdown"])
        if action.kind == KIND_SHOW and self.phase != SHOWDOWN:  # all in too: nobody shows while one is to act (S1)
            return Refusal("show-at-showdown", clauses["showdown"])
        return PHASES[self.phase].refusal(self, self.current, action)

    def no_draw_now(self) -> Refusal:
        """Return why a discard is refused outside a draw: the draw is still to come, or there is none left (B2)."""
        clauses = self.table.clauses
        later = [s for s in self.table.streets[self.street_index + 1:] if s.kind is StreetKind.DRAW]
        if later:
            return Refusal("draw-after-betting", clauses["turn"])
        if self.table.draws == 1:
            return Refusal("no-second-draw", clauses["later_rounds"])
        return Refusal("no-draw-left", clauses["later_rounds"])

    # ---- the stub's next cards, as the dealer would give them ----

    def _serving(self, count: int, draw: drawing.Draw | None) -> Stub:
        """Return the stub the next ``count`` cards come from: in a draw, after the burn and the reshuffle the
        serving's plan says (``drawing.plan``: ``core.card_flow.serve``, the walk property 5 reads); a deal's burn
        and reshuffle came when its street began (``dealing.start``)."""
        if draw is None:
            return self.stub
        return self.stub.prepare(drawing.plan(self, draw, count), draw.street.burn, self.table.runs_out)

    def next_cards(self, count: int, draw: drawing.Draw | None = None) -> list[Card] | None:
        """Return the next ``count`` cards of a known stub, after any burn or reshuffle due (None if unknown)."""
        if self.stub.order is None:
            return None
        return self._serving(count, draw).top(count)

    def unseen_refusal(self, action: Action, need: int, draw: drawing.Draw | None = None) -> Refusal | None:
        """Return why the cards of a deal are not the dealer's to give: seen already, or no cards left (D1)."""
        clause = self.table.clauses["draw" if draw is not None else "deal"]
        stub = self._serving(need, draw)
        if not stub.can_serve(need):
            return Refusal("deck-short", clause, {"left": self.stub.size, "count": need,
                                                  "runs_out": self.table.clauses["runs_out"]})
        unseen = stub.unseen
        for card in action.cards:
            if card is not None and card not in unseen:
                discarded = any(card in pile for pile in self.stub.discards)
                if discarded:          # D1: never back; K9, P3: only by the table's reshuffle
                    rule = self.table.clauses["runs_out" if self.table.runs_out is not RunsOut.NEVER else "draw"]
                    return Refusal("discarded", rule, {"card": str(card)})
                return Refusal("in-play", clause, {"card": str(card)})
        return None

    def off_the_top(self, action: Action, dealt: list[Action]) -> Refusal | None:
        """Return why a deal is not the stub's next cards, where the stub's order is known (T6, D1); None if it is.

        A hand we deal ourselves knows its stub, so the dealer deals exactly the cards ``legal_actions`` lists; a
        replayed history names the cards, and any unseen cards may come.
        """
        if self.stub.order is None or action in dealt:
            return None
        top = " ".join(format_cards(a.cards) for a in dealt)
        return Refusal("off-the-top", self.table.clauses["deal"], {"cards": top})


class _Fields(NamedTuple):
    """The fields of a ``HandState``: a named tuple, so that a state is built at the cost of a tuple (every action
    makes one) and no field can be assigned."""

    setup: Setup
    behind: tuple[int, ...]                  # chips behind, outside a betting round (``live_stacks``)
    in_round: bool                           # a betting round holds the chips (``current.state``)
    dead: tuple[int, ...]
    hands: tuple[tuple[Card | None, ...], ...]
    face_up: tuple[tuple[bool, ...], ...]
    shown: tuple[frozenset[Card], ...]
    folded: tuple[bool, ...]
    contenders: tuple[int, ...]              # the seats still in the hand (not folded), from the dealer's left
    community: tuple[Card, ...]
    stub: Stub
    street_index: int
    phase: str                               # deal, bet, draw, showdown or over (``engine.phases``)
    current: Any                             # the phase's own frozen state (``Deal``, ``Round``, ``Draw``, ``Showdown``)
    first_bettors: tuple[int | None, ...]    # who made the first bet of each round (B2)
    bring_in_seat: int | None
    checks: tuple[tuple[int, tuple[int, ...]], ...]   # F7: who checked a seven or better, and what was in then
    redeals: int
    first_round: Posted                      # the forced bets the first betting round starts from
    result: HandResult | None


class HandState(_Fields, Reads):
    """One moment of a hand, frozen: ``engine.reducer.apply`` returns the next one. Each seat's fields are kept by
    column (``behind``, ``hands`` ...) and read by seat as ``seats``."""

    __slots__ = ()

    @property
    def stacks(self) -> tuple[int, ...]:
        """Return each seat's chips behind (after the pot is paid, the finishing stacks, S3)."""
        if self.result is not None:
            return self.result.finishing_stacks
        return tuple(self.live_stacks)

    @property
    def early_show(self) -> bool:
        """Return whether the hands are being turned face up before the last deals (G6: ``Showdown.early``)."""
        return self.phase == SHOWDOWN and self.current.early


    @property
    def seats(self) -> tuple[Seat, ...]:
        """Return each seat as a frozen record."""
        invested, stacks = self.invested, self.stacks
        return tuple(Seat(self.names[i], stacks[i], invested[i], self.dead[i], self.hands[i], self.face_up[i],
                          self.shown[i], self.folded[i]) for i in range(self.n))
