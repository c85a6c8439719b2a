"""The stub: the cards the dealer still holds, the cards set aside, and what happens when it runs out.

Cards leave the stub when dealt or burned (D1, K8, L3). Cards set aside
(burns, folded hands, discards) never come back, unless the stub cannot serve
a street: then the table's rule decides (K9, P3, L8, P4). When to burn,
reshuffle or serve, and how many, is counted by ``core.card_flow``, the rules
the loader and the proofs read too; the stub moves the cards. A hand we deal
ourselves knows the stub's order; a replayed history names every card it deals,
so the stub only knows which cards are still unseen, and burns are counted, not
named (a history never says which card was burned).
"""

from __future__ import annotations

import functools
import random
from typing import NamedTuple, Sequence

from lowball.core.behaviours import RunsOut
from lowball.core.card_flow import COMES_BACK, Cards, Served
from lowball.core.cards import Card

# The primes that give each shuffle of a seeded hand a random stream of its own (see ``Stub.reshuffle`` and the
# redeal in ``engine/state.py``): any large primes would do; these two must stay, or old seeds deal new cards.
RESHUFFLE_STREAM = 7919
REDEAL_STREAM = 104729


def shuffle(cards: list, seed: int) -> None:
    """Shuffle ``cards`` in place exactly as ``random.Random(seed).shuffle(cards)`` does (the same order for the same
    seed: a seed deals the cards it always dealt), without a method call per card: a deck is shuffled every hand.

    ``random.Random.shuffle`` swaps card i with a card j below i + 1 drawn by ``_randbelow``: draws of as many
    random bits as i + 1 has, until one is below i + 1. This is that loop, written out.

    >>> deck = list(range(52)); same = list(range(52)); random.Random(7).shuffle(same); shuffle(deck, 7)
    >>> deck == same
    True
    """
    getrandbits = random.Random(seed).getrandbits
    for i, below, bits in _draws(len(cards)):
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


