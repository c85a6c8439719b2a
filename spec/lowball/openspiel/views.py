"""What one player knows: the hand history so far, with every card that player has not seen written ``??``.

An information state must hold everything a player has seen and nothing else
(OpenSpiel's perfect-recall information state). A hand history already is that
record for someone who saw every card; for one player it is the same lines,
with the cards hidden from that seat written as PHH writes unknown cards:

* cards dealt face down to another player: ``d dh p2 ??????????``;
* another player's discards: how many, not which (``p2 sd ????``), as D1 lets
  everyone see the count;
* everything else is public: bets, up cards (``d dh p2 ????7h``), the
  community card, and the hands shown at the showdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lowball.engine.actions import UNKNOWN, Action, Kind

if TYPE_CHECKING:
    from lowball.engine.state import Hand


def seen_by(hand: Hand, viewer: int, action: Action) -> str:
    """Return the PHH line of ``action`` as the player in seat ``viewer`` saw it.

    >>> from lowball.engine.state import Hand
    >>> hand = Hand([20, 20], replay=True).then(["d dh p1 6c4h3s2dAc", "d dh p2 5s4d3c2hKd"])
    >>> seen_by(hand, 0, hand.actions[0]), seen_by(hand, 0, hand.actions[1])
    ('d dh p1 6c4h3s2dAc', 'd dh p2 ??????????')
    """
    seat = action.seat
    if seat == viewer or action.kind not in (Kind.DEAL, Kind.DISCARD):
        return str(action)
    held, up = hand.hands[seat], hand.face_up[seat]
    # A card dealt face up stays up in its owner's hand (no table discards an up card); every other card of
    # another seat's deal or discard is hidden.
    cards = "".join(str(card) if card in held and up[held.index(card)] else UNKNOWN for card in action.cards)
    if action.kind == Kind.DEAL:
        return f"d dh p{seat + 1} {cards}"
    return f"p{seat + 1} sd {cards}" if cards else str(action)


def information_state(hand: Hand, viewer: int) -> str:
    """Return everything the player in seat ``viewer`` knows: the table, the seat, the starting stacks, and the
    hand so far as they saw it (the cards of a deal still under way come once the deal is whole).

    >>> from lowball.engine.state import Hand
    >>> hand = Hand([20, 20], replay=True).then(["d dh p1 6c4h3s2dAc", "d dh p2 5s4d3c2hKd", "p1 cbr 1", "p2 cc",
    ...                                          "p1 sd", "p2 sd Kd"])
    >>> information_state(hand, 0)
    'teaching-table p1/2 stacks 20,20; d dh p1 6c4h3s2dAc; d dh p2 ??????????; p1 cbr 1; p2 cc; p1 sd; p2 sd ??'
    >>> information_state(hand, 1).split("; ")[1:3]
    ['d dh p1 ??????????', 'd dh p2 5s4d3c2hKd']
    """
    stacks = ",".join(str(stack) for stack in hand.starting_stacks)
    lines = [f"{hand.table.name} p{viewer + 1}/{hand.n} stacks {stacks}"]
    lines += [seen_by(hand, viewer, action) for action in hand.actions]
    return "; ".join(lines)
