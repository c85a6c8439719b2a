"""The plain readings the engine plays, proved equal to the Z3 reading of the same text, path by path.

Each rule of ``engine/rules`` is written once over the operations ``o``. ``lowball verify`` reads it with Z3
terms; the engine plays a plain reading compiled from the same text when the module loads
(``engine/rules/readings.py``: ``o.And(a, b)`` runs as ``a and b``, a rule's ``if not o.symbolic:`` branch
is taken). Here the compiled function itself runs on symbolic values: a Z3 term wrapped (``Term``) so that
every branch the function takes on it (an ``if``, an ``and``, a ``max``, a list index) is split into the
cases Z3 finds possible, each case run to its end (``Paths``). On each path Z3 proves that the value the
compiled function returns is the value of the Z3 reading (unsat of the negation, under the path's conditions
and what holds of every state the engine reaches). Every path of every function the engine calls, for every
kind of round of every built-in table: not sampled states, all of them.

>>> from lowball.core.games import load_game_table
>>> result = prove_reading(load_game_table(), "done", players=2)
>>> result.proved, result.paths > 1
(True, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

import z3

from lowball.core.games import GameTable
from lowball.core.ops import PY, Z3
from lowball.core.seats import NOBODY
from lowball.engine.rules import betting_round as rm, forced_bets
from lowball.verify.proof import TIMEOUT_MS, ProofUnknown

# Paths one function may take before the proof gives up (a rule with more is too big to prove this way).
MOST_PATHS = 20_000


class Infeasible(Exception):
    """A path whose conditions cannot all hold: dropped (the solver found the branch impossible)."""


class Paths:
    """Runs a function again and again, one path at a time, deciding each branch on a term as Z3 allows."""

    def __init__(self, assumptions: Sequence[Any]):
        self.solver = z3.Solver()
        self.solver.set(timeout=TIMEOUT_MS)
        self.solver.add(*assumptions)
        self.todo: list[list[bool]] = [[]]
        self.taken: list[bool] = []
        self.prefix: list[bool] = []
        self.conditions: list[Any] = []
        self.witness: Any = None             # a model of the path's conditions so far, once one is found

    def possible(self, condition: Any) -> Any:
        """Return a model of the path so far in which ``condition`` holds, or None where it cannot (``unknown``
        is no answer: it fails)."""
        verdict = self.solver.check(condition)
        if verdict == z3.unknown:
            raise ProofUnknown(f"Z3 could not decide a branch ({self.solver.reason_unknown()})")
        return self.solver.model() if verdict == z3.sat else None

    def holds_in_witness(self, condition: Any) -> bool | None:
        """Return what ``condition`` is in the last model found on this path (a state the path may be in), None
        before there is one: where it is true, that branch is possible without asking the solver."""
        if self.witness is None:
            return None
        return z3.is_true(self.witness.eval(condition, model_completion=True))

    def _take(self, condition: Any) -> None:
        """Follow the path into ``condition``: the solver holds the path's conditions, one scope each."""
        self.conditions.append(condition)
        self.solver.push()
        self.solver.add(condition)

    def decide(self, condition: Any) -> bool:
        """Return the branch this path takes on ``condition``: the one the path was started with, or a possible
        one, the other kept for a later path."""
        if z3.is_true(condition) or z3.is_false(condition):
            return z3.is_true(condition)
        k = len(self.taken)
        if k < len(self.prefix):
            choice = self.prefix[k]
            self.witness = None                  # a path replayed to where it forked: no model of it yet
        else:
            # The last model is a state of this path: the branch it takes is possible; ask only for the other.
            seen = self.holds_in_witness(condition)
            yes = self.witness if seen is True else self.possible(condition)
            no = self.witness if seen is False else self.possible(z3.Not(condition))
            if yes is None and no is None:
                raise Infeasible
            choice = yes is not None
            self.witness = yes if choice else no
            if yes is not None and no is not None:
                self.todo.append(self.taken + [False])
        self.taken.append(choice)
        self._take(condition if choice else z3.Not(condition))
        return choice

    def value(self, term: Any) -> int:
        """Return one whole number ``term`` is on this path (a list index, a seat): each possible value its own
        path."""
        while True:
            if self.witness is None:
                verdict = self.solver.check()
                if verdict != z3.sat:
                    raise ProofUnknown("Z3 could not find a value") if verdict == z3.unknown else Infeasible
                self.witness = self.solver.model()
            candidate = self.witness.eval(term, model_completion=True).as_long()
            if self.decide(term == candidate):
                return candidate

    def each(self, run: Callable[[], Any]) -> Iterator[tuple[list[Any], Any]]:
        """Yield (the path's conditions, what ``run`` returned on it) for every possible path of ``run``."""
        count = 0
        while self.todo:
            count += 1
            if count > MOST_PATHS:
                raise ProofUnknown(f"more than {MOST_PATHS:,} paths: too many to prove one by one")
            self.prefix, self.taken, self.conditions, self.witness = self.todo.pop(), [], [], None
            try:
                result = run()
            except Infeasible:
                self.solver.pop(len(self.conditions))
                continue
            scopes = len(self.conditions)
            try:
                yield list(self.conditions), result
            finally:
                self.solver.pop(scopes)


