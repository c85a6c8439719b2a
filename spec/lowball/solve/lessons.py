"""What a solved single-draw table teaches, in aggregate: how often the equilibrium stands pat, snows, breaks, bluffs.

Pure functions over a stored solution (lowball.solve.store.Solution) and its abstraction's matrices; no cards are
enumerated and nothing is solved again, so notebook 13 reads them in a fraction of a second. The words are the
players' words, each defined in the abstract game the strategy was solved in (lowball.solve.abstraction):

- a hand's **best count** is the number of cards whose best throw gives it the highest equity against a random
  five-card hand (0: a *pat hand*). The abstraction groups the pre-draw buckets by it; here it is read back from
  the draw matrices (the bucket's average equity for each count), which finds the same groups;
- to **stand pat** is to draw no card; to **snow** is to stand pat with a **weak** hand: five cards that, read as
  a final hand, fall in the worse half of the final buckets (they lose to a random hand about half the time or
  more); to **break** is to draw to a pat hand;
- a **bluff** after the draw is a bet or raise with a final hand in the bottom part of the bettor's range there:
  at least half of the hands he holds at that point (his reach, best bucket first) are better.

These are the definitions of ``lowball.solve.policy`` (``Advice.snow``, ``.breaking``, ``.bluff``), summed here
over every hand and every point of play; tests/faces/test_widgets_solved.py checks that the two agree.

Frequencies are those of the equilibrium playing itself: each is a probability over deals and over both
players' mixed strategies (the reach of every public node is the product of the two players' reach).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from lowball.solve.tree import Chance, Decision, Node, PublicTree, Terminal, Transition

PLAYERS = 2
DRAW = "draw"          # the label of a draw action is "draw" and the count: draw0 is standing pat
RAISE, FOLD = "raise", "fold"


def final_hand_mass(ranges) -> np.ndarray:
    """Return the chance of each post bucket for a random five-card hand (the deal, standing pat).

    >>> from lowball.solve.abstraction import toy_ranges
    >>> mass = final_hand_mass(toy_ranges()); mass.shape, round(float(mass.sum()), 12)
    ((4,), 1.0)
    """
    return np.asarray(ranges.weights) @ np.asarray(ranges.transitions[0])


def final_hand_equity(ranges) -> np.ndarray:
    """Return each post bucket's equity against a random five-card hand: the chance it wins, ties counting half.

    Bucket 0 is the best (its strength is the highest), so the equities fall from the first bucket to the last.

    >>> from lowball.solve.abstraction import toy_ranges
    >>> equity = final_hand_equity(toy_ranges()); bool(np.all(np.diff(equity) < 0)), round(float(equity @
    ...     final_hand_mass(toy_ranges())), 12)  # a random hand against a random hand: one half
    (True, 0.5)
    """
    mass = final_hand_mass(ranges)
    strengths = np.asarray(ranges.strengths)
    beats = (strengths[:, None] > strengths[None, :]).astype(float) + 0.5 * (strengths[:, None] == strengths[None, :])
    return beats @ mass


def best_counts(ranges) -> np.ndarray:
    """Return each pre bucket's best discard count: the count whose draw gives its hands the highest equity.

    >>> from lowball.solve.abstraction import toy_ranges
    >>> best_counts(toy_ranges()).tolist()
    [0, 4, 4]
    """
    equity = final_hand_equity(ranges)
    counts = sorted(ranges.transitions)
    table = np.stack([np.asarray(ranges.transitions[k]) @ equity for k in counts], axis=1)
    return np.asarray(counts)[table.argmax(axis=1)]


def weak_share(ranges) -> np.ndarray:
    """Return, per pre bucket, the share of its hands that are weak: read as final hands, in the worse half of the
    final buckets (``lowball.solve.policy``'s reading of a snow).

    >>> from lowball.solve.abstraction import toy_ranges
    >>> weak_share(toy_ranges()).round(3).tolist()
    [0.06, 0.436, 0.356]
    """
    pat = np.asarray(ranges.transitions[0])
    return pat[:, pat.shape[1] // 2:].sum(axis=1)


def _count(label: str) -> int | None:
    return int(label[len(DRAW):]) if label.startswith(DRAW) else None


@dataclass(frozen=True, kw_only=True, eq=False)
class Habits:
    """How one seat draws and bets after the draw when the equilibrium plays itself, per pre bucket and overall.

    ``reached[b]``: the chance that a deal gives the seat pre bucket b and the hand reaches his draw;
    ``drawn[b, k]``: the chance of that and of his throwing k cards. ``bets`` and ``bluffs``: the chance that he
    bets or raises after the draw, and that such a bet is a bluff (at least once in the hand, counted per bet).
    """

    seat: int
    best: np.ndarray = field(repr=False)
    weak: np.ndarray = field(repr=False)
    weights: np.ndarray = field(repr=False)
    reached: np.ndarray = field(repr=False)
    drawn: np.ndarray = field(repr=False)
    bets: float
    bluffs: float

    @property
    def draws_seen(self) -> float:
        """Return the chance that a deal reaches this seat's draw (nobody folded before it)."""
        return float(self.reached.sum())

    def share(self, counts=None, best=None) -> float:
        """Return the share of this seat's draws that throw one of ``counts`` from hands whose best count is in
        ``best`` (None: any), among the draws it reaches.
        """
        rows = np.ones(len(self.reached), bool) if best is None else np.isin(self.best, list(best))
        columns = slice(None) if counts is None else list(counts)
        return float(self.drawn[rows][:, columns].sum() / self.reached.sum())

    @property
    def pat(self) -> float:
        """Return how often the seat stands pat, of the draws it reaches."""
        return self.share([0])

    @property
    def snows(self) -> float:
        """Return how often it stands pat with a weak hand (a snow), of the draws it reaches."""
        return float((self.drawn[:, 0] * self.weak).sum() / self.reached.sum())

    @property
    def breaks(self) -> float:
        """Return how often it draws to a pat hand (breaks it), of the draws it reaches."""
        return self.share([k for k in range(1, self.drawn.shape[1])], [0])

    def by_best_count(self) -> dict[int, tuple[float, np.ndarray]]:
        """Return, for each best discard count, the share of the seat's draws holding such a hand and how often
        it then throws each number of cards.
        """
        found = {}
        for k in sorted(set(self.best.tolist())):
            rows = self.best == k
            mass = self.reached[rows].sum()
            found[k] = (float(mass / self.reached.sum()), self.drawn[rows].sum(axis=0) / mass)
        return found

    def by_bucket(self) -> np.ndarray:
        """Return, per pre bucket, the chance of each discard count given that the draw is reached with it."""
        safe = np.where(self.reached > 0, self.reached, 1.0)
        return self.drawn / safe[:, None]


def habits(tree: PublicTree, strategy, ranges) -> tuple[Habits, Habits]:
    """Return both seats' habits: draws per pre bucket, bets and bluffs after the draw (one walk of the tree).

    >>> from lowball.core.games import load_game_table
    >>> from lowball.solve.abstraction import toy_ranges
    >>> from lowball.solve.game_tree import build_tree
    >>> from lowball.solve.strategy import uniform
    >>> built = build_tree(load_game_table("teaching-table"), toy_ranges())
    >>> seat0, seat1 = habits(built.tree, uniform(built.tree), toy_ranges())
    >>> round(seat0.pat, 6), round(seat1.pat, 6)  # uniform play throws each count one time in six
    (0.166667, 0.166667)
    """
    pre = len(ranges.weights)
    counts = max(_count(label) for node in tree.decisions for label in node.actions if _count(label) is not None) + 1
    reached = [np.zeros(pre) for _ in range(PLAYERS)]
    drawn = [np.zeros((pre, counts)) for _ in range(PLAYERS)]
    bets, bluffs = [0.0, 0.0], [0.0, 0.0]

    def walk(node: Node, reach: list[np.ndarray], drew: bool) -> None:
        match node:
            case Decision(player=p, actions=actions, children=children):
                table = strategy[tree.index[id(node)]]
                other = float(reach[1 - p].sum())
                if _count(actions[0]) is not None:
                    reached[p][:] += reach[p] * other
                    drawn[p][:, [_count(a) for a in actions]] += reach[p][:, None] * table * other
                elif drew and RAISE in actions:
                    a = actions.index(RAISE)
                    betting = reach[p] * table[:, a] * other
                    total = reach[p].sum()
                    if total > 0:
                        above = (np.cumsum(reach[p]) - reach[p]) / total     # the share of his range that is better
                        bluffs[p] += float(betting[above >= 0.5].sum())
                    bets[p] += float(betting.sum())
                for a, child in enumerate(children):
                    after = list(reach)
                    after[p] = reach[p] * table[:, a]
                    walk(child, after, drew or _count(actions[a]) is not None)
            case Chance(children=children):
                for child in children:
                    walk(child, reach, drew)
            case Transition(player=p, matrix=matrix, child=child):
                after = list(reach)
                after[p] = reach[p] @ matrix
                walk(child, after, drew)
            case Terminal():
                return

    walk(tree.root, [np.ones(tree.states[0]), np.ones(tree.states[1])], False)
    best = best_counts(ranges)
    weak = weak_share(ranges)
    return tuple(Habits(seat=p, best=best, weak=weak, weights=np.asarray(ranges.weights), reached=reached[p], drawn=drawn[p],
                        bets=bets[p], bluffs=bluffs[p]) for p in range(PLAYERS))


def solution_habits(solution) -> tuple[Habits, Habits]:
    """Return both seats' habits in a stored solution (``lowball.solve.store.load``)."""
    return habits(solution.built.tree, solution.strategy, solution.ranges)


__all__ = ["Habits", "best_counts", "weak_share", "final_hand_equity", "final_hand_mass", "habits", "solution_habits"]
