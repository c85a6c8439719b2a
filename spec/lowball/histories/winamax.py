"""Winamax hand histories: cash games (real and play money) and tournaments of 2-7 triple draw ("Lowball27"),
razz and seven-card stud, read line by line into a ``SiteHand`` (O1).

Winamax writes a hand its own way. The header names the kind of game, the hand, the game and its structure in
words, and the stakes in brackets: for a limit game the small and the big bet, with the ante first where there is
one (``7-Card Stud fixed limit (2€/10€/20€)``: ante 2, bets 10 and 20; ``Lowball27 fixed limit (1€/2€)``: bets 1 and
2, blinds 0.50 and 1). A tournament's header names the tournament, its buy-in and level before the hand
(``Tournament "Project Lowball" buyIn: 9€ + 1€ level: 4 - HandId: ...``), and its table line the tournament's number
(``Table: 'Project Lowball(123456789)#002'``). A player's line has no colon (``Anna calls 1.50€``); a call states
the chips it adds, a raise the round's total it goes to (``raises 1€ to 2€``), except that the player who brought
in does not count his bring-in in his own total (see ``_raise``). A draw is a count (``Anna discard 3 cards``,
``discard 0 card`` for standing pat, O2). A player joining or returning posts "out of position" (O4).

Winamax never writes a line for an uncalled bet given back: the owner collects it with the pot (or as a "side pot"
of its own), and the summary's ``Total pot`` is what was paid out, after the rake (``Total pot 21.75€ | Rake 0.75€``
where 22.50€ went in): ``pot_after_rake``, ``returns_told=False``. A shown hand's name is normalised to the words
``labels.claim`` reads (``Trips of Tens`` -> ``three of a kind, Tens``); the line's own words stay in its text.

Every line of a hand is read or reported: a line the reader does not know makes the hand ``refused`` with that
line named, never silently skipped.

>>> hand = read_hand([(1, "Winamax Poker - CashGame - HandId: #7-1-2 - Razz fixed limit (1€/4€/8€) - "
...                       "2016/11/12 22:39:00 UTC"), (2, "Table: 'T' 6-max (real money)"),
...                   (3, "Seat 1: Ann (100€)"), (4, "Seat 2: Bob (90.50€)"), (5, "*** ANTE/BLINDS ***"),
...                   (6, "Ann posts ante 1€")], "f.txt")
>>> hand.game, hand.structure, hand.stakes, hand.currency, hand.events[-1].amount
('razz', 'fixed-limit', (Decimal('4'), Decimal('8')), 'EUR', Decimal('1'))
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Sequence

from lowball.errors import HistoryError
from lowball.histories.games import game_key
from lowball.histories.model import Event, EventKind, Seat, SiteHand
from lowball.histories.words import bracket_groups, cards_of, money, split_name

SITE = "Winamax"
# The first line of a hand: the room, the kind of game (cash game, tournament and the rooms' fast tables), the hand.
HEADER = re.compile(r"Winamax Poker - .+ - HandId: #")

_NUMBER = r"\d[\d,]*(?:\.\d+)?€?"
_HEAD = re.compile(
    r"Winamax Poker - (?:(?P<kind>CashGame|Go Fast \"[^\"]*\"|HOLD-UP \"[^\"]*\"|ESCAPE \"[^\"]*\")"
    r"|Tournament \"(?P<tournament>[^\"]*)\" buyIn: (?P<buyin>.*?)(?: level: (?P<level>\d+))?)"
    r" - HandId: #(?P<number>[\d-]+) - (?P<game>.+?) (?P<structure>fixed limit|pot limit|no limit)"
    r" \((?P<stakes>[^)]*)\) - (?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2})(?: (?P<tz>[A-Z]+))?")
_STRUCTURE = {"fixed limit": "fixed-limit", "pot limit": "pot-limit", "no limit": "no-limit"}
_TABLE = re.compile(r"Table: '(?P<name>[^']*)' (?P<max>\d+)-max \((?P<money>real money|play money)\)"
                    r"(?: Seat #(?P<button>\d+) is the button)?")
# A tournament's table is named after it: its name, its number in brackets, the table's number.
_TOURNAMENT_TABLE = re.compile(r".*\((?P<number>\d+)\)#\d+")
# A seat: the stack (empty for a seat whose player is away), and in a knock-out tournament his bounty.
_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{_NUMBER})?(?:, {_NUMBER} bounty)?\)")
_STREET = re.compile(r"\*\*\* (?P<name>[^*]+?) \*\*\*(?P<cards>(?: ?\[[^\]]*\])*)")
_ALL_IN = re.compile(r" and is all-in$")
_TOTAL = re.compile(rf"Total pot (?P<total>{_NUMBER}) \| (?:Rake (?P<rake>{_NUMBER})|No rake)")
# The posts (O4: "out of position" is a player joining or returning, who posts where he sits).
_POSTS = (
    (re.compile(rf"posts ante (?P<amount>{_NUMBER})"), EventKind.ANTE),
    (re.compile(rf"posts small blind (?P<amount>{_NUMBER})"), EventKind.SMALL_BLIND),
    (re.compile(rf"posts big blind (?P<amount>{_NUMBER})"), EventKind.BIG_BLIND),
    (re.compile(rf"(?:brings in|bring-in) (?P<amount>{_NUMBER})"), EventKind.BRING_IN),
)
_OUT_OF_POSITION = re.compile(rf"posts (?P<blind>small|big) blind (?P<amount>{_NUMBER}) out of position")
# The play: a call and a bet state the chips they add, a raise its size and the round's total (the size is not
# read: Winamax measures it from a total that leaves out the bring-in, so it can even be negative, "raises -6.10€").
_CALL_OR_BET = re.compile(rf"(?P<verb>calls|bets) (?P<amount>{_NUMBER})")
_RAISE = re.compile(rf"raises -?{_NUMBER} to (?P<to>{_NUMBER})")
_DISCARD = re.compile(r"discards? (?P<count>\d+) cards?(?: (?P<cards>\[[^\]]*\]))?")
_SHOW = re.compile(r"shows (?P<cards>\[[^\]]*\])(?: \((?P<label>.*)\))?")
_COLLECT = re.compile(rf"collected (?P<amount>{_NUMBER}) from (?P<pot>pot|main pot|side pot \d+)")
_SIMPLE = {"folds": EventKind.FOLD, "checks": EventKind.CHECK, "stands pat": EventKind.STAND_PAT}
# Lines about the table, not the hand: a player who will not post the blind due and sits out until the next.
_TABLE_NEWS = re.compile(r".+ (?:denies (?:small|big) blind|deny SB|deny BB)")
# Winamax's names of shown hands, and the same names in the words ``labels.claim`` reads (H3).
_LABELS = (
    (re.compile(r"trips of (.+)", re.I), r"three of a kind, \1"),
    (re.compile(r"quads of (.+)", re.I), r"four of a kind, \1"),
    (re.compile(r"full of (.+) and (.+)", re.I), r"full house, \1 full of \2"),
)


class _Reading:
    """The state of one hand being read: what the lines said so far, and where in the hand they are."""

    def __init__(self, first: int, file: str, last: int):
        self.fields: dict = dict(site=SITE, file=file, line=first, end_line=last, pot_after_rake=True,
                                 returns_told=False, returns_in_pot=True)
        self.seats: list[Seat] = []
        self.names: list[str] = []
        self.events: list[Event] = []
        self.unread: list[tuple[int, str]] = []
        self.summary = False
        self.pots: dict[str, Decimal] = {}
        self.bring_in: Event | None = None       # this street's bring-in, while its betting round lasts


def read_hand(block: Sequence[tuple[int, str]], file: str) -> SiteHand:
    """Return one Winamax hand read from its numbered lines."""
    first, header = block[0]
    head = _HEAD.match(header)
    if head is None:
        raise HistoryError(f"line {first}: not a Winamax hand header: {header[:80]!r}")
    reading = _Reading(first, file, block[-1][0])
    stakes = [money(amount) for amount in head["stakes"].split("/")]
    reading.fields.update(number=head["number"], game=game_key(head["game"]),
                          structure=_STRUCTURE[head["structure"]], stakes=tuple(stakes[-2:]),
                          tournament=head["tournament"], level=head["level"], date=head["date"],
                          time=head["time"], time_zone=head["tz"],
                          currency=None if head["tournament"] is not None else _currency(header))
    for number, line in block[1:]:
        if not line:
            continue
        try:
            if not _read_line(reading, number, line):
                reading.unread.append((number, line))
        except HistoryError as err:
            reading.unread.append((number, f"{line} ({err})"))
    fields = reading.fields
    if fields.get("button") == 0 and all(seat.number != 0 for seat in reading.seats):
        fields["button"] = None              # "Seat #0 is the button" at a stud table seated from 1: no button
    return SiteHand(**fields, seats=tuple(reading.seats), events=tuple(reading.events), pots=_pots(reading.pots),
                    unread=tuple(reading.unread))


def _currency(header: str) -> str | None:
    """Return the currency of a cash game: euros where the header's amounts carry the sign, none for play money."""
    return "EUR" if "€" in header else None


