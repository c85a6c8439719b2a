"""A draw: each player still in, clockwise from the dealer's left, discards and is served as many (D1, K8).

``serve = "in-turn"`` (D1, K8): each player is served right after discarding,
the burn (if any) coming before the draw's first replacement. ``serve =
"after-all-discards"`` (P3, pokerkit): everyone discards, then one burn, then
the replacements in seat order. A player who is all in still draws. The steps
come from ``core.card_flow.draw_turns``, and what each serving burns and
reshuffles first from ``core.card_flow.serve``: the moves of the walk that
property 5 reads (``core.card_flow.play``); the stub moves the cards they say.
"""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING, NamedTuple

from lowball.core import card_flow
from lowball.core.behaviours import RunsOut, Serve, WrongCount
from lowball.core.cards import format_cards
from lowball.core.games import Street
from lowball.core.ops import PY
from lowball.core.refusals import Refusal
from lowball.engine.actions import Action, Kind

if TYPE_CHECKING:
    from lowball.engine.state import Hand


class Draw(NamedTuple):
    """The state of one draw: its steps still to come (``core.card_flow.draw_turns``), and what each player who
    discarded is owed."""

    street: Street
    number: int                              # draws counted from 0 (the notebooks and a caller read it)
    turns: tuple[card_flow.Turn, ...]        # the steps still to come, in order
    owed: tuple[tuple[int, int], ...] = ()   # (seat, cards discarded and not yet replaced), in the order discarded
    burned: bool = False

    @property
    def owing(self) -> dict[int, int]:
        """Return the cards each seat that discarded is still owed."""
        return dict(self.owed)


def start(hand: "Hand", street: Street, number: int) -> Draw:
    """Return a new draw: every player still in draws, from the dealer's left (D1, K8), in the order of the table's
    serving rule (``card_flow.draw_turns``: the order property 5 counts the cards in)."""
    return Draw(street=street, number=number, turns=tuple(card_flow.draw_turns(hand.table.serve, hand.contenders)))


def _dealer_steps(hand: "Hand", draw: Draw) -> Draw:
    """Take the steps that wait for nobody: the burn after all discards (P3), and the serving of a player who
    stood pat (nothing is owed); return the draw after them."""
    turns, burned, owing = draw.turns, draw.burned, draw.owing
    first = 0
    while first < len(turns):
        turn = turns[first]
        if turn.step == card_flow.BURN:
            hand.burn(draw.street.burn)      # P3 (pokerkit): the burn comes once everyone has discarded, drawn or not
            burned = True
        elif turn.step != card_flow.SERVE or owing.get(turn.seat):
            break
        first += 1
    return Draw(draw.street, draw.number, turns[first:], draw.owed, burned)


def to_act(draw: Draw) -> int | None:
    """Return the seat that must discard now, or None when it is the dealer's turn to serve."""
    turns = draw.turns
    return turns[0].seat if turns and turns[0].step == card_flow.DISCARD else None


def serving(draw: Draw) -> tuple[int, int]:
    """Return who the dealer serves next and how many cards (when ``to_act`` is None and the draw is not over)."""
    seat = draw.turns[0].seat
    return seat, draw.owing[seat]


def over(hand: "Hand", draw: Draw) -> bool:
    """Return whether every player has discarded and been served."""
    return not draw.turns


def legal(hand: "Hand", draw: Draw) -> list[Action]:
    """Return the legal discards of the player to act, or the dealer's next serving (from a known stub)."""
    seat = to_act(draw)
    if seat is None:
        who, count = serving(draw)
        cards = hand.next_cards(count, draw=draw)
        return [Action(Kind.DEAL, who, cards=tuple(cards))] if cards is not None else []
    held = hand.hands[seat]
    street = draw.street
    most = min(street.max_discard, len(held), most_served(hand, draw))
    return [Action(Kind.DISCARD, seat, cards=tuple(cards))
            for count in range(street.min_discard, most + 1)
            for cards in itertools.combinations(held, count)]


def most_served(hand: "Hand", draw: Draw) -> int:
    """Return the most cards the player to discard can still be served this draw (D1, K9, P3).

    Usually the street's ``max_discard``. When the stub runs short and the table's rule brings back
    too few cards (K9 leaves this draw's discards out), a player may discard only what can be replaced:
    ``core.card_flow.most_served`` counts it, as the loader's worst case does.
    """
    street = draw.street
    owed = sum(count for _, count in draw.owed)
    burn = 0 if draw.burned else street.burn
    return card_flow.most_served(hand.table.runs_out, hand.stub.counts(), owed, burn, street.max_discard)


