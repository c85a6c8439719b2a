"""The cards of a hand as counts: one definition of burning, dealing, serving and reshuffling (T1, D1, K8, K9, L8, P3).

The stub, the burns, the folded hands and the discard piles, each a count, the
moves that change them (``deal``, ``fold``, ``new_draw``, ``discard``, ``burn``,
``serve``) and the walk through a hand that chains them (``play``: street by
street, and within a draw step by step, ``step``, ``start_draw``, ``draw_turn``,
``end_draw``), written once over the operations of ``core.ops``:

- the engine asks the moves, with plain values (``PY``), what each step of the
  hand does: whether a street burns, reshuffles or deals a community card
  (``engine/dealing.py``), in what order a draw's steps come, whether a serving
  burns or reshuffles first, and how many cards a player may still discard
  (``engine/drawing.py``); its stub (``engine/stub.py``) moves the real cards as
  they say;
- the loader plays each table's worst case with them (``shortfall``: nobody
  folds, everyone discards the most the engine lets them) and refuses a table
  whose stub can fail a street;
- property 5 (``verify/deck.py``) reads the walk with Z3 terms, any player
  folding in any betting round and discarding any legal count at every draw,
  and proves that the stub never fails (``play(...).short`` is false).

What a reshuffle brings back is one table, ``COMES_BACK``: nothing (D1); the
burns, the folded hands and the earlier draws' discards (K9); this draw's too
(P3); the burns (L8); the burns and the folded hands (P4).

>>> from lowball.core.games import load_game_table
>>> shortfall(load_game_table(), 5) is None
True
>>> short = Cards.start(3)
>>> most_served(RunsOut.NEVER, short, owed=0, burn=1, most=5), most_served(RunsOut.RESHUFFLE_EARLIER, short, 0, 1, 5)
(2, 3)
>>> table = load_game_table("deuce-to-seven-triple-draw")
>>> end = play(PY, table, 6, Choices.plain(table, 6, discard=5))      # six players throwing five at every draw
>>> end.short, end.reshuffles
(True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from lowball.core.behaviours import RunsOut, Serve, StreetKind
from lowball.core.ops import PY
from lowball.core.seats import NOBODY

if TYPE_CHECKING:
    from lowball.core.games import GameTable

# What a reshuffle brings back when the stub runs short, pile by pile (the engine's stub moves these cards,
# ``Stub.recyclable``; the counts below move their number).
COMES_BACK: dict[RunsOut, tuple[str, ...]] = {
    RunsOut.NEVER: (),                                                                  # D1: the stub never runs out
    RunsOut.RESHUFFLE_EARLIER: ("burns", "folded", "earlier discards"),                 # K9: not this draw's
    RunsOut.RESHUFFLE_ALL: ("burns", "folded", "earlier discards", "this draw's discards"),     # P3
    RunsOut.COMMUNITY_CARD: ("burns",),                                                 # L8: before a community card
    RunsOut.COMMUNITY_CARD_REUSE_FOLDED: ("burns", "folded"),                           # P4
}
COMMUNITY_RULES = frozenset({RunsOut.COMMUNITY_CARD, RunsOut.COMMUNITY_CARD_REUSE_FOLDED})

# The fields of ``Cards`` by the pile names of ``COMES_BACK``.
PILES = {"burns": "burns", "folded": "folded", "earlier discards": "older", "this draw's discards": "current"}


class Cards(NamedTuple):
    """Where the cards are, as counts (ints with ``PY``, Z3 terms with ``Z3``); a named tuple, cheap to copy."""

    stub: Any
    burns: Any = 0
    folded: Any = 0
    older: Any = 0               # discards of the draws before the current one
    current: Any = 0             # discards of the current (or latest) draw
    community: Any = 0
    reshuffles: Any = 0
    short: Any = False           # the hand could not go on: the stub could not serve a street
    left: Any = 0                # the players still in when the community card was dealt (0: none was)

    @classmethod
    def start(cls, deck_cards: int) -> "Cards":
        """Return a full stub and empty piles."""
        return cls(stub=deck_cards)


def pick(o, cond: Any, a: Cards, b: Cards) -> Cards:
    """Return ``a`` where ``cond`` holds, else ``b`` (field by field with ``Z3``)."""
    if not o.symbolic:
        return a if cond else b
    return Cards(*(o.If(cond, x, y) for x, y in zip(a, b)))


def recycled(o, rule: RunsOut, c: Cards) -> tuple[Any, Cards]:
    """Return what a reshuffle under ``rule`` brings back (``COMES_BACK``), and the piles once it is in the stub."""
    fields = [PILES[name] for name in COMES_BACK[rule]]
    if not fields:
        return 0, c
    back = o.Sum([getattr(c, field) for field in fields])
    after = c._replace(**{field: 0 for field in fields})
    moved = after._replace(stub=c.stub + back, reshuffles=c.reshuffles + 1)
    return back, pick(o, back > 0, moved, c)          # nothing to bring back: no reshuffle at all


def burn(o, c: Cards, count: Any, live: Any = True) -> Cards:
    """Burn ``count`` cards, or as many as the stub holds (K8, L3)."""
    burned = o.If(live, o.Min(c.stub, count), 0)
    return c._replace(stub=c.stub - burned, burns=c.burns + burned)


def take(o, rule: RunsOut, c: Cards, count: Any, live: Any = True) -> Cards:
    """Serve ``count`` cards (when ``live``): reshuffle first if the stub is short; mark the hand short if still."""
    short_now = o.And(live, c.stub < count)
    _, reshuffled = recycled(o, rule, c)
    after = pick(o, short_now, reshuffled, c)
    stuck = o.And(live, after.stub < count)
    return after._replace(stub=o.If(live, after.stub - count, after.stub), short=o.Or(c.short, stuck))


class Dealt(NamedTuple):
    """A deal street counted: the piles after it, and what the table's rule made of a short stub."""

    cards: Cards
    ready: Cards                 # the piles once burned and reshuffled, before anyone is dealt to
    reshuffle: Any               # the stub was short after the burn: the table's rule brought cards back
    community: Any               # still short, one card a street: one community card for everyone (L8)
    dealt: Any                   # every player still in got the street's cards


