"""Reading a file a user named: every way it can fail becomes one short line naming the path.

Rules tables and hand histories are paths a user types. Whatever goes wrong
(no such file, a folder, a symlink loop, no permission, bytes that are not
UTF-8, a file far too large to be what it claims) is bad input, reported by the
caller's own error class in one line that names the path and the problem.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from lowball.errors import LowballError

# A rules table is a few kilobytes and a hand history rarely more than a few hundred; anything
# this large is not what the user meant, and reading it whole would only waste memory.
MAX_BYTES = 64 * 1024 * 1024
# Quotes of user input inside an error message are cut to this many characters (one short line).
QUOTE_CHARS = 60


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """Return ``repr(value)`` cut to about ``limit`` characters, so an error stays one short line.

    >>> quote("p1 cbr 2")
    "'p1 cbr 2'"
    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    """
    text = repr(value)
    if len(text) <= limit:
        return text
    size = f" ({len(value):,} characters)" if isinstance(value, str) else ""
    return text[: limit - 4] + "..." + text[0] + size


def describe_os_error(err: OSError) -> str:
    """Return a short reason for an OS error without repeating the path: 'no such file'."""
    reasons = {
        errno.ENOENT: "no such file",
        errno.EISDIR: "is a folder, not a file",
        errno.ENOTDIR: "a part of the path is not a folder",
        errno.ELOOP: "too many levels of symbolic links",
        errno.EACCES: "permission denied",
        errno.ENAMETOOLONG: "the name is too long",
    }
    return reasons.get(err.errno, (err.strerror or str(err)).lower())


def read_text(path: Path | str, error: type[LowballError], what: str = "file",
              max_bytes: int = MAX_BYTES) -> str:
    """Return the UTF-8 text of ``path``, or raise ``error`` with one line naming the path and the problem.

    >>> read_text("no/such/table.toml", LowballError, "rules file")
    Traceback (most recent call last):
    lowball.errors.LowballError: cannot read rules file no/such/table.toml: no such file
    """
    shown = quote(str(path), 120)[1:-1]
    try:
        path = Path(path)
        folder = path.is_dir()
        size = 0 if folder else path.stat().st_size
        data = b"" if folder or size > max_bytes else path.read_bytes()
    except OSError as err:
        raise error(f"cannot read {what} {shown}: {describe_os_error(err)}") from None
    except ValueError as err:      # a NUL byte in the path
        raise error(f"cannot read {what} {shown}: {err}") from None
    if folder:
        raise error(f"cannot read {what} {shown}: is a folder, not a file")
    if size > max_bytes:
        raise error(f"cannot read {what} {shown}: {size:,} bytes is more than the {max_bytes:,} allowed")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise error(f"cannot read {what} {shown}: not UTF-8 text (byte {err.start:,})") from None


def is_existing_file(text: str) -> bool:
    """Return whether ``text`` names a file that exists (used to tell a path from inline text)."""
    if "\n" in text or "\0" in text or len(text) > os.pathconf("/", "PC_PATH_MAX"):
        return False
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False
