"""The fast paths equal the literate evaluator (STYLE habit 5: two definitions, proven equal).

``lowball.ranking.fast`` ranks a hand by looking up its shape (its ranks, and whether
all five cards share a suit) in a table the literate evaluator filled. These
tests check, for every system:

* the hand order of ``all_ranks`` is exactly ``itertools.combinations(DECK, 5)``;
* every one of the 7,462 shapes gets the literate evaluator's class rank;
* the number of hands in every class equals the pure-Python census walk's;
* sampled hands (every 211th hand, and Hypothesis) agree hand by hand.

The hand-by-hand comparison of all 2,598,960 hands with the literate evaluator
(about 60 s per system on one core) is marked ``slow``: ``make test-full`` runs
it (``LOWBALL_SLOW=1 pytest -m slow``). Every failure names the first
disagreeing hand in words.
"""

from __future__ import annotations

import itertools
import math
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import numpy as np
import pytest
from hypothesis import example, given, strategies as st

from lowball import evaluate
from lowball.core.cards import DECK, format_cards
from lowball.analysis.census import hand_shapes
from lowball.ranking.fast import (
    all_hand_codes, all_qualifying, all_ranks, combinations_array, evaluate_rank, hand_at, hand_index,
    order_disagreement, rank_table, shape_code, shape_hands, shape_of, shape_ranks,
)
from lowball.ranking import as_system, class_ranks, hand_name, qualifies, rank_text, strength_key
from lowball.core.rankings import load_rankings
from tests.support.fast import slow  # noqa: F401

SYSTEMS = [row.key for row in load_rankings().systems]
HANDS = math.comb(52, 5)
SAMPLE_STEP = 211         # every 211th hand: 12,318 hands, spread over every first card


def in_words(cards, system: str) -> str:
    """Return a hand as a reader checks it: '7-6-5-4-3 (7c 6d 5h 4s 3c), seven-six low'."""
    return f"{rank_text(cards, system)} ({format_cards(cards)}), {hand_name(cards, as_system(system))}"


def literate_rank(cards, system: str) -> int:
    """Return the class rank by the literate definition: the strength key's place among all keys."""
    row = as_system(system)
    return class_ranks(row)[strength_key(cards, row)]


def disagreement(index: int, fast_rank: int, system: str) -> str:
    hand = hand_at(index)
    return (f"{system}: hand #{index:,} {in_words(hand, system)}: all_ranks says class {fast_rank}, "
            f"the literate evaluator says class {literate_rank(hand, system)}")


# ---- The order of the hands ----

@pytest.mark.parametrize("n, k", [(5, 0), (5, 5), (7, 3), (47, 1), (47, 2)])
def test_combinations_array_lists_subsets_in_itertools_order(n, k):
    assert combinations_array(n, k).tolist() == [list(c) for c in itertools.combinations(range(n), k)]


def test_all_hands_come_in_the_order_of_itertools_combinations_of_the_deck():
    expected = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                           dtype=np.uint8, count=5 * HANDS).reshape(HANDS, 5)
    assert np.array_equal(combinations_array(52, 5), expected)


@pytest.mark.parametrize("index", [0, 1, 2_598_959, 1_234_567, 999_999])
def test_hand_index_inverts_hand_at(index):
    assert hand_index(hand_at(index)) == index


def test_hand_at_matches_itertools_at_a_few_places():
    places = {0, 7, 100_000, 2_598_959}
    for i, hand in enumerate(itertools.combinations(DECK, 5)):
        if i in places:
            assert hand_at(i) == hand
        if i > 100_000:
            break


# ---- Every shape: the table holds the literate evaluator's verdict ----

