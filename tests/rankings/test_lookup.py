"""The fast road of evaluate, compare, winners and evaluate_rank: every input form, the same verdict as the plain one.

``lowball.ranking.lookup`` ranks five cards from the sum of their tallies. The
speed is measured in benchmarks/bench_ranking.py (never here); these tests pin
what it must not change: the literate evaluator's class for every form of input
(Card tuples, lists, card text, symbols, iterators), the errors of the plain
road, and the semantics of ``HandValue``.
"""

from __future__ import annotations

import dataclasses
import math
import pickle

import pytest
from hypothesis import given, strategies as st

from lowball import DECK, CardError, HandValue, RulesError, compare, evaluate, load_rankings, winners
from lowball.core.cards import Card, format_cards
from lowball.ranking import as_system, class_ranks, hand_name, strength_key
from lowball.ranking.fast import evaluate_rank, hand_at
from lowball.ranking.lookup import class_of, rank_of
from lowball.ranking.tally import card_count, has_five_of_a_suit, rank_key, ranks_key, tally

SYSTEMS = [row.key for row in load_rankings().systems]
SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def literate(cards, system):
    row = as_system(system)
    return class_ranks(row)[strength_key(cards, row)], hand_name(cards, row)


def forms(hand):
    """Return the same five cards in every form ``evaluate`` takes."""
    text = format_cards(hand)
    return {
        "tuple": tuple(hand), "list": list(hand), "text": text, "lower": text.lower(), "run together": text.replace(" ", ""),
        "symbols": " ".join(f"{c.rank_char}{SYMBOLS[c.suit]}" for c in hand), "commas": text.replace(" ", ","),
        "strings": tuple(text.split()), "iterator": iter(hand),
    }


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_form_of_input_gets_the_literate_class_and_name(system):
    for index in range(0, math.comb(52, 5), 7_919):
        hand = hand_at(index)
        rank, name = literate(hand, system)
        for form, cards in forms(hand).items():
            value = evaluate(cards, system)
            assert (value.rank, value.name, value.cards) == (rank, name, hand), f"{system}, {form}: {format_cards(hand)}"
        assert evaluate_rank(hand, system) == rank_of(list(hand), system) == rank_of(format_cards(hand), system) == rank


@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True), st.sampled_from(SYSTEMS))
def test_compare_and_winners_agree_with_the_literate_order(cards, system):
    other = [c for c in DECK if c not in cards][:5]
    (ra, _), (rb, _) = literate(cards, system), literate(other, system)
    assert compare(cards, other, system) == (ra < rb) - (ra > rb)
    assert compare(format_cards(cards), tuple(other), system) == (ra < rb) - (ra > rb)
    expected = [i for i, r in enumerate((ra, rb)) if r == min(ra, rb)]
    assert winners([tuple(cards), format_cards(other)], system) == expected


@pytest.mark.parametrize("cards, message", [
    ("Ac 2d 3h 4s Ac", "duplicate card 'Ac'"),
    ((Card(14, "c"),) * 5, "duplicate card 'Ac'"),
    ([Card(14, "c"), Card(2, "d"), Card(3, "h"), Card(4, "s"), Card(14, "c")], "duplicate card 'Ac'"),
    ("Ac 2d 3h 4s", "expected 5 cards, got 4"),
    ("Ac 2d 3h 4s 5c 6d", "expected 5 cards, got 6"),
    ("Ac2d3", "card '3' has no suit"),
    (((14, "c"), (2, "d"), (3, "h"), (4, "s"), (5, "c")), "not a card: (14, 'c')"),
    (None, "cards must be text or a sequence of cards, not None"),
])
def test_the_fast_road_leaves_every_error_to_the_parser(cards, message):
    for call in (evaluate, lambda c, s: compare(c, "9c 8d 7h 6s 4c", s), lambda c, s: winners([c], s)):
        if call is not evaluate and isinstance(cards, tuple) and type(cards[0]) is tuple:
            continue                 # ranks alone may take equal tuples (a Card is a named tuple); values may not
        with pytest.raises(CardError) as error:
            call(cards, "deuce-to-seven")
        assert str(error.value).startswith(message)


