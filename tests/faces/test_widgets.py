"""The notebook panels, driven as a reader would: typing, clicking, switching language, reading what they show.

Every behaviour of every panel is exercised here by clicking (``Button.click()``
runs the same callbacks a browser click does); tests/faces/test_browser.py checks the
same panels in a real browser.
"""

from __future__ import annotations

import html
import re

import ipywidgets as w
import pytest

from tests.support.browser import english_words
from lowball.ranking import compare
from lowball.widgets import DrawPanel, PlayPanel, ProofPanel, QuizPanel, RankingPanel, StepThrough, verdicts
from lowball.widgets.charts import census_chart, equity_chart, odds_chart, png
from lowball.widgets.language import NAMES_RU, number, percent
from tests.support.widgets import assert_russian, shown, texts  # noqa: F401


# ---- notebook 2: RankingPanel ----

def test_ranking_panel_shows_every_system_and_flags_disagreement():
    panel = RankingPanel()
    assert "The systems disagree" in panel.result.value      # E1: disagree on the wheel
    assert "ace-to-six (teaching table)" in panel.result.value and "ace-to-five" in panel.result.value
    panel.hand_a.value = "7c 5d 4h 3s 2c"
    panel.hand_b.value = "9c 8d 7h 6s 4c"
    assert "All systems agree" in panel.result.value


def test_ranking_panel_reports_bad_input_next_to_the_field_and_keeps_going():
    panel = RankingPanel()
    panel.hand_a.value = "6c 4x 3s 2d Ac"
    assert "unknown suit &#x27;x&#x27; in &#x27;4x&#x27;" in panel.error.value
    assert panel.result.value == ""
    panel.hand_a.value = "6c 4h 3s 2d Ac"
    assert panel.error.value == "" and "hand A wins" in panel.result.value


def test_ranking_panel_refuses_a_card_in_both_hands():
    panel = RankingPanel()
    panel.hand_b.value = "5♠ 4♥ 3♣ 2♥ A♦"                     # 4♥ is in hand A too
    assert "4♥ is in both hands" in shown(panel.error) and "(T1)" in shown(panel.error)
    assert panel.result.value == ""
    panel.lang.value = "ru"
    assert "4♥ есть в обеих руках" in shown(panel.error)


def test_ranking_panel_seed_examples_and_the_dropdown_follows_typing():
    panel = RankingPanel()
    e2 = next(key for key, (en, *_rest) in panel.cases.items() if en.startswith("E2"))
    panel.examples.value = e2
    assert panel.hand_b.value == "7♠ 5♠ 4♠ 3♠ A♠"
    assert panel.examples.value == e2                       # picking an example keeps it selected
    panel.hand_a.value = "8c 6h 4d 3c 2d"                     # typing makes the hands the reader's own
    assert panel.examples.value == ""
    assert panel.examples.label == "(your own hands)"
    panel.examples.value = e2                                 # and the example can be picked again
    assert panel.hand_a.value == "8♣ 6♥ 4♦ 3♣ A♦"


def test_ranking_panel_deals_ten_different_cards():
    panel = RankingPanel(seed=4)
    before = panel.hand_a.value, panel.hand_b.value
    panel.deal.click()
    after = panel.hand_a.value.split() + panel.hand_b.value.split()
    assert (panel.hand_a.value, panel.hand_b.value) != before and len(set(after)) == 10
    assert panel.error.value == "" and panel.examples.value == ""


def test_ranking_panel_in_russian_has_no_english_left():
    panel = RankingPanel()
    panel.lang.value = "ru"
    assert "выигрывает рука A" in panel.result.value and "от туза до пятёрки" in panel.result.value
    assert "(5\u202f854)" in shown(panel.result)               # the wheel's class, written the Russian way
    assert_russian(panel)
    panel.hand_a.value = "6c 4x 3s 2d Ac"
    assert "неизвестная масть «x» в «4x»" in shown(panel.error)
    assert_russian(panel)