def test_there_are_7462_shapes_and_every_code_is_distinct():
    shapes = {shape_of(hand) for hand in shape_hands()}
    assert len(shapes) == 7_462
    assert len({shape_code(s) for s in shapes}) == 7_462


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_shape_gets_the_literate_class_rank(system):
    row = as_system(system)
    table = rank_table(row)
    for hand in shape_hands():
        expected = literate_rank(hand, system)
        got = shape_ranks(row)[shape_of(hand)]
        assert got == expected == table[shape_code(shape_of(hand))], (
            f"{system}: {in_words(hand, system)}: table says class {got}, literate says {expected}")
        assert evaluate_rank(hand, system) == expected


@pytest.mark.parametrize("system", SYSTEMS)
def test_hands_per_class_match_the_census_walk(system):
    """The pure-Python walk of census.hand_shapes counts the hands of each shape independently of numpy."""
    row = as_system(system)
    expected = np.zeros(len(class_ranks(row)) + 1, dtype=np.int64)
    for (ranks, one_suit), count in hand_shapes().items():
        expected[shape_ranks(row)[ranks, one_suit]] += count
    got = np.bincount(all_ranks(system), minlength=len(expected))
    if not np.array_equal(got, expected):
        rank = int(np.flatnonzero(got != expected)[0])
        hand = next(h for h in shape_hands() if shape_ranks(row)[shape_of(h)] == rank)
        pytest.fail(f"{system}: class {rank} ({in_words(hand, system)}) holds {got[rank]:,} hands in all_ranks, "
                    f"{expected[rank]:,} in the census walk")


# ---- Hand by hand ----

@pytest.mark.parametrize("system", SYSTEMS)
def test_sampled_hands_agree_with_the_literate_evaluator(system):
    ranks = all_ranks(system)
    for index in range(0, HANDS, SAMPLE_STEP):
        hand = hand_at(index)
        assert ranks[index] == literate_rank(hand, system), disagreement(index, ranks[index], system)
        assert evaluate_rank(hand, system) == ranks[index]


@given(st.permutations(DECK).map(lambda deck: tuple(deck[:5])), st.sampled_from(SYSTEMS))
@example(tuple(DECK[-5:]), "ace-to-six")                      # K-A-A-A-A: quads
@example(tuple(DECK[i] for i in (3, 7, 11, 15, 51)), "ace-to-six")   # 5-4-3-2-A of spades: a straight flush (H2)
def test_any_hand_in_any_order_agrees_everywhere(cards, system):
    rank = literate_rank(cards, system)
    assert evaluate_rank(cards, system) == rank
    assert evaluate_rank(format_cards(cards), system) == rank
    assert evaluate(cards, system).rank == rank
    assert all_ranks(system)[hand_index(cards)] == rank


def test_the_seeds_worked_cases():
    """E1, E2, H4, K1, F1: the fast path keeps every verdict of the seeds."""
    assert evaluate_rank("6♣ 4♥ 3♠ 2♦ A♣", "ace-to-six") < evaluate_rank("5♠ 4♦ 3♣ 2♥ A♦", "ace-to-six")   # E1
    assert evaluate_rank("8c 6h 4d 3c Ad", "ace-to-six") < evaluate_rank("7s 5s 4s 3s As", "ace-to-six")     # E2
    assert evaluate_rank("Ac Kd Qh Js Tc", "ace-to-six") > evaluate_rank("Kc Qd Jh Ts 9c", "ace-to-six")     # H4
    assert evaluate_rank("Ac Kd Qh Js Tc", "ace-to-six-ace-low") == evaluate(
        "Kc Qd Jh Ts Ac", "ace-to-six-ace-low").rank                                                        # C1
    assert evaluate_rank("7c 5d 4h 3s 2c", "deuce-to-seven") == 1                                         # K1
    assert evaluate_rank("5c 4d 3h 2s Ac", "ace-to-five") == 1                                            # F1


def test_all_ranks_is_a_fresh_small_array():
    ranks = all_ranks("ace-to-six")
    assert ranks.dtype == np.int16 and ranks.shape == (HANDS,)
    ranks[:] = 0
    assert all_ranks("ace-to-six")[0] != 0
    assert not all_hand_codes().flags.writeable


