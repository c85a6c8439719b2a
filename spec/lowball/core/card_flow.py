"""The worst case of a table's cards: can the stub serve every deal, and every draw its least discard (T1, D1, L8)?

The engine plays any table the loader accepts, so the loader asks this of every
table, for every player count: nobody folds (a folded hand never needs more
cards, and may give its cards back) and at every draw each player discards
the most the engine lets them (``engine.drawing.most_served``: what the stub
and the table's reshuffle can still replace), so the stub is as short as it
can get. A deal street must then be served, after the reshuffle the table's
rule allows, or by one community card for everyone (L8); a draw must let its
last player discard at least ``min_discard``. A draw itself never strands a
player: the engine lets nobody discard more than can be replaced.

The piles counted here are those of ``engine/stub.py``; ``RETURNS`` says which
of them each rule reshuffles (``Stub.recyclable``; a test compares the two).

>>> from lowball.core.games import load_game_table
>>> shortfall(load_game_table(), 5) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lowball.core.behaviours import RunsOut, Serve, StreetKind

if TYPE_CHECKING:
    from lowball.core.games import GameTable

# The piles each rule shuffles back into a short stub (``Stub.recyclable``): the burns, the folded hands, the
# discards of earlier draws, the discards of the current draw.
RETURNS: dict[RunsOut, frozenset[str]] = {
    RunsOut.NEVER: frozenset(),                                                     # D1
    RunsOut.RESHUFFLE_EARLIER: frozenset({"burns", "folded", "earlier"}),           # K9
    RunsOut.RESHUFFLE_ALL: frozenset({"burns", "folded", "earlier", "current"}),    # P3
    RunsOut.COMMUNITY_CARD: frozenset({"burns"}),                                   # L8
    RunsOut.COMMUNITY_CARD_REUSE_FOLDED: frozenset({"burns", "folded"}),            # P4
}
COMMUNITY_RULES = frozenset({RunsOut.COMMUNITY_CARD, RunsOut.COMMUNITY_CARD_REUSE_FOLDED})


@dataclass
class Piles:
    """The cards of a hand as counts: the stub, and the piles set aside (nobody folds in the worst case)."""

    stub: int
    burns: int = 0
    earlier: int = 0
    current: int = 0

    def back(self, rule: RunsOut) -> int:
        """Return how many cards a reshuffle under ``rule`` would bring back."""
        return sum(getattr(self, pile) for pile in RETURNS[rule] if pile != "folded")

    def reshuffle(self, rule: RunsOut) -> None:
        """Shuffle back what ``rule`` returns."""
        self.stub += self.back(rule)
        for pile in RETURNS[rule] - {"folded"}:
            setattr(self, pile, 0)

    def burn(self, count: int) -> None:
        """Burn ``count`` cards, or as many as the stub holds (``Stub.burn``)."""
        burned = min(count, self.stub)
        self.stub -= burned
        self.burns += burned

    def take(self, count: int, rule: RunsOut) -> bool:
        """Deal ``count`` cards, reshuffling first when the stub is short; return whether it could."""
        if self.stub < count:
            self.reshuffle(rule)
        if self.stub < count:
            return False
        self.stub -= count
        return True

    def would_serve(self, rule: RunsOut, need: int, burn: int, discarding: int) -> bool:
        """Return whether ``need`` cards can be served after ``burn``, reshuffling if short (``Stub.would_serve``)."""
        burned = min(burn, self.stub)
        if need <= self.stub - burned:
            return True
        if rule is RunsOut.NEVER:
            return False
        back = self.back(rule) + burned + (discarding if "current" in RETURNS[rule] else 0)
        return need <= self.stub - burned + back


def shortfall(table: "GameTable", players: int) -> tuple[int, str, str] | None:
    """Return the first street the stub may fail with ``players`` players, the key at fault ("" for the street
    itself, "burn" or "min_discard"), and how (None: it never fails)."""
    rule = table.runs_out
    piles = Piles(stub=table.deck_cards)
    for index, street in enumerate(table.streets):
        if street.kind is StreetKind.DEAL:
            if street.burn > piles.stub:
                return index, "burn", f"this street burns {street.burn} cards and the stub holds {piles.stub}"
            piles.burn(street.burn)
            need = players * street.cards
            if piles.take(need, rule):
                continue
            if street.cards == 1 and rule in COMMUNITY_RULES and piles.take(1, rule):
                continue                       # L8: one card face up for everyone instead
            return index, "", f"this deal needs {need} cards and the stub holds {piles.stub}"
        if street.kind is StreetKind.DRAW:
            piles.earlier += piles.current
            piles.current = 0
            problem = _draw(piles, street, players, rule, table.serve)
            if problem:
                return index, "min_discard", problem
    return None


def _draw(piles: Piles, street, players: int, rule: RunsOut, serve: Serve) -> str | None:
    """Play a draw where everyone discards the most the engine allows; say why the least discard may fail."""
    owed, burned = [], False
    for seat in range(players):
        burn = 0 if burned else street.burn
        waiting = sum(owed)
        most = next((count for count in range(street.max_discard, -1, -1)
                     if piles.would_serve(rule, waiting + count, burn, count)), 0)
        if most < street.min_discard:
            return (f"p{seat + 1} may find only {most} card{'s' if most != 1 else ''} to replace, fewer than the "
                    f"{street.min_discard} every player must discard")
        piles.current += most
        if serve is Serve.IN_TURN:
            if most:
                if not burned:
                    piles.burn(street.burn)
                    burned = True
                piles.take(most, rule)
        else:
            owed.append(most)
    if serve is Serve.AFTER_ALL_DISCARDS:
        piles.burn(street.burn)
        for count in owed:
            piles.take(count, rule)
    return None
