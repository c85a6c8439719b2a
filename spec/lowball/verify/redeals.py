"""Property 8: the redeal when nobody opens ends (K4): a bound, not merely an end with probability one.

Applies only where the table redeals (``forced.nobody_opens = "redeal"``).

On the engine's own rules (``engine/rules/forced_bets.py``: ``may_redeal`` and ``post``, read
with Z3 terms): a redeal happens only while every player can post the ante
again, and everyone antes again at each one (a round checked
through can only lower a stack further, with the calls of an incomplete blind).
Z3 proves the inductive invariant "after ``k`` redeals every stack holds at most
its start minus ``(k + 1)`` antes, or nothing", and from it that a redeal after
``k`` redeals needs ``k + 2 <= s / ante`` for every starting stack ``s``. So a
hand has at most ``floor(s / ante) - 1`` redeals for its smallest starting stack
``s``: whatever the cards, the redeals stop.
"""

from __future__ import annotations

import z3

from lowball.core.games import GameTable
from lowball.verify.checks import Check, timed
from lowball.engine.rules import forced_bets as forced
from lowball.core.ops import Z3
from lowball.verify.proof import prove
from lowball.text.verdicts import Said, Verdict
from lowball.verify.rounds import player_counts, player_range


def check_redeals(table: GameTable) -> Check:
    """Property 8: the redeals of a hand are at most floor(smallest stack / ante) - 1 (K4).

    >>> from lowball.core.games import load_game_table
    >>> check_redeals(load_game_table("deuce-to-seven-triple-draw-antes")).verdict
    'proved'
    >>> check_redeals(load_game_table()).reason
    'this game has no redeal (forced.nobody_opens = "play-on"): a first round checked through goes on'
    """
    check = Check.of(8, table)
    if not check.applies:
        return check
    with timed(check):
        ante = table.ante
        for players in player_counts(table):
            start = [z3.Int(f"s{players}_{i}") for i in range(players)]
            now = [z3.Int(f"n{players}_{i}") for i in range(players)]
            later = [z3.Int(f"l{players}_{i}") for i in range(players)]
            k = z3.Int(f"k{players}")

            def invariant(stacks, redeals):
                return z3.And(redeals >= 0, *[z3.And(x >= 0, z3.Or(x == 0, x <= s - (redeals + 1) * ante))
                                              for x, s in zip(stacks, start)])

            known = [s >= max(1, table.min_stack) for s in start]
            due = forced.owed(table, players)          # the antes as the engine posts them, read with terms
            first = forced.post(Z3, due, start).stacks
            if not prove(invariant(first, 0), *known).proved:
                check.fail(Verdict("first-antes-short", {"players": players}))
                return check
            again = forced.post(Z3, due, now).stacks
            round_moves = [z3.And(x >= 0, x <= y) for x, y in zip(later, again)]   # a round checked through
            step = z3.Implies(z3.And(invariant(now, k), forced.may_redeal(Z3, now, ante), *round_moves),
                              invariant(later, k + 1))
            outcome = prove(step, *known)
            if not outcome.proved:
                check.fail(Verdict("redeal-keeps-stacks", {"players": players}))
                return check
            bounded = z3.Implies(z3.And(invariant(now, k), forced.may_redeal(Z3, now, ante)),
                                 z3.And(*[k + 2 <= s / ante for s in start]))
            outcome = prove(bounded, *known)
            if not outcome.proved:
                m = outcome.model
                stacks = [m.eval(x, model_completion=True).as_long() for x in now]
                count = m.eval(k, model_completion=True).as_long()
                starts = [m.eval(s, model_completion=True).as_long() for s in start]
                check.fail(Verdict("redeals-unbounded", {"players": players, "starts": starts, "count": count,
                                                         "stacks": stacks}))
                return check
        check.record(Verdict("redeal-lowers-stacks", {"players": player_range(table)}))
        at_min: Verdict | Said = Said("")
        if table.min_stack:
            most = table.min_stack // ante - 1
            check.figures["max_redeals_at_min_stack"] = most
            at_min = Verdict("redeals-at-min-stack", {"most": most, "min_stack": table.min_stack})
        check.record(Verdict("redeals-bounded", {"at_min_stack": at_min}))
    return check
