"""Notebook 5's panel: a hand and a discard, the exact chances of each kind of low in each system (D1, E2).

The best-discard button says which system and which goal it optimises for, and
lets the reader choose both: the best draw in ace-to-six can be a trap in
ace-to-five's eyes and the other way round.
"""

from __future__ import annotations

import ipywidgets as w

from lowball.analysis.odds import best_discard, draw_odds, goal_kind, kinds
from lowball.errors import LowballError
from lowball.widgets.panel import Panel
from lowball.widgets.charts import img_tag, kind_order, odds_chart
from lowball.widgets.html import card_text, message, static_note, table
from lowball.widgets.language import error_text, fraction, kind_label, language_switch, percent, say, system_title

DRAW_SYSTEMS = ("ace-to-six", "deuce-to-seven", "ace-to-five")


def odds_table(results: dict, lang: str = "en") -> str:
    """Return the odds as one row per kind of low (best first) and one column per system: "8/47 (17.0%)"."""
    kinds_seen = {}
    for odds in results.values():
        for kind, _ in odds.counts:
            kinds_seen.setdefault(kind.key, kind)
    rows = []
    for key in sorted(kinds_seen, key=kind_order):
        row = [kind_label(kinds_seen[key], lang)]
        for odds in results.values():
            n = next((n for kind, n in odds.counts if kind.key == key), None)
            row.append("—" if n is None else f"{fraction(n, odds.draws, lang)} ({percent(n / odds.draws, lang)})")
        rows.append(row)
    return table(rows, [say(lang, "kind_col")] + [system_title(s, lang) for s in results])


class DrawPanel(Panel):
    """A hand and a discard: the exact chances of each kind of low under each system, and the best discard."""

    def __init__(self, cards: str = "A♣ 2♦ 3♥ 4♠ K♣", discard: str = "K♣"):
        self.lang = language_switch()
        self.note = w.HTML()
        self.hand = w.Text(value=cards)
        self.hand.add_class("lowball-draw-hand")
        self.discard = w.Text(value=discard)
        self.discard.add_class("lowball-draw-discard")
        self.best = w.Button(layout=w.Layout(width="auto"))
        self.best.add_class("lowball-best")
        self.system = w.Dropdown(layout=w.Layout(width="330px"), style={"description_width": "40px"})
        self.system.add_class("lowball-best-system")
        self.goal = w.Dropdown(layout=w.Layout(width="300px"), style={"description_width": "70px"})
        self.goal.add_class("lowball-best-goal")
        self.error = w.HTML()
        self.advice = w.HTML()
        self.advice.add_class("lowball-advice")
        self.result = w.HTML()
        self.result.add_class("lowball-odds")
        self.chart = w.HTML()
        self.chart.add_class("lowball-chart-box")
        self.suggested = None
        self._quiet = False
        self._labels()
        for field in (self.hand, self.discard):
            field.observe(lambda _: self.refresh(), names="value")
        self.system.observe(lambda _: self._goals(), names="value")
        self.best.on_click(lambda _: self.suggest())
        self.lang.observe(lambda _: (self._labels(), self.refresh(), self._advise()), names="value")
        super().__init__([self.note, self.lang, self.hand, self.discard,
                          w.HBox([self.best, self.system, self.goal]), self.error, self.advice, self.result,
                          self.chart])
        self.refresh()

    def _labels(self) -> None:
        lang = self.lang.value
        self._quiet = True
        self.note.value = static_note(lang)
        self.hand.description, self.discard.description = say(lang, "hand"), say(lang, "throw")
        self.best.description = say(lang, "best")
        self.system.description, self.goal.description = say(lang, "for"), say(lang, "goal")
        system = self.system.value or DRAW_SYSTEMS[0]
        self.system.options = [(system_title(s, lang), s) for s in DRAW_SYSTEMS]
        self.system.value = system
        self._quiet = False
        self._goals()

    def _goals(self) -> None:
        """Offer the goals of the chosen system, its default goal first selected."""
        lang, system = self.lang.value, self.system.value
        goal = self.goal.value if self.goal.options else None
        options = [(kind_label(kind, lang), kind.key) for kind in kinds(system)]
        self.goal.options = options
        keys = [key for _, key in options]
        self.goal.value = goal if goal in keys else goal_kind(system).key
        if not self._quiet:
            self.suggested = None
            self.advice.value = ""

    def refresh(self) -> None:
        """Show each system's exact chances for the discard, or a one-line message for bad input."""
        lang = self.lang.value
        try:
            results = {system: draw_odds(self.hand.value, self.discard.value, system) for system in DRAW_SYSTEMS}
        except LowballError as err:
            self.error.value = message(error_text(err, lang))
            self.result.value = self.chart.value = ""
            return
        self.error.value = ""
        self.result.value = odds_table(results, lang)
        self.chart.value = img_tag(odds_chart(results, lang, say(lang, "chart_title")))

    def suggest(self) -> None:
        """Put the discard with the best chance of the chosen goal, under the chosen system, into the field."""
        try:
            self.suggested = best_discard(self.hand.value, self.system.value, self.goal.value)
        except LowballError as err:
            self.error.value = message(error_text(err, self.lang.value))
            return
        self.discard.value = " ".join(card_text(card) for card in self.suggested.discard)
        self._advise()

    def _advise(self) -> None:
        """Say which discard was suggested, for which system and goal, and its chance."""
        odds, lang = self.suggested, self.lang.value
        if odds is None:
            self.advice.value = ""
            return
        goal = goal_kind(odds.system, self.goal.value)
        thrown = " ".join(card_text(c) for c in odds.discard) or say(lang, "nothing")
        chance = f"{fraction(odds.count(goal.key), odds.draws, lang)} = {percent(odds.count(goal.key) / odds.draws, lang)}"
        self.advice.value = message(say(lang, "best_note", system=system_title(odds.system, lang),
                                        goal=kind_label(goal, lang), discard=thrown, chance=chance), "ok")
