"""The forced bets posted on a new deal: the chips moved into the hand and the posting told (T2, K3, F4, O4).

Who owes what, and what a short stack covers first, is the rule of ``engine/rules/forced_bets.py``
(``owed``, ``post``: the text ``lowball verify`` proves things about); this module plays it on the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lowball.core.behaviours import AnteBy
from lowball.core.games import DEPARTURES
from lowball.core.ops import PY
from lowball.core.seats import blind_seats, post_seats
from lowball.engine.rules.forced_bets import Posted, owed, post

if TYPE_CHECKING:
    from lowball.engine.state import Hand


def post_forced(hand: "Hand") -> Posted:
    """Post every forced bet of a new deal into ``hand`` and narrate it (antes first, then blinds or posts)."""
    table = hand.table
    due = owed(table, hand.n)
    posted = post(PY, due, hand.stacks)
    names, clause = hand.names, table.clauses["forced"]
    key = "ante" if table.ante_by in (AnteBy.EVERY_PLAYER, AnteBy.BY_SEAT) else "table-ante"
    joining = table.seat_posts or (0,) * hand.n
    for seat, ante in enumerate(posted.antes):
        if due.antes[seat]:
            hand.put_in(seat, ante)
            hand.add_dead(seat, ante)
            if hand.narrate and not joining[seat]:        # O4: told with the post it is part of (below)
                hand.tell(key, who=names[seat], ante=ante, clause=clause)
    if table.blinds:
        keys = ("small-blind", "big-blind") + ("straddle",) * (len(table.blinds) - 2)
        order = blind_seats(hand.n) + tuple(range(2, hand.n))
        for seat, key in zip(order, keys):               # heads-up the order has two seats: nobody straddles
            hand.put_in(seat, posted.bets[seat])
            if hand.narrate:
                hand.tell(key, who=names[seat], amount=posted.bets[seat], clause=clause)
    for seat, amount in enumerate(table.seat_posts):      # O4: a player who joins or returns
        if amount:
            hand.put_in(seat, posted.bets[seat])
            if hand.narrate:
                hand.tell("joining-post", who=names[seat], amount=posted.bets[seat], clause=DEPARTURES)
                if posted.antes[seat]:                    # the dead part of his post (his seat's ante)
                    hand.tell("joining-dead", who=names[seat], ante=posted.antes[seat], clause=DEPARTURES)
    for seat in post_seats(hand.n, len(table.posts)):
        hand.put_in(seat, posted.bets[seat])
        if hand.narrate:
            hand.tell("post", who=names[seat], amount=posted.bets[seat], clause=clause)
    return posted
