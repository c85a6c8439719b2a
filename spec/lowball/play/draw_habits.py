"""How the equilibrium of a table with several draws plays its draws, over real deals: pat, snow, break, counts.

``play(eq, deals, seed)`` deals heads-up hands of real cards from one shuffled deck each and lets the solution
(``lowball.solve.policy_draws.DrawsEquilibrium``) play both seats through every round before the last, where all
the draws are: each decision is drawn from the equilibrium's row for the seat's bucket there, and a draw throws
the cards the abstraction throws for the count drawn (``StageLookup.throw``), replaced from the top of the same
deck. It keeps every draw decision met: the cards held, the line so far, and the row of chances of each count.

``habits(visits)`` sums them into the figures notebook 13 shows, draw by draw. A frequency is the mean of the
rows' chances over the decisions met, not a count of what was drawn: the same expectation with less noise. The
words are those of ``lowball.solve.policy_draws`` and of the sound bot (``lowball.play.bots``), whose rules are
the textbook's: a **made** hand is a no-pair hand (no straight, no flush, E1, E2) and its **top** is its highest
card; a **pat hand** stands pat by the book, a made eight or better (``MADE_TOP``); to **break** is to draw to a
made hand; to **snow** is to stand pat with a *weak* hand (in the worse half of the final buckets); a nine is
**smooth** when the four cards under it draw to a seven (``DRAW_TO``), **rough** when they hold an eight.

>>> from lowball.core.games import load_game_table
>>> from lowball.solve.policy import Equilibrium
>>> eq = Equilibrium.load(load_game_table("deuce-to-seven-triple-draw-phh"))
>>> first, second, third = habits(eq, play(eq, 2000, seed=1))
>>> first.draw, sorted(first.counts), sorted(third.counts), round(first.kinds["eight"].pat, 3)   # an eight: pat
(1, [0, 1, 2, 3], [0, 1], 1.0)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from lowball.core.cards import DECK
from lowball.core.rankings import HAND_SIZE
from lowball.engine.state import Hand
from lowball.errors import ArgumentError
from lowball.play.bots import DRAW_TO, MADE_TOP, keep_for_draw
from lowball.ranking.fast import CODES, hand_indices, shape_codes, shape_hands, shape_code, shape_of
from lowball.ranking import category, value
from lowball.ranking.literate import as_system
from lowball.solve.merged import ACT, FOLD, NEXT
from lowball.solve.game_tree import PLAYERS, RAISE
from lowball.solve.policy import DRAW, word_for
from lowball.solve.policy_draws import DrawsEquilibrium, facing

MADE = "no-pair"          # the category of a made low: five ranks, no straight, no flush (E1, E2)


@dataclass(frozen=True, eq=False)
class Visits:
    """Every draw decision the equilibrium met over ``deals`` deals, one entry per decision in each array."""

    deals: int
    deal: np.ndarray          # which deal, from 0
    draw: np.ndarray          # which draw, from 0
    seat: np.ndarray          # who drew (0 draws first, D1, K8)
    cards: np.ndarray         # (decisions, 5): the cards held before the draw, DECK indexes in rising order
    rows: np.ndarray          # (decisions, most + 1): the chance of throwing each count (0 where none is allowed)
    drawn: np.ndarray         # the count drawn
    lines: tuple[tuple[str, ...], ...]   # the public line before each decision, in the players' words


def play(eq: DrawsEquilibrium, deals: int, seed: int = 0) -> Visits:
    """Return the draw decisions the equilibrium meets playing itself over ``deals`` random deals (see the doc)."""
    if not isinstance(deals, int) or deals < 1:
        raise ArgumentError(f"deals: {deals!r}: a number of deals of 1 or more")
    game, lookup = eq.game, eq.lookup
    rng = np.random.default_rng(seed)
    decks = rng.random((deals, len(DECK))).argsort(axis=1)
    hands = np.sort(decks[:, :PLAYERS * HAND_SIZE].reshape(deals, PLAYERS, HAND_SIZE), axis=2)
    top = np.full(deals, PLAYERS * HAND_SIZE)                  # where each deal's stub starts
    history = np.zeros(deals, dtype=np.int64)
    alive = np.ones(deals, dtype=bool)
    lines: list[list[str]] = [[] for _ in range(deals)]
    most = max(max(counts) for counts in game.allowed)
    kept: dict[str, list] = {"deal": [], "draw": [], "seat": [], "cards": [], "rows": [], "drawn": [], "lines": []}
    for r in range(eq.last):
        rnd, strategy = game.rounds[r], eq.strategy[r]
        at = np.where(alive, 0, -1)                            # each deal's spot in this round's template
        bet = np.full(deals, eq.blind_bet if r == 0 else False)   # a bet made in the round: a raise is no bet
        for i, spot in enumerate(rnd.spots):                   # preorder: every child comes after its spot
            here = np.flatnonzero(at == i)
            if here.size == 0:
                continue
            if spot.kind == FOLD:
                alive[here] = False
                continue
            if spot.kind == NEXT:
                history[here] = game.following[r][history[here], rnd.nexts.index(i)]
                continue
            if spot.kind != ACT:
                raise ValueError(f"round {r + 1} ends in a {spot.kind} before the last round")
            seat = spot.player
            held = hands[here, seat]
            index = hand_indices(held)
            rows = strategy[i][history[here], lookup.buckets[r][index].astype(np.int64)]
            chosen = (rows.cumsum(axis=1) < rng.random((len(here), 1))).sum(axis=1).clip(0, rows.shape[1] - 1)
            if spot.actions[0].startswith(DRAW):
                counts = np.array([int(label[len(DRAW):]) for label in spot.actions])
                padded = np.zeros((len(here), most + 1))
                padded[:, counts] = rows
                same = np.full(len(here), r), np.full(len(here), seat)
                for name, values in (("deal", here), ("draw", same[0]), ("seat", same[1]), ("cards", held),
                                     ("rows", padded), ("drawn", counts[chosen])):
                    kept[name].append(values)
                kept["lines"].extend(tuple(lines[n]) for n in here)
                _throw(hands, decks, top, here, seat, lookup.throws[r][index, counts[chosen]])
            for n, a in zip(here, chosen):
                lines[n].append(word_for(spot.actions[a], spot, bool(bet[n]), facing(spot)))
            bet[here] |= np.asarray(spot.actions)[chosen] == RAISE
            at[here] = np.asarray(spot.children)[chosen]
    if not kept["draw"]:
        raise ValueError("no deal reached a draw")
    return Visits(deals=deals, lines=tuple(kept["lines"]),
                  **{name: np.concatenate(values) for name, values in kept.items() if name != "lines"})


def _throw(hands: np.ndarray, decks: np.ndarray, top: np.ndarray, here: np.ndarray, seat: int,
           masks: np.ndarray) -> None:
    """Replace the cards each mask names (bit i: the hand's i-th card in DECK order) by the deck's next ones."""
    for place in range(HAND_SIZE):
        thrown = (masks >> place & 1).astype(bool)
        deals = here[thrown]
        hands[deals, seat, place] = decks[deals, top[deals]]
        top[deals] += 1
    hands[here, seat] = np.sort(hands[here, seat], axis=1)


@functools.cache
def _shape_facts(system_name: str) -> tuple[np.ndarray, np.ndarray]:
    """Return, by shape code, the top card of a made hand (0: not made) and of the four cards under it."""
    system = as_system(system_name)
    top, second = np.zeros(CODES, dtype=np.int8), np.zeros(CODES, dtype=np.int8)
    for hand in shape_hands():
        if category(hand, system) == MADE:
            values = sorted((value(card, system) for card in hand), reverse=True)
            code = shape_code(shape_of(hand))
            top[code], second[code] = values[0], values[1]
    return top, second


@dataclass(frozen=True)
class Habit:
    """One kind of hand at one draw: how often the decisions meet it, and how often the equilibrium stands pat."""

    share: float              # of the draw's decisions
    pat: float                # the mean chance of standing pat with it (nan when none was met)
    decisions: int


@dataclass(frozen=True)
class DrawHabits:
    """The equilibrium's draws at one draw (``draw`` from 1), as frequencies over the decisions met there."""

    draw: int
    decisions: int
    reached: float                         # the share of deals in which some seat draws here
    counts: dict[int, float]               # the chance of throwing each number of cards
    pat: float
    snow: float                            # standing pat with a weak hand, of all the draw's decisions
    breaking: float                        # drawing to a made eight or better, of the decisions holding one
    kinds: dict[str, Habit]                # by kind of hand (KINDS)
    book: float                            # the chance the equilibrium throws the textbook's count
    versus: dict[int, dict[int, float]]    # the textbook's count -> the chance of each count the equilibrium throws


KINDS = ("seven or better", "eight", "nine, smooth", "nine, rough", "ten", "jack or worse", "not made")


def hand_kinds(eq: DrawsEquilibrium, cards: np.ndarray) -> np.ndarray:
    """Return each hand's kind as its place in ``KINDS``, for rows of DECK indexes in rising order.

    >>> from lowball.ranking.fast import DECK_INDEX
    >>> from lowball.ranking.value import hand_cards
    >>> from lowball.solve.policy import Equilibrium
    >>> rows = [sorted(DECK_INDEX[card] for card in hand_cards(text))
    ...         for text in ("8c 7d 4h 3s 2c", "9c 8d 4h 3s 2c", "9c 7d 4h 3s 2c", "Ac Kd 4h 3s 2c", "8c 7c 4c 3c 2c")]
    >>> [KINDS[k] for k in hand_kinds(Equilibrium.load("deuce-to-seven-triple-draw-phh"), np.array(rows))]
    ['eight', 'nine, rough', 'nine, smooth', 'jack or worse', 'not made']
    """
    tops, seconds = _shape_facts(eq.table.ranking)
    codes = shape_codes(np.asarray(cards), ascending=True)
    top, second = tops[codes].astype(int), seconds[codes].astype(int)
    nine, ten = MADE_TOP + 1, MADE_TOP + 2
    return np.select([top == 0, top <= DRAW_TO, top == MADE_TOP, (top == nine) & (second <= DRAW_TO), top == nine,
                      top == ten], [6, 0, 1, 2, 3, 4], default=5)


def habits(eq: DrawsEquilibrium, visits: Visits) -> list[DrawHabits]:
    """Return the equilibrium's habits at each draw some decision met, from the decisions ``play`` met."""
    codes = shape_codes(visits.cards, ascending=True)
    kind = hand_kinds(eq, visits.cards)
    weak = eq.lookup.buckets[eq.last][hand_indices(visits.cards)] >= eq.final_buckets // 2
    book = _book_counts(eq, visits.cards, codes)
    result = []
    for d in range(eq.last):
        at = visits.draw == d
        rows, n = visits.rows[at], int(at.sum())
        if n == 0:                                           # no deal reached this draw
            continue
        pat = rows[:, 0]
        made = kind[at] <= 1
        allowed = eq.game.allowed[d]
        wanted = np.minimum(book[at], max(allowed))          # the textbook's count, as far as the solution throws
        kinds = {}
        for k, name in enumerate(KINDS):
            chosen = kind[at] == k
            kinds[name] = Habit(share=float(chosen.mean()), decisions=int(chosen.sum()),
                                pat=float(pat[chosen].mean()) if chosen.any() else float("nan"))
        result.append(DrawHabits(
            draw=d + 1, decisions=n, reached=float(np.count_nonzero((visits.seat[at] == 0)) / visits.deals),
            counts={c: float(rows[:, c].mean()) for c in allowed},
            pat=float(pat.mean()), snow=float((pat * weak[at]).mean()),
            breaking=float(1 - pat[made].mean()) if made.any() else float("nan"), kinds=kinds,
            book=float(rows[np.arange(n), wanted].mean()),
            versus={int(b): {c: float(rows[wanted == b, c].sum() / n) for c in allowed} for b in np.unique(wanted)}))
    return result


def _book_counts(eq: DrawsEquilibrium, cards: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """Return the textbook's count for each hand: the sound bot's (``lowball.play.bots.keep_for_draw``: stand pat
    on a made eight or better, else keep the distinct cards up to a seven), asked once per shape met."""
    hand = Hand([eq.stacks] * PLAYERS, table=eq.table, seed=0)
    unique, first, back = np.unique(codes, return_index=True, return_inverse=True)
    counts = np.array([HAND_SIZE - len(keep_for_draw([DECK[i] for i in cards[n]], hand)) for n in first])
    return counts[back.reshape(-1)]
