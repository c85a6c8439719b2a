"""Judging a room's hand by the rules: replay it through the engine at its game's table, and compare (O1-O5).

The hand is played again at the table of its game, at the stakes, seats, stacks, forced bets and button its
history states. Every line must be a legal action; every pot and every amount collected must be what the rules
pay after the room's rake (O3); every shown hand must be what the room names it. A hand ends as exactly one of:

* ``verified``: the room played it as the rules say;
* ``disagrees``: a finding, with the line, what the rules say and what the room did, and the clause;
* ``refused``: the judgement cannot be made (a cancelled hand, a game the project does not play, a history that
  lacks what the judgement needs), with the reason in one line.

Money is exact (O5): every amount of a hand is a whole number of the hand's smallest unit (a cent, a chip), and
the engine counts in those units. Unknown cards stay unknown (O2).
"""

from __future__ import annotations

import functools
import json
from collections import defaultdict, deque
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any, Iterable, Mapping

from lowball.core.behaviours import AnteBy, Structure
from lowball.core.cards import Card
from lowball.core.games import GameTable, with_stakes
from lowball.core.refusals import Refusal
from lowball.engine.actions import Action, Kind
from lowball.engine.phases import BET, OVER, SHOWDOWN
from lowball.engine.rules.pots import halves, share
from lowball.engine.state import Hand
from lowball.errors import IllegalAction, LowballError, RulesError
from lowball.histories import dealer, labels
from lowball.histories.findings import Finding
from lowball.histories.games import load_table, table_name, unplayed
from lowball.histories.model import Event, EventKind, SiteHand

# The clauses of a room's history (O1-O5): the engine's own clauses come from the table.
HISTORY, UNKNOWN_CARDS, RAKE, DEPARTURES, MONEY = "O1", "O2", "O3", "O4", "O5"
POSTS = (EventKind.ANTE, EventKind.SMALL_BLIND, EventKind.BIG_BLIND, EventKind.POST)
IN_HAND = POSTS + (EventKind.BRING_IN, EventKind.DEAL, EventKind.FOLD, EventKind.CHECK, EventKind.CALL,
                   EventKind.BET, EventKind.RAISE, EventKind.COMPLETE, EventKind.DISCARD, EventKind.STAND_PAT,
                   EventKind.SHOW)


# The refusals that say a history is malformed (bad input: ``lowball import`` exits 2), not merely that it lacks
# what the judgement needs or holds a game no table plays.
MALFORMED = frozenset({"unread-line", "cut-short", "discard-count", "deal-count", "no-total", "paid", "posts-twice",
                       "no-seat", "no-amount"})


class Status(StrEnum):
    """How a hand's judgement ends."""

    VERIFIED = "verified"
    DISAGREES = "disagrees"
    REFUSED = "refused"


@dataclass(frozen=True, kw_only=True)
class Judgement:
    """A hand's judgement: its status, the finding or refusal, and what was replayed (for PHH and narration)."""

    site_hand: SiteHand
    status: Status
    finding: Finding | None = None
    table: GameTable | None = None
    hand: Hand | None = None                       # the engine's replay, as far as it went
    names: tuple[str, ...] = ()                    # the players, p1 first (the dealer's left)
    unit: Decimal = Decimal(1)
    collected: Mapping[str, Decimal] = field(default_factory=dict)
    rake: Decimal | None = None
    pot: Decimal | None = None
    # Each line of the history the replay reached, with how many of the engine's narration events had been told
    # when its own action began and once it was carried out: the events before the first count are the dealer's
    # steps the line waited for, the rest what the rules did with the line.
    steps: tuple[tuple[Event, int, int], ...] = ()

    @property
    def malformed(self) -> bool:
        """Return whether the hand was refused because its history is malformed (bad input)."""
        return self.status is Status.REFUSED and self.finding is not None and self.finding.key in MALFORMED

    def paid_line(self, lang: str = "en") -> str | None:
        """Return what the room raked and paid, in words, for a verified hand (None otherwise): the story's end."""
        if self.status is not Status.VERIFIED or self.pot is None:
            return None
        paid = ", ".join(f"{name} {self.collected[name]}" for name in self.names if self.collected.get(name))
        return Finding("paid-as-ruled", RAKE, {"rake": self.rake or 0, "pot": self.pot, "paid": paid}).text(lang)

    def reason(self, lang: str = "en") -> str | None:
        """Return why the hand disagrees or is refused, in words (None when it is verified)."""
        return self.finding.text(lang) if self.finding is not None else None


