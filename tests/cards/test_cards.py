"""Card text in the seeds' notation and in ASCII (the public contract, docs/reference/api.md)."""

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


# ---- Odd input: every text is either cards or one short line of CardError ----


from hypothesis import example, given, strategies as st  # noqa: E402

from lowball import JOKER  # noqa: E402
from lowball.core import cards as cards_module  # noqa: E402

MESSAGE_LIMIT = 300
CARDISH = "23456789TJQKAtjqkacdhsCDHS10♣♦♥♠♧♢♡♤ ,;\t\nJkjokerJOKER🃏xX"


def assert_cards_or_one_line(text):
    try:
        cards = parse_cards(text)
    except CardError as error:
        message = str(error)
        assert "\n" not in message and 0 < len(message) <= MESSAGE_LIMIT, message
        return
    assert len(set(cards)) == len(cards)
    assert all(type(card) is Card and (card in DECK or card == JOKER) for card in cards)


@given(st.text())
@example("A" * 100_000)
@example("Ac " * 60)
@example("\u212ac")                  # the Kelvin sign lowers to 'k', but it is no king
@example("ａc")                      # a full-width a
@example("ǰc")                       # upper-cases to two characters
@example("10")
@example("1")
def test_any_text_parses_to_distinct_cards_or_one_short_line(text):
    assert_cards_or_one_line(text)


@given(st.text(alphabet=CARDISH, max_size=80))
def test_card_like_text_parses_to_distinct_cards_or_one_short_line(text):
    assert_cards_or_one_line(text)


@pytest.mark.parametrize("text", ["\u212ac", "ａc", "Aс", "Ꭺc", "ǰc"])   # Kelvin K, full-width a, Cyrillic es...
def test_look_alike_letters_are_not_cards(text):
    with pytest.raises(CardError):
        parse_cards(text)


@pytest.mark.parametrize("value, message", [
    (None, "cards must be text or a sequence of cards, not None"),
    (5, "cards must be text or a sequence of cards, not 5"),
    (b"Ac", "cards must be text or a sequence of cards, not b'Ac'"),
    ([Card(14, "c"), 5], "not a card: 5"),
    ([["Ac"]], "not a card: ['Ac']"),
])
def test_input_that_is_not_card_text_is_named(value, message):
    with pytest.raises(CardError) as error:
        parse_cards(value)
    assert str(error.value) == message


def test_huge_input_stops_early_with_a_short_message():
    for text in ("Ac " * 1_000_000, "AcAd" * 500_000, "Z" * 1_000_000, "Ac" + " " * 1_000_000 + "Ax"):
        with pytest.raises(CardError) as error:
            parse_cards(text)
        assert len(str(error.value)) <= MESSAGE_LIMIT and "\n" not in str(error.value)
    assert parse_cards(" " * 1_000_000 + "Ac") == (Card(14, "c"),)


@pytest.mark.parametrize("rank, suit", [
    (14, ""), (14, "cc"), (14, "C"), (14, "x"), (True, "c"), (14.0, "c"), ("A", "c"), (1, "c"), (15, "c"),
    (0, "c"), (14, None), (10**100, "c"), ("x" * 10_000, "c"), (2, "j"),
])
def test_the_card_constructor_refuses_odd_values_in_one_short_line(rank, suit):
    with pytest.raises(CardError) as error:
        Card(rank, suit)
    assert "\n" not in str(error.value) and len(str(error.value)) <= MESSAGE_LIMIT


def test_the_joker_is_rank_0_suit_j_and_nothing_else():
    assert Card(0, "j") == JOKER and JOKER.is_joker and str(JOKER) == "Jk"


def test_every_one_card_token_reads_the_same_by_the_general_reader():
    """CARD_TOKENS is a fast path only: the character-by-character reader gives each token the same card."""
    for token, card in cards_module.CARD_TOKENS.items():
        read, end = cards_module._read_card(token, 0)
        assert (read, end) == (card, len(token)), token
    # T, t or 10, then h, H, ♥ or ♡: twelve ways to write the ten of hearts.
    assert len([t for t, c in cards_module.CARD_TOKENS.items() if c == Card(10, "h")]) == 3 * 4
