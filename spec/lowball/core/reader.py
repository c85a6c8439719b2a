"""Reading TOML rules tables: typed values, errors that name file and key, and ``--set`` overrides.

Every rules table is read through a ``TableReader``, so every refusal has the
same shape: ``"teaching-table.toml: players.max: expected an integer, got 'six'"``.
"""

from __future__ import annotations

import copy
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

from lowball.core.arguments import PATH, takes
from lowball.core.files import MAX_BYTES, quote, read_text
from lowball.errors import RulesError

# Rules tables are shallow (three or four levels); a file nested deeper is not a rules table, and
# refusing it early keeps the parser and the deep copies of ``--set`` far from Python's recursion limit.
MAX_DEPTH = 16
# A rules table has a few dozen keys; ``--set`` values and list lengths beyond this are typing mistakes.
MAX_ITEMS = 1000

_TYPE_WORDS = {str: "a string", bool: "true or false", int: "an integer", list: "a list", dict: "a table"}


def describe(value: Any) -> str:
    """Return a short description of a TOML value for an error message: ``'six'``, ``a table``, ``true``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return quote(value)


class TableReader:
    """Reads values out of a parsed TOML table, naming file and key in every error."""

    def __init__(self, source: str, data: dict[str, Any]):
        self.source = source
        self.data = data

    def fail(self, key: str, problem: str) -> RulesError:
        """Return the error for ``problem`` at ``key``: ``'rankings.toml: systems.x.ace: ...'``."""
        return RulesError(f"{self.source}: {key}: {problem}")

    def has(self, key: str) -> bool:
        """Return whether the dotted ``key`` is present."""
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                return False
            node = node[part]
        return True

    def table(self, key: str) -> dict[str, Any]:
        """Return the sub-table at dotted ``key``."""
        return self.value(key, dict)

    def value(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        """Return the value at dotted ``key``, checking its type."""
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                if default is not ...:
                    return default
                raise self.fail(key, "missing")
            node = node[part]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        # bool is an int in Python; a table saying `max_rank = true` is still wrong.
        if isinstance(node, bool) and bool not in kinds:
            node_ok = False
        else:
            node_ok = isinstance(node, kinds)
        if not node_ok:
            wanted = " or ".join(_TYPE_WORDS.get(k, k.__name__) for k in kinds)
            raise self.fail(key, f"expected {wanted}, got {describe(node)}")
        return node

    def text(self, key: str, choices: tuple[str, ...] | None = None, default: Any = ...) -> str:
        """Return the string at ``key``, optionally one of ``choices``; text is printable and on one line.

        A name or title is printed in tables, messages and narration: a newline or a terminal escape in it
        would break the line or command the user's terminal.
        """
        value = self.value(key, str, default)
        if isinstance(value, str) and not value.isprintable():
            raise self.fail(key, f"expected printable text on one line, got {quote(value)}")
        if choices is not None and value not in choices:
            raise self.fail(key, f"{quote(value)} is not one of {', '.join(choices)}")
        return value

    def count(self, key: str, least: int = 0, most: int | None = None, default: Any = ...) -> int:
        """Return the whole number at ``key``, at least ``least`` (and at most ``most``)."""
        number = self.value(key, int, default)
        if number < least:
            raise self.fail(key, f"must be at least {least}, got {number}")
        if most is not None and number > most:
            raise self.fail(key, f"must be at most {most}, got {number}")
        return number

    def strings(self, key: str) -> tuple[str, ...]:
        """Return the list of strings at ``key`` as a tuple."""
        items = self.value(key, list)
        for i, item in enumerate(items):
            if not isinstance(item, str) or not item.isprintable():
                wanted = "printable text on one line" if isinstance(item, str) else "a string"
                raise self.fail(f"{key}[{i}]", f"expected {wanted}, got {describe(item)}")
        return tuple(items)

    def counts(self, key: str, least: int = 0, default: Any = ..., most: int | None = None) -> tuple[int, ...]:
        """Return the list of whole numbers at ``key`` (each at least ``least``, and at most ``most``) as a tuple.

        >>> TableReader("t.toml", {"blinds": [1, 2]}).counts("blinds", 1, most=10)
        (1, 2)
        >>> TableReader("t.toml", {"blinds": [1, 10**12]}).counts("blinds", 1, most=10**9)
        Traceback (most recent call last):
        lowball.errors.RulesError: t.toml: blinds[1]: must be at most 1000000000, got 1000000000000
        """
        items = self.value(key, list, default)
        if len(items) > MAX_ITEMS:
            raise self.fail(key, f"{len(items):,} entries; at most {MAX_ITEMS:,}")
        for i, item in enumerate(items):
            if isinstance(item, bool) or not isinstance(item, int) or item < least:
                raise self.fail(f"{key}[{i}]", f"expected a whole number of at least {least}, got {describe(item)}")
            if most is not None and item > most:
                raise self.fail(f"{key}[{i}]", f"must be at most {most}, got {item}")
        return tuple(items)

    def only_keys(self, key: str, allowed: set[str] | dict[str, Any]) -> None:
        """Refuse keys of the table at ``key`` that are not in ``allowed`` (typos in house rules)."""
        table = self.table(key) if key else self.data
        for name in table:
            if name not in allowed:
                where = f"{key}.{name}" if key else name
                raise self.fail(where, f"unknown key (expected one of: {', '.join(sorted(allowed))})")


def merge_tables(base: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """Return ``base`` with ``change`` laid over it: tables merge key by key; any other value replaces.

    What ``extends`` means, for a game table and for a ranking system alike.

    >>> merge_tables({"a": 1, "t": {"x": 1, "y": 2}}, {"t": {"y": 3}, "b": [4]})
    {'a': 1, 't': {'x': 1, 'y': 3}, 'b': [4]}
    """
    merged = dict(base)
    for key, value in change.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge_tables(merged[key], value)
        else:
            merged[key] = value
    return merged


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """Return how deeply ``value`` nests tables and lists (stopping once past ``limit``).

    >>> depth({"a": {"b": [1, 2]}}), depth(3)
    (3, 0)
    """
    if not isinstance(value, (dict, list)) or limit < 0:
        return 0
    children = value.values() if isinstance(value, dict) else value
    return 1 + max((depth(child, limit - 1) for child in children), default=0)


def parse_toml(text: str, source: str, kind: str = "a rules table", exact: bool = False) -> dict[str, Any]:
    """Parse TOML ``text`` from ``source`` (``kind`` of document), refusing bad TOML and absurd sizes in one line.

    A leading byte-order mark (as some Windows editors write) is not part of the text. ``exact``: numbers with a
    fraction are read as exact decimals, never binary floats (money in a hand history, O5).

    >>> parse_toml(chr(0xFEFF) + "players = 2", "t.toml")
    {'players': 2}
    >>> parse_toml("x = " + "[" * 40 + "]" * 40, "h.phh", "a hand history")
    Traceback (most recent call last):
    lowball.errors.RulesError: h.phh: nested more than 16 levels deep, far deeper than a hand history is
    """
    if len(text) > MAX_BYTES:
        raise RulesError(f"{source}: {len(text):,} characters, more than the {MAX_BYTES:,} allowed for {kind}")
    deep = RulesError(f"{source}: nested more than {MAX_DEPTH} levels deep, far deeper than {kind} is")
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"), parse_float=Decimal if exact else float)
    except tomllib.TOMLDecodeError as err:
        raise RulesError(f"{source}: not valid TOML: {err}") from None
    except RecursionError:
        raise deep from None
    if depth(data) > MAX_DEPTH:
        raise deep
    return data


@takes(path=PATH)
def read_toml(path: Path | str) -> TableReader:
    """Parse the TOML file at ``path`` into a ``TableReader``, refusing unreadable files in one line.

    >>> read_toml("no-such-file.toml")
    Traceback (most recent call last):
    lowball.errors.RulesError: cannot read rules file no-such-file.toml: no such file
    """
    text = read_text(path, RulesError, "rules file")
    name = Path(path).name
    return TableReader(name, parse_toml(text, name))


def parse_setting(text: str) -> Any:
    """Return the value of a ``--set`` setting: a TOML literal, or a bare word taken as a string.

    >>> parse_setting("4"), parse_setting("[1, 2]"), parse_setting("dealer-left"), parse_setting("true")
    (4, [1, 2], 'dealer-left', True)
    """
    try:
        value = parse_toml(f"value = {text}", "--set")["value"]
    except RulesError:
        return text  # a bare word such as dealer-left is meant as a string
    return value


def apply_overrides(data: dict[str, Any], overrides: dict[str, str], source: str) -> dict[str, Any]:
    """Return ``data`` with dotted ``key=value`` overrides applied; values are TOML literals (``players.max=6``).

    Only keys the table already has can be set, so a typo is refused rather than ignored.

    >>> apply_overrides({"players": {"max": 5}}, {"players.max": "6"}, "t.toml")
    {'players': {'max': 6}}
    >>> apply_overrides({"players": {"max": 5}}, {"players.maxi": "6"}, "t.toml")
    Traceback (most recent call last):
    lowball.errors.RulesError: t.toml: players.maxi: no such key to set
    """
    data = copy.deepcopy(data)
    for key, text in overrides.items():
        parsed = parse_setting(text)
        node: Any = data
        parts = key.split(".")
        shown = quote(key)[1:-1]
        for i, part in enumerate(parts):
            # A list (the streets of a game) is entered by position: ``streets.3.burn``.
            if isinstance(node, list) and part.isascii() and part.isdigit() and int(part) < len(node):
                where = int(part)
            elif isinstance(node, dict) and part in node:
                where = part
            else:
                raise RulesError(f"{source}: {shown}: no such key to set")
            if i == len(parts) - 1:
                node[where] = parsed
            elif isinstance(node[where], (dict, list)):
                node = node[where]
            else:
                raise RulesError(f"{source}: {shown}: no such key to set")
    return data