class TableMemory:
    """What the hands of one table have stated about its stakes, for the hands of it that do not: a bring-in, which
    a hand states only when someone brings it in (a hand whose bring-in player completes at once never says it).

    >>> memory = TableMemory(); memory.note(("PokerStars", "Dawn II", ("0.04", "0.08")), Decimal("0.02"), "35874487284")
    >>> memory.bring_in(("PokerStars", "Dawn II", ("0.04", "0.08")))
    (Decimal('0.02'), '35874487284')
    """

    def __init__(self) -> None:
        self._bring_ins: dict[tuple, tuple[Decimal, str]] = {}

    def note(self, table: tuple, bring_in: Decimal, hand: str) -> None:
        """Remember the bring-in a hand of ``table`` states."""
        self._bring_ins.setdefault(table, (bring_in, hand))

    def bring_in(self, table: tuple) -> tuple[Decimal, str] | None:
        """Return the bring-in an earlier hand of ``table`` stated, and that hand's number (None: none did)."""
        return self._bring_ins.get(table)


class _Stop(Exception):
    """The judgement is made before the end of the replay: a refusal or a finding."""

    def __init__(self, status: Status, finding: Finding):
        super().__init__(finding.key)
        self.status, self.finding = status, finding


def _refuse(key: str, clause: str = "", line: int | None = None, **fields: Any) -> _Stop:
    return _Stop(Status.REFUSED, Finding(key, clause, fields, line))


def _disagree(key: str, clause: str = "", line: int | None = None, **fields: Any) -> _Stop:
    return _Stop(Status.DISAGREES, Finding(key, clause, fields, line))


def _in_money(finding: Finding, unit: Decimal) -> Finding:
    return Finding(finding.key, finding.clause, finding.fields, finding.line, unit)


def judge(site_hand: SiteHand, memory: TableMemory | None = None) -> Judgement:
    """Return the judgement of one hand of a room's history.

    >>> from lowball.histories.pokerstars import read_hand
    >>> lines = '''PokerStars Hand #1:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:24:42 ET
    ... Table 'T' 8-max
    ... Seat 1: Ann ($1 in chips)
    ... Seat 2: Bob ($1 in chips)
    ... Ann: posts the ante $0.01
    ... Bob: posts the ante $0.01
    ... *** 3rd STREET ***
    ... Dealt to Ann [Kc]
    ... Dealt to Bob [2d]
    ... Ann: brings in for $0.02
    ... Bob: folds
    ... Uncalled bet ($0.02) returned to Ann
    ... Ann collected $0.02 from pot
    ... *** SUMMARY ***
    ... Total pot $0.02 | Rake $0'''.splitlines()
    >>> judge(read_hand(list(enumerate(lines, start=1)), "f.txt")).status
    <Status.VERIFIED: 'verified'>
    """
    replay = _Replay(site_hand, memory or TableMemory())
    try:
        replay.run()
    except _Stop as stop:
        return replay.judgement(stop.status, _in_money(stop.finding, Decimal(1) / replay.scale))
    return replay.judgement(Status.VERIFIED, None)


