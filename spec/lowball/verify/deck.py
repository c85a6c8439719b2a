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
from lowball.text.verdicts import Said, Verdict
from lowball.verify.rounds import player_counts

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
                check.fail(Verdict("deck-too-small", {"players": players, "most": most, "deck": table.deck_cards}))
                return check
            choices, end, known = card_model(table, players)
            outcome = prove(z3.Not(end.short), *known)
            if not outcome.proved:
                plain = canonical(table, players, choices, end.short, known)
                check.fail(Verdict("stub-runs-short", {"players": players, "rule": str(table.runs_out),
                                                       "story": Said(story(table, players, plain),
                                                                     story(table, players, plain, "ru"))}))
                return check
            community = 0
            if find(end.community > 0, *known) is not None:
                fewest, _ = maximize(-end.left, end.community > 0, *known)
                community = -fewest
            reshuffled.append((players, most, community))
        if fits:
            low, high = fits[0][0], fits[-1][0]
            check.record(Verdict("deck-serves" if low != high else "deck-serves-one",
                                 {"first": low, "last": high, "most": fits[-1][1], "deck": table.deck_cards}))
        for players, most, community in reshuffled:
            if not community:
                extra: Verdict | Said = Said("")
            else:
                extra = Verdict("community-card", {"community": community, "rule": str(table.runs_out)})
            check.record(Verdict("stub-rule-serves", {"players": players, "most": most, "deck": table.deck_cards,
                                                      "rule": str(table.runs_out), "extra": extra}))
    return check