def deal(o, rule: RunsOut, c: Cards, players: Any, cards: int, burned: int, live: Any = True) -> Dealt:
    """Count a deal street (T6, L3, L8): burn, then ``cards`` to each of ``players``; a short stub reshuffles by
    ``rule``, and if still short a one-card street deals one community card instead (``COMMUNITY_RULES``)."""
    need = players * cards
    if not o.symbolic and live and burned + need <= c.stub:
        # The usual case, read with numbers: the stub serves the burn and the street, nothing else happens. (The
        # lines below give the same; the engine deals every street, so it skips their steps.)
        ready = c._replace(stub=c.stub - burned, burns=c.burns + burned)
        return Dealt(ready._replace(stub=ready.stub - need), ready, False, False, True)
    c = burn(o, c, burned, live)
    reshuffle = o.And(live, c.stub < need)
    _, reshuffled = recycled(o, rule, c)
    c = ready = pick(o, reshuffle, reshuffled, c)
    community = o.And(live, c.stub < need, cards == 1, rule in COMMUNITY_RULES)
    served = take(o, rule, c, 1, community)
    c = pick(o, community, served._replace(community=c.community + 1, left=players), c)
    stuck = o.And(live, o.Not(community), c.stub < need)
    dealt = o.And(live, o.Not(community), o.Not(stuck))
    c = c._replace(stub=o.If(dealt, c.stub - need, c.stub), short=o.Or(c.short, stuck))
    return Dealt(c, ready, reshuffle, community, dealt)