def test_verdicts_follow_compare():
    rows = {r["system"]: r["winner"] for r in verdicts("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad")}
    assert rows == {"ace-to-six": "a", "ace-to-six-ace-low": "a", "deuce-to-seven": "b", "ace-to-five": "b"}


# ---- notebook 3: QuizPanel ----

def answer_right(panel: QuizPanel) -> None:
    """Answer the current question right, by clicking as a reader would."""
    q = panel.quiz.current
    if q.kind == "which-wins":
        css = {1: "a", -1: "b", 0: "tie"}[q.answer]
        next(b for b in panel.buttons.children if f"lowball-guess-{css}" in b._dom_classes).click()
    else:
        for index in q.answer:
            panel.picks[index].click()


def answer_wrong(panel: QuizPanel) -> None:
    q = panel.quiz.current
    if q.kind == "which-wins":
        css = {1: "b", -1: "a", 0: "a"}[q.answer]
        next(b for b in panel.buttons.children if f"lowball-guess-{css}" in b._dom_classes).click()
    else:
        for index in reversed(q.answer):
            panel.picks[index].click()


def test_quiz_scores_only_the_first_answer_and_explains():
    quiz = QuizPanel(seed=1, kind="which-wins")
    answer_right(quiz)
    assert "Right!" in quiz.feedback.value and "Score: 1 of 1" in quiz.score.value
    answer_wrong(quiz)
    assert "Not quite" in quiz.feedback.value and "Score: 1 of 1" in quiz.score.value
    quiz.next.click()
    assert quiz.feedback.value == ""
    answer_wrong(quiz)
    assert "Score: 1 of 2" in quiz.score.value


def test_quiz_wrong_answer_names_the_winning_hand_and_the_clause():
    quiz = QuizPanel(seed=5, kind="which-wins")
    for _ in range(30):
        if quiz.quiz.current.answer != 0:
            break
        quiz.next.click()
    q = quiz.quiz.current
    answer_wrong(quiz)
    text = shown(quiz.feedback)
    letter = "A" if q.answer == 1 else "B"
    assert f"hand {letter} wins" in text and re.search(r"\([A-Z]\d\)", text), text


def test_quiz_rank_question_is_clicked_best_to_worst():
    quiz = QuizPanel(seed=2, kind="rank")
    q = quiz.quiz.current
    assert q.kind == "rank" and len(quiz.buttons.children) == len(q.hands) + 1     # A-D and "Clear"
    quiz.picks[q.answer[0]].click()
    assert quiz.picks[q.answer[0]].disabled and "Your order:" in quiz.order_text.value
    quiz.clear.click()
    assert not quiz.picks[q.answer[0]].disabled
    answer_right(quiz)
    assert "Right!" in quiz.feedback.value and "Score: 1 of 1" in quiz.score.value
    quiz.next.click()
    answer_wrong(quiz)
    text = shown(quiz.feedback)
    assert "Not quite" in text and "comes before" in text and "Best to worst:" in text


def test_quiz_asks_a_missed_question_again_later_with_new_cards():
    quiz = QuizPanel(seed=3, kind="which-wins")
    missed = quiz.quiz.current
    answer_wrong(quiz)
    assert "to practise again: 1" in quiz.score.value
    again = None
    for _ in range(quiz.quiz.again_after + 1):
        quiz.next.click()
        if quiz.quiz.again:
            again = quiz.quiz.current
            break
        answer_right(quiz)
    assert again is not None, "the missed question never came back"
    assert (again.theme, again.system) == (missed.theme, missed.system) and again.hands != missed.hands
    assert "a question like one you missed" in shown(quiz.question)


def test_quiz_never_shows_the_answer_before_it_is_given():
    quiz = QuizPanel(seed=7)
    for _ in range(20):
        before = " ".join(texts(quiz))
        assert not re.search(r"Right!|Not quite|wins,|Best to worst", before)
        q = quiz.quiz.current
        if q.kind == "which-wins":
            assert "hand A wins" not in before and "they tie" not in before
        quiz.next.click()