def test_an_unknown_system_is_named():
    with pytest.raises(RulesError, match="unknown ranking system 'ace-to-seven'"):
        evaluate("Ac 2d 3h 4s 5c", "ace-to-seven")
    with pytest.raises(RulesError):
        compare("Ac 2d 3h 4s 5c", "Ac 2d 3h 4s 6c", ["not", "a", "name"])


def test_a_changed_row_is_ranked_by_its_own_rules_not_by_its_name():
    """``lowball verify`` ranks with edited rows that keep the system's name: the look-up must follow the rules."""
    row = as_system("ace-to-six")
    edited = dataclasses.replace(row, wheel_is_straight=False)
    assert evaluate("5s 4d 3c 2h Ad", row).category == "straight"
    assert evaluate("5s 4d 3c 2h Ad", edited).category == "no-pair"
    assert evaluate_rank("5s 4d 3c 2h Ad", edited) < evaluate_rank("6s 4d 3c 2h Ad", edited)


def test_the_default_system_is_the_teaching_tables():
    assert evaluate("5s 4d 3c 2h Ad").system == as_system(None).key


# ---- HandValue ----

def test_hand_values_are_immutable_hashable_and_picklable():
    value = evaluate("6c 4h 3s 2d Ac", "ace-to-six")
    with pytest.raises(AttributeError):
        value.rank = 2
    with pytest.raises(AttributeError):
        del value.cards
    assert {value, evaluate("6d 4s 3h 2c Ah", "ace-to-six")} == {value}          # S2: equal values
    copy = pickle.loads(pickle.dumps(value))
    assert copy == value and copy.name == value.name and copy.cards == value.cards
    assert repr(value) == "HandValue(system='ace-to-six', category='no-pair', rank=1, name='six-four low')"


def test_hand_values_order_within_one_system_only():
    a6 = evaluate("6c 4h 3s 2d Ac", "ace-to-six")
    wheel = evaluate("5s 4d 3c 2h Ad", "ace-to-six")
    assert a6 > wheel and wheel < a6 and a6 >= a6 and not a6 < a6 and a6 != wheel
    with pytest.raises(ValueError, match="cannot compare a ace-to-six value with a deuce-to-seven value"):
        a6 > evaluate("6c 4h 3s 2d Ac", "deuce-to-seven")
    with pytest.raises(TypeError):
        a6 < 3
    assert (a6 == 3) is False


def test_a_hand_value_built_by_hand_behaves_like_a_looked_up_one():
    made = HandValue(system="ace-to-six", category="no-pair", rank=1, name="six-four low",
                     cards=tuple(evaluate("6c 4h 3s 2d Ac", "ace-to-six").cards))
    assert made == evaluate("6d 4s 3h 2c Ah", "ace-to-six") and made.name == "six-four low"


def test_one_class_object_is_shared_by_every_hand_of_the_class():
    (first, _), (second, _) = class_of("6c 4h 3s 2d Ac", "ace-to-six"), class_of("6d 4s 3h 2c Ah", "ace-to-six")
    assert first is second


# ---- The tally (ranking.tally) ----

@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=7, unique=True))
def test_a_tally_keeps_the_count_the_ranks_and_the_long_suit(cards):
    total = tally(cards)
    assert card_count(total) == len(cards)
    assert rank_key(total) == ranks_key(c.rank for c in cards)
    longest = max(sum(c.suit == s for c in cards) for s in "cdhs")
    assert has_five_of_a_suit(total) == (longest >= 5)


def test_a_duplicate_card_shows_in_the_tally():
    card = Card(14, "s")
    assert card_count(tally([card, card, Card(2, "c")])) == 2
