"""Helpers shared by the solver's tests: an engine hand's legal actions by a tree's labels, hands by number."""

from __future__ import annotations

from functools import cache
from itertools import combinations

import numpy as np

from lowball import DECK, Hand, parse_cards
from lowball.solve.abstraction import all_subset_numbers, dealt_hands, subset_numbers

ENGINE_KIND = {"f": "fold", "cc": "call", "cbr": "raise"}


def engine_choices(hand: Hand) -> dict[str, object]:
    """Return the engine's legal actions by the tree's labels: fold, call, raise, or drawK (one discard of K)."""
    found: dict[str, object] = {}
    for action in hand.legal_actions():
        word = str(action).split()[1]
        label = f"draw{len(action.cards)}" if word == "sd" else ENGINE_KIND[word]
        found.setdefault(label, action)
    return found


@cache
def _by_colex() -> np.ndarray:
    """Return the number of each dealt hand by the colex number of its cards."""
    order = np.empty(len(dealt_hands()), dtype=np.int64)
    order[all_subset_numbers()[:, -1]] = np.arange(len(order))
    return order


def number_of(cards) -> int:
    """Return the number of a five-card hand in the order of ``itertools.combinations(DECK, 5)``."""
    colex = subset_numbers(np.array([sorted(DECK.index(card) for card in cards)]))[0, -1]
    return int(_by_colex()[colex])


def hand_number(text: str) -> int:
    """Return the number of a dealt hand given as text, e.g. ``"Kc 9h 4d 3s 2c"``."""
    return number_of(parse_cards(text))


def plain_draws(number: int, throw: int, score) -> list:
    """Return ``score(final hand)`` for every replacement set of the thrown positions, by plain enumeration."""
    cards = [DECK[i] for i in dealt_hands()[number]]
    kept = [card for p, card in enumerate(cards) if not throw >> p & 1]
    unseen = [card for card in DECK if card not in cards]
    k = len(cards) - len(kept)
    return [score(kept + list(drawn)) for drawn in combinations(unseen, k)]


def equilibrium_plays_out(hand) -> int:
    """Play a heads-up hand to its end with the equilibrium bot's choice at every decision, failing at the first
    the solution does not cover (the bot's fallback to the sound bot); return the number of decisions taken."""
    import random

    from lowball.engine.state import OVER
    from lowball.play import bots

    rng = random.Random(1)
    hand.advance()
    taken = 0
    while hand.phase != OVER:
        choice = bots.equilibrium_choice(hand, rng)
        assert not isinstance(choice, str), choice
        hand.apply(choice)
        hand.advance()
        taken += 1
    return taken


def triple_equilibrium():
    """Return the shipped equilibrium of deuce-to-seven triple draw (the PHH table), checked to be one of several
    draws."""
    from lowball.solve.policy import Equilibrium
    from lowball.solve.policy_draws import DrawsEquilibrium

    found = Equilibrium.load("deuce-to-seven-triple-draw-phh")
    assert isinstance(found, DrawsEquilibrium)
    return found
