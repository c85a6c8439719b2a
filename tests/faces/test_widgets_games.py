"""Notebooks 9-11's panels (``lowball.widgets``: ``steps``, ``many_draws``, ``joker_odds``, ``split_pot``), driven as a
reader would: clicking, typing, switching.

``Button.click()`` runs the same callbacks a browser click does; tests/faces/test_browser_games.py drives
the same panels in Voilà. The last tests read notebooks 9-11 as documents: their links, their
numbers, their Russian summaries and their charts.

Clauses exercised: K1, K3, K5, K8, K9, G1, G2, P1, P3 (notebook 9); F1, F2, F4, F5, F6, F7, F8
(notebook 10); L1, L2, L3, L4, L6, L8, R1, R2, R3 (notebook 11).
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path

import ipywidgets as w
import pytest

from tests.support.browser import english_words
from lowball.analysis.draws import many_draw_odds
from lowball.core.cards import parse_cards
from lowball.errors import IllegalAction
from lowball.ranking import best_five, best_low_five
from lowball.widgets.charts import bars_chart, png
from lowball.widgets.joker_odds import JokerPanel, joker_chart
from lowball.widgets.many_draws import ManyDrawPanel, draws_chart
from lowball.widgets.refusals import refusal_text
from lowball.widgets.split_pot import SplitPanel, lows_chart
from lowball.widgets.steps import GameSteps, TableChoice
from tests.support.notebooks import LEGACY_LINKS, LINK, RULES_LINK, cells, output_texts
from tests.support.notebooks import docs_anchors as anchors
from tests.support.notebooks import markdown as prose
from tests.support.widgets import TAGS, texts

CLAUSE = re.compile(r"\(([A-Z]\d{1,2})(?:, [A-Z]\d{1,2})*\)$")


def shown(widget: w.HTML) -> str:
    """Return the text of an HTML widget as a reader sees it, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(TAGS.sub(" ", widget.value))).strip()


def story(panel: GameSteps) -> list[str]:
    """Return the narration lines the panel shows."""
    return [html.unescape(TAGS.sub("", item)) for item in re.findall(r"<li[^>]*>.*?</li>", panel.story.value)]


def assert_russian(panel: w.Widget) -> None:
    """Fail if anything the panel shows is an English word (cards, clause ids and 'English' aside)."""
    seen = " | ".join(texts(panel))
    assert re.search("[а-яё]", seen), "no Russian on the panel at all"
    left = english_words(seen)
    assert not left, f"English left in the Russian panel: {sorted(set(left))}\n{seen[:3000]}"


def press_to_the_end(panel: GameSteps, most: int = 200) -> int:
    """Press "Next step" until the button is disabled; return the number of presses."""
    for presses in range(most):
        if panel.step.disabled:
            return presses
        panel.step.click()
    raise AssertionError(f"still going after {most} presses")


# ---- notebook 9: deuce-to-seven triple draw ----

HANDS = ["8♦ 6♣ 4♥ 3♠ K♣", "8♠ 6♥ 4♦ J♣ 10♦", "7♣ 5♦ 3♥ 2♠ Q♦"]
THEN = "9♥ Q♥ 5♥ 2♦ K♠ 10♣ 7♦ 8♣ J♥ 4♠"
DECISIONS = ["p3 cbr 4", "p1 cc", "p2 cc", "p1 sd Kc", "p2 sd JcTd", "p3 sd Qd", "p1 cc", "p2 cbr 2", "p3 cc", "p1 cc",
             "p1 sd Qh", "p2 sd", "p3 sd Ks", "p1 cc", "p2 cbr 4", "p3 cc", "p1 f", "p2 sd", "p3 sd 8c",
             "p2 cbr 4", "p3 cbr 8", "p2 cc"]
TABLES = [TableChoice("deuce-to-seven-triple-draw", "card-room rules", "правила карточных клубов"),
          TableChoice("deuce-to-seven-triple-draw-phh", "PHH F2L3D, as pokerkit plays it", "стандарт PHH (F2L3D)")]
