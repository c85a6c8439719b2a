"""A hand as an online room's history states it (O1), before any rule is applied: the common ground of every site.

Each site's reader turns its text into a ``SiteHand``: the header, the seats, and the lines in order, each an
``Event`` that keeps the room's own words and numbers (O1, O5). Nothing here is judged: the judge
(``histories.judge``) replays the events through the engine and compares what the room says with what the rules
say. Unknown cards stay unknown (``None``, O2); amounts are exact decimals (O5).

>>> from decimal import Decimal
>>> Event(kind=EventKind.CALL, line=12, text="Hero: calls $0.10", player="Hero", amount=Decimal("0.10")).amount
Decimal('0.10')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

from lowball.core.cards import Card

Cards = tuple[Card | None, ...]


class EventKind(StrEnum):
    """What one line of a history records (O1)."""

    ANTE = "ante"                    # a dead ante (T2, L4, V1)
    SMALL_BLIND = "small-blind"      # K3
    BIG_BLIND = "big-blind"          # K3
    POST = "post"                    # a post of a player who joins or returns (O4): ``amount`` live, ``dead`` dead
    BRING_IN = "bring-in"            # L4, R2
    DEAL = "deal"                    # cards dealt to a player (``cards``; None where unknown, O2)
    BOARD = "board"                  # a community card (L8)
    STREET = "street"                # a street's header (``street``: the room's name of it)
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"                    # ``amount``: the chips the line says were added
    BET = "bet"                      # ``amount``: the bet
    RAISE = "raise"                  # ``to``: the round's total after it; ``amount``: the chips added, where said
    COMPLETE = "complete"            # L4: the bring-in completed to the small bet
    DISCARD = "discard"              # ``count`` cards thrown, ``cards`` where the room shows them (D1, O2)
    STAND_PAT = "stand-pat"          # D1
    RETURN = "return"                # an uncalled bet given back (``amount``)
    SHOW = "show"                    # ``cards`` shown, ``label``: the room's name of the hand
    MUCK = "muck"                    # a player gives up his hand at the showdown (``cards`` where the room shows them)
    COLLECT = "collect"              # ``amount`` from ``pot`` ("pot", "main pot", "side pot 1")
    CANCELLED = "cancelled"          # the room cancelled the hand (O4)


@dataclass(frozen=True, kw_only=True)
class Event:
    """One line of a history: what happened, by whom, with the room's numbers, and where it stands in the file."""

    kind: EventKind
    line: int                        # the line's number in its file, from 1
    text: str                        # the line as the room wrote it
    player: str | None = None
    amount: Decimal | None = None
    to: Decimal | None = None
    dead: Decimal = Decimal(0)
    all_in: bool = False
    cards: Cards | None = None
    count: int | None = None
    up_only: bool = False            # a deal line that shows only the face-up cards of the street (stud, O2)
    label: str | None = None
    pot: str | None = None
    street: str | None = None


@dataclass(frozen=True, kw_only=True)
class Seat:
    """A seat of the table as the history lists it (O1)."""

    number: int                      # the room's seat number
    player: str
    stack: Decimal
    sitting_out: bool = False
    line: int = 0


@dataclass(frozen=True, kw_only=True)
class SiteHand:
    """One hand as a room's history states it (O1): header, table, seats, events, summary."""

    site: str                        # the room: "PokerStars", "Full Tilt Poker", "Winamax", "Kings Club"
    file: str
    line: int                        # the line of the file the hand starts on
    number: str                      # the room's hand number
    game: str                        # the game's key (``histories.games``), or the room's name for it if unknown
    structure: str | None            # "fixed-limit", "pot-limit", "no-limit" (None: not stated)
    stakes: tuple[Decimal, ...] = ()  # the numbers the header gives: small and big bet, or the blinds
    currency: str | None = None      # "USD", "EUR"; None for tournament chips and play money
    tournament: str | None = None
    level: str | None = None
    date: str | None = None          # "2011/06/26", the room's local date
    time: str | None = None          # "18:34:02"
    time_zone: str | None = None     # "WET"
    table: str | None = None
    max_seats: int | None = None
    button: int | None = None        # the seat number of the button (None: stud, or not stated)
    seats: tuple[Seat, ...] = ()
    events: tuple[Event, ...] = ()
    total_pot: Decimal | None = None  # the summary's total pot (O3)
    pots: tuple[Decimal, ...] = ()   # the summary's main and side pots, where it lists them
    rake: Decimal | None = None
    pot_after_rake: bool = False     # the room's "total pot" is what was paid out (Winamax), not before the rake
    returns_told: bool = True        # the room writes a line for each uncalled bet it gives back (Kings Club: no;
                                     # the pot, the payouts and the stacks after the hand then say it)
    returns_in_pot: bool = False     # the room counts an uncalled bet in its pot and pays it back with what its
                                     # owner collects (Winamax)
    finishing: tuple[tuple[str, Decimal], ...] = ()   # each player's stack after the hand, where the room says it
    unread: tuple[tuple[int, str], ...] = field(default=())   # lines the reader could not read: (number, text)
    unsupported: tuple[tuple[int, str], ...] = ()   # what the reader knows and the judge cannot judge: (line, key
                                     # of rules/verdicts.toml: "run-it-twice")
    end_line: int = 0                # the last line of the hand
