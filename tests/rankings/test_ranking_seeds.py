"""The seeds' worked cases and the regressions other evaluators get wrong (E1, E2, H2, H4, K1, F1, L1)."""

import pytest

from lowball import best_hand, best_low, compare, evaluate, qualifies, winners

A6 = "ace-to-six"
A6_LOW = "ace-to-six-ace-low"
D27 = "deuce-to-seven"
A5 = "ace-to-five"


def test_e1_lenas_six_four_beats_mishas_wheel():
    """E1: Lena's offsuit no-pair six beats Misha's straight, though his top card is lower."""
    lena, misha = "6♣ 4♥ 3♠ 2♦ A♣", "5♠ 4♦ 3♣ 2♥ A♦"
    assert evaluate(lena, A6).category == "no-pair"
    assert evaluate(misha, A6).category == "straight"
    assert compare(lena, misha, A6) == 1
    assert winners([misha, lena], A6) == [1]


def test_e2_the_flush_trap():
    """E2: 7-5-4-3-A suited looks low but is a flush; 8-6-4-3-A no pair beats it."""
    flush, eight = "7♠ 5♠ 4♠ 3♠ A♠", "8♣ 6♥ 4♦ 3♣ A♦"
    assert evaluate(flush, A6).category == "flush"
    assert compare(eight, flush, A6) == 1


def test_h2_offsuit_king_nine_beats_the_wheel():
    """H2: the category comes first: K-9-7-4-2 (no pair) beats A-2-3-4-5 (a straight)."""
    assert compare("Kh 9d 7c 4s 2h", "Ac 2d 3h 4c 5s", A6) == 1


def test_h3_a_pair_of_aces_is_the_lowest_pair_in_a6():
    """H3: aces are the lowest pair in A-6 (ace low), the highest in 2-7 (ace high, K1)."""
    aces, deuces = "Ac Ad 8h 7s 6c", "2c 2d 8c 7d 6h"
    assert compare(aces, deuces, A6) == 1
    assert compare(aces, deuces, D27) == -1


def test_h3_two_pair_compares_the_higher_pair_first_and_full_house_the_trips():
    assert compare("9c 9d 2h 2s Kc", "8c 8d 7h 7s 3c", A6) == -1   # 9s up loses to 8s up
    assert compare("3c 3d 3h Ks Kc", "4c 4d 4h 2s 2c", A6) == 1    # trips first


def test_h4_best_low_is_six_four_offsuit_and_the_best_class():
    assert evaluate("6♣ 4♥ 3♠ 2♦ A♣", A6).rank == 1
    assert evaluate("6♣ 4♣ 3♣ 2♣ A♣", A6).category == "flush"


def test_h4_no_wrap_around():
    """H4: K-A-2-3-4 is never a straight in A-6; it wins as a no-pair hand."""
    wrap = evaluate("Kc Ad 2h 3s 4c", A6)
    assert wrap.category == "no-pair"
    assert compare("Kc Ad 2h 3s 4c", "6c 5d 4h 3d 2c", A6) == 1


def test_h4_broadway_is_the_highest_straight_of_the_teaching_table():
    """H4 and C1: A-K-Q-J-10 is a straight (the worst one) on the teaching table, king-high elsewhere in A-6."""
    broadway = "Ac Kd Qh Js Tc"
    assert evaluate(broadway, A6).category == "straight"
    assert compare(broadway, "Kc Qd Jh Ts 9c", A6) == -1        # the highest straight is the worst low
    assert evaluate(broadway, A6_LOW).category == "no-pair"
    assert evaluate(broadway, A6_LOW).name == "king-queen low"
    assert compare(broadway, "Kc Qd Jh Ts 8c", A6_LOW) == 1      # the ace is low: K-Q-J-10-A beats K-Q-J-10-8

def test_k1_deuce_to_seven_worked_cases():
    """K1: 7-5-4-3-2 is the best hand; 7-5-4-3-2 beats 7-6-5-4-2; 7-6-4-3-2 beats 7-6-5-4-2."""
    assert evaluate("7c 5d 4h 3s 2c", D27).rank == 1
    assert compare("7c 5d 4h 3s 2c", "7d 6h 5s 4c 2d", D27) == 1
    assert compare("7c 6d 4h 3s 2c", "7d 6h 5s 4c 2d", D27) == 1


def test_k1_the_deuce_to_seven_wheel_is_ace_high_not_a_straight():
    wheel = evaluate("Ac 2d 3h 4s 5c", D27)
    assert (wheel.category, wheel.name) == ("no-pair", "ace-five high")
    assert compare("Ac 2d 3h 4s 5c", "Kc Qd Jh 9s 8c", D27) == -1   # any king-high beats ace-high


def test_k1_a_suited_wheel_is_an_ace_high_flush_not_a_straight_flush():
    value = evaluate("As 2s 3s 4s 5s", D27)
    assert (value.category, value.name) == ("flush", "ace-high flush")


def test_k1_flushes_count_in_deuce_to_seven():
    assert evaluate("9h 7h 5h 3h 2h", D27).category == "flush"
    assert compare("9h 7h 5h 3h 2h", "Kc Kd Kh 3s 3c", D27) == 1  # a flush beats a full house


def test_f1_ace_to_five_order():
    """F1: A-2-3-4-5 is the best, then 6-4-3-2-A, then 6-5-3-2-A; straights and flushes do not count."""
    chain = ["Ac 2d 3h 4s 5c", "6c 4d 3h 2s Ac", "6d 5h 3s 2c Ad"]
    assert [evaluate(h, A5).rank for h in chain] == [1, 2, 3]
    assert evaluate("As 2s 3s 4s 5s", A5).rank == 1


def test_l1_six_four_beats_six_five_for_low():
    """L1: lows compare from the top: 6-4-3-2-A beats 6-5-4-3-2 (both qualify)."""
    assert qualifies("6c 4d 3h 2s Ac") and qualifies("6d 5h 4s 3c 2d")
    assert compare("6c 4d 3h 2s Ac", "6d 5h 4s 3c 2d", A5) == 1


def test_l1_qualifier_and_best_five_of_seven():
    assert not qualifies("9c 6h 4d 3c Ad")
    assert not qualifies("8c 8h 4d 3c Ad")
    assert best_low("Kc Qd 8h 6s 4c 3d Ah").name == "eight-six low"
    assert best_low("Kc Qd Jh Ts 4c 3d Ah") is None
    assert best_hand("Ac 2d 3h 4s 5c Kd Kh", "high").category == "straight"


def test_l1_high_ranking_follows_standard_order():
    assert winners(["Ac Kc Qc Jc Tc", "9d 9h 9s 9c 2d", "Ah Ad As Kh Kd"], "high") == [0]


@pytest.mark.parametrize("system", [A6, A6_LOW, D27, A5, "high"])
def test_suits_never_break_ties(system):
    """S2: equal hands tie whatever their suits."""
    assert compare("9c 7d 5h 4s 2c", "9d 7h 5s 4c 2d", system) == 0
