"""Which table judges a room's game: the rooms' names of games, read from ``rules/rooms/rooms.toml`` (O1, O4).

A room names its games in its own words ("Triple Draw 2-7 Lowball", "Lowball27", "Stud H/L"); each name is a
key of the rooms table, which gives the game, the built-in table of each betting structure, and, where a room's
rules depart from the card rooms' (O4), the room's own table, which extends the card-room one.

>>> game_key("Triple Draw 2-7 Lowball"), game_key("Hold'em")
('deuce-to-seven-triple-draw', "hold'em")
>>> table_name("deuce-to-seven-single-draw", "pot-limit", "PokerStars")
'deuce-to-seven-single-draw-pot-limit'
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from lowball.core.games import ROOMS_DIR, GameTable, load_game_table
from lowball.core.reader import read_toml
from lowball.errors import RulesError

ROOMS_FILE = ROOMS_DIR / "rooms.toml"


@functools.cache
def rooms_table() -> dict[str, Any]:
    """Return the rooms table as read (games by the rooms' names, tables by structure, rooms' own tables)."""
    data = read_toml(ROOMS_FILE).data
    for section in ("games", "tables", "rooms", "unplayed"):
        if not isinstance(data.get(section), dict):
            raise RulesError(f"{ROOMS_FILE.name}: [{section}] missing")
    unknown = set(data) - {"games", "tables", "rooms", "unplayed"}
    if unknown:
        raise RulesError(f"{ROOMS_FILE.name}: unknown section {sorted(unknown)[0]!r}")
    for name, game in data["games"].items():
        if game not in data["tables"]:
            raise RulesError(f"{ROOMS_FILE.name}: games.{name!r} names {game!r}, which has no [tables.{game}]")
    return data


def game_key(name: str) -> str:
    """Return the game a room's name stands for (``rooms.toml [games]``); an unknown name comes back as it is,
    lower-cased (the judge refuses it by that name)."""
    lowered = " ".join(name.lower().split())
    return rooms_table()["games"].get(lowered, lowered)


def unplayed(game: str) -> str | None:
    """Return the name of a game the rooms deal and the project does not play (None if the game is not one)."""
    names: dict[str, str] = rooms_table()["unplayed"]
    if game in names:
        return names[game]
    for key, shown in names.items():
        if key in game:
            return shown
    return None


def table_name(game: str, structure: str | None, site: str) -> str | None:
    """Return the table that judges ``game`` dealt in ``structure`` at ``site``: the room's own where it has one,
    else the built-in table; None when the project has no table for it."""
    tables = rooms_table()["tables"].get(game)
    if tables is None:
        return None
    if structure is None and len(tables) == 1:
        structure = next(iter(tables))
    builtin = tables.get(structure) if structure else None
    if builtin is None:
        return None
    own = rooms_table()["rooms"].get(room_key(site), {}).get(builtin)
    return own or builtin


def room_key(site: str) -> str:
    """Return a room's key in the rooms table: its name in lower case, without spaces ("full-tilt-poker")."""
    return "-".join(site.lower().split())


@functools.cache
def load_table(name: str) -> GameTable:
    """Return the table of a name ``table_name`` gave: a built-in game, or a room's table file in ``rules/rooms``."""
    if name.endswith(".toml"):
        return load_game_table(ROOMS_DIR / name)
    return load_game_table(name)


def room_tables() -> dict[str, Path]:
    """Return every room table file, by the name ``table_name`` gives it."""
    return {path.relative_to(ROOMS_DIR).as_posix(): path for path in sorted(ROOMS_DIR.rglob("*.toml"))
            if path != ROOMS_FILE}