def _read_line(reading: _Reading, number: int, line: str) -> bool:
    """Read one line of a hand into ``reading``; return False when the line is none the reader knows."""
    if reading.summary:
        return _summary_line(reading, line)
    if (table := _TABLE.fullmatch(line)) is not None and not reading.seats:
        reading.fields.update(table=table["name"], max_seats=int(table["max"]),
                              button=int(table["button"]) if table["button"] is not None else None)
        if table["money"] == "play money":
            reading.fields["currency"] = None
        if reading.fields["tournament"] is not None and (named := _TOURNAMENT_TABLE.fullmatch(table["name"])):
            reading.fields["tournament"] = named["number"]
        return True
    if (seat := _SEAT.fullmatch(line)) is not None and not reading.events:
        away = seat["stack"] is None                           # "Seat 1: Ann ()": no stack, not in the hand
        reading.seats.append(Seat(number=int(seat["seat"]), player=seat["name"],
                                  stack=Decimal(0) if away else money(seat["stack"]), sitting_out=away,
                                  line=number))
        reading.names.append(seat["name"])
        return True
    if (street := _STREET.fullmatch(line)) is not None:
        return _street(reading, number, line, street)
    if line.startswith("Dealt to "):
        return _deal(reading, number, line)
    acted = split_name(line, reading.names, " ")
    if acted is not None and _action(reading, number, line, *acted):
        return True
    return bool(_TABLE_NEWS.fullmatch(line))