def test_eight_or_better_qualifiers_match_the_literate_qualifies():
    mask = all_qualifying("eight-or-better")
    assert int(mask.sum()) == 56 * 4**5          # C(8, 5) sets of ranks A-8, any suits (L1)
    for index in range(0, HANDS, SAMPLE_STEP):
        assert mask[index] == qualifies(hand_at(index)), format_cards(hand_at(index))


# ---- A proof that can't fail is no proof (STYLE habit 9) ----

def test_order_disagreement_names_the_first_pair_the_systems_order_differently():
    """A-6 and 2-7 disagree (the wheel, the ace), and the check says where, in words."""
    pair = order_disagreement(all_ranks("ace-to-six").astype(np.int32), all_ranks("deuce-to-seven"))
    assert pair is not None
    a, b = (hand_at(i) for i in pair)
    assert evaluate_rank(a, "ace-to-six") <= evaluate_rank(b, "ace-to-six")
    assert evaluate_rank(a, "deuce-to-seven") >= evaluate_rank(b, "deuce-to-seven")


def test_order_disagreement_accepts_a_relabelled_order():
    ranks = all_ranks("deuce-to-seven")
    assert order_disagreement(ranks, ranks.astype(np.int64) * 3 + 7) is None


# ---- Memory (the issue: under 500 MB) ----

def test_peak_memory_of_the_exhaustive_runs_stays_under_500_mb():
    script = (
        "from lowball.ranking.fast import all_ranks\n"
        "from lowball.analysis.odds import discards, draw_outcomes\n"
        "from lowball.ranking import hand_cards\n"
        "from lowball.core.rankings import load_rankings\n"
        "for row in load_rankings().systems: all_ranks(row.key)\n"
        "hand = hand_cards('Ac 2d 3h 4s Kc')\n"
        "for thrown in discards(hand): draw_outcomes(hand, thrown, 'ace-to-six')\n"
        "print(next(line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True).stdout
    # The peak of this process's own memory (VmHWM, in kB): ru_maxrss would count the pages of the test process it
    # was forked from, which grows with the suite before the child execs Python.
    peak_mb = int(out.split()[-1]) / 1024
    assert peak_mb < 500, f"peak RSS {peak_mb:.0f} MB"


# ---- The full sweep: every hand, literate evaluator (slow) ----

def _first_disagreement_in_block(system: str, first: int) -> int | None:
    """Compare every hand whose lowest card is DECK[first] with the literate evaluator; return the first bad index."""
    start = sum(math.comb(51 - a, 4) for a in range(first))
    ranks = all_ranks(system)
    row = as_system(system)
    key_rank = class_ranks(row)
    for offset, rest in enumerate(itertools.combinations(DECK[first + 1:], 4)):
        hand = (DECK[first],) + rest
        if key_rank[strength_key(hand, row)] != ranks[start + offset]:
            return start + offset
    return None


@pytest.mark.parametrize("system", SYSTEMS)
@slow
def test_every_hand_agrees_with_the_literate_evaluator(system):
    ranks = all_ranks(system)                      # built before the fork, so workers share it
    with ProcessPoolExecutor(max_workers=os.cpu_count(), mp_context=get_context("fork")) as pool:
        found = [i for i in pool.map(_first_disagreement_in_block, [system] * 48, range(48)) if i is not None]
    assert not found, disagreement(min(found), ranks[min(found)], system)


@pytest.mark.parametrize("system", SYSTEMS)
@slow
def test_every_hand_evaluate_rank_agrees_with_all_ranks(system):
    ranks = all_ranks(system)
    for index, hand in enumerate(itertools.combinations(DECK, 5)):
        if evaluate_rank(hand, system) != ranks[index]:
            pytest.fail(disagreement(index, ranks[index], system))
