"""Full Tilt Poker hand histories: cash games, sit & goes and tournaments of draw (2-7 single and triple draw, A-5
triple draw, five-card draw, badugi) and stud (seven-card stud, high and high-low, razz), read line by line into a
``SiteHand`` (O1).

Full Tilt writes a hand its own way. The header holds the table, the stakes and the game in either order
(``Table Laurelvale - $0.05/$0.10 - Limit Badugi``, ``Table Clackers (New to the Game) - FL Badugi - $0.10/$0.20``)
and the time before the date; a tournament's name and number come before its table. A player's action has no colon
(``Player2 raises to $0.20``; a colon is chat); a raise names the round's total, a call the chips added. A player
who returns to the table posts his dead small blind and his live big blind on two lines, read as one post (O4).
The button is a line of its own after the blinds; the collected pots are ``wins the pot ($0.81) with ...`` lines
before the summary, and the summary's seat lines repeat them. Hands of Full Tilt's own names (``a 3-Card: 7, 2,
A``, ``two pair, Kings and Jacks, for high and 8,7,6,3,2, for low``, ``Ace Ten high``) are written in the forms
``labels.claim`` reads; the raw line stays in the event. Files are often UTF-16, some with a blank line between
every two lines (``reading`` takes care of both). A header marked ``(partial)`` heads a hand whose play the room
left out.

Every line of a hand is read or reported: a line the reader does not know makes the hand ``refused`` with that
line named, never silently skipped. Lines that change nothing in the hand (chat, players sitting down, standing up
or adding chips, the clock, the bring-in's reason) are known and passed over.

>>> hand = read_hand([(1, "Full Tilt Poker Game #7: Table T - $0.10/$0.20 Ante $0.02 - Limit Razz - 17:10:10 ET "
...                       "- 2010/12/07"), (2, "Seat 1: Ann ($4.50)"), (3, "Seat 2: Bob ($2), is sitting out"),
...                   (4, "Ann antes $0.02"), (5, "Ann raises to $0.20, and is all in")], "f.txt")
>>> hand.game, hand.structure, hand.stakes, hand.date, hand.seats[1].sitting_out
('razz', 'fixed-limit', (Decimal('0.10'), Decimal('0.20')), '2010/12/07', True)
>>> [(event.kind.value, event.amount, event.to, event.all_in) for event in hand.events]
[('ante', Decimal('0.02'), None, False), ('raise', None, Decimal('0.20'), True)]
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from typing import Sequence

from lowball.errors import HistoryError
from lowball.histories.games import game_key
from lowball.histories.model import Event, EventKind, Seat, SiteHand
from lowball.histories.words import AMOUNT, bracket_groups, cards_of, money, split_name

SITE = "Full Tilt Poker"
# The first line of a hand; some exports (PokerTracker's) spell the room without spaces.
HEADER = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #\d+:")

# The time comes before the date, the room's local one first (``17:10:10 CCT - 2010/12/07 [04:10:10 ET - ...]``);
# the oldest exports spell the date out (``8:19 ET - Saturday, November 6, 2010``).
_HEAD = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #(?P<number>\d+): (?P<rest>.+?)"
                   r" - (?P<time>\d{1,2}:\d{2}(?::\d{2})?) (?P<tz>[A-Z]+) - (?:(?P<date>\d{4}/\d{1,2}/\d{1,2})"
                   r"|[A-Za-z]+, (?P<month>[A-Za-z]+) (?P<day>\d{1,2}), (?P<year>\d{4}))"
                   r"(?: \[[^\]]*\])?(?P<partial> \(partial\))?$")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
# The stakes part of a header: two amounts, an ante, a cap (``$0.10/$0.20 Ante $0.02``, ``800/1600 Ante 150``).
_STAKES = re.compile(rf"(?P<small>{AMOUNT})/(?P<big>{AMOUNT})(?: Ante (?P<ante>{AMOUNT}))?(?: (?:{AMOUNT}) Cap)?")
# The betting structure that opens a header's game, in Full Tilt's long and short words.
_STRUCTURES = (("no limit ", "no-limit"), ("pot limit ", "pot-limit"), ("fixed limit ", "fixed-limit"),
               ("limit ", "fixed-limit"), ("nl ", "no-limit"), ("pl ", "pot-limit"), ("fl ", "fixed-limit"))
_TOURNAMENT = re.compile(r"(?P<name>.+) \((?P<number>\d+)\), (?:Table |Match )?(?P<table>.+)")
_TABLE = re.compile(r"(?:Table )?(?P<name>.+?)(?: \((?P<attributes>[^()]*)\))?")
_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(?P<out>, is sitting out)?")
_BUTTON = re.compile(r"The button is in seat #(?P<seat>\d+)")
_STREET = re.compile(r"\*\*\* (?P<name>[^*]+?) \*\*\*(?P<cards>(?: \[[^\]]*\])*)(?: \(.*\))?")
_ALL_IN = re.compile(r", and is all in$")
_TOTAL = re.compile(rf"Total pot (?P<total>{AMOUNT})(?P<pots>(?: (?:Main|Side) pot(?: #?\d+)? {AMOUNT}\.)*) ?"
                    rf"\| Rake (?P<rake>{AMOUNT})")
_POT = re.compile(rf"(?:Main|Side) pot(?: #?\d+)? ({AMOUNT})\.")
# A collection: ``wins the pot ($0.81) with ...``, ``ties for the high main pot (120)``, ``wins the side pot #1``;
# ``wins pot 2`` is a run of a board run twice.
_COLLECT = re.compile(rf"(?:wins|ties for) (?:the (?P<pot>(?:(?:high|low) )?(?:(?:main|side) )?pot(?: #?\d+)?)"
                      rf"|pot (?P<run>\d+)) \((?P<amount>{AMOUNT})\)(?: with .*)?")
# The summary's seat lines (they repeat the play: read only for what a player collected, where the play lacks it).
_SUMMARY_SEAT = re.compile(rf"Seat \d+: (?P<name>.+?)(?: \((?:button|small blind|big blind)\))* "
                           rf"(?:collected \((?P<collected>{AMOUNT})\)(?:, mucked)?|showed \[[^\]]*\] and won "
                           rf"\((?P<won>{AMOUNT})\) with .*)")
_CANCELLED = re.compile(r"Hand #\d+ has been cancell?ed")
# Lines about the table or the clock, not the hand: players who sit, stand, add chips, lose or regain their
# connection, the time left to act, the bring-in's reason, the hand's duration.
_NEWS = re.compile(
    r"(?:is sitting out|sits out|has returned|stands up|sits down|adds " + AMOUNT + r"|has been disconnected"
    r"|has reconnected|is connected|is disconnected|has timed out(?: while disconnected)?|has \d+ seconds left to act"
    r"|has requested TIME|will be allowed to play after the button|has been removed from the table"
    r"|is (?:low|high) with \[[^\]]*\]|is feeling .*|finished the tournament.*|wins the tournament.*"
    r"|re-buys.*)")
_CLOCK = re.compile(r"\d+ seconds left to act|Duration \d+[smh]?(?: \d+[smh])*|Time has expired.*")


def read_hand(block: Sequence[tuple[int, str]], file: str) -> SiteHand:
    """Return one Full Tilt hand read from its numbered lines."""
    first, header = block[0]
    head = _HEAD.fullmatch(header)
    fields: dict = dict(site=SITE, file=file, line=first, end_line=block[-1][0])
    try:
        if head is None:
            raise HistoryError("not a header this reader knows")
        fields.update(number=head["number"], date=_date(head), time=head["time"], time_zone=head["tz"])
        fields.update(_header_fields(head["rest"]))
    except HistoryError as err:
        # The hand's problem, not the file's: the judge refuses it naming its header, and reads the next hand.
        number = re.search(r"#(\d+)", header)
        return SiteHand(site=SITE, file=file, line=first, number=number[1] if number else "?", game="?",
                        structure=None, unread=((first, f"{header} ({err})"),), end_line=block[-1][0])
    seats: list[Seat] = []
    events: list[Event] = []
    unread: list[tuple[int, str]] = []
    # A header marked "(partial)": the room left the play out of the history (O1).
    unsupported: list[tuple[int, str]] = [(first, "partial")] if head["partial"] else []
    summary_collects: list[Event] = []
    names: list[str] = []
    summary = False
    for number, line in block[1:]:
        if not line:
            continue                                # some exports put a blank line between every two lines
        try:
            if summary:
                _summary_line(number, line, fields, names, summary_collects)
                continue
            if (seat := _SEAT.fullmatch(line)) is not None and not events:
                seats.append(Seat(number=int(seat["seat"]), player=seat["name"], stack=money(seat["stack"]),
                                  sitting_out=seat["out"] is not None, line=number))
                names.append(seat["name"])
                continue
            if (button := _BUTTON.fullmatch(line)) is not None:
                fields["button"] = int(button["seat"])
                continue
            if (street := _STREET.fullmatch(line)) is not None:
                name = street["name"].strip()
                if name.upper() == "SUMMARY":
                    summary = True
                    continue
                events.append(Event(kind=EventKind.STREET, line=number, text=line, street=name))
                if street["cards"]:
                    events.append(Event(kind=EventKind.BOARD, line=number, text=line,
                                        cards=bracket_groups(street["cards"])[-1]))
                continue
            event = _event(number, line, names, events)
            if event is not None:
                if event.kind is EventKind.COLLECT and event.pot is not None and event.pot.startswith("run "):
                    unsupported.append((number, "run-it-twice"))
                _place(event, events)
                continue
            if _news(line, names):
                continue
            unread.append((number, line))
        except HistoryError as err:
            unread.append((number, f"{line} ({err})"))
    events += _unpaid(events, summary_collects)
    return SiteHand(**fields, seats=tuple(seats), events=tuple(events), unread=tuple(unread),
                    unsupported=tuple(unsupported))


def _date(head: re.Match[str]) -> str:
    """Return the header's date as ``2010/11/06``, from either of Full Tilt's ways of writing it.

    >>> _date(_HEAD.fullmatch("Full Tilt Poker Game #1: Table T - $1/$2 - Limit Razz - 8:19 ET - Saturday, "
    ...                       "November 6, 2010"))
    '2010/11/06'
    """
    if head["date"]:
        return head["date"]
    month = head["month"].lower()
    if month not in _MONTHS:
        raise HistoryError(f"not a month: {head['month']!r}")
    return f"{head['year']}/{_MONTHS.index(month) + 1:02d}/{int(head['day']):02d}"


def _header_fields(rest: str) -> dict:
    """Return what the header says between the hand's number and its time: the tournament, the table, the stakes
    and the game (the last two in either order).

    >>> fields = _header_fields("$2 + $0.10 Heads Up Sit & Go (220338000), Table 1 - 80/160 Ante 15 - Limit Razz")
    >>> fields["tournament"], fields["table"], fields["stakes"], fields["currency"], fields["game"]
    ('220338000', '1', (Decimal('80'), Decimal('160')), None, 'razz')
    >>> _header_fields("Table Calla Lily (6 max) - $0.25/$0.50 - No Limit 5 Card Draw")["max_seats"]
    6
    """
    parts = rest.split(" - ")
    if len(parts) < 3:
        raise HistoryError(f"a header without its table, stakes and game: {rest[:80]!r}")
    stakes_at = next((i for i in (len(parts) - 1, len(parts) - 2) if _STAKES.fullmatch(parts[i])), None)
    if stakes_at is None:
        raise HistoryError(f"a header without its stakes: {rest[:80]!r}")
    stakes = _STAKES.fullmatch(parts[stakes_at])
    game_at = len(parts) - 1 if stakes_at == len(parts) - 2 else len(parts) - 2
    table_text = " - ".join(parts[:min(stakes_at, game_at)])
    fields: dict = {}
    tournament = _TOURNAMENT.fullmatch(table_text)
    if tournament is not None:
        fields["tournament"], table_text = tournament["number"], tournament["table"]
    table = _TABLE.fullmatch(table_text)
    fields["table"] = table["name"]
    attributes = (table["attributes"] or "").lower()
    seats = re.search(r"(\d+) max", attributes)
    fields["max_seats"] = int(seats[1]) if seats else 2 if "heads up" in attributes else None
    fields["game"], fields["structure"] = _game(parts[game_at])
    fields["stakes"] = (money(stakes["small"]), money(stakes["big"]))
    signs = stakes["small"] + stakes["big"]
    fields["currency"] = None if tournament is not None else "EUR" if "€" in signs else "USD" if "$" in signs \
        else None                                  # tournament chips and play money have no currency
    return fields


def _game(text: str) -> tuple[str, str | None]:
    """Return the game's key and betting structure from the header's game (``No Limit 2-7 Single Draw``).

    >>> _game("FL Badugi"), _game("Limit Stud H/L")
    (('badugi', 'fixed-limit'), ('stud-high-low', 'fixed-limit'))
    """
    lowered = " ".join(text.lower().split())
    for words, structure in _STRUCTURES:
        if lowered.startswith(words):
            return game_key(lowered[len(words):]), structure
    return game_key(lowered), None


def _news(line: str, names: Sequence[str]) -> bool:
    """Return whether a line is table news: a seated player's chat (``Hero: gg``), his sitting, standing, adding
    chips, connecting or running out of time, the bring-in's reason, or the clock."""
    if _CLOCK.fullmatch(line):
        return True
    if split_name(line, names, ": ") is not None:
        return True                                 # chat: a player's action never has a colon
    found = re.fullmatch(r"(?P<name>.+?) (?P<rest>(?:is|has|stands|sits|adds|will|finished|wins|re-buys).*)", line)
    if found is None:
        return False
    # A player who is not seated (an observer sitting down, a new player adding chips) has no name to split on.
    for name in sorted({*names, found["name"]}, key=len, reverse=True):
        if line.startswith(name + " ") and _NEWS.fullmatch(line[len(name) + 1:]):
            return True
    return False


