"""Property 6: chips are conserved by every betting action and by the settlement (S2, S3, G6).

On the betting round the engine plays (``engine/rules/betting_round.py``), for every player count and
every distinct round of the table, in every state of the round's invariant:

- every legal action moves chips only from the actor's stack into the pot: the
  actor's stack and bet change by the same amount, never below zero, and nobody
  else's chips move (whatever the structure and the short all-in rule);
- when the round ends, an unmatched bet goes back to its owner only, and after
  it the highest bet is matched by a second player.

On the pots as the engine forms them (``engine/rules/pots.py``: the engine's own
functions, read with Z3 terms), for any contributions of 2 to ``players.max``
players with any of them folded (the highest total belonging to a player still
in):

- the pots pay out exactly what was put in, no more and no less (G6);
- a player still in can win at most what their own total matched from each
  player, and a folded player nothing;
- each pot shared among any number of winners pays out exactly the pot under the
  table's odd-chip rule (S2, L7, P5; "house-keeps" loses chips and is refuted);
- a split pot's halves, or pokerkit's parts, add up to the pot.
"""

from __future__ import annotations

import z3

from lowball.core.behaviours import Pots, SevensRule
from lowball.core.games import GameTable
from lowball.engine.rules import pots as pm, sevens
from lowball.core.ops import Z3
from lowball.verify.checks import Check, timed
from lowball.engine.rules import betting_round as rm
from lowball.verify.proof import ProofUnknown, prove, undecided
from lowball.text.verdicts import Said, Verdict
from lowball.verify.rounds import Step, invariant_refutation, player_counts, player_range, step_kinds


def check_actions(check: Check, table: GameTable) -> bool:
    """Prove that every betting action moves chips only from the actor into the pot, and ``finish`` only back."""
    for players in player_counts(table):
        for index, r in step_kinds(table, players):
            step = Step.of(r)
            r = step.rules
            s, after = step.before, step.after
            moved = []
            for i in range(players):
                others = [z3.And(after.stacks[j] == s.stacks[j], after.bets[j] == s.bets[j])
                          for j in range(players) if j != i]
                moved.append(z3.Implies(s.actor == i, z3.And(
                    after.stacks[i] + after.bets[i] == s.stacks[i] + s.bets[i], after.stacks[i] >= 0,
                    after.bets[i] >= s.bets[i], after.pot - s.pot == after.bets[i] - s.bets[i], *others)))
            outcome = prove(z3.And(*moved), *step.assumptions)
            if not outcome.proved:
                check.fail(Verdict("action-moves-others", {"round": index + 1, "players": players,
                                                           "story": step_story(step, outcome.model)}))
                return False
            done = rm.finish(Z3, s)
            top = rm.level(Z3, done)
            back = z3.And(z3.Sum(done.stacks) + done.pot == z3.Sum(s.stacks) + s.pot,
                          *[z3.And(done.stacks[i] >= s.stacks[i], done.bets[i] >= 0,
                                   done.stacks[i] + done.bets[i] == s.stacks[i] + s.bets[i])
                            for i in range(players)],
                          z3.Sum([z3.If(done.stacks[i] != s.stacks[i], 1, 0) for i in range(players)]) <= 1,
                          z3.Sum([z3.If(b == top, 1, 0) for b in done.bets]) >= 2)
            outcome = prove(back, rm.well_formed(Z3, r, s), *step.assumptions[2:])
            if not outcome.proved:
                check.fail(Verdict("return-moves-others", {"round": index + 1, "players": players,
                                                           "story": step_story(step, outcome.model)}))
                return False
    # Q4: the rounds where a pair showing allows the big bet are among the steps proved (``step_kinds``)
    open_pair = Verdict("open-pair-too") if any(
        r.open_pair for players in player_counts(table) for _, r in step_kinds(table, players)) else Said("")
    check.record(Verdict("actions-move-own-chips", {"structure": str(table.structure),
                                                    "short_all_in": str(table.short_all_in), "open_pair": open_pair,
                                                    "players": player_range(table)}))
    return True


def _least(a, b):
    return z3.If(a < b, a, b)