def test_quiz_panel_settings_choose_the_system_and_the_kind():
    quiz = QuizPanel(seed=1)
    quiz.system.value = "deuce-to-seven"
    quiz.kind.value = "rank"
    for _ in range(5):
        assert quiz.quiz.current.system == "deuce-to-seven" and quiz.quiz.current.kind == "rank"
        quiz.next.click()
    quiz.level.value = "easy"
    quiz.kind.value = "which-wins"
    assert quiz.quiz.current.theme in ("two ordinary lows", "smooth and rough")


def test_quiz_panel_in_russian_has_no_english_left():
    quiz = QuizPanel(seed=1, kind="which-wins")
    quiz.lang.value = "ru"
    assert "Какая рука выигрывает" in quiz.question.value
    assert_russian(quiz)
    answer_wrong(quiz)
    assert "Не совсем" in quiz.feedback.value
    assert_russian(quiz)
    quiz.kind.value = "rank"
    answer_wrong(quiz)
    assert_russian(quiz)


# ---- notebook 1: StepThrough ----

E1_HANDS = ["6♣ 4♥ 3♠ 2♦ A♣", "5♠ 4♦ 3♣ 2♥ A♦"]
E1_ACTIONS = ["p1 cbr 1", "p2 cc", "p1 sd", "p2 sd", "p1 cbr 2", "p2 cc"]


def test_step_through_narrates_each_step_until_the_end():
    steps = StepThrough(E1_HANDS, E1_ACTIONS, names=["Lena", "Misha"])
    assert "Lena posts an ante of 1 (T2)" in steps.story.value
    lines = steps.story.value.count("<li>")
    steps.step.click()
    assert steps.story.value.count("<li>") > lines
    for _ in range(20):
        steps.step.click()
    assert "Lena wins the pot of 8" in steps.story.value and steps.step.disabled
    assert "Lena 17" in steps.status.value and "Misha 9" in steps.status.value
    steps.restart.click()
    assert "Lena wins" not in steps.story.value and not steps.step.disabled


def test_step_through_in_russian_has_no_english_left():
    steps = StepThrough(E1_HANDS, E1_ACTIONS, names=["Lena", "Misha"])
    for _ in range(20):
        steps.step.click()
    steps.lang.value = "ru"
    story = shown(steps.story)
    assert "Лена не меняет карт (D1)" in story and "Лена забирает банк 8: самая младшая рука (S1)" in story
    assert "открыл первый круг" in story and "Лена открыл" not in story        # no gender agreement to get wrong
    assert "Лена 17" in shown(steps.status)
    assert_russian(steps)


# ---- notebook 6: PlayPanel ----

def click_through(panel: PlayPanel, until_over: bool = True, clicks: int = 40) -> list[str]:
    """Click the first legal button (check/fold, or stand pat) until the hand ends; return the labels."""
    labels = []
    for _ in range(clicks):
        if panel.hand.phase == "over":
            break
        buttons = panel.actions.children
        assert buttons, f"no action offered in phase {panel.hand.phase}"
        labels.append(buttons[0].description)
        buttons[0].click()
    return labels


def test_play_panel_offers_exactly_the_legal_actions_and_finishes_a_hand():
    panel = PlayPanel(players=3, seed=2)
    for _ in range(40):
        hand = panel.hand
        if hand.phase == "over":
            break
        labels = [b.description for b in panel.actions.children]
        if hand.phase == "bet":
            assert len(labels) == len(hand.legal_actions())
            assert "Fold" not in labels or hand.owed(hand.to_act)          # B1: no folding when nothing is bet
        panel.actions.children[0].click()
    assert panel.hand.phase == "over"
    assert "variant = \"FA6L1D\"" in panel.phh.value and "lowball-download" in panel.download.value
    assert sum(panel.hand.result.finishing_stacks) == sum(panel.hand.result.starting_stacks)


