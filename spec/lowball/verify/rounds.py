"""Property 7: every betting round ends within a bounded number of actions, and its opener can act (B1, B2, S1).

For every player count and every distinct betting round of the table, on the
betting round the engine plays (``engine/rules/betting_round.py``):

- the round's invariant (``well_formed``) holds at every start the engine can
  reach and is kept by every legal action (so it holds in every reachable state);
- the player to act always has a legal action (no round is stuck);
- every legal action lowers a measure that is never negative: with a cap that
  is never lifted, ``n x (bets left under the cap + players with chips) +
  players to act``; otherwise (unlimited raising, pot- and no-limit, a cap lifted
  heads-up) ``n x (chips behind + players with chips) + players to act``, since
  every raise costs the raiser at least a chip. So a round ends within the
  measure's starting value of actions;
- the player who opens a round (the first the engine asks to act) is still in the
  hand and has chips, under each opener rule the table names (B1, B2, K3, F4, L4,
  L6, R3).
"""

from __future__ import annotations

import functools
from typing import Any, Iterator

import z3

from lowball.core.behaviours import HeadsUpCap, NobodyOpens
from lowball.core.games import GameTable
from lowball.verify.checks import Check, timed
from lowball.engine.rules import betting_round as rm
from lowball.core.ops import PY, Z3
from lowball.text.verdicts import Listed, Said, Verdict
from lowball.verify.proof import find, maximize, prove


def player_counts(table: GameTable) -> range:
    """Return every number of players the table allows (T1): exactly the seats of forced bets stated seat by seat
    (V11, O4)."""
    return table.player_counts


def player_range(table: GameTable) -> Verdict:
    """Return the player counts a proof covers, as data ("2-6 players", or "6 players" for a table that seats one
    number)."""
    counts = player_counts(table)
    return Verdict("player-count" if len(counts) == 1 else "player-range", {"first": counts[0], "last": counts[-1]})


# The model's action kinds as a counterexample names them ("p2 may bet or raise to 4"; ``rm.words``).
MOVES = {rm.CALL: "move-call", rm.RAISE: "move-raise", rm.FOLD: "move-fold", rm.BRING_IN: "move-bring-in"}


def rounds_of(table: GameTable) -> Iterator[tuple[int, rm.Rules]]:
    """Yield every distinct betting-round model of the table, for every player count: (round index, rules)."""
    for players in player_counts(table):
        yield from rm.round_kinds(table, players)


def least_chips(table: GameTable) -> int:
    """Return the fewest chips a player can bring to a first betting round: the minimum stack (T5), or after a
    redeal (K4) as little as the ante, since a redeal needs only that everyone can ante again."""
    if table.nobody_opens is NobodyOpens.REDEAL:
        return min(table.min_stack, table.ante)
    return table.min_stack


def capped_for_good(r: rm.Rules) -> bool:
    """Return whether the round's cap always applies (it has one, and heads-up play never lifts it)."""
    return r.cap is not None and r.heads_up_cap is HeadsUpCap.KEPT


def measure(r: rm.Rules, s: rm.State) -> Any:
    """Return the quantity every legal action lowers (see the module docstring)."""
    o = Z3
    n = s.n
    able = o.Count([rm.able(o, s, i) for i in range(n)])
    to_act = o.Count(s.pending)
    budget = (r.cap - s.count) if capped_for_good(r) else o.Sum(s.stacks)
    return n * (budget + able) + to_act


def state_verdict(s: rm.State) -> Verdict:
    """Return a model state (for a counterexample) as data: each seat's bet, chips and turn, the cap and the pot;
    worded "p1 has 1 in (4 behind); ...; 1 bet(s) toward the cap, pot 3"."""
    seats = []
    for i in range(s.n):
        status = Verdict("state-folded") if s.folded[i] else \
            Verdict("state-all-in") if s.stacks[i] == 0 else Verdict("state-behind", {"chips": s.stacks[i]})
        seats.append(Verdict("state-seat", {"seat": i + 1, "bet": s.bets[i], "status": status,
                                            "to_act": Verdict("state-to-act") if s.pending[i] else Said("")}))
    cap = Verdict("state-cap-lifted") if s.lifted else Verdict("state-cap-count", {"count": s.count})
    return Verdict("state", {"seats": Listed(tuple(seats), "; "), "cap": cap, "pot": s.pot})


