"""The command's standard output, guarded: a full disk or a closed stdout is one clean line, a reader gone is quiet.

``print`` inside a command writes through ``guarded_stdout``; when the system
refuses the output (``> /dev/full``: no space left; ``>&-``: stdout closed),
the command stops with ``OutputError`` and ``lowball.cli.main`` says so in one
line, exit 2, rather than a traceback or a silent exit 0. A reader that goes
away (``lowball games | head -1``) is no error of ours: the command stops
quietly with 141, the status of a program ended by SIGPIPE, as the shell tools do.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from typing import Any, Iterator

from lowball.core.files import describe_os_error

# The exit status of a command whose reader went away: 128 + SIGPIPE (13), what a shell reports for `yes | head`.
READER_GONE = 141


class OutputError(Exception):
    """The system refused the command's output (a full disk, a closed stdout); ``.reader_gone`` for a broken pipe."""

    def __init__(self, err: OSError | None, stream: Any = None):
        self.stream = stream
        self.reader_gone = err is not None and err.errno == errno.EPIPE
        reason = "standard output is closed" if err is None or err.errno == errno.EBADF else describe_os_error(err)
        super().__init__(f"cannot write the output: {reason}")


class _Guarded:
    """A stand-in for ``sys.stdout`` whose writes raise ``OutputError`` when the system refuses them."""

    def __init__(self, stream: Any):
        self._stream = stream

    def write(self, text: str) -> int:
        if self._stream is None:        # started with stdout closed: Python set sys.stdout to None
            raise OutputError(None)
        try:
            return self._stream.write(text)
        except OSError as err:
            raise OutputError(err, self._stream) from None

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except OSError as err:
            raise OutputError(err, self._stream) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """Route ``sys.stdout`` through the guard while a command runs, and flush it before the command counts as done.

    ``--help`` leaves through ``SystemExit``: its text is flushed (and guarded) too.
    """
    stream = sys.stdout
    guard = _Guarded(stream)
    sys.stdout = guard
    try:
        try:
            yield
        except SystemExit:
            guard.flush()
            raise
        guard.flush()
    finally:
        sys.stdout = stream


def silence_stdout(stream: Any) -> None:
    """Point the process's stdout at ``/dev/null`` once it refused a write, so Python's own flush at exit stays quiet.

    Only the process's real stdout is redirected; a stream a caller put in its place is left alone.
    """
    if stream is None or stream is not sys.__stdout__:
        return
    try:
        fd = stream.fileno()
    except (OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
