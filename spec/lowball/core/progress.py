"""Progress bars for long counts: on a terminal only, and never in the way of the work they report on.

Every bar of the package comes from ``progress_bar``, which holds three rules:

* A bar is drawn only when its stream (stderr) is a terminal. Redirected to a file or a pipe, a bar is a page of
  carriage returns in a log, so there it is silent.
* A bar that cannot be written (a terminal gone, stderr on a full disk or closed) falls silent; the count goes on.
  A bar is a courtesy: losing it must never cost a session its hands or a proof its verdict.
* No rate and no time left until they mean something. The first seconds of a count are its least typical (a
  search valuing its deepest positions first, numpy warming up), so a rate taken from them gives estimates such
  as 175 hours for a question of twenty seconds. For ``WARM_UP`` seconds a bar shows the count and the time spent;
  then tqdm's smoothed rate and the time left.
"""

from __future__ import annotations

import sys
from typing import Any, Iterable, TextIO

from tqdm import tqdm

# Seconds a bar counts before it shows a rate and the time left (see the module).
WARM_UP = 5.0
# Seconds of work before a bar appears at all: work that ends sooner needs none (tqdm's ``delay``).
DELAY = 1.0
# What a bar shows while it warms up: the count and the time spent, neither rate nor time left.
COUNT_ONLY = "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}{postfix}]"
COUNT_ONLY_UNBOUNDED = "{n_fmt}{unit} [{elapsed}{postfix}]"


def is_terminal(stream: Any) -> bool:
    """Return whether ``stream`` is an open terminal (a closed, missing or odd stream is not).

    >>> import io
    >>> is_terminal(io.StringIO()), is_terminal(None)
    (False, False)
    """
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


class QuietStream:
    """A stream that stops writing at its first error instead of raising it: what a bar writes to."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.broken = False

    def write(self, text: str) -> int:
        """Write ``text``; after a write error, write nothing more and say nothing."""
        if not self.broken:
            try:
                self.stream.write(text)
            except (OSError, ValueError):      # ValueError: the stream was closed
                self.broken = True
        return len(text)

    def flush(self) -> None:
        """Flush the stream, falling silent on an error as ``write`` does."""
        if not self.broken:
            try:
                self.stream.flush()
            except (OSError, ValueError):
                self.broken = True

    def __getattr__(self, name: str) -> Any:       # fileno, isatty, encoding: for tqdm's width and encoding checks
        return getattr(self.stream, name)


class ProgressBar(tqdm):
    """A tqdm bar that shows no rate or time left during its first ``WARM_UP`` seconds."""

    @property
    def format_dict(self) -> dict[str, Any]:
        found = super().format_dict
        if not found.get("bar_format") and (found.get("elapsed") or 0) < WARM_UP:
            prefix = f"{found['prefix']}: " if found.get("prefix") else ""
            found["bar_format"] = COUNT_ONLY if found.get("total") else prefix + COUNT_ONLY_UNBOUNDED
        return found

    def put(self, text: str, file: Any = None) -> None:
        """Print a line of ``text`` (to stdout by default) without tearing the bar: clear it, print, redraw."""
        self.clear()
        print(text, file=file if file is not None else sys.stdout, flush=True)
        self.refresh()


def progress_bar(iterable: Iterable[Any] | None = None, *, enabled: bool = True, file: TextIO | None = None,
                 **options: Any) -> ProgressBar:
    """Return a progress bar on ``file`` (stderr) that draws only on a terminal and never stops the work.

    ``options`` are tqdm's (``total``, ``unit``, ``desc``...); the bar leaves no line behind and waits ``DELAY``
    seconds before it appears. Off a terminal the bar counts and draws nothing:

    >>> import io
    >>> with progress_bar(total=3, file=io.StringIO()) as bar:
    ...     bar.disable
    True
    >>> sum(progress_bar(range(4), file=io.StringIO()))
    6
    """
    stream = sys.stderr if file is None else file
    shown = enabled and is_terminal(stream)
    options = {"leave": False, "delay": DELAY, "dynamic_ncols": True} | options
    return ProgressBar(iterable, file=QuietStream(stream) if shown else None, disable=not shown, **options)
