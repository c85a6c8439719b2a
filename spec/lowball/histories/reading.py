"""Reading a room's history file: its encoding, its lines, and the hands in it, streamed in constant memory.

Rooms write UTF-8 with or without a byte-order mark, or UTF-16 (Full Tilt, some Kings Club exports); some
files end in half a UTF-16 character, cut short. A file is read a block at a time and its hands are handed on
one by one, so a year of a player's history (100,000 hands and more) takes no more memory than one hand.
Whatever makes a file unreadable as a whole (no such file, a folder, a binary file) is one line of
``HistoryError``; a hand cut short inside a readable file is that hand's problem, not the file's.

>>> from io import BytesIO
>>> list(text_lines(BytesIO("\\ufeffPokerStars Hand #1: x\\n\\nend\\n".encode("utf-16"))))
[(1, 'PokerStars Hand #1: x'), (2, ''), (3, 'end')]
"""

from __future__ import annotations

import codecs
import os
import re
import stat
from pathlib import Path
from typing import BinaryIO, Iterator

from lowball.core.files import describe_os_error, not_a_file, quote
from lowball.errors import HistoryError

# Bytes read at a time; the first block also decides the encoding.
BLOCK = 1 << 16
# A line longer than this is no line of a hand history (the longest header is a few hundred characters).
MAX_LINE = 10_000
# A hand longer than this many lines is no hand (a hand has at most a few hundred lines).
MAX_HAND_LINES = 5_000


def encoding_of(head: bytes) -> tuple[str, int]:
    """Return the encoding of a file that starts with ``head``, and the length of its byte-order mark.

    >>> encoding_of(codecs.BOM_UTF8 + b"PokerStars"), encoding_of("Full".encode("utf-16"))[0]
    (('utf-8', 3), 'utf-16-le')
    >>> encoding_of(b"\\x00\\x01\\x02\\x03")
    Traceback (most recent call last):
    lowball.errors.HistoryError: binary data (a NUL byte at byte 0), not the text of a hand history
    """
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8", len(codecs.BOM_UTF8)
    for bom, name in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if head.startswith(bom):
            return name, len(bom)
    if len(head) >= 4 and head[1:4:2] == b"\0\0" and head[0:4:2].isascii() and b"\0" not in head[0:4:2]:
        return "utf-16-le", 0                       # UTF-16 without a mark: every other byte of ASCII text is 0
    if b"\0" in head:
        at = head.index(b"\0")
        raise HistoryError(f"binary data (a NUL byte at byte {at:,}), not the text of a hand history")
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as err:
        if err.start < len(head) - 3:               # not merely a character cut by the block's end
            return "cp1252", 0                      # old exports in the Windows code page (a name with an accent)
    return "utf-8", 0


def text_lines(stream: BinaryIO) -> Iterator[tuple[int, str]]:
    """Yield (line number from 1, text) of a history read from a binary stream, in its own encoding.

    Line ends of any kind (``\\n``, ``\\r\\n``) are removed, and so is trailing white space; a last
    half character (a UTF-16 file cut short) is dropped.
    """
    head = stream.read(BLOCK)
    name, mark = encoding_of(head)
    decoder = codecs.getincrementaldecoder(name)(errors="replace")
    pending, number, block = "", 0, head[mark:]
    while True:
        final = not block
        # A file cut short in half a character (a UTF-16 file with an odd byte at its end) loses that half only.
        text = pending + decoder.decode(block, final=False)
        if final:
            leftover, _ = decoder.getstate()
            text += "" if leftover else decoder.decode(b"", final=True)
        if "\0" in text:
            raise HistoryError(f"binary data (a NUL character near line {number + 1:,}), not the text of a hand "
                               f"history")
        lines = text.split("\n")
        pending = "" if final else lines.pop()
        if final and lines and not lines[-1]:
            lines.pop()                         # the file's last line end is no line of its own
        if len(pending) > MAX_LINE:
            raise HistoryError(f"line {number + 1:,} is longer than {MAX_LINE:,} characters: not a hand history")
        for line in lines:
            number += 1
            yield number, line.rstrip().lstrip("\ufeff")
        if final:
            return
        block = stream.read(BLOCK)


def open_history(path: str | Path) -> BinaryIO:
    """Return ``path`` opened for reading, or raise ``HistoryError`` naming the path and why it cannot be read."""
    shown = quote(str(path), 120)[1:-1]
    try:
        handle = open(path, "rb")              # noqa: SIM115 (closed by the caller)
    except OSError as err:
        raise HistoryError(f"cannot read {shown}: {describe_os_error(err)}") from None
    except (ValueError, TypeError) as err:
        raise HistoryError(f"cannot read {shown}: {err}") from None
    mode = os.fstat(handle.fileno()).st_mode
    if not stat.S_ISREG(mode):
        handle.close()
        raise HistoryError(f"cannot read {shown}: {not_a_file(mode)}")
    return handle


def hand_blocks(lines: Iterator[tuple[int, str]], header: re.Pattern[str]
                ) -> Iterator[list[tuple[int, str]]]:
    """Yield each hand of a history as its numbered lines: from a header line to the next (trailing blanks cut).

    Lines before the first header that are not blank are a hand of their own that has no header (the reader
    refuses it); a hand of more than ``MAX_HAND_LINES`` lines is cut there, and the rest of it is read as a hand
    without a header.

    >>> text = iter(enumerate(["", "H 1", "a", "", "H 2", "b", ""], start=1))
    >>> [[n for n, _ in block] for block in hand_blocks(text, re.compile("H "))]
    [[2, 3], [5, 6]]
    """
    block: list[tuple[int, str]] = []
    for number, line in lines:
        if header.match(line) or len(block) >= MAX_HAND_LINES:
            yield from _trimmed(block)
            block = []
        block.append((number, line))
    yield from _trimmed(block)


def _trimmed(block: list[tuple[int, str]]) -> Iterator[list[tuple[int, str]]]:
    while block and not block[-1][1]:
        block.pop()
    while block and not block[0][1]:
        block.pop(0)
    if block:
        yield block
