"""The card abstraction of a single-draw table: what a solver's player knows of his five cards, before and after.

Stated exactly (``Abstraction.build(system, pre_buckets, post_buckets)``):

- A final hand (after the draw) is known only by its **post bucket**: the classes of the ranking, best first, cut
  into ``post_buckets`` runs of about equal probability for a random five-card hand (a class is never split, so
  a bucket holding a single frequent class may be fuller). The showdown compares buckets; one bucket ties.
- For each hand and each discard count k, the player throws the k cards whose throw gives the **best expected
  equity**: the chance that the final hand beats a random five-card hand (ties count half, compared by class),
  averaged exactly over the C(47, k) replacement sets from the 47 cards he has not seen (ties between throws:
  the first in the order of ``itertools.combinations`` of the hand's cards as dealt in deck order).
- A hand before the draw is known only by its **pre bucket**: hands are grouped by the discard count whose best
  throw has the highest equity (0 = pat, 1, 2, ...), each group gets buckets in proportion to its number of
  hands (at least one), and within a group hands are cut by that equity into runs of about equal size.
- The draw moves a player from pre bucket b to post bucket c with probability ``transitions[k][b, c]``: the
  average over the hands of b of the exact chance that the best k-card throw ends in c.
- Forgotten: the cards themselves within a bucket, the opponent's cards (no card removal between the players:
  both hands and both draws are independent), and after the draw the pre bucket. Forgetting the pre bucket
  costs nothing: after the draw a player's payoff depends only on his post bucket and the opponent's range does
  not depend on his cards, so every counterfactual value after the draw is the same for all pre buckets, a
  forgetful best response is a best response of the game that remembers, and CFR's regrets there are those of
  the game that remembers (the solver's averages are its averages, summed over pre buckets).

The exact draw probabilities come from inclusion-exclusion over subsets: the final hands that keep K and draw
from the deck less K and the thrown set D are the five-card supersets of K that avoid D, so
``sum over S in D of (-1)^|S| * F(K + S)`` where F(X) counts the five-card hands containing X. F is tabled once
for every set of at most five cards (by its colex number), so all 2,598,960 hands are done in seconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from math import comb

import numpy as np

from lowball.core.cards import DECK
from lowball.core.rankings import HAND_SIZE
from lowball.errors import RulesError
from lowball.ranking import as_system
from lowball.ranking.fast import all_ranks

# The deck and the hand are the rules' own (52 cards, H2's five); a table of another deck or hand is refused before a
# solve (``game_tree.refusal``), and a ranking of another hand here (``five_card_system``).
CARDS = len(DECK)
HAND = HAND_SIZE
UNSEEN = CARDS - HAND
MASKS = 1 << HAND
POPCOUNT = np.array([bin(mask).count("1") for mask in range(MASKS)])
# The colex number of a card set: sum of C(card, i) over its cards in increasing order, i from 1.
BINOMIAL = np.array([[comb(card, i) for i in range(HAND + 1)] for card in range(CARDS)], dtype=np.int32)
CHUNK = 1 << 18


@cache
def dealt_hands() -> np.ndarray:
    """Return every five-card hand as card numbers (DECK order), in the order of ``itertools.combinations``.

    >>> hands = dealt_hands(); hands.shape, hands[0].tolist(), hands[-1].tolist()
    ((2598960, 5), [0, 1, 2, 3, 4], [47, 48, 49, 50, 51])
    """
    flat = np.fromiter((card for hand in combinations(range(CARDS), HAND) for card in hand), dtype=np.int8,
                       count=comb(CARDS, HAND) * HAND)
    return flat.reshape(-1, HAND)


@cache
def all_subset_numbers() -> np.ndarray:
    """Return ``subset_numbers`` of every dealt hand (2,598,960 x 32, computed once, kept for the build)."""
    return subset_numbers(dealt_hands())


def subset_numbers(hands: np.ndarray) -> np.ndarray:
    """Return the colex number of each of the 32 subsets of each hand, by the mask of the positions kept.

    >>> subset_numbers(np.array([[0, 1, 2, 3, 4]]))[0, [0, 1, 3, 31]].tolist()  # {}, {c0}, {c0, c1}, all five
    [0, 0, 0, 0]
    >>> subset_numbers(np.array([[0, 1, 2, 3, 5]]))[0, [16, 31]].tolist()  # {c5}, then the hand after 0 1 2 3 4
    [5, 1]
    """
    hands = hands.astype(np.intp)
    out = np.zeros((len(hands), MASKS), dtype=np.int32)     # C(52, 5) < 2^31
    for mask in range(1, MASKS):
        # The highest position of the mask is its last card: the number of the rest plus C(that card, size).
        top = mask.bit_length() - 1
        out[:, mask] = out[:, mask ^ (1 << top)] + BINOMIAL[hands[:, top], POPCOUNT[mask]]
    return out


def superset_mobius(values: np.ndarray) -> np.ndarray:
    """Return ``sum over P containing K of (-1)^|P - K| values[P]`` for every mask K (the last axis, 32 masks).

    >>> superset_mobius(np.arange(32.0))[[31, 30, 0]].tolist()
    [31.0, -1.0, 0.0]
    """
    out = values.copy()
    for bit in range(HAND):
        step = 1 << bit
        for mask in range(MASKS):
            if not mask & step:
                out[..., mask] -= out[..., mask | step]
    return out


def equity_of_classes(ranks: np.ndarray) -> np.ndarray:
    """Return each class's equity against a random five-card hand: the chance it is beaten, plus half a tie.

    Index by class rank (1 = the best class); index 0 is unused.

    >>> e = equity_of_classes(all_ranks("ace-to-six")); round(float(e[1]), 6), bool(e[1] > e[2] > e[-1])
    (0.999804, True)
    """
    return equity_by_mass(np.bincount(ranks, minlength=int(ranks.max()) + 1).astype(float))


def equity_by_mass(mass: np.ndarray) -> np.ndarray:
    """Return each class's equity against a hand whose class rank c comes with chance ``mass[c]`` (index 0 unused).

    >>> equity_by_mass(np.array([0.0, 0.5, 0.25, 0.25])).tolist()
    [0.0, 0.75, 0.375, 0.125]
    """
    counts = np.asarray(mass, dtype=float).copy()
    counts[0] = 0.0
    total = counts.sum()
    worse = (counts[::-1].cumsum()[::-1] - counts) / total
    out = worse + counts / total / 2
    out[0] = 0.0
    return out


def class_buckets(ranks: np.ndarray, buckets: int) -> np.ndarray:
    """Return each class rank's post bucket: runs of classes, best first, of about equal probability mass.

    >>> b = class_buckets(all_ranks("ace-to-six"), 64); int(b[1]), int(b[-1]) + 1, bool((np.diff(b[1:]) >= 0).all())
    (0, 64, True)
    """
    return mass_buckets(np.bincount(ranks, minlength=int(ranks.max()) + 1).astype(float), buckets)


def mass_buckets(mass: np.ndarray, buckets: int) -> np.ndarray:
    """Return each class rank's bucket: runs of classes, best first, of about equal ``mass`` (index 0 unused).

    >>> mass_buckets(np.array([0.0, 0.5, 0.25, 0.125, 0.125]), 4).tolist()   # a class is never split
    [0, 0, 1, 2, 2]
    """
    counts = np.asarray(mass, dtype=float).copy()
    counts[0] = 0.0
    before = (np.cumsum(counts) - counts) / counts.sum()
    raw = np.minimum((before * buckets).astype(int), buckets - 1)
    raw[0] = 0
    _, numbered = np.unique(raw[1:], return_inverse=True)   # empty runs (a class fuller than 1/buckets) drop out
    return np.concatenate(([0], numbered))


def _set_counts(numbers: np.ndarray, weights: np.ndarray, columns: np.ndarray | None, sizes: range) -> list:
    """Sum each hand's weight into every subset of it: table[size][colex number] (by column when given)."""
    tables = []
    for size in range(HAND + 1):
        if size not in sizes:
            tables.append(None)
            continue
        width = 1 if columns is None else int(columns.max()) + 1
        length = comb(CARDS, size) * width
        total = np.zeros(length)
        for mask in np.flatnonzero(POPCOUNT == size):
            index = numbers[:, mask] * width + (0 if columns is None else columns)
            total += np.bincount(index, weights=weights, minlength=length)
        tables.append(total if columns is None else total.reshape(-1, width))
    return tables


