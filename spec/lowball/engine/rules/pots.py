"""Pots and side pots, and how each is shared: the arithmetic of G6, S2, L2 and L7, written once for two readers.

Each all-in player can win only the chips matched against them (G6): the chips
are cut into layers at every contender's total, and each layer is a pot that
only the contenders who reached its top may win. Each pot is awarded on its
own. Folded players' chips stay in the layers they reached. No chip is created
or lost.

Every rule here is one function over the operations ``o`` of ``lowball.core.ops``:
the engine calls it with plain numbers (``PY``, the default) to settle a hand, and
``lowball verify`` calls the same function with Z3 terms (``Z3``) to prove that no
chip is created or lost, for any contributions (``verify/chips.py``). There is no
second copy of these rules to keep in step: what is proved is what is played.
``build_pots`` and ``share`` are the engine's face of ``layers`` and ``shares``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from lowball.core.behaviours import OddChip
from lowball.core.ops import PY


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, and the seats that may win it (in seat order from the dealer's left)."""

    chips: int
    eligible: tuple[int, ...]


@dataclass
class Layer:
    """One place of the cut (see ``layers``): whether it is a pot, its top and floor, its chips, who may win it
    (one flag per seat). With ``PY`` these are numbers and booleans; with ``Z3``, terms."""

    exists: Any
    top: Any
    floor: Any
    chips: Any
    eligible: list[Any]


# ---- the side pots (G6) ----

def layers(invested: Sequence[Any], contender: Sequence[Any], order: Sequence[int], dead: Any = 0,
           o: Any = PY) -> list[Layer]:
    """Return the pots, main first: one place per seat, the seats taken in ``order`` (by total, smallest first).

    Going up the seats sorted by total, each contender's total is a top; the pot
    under it holds what every seat put in between the previous top and it, and
    only the contenders who reached it may win it. A place whose pot would be
    empty (a total equal to the previous top, or a folded seat's) is no pot. The
    ``dead`` money (antes, V3, V5, V9) goes into the main pot: the first contender's,
    which every contender may win however short. ``contender[seat]`` says whether
    a seat is still in. The proof takes the totals sorted, ``order`` the seats' own.

    >>> [(p.chips, p.eligible) for p in layers([5, 20, 20, 3], [True, True, True, False], [3, 0, 1, 2]) if p.exists]
    [(18, [True, True, True, False]), (30, [False, True, True, False])]
    """
    n = len(invested)
    result = []
    floor: Any = 0
    seen: Any = False
    for p in range(n):
        top = invested[order[p]]
        counts = contender[order[p]]
        main = o.And(counts, o.Not(seen))
        chips = o.Sum([o.Min(put, top) - o.Min(put, floor) for put in invested]) + o.If(main, dead, 0)
        eligible = [o.And(contender[k], invested[k] >= top) for k in range(n)]
        result.append(Layer(exists=o.And(counts, chips > 0), top=top, floor=floor, chips=chips, eligible=eligible))
        floor = o.If(counts, top, floor)
        seen = o.Or(seen, counts)
    return result


def build_pots(invested: Sequence[int], contenders: Sequence[int], dead: int = 0) -> list[Pot]:
    """Return the main pot and the side pots, main first (G6): ``layers`` read with plain numbers.

    ``invested[seat]`` is every live chip a seat put in this hand; ``contenders``
    are the seats still in it (not folded).

    >>> build_pots([10, 10, 10], [0, 1, 2])
    [Pot(chips=30, eligible=(0, 1, 2))]
    >>> build_pots([5, 20, 20, 3], [0, 1, 2])        # seat 0 all in for 5; seat 3 folded after 3
    [Pot(chips=18, eligible=(0, 1, 2)), Pot(chips=30, eligible=(1, 2))]
    >>> build_pots([0, 20, 20], [0, 1, 2], dead=15)  # V5: seat 0 all in on the big-blind ante wins all 15
    [Pot(chips=15, eligible=(0, 1, 2)), Pot(chips=40, eligible=(1, 2))]
    """
    still_in = [seat in contenders for seat in range(len(invested))]
    return [Pot(layer.chips, tuple(seat for seat, may in enumerate(layer.eligible) if may))
            for layer in layers(invested, still_in, sorted_order(invested), dead)
            if layer.exists]


def sorted_order(invested: Sequence[int]) -> list[int]:
    """Return the seats from the smallest total to the largest: the ``order`` of ``layers`` on plain numbers."""
    return sorted(range(len(invested)), key=invested.__getitem__)


def total_paid(pots: list[Layer], o: Any = PY) -> Any:
    """Return the chips in all the pots together."""
    return o.Sum([o.If(p.exists, p.chips, 0) for p in pots])


def may_win(pots: list[Layer], seat: int, o: Any = PY) -> Any:
    """Return the most ``seat`` can win: every pot it is eligible for."""
    return o.Sum([o.If(o.And(p.exists, p.eligible[seat]), p.chips, 0) for p in pots])