NAMES = ["Lena", "Misha", "Olga"]


def triple_draw(**kwargs) -> GameSteps:
    return GameSteps(HANDS, DECISIONS, TABLES, names=NAMES, then=THEN, **kwargs)


def test_game_steps_plays_the_triple_draw_hand_one_step_a_press():
    """K3, K5, K8: blinds, four rounds and three draws; Olga's 7-5-4-3-2 wins the pot of 42 (K1)."""
    panel = triple_draw()
    assert story(panel) == ["Lena posts the small blind of 1 (K3)", "Misha posts the big blind of 2 (K3)"]
    assert "pot 3" in shown(panel.status) and "dealer Olga" in shown(panel.status)
    panel.step.click()
    assert story(panel)[-1].startswith("Lena is dealt 5 cards") and "lowball-last" in panel.story.value
    presses = press_to_the_end(panel)
    lines = story(panel)
    assert presses > len(DECISIONS) and panel.hand.result.changes == (-6, -18, 24)
    assert "Olga wins the pot of 42 with the lowest hand (K1)" in lines
    assert "Olga raises to 8: the first raise; there is no cap now (G2)" in lines          # G2: heads-up, no cap
    assert all(CLAUSE.search(line) for line in lines if " shows " not in line), lines
    assert "The hand is over." in shown(panel.status) and "result +24" in shown(panel.seats)
    assert "(folded)" in shown(panel.seats)                                              # Lena folded on round 3
    assert "lowball-card-down" not in panel.seats.value                                  # a draw game: all down, none apart
    panel.restart.click()
    assert len(story(panel)) == 2 and not panel.step.disabled and panel.hand.phase != "over"


def test_game_steps_shows_every_players_cards_as_the_draws_change_them():
    panel = triple_draw()
    for _ in range(20):
        panel.step.click()
    seats = shown(panel.seats)
    assert "Misha 8♠ 6♥ 4♦ 5♥ 2♦" in seats                                               # K8: his two new cards


def test_game_steps_switches_table_and_replays_at_the_phh_table():
    """P3: at the PHH table everyone discards before anyone is served; the same decisions give the same result."""
    panel = triple_draw()
    for _ in range(10):
        panel.step.click()
    panel.table_choice.index = 1
    assert len(story(panel)) == 2, "switching the table starts the hand again"
    press_to_the_end(panel)
    lines = story(panel)
    first = lines.index("Lena discards 1: K♣ (K8)")
    assert lines[first + 1] == "Misha discards 2: J♣ 10♦ (K8)" and lines[first + 3].startswith("Lena receives")
    assert panel.hand.result.changes == (-6, -18, 24)
    assert panel.hand.table.name == "deuce-to-seven-triple-draw-phh"


def test_game_steps_stops_at_a_refused_action_and_says_why():
    """G1 against P1: the fourth raise before the first draw is capped at the card rooms and legal in PHH."""
    panel = GameSteps(HANDS, ["p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10", "p1 cc", "p2 cc"], TABLES,
                      names=NAMES, quiet=True)
    press_to_the_end(panel)
    refusal = shown(panel.refusal)
    assert "Olga may not raise to 10" in refusal and "a bet and 3 raises (G1)" in refusal, refusal
    assert panel.step.disabled and panel.hand.phase != "over"
    panel.lang.value = "ru"
    assert "Оля не может повысить до 10" in shown(panel.refusal) and "(G1)" in shown(panel.refusal)
    assert_russian(panel)
    panel.table_choice.index = 1                                                         # P1: four raises
    press_to_the_end(panel)
    assert panel.refusal.value == "" and panel.hand.phase == "over"
    assert sum(panel.hand.result.changes) == 0


