"""The defects a reader met in the notebooks, each pinned where Python can see it.

The browser-only ones (clause links under Voilà and JupyterLab, the answers that open, the docs site's frozen
panels and its console) are in tests/faces/test_browser.py; the Russian words in tests/faces/test_russian.py.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from lowball.core.cards import parse_cards
from lowball.engine.state import Hand, deck_for
from lowball.core.games import load_game_table
from lowball.text.narration import narrate
from lowball.text.quiz import Quiz
from lowball.verify import load_for_verify, verify
from lowball.verify.ranking import worked_cases
from lowball.widgets import ProofPanel, RankingPanel, StepThrough
from lowball.widgets.charts import census_chart
from lowball.widgets.language import edition, language_switch
from lowball.analysis.census import census
from tests.support.widgets import shown

CYRILLIC = re.compile("[а-яё]", re.I)


def test_every_seed_case_is_a_pair_of_hands_from_one_deck():
    """Item 5: the F1 case once put 3♥ in both hands, and the panel refused the seeds' own case (T1)."""
    for case in worked_cases()["case"]:
        better, worse = parse_cards(case["better"]), parse_cards(case["worse"])
        assert not set(better) & set(worse), f"{case['id']}: {case['better']} and {case['worse']} share a card"


def test_picking_seed_cases_one_after_another_shows_each_verdict():
    """Item 5: two cases with the same hand B (K1) used to leave the first case's verdict on screen."""
    panel = RankingPanel()
    k1 = [key for key, (en, _, _, worse) in panel.cases.items() if key.startswith("K1") and worse == "7♦ 6♥ 5♠ 4♣ 2♦"]
    assert len(k1) == 2
    for key in k1:
        panel.examples.value = key
        better = panel.cases[key][2]
        assert panel.error.value == ""
        assert panel.hand_a.value == better
        assert "-".join(c.rank_char for c in sorted(parse_cards(better), key=lambda c: -c.rank)) in shown(panel.result)


def test_the_quiz_asks_a_missed_question_again_only_within_the_readers_settings():
    """Item 8: a question missed at one level, system and kind comes back only when the settings allow it."""
    quiz = Quiz(seed=4, kind="which-wins", system="ace-to-six")
    q = quiz.next()
    quiz.answer(-q.answer if q.answer else 1)
    assert quiz.to_practise == 1
    quiz.system, quiz.kind = "ace-to-five", "which-wins"
    asked = [quiz.next() for _ in range(8)]
    assert all(a.system == "ace-to-five" for a in asked) and not any(quiz.again for _ in [0])
    assert quiz.to_practise == 1
    quiz.system = "ace-to-six"
    again = [quiz.next() for _ in range(2)]
    assert any(a.system == "ace-to-six" and a.theme == q.theme for a in again) and quiz.to_practise == 0


def test_the_step_through_shows_the_cards_as_they_are_dealt():
    """Item 10: notebook 1's step-through never showed the cards."""
    panel = StepThrough(["6♣ 4♥ 3♠ 2♦ A♣", "5♠ 4♦ 3♣ 2♥ A♦"], ["p1 cbr 1", "p2 cc"], names=["Lena", "Misha"])
    assert "♣" not in shown(panel.seats)
    while "A♦" not in shown(panel.seats):
        panel.next_step()
    seats = " ".join(shown(panel.seats).replace("\xa0", " ").split())
    assert "Lena 6♣ 4♥ 3♠ 2♦ A♣" in seats and "Misha 5♠ 4♦ 3♣ 2♥ A♦" in seats


def test_a_final_round_call_cites_the_final_rounds_clause():
    """Item 10: every call cited B1, the first round's clause, even in the final round (B2)."""
    hand = Hand([13, 13], deck=deck_for(["6♣ 4♥ 3♠ 2♦ A♣", "5♠ 4♦ 3♣ 2♥ A♦"]), names=["Lena", "Misha"])
    hand.advance()
    for action in ["p1 cbr 1", "p2 cc", "p1 sd", "p2 sd", "p1 cbr 2", "p2 cc"]:
        hand.apply(action)
        hand.advance()
    lines = narrate(hand)
    assert "Misha calls 1 (B1)" in lines and "Misha calls 2 (B2)" in lines


def test_the_proofs_panel_takes_the_verdicts_already_proved():
    """Item 12: notebook 7's panel ran Z3 again while the page loaded; now it shows the notebook's own verdicts."""
    table, rankings = load_for_verify()
    (deck,) = verify(table, rankings, only={5})               # the quick one; the other two as if proved with it
    checks = [dataclasses.replace(deck, number=4), deck, dataclasses.replace(deck, number=7)]
    panel = ProofPanel(checks)
    assert panel.checks == list(checks) and all(a is b for a, b in zip(panel.checks, checks))
    assert "proved" in shown(panel.result) and "REFUTED" not in shown(panel.result)