def uncalled(invested: Sequence[int]) -> tuple[int, int] | None:
    """Return (seat, chips) of a bet nobody matched, to go back to its owner; None if every bet was matched.

    >>> uncalled([4, 10, 4]), uncalled([4, 4, 0])
    ((1, 6), None)
    """
    if len(invested) < 2:
        return None
    order = sorted(range(len(invested)), key=invested.__getitem__, reverse=True)
    top, second = order[0], order[1]
    excess = invested[top] - invested[second]
    return (top, excess) if excess > 0 else None


# ---- sharing a pot (S2, L7, P5, N9) ----

def shares(chips: Any, winners: int, rule: OddChip, order: Sequence[Any] | None = None, o: Any = PY) -> list[Any]:
    """Return each winner's share of ``chips``, the winners listed from the dealer's left (S2, L7, P5).

    ``order[j]`` is the place of winner ``j`` by the card the rule reads (0 = the first to get an odd chip), for
    the card rules (L7, N9).

    >>> shares(11, 3, OddChip.FIRST_WINNER_LEFT_OF_DEALER), shares(11, 3, OddChip.LOWEST_SEAT)
    ([4, 4, 3], [5, 3, 3])
    >>> shares(11, 3, OddChip.HIGH_CARD_BY_SUIT, order=[2, 0, 1]), shares(11, 3, OddChip.HOUSE_KEEPS)
    ([3, 4, 4], [3, 3, 3])
    """
    base = chips / winners if o.symbolic else chips // winners
    odd = chips % winners
    match rule:
        case OddChip.FIRST_WINNER_LEFT_OF_DEALER:     # S2: one each from the first winner on the dealer's left
            return [base + o.If(j < odd, 1, 0) for j in range(winners)]
        case OddChip.LOWEST_SEAT:                     # P5: every odd chip to the lowest seat
            return [base + o.If(j == 0, odd, 0) for j in range(winners)]
        case (OddChip.HIGH_CARD_BY_SUIT | OddChip.HIGH_CARD_BY_SUIT_AS_RANKED | OddChip.HIGH_CARD_PLAYED_BY_SUIT
              | OddChip.LOW_CARD_BY_SUIT):          # L7, N9: one each in the order of the card the rule reads
            assert order is not None, "the card rules need the winners' cards"
            return [base + o.If(order[j] < odd, 1, 0) for j in range(winners)]
        case OddChip.HOUSE_KEEPS:
            return [base] * winners
    raise AssertionError(f"no share rule for {rule}")


def share(chips: int, winners: Sequence[int], rule: OddChip,
          high_card: Callable[[int], tuple[int, int]] | None = None) -> dict[int, int]:
    """Return each winner's share of ``chips`` by seat: ``shares`` read with plain numbers.

    ``winners`` are seats from the dealer's left; ``high_card(seat)`` ranks the card of a winner that the card
    rules read (L7, N9: the highest by rank then suit, or the lowest): the higher its key, the earlier the winner
    gets an odd chip (ties in seat order).

    >>> share(9, [0, 2], OddChip.FIRST_WINNER_LEFT_OF_DEALER)
    {0: 5, 2: 4}
    >>> share(11, [1, 3, 4], OddChip.FIRST_WINNER_LEFT_OF_DEALER)    # two odd chips: one each from the left
    {1: 4, 3: 4, 4: 3}
    >>> share(11, [1, 3, 4], OddChip.LOWEST_SEAT)                      # P5: both to the lowest seat
    {1: 5, 3: 3, 4: 3}
    """
    seats = sorted(winners)
    order = None
    if high_card is not None:
        by_card = sorted(seats, key=high_card, reverse=True)
        order = [by_card.index(seat) for seat in seats]
    return dict(zip(seats, shares(chips, len(seats), rule, order)))


def first_odd_chip(paid: dict[int, int], high_card: Callable[[int], tuple[int, int]] | None = None) -> int | None:
    """Return the winner who got the first odd chip of a shared pot (what the narration names), None if none did.

    >>> first_odd_chip({1: 4, 3: 4, 4: 3}), first_odd_chip({1: 3, 3: 4, 4: 4}, lambda seat: (seat, 0))
    (1, 4)
    >>> first_odd_chip({0: 5, 2: 5}) is None
    True
    """
    least = min(paid.values())
    extra = [seat for seat in sorted(paid) if paid[seat] > least]
    if not extra:
        return None
    return max(extra, key=high_card) if high_card is not None else extra[0]


def halves(chips: Any, low_qualifies: Any, o: Any = PY) -> tuple[Any, Any]:
    """Return the (high, low) halves of a split pot: the odd chip to the high (L7); no low, high takes all (L2).

    >>> halves(51, True), halves(51, False)
    ((26, 25), (51, 0))
    """
    low = chips / 2 if o.symbolic else chips // 2
    return o.If(low_qualifies, chips - low, chips), o.If(low_qualifies, low, 0)


def parts(chips: Any, sides: int, o: Any = PY) -> list[Any]:
    """Return a pot cut among the halves still in play, as pokerkit does: the odd chips to the first (high).

    >>> parts(51, 2), parts(51, 1)
    ([26, 25], [51])
    """
    base = chips / sides if o.symbolic else chips // sides
    odd = chips % sides
    return [base + (odd if i == 0 else 0) for i in range(sides)]
