"""Russian as a poker teacher writes it: numbers agree with their nouns by the Russian plural rule, hands have the
names players give them, and no sentence pastes a number beside a fixed word.

The expected forms are the grammar's, written out here by hand (1 карта, 2 карты, 5 карт, 11 карт, 21 карта...),
not copied from the code's output.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from lowball.core.cards import parse_cards
from lowball.core.games import load_game_table
from lowball.engine.events import event
from lowball.ranking.names import hand_name
from lowball.text import plural
from lowball.text.explain import explain
from lowball.text.narration import render
from lowball.text.rulebook import rules_text
from lowball.text.split import explain_split
from lowball.verify import load_for_verify, verify
from lowball.widgets.proofs import reason, title

NUMBERS = (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 122)
# The category of each number above: one (1, 21, 101), few (2-4, 22, 122), many (0, 5-20, 25, 111, 112).
CATEGORY = ("many", "one", "few", "few", "many", "many", "many", "many", "one", "few", "many", "one", "many", "many",
            "few")


def test_the_russian_plural_category_of_whole_numbers():
    assert [plural.category(n) for n in NUMBERS] == list(CATEGORY)


@pytest.mark.parametrize("noun, case, forms", [
    (plural.CARD, "nom", ("карта", "карты", "карт")),
    (plural.CARD, "acc", ("карту", "карты", "карт")),
    (plural.CARD, "gen", ("карты", "карт", "карт")),
    (plural.CHIP, "nom", ("фишка", "фишки", "фишек")),
    (plural.CHIP, "gen", ("фишки", "фишек", "фишек")),
    (plural.RAISE, "prep", ("повышении", "повышениях", "повышениях")),
    (plural.ACTION, "acc", ("действие", "действия", "действий")),
    (plural.PLAYER, "ins", ("игроком", "игроками", "игроками")),
    (plural.PLAYER, "acc", ("игрока", "игроков", "игроков")),
])
def test_a_noun_takes_the_form_its_number_and_case_need(noun, case, forms):
    one, few, many = forms
    expected = [{"one": one, "few": few, "many": many}[c] for c in CATEGORY]
    assert [noun.form(n, case) for n in NUMBERS] == expected


def test_narration_counts_in_russian():
    """«1 карту по одной», «при 1 повышениях», «(1 фишки)» are gone: every count agrees with its number."""
    deal = [render(event("deal", who="Лена", count=n, up=0, shown="", clause="T6"), "ru") for n in (1, 2, 5)]
    assert deal[0] == "Лена получает 1 карту в закрытую (T6)"
    assert deal[1].startswith("Лена получает 2 карты в закрытую — по одной") and "5 карт в закрытую" in deal[2]
    discards = [render(event("discard", who="Миша", count=n, cards="Kc", clause="D1"), "ru") for n in (1, 3, 5, 21)]
    assert [re.search(r"меняет (\d+ \w+)", line).group(1) for line in discards] == ["1 карту", "3 карты", "5 карт",
                                                                                   "21 карту"]
    assert "K♣" in discards[0] and "Kc" not in discards[0]         # cards as the seeds write them, not codes
    raises = [render(event("raise", who="p2", to=2, nth=1, cap=n, all_in=False, clause="T4"), "ru") for n in (1, 3, 5)]
    assert [line.split("из ")[1].split(" (")[0] for line in raises] == ["1 разрешённого", "3 разрешённых",
                                                                      "5 разрешённых"]
    capped = [render(event("capped", cap=n, clause="T4"), "ru") for n in (1, 3, 5)]
    assert [c.split("ставка и ")[1].split(" (")[0] for c in capped] == ["1 повышение", "3 повышения", "5 повышений"]
    chips = [render(event("sevens-rule", who="Лена", chips=n, rule="rrp", clause="F7"), "ru") for n in (1, 8, 22)]
    assert ["(1 фишка)" in chips[0], "(8 фишек)" in chips[1], "(22 фишки)" in chips[2]] == [True, True, True]


def test_the_first_round_is_opened_as_a_russian_sentence_says_it():
    """Not «начинается первый круг торгов; начинает Лена»."""
    line = render(event("round", who="Лена", round=0, rounds=2, clause="B1"), "ru")
    assert line == "первый круг торгов начинает Лена (B1)"


def test_the_rulebook_in_russian_agrees_with_every_number_of_a_changed_table():
    """A house table with 1 raise, 21 chips and 6 players: «1 повышения», «21 фишки», «до 6 игроков»."""
    text = rules_text(load_game_table(overrides={"raises_per_round": "1", "min_stack": "21", "players.max": "6"}),
                      "ru")
    assert "не больше одной ставки и 1 повышения" in text
    assert "не меньше 21 фишки" in text and "от 2 до 6 игроков" in text
    four = rules_text(load_game_table(overrides={"raises_per_round": "4"}), "ru")
    assert "не больше одной ставки и 4 повышений" in four and "13 фишек" in four
    stud = rules_text(load_game_table("stud-high-low"), "ru")
    assert "2 в закрытую и 1 в открытую" in stud and "закрыто" not in stud


def test_the_proofs_panel_says_its_numbers_in_russian():
    """«при 1 повышениях», «через 24 действий», «(1 фишки)» were the panel's; now each agrees."""
    table, rankings = load_for_verify(overrides={"raises_per_round": "1", "min_stack": "1"})
    (four,) = verify(table, rankings, only={4})
    assert "при 1 повышении за круг" in reason(four, table, "ru")
    assert "(1 фишка)" in title(four, table, "ru")
    ends = dataclasses.replace(four, number=7, holds=True)       # how property 7 words the bound it proved
    for bound, words in ((24, "24 действия"), (21, "21 действие"), (25, "25 действий")):
        assert f"через {words}" in reason(dataclasses.replace(ends, figures={"round_bound": bound}), table, "ru")


@pytest.mark.parametrize("cards, system, name", [
    ("6c 4h 3s 2d Ac", "ace-to-six", "шестёрка-четвёрка"),
    ("Kh 9d 7c 4s 2h", "ace-to-six", "король-девятка"),
    ("9s 9d 2d 2h Qc", "high", "две пары, девятки и двойки"),
    ("3c 3d 3s 7h 7c", "high", "фулл-хаус из троек и семёрок"),
    ("Kc Kd Ks 7h 2c", "high", "три короля"),
    ("Ac Ad 8h 7s 6c", "ace-to-six", "пара тузов"),
    ("5s 4d 3c 2h Ad", "ace-to-six", "стрит до пятёрки"),
    ("Ah Kh 8h 5h 3h", "high", "флеш от туза"),
])
def test_hands_have_the_names_russian_players_give_them(cards, system, name):
    assert hand_name(parse_cards(cards), system, "ru") == name


def test_an_explanation_says_every_hand_of_a_category_beats_every_hand_of_another():
    text = explain("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-six", lang="ru")
    assert "любая рука без пары бьёт любой стрит (H2)" in text and "категория" not in text


def test_a_split_in_russian_writes_cards_with_their_suits():
    text = explain_split({"Лена": "Ah 2h 3d 4c 9h Kh 7h", "Миша": "As Ks Qd Qc 9s 8s 2s"}, "high", "eight-or-better",
                         "ru")
    assert "A♥ 2♥ 9♥ K♥ 7♥" in text and not re.search(r"\b[2-9TJQKA][cdhs]\b", text)
    assert "пяти разных карт не старше восьмёрки" in text
