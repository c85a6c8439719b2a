"""Explanations name the deciding rule, in English and Russian (H2, H3, K1, F1, S2)."""

import pytest

from lowball import explain
from lowball.core.rankings import load_rankings
from lowball.text import words
from lowball.text.explain import describe


def test_category_explanation_names_the_category_order_clause():
    text = explain("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-six")
    assert "6-4-3-2-A is a no-pair hand" in text
    assert "5-4-3-2-A is a straight" in text
    assert "every no-pair hand beats every straight (H2)" in text


def test_explanation_is_the_same_whichever_hand_comes_first():
    a, b = "6c 5h 3s 2d Ac", "6s 4d 3c 2h Ad"
    assert explain(a, b) == explain(b, a)


def test_tie_break_walks_from_the_top_to_the_first_difference():
    assert "comparing from the top: 6 = 6, then 4 beats 5" in explain("6c 5h 3s 2d Ac", "6s 4d 3c 2h Ad")


def test_pairs_compare_the_pair_then_kickers():
    text = explain("5c 5d 8h 7s 4c", "5h 5s 8c 9d 4d")
    assert "the pair first: 5 = 5; then the kickers from the top: 8 beats 9" in text


def test_straights_compare_the_top_card():
    assert "the top card decides: 6 beats 7" in explain("6c 5d 4h 3s 2c", "7c 6d 5h 4s 3c")


def test_deuce_to_seven_wheel_is_explained_as_ace_high():
    text = explain("7c 5d 4h 3s 2c", "Ac 2d 3h 4s 5s", "deuce-to-seven")
    assert "A-5-4-3-2" in text and "not a straight (K1)" in text


def test_ace_to_five_says_flushes_do_not_count():
    text = explain("7s 5s 4s 3s As", "8c 6h 4d 3c Ad", "ace-to-five")
    assert "7-5-4-3-A beats 8-6-4-3-A" in text and "Flushes do not count in this system (F1)" in text


def test_ties_say_suits_have_no_rank():
    assert "(S2)" in explain("9c 7d 5h 4s 2c", "9d 7h 5s 4c 2d")


@pytest.mark.parametrize("a, b, system", [
    ("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-six"),
    ("6c 5h 3s 2d Ac", "6s 4d 3c 2h Ad", "ace-to-six"),
    ("9c 7d 5h 4s 2c", "9d 7h 5s 4c 2d", "deuce-to-seven"),
    ("Ac Kd Qh Js Tc", "Kc Qd Jh Ts 8c", "ace-to-six-ace-low"),
])
def test_russian_gives_the_same_verdict_and_clause(a, b, system):
    en, ru = explain(a, b, system), explain(a, b, system, lang="ru")
    assert ru != en
    assert any("а" <= ch <= "я" for ch in ru)
    clauses = lambda s: sorted(w.strip("().,") for w in s.split() if w.strip("().,")[:1] in "HKFSLC" and w.strip("().,")[1:].isdigit())
    assert clauses(en) == clauses(ru)


def test_every_english_phrase_has_a_russian_one():
    for table in (load_rankings().hand_names, words.PARTS, words.SENTENCES, words.SPLIT):
        assert set(table["en"]) == set(table["ru"])
    assert set(load_rankings().rank_names["en"]) == set(load_rankings().rank_names["ru"])


def test_russian_names_of_hands():
    assert describe("6c 6d 8h 7s 4c", "ace-to-six", "ru") == "6-6-8-7-4: пара, пара шестёрок"
    assert describe("5c 4d 3h 2s Ac", "ace-to-six", "ru").endswith("стрит до пятёрки")


def test_the_joker_note_names_the_rank_with_its_article():
    """F8: 'a deuce', 'an ace', 'an eight'; Russian has no article."""
    assert "the joker plays as an ace (F8)" in describe("Kc 9d 6h 3s Jk", "ace-to-five")
    assert "the joker plays as an eight" not in describe("Ac 2d 3h 4s Jk", "ace-to-five")
    assert words.a_rank("eight", "en") == "an eight" and words.a_rank("six", "en") == "a six"
    assert describe("Kc 9d 6h 3s Jk", "ace-to-five", "ru").endswith("джокер здесь — туз (F8)")
