"""Seats at a table are numbered from 0; ``NOBODY`` is the number that names no seat.

The betting round reads it as "nobody to act" or "nobody has bet yet" (a Z3 Int in the proofs, so it must be a
number, not ``None``), and a draw's steps as the seat of the dealer's burn. It is below every seat, so a proof's
bounds on a seat (``NOBODY <= seat < players``) take it in.

>>> NOBODY < 0 and NOBODY not in range(9)
True
"""

from __future__ import annotations

NOBODY = -1
