"""The card abstraction of a table with several draws: what a solver's player knows of his five cards at each stage.

Stage s is a player's five cards after s draws: stage 0 as dealt, stage D (the table's number of draws) final.
Stated exactly (``Stages.build(system, buckets)``, ``buckets`` one count per stage):

- **Values.** A final hand's value is its equity against a reference final hand (below): the chance it is
  beaten, plus half a tie, compared by class. A hand with n draws to come is worth, for each discard count k, the
  best expected value of its k-card throws over the C(47, k) replacement sets of the 47 cards it has not seen
  (``best_throws_by``, exact); its value is the best of those (the greedy draw).
- **The greedy player.** Dealt a random hand, he throws, at each draw, the count and the cards of his hand's best
  value. ``reached[s]`` is the exact chance that he holds each hand at stage s, pushed from draw to draw by the
  same inclusion-exclusion (``push``).
- **The reference hand** is the greedy player's final hand: a first pass values final hands against a random
  five-card hand and finds the greedy player's final classes; the values, the throws and the chances are then
  computed again against those.
- **Buckets.** A final hand is known by its final bucket: the classes, best first, cut into runs of equal chance
  for the greedy player's final hand (a class is never split). A hand at stage s < D is known by its bucket at s:
  hands are grouped by the discard count of their best value, each group gets buckets in proportion to its
  chance at stage s, and within a group hands are cut by that value into runs of equal chance (stage 0: equal
  size, every deal being equally likely).
- **The draws.** At draw d a player in bucket b who throws k moves to bucket c at stage d + 1 with probability
  ``transitions[d][k][b, c]``: the average over the hands of b, weighted by the greedy player's chance of each at
  stage d, of the exact chance that the hand's best k-card throw ends in c.

Forgotten, as at one draw (``lowball.solve.abstraction``): the cards within a bucket, the opponent's cards (no card
removal between the players), and each earlier bucket. Forgotten too: the cards a player threw before, which a
real deck no longer holds (each draw is from the 47 cards not in his hand). The chain of buckets is therefore a
Markov chain, and a player's future depends only on his bucket now and the public state: remembering an earlier
bucket is worth nothing to him (``lowball.solve.merged`` states and tests the consequence).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb

import numpy as np

from lowball.errors import RulesError
from lowball.ranking.fast import all_ranks
from lowball.solve.abstraction import (CARDS, CHUNK, HAND, MASKS, POPCOUNT, UNSEEN, _pre_buckets, _set_counts,
                                       all_subset_numbers, best_throws_by, draw_matrix, equity_by_mass,
                                       five_card_system, mass_buckets)

COUNTS = HAND + 1   # a draw throws 0 to 5 cards


@dataclass(frozen=True, kw_only=True, eq=False)
class Stages:
    """The abstraction of one ranking over several draws: buckets per stage, the deal, the draw matrices."""

    system: str
    buckets: tuple[int, ...]                                  # per stage, 0 (dealt) to D (final)
    weights: np.ndarray = field(repr=False)                   # probability of each stage-0 bucket
    transitions: tuple[dict[int, np.ndarray], ...] = field(repr=False)   # draw d: k -> [bucket at d, at d + 1]
    strengths: np.ndarray = field(repr=False)                 # final bucket c has strength -c (0 is best)
    bucket_of_hand: tuple[np.ndarray, ...] = field(default=(), repr=False)   # per stage: each hand's bucket
    throw_of_hand: tuple[np.ndarray, ...] = field(default=(), repr=False)    # per draw: [hand, k] mask thrown
    draw_of_bucket: tuple[np.ndarray, ...] = field(default=(), repr=False)   # per draw: each bucket's best count
    reached: tuple[np.ndarray, ...] = field(default=(), repr=False)         # per stage: the greedy chance by bucket

    @property
    def draws(self) -> int:
        """Return the number of draws.

        >>> toy_stages().draws
        3
        """
        return len(self.buckets) - 1

    @property
    def parameters(self) -> dict[str, object]:
        """Return what fixes the abstraction: the ranking and the bucket count of each stage.

        >>> toy_stages().parameters
        {'system': 'toy', 'buckets': [3, 3, 3, 4]}
        """
        return {"system": self.system, "buckets": list(self.buckets)}

    @classmethod
    def build(cls, system: str, buckets: tuple[int, ...]) -> "Stages":
        """Build the abstraction exactly, by enumerating every hand and every throw at every draw (minutes).

        Checked in tests/solve/test_solve_stages.py against plain enumerations of single hands.
        """
        return _build(system, tuple(buckets))


def values_and_throws(ranks: np.ndarray, final_value: np.ndarray, draws: int) -> tuple[list, list]:
    """Return, for n = 0 .. ``draws`` draws to come, each hand's value per discard count and the best throws.

    ``final_value`` is each hand's value as a final hand. ``values[n][hand, k]`` is the best expected value of the
    hand's k-card throws with n draws to come (k = 0 for n = 0), ``throws[n][hand, k]`` that throw's mask
    (``throws[0]`` is None: nothing is thrown once no draw is left).
    """
    numbers = all_subset_numbers()
    values, throws = [final_value[:, None]], [None]
    for _ in range(draws):
        best_value = values[-1].max(axis=1)
        sums = _set_counts(numbers, best_value, None, range(HAND + 1))
        these = np.zeros((len(ranks), COUNTS))
        masks = np.zeros((len(ranks), COUNTS), dtype=np.uint8)
        for start in range(0, len(ranks), CHUNK):
            rows = slice(start, start + CHUNK)
            masks[rows], these[rows] = best_throws_by(sums, numbers[rows])
        values.append(these)
        throws.append(masks)
    return values, throws


def push(mass: np.ndarray, throw: np.ndarray, numbers: np.ndarray | None = None) -> np.ndarray:
    """Return the chance of each hand after one draw, when hand h (held with ``mass[h]``) throws ``throw[h]``.

    The adjoint of the draw's count: hand h keeps K and throws D, and each five-card superset of K avoiding D
    follows with probability ``1 / C(47, |D|)``. By inclusion-exclusion, h adds
    ``(-1)^|S| mass[h] / C(47, |D|)`` to the set K + S for every subset S of D, and a hand's new chance is the sum
    over its own 32 subsets.

    >>> from lowball.solve.abstraction import dealt_hands
    >>> start = np.zeros(len(dealt_hands())); start[0] = 1.0          # 2c 3c 4c 5c 6c ... by deck order
    >>> after = push(start, np.full(len(start), 0b10000, dtype=np.uint8))  # throw the fifth card
    >>> int((after > 0).sum()), round(float(after.sum()), 12)
    (47, 1.0)
    """
    numbers = all_subset_numbers() if numbers is None else numbers
    thrown = POPCOUNT[throw.astype(np.intp)]
    share = mass / np.array([comb(UNSEEN, k) for k in range(COUNTS)])[thrown]
    kept = (MASKS - 1) ^ throw.astype(np.int64)
    tables = [np.zeros(comb(CARDS, size)) for size in range(HAND + 1)]
    for mask in range(MASKS):
        rows = np.flatnonzero((mask & kept) == kept)       # the hands whose kept set this subset contains
        if not len(rows):
            continue
        sign = np.where(POPCOUNT[mask ^ kept[rows]] % 2, -1.0, 1.0)
        size = POPCOUNT[mask]
        tables[size] += np.bincount(numbers[rows, mask], weights=sign * share[rows], minlength=len(tables[size]))
    out = np.zeros(len(mass))
    for mask in range(MASKS):
        out += tables[POPCOUNT[mask]][numbers[:, mask]]
    return out


def _greedy(ranks: np.ndarray, final_value: np.ndarray, draws: int) -> tuple[list, list, list]:
    """Return the values and throws for a final value, and the greedy player's chance of each hand at each stage."""
    values, throws = values_and_throws(ranks, final_value, draws)
    reached = [np.full(len(ranks), 1.0 / len(ranks))]
    for d in range(draws):
        n = draws - d                                            # draws to come at stage d
        best = values[n].argmax(axis=1)
        reached.append(push(reached[-1], throws[n][np.arange(len(ranks)), best]))
    return values, throws, reached


