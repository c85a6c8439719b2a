"""The cards of a hand, counted street by street: the rules of ``core.card_flow`` chained as the engine plays them.

Streets in order:

- a deal (T6, L3): ``card_flow.deal`` (a burn, each player still in gets the
  street's cards; a short stub reshuffles by the table's rule, or deals one
  community card, L8; else the hand cannot go on);
- a betting round: players fold; a folded hand is set aside (K9, P4 may reuse it);
- a draw (D1, K8): each player still in discards and is served as many
  (``card_flow.take``), step by step in the table's order (``card_flow.draw_turns``,
  which the engine's draw follows too). Served in turn (D1, K8): the burn comes
  before the first replacement; after all discards (P3): everyone discards, one
  burn, then the replacements. If the reshuffled stub is still short, a discard the
  rules allow cannot be replaced (the engine then refuses it: D1 and K8 no longer
  hold as written).

The counting rules and a draw's order are the engine's own (``core.card_flow``:
when to reshuffle, what comes back, the community card, how many cards a player
may still be served, the steps of a draw). What is written here is only the walk
through a hand, counted, which the engine takes in ``engine/state.py``,
``engine/dealing.py`` and ``engine/drawing.py`` moving real cards: the engine-link
check compares the two piles on random play of every table, and
``tests/test_card_flow.py`` compares them after every decision of every fold and
discard pattern, at every player count each built-in table seats (the walk is the
one piece of the card flow written twice). A draw is counted one step at a time
(``start_draw``, ``draw_turn``, ``end_draw``), so that the comparison can follow
the engine step by step.

Every function takes the operations ``o`` (``Z3`` for proofs, ``PY`` for the
engine link); with ``PY`` a ``trace`` list collects what happened, in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from lowball.core.behaviours import RunsOut, Serve, StreetKind
from lowball.core.card_flow import (BURN, COMES_BACK, DISCARD, PILES, Cards, Turn, burn, burns_first,
                                    deal, draw_turns, new_draw, pick, recycled, take)
from lowball.core.games import GameTable


def take_told(o, rule: RunsOut, c: Cards, count: Any, live: Any, trace: list | None, what: str) -> Cards:
    """``card_flow.take``, and with a ``trace`` the words for a reshuffle it needed."""
    after = take(o, rule, c, count, live)
    if trace is not None and live and c.stub < count:
        parts = {"the burns": c.burns, "folded hands": c.folded, "earlier draws' discards": c.older,
                 "this draw's discards": c.current}
        words = dict(zip(PILES, parts))
        kept = tuple(words[name] for name in COMES_BACK[rule])
        came = ", ".join(f"{k} {parts[k]}" for k in kept) or "nothing"
        out = ", ".join(f"{k} {v}" for k, v in parts.items() if k not in kept and v)
        back, _ = recycled(o, rule, c)
        held = c.stub + back
        line = (f"{what}: the stub holds {c.stub} card(s) for {count}; the reshuffle brings back {back} ({came}"
                f"{'; ' + out + ' stay out' if out else ''})")
        line += (f": {held} card(s) for {count}: a discard the rules allow (D1, K8) cannot be replaced"
                 if held < count else "")
        trace.append(line)
    return after


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
        return Cards(*(self(x) for x in c))

    def note(self, fact: Any) -> None:
        """Record a fact about the named terms, to be proved (``facts``) before it is assumed."""
        if self.o.symbolic:
            self.facts.append(fact)


@dataclass(frozen=True)
class Flow:
    """Where the cards are between two streets: the piles, the cards each player holds, who is still in."""

    cards: Cards
    held: tuple[Any, ...]
    active: tuple[Any, ...]

    @classmethod
    def start(cls, table: GameTable, players: int) -> "Flow":
        """Return a full stub, empty hands, everyone in."""
        return cls(Cards.start(table.deck_cards), (0,) * players, (True,) * players)


def play(o, table: GameTable, players: int, choices: Choices, trace: list | None = None,
         frozen: Frozen | None = None) -> Cards:
    """Return where the cards are at the end of a hand of ``players`` making ``choices`` (see the docstring).

    With ``Z3``, pass ``frozen`` and assume its ``defs``: the model's intermediate counts are named there.
    """
    flow, frozen = Flow.start(table, players), frozen or Frozen(o, "cards")
    bets = draws = 0
    for number, street in enumerate(table.streets):
        choice = None
        if street.kind is StreetKind.BET:
            choice, bets = choices.folds[bets], bets + 1
        elif street.kind is StreetKind.DRAW:
            choice, draws = choices.discards[draws], draws + 1
        flow = step(o, table, number, flow, choice, trace, frozen)
    return flow.cards


def step(o, table: GameTable, number: int, flow: Flow, choice: list[Any] | None = None, trace: list | None = None,
         frozen: Frozen | None = None) -> Flow:
    """Return where the cards are after street ``number`` (``choice``: who folds in a betting round, how many cards
    each player discards at a draw)."""
    name = frozen or Frozen(o, "cards")
    street = table.streets[number]
    players = len(flow.held)

    rule = table.runs_out
    c, held, active = flow.cards, list(flow.held), list(flow.active)
    live = o.And(o.Count(active) >= 2, o.Not(c.short))
    if street.kind is StreetKind.DEAL:
        players_in = o.Count(active)
        street_dealt = deal(o, rule, c, players_in, street.cards, street.burn, live)
        if trace is not None and street_dealt.reshuffle:
            trace.append(f"street {number + 1}: the stub is short for {players_in * street.cards} cards; the burns"
                         f"{' and folded hands' if rule is RunsOut.COMMUNITY_CARD_REUSE_FOLDED else ''} come back")
        if trace is not None and street_dealt.community:
            trace.append(f"street {number + 1}: {street_dealt.ready.stub} card(s) for {players_in * street.cards}: one "
                         f"community card for everyone (L8)")
        if trace is not None and live and not street_dealt.dealt and not street_dealt.community:
            trace.append(f"street {number + 1}: {street_dealt.ready.stub} card(s) for {players_in * street.cards}: the "
                         f"hand cannot go on")
        c = street_dealt.cards
        held = [name(o.If(o.And(street_dealt.dealt, a), h + street.cards, h)) for h, a in zip(held, active)]
        c = name.cards(c)
        _conserved(o, table, name, c, held)
    elif street.kind is StreetKind.BET:
        gone = [o.And(live, a, f) for a, f in zip(active, choice)]
        c = c._replace(folded=c.folded + o.Sum([o.If(g, h, 0) for g, h in zip(gone, held)]))
        held = [name(o.If(g, 0, h)) for g, h in zip(gone, held)]
        active = [name(o.And(a, o.Not(g))) for a, g in zip(active, gone)]
        c = name.cards(c)
        _conserved(o, table, name, c, held)
    else:
        drawn = start_draw(o, table, number, flow)
        for turn in draw_turns(table.serve, range(players)):
            drawn = draw_turn(o, table, drawn, turn, choice[turn.seat], trace, name)
        return end_draw(o, drawn, name)
    return Flow(c, tuple(held), tuple(active))


@dataclass(frozen=True)
class Drawing:
    """Where the cards are partway through a draw: the piles, what each player held before it and holds now, how
    many each threw (0 until his turn to discard), who draws, and whether the draw's burn is done."""

    cards: Cards
    before: tuple[Any, ...]
    now: tuple[Any, ...]
    thrown: tuple[Any, ...]
    live: Any                        # the hand goes on: two players or more, and the stub has not failed
    drawing: tuple[Any, ...]         # each player draws: still in, and the hand goes on
    active: tuple[Any, ...]
    burned: Any
    number: int                      # the street
    draws: int                       # the draws so far, this one included (for the words of a trace)


