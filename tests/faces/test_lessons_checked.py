"""What the notebooks teach, checked against the tables and against computations written here, in both editions.

Each test is a lesson a reader met wrong in the browser: a claim about the ace-to-six ranking (H2), a table of
CFR's iterations labelled one iteration late, a count of the lowball systems that changed between the title and
the prose, an answer that named cards outside its own range, odds shown for a hand that draws nothing, a quiz
that asked a missed question again at a level the reader had left, cards written as codes, and charts whose
labels stayed English in the Russian edition. The notebooks are read as stored: ``scripts/editions.py run`` and
``sync`` keep their outputs current, and tests/faces/test_notebooks.py (nbval) checks that they are.
"""

from __future__ import annotations

import ast
import itertools
import json
import re
from pathlib import Path

import numpy as np
import pytest

from lowball.core.cards import DECK, parse_cards
from lowball.core.rankings import load_rankings
from lowball.engine.state import Hand, deck_for
from lowball.ranking import evaluate
from lowball.solve.best_response import exploitability
from lowball.solve.cfr import CFR, Solver
from lowball.solve.kuhn import CARDS, kuhn_tree
from lowball.solve.strategy import regret_matching
from lowball.text.quiz import RANK_THEME, Quiz
from lowball.widgets.family import family_verdicts
from lowball.widgets.joker_odds import JokerPanel
from lowball.widgets.many_draws import ManyDrawPanel
from lowball.widgets.hands import story_html

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
EDITIONS = {"en": NOTEBOOKS, "ru": NOTEBOOKS / "ru"}
CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b")


def cells(name: str, lang: str = "en") -> dict[str, dict]:
    """Return a notebook's cells by id (``name`` is the file name's start, e.g. ``"13-"``)."""
    (path,) = EDITIONS[lang].glob(f"{name}*.ipynb")
    return {cell["id"]: cell for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]}


def source(name: str, cell: str, lang: str = "en") -> str:
    """Return a cell's text with its line breaks made spaces, as a reader reads a paragraph."""
    return " ".join("".join(cells(name, lang)[cell]["source"]).split())


def printed(name: str, cell: str) -> list[str]:
    """Return the lines a code cell of the English notebook printed, as stored."""
    outputs = cells(name)[cell]["outputs"]
    return "".join("".join(o.get("text", "")) for o in outputs if o.get("name") == "stdout").splitlines()


# ---- notebook 13 ----

@pytest.mark.parametrize("lang", EDITIONS)
def test_what_ranks_below_a_full_house_in_ace_to_six_is_what_the_ranking_table_says(lang):
    """Notebook 13 said "a full house is the worst kind of hand to keep"; four of a kind and a straight flush rank
    lower (H2), and the next cell shows four nines. The categories below it are read from the rankings table."""
    rankings = load_rankings()
    order = rankings.system("ace-to-six").category_order
    below = [rankings.category(key).name(lang) for key in order[order.index("full-house") + 1:]]
    assert len(below) == 2, below
    text = source("13-", "s22", lang)
    for name in below:
        assert name.lower() in text.lower(), f"notebook 13 ({lang}) does not name {name!r} as worse than a full house"
    assert not re.search(r"full house is the worst|худшая рука, какую", text), text
    assert "(rules.ipynb#cell-id=H2)" in text


def played_strategies(iterations: int) -> tuple[list[float], list[float]]:
    """Return how often player 0's J bets in the strategy each iteration plays, and the average after each.

    Vanilla CFR averages the strategies played with equal weights where the reach is 1, as at the root; so the
    average after t iterations is the mean of the first t strategies played, computed here, not by the solver.
    """
    kuhn = kuhn_tree()
    solver = Solver(kuhn, CFR)
    root, jack = kuhn.decision_at(()), CARDS.index("J")
    assert kuhn.decisions[root].player == 0
    played, averages = [], []
    for _ in range(iterations):
        played.append(float(solver.current[root][jack][1]))        # what this iteration plays
        solver.step()
        averages.append(float(np.mean(played)))
    played.append(float(solver.current[root][jack][1]))
    return played, averages


def test_the_iteration_table_shows_the_strategy_after_each_iteration_and_the_one_it_made_for_the_next():
    """Notebook 13 printed "iteration 1: the J bets 1.000", where iteration 1 played the uniform strategy (0.5)."""
    played, averages = played_strategies(8)
    assert played[0] == 0.5 and played[1] == 1.0            # the uniform start, then regret matching's bluff
    lines = printed("13-", "s06")
    assert len(lines) == 8
    for t, line in enumerate(lines, start=1):
        found = re.fullmatch(r"after iteration (\d+): the J will bet ([\d.]+) of the time at iteration (\d+); "
                             r"the average so far ([\d.]+)", line)
        assert found, line
        assert (int(found[1]), int(found[3])) == (t, t + 1), line
        assert float(found[2]) == pytest.approx(played[t], abs=6e-4), (line, played[t])
        assert float(found[4]) == pytest.approx(averages[t - 1], abs=6e-4), (line, averages[t - 1])