def check_pots(check: Check, table: GameTable) -> bool:
    """Prove the side pots pay out exactly what was put in, and nobody can win more than they matched (G6).

    The pots of any contributions are those of the same contributions sorted,
    the seats relabelled; both claims are blind to the labels, so the proof takes
    the totals sorted (the model's order is then the seats' own). Each claim is a
    sum over the pots that telescopes: Z3 proves every pot's term equal to a
    difference of consecutive partial sums, then the sum of the differences.
    """
    for players in range(2, table.players_max + 1):
        put = [z3.Int(f"put{players}_{i}") for i in range(players)]
        still_in = [z3.Bool(f"in{players}_{i}") for i in range(players)]
        pots = pm.layers(put, still_in, list(range(players)), o=Z3)
        floors = [p.floor for p in pots] + [z3.If(still_in[-1], put[-1], pots[-1].floor)]
        known = [p >= 0 for p in put] + [put[k] <= put[k + 1] for k in range(players - 1)]
        top_in = z3.Or(*[z3.And(still_in[c], *[put[c] >= p for p in put]) for c in range(players)])

        steps = []
        for p, pot in enumerate(pots):
            term = z3.If(pot.exists, pot.chips, 0)
            step = z3.Sum([_least(x, floors[p + 1]) - _least(x, floors[p]) for x in put])
            if prove(term == step, *known).proved:
                steps.append(term == step)
        exact = pm.total_paid(pots, o=Z3) == z3.Sum(put)
        if len(steps) < players or not prove(exact, top_in, *steps, *known).proved:
            outcome = prove(exact, top_in, *known)
            m = outcome.model
            values = [m.eval(p, model_completion=True).as_long() for p in put] if m is not None else []
            check.fail(Verdict("side-pots-inexact", {"players": players, "values": values}))
            return False
        # Eligibility: a player still in with total y may win the pots whose top is at most y. Proved once for
        # any y that is some contender's total, then read off for each seat.
        y = z3.Int(f"y{players}")
        some_total = z3.Or(*[z3.And(still_in[c], y == put[c]) for c in range(players)])
        capped = [_least(f, y) for f in floors]
        steps = []
        for p, pot in enumerate(pots):
            term = z3.If(z3.And(pot.exists, y >= pot.top), pot.chips, 0)
            step = z3.Sum([_least(x, capped[p + 1]) - _least(x, capped[p]) for x in put])
            if not prove(term == step, some_total, *known).proved:
                check.fail(Verdict("wins-unmatched", {"players": players}))
                return False
            steps.append(term == step)
        won = z3.Sum([z3.If(z3.And(pot.exists, y >= pot.top), pot.chips, 0) for pot in pots])
        matched = z3.Sum([_least(x, y) for x in put])
        if not prove(won == matched, some_total, *steps, *known).proved:
            check.fail(Verdict("wins-unmatched", {"players": players}))
            return False
        for j in range(players):
            mine = z3.If(still_in[j], pm.may_win(pots, j, o=Z3) == z3.substitute(won, (y, put[j])),
                         pm.may_win(pots, j, o=Z3) == 0)
            if not prove(mine, *known).proved:
                check.fail(Verdict("wins-ineligible", {"players": players, "seat": j + 1}))
                return False
        if not _dead_money_proved(check, players, put, still_in, pots, known, top_in):
            return False
    check.record(Verdict("pots-exact", {"players_max": table.players_max}))
    return True


def _dead_money_proved(check: Check, players: int, put: list, still_in: list, pots: list, known: list,
                       top_in) -> bool:
    """Prove that dead money (antes, V5) adds exactly itself to the pots, and to what each player still in may win."""
    dead = z3.Int(f"dead{players}")
    with_dead = pm.layers(put, still_in, list(range(players)), dead, o=Z3)
    facts = [*known, dead >= 0, top_in]
    if not prove(pm.total_paid(with_dead, o=Z3) == pm.total_paid(pots, o=Z3) + dead, *facts).proved:
        check.fail(Verdict("dead-money-inexact", {"players": players}))
        return False
    for j in range(players):
        more = pm.may_win(with_dead, j, o=Z3) - pm.may_win(pots, j, o=Z3)
        if not prove(more == z3.If(still_in[j], dead, 0), *facts).proved:
            check.fail(Verdict("dead-money-missed", {"players": players, "seat": j + 1}))
            return False
    return True


def step_story(step: Step, model: z3.ModelRef) -> Said:
    """Return the model's state and action, as ``Step.story`` words it in each language."""
    return Said(step.story(model), step.story(model, "ru"))


