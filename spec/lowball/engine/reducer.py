"""The hand as one pure function: ``apply(state, action) -> (state, events)``, composed of the phase reducers.

forced bets (T2, K3, F4) -> the table's streets in order: deal (T6, L3), bet
(B1, K5, L5), draw (D1, K8) -> showdown (S1, L2) -> settle (S2, S3, G6).

``apply`` checks the action against the rules (``InvalidAction`` for text
that is no action, ``IllegalAction`` naming the clause it breaks) and returns
the state after it, with the events that tell what happened; the state it was
given is frozen and stays as it was. The rules of each phase live in its own
module (``dealing``, ``betting``, ``drawing``, ``showdown``), each a reducer of
its own frozen state; this module moves the hand between them. Within one call
the phases work on a ``Draft``: a working copy of the state, thawed once and
frozen once (the state's containers are tuples; a draft's are lists).

>>> from lowball.core.games import load_game_table
>>> state, events = start(load_game_table(), [13, 13], deal_by_hand=False)
>>> after, told = apply(state, "p1 cbr 1")
>>> state.stacks, after.stacks, [e.key for e in told]
((12, 12), (11, 12), ['bet'])
"""

from __future__ import annotations

from typing import Sequence

from lowball.core.behaviours import NobodyOpens, StreetKind
from lowball.core.cards import Card, deck_of
from lowball.core.games import GameTable, Street
from lowball.core.ops import PY
from lowball.core.rankings import ranking_system
from lowball.core.refusals import Refusal
from lowball.engine import betting, dealing, drawing, forced, openers, showdown
from lowball.engine.actions import Action, check_fields, parse_action
from lowball.engine.events import Event, event
from lowball.engine.hand_state import HandResult, HandState, Reads, Setup
from lowball.engine.phases import BET, DEAL, DRAW, OVER, PHASES, SHOWDOWN
from lowball.engine.rules import forced_bets
from lowball.engine.stub import REDEAL_STREAM, Stub, shuffle
from lowball.errors import IllegalAction


def refuse(action: Action, reason: str | Refusal) -> IllegalAction:
    """Return the error for an illegal ``action``: ``.reason`` holds the rule in words without the action text,
    and ``.refusal`` the rule as data when the phase names it (``core.refusals``: the words in either language)."""
    refusal = reason if isinstance(reason, Refusal) else None
    return _illegal(reason.text() if refusal is not None else reason, refusal, f"{action}: ")


def refused(refusal: Refusal) -> IllegalAction:
    """Return the error for a hand that cannot be built or an action nobody at the table can take: the words of
    ``refusal`` (English), with the refusal as data on ``.refusal`` (``core.refusals``: either language)."""
    return _illegal(refusal.text(), refusal)


def _illegal(text: str, refusal: Refusal | None, prefix: str = "") -> IllegalAction:
    """Return ``IllegalAction`` worded ``prefix + text``, the rule's words on ``.reason``, the rule on ``.refusal``."""
    error = IllegalAction(prefix + text)
    error.reason = text
    error.refusal = refusal
    return error


# ---- the pure functions ----

def start(table: GameTable, stacks: Sequence[int], names: Sequence[str] | None = None, *,
          stub: Stub | None = None, seed: int = 0, narrate: bool = True,
          deal_by_hand: bool = True) -> tuple[HandState, tuple[Event, ...]]:
    """Return a new hand's first state, the forced bets posted (T2, K3, F4), and the events that told them.

    ``stub``: the cards, in a known order or not (``Stub.unknown``: a replayed history), the table's deck in
    order if not given; ``deal_by_hand=False``: the dealer's first steps are taken too (``advance``). The caller
    has checked the stacks and names (``state.check_can_start``).
    """
    names = tuple(names) if names is not None else tuple(f"p{i + 1}" for i in range(len(stacks)))
    stub = stub if stub is not None else Stub.ordered(deck_of(table.deck_cards), seed)
    setup = Setup(table=table, names=names, starting_stacks=tuple(stacks),
                  deck_at_start=stub.order or (), seed=seed, replayed=stub.order is None, narrate=narrate,
                  system=ranking_system(table.ranking))
    draft = Draft.new(setup, stub)
    draft.first_round = forced.post_forced(draft)
    draft.next_street()
    if not deal_by_hand:
        draft.advance()
    return draft.freeze(), tuple(draft.events)


