"""Kings Club hand histories: cash games of draw (2-7 single and triple draw, A-5 single draw, badugi, badacey,
badeucey, 2-7 drawmaha) and stud (seven-card stud, high and high-low, razz, 2-7 razz), read line by line into a
``SiteHand`` (O1).

Kings Club writes a hand its own way: the header names the hand, the structure, the game and the stakes
(``#40201390: Limit Badacey - 22/44``), the date and the table follow on lines of their own; a player's action has
no colon (``Player0 raises to 60``) while a post has one (``Hero: posts ante 5.50``); a call names the round's total
(``calls 90`` after ``raises to 60``: 30 more), like a raise; the owner's draw is one line (``Hero discards [7h Qc]
draws [2h 9s]``), another player's a count (``Player1 draws 2``, O2). The summary gives each seat's stack after the
hand and its change, the rake, and what each winner took (``Hero wins (168) from pot``), but no total pot: what was
paid plus the rake is the pot (O3), and the stacks after the hand say the rest. Kings Club prints no line for an
uncalled bet given back. Stud exports before 2022 number the streets one lower than the cards dealt (the header
before the fourth card reads ``3RD STREET``); the streets' names are kept as written, and nothing is judged by them.

A hand run twice (the rest of the cards dealt two or more times after an all-in) is recognised by its lines:
``Run 1: ...`` before a show, two groups of new cards after ``draws``, or a second deal to a player on a draw street
(the room's older way of listing each run's cards); it is marked ``run-it-twice``, which no table plays.

Every line of a hand is read or reported: a line the reader does not know makes the hand ``refused`` with that
line named, never silently skipped.

>>> hand = read_hand([(1, "#41388325: Limit A-5 Single Draw - 50/100"), (2, "2021-02-13 17:40:45"),
...                   (3, "Table 'HU' Seat 1 is the button"), (4, "Seat 1: Ann (1,389)"), (5, "Seat 2: Bob (874)"),
...                   (6, "Ann: posts the small blind 25"), (7, "Bob: posts the big blind 50"),
...                   (8, "Ann raises to 100"), (9, "Bob calls 100")], "f.txt")
>>> hand.game, hand.structure, hand.stakes, hand.button, hand.date
('ace-to-five-single-draw', 'fixed-limit', (Decimal('50'), Decimal('100')), 1, '2021/02/13')
>>> [(event.kind.value, event.to) for event in hand.events[2:]]
[('raise', Decimal('100')), ('call', Decimal('100'))]
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Sequence

from lowball.errors import HistoryError
from lowball.histories.games import game_key
from lowball.histories.model import Event, EventKind, Seat, SiteHand
from lowball.histories.words import bracket_groups, cards_of, money, split_name

SITE = "Kings Club"
# The first line of a hand: its number, then the structure, the game and the stakes.
HEADER = re.compile(r"#\d+: .+ - [\d,.]+/[\d,.]+$")

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_HEAD = re.compile(r"#(?P<number>\d+): (?:(?P<structure>No Limit|Pot Limit|Fixed Limit|Limit) )?(?P<game>.+?) - "
                   rf"(?P<small>{_NUMBER})/(?P<big>{_NUMBER})$", re.I)
_STRUCTURE = {"limit": "fixed-limit", "fixed limit": "fixed-limit", "pot limit": "pot-limit", "no limit": "no-limit"}
_DATE = re.compile(r"(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2}) (?P<time>\d{1,2}:\d{2}:\d{2})")
_TABLE = re.compile(r"Table '(?P<name>[^']*)'(?: Seat (?P<button>\d+) is the button)?")
_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{_NUMBER})\)")
_STREET = re.compile(r"\*\*\* (?P<name>[^*]+?) \*\*\*(?P<cards>(?: \[[^\]]*\])*)")
_RUN = re.compile(r"Run \d+: .+")
_ALL_IN = re.compile(r", and is all in$")
# The summary: each seat's stack after the hand and its change, the rake, and what each winner took from which pot.
_FINISH = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{_NUMBER})\) (?P<sign>[+-]?)(?P<change>{_NUMBER})")
_RAKE = re.compile(rf"Rake (?P<rake>{_NUMBER})")
_WINS = re.compile(rf"wins (?:pot \((?P<whole>{_NUMBER})\)|\((?P<amount>{_NUMBER})\) from (?P<pot>pot|side pot \d+))")
# A player's line after the name (no colon): the kind, and whether its number is what was added or the total.
_ACTIONS = (
    (re.compile(rf"calls (?P<to>{_NUMBER})"), EventKind.CALL),
    (re.compile(rf"raises to (?P<to>{_NUMBER})"), EventKind.RAISE),
    (re.compile(rf"bets (?P<amount>{_NUMBER})"), EventKind.BET),
    (re.compile(rf"brings in for (?P<amount>{_NUMBER})"), EventKind.BRING_IN),
)
# A post (after the name and a colon); "posts blind" is a player joining or returning, posting out of turn (O4).
_POSTS = (
    (re.compile(rf"posts ante (?P<amount>{_NUMBER})"), EventKind.ANTE),
    (re.compile(rf"posts the small blind (?P<amount>{_NUMBER})"), EventKind.SMALL_BLIND),
    (re.compile(rf"posts the big blind (?P<amount>{_NUMBER})"), EventKind.BIG_BLIND),
    (re.compile(rf"posts blind (?P<amount>{_NUMBER})"), EventKind.POST),
)
_SIMPLE = {"folds": EventKind.FOLD, "checks": EventKind.CHECK, "stands pat": EventKind.STAND_PAT}
RUN_TWICE = "run-it-twice"


class _Reading:
    """The state of one hand being read: what the lines said so far, and where in the hand they are."""

    def __init__(self, first: int, file: str, last: int):
        self.fields: dict = dict(site=SITE, file=file, line=first, end_line=last)
        self.seats: list[Seat] = []
        self.names: list[str] = []
        self.events: list[Event] = []
        self.unread: list[tuple[int, str]] = []
        self.unsupported: list[tuple[int, str]] = []
        self.street: str | None = None          # the street header last seen
        self.summary = False
        self.finishing: list[tuple[str, Decimal]] = []
        self.pots: dict[str, Decimal] = {}


def read_hand(block: Sequence[tuple[int, str]], file: str) -> SiteHand:
    """Return one Kings Club hand read from its numbered lines."""
    first, header = block[0]
    head = _HEAD.match(header)
    if head is None:
        raise HistoryError(f"line {first}: not a Kings Club hand header: {header[:80]!r}")
    reading = _Reading(first, file, block[-1][0])
    structure = _STRUCTURE[head["structure"].lower()] if head["structure"] else None
    # The room's history names no currency (the files are dollars by their names only).
    reading.fields.update(number=head["number"], game=game_key(head["game"]), structure=structure,
                          stakes=(money(head["small"]), money(head["big"])))
    for number, line in block[1:]:
        if not line:
            continue
        try:
            if not _read_line(reading, number, line):
                reading.unread.append((number, line))
        except HistoryError as err:
            reading.unread.append((number, f"{line} ({err})"))
    pots = _pots(reading.pots)
    return SiteHand(**reading.fields, seats=tuple(reading.seats), events=tuple(reading.events),
                    finishing=tuple(reading.finishing), pots=pots, unread=tuple(reading.unread),
                    unsupported=tuple(reading.unsupported), returns_told=False)


def _read_line(reading: _Reading, number: int, line: str) -> bool:
    """Read one line of a hand into ``reading``; return False when the line is none the reader knows."""
    if reading.summary:
        return _summary_line(reading, number, line)
    if (date := _DATE.fullmatch(line)) is not None and "date" not in reading.fields:
        reading.fields.update(date=f"{date['year']}/{date['month']}/{date['day']}", time=date["time"])
        return True
    if (table := _TABLE.fullmatch(line)) is not None and not reading.seats:
        reading.fields.update(table=table["name"], button=int(table["button"]) if table["button"] else None)
        return True
    if (seat := _SEAT.fullmatch(line)) is not None and not reading.events:
        reading.seats.append(Seat(number=int(seat["seat"]), player=seat["name"], stack=money(seat["stack"]),
                                  line=number))
        reading.names.append(seat["name"])
        return True
    if (street := _STREET.fullmatch(line)) is not None:
        return _street(reading, number, line, street)
    if _RUN.fullmatch(line):
        # A show of one run of the cards dealt again after an all-in ("Run 1: Hero shows [...]").
        reading.unsupported.append((number, RUN_TWICE))
        return True
    if line.startswith("Dealt to "):
        return _deal(reading, number, line)
    posted = split_name(line, reading.names, ": ")
    if posted is not None:
        return _post(reading, number, line, *posted)
    acted = split_name(line, reading.names, " ")
    if acted is not None:
        return _action(reading, number, line, *acted)
    return False


def _street(reading: _Reading, number: int, line: str, street: re.Match) -> bool:
    """Read a street's header, and a community card where the header shows one (drawmaha's flop, turn, river)."""
    name = street["name"]
    if name.upper() == "SUMMARY":
        reading.summary = True
        return True
    reading.street = name
    reading.events.append(Event(kind=EventKind.STREET, line=number, text=line, street=name))
    if street["cards"]:
        new = bracket_groups(street["cards"])[-1]          # the turn repeats the flop, then names its own card
        reading.events.append(Event(kind=EventKind.BOARD, line=number, text=line, cards=new))
    return True


def _deal(reading: _Reading, number: int, line: str) -> bool:
    """Read a deal: the owner's cards, another player's hidden cards (``X``, O2), a stud street's face-up cards."""
    split = split_name(line[len("Dealt to "):], reading.names, ": ")
    if split is None or not re.fullmatch(r"\[[^\]]*\]", split[1]):
        return False
    player = split[0]
    if reading.street is not None and reading.street.upper().endswith(" DRAW"):
        # The room writes a draw as "discards ... draws ..." or "draws 2", never as a deal: a deal on a draw street
        # is its older listing of each run's new cards when the rest of a hand is run twice ("Dealt to Hero: [6h Ks
        # Ks]" for a one-card draw, six hidden cards for a three-card one).
        reading.unsupported.append((number, RUN_TWICE))
        return True
    reading.events.append(Event(kind=EventKind.DEAL, line=number, text=line, player=player,
                                cards=cards_of(split[1])))
    return True


