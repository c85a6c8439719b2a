"""One model, two readings: the operations a model is written with, as Z3 terms (``Z3``) or as plain values (``PY``).

A model function takes ``o`` (one of the two) and writes ``o.If(c, a, b)``,
``o.And(...)``, ``o.Max(...)`` ... With ``Z3`` it returns a term to prove
things about; with ``PY`` it returns the value the same rule gives on a concrete
state, which is what the engine-link checks compare with the engine.

>>> PY.If(PY.And(True, 2 > 1), PY.Max([3, 7, 5]), 0)
7
>>> import z3
>>> z3.simplify(Z3.If(Z3.And(True, z3.IntVal(2) > 1), Z3.Max([3, 7, 5]), 0))
7
"""

from __future__ import annotations

from typing import Any, Sequence


class _Z3OnFirstUse:
    """Stands for the ``z3`` module until a Z3 operation first needs it, then puts the module in its place: the
    plain reading (the engine, the loader's worst case) never imports Z3."""

    def __getattr__(self, name: str) -> Any:
        import z3 as module

        globals()["z3"] = module
        return getattr(module, name)


z3: Any = _Z3OnFirstUse()


class Z3Ops:
    """The operations as Z3 terms."""

    symbolic = True

    @staticmethod
    def If(cond: Any, then: Any, other: Any) -> Any:
        if isinstance(cond, bool):
            return then if cond else other
        return z3.If(cond, then, other)

    @staticmethod
    def And(*terms: Any) -> Any:
        terms = [t for t in terms if t is not True]
        if any(t is False for t in terms):
            return z3.BoolVal(False)
        return z3.And(*terms) if terms else z3.BoolVal(True)

    @staticmethod
    def Or(*terms: Any) -> Any:
        terms = [t for t in terms if t is not False]
        if any(t is True for t in terms):
            return z3.BoolVal(True)
        return z3.Or(*terms) if terms else z3.BoolVal(False)

    @staticmethod
    def Not(term: Any) -> Any:
        return (not term) if isinstance(term, bool) else z3.Not(term)

    @staticmethod
    def Implies(a: Any, b: Any) -> Any:
        return Z3Ops.Or(Z3Ops.Not(a), b)

    @staticmethod
    def Sum(terms: Sequence[Any]) -> Any:
        terms = list(terms)
        if all(isinstance(t, int) for t in terms):
            return sum(terms)
        return z3.Sum(terms)

    @staticmethod
    def Max(terms: Sequence[Any]) -> Any:
        terms = list(terms)
        best = terms[0]
        for term in terms[1:]:
            best = Z3Ops.If(term > best, term, best)
        return best

    @staticmethod
    def Min(a: Any, b: Any) -> Any:
        return Z3Ops.If(a < b, a, b)

    @staticmethod
    def Count(terms: Sequence[Any]) -> Any:
        return Z3Ops.Sum([Z3Ops.If(t, 1, 0) for t in terms])


class PyOps:
    """The same operations on plain values: what the model says on one concrete state."""

    symbolic = False

    @staticmethod
    def If(cond: Any, then: Any, other: Any) -> Any:
        return then if cond else other

    @staticmethod
    def And(*terms: Any) -> bool:
        return all(terms)

    @staticmethod
    def Or(*terms: Any) -> bool:
        return any(terms)

    @staticmethod
    def Not(term: Any) -> bool:
        return not term

    @staticmethod
    def Implies(a: Any, b: Any) -> bool:
        return (not a) or bool(b)

    @staticmethod
    def Sum(terms: Sequence[Any]) -> int:
        return sum(terms)

    @staticmethod
    def Max(terms: Sequence[Any]) -> Any:
        return max(terms)

    @staticmethod
    def Min(a: Any, b: Any) -> Any:
        return min(a, b)

    @staticmethod
    def Count(terms: Sequence[Any]) -> int:
        return sum(1 for t in terms if t)


Z3 = Z3Ops()
PY = PyOps()