def new_draw(o, c: Cards, live: Any = True) -> Cards:
    """Start a draw (when ``live``): the last draw's discards become earlier ones, and this draw's pile is empty."""
    return c._replace(older=o.If(live, c.older + c.current, c.older), current=o.If(live, 0, c.current))


# ---- the order of a draw ----

class Turn(NamedTuple):
    """One step of a draw: a player discards (``DISCARD``), the dealer burns (``BURN``), or serves a player
    (``SERVE``) as many cards as he threw."""

    step: str
    seat: int                    # the player's seat (``seats.NOBODY`` for the burn)


DISCARD, BURN, SERVE = "discard", "burn", "serve"


def draw_turns(serve: Serve, seats: Sequence[int]) -> tuple[Turn, ...]:
    """Return the steps of a draw for the players ``seats`` (those still in, from the dealer's left), in order.

    Served in turn (D1, K8), each player discards and is served before the next one discards, and the burn comes
    before the draw's first replacement (``served``); served after all discards (P3, pokerkit), everyone
    discards, then one burn, then the replacements in seat order. The engine plays a draw by these steps, and
    the walk (``draw_turn``, which property 5 reads) counts the cards by the same steps.

    >>> [f"{t.step} {t.seat}" for t in draw_turns(Serve.AFTER_ALL_DISCARDS, [0, 2])]
    ['discard 0', 'discard 2', 'burn -1', 'serve 0', 'serve 2']
    """
    if serve is Serve.IN_TURN:
        return tuple(turn for seat in seats for turn in (Turn(DISCARD, seat), Turn(SERVE, seat)))
    return (*(Turn(DISCARD, seat) for seat in seats), Turn(BURN, NOBODY), *(Turn(SERVE, seat) for seat in seats))


def burns_first(o, serve: Serve, serving: Any, burned: Any) -> Any:
    """Return whether a serving burns first: served in turn, the draw's first replacement (``serving``: it serves
    cards; ``burned``: nothing was burned yet this draw) comes after the burn (D1, K8); served after all discards
    (P3), the burn is a step of its own (``BURN``) and no serving burns."""
    if serve is not Serve.IN_TURN:
        return False
    return o.And(serving, o.Not(burned))


class Served(NamedTuple):
    """A serving counted: the piles after it, and what the dealer did first."""

    cards: Cards
    ready: Cards                 # the piles once burned, before the stub is asked for the cards
    burn: Any                    # the draw's burn came first (served in turn: its first replacement, D1, K8)
    reshuffle: Any               # the stub was short: the table's rule brought cards back first (K9, P3)


def serve(o, rule: RunsOut, serve_rule: Serve, c: Cards, count: Any, burn_count: int, burned: Any,
          serving: Any = True) -> Served:
    """Count a serving of ``count`` replacements (D1, K8, K9, P3): served in turn, the draw's first replacement
    burns first (``burns_first``; ``burned``: the burn is done); a short stub reshuffles by ``rule``; the hand is
    short if it still cannot serve. ``serving``: the player is owed cards (and the hand goes on).

    >>> after = serve(PY, RunsOut.RESHUFFLE_EARLIER, Serve.IN_TURN, Cards(stub=3, older=4), 3, 1, False)
    >>> after.burn, after.reshuffle, after.cards.stub, after.cards.reshuffles
    (True, True, 4, 1)
    """
    first = burns_first(o, serve_rule, serving, burned)
    ready = pick(o, first, burn(o, c, burn_count, True), c) if serve_rule is Serve.IN_TURN else c
    live = o.And(serving, o.Not(ready.short))
    return Served(take(o, rule, ready, count, live), ready, first, o.And(live, ready.stub < count))


def would_serve(o, rule: RunsOut, c: Cards, need: Any, burn: Any, discarding: Any) -> Any:
    """Return whether, after burning ``burn``, the stub can still give ``need`` cards, reshuffling by ``rule`` if it
    runs short (``discarding``: cards about to join this draw's discards, which P3 brings back too)."""
    burned = o.Min(burn, c.stub)
    back, _ = recycled(o, rule, c._replace(burns=c.burns + burned, current=c.current + discarding))
    return need <= c.stub - burned + back          # what comes back only adds: the stub alone is the case back = 0