def _share_counterexample(table: GameTable, winners: int) -> Verdict:
    chips = z3.Int("odd_pot")
    shares = pm.shares(chips, winners, table.odd_chip, list(range(winners)), o=Z3)
    least = max(1, table.ante) * winners
    opt = z3.Optimize()
    opt.add(z3.Sum(shares) != chips, chips >= least)
    opt.minimize(chips)
    verdict = opt.check()
    if verdict == z3.unknown:
        raise undecided("the smallest pot that loses a chip", opt.reason_unknown())
    if verdict != z3.sat:
        raise ProofUnknown("could not find the smallest pot that loses a chip")
    value = opt.model().eval(chips).as_long()
    paid = opt.model().eval(z3.Sum(shares)).as_long()
    return Verdict("odd-chips-lost", {"chips": value, "winners": winners, "paid": paid, "lost": value - paid,
                                      "odd_chip": str(table.odd_chip)})


def check_shares(check: Check, table: GameTable) -> bool:
    """Prove that every share of a pot pays out exactly the pot under the table's odd-chip rule (S2, L7, P5)."""
    chips = z3.Int("chips")
    for winners in range(2, table.players_max + 1):
        # L7 hands out the shares of S2 in the order of the winners' high cards: which winner gets which share
        # does not change what they add up to, so the winners are taken in that order here.
        order = list(range(winners))
        shares = pm.shares(chips, winners, table.odd_chip, order, o=Z3)
        outcome = prove(z3.Sum(shares) == chips, chips >= 0)
        if not outcome.proved:
            check.fail(_share_counterexample(table, winners))
            return False
        even = z3.And(*[z3.And(s >= chips / winners, s <= chips / winners + chips % winners) for s in shares])
        if not prove(even, chips >= 0).proved:
            check.fail(Verdict("share-uneven", {"winners": winners}))
            return False
    check.record(Verdict("shares-exact", {"players_max": table.players_max, "odd_chip": str(table.odd_chip)}))
    if table.split:
        q = z3.Bool("low_qualifies")
        high, low = pm.halves(chips, q, o=Z3)
        claim = z3.And(high + low == chips, z3.Implies(q, z3.And(high - low >= 0, high - low <= 1)),
                       z3.Implies(z3.Not(q), low == 0))
        if not prove(claim, chips >= 0).proved:
            check.fail(Verdict("halves-inexact"))
            return False
        first, second = table.sides
        parts: Verdict | Said = Said("")
        if table.pots is Pots.LOSERS_MUCKED_FIRST:
            for sides in (1, 2):
                if not prove(z3.Sum(pm.parts(chips, sides, o=Z3)) == chips, chips >= 0).proved:
                    check.fail(Verdict("pokerkit-parts-inexact"))
                    return False
            parts = Verdict("pokerkit-parts")
        if second.qualifier:
            check.record(Verdict("halves-add-up", {"parts": parts}))
        else:                              # Z2-Z4: a five-card hand and a badugi, neither with a qualifier
            check.record(Verdict("halves-add-up-unqualified", {
                "first": first.half, "second": second.half, "split": table.clauses["split"],
                "showdown": table.clauses["showdown"], "parts": parts}))
    return True


def check_sevens(check: Check, table: GameTable) -> bool:
    """Prove the sevens rule (F7) only cuts a pot in two: what it moves plus what it keeps is what was put in."""
    if table.sevens_rule is SevensRule.OFF:
        return True
    for players in range(2, table.players_max + 1):
        total = [z3.Int(f"total{players}_{i}") for i in range(players)]
        before = [z3.Int(f"before{players}_{i}") for i in range(players)]
        kept, moved, _ = sevens.cut(table.sevens_rule, total, before)
        known = [z3.And(b >= 0, b <= t) for b, t in zip(before, total)]
        claim = z3.And(*[z3.And(k + m == t, k >= 0, m >= 0) for k, m, t in zip(kept, moved, total)])
        if not prove(claim, *known).proved:
            check.fail(Verdict("sevens-inexact", {"rule": str(table.sevens_rule)}))
            return False
    check.record(Verdict("sevens-cut", {"rule": str(table.sevens_rule)}))
    return True


def check_chips(table: GameTable) -> Check:
    """Property 6: actions move chips only from the actor to the pot; pots and splits pay out exactly (S2, S3, G6).

    >>> from lowball.core.games import load_game_table
    >>> check_chips(load_game_table()).verdict
    'proved'
    """
    check = Check.of(6, table)
    with timed(check):
        if not check_shares(check, table):
            return check
        why = invariant_refutation(table)
        if why:          # the proofs of the actions below assume the invariant: without it they prove nothing
            check.fail(Verdict("invariant-fails", {"why": why}))
            return check
        if check_actions(check, table) and check_pots(check, table):
            check_sevens(check, table)
    return check
