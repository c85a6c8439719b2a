"""A model of the cards of a hand, counted as ``engine/stub.py``, ``dealing.py`` and ``drawing.py`` move them.

The stub, the burns, the folded hands and the discard piles (the current draw's
and the earlier ones), each as a count. Streets in order:

- a deal (T6, L3): a burn (as many as the stub still holds), then each player
  still in gets the street's cards; if the stub is short, the table's rule takes
  cards back (``recycled``); if it is still short and the street deals one card,
  a community card serves everyone (L8), else the hand cannot go on;
- a betting round: players fold; a folded hand is set aside (K9, P4 may reuse it);
- a draw (D1, K8): each player still in discards and is served as many. Served
  in turn (D1, K8): the burn comes before the first replacement; after all
  discards (P3): everyone discards, one burn, then the replacements. A
  replacement the stub cannot give triggers the table's reshuffle; if the
  reshuffled stub is still short, a discard the rules allow cannot be replaced
  (the engine then refuses it: D1 and K8 no longer hold as written).

What comes back on a reshuffle (``recycled``) is not written here: it is the
engine's table ``engine.stub.COMES_BACK`` (nothing, D1; the burns, the folded
hands and the earlier draws' discards, K9; this draw's too, P3; the burns, L8;
the burns and the folded hands, P4), read by ``Stub.recyclable`` for the cards
and here for their counts. The order of the flow (burn, deal, serve) is the one
piece of the rules still written twice, in the engine's dealing and drawing and
in ``play`` below: the engine moves cards that a proof need not name, so the
proofs count them, and the engine-link check compares the two on random play of
every table.

Every function takes the operations ``o`` (``Z3`` for proofs, ``PY`` for the
engine link); with ``PY`` a ``trace`` list collects what happened, in words.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import z3

from lowball.core.behaviours import RunsOut, Serve, StreetKind
from lowball.core.games import GameTable
from lowball.engine.stub import COMES_BACK


@dataclass(frozen=True)
class Cards:
    """Where the cards are, as counts."""

    stub: Any
    burns: Any
    folded: Any
    older: Any               # discards of the draws before the current one
    current: Any             # discards of the current (or latest) draw
    community: Any
    reshuffles: Any
    short: Any               # the hand could not go on: the stub could not serve a street
    needed: Any              # a reshuffle (or a community card) was needed at least once
    left: Any = 0            # the players still in when the community card was dealt (0: none was)


# The piles of ``Cards`` by the names of ``engine.stub.COMES_BACK``, the one table of what a reshuffle brings back.
PILES = {"burns": "burns", "folded": "folded", "earlier discards": "older", "this draw's discards": "current"}


def recycled(o, rule: RunsOut, c: Cards) -> tuple[Any, Cards]:
    """Return what a reshuffle brings back under ``rule`` (``engine.stub.COMES_BACK``), and the piles once it is
    back in the stub."""
    fields = [PILES[name] for name in COMES_BACK[rule]]
    if not fields:
        return 0, c
    back = o.Sum([getattr(c, field) for field in fields])
    after = replace(c, **{field: 0 for field in fields})
    moved = replace(after, stub=c.stub + back, reshuffles=c.reshuffles + o.If(back > 0, 1, 0))
    return back, _pick(o, back > 0, moved, c)


def _pick(o, cond: Any, a: Cards, b: Cards) -> Cards:
    if not o.symbolic:
        return a if cond else b
    return Cards(**{f: o.If(cond, getattr(a, f), getattr(b, f)) for f in a.__dataclass_fields__})


def take(o, rule: RunsOut, c: Cards, count: Any, live: Any, trace: list | None = None, what: str = "") -> Cards:
    """Serve ``count`` cards (when ``live``): reshuffle first if the stub is short; mark the hand short if still."""
    short_now = o.And(live, c.stub < count)
    back, reshuffled = recycled(o, rule, c)
    after = _pick(o, short_now, replace(reshuffled, needed=True), c)
    stuck = o.And(live, after.stub < count)
    if trace is not None and short_now:
        parts = {"the burns": c.burns, "folded hands": c.folded, "earlier draws' discards": c.older,
                 "this draw's discards": c.current}
        words = dict(zip(PILES, parts))
        kept = tuple(words[name] for name in COMES_BACK[rule])
        came = ", ".join(f"{k} {parts[k]}" for k in kept) or "nothing"
        out = ", ".join(f"{k} {v}" for k, v in parts.items() if k not in kept and v)
        line = (f"{what}: the stub holds {c.stub} card(s) for {count}; the reshuffle brings back {back} ({came}"
                f"{'; ' + out + ' stay out' if out else ''})")
        line += (f": {after.stub} card(s) for {count}: a discard the rules allow (D1, K8) cannot be replaced"
                 if stuck else "")
        trace.append(line)
    return replace(after, stub=o.If(live, after.stub - count, after.stub), short=o.Or(c.short, stuck))


def burn(o, c: Cards, count: int, live: Any) -> Cards:
    """Burn ``count`` cards, or as many as the stub holds (``Stub.burn``)."""
    burned = o.If(live, o.Min(c.stub, count), 0)
    return replace(c, stub=c.stub - burned, burns=c.burns + burned)


@dataclass
class Choices:
    """Who folds in each betting round, and how many cards each player discards at each draw."""

    folds: list[list[Any]]           # one list of flags per betting round
    discards: list[list[Any]]        # one list of counts per draw

    @classmethod
    def symbolic(cls, table: GameTable, players: int, tag: str) -> "Choices":
        return cls(folds=[[z3.Bool(f"{tag}_f{b}_{i}") for i in range(players)] for b in range(table.betting_rounds)],
                   discards=[[z3.Int(f"{tag}_d{d}_{i}") for i in range(players)] for d in range(table.draws)])

    def legal(self, table: GameTable) -> list[Any]:
        """Return the bounds of every discard (D1, K8)."""
        facts = []
        for street, row in zip(table.draw_streets, self.discards):
            facts += [z3.And(street.min_discard <= d, d <= street.max_discard) for d in row]
        return facts


class Frozen:
    """Names the terms of a long model with fresh Z3 variables (``defs`` holds their definitions), so that each
    step of the model builds on small terms; with ``PY`` it passes values through."""

    def __init__(self, o, tag: str):
        self.o, self.tag, self.defs, self.count = o, tag, [], 0
        self.facts: list[Any] = []

    def __call__(self, term: Any) -> Any:
        if not self.o.symbolic or isinstance(term, (bool, int)):
            return term
        self.count += 1
        name = f"{self.tag}_{self.count}"
        fresh = z3.Bool(name) if z3.is_bool(term) else z3.Int(name)
        self.defs.append(fresh == term)
        return fresh

    def cards(self, c: "Cards") -> "Cards":
        return Cards(**{f: self(getattr(c, f)) for f in c.__dataclass_fields__})

    def note(self, fact: Any) -> None:
        """Record a fact about the named terms, to be proved (``facts``) before it is assumed."""
        if self.o.symbolic:
            self.facts.append(fact)


def play(o, table: GameTable, players: int, choices: Choices, trace: list | None = None,
         frozen: Frozen | None = None) -> Cards:
    """Return where the cards are at the end of a hand of ``players`` making ``choices`` (see the docstring).

    With ``Z3``, pass ``frozen`` and assume its ``defs``: the model's intermediate counts are named there.
    """
    name = frozen or Frozen(o, "cards")

    def conserved(c: Cards, held: list[Any]) -> None:
        """Every card is somewhere: the stub, the piles set aside, the hands, the community card (D1)."""
        name.note(o.Implies(o.Not(c.short), c.stub + c.burns + c.folded + c.older + c.current + c.community
                            + o.Sum(held) == table.deck_cards))

    rule = table.runs_out
    community_allowed = rule in (RunsOut.COMMUNITY_CARD, RunsOut.COMMUNITY_CARD_REUSE_FOLDED)
    c = Cards(stub=table.deck_cards, burns=0, folded=0, older=0, current=0, community=0, reshuffles=0, short=False,
              needed=False, left=0)
    held: list[Any] = [0] * players
    active: list[Any] = [True] * players
    bets = draws = 0
    for number, street in enumerate(table.streets):
        live = o.And(o.Count(active) >= 2, o.Not(c.short))
        if street.kind is StreetKind.DEAL:
            c = burn(o, c, street.burn, live)
            need = o.Count(active) * street.cards
            short_now = o.And(live, c.stub < need)
            _, reshuffled = recycled(o, rule, c)
            c = _pick(o, short_now, replace(reshuffled, needed=True), c)
            if trace is not None and short_now:
                trace.append(f"street {number + 1}: the stub is short for {need} cards; the burns"
                             f"{' and folded hands' if rule is RunsOut.COMMUNITY_CARD_REUSE_FOLDED else ''} come back")
            community = o.And(live, c.stub < need, street.cards == 1, community_allowed)
            if trace is not None and community:
                trace.append(f"street {number + 1}: {c.stub} card(s) for {need}: one community card for everyone (L8)")
            served = take(o, rule, c, 1, community, trace, f"street {number + 1}")
            c = _pick(o, community, replace(served, community=c.community + 1, left=o.Count(active)), c)
            stuck = o.And(live, o.Not(community), c.stub < need)
            if trace is not None and stuck:
                trace.append(f"street {number + 1}: {c.stub} card(s) for {need}: the hand cannot go on")
            dealt = o.And(live, o.Not(community), o.Not(stuck))
            c = replace(c, stub=o.If(dealt, c.stub - need, c.stub), short=o.Or(c.short, stuck))
            held = [name(o.If(o.And(dealt, a), h + street.cards, h)) for h, a in zip(held, active)]
            c = name.cards(c)
            conserved(c, held)
        elif street.kind is StreetKind.BET:
            folds = choices.folds[bets]
            bets += 1
            gone = [o.And(live, a, f) for a, f in zip(active, folds)]
            c = replace(c, folded=c.folded + o.Sum([o.If(g, h, 0) for g, h in zip(gone, held)]))
            held = [name(o.If(g, 0, h)) for g, h in zip(gone, held)]
            active = [name(o.And(a, o.Not(g))) for a, g in zip(active, gone)]
            c = name.cards(c)
            conserved(c, held)
        else:
            discards = choices.discards[draws]
            draws += 1
            c = replace(c, older=c.older + c.current, current=0)
            drawing = [o.And(live, a) for a in active]
            counts = [name(o.If(d, k, 0)) for d, k in zip(drawing, discards)]
            before = held
            held = [h - k for h, k in zip(held, counts)]
            if table.serve is Serve.IN_TURN:
                burned: Any = False
                for i in range(players):
                    c = replace(c, current=c.current + counts[i])
                    serving = o.And(drawing[i], counts[i] > 0)
                    c = _pick(o, o.And(serving, o.Not(burned)), burn(o, c, street.burn, True), c)
                    burned = o.Or(burned, serving)
                    c = name.cards(take(o, rule, c, counts[i], o.And(serving, o.Not(c.short)), trace,
                                        f"in draw {draws} p{i + 1} discards {counts[i]}"))
                    burned = name(burned)
                    conserved(c, before)       # each player so far threw k cards and was served k
            else:
                c = replace(c, current=c.current + o.Sum(counts))
                c = burn(o, c, street.burn, live)
                for i in range(players):
                    serving = o.And(drawing[i], counts[i] > 0)
                    c = name.cards(take(o, rule, c, counts[i], o.And(serving, o.Not(c.short)), trace,
                                        f"in draw {draws} p{i + 1} is owed {counts[i]}"))
                    conserved(c, [b if j <= i else h for j, (b, h) in enumerate(zip(before, held))])
            held = [name(h + o.If(o.Not(c.short), k, 0)) for h, k in zip(held, counts)]
    return c


def demand(o, table: GameTable, players: int, choices: Choices) -> Any:
    """Return every card a hand with nobody folding would take off the stub: deals, burns and replacements."""
    total: Any = 0
    draws = 0
    for street in table.streets:
        total = total + street.burn if street.kind is not StreetKind.BET else total
        if street.kind is StreetKind.DEAL:
            total = total + players * street.cards
        elif street.kind is StreetKind.DRAW:
            total = total + o.Sum(choices.discards[draws])
            draws += 1
    return total


# ---- the engine link ----

def compare_with_engine(hand, report, choices: Choices) -> None:
    """Replay a finished hand's folds and discards through the card model; compare the piles with the engine's."""
    from lowball.engine.ops import PY

    table = hand.table
    if hand.redeals:
        return                      # a redeal starts again from a fresh deck (K4)
    model = play(PY, table, hand.n, choices)
    stub = hand.stub
    engine = (stub.size, len(stub.burns), len(stub.folded), stub.reshuffles, len(hand.community))
    mine = (model.stub, model.burns, model.folded, model.reshuffles, model.community)
    if engine != mine:
        report.add(f"{table.name}: after {'; '.join(map(str, hand.actions))} the cards differ (stub, burns, folded, "
                   f"reshuffles, community): engine {engine}, model {mine}")
