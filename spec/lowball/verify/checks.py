"""The result of checking one property: proved, refuted with a counterexample in poker terms, or not applicable.

Its facts and its counterexample are data (``Verdict``: a key and its fields); ``lowball.text.verdicts`` words
them in English or Russian, so nothing here writes a sentence.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from lowball.core.games import GameTable
from lowball.text.verdicts import Verdict


@dataclass
class Check:
    """One property of a rules table and what the solver (or the enumeration) said about it."""

    number: int
    title: str
    clauses: tuple[str, ...]
    holds: bool = True
    verdicts: list[Verdict] = field(default_factory=list)      # the facts established, in the order found
    refuted: Verdict | None = None                            # the first counterexample, the one reported
    seconds: float = 0.0
    figures: dict[str, int] = field(default_factory=dict)   # proved numbers, e.g. max_investment
    words: dict[str, Any] = field(default_factory=dict)     # the same, worded (a ChipSum), or why there is none
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

    @property
    def proved(self) -> list[str]:
        """Return the facts in English (the JSON, the docs)."""
        return self.facts("en")

    @property
    def counterexample(self) -> str:
        """Return the counterexample in English ("" while the property holds)."""
        return self.refutation("en")

    def fail(self, counterexample: Verdict) -> None:
        """Record a refutation, as data (``Verdict``: worded from ``rules/proofs.toml``); the first counterexample is
        the one reported."""
        if self.holds:
            self.holds = False
            self.refuted = counterexample

    def record(self, fact: Verdict) -> None:
        """Record a fact established by a solver result or an exhaustive check, as data (``Verdict``)."""
        self.verdicts.append(fact)

    def facts(self, lang: str = "en") -> list[str]:
        """Return the facts worded in ``lang`` (words handed over in English only stay English).

        >>> from lowball.text.verdicts import Said
        >>> check = Check(5, "title", ("T5",))
        >>> check.record(Verdict("said", {"words": Said("proved", "доказано")}))
        >>> check.record(Verdict("said", {"words": Said("only English")}))
        >>> check.facts("ru"), check.facts()
        (['доказано', 'only English'], ['proved', 'only English'])
        """
        return [fact.text(lang) for fact in self.verdicts]

    def refutation(self, lang: str = "en") -> str:
        """Return the counterexample worded in ``lang`` ("" while the property holds)."""
        return "" if self.refuted is None else self.refuted.text(lang)


@contextmanager
def timed(check: Check):
    """Time the work done on ``check``."""
    start = time.perf_counter()
    try:
        yield check
    finally:
        check.seconds += time.perf_counter() - start
