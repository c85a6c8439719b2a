"""Z3 with honest answers: ``unsat`` of the negation proves a claim, ``sat`` gives a counterexample, ``unknown`` fails.

Nothing here prints "proved" without a solver result behind it, and a timeout
or ``unknown`` raises ``ProofUnknown`` instead of passing quietly.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from lowball.errors import LowballError

TIMEOUT_MS = 60_000


class ProofUnknown(LowballError):
    """Z3 answered ``unknown`` (or timed out): the claim is neither proved nor refuted."""


def undecided(what: str, reason: str) -> Exception:
    """Return the error for a claim Z3 left undecided: ``KeyboardInterrupt`` when Ctrl-C stopped it, else ``ProofUnknown``.

    Z3 catches Ctrl-C itself while it searches and answers ``unknown``; the user asked to stop, not for a verdict.

    >>> type(undecided("the claim", "interrupted from keyboard")).__name__, str(undecided("the claim", "timeout"))
    ('KeyboardInterrupt', 'Z3 could not decide the claim (timeout): treated as a failure')
    """
    if "interrupted" in reason or "canceled" in reason:
        return KeyboardInterrupt()
    return ProofUnknown(f"Z3 could not decide {what} ({reason}): treated as a failure")


@dataclass(frozen=True)
class Outcome:
    """A solver verdict on a claim: proved, or refuted with a model of the counterexample."""

    proved: bool
    model: z3.ModelRef | None = None


def prove(claim: z3.BoolRef, *assumptions: z3.BoolRef, timeout_ms: int = TIMEOUT_MS) -> Outcome:
    """Prove ``claim`` under ``assumptions`` by showing its negation is unsat.

    >>> x = z3.Int("x")
    >>> prove(x + 1 > x).proved
    True
    >>> prove(x > 0, x > -5).model[x].as_long() <= 0
    True
    """
    solver = z3.Solver()
    solver.set(timeout=timeout_ms)
    solver.add(*assumptions)
    solver.add(z3.Not(claim))
    verdict = solver.check()
    if verdict == z3.unsat:
        return Outcome(True)
    if verdict == z3.sat:
        return Outcome(False, solver.model())
    raise undecided("the claim", solver.reason_unknown())


def find(condition: z3.BoolRef, *assumptions: z3.BoolRef, timeout_ms: int = TIMEOUT_MS) -> z3.ModelRef | None:
    """Return a model satisfying ``condition`` (a witness), None if there is none; ``unknown`` raises."""
    outcome = prove(z3.Not(condition), *assumptions, timeout_ms=timeout_ms)
    return None if outcome.proved else outcome.model


def maximize(objective: z3.ArithRef, *constraints: z3.BoolRef, timeout_ms: int = TIMEOUT_MS) -> tuple[int, z3.ModelRef]:
    """Return the largest value of ``objective`` under ``constraints`` and a model reaching it."""
    if isinstance(objective, int):
        objective = z3.IntVal(objective)
    opt = z3.Optimize()
    opt.set(timeout=timeout_ms)
    opt.add(*constraints)
    handle = opt.maximize(objective)
    verdict = opt.check()
    if verdict != z3.sat:
        if verdict == z3.unknown:
            raise undecided("the maximum", opt.reason_unknown())
        raise ProofUnknown(f"Z3 could not find the maximum ({verdict}): treated as a failure")
    value = opt.upper(handle)
    if not z3.is_int_value(value):
        raise ProofUnknown("the maximum is unbounded")
    return value.as_long(), opt.model()
