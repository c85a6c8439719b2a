"""PokerStars hand histories: cash games, tournaments, home games and mixed rotations (HORSE, 8-Game), under both
the ``Game #`` and the ``Hand #`` header, read line by line into a ``SiteHand`` (O1).

Every line of a hand is read or reported: a line the reader does not know makes the hand ``refused`` with that
line named, never silently skipped. Lines that change nothing in the hand (chat, players joining or leaving the
table, tournament finishes) are known and passed over.

>>> hand = read_hand([(1, "PokerStars Hand #7:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:24:42 ET"),
...                   (2, "Table 'T' 8-max"), (3, "Seat 1: Ann ($1 in chips)"), (4, "Ann: posts the ante $0.01")],
...                  "f.txt")
>>> hand.game, hand.structure, hand.stakes, hand.events[0].amount
('razz', 'fixed-limit', (Decimal('0.04'), Decimal('0.08')), Decimal('0.01'))
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Sequence

from lowball.histories.games import game_key
from lowball.histories.model import Event, EventKind, Seat, SiteHand
from lowball.histories.words import AMOUNT, bracket_groups, cards_of, money, split_name
from lowball.errors import HistoryError

SITE = "PokerStars"
HEADER = re.compile(r"PokerStars (?:Home Game )?(?:Game|Hand) #\d+:", re.I)

_HEAD = re.compile(
    r"PokerStars (?:Home Game )?(?:Game|Hand) #(?P<number>\d+): +(?:\{(?P<club>[^}]*)\} +)?"
    r"(?:Tournament #(?P<tournament>\d+), (?P<buyin>(?:[^ ]+ ?(?:USD|EUR|GBP)?|Freeroll)) +)?"
    r"(?P<game>.+?) - (?:(?P<level>(?:Match Round [IVXLC]+, )?Level [IVXLC\d]+) (?:\((?P<blinds>[^)]*)\) )?- )?"
    r"(?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) ?(?P<tz>[A-Z]+)?", re.I)
_GAME = re.compile(r"(?P<name>.+?) ?\((?P<inner>[^()]*)\)$")
_STRUCTURE = (("pot limit", "pot-limit"), ("no limit", "no-limit"), ("fixed limit", "fixed-limit"),
              ("limit", "fixed-limit"))
_TABLE = re.compile(r"Table '(?P<name>[^']*)'(?: (?P<max>\d+)-max)?(?: \([^)]*\))?(?: Seat #(?P<button>\d+) is the "
                    r"button)?", re.I)
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>" + AMOUNT + r") in chips(?:, [^)]*)?\)"
                   r"(?P<rest>.*)$", re.I)
_ALL_IN = re.compile(r" and is all-in$")
_STREETS = re.compile(r"\*\*\* (?P<name>[^*]+?) \*\*\*(?: \[(?P<card>[^\]]*)\])?$")
_TOTAL = re.compile(r"Total pot (?P<total>" + AMOUNT + r")(?P<pots>(?: (?:Main|Side) pot(?:-\d+)? " + AMOUNT +
                    r"\.)*) ?\| Rake (?P<rake>" + AMOUNT + ")")
_POT = re.compile(r"(?:Main|Side) pot(?:-\d+)? (" + AMOUNT + r")\.")
# Lines about the table, not the hand.
_TABLE_NEWS = re.compile(
    r".+ (?:joins the table at seat #\d+|leaves the table|is connected|is disconnected|has timed out"
    r"(?: while disconnected| while being disconnected)?|has returned|will be allowed to play after the button"
    r"|was removed from the table(?: for failing to post)?|is sitting out|sits out|finished the tournament.*"
    r"|wins the tournament.*|re-buys.*|has reconnected)$"
    r'|.+ said, ".*"$|.+: (?:is sitting out|sits out|is connected|has timed out|has returned|is disconnected)$'
    r"|Betting is capped|Pair on board - a double bet is allowed|No low hand qualified|\*+ # \d+ \*+"
    r"|.+ cashed out the hand for .*|.+ has requested TIME|Board \[.*\]|.+ is feeling .*", re.I)


def read_hand(block: Sequence[tuple[int, str]], file: str) -> SiteHand:
    """Return one PokerStars hand read from its numbered lines."""
    first, header = block[0]
    head = _HEAD.match(header)
    if head is None:
        raise HistoryError(f"line {first}: not a PokerStars hand header: {header[:80]!r}")
    game, structure = _game(head["game"])
    stakes = _stakes(head["game"], head["blinds"])
    fields: dict = dict(site=SITE, file=file, line=first, number=head["number"], game=game, structure=structure,
                        stakes=stakes, tournament=head["tournament"], level=head["level"], date=head["date"],
                        time=head["time"], time_zone=head["tz"], currency=_currency(header, head["tournament"]),
                        end_line=block[-1][0])
    seats: list[Seat] = []
    events: list[Event] = []
    unread: list[tuple[int, str]] = []
    summary = False
    names: list[str] = []
    for number, line in block[1:]:
        if not line:
            continue
        try:
            if summary:
                _summary_line(number, line, fields, unread)
                continue
            if (table := _TABLE.fullmatch(line)) is not None and not seats:
                fields.update(table=table["name"], max_seats=int(table["max"]) if table["max"] else None,
                              button=int(table["button"]) if table["button"] else None)
                continue
            if (seat := _SEAT.fullmatch(line)) is not None and not events:
                seats.append(Seat(number=int(seat["seat"]), player=seat["name"], stack=money(seat["stack"]),
                                  sitting_out="sitting out" in seat["rest"] or "out of hand" in seat["rest"],
                                  line=number))
                names.append(seat["name"])
                continue
            if (street := _STREETS.match(line)) is not None:
                name = street["name"].strip()
                if name.upper() == "SUMMARY":
                    summary = True
                    continue
                events.append(Event(kind=EventKind.STREET, line=number, text=line, street=name))
                if street["card"]:
                    events.append(Event(kind=EventKind.BOARD, line=number, text=line,
                                        cards=cards_of(f"[{street['card']}]")))
                continue
            event = _event(number, line, names, _big_blind(stakes, structure))
            if event is not None:
                events.append(event)
                continue
            if _TABLE_NEWS.fullmatch(line):
                continue
            unread.append((number, line))
        except HistoryError as err:
            unread.append((number, f"{line} ({err})"))
    return SiteHand(**fields, seats=tuple(seats), events=tuple(events), unread=tuple(unread))


def _game(text: str) -> tuple[str, str | None]:
    """Return the game's key and betting structure from the header's game (a mixed game names it in brackets)."""
    inner = _GAME.match(text)
    if inner is not None and not re.fullmatch(r"[$€£\d.,/ A-Z]*", inner["inner"]):
        text = inner["inner"]                       # HORSE (7 Card Stud Hi/Lo Limit), 8-Game (Razz Limit)
    elif inner is not None:
        text = inner["name"]                        # Razz Limit ($0.04/$0.08 USD)
    lowered = text.lower().strip()
    for words, structure in _STRUCTURE:
        if lowered.endswith(" " + words):
            return game_key(lowered[: -len(words) - 1]), structure
    return game_key(lowered), None


def _stakes(game: str, blinds: str | None) -> tuple[Decimal, ...]:
    """Return the header's stakes: the small and the big bet (limit) or the blinds (pot- and no-limit)."""
    inner = _GAME.match(game)
    text = blinds if blinds else inner["inner"] if inner is not None else ""
    found = re.findall(AMOUNT, text or "")
    return tuple(money(amount) for amount in found[:2]) if len(found) >= 2 else ()