def _build(system: str, buckets: tuple[int, ...]) -> Stages:
    if len(buckets) < 2 or min(buckets) < 1:
        raise RulesError(f"buckets {list(buckets)}: a count for each stage, dealt to final, each at least 1")
    draws = len(buckets) - 1
    ranks = all_ranks(five_card_system(system)).astype(np.intp)
    classes = int(ranks.max()) + 1
    # First pass: final hands valued against a random hand; then against the greedy player's final hand.
    random_hand = np.bincount(ranks, minlength=classes).astype(float)
    _, _, reached = _greedy(ranks, equity_by_mass(random_hand)[ranks], draws)
    final_classes = np.bincount(ranks, weights=reached[-1], minlength=classes)
    values, throws, reached = _greedy(ranks, equity_by_mass(final_classes)[ranks], draws)
    final_classes = np.bincount(ranks, weights=reached[-1], minlength=classes)

    post_of_class = mass_buckets(final_classes, buckets[-1])
    bucket_of_hand = []
    for d in range(draws):
        mass = None if d == 0 else reached[d]
        bucket_of_hand.append(_pre_buckets(values[draws - d], buckets[d], mass).astype(np.int32))
    bucket_of_hand.append(post_of_class[ranks].astype(np.int32))
    sizes = [int(b.max()) + 1 for b in bucket_of_hand]

    numbers = all_subset_numbers()
    transitions, draw_of_bucket = [], []
    for d in range(draws):
        here, after = bucket_of_hand[d], bucket_of_hand[d + 1]
        finals = _set_counts(numbers, None, after, range(HAND))
        weight = reached[d] / reached[d].sum()
        held = np.bincount(here, weights=weight, minlength=sizes[d])
        matrices = {}
        for k in range(COUNTS):
            throw = throws[draws - d][:, k]
            matrices[k] = draw_matrix(here, sizes[d], throw, after, finals, numbers, weight) / comb(UNSEEN, k) \
                / held[:, None]
        transitions.append(matrices)
        best_k = values[draws - d].argmax(axis=1)
        draw_of_bucket.append(np.bincount(here, weights=best_k * weight, minlength=sizes[d]) / held)
    deal = np.bincount(bucket_of_hand[0], minlength=sizes[0]).astype(float)
    return Stages(system=system, buckets=tuple(sizes), weights=deal / deal.sum(), transitions=tuple(transitions),
                  strengths=-np.arange(sizes[-1], dtype=float), bucket_of_hand=tuple(bucket_of_hand),
                  throw_of_hand=tuple(throws[draws - d] for d in range(draws)),
                  draw_of_bucket=tuple(np.rint(best).astype(np.uint8) for best in draw_of_bucket),
                  reached=tuple(np.bincount(b, weights=r, minlength=n) for b, r, n in zip(bucket_of_hand, reached,
                                                                                          sizes)))


