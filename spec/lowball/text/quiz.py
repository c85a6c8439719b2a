"""Quiz questions: "which hand wins?" and "rank these hands", in every system, favouring the traps.

The themes are the traps the seeds warn about, each in the systems where it
bites: a straight that looks low (E1, H2) and deuce-to-seven's straights like
6-5-4-3-2 (K1); a flush that looks low (E2) and the same flush, harmless, in
ace-to-five (F1); the wheel in each system (H2, K1, F1); no wrap-around, so
K-A-2-3-4 is king-high (H4); A-K-Q-J-10 under the two ace-to-six conventions
(H4, C1); a pair of aces, the lowest pair or the highest (H3, K1); the ace
that is high in deuce-to-seven (K1); smooth and rough lows (H3); and ties,
since suits never break them (S2). Every hand is dealt afresh from the theme's
pattern (random kickers, random suits), so no two questions need look alike.

A ``Quiz`` asks the questions one after another, keeps the score, and asks a
question of the same theme and system again, with new cards, a few questions
after the learner got one wrong. The answer is never part of the question's
text: it is computed (``compare``) when the learner answers.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Sequence

from lowball.core.cards import ACE, SUIT_CHARS, Card, format_cards
from lowball.ranking import compare, hand_cards, rank_text
from lowball.text.explain import explain

LEVELS = ("easy", "tricky", "mixed")
KINDS = ("which-wins", "rank")
SYSTEMS = ("ace-to-six", "ace-to-six-ace-low", "deuce-to-seven", "ace-to-five")
LETTERS = "ABCD"
# A pattern: the ranks of one hand (the ace written 14) and whether its cards must all share a suit.
Pattern = tuple[tuple[int, ...], bool]
# A theme: from a random source and a system, the patterns of the hands to compare.
Theme = Callable[[random.Random, str], list[Pattern]]


# ---- Patterns: the shapes of hands the themes are made of ----

def _low(rng: random.Random, top: int, avoid_runs: bool = True) -> tuple[int, ...]:
    """Return five distinct ranks topped by ``top`` (the ace may be among them, as 14), never five in a row."""
    while True:
        ranks = (top, *rng.sample([r for r in range(2, top)] + [ACE] * (top != ACE), 4))
        values = sorted({1 if r == ACE else r for r in ranks})
        highs = sorted(set(ranks))
        run = values[-1] - values[0] == 4 or highs[-1] - highs[0] == 4
        if len(set(ranks)) == 5 and not (avoid_runs and run):
            return ranks


def _low_27(rng: random.Random, top: int) -> tuple[int, ...]:
    """Return five distinct ranks topped by ``top`` with no ace (the ace is high in deuce-to-seven, K1)."""
    while True:
        ranks = (top, *rng.sample(range(2, top), 4))
        if max(ranks) - min(ranks) != 4:
            return ranks


def _ordinary(rng: random.Random, system: str, tops: Sequence[int]) -> tuple[int, ...]:
    """Return an ordinary no-pair low for ``system``: no run, and no ace in deuce-to-seven."""
    top = rng.choice(tops)
    return _low_27(rng, top) if system == "deuce-to-seven" else _low(rng, top)


def _straight_looks_low(rng, system):
    run = rng.choice([(5, 4, 3, 2, ACE), (6, 5, 4, 3, 2)])
    return [(run, False), (_ordinary(rng, system, [7, 8, 9]), False)]


def _straight_27(rng, system):
    top = rng.choice([6, 7, 8])
    run = tuple(range(top, top - 5, -1))
    return [(run, False), (_ordinary(rng, system, [top + 1, top + 2, 10]), False)]


def _flush_looks_low(rng, system):
    return [(_ordinary(rng, system, [7, 8]), True), (_ordinary(rng, system, [8, 9, 10]), False)]


def _flush_fine_in_a5(rng, system):
    return [(_low(rng, rng.choice([6, 7, 8])), True), (_low(rng, rng.choice([8, 9, 10])), False)]


def _wheel(rng, system):
    return [((ACE, 2, 3, 4, 5), False), (_ordinary(rng, system, [7, 8, 13]), False)]


def _wrap_around(rng, system):
    other = rng.choice([((5, 4, 3, 2, ACE), False), (_low(rng, 12), False), (_low(rng, 13), False)])
    return [((13, ACE, 2, 3, 4), False), other]


def _broadway(rng, system):
    return [((ACE, 13, 12, 11, 10), False), ((13, 12, 11, 10, rng.choice([7, 8, 9])), False)]


def _aces(rng, system):
    kickers = tuple(rng.sample(range(5, 12), 3))
    other = rng.choice([2, 3, 4])
    return [((ACE, ACE) + kickers, False), ((other, other) + tuple(rng.sample(range(5, 12), 3)), False)]


def _ace_high_27(rng, system):
    return [((ACE, 2, 3, 4, 6), False), ((7, 5, 4, 3, 2), False)]


def _smooth_rough(rng, system):
    top = rng.choice([7, 8, 9])
    smooth = _ordinary(rng, system, [top])
    while True:
        rough = _ordinary(rng, system, [top])
        if sorted(rough) != sorted(smooth):
            return [(smooth, False), (rough, False)]


def _tie(rng, system):
    ranks = _ordinary(rng, system, [7, 8, 9, 10])
    return [(ranks, False), (ranks, False)]


def _plain(rng, system):
    return [(_ordinary(rng, system, [7, 8, 9]), False), (_ordinary(rng, system, [9, 10, 11, 12]), False)]


# The patterns a "rank these" question mixes: hands that each system orders differently.
LINEUP: dict[str, Callable[[random.Random, str], Pattern]] = {
    "the wheel": lambda rng, s: ((ACE, 2, 3, 4, 5), False),
    "six-four": lambda rng, s: ((6, 4, 3, 2, ACE), False),
    "seven-five": lambda rng, s: ((7, 5, 4, 3, 2), False),
    "a low straight": lambda rng, s: (tuple(range(top := rng.choice([6, 7]), top - 5, -1)), False),
    "a low flush": lambda rng, s: (_low(rng, rng.choice([7, 8])), True),
    "a pair of aces": lambda rng, s: ((ACE, ACE) + tuple(rng.sample(range(6, 12), 3)), False),
    "king-high": lambda rng, s: (_low(rng, 13), False),
    "an eight": lambda rng, s: (_ordinary(rng, s, [8]), False),
}
# The easy level's "rank these": three ordinary lows of different tops, no trap among them (no straight, no flush,
# no ace in deuce-to-seven), so that only the top cards decide.
def _topped(top: int) -> Callable[[random.Random, str], Pattern]:
    """Return the pattern of an ordinary low of the system topped by ``top``."""
    return lambda rng, system: (_ordinary(rng, system, [top]), False)


EASY_LINEUP: dict[str, Callable[[random.Random, str], Pattern]] = {
    f"a {name}": _topped(top) for name, top in (("seven", 7), ("eight", 8), ("nine", 9), ("ten", 10), ("queen", 12))
}

# Which-wins themes: name -> (the systems it is asked in, the hands). The trap is in the pattern.
TRICKY: dict[str, tuple[tuple[str, ...], Theme]] = {
    "straight that looks low": (("ace-to-six", "ace-to-six-ace-low"), _straight_looks_low),
    "deuce-to-seven straight": (("deuce-to-seven",), _straight_27),
    "flush that looks low": (("ace-to-six", "deuce-to-seven"), _flush_looks_low),
    "flush that does not count": (("ace-to-five",), _flush_fine_in_a5),
    "the wheel": (("ace-to-six", "deuce-to-seven", "ace-to-five"), _wheel),
    "no wrap-around": (("ace-to-six", "ace-to-six-ace-low"), _wrap_around),
    "A-K-Q-J-10": (("ace-to-six", "ace-to-six-ace-low"), _broadway),
    "a pair of aces": (("ace-to-six", "deuce-to-seven", "ace-to-five"), _aces),
    "the ace is high": (("deuce-to-seven",), _ace_high_27),
    "a tie": (SYSTEMS, _tie),
}
EASY: dict[str, tuple[tuple[str, ...], Theme]] = {
    "two ordinary lows": (("ace-to-six", "deuce-to-seven", "ace-to-five"), _plain),
    "smooth and rough": (("ace-to-six", "deuce-to-seven", "ace-to-five"), _smooth_rough),
}
RANK_THEME = "rank these hands"
# The which-wins themes each level asks: "mixed" asks both pools.
POOLS: dict[str, dict[str, tuple[tuple[str, ...], Theme]]] = {"easy": EASY, "tricky": TRICKY,
                                                             "mixed": {**EASY, **TRICKY}}


# ---- Dealing a pattern ----

def _deal(rng: random.Random, pattern: Pattern, avoid: set[Card]) -> tuple[Card, ...] | None:
    """Return cards of the pattern's ranks, of one suit or of several (never a flush by accident), or None."""
    ranks, suited = pattern
    for _ in range(100):
        if suited:
            suit = rng.choice(SUIT_CHARS)
            hand = tuple(Card(r, suit) for r in ranks)
        else:
            hand = tuple(Card(r, rng.choice(SUIT_CHARS)) for r in ranks)
            if len({c.suit for c in hand}) == 1:
                continue
        if len(set(hand)) == len(hand) and not set(hand) & avoid:
            return hand
    return None


