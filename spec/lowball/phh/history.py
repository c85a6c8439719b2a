"""Hand histories in PHH, the TOML hand-history format of the open-source poker tools.

A history's ``variant`` code names the game: ``FA6L1D`` (the teaching table, a
project-local code) or a code of the PHH standard (``F2L3D``, ``N2L1D``,
``F7S/8``, ``FR``) or of this project (``docs/phh.md``). Each built-in
game table carries its code. Fields used: ``variant``, ``antes``,
``blinds_or_straddles``, ``bring_in``, ``small_bet`` and ``big_bet`` (or
``min_bet``), ``starting_stacks``, ``actions``, and optionally ``players`` and
``finishing_stacks``. Other PHH metadata fields are accepted and ignored.

Where a game's stakes are rules (the teaching table: ante 1, bets 1 and 2, T2,
T3), a history must have them; where they are the house's choice (the PHH
standard's games), the history's stakes are played.

Amounts are chips (whole numbers) or money with a fraction (``4.36``, a hand of a
card room, O5): money is read as exact decimals, played as whole numbers of the
history's smallest unit (a cent), and given back in money.
"""

from __future__ import annotations

import datetime
import functools
import json
from dataclasses import replace
import os
import re
from decimal import Decimal
from pathlib import Path
from typing import Any, Iterable, Sequence

from lowball.core.arguments import instance_of, takes
from lowball.core.behaviours import AnteBy, Serve, Structure
from lowball.core.files import exists, quote, read_text
from lowball.core.games import (ROOMS_DIR, STAKES_KEYS, TABLE, GameTable, builtin_games, game_code, load_game_table,
                                 with_stakes)
from lowball.core.reader import parse_toml
from lowball.engine.actions import Action, Kind, parse_action
from lowball.engine.rules.forced_bets import owed
from lowball.core.seats import big_blind_seat
from lowball.engine.state import DRAW, OVER, SHOWDOWN, Hand, HandResult, check_can_start
from lowball.errors import HistoryError, IllegalAction, LowballError, RulesError

# A history longer than this is not a hand of poker (a hand has at most a few hundred actions).
MAX_ACTIONS = 10_000
# The user fields (PHH allows any field starting with "_") naming the house table a hand was played at.
HOUSE_TABLE, HOUSE_TABLE_FILE = "_lowball_table", "_lowball_table_file"
# The user field naming the built-in game whose rules judge a hand written under the PHH standard's code of the
# game (a card room's hand written as F2L3D for pokerkit, judged by the card-room table, not pokerkit's), or the
# online room's table that judged it (its path in rules/rooms: "pokerstars/badugi.toml", O4).
RULES_TABLE = "_lowball_rules"
# The user field marking which seats' entries of ``blinds_or_straddles`` are the live posts of players who join or
# return (O4: ``forced.seat_posts``), not straddles: true or false for each seat, in PHH's order.
POSTS_FIELD = "_lowball_posts"
# How the built-in table that plays a game as pokerkit does is named: the game's name and this (F2L3D is
# ``deuce-to-seven-triple-draw-phh``). Their codes are the only ones pokerkit reads (``pokerkit_codes``).
PHH_TABLE = "-phh"


