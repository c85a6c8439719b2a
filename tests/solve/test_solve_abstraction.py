"""The card abstraction (lowball.solve.abstraction) against plain enumeration with the literate evaluator.

The abstraction counts draws by inclusion-exclusion over tables of every card set; here one hand's draws are
counted the plain way instead: every replacement set from the 47 unseen cards, each final hand ranked by
``lowball.evaluate``. The best throw is found again by trying every throw of one hand.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from lowball import DECK, evaluate
from lowball.ranking.fast import all_ranks
from lowball.solve import abstraction, store
from lowball.solve.abstraction import class_buckets, dealt_hands, draw_distribution, subset_numbers, throws_of
from tests.support.solving import hand_number, plain_draws

SYSTEM = "ace-to-six"
POST = 16


@pytest.fixture(scope="module")
def buckets():
    return class_buckets(all_ranks(SYSTEM), POST)


@pytest.mark.parametrize("text, throw", [("Kc 9h 4d 3s 2c", 0b00001), ("Kc Kh 4d 3s 2c", 0b00011),
                                         ("Qd Jd 7c 5h Ah", 0b00111), ("6s 4h 3d 2c Ac", 0b00000)])
def test_one_hands_draw_matches_a_plain_enumeration(text, throw, buckets):
    number = hand_number(text)
    counts = np.bincount(plain_draws(number, throw, lambda final: buckets[evaluate(final, SYSTEM).rank]),
                         minlength=int(buckets.max()) + 1)
    k = bin(throw).count("1")
    assert counts.sum() == comb(47, k)
    expected = counts / comb(47, k)
    assert np.allclose(draw_distribution(SYSTEM, POST, number, throw), expected, atol=1e-12)


def test_the_best_throw_is_the_best_of_every_throw_of_one_hand():
    ranks = all_ranks(SYSTEM)
    per_class = np.bincount(ranks).astype(float)
    # A class's equity against a random hand: the hands ranked worse (a larger class number), plus half a tie.
    equity = {r: (per_class[r + 1:].sum() + per_class[r] / 2) / len(ranks) for r in range(1, len(per_class))}
    number = hand_number("9c 7h 4d 4s 2c")
    found, found_equities = throws_of(SYSTEM, POST, subset_numbers(dealt_hands()[number:number + 1]))
    throws, equities = found[0], found_equities[0]
    for k in (1, 2):
        tried = {}
        for positions in combinations(range(5), k):
            mask = sum(1 << p for p in positions)
            tried[mask] = np.mean(plain_draws(number, mask, lambda final: equity[evaluate(final, SYSTEM).rank]))
        best = max(tried, key=tried.get)
        assert int(throws[k]) == best
        assert equities[k] == pytest.approx(tried[best], abs=1e-12)
    thrown = [DECK[card] for p, card in enumerate(dealt_hands()[number]) if int(throws[1]) >> p & 1]
    assert str(thrown[0])[0] == "4"                 # break the pair: throw a four, draw to the nine


def test_post_buckets_run_best_first_and_hold_about_equal_mass(buckets):
    ranks = all_ranks(SYSTEM)
    per_bucket = np.bincount(buckets[ranks]) / len(ranks)
    assert (np.diff(buckets[1:]) >= 0).all() and buckets[1] == 0
    assert per_bucket.max() < 3 / POST and len(per_bucket) <= POST


def test_the_pre_buckets_split_by_best_discard_count_then_equity():
    rng = np.random.default_rng(1)
    equities = rng.random((1000, 6))
    pre = abstraction._pre_buckets(equities, 12)
    best_k = equities.argmax(axis=1)
    for b in np.unique(pre):
        assert len(set(best_k[pre == b])) == 1           # a bucket never mixes two best discard counts
    assert len(np.unique(pre)) == 12


@pytest.mark.parametrize("name", ["teaching-table", "deuce-to-seven-single-draw-limit"])
def test_the_shipped_draw_matrices_are_exact_where_a_count_says_what_they_must_be(name):
    # Standing pat keeps the dealt hand, and throwing all five draws five random cards of the 47 unseen, which is
    # a random five-card hand of the 52: averaged over the deal, both must land in each post bucket as often as a
    # random hand does. Five thrown cards use every term of the inclusion-exclusion (sets of 0 to 5 cards).
    with np.load(store.path_of(name)) as data:
        head = store.read_head(store.path_of(name))
        weights, counts, matrices = data["weights"], data["draw_counts"].tolist(), data["transitions"]
    ranks = all_ranks(head["abstraction"]["system"])
    random_hand = np.bincount(class_buckets(ranks, head["abstraction"]["post_buckets"])[ranks]) / len(ranks)
    assert (matrices >= 0).all() and np.allclose(matrices.sum(axis=2), 1, atol=1e-12)
    for k in (0, 5):
        assert np.allclose(weights @ matrices[counts.index(k)], random_hand, atol=1e-12)
    assert not np.allclose(weights @ matrices[counts.index(1)], random_hand, atol=1e-3)   # the best throw is no lottery
