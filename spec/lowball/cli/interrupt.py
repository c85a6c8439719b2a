"""Ctrl-C stops every command at once, whatever it is doing: ``lowball.cli.main`` then says "interrupted", exit 130.

Python turns Ctrl-C into ``KeyboardInterrupt`` wherever the program is, and some places lose it: Z3's search
catches Ctrl-C itself and answers "unknown" (``lowball.verify.proof.undecided`` turns that back into
``KeyboardInterrupt``); an object's finalizer (``__del__``, e.g. of a Z3 term the garbage collector frees)
prints it as "ignored" and carries on; ctypes, under Z3, reports it as its own ``ArgumentError("argument 1:
KeyboardInterrupt: ")`` (``is_interruption`` recognises it), which a library's ``except Exception`` may then
swallow. So while a command runs, ``ctrl_c_stops`` installs a handler that raises as Python's does and asks
again a moment later, until the interruption reaches ``main`` and the block ends; inside a finalizer it only
asks again.
"""

from __future__ import annotations

import _thread
import contextlib
import ctypes
import signal
import sys
import threading
from types import FrameType
from typing import Iterator

# Seconds to wait before asking again, in case the interruption was lost: long enough for a finalizer to end.
RETRY = 0.2


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


class _Stopper:
    """The SIGINT handler of a running command, with the retries it has asked for (cancelled when the block ends)."""

    def __init__(self) -> None:
        self.retries: list[threading.Timer] = []
        self.done = False
        self.lock = threading.Lock()

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.done:
            return
        retry = threading.Timer(RETRY, self._again)
        retry.daemon = True
        self.retries.append(retry)
        retry.start()
        if not in_finalizer(frame):
            raise KeyboardInterrupt

    def _again(self) -> None:
        # interrupt_main, not os.kill: the signal is marked for the main thread at once, not sent through the
        # system to whichever thread (numpy's) happens to receive it.
        with self.lock:
            if not self.done:
                _thread.interrupt_main(signal.SIGINT)

    def stop_retrying(self) -> None:
        """Stop asking again; a retry that asked already has marked its signal once this returns."""
        with self.lock:
            self.done = True
        for retry in self.retries:
            retry.cancel()


@contextlib.contextmanager
def ctrl_c_stops() -> Iterator[None]:
    """Let Ctrl-C stop the block wherever it comes; leave Ctrl-C alone where it is ignored (a background job)."""
    main_thread = threading.current_thread() is threading.main_thread()
    if not main_thread or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    stopper = _Stopper()
    signal.signal(signal.SIGINT, stopper)
    try:
        yield
    finally:
        stopper.stop_retrying()
        for _ in range(3):                  # a loop lets Python run a signal marked already: the stopper, done, ignores it
            pass
        signal.signal(signal.SIGINT, signal.default_int_handler)


def quiet_z3_finalizers() -> None:
    """After an interruption, let the finalizers of Z3 terms it cut half-built fail without a traceback.

    Ctrl-C can land inside a Z3 term's ``__init__`` before it has its context; when the term is freed, Z3's
    ``__del__`` reads the missing attribute and Python prints "Exception ignored ... AttributeError" after our
    "interrupted" line. Only finalizers of Z3's own modules are quieted; every other unraisable error still shows.
    """
    previous = sys.unraisablehook

    def hook(unraisable: "sys.UnraisableHookArgs") -> None:
        if str(getattr(unraisable.object, "__module__", "")).startswith("z3"):
            return
        previous(unraisable)

    sys.unraisablehook = hook
