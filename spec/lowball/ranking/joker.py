"""The joker (the "bug" of California lowball, F2, F8): resolved to a natural card before any ranking.

F8: the joker counts as the lowest rank not already in the hand, so
A-6-5-3-joker reads 6-5-3-2-A, and the joker never pairs a card. Only a system
whose row of ``rules/rankings.toml`` says ``joker = "lowest-missing"`` takes it
(ace-to-five); every other system refuses it. The literate evaluator, the fast
tables and the proofs never see a joker: each hand is resolved here first
(STYLE: "resolve the joker before ranking"). In a hand of more than five cards
the joker is resolved in each five played: "the hand" is the five cards shown.
"""

from __future__ import annotations

from typing import Sequence, assert_never

from lowball.core.behaviours import Joker
from lowball.core.cards import ACE, JOKER, LOW_ACE, SUIT_CHARS, Card
from lowball.core.rankings import RankingSystem, load_rankings
from lowball.errors import CardError
from lowball.ranking.literate import as_system, value


def joker_systems() -> tuple[str, ...]:
    """Return the names of the shipped systems that take a joker (F2, F8).

    >>> joker_systems()
    ('ace-to-five',)
    """
    return tuple(row.key for row in load_rankings().systems if row.joker is not None)


def refuse_joker(system: RankingSystem) -> CardError:
    """Return the error for a joker in a system that has none: it names the systems that do (F2, F8).

    >>> refuse_joker(as_system("deuce-to-seven"))
    CardError('the joker plays only in ace-to-five (F2, F8); deuce-to-seven has no joker')
    """
    where = " or ".join(joker_systems()) or "no shipped system"
    return CardError(f"the joker plays only in {where} (F2, F8); {system.key} has no joker")


def natural_rank(card_value: int) -> int:
    """Return the natural rank (2-14) of a card value (1-14): the ace is 14 whether it counts 1 or 14.

    >>> natural_rank(1), natural_rank(7), natural_rank(14)
    (14, 7, 14)
    """
    return ACE if card_value == LOW_ACE else card_value


def joker_rank(others: Sequence[Card], system: str | RankingSystem) -> int:
    """Return the natural rank the joker plays as beside ``others``: the lowest one they lack (F8).

    "Lowest" is by the system's card values (the ace is the lowest card where it
    counts one), and a rank the hand holds is never taken, so the joker never pairs.

    >>> from lowball.core.cards import parse_cards
    >>> joker_rank(parse_cards("Ac 6d 5h 3s"), "ace-to-five")      # F8: A-6-5-3-joker reads 6-5-3-2-A
    2
    >>> joker_rank(parse_cards("2c 3d 4h 5s"), "ace-to-five")      # the ace is the lowest card
    14
    >>> joker_rank(parse_cards("Ac 2d 3h 4s"), "ace-to-five")      # the wheel
    5
    """
    row = as_system(system)
    rule = row.joker
    if rule is None:
        raise refuse_joker(row)
    match rule:
        case Joker.LOWEST_MISSING:
            held = {value(card, row) for card in others if not card.is_joker}
            lowest = 1 if row.ace == "low" else 2
            return natural_rank(next(v for v in range(lowest, lowest + 13) if v not in held))
        case _:
            assert_never(rule)


def joker_card(others: Sequence[Card], system: str | RankingSystem) -> Card:
    """Return the natural card the joker stands for beside ``others``: its rank (F8), and a suit none holds.

    Only ranks count where a joker plays (F1: no flushes), so any suit would
    do; the first suit keeps the result the same from run to run.

    >>> from lowball.core.cards import parse_cards
    >>> joker_card(parse_cards("Ac 6d 5h 3s"), "ace-to-five")
    Card(rank=2, suit='c')
    """
    return Card(joker_rank(others, system), SUIT_CHARS[0])


def resolve_joker(cards: Sequence[Card], system: str | RankingSystem) -> tuple[Card, ...]:
    """Return the cards with the joker (if any) replaced by the card it plays as, in its place (F8).

    >>> from lowball.core.cards import format_cards, parse_cards
    >>> format_cards(resolve_joker(parse_cards("Ac 6d 5h 3s Jk"), "ace-to-five"))
    'Ac 6d 5h 3s 2c'
    >>> resolve_joker(parse_cards("Ac 6d 5h 3s Jk"), "high")
    Traceback (most recent call last):
    lowball.errors.CardError: the joker plays only in ace-to-five (F2, F8); high has no joker
    """
    if JOKER not in cards:
        return tuple(cards)
    if sum(card.is_joker for card in cards) > 1:
        raise CardError("a hand holds at most one joker: the deck has one (F8)")
    others = [card for card in cards if not card.is_joker]
    stand_in = joker_card(others, system)
    return tuple(stand_in if card.is_joker else card for card in cards)


def plays_as(cards: Sequence[Card], system: str | RankingSystem) -> int | None:
    """Return the natural rank the joker plays as in five cards, or None when they hold no joker.

    >>> from lowball.core.cards import parse_cards
    >>> plays_as(parse_cards("Ac 6d 5h 3s Jk"), "ace-to-five"), plays_as(parse_cards("Ac 6d 5h 3s 2s"), "ace-to-five")
    (2, None)
    """
    if JOKER not in cards:
        return None
    return resolve_joker(cards, system)[list(cards).index(JOKER)].rank
