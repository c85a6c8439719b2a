"""A Z3 model of one fixed-limit betting round, step by step, with the engine's legal-action rules.

B1: facing no bet a player checks or bets; facing a bet, calls, raises or folds.
T3: every bet and raise is the round's fixed size. T4: at most the bet plus the
table's raises. Check-raise only where the table allows it. S1: the round ends
when every active player has matched the last bet, or all checked, or one
player is left. These are the rules of ``Hand.legal_actions``; the model
unrolls them for a bounded number of steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import z3

from lowball.core.games import GameTable

CALL, RAISE, FOLD = 0, 1, 2
WORDS = {CALL: ("check", "call"), RAISE: ("bet", "raise"), FOLD: ("fold", "fold")}


def round_length(table: GameTable, players: int) -> int | None:
    """Return the most actions a round can take: everyone once, then n - 1 answers to each bet (T4, S1)."""
    cap = table.bets_per_round
    return None if cap is None else players + cap * (players - 1)


@dataclass
class BettingRound:
    """The unrolled transitions of one betting round among ``players`` players, all active at the start."""

    table: GameTable
    players: int
    size: int
    steps: int
    name: str = "r"

    @cached_property
    def var(self):
        n, k, tag = self.players, self.steps, self.name
        ints = lambda label: [z3.Int(f"{tag}_{label}{t}") for t in range(k + 1)]
        per_seat = lambda label, make: [[make(f"{tag}_{label}{t}_{i}") for i in range(n)] for t in range(k + 1)]
        return {
            "level": ints("level"), "bets": ints("bets"), "actor": ints("actor"), "choice": ints("choice"),
            "put": per_seat("put", z3.Int), "pending": per_seat("pending", z3.Bool),
            "folded": per_seat("folded", z3.Bool), "checked": per_seat("checked", z3.Bool),
        }

    def done(self, t: int) -> z3.BoolRef:
        """Return the condition that the round is over at step ``t`` (S1)."""
        v = self.var
        active = z3.Sum([z3.If(v["folded"][t][i], 0, 1) for i in range(self.players)])
        return z3.Or(z3.Not(z3.Or(v["pending"][t])), active <= 1)

    def _next_actor(self, t: int) -> z3.ArithRef:
        """Return the first pending seat clockwise after the one that acted at ``t`` (its pending state at t+1)."""
        v, n = self.var, self.players
        chosen: z3.ArithRef = z3.IntVal(-1)
        for seat in reversed(range(n)):
            after: z3.ArithRef = z3.IntVal(-1)
            for step in reversed(range(1, n + 1)):
                j = (seat + step) % n
                after = z3.If(v["pending"][t + 1][j], j, after)
            chosen = z3.If(v["actor"][t] == seat, after, chosen)
        return chosen

    def start(self, opener: int = 0) -> list[z3.BoolRef]:
        """Return the state at the start of a round: nothing bet, everyone pending, ``opener`` to act (B1)."""
        v = self.var
        rules = [v["level"][0] == 0, v["bets"][0] == 0, v["actor"][0] == opener]
        for i in range(self.players):
            rules += [v["put"][0][i] == 0, v["pending"][0][i], z3.Not(v["folded"][0][i]), z3.Not(v["checked"][0][i])]
        return rules

    def constraints(self, opener: int = 0) -> list[z3.BoolRef]:
        """Return the start of the round and every legal transition after it."""
        return self.start(opener) + self.transitions()

    def transitions(self) -> list[z3.BoolRef]:
        """Return the legal transitions from each step to the next (B1, T3, T4, S1); a finished round stays put."""
        v, n, size = self.var, self.players, self.size
        cap = self.table.bets_per_round
        rules = []
        for t in range(self.steps):
            level, bets, actor, choice = v["level"][t], v["bets"][t], v["actor"][t], v["choice"][t]
            frozen = [v["level"][t + 1] == level, v["bets"][t + 1] == bets, v["actor"][t + 1] == actor]
            for i in range(n):
                for key in ("put", "pending", "folded", "checked"):
                    frozen.append(v[key][t + 1][i] == v[key][t][i])
            owes = z3.Sum([z3.If(actor == i, level - v["put"][t][i], 0) for i in range(n)])
            checked = z3.Or([z3.And(actor == i, v["checked"][t][i]) for i in range(n)])
            may_raise = z3.And(z3.BoolVal(True) if cap is None else bets < cap,
                               z3.Or(self.table.check_raise, z3.Not(checked), bets == 0))
            legal = z3.And(0 <= choice, choice <= FOLD,
                           z3.Implies(choice == FOLD, owes > 0),
                           z3.Implies(choice == RAISE, may_raise),
                           z3.Or([actor == i for i in range(n)]))
            step = [legal,
                    v["level"][t + 1] == z3.If(choice == RAISE, level + size, level),
                    v["bets"][t + 1] == bets + z3.If(choice == RAISE, 1, 0),
                    v["actor"][t + 1] == self._next_actor(t)]
            for i in range(n):
                me = actor == i
                step += [
                    v["put"][t + 1][i] == z3.If(z3.And(me, choice == CALL), level,
                                                z3.If(z3.And(me, choice == RAISE), level + size, v["put"][t][i])),
                    v["folded"][t + 1][i] == z3.Or(v["folded"][t][i], z3.And(me, choice == FOLD)),
                    v["pending"][t + 1][i] == z3.If(choice == RAISE,
                                                    z3.And(z3.Not(me), z3.Not(v["folded"][t][i])),
                                                    z3.And(v["pending"][t][i], z3.Not(me))),
                    v["checked"][t + 1][i] == z3.Or(v["checked"][t][i], z3.And(me, choice == CALL, owes == 0)),
                ]
            rules.append(z3.If(self.done(t), z3.And(frozen), z3.And(step)))
        return rules

    def invariant(self, t: int) -> z3.BoolRef:
        """Return the round's invariant at step ``t``: bets follow the fixed size and the cap (T3, T4), nobody
        has put in more than the current bet, only active players are pending, and the actor is one of them."""
        v, n, cap = self.var, self.players, self.table.bets_per_round
        facts = [v["level"][t] == v["bets"][t] * self.size, v["bets"][t] >= 0]
        if cap is not None:
            facts.append(v["bets"][t] <= cap)
        for i in range(n):
            facts += [0 <= v["put"][t][i], v["put"][t][i] <= v["level"][t],
                      z3.Implies(v["pending"][t][i], z3.Not(v["folded"][t][i]))]
        facts.append(z3.Implies(z3.Not(self.done(t)), z3.Or([z3.And(v["actor"][t] == i, v["pending"][t][i])
                                                            for i in range(n)])))
        return z3.And(facts)

    def measure(self, t: int) -> z3.ArithRef:
        """Return a quantity every action lowers: (bets left) x players + players still to act (S1)."""
        v, n = self.var, self.players
        pending = z3.Sum([z3.If(v["pending"][t][i], 1, 0) for i in range(n)])
        return (self.table.bets_per_round - v["bets"][t]) * n + pending

    def invested(self, seat: int) -> z3.ArithRef:
        """Return what ``seat`` has put in by the last step."""
        return self.var["put"][self.steps][seat]

    def first_bettor(self) -> z3.ArithRef:
        """Return the seat that made the round's first bet (B2), or -1 if the round was checked through."""
        v = self.var
        seat: z3.ArithRef = z3.IntVal(-1)
        for t in reversed(range(self.steps)):
            seat = z3.If(z3.And(z3.Not(self.done(t)), v["choice"][t] == RAISE, v["bets"][t] == 0), v["actor"][t], seat)
        return seat

    def canonical(self, *conditions: z3.BoolRef) -> z3.ModelRef | None:
        """Return a run meeting ``conditions``, chosen the same way every time: at each step the first of
        raise, call/check, fold that still allows such a run (solver models alone may differ between runs)."""
        from lowball.verify.proof import find

        fixed: list[z3.BoolRef] = []
        model = find(z3.And(*conditions), *self.constraints())
        if model is None:
            return None
        for t in range(self.steps):
            for choice in (RAISE, CALL, FOLD):
                attempt = find(z3.And(*conditions, *fixed, self.var["choice"][t] == choice), *self.constraints())
                if attempt is not None:
                    fixed.append(self.var["choice"][t] == choice)
                    model = attempt
                    break
        return model

    def story(self, model: z3.ModelRef) -> list[str]:
        """Return the actions of the round in a model, e.g. ['p1 bets 1', 'p2 raises to 2', 'p1 calls']."""
        v, lines = self.var, []
        value = lambda term: model.eval(term, model_completion=True).as_long()
        for t in range(self.steps):
            if z3.is_true(model.eval(self.done(t), model_completion=True)):
                break
            seat, choice, level = value(v["actor"][t]), value(v["choice"][t]), value(v["level"][t])
            owes = level - value(v["put"][t][seat])
            word = WORDS[choice][1 if (owes > 0 if choice != RAISE else level > 0) else 0]
            amount = f" to {level + self.size}" if choice == RAISE and level > 0 else \
                f" {self.size}" if choice == RAISE else ""
            lines.append(f"p{seat + 1} {word}s{amount}" if word != "check" else f"p{seat + 1} checks")
        return lines