def _toml(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def in_phh_order(seat_values: Sequence[int]) -> list[int]:
    """Return per-seat forced bets in PHH order, or PHH's back in seat order: heads-up PHH lists them reversed, the
    small blind's first, since the dealer posts it (K3, V7); otherwise they are the same.

    >>> in_phh_order([2, 1]), in_phh_order([1, 2, 0])
    ([1, 2], [1, 2, 0])
    """
    values = list(seat_values)
    return values[::-1] if len(values) == 2 else values


def money(chips: int, unit: Decimal = Decimal(1)) -> int | Decimal:
    """Return ``chips`` of the smallest unit as money: the same whole number where the unit is a chip, an exact
    decimal with the unit's places where it is a cent (O5).

    >>> money(436, Decimal("0.01")), money(5, Decimal("0.01")), money(13)
    (Decimal('4.36'), Decimal('0.05'), 13)
    """
    if unit == 1:
        return chips
    return (Decimal(chips) * unit).quantize(unit)


def _amounts(values: Sequence[int], unit: Decimal) -> str:
    return "[" + ", ".join(str(money(v, unit)) for v in values) + "]"


@takes(hand=instance_of(Hand, "a hand (lowball.Hand)"))
def to_phh(hand: Hand, unit: Decimal = Decimal(1), fields: dict[str, Any] | None = None,
           standard: bool = False) -> str:
    """Return the hand as PHH text (its table's variant code) that ``replay`` turns back into the same hand.

    A hand played at a house table names its table in the user fields ``_lowball_table`` (and
    ``_lowball_table_file``, the name of its file: no folder of the machine that wrote it), which PHH allows, so
    that ``replay`` finds the rules it was played under, beside the history or in the working folder.
    ``unit``: what one chip of the hand is worth (``Decimal("0.01")``: the hand was played in cents and is written
    in money, O5); ``fields``: more fields to write (the standard's optional ones, ``_``-prefixed ones of a user);
    ``standard``: write the PHH standard's code of the game (F2L3D for the card rooms' triple draw), so that pokerkit
    reads it, and name the game that judged it in ``_lowball_rules``, so that ``replay`` judges it by its rules.

    pokerkit reads only the codes of the ``-phh`` tables (``pokerkit_codes``: F2L3D, N2L1D, ...); any other code,
    the card rooms' ``F2L3D-CR`` or this project's ``FA6L1D`` included, is read by ``lowball replay`` alone
    (``pokerkit_note`` says so where histories are written).

    >>> text = to_phh(Hand([13, 13], seed=1))
    >>> text.splitlines()[0], phh_code(load_game_table("deuce-to-seven-triple-draw"), standard=True)
    ('variant = "FA6L1D"', 'F2L3D')
    """
    table = hand.table
    due = owed(table, hand.n)
    code = phh_code(table, standard)
    room = room_table(table)
    lines = [f"variant = {_toml(code)}", f"antes = {_amounts(in_phh_order(due.antes), unit)}"]
    if room is not None:
        lines.append(f"{RULES_TABLE} = {_toml(room)}")
    elif code != table.variant and is_builtin_game(table):
        lines.append(f"{RULES_TABLE} = {_toml(table.name)}")
    if table.ante_trimming:
        lines.append("ante_trimming_status = true")
    if table.blinds:
        posted = table.blinds[:2] if hand.n == 2 else table.blinds[:hand.n]
        seats = list(posted) + [0] * (hand.n - len(posted))
        joining = list(table.seat_posts) or [0] * hand.n        # O4: a joining player's post, in his seat's entry
        lines.append(f"blinds_or_straddles = {_amounts([b + p for b, p in zip(seats, joining)], unit)}")
        if table.seat_posts:
            lines.append(f"{POSTS_FIELD} = {_toml([bool(p) for p in in_phh_order(table.seat_posts)])}")
    if table.bring_in:
        lines.append(f"bring_in = {money(table.bring_in, unit)}")
    if table.structure is Structure.FIXED_LIMIT:
        lines += [f"small_bet = {money(table.small_bet, unit)}", f"big_bet = {money(table.big_bet, unit)}"]
    else:
        lines.append(f"min_bet = {money(table.small_bet, unit)}")
    steps = hand.actions
    if code != table.variant and games_by_variant()[code].serve is Serve.AFTER_ALL_DISCARDS:
        steps = standard_order(steps)           # P3: the standard's draws serve after every discard
    lines += [
        f"starting_stacks = {_amounts(hand.starting_stacks, unit)}",
        "actions = [",
        *(f"  {_toml(_action_text(action, unit))}," for action in steps),
        "]",
        f"players = {_toml(list(hand.names))}",
    ]
    if hand.result is not None:
        lines.append(f"finishing_stacks = {_amounts(hand.result.finishing_stacks, unit)}")
    for key, value in (fields or {}).items():
        lines.append(f"{key} = {_field_text(value)}")
    if not is_builtin_game(table) and room is None:
        lines.append(f"{HOUSE_TABLE} = {_toml(table.name)}")
        if table.path:          # its name only: a folder of the writing machine means nothing where it is read
            lines.append(f"{HOUSE_TABLE_FILE} = {_toml(Path(table.path).name)}")
    return "\n".join(lines) + "\n"


def phh_code(table: GameTable, standard: bool = False) -> str:
    """Return the variant code ``to_phh`` writes for a hand of ``table``: its own, or with ``standard`` the PHH
    standard's code of its game where there is one.

    >>> phh_code(load_game_table("razz")), phh_code(load_game_table("razz"), standard=True)
    ('FR-CR', 'FR')
    """
    return standard_code(table) if standard else table.variant


@functools.cache
def pokerkit_codes() -> tuple[str, ...]:
    """Return the codes pokerkit reads: those of the built-in ``-phh`` tables, each a game as pokerkit plays it.

    >>> pokerkit_codes()
    ('FB', 'N2L1D', 'F2L3D', 'FR', 'F7S', 'F7S/8')
    """
    return tuple(game.variant for game in builtin_games() if game.name.endswith(PHH_TABLE))


def pokerkit_note(codes: Iterable[str]) -> str | None:
    """Return one line saying which of the ``codes`` of histories just written pokerkit cannot read (None: it reads
    them all).

    >>> pokerkit_note(["F2L3D", "F2L3D-CR"])
    "these histories use the table's own code F2L3D-CR; pokerkit reads only the -phh tables' codes FB, N2L1D, F2L3D, FR, F7S, F7S/8 (lowball replay reads them all)"
    >>> pokerkit_note(["F2L3D"]) is None
    True
    """
    unread = sorted(set(codes) - set(pokerkit_codes()))
    if not unread:
        return None
    whose = "their tables' own codes" if len(unread) > 1 else "the table's own code"
    return (f"these histories use {whose} {', '.join(unread)}; pokerkit reads only the {PHH_TABLE} tables' codes "
            f"{', '.join(pokerkit_codes())} (lowball replay reads them all)")


def _field_text(value: Any) -> str:
    """Return a field's value as TOML: money as an exact decimal (``0.45``, O5), a time of day bare (``09:27:48``)."""
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, list) and any(isinstance(v, Decimal) for v in value):
        return "[" + ", ".join(_field_text(v) for v in value) + "]"
    if isinstance(value, datetime.time):
        return value.isoformat()
    return _toml(value)


