"""Differential tests against pokerkit over all 2,598,960 hands: no pair of hands ordered differently.

pokerkit (a test dependency) is an independent implementation of the same rankings:

===================  ==============================  =====================================
our system           pokerkit hand class             what is compared
===================  ==============================  =====================================
deuce-to-seven (K1)  ``StandardLowHand``             every hand
ace-to-five (F1)     ``RegularLowHand``              every hand
eight-or-better (L1) ``EightOrBetterLowHand``        which hands qualify; their order
high (L1)            ``StandardHighHand``            every hand
===================  ==============================  =====================================

pokerkit has no ace-to-six ranking (no class treats the wheel as a straight in a
low game), so ace-to-six is checked against the literate evaluator only
(tests/rankings/test_fast.py), and here the comparison is shown to *fail* for it.

How pokerkit is run on every hand, fast: pokerkit judges a hand in two steps,
``Lookup.get_entry(cards) = entries[Lookup._get_key(cards)]``: its own key of
the cards (a product of one prime per rank, and whether all suits are equal),
then a table look-up. The default sweep runs pokerkit's key function on each of
the 2,598,960 hands once (about 20 s), and asks each pokerkit hand class, through
its public API, for the entry of one hand of every distinct key. A sample of
hands cross-checks that shortcut against the plain public API, and the
``slow`` sweep (``make test-full``) uses the public API on every hand.
"""

from __future__ import annotations

import itertools
import math
import os
import random
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import numpy as np
import pytest

pokerkit = pytest.importorskip("pokerkit")

from lowball import compare  # noqa: E402
from lowball.core.cards import DECK, format_cards  # noqa: E402
from lowball.ranking.fast import all_qualifying, all_ranks, hand_at, order_disagreement  # noqa: E402
from lowball.ranking import as_system, hand_name, rank_text  # noqa: E402

HANDS = math.comb(52, 5)
# Our system -> the pokerkit hand class that ranks hands the same way.
COUNTERPARTS = {
    "deuce-to-seven": pokerkit.StandardLowHand,
    "ace-to-five": pokerkit.RegularLowHand,
    "high": pokerkit.StandardHighHand,
}
PUBLIC_FLIP = 10**6      # above any pokerkit entry index: turns "higher is stronger" into "lower is stronger"
PK_DECK = tuple(next(pokerkit.Card.parse(str(card))) for card in DECK)   # DECK's order, pokerkit's cards


def slow(test):
    """Mark a full public-API sweep (minutes): skipped unless LOWBALL_SLOW=1, as ``make test-full`` sets."""
    skip = pytest.mark.skipif(os.environ.get("LOWBALL_SLOW") != "1",
                              reason="public-API pokerkit sweep (minutes): run with LOWBALL_SLOW=1 (make test-full)")
    return pytest.mark.slow(skip(test))


# ---- pokerkit's verdict on every hand ----

class PokerkitSweep:
    """pokerkit's key of every hand (as a small id), and one hand of each key."""

    def __init__(self) -> None:
        get_key = pokerkit.StandardHighHand.lookup._get_key     # defined once, on pokerkit's Lookup base class
        ids: dict = {}
        samples: list = []

        def key_id(cards) -> int:
            key = get_key(cards)
            if key not in ids:
                ids[key] = len(ids)
                samples.append(cards)
            return ids[key]

        self.key_ids = np.fromiter((key_id(cards) for cards in itertools.combinations(PK_DECK, 5)),
                                   dtype=np.int32, count=HANDS)
        self.samples = samples
        self.strengths: dict = {}

    def strength(self, hand_class) -> np.ndarray:
        """Return pokerkit's strength of every hand under ``hand_class`` (see ``public_strength``)."""
        if hand_class not in self.strengths:
            per_key = np.array([public_strength(hand_class, cards) for cards in self.samples], dtype=np.int64)
            self.strengths[hand_class] = per_key[self.key_ids]
        return self.strengths[hand_class]


