"""``lowball import`` as a function: files of rooms' histories in, one judgement per hand out, streamed.

Each file is read a block at a time and each hand judged as soon as it is read (``reading``), so a year of a
player's history (100,000 hands) takes the memory of one hand. A file that cannot be read at all is reported
as one ``FileProblem`` and the next file is read; a hand cut short inside a readable file is refused and the
next hand read. What the hands of one table state about its stakes (a bring-in that one hand names and the next
does not need) is carried from hand to hand of the file (``judge.TableMemory``).

>>> from io import BytesIO
>>> hands = list(import_stream(BytesIO(b"hello"), "x.txt"))
>>> print(hands[0].message.replace(", ".join(m.SITE for m in sites.READERS.values()), "ROOMS"))
x.txt: not a hand history of ROOMS (its first line: 'hello')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import BinaryIO, Iterable, Iterator

from lowball.errors import HistoryError
from lowball.histories import sites
from lowball.histories.judge import Judgement, TableMemory, judge
from lowball.histories.reading import hand_blocks, open_history, text_lines

# A file whose first hand has not begun within this many lines is not a history (its first line names it).
MAX_PREAMBLE = 50


@dataclass(frozen=True)
class FileProblem:
    """A file ``lowball import`` cannot read at all (exit code 2), with why, in one line."""

    file: str
    message: str


def import_files(paths: Iterable[str | Path], site: str | None = None) -> Iterator[Judgement | FileProblem]:
    """Yield the judgement of every hand of every file, in file order (a ``FileProblem`` for a file unread)."""
    reader = sites.reader_named(site) if site is not None else None
    for path in paths:
        try:
            stream = open_history(path)
        except HistoryError as err:
            yield FileProblem(str(path), str(err))
            continue
        with stream:
            yield from import_stream(stream, str(path), reader)


def import_stream(stream: BinaryIO, name: str, reader: ModuleType | None = None) -> Iterator[Judgement | FileProblem]:
    """Yield the judgement of every hand of one history read from a binary stream (a file, an upload)."""
    memory = TableMemory()
    try:
        lines = text_lines(stream)
        head: list[tuple[int, str]] = []
        for number, line in lines:
            head.append((number, line))
            if line.strip() or len(head) > MAX_PREAMBLE:
                break
        first = next((line for _, line in head if line.strip()), "")
        found = reader or sites.recognise(first.strip())
        if found is None:
            rooms = ", ".join(module.SITE for module in sites.READERS.values())
            shown = repr(first.strip()[:60]) if first.strip() else "it is empty"
            what = f"its first line: {shown}" if first.strip() else shown
            yield FileProblem(name, f"{name}: not a hand history of {rooms} ({what})")
            return
        for block in hand_blocks(_chain(head, lines), found.HEADER):
            site_hand = found.read_hand(block, name) if found.HEADER.match(block[0][1]) else \
                _headless(found, block, name)
            yield judge(site_hand, memory)
    except HistoryError as err:
        yield FileProblem(name, f"{name}: {err}")


def _chain(head: list[tuple[int, str]], rest: Iterator[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    yield from head
    yield from rest


def _headless(reader: ModuleType, block: list[tuple[int, str]], name: str):
    """Return the lines before a file's first header (or a hand's lines past its end) as a hand the judge refuses:
    they are no hand of the room's, and nothing is passed over in silence."""
    from lowball.histories.model import SiteHand

    first, _ = block[0]
    return SiteHand(site=reader.SITE, file=name, line=first, number="?", game="?", structure=None,
                    unread=((first, block[0][1]),), end_line=block[-1][0])
