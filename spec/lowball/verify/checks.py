"""The result of checking one property: proved, or refuted with a counterexample in poker terms."""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass, field


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