def _action_text(action: Any, unit: Decimal) -> str:
    """Return an action's PHH line with its amount in money (``p1 cbr 0.20``)."""
    if action.amount is None or unit == 1:
        return str(action)
    return str(action)[: -len(str(action.amount))] + str(money(action.amount, unit))


def room_table(table: GameTable) -> str | None:
    """Return the name of an online room's table (its path in ``rules/rooms``, as ``rooms.toml`` names it:
    "pokerstars/badugi.toml", O4) where ``table`` was loaded from one, else None.

    >>> from lowball.core.games import load_game_table
    >>> room_table(load_game_table(ROOMS_DIR / "pokerstars" / "badugi.toml")), room_table(load_game_table("badugi"))
    ('pokerstars/badugi.toml', None)
    """
    if not table.path:
        return None
    try:
        return Path(table.path).resolve().relative_to(ROOMS_DIR.resolve()).as_posix()
    except ValueError:
        return None


def _room_table(name: str) -> GameTable | None:
    """Return the online room's table of that name (a path in ``rules/rooms``), None if there is none."""
    path = (ROOMS_DIR / name).resolve()
    if not name.endswith(".toml") or not path.is_relative_to(ROOMS_DIR.resolve()) or not path.is_file():
        return None
    return load_game_table(path)


def is_builtin_game(table: GameTable) -> bool:
    """Return whether ``table`` is the built-in game of its variant code (at the history's stakes, where the game
    lets a history choose them): a history of it needs no name of its table."""
    builtin = games_by_variant().get(table.variant)
    if builtin is None or builtin.name != table.name:
        return False
    ours, theirs = dict(table.data), dict(builtin.data)
    if table.phh_stakes_vary:
        for key in STAKES_KEYS:
            ours.pop(key, None)
            theirs.pop(key, None)
    return ours == theirs


def read_history(phh: str | Path) -> dict[str, Any]:
    """Return the parsed fields of a history given as its text, or as a path (a ``Path``, or a string naming a file)."""
    if isinstance(phh, os.PathLike) or (isinstance(phh, str) and exists(phh)):
        text = read_text(phh, HistoryError, "hand history")
    elif isinstance(phh, str):
        if "\n" not in phh and "=" not in phh:
            raise HistoryError(f"cannot read hand history {quote(phh)}: no such file")
        text = phh
    else:
        raise HistoryError(f"a hand history is its text or a path, got {quote(phh)}")
    try:
        return parse_toml(text, "the hand history", "a hand history", exact=True)
    except RulesError as err:
        raise HistoryError(str(err)) from None


# The fields of a history that hold amounts (chips or money), and an action's amount (``p1 cbr 0.20``).
MONEY_FIELDS = ("antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet", "starting_stacks",
                "finishing_stacks", "winnings")
_ACTION_AMOUNT = re.compile(r"^(\s*p\d+\s+cbr\s+)(\d+\.\d+)(\s*(?:#.*)?)$")