@pytest.mark.parametrize("table", [0, 1])
def test_game_steps_in_russian_has_no_english_left(table):
    panel = triple_draw()
    panel.lang.value = "ru"
    panel.table_choice.index = table
    assert_russian(panel)
    press_to_the_end(panel)
    assert "Оля забирает банк 42: самая младшая рука (K1)" in story(panel)
    assert "итог +24" in shown(panel.seats) and "Раздача окончена." in shown(panel.status)
    assert "банк 0" in shown(panel.status) and "стеки Лена 94, Миша 82, Оля 124" in shown(panel.status)
    assert_russian(panel)
    panel.lang.value = "en"
    assert "Olga wins the pot of 42 with the lowest hand (K1)" in story(panel)


def test_a_single_table_hides_the_table_switch():
    panel = GameSteps(HANDS, DECISIONS, "deuce-to-seven-triple-draw", then=THEN)
    assert panel.table_choice.layout.display == "none" and panel.names == NAMES
    press_to_the_end(panel)
    assert panel.hand.result.changes == (-6, -18, 24)


def test_many_draw_panel_shows_the_textbook_odds_over_three_draws():
    """K2, K8: 7-5-3-2 drawing one, 8/47 in one draw and 1 - 39x38x37/(47x46x45) in three."""
    panel = ManyDrawPanel("7♣ 5♦ 3♥ 2♠ Q♦", "Q♦")
    three = float(1 - Fraction(39 * 38 * 37, 47 * 46 * 45))
    table = shown(panel.result)
    assert "seven-low or better 17.0% 31.5% 43.6%" in table and f"{three:.1%}" == "43.6%"
    assert "within 3 draws" in table and "within 1 draw " in table
    assert panel.chart.value.startswith("<img") and "image/png;base64," in panel.chart.value
    panel.discard.value = ""                            # standing pat is no draw: what the hand is, and no odds
    assert panel.result.value == "" and "stands pat" in shown(panel.error) and "queen-seven" in shown(panel.error)


def test_many_draw_panel_follows_the_system_and_reports_bad_input():
    panel = ManyDrawPanel("7♣ 6♦ 5♥ 4♠ K♣", "K♣")
    assert shown(panel.result).startswith("kind of hand")
    two_seven = many_draw_odds("7♣ 6♦ 5♥ 4♠ K♣", "K♣", "deuce-to-seven", draws=3).chance("seven")
    assert f"{float(two_seven):.1%}" in shown(panel.result)
    panel.system.value = "ace-to-five"                                                   # F1: no straights now
    five = many_draw_odds("7♣ 6♦ 5♥ 4♠ K♣", "K♣", "ace-to-five", draws=3).chance("seven")
    assert five > two_seven and f"{float(five):.1%}" in shown(panel.result)
    panel.discard.value = "Q♣"
    assert "cannot discard" in shown(panel.error) and panel.result.value == "" and panel.chart.value == ""
    panel.lang.value = "ru"
    assert "нельзя поменять" in shown(panel.error)
    panel.system.value = "deuce-to-seven"
    panel.discard.value = "7♣ 6♦ 5♥ 4♠ K♣"                       # too long to count exactly where flushes count
    assert "оставьте хотя бы одну карту" in shown(panel.error)
    panel.lang.value = "en"
    assert "keep a card" in shown(panel.error)


def test_many_draw_panel_in_russian_has_no_english_left():
    panel = ManyDrawPanel()
    panel.lang.value = "ru"
    assert "семёрка или лучше" in shown(panel.result) and "за 3 обмена" in shown(panel.result)
    assert_russian(panel)


# ---- notebook 10: California lowball ----