def public_strength(hand_class, cards) -> int:
    """Return pokerkit's strength of five cards through its public API, smaller = stronger; -1 if it refuses them.

    pokerkit's entry index grows with strength for high hands and shrinks with it
    for low hands; it refuses a hand that is no eight-or-better low.
    """
    try:
        entry = hand_class(cards).entry
    except ValueError:
        return -1
    return entry.index if hand_class.low else PUBLIC_FLIP - entry.index


@pytest.fixture(scope="module")
def sweep() -> PokerkitSweep:
    return PokerkitSweep()


def in_words(index: int, system: str) -> str:
    hand = hand_at(index)
    return f"{rank_text(hand, system)} ({format_cards(hand)}, {hand_name(hand, as_system(system))})"


def explain_disagreement(pair: tuple[int, int], ours: np.ndarray, theirs: np.ndarray, system: str, name: str) -> str:
    """Say which pair moved, in words: '7-6-5-4-3 ranked above 8-5-4-3-2 under deuce-to-seven, ...'."""
    i, j = pair
    a, b = in_words(i, system), in_words(j, system)
    we = "ties" if ours[i] == ours[j] else "ranked above"
    they = "ties it" if theirs[i] == theirs[j] else ("ranks it below" if theirs[i] > theirs[j] else "ranks it above")
    return f"{a} {we} {b} under {system} (lowball), but pokerkit's {name} {they}"


def assert_same_order(ours: np.ndarray, theirs: np.ndarray, system: str, name: str) -> None:
    pair = order_disagreement(ours, theirs)
    assert pair is None, explain_disagreement(pair, ours, theirs, system, name)


# ---- The comparisons ----

@pytest.mark.parametrize("system", sorted(COUNTERPARTS))
def test_every_hand_is_ordered_as_pokerkit_orders_it(sweep, system):
    hand_class = COUNTERPARTS[system]
    theirs = sweep.strength(hand_class)
    assert (theirs >= 0).all(), "pokerkit refused a five-card hand"
    assert_same_order(all_ranks(system), theirs, system, hand_class.__name__)


def test_eight_or_better_qualifies_the_same_hands_and_orders_them_as_pokerkit(sweep):
    """L1: the set of qualifying lows is pokerkit's, and among them the ace-to-five order is pokerkit's."""
    theirs = sweep.strength(pokerkit.EightOrBetterLowHand)
    qualifying = all_qualifying("eight-or-better")
    pokerkit_qualifying = theirs >= 0
    if not np.array_equal(qualifying, pokerkit_qualifying):
        index = int(np.flatnonzero(qualifying != pokerkit_qualifying)[0])
        verdict = "qualifies" if qualifying[index] else "does not qualify"
        pytest.fail(f"{in_words(index, 'ace-to-five')} {verdict} for lowball, but not the other way for pokerkit")
    ours = all_ranks("ace-to-five")[qualifying]
    pair = order_disagreement(ours, theirs[qualifying])
    if pair is not None:
        where = np.flatnonzero(qualifying)
        pytest.fail(explain_disagreement((int(where[pair[0]]), int(where[pair[1]])), all_ranks("ace-to-five"),
                                         theirs, "ace-to-five", "EightOrBetterLowHand"))


def test_pokerkit_has_no_ace_to_six_and_the_check_would_say_so(sweep):
    """A check that cannot fail proves nothing (STYLE habit 9): against 2-7 and A-5, ace-to-six disagrees."""
    for system, hand_class in (("deuce-to-seven", pokerkit.StandardLowHand), ("ace-to-five", pokerkit.RegularLowHand)):
        theirs = sweep.strength(hand_class)
        pair = order_disagreement(all_ranks("ace-to-six"), theirs)
        assert pair is not None
        assert_really_ordered_otherwise(pair, "ace-to-six", hand_class)
        message = explain_disagreement(pair, all_ranks("ace-to-six"), theirs, "ace-to-six", hand_class.__name__)
        assert "under ace-to-six (lowball), but pokerkit's" in message