class Simultaneous(Solver):
    """Vanilla CFR with both players updated at once from the same strategies (not what the package does)."""

    def step(self) -> None:
        self.iterations += 1
        weight = self.rule.weight(self.iterations)
        for player in (0, 1):
            self._walk(self.tree.root, player, np.ones(self.tree.states[player]),
                       np.ones(self.tree.states[1 - player]), weight)
        for player in (0, 1):
            for i in self._mine[player]:
                self.current[i] = regret_matching(self.regrets[i])


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_figures_of_simultaneous_updates_are_computed_and_differ_from_the_alternating_ones(lang):
    """Notebook 13 says its CFR updates the players in turn and gives the figures simultaneous updates would."""
    kuhn = kuhn_tree()
    solver, figures = Simultaneous(kuhn, CFR), []
    for t in (10, 100, 1000):
        solver.run(t - solver.iterations)
        figures.append(exploitability(kuhn, solver.average()))
    text = source("13-", "s07", lang)
    for value in figures:
        written = f"{value:.4f}" if lang == "en" else f"{value:.4f}".replace(".", ",")
        assert written in text, f"notebook 13 ({lang}) should quote {written}: {text}"
    vanilla = next(line for line in printed("13-", "s08") if line.startswith("CFR "))
    alternating = dict(re.findall(r"(\d+): ([\d.]+)", vanilla))
    assert alternating["10"] != f"{figures[0]:.5f}" and float(alternating["1000"]) < figures[2] / 2


@pytest.mark.parametrize("lang", EDITIONS)
def test_notebook_13_says_where_the_panels_throws_come_from(lang):
    text = source("13-", "s31", lang)
    assert ("the abstraction's throw" if lang == "en" else "сброс абстракции") in text


# ---- notebook 12 ----

NUMBERS = {"en": {"three": 3, "four": 4, "five": 5, "six": 6},
           "ru": {"три": 3, "четыре": 4, "пять": 5, "шесть": 6}}


@pytest.mark.parametrize("lang", EDITIONS)
def test_notebook_12_counts_the_systems_as_its_panel_does(lang):
    """The title said five systems, the prose four, the panel showed five."""
    shown = len(family_verdicts("8c 6d 4h 3s 2c", "9d 7c 5h 4s 3d", lang))
    words = NUMBERS[lang]
    said = []
    for cell in ("3594520c", "eee0e9f4"):
        said += [words[w.lower()] for w in re.findall(rf"\b({'|'.join(words)})\b(?=\s+(?:systems|систем))",
                                                       source("12-", cell, lang), re.I)]
    assert said and set(said) == {shown}, (said, shown)


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_badugi_answer_names_the_cards_that_make_the_badugi(lang):
    """A♣ 2♣ 3♦ 4♥ throwing the 2♣: the answer named "the 2♠ to the K♠ but the A♠, 3♠ and 4♠" (the A♠ is not in that
    range). Every spade the answer names must be one that makes a badugi, and the range's ends must be named."""
    kept = parse_cards("A♣ 3♦ 4♥")
    unseen = [c for c in DECK if c not in parse_cards("A♣ 2♣ 3♦ 4♥")]
    makes = [c for c in unseen if evaluate((*kept, c), "badugi").category == "four-card"]
    assert len(unseen) == 48 and len(makes) == 10
    ranks = sorted(c.rank for c in makes)
    text = source("12-", "9d781731", lang)
    answer = re.search(r"2\.\s(?:The 2♣|Не играет 2♣).*?(?=\s3\.\s)", text).group(0)
    named = set(re.findall(r"\b(10|[2-9JQKA])♠", answer))
    spade_ranks = {str(c).replace("T", "10")[:-1] for c in makes}
    assert named <= spade_ranks, f"the answer ({lang}) names spades that make no badugi: {sorted(named - spade_ranks)}"
    ends = {"2", "5", "K"}
    assert {"2", "K"} <= named and ranks[1] == 5 and ends <= named, (named, ranks)
    assert ("ten of the 48" if lang == "en" else "десять из 48") in answer


# ---- notebooks 9 and 10: standing pat is not odds ----

def test_the_joker_panel_with_nothing_thrown_says_the_hand_stands_pat_and_shows_no_odds():
    """Notebook 10's panel printed "1/1 (100.0%)" in every row for a hand that throws nothing."""
    panel = JokerPanel("A♣ 2♦ 3♥ 4♠ K♣", "")
    assert panel.result.value == "" and panel.chart.value == ""
    assert "stands pat" in panel.error.value and "K-4-3-2-A" in panel.error.value and "1/1" not in panel.error.value
    panel.lang.value = "ru"
    assert "стоит пат" in panel.error.value and "K-4-3-2-A" in panel.error.value
    panel.discard.value = "K♣"
    assert "1/1" not in panel.result.value and panel.result.value and panel.error.value == ""