def _street(reading: _Reading, number: int, line: str, street: re.Match) -> bool:
    """Read a street's header, and the community cards where it shows them (the turn repeats the flop)."""
    name = street["name"]
    if name.upper() == "SUMMARY":
        reading.summary = True
        return True
    reading.bring_in = None
    reading.events.append(Event(kind=EventKind.STREET, line=number, text=line, street=name))
    if street["cards"]:
        new = bracket_groups(street["cards"])[-1]
        reading.events.append(Event(kind=EventKind.BOARD, line=number, text=line, cards=new))
    return True


def _deal(reading: _Reading, number: int, line: str) -> bool:
    """Read a deal: the owner's cards, another stud player's down cards hidden (``X``, O2) and his up cards; on
    later streets the cards held before, then the new one (``[X X 8h] [4h]``)."""
    split = split_name(line[len("Dealt to "):], reading.names, " ")
    if split is None or not re.fullmatch(r"(?:\[[^\]]*\] ?)+", split[1]):
        return False
    new = bracket_groups(split[1])[-1]
    reading.events.append(Event(kind=EventKind.DEAL, line=number, text=line, player=split[0], cards=new))
    return True


def _action(reading: _Reading, number: int, line: str, player: str, rest: str) -> bool:
    """Read a player's line: a post, a bet, call, raise, fold or check, a draw, a show, a collection."""
    all_in = bool(_ALL_IN.search(rest))
    rest = _ALL_IN.sub("", rest)
    events = reading.events
    if rest in _SIMPLE:
        events.append(Event(kind=_SIMPLE[rest], line=number, text=line, player=player, all_in=all_in))
        return True
    if (found := _OUT_OF_POSITION.fullmatch(rest)) is not None:
        return _post_out_of_position(reading, number, line, player, found, all_in)
    for pattern, kind in _POSTS:
        if (found := pattern.fullmatch(rest)) is not None:
            event = Event(kind=kind, line=number, text=line, player=player, amount=money(found["amount"]),
                          all_in=all_in)
            events.append(event)
            if kind is EventKind.BRING_IN:
                reading.bring_in = event
            return True
    if (found := _CALL_OR_BET.fullmatch(rest)) is not None:
        kind = EventKind.CALL if found["verb"] == "calls" else EventKind.BET
        events.append(Event(kind=kind, line=number, text=line, player=player, amount=money(found["amount"]),
                            all_in=all_in))
        return True
    if (found := _RAISE.fullmatch(rest)) is not None:
        events.append(_raise(reading, number, line, player, money(found["to"]), all_in))
        return True
    if (found := _DISCARD.fullmatch(rest)) is not None:
        return _discard(reading, number, line, player, int(found["count"]), found["cards"])
    if (found := _SHOW.fullmatch(rest)) is not None:
        label = _label(found["label"]) if found["label"] is not None else None
        events.append(Event(kind=EventKind.SHOW, line=number, text=line, player=player,
                            cards=cards_of(found["cards"]), label=label))
        return True
    if (found := _COLLECT.fullmatch(rest)) is not None:
        amount, pot = money(found["amount"]), found["pot"]
        events.append(Event(kind=EventKind.COLLECT, line=number, text=line, player=player, amount=amount, pot=pot))
        reading.pots[pot] = reading.pots.get(pot, Decimal(0)) + amount
        return True
    return False


