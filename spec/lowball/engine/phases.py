"""The phases of a hand as one protocol: each street's module answers the same four questions.

A hand is a deal, a betting round, a draw or the showdown at any moment (``HandState.phase``), and the state of
that phase, frozen, is ``HandState.current``. Each phase is a module of this package with the same four
functions, so that the reducer asks them without knowing which phase it is in:

* ``legal(hand, state)``: every action allowed now;
* ``refusal(hand, state, action)``: why an action is illegal now (a ``core.refusals.Refusal``, or words where a
  phase does not yet name its rule as data), or None;
* ``apply(hand, state, action)``: carry out an action found legal, and return the phase's state after it (the
  phase's reducer: ``hand`` is the reducer's working copy of the hand, ``engine.reducer.Draft``);
* ``over(hand, state)``: whether the phase is over (the hand then moves to the next street).

>>> from lowball.engine.state import Hand
>>> hand = Hand([13, 13]); hand.advance()
>>> PHASES[hand.phase].__name__, [str(a) for a in PHASES[hand.phase].legal(hand, hand.current)]
('lowball.engine.betting', ['p1 cc', 'p1 cbr 1'])
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from lowball.engine import betting, dealing, drawing, showdown
from lowball.core.refusals import Refusal
from lowball.engine.actions import Action

if TYPE_CHECKING:
    from lowball.engine.state import Hand

DEAL, BET, DRAW, SHOWDOWN, OVER = "deal", "bet", "draw", "showdown", "over"


class Phase(Protocol):
    """What every phase module provides (``dealing``, ``betting``, ``drawing``, ``showdown``)."""

    def legal(self, hand: "Hand", state: Any) -> list[Action]: ...

    def refusal(self, hand: "Hand", state: Any, action: Action) -> Refusal | str | None: ...

    def apply(self, hand: "Hand", state: Any, action: Action) -> Any: ...

    def over(self, hand: "Hand", state: Any) -> bool: ...


PHASES: dict[str, ModuleType] = {DEAL: dealing, BET: betting, DRAW: drawing, SHOWDOWN: showdown}
