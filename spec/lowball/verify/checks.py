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
    # The same facts and counterexample in Russian, beside the English ones ("" where none was given: the
    # English is shown); kept apart so that ``proved`` and ``counterexample`` (the JSON, the docs) stay English.
    proved_ru: list[str] = field(default_factory=list, repr=False, compare=False)
    counterexample_ru: str = field(default="", repr=False, compare=False)

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

    def fail(self, counterexample: str, ru: str = "") -> None:
        """Record a refutation, in English and (``ru``) in Russian; the first counterexample is the one reported."""
        if self.holds:
            self.holds = False
            self.counterexample = counterexample
            self.counterexample_ru = ru

    def record(self, fact: str, ru: str = "") -> None:
        """Record a fact established by a solver result or an exhaustive check, in English and (``ru``) Russian."""
        self.proved.append(fact)
        self.proved_ru.append(ru)

    def facts(self, lang: str = "en") -> list[str]:
        """Return the facts in ``lang``: the Russian text where one was given, else the English.

        >>> check = Check(5, "title", ("T5",))
        >>> check.record("proved", ru="доказано"); check.record("only English")
        >>> check.facts("ru"), check.facts()
        (['доказано', 'only English'], ['proved', 'only English'])
        """
        if lang != "ru":
            return list(self.proved)
        ru = self.proved_ru + [""] * (len(self.proved) - len(self.proved_ru))
        return [r or e for e, r in zip(self.proved, ru)]

    def refutation(self, lang: str = "en") -> str:
        """Return the counterexample in ``lang``: the Russian text where one was given, else the English."""
        return (self.counterexample_ru or self.counterexample) if lang == "ru" else self.counterexample


@contextmanager
def timed(check: Check):
    """Time the work done on ``check``."""
    start = time.perf_counter()
    try:
        yield check
    finally:
        check.seconds += time.perf_counter() - start
