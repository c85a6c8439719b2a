"""Card text in the seeds' notation and in ASCII (DESIGN.md public contract)."""

import pytest

from lowball import DECK, Card, CardError, parse_cards


def test_deck_has_52_distinct_cards_named_in_ascii():
    assert len(set(DECK)) == 52
    assert {str(c)[0] for c in DECK} == set("23456789TJQKA")
    assert {str(c)[1] for c in DECK} == set("cdhs")
    assert all(parse_cards(str(c)) == (c,) for c in DECK)


@pytest.mark.parametrize("text", [
    "6♣ 4♥ 3♠ 2♦ A♣",          # the seeds' notation (E1)
    "6c 4h 3s 2d Ac",           # ASCII
    "6c4h3s2dAc",               # run together
    "6C, 4H, 3S, 2D, aC",       # any case, commas
    "6♧ 4♡ 3♤ 2♢ A♧",          # white suit symbols
])
def test_every_notation_gives_lenas_hand(text):
    assert parse_cards(text) == (Card(6, "c"), Card(4, "h"), Card(3, "s"), Card(2, "d"), Card(14, "c"))


def test_ten_may_be_written_t_or_10():
    assert parse_cards("Th 10d 10s9c") == (Card(10, "h"), Card(10, "d"), Card(10, "s"), Card(9, "c"))


def test_repr_is_valid_python():
    card = parse_cards("Ac")[0]
    assert eval(repr(card)) == card


@pytest.mark.parametrize("text, message", [
    ("6c 1h", "unknown rank '1' in '1h'"),
    ("Xc", "unknown rank 'X' in 'Xc'"),
    ("6c 4x", "unknown suit 'x' in '4x'"),
    ("6c4x3s", "unknown suit 'x' in '4x'"),
    ("6c 4", "card '4' has no suit"),
    ("Ac 2d ac", "duplicate card 'Ac'"),
])
def test_bad_card_text_names_the_token(text, message):
    with pytest.raises(CardError, match=message):
        parse_cards(text)


def test_wrong_number_of_cards_is_named():
    with pytest.raises(CardError, match="expected 5 cards, got 6: 6c 4h 3s 2d Ac Kd"):
        parse_cards("6c 4h 3s 2d Ac Kd", count=5)


def test_card_error_is_a_value_error_with_one_line():
    with pytest.raises(ValueError) as info:
        parse_cards("6c 4h 3s 2d Zz")
    assert "\n" not in str(info.value)