def in_units(data: dict[str, Any]) -> tuple[dict[str, Any], Decimal]:
    """Return a history's fields with every amount in whole units of its smallest amount, and that unit (O5).

    >>> in_units({"starting_stacks": [Decimal("4.36"), 3], "actions": ["p1 cbr 0.2"]})
    ({'starting_stacks': [436, 300], 'actions': ['p1 cbr 20']}, Decimal('0.01'))
    >>> in_units({"starting_stacks": [13, 13]})[1]
    Decimal('1')
    """
    amounts = [v for key in MONEY_FIELDS for v in (data.get(key) if isinstance(data.get(key), list)
                                                   else [data.get(key)]) if isinstance(v, Decimal)]
    actions = data.get("actions")
    texts = actions if isinstance(actions, list) else []
    amounts += [Decimal(m[2]) for m in (_ACTION_AMOUNT.match(a) for a in texts if isinstance(a, str)) if m]
    if not amounts:
        return data, Decimal(1)
    places = max(-a.as_tuple().exponent for a in amounts if a.is_finite())
    if places > 6 or not all(a.is_finite() for a in amounts):
        raise HistoryError(f"amounts: {places} decimal places; money has at most 6")
    scale = 10 ** places

    def whole(value: Any) -> Any:
        if isinstance(value, Decimal):
            return int(value * scale)
        if isinstance(value, int) and not isinstance(value, bool):
            return value * scale
        return value

    out = dict(data)
    for key in MONEY_FIELDS:
        if key in out:
            out[key] = [whole(v) for v in out[key]] if isinstance(out[key], list) else whole(out[key])
    if isinstance(actions, list):
        out["actions"] = [_action_in_units(a, scale) if isinstance(a, str) else a for a in actions]
    return out, Decimal(1) / scale


def _action_in_units(text: str, scale: int) -> str:
    found = re.match(r"^(\s*p\d+\s+cbr\s+)(\d+(?:\.\d+)?)(.*)$", text)
    if found is None:
        return text
    return f"{found[1]}{int(Decimal(found[2]) * scale)}{found[3]}"


@functools.cache
def games_by_variant() -> dict[str, GameTable]:
    """Return the built-in game of each PHH variant code."""
    return {game.variant: game for game in builtin_games()}


def _ints(data: dict[str, Any], key: str, required: bool = True) -> list[int] | None:
    if key not in data:
        if required:
            raise HistoryError(f"{key}: missing")
        return None
    value = data[key]
    if not isinstance(value, list) or len(value) > 100 or \
            not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**15 for v in value):
        raise HistoryError(f"{key}: expected a list of whole numbers of chips, got {quote(value)}")
    return value


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise HistoryError(f"{key}: expected a whole number, got {quote(value)}" if key in data else f"{key}: missing")
    return value


def table_for(data: dict[str, Any], table: GameTable | None = None, folder: Path | None = None) -> GameTable:
    """Return the table a history is played at: its variant's game (or the house table it names), with the
    history's stakes where they may vary."""
    variant = data.get("variant")
    if "variant" not in data:
        raise HistoryError("variant: missing: a hand history names its game by a variant code (see `lowball games`)")
    table = _named_table(data, table, folder)
    stacks = _ints(data, "starting_stacks")
    antes = _ints(data, "antes")
    if len(antes) != len(stacks):
        raise HistoryError(f"antes: {len(antes)} antes for {len(stacks)} players")
    if not table.players_min <= len(stacks) <= table.players_max:
        # Refused as the hand itself refuses it (T1), before its stakes, antes seat by seat, make a table of it.
        check_can_start(table, stacks, [f"p{i + 1}" for i in range(len(stacks))])
    seat_antes = in_phh_order(antes)
    stakes = _forced_stakes(data, table, seat_antes)
    if table.structure is Structure.FIXED_LIMIT:
        stakes["small_bet"], stakes["big_bet"] = _int(data, "small_bet"), _int(data, "big_bet")
    else:
        stakes["small_bet"] = _int(data, "min_bet")
    if not table.phh_stakes_vary:
        _check_table_stakes(table, seat_antes, stakes)
        return table
    try:
        return _at_stakes(table, stakes)
    except RulesError as err:
        raise HistoryError(f"the history's stakes do not make a {table.name} table: {err}") from None


# The tables of recent stakes: the hands of one session share them, and loading a table is the costly part of a
# replay. Keyed by the table's identity (kept alive in the value, so that an id is never reused while cached).
_STAKED: dict[tuple[int, str], tuple[GameTable, GameTable]] = {}
_STAKED_MOST = 256


def _at_stakes(table: GameTable, stakes: dict[str, Any]) -> GameTable:
    """Return ``with_stakes(table, stakes)``, loaded once for the hands of a session."""
    key = (id(table), json.dumps(stakes, sort_keys=True, default=str))
    found = _STAKED.get(key)
    if found is not None and found[0] is table:
        return found[1]
    staked = with_stakes(table, stakes)
    if len(_STAKED) >= _STAKED_MOST:
        _STAKED.pop(next(iter(_STAKED)))
    _STAKED[key] = (table, staked)
    return staked