def most_served(rule: RunsOut, c: Cards, owed: int, burn: int, most: int) -> int:
    """Return the most cards (up to ``most``) the next player may discard and still be served this draw, with
    ``owed`` cards still owed to the players before and ``burn`` cards still to burn (D1, K9, P3)."""
    if owed + burn + most <= c.stub:                      # the usual case: plenty of cards
        return most
    return next((count for count in range(most, -1, -1)
                 if would_serve(PY, rule, c, owed + count, burn, count)), 0)


# ---- the walk through a hand ----

@dataclass
class Choices:
    """Who folds in each betting round, and how many cards each player discards at each draw."""

    folds: list[list[Any]]           # one list of flags per betting round
    discards: list[list[Any]]        # one list of counts per draw

    @classmethod
    def plain(cls, table: "GameTable", players: int, discard: int | None = None) -> "Choices":
        """Return the plainest hand: nobody folds, everyone discards ``discard`` (None: the most) at every draw."""
        return cls(folds=[[False] * players for _ in range(table.betting_rounds)],
                   discards=[[street.max_discard if discard is None else discard] * players
                             for street in table.draw_streets])


class Naming:
    """Names the terms of the walk as it goes: here each value is itself; ``verify/deck.py`` gives each Z3 term a
    fresh variable (so that each step builds on small terms) and keeps what ``note`` records, to prove."""

    def __call__(self, term: Any) -> Any:
        return term

    def cards(self, c: Cards) -> Cards:
        return Cards(*(self(x) for x in c))

    def note(self, fact: Any) -> None:
        """Record a fact about the named terms (every card is somewhere), to be proved before it is assumed."""


class Event(NamedTuple):
    """Something the stub did that a reader of a short hand needs told, as data (``verify/deck.py`` words it)."""

    key: str                     # "street-reshuffle", "street-community", "street-stuck", "draw-reshuffle"
    fields: dict


@dataclass(frozen=True)
class Flow:
    """Where the cards are between two streets: the piles, the cards each player holds, who is still in."""

    cards: Cards
    held: tuple[Any, ...]
    active: tuple[Any, ...]

    @classmethod
    def start(cls, table: "GameTable", players: int) -> "Flow":
        """Return a full stub, empty hands, everyone in."""
        return cls(Cards.start(table.deck_cards), (0,) * players, (True,) * players)


def play(o, table: "GameTable", players: int, choices: Choices, trace: list | None = None,
         name: Naming | None = None) -> Cards:
    """Return where the cards are at the end of a hand of ``players`` making ``choices``: each street in turn
    (``step``); with a ``trace`` list, what the stub did (``Event``); with Z3, ``name`` names the steps' terms."""
    flow, name = Flow.start(table, players), name or Naming()
    bets = draws = 0
    for number, street in enumerate(table.streets):
        choice = None
        if street.kind is StreetKind.BET:
            choice, bets = choices.folds[bets], bets + 1
        elif street.kind is StreetKind.DRAW:
            choice, draws = choices.discards[draws], draws + 1
        flow = step(o, table, number, flow, choice, trace, name)
    return flow.cards


