"""Helpers shared by tests, moved out of ``tests/betting/test_game_stateful.py`` (issue 39)."""

from lowball.core.cards import DECK
from lowball.engine.actions import Action
from lowball.engine.state import BET
from lowball.engine.state import DRAW
from lowball.engine.state import Hand


def illegal_actions(hand: Hand) -> list[Action]:
    """Return actions that are surely illegal now: each kind of mistake the engine must refuse."""
    legal = set(hand.legal_actions())
    seat = hand.to_act if hand.to_act is not None else 0
    other = (seat + 1) % hand.n
    held = [c for c in hand.hands[seat] if c is not None]
    foreign = next(c for c in DECK if all(c not in h for h in hand.hands))
    tries = [Action("cc", other), Action("f", other), Action("sd", seat, cards=(foreign,)),
             Action("dh", seat, cards=(foreign, foreign)), Action("cbr", seat, amount=10**6),
             Action("cbr", seat, amount=hand.level + 1000), Action("sm", seat, cards=(foreign,))]
    if held:
        tries += [Action("sd", seat, cards=(held[0], held[0])), Action("sd", other, cards=tuple(held[:1]))]
    tries += [a._replace(amount=a.amount + 1) for a in legal if a.kind == "cbr"]
    if hand.phase == DRAW:
        tries += [Action("cbr", seat, amount=1), Action("cc", seat)]
    if hand.phase == BET:
        tries += [Action("sd", seat), Action("dh", seat, cards=(foreign,))]
    return [a for a in tries if a not in legal]
