"""Notebook 5, draw decisions: its panel's advice, counts and chart, and what its lessons must (and must not) say.

A reader found the panel breaking the 2 of A-2-3-4-5 without saying that the 3, the 4 and the 5 tie with it
(8 of 47 each) or that breaking the 5 makes the better hands; a three-card draw printed as the reduced 32/1081;
the chart drawing "0%" where the table has a dash; advice left on screen under a new error; and a lesson calling
6-5-4-3-K a fine draw in ace-to-six, where a deuce or a seven makes a straight (H2).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lowball.analysis.odds import draw_odds
from lowball.ranking import rank_text
from lowball.widgets import DrawPanel
from lowball.widgets.charts import bar_label, odds_chart
from lowball.widgets.draws import DRAW_SYSTEMS, advise, cards_text, count_of, odds_table
from tests.support.widgets import assert_russian, shown

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "05-draw-decisions.ipynb"


# ---- the best discard: ties on the goal, and which tied discard makes the better hands ----

def test_the_wheel_ties_four_ways_and_breaking_the_five_makes_the_best_hand():
    advice = advise("A♣ 2♦ 3♥ 4♠ 5♣", "ace-to-six", "seven")
    assert [cards_text(t.odds.discard) for t in advice.tied] == ["5♣", "4♠", "3♥", "2♦"]
    assert {t.odds.count("seven") for t in advice.tied} == {8} and advice.best.draws == 47
    best = [t.hands[t.best_rank] for t in advice.tied]
    assert [rank_text(hand, "ace-to-six") for hand in best] == ["6-4-3-2-A", "6-5-3-2-A", "6-5-4-2-A", "6-5-4-3-A"]


def test_a_discard_without_a_tie_is_advised_alone():
    advice = advise("K♣ Q♦ 4♥ 3♠ 2♣", "ace-to-six", "seven")
    assert len(advice.tied) == 1 and cards_text(advice.best.discard) == "K♣ Q♦"


def test_the_panel_says_when_discards_tie_and_why_it_chose_one():
    panel = DrawPanel("A♣ 2♦ 3♥ 4♠ 5♣", "5♣")
    panel.best.click()
    text = shown(panel.advice)
    assert panel.discard.value == "5♣"
    assert "Throwing 4♠, 3♥ or 2♦ makes seven-low or better just as often (8 of 47 each)" in text
    assert "it makes 6-4-3-2-A in 4 of 47; throwing 4♠ never does" in text
    assert "6-5-4-3-A (4 of 47)" in text                      # the table of tied discards, with each best hand
    panel.lang.value = "ru"
    text = shown(panel.advice)
    assert "дают и сбросы 4♠, 3♥ и 2♦" in text and "6-4-3-2-A он даёт в 4 из 47, а сброс 4♠ — никогда" in text
    assert_russian(panel)


def test_the_panel_says_equal_discards_are_equal():
    panel = DrawPanel("8♣ 7♦ 7♥ 3♠ 2♣", "8♣")
    panel.best.click()
    assert "either will do" in shown(panel.advice) and "8♣ 7♥" in shown(panel.advice)


def test_deuce_to_seven_breaks_the_six_of_six_five_four_three_for_the_best_seven():
    panel = DrawPanel("6♣ 5♦ 4♥ 3♠ K♣", "K♣")
    panel.system.value = "deuce-to-seven"
    panel.best.click()
    assert panel.discard.value == "6♣ K♣"
    assert "it makes 7-5-4-3-2 in 16 of 1,081; throwing 5♦ K♣ never does" in shown(panel.advice)


# ---- counts, never reduced fractions ----

def test_counts_are_over_the_equally_likely_draws_unreduced():
    assert count_of(480, 16215) == "480 of 16,215" and count_of(480, 16215, "ru") == "480 из 16\u202f215"
    panel = DrawPanel("8♣ 7♦ 7♥ 3♠ 2♣", "8♣ 7♦ 2♣")
    assert "480 of 16,215 (3.0%)" in shown(panel.result) and "32/1081" not in panel.result.value
    assert "of the 16,215 equally likely ones: every set of 3 cards from the 47 unseen" in shown(panel.draws)
    panel.lang.value = "ru"
    assert "480 из 16\u202f215" in shown(panel.result) and "наборы из 3 карт среди 47 неизвестных" in shown(panel.draws)
    panel.discard.value = "8♣"
    assert "наборы из 1 карты" in shown(panel.draws)
    panel.discard.value = ""
    assert "1 из 1" in shown(panel.draws)


# ---- the chart agrees with the table ----

def test_bar_labels_read_as_the_table_does():
    assert (bar_label(None), bar_label(0.0), bar_label(0.004), bar_label(16 / 1081)) == ("—", "0%", "<1%", "1%")


@pytest.mark.parametrize("cards, discard", [("A♣ 2♦ 3♥ 4♠ K♣", "K♣"), ("6♣ 5♦ 4♥ 3♠ K♣", "6♣ K♣")])
def test_the_chart_has_a_dash_exactly_where_the_table_has_one(cards, discard):
    results = {s: draw_odds(cards, discard, s) for s in DRAW_SYSTEMS}
    rows = re.findall(r"<tr class='lowball-row'[^>]*>(.*?)</tr>", odds_table(results))
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row)[1:] for row in rows]
    labels = [t.get_text() for t in odds_chart(results, "en").axes[0].texts]
    by_bar = [labels[i * len(rows):(i + 1) * len(rows)] for i in range(len(DRAW_SYSTEMS))]   # system by system
    for k, row in enumerate(cells):
        for s, cell in enumerate(row):
            assert (cell == "—") == (by_bar[s][k] == "—"), (k, s, cell, by_bar[s][k])
            assert cell.startswith("0 of") == (by_bar[s][k] == "0%"), (k, s, cell, by_bar[s][k])


# ---- the panel's state: errors take the advice away; the language keeps the choices ----

def test_a_refused_input_takes_the_advice_away():
    panel = DrawPanel("A♣ 2♦ 3♥ 4♠ K♣", "K♣")
    panel.best.click()
    assert shown(panel.advice)
    panel.discard.value = "Q♦"
    assert "Qd" in shown(panel.error) and panel.advice.value == "" and panel.suggested is None
    panel.discard.value = "K♣"
    panel.best.click()
    panel.hand.value = "A♣ 2♦ 3♥ 4♠"
    assert shown(panel.error) and panel.advice.value == ""


def test_a_new_hand_or_goal_takes_the_advice_away():
    panel = DrawPanel("A♣ 2♦ 3♥ 4♠ K♣", "K♣")
    panel.best.click()
    panel.goal.value = "eight"
    assert panel.advice.value == ""
    panel.best.click()
    panel.hand.value = "A♣ 2♦ 3♥ 4♠ Q♣"
    assert panel.advice.value == ""


def test_a_language_switch_keeps_the_system_the_goal_and_the_advice():
    panel = DrawPanel("6♣ 5♦ 4♥ 3♠ K♣", "K♣")
    panel.system.value = "ace-to-five"
    panel.goal.value = "five"
    panel.best.click()
    panel.lang.value = "ru"
    assert (panel.system.value, panel.goal.value) == ("ace-to-five", "five")
    assert "пятёрка или лучше" in shown(panel.advice)
    assert_russian(panel)
    panel.lang.value = "en"
    assert (panel.system.value, panel.goal.value) == ("ace-to-five", "five")
    assert "five-low or better" in shown(panel.advice)


# ---- the notebook's lessons ----

def notebook_text() -> tuple[str, str]:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    prose = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    printed = " ".join("".join(o.get("text", "")) for c in cells if c["cell_type"] == "code" for o in c["outputs"])
    return prose, printed


def test_six_five_four_three_is_no_fine_draw_in_ace_to_six():
    prose, printed = notebook_text()
    assert "fine draw in ace-to-six" not in prose
    assert "In **ace-to-six it is a poor\ndraw**" in prose and "7-6-5-4-3, both straights" in prose
    assert re.search(r"ace-to-six +seven-low or better: 6-5-4-3-A +4 of 47;  straights: 6-5-4-3-2, 7-6-5-4-3 +8 of 47",
                     printed)


def test_no_chance_is_printed_as_a_reduced_count_of_draws():
    _, printed = notebook_text()
    assert "32/1081" not in printed and "480 of 16,215" in printed and "96 of 1,081" in printed


def test_the_new_lessons_are_there_with_their_numbers():
    prose, printed = notebook_text()
    for heading in ("## The equity a call needs: pot odds", "## What the number of cards drawn tells you",
                    "## Snowing: standing pat on nothing", "## Questions to take away"):
        assert heading in prose
    assert "*w* = *B* / (*P* + *B*)" in prose
    for number in ("needs 1/4 = 25.0%", "needs 1/3 = 33.3%", "10 of 42 (23.8%)", "11 of 42 (26.2%)",
                   "within 3 draws: 43.6%", "beats your 9-7-4-3-A 32.7%", "beats your 9-7-4-3-A 8.0%",
                   "misses 31 of 47 (66.0%)", "= 154/47 = 3.28 chips"):
        assert number in printed, number


def test_every_question_has_its_answer_hidden_until_asked():
    prose, _ = notebook_text()
    asks = prose.count("*Ask:*") + prose.count("Try:") + prose.count("## Questions to take away")
    assert asks == 3 and prose.count("<details><summary>Answer") == asks and prose.count("</details>") == asks


def test_the_russian_summaries_use_the_right_words():
    prose, _ = notebook_text()
    assert "**Кратко.**" in prose and "вытяжк" not in prose and "невиданн" not in prose
    assert "неизвестные карты" in prose