class Step:
    """A symbolic state of a round, one legal action from it, and the state after."""

    def __init__(self, r: rm.Rules, tag: str):
        self.rules = r
        self.before = rm.State.symbolic(r.players, tag)
        self.action = rm.Move.symbolic(f"{tag}_a")
        self.after = rm.step(Z3, r, self.before, self.action.kind, self.action.amount)
        self.assumptions = [rm.well_formed(Z3, r, self.before),
                            rm.legal(Z3, r, self.before, self.action.seat, self.action.kind, self.action.amount)]
        if not isinstance(r.size, int):
            self.assumptions.append(r.size >= 1)

    def told(self, model: z3.ModelRef) -> Verdict:
        """Return the model's state and action as data: worded "...: p2 may bet or raise to 4" ("p2 может ...")."""
        s = self.before.evaluate(model)
        kind = model.eval(self.action.kind, model_completion=True).as_long()
        amount = model.eval(self.action.amount, model_completion=True).as_long()
        return Verdict("step-may", {"state": state_verdict(s), "seat": s.actor + 1,
                                    "move": Verdict(MOVES[kind], {"amount": amount})})

    def story(self, model: z3.ModelRef, lang: str = "en") -> str:
        """Return the model's state and action in words, in English or Russian (``told``, worded)."""
        return self.told(model).text(lang)

    @classmethod
    def of(cls, r: rm.Rules) -> "Step":
        """Return the step of a round's kind (built once: several properties prove things about it)."""
        return _steps(r.kind)


def clear_steps() -> None:
    """Forget the steps built and the invariant proved so far (a run of ``verify`` starts afresh; so must a test
    that changes the model)."""
    _steps.cache_clear()
    _start_refutation.cache_clear()
    _kept_refutation.cache_clear()


@functools.lru_cache(maxsize=64)
def _steps(kind: rm.Rules) -> Step:
    size = kind.size if isinstance(kind.size, int) else "s"
    return Step(kind, f"step{kind.players}_{size}_{int(kind.first)}")


def step_kinds(table: GameTable, players: int) -> list[tuple[int, rm.Rules]]:
    """Return the betting rounds whose steps differ (index of the first such round, its rules)."""
    seen: dict[rm.Rules, int] = {}
    for index, r in rm.round_kinds(table, players):
        seen.setdefault(r.kind, index)
    return [(index, kind) for kind, index in seen.items()]


def check_start(check: Check, table: GameTable, r: rm.Rules, index: int) -> bool:
    """Prove the round's invariant at every start the engine can reach, and that its opener can act."""
    why = _start_refutation(r, index, least_chips(table))
    if why:
        check.fail(why)
    return why is None


@functools.lru_cache(maxsize=256)
def _start_refutation(r: rm.Rules, index: int, least: int) -> Verdict | None:
    """Return why a start of the round breaks its invariant or has an opener who cannot act (None: proved)."""
    start, known = rm.symbolic_start(r, f"st{r.players}_{index}", least)
    n, a = r.players, start.actor
    opener_acts = z3.Or(a == rm.NOBODY, z3.And(a >= 0, a < n, *[z3.Implies(a == i, rm.able(Z3, start, i))
                                                                for i in range(n)]))
    outcome = prove(z3.And(rm.well_formed(Z3, r, start), opener_acts), *known)
    if outcome.proved:
        return None
    s = start.evaluate(outcome.model)
    seen = {"round": index + 1, "players": n, "state": state_verdict(s)}
    if not prove(opener_acts, *known).proved:
        return Verdict("opener-cannot-act", {**seen, "opener": str(r.opener), "seat": s.actor + 1})
    if not prove(rm.level(Z3, start) < rm.least_full(Z3, r, start), *known).proved:
        return Verdict("start-raises-nothing", {**seen, "bet": rm.least_full(PY, r, s)})
    return Verdict("start-unhandled", seen)


@functools.lru_cache(maxsize=256)
def _kept_refutation(r: rm.Rules, index: int) -> Verdict | None:
    """Return how a legal action of the round leads out of its invariant (None: every action keeps it)."""
    step = Step.of(r)
    outcome = prove(rm.well_formed(Z3, step.rules, step.after), *step.assumptions)
    if outcome.proved:
        return None
    return Verdict("step-leaves-invariant", {"round": index + 1, "players": r.players,
                                             "story": step.told(outcome.model)})