@dataclass(frozen=True, kw_only=True, eq=False)
class Abstraction:
    """The abstraction of one ranking: buckets before and after the draw, the deal, the draw matrices."""

    system: str
    pre_buckets: int
    post_buckets: int
    weights: np.ndarray = field(repr=False)                 # probability of each pre bucket
    transitions: dict[int, np.ndarray] = field(repr=False)  # discard count -> [pre bucket, post bucket]
    strengths: np.ndarray = field(repr=False)               # post bucket c has strength -c (bucket 0 is best)
    pre_of_hand: np.ndarray = field(repr=False)             # each dealt hand's pre bucket
    throw_of_hand: np.ndarray = field(repr=False)           # [hand, k]: the mask of the positions thrown
    post_of_class: np.ndarray = field(repr=False)           # each class rank's post bucket
    # Each pre bucket's best discard count (its group: 0 = the hands that do best standing pat).
    draw_of_pre: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.uint8), repr=False)

    @property
    def parameters(self) -> dict[str, object]:
        """Return what fixes the abstraction: the ranking and the two bucket counts.

        >>> toy_ranges().parameters
        {'system': 'toy', 'pre_buckets': 3, 'post_buckets': 4}
        """
        return {"system": self.system, "pre_buckets": self.pre_buckets, "post_buckets": self.post_buckets}

    @classmethod
    def build(cls, system: str, pre_buckets: int, post_buckets: int) -> "Abstraction":
        """Build the abstraction exactly, by enumerating every dealt hand and every throw (about a minute).

        Checked in tests/solve/test_solve_abstraction.py; a built abstraction is kept with each stored solution.
        """
        return _build(system, pre_buckets, post_buckets)

    def draw_distribution(self, hand: int, throw: int) -> np.ndarray:
        """Return the exact chance of each post bucket when dealt hand number ``hand`` throws the masked positions.

        The same inclusion-exclusion as the transition matrices, for one hand (tests/solve/test_solve_abstraction.py
        checks it against a plain enumeration of the replacement sets).
        """
        return draw_distribution(self.system, self.post_buckets, hand, throw)