def test_the_odds_over_several_draws_with_nothing_thrown_say_the_hand_stands_pat():
    panel = ManyDrawPanel("7♣ 5♦ 3♥ 2♠ Q♦", "")
    assert panel.result.value == "" and "stands pat" in panel.error.value and "Q-7-5-3-2" in panel.error.value


# ---- notebook 3: a missed question comes back as it was asked ----

def miss(quiz: Quiz):
    """Ask the next question and answer it wrong; return it."""
    q = quiz.next()
    guesses = itertools.permutations(range(len(q.hands))) if q.kind == "rank" else (1, -1, 0)
    quiz.answer(next(g for g in guesses if not q.is_right(g)))
    assert quiz.to_practise >= 1
    return q


@pytest.mark.parametrize("seed", range(6))
def test_a_rank_question_missed_at_the_easy_level_comes_back_with_three_plain_hands(seed):
    """The repeat queue re-dealt a missed "rank these" at the mixed level: four hands, flush and wheel traps."""
    quiz = Quiz(seed=seed, level="easy", kind="rank")
    assert len(miss(quiz).hands) == 3
    for _ in range(3 * quiz.again_after):
        q = quiz.next()
        assert len(q.hands) == 3, q
        for hand in q.hands:
            value = evaluate(hand, q.system)
            cards = parse_cards(hand)
            assert value.category == "no-pair", (hand, q.system, value.name)
            assert len({c.suit for c in cards}) > 1, f"{hand}: a flush at the easy level"
        if quiz.again:
            break
        quiz.answer(q.answer)
    assert quiz.again, "the missed question never came back"


def test_a_rank_question_missed_at_the_tricky_level_waits_while_the_reader_is_at_the_easy_one():
    quiz = Quiz(seed=3, level="tricky", kind="rank")
    missed = miss(quiz)
    assert missed.level == "tricky" and len(missed.hands) == 4
    quiz.level = "easy"
    for _ in range(3 * quiz.again_after):
        q = quiz.next()
        assert not quiz.again and len(q.hands) == 3
        quiz.answer(q.answer)
    quiz.level = "mixed"
    again = [quiz.next() for _ in range(2)]
    assert quiz.to_practise == 0 and any(len(q.hands) == 4 and q.theme == RANK_THEME for q in again)


# ---- notebook 6: cards as a reader writes them ----

def test_the_play_panels_story_writes_the_discards_with_suit_symbols_in_english():
    """Notebook 6 narrated "p1 discards 3h" in English, where every other panel shows 3♥."""
    hand = Hand([13, 13], deck=deck_for(["6♣ 4♥ 3♠ 2♦ K♣", "9♠ 8♦ 7♣ 3♥ 2♥"], then="Q♦ J♦"), names=["Lena", "Misha"])
    hand.advance()
    for action in ["p1 cc", "p2 cc", "p1 sd Kc", "p2 sd 9s"]:
        hand.apply(action)
        hand.advance()
    for lang in ("en", "ru"):
        story = story_html(hand, lang)
        assert "K♣" in story and "9♠" in story, story
        assert not CARD_CODE.findall(re.sub(r"<[^>]+>", " ", story)), story


# ---- every chart in the Russian edition speaks Russian ----

CHART_NAMES = ("category_name", "system_name", "system_title", "kind_label")


def english_in_a_chart(node: ast.AST):
    """Yield the English a chart call's argument would draw in the Russian edition: a bare string, not a
    ``Both(english, russian)``, and a name function called without a language."""
    if isinstance(node, ast.Call):
        name = getattr(node.func, "id", getattr(node.func, "attr", ""))
        if name == "Both":
            return
        if name in CHART_NAMES and len(node.args) < 2 and not node.keywords:
            yield f"{name}(...) with no language"
    if isinstance(node, ast.Subscript):
        return                                          # facts["goal_mbb"]: a key, not a label
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.search("[A-Za-z]{3}", node.value):
        yield repr(node.value)
    for child in ast.iter_child_nodes(node):
        yield from english_in_a_chart(child)


def chart_english(code: str) -> list[str]:
    """Return what the chart calls of a code cell would draw in English whatever the edition."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")).endswith("_chart"):
            for arg in list(node.args) + [k.value for k in node.keywords]:
                found += english_in_a_chart(arg)
    return found


def test_the_chart_scan_catches_a_bare_label():
    assert chart_english('image(bars_chart(["a"], {"share of hands": [1]}, title=Both("x", "y")))') == [
        "'share of hands'"]
    assert chart_english("bars_chart([category_name(c) for c in cs], {})") == ["category_name(...) with no language"]
    assert chart_english('bars_chart([category_name(c, "ru")], {Both("a b c", "д")})') == []


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")), ids=lambda p: p.name[:2])
def test_every_chart_label_has_its_russian(path):
    """Notebook 12's badugi chart was English in the Russian edition (title, legend, labels)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    bare = {cell["id"]: found for cell in notebook["cells"] if cell["cell_type"] == "code"
            and (found := chart_english("".join(cell["source"])))}
    assert not bare, f"{path.name}: chart labels with no Russian: {bare}"
