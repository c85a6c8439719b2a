"""A judged hand written as PHH: the standard's fields, the room's name and hand number, money exact (O1, O5).

What the room states goes into the standard's optional fields (``hand``, ``table``, ``seats``, ``seat_count``,
``time``, ``time_zone``, ``day``/``month``/``year``, ``currency``, ``event``, ``level``, ``winnings``, ``venue``);
what it has no field for goes into user fields, which PHH lets begin with ``_``: the room (``_room``), its hand
number as written (``_room_hand``), and the rake (``_rake``: the standard has no rake field; its ``winnings`` are
what the room paid after the rake, O3). The variant is the standard's code of the game where it has one, so that
pokerkit reads the file; ``_lowball_rules`` names the table that judged it, so that ``lowball replay`` judges it
by the same rules. ``finishing_stacks`` are the stacks the rules leave before the rake, as both replays give.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from typing import Any

from lowball.histories.judge import Judgement
from lowball.phh.history import to_phh

# Rooms write time zones as abbreviations; the standard's ``time_zone`` is an IANA name. Only abbreviations that
# name one zone are mapped (the rest stay in ``time_zone_abbreviation``).
IANA = {"ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York", "PT": "America/Los_Angeles",
        "UTC": "UTC", "GMT": "UTC", "CET": "Europe/Paris", "WET": "Europe/Lisbon", "EET": "Europe/Helsinki",
        "MSK": "Europe/Moscow", "AEST": "Australia/Sydney", "CCT": "Asia/Shanghai"}


def standard_fields(judgement: Judgement) -> dict[str, Any]:
    """Return the PHH optional fields (and user fields) of what the room's history states about a hand."""
    site = judgement.site_hand
    fields: dict[str, Any] = {"venue": site.site}
    if site.tournament:
        fields["event"] = f"{site.site} tournament #{site.tournament}"
    level = re.search(r"Level ([IVXLC]+|\d+)", site.level or "", flags=re.I)
    if level is not None:
        fields["level"] = _roman(level[1])
    fields["hand"] = int(site.number) if site.number.isdigit() else site.number
    if site.table:
        fields["table"] = site.table
    seats = {seat.player: seat.number for seat in site.seats}
    fields["seats"] = [seats[name] for name in judgement.names]
    if site.max_seats:
        fields["seat_count"] = site.max_seats
    if site.date:
        year, month, day = (int(part) for part in re.split(r"[/-]", site.date))
        fields.update(year=year, month=month, day=day)
    if site.time:
        hours, minutes, seconds = (int(part) for part in site.time.split(":"))
        fields["time"] = datetime.time(hours, minutes, seconds)          # a TOML local time
    if site.time_zone:
        if site.time_zone.upper() in IANA:
            fields["time_zone"] = IANA[site.time_zone.upper()]
        else:                       # the standard's field for it (phh-std 0.0.1), which pokerkit 0.7.7 warns of
            fields["time_zone_abbreviation"] = site.time_zone
    if site.currency:
        fields["currency"] = site.currency
    fields["winnings"] = [judgement.collected.get(name, Decimal(0)) for name in judgement.names]
    fields["_room"] = site.site
    fields["_room_hand"] = site.number
    fields["_rake"] = site.rake if site.rake is not None else Decimal(0)
    return fields


def _roman(text: str) -> int:
    if text.isdigit():
        return int(text)
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
    total = 0
    for here, after in zip(text.upper(), text.upper()[1:] + " "):
        value = values[here]
        total += -value if after != " " and values[after] > value else value
    return total


def phh_text(judgement: Judgement) -> str | None:
    """Return a hand's PHH, or None where the replay did not reach the end (a refused hand, a finding mid-hand)."""
    hand = judgement.hand
    if hand is None or hand.result is None:
        return None
    return to_phh(hand, unit=judgement.unit, fields=standard_fields(judgement), standard=True)
