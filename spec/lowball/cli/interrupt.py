"""Ctrl-C stops every command at once, whatever it is doing: ``lowball.cli.main`` then says "interrupted", exit 130.

Python turns Ctrl-C into ``KeyboardInterrupt`` wherever the program is, and two places would lose it: Z3's
search, which catches Ctrl-C itself and answers "unknown" (``lowball.verify.proof.undecided`` turns that back into
``KeyboardInterrupt``), and an object's finalizer (``__del__``, e.g. of a Z3 term the garbage collector frees),
where Python prints the exception as "ignored" and carries on. While a command runs, ``ctrl_c_stops`` installs a
handler that raises as Python's does, except inside a finalizer, where it asks again a moment later. And one
place disguises it: ctypes (under Z3) reports an exception raised while it converts an argument as its own
``ArgumentError("argument 1: KeyboardInterrupt: ")``, which ``is_interruption`` recognises.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import threading
from types import FrameType
from typing import Iterator

# Seconds to wait before asking again when Ctrl-C came during a finalizer: long enough for it to finish.
RETRY = 0.05


def in_finalizer(frame: FrameType | None) -> bool:
    """Return whether ``frame`` runs inside an object's ``__del__`` (where a raised exception would be ignored).

    >>> import sys
    >>> in_finalizer(sys._getframe())
    False
    """
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            return True
        frame = frame.f_back
    return False


def is_interruption(err: BaseException) -> bool:
    """Return whether ``err`` is Ctrl-C: a ``KeyboardInterrupt``, or ctypes' report of one raised in its hands.

    >>> import ctypes
    >>> is_interruption(KeyboardInterrupt()), is_interruption(ctypes.ArgumentError("argument 1: KeyboardInterrupt: "))
    (True, True)
    >>> is_interruption(ctypes.ArgumentError("argument 1: TypeError: wrong type"))
    False
    """
    if isinstance(err, KeyboardInterrupt):
        return True
    return isinstance(err, ctypes.ArgumentError) and ": KeyboardInterrupt" in str(err)


def _stop(signum: int, frame: FrameType | None) -> None:
    if in_finalizer(frame):
        threading.Timer(RETRY, os.kill, (os.getpid(), signal.SIGINT)).start()
        return
    raise KeyboardInterrupt


@contextlib.contextmanager
def ctrl_c_stops() -> Iterator[None]:
    """Let Ctrl-C stop the block even in a finalizer; leave Ctrl-C alone where it is ignored (a background job)."""
    main_thread = threading.current_thread() is threading.main_thread()
    if not main_thread or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    signal.signal(signal.SIGINT, _stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
