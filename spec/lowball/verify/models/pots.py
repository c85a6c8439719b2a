"""A model of the pots and the shares, rule for rule as ``engine/pots.py`` computes them (G6, S2, L2, L7, P5).

``build_pots``: the chips are cut into layers at every contender's total; the
layer with top ``t`` holds, from every seat, what it put in between the
previous top and ``t``, and only the contenders who reached ``t`` may win it.
Here the layers are indexed by the contender whose total is their top (the
first such contender, when several share it), so no sorting is needed:
``layer(j)`` is the pot topped by seat ``j``'s total. ``share``: each winner's
part of a pot under each odd-chip rule; ``halves``: the high and low halves of
a split pot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import z3

from lowball.core.behaviours import OddChip, Pots, SevensRule
from lowball.engine.ops import PY


@dataclass
class Layer:
    """One pot: whether it exists, its top, its chips, and who may win it (one flag per seat)."""

    exists: Any
    top: Any
    floor: Any
    chips: Any
    eligible: list[Any]


def sorted_order(invested: Sequence[int]) -> list[int]:
    """Return the seats from the smallest total to the largest (what ``build_pots`` sorts by): for ``PY``."""
    return sorted(range(len(invested)), key=lambda seat: invested[seat])


def order_constraints(o, invested: Sequence[Any], order: Sequence[Any]) -> list[Any]:
    """Return what makes ``order`` a sorting of the seats by total: a permutation, the totals never falling."""
    n = len(invested)
    facts = [o.And(p >= 0, p < n) for p in order]
    facts += [order[a] != order[b] for a in range(n) for b in range(a + 1, n)]
    facts += [pick(o, invested, order[p]) <= pick(o, invested, order[p + 1]) for p in range(n - 1)]
    return facts


def pick(o, values: Sequence[Any], seat: Any) -> Any:
    """Return ``values[seat]`` for a symbolic seat."""
    if not o.symbolic:
        return values[seat]
    term = values[-1]
    for k in reversed(range(len(values) - 1)):
        term = o.If(seat == k, values[k], term)
    return term


def layers(o, invested: Sequence[Any], contender: Sequence[Any], order: Sequence[Any], dead: Any = 0) -> list[Layer]:
    """Return the pots as ``build_pots`` cuts them, main first: one candidate per place in the sorted order.

    Going up the seats sorted by total, each contender's total is a top; the pot
    under it holds what every seat put in between the previous top and it, and
    only the contenders who reached it may win it. A place whose pot would be
    empty (a total equal to the previous top, or a folded seat's) is no pot. The
    ``dead`` money (antes, V5, V9) goes into the main pot: the first contender's.
    """
    n = len(invested)
    result = []
    floor: Any = 0
    seen: Any = False
    for p in range(n):
        top = pick(o, invested, order[p])
        counts = pick(o, contender, order[p])
        main = o.And(counts, o.Not(seen))
        chips = o.Sum([o.Min(put, top) - o.Min(put, floor) for put in invested]) + o.If(main, dead, 0)
        eligible = [o.And(contender[k], invested[k] >= top) for k in range(n)]
        result.append(Layer(exists=o.And(counts, chips > 0), top=top, floor=floor, chips=chips, eligible=eligible))
        floor = o.If(counts, top, floor)
        seen = o.Or(seen, counts)
    return result


def total_paid(o, pots: list[Layer]) -> Any:
    """Return the chips in all the pots together."""
    return o.Sum([o.If(p.exists, p.chips, 0) for p in pots])


def may_win(o, pots: list[Layer], seat: int) -> Any:
    """Return the most ``seat`` can win: every pot it is eligible for."""
    return o.Sum([o.If(o.And(p.exists, p.eligible[seat]), p.chips, 0) for p in pots])


def shares(o, chips: Any, winners: int, rule: OddChip, order: Sequence[Any] | None = None) -> list[Any]:
    """Return each winner's share of ``chips``, winners listed from the dealer's left (S2, L7, P5).

    ``order[j]``: the place of winner ``j`` by highest card (0 = the highest), for the stud rule.
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
            assert order is not None
            return [base + o.If(order[j] < odd, 1, 0) for j in range(winners)]
        case OddChip.HOUSE_KEEPS:
            return [base] * winners


def sevens_layers(o, rule: SevensRule, invested: Sequence[Any], before: Sequence[Any]) -> tuple[list, list, bool]:
    """Return how the sevens rule (F7) cuts a winning checker's pot, as ``engine/sevens.py``: the chips kept in the
    pot as it stood at the check, the chips moved (put in after it, or all of them), and whether the checker is
    barred from the moved chips (they go back to their owners when nobody else may win them)."""
    after = [now - then for now, then in zip(invested, before)]
    match rule:
        case SevensRule.OFF:
            moved, barred = [0] * len(invested), False
        case SevensRule.SEED_004:                 # refunded to whoever put them in
            moved, barred = after, False
        case SevensRule.RRP:                      # the checker wins only the pot as it stood at the check
            moved, barred = after, True
        case SevensRule.WHOLE_POT:                # the checker forfeits the whole pot
            moved, barred = list(invested), True
    kept = [total - extra for total, extra in zip(invested, moved)]
    return kept, moved, barred


def halves(o, chips: Any, low_qualifies: Any) -> tuple[Any, Any]:
    """Return the (high, low) halves: the odd chip to the high (L7); no qualifying low, the high takes all."""
    low = chips / 2 if o.symbolic else chips // 2
    return o.If(low_qualifies, chips - low, chips), o.If(low_qualifies, low, 0)


def parts(o, chips: Any, sides: int) -> list[Any]:
    """Return a pot cut among the halves still in play, as pokerkit does: the odd chips to the first (high)."""
    base = chips / sides if o.symbolic else chips // sides
    odd = chips % sides
    return [base + (odd if i == 0 else 0) for i in range(sides)]


# ---- the engine link ----

def compare_with_engine(hand, report) -> None:
    """Compare the pot model with the engine on a finished hand: the pots formed and the chips paid out."""
    from lowball.engine.pots import build_pots, share

    if hand.result is None:
        return
    if hand.result.showdown:
        report.showdowns += 1
        contenders = list(hand.contenders)
        live, dead = hand.pot_chips()
        if max(live) > max(live[seat] for seat in contenders):
            report.add(f"{hand.table.name}: a folded player put in more than anyone still in ({live}, in: "
                       f"{contenders}): the pots proof assumes the highest total is a contender's (property 6)")
        engine = [(p.chips, p.eligible) for p in build_pots(live, contenders, dead)]
        still_in = [not f for f in hand.folded]
        model = [(p.chips, tuple(k for k, e in enumerate(p.eligible) if e))
                 for p in layers(PY, live, still_in, sorted_order(live), dead) if p.exists]
        if engine != model:
            report.add(f"{hand.table.name}: pots of {live} and {dead} dead (in: {contenders}): engine {engine}, "
                       f"model {model}")
        if not hand.table.odd_chip.by_card:
            for chips, eligible in engine:
                for winners in range(1, len(eligible) + 1):
                    seats = list(eligible[:winners])
                    paid = share(chips, seats, hand.table.odd_chip)
                    mine = shares(PY, chips, winners, hand.table.odd_chip)
                    if [paid[s] for s in sorted(seats)] != mine:
                        report.add(f"{hand.table.name}: {chips} shared by {seats}: engine {paid}, model {mine}")
    paid = sum(hand.result.finishing_stacks) - sum(hand.result.starting_stacks)
    if paid != 0:
        report.add(f"{hand.table.name}: the hand created or lost {paid} chips: {hand.result}")


def pots_rule_words(rule: Pots) -> str:
    return {Pots.EACH_APART: "each pot apart (G6)",
            Pots.LOSERS_MUCKED_FIRST: "the hands that can win nothing mucked first (pokerkit)"}[rule]


__all__ = ["Layer", "compare_with_engine", "halves", "layers", "may_win", "parts", "shares", "total_paid", "z3"]
