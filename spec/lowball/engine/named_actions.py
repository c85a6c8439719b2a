"""The actions of a hand by name, as a poker developer writes them: ``hand.fold()``, ``hand.bet_or_raise(4)``.

Each builds the PHH action of the player to act (``engine.actions``) and
pushes it; each has a ``can_...`` twin that answers without changing
anything: a ``Can``, true when the action may be taken, else false with the
rule that refuses it as data (``.refusal``, worded in either language).

>>> from lowball.engine.state import Hand
>>> hand = Hand("teaching-table", players=2)
>>> bool(hand.can_fold()), hand.can_fold().why()
(False, 'facing no bet a player may check or bet, not fold (B1)')
>>> hand.bet_or_raise(1); hand.check_or_call(); [str(action) for action in hand.actions[-2:]]
['p1 cbr 1', 'p2 cc']
>>> hand.discard("Kd Jh"); hand.stand_pat(); hand.check_or_call(); hand.can_bet_or_raise(9).why()
'the bet must go to 2 in this round (T3: the bet size is 2 in the final round)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from lowball.core.cards import Card, parse_cards
from lowball.core.refusals import Refusal
from lowball.engine.actions import Action, Kind
from lowball.engine.phases import OVER, SHOWDOWN
from lowball.engine.reducer import checked
from lowball.errors import IllegalAction


@dataclass(frozen=True)
class Can:
    """Whether a named action may be taken now: true with the ``action`` it would push, or false with the rule that
    refuses it (``refusal``, as data; ``reason``, its English words)."""

    action: Action | None
    refusal: Refusal | None = None
    reason: str = ""

    def __bool__(self) -> bool:
        return not self.reason

    def why(self, lang: str = "en") -> str:
        """Return why the action is refused, in ``lang`` ("" when it is allowed)."""
        return self.refusal.text(lang) if self.refusal is not None else self.reason


class NamedActions:
    """The named actions of ``Hand`` (a mixin: ``Hand`` holds the state, ``apply`` the rules)."""

    # ---- betting (B1, T3, L4) ----

    def fold(self) -> None:
        """Fold: give up the hand and what is in the pot."""
        self._push_named(self.can_fold())

    def can_fold(self) -> Can:
        return self._can_named(lambda seat: Action(Kind.FOLD, seat))

    def check_or_call(self) -> None:
        """Check when nothing is owed, else call what is owed (or all one's chips, when they are fewer)."""
        self._push_named(self.can_check_or_call())

    def can_check_or_call(self) -> Can:
        return self._can_named(lambda seat: Action(Kind.CHECK_OR_CALL, seat))

    def bet_or_raise(self, to: int) -> None:
        """Bet, complete or raise to ``to`` chips in this round (the total, as PHH writes it: T3)."""
        self._push_named(self.can_bet_or_raise(to))

    def can_bet_or_raise(self, to: int) -> Can:
        return self._can_named(lambda seat: Action(Kind.BET_OR_RAISE, seat, amount=to))

    def complete(self) -> None:
        """Complete the bring-in to a full bet (L4): the smallest bet or raise there is."""
        self._push_named(self.can_complete())

    def can_complete(self) -> Can:
        least = self.raise_range()
        return self._can_named(lambda seat: Action(Kind.BET_OR_RAISE, seat, amount=least[0] if least else self.level))

    def bring_in(self) -> None:
        """Post the bring-in (L4, R2): the lowest (razz: highest) upcard opens for less than a bet."""
        self._push_named(self.can_bring_in())

    def can_bring_in(self) -> Can:
        return self._can_named(lambda seat: Action(Kind.BRING_IN, seat))

    # ---- the draw (D1) ----

    def discard(self, cards: str | Iterable[Card | str]) -> None:
        """Throw ``cards`` (text such as ``"Kc 9h"``, or cards) and take as many from the stub."""
        self._push_named(self.can_discard(cards))

    def can_discard(self, cards: str | Iterable[Card | str]) -> Can:
        thrown = tuple(parse_cards(cards))               # card text that is no card: CardError, not a refusal
        return self._can_named(lambda seat: Action(Kind.DISCARD, seat, cards=thrown))

    def stand_pat(self) -> None:
        """Keep every card: a draw of none."""
        self._push_named(self.can_stand_pat())

    def can_stand_pat(self) -> Can:
        return self._can_named(lambda seat: Action(Kind.DISCARD, seat))

    # ---- the showdown (S1) ----

    def show(self, muck: bool = False) -> None:
        """Show every card held at the showdown (``muck=True``: give the hand up unseen) - in a hand dealt by hand,
        where the showdown waits for its shows."""
        self._push_named(self.can_show(muck))

    def can_show(self, muck: bool = False) -> Can:
        if self.phase == SHOWDOWN and self.current.showing:
            seat = self.current.showing[0]
            return self._check_named(Action(Kind.SHOW, seat, muck=True) if muck else
                               Action(Kind.SHOW, seat, cards=tuple(self.hands[seat])))
        return self._can_named(lambda seat: Action(Kind.SHOW, seat, muck=muck))

    # ---- how each is checked and taken ----

    def _can_named(self, build) -> Can:
        """Return whether the player to act may take the action ``build(seat)`` builds."""
        if self.to_act is None:
            clauses = self.table.clauses
            if self.phase == OVER:
                refusal = Refusal("hand-over", clauses["showdown"])
            elif self.phase == SHOWDOWN:
                refusal = Refusal("show-at-showdown", clauses["showdown"])
            else:                                        # a hand dealt by hand: the deal or a serving is due
                refusal = Refusal("dealer-to-act", clauses["deal"])
            return Can(None, refusal, refusal.text())
        return self._check_named(build(self.to_act))

    def _check_named(self, action: Action) -> Can:
        try:
            checked(self.state, action)                  # checks only: a state never changes
        except IllegalAction as error:
            return Can(action, getattr(error, "refusal", None), getattr(error, "reason", str(error)))
        return Can(action)

    def _push_named(self, can: Can) -> None:
        if not can:
            if can.action is None:
                raise IllegalAction(can.reason)
            raise IllegalAction(f"{can.action}: {can.reason}")
        self.push(can.action)