def test_play_panel_tells_the_reader_in_the_second_person():
    panel = PlayPanel(players=3, seed=2)
    story = shown(panel.story)
    assert "You post an ante of 1 (T2)" in story and "You are dealt 5 cards" in story
    assert "you posts" not in story.lower() and "you is" not in story.lower()
    click_through(panel)
    story = shown(panel.story)
    assert "you wins" not in story.lower() and "you stands" not in story.lower()
    panel.lang.value = "ru"
    story = shown(panel.story)
    assert "Вы вносите анте 1 (T2)" in story and "Ваш ход, you" not in shown(panel.prompt)


def test_new_hand_mid_hand_gives_the_hand_up_and_moves_the_button():
    panel = PlayPanel(players=3, seed=6)
    dealer = panel.hand.names[-1]
    total = sum(panel.session.stacks.values())
    panel.actions.children[-1].click()           # bet or raise: chips go into the pot mid-hand
    assert panel.hand.phase != "over" and panel.hand.pot > 0
    put_in = panel.hand.invested[panel.hand.names.index("you")]
    hand = panel.hand
    panel.new.click()
    assert hand.phase == "over", "the hand given up was not played to its end"
    change = hand.result.changes[hand.names.index("you")]
    assert change <= 0 and (change == -put_in or hand.result.showdown or change < 0)   # no refund
    assert f"You gave up the last hand ({change:+d})" in shown(panel.prompt).replace("−", "-")
    assert panel.hand.names[-1] != dealer, "the button did not move (T7)"
    assert panel.session.hands_played == 1
    assert sum(panel.session.stacks.values()) == total                       # chips conserved through the give-up
    click_through(panel)
    assert panel.hand.phase == "over"


def test_new_hand_after_a_finished_hand_moves_the_button_each_time():
    panel = PlayPanel(players=3, seed=1)
    dealers = []
    for _ in range(4):
        dealers.append(panel.hand.names[-1])
        click_through(panel)
        panel.new.click()
    assert dealers == ["Misha", "you", "Lena", "Misha"]            # one seat clockwise per hand (T7)
    assert shown(panel.status).endswith(f"dealer {panel.hand.names[-1]}")


def test_play_panel_in_russian_has_no_english_left():
    panel = PlayPanel(players=3, seed=2)
    panel.lang.value = "ru"
    assert_russian(panel, skip=(panel.phh,))
    assert "вы 25" in shown(panel.status) and "дилер Миша" in shown(panel.status)
    panel.new.click()
    assert "Прошлую раздачу вы отдали" in shown(panel.prompt)
    assert_russian(panel, skip=(panel.phh,))
    click_through(panel)
    assert "Раздача окончена." in shown(panel.prompt)
    assert_russian(panel, skip=(panel.phh,))          # the PHH file is a file format, not prose


# ---- notebook 7: ProofPanel ----

def test_proof_panel_shows_a_broken_guarantee():
    panel = ProofPanel()
    assert "REFUTED" not in panel.result.value and "proved" in panel.result.value
    panel.raises.value = 4
    panel.run.click()
    assert "REFUTED" in panel.result.value and "the minimum safe stack is 16" in panel.result.value


def test_proof_panel_clears_stale_results_and_shows_it_is_busy():
    panel = ProofPanel()
    panel.stack.value = 10
    assert "proved" not in panel.result.value and "press the button" in panel.result.value
    seen = []
    panel.run.observe(lambda change: seen.append((change["name"], change["new"])), names=["disabled", "description"])
    panel.run.click()
    assert ("disabled", True) in seen and ("description", "Checking…") in seen
    assert not panel.run.disabled and panel.run.description == "Check the guarantees"
    assert "REFUTED" in panel.result.value


def test_proof_panel_labels_say_what_the_sliders_change():
    panel = ProofPanel()
    labels = [panel.players.description, panel.raises.description, panel.stack.description]
    assert labels == ["Players at most", "Raises per round", "Minimum stack"]
    assert not any("." in label or "_" in label for label in labels)       # not config keys


