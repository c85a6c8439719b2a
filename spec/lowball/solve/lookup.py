"""Where a real hand sits in a solution's abstraction: its pre-draw bucket, its throw per count, its final bucket.

The abstraction (lowball.solve.abstraction) is built by enumerating every dealt hand (about a minute, 2 GB), which
is too slow at play time. So a solution file keeps, beside the strategy, what the build found for each of the
2,598,960 hands (numbered as ``lowball.ranking.fast.hand_index`` numbers them) and for each class:

- ``pre_of_hand[hand]``: the pre bucket (a byte: at most 256 buckets);
- ``throw_of_hand[hand, k]``: the mask of the k positions thrown (position i = the hand's i-th card in DECK order);
- ``post_of_class[rank]``: the post bucket of a final hand of that class rank;
- ``draw_of_bucket[pre]``: each pre bucket's best discard count (0: the hands that do best standing pat).

Compressed, that is a few MB a table. tests/solve/test_solve_policy.py checks the tables against the stored deal and
pat matrices, and the throws against a plain enumeration of one hand's throws.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import numpy as np

from lowball.core.cards import Card
from lowball.errors import LowballError
from lowball.ranking.fast import DECK_INDEX, evaluate_rank, hand_index
from lowball.ranking.value import hand_cards
from lowball.solve.store import add_arrays, path_of  # noqa: F401 - path_of: the doctests' files

KEYS = ("pre_of_hand", "throw_of_hand", "post_of_class", "draw_of_bucket")


class NoHandLookup(LowballError):
    """A solution file without the per-hand tables (written before they were kept): re-create it."""


@dataclass(frozen=True, kw_only=True, eq=False)
class HandLookup:
    """The per-hand tables of one abstraction, with the ranking it reads final hands by."""

    system: str
    pre_of_hand: np.ndarray = field(repr=False)
    throw_of_hand: np.ndarray = field(repr=False)
    post_of_class: np.ndarray = field(repr=False)
    draw_of_bucket: np.ndarray = field(repr=False)

    @classmethod
    def of(cls, abstraction) -> "HandLookup":
        """Return the tables of a freshly built abstraction (lowball.solve.abstraction.Abstraction)."""
        return cls(system=abstraction.system, pre_of_hand=abstraction.pre_of_hand.astype(np.uint8),
                   throw_of_hand=abstraction.throw_of_hand.astype(np.uint8),
                   post_of_class=abstraction.post_of_class.astype(np.uint16),
                   draw_of_bucket=abstraction.draw_of_pre.astype(np.uint8))

    @classmethod
    def read(cls, path: Path, system: str) -> "HandLookup":
        """Read the tables from a solution file, or raise ``NoHandLookup`` when it has none.

        >>> look = HandLookup.read(path_of("teaching-table"), "ace-to-six")
        >>> look.pre_bucket("7c 5d 4h 3s 2c") < look.pre_bucket("Kc Kd 9h 8s 2c")
        True
        """
        with np.load(path, allow_pickle=False) as data:        # a file someone hands over runs no code
            missing = [key for key in KEYS if key not in data.files]
            if missing:
                raise NoHandLookup(f"{Path(path).name} has no per-hand tables ({', '.join(missing)}): "
                                   f"re-create it with scripts/solve.py --lookup-only")
            return cls(system=system, **{key: data[key] for key in KEYS})

    def pre_bucket(self, cards: str | Iterable[Card | str]) -> int:
        """Return the pre bucket of five dealt cards (0 = the best bucket of the best group).

        >>> look = HandLookup.read(path_of("teaching-table"), "ace-to-six")
        >>> look.pre_bucket("6c 4h 3s 2d Ac")
        0
        """
        return int(self.pre_of_hand[hand_index(cards)])

    def best_count(self, cards: str | Iterable[Card | str]) -> int:
        """Return how many cards the abstraction's reading of the hand would best throw (0: it is a pat hand)."""
        return int(self.draw_of_bucket[self.pre_bucket(cards)])

    def throw(self, cards: str | Iterable[Card | str], count: int) -> tuple[Card, ...]:
        """Return the cards the abstraction throws from five dealt cards when it throws ``count`` of them.

        >>> look = HandLookup.read(path_of("teaching-table"), "ace-to-six")
        >>> " ".join(map(str, look.throw("Kc 5d 4h 3s 2c", 1)))
        'Kc'
        """
        held = sorted(hand_cards(cards), key=DECK_INDEX.__getitem__)
        if not 0 <= count <= len(held):
            raise LowballError(f"a throw of {count} cards from five")
        mask = int(self.throw_of_hand[hand_index(held), count])
        return tuple(card for i, card in enumerate(held) if mask >> i & 1)

    def post_bucket(self, cards: str | Iterable[Card | str]) -> int:
        """Return the post bucket of a final five-card hand (0 = the best).

        >>> look = HandLookup.read(path_of("teaching-table"), "ace-to-six")
        >>> look.post_bucket("6c 4h 3s 2d Ac"), look.post_bucket("Kc Kd Kh Ks Qc")
        (0, 255)
        """
        return int(self.post_of_class[evaluate_rank(hand_cards(cards), self.system)])

    @property
    def post_buckets(self) -> int:
        """Return how many post buckets there are."""
        return int(self.post_of_class.max()) + 1