def _big_blind(stakes: tuple[Decimal, ...], structure: str | None) -> Decimal | None:
    """Return the big blind the header's stakes give: the small bet in limit, the second blind in pot- and no-limit
    (K3, K5); None where the header gives none."""
    if len(stakes) < 2:
        return None
    return stakes[0] if structure == "fixed-limit" else stakes[1]


def _currency(header: str, tournament: str | None) -> str | None:
    if tournament:
        return None                                  # tournament chips
    for code, sign in (("USD", "$"), ("EUR", "€"), ("GBP", "£")):
        if code in header or f"({sign}" in header:
            return code
    return None


def _event(number: int, line: str, names: list[str], big_blind: Decimal | None = None) -> Event | None:
    """Return the event of one line of the play (posts, deals, bets, draws, shows, collections). A post of both
    blinds by a player who joins or returns (O4) is the big blind live and the rest dead, by the header's big blind.

    >>> post = _event(9, "Kim: posts small & big blinds $0.30", ["Kim"], Decimal("0.20"))
    >>> post.kind.value, post.amount, post.dead
    ('post', Decimal('0.20'), Decimal('0.10'))
    """
    if line.startswith("Dealt to "):
        split = split_name(line[len("Dealt to "):], names, " [")
        if split is None:
            return None
        player, _ = split
        groups = bracket_groups(line)
        new = groups[-1]
        up_only = False
        return Event(kind=EventKind.DEAL, line=number, text=line, player=player, cards=new, up_only=up_only)
    if line.startswith("Uncalled bet ("):
        found = re.fullmatch(r"Uncalled bet \((" + AMOUNT + r")\) returned to (.+)", line)
        if found is None or found[2] not in names:
            return None
        return Event(kind=EventKind.RETURN, line=number, text=line, player=found[2], amount=money(found[1]))
    if line == "Hand cancelled":
        return Event(kind=EventKind.CANCELLED, line=number, text=line)
    collected = split_name(line, names, " collected ")
    if collected is not None:
        found = re.fullmatch(r"(" + AMOUNT + r") from (pot|main pot|side pot(?:-\d+)?)", collected[1])
        if found is None:
            return None
        return Event(kind=EventKind.COLLECT, line=number, text=line, player=collected[0], amount=money(found[1]),
                     pot=found[2])
    split = split_name(line, names, ": ")
    if split is None:
        return None
    player, rest = split
    all_in = bool(_ALL_IN.search(rest))
    rest = _ALL_IN.sub("", rest)
    simple = {"folds": EventKind.FOLD, "checks": EventKind.CHECK, "stands pat": EventKind.STAND_PAT,
              "mucks hand": EventKind.MUCK, "doesn't show hand": EventKind.MUCK}
    if rest in simple:
        return Event(kind=simple[rest], line=number, text=line, player=player, all_in=all_in)
    patterns = (
        (r"posts small blind (?P<a>" + AMOUNT + ")", EventKind.SMALL_BLIND),
        (r"posts big blind (?P<a>" + AMOUNT + ")", EventKind.BIG_BLIND),
        (r"posts (?:the )?ante (?P<a>" + AMOUNT + ")", EventKind.ANTE),
        (r"posts small & big blinds (?P<a>" + AMOUNT + ")", EventKind.POST),
        (r"brings in for (?P<a>" + AMOUNT + ")", EventKind.BRING_IN),
        (r"calls (?P<a>" + AMOUNT + ")", EventKind.CALL),
        (r"bets (?P<a>" + AMOUNT + ")", EventKind.BET),
        (r"raises (?P<a>" + AMOUNT + ") to (?P<to>" + AMOUNT + ")", EventKind.RAISE),
        (r"completes it to (?P<to>" + AMOUNT + ")", EventKind.COMPLETE),
    )
    for pattern, kind in patterns:
        found = re.fullmatch(pattern, rest)
        if found is not None:
            amount = money(found["a"]) if "a" in found.groupdict() and found["a"] else None
            to = money(found["to"]) if "to" in found.groupdict() and found["to"] else None
            dead = Decimal(0)
            if kind is EventKind.POST and amount is not None and big_blind is not None:
                live = min(amount, big_blind)        # O4: the big blind is live, the small blind dead
                amount, dead = live, amount - live
            return Event(kind=kind, line=number, text=line, player=player, amount=amount, to=to, dead=dead,
                         all_in=all_in)
    if (found := re.fullmatch(r"discards (\d+) cards?(?: \[(.*)\])?", rest)) is not None:
        cards = cards_of(f"[{found[2]}]") if found[2] is not None else None
        if cards is not None and len(cards) != int(found[1]):
            raise HistoryError(f"{found[1]} cards discarded, {len(cards)} listed")
        return Event(kind=EventKind.DISCARD, line=number, text=line, player=player, count=int(found[1]), cards=cards)
    if (found := re.fullmatch(r"stands pat on \[(.*)\]", rest)) is not None:
        return Event(kind=EventKind.STAND_PAT, line=number, text=line, player=player)
    if (found := re.fullmatch(r"shows \[(.*?)\](?: \((.*)\))?", rest)) is not None:
        return Event(kind=EventKind.SHOW, line=number, text=line, player=player, cards=cards_of(f"[{found[1]}]"),
                     label=found[2])
    return None


def _summary_line(number: int, line: str, fields: dict, unread: list[tuple[int, str]]) -> None:
    """Read a line of the summary: the total pot, the pots and the rake (O3); the seat lines repeat the play."""
    total = _TOTAL.fullmatch(line)
    if total is not None:
        fields["total_pot"] = money(total["total"])
        fields["rake"] = money(total["rake"])
        fields["pots"] = tuple(money(pot) for pot in _POT.findall(total["pots"] or ""))
        return
    if line.startswith(("Seat ", "Board [")):
        return
    unread.append((number, line))