def _event(number: int, line: str, names: list[str], events: list[Event]) -> Event | None:
    """Return the event of one line of the play (posts, deals, bets, draws, shows, collections), None for a line
    that is none of them. A dead small blind is kept until the same player's live post, which carries it (O4)."""
    if line.startswith("Dealt to "):
        split = split_name(line[len("Dealt to "):], names, " [")
        if split is None:
            return None
        return _deal(number, line, split[0], events)
    if line.startswith("Uncalled bet of "):
        found = re.fullmatch(rf"Uncalled bet of ({AMOUNT}) returned to (.+)", line)
        if found is None or found[2] not in names:
            return None
        return Event(kind=EventKind.RETURN, line=number, text=line, player=found[2], amount=money(found[1]))
    if _CANCELLED.fullmatch(line):
        return Event(kind=EventKind.CANCELLED, line=number, text=line)
    split = split_name(line, names, " ")
    if split is None:
        return None
    player, rest = split
    all_in = bool(_ALL_IN.search(rest))
    rest = _ALL_IN.sub("", rest)
    simple = {"folds": EventKind.FOLD, "checks": EventKind.CHECK, "stands pat": EventKind.STAND_PAT,
              "mucks": EventKind.MUCK}
    if rest in simple:
        return Event(kind=simple[rest], line=number, text=line, player=player, all_in=all_in)
    if (found := _COLLECT.fullmatch(rest)) is not None:
        pot = f"run {found['run']}" if found["run"] else found["pot"]
        return Event(kind=EventKind.COLLECT, line=number, text=line, player=player, amount=money(found["amount"]),
                     pot=pot)
    if (found := re.fullmatch(rf"posts a dead small blind of ({AMOUNT})", rest)) is not None:
        # The first of a returning player's two posts: the dead part, carried by his live post (O4).
        return Event(kind=EventKind.POST, line=number, text=line, player=player, amount=Decimal(0),
                     dead=money(found[1]), all_in=all_in)
    if (found := re.fullmatch(rf"posts ({AMOUNT})", rest)) is not None:
        return _live_post(number, line, player, money(found[1]), all_in, events)
    patterns = (
        (rf"posts the small blind of (?P<a>{AMOUNT})", EventKind.SMALL_BLIND),
        (rf"posts the big blind of (?P<a>{AMOUNT})", EventKind.BIG_BLIND),
        (rf"antes (?P<a>{AMOUNT})", EventKind.ANTE),
        (rf"brings in for (?P<a>{AMOUNT})", EventKind.BRING_IN),
        (rf"calls (?P<a>{AMOUNT})", EventKind.CALL),
        (rf"bets (?P<a>{AMOUNT})", EventKind.BET),
        (rf"raises to (?P<to>{AMOUNT})", EventKind.RAISE),
        (rf"completes it to (?P<to>{AMOUNT})", EventKind.COMPLETE),
    )
    for pattern, kind in patterns:
        found = re.fullmatch(pattern, rest)
        if found is not None:
            amount = money(found["a"]) if "a" in found.groupdict() else None
            to = money(found["to"]) if "to" in found.groupdict() else None
            return Event(kind=kind, line=number, text=line, player=player, amount=amount, to=to, all_in=all_in)
    if (found := re.fullmatch(r"discards (\d+) cards?(?: \[(.*)\])?", rest)) is not None:
        cards = cards_of(f"[{found[2]}]") if found[2] is not None else None
        if cards is not None and len(cards) != int(found[1]):
            raise HistoryError(f"{found[1]} cards discarded, {len(cards)} listed")
        return Event(kind=EventKind.DISCARD, line=number, text=line, player=player, count=int(found[1]), cards=cards)
    if re.fullmatch(r"stands pat on \[.*\]", rest):
        return Event(kind=EventKind.STAND_PAT, line=number, text=line, player=player)
    if (found := re.fullmatch(r"is dealt (\d+) cards?", rest)) is not None:
        return Event(kind=EventKind.DEAL, line=number, text=line, player=player, cards=(None,) * int(found[1]))
    if (found := re.fullmatch(r"shows \[(.*?)\](?: (.+))?", rest)) is not None:
        return Event(kind=EventKind.SHOW, line=number, text=line, player=player, cards=cards_of(f"[{found[1]}]"),
                     label=claim_words(found[2]) if found[2] else None)
    return None