def _post(reading: _Reading, number: int, line: str, player: str, rest: str) -> bool:
    """Read a forced bet: an ante, a blind, or the blind of a player joining or returning (O4)."""
    all_in = bool(_ALL_IN.search(rest))
    rest = _ALL_IN.sub("", rest)
    for pattern, kind in _POSTS:
        found = pattern.fullmatch(rest)
        if found is not None:
            # "posts blind 44" states its live part only: no dead part is written (O4).
            reading.events.append(Event(kind=kind, line=number, text=line, player=player,
                                        amount=money(found["amount"]), all_in=all_in))
            return True
    return False


def _action(reading: _Reading, number: int, line: str, player: str, rest: str) -> bool:
    """Read a player's line of the play: a bet, call, raise, fold or check, a draw, a show."""
    all_in = bool(_ALL_IN.search(rest))
    rest = _ALL_IN.sub("", rest)
    events = reading.events
    if rest in _SIMPLE:
        events.append(Event(kind=_SIMPLE[rest], line=number, text=line, player=player, all_in=all_in))
        return True
    for pattern, kind in _ACTIONS:
        found = pattern.fullmatch(rest)
        if found is None:
            continue
        values = {key: money(value) for key, value in found.groupdict().items()}
        if kind is EventKind.BET and _brought_in(events):
            # The first bet after a bring-in completes it (L4): its number is the round's total.
            kind, values = EventKind.COMPLETE, {"to": values["amount"]}
        events.append(Event(kind=kind, line=number, text=line, player=player, all_in=all_in, **values))
        return True
    if (found := re.fullmatch(r"draws (\d+)", rest)) is not None:
        events.append(Event(kind=EventKind.DISCARD, line=number, text=line, player=player, count=int(found[1])))
        return True
    if (found := re.fullmatch(r"discards (\[[^\]]*\]) draws((?: \[[^\]]*\])+)", rest)) is not None:
        return _own_draw(reading, number, line, player, found[1], found[2])
    if (found := re.fullmatch(r"shows (\[[^\]]*\])", rest)) is not None:
        # Kings Club names no shown hand: the label stays None and only the cards are judged.
        events.append(Event(kind=EventKind.SHOW, line=number, text=line, player=player, cards=cards_of(found[1])))
        return True
    return False