def start_draw(o, table: GameTable, number: int, flow: Flow) -> Drawing:
    """Return the count as draw street ``number`` starts: a new pile for its discards, nothing thrown yet."""
    live = o.And(o.Count(flow.active) >= 2, o.Not(flow.cards.short))
    cards = new_draw(o, flow.cards, live)          # a hand that is over starts no new pile (as the engine)
    draws = sum(1 for s in table.streets[:number + 1] if s.kind is StreetKind.DRAW)
    return Drawing(cards, flow.held, flow.held, (0,) * len(flow.held), live,
                   tuple(o.And(live, a) for a in flow.active), flow.active, False, number, draws)


def draw_turn(o, table: GameTable, drawn: Drawing, turn: Turn, count: Any = 0, trace: list | None = None,
              frozen: Frozen | None = None) -> Drawing:
    """Return the count after one step of a draw (``card_flow.draw_turns``): a player throws ``count`` cards, the
    dealer burns, or serves a player as many as he threw (a player who is out throws and is served nothing)."""
    name = frozen or Frozen(o, "cards")
    street = table.streets[drawn.number]
    i, c = turn.seat, drawn.cards
    now, thrown = list(drawn.now), list(drawn.thrown)
    burned = drawn.burned
    if turn.step == DISCARD:
        thrown[i] = k = name(o.If(drawn.drawing[i], count, 0))
        c = c._replace(current=c.current + k)
        now[i] = drawn.before[i] - k
    elif turn.step == BURN:
        c = burn(o, c, street.burn, drawn.live)
    else:
        k = thrown[i]
        serving = o.And(drawn.drawing[i], k > 0)
        if table.serve is Serve.IN_TURN:       # after all discards no serving burns (``burns_first``)
            c = pick(o, burns_first(o, table.serve, serving, burned), burn(o, c, street.burn, True), c)
            burned = name(o.Or(burned, serving))
        what = "discards" if table.serve is Serve.IN_TURN else "is owed"
        c = name.cards(take_told(o, table.runs_out, c, k, o.And(serving, o.Not(c.short)), trace,
                                 f"in draw {drawn.draws} p{i + 1} {what} {k}"))
        now[i] = drawn.before[i]
        _conserved(o, table, name, c, now)         # each player so far threw k cards and was served k
    return Drawing(c, drawn.before, tuple(now), tuple(thrown), drawn.live, drawn.drawing, drawn.active, burned,
                   drawn.number, drawn.draws)


def end_draw(o, drawn: Drawing, frozen: Frozen | None = None) -> Flow:
    """Return where the cards are once every step of the draw is taken: a player left short by the stub holds what
    he kept (the hand cannot go on)."""
    name = frozen or Frozen(o, "cards")
    c = drawn.cards
    held = [name(b - k + o.If(o.Not(c.short), k, 0)) for b, k in zip(drawn.before, drawn.thrown)]
    return Flow(c, tuple(held), drawn.active)


def _conserved(o, table: GameTable, name: Frozen, c: Cards, held: list[Any]) -> None:
    """Every card is somewhere: the stub, the piles set aside, the hands, the community card (D1)."""
    name.note(o.Implies(o.Not(c.short), c.stub + c.burns + c.folded + c.older + c.current + c.community
                        + o.Sum(held) == table.deck_cards))


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
    from lowball.core.ops import PY

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
