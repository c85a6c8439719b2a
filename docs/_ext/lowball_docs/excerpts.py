"""Cut excerpts out of a rules table (TOML) as it is written: the value with the comment that gives its reason.

An excerpt is taken from the file's text at build time, so the page shows exactly what the table
says, comments included, and is itself valid TOML. ``excerpt(text, ["min_stack", "players"])``
returns the comment block and line of ``min_stack`` and the whole ``[players]`` table.

>>> text = '# T1: one deck.\\ndeck = 52\\n\\n[players]\\n# T1: 2 to 5.\\nmin = 2\\nmax = 5\\n'
>>> print(excerpt(text, ["players.max", "deck"]))
# T1: one deck.
deck = 52
<BLANKLINE>
[players]
max = 5
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass

HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
KEY = re.compile(r'^\s*([A-Za-z0-9_-]+|"[^"]*")\s*=')
CLAUSE = re.compile(r"\b([A-Z])(\d+)(?:\s*[-–]\s*\1?(\d+))?\b")


class ExcerptError(ValueError):
    """A requested key is not in the table."""


@dataclass
class Entry:
    """A table header or a key line of a TOML file, with the comment lines directly above it."""

    table: str          # the table it belongs to ("" at the top); for a header, its own name
    key: str            # the key; "" for a header
    start: int          # first line of the entry (after its comments)
    end: int            # last line (multi-line values)
    comments: int       # first line of the comment block above it (== start when none)
    array: bool = False # a [[header]] of an array of tables


def _comments_above(lines: list[str], index: int) -> int:
    first = index
    while first > 0 and lines[first - 1].strip().startswith("#"):
        first -= 1
    return first


def _value_end(lines: list[str], index: int) -> int:
    """Return the last line of the key/value pair starting at ``index`` (arrays may span lines)."""
    for end in range(index, len(lines)):
        try:
            tomllib.loads("\n".join(lines[index:end + 1]))
            return end
        except tomllib.TOMLDecodeError:
            continue
    raise ExcerptError(f"line {index + 1}: cannot read the value")


def entries(text: str) -> list[Entry]:
    """Return the headers and key lines of a TOML file, in order."""
    lines = text.splitlines()
    found: list[Entry] = []
    table = ""
    index = 0
    while index < len(lines):
        line = lines[index]
        header = HEADER.match(line)
        if header and not line.lstrip().startswith("#"):
            table = header.group(2).strip()
            found.append(Entry(table, "", index, index, _comments_above(lines, index), header.group(1) == "[["))
            index += 1
            continue
        key = KEY.match(line)
        if key and not line.lstrip().startswith("#"):
            end = _value_end(lines, index)
            found.append(Entry(table, key.group(1).strip('"'), index, end, _comments_above(lines, index)))
            index = end + 1
            continue
        index += 1
    return found


def _table_end(lines: list[str], items: list[Entry], header: Entry) -> int:
    """Return the last line of a table's own body: up to the next header, without trailing blanks or comments."""
    later = [e for e in items if not e.key and e.start > header.start]
    stop = (later[0].comments if later else len(lines)) - 1
    while stop > header.start and (not lines[stop].strip() or lines[stop].strip().startswith("#")):
        stop -= 1
    return stop


def excerpt(text: str, keys: list[str]) -> str:
    """Return the lines of ``keys`` (dotted; a key or a whole table), grouped under their table headers.

    An item of an array of tables is named by its position from 0, as ``--set`` names it
    (``streets.2``: the third ``[[streets]]``); the array's name alone (``streets``) gives every item.

    >>> text = '[[streets]]\\nkind = "deal"\\n\\n# B1: the first round.\\n[[streets]]\\nkind = "bet"\\n'
    >>> print(excerpt(text, ["streets.1"]))
    # B1: the first round.
    [[streets]]
    kind = "bet"
    >>> try:
    ...     excerpt(text, ["streets.2"])
    ... except ExcerptError as err:
    ...     print(err)
    no item 2 of [[streets]] (the table has 2, counted from 0)
    """
    lines = text.splitlines()
    items = entries(text)
    headers = {e.table: e for e in items if not e.key and not e.array}
    arrays: dict[str, list[Entry]] = {}
    for entry in items:
        if entry.array and not entry.key:
            arrays.setdefault(entry.table, []).append(entry)
    chosen: dict[str, list[tuple[int, int]]] = {}      # table -> (first, last) line spans
    whole: dict[int, tuple[int, int]] = {}             # array items: header line -> (first, last)

    def take_item(item: Entry) -> None:
        whole[item.start] = (item.comments, _table_end(lines, items, item))

    for dotted in keys:
        if dotted in headers:
            header = headers[dotted]
            chosen.setdefault(dotted, []).append((header.start + 1, _table_end(lines, items, header)))
            continue
        if dotted in arrays:
            for item in arrays[dotted]:
                take_item(item)
            continue
        name, _, position = dotted.rpartition(".")
        if name in arrays and position.isdigit():
            if int(position) >= len(arrays[name]):
                raise ExcerptError(f"no item {position} of [[{name}]] (the table has {len(arrays[name])}, "
                                   f"counted from 0)")
            take_item(arrays[name][int(position)])
            continue
        table, _, key = dotted.rpartition(".")
        match = [e for e in items if e.table == table and e.key == key and (table in headers or not table)
                 and not _in_array(items, e)]
        if not match:
            raise ExcerptError(f"no key {dotted!r}")
        chosen.setdefault(table, []).append((match[0].comments, match[0].end))
    blocks: list[tuple[int, str]] = []
    for table in chosen:
        block: list[str] = []
        if table:
            header = headers[table]
            block += lines[header.comments:header.start + 1]
        for first, last in sorted(set(chosen[table])):
            block += lines[first:last + 1]
        blocks.append((headers[table].start if table in headers else -1, "\n".join(block)))
    for start, (first, last) in whole.items():
        blocks.append((start, "\n".join(lines[first:last + 1])))
    return "\n\n".join(block for _, block in sorted(blocks))


def _in_array(items: list[Entry], entry: Entry) -> bool:
    """Return whether a key line belongs to an item of an array of tables (``[[streets]]``)."""
    owners = [e for e in items if not e.key and e.start < entry.start]
    return bool(owners) and owners[-1].array


def array_items(text: str, name: str) -> list[tuple[dict, str]]:
    """Return each ``[[name]]`` item of the file: its parsed values and its text."""
    lines = text.splitlines()
    items = entries(text)
    found = []
    for header in (e for e in items if e.array and e.table == name):
        body = "\n".join(lines[header.start:_table_end(lines, items, header) + 1])
        values = tomllib.loads(body)[name][0]
        found.append((values, body))
    return found


def cites(text: str, clause: str) -> bool:
    """Return whether ``text`` cites ``clause``: by its id (a whole word) or within a range such as H1-H4.

    >>> cites("the teaching table (H1-H4)", "H2"), cites("T1", "T12"), cites("FA6L1D", "L1")
    (True, False, False)
    """
    letter, number = clause[0], int(clause[1:])
    return any(cited == letter and low <= number <= high for cited, low, high in cited_ranges(text))


def cited_ranges(text: str) -> Iterator[tuple[str, int, int]]:
    """Yield (letter, lowest, highest) of every clause id and range ``text`` names, in order.

    >>> list(cited_ranges("T5, then H1-H4"))
    [('T', 5, 5), ('H', 1, 4)]
    """
    for match in CLAUSE.finditer(text):
        low = int(match.group(2))
        yield match.group(1), low, int(match.group(3)) if match.group(3) else low