def _deal_all(rng: random.Random, patterns: list[Pattern]) -> list[tuple[Card, ...]] | None:
    """Return hands for the patterns with no card twice (one deck, T1), or None if the draw was unlucky."""
    used: set[Card] = set()
    hands = []
    for pattern in patterns:
        hand = _deal(rng, pattern, used)
        if hand is None:
            return None
        used |= set(hand)
        hands.append(hand)
    return hands


# ---- Questions ----

@dataclass(frozen=True)
class Question:
    """A quiz question under ``system``: which of two hands wins (or do they tie), or rank three or four hands.

    The answer is not stored: ``answer`` computes it from the rules when asked.
    """

    system: str
    hands: tuple[str, ...]
    theme: str
    kind: str = "which-wins"
    level: str = "tricky"              # "easy" when the question is of the easy level's pool, else "tricky"

    @property
    def a(self) -> str:
        """Return the first hand."""
        return self.hands[0]

    @property
    def b(self) -> str:
        """Return the second hand."""
        return self.hands[1]

    @property
    def answer(self) -> int | tuple[int, ...]:
        """Return 1 if hand A wins, -1 if B wins, 0 for a tie; for a ranking, the hands' indexes best first."""
        if self.kind == "which-wins":
            return compare(self.a, self.b, self.system)
        order = list(range(len(self.hands)))
        for i in range(1, len(order)):              # insertion sort by the rules (a stable order for ties)
            j = i
            while j and compare(self.hands[order[j]], self.hands[order[j - 1]], self.system) > 0:
                order[j - 1], order[j] = order[j], order[j - 1]
                j -= 1
        return tuple(order)

    def is_right(self, guess: int | Sequence[int]) -> bool:
        """Return whether a guess is right; a ranking may list tied hands in either order (S2)."""
        if self.kind == "which-wins":
            return guess == self.answer
        order = list(guess)
        if sorted(order) != list(range(len(self.hands))):
            return False
        return all(compare(self.hands[x], self.hands[y], self.system) >= 0 for x, y in zip(order, order[1:]))

    def feedback(self, guess: int | Sequence[int], lang: str = "en") -> str:
        """Return the verdict on a guess; a wrong one names the winning hand and explains it with its clause.

        >>> q = Question("ace-to-six", ("5s 4d 3c 2h Ad", "8c 6h 4s 3h Ac"), "straight that looks low")
        >>> q.feedback(1)
        'Not quite: hand B wins, 8-6-4-3-A. 8-6-4-3-A is a no-pair hand; 5-4-3-2-A is a straight, and under ace-to-six every no-pair hand beats every straight (H2). A-2-3-4-5 (the wheel) is a straight here (H2).'
        >>> q.feedback(-1, "ru").startswith("Верно! ")
        True
        """
        words = WORDS[lang]
        if self.is_right(guess):
            return f"{words['right']} {self._why(lang)}"
        if self.kind == "which-wins":
            if self.answer == 0:
                head = words["tie"]
            else:
                winner = 0 if self.answer == 1 else 1
                head = words["wins"].format(letter=LETTERS[winner], hand=self._text(winner))
            return f"{words['wrong']}: {head}. {explain(self.a, self.b, self.system, lang)}"
        order = list(guess)
        for x, y in zip(order, order[1:]):
            if compare(self.hands[x], self.hands[y], self.system) < 0:
                head = words["before"].format(first=LETTERS[y], hand=self._text(y), second=LETTERS[x])
                right = " ".join(LETTERS[i] for i in self.answer)
                return (f"{words['wrong']}: {head}. {explain(self.hands[y], self.hands[x], self.system, lang)} "
                        f"{words['order'].format(order=right)}")
        return f"{words['wrong']}."     # unreachable for a guess that lists every hand once

    def _text(self, index: int) -> str:
        return rank_text(hand_cards(self.hands[index]), self.system)

    def _why(self, lang: str) -> str:
        if self.kind == "which-wins":
            return explain(self.a, self.b, self.system, lang)
        order = self.answer
        steps = [explain(self.hands[x], self.hands[y], self.system, lang) for x, y in zip(order, order[1:])]
        return " ".join(steps)