def _post_out_of_position(reading: _Reading, number: int, line: str, player: str, found: re.Match,
                          all_in: bool) -> bool:
    """Read a blind posted out of position by a player joining or returning (O4): a big blind is live, a small
    blind dead; the room writes a player's two posts on two lines, read as his one post (live and dead parts), at
    the line of the big blind."""
    amount = money(found["amount"])
    events = reading.events
    if found["blind"] == "small":
        events.append(Event(kind=EventKind.POST, line=number, text=line, player=player, amount=Decimal(0),
                            dead=amount, all_in=all_in))
        return True
    earlier = next((event for event in events if event.kind is EventKind.POST and event.player == player), None)
    dead = Decimal(0)
    if earlier is not None and earlier.amount == 0:
        events.remove(earlier)
        dead = earlier.dead
    events.append(Event(kind=EventKind.POST, line=number, text=line, player=player, amount=amount, dead=dead,
                        all_in=all_in))
    return True


def _raise(reading: _Reading, number: int, line: str, player: str, to: Decimal, all_in: bool) -> Event:
    """Return a raise, or the completion of a bring-in (L4) where nobody has bet since the bring-in.

    The player who brought in does not count his bring-in in the total his raise goes to: in the room's stud
    hand #9250793-1578-1479092164 the bring-in of 10€ "raises -6.10€ to 18.90€" over a completion to 25€, all in
    with the 18.90€ he had left, and the other player "calls 3.90€": 28.90€ each, as the pot of 72.80€ (15€ of
    antes and 2 x 28.90€) and the 70.30€ paid with 2.50€ of rake say. The bring-in is added back here."""
    bring_in = reading.bring_in
    if bring_in is not None and bring_in.player == player:
        to += bring_in.amount
    completes = bring_in is not None and not any(
        event.kind in (EventKind.BET, EventKind.RAISE, EventKind.COMPLETE)
        for event in reading.events[reading.events.index(bring_in):])
    kind = EventKind.COMPLETE if completes else EventKind.RAISE
    return Event(kind=kind, line=number, text=line, player=player, to=to, all_in=all_in)


def _discard(reading: _Reading, number: int, line: str, player: str, count: int, shown: str | None) -> bool:
    """Read a draw: the number of cards thrown (none: the player stands pat, D1), and the cards where shown (O2)."""
    cards = cards_of(shown) if shown is not None else None
    if cards is not None and len(cards) != count:
        raise HistoryError(f"{count} cards discarded, {len(cards)} listed")
    if count == 0:
        reading.events.append(Event(kind=EventKind.STAND_PAT, line=number, text=line, player=player))
        return True
    reading.events.append(Event(kind=EventKind.DISCARD, line=number, text=line, player=player, count=count,
                                cards=cards))
    return True


def _label(words: str) -> str:
    """Return the room's name of a shown hand in the words ``labels.claim`` reads (H3).

    >>> _label("Trips of Tens"), _label("Full of Jacks and Kings"), _label("High card : King")
    ('three of a kind, Tens', 'full house, Jacks full of Kings', 'High card : King')
    """
    for pattern, replacement in _LABELS:
        if pattern.fullmatch(words):
            return pattern.sub(replacement, words)
    return words


def _summary_line(reading: _Reading, line: str) -> bool:
    """Read a line of the summary: the total pot (after the rake) and the rake (O3); the board and the seats'
    lines repeat the play."""
    if (total := _TOTAL.fullmatch(line)) is not None:
        reading.fields["total_pot"] = money(total["total"])
        reading.fields["rake"] = money(total["rake"]) if total["rake"] is not None else Decimal(0)
        return True
    return line.startswith(("Seat ", "Board: ["))


def _pots(paid: dict[str, Decimal]) -> tuple[Decimal, ...]:
    """Return the pots the winners' lines name, main first, each as paid (after the rake), where they name side
    pots (the summary lists none); a hand whose winners take only "pot" lists none."""
    sides = sorted((int(name.split()[-1]), amount) for name, amount in paid.items() if name.startswith("side pot"))
    if not sides or "main pot" not in paid or [n for n, _ in sides] != list(range(1, len(sides) + 1)):
        return ()
    return (paid["main pot"],) + tuple(amount for _, amount in sides)
