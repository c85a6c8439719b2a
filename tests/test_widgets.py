"""The notebook panels, driven as a reader would: typing, clicking, reading what they show."""

from lowball.widgets import PlayPanel, ProofPanel, QuizPanel, RankingPanel, StepThrough, verdicts


def test_ranking_panel_shows_every_system_and_flags_disagreement():
    panel = RankingPanel()
    assert "The systems disagree" in panel.result.value      # E1: disagree on the wheel
    assert "ace-to-six" in panel.result.value and "ace-to-five" in panel.result.value
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


def test_ranking_panel_in_russian_and_seed_examples():
    panel = RankingPanel()
    panel.examples.value = "E2: the flush trap"
    assert "7♠ 5♠ 4♠ 3♠ A♠" == panel.hand_b.value
    panel.lang.value = "ru"
    assert "выигрывает рука A" in panel.result.value


def test_verdicts_follow_compare():
    rows = {r["system"]: r["winner"] for r in verdicts("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad")}
    assert rows == {"ace-to-six": "a", "ace-to-six-ace-low": "a", "deuce-to-seven": "b", "ace-to-five": "b"}


def test_quiz_scores_only_the_first_answer_and_explains():
    quiz = QuizPanel(seed=1)
    right = quiz.current.answer
    quiz.answer(right)
    assert "Right!" in quiz.feedback.value and "Score: 1 of 1" in quiz.score.value
    quiz.answer(-right if right else 1)
    assert "Not quite." in quiz.feedback.value and "Score: 1 of 1" in quiz.score.value
    quiz.ask()
    wrong = 0 if quiz.current.answer else 1
    quiz.answer(wrong)
    assert "Score: 1 of 2" in quiz.score.value


def test_step_through_narrates_each_step_until_the_end():
    steps = StepThrough(["6♣ 4♥ 3♠ 2♦ A♣", "5♠ 4♦ 3♣ 2♥ A♦"], ["p1 cbr 1", "p2 cc", "p1 sd", "p2 sd", "p1 cbr 2", "p2 cc"],
                        names=["Lena", "Misha"])
    assert "Lena posts an ante of 1 (T2)" in steps.story.value
    for _ in range(20):
        steps.next_step()
    assert "Lena wins the pot of 8" in steps.story.value
    assert "Lena 17" in steps.status.value and "Misha 9" in steps.status.value


def test_play_panel_offers_exactly_the_legal_actions_and_finishes_a_hand():
    panel = PlayPanel(players=3, seed=2)
    for _ in range(40):
        hand = panel.hand
        if hand.phase == "over":
            break
        labels = [b.description for b in panel.actions.children]
        if hand.phase == "bet":
            assert len(labels) == len(hand.legal_actions())
            panel.actions.children[0].click()          # fold or check: the first legal button
        else:
            panel.actions.children[0].click()          # discard nothing: stand pat
    assert panel.hand.phase == "over"
    assert "variant = \"FA6L1D\"" in panel.phh.value and "lowball-download" in panel.download.value
    total = sum(panel.hand.result.finishing_stacks)
    assert total == sum(panel.hand.result.starting_stacks)


def test_proof_panel_shows_a_broken_guarantee():
    panel = ProofPanel()
    assert "REFUTED" not in panel.result.value
    panel.raises.value = 4
    panel.check()
    assert "REFUTED" in panel.result.value and "the minimum safe stack is 16" in panel.result.value


def test_draw_panel_shows_exact_odds_per_system_and_suggests_a_discard():
    from lowball.widgets import DrawPanel

    panel = DrawPanel("A♣ 2♦ 3♥ 4♠ K♣", "K♣")
    assert "8/47" in panel.result.value and "12/47" in panel.result.value   # E2: A-6 seven-or-better; A-5
    assert "lowball-chart" in panel.chart.value
    panel.discard.value = "Q♦"
    assert "Qd" in panel.error.value and panel.result.value == ""
    panel.hand.value = "K♣ Q♦ 4♥ 3♠ 2♣"
    panel.suggest()
    assert panel.discard.value == "Kc Qd"
