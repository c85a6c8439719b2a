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

from typing import Any

import z3

from lowball.core.behaviours import RunsOut
from lowball.core.games import GameTable
from lowball.verify.checks import Check, timed
from lowball.verify.models import cards as cm
from lowball.core.ops import PY, Z3
from lowball.verify.proof import find, maximize, prove
from lowball.verify.rounds import player_counts

RULE_WORDS = {
    RunsOut.NEVER: "no rule: the deck must never run out (D1)",
    RunsOut.RESHUFFLE_EARLIER: "K9: the burns, folded hands and earlier draws' discards are reshuffled; this draw's "
                               "discards stay out",
    RunsOut.RESHUFFLE_ALL: "P3: the burns, folded hands and every discard, this draw's too, are reshuffled",
    RunsOut.COMMUNITY_CARD: "L8: the burns come back; if still short, one community card for everyone",
    RunsOut.COMMUNITY_CARD_REUSE_FOLDED: "P4: the burns and folded hands come back; if still short, one "
                                         "community card",
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


def story(table: GameTable, players: int, plain: cm.Choices) -> str:
    """Return a hand's folds and discards up to where the stub fails, and what the stub did, in words."""
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
    parts.append("nobody folds" if not folded else
                 ", ".join(f"p{i} folds in betting round {b}" for b, i in folded))
    for d, row in enumerate(plain.discards[:last_draw]):
        seats = row if d + 1 < last_draw else row[:failing_seat - 1]
        if seats:
            parts.append(f"in draw {d + 1} " + ", ".join(f"p{i + 1}" for i in range(len(seats)))
                         + (f" each discard {seats[0]}" if len(set(seats)) == 1 else
                            " discard " + ", ".join(map(str, seats))) + " and are served")
    return ", ".join(parts) + ("; " + "; ".join(trace) if trace else "")


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
                           f"the table would need a reshuffle rule")
                return check
            choices, end, known = card_model(table, players)
            outcome = prove(z3.Not(end.short), *known)
            if not outcome.proved:
                plain = canonical(table, players, choices, end.short, known)
                check.fail(f"with {players} players the stub can run short even after its rule "
                           f"({RULE_WORDS[table.runs_out]}): {story(table, players, plain)}; the engine therefore "
                           f"lets a player discard only as many cards as can then be served (engine/drawing.py)")
                return check
            community = 0
            if find(end.community > 0, *known) is not None:
                fewest, _ = maximize(-end.left, end.community > 0, *known)
                community = -fewest
            reshuffled.append((players, most, community))
        if fits:
            low, high = fits[0][0], fits[-1][0]
            counts = f"{low}-{high} players" if low != high else f"{low} players"
            check.record(f"with {counts} the deals, burns and draws need at most {fits[-1][1]} of {table.deck_cards} "
                         f"cards: the stub never runs short")
        for players, most, community in reshuffled:
            extra = (f" (the burns{' and folded hands' if table.runs_out is RunsOut.COMMUNITY_CARD_REUSE_FOLDED else ''} "
                     f"are not enough, and one community card is dealt, only when {community} or more players are "
                     f"still in at that street)") if community else ""
            check.record(f"with {players} players up to {most} cards may be needed, more than the {table.deck_cards} in "
                         f"the deck: the stub can run short, and {RULE_WORDS[table.runs_out]} always serves "
                         f"every card{extra} (proved for any folds and discards)")
    return check