def test_proof_panel_in_russian_has_no_english_left():
    panel = ProofPanel()
    panel.lang.value = "ru"
    assert "доказано" in panel.result.value
    assert_russian(panel)
    panel.raises.value = 4
    assert_russian(panel)
    panel.run.click()
    assert "ОПРОВЕРГНУТО" in panel.result.value and "безопасный минимум — 16" in panel.result.value
    assert_russian(panel)
    panel.players.value = 6
    panel.raises.value = 3
    panel.run.click()
    assert "перемешать сброс в новую колоду" in panel.result.value
    assert_russian(panel)


# ---- notebook 5: DrawPanel ----

def test_draw_panel_shows_exact_odds_per_system_and_suggests_a_discard():
    panel = DrawPanel("A♣ 2♦ 3♥ 4♠ K♣", "K♣")
    assert "8 of 47" in panel.result.value and "12 of 47" in panel.result.value   # E2: A-6 seven-or-better; A-5
    assert "<img class='lowball-chart'" in panel.chart.value
    panel.discard.value = "Q♦"
    assert "Qd" in panel.error.value and panel.result.value == ""
    panel.hand.value = "K♣ Q♦ 4♥ 3♠ 2♣"
    panel.best.click()
    assert panel.discard.value == "K♣ Q♦"
    assert "ace-to-six (teaching table)" in shown(panel.advice) and "seven-low or better" in shown(panel.advice)


def test_draw_panel_best_discard_follows_the_chosen_system_and_goal():
    panel = DrawPanel("6♣ 5♦ 4♥ 3♠ K♣", "K♣")
    panel.system.value = "deuce-to-seven"
    assert panel.goal.value == "seven"
    panel.best.click()
    assert panel.discard.value == "6♣ K♣"                 # 2-7: a five-high run is a straight; break it
    panel.system.value = "ace-to-five"
    assert [key for _, key in panel.goal.options][0] == "five" and panel.advice.value == ""
    panel.goal.value = "five"
    panel.best.click()
    assert panel.discard.value == "6♣ K♣" and "five-low or better" in shown(panel.advice)
    panel.system.value = "ace-to-six"
    panel.goal.value = "six"
    panel.best.click()
    assert panel.discard.value == "K♣"


def test_draw_panel_in_russian_has_no_english_left():
    panel = DrawPanel()
    panel.lang.value = "ru"
    assert "семёрка или лучше" in panel.result.value and "17,0\u202f%" in panel.result.value
    panel.best.click()
    assert "Лучший обмен в системе «от туза до шестёрки (учебный стол)»" in shown(panel.advice)
    assert_russian(panel)
    panel.discard.value = "Q♦"
    assert "нельзя поменять Qd" in shown(panel.error)
    assert_russian(panel)


# ---- charts and numbers ----

def test_odds_chart_orders_the_kinds_and_labels_zero_bars_and_missing_kinds_as_the_table_does():
    from lowball.analysis.odds import draw_odds

    results = {s: draw_odds("A♣ 2♦ 3♥ 4♠ K♣", "K♣", s) for s in ("ace-to-six", "deuce-to-seven", "ace-to-five")}
    fig = odds_chart(results)
    ax = fig.axes[0]
    ticks = [t.get_text() for t in ax.get_xticklabels()]
    assert ticks == ["five-low or better", "six-low or better", "seven-low or better", "eight-low or better",
                     "nine-low or better", "ten-low or better", "no pair"]
    labels = [text.get_text() for text in ax.texts]
    assert len(labels) == 3 * len(ticks) and labels.count("0%") == 4      # 2-7 makes no low at all here
    assert labels.count("—") == 3              # no five-low in A-6, no five- or six-low in 2-7: the table's dashes
    assert png(fig).startswith(b"\x89PNG")


def test_every_chart_is_a_png_image():
    from lowball import census

    reports = {s: census(s) for s in ("ace-to-six", "ace-to-five")}
    for fig in (census_chart(reports, "ru"), equity_chart([("pat", 0.5, 0.1, 0.4)], "en")):
        assert png(fig).startswith(b"\x89PNG")


