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

from typing import Any, Sequence, assert_never

from lowball.core.behaviours import SevensRule
from lowball.errors import RulesError
from lowball.ranking import category, value
from lowball.ranking.joker import resolve_joker


def seven_or_better(cards, system, top: int) -> bool:
    """Return whether a hand of the system's size (five) is a no-pair low topped by ``top`` or better (F7: a seven,
    the table's ``showdown.sevens_top``), the joker resolved first (F8).

    >>> from lowball.core.cards import parse_cards
    >>> seven_or_better(parse_cards("7c 5d 4h 2s Ac"), "ace-to-five", 7), seven_or_better(parse_cards("8c 5d 4h 2s Ac"), "ace-to-five", 7)
    (True, False)
    >>> seven_or_better(parse_cards("7c 5d 4h 2s"), "ace-to-five", 7)
    Traceback (most recent call last):
    lowball.errors.RulesError: the sevens rule reads a low of 5 cards (F7); got 4
    """
    from lowball.ranking import as_system

    row = as_system(system)
    # A low "topped by a seven" is a whole hand of the ranking's size: a shorter or longer one is no such low.
    if len(cards) != row.hand_size:
        raise RulesError(f"the sevens rule reads a low of {row.hand_size} cards (F7); got {len(cards)}")
    five = resolve_joker(tuple(cards), row)
    return category(five, row) == "no-pair" and max(value(card, row) for card in five) <= top


def cut(rule: SevensRule, invested: Sequence[Any], before: Sequence[Any]) -> tuple[list[Any], list[Any], bool]:
    """Return how the rule cuts a winning checker's pot: the chips kept in the pot as it stood at the check, the
    chips moved (put in after it, or all of them), and whether the checker is barred from the moved chips.

    The engine settles the two parts with plain numbers; ``lowball verify`` proves, with Z3 terms for the totals,
    that the parts add up to what everyone put in. It is pure arithmetic, so the one definition serves both.

    >>> cut(SevensRule.RRP, [30, 50], [20, 20]), cut(SevensRule.SEED_004, [30, 50], [20, 20])
    (([20, 20], [10, 30], True), ([20, 20], [10, 30], False))
    """
    after = [now - then for now, then in zip(invested, before)]
    match rule:
        case SevensRule.OFF:
            moved, barred = [0] * len(invested), False
        case SevensRule.SEED_004:
            moved, barred = after, False            # refunded to whoever put them in
        case SevensRule.RRP:
            moved, barred = after, True             # awarded among the others
        case SevensRule.WHOLE_POT:
            moved, barred = list(invested), True    # the checker forfeits the whole pot
        case _:
            assert_never(rule)
    kept = [total - extra for total, extra in zip(invested, moved)]
    return kept, moved, barred