def coarsened_stages(stages: Stages, buckets: tuple[int, ...]) -> Stages:
    """Merge a finer abstraction's buckets into runs of neighbours at each stage, exactly, by their chances.

    A merged bucket draws as its buckets do on average, weighted by the greedy player's chance of each at that
    stage (``reached``; the deal's weights at stage 0, or equal weights when none are kept); a merged final
    bucket is one showdown strength.

    >>> coarse = coarsened_stages(toy_stages((4, 4, 4, 6)), (2, 2, 2, 3))
    >>> coarse.buckets, coarse.transitions[1][2].shape, bool(np.allclose(coarse.transitions[1][2].sum(axis=1), 1))
    ((2, 2, 2, 3), (2, 2), True)
    """
    if len(buckets) != len(stages.buckets) or any(b < 1 or b > f for b, f in zip(buckets, stages.buckets)):
        raise ValueError(f"buckets {list(buckets)} for an abstraction of {list(stages.buckets)}: one count per stage, "
                         f"none larger")
    maps = [np.arange(fine) * coarse // fine for fine, coarse in zip(stages.buckets, buckets)]
    mass = [stages.weights] + [stages.reached[s] if stages.reached else np.full(n, 1 / n)
                               for s, n in enumerate(stages.buckets) if s > 0]
    transitions = []
    for d in range(stages.draws):
        joins = np.zeros((stages.buckets[d + 1], buckets[d + 1]))
        joins[np.arange(stages.buckets[d + 1]), maps[d + 1]] = 1
        held = np.bincount(maps[d], weights=mass[d], minlength=buckets[d])
        matrices = {}
        for k, matrix in stages.transitions[d].items():
            merged = np.zeros((buckets[d], buckets[d + 1]))
            np.add.at(merged, maps[d], mass[d][:, None] * (matrix @ joins))
            matrices[k] = merged / held[:, None]
        transitions.append(matrices)
    return Stages(system=stages.system, buckets=tuple(buckets),
                  weights=np.bincount(maps[0], weights=stages.weights, minlength=buckets[0]),
                  transitions=tuple(transitions), strengths=-np.arange(buckets[-1], dtype=float),
                  reached=tuple(np.bincount(m, weights=w, minlength=b) for m, w, b in zip(maps, mass, buckets)))


def toy_stages(buckets: tuple[int, ...] = (3, 3, 3, 4), seed: int = 0) -> Stages:
    """Return a tiny made-up abstraction (no cards) for quick games: random draw matrices between the stages.

    >>> toy = toy_stages(); toy.weights.tolist(), toy.transitions[2][5].shape
    ([0.3333333333333333, 0.3333333333333333, 0.3333333333333333], (3, 4))
    """
    rng = np.random.default_rng(seed)
    transitions = []
    for before, after in zip(buckets, buckets[1:]):
        matrices = {}
        for k in range(COUNTS):
            matrix = rng.random((before, after))
            matrices[k] = matrix / matrix.sum(axis=1, keepdims=True)
        transitions.append(matrices)
    return Stages(system="toy", buckets=tuple(buckets), weights=np.full(buckets[0], 1 / buckets[0]),
                  transitions=tuple(transitions), strengths=-np.arange(buckets[-1], dtype=float))