def _place(event: Event, events: list[Event]) -> None:
    """Add an event to the play. Full Tilt lists a draw's discards first and its deals after them (``Hero discards
    1 card [7s]``, ``Player2 discards 2 cards``, ``Dealt to Hero ...``, ``Player2 is dealt 2 cards``); the dealer
    serves each player when he has discarded (D1), so a player's new cards go right after his own discard."""
    if event.kind is EventKind.DEAL:
        for at in range(len(events) - 1, -1, -1):
            earlier = events[at]
            if earlier.kind is EventKind.STREET:
                break
            if earlier.player == event.player and earlier.kind is EventKind.DEAL:
                break                               # this discard is served already
            if earlier.player == event.player and earlier.kind is EventKind.DISCARD:
                events.insert(at + 1, event)
                return
    events.append(event)


def _deal(number: int, line: str, player: str, events: list[Event]) -> Event:
    """Return a ``Dealt to`` line's cards: at a player's first deal every group is new (the owner's down cards,
    then his door card, ``[6d Kd] [4s]``); after it the last group is new and the first repeats what he holds
    (``[Kc Tc] [Qd]``). Another player's first stud deal shows only his door card (O2): the judge adds the down
    cards, unknown."""
    groups = bracket_groups(line)
    first = not any(event.kind is EventKind.DEAL and event.player == player for event in events)
    cards = tuple(card for group in groups for card in group) if first else groups[-1]
    return Event(kind=EventKind.DEAL, line=number, text=line, player=player, cards=cards)