def _own_draw(reading: _Reading, number: int, line: str, player: str, thrown: str, drawn: str) -> bool:
    """Read the owner's draw: the cards thrown, then the cards that replace them (one group a run, D1)."""
    cards = cards_of(thrown)
    reading.events.append(Event(kind=EventKind.DISCARD, line=number, text=line, player=player, count=len(cards),
                                cards=cards))
    groups = bracket_groups(drawn)
    if len(groups) > 1:
        # One group of new cards for each run of a hand run twice ("draws [8c] [Qs]").
        reading.unsupported.append((number, RUN_TWICE))
        return True
    if len(groups[0]) != len(cards):
        raise HistoryError(f"{len(cards)} cards thrown, {len(groups[0])} drawn")
    reading.events.append(Event(kind=EventKind.DEAL, line=number, text=line, player=player, cards=groups[0]))
    return True


def _brought_in(events: list[Event]) -> bool:
    """Return whether the betting round under way opened with a bring-in and nobody has bet since (L4)."""
    for event in reversed(events):
        if event.kind is EventKind.BRING_IN:
            return True
        if event.kind in (EventKind.BET, EventKind.RAISE, EventKind.COMPLETE, EventKind.STREET):
            return False
    return False


def _summary_line(reading: _Reading, number: int, line: str) -> bool:
    """Read a line of the summary: a seat's stack after the hand (checked against its change), the rake, or what a
    winner took from which pot (O3)."""
    if (finish := _FINISH.fullmatch(line)) is not None:
        return _finishing(reading, finish)
    if (rake := _RAKE.fullmatch(line)) is not None:
        reading.fields["rake"] = money(rake["rake"])
        return True
    won = split_name(line, reading.names, " ")
    if won is None or (found := _WINS.fullmatch(won[1])) is None:
        return False
    amount = money(found["whole"] or found["amount"])
    pot = found["pot"] or "pot"
    reading.events.append(Event(kind=EventKind.COLLECT, line=number, text=line, player=won[0], amount=amount,
                                pot=pot))
    reading.pots[pot] = reading.pots.get(pot, Decimal(0)) + amount
    return True


def _finishing(reading: _Reading, finish: re.Match) -> bool:
    """Read a seat's stack after the hand, which must be its stack before it and the change the line states."""
    name, stack = finish["name"], money(finish["stack"])
    seat = next((seat for seat in reading.seats if seat.player == name and seat.number == int(finish["seat"])),
                None)
    if seat is None:
        return False
    change = money(finish["change"]) * (-1 if finish["sign"] == "-" else 1)
    if seat.stack + change != stack:
        raise HistoryError(f"{seat.stack} {finish['sign'] or '+'}{finish['change']} is not {finish['stack']}")
    reading.finishing.append((name, stack))
    return True


def _pots(paid: dict[str, Decimal]) -> tuple[Decimal, ...]:
    """Return the pots the winners' lines name, main first, each as paid (after the rake), where they name side
    pots; a hand whose winners take only "pot" lists none (its one pot, or pots the room lumps together)."""
    sides = sorted((int(name.split()[-1]), amount) for name, amount in paid.items() if name.startswith("side pot"))
    if not sides or "pot" not in paid:
        return ()
    if [number for number, _ in sides] != list(range(1, len(sides) + 1)):
        return ()
    return (paid["pot"],) + tuple(amount for _, amount in sides)
