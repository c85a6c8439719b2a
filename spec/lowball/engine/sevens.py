"""The sevens rule (F7) played on a hand: the check noted when it is made, the chips moved at the showdown.

The rule itself, which hands it reads and where each chip goes under each setting, is
``engine/rules/sevens.py`` (the text ``lowball verify`` proves things about); this
module keeps the hand's record of the check and hands the rule what it reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lowball.core.behaviours import SevensRule
from lowball.engine.rules.sevens import cut, seven_or_better

if TYPE_CHECKING:
    from lowball.engine.state import Hand


def note_check(hand: "Hand", seat: int, last_round: bool) -> None:
    """Record a check of a seven or better in the last betting round, with what everyone had put in by then."""
    table = hand.table
    if table.sevens_rule is SevensRule.OFF or not last_round or seat in hand.sevens_checks:
        return
    cards = hand.hands[seat]
    # The rule is about the hand a player holds after the draw: every card the table deals him, none unknown.
    if None not in cards and len(cards) == table.hand_size and seven_or_better(cards, table.ranking,
                                                                             table.sevens_top):
        hand.note_sevens_check(seat)
        hand.tell("sevens-check", who=hand.names[seat], clause=table.clauses["sevens"])


def apply_rule(hand: "Hand", checker: int, before: tuple[int, ...]) -> tuple[list[int], set[int]]:
    """Return the chips each player put in after the check, and who may not win them, under the table's setting.

    The caller refunds or re-awards those chips; the pot as it stood at the check is settled as usual.
    """
    _, moved, barred = cut(hand.table.sevens_rule, hand.invested, before)
    return moved, {checker} if barred else set()
