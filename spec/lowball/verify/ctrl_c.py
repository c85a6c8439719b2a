"""Ctrl-C during proofs: it stops the running Z3 search at once, and it is never lost.

Z3 catches Ctrl-C itself while it searches, and loses it when it comes just as a
search ends (the answer is then ``sat`` or ``unsat`` and the interruption is gone:
``lowball verify`` would go on and print its verdicts). Inside
``proofs_stop_on_ctrl_c`` Z3 leaves Ctrl-C to Python instead, and a watcher
thread, woken by the signal (``signal.set_wakeup_fd``), interrupts the search in
progress; it then answers ``unknown`` ("canceled"), which ``proof.undecided``
turns into the ``KeyboardInterrupt`` that Python raises anyway.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import threading
from typing import Iterator

import z3

# How often the watcher looks whether the block has ended (seconds): it then stops.
POLL = 0.1


def _watch(read_end: int, done: threading.Event) -> None:
    """Interrupt Z3's search in progress whenever SIGINT arrives, until ``done``."""
    while not done.is_set():
        ready, _, _ = select.select([read_end], [], [], POLL)
        if not ready:
            continue
        try:
            got = os.read(read_end, 64)
        except BlockingIOError:
            continue
        if signal.SIGINT in got:
            z3.main_ctx().interrupt()


@contextlib.contextmanager
def proofs_stop_on_ctrl_c() -> Iterator[None]:
    """Run the block with Ctrl-C left to Python and reaching the Z3 search in progress (main thread only).

    >>> with proofs_stop_on_ctrl_c():
    ...     z3.Solver().check(z3.Int("x") > 0)
    sat
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    os.set_blocking(write_end, False)
    previous = signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    if previous != -1:                         # someone else (an event loop) listens to the signals: leave them be
        signal.set_wakeup_fd(previous)
        os.close(read_end)
        os.close(write_end)
        yield
        return
    done = threading.Event()
    watcher = threading.Thread(target=_watch, args=(read_end, done), daemon=True, name="lowball-ctrl-c")
    z3.set_param("ctrl_c", False)
    watcher.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(-1)
        z3.set_param("ctrl_c", True)
        done.set()
        os.write(write_end, b"\0")            # wakes the watcher at once: it sees ``done`` and ends
        watcher.join()
        os.close(read_end)
        os.close(write_end)
