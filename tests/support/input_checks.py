"""What every answer to bad input must be, for the input fuzz tests (``tests/*/test_fuzz_*.py``).

A result, or one of the project's own errors (``LowballError``) in one short line, fast; at the command line
exit 2 and one line on stderr (a JSON object with ``--json``), never a traceback. Anything that could hang the
suite if the code regressed (a named pipe, ``/dev/zero``) runs under ``deadline`` or in a child process with a
timeout and a memory limit (``run_isolated``), so a regression fails a test instead of stopping the suite.
"""

from __future__ import annotations

import contextlib
import io
import json
import signal
import subprocess
import sys
import time
from typing import Any, Iterator, Sequence

from lowball.cli import main

FAST = 5.0            # seconds: nothing a user types may take longer to be refused
LINE = 300            # characters: an error is one short line
CHILD_MEMORY = 3 * 2**30   # bytes: a child process that reads without end is stopped here, not by the machine


class TooSlow(Exception):
    """Raised by ``deadline`` when the code under test did not answer in time (a hang)."""


@contextlib.contextmanager
def deadline(seconds: float = FAST) -> Iterator[None]:
    """Raise ``TooSlow`` inside the block once ``seconds`` have passed (a blocking open of a FIFO included)."""
    def stop(*_: Any) -> None:
        raise TooSlow(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def check_message(message: str, what: object = "") -> None:
    """Assert that an error message is one short line."""
    assert "\n" not in message and "\r" not in message and len(message) <= LINE, f"{what}: {message!r}"


def run_cli(argv: Sequence[str]) -> tuple[int, str, str, float]:
    """Run ``lowball`` in this process; return the exit code, stdout, stderr and the seconds it took."""
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as leave:        # argparse's usage errors (and --help) leave through SystemExit
            code = leave.code if isinstance(leave.code, int) else 2
    return code, out.getvalue(), err.getvalue(), time.perf_counter() - start


def check_cli_answer(argv: Sequence[str], code: int, err: str, seconds: float) -> None:
    """Assert the command line answered: 0 or 1, or 2 with one line (a JSON object with --json); no traceback."""
    assert code in (0, 1, 2), f"{argv}: exit {code}"
    assert "Traceback" not in err, f"{argv}: {err}"
    assert seconds < FAST, f"{argv} took {seconds:.1f} s"
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and len(lines[0]) <= LINE, f"{argv}: {err!r}"
        if "--json" in argv:
            record = json.loads(lines[0])
            assert set(record) == {"error", "kind"}, record


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))


def run_isolated(code: str, timeout: float = 120) -> Any:
    """Run Python ``code`` in a child process (memory-limited, killed after ``timeout``); return what it prints as JSON.

    For cases that would hang or fill memory if the code regressed: the child dies, the test fails, the suite goes on.
    """
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout,
                           preexec_fn=_limit_memory)
    assert child.returncode == 0, child.stderr[-2000:]
    return json.loads(child.stdout)
