"""Pots and side pots, and how each is shared: the arithmetic of G6, S2, L2 and L7, as pure functions.

Each all-in player can win only the chips matched against them (G6): the chips
are cut into layers at every contender's total, and each layer is a pot that
only the contenders who reached its top may win. Each pot is awarded on its
own. Folded players' chips stay in the layers they reached. No chip is created
or lost: ``lowball verify`` proves it for these functions, and the engine's
property tests check it on every hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence, assert_never

from lowball.core.behaviours import OddChip


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, and the seats that may win it (in seat order from the dealer's left)."""

    chips: int
    eligible: tuple[int, ...]


def build_pots(invested: Sequence[int], contenders: Sequence[int], dead: int = 0) -> list[Pot]:
    """Return the main pot and the side pots, main first (G6).

    ``invested[seat]`` is every live chip a seat put in this hand; ``contenders``
    are the seats still in it (not folded). A pot's top is a contender's total;
    the pot holds what every seat put in between the previous top and this one.
    ``dead`` chips (antes, V3, V5, V9) go into the main pot, which every
    contender may win however short.

    >>> build_pots([10, 10, 10], [0, 1, 2])
    [Pot(chips=30, eligible=(0, 1, 2))]
    >>> build_pots([5, 20, 20, 3], [0, 1, 2])        # seat 0 all in for 5; seat 3 folded after 3
    [Pot(chips=18, eligible=(0, 1, 2)), Pot(chips=30, eligible=(1, 2))]
    >>> build_pots([0, 20, 20], [0, 1, 2], dead=15)  # V5: seat 0 all in on the big-blind ante wins all 15
    [Pot(chips=15, eligible=(0, 1, 2)), Pot(chips=40, eligible=(1, 2))]
    """
    tops = sorted({invested[seat] for seat in contenders})
    pots, floor = [], 0
    for index, top in enumerate(tops):
        chips = sum(min(put, top) - min(put, floor) for put in invested) + (dead if index == 0 else 0)
        eligible = tuple(seat for seat in sorted(contenders) if invested[seat] >= top)
        if chips:
            pots.append(Pot(chips, eligible))
        floor = top
    return pots


def uncalled(invested: Sequence[int]) -> tuple[int, int] | None:
    """Return (seat, chips) of a bet nobody matched, to go back to its owner; None if every bet was matched.

    >>> uncalled([4, 10, 4]), uncalled([4, 4, 0])
    ((1, 6), None)
    """
    if len(invested) < 2:
        return None
    order = sorted(range(len(invested)), key=lambda seat: invested[seat], reverse=True)
    top, second = order[0], order[1]
    excess = invested[top] - invested[second]
    return (top, excess) if excess > 0 else None


def share(chips: int, winners: Sequence[int], rule: OddChip,
          high_card: Callable[[int], tuple[int, int]] | None = None) -> dict[int, int]:
    """Return each winner's share of ``chips`` (S2, L7, P5); ``winners`` are in seat order from the dealer's left.

    ``high_card(seat)`` ranks the card of a winner that the stud rules read (L7,
    N9: the highest by rank then suit, or the lowest): the higher its key, the
    earlier the winner gets an odd chip.

    >>> share(9, [0, 2], OddChip.FIRST_WINNER_LEFT_OF_DEALER)
    {0: 5, 2: 4}
    >>> share(11, [1, 3, 4], OddChip.FIRST_WINNER_LEFT_OF_DEALER)    # two odd chips: one each from the left
    {1: 4, 3: 4, 4: 3}
    >>> share(11, [1, 3, 4], OddChip.LOWEST_SEAT)                      # P5: both to the lowest seat
    {1: 5, 3: 3, 4: 3}
    """
    return shares_with(chips, winners, odd_chips(chips, winners, rule, high_card))


def odd_chips(chips: int, winners: Sequence[int], rule: OddChip,
              high_card: Callable[[int], tuple[int, int]] | None = None) -> list[int]:
    """Return the winner each odd chip of ``chips`` goes to, the first chip first (S2, L7, P5; none if the house
    keeps them).

    >>> odd_chips(11, [1, 3, 4], OddChip.FIRST_WINNER_LEFT_OF_DEALER), odd_chips(11, [1, 3, 4], OddChip.LOWEST_SEAT)
    ([1, 3], [1, 1])
    """
    order = sorted(winners)
    odd = chips % len(order)
    match rule:
        case OddChip.FIRST_WINNER_LEFT_OF_DEALER:
            return order[:odd]
        case OddChip.LOWEST_SEAT:
            return [order[0]] * odd
        case (OddChip.HIGH_CARD_BY_SUIT | OddChip.HIGH_CARD_BY_SUIT_AS_RANKED | OddChip.HIGH_CARD_PLAYED_BY_SUIT
              | OddChip.LOW_CARD_BY_SUIT):        # L7, N9: by a card of each winner, as ``high_card`` ranks it
            assert high_card is not None, "the card rules need the winners' cards"
            return sorted(order, key=high_card, reverse=True)[:odd]
        case OddChip.HOUSE_KEEPS:
            return []
        case _:
            assert_never(rule)


def shares_with(chips: int, winners: Sequence[int], odd: Sequence[int]) -> dict[int, int]:
    """Return each winner's share, in seat order: an equal part of ``chips``, plus the odd chips ``odd`` gives him.

    >>> shares_with(11, [4, 1, 3], [1, 3])
    {1: 4, 3: 4, 4: 3}
    """
    base = chips // len(winners)
    return {seat: base + odd.count(seat) for seat in sorted(winners)}


def halves(chips: int, low_qualifies: bool) -> tuple[int, int]:
    """Return the (high, low) halves of a split pot: the odd chip to the high (L7); no low, high takes all (L2).

    >>> halves(51, True), halves(51, False)
    ((26, 25), (51, 0))
    """
    if not low_qualifies:
        return chips, 0
    low = chips // 2
    return chips - low, low