def _named_table(data: dict[str, Any], table: GameTable | None, folder: Path | None) -> GameTable:
    """Return the game the history names: the table given, the house table of ``_lowball_table``, or the built-in
    game of its variant code; refuse a history whose table is not the one it names, saying what to pass."""
    variant, house = data.get("variant"), data.get(HOUSE_TABLE)
    if house is not None and not isinstance(house, str):
        raise HistoryError(f"{HOUSE_TABLE}: expected the name of a game table, got {quote(house)}")
    games = games_by_variant()
    rules = data.get(RULES_TABLE)
    if table is None and house is None and rules is not None:
        return _rules_table(rules, variant)
    if table is None and house is not None:       # written only for a table that is not the built-in game (to_phh)
        table = _house_table(data, house, folder)
    if table is None:
        if not isinstance(variant, str) or variant not in games:
            first = load_game_table().variant        # the teaching table's code, then how many more (one line)
            raise HistoryError(f"unknown variant {quote(variant)}: lowball replays {first} and {len(games) - 1} "
                               f"other codes (`lowball games` lists them); a hand of a table of your own replays "
                               f"with --game FILE")
        return games[variant]
    if house is not None and house != table.name:      # the table it names first: the plainest thing to fix
        raise HistoryError(f"this hand was played at the table {quote(house)}, not at {quote(table.name)}: replay it "
                           f"with --game and the file of {quote(house)}")
    # A hand of a built-in game replayed on purpose at a table changed from it (``--game FILE``, ``--set``): the
    # caller chose the rules to judge it by, as a house rule is tried on a hand played without it.
    if variant != table.variant and variant != game_code(table.variant):
        # A house table's own code ends in a digest of its rules (games.house_code): a file changed since the hand
        # was written has another.
        moved = isinstance(variant, str) and variant != game_code(variant) == game_code(table.variant) != table.variant
        since = "; the table's rules have changed since the hand was played" if moved else ""
        raise HistoryError(f"unknown variant {quote(variant)}: this table replays {table.variant!r} "
                           f"({table.en}){since}")
    return table


def standard_code(table: GameTable) -> str:
    """Return the PHH standard's code of a table's game: the code of the built-in ``-phh`` table that plays it as
    pokerkit does, where there is one (F2L3D for the card rooms' deuce-to-seven triple draw), else its own code.

    >>> from lowball.core.games import load_game_table
    >>> standard_code(load_game_table("deuce-to-seven-triple-draw")), standard_code(load_game_table())
    ('F2L3D', 'FA6L1D')
    """
    by_name = {game.name: game for game in games_by_variant().values()}
    sibling = by_name.get(f"{table.name}{PHH_TABLE}")
    if sibling is None and room_table(table) is not None:     # a room's table: the code of the game it extends
        sibling = by_name.get(f"{table.extends}{PHH_TABLE}")
    return sibling.variant if sibling is not None else table.variant


def _rules_table(name: Any, variant: Any) -> GameTable:
    """Return the built-in game ``_lowball_rules`` names, or the online room's table (O4), whose code or standard
    code the history's variant must be."""
    by_name = {game.name: game for game in games_by_variant().values()}
    table = by_name.get(name) if isinstance(name, str) else None
    if table is None and isinstance(name, str):
        table = _room_table(name)
    if table is None:
        raise HistoryError(f"{RULES_TABLE}: expected the name of a built-in game (see `lowball games`) or of a "
                           f"room's table (rules/rooms), got {quote(name)}")
    if variant not in (table.variant, standard_code(table)):
        raise HistoryError(f"variant {quote(variant)}: {name} is written {standard_code(table)!r}")
    return table


def _house_table(data: dict[str, Any], house: str, folder: Path | None) -> GameTable:
    """Return the house table a history names, from the file it names (as written, or beside the history)."""
    named = data.get(HOUSE_TABLE_FILE)
    where = f" ({named})" if isinstance(named, str) else ""
    if isinstance(named, str) and named:
        for path in (named, *((str(folder / Path(named).name),) if folder is not None else ())):
            if exists(path):
                found = load_game_table(path)
                if found.name == house and not is_builtin_game(found):
                    return found
    if house in {game.name for game in games_by_variant().values()}:
        raise HistoryError(f"this hand was played at a changed copy of the built-in game {quote(house)}{where}, "
                           f"not at the game itself: replay it with --game FILE, the table it was played at")
    raise HistoryError(f"this hand was played at the house table {quote(house)}{where}, not at a built-in game: "
                       f"replay it with --game FILE, the file of {quote(house)}")


