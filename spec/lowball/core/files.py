"""Reading a file a user named: every way it can fail becomes one short line naming the path.

Rules tables, rankings tables and hand histories are paths a user types, and every
one of them is read here (``read_text``). Whatever goes wrong (no such file, a
folder, a named pipe or a device such as ``/dev/zero``, a symlink loop, no
permission, bytes that are not UTF-8, a file far too large to be what it claims)
is bad input, reported at once by the caller's own error class in one line that
names the path and the problem.

A file the package writes for later (a solver checkpoint, a solution) is written by
``write_atomically``: a crash, a full disk or Ctrl-C halfway leaves the old file or
the new one, never a damaged one that the next run cannot read.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path
from typing import IO, Callable

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


# A path inside an error message is cut to this many characters, its start and its end kept: a long path must
# not push the reason past the end of the one line (``lowball.cli.main.MAX_ERROR``).
PATH_CHARS = 120


def path_text(path: object, limit: int = PATH_CHARS) -> str:
    """Return a path as an error message shows it: control characters escaped, a long one cut in its middle.

    >>> path_text("hands/today")
    'hands/today'
    >>> path_text("a" * 200 + "/hands", 40)
    'aaaaaaaaaaaaaaaaaa...aaaaaaaaaaaa/hands (206 characters)'
    """
    text = repr(str(path))[1:-1]
    if len(text) <= limit:
        return text
    half = (limit - 3) // 2
    return f"{text[:half]}...{text[-half:]} ({len(str(path)):,} characters)"


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
    shown = path_text(path)
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


def not_a_folder(path: Path | str) -> str:
    """Return why a path that is there cannot be a folder to write into: 'is a file, not a folder', a link loop...

    >>> not_a_folder("/dev/null")
    'is a device, not a folder'
    """
    try:
        mode = os.stat(path).st_mode
    except OSError as err:
        if err.errno == errno.ELOOP:
            return "is a symbolic link loop (each link leads back round), not a folder"
        if os.path.islink(path):
            return "is a symbolic link to nothing, not a folder"
        return describe_os_error(err)
    if stat.S_ISREG(mode):
        return "is a file, not a folder"
    return not_a_file(mode).replace(", not a file", ", not a folder")


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


def write_atomically(path: Path | str, content: bytes | str | Callable[[IO[bytes]], object], *,
                     replace: bool = True, durable: bool = True) -> Path:
    """Write ``content`` to ``path`` whole or not at all: a reader finds the old file or the new one, never a mix.

    ``content`` is bytes, text (written as UTF-8), or a function that writes to the open binary file it is given
    (``lambda f: np.savez(f, ...)``). It goes to a temporary file beside ``path`` (the same file system, so the
    rename is atomic), is flushed to the disk (``fsync``), then renamed over ``path`` (``os.replace``). When
    anything fails or is interrupted (a full disk, Ctrl-C), the temporary file is removed, ``path`` is as it was
    and the error goes on to the caller. A new file gets the usual permissions (the umask's), a replaced one keeps
    its own; a symbolic link is followed, so the file it names is the one replaced. Returns ``path``.

    ``replace=False`` never replaces a file: the whole temporary file is linked in under ``path`` (``os.link``,
    atomic too), and ``FileExistsError`` says a file appeared there meanwhile. ``durable=False`` skips the
    ``fsync`` calls, for many small files whose loss in a power cut costs nothing (a session's hand histories):
    the file is still whole or absent for every reader.

    >>> import shutil, tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_atomically(folder / "note.txt", "one line\\n").read_text()
    'one line\\n'
    >>> def dies_halfway(f):
    ...     f.write(b"half of it")
    ...     raise OSError(errno.ENOSPC, "No space left on device")
    >>> write_atomically(folder / "note.txt", dies_halfway)
    Traceback (most recent call last):
    OSError: [Errno 28] No space left on device
    >>> (folder / "note.txt").read_text(), [p.name for p in folder.iterdir()]    # unchanged, nothing left behind
    ('one line\\n', ['note.txt'])
    >>> write_atomically(folder / "note.txt", "another", replace=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    FileExistsError: [Errno 17] File exists: ...
    >>> (folder / "note.txt").read_text(), len(list(folder.iterdir()))
    ('one line\\n', 1)
    >>> shutil.rmtree(folder)
    """
    if isinstance(content, str):
        content = content.encode("utf-8")
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    # A name no other writer picks (two runs saving at once each rename their own whole file), hidden by its dot.
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            try:
                os.fchmod(handle.fileno(), stat.S_IMODE(os.stat(target).st_mode))
            except FileNotFoundError:
                pass
            if isinstance(content, (bytes, bytearray, memoryview)):
                handle.write(content)
            else:
                content(handle)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        if replace:
            os.replace(temporary, target)
        else:
            os.link(temporary, target)          # FileExistsError where a file appeared: nothing is replaced
            os.unlink(temporary)
    except BaseException:           # Ctrl-C too: no half-written temporary file is left in the folder
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    if durable:
        _sync_folder(target.parent)
    return Path(path)


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries to the disk, so that a rename survives a power cut (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:                 # some file systems cannot sync a folder; the rename itself is still atomic
        pass
    finally:
        os.close(fd)