class _Replay:
    """One hand replayed line by line through the engine, and checked against what the room says."""

    def __init__(self, site_hand: SiteHand, memory: TableMemory):
        self.site = site_hand
        self.memory = memory
        self.table: GameTable | None = None
        self.hand: Hand | None = None
        self.names: tuple[str, ...] = ()
        self.scale = 1
        self.dealt: dict[str, deque[tuple[Card | None, ...]]] = defaultdict(deque)
        self.board: deque[tuple[Card | None, ...]] = deque()
        self.shows: dict[str, Event] = {}
        self.shown: dict[str, Event] = {}      # the shows carried out, by player
        self.mucks: dict[str, Event] = {}
        self.returns: list[Event] = []
        self.collects: list[Event] = []
        self.steps: list[tuple[Event, int, int]] = []
        self.own: int | None = None            # where the narration of a line's own action begins
        self.current: Event | None = None      # the line being carried out

    # ---- the result ----

    def judgement(self, status: Status, finding: Finding | None) -> Judgement:
        site = self.site
        collected: dict[str, Decimal] = defaultdict(Decimal)
        for event in self.collects:
            collected[event.player] += event.amount
        return Judgement(site_hand=site, status=status, finding=finding, table=self.table, hand=self.hand,
                         names=self.names, unit=Decimal(1) / self.scale, collected=dict(collected), rake=site.rake,
                         pot=self.gross_pot(), steps=tuple(self.steps))

    def gross_pot(self) -> Decimal | None:
        """Return the room's pot before the rake (O3): some rooms print it after."""
        site = self.site
        if site.total_pot is None:
            if not site.finishing or not self.collects:
                return None
            # Kings Club states no pot: what it paid and raked is the pot, and each stack after the hand says the rest.
            return sum((event.amount for event in self.collects), Decimal(0)) + (site.rake or 0)
        return site.total_pot + (site.rake or 0) if site.pot_after_rake else site.total_pot

    def chips(self, amount: Decimal) -> int:
        return int(amount * self.scale)

    def money(self, chips: int) -> str:
        """Return chips of the hand's unit as the room's money (``1.94``), or as chips (``1,500``)."""
        if self.scale == 1:
            return f"{chips:,}"
        unit = Decimal(1) / self.scale
        return str((Decimal(chips) * unit).quantize(unit))

    # ---- the replay ----

    def run(self) -> None:
        site = self.site
        if any(event.kind is EventKind.CANCELLED for event in site.events):
            raise _refuse("cancelled", DEPARTURES)
        if site.unread:
            number, text = site.unread[0]
            raise _refuse("unread-line", HISTORY, number, text=text)
        if site.unsupported:
            number, key = site.unsupported[0]
            raise _refuse(key, DEPARTURES, number)
        self.table = self._table()
        self._seat_players()
        self._start()
        for event in site.events:
            self.own, self.current = None, event
            self._event(event)
            told = len(self.hand.events)
            self.steps.append((event, told if self.own is None else self.own, told))
        self._finish()

    def _table(self) -> GameTable:
        site = self.site
        name = unplayed(site.game)
        if name is not None:
            raise _refuse("unplayed-game", HISTORY, game=name)
        found = table_name(site.game, site.structure, site.site)
        if found is None:
            raise _refuse("unknown-game", HISTORY, game=site.game, structure=site.structure or "?")
        try:
            self.table_name = found
            return load_table(found)
        except RulesError as err:
            raise _refuse("no-table", HISTORY, game=found, error=str(err)) from None

    def _seat_players(self) -> None:
        """Find who was dealt in (anyone who posts, is dealt to or acts), from the dealer's left (O1)."""
        site = self.site
        playing = {event.player for event in site.events if event.kind in IN_HAND}
        seats = [seat for seat in site.seats if seat.player in playing]
        unseated = playing - {seat.player for seat in seats}
        if unseated:
            raise _refuse("no-seat", HISTORY, who=sorted(unseated)[0])
        if len(seats) < 2:
            raise _refuse("too-few", HISTORY, players=len(seats))
        if site.button is not None:
            top = max(seat.number for seat in site.seats) + 1
            seats.sort(key=lambda seat: (seat.number - site.button - 1) % max(top, site.max_seats or 0, 1))
        else:
            seats.sort(key=lambda seat: seat.number)
        self.seats = seats
        self.names = tuple(seat.player for seat in seats)
        amounts = [seat.stack for seat in site.seats] + [e.amount for e in site.events if e.amount is not None] + \
            [e.to for e in site.events if e.to is not None] + list(site.stakes) + list(site.pots) + \
            [x for x in (site.total_pot, site.rake) if x is not None]
        places = max((-amount.as_tuple().exponent for amount in amounts), default=0)
        self.scale = 10 ** max(places, 0)

    def _stakes(self) -> dict[str, Any]:
        """Return the table keys of the stakes the history states: the bets, the antes, blinds and bring-in, and the
        posts of players who join or return (O4): live, seat by seat (``forced.seat_posts``), their dead part the
        seat's ante (``forced.seat_antes``)."""
        site, table = self.site, self.table
        posted: dict[EventKind, dict[str, Event]] = defaultdict(dict)
        for event in site.events:
            if event.kind in POSTS or event.kind is EventKind.BRING_IN:
                if event.player in posted[event.kind]:
                    raise _refuse("posts-twice", HISTORY, event.line, who=event.player)
                posted[event.kind][event.player] = event
        stakes: dict[str, Any] = {}
        blinds, joining = self._blinds(posted)
        joining += list(posted[EventKind.POST].values())
        seen: set[str] = set()
        for event in joining:                       # O4: one post a player, live and dead together
            if event.player in seen:
                raise _refuse("posts-twice", HISTORY, event.line, who=event.player)
            seen.add(event.player)
        dead = {event.player: self.chips(event.dead) for event in joining if event.dead}
        antes = posted[EventKind.ANTE]
        if antes or dead:
            full = max((event.amount for event in antes.values()), default=Decimal(0))
            short = [e for e in antes.values() if e.amount < full and not e.all_in]
            if short:
                raise _disagree("ante-short", DEPARTURES, short[0].line, who=short[0].player)
            if set(antes) == set(self.names) and not dead:
                stakes["forced.ante"], stakes["forced.ante_by"] = self.chips(full), AnteBy.EVERY_PLAYER.value
                stakes["forced.seat_antes"] = []
            else:
                stakes["forced.ante"], stakes["forced.ante_by"] = 0, AnteBy.BY_SEAT.value
                stakes["forced.seat_antes"] = [(self.chips(antes[name].amount) if name in antes else 0) +
                                               dead.get(name, 0) for name in self.names]
        elif table.ante:
            stakes["forced.ante"] = 0
        if blinds or table.blinds:
            stakes["forced.blinds"] = blinds
        if joining:
            posts = {event.player: self.chips(self._nominal(event)) for event in joining}
            stakes["forced.seat_posts"] = [posts.get(name, 0) for name in self.names]
        if table.bring_in or posted[EventKind.BRING_IN]:
            stakes["forced.bring_in"] = self.chips(self._bring_in(posted[EventKind.BRING_IN]))
        if table.structure is Structure.FIXED_LIMIT:
            if len(site.stakes) < 2:
                raise _refuse("no-stakes", HISTORY)
            stakes["small_bet"], stakes["big_bet"] = self.chips(site.stakes[0]), self.chips(site.stakes[1])
        else:
            stakes["small_bet"] = blinds[-1] if blinds else self.chips(site.stakes[-1]) if site.stakes else 0
            if not stakes["small_bet"]:
                raise _refuse("no-stakes", HISTORY)
        return stakes

    def _bring_in(self, posted: Mapping[str, Event]) -> Decimal:
        """Return the bring-in: as this hand's bring-in line states it, or an earlier hand of the table (L4)."""
        site = self.site
        table = (site.site, site.table, tuple(str(amount) for amount in site.stakes))
        bring = next(iter(posted.values()), None)
        if bring is not None and not bring.all_in:
            self.memory.note(table, bring.amount, site.number)
            return bring.amount
        known = self.memory.bring_in(table)
        if known is not None:
            return known[0]
        if bring is not None:
            return bring.amount
        raise _refuse("no-bring-in", HISTORY)

    def _blinds(self, posted: Mapping[EventKind, Mapping[str, Event]]) -> tuple[list[int], list[Event]]:
        """Return the blinds posted, [small, big], and the big blinds posted from other seats than the big blind's:
        posts of players who join or return (O4). Refuse a history whose blinds are not where the rules put them
        (the first two seats on the dealer's left; heads-up the dealer posts the small, K3)."""
        small, big = posted[EventKind.SMALL_BLIND], posted[EventKind.BIG_BLIND]
        if not small and not big:
            return [], []
        n = len(self.names)
        small_seat, big_seat = (1, 0) if n == 2 else (0, 1)
        joining = [event for name, event in big.items() if self.names.index(name) != big_seat]
        if len(big) > 1 and len(joining) == len(big) - 1:      # the big blind in its seat; the others join (O4)
            big = {name: event for name, event in big.items() if event not in joining}
        else:
            joining = []
        if len(big) != 1 or len(small) > 1:
            event = next(iter({**small, **big}.values()))
            raise _refuse("blinds-count", DEPARTURES, event.line, small=len(small), big=len(big))
        (big_event,) = big.values()
        if not small:
            raise _refuse("no-small-blind", DEPARTURES, big_event.line)
        (small_event,) = small.values()
        if self.names.index(small_event.player) != small_seat or self.names.index(big_event.player) != big_seat:
            raise _refuse("blinds-out-of-place", DEPARTURES, small_event.line)
        site = self.site
        if self.table.structure is not Structure.FIXED_LIMIT and len(site.stakes) == 2:
            for event, stated in zip((small_event, big_event), site.stakes):   # the header states the blinds (K3)
                if event.amount != stated and not event.all_in:
                    raise _disagree("post-header", self.table.clauses["forced"], event.line, text=event.text,
                                    who=event.player, rules=self.money(self.chips(stated)))
        return [self.chips(self._nominal(small_event)), self.chips(self._nominal(big_event))], joining

    def _nominal(self, event: Event) -> Decimal:
        """Return a blind's full size: what was posted, or for a short all-in the header's (K3); a joining player's
        post is the big blind (O4)."""
        if not event.all_in:
            return event.amount
        site = self.site
        big = site.stakes[0] if self.table.structure is Structure.FIXED_LIMIT else site.stakes[-1]
        if event.kind in (EventKind.BIG_BLIND, EventKind.POST) or len(self.table.blinds) < 2:
            return big
        small, full = self.table.blinds[:2]                 # the table's own proportion of the blinds (K3)
        return big * small / full

    def _start(self) -> None:
        """Seat the players at the table at the history's stakes, and check every forced bet it posted."""
        try:
            self.table = _at_stakes(self.table_name, json.dumps(self._stakes(), sort_keys=True))
        except RulesError as err:
            raise _refuse("stakes", HISTORY, error=str(err).split(": ", 1)[-1]) from None
        stacks = [self.chips(seat.stack) for seat in self.seats]
        try:
            self.hand = Hand(stacks, table=self.table, names=list(self.names), replay=True)
        except IllegalAction as err:
            refusal: Refusal | None = getattr(err, "refusal", None)
            raise _disagree("cannot-start", refusal.clause if refusal else "", self.site.line,
                            rule=_rule_words(err)) from None
        put_in = defaultdict(Decimal)
        last: dict[str, Event] = {}
        for event in self.site.events:
            if event.kind in POSTS:
                put_in[event.player] += event.amount + event.dead
                last[event.player] = event
        for seat, name in enumerate(self.names):
            if name in put_in and self.chips(put_in[name]) != self.hand.invested[seat]:
                event = last[name]
                raise _disagree("post", self.table.clauses["forced"], event.line, who=name, text=event.text,
                                rules=self.money(self.hand.invested[seat]))

    def _event(self, event: Event) -> None:
        kind, hand = event.kind, self.hand
        if kind in POSTS or kind in (EventKind.STREET, EventKind.CANCELLED):
            return
        if kind is EventKind.DEAL:
            self.dealt[event.player].append(event.cards or ())
            return
        if kind is EventKind.BOARD:
            self.board.append(event.cards or ())
            return
        if kind is EventKind.SHOW:
            self.shows[event.player] = event
            self._deal_and_show(event, eager=False)
            return
        if kind is EventKind.MUCK:
            self.mucks[event.player] = event
            self._deal_and_show(event, eager=False)
            return
        if kind is EventKind.RETURN:
            self.returns.append(event)
            return
        if kind is EventKind.COLLECT:
            self.collects.append(event)
            return
        self._deal_and_show(event)
        seat = self.names.index(event.player)
        action = self._action(event, seat)
        self.own = len(self.hand.events)
        self._apply(action, event)

    def _action(self, event: Event, seat: int) -> Action:
        """Return the engine's action for a player's line, checking the amounts the line states."""
        kind, hand = event.kind, self.hand
        if kind is EventKind.FOLD:
            return Action(Kind.FOLD, seat)
        if kind is EventKind.BRING_IN:
            return Action(Kind.BRING_IN, seat)
        if kind in (EventKind.DISCARD, EventKind.STAND_PAT):
            if kind is EventKind.STAND_PAT:
                return Action(Kind.DISCARD, seat, cards=())
            cards = event.cards if event.cards else (None,) * (event.count or 0)
            if event.count is not None and len(cards) != event.count:
                raise _refuse("discard-count", HISTORY, event.line, text=event.text)
            return Action(Kind.DISCARD, seat, cards=tuple(cards))
        if hand.phase != BET or hand.to_act is None:
            return Action(Kind.CHECK_OR_CALL, seat)        # refused by the engine, which says why
        bets = hand.current.bets
        if kind is EventKind.CHECK:
            return Action(Kind.CHECK_OR_CALL, seat)
        if kind is EventKind.CALL:
            owed = min(hand.owed(seat), hand.stacks[seat])
            stated = self._added(event, bets[seat])
            if stated is not None and stated != owed and hand.to_act == seat:
                raise _disagree("call-amount", self.table.clauses["turn"], event.line, who=event.player,
                                text=event.text, rules=self.money(owed))
            return Action(Kind.CHECK_OR_CALL, seat)
        to = self._to(event, bets[seat])
        return Action(Kind.BET_OR_RAISE, seat, amount=to)

    def _added(self, event: Event, already: int) -> int | None:
        """Return the chips a line says were added (its ``amount``, or its ``to`` less what was in already)."""
        if event.amount is not None and event.to is None:
            return self.chips(event.amount)
        if event.to is not None:
            return self.chips(event.to) - already
        return None

    def _to(self, event: Event, already: int) -> int:
        """Return the round's total a bet or raise goes to (``to``, or ``amount`` over what was in already)."""
        if event.to is not None:
            return self.chips(event.to)
        if event.amount is None:
            raise _refuse("no-amount", HISTORY, event.line, text=event.text)
        return already + self.chips(event.amount)

    def _apply(self, action: Action, event: Event | None) -> None:
        hand = self.hand
        try:
            hand.apply(action)
        except IllegalAction as err:
            refusal: Refusal | None = getattr(err, "refusal", None)
            line = event.line if event is not None else None
            raise _disagree("illegal", refusal.clause if refusal else "", line,
                            text=event.text if event is not None else str(action),
                            refusal=refusal or _rule_words(err)) from None

    def _check_returns(self) -> None:
        """Compare the bets the engine gave back (S1) with the room's ``returned`` lines, in order (a room that writes
        none is checked by its pot, its payouts and its stacks after the hand instead)."""
        if not self.site.returns_told:
            return
        engine = [told for told in self.hand.events if told.key == "uncalled"]
        for told, room in zip(engine, self.returns):
            who, amount = told.get("who"), told.get("amount")
            if room.player != who or self.chips(room.amount) != amount:
                raise _disagree("return", self.table.clauses["stack"], room.line, text=room.text, who=who,
                                rules=self.money(amount))
        if len(engine) > len(self.returns):
            told = engine[len(self.returns)]
            raise _disagree("return-missing", self.table.clauses["stack"], None, who=told.get("who"),
                            rules=self.money(told.get("amount")))
        if len(self.returns) > len(engine):
            event = self.returns[len(engine)]
            raise _disagree("return-extra", self.table.clauses["stack"], event.line, text=event.text)

    def _deal_and_show(self, upto: Event | None, eager: bool = True) -> None:
        """Let the dealer deal what is due from the cards the history named, and the players show what they
        showed, until a player must decide (or the hand waits for a show the history has not reached).

        ``eager``: deal cards the history has not named yet; a show is carried out without (the rooms write the
        later streets' cards after the hands shown when everyone is all in, G6), so that the deals it comes before
        take the cards their lines name."""
        hand = self.hand
        while hand.phase != OVER:
            step = dealer.due(hand)
            if step is not None:
                if step.kind == "board":
                    if not self.board and not eager:
                        return
                    shown = self.board.popleft() if self.board else None
                else:
                    queue = self.dealt.get(self.names[step.seat])
                    if not queue and not eager:
                        return
                    shown = self._from_show(step, queue.popleft() if queue else None)
                if step.up and (shown is None or len(shown) == step.count and None in shown[step.down:]):
                    raise _refuse("up-cards-unknown", UNKNOWN_CARDS, None, who=self.names[step.seat])
                try:
                    action = dealer.dealer_action(step, shown)
                except ValueError:
                    raise _refuse("deal-count", HISTORY, None, who=self.names[step.seat], count=step.count,
                                  shown=len(shown or ())) from None
                self._apply(action, None)
                continue
            if hand.phase == SHOWDOWN:
                if not self._show_next():
                    return
                continue
            if self._no_choice(upto):
                continue
            return

    def _mark(self, event: Event) -> None:
        """Note where the narration of the line being carried out begins (its show comes when the line does)."""
        if event is self.current:
            self.own = len(self.hand.events)

    def _no_choice(self, upto: Event | None) -> bool:
        """Check for a player whose only action is a check, where the history goes on without one: every other
        player is all in or has folded, so there is nothing to call and nobody to bet against, and the round is over
        as the rooms play it (S1). (A fold the room's table allows there, O4, gives the pot away: nobody makes it.)
        Return whether a check was made."""
        hand = self.hand
        if hand.phase != BET or hand.to_act is None or upto is not None and upto.player == self.names[hand.to_act]:
            return False
        legal = [action for action in hand.legal_actions() if action.kind != Kind.FOLD]
        if len(legal) != 1 or legal[0].kind != Kind.CHECK_OR_CALL or hand.owed(hand.to_act):
            return False
        self._apply(legal[0], None)
        return True

    def _from_show(self, step: dealer.Due, named: tuple | None) -> tuple | None:
        """Return the cards of a deal, each one the history does not name taken from the player's show where he
        has shown already (hands shown early, when everyone is all in, name the cards dealt after, G6), in the
        order the room lists them, which is the order they were dealt."""
        if step.kind != "deal":
            return named
        shown = self.shown.get(self.names[step.seat])
        if shown is None or named is not None and None not in named:
            return named
        held = set(self.hand.hands[step.seat]) | set(self.hand.community)
        spare = [card for card in shown.cards or () if card is not None and card not in held]
        cards = list(named) if named is not None and len(named) == step.count else \
            [None] * step.down + list(named) if named is not None else [None] * step.count
        if named is not None and len(named) not in (step.count, step.up):
            return named                           # a count the dealer refuses, as it is
        for at, card in enumerate(cards):
            if card is None and spare:
                cards[at] = spare.pop(0)
        return tuple(cards)

    def _show_next(self) -> bool:
        """Apply the next show or muck the history has reached; return False if none is due yet. A player who
        showed before the last cards were dealt (G6) shows again what his show named."""
        hand = self.hand
        for seat in list(hand.current.showing):
            name = self.names[seat]
            if name not in self.shows and name in self.shown:
                self.shows[name] = self.shown[name]
            if name in self.shows:
                event = self.shows.pop(name)
                self.shown[name] = event
                held = hand.hands[seat]
                cards = _as_held(event.cards or (), held, hand.community)
                if None in held and len(cards) < len(held):       # a show before the last card, never shown (O2)
                    raise _refuse("unshown", UNKNOWN_CARDS, event.line, who=name)
                self._mark(event)
                self._apply(Action(Kind.SHOW, seat, cards=cards), event)
                return True
            if name in self.mucks:
                event = self.mucks.pop(name)
                self._mark(event)
                self._apply(Action(Kind.SHOW, seat, muck=True), event)
                return True
        return False

    def _finish(self) -> None:
        """Deal and show what is left, then compare the room's money with the rules' (O3)."""
        hand = self.hand
        self._deal_and_show(None)
        if hand.phase == SHOWDOWN:
            seat = hand.current.showing[0]
            raise _refuse("unshown", UNKNOWN_CARDS, None, who=self.names[seat])
        if hand.phase != OVER:
            waiting = self.names[hand.to_act] if hand.to_act is not None else None
            raise _refuse("cut-short", HISTORY, self.site.end_line, who=waiting or "-")
        self._check_returns()
        self._check_money()
        self._check_labels()

    # ---- money (O3, O5) ----

    def _check_money(self) -> None:
        site, hand = self.site, self.hand
        pot = hand.result.pot
        gross = self.gross_pot()
        clause = self.table.clauses["result"]
        if gross is None:
            raise _refuse("no-total", HISTORY)
        # A room that pays an uncalled bet back with what its owner collects counts it in its pot (Winamax).
        returned: dict[int, int] = defaultdict(int)
        if site.returns_in_pot:
            for told in hand.events:
                if told.key == "uncalled":
                    returned[self.names.index(told.get("who"))] += told.get("amount")
        if self.chips(gross) != pot + sum(returned.values()):
            raise _disagree("pot", clause, None, room=self.money(self.chips(gross)), rules=self.money(pot))
        rake = site.rake or Decimal(0)
        paid = sum((event.amount for event in self.collects), Decimal(0))
        if paid + rake != gross:
            raise _refuse("paid", RAKE, None, paid=str(paid), rake=str(rake), pot=str(gross))
        awards = _awards(hand.events)
        nets = self._nets(awards, pot, rake, sum(returned.values()))
        due: dict[int, int] = defaultdict(int, returned)
        for number, pot_awards in awards.items():
            net = nets[number]
            if len(pot_awards) == 2:
                cut = halves(net, True)
                parts = list(zip(pot_awards, cut))
            else:
                parts = [(pot_awards[0], net)]
            for (half, chips, winners), net_part in parts:
                by_card = self._odd_chip_card(half) if len(winners) > 1 else lambda seat: 0
                for seat, amount in share(net_part, winners, self.table.odd_chip, by_card).items():
                    due[seat] += amount
        room = defaultdict(int)
        for event in self.collects:
            room[self.names.index(event.player)] += self.chips(event.amount)
        for seat, name in enumerate(self.names):
            if room.get(seat, 0) != due.get(seat, 0):
                line = next((event.line for event in self.collects if event.player == name), None)
                raise _disagree("collected", clause, line, who=name, room=self.money(room.get(seat, 0)),
                                rules=self.money(due.get(seat, 0)))
        finishing = dict(site.finishing)
        for seat, name in enumerate(self.names):
            if name in finishing:
                rules = hand.starting_stacks[seat] - hand.invested[seat] + due.get(seat, 0) - returned.get(seat, 0)
                if self.chips(finishing[name]) != rules:
                    raise _disagree("finishing", clause, None, who=name, room=str(finishing[name]),
                                    rules=self.money(rules))

    def _nets(self, awards: Mapping[int, list[tuple[str, int, tuple[int, ...]]]], pot: int, rake: Decimal,
              returned: int = 0) -> dict[int, int]:
        """Return each pot after the rake: as the room lists its pots, or the one pot less the rake (O3). A room
        that pays an uncalled bet back as a pot of its own lists it last (``returned``): it is no pot of the rules."""
        site = self.site
        numbers = sorted(awards)
        listed = list(site.pots)
        if returned and len(listed) == len(numbers) + 1 and self.chips(listed[-1]) == returned:
            listed.pop()
        if len(numbers) == 1:
            return {numbers[0]: pot - self.chips(rake)}
        if len(listed) != len(numbers):
            raise _refuse("pots-unlisted", RAKE, None, pots=len(numbers), listed=len(listed))
        nets = {number: self.chips(amount) for number, amount in zip(numbers, listed)}
        for number in numbers:
            gross = sum(chips for _, chips, _ in awards[number])
            if nets[number] > gross:
                raise _disagree("pot-grows", RAKE, None, pot=number, room=self.money(nets[number]),
                                rules=self.money(gross))
        return nets

    def _odd_chip_card(self, half: str):
        if not self.table.odd_chip.by_card:
            return None
        from lowball.engine.showdown import odd_chip_card

        side = next(side for side in self.table.sides if side.half == half) if half != "whole" \
            else self.table.sides[0]
        return lambda seat: odd_chip_card(self.hand, side, seat)

    # ---- shown hands ----

    def _check_labels(self) -> None:
        for event in list(self._shown_events()):
            if event.label is None:
                continue
            found = labels.disagreement(event.label, event.cards or (), self.hand)
            if found is not None:
                raise _disagree("label", self.table.clauses["ranking"], event.line, who=event.player,
                                label=event.label, rules=found)

    def _shown_events(self) -> Iterable[Event]:
        return (event for event in self.site.events if event.kind is EventKind.SHOW)