WORDS = {
    "en": {"right": "Right!", "wrong": "Not quite", "wins": "hand {letter} wins, {hand}", "tie": "they tie",
           "before": "{first} ({hand}) comes before {second}", "order": "Best to worst: {order}."},
    "ru": {"right": "Верно!", "wrong": "Не совсем", "wins": "выигрывает рука {letter}, {hand}", "tie": "ничья",
           "before": "{first} ({hand}) сильнее, чем {second}", "order": "От лучшей к худшей: {order}."},
}


def themes(level: str = "tricky", system: str | None = None) -> list[str]:
    """Return the names of the which-wins themes of a level (for one system, if given).

    >>> themes("tricky", "ace-to-five")
    ['a pair of aces', 'a tie', 'flush that does not count', 'the wheel']
    """
    pool = POOLS[_level(level)]
    return sorted(name for name, (systems, _) in pool.items() if system is None or system in systems)


def _level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    return level


def make_question(rng: random.Random, level: str = "tricky", system: str | None = None, kind: str | None = None,
                  theme: str | None = None) -> Question:
    """Return a question of the level ('easy', 'tricky' or 'mixed'), of a kind and system if given.

    Without a kind, about one question in four asks to rank hands. Hands come
    in random order, so the answer is as often A as B.

    >>> q = make_question(random.Random(3), kind="which-wins")
    >>> q.answer in (1, -1, 0) and q.theme in TRICKY
    True
    >>> r = make_question(random.Random(3), kind="rank", system="deuce-to-seven")
    >>> len(r.hands), sorted(r.answer)
    (4, [0, 1, 2, 3])
    >>> make_question(random.Random(3), "hard")
    Traceback (most recent call last):
    ValueError: unknown level 'hard' (known: easy, tricky, mixed)
    """
    _level(level)
    if system is not None and system not in SYSTEMS:
        raise ValueError(f"unknown system {system!r} (known: {', '.join(SYSTEMS)})")
    if kind is None:
        kind = "rank" if theme == RANK_THEME or (theme is None and rng.random() < 0.25) else "which-wins"
    if kind not in KINDS:
        raise ValueError(f"unknown kind of question {kind!r} (known: {', '.join(KINDS)})")
    for _ in range(50):
        if kind == "rank":
            chosen = system or rng.choice(SYSTEMS)
            lineup = EASY_LINEUP if level == "easy" else LINEUP
            names = rng.sample(sorted(lineup), 4 if level != "easy" else 3)
            patterns = [lineup[name](rng, chosen) for name in names]
            name = RANK_THEME
        else:
            pool = POOLS[level]
            if theme is not None and theme in pool:
                name = theme
            else:
                name = rng.choice(themes(level, system))
            systems, make = pool[name]
            chosen = system if system in systems else rng.choice(systems)
            patterns = make(rng, chosen)
        hands = _deal_all(rng, patterns)
        if hands is None:
            continue
        rng.shuffle(hands)
        easy = level == "easy" if kind == "rank" else name in EASY
        return Question(system=chosen, hands=tuple(format_cards(h) for h in hands), theme=name, kind=kind,
                        level="easy" if easy else "tricky")
    raise RuntimeError("could not deal a question")          # unreachable for the patterns above