def apply(state: HandState, action: Action | str) -> tuple[HandState, tuple[Event, ...]]:
    """Return the state after ``action`` and the events it caused, or raise ``InvalidAction`` (no action) or
    ``IllegalAction`` (the rule it breaks); ``state`` is frozen, so it is as it was either way."""
    draft = Draft(state)
    draft.carry_out(checked(state, action))
    return draft.freeze(), tuple(draft.events)


def play(state: HandState, action: Action | str, advance: bool = True
         ) -> tuple[HandState, tuple[Event, ...], tuple[Action, ...]]:
    """Return the state after ``action`` and, with ``advance``, the dealer's steps after it (``advance``), the
    events, and the action as checked followed by those steps: ``apply`` and ``advance`` in one step."""
    draft = Draft(state)
    action = checked(state, action)
    draft.carry_out(action)
    steps = draft.advance() if advance else []
    return draft.freeze(), tuple(draft.events), (action, *steps)


def advance(state: HandState) -> tuple[HandState, tuple[Event, ...], tuple[Action, ...]]:
    """Return the state after the dealer's steps (dealing from a known stub, showing down) up to a player's
    decision, the events, and the steps taken."""
    if state.phase == OVER or state.to_act is not None:
        return state, (), ()                   # a player decides: nothing for the dealer to do
    draft = Draft(state)
    steps = draft.advance()
    return draft.freeze(), tuple(draft.events), tuple(steps)


def checked(state: Reads, action: Action | str) -> Action:
    """Return ``action`` as an ``Action`` if the rules allow it now, else raise ``InvalidAction`` (no action at all)
    or ``IllegalAction`` (the rule it breaks)."""
    if state.phase == BET and betting.listed_now(state.current, action):
        return action                          # the very action ``legal_actions`` built: legal as it is
    if isinstance(action, str):
        action = parse_action(action)          # text that is no action: InvalidAction
    check_fields(action)
    if action.seat >= state.n:
        raise refuse(action, Refusal("no-such-seat", state.table.clauses["players"],
                                     {"seat": action.seat + 1, "players": state.n}))
    why = state.refusal(action)
    if why:
        raise refuse(action, why)
    return action


def _put(values: tuple, at: int, value: object) -> tuple:
    """Return ``values`` with the one at ``at`` replaced: how a draft changes a seat's field (each is a tuple)."""
    return values[:at] + (value,) + values[at + 1:]


