"""Property 8: the redeal when nobody opens ends (K4): a bound, not merely an end with probability one.

Applies only where the table redeals (``forced.nobody_opens = "redeal"``).

On the engine's own rules (``engine/forced.py``: ``may_redeal`` and ``post``, read
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
from lowball.engine import forced
from lowball.core.ops import Z3
from lowball.verify.proof import prove
from lowball.text import plural
from lowball.verify.rounds import player_counts, players_words, with_players

# "после N пересдач(и)": the genitive after a number (one, few, many).
REDEALS_GEN = ("пересдачи", "пересдач", "пересдач")


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
                check.fail(f"with {players} players the first antes do not lower every stack by the ante",
                           ru=f"{with_players(players)} первые анте уменьшают не каждый стек на размер анте")
                return check
            again = forced.post(Z3, due, now).stacks
            round_moves = [z3.And(x >= 0, x <= y) for x, y in zip(later, again)]   # a round checked through
            step = z3.Implies(z3.And(invariant(now, k), forced.may_redeal(Z3, now, ante), *round_moves),
                              invariant(later, k + 1))
            outcome = prove(step, *known)
            if not outcome.proved:
                check.fail(f"with {players} players a redeal need not lower the stacks (K4)",
                           ru=f"{with_players(players)} пересдача может не уменьшить стеки (K4)")
                return check
            bounded = z3.Implies(z3.And(invariant(now, k), forced.may_redeal(Z3, now, ante)),
                                 z3.And(*[k + 2 <= s / ante for s in start]))
            outcome = prove(bounded, *known)
            if not outcome.proved:
                m = outcome.model
                stacks = [m.eval(x, model_completion=True).as_long() for x in now]
                count = m.eval(k, model_completion=True).as_long()
                starts = [m.eval(s, model_completion=True).as_long() for s in start]
                check.fail(f"the redeals need not stop: with {players} players starting with {starts} chips, after "
                           f"{count} redeals the stacks are {stacks} and the cards are dealt again (K4); nothing "
                           f"bounds how often",
                           ru=f"пересдачи могут не прекратиться: {with_players(players)} со стартовыми стеками "
                              f"{starts} после {count} {plural.counted(count, REDEALS_GEN, 'ru')} стеки равны "
                              f"{stacks}, и карты сдаются снова (K4); ничто не ограничивает число пересдач")
                return check
        check.record(f"a redeal happens only while every player can ante again, and each one antes again: after k "
                     f"redeals every stack has lost at least k + 1 antes ({players_words(table)}, "
                     f"inductive invariant)",
                     ru="пересдача бывает, только пока каждый игрок может снова внести анте, и при каждой все снова "
                        "вносят анте: после k пересдач каждый стек потерял не меньше k + 1 анте (индуктивный "
                        f"инвариант {players_words(table, 'ru')})")
        words = "a hand has at most floor(s / ante) - 1 redeals for its smallest starting stack s: bounded " \
                "whatever the cards, not merely ending with probability one"
        words_ru = "в раздаче не больше ⌊s / анте⌋ − 1 пересдач, где s — наименьший стартовый стек: число " \
                   "пересдач ограничено при любых картах, а не просто конечно с вероятностью один"
        if table.min_stack:
            most = table.min_stack // ante - 1
            check.figures["max_redeals_at_min_stack"] = most
            words += f" ({most} at the {table.min_stack}-chip minimum stack)"
            words_ru += (f" ({most} при минимальном стеке в "
                         f"{plural.ru(table.min_stack, plural.CHIP, 'acc', plural.digits(table.min_stack, 'ru'))})")
        check.record(words, ru=words_ru)
    return check