class Term:
    """A Z3 term that the plain reading computes with as if it were a number or a truth value: arithmetic and
    comparisons build terms, and a branch on it (``bool``, a list index) asks ``Paths`` which case this path is."""

    __slots__ = ("term", "paths")
    __hash__ = None            # type: ignore[assignment]   # compared by value, as numbers are, never hashed

    def __init__(self, term: Any, paths: Paths):
        self.term, self.paths = term, paths

    def _wrap(self, term: Any) -> "Term":
        return Term(term, self.paths)

    def _int(self) -> Any:
        return z3.If(self.term, 1, 0) if z3.is_bool(self.term) else self.term

    def __bool__(self) -> bool:
        return self.paths.decide(self.term if z3.is_bool(self.term) else self.term != 0)

    def __index__(self) -> int:
        return self.paths.value(self._int())

    def __add__(self, other: Any) -> "Term":
        return self._wrap(self._int() + _int(other))

    def __radd__(self, other: Any) -> "Term":
        return self._wrap(_int(other) + self._int())

    def __sub__(self, other: Any) -> "Term":
        return self._wrap(self._int() - _int(other))

    def __rsub__(self, other: Any) -> "Term":
        return self._wrap(_int(other) - self._int())

    def __mul__(self, other: Any) -> "Term":
        return self._wrap(self._int() * _int(other))

    def __rmul__(self, other: Any) -> "Term":
        return self._wrap(_int(other) * self._int())

    def __neg__(self) -> "Term":
        return self._wrap(-self._int())

    def __floordiv__(self, other: Any) -> "Term":
        return self._wrap(_divide(self._int(), other, self.paths))

    def __rfloordiv__(self, other: Any) -> "Term":
        return self._wrap(_divide(_int(other), self, self.paths))

    def __mod__(self, other: Any) -> "Term":
        return self._wrap(self._int() - _int(other) * _divide(self._int(), other, self.paths))

    def __lt__(self, other: Any) -> "Term":
        return self._wrap(self._int() < _int(other))

    def __le__(self, other: Any) -> "Term":
        return self._wrap(self._int() <= _int(other))

    def __gt__(self, other: Any) -> "Term":
        return self._wrap(self._int() > _int(other))

    def __ge__(self, other: Any) -> "Term":
        return self._wrap(self._int() >= _int(other))

    def __eq__(self, other: Any) -> "Term":            # type: ignore[override]
        if other is None:
            return self._wrap(z3.BoolVal(False))
        if z3.is_bool(self.term) and isinstance(other, (bool, Term)) and z3.is_bool(_term(other)):
            return self._wrap(self.term == _term(other))
        return self._wrap(self._int() == _int(other))

    def __ne__(self, other: Any) -> "Term":            # type: ignore[override]
        return self._wrap(z3.Not((self == other).term))

    def __repr__(self) -> str:
        return f"Term({self.term})"


def _term(value: Any) -> Any:
    """Return ``value`` as a Z3 term: a wrapped term's own, a truth value or a number as a constant."""
    if isinstance(value, Term):
        return value.term
    if isinstance(value, bool):
        return z3.BoolVal(value)
    if isinstance(value, int):
        return z3.IntVal(value)
    return value