def test_a_chart_reads_its_labels_in_the_language_it_is_drawn_in():
    """A notebook cell names its bars and lines once, in both languages (Both): each edition draws its own."""
    from lowball.widgets.charts import lines_chart
    from lowball.widgets.language import Both

    pat = Both("stand pat", "стоять пат")
    for lang, word in (("en", "stand pat"), ("ru", "стоять пат")):
        bars = equity_chart([(pat, 0.5, 0.1, 0.4)], lang, title=Both("pat?", "пат?")).axes[0]
        assert [t.get_text() for t in bars.get_yticklabels()] == [word] and bars.get_title() == ("pat?", "пат?")[lang == "ru"]
        lines = lines_chart(["A", "B"], {Both("vs one", "против одной"): {pat: [0.5, 0.6]}}, lang).axes[0]
        assert lines.get_title() == ("vs one", "против одной")[lang == "ru"]
        assert [t.get_text() for t in lines.get_legend().get_texts()] == [word]


def test_where_two_lines_cross_their_labels_stand_apart():
    """The higher line at a point is labelled above it, the lower below: at a crossing they swap sides."""
    from lowball.widgets.charts import lines_chart

    ax = lines_chart(["a", "b"], {"p": {"one": [0.7, 0.3], "two": [0.5, 0.5]}}, "en").axes[0]
    offsets = {(text.get_text(), text.xy[0]): text.xyann[1] for text in ax.texts}
    assert offsets[("70%", 0)] > 0 > offsets[("50%", 0)] and offsets[("50%", 1)] > 0 > offsets[("30%", 1)]


@pytest.mark.parametrize("n, en, ru", [(5871, "5,871", "5\u202f871"), (2598960, "2,598,960", "2\u202f598\u202f960"),
                                       (47, "47", "47")])
def test_numbers_are_written_the_way_each_language_writes_them(n, en, ru):
    assert (number(n, "en"), number(n, "ru")) == (en, ru)
    assert percent(0.0888, "ru") == "8,9\u202f%" and percent(0.0888) == "8.9%"


def test_russian_names_of_the_characters():
    assert NAMES_RU["Lena"] == "Лена" and NAMES_RU["Misha"] == "Миша"
    assert compare("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-six") == 1


def test_every_property_has_a_russian_title():
    """The proof panel's Russian titles are lowball.verify's own (one home, beside the English), naming the table's
    values as the English ones do."""
    from lowball.verify import load_for_verify, verify
    from lowball.verify.properties import BY_NUMBER, PROPERTIES
    from lowball.widgets.proofs import title

    table, rankings = load_for_verify()
    for check in verify(table, rankings, only={4, 5, 8}):
        russian = title(check, table, "ru")
        assert russian == BY_NUMBER[check.number].title(table, "ru") and russian != check.title
        assert re.search(r"[а-я]", russian)
    assert all(p.title(table, "ru") != p.title(table, "en") for p in PROPERTIES)


@pytest.mark.parametrize("call", [
    lambda: __import__("lowball").parse_cards("6c 4x"), lambda: __import__("lowball").parse_cards("6c 4"),
    lambda: __import__("lowball").parse_cards("6c Xc"), lambda: __import__("lowball").parse_cards("Ac 2d Ac"),
    lambda: __import__("lowball").parse_cards("Ac 2d", count=5),
    lambda: __import__("lowball.analysis.odds", fromlist=["x"]).draw_odds("Ac 2d 3h 4s Kc", "Qs", "ace-to-six"),
])
def test_every_card_error_a_reader_can_make_reads_in_russian(call):
    """The Russian card errors match the English messages by pattern: if a message changes, this fails."""
    from lowball.errors import LowballError
    from lowball.widgets.language import error_text

    with pytest.raises(LowballError) as caught:
        call()
    russian = error_text(caught.value, "ru")
    assert not russian.startswith("ошибка ввода"), f"no Russian pattern for {caught.value}"
    assert not english_words(russian), russian