def draw_distribution(system: str, post_buckets: int, hand: int, throw: int) -> np.ndarray:
    """Return the exact chance of each post bucket when dealt hand number ``hand`` throws the masked positions.

    Checked against a plain enumeration in tests/solve/test_solve_abstraction.py (the tables take seconds to build).
    """
    tables = _tables(system, post_buckets)
    numbers = subset_numbers(dealt_hands()[hand:hand + 1])[0]
    kept = (MASKS - 1) ^ throw
    total = np.zeros(tables.columns)
    for mask in range(MASKS):
        if mask & kept == kept:
            sign = -1.0 if POPCOUNT[mask ^ kept] % 2 else 1.0
            if mask == MASKS - 1:
                total[tables.post[hand]] += sign
            else:
                total += sign * tables.finals[POPCOUNT[mask]][numbers[mask]]
    return total / comb(UNSEEN, POPCOUNT[throw])


@dataclass(frozen=True, eq=False)
class _Tables:
    columns: int
    finals: list          # finals[size][colex number] -> count of five-card hands containing it, by post bucket
    equities: list        # equities[size][colex number] -> summed equity of those hands
    post: np.ndarray      # each dealt hand's post bucket
    post_of_class: np.ndarray


def five_card_system(system: str) -> str:
    """Return ``system`` if it ranks the hands of ``HAND`` cards this abstraction enumerates; refuse any other.

    >>> five_card_system("ace-to-six")
    'ace-to-six'
    >>> five_card_system("badugi")
    Traceback (most recent call last):
    lowball.errors.RulesError: badugi ranks hands of 4 cards; the card abstraction enumerates hands of 5 (H2)
    """
    row = as_system(system)
    if row.hand_size != HAND or not row.five_cards:
        raise RulesError(f"{row.key} ranks hands of {row.hand_size} cards; the card abstraction enumerates hands "
                         f"of {HAND} (H2)")
    return system