def step(o, table: "GameTable", number: int, flow: Flow, choice: list[Any] | None = None, trace: list | None = None,
         name: Naming | None = None) -> Flow:
    """Return where the cards are after street ``number`` (``choice``: who folds in a betting round, how many cards
    each player discards at a draw): a deal street (``deal``: a burn, each player still in gets the street's
    cards, or one community card, L8); a betting round (``fold``: a folded hand is set aside, K9 and P4 may
    reuse it); a draw, step by step in the table's order (``draw_turns``, ``draw_turn``)."""
    name = name or Naming()
    street = table.streets[number]
    players = len(flow.held)
    rule = table.runs_out
    c, held, active = flow.cards, list(flow.held), list(flow.active)
    live = o.And(o.Count(active) >= 2, o.Not(c.short))
    if street.kind is StreetKind.DEAL:
        players_in = o.Count(active)
        dealt = deal(o, rule, c, players_in, street.cards, street.burn, live)
        if trace is not None:
            fields = {"street": number + 1, "need": players_in * street.cards, "stub": dealt.ready.stub,
                      "folded": rule is RunsOut.COMMUNITY_CARD_REUSE_FOLDED}
            if dealt.reshuffle:
                trace.append(Event("street-reshuffle", fields))
            if dealt.community:
                trace.append(Event("street-community", fields))
            if live and not dealt.dealt and not dealt.community:
                trace.append(Event("street-stuck", fields))
        c = dealt.cards
        held = [name(o.If(o.And(dealt.dealt, a), h + street.cards, h)) for h, a in zip(held, active)]
        c = name.cards(c)
        _conserved(o, table, name, c, held)
    elif street.kind is StreetKind.BET:
        gone = [o.And(live, a, f) for a, f in zip(active, choice)]
        c = fold(o, c, [o.If(g, h, 0) for g, h in zip(gone, held)])
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


def fold(o, c: Cards, hands: Sequence[Any]) -> Cards:
    """Set folded hands aside (``hands``: the cards of each, 0 for a player who stays in)."""
    return c._replace(folded=c.folded + o.Sum(list(hands)))


def discard(c: Cards, count: Any) -> Cards:
    """Set a discard aside, on this draw's pile (D1: it never comes back to the player)."""
    return c._replace(current=c.current + count)


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
    draws: int                       # the draws so far, this one included (for a trace)


def start_draw(o, table: "GameTable", number: int, flow: Flow) -> Drawing:
    """Return the count as draw street ``number`` starts: a new pile for its discards, nothing thrown yet."""
    live = o.And(o.Count(flow.active) >= 2, o.Not(flow.cards.short))
    cards = new_draw(o, flow.cards, live)          # a hand that is over starts no new pile (as the engine)
    draws = sum(1 for s in table.streets[:number + 1] if s.kind is StreetKind.DRAW)
    return Drawing(cards, flow.held, flow.held, (0,) * len(flow.held), live,
                   tuple(o.And(live, a) for a in flow.active), flow.active, False, number, draws)


def draw_turn(o, table: "GameTable", drawn: Drawing, turn: Turn, count: Any = 0, trace: list | None = None,
              name: Naming | None = None) -> Drawing:
    """Return the count after one step of a draw (``draw_turns``): a player throws ``count`` cards (``discard``),
    the dealer burns (``burn``), or serves a player as many as he threw (``serve``; a player who is out throws and
    is served nothing)."""
    name = name or Naming()
    street = table.streets[drawn.number]
    i, c = turn.seat, drawn.cards
    now, thrown = list(drawn.now), list(drawn.thrown)
    burned = drawn.burned
    if turn.step == DISCARD:
        thrown[i] = k = name(o.If(drawn.drawing[i], count, 0))
        c = discard(c, k)
        now[i] = drawn.before[i] - k
    elif turn.step == BURN:
        c = burn(o, c, street.burn, drawn.live)
    else:
        k = thrown[i]
        serving = o.And(drawn.drawing[i], k > 0)
        served = serve(o, table.runs_out, table.serve, c, k, street.burn, burned, serving)
        if table.serve is Serve.IN_TURN:       # after all discards no serving burns (``burns_first``)
            burned = name(o.Or(burned, serving))
        if trace is not None and served.reshuffle:
            trace.append(_reshuffled(o, table, drawn, served.ready, i, k))
        c = name.cards(served.cards)
        now[i] = drawn.before[i]
        _conserved(o, table, name, c, now)         # each player so far threw k cards and was served k
    return Drawing(c, drawn.before, tuple(now), tuple(thrown), drawn.live, drawn.drawing, drawn.active, burned,
                   drawn.number, drawn.draws)


