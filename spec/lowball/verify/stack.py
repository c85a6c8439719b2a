"""Property 4: the stack guarantee (T4, T5): with the minimum stack nobody is ever all-in.

Applies only where the table promises a minimum stack (``min_stack > 0``).

In fixed limit with a cap that is never lifted, for every betting round and
every player count, on the betting round the engine plays (``engine/rules/betting_round.py``):

- ``bound(s) = max(level, the next full bet + (bets left under the cap - 1) x
  the bet)`` is the most the level can still reach. Z3 Optimize finds its largest
  value over every start the engine can reach (forced bets and bring-in
  included): the round's most, ``K``;
- an inductive invariant proves that while every player still in has at least
  ``K`` chips in front or behind, every legal action keeps the level (and so
  every player's bet) at most ``K``, no raise is short and the cap is never
  lifted;
- so a player's total is at most the ante plus the sum of the rounds' ``K``; if
  the minimum stack covers that, every player has at least ``K`` at the start of
  each round, by induction over the rounds, and nobody is ever all-in.

The engine then plays a hand that reaches the bound (both players raising
whenever they may), so the bound is the most, not merely a bound. Where raising
is unlimited, the cap can be lifted heads-up (G2), or the structure is pot- or
no-limit, any stack can be all-in: the engine plays the hand that shows it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import z3

from lowball.core.behaviours import HeadsUpCap, NobodyOpens, ShortAllIn, Structure
from lowball.core.games import GameTable
from lowball.engine.rules.forced_bets import largest_ante
from lowball.verify.checks import Check, timed
from lowball.engine.rules import betting_round as rm
from lowball.engine.rules.betting_round import MAX_STACK
from lowball.core.ops import Z3
from lowball.verify.proof import maximize, prove
from lowball.text.verdicts import ChipSum, Said, Verdict
from lowball.verify.rounds import Step, player_counts, player_range
from lowball.verify.witness import MAX_WITNESS_ACTIONS, Witness, check_until_no_redeal, play, raise_heads_up, raise_most

# Chips for the players of a witness that must never run short (the bound plus room).
DEEP = 10**6
# The deals a witness tries for one that shows an open pair where the table's bound needs it (Q4).
OPEN_PAIR_SEEDS = 200


def bound(r: rm.Rules, s: rm.State) -> Any:
    """Return the most the level of the round can still reach with deep stacks: the rule's ``most_level``, which
    the engine reads too (``max_investment``)."""
    return rm.most_level(Z3, r, s)


def deep(r: rm.Rules, s: rm.State, most: int) -> Any:
    """Return the invariant of a round played with deep stacks: the level stays within ``most``."""
    o = Z3
    facts = [rm.well_formed(o, r, s), o.Not(s.lifted), bound(r, s) <= most, rm.level(o, s) <= bound(r, s),
             s.increment <= rm.most_size(r)]
    facts += [o.Implies(o.Not(s.folded[i]), s.stacks[i] + s.bets[i] >= most) for i in range(s.n)]
    return o.And(*facts)


def war(r: rm.Rules, s: rm.State) -> Any:
    """Return the position of a raising war heads-up with the cap off (G2 or none): the player to act faces a full
    raise from the only other player still in, who has chips behind; neither has checked."""
    o = Z3
    n = s.n
    lvl = rm.level(o, s)
    facts = [rm.well_formed(o, r, s), o.Not(rm.done(o, s)), rm.contenders(o, s) == 2, o.Not(s.completion),
             True if r.cap is None else s.lifted]
    match r.short_all_in:
        case ShortAllIn.HALF_BET_REOPENS:
            facts.append(s.full_level == lvl)
        case ShortAllIn.ALL_INS_ADD_UP:
            facts.append(s.increment == r.size)
        case ShortAllIn.FULL_RAISE_ONLY:
            facts += [s.increment <= r.size, s.shorts == 0]
    for i in range(n):
        other = [o.And(j != i, o.Not(s.folded[j]), s.bets[j] == lvl, s.stacks[j] > 0, o.Not(s.checked[j]))
                 for j in range(n)]
        facts.append(o.Implies(s.actor == i, o.And(o.Not(s.acted[i]), o.Not(s.checked[i]), o.Or(*other))))
    return o.And(*facts)


def war_goes_on(r: rm.Rules) -> bool:
    """Prove that in a raising war a raise of one bet is legal and leads to the same position (or all in)."""
    s = rm.State.symbolic(r.players, f"war{r.players}")
    o = Z3
    lvl = rm.level(o, s)
    deep_enough = o.And(*[o.Implies(s.actor == i, s.stacks[i] + s.bets[i] >= lvl + r.size) for i in range(s.n)])
    after = rm.step(o, r, s, rm.RAISE, lvl + r.size)
    raiser_broke = o.Or(*[o.And(s.actor == i, after.stacks[i] == 0) for i in range(s.n)])
    claim = o.And(rm.legal(o, r, s, s.actor, rm.RAISE, lvl + r.size), o.Or(war(r, after), raiser_broke))
    return prove(claim, war(r, s), deep_enough).proved


def any_stack_all_in(check: Check, table: GameTable, why: Verdict, policy=raise_heads_up) -> None:
    """Refute the guarantee: play a hand in which a player with the minimum stack goes all in (``why``: the reason
    no bound holds)."""
    check.words["unbounded"] = why
    players = player_counts(table)[0]
    witness = play(table, [table.min_stack] * players, policy, stop_at_all_in=True, limit=MAX_WITNESS_ACTIONS)
    seen = {"why": why, "players": players, "min_stack": table.min_stack}
    if policy is not raise_heads_up:
        if witness.all_in is None:
            check.fail(Verdict("no-bound", {"why": why}))
            return
        checked = witness.checked_through()
        rest = witness.without_checked()
        after = Verdict("then", {"story": story(rest, 8)}) if rest.story() else Said("")
        check.fail(Verdict("all-in-after-redeals", {**seen, "checked": checked, "after": after,
                                                    "seat": witness.all_in + 1}))
        return
    if witness.all_in is not None:
        check.fail(Verdict("all-in", {**seen, "story": story(witness, 10), "seat": witness.all_in + 1}))
        return
    rules = [rm.Rules.of(table, street, 2) for street in table.bet_streets]
    if all(war_goes_on(r) for r in rules):
        check.fail(Verdict("all-in-raising-war", {**seen, "story": story(witness, 8)}))
    else:
        check.fail(Verdict("no-bound-yet", {"why": why, "actions": witness.actions, "story": story(witness, 8)}))


def story(witness: Witness, most: int = 0) -> Said:
    """Return the story of a hand the engine played, as the narration words it in each language."""
    return Said(witness.story(most=most), witness.story(most=most, lang="ru"))


def largest_investment(check: Check, table: GameTable) -> None:
    """Record, for a game without a minimum stack, the most one player can put into a hand with a deep stack.

    The same proof as the guarantee's, on the table with a stack deeper than any bound: either the
    posts, antes and caps bound a player's total (the figure), or no bound exists (why, in words).
    """
    if table.structure is not Structure.FIXED_LIMIT:
        check.record(Verdict("no-most-structure", {"structure": str(table.structure)}))
        return
    deep = check_stack_guarantee(dataclasses.replace(table, min_stack=DEEP))
    if deep.holds:
        check.figures["max_investment"] = deep.figures["max_investment"]
        check.record(Verdict("deep-most", {"sum": deep.words["max_investment"]}))
    else:
        check.record(Verdict("no-most", {"why": deep.words.get("unbounded") or deep.refuted}))


def check_stack_guarantee(table: GameTable) -> Check:
    """Property 4: a player's total investment in one hand never exceeds the minimum stack (T4, T5)."""
    check = Check.of(4, table)
    if not check.applies:
        with timed(check):
            largest_investment(check, table)
        return check
    with timed(check):
        if table.structure is not Structure.FIXED_LIMIT:
            any_stack_all_in(check, table, Verdict("why-bet-all", {"structure": str(table.structure)}))
            return check
        if table.bets_per_round is None:
            any_stack_all_in(check, table, Verdict("why-unlimited"))
            return check
        if table.nobody_opens is NobodyOpens.REDEAL:
            any_stack_all_in(check, table, Verdict("why-redeals"), policy=check_until_no_redeal)
            return check
        most_by_round: dict[int, int] = {}
        for players in player_counts(table):
            kinds = rm.round_kinds(table, players)
            for index, r in kinds:
                start, known = rm.symbolic_start(r, f"k{players}_{index}", table.min_stack)
                if r.heads_up_cap is not HeadsUpCap.KEPT and not prove(z3.Not(start.lifted), *known).proved:
                    any_stack_all_in(check, table, Verdict("why-cap-lifted-at-start",
                                                           {"heads_up_cap": str(table.heads_up_cap)}))
                    return check
                most, _ = maximize(bound(r, start), *known)
                for number, street in enumerate(table.bet_streets):
                    if r in rm.street_rules(table, street, players):
                        most_by_round[number] = max(most_by_round.get(number, 0), most)
        for players in player_counts(table):
            kinds = rm.round_kinds(table, players)
            most_of = {r: max(most_by_round[number] for number, street in enumerate(table.bet_streets)
                              if r in rm.street_rules(table, street, players)) for _, r in kinds}
            for index, r in kinds:
                most = most_of[r]
                start, known = rm.symbolic_start(r, f"d{players}_{index}", table.min_stack)
                chips_in = [z3.Implies(z3.Not(start.folded[i]), start.stacks[i] + start.bets[i] >= most)
                            for i in range(players)]
                if not prove(deep(r, start, most), *known, *chips_in).proved:
                    check.fail(Verdict("bound-not-at-start", {"round": index + 1, "players": players,
                                                              "most": most}))
                    return check
            stepped: dict = {}
            for index, r in kinds:
                key = (r.kind, most_of[r])
                stepped.setdefault(key, (index, r))
            for (_, most), (index, r) in stepped.items():
                step = Step(r, f"dp{players}_{index}")
                outcome = prove(deep(r, step.after, most), deep(r, step.before, most), step.assumptions[1])
                if not outcome.proved:
                    m = outcome.model
                    if z3.is_true(m.eval(step.after.lifted, model_completion=True)):
                        any_stack_all_in(check, table, Verdict("why-cap-lifted",
                                                               {"heads_up_cap": str(table.heads_up_cap)}))
                    else:
                        check.fail(Verdict("level-past-bound", {"round": index + 1, "players": players,
                                                                "most": most,
                                                                "story": Said(step.story(m), step.story(m, "ru"))}))
                    return check
        rounds = [(most_by_round[i], table.most_size_of(street)) for i, street in enumerate(table.bet_streets)]
        ante = largest_ante(table)
        total = ante + sum(most for most, _ in rounds)
        chips = ChipSum(ante, tuple(rounds), total)
        check.words["max_investment"] = chips
        players = player_counts(table)[0]
        engine = rm.max_investment(table)
        if engine != total:             # the engine's figure (the same rule at each round's deep start) is this one
            check.fail(Verdict("engine-bound-differs", {"sum": chips, "total": total, "engine": engine}))
            return check
        if 2 * total > MAX_STACK:
            check.fail(Verdict("bound-beyond-engine", {"sum": chips, "total": total, "max_stack": MAX_STACK}))
            return check
        longest = sum((table.bets_per_round + 2) * players for _ in table.bet_streets) + 10
        witness = play(table, [max(DEEP, 2 * total)] * players, raise_most, limit=longest)
        # Q4: the big bet of an open pair is reached only where a pair shows: the first deal (by seed) that shows one
        for seed in range(1, OPEN_PAIR_SEEDS if any(r.open_pair for _, r in rm.round_kinds(table, players)) else 1):
            if max(witness.invested) == total:
                break
            witness = play(table, [max(DEEP, 2 * total)] * players, raise_most, limit=longest, seed=seed)
        reached = max(witness.invested)
        told = story(witness)
        check.figures["max_investment"] = total
        for index, (most, size) in enumerate(rounds):
            check.record(Verdict("round-most", {"round": index + 1, "most": most, "players": player_range(table)}))
        if reached != total:
            check.fail(Verdict("bound-not-tight", {"sum": chips, "total": total, "reached": reached, "story": told}))
            return check
        check.record(Verdict("reached", {"story": told}))
        if total > table.min_stack:
            check.fail(Verdict("stack-too-small", {"raises": table.raises_per_round, "sum": chips, "total": total,
                                                   "story": told, "min_stack": table.min_stack}))
            return check
        check.record(Verdict("stack-safe", {"sum": chips, "min_stack": table.min_stack}))
    return check
