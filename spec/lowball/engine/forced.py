"""Forced bets before the deal: antes (T2, K4, L4), blinds (K3) and California posts (F4).

Antes go straight into the pot. Blinds and posts are the first round's first
bets and count toward calls (K3, F4). A player who cannot cover a forced bet
puts in all their chips and is all in (G6). The bring-in is not posted here:
the player showing the lowest (razz: highest) card chooses on third street to
bring it in or to complete (L4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lowball.core.behaviours import CapCounts
from lowball.engine.openers import blind_seats, post_seats

if TYPE_CHECKING:
    from lowball.engine.state import Hand


@dataclass
class FirstRound:
    """What the forced bets leave for the first betting round: each seat's bet, and whether it counts as a bet."""

    bets: list[int]
    count: int = 0          # toward the cap: a full big blind counts as the bet (G1)
    full_level: int = 0     # the level of the last full bet: the big blind, if it is a full bet


def post_antes(hand: "Hand") -> None:
    """Every player posts the ante (T2, K4, L4), straight into the pot."""
    table = hand.table
    if not table.ante:
        return
    for seat in range(hand.n):
        amount = min(table.ante, hand.stacks[seat])
        hand.put_in(seat, amount)
        hand.tell("ante", who=hand.names[seat], ante=amount, clause=table.clauses["forced"])


def post_bets(hand: "Hand") -> FirstRound:
    """Post the blinds (K3) or the California posts (F4); return the first round's opening bets."""
    table = hand.table
    bets = [0] * hand.n
    first = FirstRound(bets=bets)
    if table.blinds:
        small, big = table.blinds
        for seat, amount, key in zip(blind_seats(hand.n), (small, big), ("small-blind", "big-blind")):
            paid = min(amount, hand.stacks[seat])
            bets[seat] += paid
            hand.put_in(seat, paid)
            hand.tell(key, who=hand.names[seat], amount=paid, clause=table.clauses["forced"])
        posted = max(bets)
        size = table.size_of(table.bet_streets[0])
        if posted >= size:               # a full big blind is the round's bet (G1)
            first.full_level = posted
            first.count = 1 if table.cap_counts is CapCounts.BETS else 0
    for seat, amount in zip(post_seats(hand.n, len(table.posts)), table.posts):
        paid = min(amount, hand.stacks[seat])
        bets[seat] += paid
        hand.put_in(seat, paid)
        hand.tell("post", who=hand.names[seat], amount=paid, clause=table.clauses["forced"])
    return first