def _forced_stakes(data: dict[str, Any], table: GameTable, seat_antes: list[int]) -> dict[str, Any]:
    """Return the forced bets a history lists, as table keys: the antes by who posts them (V1, V11), the blinds and
    straddles (K3), the bring-in (L4), ante trimming (V9)."""
    players = len(seat_antes)
    stakes: dict[str, Any] = ante_stakes(seat_antes, table)
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise HistoryError(f"ante_trimming_status: expected true or false, got {quote(trimming)}")
    stakes["forced.ante_trimming"] = trimming
    blinds = data.get("blinds_or_straddles")
    if blinds is not None and isinstance(blinds, list) and any(isinstance(b, int) and b < 0 for b in blinds):
        raise HistoryError(f"blinds_or_straddles {blinds}: a negative entry is a button blind (V8), which no game "
                           f"here plays")
    blinds = _ints(data, "blinds_or_straddles", required=False)
    if POSTS_FIELD in data:
        blinds, seat_posts = _joining_posts(data[POSTS_FIELD], blinds, players)
        stakes["forced.seat_posts"] = seat_posts
    if table.blinds or (blinds and any(blinds)):
        stakes["forced.blinds"] = _blind_list(blinds, players)
    if table.bring_in or "bring_in" in data:
        stakes["forced.bring_in"] = _int(data, "bring_in")
    return stakes


def ante_stakes(seat_antes: Sequence[int], table: GameTable) -> dict[str, Any]:
    """Return the ante keys of per-seat antes: every player's, the big blind's or the button's, or each seat's own.

    >>> from lowball.core.games import load_game_table
    >>> ante_stakes([0, 150000, 0, 0, 0], load_game_table("deuce-to-seven-single-draw"))
    {'forced.ante': 150000, 'forced.ante_by': 'big-blind', 'forced.seat_antes': []}
    >>> ante_stakes([1, 1, 1], load_game_table("razz"))["forced.ante_by"]
    'every-player'
    """
    n, posting = len(seat_antes), [seat for seat, ante in enumerate(seat_antes) if ante]
    amounts = {seat_antes[seat] for seat in posting}
    by, ante = AnteBy.BY_SEAT, 0
    if not posting:
        by = AnteBy.EVERY_PLAYER
    elif len(posting) == n and len(amounts) == 1:
        by, ante = AnteBy.EVERY_PLAYER, seat_antes[0]
    elif posting == [big_blind_seat(n)] and table.blinds:
        by, ante = AnteBy.BIG_BLIND, seat_antes[posting[0]]
    elif posting == [n - 1]:
        by, ante = AnteBy.BUTTON, seat_antes[posting[0]]
    return {"forced.ante": ante, "forced.ante_by": by.value,
            "forced.seat_antes": list(seat_antes) if by is AnteBy.BY_SEAT else []}


def _joining_posts(marks: Any, blinds: list[int] | None, players: int) -> tuple[list[int], list[int]]:
    """Return the blinds and straddles of a history's ``blinds_or_straddles`` and the posts of joining players
    (O4), seat by seat, as ``_lowball_posts`` marks them.

    >>> _joining_posts([False, False, False, True, False], [1, 2, 0, 2, 0], 5)
    ([1, 2, 0, 0, 0], [0, 0, 0, 2, 0])
    """
    if not isinstance(marks, list) or len(marks) != players or not all(isinstance(m, bool) for m in marks):
        raise HistoryError(f"{POSTS_FIELD}: expected true or false for each of the {players} players (true: that "
                           f"seat's entry of blinds_or_straddles is the post of a player who joins, O4), got "
                           f"{quote(marks)}")
    if blinds is None or len(blinds) != players or any(m and not b for m, b in zip(marks, blinds)):
        raise HistoryError(f"{POSTS_FIELD}: a seat marked as a joining player's post posts nothing in "
                           f"blinds_or_straddles {quote(blinds)}")
    marked = in_phh_order(marks)
    return ([0 if m else b for m, b in zip(marks, blinds)],
            [b if m else 0 for m, b in zip(marked, in_phh_order(blinds))])


