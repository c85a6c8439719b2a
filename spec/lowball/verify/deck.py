"""Property 5: the card bound (T1, D1, K8, K9, L8, P3): the deck serves every card a hand can need.

For every player count the table allows, on the model of ``models.cards``
(the stub, the burns, the folded hands and the discard piles, counted by the
rules of ``core.card_flow`` that the engine reads), with any players folding in any betting round
and any legal number of discards at every draw:

- where the deals, the burns and the largest possible draws fit in the deck,
  no reshuffle is ever needed (the most is found by Z3 Optimize);
- where they do not and the table says the deck never runs out (D1), the
  property is refuted with the player count and the cards needed;
- otherwise the table's rule for a short stub must serve every card: Z3 proves
  that the hand never gets stuck, or gives the folds and discards that leave the
  stub short even after the reshuffle (K9, P3) or the community card (L8).
"""

from __future__ import annotations

import re
from typing import Any

import z3

from lowball.core.behaviours import RunsOut
from lowball.core.games import GameTable
from lowball.verify.checks import Check, timed
from lowball.verify.models import cards as cm
from lowball.core.ops import PY, Z3
from lowball.verify.proof import find, maximize, prove
from lowball.text import plural
from lowball.verify.rounds import player_counts, with_players

RULE_WORDS = {
    RunsOut.NEVER: "no rule: the deck must never run out (D1)",
    RunsOut.RESHUFFLE_EARLIER: "K9: the burns, folded hands and earlier draws' discards are reshuffled; this draw's "
                               "discards stay out",
    RunsOut.RESHUFFLE_ALL: "P3: the burns, folded hands and every discard, this draw's too, are reshuffled",
    RunsOut.COMMUNITY_CARD: "L8: the burns come back; if still short, one community card for everyone",
    RunsOut.COMMUNITY_CARD_REUSE_FOLDED: "P4: the burns and folded hands come back; if still short, one "
                                         "community card",
}


# The same rules in Russian: "сожжённые карты" are the burns, "сброс" the discards, "остаток колоды" the stub.
RULE_WORDS_RU = {
    RunsOut.NEVER: "правила нет: колода не должна заканчиваться (D1)",
    RunsOut.RESHUFFLE_EARLIER: "K9: сожжённые карты, карты спасовавших и сброс прежних обменов перемешиваются; сброс "
                               "этого обмена остаётся в стороне",
    RunsOut.RESHUFFLE_ALL: "P3: сожжённые карты, карты спасовавших и весь сброс, в том числе сброс этого обмена, "
                           "перемешиваются",
    RunsOut.COMMUNITY_CARD: "L8: сожжённые карты возвращаются в игру; если карт всё равно не хватает, открывается одна "
                            "общая карта для всех",
    RunsOut.COMMUNITY_CARD_REUSE_FOLDED: "P4: сожжённые карты и карты спасовавших возвращаются в игру; если карт всё "
                                         "равно не хватает, открывается одна общая карта",
}


def _values(model: z3.ModelRef, choices: cm.Choices) -> cm.Choices:
    value = lambda t: model.eval(t, model_completion=True)
    return cm.Choices(folds=[[z3.is_true(value(f)) for f in row] for row in choices.folds],
                      discards=[[value(d).as_long() for d in row] for row in choices.discards])


def canonical(table: GameTable, players: int, choices: cm.Choices, condition: Any, known: list) -> cm.Choices:
    """Return plain choices meeting ``condition``, the same every run.

    First the plainest hand: nobody folds and everyone discards the most at every
    draw. Otherwise: nobody folds if possible, then each discard, in the order
    they are made, the most that still allows the condition.
    """
    plain = cm.Choices(folds=[[False] * players for _ in choices.folds],
                       discards=[[street.max_discard] * players for street in table.draw_streets])
    if cm.play(PY, table, players, plain).short:
        return plain
    fixed: list[Any] = []
    flat_folds = [f for row in choices.folds for f in row]
    if find(condition, *known, *[z3.Not(f) for f in flat_folds]) is not None:
        fixed += [z3.Not(f) for f in flat_folds]
    for row, street in zip(choices.discards, table.draw_streets):
        for d in row:
            for count in range(street.max_discard, street.min_discard - 1, -1):
                if find(condition, *known, *fixed, d == count) is not None:
                    fixed.append(d == count)
                    break
    model = find(condition, *known, *fixed)
    assert model is not None
    return _values(model, choices)


