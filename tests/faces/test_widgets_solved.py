"""Notebook 13's panel and chart (``lowball.widgets.solved``) and the aggregate lessons it teaches from
(``lowball.solve.lessons``), checked against the per-hand reading of the same equilibrium (``lowball.solve.policy``).

The panel is driven as a reader would, by typing and choosing; tests/faces/test_browser_games.py opens it in Voilà.
Clauses: T2-T5 and B2 (the teaching table heads-up, as solved), D1 (the draw).
"""

from __future__ import annotations

import html
import re

import numpy as np
import pytest

from tests.support.browser import english_words
from lowball.ranking.fast import all_ranks
from lowball.solve.abstraction import toy_ranges
from lowball.solve.game_tree import build_tree
from lowball.solve.lessons import best_counts, final_hand_equity, habits, solution_habits, weak_share
from lowball.solve.policy import Equilibrium
from lowball.solve.strategy import uniform
from lowball.core.games import load_game_table
from lowball.widgets.charts import png
from lowball.widgets.language import Both
from lowball.widgets.solved import POINTS, SolvedPanel, convergence_chart
from tests.support.widgets import TAGS, texts


@pytest.fixture(scope="module")
def eq() -> Equilibrium:
    return Equilibrium.load("teaching-table")


def shown(widget) -> str:
    """Return the text of an HTML widget as a reader sees it, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(TAGS.sub(" ", widget.value))).strip()


# ---- the panel ----

def test_the_panel_shows_the_equilibrium_keeping_a_nine_at_the_draw():
    """D1: after two checks p1 draws first; the equilibrium stands pat on 9-6-4-3-2 (a pat hand, never broken)."""
    panel = SolvedPanel("9♣ 6♦ 4♥ 3♠ 2♣", "check check")
    text = shown(panel.result)
    assert "stand pat 100.0%" in text and "A pat hand" in text and "Break: it draws to this pat hand 0.0%" in text
    assert panel.error.value == ""


def test_the_panel_follows_the_hand_and_the_point_typed():
    panel = SolvedPanel()
    panel.hand.value = "Q♣ Q♦ Q♥ K♠ K♣"
    panel.point.value = "bet call"
    assert "Snow: it stands pat with this weak hand" in shown(panel.result)
    panel.point.value = ""
    text = shown(panel.result)
    assert "check" in text and "bet" in text and "cards thrown" not in text     # p1 opens: no draw columns


def test_a_throw_the_equilibrium_never_chooses_shows_no_cards_and_the_panel_says_whose_throws_they_are(eq):
    """10-8-6-4-2 after two checks: "draw 2" once showed 6♥ 10♣, which reads as advice to keep the 8. The cards of a
    count are the abstraction's (its best throw against a random hand), so only the counts the equilibrium uses
    show cards, and a note under the table says so, in both languages."""
    advice = eq.advise("10♣ 8♦ 6♥ 4♠ 2♣", line="check check")
    never = [t for t in advice.throws if t.count and t.probability < 0.0005]
    assert never, "the test needs a count the equilibrium never chooses"
    panel = SolvedPanel("10♣ 8♦ 6♥ 4♠ 2♣", "check check")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", panel.result.value, re.S)
    for throw in never:
        row = next(r for r in rows if f"draw {throw.count}<" in r)
        assert "♥" not in row and "♣" not in row and "(never)" in row, row
    used = next(t for t in advice.throws if t.count == 1)
    assert used.probability > 0.5 and "10♣" in shown(panel.result)
    assert "the abstraction's throw" in shown(panel.result)
    panel.lang.value = "ru"
    assert "сброс абстракции" in shown(panel.result) and "(никогда)" in shown(panel.result)


def test_a_bluff_after_the_draw_is_named(eq):
    panel = SolvedPanel("K♣ K♦ 8♥ 5♠ 2♣", "check check draw1 draw1")
    assert "Bluff:" in shown(panel.result)
    advice = eq.advise("K♣ K♦ 8♥ 5♠ 2♣", line="check check draw1 draw1")
    assert advice.bluff == advice.frequencies["bet"] > 0.5


def test_a_bad_hand_is_one_line_and_the_table_goes():
    panel = SolvedPanel()
    panel.hand.value = "9♣ 6♦ 4♥ 3♠"
    assert "expected 5 cards" in shown(panel.error) and panel.result.value == ""
    panel.hand.value = "9♣ 6♦ 4♥ 3♠ 2♣"
    assert panel.error.value == "" and "stand pat" in shown(panel.result)


def test_every_point_the_panel_offers_is_a_line_of_the_solved_tree(eq):
    for line, english, russian in POINTS:
        eq.labels_of(line)                                  # raises IllegalLine if the tree has no such line
        assert english and re.search("[а-яё]", russian)


def test_the_panel_in_russian_has_no_english_word_left():
    panel = SolvedPanel("Q♣ Q♦ Q♥ K♠ K♣", "bet call")
    panel.lang.value = "ru"
    seen = " | ".join(texts(panel))
    assert "без обмена" in seen and "Блеф на обмене" in seen
    assert not english_words(seen), sorted(set(english_words(seen)))
    panel.hand.value = "9♣ 6♦ 4♥ 3♠"
    assert "нужно карт: 5" in shown(panel.error)


def test_the_convergence_chart_is_an_image_on_log_scales_in_either_language():
    curves = {Both("DCFR", "DCFR"): ([1, 10, 100], [1000.0, 50.0, 1.5])}
    for lang in ("en", "ru"):
        fig = convergence_chart(curves, lang=lang, goal=1.0)
        ax = fig.axes[0]
        assert ax.get_xscale() == ax.get_yscale() == "log"
        assert ("итерации" in ax.get_xlabel()) == (lang == "ru")
        assert png(fig).startswith(b"\x89PNG")


# ---- the lessons, against the per-hand tables and the policy ----

def test_the_best_counts_read_from_the_matrices_are_the_abstractions_groups(eq):
    """lessons reads each bucket's best discard count back from the draw matrices; the build stored it per bucket."""
    assert best_counts(eq.solution.ranges).tolist() == eq.lookup.draw_of_bucket.tolist()


