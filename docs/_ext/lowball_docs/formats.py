"""What the docs say about the game-table format, read from ``lowball.core.games`` and ``lowball.core.behaviours``.

``GAME_KEYS``, ``STREET_KEYS`` and ``STREET_COMMON`` describe every key (path, kind, default, choices,
clause, doc); ``lowball.core.behaviours`` names every behaviour a table may choose, one enum a behaviour,
and the comment beside each member gives its meaning and its clause. This module only reads them, and
the built-in tables, so that the reference page cannot drift from the loader:

>>> rows = {row.path: row for row in key_rows()}
>>> rows["showdown.odd_chip"].behaviour
'odd chip'
>>> "teaching-table" in rows["min_stack"].set_by
True
>>> meanings(rows["showdown.odd_chip"].enum)["lowest-seat"]
'P5: every odd chip to the lowest seat index'
"""

from __future__ import annotations

import functools
import inspect
import io
import re
import tokenize
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

# How each kind of key is written in a table. The kinds are the loader's (``Key.kind``); these are
# the words for them, nothing else.
KIND_WORDS = {
    "text": "a string",
    "count": "a whole number",
    "chips": "a whole number of chips",
    "counts": "a list of whole numbers",
    "seat-chips": "a list of whole numbers of chips, one for each seat from the dealer's left",
    "flag": "true or false",
    "choice": "one of the names listed",
    "ranking": "a ranking system, or a table {high, low, qualifier}",
    "raises": 'a whole number, or "unlimited"',
    "streets": "an array of tables, [[streets]]",
    "keys": "a list of dotted keys",
    "street-changes": "an array of tables, [[change_streets]]",
    "size": '"small" or "big"',
}


@dataclass(frozen=True)
class KeyRow:
    """One key of the format as the reference page shows it."""

    path: str
    kind: str
    doc: str
    clause: str
    default: Any
    choices: tuple[str, ...]
    behaviour: str                    # the name of its behaviour in ``BEHAVIOURS`` ("" when none)
    enum: type[StrEnum] | None
    set_by: tuple[str, ...]           # the built-in games whose own file writes the key


def default_text(default: Any) -> str:
    """Return a key's default as TOML would write it; "required" when a table must give it."""
    if default is ...:
        return "required"
    if default == "" or default is None:
        return "none"
    if isinstance(default, bool):
        return "true" if default else "false"
    if isinstance(default, (tuple, list)):
        return "[" + ", ".join(map(str, default)) + "]"
    if isinstance(default, str):
        return f'"{default}"'
    return str(default)


def behaviour_of(choices: tuple[str, ...]) -> tuple[str, type[StrEnum] | None]:
    """Return the name and enum of the behaviour whose names are exactly ``choices`` (("", None): none)."""
    from lowball.core.behaviours import BEHAVIOURS

    for name, enum in BEHAVIOURS.items():
        if choices and set(choices) == {member.value for member in enum}:
            return name, enum
    return "", None


@functools.cache
def meanings(enum: type[StrEnum]) -> dict[str, str]:
    """Return each member's meaning: the comment beside it in ``lowball.core.behaviours`` (continued lines joined)."""
    source = inspect.getsource(enum)
    values = {member.name: member.value for member in enum}
    found: dict[str, list[str]] = {}
    last: str | None = None
    lines = source.splitlines()
    comments = {tok.start[0]: tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
                if tok.type == tokenize.COMMENT}
    for number, line in enumerate(lines, start=1):
        member = re.match(r"\s+([A-Z_][A-Z0-9_]*)\s*=", line)
        comment = comments.get(number, "")
        if member and member.group(1) in values:
            last = member.group(1)
            found[last] = [comment.lstrip("#").strip()] if comment else []
        elif last and comment and line.strip().startswith("#"):
            found[last].append(comment.lstrip("#").strip())
        elif line.strip():
            last = None
    return {values[name]: " ".join(part for part in parts if part) for name, parts in found.items()}


@functools.cache
def builtin_raw() -> dict[str, dict[str, Any]]:
    """Return each built-in game's own file, as written (before ``extends`` fills anything in)."""
    from lowball.core.games import builtin_paths
    from lowball.core.reader import read_toml

    return {name: read_toml(path).data for name, path in builtin_paths().items()}


@functools.cache
def builtin_resolved() -> dict[str, Any]:
    """Return each built-in game loaded (``GameTable``), by name."""
    from lowball.core.games import builtin_games

    return {game.name: game for game in builtin_games()}


def _has(data: dict[str, Any], path: str) -> bool:
    node: Any = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def key_rows() -> list[KeyRow]:
    """Return every top-level key of the format (``GAME_KEYS``), in the loader's order, with who sets it."""
    from lowball.core.games import GAME_KEYS

    raw = builtin_raw()
    rows = []
    for key in GAME_KEYS:
        name, enum = behaviour_of(key.choices)
        rows.append(KeyRow(key.path, key.kind, key.doc, key.clause, key.default, key.choices, name, enum,
                           tuple(game for game, data in raw.items() if _has(data, key.path))))
    return rows


def street_rows() -> list[tuple[str, KeyRow]]:
    """Return (street kind or "every street", row) for every street key, with the games whose streets write it."""
    from lowball.core.games import STREET_COMMON, STREET_KEYS

    raw = builtin_raw()
    rows = []
    groups = [("every street", STREET_COMMON)] + [(kind, keys) for kind, keys in STREET_KEYS.items()]
    for group, keys in groups:
        for key in keys:
            name, enum = behaviour_of(key.choices)
            setters = tuple(game for game, data in raw.items()
                            if any(isinstance(street, dict) and key.path in street
                                   and (group == "every street" or street.get("kind") == group)
                                   for street in data.get("streets", [])))
            rows.append((group, KeyRow(key.path, key.kind, key.doc, key.clause, key.default, key.choices, name,
                                       enum, setters)))
    return rows


def users_of(path: str, value: str, street: bool = False) -> list[str]:
    """Return the built-in games whose resolved table gives ``path`` the value ``value`` (``street``: in any street)."""
    found = []
    for name, table in builtin_resolved().items():
        data = table.data
        if street:
            if any(isinstance(s, dict) and s.get(path) == value for s in data.get("streets", [])):
                found.append(name)
            continue
        node: Any = data
        for part in path.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        if node == value:
            found.append(name)
    return found


def aspect_clauses() -> list[tuple[str, str, dict[str, list[str]]]]:
    """Return (aspect, what it covers, {clause: games citing it}) for every aspect of ``CLAUSE_ASPECTS``."""
    from lowball.core.games import CLAUSE_ASPECTS

    out = []
    for aspect, words in CLAUSE_ASPECTS.items():
        by_clause: dict[str, list[str]] = {}
        for name, table in builtin_resolved().items():
            clause = table.clauses.get(aspect, "")
            if clause:
                by_clause.setdefault(clause, []).append(name)
        out.append((aspect, words, by_clause))
    return out