def test_the_edition_chooses_the_panels_and_the_charts_language(tmp_path, monkeypatch):
    """Item 14 and the Russian edition: a notebook run in notebooks/ru/ opens its panels and charts in Russian."""
    monkeypatch.delenv("LOWBALL_LANG", raising=False)
    russian = tmp_path / "ru"
    russian.mkdir()
    monkeypatch.chdir(russian)
    assert edition() == "ru" and language_switch().value == "ru"
    counted = census("ace-to-five")
    chart = census_chart({"ace-to-six": counted, "ace-to-five": counted})
    labels = [t.get_text() for t in chart.axes[0].get_yticklabels()] + [chart.axes[1].get_title()]
    assert labels and all(CYRILLIC.search(text) for text in labels)
    monkeypatch.chdir(tmp_path)
    assert edition() == "en" and language_switch().value == "en"
    monkeypatch.setenv("LOWBALL_LANG", "ru")
    assert edition() == "ru"


def test_a_stud_street_says_what_is_dealt_down_and_what_up():
    """Item 7: "dealt 3 cards, face up: K♥" (two were down), "dealt 1 card, one at a time" on seventh street."""
    from lowball.widgets.steps import stud_deck

    table = load_game_table("stud-high-low")
    hands = ["A♥ 4♣ K♥ A♣ 8♥ 5♥ 3♥", "9♠ 9♦ 2♦ 2♥ Q♣ J♦ 10♠"]
    hand = Hand([50, 50], table=table, deck=stud_deck(hands, table), names=["Lena", "Misha"])
    hand.advance()
    while hand.result is None:
        hand.apply(next((a for a in hand.legal_actions() if a.kind in ("pb", "cc")), hand.legal_actions()[0]))
    en, ru = narrate(hand), narrate(hand, "ru", names={"Lena": "Лена", "Misha": "Миша"})
    assert "Lena is dealt 2 cards face down and 1 face up: Kh (L3)" in en
    assert "Lena is dealt 1 card face up: Ac (L3)" in en and "Lena is dealt 1 card face down (L3)" in en
    assert "Лена получает 2 карты в закрытую и 1 в открытую: K♥ (L3)" in ru
    assert "Лена получает 1 карту в закрытую (L3)" in ru
    assert not [line for line in en + ru if "one at a time" in line or "по одной" in line]


@pytest.mark.parametrize("rule", ["rrp", "whole-pot"])
def test_the_sevens_rule_gives_the_chips_to_the_best_other_hand_and_says_so(rule):
    """Item 3: Misha "won the pot with the lowest hand (F1)" that Lena held; he wins as the best other hand (F7)."""
    table = load_game_table("california-lowball-sevens-rule", overrides={"showdown.sevens_rule": rule})
    hand = Hand([40, 40], table=table, deck=deck_for(["7♣ 5♦ 4♥ 2♠ A♣", "8♦ 6♥ 4♣ 3♠ 2♦"], cards=53),
                names=["Lena", "Misha"])
    hand.advance()
    for action in ["p2 cbr 2", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cbr 4", "p1 cc"]:
        hand.apply(action)
        hand.advance()
    en, ru = narrate(hand), narrate(hand, "ru", names={"Lena": "Лена", "Misha": "Миша"})
    misha = [line for line in en if line.startswith("Misha wins")]
    assert misha and all("as the best other hand (F7)" in line and "lowest" not in line for line in misha)
    assert not [line for line in ru if line.startswith("Миша") and "самая младшая" in line]
    assert any(line.startswith("Миша забирает") and "лучшая из остальных рук (F7)" in line for line in ru)


def test_a_shown_hand_that_wins_nothing_is_mucked_not_said_to_muck():
    """Item 6: "Misha shows 8-6-5-4-2 ... Misha mucks" at the PHH table (pokerkit mucks the losers after the show)."""
    table = load_game_table("deuce-to-seven-triple-draw-phh")
    hand = Hand([100, 100], table=table, deck=deck_for(["7♣ 5♦ 4♥ 3♠ 2♣", "8♦ 6♥ 5♠ 4♣ 2♦"], then="Kc Kd Kh Ks"),
                names=["Lena", "Misha"])
    hand.advance()
    while hand.result is None:
        legal = hand.legal_actions()
        hand.apply(next((a for a in legal if a.kind == "cc"), next((a for a in legal if a.kind == "sd" and not a.cards),
                                                                  legal[0])))
        hand.advance()
    en, ru = narrate(hand), narrate(hand, "ru", names={"Lena": "Лена", "Misha": "Миша"})
    assert "Misha shows 8-6-5-4-2: eight-six low" in en
    assert "Misha's hand can win nothing: it goes into the muck (K1)" in en
    assert not [line for line in en if "mucks and gives up" in line]
    assert not [line for line in ru if "не показывая" in line] and any("уходят в сброс" in line for line in ru)
