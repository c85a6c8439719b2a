"""Seats at a table are numbered from 0; ``NOBODY`` is the number that names no seat.

The betting round reads it as "nobody to act" or "nobody has bet yet" (a Z3 Int in the proofs, so it must be a
number, not ``None``), and a draw's steps as the seat of the dealer's burn. It is below every seat, so a proof's
bounds on a seat (``NOBODY <= seat < players``) take it in.

>>> NOBODY < 0 and NOBODY not in range(9)
True
"""

from __future__ import annotations

NOBODY = -1


def big_blind_seat(players: int) -> int:
    """Return the seat of the big blind: the second on the dealer's left; heads-up the first (K3).

    >>> big_blind_seat(2), big_blind_seat(6)
    (0, 1)
    """
    return 0 if players == 2 else 1


def blind_seats(players: int) -> tuple[int, int]:
    """Return the (small blind, big blind) seats; heads-up the dealer posts the small blind (K3).

    >>> blind_seats(2), blind_seats(3)
    ((1, 0), (0, 1))
    """
    return (1, 0) if players == 2 else (0, 1)


def last_blind_seat(players: int, blinds: int) -> int:
    """Return the seat of the last blind or straddle posted: the big blind, or the last straddler (K3, V11).

    >>> last_blind_seat(6, 2), last_blind_seat(6, 3), last_blind_seat(2, 3)
    (1, 2, 0)
    """
    return big_blind_seat(players) if players == 2 else min(blinds, players) - 1


def post_seats(players: int, posts: int) -> list[int]:
    """Return the seats that post in California, in order: the dealer, then the players on his left (F4).

    >>> post_seats(6, 3), post_seats(2, 3)
    ([5, 0, 1], [1, 0])
    """
    dealer = players - 1
    return [(dealer + i) % players for i in range(min(posts, players))]