def invariant_refutation(table: GameTable) -> Verdict | None:
    """Return why the invariant of some betting round of ``table`` fails (None: it holds at
    every start the engine can reach and after every legal action). Properties 6 and 7 both rest on it; it is
    proved once."""
    for players in player_counts(table):
        kinds = rm.round_kinds(table, players)
        starts: dict[rm.Rules, int] = {}
        for index, r in kinds:
            starts.setdefault(rm.start_kind(r), index)
        for r, index in starts.items():
            why = _start_refutation(r, index, least_chips(table))
            if why:
                return why
        for index, r in step_kinds(table, players):
            why = _kept_refutation(r, index)
            if why:
                return why
    return None


def check_steps(check: Check, r: rm.Rules, index: int) -> bool:
    """Prove that every legal action keeps the invariant and lowers the measure, and that nobody is ever stuck."""
    why = _kept_refutation(r, index)
    if why:
        check.fail(why)
        return False
    step = Step.of(r)
    r = step.rules
    s, after = step.before, step.after
    lower = z3.And(measure(r, after) < measure(r, s), measure(r, s) >= 0)
    outcome = prove(lower, *step.assumptions)
    if not outcome.proved:
        check.fail(Verdict("round-need-not-end", {"round": index + 1, "players": r.players,
                                                  "story": step.told(outcome.model)}))
        return False
    actor = [z3.And(s.actor == i, z3.Or(rm.may_call(Z3, r, s, i), rm.may_fold(Z3, r, s, i),
                                        rm.may_bring_in(Z3, r, s, i))) for i in range(r.players)]
    outcome = prove(z3.Implies(z3.Not(rm.done(Z3, s)), z3.Or(*actor)), rm.well_formed(Z3, r, s), *step.assumptions[2:])
    if not outcome.proved:
        stuck = s.evaluate(outcome.model)
        amount = z3.Int("stuck_amount")
        if find(rm.legal(Z3, r, s, s.actor, rm.RAISE, amount), *(t == v for t, v in _pin(s, stuck))) is None:
            check.fail(Verdict("round-stuck", {"round": index + 1, "players": r.players, "seat": stuck.actor + 1,
                                               "state": state_verdict(stuck)}))
            return False
    return True


def check_rounds(table: GameTable) -> Check:
    """Property 7: every betting round ends within a bounded number of actions; openers can act (B1, B2, S1).

    >>> from lowball.core.games import load_game_table
    >>> check = check_rounds(load_game_table())
    >>> check.verdict, check.proved[-1].split(", so ")[1]
    ('proved', 'a round of 5 players ends within 50 actions (S1)')
    """
    check = Check.of(7, table)
    with timed(check):
        bounds: dict[int, int] = {}
        stack_bound = False
        for players in player_counts(table):
            kinds = rm.round_kinds(table, players)
            starts: dict[rm.Rules, int] = {}
            for index, r in kinds:
                starts.setdefault(rm.start_kind(r), index)
            for r, index in starts.items():
                if not check_start(check, table, r, index):
                    return check
            for index, r in step_kinds(table, players):
                if not check_steps(check, r, index):
                    return check
            for index, r in kinds:
                if capped_for_good(r):
                    start, known = rm.symbolic_start(r, f"mb{r.players}_{index}", least_chips(table))
                    most, _ = maximize(measure(r, start), *known)
                    bounds[players] = max(bounds.get(players, 0), most)
                else:
                    stack_bound = True
        check.record(Verdict("invariant-holds", {"players": player_range(table)}))
        openers: dict[str, list[int]] = {}
        for index, street in enumerate(table.bet_streets):
            openers.setdefault(str(street.opener), []).append(index + 1)
        for opener, rounds in openers.items():
            check.record(Verdict("opener-can-act", {"rounds": len(rounds), "where": ", ".join(map(str, rounds)),
                                                    "opener": opener}))
        if bounds:
            most = bounds[max(bounds)]
            check.figures["round_bound"] = most
            check.record(Verdict("round-ends-within", {"players": max(bounds), "most": most}))
        if stack_bound:
            why = Verdict("why-unlimited" if table.bets_per_round is None else "why-cap-liftable")
            check.record(Verdict("round-ends-by-chips", {"why": why}))
    return check


def _pin(s: rm.State, values: rm.State) -> list[tuple[Any, Any]]:
    """Return (term, value) pairs fixing a symbolic state to plain values."""
    pairs = []
    for (name, terms), (_, vals) in zip(s.values().items(), values.values().items()):
        for term, val in zip(terms if isinstance(terms, list) else [terms], vals if isinstance(vals, list) else [vals]):
            pairs.append((term, val))
    return pairs