def _blind_list(blinds: list[int] | None, players: int) -> list[int]:
    """Return the table's blinds from a history's per-seat list: [small, big, straddles...] posted in turn (K3)."""
    shown = quote(blinds)
    if blinds is None or len(blinds) != players:
        raise HistoryError(f"blinds_or_straddles: expected one entry for each of the {players} players, got {shown}")
    posted = blinds[:2] if players == 2 else blinds
    count = len(posted) - next((i for i, b in enumerate(reversed(posted)) if b), len(posted))
    if count < 2 or not all(posted[:count]) or any(blinds[count:]):
        raise HistoryError(f"blinds_or_straddles: expected [small, big, any straddles, 0, ...], posted in turn from "
                           f"the dealer's left, got {shown}")
    return list(posted[:count])


def _check_table_stakes(table: GameTable, seat_antes: list[int], stakes: dict[str, Any]) -> None:
    """Refuse a history whose stakes are not the table's, where the stakes are rules (T2, T3)."""
    clauses = table.clauses
    want = list(owed(table, len(seat_antes)).antes)
    if seat_antes != want:
        rule = f"every player posts an ante of {table.ante}" if table.ante_by is AnteBy.EVERY_PLAYER else \
            f"the antes here are {in_phh_order(want)}"
        raise IllegalAction(f"antes {in_phh_order(seat_antes)}: {rule} ({clauses['forced']})")
    if tuple(stakes.get("forced.seat_posts", table.seat_posts)) != table.seat_posts:
        raise IllegalAction(f"{POSTS_FIELD}: this table has no posts of joining players ({clauses['forced']})")
    if tuple(stakes.get("forced.blinds", table.blinds)) != table.blinds:
        raise IllegalAction(f"blinds_or_straddles {stakes['forced.blinds']}: the blinds here are "
                            f"{list(table.blinds)} ({clauses['forced']})")
    for key in ("small_bet", "big_bet"):
        if key in stakes and stakes[key] != getattr(table, key):
            raise IllegalAction(f"{key} {stakes[key]}: this table's bet is {getattr(table, key)} ({clauses['size']})")


@takes(table=TABLE)
def replay_hand(phh: str | Path, table: GameTable | None = None) -> Hand:
    """Replay a PHH hand history (text or path), checking every action; return the finished ``Hand`` (its chips
    in the history's smallest unit: ``replay_in_money`` says what one is worth)."""
    return replay_in_money(phh, table)[0]


@takes(table=TABLE)
def replay_in_money(phh: str | Path, table: GameTable | None = None) -> tuple[Hand, Decimal]:
    """Replay a PHH hand history; return the finished ``Hand`` and what one of its chips is worth (1, or a cent for
    a history in money, O5)."""
    data, unit = in_units(read_history(phh))
    folder = Path(phh).parent if isinstance(phh, os.PathLike) or (isinstance(phh, str) and exists(phh)) else None
    table = table_for(data, table, folder)
    stacks = _ints(data, "starting_stacks")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise HistoryError(f"actions: expected a list of strings, got {quote(actions)}")
    if len(actions) > MAX_ACTIONS:
        raise HistoryError(f"actions: {len(actions):,} actions; a hand has at most {MAX_ACTIONS:,}")
    names = data.get("players")
    if names is not None and (not isinstance(names, list) or len(names) != len(stacks)
                              or not all(isinstance(n, str) for n in names)):
        raise HistoryError(f"players: expected {len(stacks)} names, got {quote(names)}")
    try:
        hand = Hand(stacks, table=table, names=names, replay=True)
    except IllegalAction:
        raise
    # A hand judged by a table other than its variant's (``_lowball_rules``) lists each draw in the standard's order
    # (everyone discards, then the replacements, P3); the judging table's dealer may serve each in turn (K8).
    steps = [(index, text) for index, text in enumerate(actions, start=1)]
    if RULES_TABLE in data and table.serve is Serve.IN_TURN:
        steps = _served_in_turn(steps)
    for index, text in steps:
        try:
            hand.apply(parse_action(text))
        except LowballError as err:
            raise IllegalAction(f"action {index} {quote(text)}: {getattr(err, 'reason', err)}") from None
    if hand.phase == SHOWDOWN:
        hand.advance()      # show lines are optional where every card is known: every remaining player shows (S1)
    if hand.phase != OVER:
        waiting = f"p{hand.to_act + 1} to act" if hand.to_act is not None else "the dealer"
        if hand.phase == SHOWDOWN:
            waiting = "the showdown: a player's cards are unknown"
        raise IllegalAction(f"the history ends before the hand is over, waiting for {waiting} "
                            f"({table.clauses['showdown']})")
    expected = _ints(data, "finishing_stacks", required=False)
    if expected is not None and list(expected) != list(hand.result.finishing_stacks):
        raise IllegalAction(f"finishing_stacks {_amounts(expected, unit)} disagree with the replay, which gives "
                            f"{_amounts(hand.result.finishing_stacks, unit)} ({table.clauses['result']})")
    return hand, unit


