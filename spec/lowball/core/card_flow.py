"""The cards of a hand as counts: one definition of burning, dealing, serving and reshuffling (T1, D1, K8, K9, L8, P3).

The stub, the burns, the folded hands and the discard piles, each a count, and
the rules that move them, written once over the operations of ``core.ops``:

- the engine asks them, with plain values (``PY``), when a street must
  reshuffle or deal a community card (``engine/dealing.py``), in what order a draw's
  steps come and how many cards a player may still discard (``engine/drawing.py``),
  and moves the cards as they say;
- the loader plays each table's worst case with them (``shortfall``: nobody
  folds, everyone discards the most the engine lets them) and refuses a table
  whose stub can fail a street;
- property 5 chains them street by street with Z3 terms
  (``verify/models/cards.py``) and proves that the stub never fails.

What a reshuffle brings back is one table, ``COMES_BACK``: nothing (D1); the
burns, the folded hands and the earlier draws' discards (K9); this draw's too
(P3); the burns (L8); the burns and the folded hands (P4).

>>> from lowball.core.games import load_game_table
>>> shortfall(load_game_table(), 5) is None
True
>>> short = Cards.start(3)
>>> most_served(RunsOut.NEVER, short, owed=0, burn=1, most=5), most_served(RunsOut.RESHUFFLE_EARLIER, short, 0, 1, 5)
(2, 3)
"""

from __future__ import annotations

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
    property 5 counts the cards by the same steps (``verify/models/cards.py``).

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