def assert_really_ordered_otherwise(pair: tuple[int, int], system: str, hand_class) -> None:
    """The pair named is one that lowball's public ``compare`` and pokerkit's public API order otherwise."""
    a, b = (hand_at(i) for i in pair)
    ours = compare(a, b, system)
    pk_a, pk_b = (tuple(PK_DECK[DECK.index(card)] for card in hand) for hand in (a, b))
    sa, sb = public_strength(hand_class, pk_a), public_strength(hand_class, pk_b)
    theirs = (sa < sb) - (sa > sb)
    assert ours != theirs, f"{format_cards(a)} / {format_cards(b)}: both say {ours}"


def test_deuce_to_seven_against_pokerkits_ace_to_five_names_the_first_pair_that_moved(sweep):
    theirs = sweep.strength(pokerkit.RegularLowHand)
    ours = all_ranks("deuce-to-seven")
    pair = order_disagreement(ours, theirs)
    assert_really_ordered_otherwise(pair, "deuce-to-seven", pokerkit.RegularLowHand)
    message = explain_disagreement(pair, ours, theirs, "deuce-to-seven", "RegularLowHand")
    assert message.startswith(in_words(pair[0], "deuce-to-seven"))


def test_the_shortcut_is_pokerkits_public_verdict_on_sampled_hands(sweep):
    """The key-then-entry shortcut agrees with pokerkit's public API, hand by hand, on 10,000 random hands."""
    indexes = random.Random(7).sample(range(HANDS), 10_000)
    for hand_class in (*COUNTERPARTS.values(), pokerkit.EightOrBetterLowHand):
        strengths = sweep.strength(hand_class)
        for index in indexes:
            cards = tuple(PK_DECK[DECK.index(card)] for card in hand_at(index))
            assert strengths[index] == public_strength(hand_class, cards), format_cards(hand_at(index))


@pytest.mark.parametrize("system", sorted(COUNTERPARTS))
def test_the_wheel_and_broadway_as_pokerkit_sees_them(system):
    """K1, F1, L1: the hands where the rankings differ most, pinned through pokerkit's public API."""
    hand_class = COUNTERPARTS[system]
    wheel, broadway, king_low = hand_class("5c4d3h2sAc"), hand_class("AcKdQhJsTc"), hand_class("Kc9d7h4s2c")
    ours = {name: all_ranks(system)[i] for name, i in (("wheel", _index("5c 4d 3h 2s Ac")),
                                                       ("broadway", _index("Ac Kd Qh Js Tc")),
                                                       ("king_low", _index("Kc 9d 7h 4s 2c")))}
    assert (wheel > broadway) == (ours["wheel"] < ours["broadway"])
    assert (wheel > king_low) == (ours["wheel"] < ours["king_low"])


def _index(text: str) -> int:
    from lowball.ranking.fast import hand_index

    return hand_index(text)


# ---- The slow sweep: pokerkit's public API on every hand ----

def _public_strengths(hand_class, first: int) -> np.ndarray:
    """Return pokerkit's public verdict on every hand whose lowest card is DECK[first], in DECK order."""
    return np.array([public_strength(hand_class, (PK_DECK[first],) + rest)
                     for rest in itertools.combinations(PK_DECK[first + 1:], 4)], dtype=np.int64)


def _public_sweep(hand_class) -> np.ndarray:
    with ProcessPoolExecutor(max_workers=os.cpu_count(), mp_context=get_context("fork")) as pool:
        return np.concatenate(list(pool.map(_public_strengths, [hand_class] * 48, range(48))))


@pytest.mark.parametrize("system", sorted(COUNTERPARTS))
@slow
def test_every_hand_through_pokerkits_public_api(system):
    hand_class = COUNTERPARTS[system]
    assert_same_order(all_ranks(system), _public_sweep(hand_class), system, hand_class.__name__)


@slow
def test_every_hand_through_pokerkits_public_api_eight_or_better():
    theirs = _public_sweep(pokerkit.EightOrBetterLowHand)
    qualifying = all_qualifying("eight-or-better")
    assert np.array_equal(qualifying, theirs >= 0)
    assert order_disagreement(all_ranks("ace-to-five")[qualifying], theirs[qualifying]) is None
