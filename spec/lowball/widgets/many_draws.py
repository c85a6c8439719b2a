"""Shows the exact chance of each kind of low within one, two and three draws of a hand and a discard (notebook 9)."""

from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as w
from matplotlib.figure import Figure

from lowball.analysis.draws import ManyDrawOdds, many_draw_odds
from lowball.analysis.odds import DrawOdds
from lowball.errors import LowballError
from lowball.text.explain import describe
from lowball.text.narration import counted
from lowball.widgets.charts import bars_chart, img_tag
from lowball.widgets.html import message, static_note, table
from lowball.widgets.language import WORDS, edition, error_text, kind_label, language_switch, percent, say, system_title
from lowball.widgets.panel import Panel

__all__ = ["ManyDrawPanel", "draws_chart", "draws_label", "stands_pat"]

DRAW_SYSTEMS = ("deuce-to-seven", "ace-to-five", "ace-to-six")


def draws_label(n: int, lang: str) -> str:
    """Return 'within 2 draws' / 'за 2 обмена'.

    >>> draws_label(1, "en"), draws_label(2, "ru")
    ('within 1 draw', 'за 2 обмена')
    """
    return say(lang, "draws_col", n=n, draw_word=counted(n, WORDS[lang]["draw_word"], lang))


def draws_chart(odds: Sequence, lang: str | None = None, title: str | None = None) -> Figure:
    """Return the chance of each kind of low (best first) within each number of draws: one bar per draw count.

    ``odds`` are ``ManyDrawOdds`` of one hand and discard for 1, 2, 3... draws.
    """
    lang = lang or edition()
    kinds = [kind for kind, _ in odds[0].chances]
    groups = [kind_label(kind, lang) for kind in kinds]
    series = {draws_label(o.draws, lang): [float(o.chance(kind.key)) for kind in kinds] for o in odds}
    return bars_chart(groups, series, lang, say(lang, "draws_title") if title is None else title)


def stands_pat(odds: DrawOdds | ManyDrawOdds, lang: str) -> str:
    """Return the line an odds panel shows when nothing is thrown: what the hand is, not odds of 1 in 1.

    Standing pat is not a draw: a table of "1/1 (100%)" rows read as the odds of making each kind.
    """
    return message(say(lang, "stands_pat", hand=describe(odds.cards, odds.system, lang)), "ok")


class ManyDrawPanel(Panel):
    """A hand and a discard: the exact chance of each kind of low within one, two and three draws (K2, K8)."""

    def __init__(self, cards: str = "7♣ 6♦ 3♥ 2♠ K♣", discard: str = "K♣", system: str = "deuce-to-seven",
                 most_draws: int = 3):
        self.most_draws = most_draws
        self.lang = language_switch()
        self.note = w.HTML()
        self.hand = w.Text(value=cards)
        self.hand.add_class("lowball-many-hand")
        self.discard = w.Text(value=discard)
        self.discard.add_class("lowball-many-discard")
        self.system = w.Dropdown(layout=w.Layout(width="380px"))
        self.system.add_class("lowball-many-system")
        self.error = w.HTML()
        self.result = w.HTML()
        self.result.add_class("lowball-many-odds")
        self.chart = w.HTML()
        self.chart.add_class("lowball-chart-box")
        self.policy = w.HTML()
        self._system = system
        self._labels()
        for box in (self.hand, self.discard, self.system):
            box.observe(lambda _: self.refresh(), names="value")
        self.lang.observe(lambda _: (self._labels(), self.refresh()), names="value")
        super().__init__([self.note, self.lang, self.hand, self.discard, self.system, self.error, self.result,
                          self.chart, self.policy])
        self.refresh()

    def _labels(self) -> None:
        lang = self.lang.value
        self.note.value = static_note(lang)
        self.hand.description, self.discard.description = say(lang, "hand"), say(lang, "throw")
        self.system.description = say(lang, "draw_system")
        chosen = self.system.value or self._system
        self._quiet = True
        self.system.options = [(system_title(s, lang), s) for s in DRAW_SYSTEMS]
        self.system.value = chosen
        self._quiet = False
        self.policy.value = f"<p style='font-size:0.9em;color:#555'>{html.escape(say(lang, 'draws_note'))}</p>"

    def odds(self) -> list:
        """Return the exact odds of the hand's discard within 1, 2, ... draws (``many_draw_odds``)."""
        return [many_draw_odds(self.hand.value, self.discard.value, self.system.value, draws=n)
                for n in range(1, self.most_draws + 1)]

    def refresh(self) -> None:
        """Show the odds as a table and a chart, or one line saying what is wrong with the input."""
        if getattr(self, "_quiet", False):
            return
        lang = self.lang.value
        try:
            found = self.odds()
        except LowballError as err:
            text = str(err)
            shown = say(lang, "too_long") if "too long" in text else error_text(err, lang)
            self.error.value = message(shown)
            self.result.value = self.chart.value = ""
            return
        if not found[0].discard:
            self.error.value, self.result.value, self.chart.value = stands_pat(found[0], lang), "", ""
            return
        self.error.value = ""
        kinds = [kind for kind, _ in found[0].chances]
        rows = [[kind_label(kind, lang)] + [percent(float(o.chance(kind.key)), lang) for o in found]
                for kind in kinds]
        head = [say(lang, "kind_col")] + [draws_label(o.draws, lang) for o in found]
        self.result.value = table(rows, head)
        self.chart.value = img_tag(draws_chart(found, lang))
