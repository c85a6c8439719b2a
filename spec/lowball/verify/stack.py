"""Property 4: the stack guarantee (T4, T5): with the minimum stack nobody is ever all-in.

Applies only where the table promises a minimum stack (``min_stack > 0``).

In fixed limit with a cap that is never lifted, for every betting round and
every player count, on the betting round the engine plays (``engine/betting_round.py``):

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
from lowball.engine.forced import largest_ante
from lowball.engine.state import MAX_STACK
from lowball.verify.checks import Check, timed
from lowball.engine import betting_round as rm
from lowball.core.ops import Z3
from lowball.verify.proof import maximize, prove
from lowball.text import plural
from lowball.verify.rounds import STRUCTURE_RU, Step, player_counts, players_words, with_players
from lowball.verify.witness import MAX_WITNESS_ACTIONS, Witness, check_until_no_redeal, play, raise_heads_up, raise_most

# Chips for the players of a witness that must never run short (the bound plus room).
DEEP = 10**6
# The deals a witness tries for one that shows an open pair where the table's bound needs it (Q4).
OPEN_PAIR_SEEDS = 200


def bound(r: rm.Rules, s: rm.State) -> Any:
    """Return the most the level of the round can still reach with deep stacks (see the module docstring)."""
    o = Z3
    most = rm.most_size(r)                      # Q4: where a pair shows, every bet may be the big bet
    left = (r.cap - s.count - 1) * most
    return o.Max([rm.level(o, s), rm.full_to(o, r, s, most) + left])


def deep(r: rm.Rules, s: rm.State, most: int) -> Any:
    """Return the invariant of a round played with deep stacks: the level stays within ``most``."""
    o = Z3
    facts = [rm.well_formed(o, r, s), o.Not(s.lifted), bound(r, s) <= most, rm.level(o, s) <= bound(r, s),
             s.increment <= rm.most_size(r)]
    facts += [o.Implies(o.Not(s.folded[i]), s.stacks[i] + s.bets[i] >= most) for i in range(s.n)]
    return o.And(*facts)


def _chips_words(ante: int, rounds: list[tuple[int, int]], lang: str = "en") -> str:
    number, times = (str, " x ") if lang == "en" else (lambda n: plural.digits(n, "ru"), " × ")
    parts = [number(ante)] if ante else []
    for most, size in rounds:
        parts.append(f"{number(most // size)}{times}{number(size)}" if most % size == 0 else number(most))
    return " + ".join(parts) if parts else "0"


def _ru(n: int) -> str:
    return plural.digits(n, "ru")


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


def any_stack_all_in(check: Check, table: GameTable, why: str, policy=raise_heads_up, why_ru: str = "") -> None:
    """Refute the guarantee: play a hand in which a player with the minimum stack goes all in (``why_ru``: the
    reason in Russian)."""
    check.words["unbounded"] = why
    check.words["unbounded_ru"] = why_ru
    why_ru = why_ru or why
    stack_ru = plural.ru(table.min_stack, plural.CHIP, "gen", _ru(table.min_stack))
    players = player_counts(table)[0]
    witness = play(table, [table.min_stack] * players, policy, stop_at_all_in=True, limit=MAX_WITNESS_ACTIONS)
    if policy is not raise_heads_up:
        if witness.all_in is None:
            check.fail(f"no bound proved: {why}", ru=f"граница не доказана: {why_ru}")
            return
        checked = sum(1 for lines in witness.rounds if lines and all(w.endswith("checks") for w in lines))
        rest = Witness(rounds=[lines for lines in witness.rounds
                               if not (lines and all(w.endswith("checks") for w in lines))])
        rest.rounds_ru = [lines for lines in witness.rounds_ru if not (lines and all(w.endswith("чек") for w in lines))]
        after = f", then {rest.story(most=8)}" if rest.story() else ""
        after_ru = f", затем {rest.story(most=8, lang='ru')}" if rest.story() else ""
        check.fail(f"any stack can be all-in: {why}: with {players} players of {table.min_stack} chips, the first "
                   f"round is checked through {checked} times and each time everyone antes again{after}: "
                   f"p{witness.all_in + 1} is all in, so side pots are needed (G6)",
                   ru=f"любой стек может оказаться ва-банк: {why_ru}: {with_players(players)} по {stack_ru} "
                      f"первый круг проходит чеками {checked} {plural.counted(checked, ('раз', 'раза', 'раз'), 'ru')}, "
                      f"и каждый раз все снова вносят анте{after_ru}: p{witness.all_in + 1} ва-банк, поэтому нужны "
                      f"побочные банки (G6)")
        return
    if witness.all_in is not None:
        check.fail(f"any stack can be all-in: {why}: with {players} players of {table.min_stack} chips, "
                   f"{witness.story(most=10)}: p{witness.all_in + 1} is all in, so side pots are needed (G6)",
                   ru=f"любой стек может оказаться ва-банк: {why_ru}: {with_players(players)} по {stack_ru}: "
                      f"{witness.story(most=10, lang='ru')}: p{witness.all_in + 1} ва-банк, поэтому нужны побочные "
                      f"банки (G6)")
        return
    rules = [rm.Rules.of(table, street, 2) for street in table.bet_streets]
    if all(war_goes_on(r) for r in rules):
        check.fail(f"any stack can be all-in: {why}: two players raise each other ({witness.story(most=8)}, ...) "
                   f"and Z3 proves that while both have chips another raise of one bet is always legal, so the "
                   f"raising goes on until a stack of {table.min_stack} is all in (side pots are needed, G6)",
                   ru=f"любой стек может оказаться ва-банк: {why_ru}: два игрока повышают друг за другом "
                      f"({witness.story(most=8, lang='ru')}, ...), и Z3 доказывает, что, пока у обоих есть фишки, "
                      f"ещё одно повышение на одну ставку всегда допустимо, поэтому повышения идут, пока стек из "
                      f"{stack_ru} не окажется ва-банк (нужны побочные банки, G6)")
    else:
        check.fail(f"no bound proved: {why}, and after {witness.actions} actions ({witness.story(most=8)}, ...) "
                   f"nobody is all in yet",
                   ru=f"граница не доказана: {why_ru}, а после "
                      f"{plural.ru(witness.actions, plural.ACTION, 'gen', _ru(witness.actions))} "
                      f"({witness.story(most=8, lang='ru')}, ...) ещё никто не ва-банк")


def largest_investment(check: Check, table: GameTable) -> None:
    """Record, for a game without a minimum stack, the most one player can put into a hand with a deep stack.

    The same proof as the guarantee's, on the table with a stack deeper than any bound: either the
    posts, antes and caps bound a player's total (the figure), or no bound exists (why, in words).
    """
    if table.structure is not Structure.FIXED_LIMIT:
        check.record(f"there is no most a player can put in: in {table.structure} a bet may be all his chips "
                     f"(G4, G5)",
                     ru=f"предела тому, сколько игрок может вложить, нет: в {STRUCTURE_RU[str(table.structure)]} "
                        f"ставка может быть на все его фишки (G4, G5)")
        return
    deep = check_stack_guarantee(dataclasses.replace(table, min_stack=DEEP))
    if deep.holds:
        check.figures["max_investment"] = deep.figures["max_investment"]
        check.record(f"with a deep stack the most one player can put into a hand is {deep.words['max_investment']} "
                     f"(proved as property 4)",
                     ru="с глубоким стеком один игрок может вложить в раздачу самое большее "
                        f"{deep.words['max_investment_ru']} (доказано как свойство 4)")
    else:
        check.record(f"there is no most a player can put in: {deep.words.get('unbounded', deep.counterexample)}",
                     ru="предела тому, сколько игрок может вложить, нет: "
                        f"{deep.words.get('unbounded_ru') or deep.refutation('ru')}")


def check_stack_guarantee(table: GameTable) -> Check:
    """Property 4: a player's total investment in one hand never exceeds the minimum stack (T4, T5)."""
    check = Check.of(4, table)
    if not check.applies:
        with timed(check):
            largest_investment(check, table)
        return check
    with timed(check):
        if table.structure is not Structure.FIXED_LIMIT:
            bet_ru = ("все свои фишки" if table.structure is Structure.NO_LIMIT
                      else "размер банка, а с ним и все свои фишки")
            any_stack_all_in(check, table, f"in {table.structure} a player may bet {'all' if table.structure is Structure.NO_LIMIT else 'the pot with all'} "
                                           f"his chips (G4, G5)",
                             why_ru=f"в {STRUCTURE_RU[str(table.structure)]} игрок может поставить "
                                    f"{bet_ru} (G4, G5)")
            return check
        if table.bets_per_round is None:
            any_stack_all_in(check, table, "raising is unlimited", why_ru="число повышений не ограничено")
            return check
        if table.nobody_opens is NobodyOpens.REDEAL:
            any_stack_all_in(check, table, f"every redeal takes another ante (K4) until a stack holds less than "
                                           f"the ante, and the hand then plays on", policy=check_until_no_redeal,
                             why_ru="при каждой пересдаче снова вносится анте (K4), пока в каком-то стеке не "
                                    "останется меньше анте, и тогда раздача играется дальше")
            return check
        most_by_round: dict[int, int] = {}
        for players in player_counts(table):
            kinds = rm.round_kinds(table, players)
            for index, r in kinds:
                start, known = rm.symbolic_start(r, f"k{players}_{index}", table.min_stack)
                if r.heads_up_cap is not HeadsUpCap.KEPT and not prove(z3.Not(start.lifted), *known).proved:
                    any_stack_all_in(check, table, f"the cap is lifted when a round starts heads-up (G2: "
                                                   f"{table.heads_up_cap})",
                                     why_ru=f"лимит повышений снимается, когда круг начинают двое (G2: "
                                            f"{table.heads_up_cap})")
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
                    check.fail(f"round {index + 1} with {players} players: the bound {most} does not hold at the "
                               f"start of the round",
                               ru=f"круг {index + 1} {with_players(players)}: граница {_ru(most)} не выполняется "
                                  f"в начале круга")
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
                        any_stack_all_in(check, table, f"the cap is lifted once play is heads-up (G2: "
                                                       f"{table.heads_up_cap})",
                                         why_ru=f"лимит повышений снимается, как только остаются двое (G2: "
                                                f"{table.heads_up_cap})")
                    else:
                        check.fail(f"round {index + 1} with {players} players: an action takes the level past "
                                   f"{most}: {step.story(m)}",
                                   ru=f"круг {index + 1} {with_players(players)}: после допустимого действия ставка "
                                      f"превышает {_ru(most)}: {step.story(m, 'ru')}")
                    return check
        rounds = [(most_by_round[i], table.most_size_of(street)) for i, street in enumerate(table.bet_streets)]
        ante = largest_ante(table)
        total = ante + sum(most for most, _ in rounds)
        sum_words = f"{_chips_words(ante, rounds)} = {total}"
        sum_ru = f"{_chips_words(ante, rounds, 'ru')} = {_ru(total)}"
        check.words["max_investment"] = sum_words
        check.words["max_investment_ru"] = sum_ru
        players = player_counts(table)[0]
        if 2 * total > MAX_STACK:
            check.fail(f"the proof bounds a player's total at {sum_words} chips, more than the engine seats "
                       f"({MAX_STACK:,}): no legal sequence can be played to show the bound is reached",
                       ru=f"по доказательству игрок вкладывает не больше {sum_ru} "
                          f"{plural.CHIP.form(total, 'gen')}, а это больше, чем движок даёт за стол "
                          f"({_ru(MAX_STACK)}): нельзя сыграть допустимую последовательность, которая показала бы, "
                          f"что граница достигается")
            return check
        longest = sum((table.bets_per_round + 2) * players for _ in table.bet_streets) + 10
        witness = play(table, [max(DEEP, 2 * total)] * players, raise_most, limit=longest)
        # Q4: the big bet of an open pair is reached only where a pair shows: the first deal (by seed) that shows one
        for seed in range(1, OPEN_PAIR_SEEDS if any(r.open_pair for _, r in rm.round_kinds(table, players)) else 1):
            if max(witness.invested) == total:
                break
            witness = play(table, [max(DEEP, 2 * total)] * players, raise_most, limit=longest, seed=seed)
        reached = max(witness.invested)
        story, story_ru = witness.story(), witness.story(lang="ru")
        check.figures["max_investment"] = total
        for index, (most, size) in enumerate(rounds):
            check.record(f"round {index + 1}: every legal action keeps each player's bet this round at most "
                         f"{most} (Z3 Optimize over every start, an inductive invariant for "
                         f"{players_words(table)})",
                         ru=f"круг {index + 1}: при любом допустимом действии ставка каждого игрока в этом круге "
                            f"не больше {_ru(most)} (Z3 Optimize по всем начальным положениям, индуктивный инвариант "
                            f"{players_words(table, 'ru')})")
        if reached != total:
            check.fail(f"the proof bounds a player's total at {sum_words} chips, but the most a legal sequence "
                       f"reaches is {reached} ({story}): the bound is not tight, so the minimum safe stack is not "
                       f"established",
                       ru=f"по доказательству игрок вкладывает не больше {sum_ru} {plural.CHIP.form(total, 'gen')}, "
                          f"но допустимая последовательность достигает самое большее {_ru(reached)} ({story_ru}): "
                          f"граница не точная, и наименьший безопасный стек не установлен")
            return check
        check.record(f"reached by: {story}", ru=f"достигается так: {story_ru}")
        raises = table.raises_per_round
        if total > table.min_stack:
            check.fail(f"with {raises} raises per round a player can put in {sum_words} chips ({story}): a stack of "
                       f"{table.min_stack} can be all-in; the minimum safe stack is {total}",
                       ru=f"при {plural.ru(raises, plural.RAISE, 'prep', _ru(raises))} за круг игрок может вложить "
                          f"{sum_ru} {plural.CHIP.form(total, 'gen')} ({story_ru}): стек из "
                          f"{plural.ru(table.min_stack, plural.CHIP, 'gen', _ru(table.min_stack))} может оказаться "
                          f"ва-банк; наименьший безопасный стек — {_ru(total)}")
            return check
        check.record(f"the most one player can put into a hand is {sum_words} <= minimum stack {table.min_stack}: "
                     f"nobody is ever all-in and no side pot arises",
                     ru=f"самое большее, что один игрок может вложить в раздачу, — {sum_ru}, и это не превышает минимального "
                        f"стека ({_ru(table.min_stack)}): никто никогда не оказывается ва-банк, и побочных банков "
                        f"не бывает")
    return check