def _int(value: Any) -> Any:
    """Return ``value`` as a whole-number term (a truth value counts one or nothing, as Python adds it)."""
    if isinstance(value, Term):
        return value._int()
    if isinstance(value, bool):
        return z3.IntVal(int(value))
    return value


def _divide(a: Any, b: Any, paths: Paths) -> Any:
    """Return ``a // b`` as Python floors it: Z3's integer division, which floors for a positive divisor (the
    rules divide by a unit, a count of winners, two)."""
    divisor = _int(b)
    if isinstance(divisor, int):
        if divisor <= 0:
            raise ProofUnknown(f"a division by {divisor}: the proof reads only positive divisors")
        return a / divisor
    if not paths.decide(divisor > 0):
        raise ProofUnknown("a division by a number that may not be positive")
    return a / divisor


def wrapped(value: Any, paths: Paths) -> Any:
    """Return ``value`` with every Z3 term in it wrapped for the plain reading (lists, tuples, states, seats)."""
    if z3.is_expr(value):
        return Term(value, paths)
    if isinstance(value, list):
        return [wrapped(v, paths) for v in value]
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(wrapped(v, paths) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(value, **{f.name: wrapped(getattr(value, f.name), paths)
                                             for f in dataclasses.fields(value) if f.init})
    return value


def same(plain: Any, symbolic: Any) -> Any:
    """Return the claim that a plain reading's result is the Z3 reading's: field by field, seat by seat."""
    if dataclasses.is_dataclass(plain) and not isinstance(plain, type):
        return z3.And(*[same(getattr(plain, f.name), getattr(symbolic, f.name)) for f in dataclasses.fields(plain)])
    if isinstance(plain, (list, tuple)):
        if not isinstance(symbolic, (list, tuple)) or len(plain) != len(symbolic):
            return z3.BoolVal(False)
        return z3.And(*[same(a, b) for a, b in zip(plain, symbolic)])
    if plain is None or symbolic is None:
        return z3.BoolVal(plain is symbolic)
    a, b = _term(plain), _term(symbolic)
    if z3.is_bool(a) != z3.is_bool(b):
        a, b = _int(plain) if not z3.is_bool(a) else z3.If(a, 1, 0), b if not z3.is_bool(b) else z3.If(b, 1, 0)
    return a == b


@dataclass(frozen=True)
class ReadingProof:
    """The verdict on one function of one table: proved on every path, or the first path that differs."""

    table: str
    function: str
    players: int
    paths: int
    proved: bool
    why: str = ""


@dataclass(frozen=True)
class Case:
    """One function's question: the compiled plain reading and the Z3 reading, their arguments (Z3 terms), what
    holds of them wherever the engine asks, and what of the result the engine reads."""

    name: str
    plain: Callable[..., Any]
    symbolic: Callable[..., Any]
    args: tuple[Any, ...]
    assumptions: tuple[Any, ...]
    read: Callable[[Any], Any] = lambda result: result
    # What the question depends on besides its name (the round's rules, the seats, the table's unit or forced
    # bets): two tables that ask it alike share one proof (``PROVED``).
    key: tuple[Any, ...] = ()


def first_bar(bars: Any) -> Any:
    """Return what the engine reads of ``raise_bars``: the name of the first bar that holds, None if none
    (the plain reading stops there; the Z3 reading lists them all, so its first is an ``If`` chain)."""
    bars = list(bars)
    if all(not z3.is_expr(held) for _, held in bars):
        return _plain_first_bar(bars)
    index = z3.IntVal(-1)
    for k in reversed(range(len(bars))):
        index = z3.If(_term(bars[k][1]), k, index)
    return index


def _plain_first_bar(bars: Any) -> Any:
    """The plain side of ``first_bar``: stop at the first bar that holds, as the engine does."""
    for k, (_, held) in enumerate(bars):
        if held:
            return k
    return -1


def round_cases(table: GameTable, r: rm.Rules, tag: str) -> Iterator[Case]:
    """Yield the questions the engine and the solver ask of a betting round of kind ``r``: every function they
    call, on a state the round can reach (``well_formed``), for each seat where a seat is asked (the player to
    act: nobody else is asked what he may do)."""
    n = r.players
    s = rm.State.symbolic(n, tag)
    base = (rm.well_formed(Z3, r, s),) + ((r.size >= 1,) if not isinstance(r.size, int) else ())
    P, S = rm.PLAIN, rm
    amount = z3.Int(f"{tag}_amount")
    key = (r, n)
    kind = z3.Int(f"{tag}_kind")
    yield Case("done", P.done, S.done, (s,), base, key=key)
    yield Case("finish", P.finish, S.finish, (s,), base + (rm.done(Z3, s),), key=key)
    yield Case("capped", P.capped, S.capped, (r, s), base, key=key)
    yield Case("size_now", P.size_now, S.size_now, (r, s), base, key=key)
    yield Case("raised_from", P.raised_from, S.raised_from, (r, s), base, key=key)
    yield Case("is_full", P.is_full, S.is_full, (r, s, amount), base, key=key)
    yield Case("step", P.step, S.step, (r, s, kind, amount),
               base + (rm.legal(Z3, r, s, s.actor, kind, amount),), key=key)
    for i in range(n):
        at = base + (s.actor == i,)
        yield Case(f"owed(p{i + 1})", P.owed, S.owed, (s, i), base, key=key)
        yield Case(f"call_amount(p{i + 1})", P.call_amount, S.call_amount, (s, i), base, key=key)
        yield Case(f"choices(p{i + 1})", P.choices, S.choices, (r, s, i), at, key=key)
        yield Case(f"may_bring_in(p{i + 1})", P.may_bring_in, S.may_bring_in, (r, s, i), at, key=key)
        yield Case(f"may_fold(p{i + 1})", P.may_fold, S.may_fold, (r, s, i), at, key=key)
        yield Case(f"may_call(p{i + 1})", P.may_call, S.may_call, (r, s, i), at, key=key)
        yield Case(f"may_raise(p{i + 1})", P.may_raise, S.may_raise, (r, s, i), at, key=key)
        yield Case(f"legal(p{i + 1})", P.legal, S.legal, (r, s, i, kind, amount), at, key=key)
        yield Case(f"raise_range(p{i + 1})", P.raise_range, S.raise_range, (r, s, i), at, key=key)
        yield Case(f"legal_raise(p{i + 1})", P.legal_raise, S.legal_raise, (r, s, i, amount), at, key=key)
        yield Case(f"raise_bars(p{i + 1})", lambda *a: _plain_first_bar(P.raise_bars(*a)),
                   lambda *a: first_bar(S.raise_bars(*a)), (r, s, i), at, key=key)
    chips = z3.Int(f"{tag}_chips")
    yield Case("rounded_pot", P.rounded_pot, S.rounded_pot, (table.pot_rounding or 1, chips), (chips >= 0,),
               key=(table.pot_rounding or 1,))
    start, known = _start_arguments(r, tag)
    yield Case("start", P.start, S.start, start, tuple(known), key=key)
    if r.first:
        stacks, carried = [z3.Int(f"{tag}_f{i}") for i in range(n)], z3.Int(f"{tag}_fc")
        yield Case("forced", P.forced, S.forced, (r, stacks, carried),
                   tuple(c >= 0 for c in stacks) + (carried >= 0,), key=key)


def _start_arguments(r: rm.Rules, tag: str) -> tuple[tuple[Any, ...], list[Any]]:
    """Return the arguments of ``start`` as a round of ``r`` may begin (as ``symbolic_start`` builds them: the
    forced bets posted in the first round), Z3 terms, and what is known of them."""
    n = r.players
    chips = [z3.Int(f"{tag}_c{i}") for i in range(n)]
    pot = z3.Int(f"{tag}_p0")
    chosen, first_bettor = z3.Int(f"{tag}_chosen"), z3.Int(f"{tag}_fb")
    known: list[Any] = [pot >= 0, chosen >= 0, chosen < n]
    if r.first:
        known += [c >= 1 for c in chips]
        posted = rm.forced(Z3, r, chips, carried=pot)
        args = (r, posted.bets, posted.stacks, [False] * n, posted.pot,
                rm.Seats(first_round_bettor=NOBODY, chosen=chosen), posted.count, posted.full_level)
    else:
        folded = [z3.Bool(f"{tag}_out{i}") for i in range(n)]
        known += [c >= 0 for c in chips] + [Z3.Count([z3.Not(f) for f in folded]) >= 2,
                                            first_bettor >= NOBODY, first_bettor < n]
        args = (r, [0] * n, chips, folded, pot, rm.Seats(first_round_bettor=first_bettor, chosen=chosen), 0, 0)
    known.append(z3.Or(*[z3.And(chosen == i, z3.Not(_term(args[3][i]))) for i in range(n)]))
    return args, known


def forced_cases(table: GameTable, players: int, tag: str) -> Iterator[Case]:
    """Yield the questions the engine asks of the forced bets at ``players`` players: ``post`` on any stacks,
    and ``may_redeal`` on any stacks with the table's ante."""
    due = forced_bets.owed(table, players)
    chips = [z3.Int(f"{tag}_s{i}") for i in range(players)]
    carried = z3.Int(f"{tag}_carried")
    known = tuple(c >= 0 for c in chips) + (carried >= 0,)
    yield Case("post", forced_bets.post.plain, forced_bets.post.symbolic, (due, chips, carried), known,
               key=(due, players))
    yield Case("may_redeal", forced_bets.may_redeal.plain, forced_bets.may_redeal.symbolic,
               (chips, table.ante), known, key=(table.ante, players))


# The questions proved in this process, by name and key: a table asks many that another table asked already.
PROVED: dict[tuple[Any, ...], tuple[int, str]] = {}


def check_case(case: Case) -> tuple[int, str]:
    """Return (paths, why not) for one question: every path of the compiled plain reading proved to return the
    Z3 reading's value, or the first path that does not, in words (empty when proved). A question with a key
    asked before in this process has the answer it had then."""
    known = (case.name, case.plain, *case.key) if case.key else None
    if known is not None and known in PROVED:
        return PROVED[known]
    answer = _check_case(case)
    if known is not None:
        PROVED[known] = answer
    return answer


def _check_case(case: Case) -> tuple[int, str]:
    expected = case.read(case.symbolic(Z3, *case.args))
    paths = Paths(case.assumptions)
    count = 0
    for conditions, result in paths.each(lambda: case.read(case.plain(PY, *wrapped(case.args, paths)))):
        count += 1
        claim = same(result, expected)
        verdict = paths.solver.check(z3.Not(claim))       # the path's conditions are in the solver
        if verdict == z3.unknown:
            raise ProofUnknown(f"{case.name}: Z3 could not decide a path ({paths.solver.reason_unknown()})")
        if verdict == z3.sat:
            return count, f"{case.name}: on the path {z3.And(*conditions)} the plain reading gives {result}, " \
                          f"the Z3 reading {expected}"
    return count, ""


def cases(table: GameTable, function: str | None = None, players: int | None = None) -> Iterator[tuple[int, Case]]:
    """Yield (players, question) for every function the engine asks of the table's rounds and forced bets, for
    each player count (2 and 3 at most: a round's rules read each seat alike), or only ``function``'s."""
    counts = [p for p in table.player_counts if p <= 3] if players is None else [players]
    for n in counts:
        kinds = rm.round_kinds(table, n)
        for index, r in kinds:
            for case in round_cases(table, r, f"rd{n}_{index}"):
                if function is None or case.name.split("(")[0] == function:
                    yield n, case
        for case in forced_cases(table, n, f"fb{n}"):
            if function is None or case.name == function:
                yield n, case


def prove_reading(table: GameTable, function: str, players: int) -> ReadingProof:
    """Return the verdict on ``function``'s compiled plain reading at ``table`` with ``players`` players, every
    round kind and seat: proved on every path, or the first path where it differs from the Z3 reading."""
    total = 0
    for n, case in cases(table, function, players):
        paths, why = check_case(case)
        total += paths
        if why:
            return ReadingProof(table.name, function, n, total, False, why)
    return ReadingProof(table.name, function, players, total, True)


def prove_readings(table: GameTable, players: int | None = None) -> list[ReadingProof]:
    """Return the verdict on every function the engine asks of ``table``'s rules, by name and player count (every
    count up to three, or only ``players``)."""
    proofs: dict[tuple[str, int], ReadingProof] = {}
    for n, case in cases(table, players=players):
        name = case.name.split("(")[0]
        paths, why = check_case(case)
        before = proofs.get((name, n))
        if before is not None and not before.proved:
            continue
        total = paths + (before.paths if before else 0)
        proofs[(name, n)] = ReadingProof(table.name, name, n, total, not why, why)
    return list(proofs.values())
