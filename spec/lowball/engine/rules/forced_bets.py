"""Forced bets before the deal: antes (T2, K4, L4, V1-V9), blinds and straddles (K3, V11), California posts (F4),
and the posts of players who join or return at an online room (O4).

Who owes what is read off the table once per player count (``owed``). Antes are
dead money: they go into the pot and never count toward a call (V3, V9). Blinds,
straddles and posts are live: they are the first round's first bets and count
toward calls (K3, F4, V3). A joining player's post (``forced.seat_posts``, O4) is
live too, but it moves nobody's turn: the first round still opens left of the big
blind, and the poster, his post called, has his option as the big blind has; the
dead part of such a post is that seat's ante. A player who cannot cover his
forced bets puts in all his chips and is all in (G6); the table says which he
covers first, the blind or the ante (V4). The bring-in is not posted here: the
player the cards choose brings it in on third street, or completes (L4).

``post`` is written once over the operations ``o`` (``lowball.core.ops``): the
engine runs it on chips, ``lowball verify`` on Z3 terms, so the proofs are about
this very rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence, assert_never

from lowball.core.behaviours import AnteBy, CapCounts, PostingOrder
from lowball.core.games import GameTable
from lowball.core.memo import per_table
from lowball.core.seats import big_blind_seat, blind_seats, post_seats
from lowball.engine.rules.readings import compile_rules
from lowball.core.ops import PY



@dataclass(frozen=True)
class Owed:
    """What each seat must post before the cards, by the table, for one player count (seats from the dealer's left).

    >>> from lowball.core.games import load_game_table
    >>> owed(load_game_table("deuce-to-seven-single-draw"), 3)
    Owed(antes=(0, 0, 0), blinds=(1, 2, 0), blind_first=True, trimming=False, full_bet=2, counts_bet=True)
    """

    antes: tuple[int, ...]       # dead (V3, V9)
    blinds: tuple[int, ...]      # live: blinds, straddles, California posts (K3, F4)
    blind_first: bool            # a short stack covers the blind before the ante (V4)
    trimming: bool               # a short ante wins only in proportion (V9); else every ante is dead money
    full_bet: int                # a blind this size or more is the first round's bet (G1)
    counts_bet: bool             # a full blind counts toward the cap (G1; P1: only players' actions count)


def ante_seats(table: GameTable, players: int) -> tuple[int, ...]:
    """Return each seat's ante: every player's, the big blind's or the button's for the table, or each seat's own.

    >>> from lowball.core.games import load_game_table, with_stakes
    >>> bb_ante = with_stakes(load_game_table("deuce-to-seven-single-draw"), {"forced.ante": 3,
    ...                                                                     "forced.ante_by": "big-blind"})
    >>> ante_seats(bb_ante, 4), ante_seats(bb_ante, 2)      # V7: heads-up the big blind is seat 0
    ((0, 3, 0, 0), (3, 0))
    """
    antes = [0] * players
    match table.ante_by:
        case AnteBy.EVERY_PLAYER:                         # T2, K4, L4
            antes = [table.ante] * players
        case AnteBy.BIG_BLIND:                            # V1-V3; heads-up the big blind is seat 0 (V7)
            antes[big_blind_seat(players)] = table.ante
        case AnteBy.BUTTON:                               # V1, V8: the dealer, the last seat
            antes[players - 1] = table.ante
        case AnteBy.BY_SEAT:                              # V11: as the history lists them
            antes = list(table.seat_antes)
        case _:
            assert_never(table.ante_by)
    return tuple(antes)


def blind_amounts(table: GameTable, players: int) -> tuple[int, ...]:
    """Return each seat's live forced bet: the blinds and straddles in turn from the dealer's left (heads-up the
    dealer posts the small blind and nobody straddles, K3), the posts of joining players seat by seat (O4), or the
    California posts (F4).

    >>> from lowball.core.games import load_game_table, with_stakes
    >>> joined = with_stakes(load_game_table("badugi"), {"forced.seat_posts": [0, 0, 0, 2, 0]})
    >>> blind_amounts(joined, 5)                     # O4: p4 posts a big blind as he joins
    (1, 2, 0, 2, 0)
    """
    bets = [0] * players
    if table.blinds:
        order = blind_seats(players) + tuple(range(2, players))
        for seat, amount in zip(order, table.blinds):     # heads-up the order has two seats: nobody straddles
            bets[seat] += amount
    for seat, amount in enumerate(table.seat_posts[:players]):     # O4: never a blind's seat (the loader)
        bets[seat] += amount
    for seat, amount in zip(post_seats(players, len(table.posts)), table.posts):
        bets[seat] += amount
    return tuple(bets)


@per_table
def owed(table: GameTable, players: int) -> Owed:
    """Return what each seat owes before the deal at ``table`` with ``players`` players (read once per table)."""
    first = table.bet_streets[0]
    return Owed(antes=ante_seats(table, players), blinds=blind_amounts(table, players),
                blind_first=table.posting_order is PostingOrder.BLIND_FIRST, trimming=table.ante_trimming,
                full_bet=table.size_of(first) if table.blinds else 0, counts_bet=table.cap_counts is CapCounts.BETS)


@dataclass
class Posted:
    """The chips after the forced bets: stacks behind, each seat's live bet, each seat's dead ante, the pot."""

    stacks: list[Any]
    bets: list[Any]              # the first round's bets (blinds, straddles, posts)
    antes: list[Any]             # dead money (V3, V9)
    pot: Any
    count: Any                   # toward the cap: a full big blind counts as the bet (G1)
    full_level: Any              # the level of the last full bet: the blinds, if they are a full bet


def post(o, due: Owed, chips: Sequence[Any], carried: Any = 0) -> Posted:
    """Return the chips once every seat has posted what it owes: the blind or the ante first, as the table says
    (V4); with ante trimming, an ante nobody matched goes back (V9, as pokerkit trims it).

    >>> from dataclasses import replace
    >>> big_blind_ante = Owed(antes=(0, 3, 0), blinds=(1, 2, 0), blind_first=True, trimming=False, full_bet=2,
    ...                       counts_bet=True)
    >>> posted = post(PY, big_blind_ante, [10, 4, 10])      # V4: blind first, so the ante is short
    >>> posted.bets, posted.antes, posted.stacks, posted.pot
    ([1, 2, 0], [0, 2, 0], [9, 0, 10], 5)
    >>> post(PY, replace(big_blind_ante, blind_first=False), [10, 4, 10]).bets   # P7: ante first
    [1, 1, 0]
    """
    stacks, bets, antes = [], [], []
    for chip, blind, ante in zip(chips, due.blinds, due.antes):
        if due.blind_first:
            bet = o.Min(blind, chip)
            dead = o.Min(ante, chip - bet)
        else:
            dead = o.Min(ante, chip)
            bet = o.Min(blind, chip - dead)
        stacks.append(chip - bet - dead)
        bets.append(bet)
        antes.append(dead)
    if due.trimming:                      # a hand has two players at least: there is always a second ante
        antes, stacks = _trim(o, antes, stacks)
    pot = carried + o.Sum(bets) + o.Sum(antes)
    full = o.And(due.full_bet > 0, o.Max(bets) >= due.full_bet)
    return Posted(stacks=stacks, bets=bets, antes=antes, pot=pot,
                  count=o.If(full, 1 if due.counts_bet else 0, 0), full_level=o.If(full, o.Max(bets), 0))


def may_redeal(o, stacks: Sequence[Any], ante: Any) -> Any:
    """Return whether a hand checked through is dealt again (K4): only while every player, folded or not, can post
    the ante again, so that each redeal lowers every stack and the redeals are bounded (property 8 proves it with
    this function and ``post``, read with Z3 terms).

    >>> may_redeal(PY, [3, 1, 5], 1), may_redeal(PY, [3, 0, 5], 1)
    (True, False)
    """
    return o.And(*[stack >= ante for stack in stacks])


def _trim(o, antes: list[Any], stacks: list[Any]) -> tuple[list[Any], list[Any]]:
    """Return the antes and stacks once the part of the largest ante above the second largest has gone back (V9).

    >>> _trim(PY, [3, 1], [7, 0]), _trim(PY, [3, 2, 0], [7, 0, 0]), _trim(PY, [3, 3, 1], [7, 7, 0])
    (([1, 1], [9, 0]), ([2, 2, 0], [8, 0, 0]), ([3, 3, 1], [7, 7, 0]))
    """
    n = len(antes)
    out_a, out_s = list(antes), list(stacks)
    for seat in range(n):
        others = [antes[k] for k in range(n) if k != seat]
        excess = antes[seat] - o.Max(others)
        back = o.Max([excess, 0])
        out_a[seat], out_s[seat] = antes[seat] - back, stacks[seat] + back
    return out_a, out_s


def largest_ante(table: GameTable) -> int:
    """Return the largest ante one player posts at the table (dead money, V3, V9).

    >>> from lowball.core.games import load_game_table
    >>> largest_ante(load_game_table()), largest_ante(load_game_table("deuce-to-seven-single-draw"))
    (1, 0)
    >>> from lowball.core.games import table_from_text
    >>> largest_ante(table_from_text('extends = "deuce-to-seven-single-draw"\\nname = "y"\\n'
    ...                              'players = {min = 3, max = 3}\\n[forced]\\nante_by = "by-seat"\\n'
    ...                              'seat_antes = [0, 3, 0]\\n'))                      # V11: the big blind's 3
    3
    """
    return max(table.seat_antes) if table.ante_by is AnteBy.BY_SEAT else table.ante


__all__ = ["Owed", "Posted", "ante_seats", "blind_amounts", "largest_ante", "owed", "post"]


# The rules over ``o`` above are written once; the engine plays their plain reading compiled from the same text
# when this module loads (``readings.py``), proved equal to their Z3 reading (``verify/readings.py``).
PLAIN_READINGS = compile_rules(globals(), PY)