def refusal(hand: "Hand", draw: Draw, action: Action) -> Refusal | str | None:
    """Return why ``action`` is illegal now (None if it is legal)."""
    clause = draw.street.clause
    seat = to_act(draw)
    if seat is None:
        who, count = serving(draw)
        if action.kind != Kind.DEAL:
            return Refusal("waiting-replacements", clause, {"who": who + 1, "count": count})
        dead_allowed = hand.table.wrong_count is WrongCount.DEAD_HAND
        if action.seat != who or (len(action.cards) != count and not dead_allowed):
            return Refusal("receives-as-many", clause, {"who": who + 1, "count": count})
        return hand.unseen_refusal(action, len(action.cards), draw=draw) or hand.off_the_top(action, legal(hand, draw))
    if action.kind == Kind.DEAL:
        if draw.owed and action.seat == draw.owed[0][0]:      # the first owed, while others still discard
            return Refusal("discard-before-replacements", clause)
        return Refusal("turn-to-discard", clause, {"to_act": seat + 1})
    if action.kind != Kind.DISCARD:
        return Refusal("not-a-discard", clause, _bounds(draw))
    if action.seat != seat:
        return Refusal("out-of-turn-draw", clause, {"to_act": seat + 1, "seat": action.seat + 1})
    held = hand.hands[seat]
    for card in action.cards:
        if card is not None and card not in held:
            return Refusal("not-held", clause, {"who": hand.names[seat], "card": str(card)})
    if None in action.cards and action.cards.count(None) > held.count(None):
        return Refusal("no-unknown-card", clause, {"who": hand.names[seat]})
    count = len(action.cards)
    if not draw.street.min_discard <= count <= draw.street.max_discard:
        return Refusal("discard-count", clause, _bounds(draw))
    most = most_served(hand, draw)
    if count > most:
        table = hand.table
        if table.runs_out is RunsOut.NEVER:
            return Refusal("deck-short", clause, {"left": hand.stub.size, "count": count,
                                                  "runs_out": table.clauses["runs_out"]})
        # What the reshuffle brings back is said by the table's rule (K9, P3, L8, P4: the words "back-<rule>").
        return Refusal("serve-at-most", table.clauses["runs_out"], {"who": hand.names[seat], "most": most,
                                                                   "back": f"back-{table.runs_out.value}"})
    return None


def _bounds(draw: Draw) -> dict[str, int]:
    """Return the least and the most a player may discard in this draw, as a refusal's fields."""
    return {"least": draw.street.min_discard, "most": draw.street.max_discard}


def plan(hand: "Hand", draw: Draw, count: int) -> card_flow.Served:
    """Return what serving ``count`` replacements now takes (``core.card_flow.serve``): the draw's burn first,
    served in turn (D1, K8), and a reshuffle where the stub is short (K9, P3); the dealer's legal serving and the
    refusal of cards the stub cannot give read the same plan."""
    table = hand.table
    return _plan(table.runs_out, table.serve, hand.stub.counts(), count, draw.street.burn, draw.burned)


@functools.lru_cache(maxsize=1 << 16)
def _plan(rule: RunsOut, serve: Serve, counts: card_flow.Cards, count: int, burn: int, burned: bool
          ) -> card_flow.Served:
    """Return ``core.card_flow.serve`` read with numbers: a function of the counts alone, so kept (the dealer's
    legal serving asks it, then the serving itself, and hands meet the same counts again and again)."""
    return card_flow.serve(PY, rule, serve, counts, count, burn, burned)


def apply(hand: "Hand", draw: Draw, action: Action) -> Draw:
    """Apply a discard or a serving, the draw's next step; return the draw after it."""
    clause = draw.street.clause
    turn, turns = draw.turns[0], draw.turns[1:]
    seat = turn.seat
    if action.kind == Kind.DEAL:
        owed = tuple(pair for pair in draw.owed if pair[0] != seat)
        burned = draw.burned
        first = plan(hand, draw, len(action.cards))
        if first.burn:                            # the draw's first replacement, served in turn (D1, K8)
            hand.burn(draw.street.burn)
            burned = True
        if first.reshuffle:                        # the stub is short: the table's rule brings cards back (K9, P3)
            hand.reshuffle()
        hand.serve(seat, action.cards)
        if hand.narrate:
            hand.tell("replace", who=hand.names[seat], count=len(action.cards), clause=clause)
        held = len(hand.hands[seat])
        if held != hand.table.hand_size:          # F9: a hand of more or fewer than five cards is dead
            hand.fold_seat(seat)
            hand.tell("dead-hand", who=hand.names[seat], count=held, clause=hand.table.clauses["draw"])
        return _dealer_steps(hand, Draw(draw.street, draw.number, turns, owed, burned))
    count = len(action.cards)
    owed = draw.owed
    if count == 0:
        if hand.narrate:
            hand.tell("stand-pat", who=hand.names[seat], clause=clause)
    else:
        hand.set_aside(seat, action.cards)
        owed = owed + ((seat, count),)
        if hand.narrate:
            shown = format_cards(c for c in action.cards if c is not None)
            hand.tell("discard", who=hand.names[seat], count=count, cards=shown, clause=clause)
    return _dealer_steps(hand, Draw(draw.street, draw.number, turns, owed, draw.burned))
