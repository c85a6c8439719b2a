"""Every key of every built-in game table is honoured or refused: change it, and either the loader refuses the
table with a clear message, or something the engine, the hand histories or the rulebook produce changes.

A key the engine ignores is a bug (yesterday `deal.burn = 1` was accepted, ignored by the engine and counted by
the proof). For each built-in table, each key of its resolved data (the streets included, key by key) is given
each other value it may take (each other choice; a number one more, and one less; a flag flipped; a text
changed), one at a time. The fingerprint compared is what a user can see: the rulebook in both languages, the
player counts a hand may start with, twenty seeded bot hands written as PHH with their narration, and a hand
history replayed at other stakes.
"""

from __future__ import annotations

import copy
import functools
import random
from pathlib import Path
from typing import Any, Iterator

import pytest

from lowball.core.games import GAME_KEYS, STREET_COMMON, STREET_KEYS, GameTable, builtin_paths, load_game_table
from lowball.cli.games import game_record
from lowball.core.games import parse_game_table
from lowball.core.reader import TableReader
from lowball.engine.state import OVER, Hand
from lowball.errors import LowballError, RulesError
from lowball.phh.history import replay_hand, to_phh
from lowball.play.bots import BOTS
from lowball.play.sessions import default_stack
from lowball.text.narration import narrate
from lowball.text.rulebook import rules_text

HANDS = 20
CHOICES = {key.path: key.choices for key in GAME_KEYS if key.choices}
STREET_CHOICES = {key.path: key.choices for keys in STREET_KEYS.values() for key in keys if key.choices}
STREET_CHOICES.update({key.path: key.choices for key in STREET_COMMON if key.choices})


def leaves(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Yield (path, value) for every leaf of a resolved table; lists of tables (the streets) by position."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, path + (key,))
    elif isinstance(data, list) and data and isinstance(data[0], dict):
        for i, item in enumerate(data):
            yield from leaves(item, path + (i,))
    else:
        yield path, data


def other_values(path: tuple, value: Any) -> list[Any]:
    """Return the changes to try for one key: each other choice, one more and one less, the other flag, ..."""
    dotted = ".".join(str(p) for p in path if not isinstance(p, int))
    choices = STREET_CHOICES.get(path[-1]) if isinstance(path[-2:-1] and path[-2], int) else CHOICES.get(dotted)
    if path[0] == "streets" and path[-1] in STREET_CHOICES:
        choices = STREET_CHOICES[path[-1]]
    if choices:
        return [c for c in choices if c != value]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [v for v in (value + 1, value - 1) if v >= 0]
    if isinstance(value, str):
        if path == ("ranking",) or path[:1] == ("ranking",):
            return [s for s in ("ace-to-six", "deuce-to-seven", "ace-to-five", "high") if s != value]
        if path[-1] in ("small_bet", "big_bet", "raises_per_round"):
            return [3]
        return [value + "x"]
    if isinstance(value, list):
        if value and all(isinstance(v, int) for v in value):
            return [[value[0] + 1] + value[1:], value[:-1]]
        return [[1, 2]]
    raise AssertionError(f"no change to try for {path} = {value!r}")


def changed(data: dict, path: tuple, value: Any) -> dict:
    data = copy.deepcopy(data)
    node = data
    for part in path[:-1]:
        node = node[part] if isinstance(node, list) else node.setdefault(part, {})
    node[path[-1]] = value
    return data


def fingerprint(table: GameTable) -> tuple:
    """Return what a user sees of a table: rulebook, player counts, bot hands with narration, a replay probe."""
    listing = game_record(table, Path(table.source))          # what `lowball games` shows of it
    seen: list[Any] = [listing, rules_text(table, "en"), rules_text(table, "ru"), table.players_min,
                       table.players_max]
    players = min(max(table.players_min, 4), table.players_max)
    rng = random.Random(1)
    first_history = None
    for seed in range(HANDS):
        stacks = [default_stack(table)] * players
        try:
            hand = Hand(stacks, table=table, seed=seed)
            hand.advance()
            bots = [BOTS["sound"], BOTS["random"]]
            while hand.phase != OVER:
                hand.apply(bots[hand.to_act % 2](hand, rng))
                hand.advance()
        except LowballError as err:          # a table the engine refuses to play is a visible change too
            seen.append(f"refused: {err}")
            break
        text = to_phh(hand)
        first_history = first_history or text
        seen += [text, tuple(narrate(hand))]
    if first_history is not None:            # a history at other stakes: played, or refused (phh_stakes)
        doubled = first_history.replace(f"small_bet = {table.small_bet}", f"small_bet = {table.small_bet * 2}")
        doubled = doubled.replace(f"min_bet = {table.small_bet}", f"min_bet = {table.small_bet * 2}")
        try:
            seen.append(replay_hand(doubled, table).result.finishing_stacks)
        except LowballError as err:
            seen.append(f"refused: {err}")
    return tuple(seen)


@functools.cache
def base(name: str) -> tuple[GameTable, tuple]:
    table = load_game_table(name)
    return table, fingerprint(table)


def absent_keys(data: dict) -> Iterator[tuple[tuple, Any]]:
    """Yield (path, value) for each optional key a table leaves at its default, with a value other than it."""
    present = {path for path, _ in leaves(data)}
    for key in GAME_KEYS:
        path = tuple(key.path.split("."))
        if path in present or key.default is ...:
            continue
        if key.choices:
            yield from ((path, choice) for choice in key.choices if choice != key.default)
        elif key.kind == "counts":
            yield path, [1, 2]
        elif key.kind in ("count", "chips"):
            yield path, 1
        elif key.kind == "text" and path != ("extends",):
            yield path, "teaching-table"
        elif key.kind == "flag":
            yield path, not key.default


CASES = [(name, path, new) for name in builtin_paths() for path, value in leaves(load_game_table(name).data)
         for new in other_values(path, value)]
CASES += [(name, path, new) for name in builtin_paths() for path, new in absent_keys(load_game_table(name).data)]


@pytest.mark.parametrize("name, path, new", CASES, ids=lambda v: ".".join(map(str, v)) if isinstance(v, tuple)
                         else str(v)[:20])
def test_every_key_is_honoured_or_refused(name, path, new):
    table, before = base(name)
    data = changed(table.data, path, new)
    try:
        other = parse_game_table(TableReader(table.source, data))
    except RulesError as err:
        message = str(err)
        assert "\n" not in message and len(message) <= 300 and table.source in message, message
        return
    assert fingerprint(other) != before, f"{name}: changing {'.'.join(map(str, path))} to {new!r} changes nothing"


def test_the_sweep_covers_every_key_of_the_format():
    """The cases above reach every key the format defines (with its defaults filled in by the tables)."""
    tried = {".".join(str(p) for p in path if not isinstance(p, int)) for _, path, _ in CASES}
    defined = {key.path for key in GAME_KEYS if key.kind != "streets"} | {f"streets.{key.path}" for keys in STREET_KEYS.values()
                                                   for key in keys} | {f"streets.{key.path}" for key in STREET_COMMON}
    optional_absent = {key.path for key in GAME_KEYS if key.default is not ...}
    missing = defined - tried - optional_absent
    assert not missing, f"keys no built-in table sets, so the sweep never changes them: {sorted(missing)}"