@functools.cache
def _draws(count: int) -> tuple[tuple[int, int, int], ...]:
    """Return, for each swap of a shuffle of ``count`` cards in turn, the card's place, the bound of the draw and
    the random bits each try takes."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, count)))


class Stub(NamedTuple):
    """The undealt cards (``order``: top first, when known) and the piles set aside; frozen (a named tuple, built
    at the cost of a tuple), so every move returns a new stub and a hand's earlier states keep theirs."""

    named: frozenset[Card]                # an unknown stub's cards that may still be dealt (a known stub's: its order)
    size: int                             # how many cards the stub holds (unknown burns included)
    order: tuple[Card, ...] | None        # the stub top first, when the deck order is known
    burns: tuple[Card | None, ...] = ()
    folded: tuple[Card | None, ...] = ()
    discards: tuple[tuple[Card | None, ...], ...] = ()    # one pile per draw, in order
    reshuffles: int = 0
    seed: int = 0

    @classmethod
    def ordered(cls, cards: Sequence[Card], seed: int = 0) -> "Stub":
        """Return a stub whose order is known (a hand we deal ourselves)."""
        return cls(named=frozenset(), size=len(cards), order=tuple(cards), seed=seed)

    @classmethod
    def unknown(cls, cards: Sequence[Card]) -> "Stub":
        """Return a stub of ``cards`` in an order nobody knows (a hand replayed from a history)."""
        return cls(named=frozenset(cards), size=len(cards), order=None)

    @property
    def unseen(self) -> frozenset[Card]:
        """Return the cards that may still be dealt from the stub: a known stub's are the cards of its order."""
        return frozenset(self.order) if self.order is not None else self.named

    def _with(self, named: frozenset[Card] | None = None, size: int | None = None, order: object = False,
              burns: tuple | None = None, folded: tuple | None = None, discards: tuple | None = None,
              reshuffles: int | None = None) -> "Stub":
        """Return this stub with the named fields changed (``order=False``: unchanged, as None is a value)."""
        return Stub(self.named if named is None else named, self.size if size is None else size,
                    self.order if order is False else order, self.burns if burns is None else burns,
                    self.folded if folded is None else folded, self.discards if discards is None else discards,
                    self.reshuffles if reshuffles is None else reshuffles, self.seed)

    def top(self, count: int) -> list[Card]:
        """Return the next ``count`` cards of a known stub (for the dealer's legal actions)."""
        assert self.order is not None
        return list(self.order[:count])

    def can_serve(self, count: int) -> bool:
        """Return whether the stub itself holds ``count`` more cards."""
        return count <= self.size

    def take(self, cards: Sequence[Card | None]) -> "Stub":
        """Return the stub once dealt cards are taken out (each known card must be unseen: the caller checked)."""
        count = len(cards)
        order = self.order
        if order is not None:
            if order[:count] == tuple(cards):     # the usual case: off the top, in order
                order = order[count:]
            elif None in cards:
                raise AssertionError("a known stub deals only known cards")
            else:                                 # a street dealt one card at a time: every m-th card from the top
                at = sorted([order.index(card) for card in cards])
                order = order[:at[0]] + sum((order[a + 1:b] for a, b in zip(at, at[1:])), ()) + order[at[-1] + 1:]
            return self._with(size=self.size - count, order=order)
        known = [card for card in cards if card is not None]    # an unknown stub (a replayed history): as named
        return self._with(named=self.named.difference(known), size=self.size - count)

    def burn(self, count: int) -> "Stub":
        """Return the stub once ``count`` cards are burned (D1: none at the teaching table; K8, L3: one before each
        draw or street); a stub shorter than that burns what it holds."""
        count = min(count, self.size)
        if not count:
            return self
        if self.order is not None:
            burned = self.order[:count]
            return self._with(size=self.size - count, order=self.order[count:], burns=self.burns + burned)
        return self._with(size=self.size - count, burns=self.burns + (None,) * count)

    def prepare(self, plan: Served, burn: int, rule: RunsOut) -> "Stub":
        """Return the stub once the dealer has done what a serving's ``plan`` says comes first: the draw's burn of
        ``burn`` cards, a reshuffle by ``rule`` (``core.card_flow.serve``)."""
        stub = self.burn(burn) if plan.burn else self
        return stub.reshuffle(rule) if plan.reshuffle else stub

    def new_pile(self) -> "Stub":
        """Return the stub with an empty discard pile for a new draw."""
        return self._with(discards=self.discards + ((),))

    def discard(self, cards: Sequence[Card | None]) -> "Stub":
        """Return the stub with ``cards`` set aside on this draw's pile (D1: they never come back to the player)."""
        return self._with(discards=self.discards[:-1] + (self.discards[-1] + tuple(cards),))

    def fold(self, cards: Sequence[Card | None]) -> "Stub":
        """Return the stub with a folded hand's cards set aside."""
        return self._with(folded=self.folded + tuple(cards))

    def shown(self, cards: Sequence[Card]) -> "Stub":
        """Return the stub once cards dealt face down unknown are shown (no longer unseen: a replayed history)."""
        return self._with(named=self.named.difference(cards))

    def counts(self) -> Cards:
        """Return the stub and the piles as counts, for the rules of ``core.card_flow``.

        >>> from lowball.core.cards import DECK
        >>> stub = Stub.ordered(DECK[:3]).burn(1); stub.counts().stub, stub.counts().burns
        (2, 1)
        """
        earlier = sum(map(len, self.discards[:-1]))
        return Cards(stub=self.size, burns=len(self.burns), folded=len(self.folded), older=earlier,
                     current=len(self.discards[-1]) if self.discards else 0, reshuffles=self.reshuffles)

    def recyclable(self, rule: RunsOut) -> list[Card | None]:
        """Return the cards set aside that ``rule`` lets come back into play when the stub runs short."""
        piles = {"burns": self.burns, "folded": self.folded,
                 "earlier discards": [card for pile in self.discards[:-1] for card in pile],
                 "this draw's discards": list(self.discards[-1]) if self.discards else []}
        return [card for name in COMES_BACK[rule] for card in piles[name]]

    def reshuffle(self, rule: RunsOut) -> "Stub":
        """Return the stub with the recyclable cards shuffled under it (unchanged when ``rule`` brings none back)."""
        back = self.recyclable(rule)
        if not back:
            return self
        piles = [list(pile) for pile in (self.burns, self.folded, *self.discards)]
        for pile in piles:
            for card in back:
                if card in pile:
                    pile.remove(card)
        known = [card for card in back if card is not None]
        order = self.order
        if order is not None:
            # Each reshuffle of a seeded hand draws from a stream of its own (the seed times a prime, plus the
            # reshuffle's number), so that replaying the seed gives the same cards and no two shuffles share a stream.
            shuffle(known, self.seed * RESHUFFLE_STREAM + self.reshuffles)
            order = order + tuple(known)
        named = self.named if order is not None else self.named.union(known)
        return self._with(named=named, size=self.size + len(back), order=order,
                          burns=tuple(piles[0]), folded=tuple(piles[1]),
                          discards=tuple(tuple(pile) for pile in piles[2:]), reshuffles=self.reshuffles + 1)
