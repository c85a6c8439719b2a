"""The result of checking one property: proved, refuted with a counterexample in poker terms, or not applicable."""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass, field

from lowball.core.games import GameTable


@dataclass
class Check:
    """One property of a rules table and what the solver (or the enumeration) said about it."""

    number: int
    title: str
    clauses: tuple[str, ...]
    holds: bool = True
    proved: list[str] = field(default_factory=list)
    counterexample: str = ""
    seconds: float = 0.0
    figures: dict[str, int] = field(default_factory=dict)   # proved numbers, e.g. max_investment
    words: dict[str, str] = field(default_factory=dict)     # the same in words ("1 + 4 x 1 + 4 x 2 = 13"), or why none
    applies: bool = True
    reason: str = ""                                       # why it does not apply

    @classmethod
    def of(cls, number: int, table: GameTable | None = None) -> "Check":
        """Return an open check of property ``number``, its title and clauses from the one registry."""
        from lowball.verify.properties import BY_NUMBER

        prop = BY_NUMBER[number]
        check = cls(number, prop.title(table), prop.clauses)
        if table is not None:
            reason = prop.not_applicable(table)
            if reason:
                check.applies, check.reason = False, reason
        return check

    @property
    def verdict(self) -> str:
        """Return "proved", "REFUTED" or "does not apply"."""
        if not self.applies:
            return "does not apply"
        return "proved" if self.holds else "REFUTED"

    def fail(self, counterexample: str) -> None:
        """Record a refutation; the first counterexample is the one reported."""
        if self.holds:
            self.holds = False
            self.counterexample = counterexample

    def record(self, fact: str) -> None:
        """Record a fact established by a solver result or an exhaustive check."""
        self.proved.append(fact)


@contextmanager
def timed(check: Check):
    """Time the work done on ``check``."""
    start = time.perf_counter()
    try:
        yield check
    finally:
        check.seconds += time.perf_counter() - start