def _live_post(number: int, line: str, player: str, amount: Decimal, all_in: bool, events: list[Event]) -> Event:
    """Return a returning player's live post (``posts $5``), carrying the dead small blind he posted just before
    it (``posts a dead small blind of $2.50``): one post, live and dead (O4). The dead line's event is taken out."""
    for at in range(len(events) - 1, -1, -1):
        event = events[at]
        if event.kind is EventKind.POST and event.player == player and not event.amount:
            del events[at]
            return dataclasses.replace(event, line=number, text=line, amount=amount, all_in=all_in or event.all_in)
    return Event(kind=EventKind.POST, line=number, text=line, player=player, amount=amount, all_in=all_in)


def claim_words(label: str) -> str:
    """Return Full Tilt's name of a shown hand in the words ``labels.claim`` reads: a split game's halves as
    ``HI: ...; LO: ...``, a hand without a pair by its top cards (``Ace Ten high`` -> ``A,T``).

    >>> claim_words("two pair, Eights and Threes, for high and 8,7,6,3,2, for low")
    'HI: two pair, Eights and Threes; LO: 8,7,6,3,2'
    >>> claim_words("King Nine high, for high"), claim_words("a 3-Card: 7, 2, A"), claim_words("a flush, King high")
    ('HI: K,9', 'a 3-Card: 7, 2, A', 'a flush, King high')
    """
    halves = re.fullmatch(r"(?P<high>.+?), for high(?: and (?P<low>.+?), for low)?", label)
    if halves is not None:
        high = _top_cards(halves["high"])
        return f"HI: {high}" + (f"; LO: {halves['low']}" if halves["low"] else "")
    return _top_cards(label)


