"""The California sevens rule (F7): a player who checks a seven-low or better after the draw.

Some clubs punish checking a made seven after the draw (it invites a bet the
checker means to snap off). Four settings, as the sources give them (F7):

* ``off``: no such rule;
* ``seed-004``: if the checker wins, every chip put in after the check goes
  back to whoever put it in (the bettor takes the bet back) and the checker
  wins the pot as it stood at the check; if the checker loses, nothing changes;
* ``rrp``: the checker can win only the pot as it stood at the check; the chips
  put in after it go to the best other hand among the players still in;
* ``whole-pot``: the checker forfeits the whole pot to the best other hand.

Every chip goes somewhere: back to its owner, or to another player (``lowball
verify`` proves it for each setting).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from lowball.core.behaviours import SevensRule
from lowball.ranking import category, value
from lowball.ranking.joker import resolve_joker

if TYPE_CHECKING:
    from lowball.engine.state import Hand

# F7: "a seven-low or better".
SEVEN = 7


def seven_or_better(cards, system) -> bool:
    """Return whether five cards are a no-pair low topped by a seven or better (F7), the joker resolved first (F8).

    >>> from lowball.core.cards import parse_cards
    >>> seven_or_better(parse_cards("7c 5d 4h 2s Ac"), "ace-to-five"), seven_or_better(parse_cards("8c 5d 4h 2s Ac"), "ace-to-five")
    (True, False)
    """
    from lowball.ranking import as_system

    row = as_system(system)
    five = resolve_joker(tuple(cards), row)
    return category(five, row) == "no-pair" and max(value(card, row) for card in five) <= SEVEN


def note_check(hand: "Hand", seat: int, last_round: bool) -> None:
    """Record a check of a seven or better in the last betting round, with what everyone had put in by then."""
    table = hand.table
    if table.sevens_rule is SevensRule.OFF or not last_round or seat in hand.sevens_checks:
        return
    cards = hand.hands[seat]
    if None not in cards and len(cards) == 5 and seven_or_better(cards, table.ranking):
        hand.sevens_checks[seat] = tuple(hand.invested)
        hand.tell("sevens-check", who=hand.names[seat], clause=table.clauses["sevens"])


def apply_rule(hand: "Hand", checker: int, before: tuple[int, ...]) -> tuple[list[int], set[int]]:
    """Return the chips each player put in after the check, and who may not win them, under the table's setting.

    The caller refunds or re-awards those chips; the pot as it stood at the check is settled as usual.
    """
    after = [now - then for now, then in zip(hand.invested, before)]
    rule = hand.table.sevens_rule
    match rule:
        case SevensRule.OFF:
            return [0] * hand.n, set()
        case SevensRule.SEED_004:
            return after, set()                 # refunded to their owners
        case SevensRule.RRP:
            return after, {checker}             # awarded among the others
        case SevensRule.WHOLE_POT:
            return list(hand.invested), {checker}
        case _:
            assert_never(rule)