def story(table: GameTable, players: int, plain: cm.Choices, lang: str = "en") -> str:
    """Return a hand's folds and discards up to where the stub fails, and what the stub did, in words (in Russian
    the folds and discards; what the stub did is the card model's trace, in English)."""
    trace: list[str] = []
    cm.play(PY, table, players, plain, trace)
    where = [line for line in trace if line.startswith("in draw ")]
    last_draw = int(where[-1].split()[2]) if where else len(plain.discards)
    # The players served before the first short stub of that draw (a reshuffle may serve some of them: the trace
    # tells each of those, and the one who cannot be served, after).
    in_last = [line for line in where if int(line.split()[2]) == last_draw]
    failing_seat = int(in_last[0].split()[3][1:]) if in_last else players
    parts = []
    folded = [(b + 1, i + 1) for b, row in enumerate(plain.folds) for i, f in enumerate(row) if f]
    if lang == "ru":
        parts.append("никто не пасует" if not folded else
                     ", ".join(f"p{i} пасует в круге торгов {b}" for b, i in folded))
    else:
        parts.append("nobody folds" if not folded else
                     ", ".join(f"p{i} folds in betting round {b}" for b, i in folded))
    for d, row in enumerate(plain.discards[:last_draw]):
        seats = row if d + 1 < last_draw else row[:failing_seat - 1]
        if seats and lang == "ru":
            who = ", ".join(f"p{i + 1}" for i in range(len(seats)))
            cards = (f"сбрасывают по {plural.ru(seats[0], plural.CARD, 'acc')}" if len(set(seats)) == 1 else
                     "сбрасывают " + ", ".join(map(str, seats)) + " " + plural.CARD.form(seats[-1], "acc"))
            parts.append(f"в обмене {d + 1} {who} {cards} и получают замену")
        elif seats:
            parts.append(f"in draw {d + 1} " + ", ".join(f"p{i + 1}" for i in range(len(seats)))
                         + (f" each discard {seats[0]}" if len(set(seats)) == 1 else
                            " discard " + ", ".join(map(str, seats))) + " and are served")
    if lang == "ru":
        trace = [trace_ru(line) for line in trace]
    return ", ".join(parts) + ("; " + "; ".join(trace) if trace else "")


# The card model's trace (``models.cards``: ``take_told`` and ``step``) is written in English; these are its four
# lines, read back for the Russian report. A line that matches none stays English (the test of the Russian report
# catches that).
_RESHUFFLE = re.compile(r"in draw (\d+) p(\d+) (discards|is owed) (\d+): the stub holds (\d+) card\(s\) for (\d+); "
                        r"the reshuffle brings back (\d+) \(([^)]*)\)(?:: (\d+) card\(s\) for \d+: a discard the rules "
                        r"allow \(D1, K8\) cannot be replaced)?")
_BURNS_BACK = re.compile(r"street (\d+): the stub is short for (\d+) cards; the burns( and folded hands)? come back")
_SHORT_STREET = re.compile(r"street (\d+): (\d+) card\(s\) for (\d+): (one community card for everyone \(L8\)|"
                           r"the hand cannot go on)")
_PILES_RU = {"the burns": "сожжённые", "folded hands": "карты спасовавших", "earlier draws' discards": "сброс прежних "
             "обменов", "this draw's discards": "сброс этого обмена", "nothing": "ничего"}


def _piles_ru(text: str) -> str:
    for en, ru in _PILES_RU.items():
        text = text.replace(en, ru)
    return text.replace(" stay out", " — в стороне")


def trace_ru(line: str) -> str:
    """Return a line of the card model's trace in Russian.

    >>> print(trace_ru("in draw 1 p5 discards 5: the stub holds 2 card(s) for 5; the reshuffle brings back 1 (the "
    ...                "burns 1; this draw's discards 25 stay out): 3 card(s) for 5: a discard the rules allow (D1, K8) "
    ...                "cannot be replaced").replace("; ", ";\\n"))
    в обмене 1 p5 сбрасывает 5: в остатке колоды 2 карты на 5;
    перемешивание возвращает 1 (сожжённые 1;
    сброс этого обмена 25 — в стороне): 3 карты на 5: сброс, разрешённый правилами (D1, K8), нечем заменить
    >>> trace_ru("street 3: 0 card(s) for 4: the hand cannot go on")
    'улица 3: 0 карт на 4: раздача не может продолжаться'
    """
    if m := _RESHUFFLE.fullmatch(line):
        draw, seat, verb, count, stub, need, back, piles, held = m.groups()
        verb = "сбрасывает" if verb == "discards" else "ждёт замены"
        text = (f"в обмене {draw} p{seat} {verb} {count}: в остатке колоды {plural.ru(int(stub), plural.CARD)} на "
                f"{need}; перемешивание возвращает {back} ({_piles_ru(piles)})")
        if held is not None:
            text += (f": {plural.ru(int(held), plural.CARD)} на {need}: сброс, разрешённый правилами (D1, K8), нечем "
                     f"заменить")
        return text
    if m := _BURNS_BACK.fullmatch(line):
        street, need, folded = m.groups()
        return (f"улица {street}: остатка колоды не хватает на {plural.ru(int(need), plural.CARD, 'acc')}; "
                f"сожжённые карты{' и карты спасовавших' if folded else ''} возвращаются в игру")
    if m := _SHORT_STREET.fullmatch(line):
        street, stub, need, what = m.groups()
        what = "одна общая карта для всех (L8)" if what.startswith("one") else "раздача не может продолжаться"
        return f"улица {street}: {plural.ru(int(stub), plural.CARD)} на {need}: {what}"
    return line