def test_joker_panel_adds_one_out_for_the_wheel():
    """F2, F8: A-2-3-4 drawing one makes a wheel with 4 of 47 cards, and with 5 of 48 when the joker is in the deck."""
    panel = JokerPanel()
    table = shown(panel.result)
    assert "five-low or better 4/47 (8.5%) 5/48 (10.4%)" in table, table
    assert panel.chart.value.startswith("<img")
    panel.hand.value = "A♣ 2♦ 3♥ Jk K♣"                                                  # the joker is already held
    assert "53-card deck only (F8)" in shown(panel.error)
    assert "52 cards" not in shown(panel.result) and "five-low or better" in shown(panel.result)
    panel.hand.value = "A♣ 2♦ 3♥ 4x K♣"
    assert "4x" in shown(panel.error) and panel.result.value == ""


def test_joker_panel_in_russian_has_no_english_left():
    panel = JokerPanel()
    panel.lang.value = "ru"
    assert "4/47 (8,5\u202f%)" in panel.result.value and "53 карты с джокером" in shown(panel.result)
    assert_russian(panel)


SEVENS_TABLES = [
    TableChoice("california-lowball", "no sevens rule", "без правила семёрок"),
    TableChoice("california-lowball-sevens-rule", "seed 004", "источник 004"),
    TableChoice("california-lowball-sevens-rule", "Robert's Rules", "правила Роберта", {"showdown.sevens_rule": "rrp"}),
    TableChoice("california-lowball-sevens-rule", "whole pot", "весь банк", {"showdown.sevens_rule": "whole-pot"}),
]
SEVENS = ["p2 cbr 2", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cbr 4", "p1 cc"]


@pytest.mark.parametrize("index, changes", [(0, (6, -6)), (1, (2, -2)), (2, (-2, 2)), (3, (-6, 6))])
def test_the_sevens_rule_panel_gives_each_settings_result(index, changes):
    """F7: the hand of tests/tables/test_california.py, in each of the four settings, with its results worked by hand there."""
    panel = GameSteps(["7♣ 5♦ 4♥ 2♠ A♣", "8♦ 6♥ 4♣ 3♠ 2♦"], SEVENS, SEVENS_TABLES, names=["Lena", "Misha"],
                      stacks=[40, 40])
    panel.table_choice.index = index
    press_to_the_end(panel)
    assert panel.hand.result.changes == changes
    assert ("the sevens rule" in " ".join(story(panel))) == (index > 0)
    panel.lang.value = "ru"
    assert_russian(panel)


def test_pass_and_out_and_no_check_raise_are_refused_in_both_languages():
    """F5: no check before the draw; F6: a player who checked may not raise."""
    for script, english, russian in [
        (["p2 cc"], "must bet or drop", "до обмена нужно ставить или выходить"),
        (["p2 cbr 2", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cbr 4", "p1 cbr 8"], "may only call",
         "после чека в этом круге можно только уравнять"),
    ]:
        panel = GameSteps(["7♣ 5♦ 4♥ 2♠ A♣", "8♦ 6♥ 4♣ 3♠ 2♦"], script, "california-lowball", names=["Lena", "Misha"])
        press_to_the_end(panel)
        assert english in shown(panel.refusal)
        panel.lang.value = "ru"
        assert russian in shown(panel.refusal)
        assert_russian(panel)


def test_refusal_text_words_the_engines_rule_in_russian_and_keeps_the_clause():
    """The engine names the rule as data; the panel words that very rule in Russian (the out-of-turn refusal used to
    fall through to a generic line), and an error with no rule named still says something Russian, with its clause."""
    from lowball.engine.state import Hand

    hand = Hand([13, 13]); hand.advance()
    for action, russian in [("p2 cc", "не в свою очередь: ходит игрок 1, а не игрок 2 (B1)"),
                            ("p1 f", "без ставки можно сказать «чек» или поставить, но не пасовать (B1)"),
                            ("p1 cbr 3", "в этом круге ставят только до 1 (T3: в первом круге ставка равна 1)")]:
        with pytest.raises(IllegalAction) as caught:
            hand.apply(action)
        assert refusal_text(caught.value, "ru") == russian
        assert refusal_text(caught.value) == caught.value.reason and caught.value.reason in str(caught.value)
    odd = IllegalAction("p1 xx: something new (Z9)")
    assert refusal_text(odd, "ru") == "правила стола не разрешают этот ход (Z9)"
    assert refusal_text(odd) == "p1 xx: something new (Z9)"


# ---- notebook 11: stud high-low and razz ----

SEVENS_OF_FOUR = ["A♥ 4♣ K♥ A♣ 8♥ 5♥ 3♥", "9♠ 9♦ 2♦ 2♥ Q♣ J♦ 10♠", "6♦ 7♣ 2♣ 3♠ 4♦ K♣ 8♣", "Q♥ J♠ K♠ 7♦ 10♥ 6♠ 5♣"]
FOUR = ["Lena", "Misha", "Olga", "Pasha"]
STUD_TABLES = [TableChoice("stud-high-low", "stud high-low", "стад хай-лоу"), TableChoice("razz", "razz", "разз")]


def test_stud_steps_deal_street_by_street_and_bring_in_by_suit():
    """L3, L4: 2♣ brings it in against 2♦ (clubs lowest); L6: Misha's pair of deuces acts first; L2: the split."""
    panel = GameSteps(SEVENS_OF_FOUR, [], STUD_TABLES, names=FOUR, stacks=[50] * 4, quiet=True)
    press_to_the_end(panel)
    lines = story(panel)
    assert "Olga brings it in for 1 (L4)" in lines
    assert "the second betting round begins; Misha acts first (L6)" in lines
    assert "Lena wins 4, the high half of the pot, with the highest hand (L2)" in lines
    assert "Olga wins 4, the low half of the pot, with the lowest hand (L2)" in lines
    assert panel.seats.value.count("lowball-card-down") == 3 * 4                            # two down, one down on 7th
    assert "Lena is dealt 2 cards face down and 1 face up: K♥ (L3)" in lines
    panel.table_choice.index = 1                                                          # R1-R3: razz
    press_to_the_end(panel)
    lines = story(panel)
    assert "Pasha brings it in for 1 (R2)" in lines                                       # K♠ over K♥
    assert "the second betting round begins; Olga acts first (R3)" in lines
    assert "Olga wins the pot of 8 with the lowest hand (R1)" in lines
    panel.lang.value = "ru"
    assert_russian(panel)


def test_eight_stud_players_get_a_community_card():
    """L8: 8 x 7 = 56 cards; the last street is one card face up for everyone, shown beside the seats."""
    hands = [" ".join(cards) for cards in zip(*[iter(str(c) for c in parse_cards(
        "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s "
        "8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks"))] * 6)]
    panel = GameSteps(hands, [], "stud-high-low", stacks=[50] * 8, quiet=True)
    press_to_the_end(panel)
    assert any("dealt face up for everyone" in line for line in story(panel))
    assert "community card" in shown(panel.seats)
    panel.lang.value = "ru"
    assert "общая карта" in shown(panel.seats)
    assert_russian(panel)


def test_split_panel_marks_the_high_five_the_low_five_and_the_cards_in_both():
    """L1: Lena's A♥ 2♥ 7♥ play in her flush and in her seven-low; Misha's spade flush wins the high (L2)."""
    panel = SplitPanel()
    assert panel.marks.value.count("lowball-card-both") == 3
    assert panel.marks.value.count("lowball-card-high") == 2 + 5
    assert panel.marks.value.count("lowball-card-low") == 2
    assert "lowball-swatch-both" in panel.marks.value and "in both" in shown(panel.marks)
    why = shown(panel.why)
    assert "Misha wins the high half; Lena wins the low half (L2)." in why
    assert "A♥ 2♥ 7♥ play in both (L1)" in why


def test_split_panel_deals_seven_new_cards_each_and_explains_them():
    panel = SplitPanel()
    before = [box.value for box in panel.fields]
    panel.deal.click()
    after = [box.value for box in panel.fields]
    assert after != before
    cards = [parse_cards(value) for value in after]
    assert all(len(held) == 7 for held in cards) and not set(cards[0]) & set(cards[1])
    assert panel.error.value == "" and "(L2)" in shown(panel.why)
    for held, row in zip(cards, re.findall(r"<tr class='lowball-split-row'>.*?</tr>", panel.marks.value)):
        high, low = set(best_five(held, "high")), set(best_low_five(held) or ())
        assert row.count("lowball-card-both") == len(high & low)


def test_split_panel_refuses_a_shared_card_or_a_short_hand():
    panel = SplitPanel()
    panel.fields[1].value = "A♥ K♠ Q♦ Q♣ 9♠ 8♠ 2♠"
    assert "A♥ is dealt to two players" in shown(panel.error) and panel.why.value == ""
    panel.lang.value = "ru"
    assert "A♥ сдана двум игрокам" in shown(panel.error)
    panel.fields[1].value = "K♠ Q♦ Q♣ 9♠ 8♠ 2♠"
    assert "Миша: 6 карт" in shown(panel.error)
    panel.fields[1].value = "K♠ Q♦ Q♣ 9♠ 8x 2♠ 3♠"
    assert "8x" in shown(panel.error) and re.search("[а-я]", shown(panel.error))
    panel.fields[1].value = "A♠ K♠ Q♦ Q♣ 9♠ 8♠ 2♠"
    assert panel.error.value == "" and "Старшую половину банка забирает Миша" in shown(panel.why)


def test_split_panel_in_russian_has_no_english_left():
    panel = SplitPanel()
    panel.lang.value = "ru"
    assert "Лена" in shown(panel.why) and "играют в обеих" in shown(panel.why)
    assert_russian(panel)
    panel.deal.click()
    assert_russian(panel)


# ---- charts ----

def test_every_chart_of_the_game_notebooks_is_a_png_image():
    from lowball.analysis.census import census
    from lowball.analysis.odds import draw_odds

    odds = [many_draw_odds("7♣ 5♦ 3♥ 2♠ Q♦", "Q♦", "deuce-to-seven", draws=n) for n in (1, 2, 3)]
    figures = [bars_chart(["a", "b"], {"x": [0.01, 0.02], "y": [0.0, 0.015]}, "ru"),
               draws_chart(odds, "ru"),
               joker_chart(draw_odds("A♣ 2♦ 3♥ 4♠ K♣", "K♣", "ace-to-five"),
                           draw_odds("A♣ 2♦ 3♥ 4♠ K♣", "K♣", "ace-to-five", deck=53)),
               lows_chart(census("ace-to-five", cards=7), "ru")]
    for figure in figures:
        assert png(figure).startswith(b"\x89PNG\r\n\x1a\n")


def test_small_chances_get_a_scale_a_reader_can_see():
    figure = bars_chart(["a"], {"x": [0.02]})
    assert figure.axes[0].get_ylim()[1] == pytest.approx(0.026)
    assert bars_chart(["a"], {"x": [0.5]}).axes[0].get_ylim()[1] == pytest.approx(1.12)


# ---- notebooks 9-11 as documents ----

ROOT = Path(__file__).resolve().parents[2]
GAME_NOTEBOOKS = sorted(path for path in (ROOT / "notebooks").glob("*.ipynb") if path.name[:2] in ("09", "10", "11"))
CLAUSE_ID = re.compile(r"\b[A-Z]\d{1,2}\b")
NOT_A_CLAIM = [
    r"`[^`]*`", r"\]\([^)]*\)", r"\b(?:10|[2-9TJQKA])(?:-(?:10|[2-9TJQKA]))+\b", r"(?:10|[2-9TJQKA])[♣♦♥♠]",
    r"\b[A-Z]\d{1,2}\b", r"(?i)(?:\bseeds?|источник[а-я]*) \d{3}(?:-\d{3})?",
    r"\b(?:notebooks?|property|properties) \d+(?:, \d+)*(?: and \d+)?",
]
NUMBER = re.compile(r"\b\d{1,3}(?:,\d{3})+\b|\b\d+\b")


def printed(path: Path) -> str:
    """Return everything the notebook's saved outputs print, as one text."""
    return " ".join(output_texts(path))


def ids(paths):
    return [p.stem[:2] for p in paths]


def test_there_are_three_game_notebooks():
    assert [p.stem for p in GAME_NOTEBOOKS] == ["09-deuce-to-seven-triple-draw", "10-california-lowball",
                                                "11-stud-high-low"]


@pytest.mark.parametrize("path", GAME_NOTEBOOKS, ids=ids(GAME_NOTEBOOKS))
def test_game_notebook_links_every_clause_it_cites_to_an_anchor_that_exists(path):
    """A clause link goes to the rules notebook (tests/faces/test_notebooks.py checks its cells); notebook 9 still links
    the docs pages themselves until it is converted (test_notebooks.LEGACY_LINKS)."""
    text = prose(path)
    if path.stem not in LEGACY_LINKS:
        linked = {cell for cell in RULES_LINK.findall(text) if re.fullmatch(r"[A-Z]\d{1,2}", cell)}
        every = set()
        for page in (ROOT / "docs" / "rules").glob("*.md"):
            every |= {a.upper() for a in anchors(page)}
        cited = {c for c in CLAUSE_ID.findall(re.sub(r"\]\([^)]*\)", "]", text)) if c in every}
        assert linked and cited <= linked, f"{path.name}: cited but never linked: {sorted(cited - linked)}"
        return
    links = LINK.findall(text)
    assert links
    for target, anchor in links:
        page = (path.parent / target).resolve()
        assert page.is_file(), f"{path.name}: {target} does not exist"
        if anchor:
            assert anchor == anchor.lower() and anchor in anchors(page), f"{path.name}: {target}#{anchor}"
    linked = {anchor.upper() for _, anchor in links if anchor}
    every = set()
    for page in (ROOT / "docs" / "rules").glob("*.md"):
        every |= {a.upper() for a in anchors(page)}
    cited = {c for c in CLAUSE_ID.findall(re.sub(r"\]\([^)]*\)", "]", text)) if c in every}
    assert cited <= linked, f"{path.name}: cited but never linked: {sorted(cited - linked)}"


@pytest.mark.parametrize("path", GAME_NOTEBOOKS, ids=ids(GAME_NOTEBOOKS))
def test_game_notebook_prints_every_number_its_prose_states(path):
    text = prose(path)
    for pattern in NOT_A_CLAIM:
        text = re.sub(pattern, " ", text)
    out = printed(path)
    plain = out.replace(",", "")
    missing = sorted({n for n in NUMBER.findall(text) if len(n) > 1 and n not in out and n.replace(",", "") not in plain})
    assert not missing, f"{path.name}: numbers in the prose that no cell prints: {missing}"


@pytest.mark.parametrize("path", GAME_NOTEBOOKS, ids=ids(GAME_NOTEBOOKS))
def test_game_notebook_is_an_essay_with_russian_summaries_charts_and_panels(path):
    text = prose(path)
    assert len(text) >= 12_000, f"{path.name}: {len(text)} characters of prose"
    sections = len(re.findall(r"^#{1,3} ", text, re.M))
    assert text.count("**Кратко.**") >= sections, f"{path.name}: a section without its Russian summary"
    sources = [("".join(c["source"]), c.get("outputs", [])) for c in cells(path) if c["cell_type"] == "code"]
    assert any("from lowball.widgets.steps import GameSteps" in source for source, _ in sources)
    assert any("image/png" in out.get("data", {}) for _, outs in sources for out in outs), "no chart image"
    assert "live panel" in printed(path) and "<Figure" not in printed(path)
    assert all("plt." not in source and "pyplot" not in source for source, _ in sources)