def _served_in_turn(steps: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Return a history's numbered actions with each draw's replacements just after the discard they replace (K8),
    where the history lists them after every discard (the standard's order, P3).

    >>> [t for _, t in _served_in_turn(list(enumerate(["p1 sd ??", "p2 sd", "p3 sd ??", "d dh p1 ??", "d dh p3 ??"])))]
    ['p1 sd ??', 'd dh p1 ??', 'p2 sd', 'p3 sd ??', 'd dh p3 ??']
    """
    out: list[tuple[int, str]] = []
    draw: list[tuple[tuple[int, str], Action]] = []

    def flush() -> None:
        serves: dict[int, list[tuple[int, str]]] = {}
        for step, action in draw:
            if action.kind == Kind.DEAL:
                serves.setdefault(action.seat, []).append(step)
        for step, action in draw:
            if action.kind == Kind.DISCARD:
                out.append(step)
                if action.cards and serves.get(action.seat):
                    out.append(serves[action.seat].pop(0))
        out.extend(step for rest in serves.values() for step in rest)     # never owed: refused in the replay
        draw.clear()

    for step in steps:
        try:
            action = parse_action(step[1])
        except LowballError:
            action = None
        if action is not None and action.kind == Kind.DISCARD and \
                any(a.kind == Kind.DISCARD and a.seat == action.seat for _, a in draw):
            flush()                              # a player discards again: the next draw (nobody bet between)
        owing = {a.seat for _, a in draw if a.kind == Kind.DISCARD and a.cards}
        if action is not None and (action.kind == Kind.DISCARD or action.kind == Kind.DEAL and action.seat in owing):
            draw.append((step, action))
            continue
        flush()
        out.append(step)
    flush()
    return out


def standard_order(actions: Sequence[Action]) -> list[Action]:
    """Return a hand's actions with each draw in the PHH standard's order: every discard, then the replacements in
    the order of the discards (P3), where the dealer served each player in turn (K8).

    >>> from lowball.engine.actions import Action, Kind, parse_action
    >>> steps = [parse_action(a) for a in ("p1 sd ??", "d dh p1 ??", "p2 sd", "p3 sd ????", "d dh p3 ????", "p1 cc")]
    >>> [str(a) for a in standard_order(steps)]
    ['p1 sd ??', 'p2 sd', 'p3 sd ????', 'd dh p1 ??', 'd dh p3 ????', 'p1 cc']
    """
    out: list[Action] = []
    discards: list[Action] = []
    serves: list[Action] = []
    owed: set[int] = set()
    for action in actions:
        if action.kind == Kind.DISCARD and any(d.seat == action.seat for d in discards):
            out += discards + serves             # a player discards again: the next draw (nobody bet between)
            discards, serves, owed = [], [], set()
        if action.kind == Kind.DISCARD:
            discards.append(action)
            if action.cards:
                owed.add(action.seat)
            continue
        if action.kind == Kind.DEAL and action.seat in owed:
            serves.append(action)
            owed.discard(action.seat)
            continue
        out += discards + serves
        discards, serves, owed = [], [], set()
        out.append(action)
    return out + discards + serves


@takes(table=TABLE)
def replay(phh: str | Path, table: GameTable | None = None) -> HandResult:
    """Replay a PHH hand history and return how it ended; the variant code picks the game.

    >>> text = '''variant = "FA6L1D"
    ... antes = [1, 1]
    ... small_bet = 1
    ... big_bet = 2
    ... starting_stacks = [13, 13]
    ... actions = ["d dh p1 6c4h3s2dAc", "d dh p2 5s4d3c2hAd", "p1 cbr 1", "p2 cc",
    ...            "p1 sd", "p2 sd", "p1 cbr 2", "p2 cc"]'''
    >>> replay(text).finishing_stacks      # E1: Lena's 6-4 beats Misha's wheel
    (17, 9)
    >>> replay(text.replace('"p2 cc"]', '"p2 cbr 3"]'))
    Traceback (most recent call last):
    lowball.errors.IllegalAction: action 8 'p2 cbr 3': the raise must go to 4 in this round (T3: the bet size is 2 in the final round)
    """
    hand, unit = replay_in_money(phh, table)
    result = hand.result
    assert result is not None
    if unit == 1:
        return result
    return replace(result, starting_stacks=tuple(money(v, unit) for v in result.starting_stacks),
                   finishing_stacks=tuple(money(v, unit) for v in result.finishing_stacks),
                   pot=money(result.pot, unit))
