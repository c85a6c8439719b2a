"""The card abstraction of several draws (lowball.solve.stages) against plain enumeration and its own identities.

One hand's draw is pushed by inclusion-exclusion and counted the plain way (every replacement set of the 47
unseen cards). Built whole (minutes, ``make test-full``), the abstraction's chances must add up: the greedy
player's chance of each bucket after a draw is his chance before it moved by the draw matrices of his best count,
and one hand's next bucket follows a plain enumeration of its draw.
"""

from __future__ import annotations

import os
from collections import Counter
from math import comb

import numpy as np
import pytest

from lowball.solve.abstraction import dealt_hands
from lowball.solve.stages import Stages, coarsened_stages, push, toy_stages
from tests.support.solving import hand_number, number_of, plain_draws

SLOW = pytest.mark.skipif(not os.environ.get("LOWBALL_SLOW"), reason="builds every hand's draws (make test-full)")


@pytest.mark.parametrize("text, throw", [("Kc 9h 4d 3s 2c", 0b00001), ("Qd Jd 7c 5h Ah", 0b00111)])
def test_pushing_one_hand_gives_the_chance_of_each_hand_a_plain_enumeration_finds(text, throw):
    number = hand_number(text)
    start = np.zeros(len(dealt_hands()))
    start[number] = 1.0
    after = push(start, np.full(len(start), throw, dtype=np.uint8))
    plain = Counter(plain_draws(number, throw, number_of))
    k = bin(throw).count("1")
    assert sum(plain.values()) == comb(47, k)
    expected = np.zeros(len(start))
    for hand, ways in plain.items():
        expected[hand] = ways / comb(47, k)
    wrong = np.flatnonzero(~np.isclose(after, expected, atol=1e-12))
    assert not len(wrong), f"{text} throwing {throw:05b}: hand {wrong[0]} has {after[wrong[0]]}, " \
                           f"the enumeration {expected[wrong[0]]}"


def test_a_coarsened_abstraction_keeps_the_chances_of_the_finer_one():
    fine = toy_stages((4, 6, 6, 8), seed=3)
    coarse = coarsened_stages(fine, (2, 3, 2, 4))
    assert coarse.buckets == (2, 3, 2, 4) and np.isclose(coarse.weights.sum(), 1)
    # Without reached chances a merged bucket weighs its parts equally: the merged rows are their plain average.
    rows = fine.transitions[0][2] @ np.kron(np.eye(3), np.ones((2, 1)))
    assert np.allclose(coarse.transitions[0][2], [rows[:2].mean(axis=0), rows[2:].mean(axis=0)])
    with pytest.raises(ValueError, match=r"buckets \[2, 7, 2, 4\] for an abstraction of \[4, 6, 6, 8\]"):
        coarsened_stages(fine, (2, 7, 2, 4))


@pytest.fixture(scope="module")
def built():
    return Stages.build("deuce-to-seven", (12, 12, 12, 24))


@SLOW
def test_the_greedy_players_chances_move_through_the_draw_matrices_of_his_best_counts(built):
    for d in range(built.draws):
        moved = sum(built.reached[d][b] * built.transitions[d][int(k)][b]
                    for b, k in enumerate(built.draw_of_bucket[d]))
        assert np.allclose(moved, built.reached[d + 1], atol=1e-12), f"draw {d + 1}"
        for k, matrix in built.transitions[d].items():
            assert np.allclose(matrix.sum(axis=1), 1), f"draw {d + 1}, {k} cards"
    assert np.allclose([r.sum() for r in built.reached], 1.0, atol=1e-12)


@SLOW
@pytest.mark.parametrize("text, d", [("Kc 9h 4d 3s 2c", 0), ("8c 7h 4d 3s 2c", 1), ("Qd Jd 7c 5h 2h", 2)])
def test_one_hands_next_bucket_follows_a_plain_enumeration_of_its_best_throw(built, text, d):
    number = hand_number(text)
    for k in range(6):
        throw = int(built.throw_of_hand[d][number, k])
        plain = np.bincount(plain_draws(number, throw, lambda final: built.bucket_of_hand[d + 1][number_of(final)]),
                            minlength=built.buckets[d + 1]) / comb(47, k)
        start = np.zeros(len(dealt_hands()))
        start[number] = 1.0
        pushed = push(start, np.full(len(start), throw, dtype=np.uint8))
        by_bucket = np.bincount(built.bucket_of_hand[d + 1], weights=pushed, minlength=built.buckets[d + 1])
        assert np.allclose(by_bucket, plain, atol=1e-12), f"{text}, draw {d + 1}, {k} cards"