@cache
def _tables(system: str, post_buckets: int) -> _Tables:
    ranks = all_ranks(five_card_system(system))
    post_of_class = class_buckets(ranks, post_buckets)
    post = post_of_class[ranks]
    columns = int(post.max()) + 1
    numbers = all_subset_numbers()
    equity = equity_of_classes(ranks)[ranks]
    # Five-card sets need no table of finals: a kept hand of five is its own final hand.
    return _Tables(columns=columns, finals=_set_counts(numbers, None, post, range(HAND)),
                   equities=_set_counts(numbers, equity, None, range(HAND + 1)), post=post, post_of_class=post_of_class)


def best_throws(system: str, post_buckets: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Return for every dealt hand and discard count the best throw's mask and its expected equity.

    Checked against a plain enumeration of every throw of one hand in tests/solve/test_solve_abstraction.py.
    """
    hands = dealt_hands()
    throws = np.zeros((len(hands), HAND + 1), dtype=np.uint8)
    equities = np.zeros((len(hands), HAND + 1))
    for start in range(0, len(hands), CHUNK):
        rows = slice(start, start + CHUNK)
        throws[rows], equities[rows] = throws_of(system, post_buckets, all_subset_numbers()[rows])
    return throws, equities


def throws_of(system: str, post_buckets: int, numbers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the best throw's mask and expected equity for each discard count of hands given by their subsets."""
    return best_throws_by(_tables(system, post_buckets).equities, numbers)


def best_throws_by(sums: list, numbers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the best throw's mask and expected value for each discard count, given a value's superset sums.

    ``sums[size][colex number]`` is the sum of a value over the five-card hands holding that set of cards
    (``_set_counts``); the expected value of keeping K and throwing D is its sum over the supersets of K that avoid
    D, divided by the C(47, k) replacement sets.
    """
    summed = np.stack([sums[POPCOUNT[mask]][numbers[:, mask]] for mask in range(MASKS)], axis=1)
    kept = superset_mobius(summed)
    throws = np.zeros((len(numbers), HAND + 1), dtype=np.uint8)
    equities = np.zeros((len(numbers), HAND + 1))
    for k in range(HAND + 1):
        masks = np.flatnonzero(POPCOUNT == k)                 # the throws of k positions, in mask order
        expected = kept[:, (MASKS - 1) ^ masks] / comb(UNSEEN, k)
        best = expected.argmax(axis=1)
        throws[:, k] = masks[best]
        equities[:, k] = expected[np.arange(len(best)), best]
    return throws, equities


def _pre_buckets(equities: np.ndarray, buckets: int, mass: np.ndarray | None = None) -> np.ndarray:
    """Group hands by their best discard count, then cut each group by that draw's equity into equal runs.

    The runs are of equal size, or of equal ``mass`` when given (the chance of holding each hand), and each group
    gets buckets in proportion to its size (its mass), at least one.
    """
    best_k = equities.argmax(axis=1)
    best = equities.max(axis=1)
    mass = np.ones(len(equities)) if mass is None else mass
    groups = [k for k in range(HAND + 1) if (best_k == k).any()]
    sizes = np.array([mass[best_k == k].sum() for k in groups], dtype=float)
    if buckets < len(groups):
        raise ValueError(f"{buckets} pre buckets for {len(groups)} best discard counts: at least one each")
    share = np.maximum(1, np.floor(sizes / sizes.sum() * buckets)).astype(int)
    while share.sum() < buckets:                                      # largest remainder
        share[np.argmax(sizes / sizes.sum() * buckets - share)] += 1
    while share.sum() > buckets:
        share[np.argmax(share)] -= 1
    out = np.zeros(len(equities), dtype=np.int32)
    first = 0
    for k, count in zip(groups, share):
        members = np.flatnonzero(best_k == k)
        order = members[np.argsort(-best[members], kind="stable")]
        before = np.cumsum(mass[order]) - mass[order]
        # Equal sizes: hand i of n goes to run i * count // n, computed in integers so no rounding moves a hand.
        runs = (np.arange(len(order)) * count // len(order) if np.ptp(mass) == 0
                else np.minimum((before / sizes[groups.index(k)] * count).astype(int), count - 1))
        out[order] = first + runs
        first += count
    return out


def _build(system: str, pre_buckets: int, post_buckets: int) -> Abstraction:
    tables = _tables(system, post_buckets)
    throws, equities = best_throws(system, post_buckets)
    pre = _pre_buckets(equities, pre_buckets)
    sizes = np.bincount(pre, minlength=pre_buckets).astype(float)
    transitions = {}
    numbers = all_subset_numbers()
    for k in range(HAND + 1):
        matrix = draw_matrix(pre, pre_buckets, throws[:, k], tables.post, tables.finals, numbers)
        transitions[k] = matrix / comb(UNSEEN, k) / sizes[:, None]
    return Abstraction(system=system, pre_buckets=pre_buckets, post_buckets=post_buckets, weights=sizes / sizes.sum(),
                       transitions=transitions, strengths=-np.arange(tables.columns, dtype=float), pre_of_hand=pre,
                       throw_of_hand=throws, post_of_class=tables.post_of_class,
                       draw_of_pre=draw_of_pre(pre, equities.argmax(axis=1), pre_buckets))


def draw_matrix(pre: np.ndarray, pre_buckets: int, throw: np.ndarray, post: np.ndarray, finals: list,
                numbers: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """Return, summed over the hands of each bucket, the number of ways each final bucket follows the given throws.

    Each hand (weighted by ``weights`` when given) keeps the positions its ``throw`` mask leaves and draws the same
    number from the 47 cards it has not seen: its final hands are the five-card supersets of the kept set K that
    avoid the thrown set D, counted by inclusion-exclusion over K plus each subset of D, from ``finals[size]`` (the
    five-card hands holding each set, by final bucket, ``_set_counts``) and ``post`` (each hand's final bucket).
    Divided by C(47, k) and by the buckets' sizes, it is a draw's transition matrix.
    """
    kept = (MASKS - 1) ^ throw.astype(np.int64)
    k = HAND - int(POPCOUNT[kept[0]])
    if (POPCOUNT[kept] != HAND - k).any():
        raise ValueError("the throws given are not all of one size")
    columns = int(post.max()) + 1
    everyone = np.arange(len(pre))
    matrix = np.zeros((pre_buckets, columns))
    for size in range(HAND - k, HAND + 1):
        # The supersets of the kept positions of this size: kept | extra, extra among the thrown positions.
        index, signs = [], []
        for extra in np.flatnonzero(POPCOUNT == size - (HAND - k)):
            rows = everyone[(extra & kept) == 0]
            if size == HAND:
                index.append(pre[rows] * columns + post[rows])
            else:
                index.append(pre[rows].astype(np.int64) * comb(CARDS, size) + numbers[rows, kept[rows] | extra])
            sign = -1.0 if (size - HAND + k) % 2 else 1.0
            signs.append(np.full(len(rows), sign) if weights is None else sign * weights[rows])
        index, signs = np.concatenate(index), np.concatenate(signs)
        if size == HAND:
            matrix += np.bincount(index, weights=signs, minlength=pre_buckets * columns).reshape(pre_buckets, -1)
        else:
            counts = np.bincount(index, weights=signs, minlength=pre_buckets * comb(CARDS, size))
            matrix += counts.reshape(pre_buckets, -1) @ finals[size]
    return matrix


def draw_of_pre(pre: np.ndarray, best_k: np.ndarray, buckets: int) -> np.ndarray:
    """Return each pre bucket's best discard count, the one all its hands share (buckets never mix groups).

    >>> draw_of_pre(np.array([0, 0, 1, 2]), np.array([0, 0, 1, 1]), 3).tolist()
    [0, 1, 1]
    """
    out = np.zeros(buckets, dtype=np.uint8)
    out[pre] = best_k
    if (out[pre] != best_k).any():
        raise ValueError("a pre bucket holds hands of two best discard counts")
    return out


def toy_ranges(pre: int = 3, post: int = 4, draws: int = 6) -> Abstraction:
    """Return a tiny made-up abstraction (no cards) for quick trees: fixed draw matrices, ``pre`` and ``post`` states.

    >>> toy = toy_ranges(); toy.weights.tolist(), toy.transitions[0].shape
    ([0.3333333333333333, 0.3333333333333333, 0.3333333333333333], (3, 4))
    """
    rng = np.random.default_rng(0)
    transitions = {}
    for k in range(draws):
        matrix = rng.random((pre, post))
        transitions[k] = matrix / matrix.sum(axis=1, keepdims=True)
    empty = np.zeros(0, dtype=np.int32)
    return Abstraction(system="toy", pre_buckets=pre, post_buckets=post, weights=np.full(pre, 1 / pre),
                       transitions=transitions, strengths=-np.arange(post, dtype=float), pre_of_hand=empty,
                       throw_of_hand=empty, post_of_class=empty)


@dataclass(frozen=True, kw_only=True, eq=False)
class Coarse:
    """A coarser abstraction made by merging runs of buckets of a finer one (for quick solves and tests)."""

    parameters: dict
    weights: np.ndarray = field(repr=False)
    transitions: dict[int, np.ndarray] = field(repr=False)
    strengths: np.ndarray = field(repr=False)


def coarsened(ranges, pre: int, post: int) -> Coarse:
    """Merge a finer abstraction's buckets into ``pre`` and ``post`` runs of neighbours (exactly, by their weights).

    A merged pre bucket draws as its hands do on average; a merged post bucket is one showdown strength.

    >>> coarse = coarsened(toy_ranges(4, 6), 2, 3)
    >>> coarse.weights.tolist(), coarse.transitions[1].shape, bool(np.allclose(coarse.transitions[1].sum(axis=1), 1))
    ([0.5, 0.5], (2, 3), True)
    """
    fine_pre, fine_post = len(ranges.weights), len(ranges.strengths)
    pre_of = np.arange(fine_pre) * pre // fine_pre
    post_of = np.arange(fine_post) * post // fine_post
    weights = np.bincount(pre_of, weights=ranges.weights, minlength=pre)
    joins = np.zeros((fine_post, post))
    joins[np.arange(fine_post), post_of] = 1
    transitions = {}
    for k, matrix in ranges.transitions.items():
        merged = np.zeros((pre, post))
        np.add.at(merged, pre_of, ranges.weights[:, None] * (matrix @ joins))
        transitions[k] = merged / weights[:, None]
    return Coarse(parameters={"coarsened": dict(getattr(ranges, "parameters", {})), "pre_buckets": pre,
                              "post_buckets": post},
                  weights=weights, transitions=transitions, strengths=-np.arange(post, dtype=float))