def card_model(table: GameTable, players: int) -> tuple[cm.Choices, cm.Cards, list[Any]]:
    """Return the symbolic choices, the end of the card model, and what is known (the definitions, the bounds of
    the discards, and the count of every card at every step, proved step by step first)."""
    choices = cm.Choices.symbolic(table, players, f"c{players}")
    frozen = cm.Frozen(Z3, f"k{players}")
    end = cm.play(Z3, table, players, choices, frozen=frozen)
    known = choices.legal(table) + frozen.defs
    previous: list[Any] = []
    for fact in frozen.facts:
        if not prove(fact, *known, *previous).proved:
            raise AssertionError("a card of the model went missing")    # the model's own bookkeeping (D1)
        previous = [fact]
    return choices, end, known + frozen.facts


def check_card_bound(table: GameTable) -> Check:
    """Property 5: the deal and every possible draw are served, for every allowed player count (T1, D1, K9, L8).

    >>> from lowball.core.games import load_game_table
    >>> check = check_card_bound(load_game_table())
    >>> check.verdict, check.figures["max_cards"]
    ('proved', 50)
    """
    check = Check.of(5, table)
    with timed(check):
        fits, reshuffled = [], []
        for players in player_counts(table):
            choices = cm.Choices.symbolic(table, players, f"c{players}")
            known = choices.legal(table)
            most, _ = maximize(cm.demand(Z3, table, players, choices), *known)
            if players == player_counts(table)[-1]:
                check.figures["max_cards"] = most
            if most <= table.deck_cards:
                fits.append((players, most))
                continue
            if table.runs_out is RunsOut.NEVER:
                check.fail(f"with {players} players a full draw needs {most} cards but the deck has {table.deck_cards}: "
                           f"the table would need a reshuffle rule",
                           ru=f"{with_players(players)} полный обмен требует "
                              f"{plural.ru(most, plural.CARD, 'gen')}, а в колоде их "
                              f"{table.deck_cards}: столу нужно правило перемешивания сброса")
                return check
            choices, end, known = card_model(table, players)
            outcome = prove(z3.Not(end.short), *known)
            if not outcome.proved:
                plain = canonical(table, players, choices, end.short, known)
                check.fail(f"with {players} players the stub can run short even after its rule "
                           f"({RULE_WORDS[table.runs_out]}): {story(table, players, plain)}; the engine therefore "
                           f"lets a player discard only as many cards as can then be served (engine/drawing.py)",
                           ru=f"{with_players(players)} остатка колоды может не хватить даже после его правила "
                              f"({RULE_WORDS_RU[table.runs_out]}): {story(table, players, plain, 'ru')}; поэтому "
                              f"движок разрешает сбросить лишь столько карт, сколько потом можно сдать "
                              f"(engine/drawing.py)")
                return check
            community = 0
            if find(end.community > 0, *known) is not None:
                fewest, _ = maximize(-end.left, end.community > 0, *known)
                community = -fewest
            reshuffled.append((players, most, community))
        if fits:
            low, high = fits[0][0], fits[-1][0]
            counts = f"{low}-{high} players" if low != high else f"{low} players"
            counts_ru = f"{low}–{high}" if low != high else f"{low}"
            check.record(f"with {counts} the deals, burns and draws need at most {fits[-1][1]} of {table.deck_cards} "
                         f"cards: the stub never runs short",
                         ru=f"при {counts_ru} {plural.PLAYER.form(high, 'prep')} раздача, сожжённые карты и обмены "
                            f"требуют не больше {fits[-1][1]} из {plural.ru(table.deck_cards, plural.CARD, 'gen')}: "
                            f"остаток колоды никогда не кончается")
        for players, most, community in reshuffled:
            extra = (f" (the burns{' and folded hands' if table.runs_out is RunsOut.COMMUNITY_CARD_REUSE_FOLDED else ''} "
                     f"are not enough, and one community card is dealt, only when {community} or more players are "
                     f"still in at that street)") if community else ""
            folded_ru = " и карт спасовавших" if table.runs_out is RunsOut.COMMUNITY_CARD_REUSE_FOLDED else ""
            extra_ru = (f" (сожжённых карт{folded_ru} не хватает, и одна общая карта открывается, только если на этой "
                        f"улице в игре остаются {community} или больше игроков)") if community else ""
            check.record(f"with {players} players up to {most} cards may be needed, more than the {table.deck_cards} in "
                         f"the deck: the stub can run short, and {RULE_WORDS[table.runs_out]} always serves "
                         f"every card{extra} (proved for any folds and discards)",
                         ru=f"{with_players(players)} может понадобиться до "
                            f"{plural.ru(most, plural.CARD, 'gen')}, больше, "
                            f"чем {table.deck_cards} в колоде: остатка колоды может не хватить, и правило "
                            f"({RULE_WORDS_RU[table.runs_out]}) всегда позволяет сдать каждую карту{extra_ru} "
                            f"(доказано при любых пасах и обменах)")
    return check
