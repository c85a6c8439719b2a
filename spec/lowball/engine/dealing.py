"""A deal street: after any burn, each player still in gets the street's cards, face down or up (T6, L3).

The dealer deals one card at a time clockwise from the dealer's left (T6); a
history writes each player's cards of the street on one line (``d dh p1
6c4h3s2dAc``). When the stub cannot serve every player, the table's rule
decides (L8: one community card, face up, for everyone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lowball.core import card_flow
from lowball.core.games import Street
from lowball.core.ops import PY
from lowball.core.refusals import Refusal
from lowball.engine.actions import KIND_BOARD, KIND_DEAL, Action, Kind

if TYPE_CHECKING:
    from lowball.engine.state import Hand


class Deal(NamedTuple):
    """The state of one deal street: who has still to be dealt to, or a community card still to come."""

    street: Street
    dealees: tuple[int, ...]
    community: bool                   # the stub is short: one card face up for everyone instead (L8)


def start(hand: "Hand", street: Street) -> Deal:
    """Return a new deal street: burn, then everyone still in is dealt to in turn from the dealer's left.

    Whether the stub must reshuffle first, or deal one community card instead (L8), is counted by
    ``core.card_flow.deal``, the rule the loader and property 5 read too; the stub moves the cards it says.
    """
    dealees = tuple(hand.contenders)
    rule = hand.table.runs_out
    plan = card_flow.deal(PY, rule, hand.stub.counts(), len(dealees), street.cards, street.burn)
    hand.burn(street.burn)
    if plan.reshuffle:                  # before the street's first card, as the count says (and told, as any reshuffle)
        hand.reshuffle()
    if not plan.dealt and not plan.community:
        # The loader refuses every table whose stub can fail a street (core.card_flow.shortfall): this is a bug.
        raise AssertionError(f"{hand.table.name}: the stub holds {hand.stub.size} cards for a deal of "
                             f"{len(dealees) * street.cards}")
    return Deal(street=street, dealees=() if plan.community else dealees, community=plan.community)


def over(hand: "Hand", deal: Deal) -> bool:
    """Return whether the street's cards are all dealt."""
    return not deal.dealees and not deal.community


def due(deal: Deal) -> int:
    """Return how many cards the street has still to deal: the community card (one, L8), or the street's cards to
    each player still to be dealt to (``legal`` lists the next cards, ``refusal`` checks the stub can serve them)."""
    return 1 if deal.community else deal.street.cards * len(deal.dealees)


def legal(hand: "Hand", deal: Deal) -> list[Action]:
    """Return the dealer's next action, from a known stub: one card at a time, clockwise (T6)."""
    cards = hand.next_cards(due(deal))
    if cards is None:
        return []
    if deal.community:
        return [Action(KIND_BOARD, 0, None, tuple(cards))]
    # Card k of the round goes to dealee k mod m (one at a time), so the first dealee's are every m-th card.
    mine = cards[0::len(deal.dealees)]
    return [Action(KIND_DEAL, deal.dealees[0], None, tuple(mine))]


def refusal(hand: "Hand", deal: Deal, action: Action) -> Refusal | None:
    """Return why ``action`` is illegal now (None if it is legal)."""
    clause = deal.street.clause
    if deal.community:
        if action.kind != Kind.BOARD or len(action.cards) != due(deal):
            return Refusal("community-card", hand.table.clauses["runs_out"])
        return hand.unseen_refusal(action, due(deal)) or hand.off_the_top(action, legal(hand, deal))
    if action.kind != Kind.DEAL:
        if hand.dealt_nothing_yet:
            return Refusal("not-dealt", clause)
        return Refusal("dealing", clause)
    seat = deal.dealees[0]
    if action.seat != seat:
        return Refusal("deal-order", clause, {"to_act": seat + 1})
    per = deal.street.cards
    if len(action.cards) != per:
        return Refusal("deal-count", clause, {"per": per, "dealt": len(action.cards)})
    return hand.unseen_refusal(action, due(deal)) or hand.off_the_top(action, legal(hand, deal))


def apply(hand: "Hand", deal: Deal, action: Action) -> Deal:
    """Deal one player's cards of the street, or the community card; return the street's state after it."""
    if action.kind == KIND_BOARD:
        hand.deal_community(action.cards)
        hand.tell("community", card=str(action.cards[0]), clause=hand.table.clauses["runs_out"])
        return Deal(deal.street, deal.dealees, False)
    seat = deal.dealees[0]
    street = deal.street
    hand.deal_to(seat, action.cards, up=(False,) * street.down + (True,) * street.up)
    if hand.narrate:
        shown = " ".join(str(c) for c in action.cards[street.down:] if c is not None)
        hand.tell("deal", who=hand.names[seat], count=street.cards, up=street.up, shown=shown, clause=street.clause)
    return Deal(street, deal.dealees[1:], deal.community)