def _reshuffled(o, table: "GameTable", drawn: Drawing, c: Cards, seat: int, count: int) -> Event:
    """Return what a serving's reshuffle did, as data: the piles that came back and those that stayed out."""
    back, _ = recycled(o, table.runs_out, c)
    piles = {name: getattr(c, field) for name, field in PILES.items()}
    return Event("draw-reshuffle", {"draw": drawn.draws, "seat": seat + 1, "in_turn": table.serve is Serve.IN_TURN,
                                    "count": count, "stub": c.stub, "back": back, "piles": piles,
                                    "kept": COMES_BACK[table.runs_out], "held": c.stub + back})


def end_draw(o, drawn: Drawing, name: Naming | None = None) -> Flow:
    """Return where the cards are once every step of the draw is taken: a player left short by the stub holds what
    he kept (the hand cannot go on)."""
    name = name or Naming()
    c = drawn.cards
    held = [name(b - k + o.If(o.Not(c.short), k, 0)) for b, k in zip(drawn.before, drawn.thrown)]
    return Flow(c, tuple(held), drawn.active)


def _conserved(o, table: "GameTable", name: Naming, c: Cards, held: list[Any]) -> None:
    """Every card is somewhere: the stub, the piles set aside, the hands, the community card (D1)."""
    name.note(o.Implies(o.Not(c.short), c.stub + c.burns + c.folded + c.older + c.current + c.community
                        + o.Sum(held) == table.deck_cards))


def demand(o, table: "GameTable", players: int, choices: Choices) -> Any:
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


# ---- the worst case the loader asks of every table ----

def shortfall(table: "GameTable", players: int) -> tuple[int, str, str] | None:
    """Return the first street the stub may fail with ``players`` players, the key at fault ("" for the street
    itself, "burn" or "min_discard"), and how (None: it never fails).

    Nobody folds (a folded hand never needs more cards, and may give its cards back) and at every draw each
    player discards the most the engine lets them (``most_served``), so the stub is as short as it can get.
    """
    rule = table.runs_out
    c = Cards.start(table.deck_cards)
    for index, street in enumerate(table.streets):
        if street.kind is StreetKind.DEAL:
            if street.burn > c.stub:
                return index, "burn", f"this street burns {street.burn} cards and the stub holds {c.stub}"
            step = deal(PY, rule, c, players, street.cards, street.burn)
            if not step.cards.short:                # dealt, or one community card for everyone (L8)
                c = step.cards
                continue
            return index, "", f"this deal needs {players * street.cards} cards and the stub holds {step.ready.stub}"
        if street.kind is StreetKind.DRAW:
            c, problem = _worst_draw(new_draw(PY, c), street, players, rule, table.serve)
            if problem:
                return index, "min_discard", problem
    return None


def _worst_draw(c: Cards, street, players: int, rule: RunsOut, serve: Serve) -> tuple[Cards, str | None]:
    """Play a draw, step by step (``draw_turns``), where everyone discards the most the engine allows; say why the
    least discard may fail."""
    owed: dict[int, int] = {}
    burned = False
    for turn in draw_turns(serve, range(players)):
        if turn.step == DISCARD:
            most = most_served(rule, c, sum(owed.values()), 0 if burned else street.burn, street.max_discard)
            if most < street.min_discard:
                return c, (f"p{turn.seat + 1} may find only {most} card{'s' if most != 1 else ''} to replace, fewer "
                           f"than the {street.min_discard} every player must discard")
            c = c._replace(current=c.current + most)
            owed[turn.seat] = most
        elif turn.step == BURN:
            c = burn(PY, c, street.burn)         # only replacements follow: nothing reads that it burned
        else:
            count = owed.pop(turn.seat)
            if burns_first(PY, serve, count > 0, burned):
                c, burned = burn(PY, c, street.burn), True
            c = take(PY, rule, c, count)          # taking no cards changes nothing
    return c, None
