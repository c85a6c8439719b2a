"""Fuzzing user game tables: every table either is refused at load in one line naming its key, or plays.

Hypothesis writes house tables the way a user might get them wrong: each built-in table and each table of
``docs/checks/`` with a few keys changed to odd values (every key of the format, each street's keys, streets
added, dropped or moved, keys that do not exist, values of the wrong type), and chains of tables that extend
each other from different folders. Each table is

- refused at once by the loader with one line that starts with the file and the key (a ``RulesError``), or
- played by the random and the sound bots at several player counts and stacks, with every invariant of
  ``table_support.play_checked`` checked after every action: chips conserved (S3), every card in exactly one
  place and no hand larger than the table deals (D1, T6), every hand ending (S1), every player at the showdown
  holding the table's hand, and the history replaying to the same stacks.

``make test`` tries a few tables (derandomized); ``make fuzz`` many (``tests/fuzz_support.py``).
"""

from __future__ import annotations

import copy
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, strategies as st

from fuzz_support import fuzz_count, fuzz_settings
from lowball.core.games import (
    GAME_KEYS, STREET_COMMON, STREET_KEYS, Key, builtin_paths, load_game_table, parse_game_table, resolve,
)
from lowball.core.rankings import load_rankings
from lowball.core.reader import TableReader
from lowball.errors import RulesError
from table_support import play_checked

ROOT = Path(__file__).resolve().parents[1]
CHECKS = sorted((ROOT / "docs" / "checks").glob("*.toml"))
# Every table a user starts from: the built-in games and the house tables of the docs, resolved.
RESOLVED = {name: load_game_table(name).data for name in builtin_paths()}
RESOLVED.update({path.name: load_game_table(path).data for path in CHECKS})
# A table is refused or loaded at once: far below this (a table is a few dozen keys).
LOAD_SECONDS = 2.0
# What a refusal starts with: the file, then the key (dotted, a street by position).
NAMES_KEY = re.compile(r"^[^:\n]+\.toml: [a-z_]+(\[\d+\])?(\.[a-z_]+(\[\d+\])?)*: \S")

NUMBERS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13, 20, 26, 51, 52, 53, 60, 100, 10**9, 10**9 + 1, -1, 2**63)
CHOICES = sorted({c for key in GAME_KEYS for c in key.choices} |
                 {c for keys in STREET_KEYS.values() for key in keys for c in key.choices} |
                 {c for key in STREET_COMMON for c in key.choices} |
                 {"small", "big", "double", "total-posts", "unlimited", "ace-to-six", "deuce-to-seven",
                  "ace-to-five", "high", "eight-or-better", "teaching-table", "razz"})
ODD = (True, False, "", "x", "a\nb", 1.5, [], {}, [1, 2], {"x": 1}, "x" * 300)
STREET_ANY = sorted({key.path: key for keys in STREET_KEYS.values() for key in keys}.values(), key=lambda k: k.path)
TOP_KEYS = [key for key in GAME_KEYS if key.path not in ("name", "en", "ru", "variant", "extends")
            and not key.path.startswith("clauses.") and key.kind != "streets"]
SMALL = (0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13, 20)
SYSTEMS = tuple(row.key for row in load_rankings().systems)
OPENERS = [c for key in STREET_KEYS["bet"] for c in key.choices]


class Chooser:
    """Makes the random choices of a mutation: from Hypothesis (shrinkable) or from a seeded ``random.Random``."""

    def __init__(self, data=None, rng: random.Random | None = None):
        self.data, self.rng = data, rng

    def choice(self, items):
        items = list(items)
        return self.data.draw(st.sampled_from(items)) if self.data else self.rng.choice(items)

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high)) if self.data else self.rng.randint(low, high)


def odd_value(pick: Chooser, old: Any) -> Any:
    """Return any value a user might write instead of ``old``: a near number, another name, a wrong type."""
    kind = pick.integer(0, 9)
    if kind <= 3 and isinstance(old, int) and not isinstance(old, bool):
        return old + pick.choice((-1, 1, 2, old, -old, 10))
    if kind <= 4:
        return pick.choice(NUMBERS)
    if kind <= 6:
        return pick.choice(CHOICES)
    if kind == 7 and isinstance(old, list):
        return near_counts(pick, old)
    return pick.choice(ODD)


def near_counts(pick: Chooser, old: Any) -> list[int]:
    """Return a list of chips like ``old`` (blinds, posts): one entry changed, or a new short list."""
    items = list(old) if isinstance(old, list) else []
    if items and pick.integer(0, 1):
        items[pick.integer(0, len(items) - 1)] = pick.choice(SMALL)
        return items
    return [pick.choice(SMALL) for _ in range(pick.integer(0, 3))]


def plausible_value(pick: Chooser, key: Key, old: Any) -> Any:
    """Return a value of the right type for ``key``: another of its names, a number near or far, a flag."""
    if key.choices:
        return pick.choice(key.choices)
    if key.kind == "flag":
        return pick.choice((True, False))
    if key.kind in ("count", "chips"):
        if isinstance(old, int) and not isinstance(old, bool) and pick.integer(0, 1):
            return max(0, old + pick.choice((-1, 1, 2, old, 10)))
        return pick.choice(SMALL + (52, 53, 60, 100))
    if key.kind == "counts":
        return near_counts(pick, old)
    if key.kind == "raises":
        return pick.choice((0, 1, 2, 3, 4, 7, "unlimited"))
    if key.kind == "size":
        return pick.choice(("small", "big"))
    if key.kind == "ranking":
        return pick.choice(SYSTEMS + ({"high": "high", "low": "ace-to-five", "qualifier": "eight-or-better"},
                                      {"high": "high", "low": "ace-to-five"},
                                      {"high": "deuce-to-seven", "low": "ace-to-six"}))
    return old