@functools.lru_cache(maxsize=512)
def _at_stakes(name: str, stakes: str) -> GameTable:
    """Return the table ``name`` at the stakes of a history (JSON of its keys), loaded once for a session's hands."""
    return with_stakes(load_table(name), json.loads(stakes))


def _as_held(shown: tuple[Card | None, ...], held: list[Card | None], community: list[Card]) -> tuple:
    """Return the cards of a show that the player holds now. A room may list a stud hand's seven cards when the
    engine shows the hands early, before the last cards are dealt (G6), or only the down cards, the up cards being
    in its deal lines; the unknown ones are taken from the show in the order the room lists them, which is the
    order they were dealt. A show that cannot fill them is left as it is, for the engine to refuse."""
    known = [card for card in held if card is not None]
    fresh = [card for card in shown if card is not None and card not in known and card not in community]
    need = held.count(None)
    if len(fresh) >= need and (len(fresh) > need or len(shown) != len(held)):
        return tuple(known) + tuple(fresh[:need])
    return tuple(shown)


def _awards(events: Iterable[Any]) -> dict[int, list[tuple[str, int, tuple[int, ...]]]]:
    """Return what the engine awarded, by pot: each half's chips and winners (the engine's narration events)."""
    awards: dict[int, list[tuple[str, int, tuple[int, ...]]]] = defaultdict(list)
    for told in events:
        if told.key in ("win", "split", "fold-win"):
            awards[told.get("pot_number", 0)].append((told.get("half", "whole"), told.get("pot"),
                                                      tuple(told.get("seats", ()))))
    return awards


def _rule_words(err: LowballError) -> str:
    return str(getattr(err, "reason", None) or err)
