"""The action space: each player action of a hand as one integer, the same at every state of a table.

OpenSpiel indexes policies and regrets by a fixed, finite range of integers,
so every decision the engine can offer has its own number:

====================  ==========================================================
code                  the engine's action (its PHH line)
====================  ==========================================================
0                     ``p1 f``: fold
1                     ``p1 cc``: check or call
2                     ``p1 pb``: post the bring-in (L4)
3 + mask              ``p1 sd ...``: discard the held cards whose positions
                      are the mask's bits (bit 0: the first card held, in the
                      engine's order); mask 0 is standing pat (D1)
first_bet + a - 1     ``p1 cbr a``: bet, complete or raise to ``a`` in this
                      round (T3), for every whole ``a`` from 1 to the largest
                      stack
====================  ==========================================================

Every whole amount has a code, so pot-limit and no-limit tables keep every
bet the engine allows, however the stacks are set (the stacks are a game
parameter, so the range is finite). A table that never draws has no discard
codes (``first_bet`` is then 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from lowball.core.cards import Card
from lowball.engine.actions import Action, Kind

if TYPE_CHECKING:
    from lowball.engine.state import Hand

FOLD, CHECK_OR_CALL, BRING_IN = 0, 1, 2
FIRST_DISCARD = 3
# The engine's betting kinds without an amount or cards, by code.
PLAIN = {FOLD: Kind.FOLD, CHECK_OR_CALL: Kind.CHECK_OR_CALL, BRING_IN: Kind.BRING_IN}


@dataclass(frozen=True, kw_only=True)
class ActionCodes:
    """The codes of one table's player actions: ``draw_cards`` held at a draw (0: no draws), bets up to
    ``most_chips``."""

    draw_cards: int
    most_chips: int

    @property
    def first_bet(self) -> int:
        """Return the code of a bet or raise to 1 chip: the first after the discards.

        >>> ActionCodes(draw_cards=5, most_chips=20).first_bet, ActionCodes(draw_cards=0, most_chips=20).first_bet
        (35, 3)
        """
        return FIRST_DISCARD + (1 << self.draw_cards if self.draw_cards else 0)

    @property
    def count(self) -> int:
        """Return how many codes there are (OpenSpiel's ``num_distinct_actions``).

        >>> ActionCodes(draw_cards=4, most_chips=40).count        # 3 + 16 discards + 40 amounts
        59
        """
        return self.first_bet + self.most_chips

    def code(self, action: Action, held: Sequence[Card | None]) -> int:
        """Return the code of a player's ``action``, given the cards that player holds (for a discard).

        >>> from lowball.core.cards import parse_cards
        >>> codes, held = ActionCodes(draw_cards=5, most_chips=20), parse_cards("6c 4h 3s 2d Kc")
        >>> codes.code(Action("sd", 0, cards=(held[4], held[0])), held), codes.code(Action("cbr", 1, amount=2), held)
        (20, 36)
        >>> codes.code(Action("dh", 0, cards=held), held)
        Traceback (most recent call last):
        ValueError: d dh p1 6c4h3s2dKc is the dealer's, not a player's action
        """
        kind = action.kind
        for number, plain in PLAIN.items():
            if kind == plain:
                return number
        if kind == Kind.DISCARD and self.draw_cards:
            return FIRST_DISCARD + sum(1 << held.index(card) for card in action.cards)
        if kind == Kind.BET_OR_RAISE and 1 <= action.amount <= self.most_chips:
            return self.first_bet + action.amount - 1
        if kind in (Kind.DEAL, Kind.BOARD):
            raise ValueError(f"{action} is the dealer's, not a player's action")
        raise ValueError(f"{action} has no code at this table (draws of {self.draw_cards} cards, bets up to "
                         f"{self.most_chips})")

    def action(self, code: int, seat: int, held: Sequence[Card | None]) -> Action:
        """Return the engine's action that ``code`` stands for, made by ``seat`` holding ``held``.

        >>> from lowball.core.cards import parse_cards
        >>> codes, held = ActionCodes(draw_cards=5, most_chips=20), parse_cards("6c 4h 3s 2d Kc")
        >>> [str(codes.action(code, 0, held)) for code in (0, 1, 3, 20, 36)]
        ['p1 f', 'p1 cc', 'p1 sd', 'p1 sd 6cKc', 'p1 cbr 2']
        >>> codes.action(55, 0, held)
        Traceback (most recent call last):
        ValueError: no action has the code 55 at this table (0 to 54)
        """
        if code in PLAIN:
            return Action(PLAIN[code], seat)
        if FIRST_DISCARD <= code < self.first_bet:
            mask = code - FIRST_DISCARD
            if mask >> len(held):
                raise ValueError(f"code {code} discards card {mask.bit_length()} of {len(held)} held")
            return Action(Kind.DISCARD, seat, cards=tuple(card for at, card in enumerate(held) if mask >> at & 1))
        if self.first_bet <= code < self.count:
            return Action(Kind.BET_OR_RAISE, seat, amount=code - self.first_bet + 1)
        raise ValueError(f"no action has the code {code} at this table (0 to {self.count - 1})")


def amounts(listed: Sequence[Action]) -> range:
    """Return every amount a player may bet or raise to, from the engine's list, which gives a range by its two
    ends (``Hand.legal_actions``).

    >>> amounts([Action("cc", 0), Action("cbr", 0, amount=4), Action("cbr", 0, amount=9)])
    range(4, 10)
    >>> amounts([Action("cc", 0)])
    range(0, 0)
    """
    ends = [action.amount for action in listed if action.kind == Kind.BET_OR_RAISE]
    return range(min(ends), max(ends) + 1) if ends else range(0)


def legal_codes(codes: ActionCodes, hand: Hand) -> list[int]:
    """Return the codes of every action the engine allows the player to act now, in increasing order.

    >>> from lowball.engine.state import Hand
    >>> hand = Hand([20, 20]); hand.advance()            # the teaching table: p1 checks or bets 1
    >>> legal_codes(ActionCodes(draw_cards=5, most_chips=20), hand)
    [1, 35]
    """
    listed = hand.legal_actions()
    held = hand.hands[hand.to_act]
    found = {codes.code(action, held) for action in listed if action.kind != Kind.BET_OR_RAISE}
    found.update(codes.first_bet + amount - 1 for amount in amounts(listed))
    return sorted(found)