def test_the_weak_share_of_each_bucket_is_the_share_of_its_hands_the_policy_calls_weak(eq):
    """A snow is standing pat with a weak hand (policy: the dealt five in the worse half of the final buckets)."""
    post = eq.lookup.post_of_class[all_ranks(eq.table.ranking)]
    weak = post >= eq.post_buckets // 2
    pre = eq.lookup.pre_of_hand
    counted = np.bincount(pre, weights=weak, minlength=len(eq.solution.ranges.weights)) / np.bincount(pre)
    assert np.allclose(counted, weak_share(eq.solution.ranges), atol=1e-9)


def test_the_habits_add_up(eq):
    seats = solution_habits(eq.solution)
    for seat in seats:
        assert np.allclose(seat.drawn.sum(axis=1), seat.reached)
        assert 0 < seat.draws_seen <= 1 and 0 <= seat.bluffs <= seat.bets <= 1
        assert seat.snows <= seat.pat
        shares = seat.by_best_count()
        assert abs(sum(share for share, _ in shares.values()) - 1) < 1e-9
        assert all(abs(counts.sum() - 1) < 1e-9 for _, counts in shares.values())
    assert seats[0].draws_seen == pytest.approx(seats[1].draws_seen)        # both draw, or the hand ended


def test_a_strategy_that_always_stands_pat_snows_exactly_with_its_weak_hands():
    """The check can fail: change the strategy at the draws and the counts follow it."""
    ranges = toy_ranges()
    built = build_tree(load_game_table("teaching-table"), ranges)
    strategy = list(uniform(built.tree))
    for i, node in enumerate(built.tree.decisions):
        if node.actions[0] == "draw0":
            strategy[i] = np.zeros_like(strategy[i])
            strategy[i][:, 0] = 1.0
    for seat in habits(built.tree, strategy, ranges):
        assert seat.pat == pytest.approx(1.0) and seat.breaks == 0
        assert seat.snows == pytest.approx(float(ranges.weights @ weak_share(ranges)))


def test_the_final_buckets_equities_fall_from_the_best(eq):
    equity = final_hand_equity(eq.solution.ranges)
    assert equity[0] > 0.99 and equity[-1] < 0.01 and bool(np.all(np.diff(equity) < 0))