class Draft(Reads):
    """A working copy of a ``HandState`` that the phase reducers change for the length of one call (``apply``,
    ``advance``): its fields are the state's, reassigned as it changes (each field a tuple, never changed in place,
    so nothing is copied to start a draft or to freeze it), and ``freeze`` returns the next frozen state."""

    __slots__ = ("setup", "behind", "in_round", "dead", "hands", "face_up", "shown", "folded", "contenders",
                 "community", "stub", "street_index", "phase", "current", "first_bettors", "bring_in_seat",
                 "checks", "redeals", "first_round", "result", "events")

    def __init__(self, state: HandState | None = None):
        if state is None:
            return
        (self.setup, self.behind, self.in_round, self.dead, self.hands, self.face_up, self.shown, self.folded,
         self.contenders, self.community, self.stub, self.street_index, self.phase, self.current, self.first_bettors,
         self.bring_in_seat, self.checks, self.redeals, self.first_round, self.result) = state
        self.events: list[Event] = []

    @classmethod
    def new(cls, setup: Setup, stub: Stub) -> "Draft":
        """Return the draft of a hand before its forced bets: nothing dealt, nobody folded."""
        draft = cls()
        n = setup.n
        draft.setup = setup
        draft.behind = setup.starting_stacks
        draft.in_round = False
        draft.dead = (0,) * n
        draft.hands, draft.face_up, draft.shown = ((),) * n, ((),) * n, (frozenset(),) * n
        draft.folded = (False,) * n
        draft.contenders = tuple(range(n))
        draft.community = ()
        draft.stub = stub
        draft.street_index = -1
        draft.phase, draft.current = DEAL, None
        draft.first_bettors = ()
        draft.bring_in_seat = None
        draft.checks = ()
        draft.redeals = 0
        draft.first_round = None
        draft.result = None
        draft.events = []
        return draft

    def freeze(self) -> HandState:
        """Return the draft as a frozen state."""
        return HandState(self.setup, self.behind, self.in_round, self.dead, self.hands, self.face_up, self.shown,
                         self.folded, self.contenders, self.community, self.stub, self.street_index, self.phase,
                         self.current, self.first_bettors, self.bring_in_seat, self.checks, self.redeals,
                         self.first_round, self.result)

    @property
    def stacks(self) -> tuple[int, ...] | list[int]:
        """Return each seat's chips behind (the betting round's while one runs: the chips live in one place)."""
        return self.current.state.stacks if self.in_round else self.behind

    # ---- one action ----

    def carry_out(self, action: Action) -> None:
        """Change the state by an action already found legal (the phase's reducer), then end the phase if it is
        over."""
        self.current = PHASES[self.phase].apply(self, self.current, action)
        self.settle_phase()

    def advance(self) -> list[Action]:
        """Take the automatic steps (dealing from a known stub, showing down) until a player must decide; return
        them."""
        steps = []
        while self.phase != OVER and self.to_act is None:
            for action in PHASES[self.phase].legal(self, self.current):
                if not action.muck:            # nobody mucks for a player
                    break
            else:
                break             # a replayed hand: the history names the next cards
            steps.append(action)
            self.carry_out(action)    # the engine's own legal action: nothing to check again
        return steps

    # ---- moving through the streets ----

    def settle_phase(self) -> None:
        """After an action: finish the phase if it is over, and start the next street."""
        if self.phase == OVER:
            return
        if len(self.contenders) == 1:
            if self.in_round:
                self.finish_round()
            showdown.settle_fold(self)
            return
        if not PHASES[self.phase].over(self, self.current):
            return
        if self.phase == BET:
            self.end_round()
        elif self.phase != SHOWDOWN:
            self.next_street()               # the deal or the draw is done
        elif self.current.early:
            self.street_index -= 1                # deal the street the show came before
            self.next_street()
        else:
            showdown.settle(self)

    def finish_round(self) -> None:
        """End the betting round: a bet nobody matched goes back (S1), and the chips go back to the seats."""
        self.current = betting.finish(self, self.current)
        self.behind = tuple(self.current.state.stacks)
        self.in_round = False

    def end_round(self) -> None:
        rnd = self.current
        self.finish_round()
        self.first_bettors += (rnd.first_bettor,)
        checked_through = not rnd.opened and rnd.number == 0
        if checked_through and self.table.nobody_opens is NobodyOpens.REDEAL and self.may_redeal():
            self.redeal()
            return
        if self.narrate:
            key = "round-over-called" if rnd.level else "round-over-checked"   # a bring-in or a blind was matched
            self.tell(key, clause=self.table.clauses["round_end"])
        self.next_street()

    def next_street(self) -> None:
        self.street_index += 1
        streets = self.table.streets
        while self.street_index < len(streets):
            street = streets[self.street_index]
            if street.kind is StreetKind.DEAL:
                if self.all_in_show_due():
                    # The betting is over for good (everyone but one is all in) and only deals remain: the hands
                    # are turned face up before the rest is dealt (G6; pokerkit does the same in stud).
                    self.phase, self.current = SHOWDOWN, showdown.start(self, early=True)
                    return
                self.phase, self.current = DEAL, dealing.start(self, street)
                if not dealing.over(self, self.current):
                    return
            elif street.kind is StreetKind.BET:
                if self.start_round(street):
                    return
            else:
                self.stub = self.stub.new_pile()       # a draw's first step is always a player's discard
                self.phase, self.current = DRAW, drawing.start(self, street, len(self.stub.discards) - 1)
                if not drawing.over(self, self.current):
                    return
            self.street_index += 1
        self.phase, self.current = SHOWDOWN, showdown.start(self)
        if not self.current.showing:
            showdown.settle(self)

    def start_round(self, street: Street) -> bool:
        """Start a betting round; return False when nobody can bet (everyone but one is all in)."""
        number = len(self.first_bettors)
        if number == 0 and self.table.bring_in:
            self.bring_in_seat = openers.bring_in_seat(self, self.table.bring_in_by)
        if number == 0:
            fr = self.first_round
            rnd = betting.start(self, street, number, bets=list(fr.bets), forced_count=fr.count,
                                full_level=fr.full_level)
        else:
            rnd = betting.start(self, street, number)
        self.phase, self.current, self.in_round = BET, rnd, True
        if betting.over(self, rnd):
            self.first_bettors += (None,)
            self.finish_round()
            return False
        if self.narrate:
            self.tell_round_start(street, number, self.names[rnd.to_act])
            if rnd.rules.open_pair:               # Q4: a pair showing lets anyone bet the big bet this round
                self.tell("open-pair", who=self.names[openers.open_pair_seat(self)], big=rnd.rules.big,
                          clause=self.table.clauses["size"])
        return True

    def tell_round_start(self, street: Street, number: int, who: str) -> None:
        last = number == self.table.betting_rounds - 1
        rule = street.opener
        first = self.first_bettors[0] if self.first_bettors else None
        if rule.value == "first-round-opener" and number > 0:
            if first is None:
                self.tell("opens-checked", who=who, last=last, number=number, clause=street.clause)
            elif self.folded[first] or self.names[first] != who:      # folded, or all in: the next player opens
                self.tell("opens-next" if self.folded[first] else "opens-past-all-in", who=who,
                          opener=self.names[first], last=last, number=number, clause=street.clause)
            else:
                self.tell("opens-opener", who=who, last=last, number=number, clause=street.clause)
            return
        self.tell("round", round=number, rounds=self.table.betting_rounds, who=who, clause=street.clause)

    def all_in_show_due(self) -> bool:
        """Return whether the hands must be shown now: no betting is left and no draw (only deals) remains."""
        if not self.runout:                       # the usual case: someone can still bet
            return False
        later = self.table.streets[self.street_index:]
        return not any(s.kind is StreetKind.DRAW for s in later) \
            and any(not self.fully_shown(seat) for seat in self.contenders)

    def may_redeal(self) -> bool:
        """Return whether everyone can ante again (K4); otherwise the hand plays on (the redeals are bounded)."""
        return forced_bets.may_redeal(PY, self.stacks, self.table.ante)

    def redeal(self) -> None:
        """Nobody opened: collect the cards, reshuffle, ante again and deal again; the pot carries over (K4)."""
        full = deck_of(self.table.deck_cards)
        self.redeals += 1
        if self.stub.order is not None:
            order = list(full)
            # A stream of its own for each redeal of a seeded hand: the seed times a prime, plus the redeal's number,
            # never meets the streams of the hand's deal or its reshuffles (stub.RESHUFFLE_STREAM).
            shuffle(order, (self.stub.seed or 0) * REDEAL_STREAM + self.redeals)
            self.stub = Stub.ordered(order, seed=self.stub.seed)
        else:
            self.stub = Stub.unknown(full)
        n = self.n
        self.hands, self.face_up, self.shown = ((),) * n, ((),) * n, (frozenset(),) * n
        self.first_bettors = ()
        self.tell("redeal", count=self.redeals, clause=self.table.clauses["forced"])
        self.first_round = forced.post_forced(self)
        self.street_index = -1
        self.next_street()

    # ---- changes the phases make ----

    def put_in(self, seat: int, chips: int) -> None:
        """Move ``chips`` from a seat's stack into the pot (a forced bet: a betting round moves its own chips)."""
        assert not self.in_round, "a betting round moves its chips in its own state"
        self.behind = _put(self.behind, seat, self.behind[seat] - chips)

    def add_dead(self, seat: int, ante: int) -> None:
        """Count an ante a seat put in as dead money (V3, V9)."""
        self.dead = _put(self.dead, seat, self.dead[seat] + ante)

    def note_sevens_check(self, seat: int) -> None:
        """Record that ``seat`` checked a seven or better, with what everyone had put in by then (F7)."""
        self.checks += ((seat, self.invested),)

    def fold_seat(self, seat: int) -> None:
        """Fold a seat: its cards are set aside (they may come back only by the table's reshuffle rule)."""
        self.folded = _put(self.folded, seat, True)
        self.contenders = tuple(s for s in self.contenders if s != seat)
        self.stub = self.stub.fold(self.hands[seat])

    def burn(self, count: int) -> None:
        """Burn ``count`` cards off the stub (K8, L3)."""
        if count:
            self.stub = self.stub.burn(count)

    def deal_to(self, seat: int, cards: Sequence[Card | None], up: Sequence[bool]) -> None:
        """Give a seat dealt cards (checked unseen), face down or face up."""
        self.take(cards)
        self.hands = _put(self.hands, seat, self.hands[seat] + tuple(cards))
        self.face_up = _put(self.face_up, seat, self.face_up[seat] + tuple(up))

    def deal_community(self, cards: Sequence[Card]) -> None:
        """Deal the community card, face up, for everyone (L8)."""
        self.take(cards)
        self.community = self.community + tuple(cards)

    def set_aside(self, seat: int, cards: Sequence[Card | None]) -> None:
        """Take discarded cards out of a seat's hand and set them aside (D1: they never come back to it)."""
        held, up = list(self.hands[seat]), list(self.face_up[seat])
        for card in cards:
            at = held.index(card)
            held.pop(at)
            up.pop(at)
        self.hands, self.face_up = _put(self.hands, seat, tuple(held)), _put(self.face_up, seat, tuple(up))
        self.stub = self.stub.discard(cards)

    def serve(self, seat: int, cards: Sequence[Card | None]) -> None:
        """Give a seat its replacement cards (any burn or reshuffle due first is ``core.card_flow.serve``'s to say)."""
        self.take(cards)
        self.hands = _put(self.hands, seat, self.hands[seat] + tuple(cards))
        self.face_up = _put(self.face_up, seat, self.face_up[seat] + (False,) * len(cards))

    def reshuffle(self) -> None:
        """Shuffle the cards the table's rule brings back under the stub, and tell it (K9, P3, L8)."""
        self.stub = self.stub.reshuffle(self.table.runs_out)
        self.tell("reshuffle", clause=self.table.clauses["runs_out"])

    def take(self, cards: Sequence[Card | None]) -> None:
        if not self.stub.can_serve(len(cards)):     # the walk (core.card_flow) said the stub serves them: a bug
            raise AssertionError(f"{self.table.name}: the stub holds {self.stub.size} cards for {len(cards)}")
        self.stub = self.stub.take(cards)

    def show(self, action: Action) -> None:
        """Show or muck a hand, at the showdown or before it (L8)."""
        seat = action.seat
        showing = self.phase == SHOWDOWN and seat in self.current.showing
        if action.muck:
            self.fold_seat(seat)
            self.tell("muck", who=self.names[seat], clause=self.table.clauses["showdown"])
            if showing:
                self.current = showdown.shown(self.current, seat)
            return
        held = list(self.hands[seat])
        new = [card for card in action.cards if card is not None and card not in held and card not in self.community]
        for card in new:                  # name the cards that were dealt face down and unknown until now
            held[held.index(None)] = card
        if new:
            self.stub = self.stub.shown(new)
            self.hands = _put(self.hands, seat, tuple(held))
        self.shown = _put(self.shown, seat, frozenset(held))
        if None not in held:
            self.tell("show", who=self.names[seat], cards=tuple(held) + tuple(self.community),
                      systems=tuple(side.system for side in self.table.sides),
                      qualifiers=tuple(side.qualifier for side in self.table.sides))
        if showing and self.fully_shown(seat):
            self.current = showdown.shown(self.current, seat)

    def pay(self, shares: dict[int, int], showdown: bool) -> None:
        """Pay out the pot and end the hand (S3)."""
        finishing = list(self.behind)
        for seat, chips in shares.items():
            finishing[seat] += chips
        self.result = HandResult(starting_stacks=self.starting_stacks, finishing_stacks=tuple(finishing),
                                 pot=self.pot, winners=tuple(s for s, c in shares.items() if c), showdown=showdown,
                                 names=self.names)
        self.phase, self.current = OVER, None
        if self.narrate:
            for seat, change in enumerate(self.result.changes):
                self.tell("result", who=self.names[seat], change=change, clause=self.table.clauses["result"])

    def tell(self, key: str, **fields: object) -> None:
        """Record a narration event (skipped when ``narrate`` is off)."""
        if self.setup.narrate:
            self.events.append(event(key, **fields))