def write(path: Path, lookup: HandLookup) -> Path:
    """Add the per-hand tables to a solution file (atomically), keeping every array it already holds unchanged."""
    return add_arrays(Path(path), {key: getattr(lookup, key) for key in KEYS})


@dataclass(frozen=True, kw_only=True, eq=False)
class StageLookup:
    """The per-hand tables of an abstraction of several draws (``lowball.solve.stages``), kept in its solution.

    ``buckets[s][hand]`` is a hand's bucket at stage s (after s draws; the last stage reads it as a final hand),
    ``throws[d][hand, k]`` the mask of the k positions it throws at draw d (for the counts the solution allows),
    and ``best[d][bucket]`` each bucket's best discard count at draw d (0: its hands do best standing pat).
    """

    buckets: tuple[np.ndarray, ...] = field(repr=False)
    throws: tuple[np.ndarray, ...] = field(repr=False)
    best: tuple[np.ndarray, ...] = field(repr=False)

    @classmethod
    def of(cls, stages, most: tuple[int, ...]) -> "StageLookup":
        """Return the tables of freshly built stages, keeping at draw d the throws of 0 to ``most[d]`` cards."""
        return cls(buckets=tuple(b.astype(np.uint8) for b in stages.bucket_of_hand),
                   throws=tuple(t[:, :k + 1].astype(np.uint8) for t, k in zip(stages.throw_of_hand, most)),
                   best=tuple(b.astype(np.uint8) for b in stages.draw_of_bucket))

    def arrays(self) -> dict[str, np.ndarray]:
        """Return the tables by their names in a solution file."""
        return {**{f"bucket_{s}": b for s, b in enumerate(self.buckets)},
                **{f"throw_{d}": t for d, t in enumerate(self.throws)}, **{f"best_{d}": b for d, b in enumerate(self.best)}}

    @classmethod
    def read(cls, arrays: dict[str, np.ndarray], draws: int) -> "StageLookup":
        """Return the tables of a solution's arrays, or raise ``NoHandLookup`` when it has none."""
        names = [f"bucket_{s}" for s in range(draws + 1)] + [f"{kind}_{d}" for kind in ("throw", "best")
                                                              for d in range(draws)]
        missing = [name for name in names if name not in arrays]
        if missing:
            raise NoHandLookup(f"the solution has no per-hand tables ({', '.join(missing)})")
        return cls(buckets=tuple(arrays[f"bucket_{s}"] for s in range(draws + 1)),
                   throws=tuple(arrays[f"throw_{d}"] for d in range(draws)),
                   best=tuple(arrays[f"best_{d}"] for d in range(draws)))

    def bucket(self, cards: str | Iterable[Card | str], stage: int) -> int:
        """Return the bucket of five cards at a stage (0 = the best)."""
        return int(self.buckets[stage][hand_index(cards)])

    def best_count(self, cards: str | Iterable[Card | str], draw: int) -> int:
        """Return how many cards the abstraction's reading of the hand would best throw at a draw (0: a pat hand)."""
        return int(self.best[draw][self.bucket(cards, draw)])

    def throw(self, cards: str | Iterable[Card | str], draw: int, count: int) -> tuple[Card, ...]:
        """Return the cards the abstraction throws from five cards at a draw when it throws ``count`` of them."""
        held = sorted(hand_cards(cards), key=DECK_INDEX.__getitem__)
        if not 0 <= count < self.throws[draw].shape[1]:
            raise LowballError(f"a throw of {count} cards at draw {draw + 1}: the solution throws at most "
                               f"{self.throws[draw].shape[1] - 1} there")
        mask = int(self.throws[draw][hand_index(held), count])
        return tuple(card for i, card in enumerate(held) if mask >> i & 1)