def random_street(pick: Chooser) -> dict[str, Any]:
    """Return a street of any kind with its keys set to plausible values (a deal, a betting round or a draw)."""
    kind = pick.choice(("deal", "bet", "draw"))
    street: dict[str, Any] = {"kind": kind, "clause": "X1"}
    if kind == "deal":
        street[pick.choice(("down", "up"))] = pick.choice((1, 1, 1, 2, 3, 5))
    elif kind == "bet":
        street |= {"size": pick.choice(("small", "big")), "opener": pick.choice(OPENERS)}
    else:
        street["max_discard"] = pick.choice((0, 1, 3, 5))
    for _ in range(pick.integer(0, 2)):
        key = pick.choice(STREET_KEYS[kind])
        street[key.path] = plausible_value(pick, key, street.get(key.path))
    return street


def set_path(data: dict[str, Any], dotted: str, value: Any) -> None:
    node = data
    *parents, last = dotted.split(".")
    for part in parents:
        if not isinstance(node.get(part), dict):
            node[part] = {}
        node = node[part]
    node[last] = value


def get_path(data: dict[str, Any], dotted: str) -> Any:
    node: Any = data
    for part in dotted.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


def delete_path(data: dict[str, Any], dotted: str) -> None:
    *parents, last = dotted.split(".")
    node = get_path(data, ".".join(parents)) if parents else data
    if isinstance(node, dict):
        node.pop(last, None)


def mutate(data: dict[str, Any], pick: Chooser, changes: int, plausible: bool = True) -> dict[str, Any]:
    """Return ``data`` with ``changes`` random changes: of the right type (``plausible``), or of any value."""
    data = copy.deepcopy(data)
    for _ in range(changes):
        streets = data.get("streets") if isinstance(data.get("streets"), list) else None
        what = pick.integer(0, 9)
        if what <= 3:
            key = pick.choice(TOP_KEYS)
            old = get_path(data, key.path)
            set_path(data, key.path, plausible_value(pick, key, old) if plausible else odd_value(pick, old))
        elif what == 4:
            delete_path(data, pick.choice(TOP_KEYS).path)
        elif what <= 7 and streets:
            street = streets[pick.integer(0, len(streets) - 1)]
            if isinstance(street, dict):
                keys = STREET_KEYS.get(street.get("kind"), ()) if plausible else STREET_ANY
                if not keys:
                    continue
                key = pick.choice(keys)
                if pick.integer(0, 5) == 0:
                    street.pop(key.path, None)
                elif plausible:
                    street[key.path] = plausible_value(pick, key, street.get(key.path))
                else:
                    street[key.path] = odd_value(pick, street.get(key.path))
        elif what <= 8 and streets is not None:
            action = pick.integer(0, 3)
            at = pick.integer(0, len(streets))
            if action == 0 or not streets:
                streets.insert(at, random_street(pick))
            elif action == 1:
                streets.pop(min(at, len(streets) - 1))
            elif action == 2:
                streets.insert(at, copy.deepcopy(streets[pick.integer(0, len(streets) - 1)]))
            else:
                streets.insert(at, streets.pop(pick.integer(0, len(streets) - 1)))
        elif not plausible:
            set_path(data, pick.choice(("colour", "deck.colour", "forced.straddle", "showdown.colour")), 1)
    return data


def load_or_refuse(data: dict[str, Any], source: str = "house.toml"):
    """Return the loaded table, or None when it is refused in one line naming the key, quickly."""
    start = time.perf_counter()
    try:
        table = parse_game_table(TableReader(source, data))
    except RulesError as err:
        message = str(err)
        assert "\n" not in message, f"a refusal of more than one line: {message!r}"
        assert NAMES_KEY.match(message), f"a refusal that does not start with the file and the key: {message!r}"
        table = None
    seconds = time.perf_counter() - start
    assert seconds < LOAD_SECONDS, f"the table took {seconds:.1f} s to load or refuse"
    return table


def play_table(table, seed: int, hands: int) -> None:
    """Play ``hands`` hands of ``table`` at random player counts and stacks, random and sound bots mixed."""
    rng = random.Random(seed)
    size = max(table.bet_sizes)
    for number in range(hands):
        players = rng.randint(table.players_min, table.players_max)
        stacks = [max(table.min_stack, rng.choice((1, 2, 3, size, 5 * size, 40 * size))) for _ in range(players)]
        bots = rng.choice((("random",), ("sound",), ("random", "sound"), ("sound", "random")))
        play_checked(table, stacks, seed=rng.randrange(2**32), bots=bots)


@fuzz_settings(fast=40, long=4000)
@given(st.sampled_from(sorted(RESOLVED)), st.integers(1, 4), st.data())
def test_a_changed_table_is_refused_at_load_or_plays(name, changes, data):
    """Plausible changes (values of the right type) to every table: refused in one line naming the key, or
    played with every invariant."""
    table = load_or_refuse(mutate(RESOLVED[name], Chooser(data=data), changes))
    if table is not None:
        play_table(table, seed=data.draw(st.integers(0, 2**32 - 1)), hands=fuzz_count(4, 12))


@fuzz_settings(fast=60, long=3000)
@given(st.sampled_from(sorted(RESOLVED)), st.integers(1, 4), st.data())
def test_a_table_with_any_value_anywhere_is_refused_or_plays(name, changes, data):
    """Any value of any type at any key, unknown keys included: refused in one line naming the key, or played."""
    table = load_or_refuse(mutate(RESOLVED[name], Chooser(data=data), changes, plausible=False))
    if table is not None:
        play_table(table, seed=data.draw(st.integers(0, 2**32 - 1)), hands=fuzz_count(2, 8))