_RANK_CHARACTERS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "nine": "9", "eight": "8",
                    "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2", "deuce": "2"}


def _top_cards(words: str) -> str:
    """Return ``Ace Ten high`` (Full Tilt's hand without a pair, its top two cards) as ``A,T``; other names as
    they are."""
    found = re.fullmatch(r"((?:[A-Za-z]+ )+)high", words)
    if found is None:
        return words
    ranks = found[1].split()
    if len(ranks) < 2 or any(rank.lower() not in _RANK_CHARACTERS for rank in ranks):
        return words
    return ",".join(_RANK_CHARACTERS[rank.lower()] for rank in ranks)


def _summary_line(number: int, line: str, fields: dict, names: Sequence[str], collects: list[Event]) -> None:
    """Read a line of the summary: the total pot, the pots and the rake (O3), and what a seat collected (kept in
    case the play does not say it); the other seat lines and the duration repeat the play."""
    total = _TOTAL.fullmatch(line)
    if total is not None:
        fields["total_pot"] = money(total["total"])
        fields["rake"] = money(total["rake"])
        fields["pots"] = tuple(money(pot) for pot in _POT.findall(total["pots"] or ""))
        return
    if line.startswith("Seat "):
        seat = _SUMMARY_SEAT.fullmatch(line)
        if seat is not None and seat["name"] in names:
            amount = seat["collected"] or seat["won"]
            collects.append(Event(kind=EventKind.COLLECT, line=number, text=line, player=seat["name"],
                                  amount=money(amount), pot="pot"))
        return
    if _CLOCK.fullmatch(line):
        return
    raise HistoryError("not a line of a summary")


def _unpaid(events: Sequence[Event], summary: Sequence[Event]) -> list[Event]:
    """Return the summary's collections of the players the play never says collected (a hand whose play the room
    cut short): the summary is then the only word on what they took (O3)."""
    paid = {event.player for event in events if event.kind is EventKind.COLLECT}
    return [event for event in summary if event.player not in paid]
