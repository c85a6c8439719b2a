"""Property 5: the card bound (T1, D1, K8, K9, L8, P3): the deck serves every card a hand can need.

For every player count the table allows, on the walk through a hand of
``core.card_flow`` (``play``: the stub, the burns, the folded hands and the
discard piles, counted by the very moves the engine asks before it moves a
card), read with Z3 terms, with any players folding in any betting round and
any legal number of discards at every draw:

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

from lowball.core import card_flow as cf
from lowball.core.behaviours import RunsOut
from lowball.core.card_flow import Choices, Event
from lowball.core.games import GameTable
from lowball.verify.checks import Check, timed
from lowball.core.ops import PY, Z3
from lowball.verify.proof import find, maximize, prove
from lowball.text.verdicts import Listed, Said, Verdict
from lowball.verify.rounds import player_counts

def symbolic_choices(table: GameTable, players: int, tag: str) -> Choices:
    """Return choices as Z3 variables: any player may fold in any betting round, discard any count at any draw."""
    return Choices(folds=[[z3.Bool(f"{tag}_f{b}_{i}") for i in range(players)] for b in range(table.betting_rounds)],
                   discards=[[z3.Int(f"{tag}_d{d}_{i}") for i in range(players)] for d in range(table.draws)])


def legal(table: GameTable, choices: Choices) -> list[Any]:
    """Return the bounds of every discard (D1, K8)."""
    facts = []
    for street, row in zip(table.draw_streets, choices.discards):
        facts += [z3.And(street.min_discard <= d, d <= street.max_discard) for d in row]
    return facts


class Frozen(cf.Naming):
    """Names the terms of the walk with fresh Z3 variables (``defs`` holds their definitions), so that each step
    builds on small terms; keeps the facts the walk notes (every card is somewhere), to be proved step by step."""

    def __init__(self, tag: str):
        self.tag, self.defs, self.count = tag, [], 0
        self.facts: list[Any] = []

    def __call__(self, term: Any) -> Any:
        if isinstance(term, (bool, int)):
            return term
        self.count += 1
        name = f"{self.tag}_{self.count}"
        fresh = z3.Bool(name) if z3.is_bool(term) else z3.Int(name)
        self.defs.append(fresh == term)
        return fresh

    def note(self, fact: Any) -> None:
        self.facts.append(fact)


def _values(model: z3.ModelRef, choices: Choices) -> Choices:
    value = lambda t: model.eval(t, model_completion=True)
    return Choices(folds=[[z3.is_true(value(f)) for f in row] for row in choices.folds],
                   discards=[[value(d).as_long() for d in row] for row in choices.discards])


def canonical(table: GameTable, players: int, choices: Choices, condition: Any, known: list) -> Choices:
    """Return plain choices meeting ``condition``, the same every run.

    First the plainest hand: nobody folds and everyone discards the most at every
    draw. Otherwise: nobody folds if possible, then each discard, in the order
    they are made, the most that still allows the condition.
    """
    plain = Choices.plain(table, players)
    if cf.play(PY, table, players, plain).short:
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


def story(table: GameTable, players: int, plain: Choices) -> Listed:
    """Return a hand's folds and discards up to where the stub fails, and what the stub did (the walk's ``Event``
    list), as data worded in either language (``rules/proofs.toml``, the keys ``p5-...``)."""
    trace: list[Event] = []
    cf.play(PY, table, players, plain, trace)
    where = [event.fields for event in trace if event.key == "draw-reshuffle"]
    last_draw = where[-1]["draw"] if where else len(plain.discards)
    # The players served before the first short stub of that draw (a reshuffle may serve some of them: the trace
    # tells each of those, and the one who cannot be served, after).
    in_last = [fields for fields in where if fields["draw"] == last_draw]
    failing_seat = in_last[0]["seat"] if in_last else players
    folded = [Verdict("p5-folds", {"seat": i + 1, "round": b + 1})
              for b, row in enumerate(plain.folds) for i, f in enumerate(row) if f]
    parts: list[Verdict | Listed] = [Listed(tuple(folded)) if folded else Verdict("p5-nobody-folds")]
    for d, row in enumerate(plain.discards[:last_draw]):
        seats = row if d + 1 < last_draw else row[:failing_seat - 1]
        if not seats:
            continue
        who = ", ".join(f"p{i + 1}" for i in range(len(seats)))
        if len(set(seats)) == 1:
            parts.append(Verdict("p5-draw-each", {"draw": d + 1, "seats": who, "count": seats[0]}))
        else:
            parts.append(Verdict("p5-draw-counts", {"draw": d + 1, "seats": who, "last": seats[-1],
                                                    "counts": ", ".join(map(str, seats))}))
    steps = Listed(tuple(said(event) for event in trace), "; ")
    return Listed((Listed(tuple(parts)), steps), "; ") if trace else Listed(tuple(parts))


def said(event: Event) -> Verdict:
    """Return what the stub did at one step of the walk (``core.card_flow.Event``), as data.

    >>> piles = {"burns": 1, "folded": 0, "earlier discards": 0, "this draw's discards": 25}
    >>> event = Event("draw-reshuffle", {"draw": 1, "seat": 5, "in_turn": True, "count": 5, "stub": 2, "back": 1,
    ...                                  "piles": piles, "kept": ("burns",), "held": 3})
    >>> print(said(event).text().replace("; ", ";\\n"))
    in draw 1 p5 discards 5: the stub holds 2 card(s) for 5;
    the reshuffle brings back 1 (the burns 1;
    this draw's discards 25 stay out): 3 card(s) for 5: a discard the rules allow (D1, K8) cannot be replaced
    >>> print(said(event).text("ru").replace("; ", ";\\n"))
    в обмене 1 p5 сбрасывает 5: в остатке колоды 2 карты на 5;
    перемешивание возвращает 1 (сожжённые 1;
    сброс этого обмена 25 — в стороне): 3 карты на 5: сброс, разрешённый правилами (D1, K8), нечем заменить
    >>> said(Event("street-stuck", {"street": 3, "stub": 0, "need": 4, "folded": False})).text("ru")
    'улица 3: 0 карт на 4: раздача не может продолжаться'
    """
    f = event.fields
    if event.key == "draw-reshuffle":
        came = [Verdict("p5-pile", {"pile": name, "count": f["piles"][name]}) for name in f["kept"]]
        out = [Verdict("p5-pile", {"pile": name, "count": count}) for name, count in f["piles"].items()
               if name not in f["kept"] and count]
        count = f["count"]
        return Verdict("p5-draw-reshuffle", {
            "draw": f["draw"], "seat": f["seat"], "verb": "discards" if f["in_turn"] else "owed", "count": count,
            "stub": f["stub"], "back": f["back"], "came": Listed(tuple(came)) if came else Verdict("p5-nothing"),
            "out": Verdict("p5-stay-out", {"piles": Listed(tuple(out))}) if out else Said(""),
            "short": Verdict("p5-cannot-replace", {"held": f["held"], "count": count})
            if f["held"] < count else Said("")})
    if event.key == "street-reshuffle":
        return Verdict("p5-street-reshuffle", {"street": f["street"], "need": f["need"],
                                               "folded": Verdict("p5-and-folded") if f["folded"] else Said("")})
    key = "p5-street-community" if event.key == "street-community" else "p5-street-stuck"
    return Verdict(key, {"street": f["street"], "stub": f["stub"], "need": f["need"]})


def card_model(table: GameTable, players: int) -> tuple[Choices, cf.Cards, list[Any]]:
    """Return the symbolic choices, the end of the walk through a hand (``core.card_flow.play`` read with Z3), and
    what is known (the definitions, the bounds of the discards, and the count of every card at every step, proved
    step by step first)."""
    choices = symbolic_choices(table, players, f"c{players}")
    frozen = Frozen(f"k{players}")
    end = cf.play(Z3, table, players, choices, name=frozen)
    known = legal(table, choices) + frozen.defs
    previous: list[Any] = []
    for fact in frozen.facts:
        if not prove(fact, *known, *previous).proved:
            raise AssertionError("a card of the walk went missing")    # the walk's own bookkeeping (D1)
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
            choices = symbolic_choices(table, players, f"c{players}")
            known = legal(table, choices)
            most, _ = maximize(cf.demand(Z3, table, players, choices), *known)
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
                                                       "story": story(table, players, plain)}))
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