# ---- A quiz session: the score, and the questions to ask again ----

@dataclass(frozen=True)
class Verdict:
    """What the learner is told about an answer: right or not, and why."""

    right: bool
    text: str


@dataclass
class Quiz:
    """Questions one after another; the first answer to each scores; a missed one comes back, with new cards.

    >>> quiz = Quiz(seed=1)
    >>> q = quiz.next()
    >>> quiz.answer(q.answer).right, quiz.score
    (True, (1, 1))
    """

    seed: int = 0
    level: str = "tricky"
    system: str | None = None
    kind: str | None = None
    again_after: int = 3                       # questions shown between a miss and its second chance
    asked: int = 0                             # questions answered
    right: int = 0
    shown: int = 0                             # questions shown
    current: Question | None = None
    again: bool = False                        # the current question re-asks one missed before
    answered: bool = False
    missed: deque = field(default_factory=deque)   # (due when this many were shown, theme, system, kind, level)

    def __post_init__(self) -> None:
        _level(self.level)
        self.rng = random.Random(self.seed)

    @property
    def score(self) -> tuple[int, int]:
        """Return (right answers, questions answered)."""
        return self.right, self.asked

    @property
    def to_practise(self) -> int:
        """Return how many missed questions wait to be asked again."""
        return len(self.missed)

    def fits(self, theme: str, system: str, kind: str, level: str) -> bool:
        """Return whether a question of this theme, system, kind and level is one the learner's settings ask for.

        A question's level is "easy" or "tricky" (``Question.level``); the "mixed" setting asks for both. A
        "rank these" question is of its level too: three trap-free lows at "easy", four with traps otherwise.

        >>> Quiz(level="easy").fits(RANK_THEME, "ace-to-five", "rank", "tricky")
        False
        >>> Quiz(level="mixed").fits(RANK_THEME, "ace-to-five", "rank", "easy")
        True
        """
        pool = POOLS[self.level]
        return ((self.system is None or system == self.system) and (self.kind is None or kind == self.kind)
                and (theme in pool or theme == RANK_THEME) and self.level in (level, "mixed"))

    def next(self) -> Question:
        """Return the next question: a missed one (same theme and system, new cards) when due, else a new one.

        A missed question waits while the learner's level, system or kind of question rules it out; it
        comes back once they ask for such questions again.

        >>> quiz = Quiz(seed=11, kind="which-wins")
        >>> q = quiz.next(); _ = quiz.answer(1 if q.answer != 1 else -1)         # a miss, due a few questions on
        >>> quiz.system = "deuce-to-seven" if q.system != "deuce-to-seven" else "ace-to-five"
        >>> {quiz.next().system for _ in range(6)} == {quiz.system}, quiz.to_practise
        (True, 1)
        """
        due = next((m for m in self.missed if m[0] <= self.shown and self.fits(*m[1:])), None)
        if due is not None:
            self.missed.remove(due)
            _, theme, system, kind, level = due
            self.current = make_question(self.rng, level, system, kind, theme)       # asked as it was missed
        else:
            self.current = make_question(self.rng, self.level, self.system, self.kind)
        self.again = due is not None
        self.answered = False
        self.shown += 1
        return self.current

    def answer(self, guess: int | Sequence[int], lang: str = "en") -> Verdict:
        """Judge a guess; only the first answer to a question scores; a wrong first answer is asked again later."""
        q = self.current
        right = q.is_right(guess)
        if not self.answered:
            self.answered = True
            self.asked += 1
            self.right += right
            if not right:
                self.missed.append((self.shown + self.again_after, q.theme, q.system, q.kind, q.level))
        return Verdict(right, q.feedback(guess, lang))
