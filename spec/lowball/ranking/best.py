"""The best five of more cards, and the low qualifier: for stud (L1, L8) and for every showdown.

A hand is five cards (H2); a player who holds more plays the best five of
them. In a split game the low is the best five that meet the qualifier (L1:
unpaired, none above eight, ace low), or there is none (L2).
"""

from __future__ import annotations

import itertools
from typing import Iterable, Sequence

from lowball.core.cards import Card, parse_cards
from lowball.core.rankings import HAND_SIZE, RankingSystem
from lowball.errors import CardError
from lowball.ranking.fast import evaluate_rank
from lowball.ranking.literate import _qualifier, as_system, qualifying
from lowball.ranking.value import HandValue, evaluate, hand_cards

# Stud deals seven cards (L3); with the community card (L8) a player plays from seven still.
MOST_CARDS = 7


def best_rank(cards: Sequence[Card], system: str | RankingSystem) -> int:
    """Return the class rank (1 = best) of the best five of ``cards`` under ``system``.

    >>> best_rank(parse_cards("Ac 2d 3h 4s 5c Kd Kh"), "ace-to-five")
    1
    """
    if len(cards) == HAND_SIZE:
        return evaluate_rank(tuple(cards), system)
    return min(evaluate_rank(five, system) for five in itertools.combinations(cards, HAND_SIZE))


def best_five(cards: Sequence[Card], system: str | RankingSystem) -> tuple[Card, ...]:
    """Return the five cards that make the best hand of ``cards`` under ``system`` (the first such five).

    >>> from lowball.core.cards import format_cards
    >>> format_cards(best_five(parse_cards("Ac 2d 3h 4s 5c Kd Kh"), "high"))
    'Ac 2d 3h 4s 5c'
    """
    return min(itertools.combinations(cards, HAND_SIZE), key=lambda five: evaluate_rank(five, system))


def best_qualifying_rank(cards: Sequence[Card], qualifier: str | None = None) -> int | None:
    """Return the class rank of the best qualifying low among ``cards``, or None when there is none (L1, L2).

    >>> best_qualifying_rank(parse_cards("Kc Qd Jh 6s 4c 3d Ah"), "eight-or-better") is None
    True
    """
    system, _ = _qualifier(qualifier)
    ranks = [evaluate_rank(five, system) for five in itertools.combinations(cards, HAND_SIZE)
             if qualifying(five, qualifier)]
    return min(ranks) if ranks else None


def _held(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    held = parse_cards(cards)
    if not HAND_SIZE <= len(held) <= MOST_CARDS:
        raise CardError(f"best five needs {HAND_SIZE} to {MOST_CARDS} cards, got {len(held)}")
    return held


def best_hand(cards: str | Iterable[Card | str], system: str | RankingSystem) -> HandValue:
    """Return the best five-card hand among five to seven cards under ``system`` (for stud games, L1).

    >>> best_hand("Ac 2d 3h 4s 5c Kd Kh", "high").name
    'five-high straight'
    >>> best_hand("Ac 2d 3h 4s 5c Kd Kh", "ace-to-five").name
    'five-four low'
    """
    row = as_system(system)
    return evaluate(best_five(_held(cards), row), row)


def qualifies(cards: str | Iterable[Card | str], qualifier: str | None = None) -> bool:
    """Return whether five cards make a qualifying low (L1): unpaired, none above the limit, ace low.

    >>> qualifies("8c 6h 4d 3c Ad"), qualifies("9c 6h 4d 3c Ad"), qualifies("8c 8h 4d 3c Ad")
    (True, False, False)
    """
    return qualifying(hand_cards(cards), qualifier)


def best_low(cards: str | Iterable[Card | str], qualifier: str | None = None) -> HandValue | None:
    """Return the best qualifying low among five to seven cards, or None when there is none (L1, L2).

    >>> best_low("Kc Qd 8h 6s 4c 3d Ah").name
    'eight-six low'
    >>> best_low("Kc Qd Jh 6s 4c 3d Ah") is None
    True
    """
    system, _ = _qualifier(qualifier)
    lows = [five for five in itertools.combinations(_held(cards), HAND_SIZE) if qualifying(five, qualifier)]
    if not lows:
        return None
    return evaluate(min(lows, key=lambda five: evaluate_rank(five, system)), system)
