"""Quiz questions: two hands and a system; which hand wins? Tricky levels favour the cases people get wrong.

Themes (the traps the seeds warn about): a straight that looks low (E1, H2),
a flush that looks low (E2), the wheel in each system (H2, K1, F1), A-K-Q-J-10
under the two A-6 conventions (H4, C1), and a pair of aces (H3, K1).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from lowball.core.cards import SUIT_CHARS, Card, format_cards
from lowball.text.explain import explain
from lowball.ranking import compare

LEVELS = ("easy", "tricky", "mixed")
Theme = Callable[[random.Random], tuple[str, list[int], list[int], bool, bool]]


@dataclass(frozen=True)
class Question:
    """A quiz question: does hand ``a`` or hand ``b`` win under ``system`` (or do they tie)?"""

    system: str
    a: str
    b: str
    theme: str

    @property
    def answer(self) -> int:
        """Return 1 if hand a wins, -1 if hand b wins, 0 for a tie."""
        return compare(self.a, self.b, self.system)

    def feedback(self, guess: int, lang: str = "en") -> str:
        """Return the verdict on a guess (1: a, -1: b, 0: tie) with the explanation."""
        right = guess == self.answer
        head = {("en", True): "Right!", ("en", False): "Not quite.",
                ("ru", True): "Верно!", ("ru", False): "Не совсем."}[(lang, right)]
        return f"{head} {explain(self.a, self.b, self.system, lang)}"


def _deal(rng: random.Random, ranks: list[int], suited: bool, avoid: set[Card]) -> tuple[Card, ...]:
    """Return cards with these ranks, all of one suit or not, avoiding ``avoid`` (and never an accidental flush)."""
    for _ in range(200):
        if suited:
            suit = rng.choice(SUIT_CHARS)
            hand = tuple(Card(r, suit) for r in ranks)
        else:
            hand = tuple(Card(r, rng.choice(SUIT_CHARS)) for r in ranks)
            if len(set(ranks)) == len(ranks) and len({c.suit for c in hand}) == 1:
                continue
        if len(set(hand)) == len(hand) and not set(hand) & avoid:
            return hand
    raise RuntimeError("could not deal the hand")   # unreachable for the themes below


def _low(rng: random.Random, top: int) -> list[int]:
    """Return five distinct ranks (ace as 14) topped by ``top`` with no five in a row."""
    while True:
        ranks = [top] + rng.sample([r for r in range(2, top)] + [14], 4)
        ordered = sorted({1 if r == 14 else r for r in ranks})
        if len(ordered) == 5 and ordered[-1] - ordered[0] != 4:
            return ranks


def _straight_looks_low(rng):
    return "ace-to-six", [5, 4, 3, 2, 14] if rng.random() < 0.5 else [6, 5, 4, 3, 2], \
        _low(rng, rng.choice([7, 8, 9])), False, False


def _flush_looks_low(rng):
    return rng.choice(["ace-to-six", "deuce-to-seven"]), _low(rng, rng.choice([7, 8])), \
        _low(rng, rng.choice([8, 9, 10])), True, False


def _wheel(rng):
    return rng.choice(["ace-to-six", "deuce-to-seven", "ace-to-five"]), [14, 2, 3, 4, 5], \
        _low(rng, rng.choice([7, 8, 13])), False, False


def _broadway(rng):
    return rng.choice(["ace-to-six", "ace-to-six-ace-low"]), [14, 13, 12, 11, 10], [13, 12, 11, 10, 8], False, False


def _aces(rng):
    kickers = rng.sample(range(6, 12), 3)
    other = rng.choice([2, 3])
    return rng.choice(["ace-to-six", "deuce-to-seven", "ace-to-five"]), [14, 14] + kickers, \
        [other, other] + kickers[::-1], False, False


def _plain(rng):
    return rng.choice(["ace-to-six", "deuce-to-seven", "ace-to-five"]), _low(rng, rng.choice([7, 8, 9])), \
        _low(rng, rng.choice([9, 10, 11, 12])), False, False


TRICKY: dict[str, Theme] = {"straight that looks low": _straight_looks_low, "flush that looks low": _flush_looks_low,
                            "the wheel": _wheel, "A-K-Q-J-10": _broadway, "a pair of aces": _aces}
EASY: dict[str, Theme] = {"two ordinary lows": _plain}


def make_question(rng: random.Random, level: str = "tricky") -> Question:
    """Return a question of the given level ('easy', 'tricky' or 'mixed'); hands come in random order.

    >>> q = make_question(random.Random(3))
    >>> q.answer in (1, -1, 0) and q.theme in TRICKY
    True
    >>> make_question(random.Random(3), "hard")
    Traceback (most recent call last):
    ValueError: unknown level 'hard' (known: easy, tricky, mixed)
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    themes = {"easy": EASY, "tricky": TRICKY, "mixed": {**EASY, **TRICKY}}[level]
    name = rng.choice(sorted(themes))
    system, ranks_a, ranks_b, suited_a, suited_b = themes[name](rng)
    a = _deal(rng, ranks_a, suited_a, set())
    b = _deal(rng, ranks_b, suited_b, set(a))
    if rng.random() < 0.5:
        a, b = b, a
    return Question(system=system, a=format_cards(a), b=format_cards(b), theme=name)


