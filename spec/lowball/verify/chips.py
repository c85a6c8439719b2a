"""Property 6: chips are conserved by every betting action and by the settlement (S2, S3, G6).

On the betting round the engine plays (``engine/betting_round.py``), for every player count and
every distinct round of the table, in every state of the round's invariant:

- every legal action moves chips only from the actor's stack into the pot: the
  actor's stack and bet change by the same amount, never below zero, and nobody
  else's chips move (whatever the structure and the short all-in rule);
- when the round ends, an unmatched bet goes back to its owner only, and after
  it the highest bet is matched by a second player.

On the pots as the engine forms them (``engine/pots.py``: the engine's own
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

from lowball.core.behaviours import OddChip, Pots, SevensRule
from lowball.core.games import GameTable
from lowball.engine import pots as pm, sevens
from lowball.core.ops import Z3
from lowball.verify.checks import Check, timed
from lowball.engine import betting_round as rm
from lowball.verify.proof import ProofUnknown, prove, undecided
from lowball.text import plural
from lowball.verify.rounds import (STRUCTURE_RU, Step, invariant_refutation, player_counts, players_words, step_kinds,
                                   with_players)

# A half of a split pot in Russian, in the nominative and the dative (L2, Z2).
HALVES_RU = {"high": ("старшая половина", "старшей половине"), "low": ("младшая половина", "младшей половине"),
             "five-card": ("половина пятикарточной руки", "половине пятикарточной руки"),
             "badugi": ("половина бадуги", "половине бадуги")}


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
                check.fail(f"round {index + 1} with {players} players: an action moves other chips than the "
                           f"actor's into the pot: {step.story(outcome.model)}",
                           ru=f"круг {index + 1} {with_players(players)}: действие переносит в банк не только "
                              f"фишки того, кто ходит: {step.story(outcome.model, 'ru')}")
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
                check.fail(f"round {index + 1} with {players} players: the return of an unmatched bet moves other "
                           f"chips: {step.story(outcome.model)}",
                           ru=f"круг {index + 1} {with_players(players)}: возврат неуравненной ставки переносит и "
                              f"другие фишки: {step.story(outcome.model, 'ru')}")
                return False
    # Q4: the rounds where a pair showing allows the big bet are among the steps proved (``step_kinds``)
    open_pair = ", the big bet of an open pair (Q4) too" if any(
        r.open_pair for players in player_counts(table) for _, r in step_kinds(table, players)) else ""
    open_pair_ru = ", и большой ставки при открытой паре (Q4)" if open_pair else ""
    check.record(f"every betting action ({table.structure}, short all-ins: {table.short_all_in}{open_pair}) moves "
                 f"chips only "
                 f"from the actor's stack into the pot, never more than the actor has; at the end of a round an "
                 f"unmatched bet goes back to its owner only, and the highest bet left is matched "
                 f"({players_words(table)})",
                 ru=f"каждое действие в торгах (в {STRUCTURE_RU[str(table.structure)]}, неполный ва-банк: "
                    f"{table.short_all_in}{open_pair_ru}) переносит фишки только из стека того, кто ходит, в банк, и "
                    f"не больше, чем у него есть; в конце круга неуравненная ставка возвращается только её хозяину, "
                    f"а наибольшая оставшаяся ставка уравнена ({players_words(table, 'ru')})")
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
            check.fail(f"with {players} players the side pots of {values} do not pay out exactly what was put "
                       f"in (G6)",
                       ru=f"{with_players(players)} побочные банки при вкладах {values} выплачивают не ровно столько, "
                          f"сколько было вложено (G6)")
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
                check.fail(f"with {players} players a player may win more or less than their chips matched (G6)",
                           ru=f"{with_players(players)} игрок может выиграть больше или меньше, чем уравняли его "
                              f"фишки (G6)")
                return False
            steps.append(term == step)
        won = z3.Sum([z3.If(z3.And(pot.exists, y >= pot.top), pot.chips, 0) for pot in pots])
        matched = z3.Sum([_least(x, y) for x in put])
        if not prove(won == matched, some_total, *steps, *known).proved:
            check.fail(f"with {players} players a player may win more or less than their chips matched (G6)",
                       ru=f"{with_players(players)} игрок может выиграть больше или меньше, чем уравняли его "
                          f"фишки (G6)")
            return False
        for j in range(players):
            mine = z3.If(still_in[j], pm.may_win(pots, j, o=Z3) == z3.substitute(won, (y, put[j])),
                         pm.may_win(pots, j, o=Z3) == 0)
            if not prove(mine, *known).proved:
                check.fail(f"with {players} players p{j + 1} may win a pot it is not eligible for (G6)",
                           ru=f"{with_players(players)} p{j + 1} может выиграть банк, на который не претендует (G6)")
                return False
        if not _dead_money_proved(check, players, put, still_in, pots, known, top_in):
            return False
    check.record(f"for any contributions of 2-{table.players_max} players, any of them folded, the main and side "
                 f"pots pay out exactly what was put in, and each player still in is eligible for exactly what "
                 f"their own total matched from every player, a folded player for nothing (G6); given that the "
                 f"highest total is a player's still in (so an unmatched bet must go back first, as it does); "
                 f"dead money (antes) goes whole into the main pot, which every player still in may win (V5, V9)",
                 ru=f"при любых вкладах 2–{plural.ru(table.players_max, plural.PLAYER, 'gen')}, сколько бы из них "
                    f"ни спасовало, основной и побочные банки выплачивают ровно то, что было вложено, и каждый, кто "
                    f"ещё в игре, претендует ровно на то, что его общий вклад уравнял у каждого игрока, а "
                    f"спасовавший — ни на что (G6); при условии, что наибольший вклад принадлежит игроку, который ещё "
                    f"в игре (поэтому неуравненная ставка сначала должна вернуться, как и происходит); мёртвые деньги "
                    f"(анте) целиком идут в основной банк, который может выиграть любой, кто ещё в игре (V5, V9)")
    return True


def _dead_money_proved(check: Check, players: int, put: list, still_in: list, pots: list, known: list,
                       top_in) -> bool:
    """Prove that dead money (antes, V5) adds exactly itself to the pots, and to what each player still in may win."""
    dead = z3.Int(f"dead{players}")
    with_dead = pm.layers(put, still_in, list(range(players)), dead, o=Z3)
    facts = [*known, dead >= 0, top_in]
    if not prove(pm.total_paid(with_dead, o=Z3) == pm.total_paid(pots, o=Z3) + dead, *facts).proved:
        check.fail(f"with {players} players the dead money is not paid out exactly once (V5, V9)",
                   ru=f"{with_players(players)} мёртвые деньги выплачиваются не ровно один раз (V5, V9)")
        return False
    for j in range(players):
        more = pm.may_win(with_dead, j, o=Z3) - pm.may_win(pots, j, o=Z3)
        if not prove(more == z3.If(still_in[j], dead, 0), *facts).proved:
            check.fail(f"with {players} players p{j + 1} may not win all the dead money (V5)",
                       ru=f"{with_players(players)} p{j + 1} может не выиграть все мёртвые деньги (V5)")
            return False
    return True


def _share_counterexample(table: GameTable, winners: int) -> tuple[str, str]:
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
    lost = value - paid
    return (f"a pot of {value} split {winners} ways pays out {paid}: {lost} chip(s) go to nobody under the "
            f"odd-chip rule '{table.odd_chip}' (S2, S3)",
            f"банк в {plural.ru(value, plural.CHIP, 'acc', plural.digits(value, 'ru'))}, поделённый на "
            f"{winners}, выплачивает {plural.digits(paid, 'ru')}: "
            f"{plural.ru(lost, plural.CHIP, 'nom', plural.digits(lost, 'ru'))} никому не "
            f"{'достаётся' if plural.category(lost) == 'one' else 'достаются'} по правилу лишних фишек "
            f"«{table.odd_chip}» (S2, S3)")


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
            check.fail(*_share_counterexample(table, winners))
            return False
        even = z3.And(*[z3.And(s >= chips / winners, s <= chips / winners + chips % winners) for s in shares])
        if not prove(even, chips >= 0).proved:
            check.fail(f"a pot shared by {winners} winners gives one of them more than an even share and the odd "
                       f"chips (S2)",
                       ru=f"банк, поделённый между {winners} победителями, даёт одному из них больше равной доли "
                          f"вместе с лишними фишками (S2)")
            return False
    where = {OddChip.FIRST_WINNER_LEFT_OF_DEALER: "one each to the first winners on the dealer's left (S2)",
             OddChip.LOWEST_SEAT: "all to the winner in the lowest seat (P5)",
             OddChip.HIGH_CARD_BY_SUIT: "one each to the winners with the highest cards by suit (L7)",
             OddChip.HIGH_CARD_BY_SUIT_AS_RANKED: "one each to the winners with the highest cards by suit, the ace "
                                                  "as ranked (N9)",
             OddChip.HIGH_CARD_PLAYED_BY_SUIT: "one each to the winners with the highest cards played by suit (N9)",
             OddChip.LOW_CARD_BY_SUIT: "one each to the winners with the lowest cards by suit (N9)"}
    where_ru = {OddChip.FIRST_WINNER_LEFT_OF_DEALER: "по одной первым победителям слева от сдающего (S2)",
                OddChip.LOWEST_SEAT: "все победителю на месте с наименьшим номером (P5)",
                OddChip.HIGH_CARD_BY_SUIT: "по одной победителям со старшими картами с учётом масти (L7)",
                OddChip.HIGH_CARD_BY_SUIT_AS_RANKED: "по одной победителям со старшими картами с учётом масти, туз — "
                                                     "как в ранжировании (N9)",
                OddChip.HIGH_CARD_PLAYED_BY_SUIT: "по одной победителям со старшими сыгравшими картами с учётом "
                                                  "масти (N9)",
                OddChip.LOW_CARD_BY_SUIT: "по одной победителям с младшими картами с учётом масти (N9)"}
    check.record(f"every pot shared by 2-{table.players_max} winners pays out exactly the pot; the odd chips go "
                 f"{where.get(table.odd_chip, str(table.odd_chip))}",
                 ru=f"любой банк, поделённый между 2–{table.players_max} победителями, выплачивается ровно; "
                    f"лишние фишки достаются {where_ru.get(table.odd_chip, str(table.odd_chip))}")
    if table.split:
        q = z3.Bool("low_qualifies")
        high, low = pm.halves(chips, q, o=Z3)
        claim = z3.And(high + low == chips, z3.Implies(q, z3.And(high - low >= 0, high - low <= 1)),
                       z3.Implies(z3.Not(q), low == 0))
        if not prove(claim, chips >= 0).proved:
            check.fail("a split pot's halves do not add up to the pot (L7)",
                       ru="половины разделённого банка в сумме не дают весь банк (L7)")
            return False
        first, second = table.sides
        facts = "the high and low halves add up to the pot, the odd chip to the high (L7); with no qualifying " \
                "low the high takes it all"
        facts_ru = "старшая и младшая половины в сумме дают весь банк, лишняя фишка — старшей (L7); если " \
                   "младшая рука не проходит квалификацию, старшая забирает всё"
        if not second.qualifier:           # Z2-Z4: a five-card hand and a badugi, neither with a qualifier
            facts = (f"the {first.half} and {second.half} halves add up to the pot, the odd chip to the "
                     f"{first.half} half ({table.clauses['split']}); no half has a qualifier, so both are won "
                     f"({table.clauses['showdown']})")
            (one, one_dat), (two, _) = (HALVES_RU.get(side.half, (side.half, side.half)) for side in (first, second))
            facts_ru = (f"{one} и {two} в сумме дают весь банк, лишняя фишка — {one_dat} "
                        f"({table.clauses['split']}); квалификации нет ни у одной половины, поэтому обе "
                        f"разыгрываются ({table.clauses['showdown']})")
        if table.pots is Pots.LOSERS_MUCKED_FIRST:
            for sides in (1, 2):
                if not prove(z3.Sum(pm.parts(chips, sides, o=Z3)) == chips, chips >= 0).proved:
                    check.fail("pokerkit's parts of a pot do not add up to the pot",
                               ru="части банка в pokerkit в сумме не дают весь банк")
                    return False
            facts += "; pokerkit's parts (as many as the halves anyone left can win) add up to the pot"
            facts_ru += "; части банка в pokerkit (столько, сколько половин могут выиграть оставшиеся) в сумме " \
                        "дают весь банк"
        check.record(facts, ru=facts_ru)
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
            check.fail(f"the sevens rule ({table.sevens_rule}) creates or loses chips when it cuts the pot (F7)",
                       ru=f"правило семёрок ({table.sevens_rule}), деля банк, создаёт или теряет фишки (F7)")
            return False
    check.record(f"the sevens rule ({table.sevens_rule}, F7) cuts a winning checker's pot into the chips kept and "
                 f"the chips moved, which add up to every player's total; each part is settled as a pot above, or "
                 f"goes back to its owners when nobody may win it",
                 ru=f"правило семёрок ({table.sevens_rule}, F7) делит банк выигравшего после чека на оставленные "
                    f"и перенесённые фишки, которые в сумме дают вклад каждого игрока; каждая часть разыгрывается "
                    f"как банк выше или возвращается владельцам, если выиграть её некому")
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
            check.fail(f"the betting rounds leave the states these proofs assume (property 7): {why[0]}",
                       ru=f"торги выводят из положений, на которые опираются эти доказательства (свойство 7): {why[1]}")
            return check
        if check_actions(check, table) and check_pots(check, table):
            check_sevens(check, table)
    return check
