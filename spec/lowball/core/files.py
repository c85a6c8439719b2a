"""Reading a file a user named: every way it can fail becomes one short line naming the path.

Rules tables, rankings tables and hand histories are paths a user types, and every
one of them is read here (``read_text``). Whatever goes wrong (no such file, a
folder, a named pipe or a device such as ``/dev/zero``, a symlink loop, no
permission, bytes that are not UTF-8, a file far too large to be what it claims)
is bad input, reported at once by the caller's own error class in one line that
names the path and the problem.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from lowball.errors import LowballError

# A rules table is a few kilobytes and so is a hand history (a hand has at most a few hundred actions); a
# file past a megabyte is not what the user meant, and reading it whole would only waste memory and time.
MAX_BYTES = 1024 * 1024
# Quotes of user input inside an error message are cut to this many characters (one short line).
QUOTE_CHARS = 60


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """Return ``repr(value)`` cut to about ``limit`` characters, so an error stays one short line.

    >>> quote("p1 cbr 2")
    "'p1 cbr 2'"
    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    """
    try:
        text = repr(value)
    except Exception:               # an object whose repr fails is still named, by its type
        text = f"<{type(value).__name__}>"
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

    Only a regular file is read: a named pipe would wait for a writer forever and
    a device such as ``/dev/zero`` never ends, so both are refused at once; so is
    a file larger than ``max_bytes``, before it is read.

    >>> read_text("no/such/table.toml", LowballError, "rules file")
    Traceback (most recent call last):
    lowball.errors.LowballError: cannot read rules file no/such/table.toml: no such file
    >>> read_text("/dev/zero", LowballError, "rules file")
    Traceback (most recent call last):
    lowball.errors.LowballError: cannot read rules file /dev/zero: is a device, not a file
    """
    shown = quote(str(path), 120)[1:-1]
    try:
        # O_NONBLOCK: opening a named pipe returns at once instead of waiting for a writer (it is refused below).
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as err:
        raise error(f"cannot read {what} {shown}: {_open_failure(path, err)}") from None
    except (ValueError, TypeError) as err:      # a NUL byte in the path; not a path at all
        raise error(f"cannot read {what} {shown}: {err}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise error(f"cannot read {what} {shown}: {not_a_file(mode)}")
        # One byte more than allowed tells a file that is too large, even one whose size the system hides.
        data = _read_at_most(fd, max_bytes + 1)
    except OSError as err:
        raise error(f"cannot read {what} {shown}: {describe_os_error(err)}") from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise error(f"cannot read {what} {shown}: more than the {max_bytes:,} bytes allowed "
                    f"(a {what} is a few kilobytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise error(f"cannot read {what} {shown}: not UTF-8 text (byte {err.start:,})") from None


def _read_at_most(fd: int, limit: int) -> bytes:
    """Return the bytes of the open file ``fd`` up to ``limit`` of them."""
    chunks, size = [], 0
    while size < limit:
        chunk = os.read(fd, min(limit - size, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _open_failure(path: Path | str, err: OSError) -> str:
    """Return why ``path`` could not be opened: what it is when it is no file (a socket), else the system's reason."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return describe_os_error(err)
    return describe_os_error(err) if stat.S_ISREG(mode) else not_a_file(mode)


def not_a_file(mode: int) -> str:
    """Return what a path that is not a regular file is, for a refusal: 'is a folder, not a file'.

    >>> not_a_file(stat.S_IFIFO), not_a_file(stat.S_IFDIR)
    ('is a named pipe (FIFO), not a file', 'is a folder, not a file')
    """
    kinds = {stat.S_ISDIR: "a folder", stat.S_ISFIFO: "a named pipe (FIFO)", stat.S_ISCHR: "a device",
             stat.S_ISBLK: "a device", stat.S_ISSOCK: "a socket"}
    return f"is {next((name for test, name in kinds.items() if test(mode)), 'not a regular file')}, not a file"


def exists(text: str) -> bool:
    """Return whether ``text`` names something that exists: a file, a folder, a pipe (to tell a path from inline text).

    >>> exists("/dev/null"), exists("variant = 'FA6L1D'")
    (True, False)
    """
    if "\n" in text or "\0" in text or len(text) > os.pathconf("/", "PC_PATH_MAX"):
        return False
    try:
        return os.path.lexists(text)
    except (OSError, ValueError):
        return False
