"""Shows the exact odds of an ace-to-five draw from the 52-card deck and from the 53 with the joker (notebook 10)."""

from __future__ import annotations

import ipywidgets as w
from matplotlib.figure import Figure

from lowball.analysis.odds import draw_odds
from lowball.core.cards import JOKER
from lowball.errors import LowballError
from lowball.widgets.charts import bars_chart, img_tag, kind_order
from lowball.widgets.html import message, static_note, table
from lowball.widgets.language import edition, error_text, fraction, kind_label, language_switch, percent, say
from lowball.widgets.many_draws import stands_pat
from lowball.widgets.panel import Panel

__all__ = ["JokerPanel", "joker_chart"]


def joker_chart(without, with_joker, lang: str | None = None, title: str | None = None) -> Figure:
    """Return the chance of each kind (best first) from the 52-card deck and from the 53 with the joker (F8).

    ``without`` may be None (a hand that holds the joker comes from the 53-card deck only).
    """
    lang = lang or edition()
    kinds = sorted((kind for kind, _ in with_joker.counts), key=lambda k: kind_order(k.key))
    series = {}
    if without is not None:
        series[say(lang, "deck52")] = [float(without.chance(k.key)) for k in kinds]
    series[say(lang, "deck53")] = [float(with_joker.chance(k.key)) for k in kinds]
    return bars_chart([kind_label(k, lang) for k in kinds], series, lang,
                      say(lang, "joker_title") if title is None else title)


class JokerPanel(Panel):
    """A hand and a discard in ace-to-five: the exact odds without and with the joker in the deck (F2, F8)."""

    def __init__(self, cards: str = "A♣ 2♦ 3♥ 4♠ K♣", discard: str = "K♣"):
        self.lang = language_switch()
        self.note = w.HTML()
        self.hand = w.Text(value=cards)
        self.hand.add_class("lowball-joker-hand")
        self.discard = w.Text(value=discard)
        self.discard.add_class("lowball-joker-discard")
        self.error = w.HTML()
        self.result = w.HTML()
        self.result.add_class("lowball-joker-odds")
        self.chart = w.HTML()
        self.chart.add_class("lowball-chart-box")
        self._labels()
        for box in (self.hand, self.discard):
            box.observe(lambda _: self.refresh(), names="value")
        self.lang.observe(lambda _: (self._labels(), self.refresh()), names="value")
        super().__init__([self.note, self.lang, self.hand, self.discard, self.error, self.result, self.chart])
        self.refresh()

    def _labels(self) -> None:
        lang = self.lang.value
        self.note.value = static_note(lang)
        self.hand.description, self.discard.description = say(lang, "hand"), say(lang, "throw")

    def refresh(self) -> None:
        """Show the odds from both decks (only the 53-card deck when the hand holds the joker)."""
        lang = self.lang.value
        try:
            with_joker = draw_odds(self.hand.value, self.discard.value, "ace-to-five", deck=53)
        except LowballError as err:
            self.error.value = message(error_text(err, lang))
            self.result.value = self.chart.value = ""
            return
        if not with_joker.discard:
            self.error.value, self.result.value, self.chart.value = stands_pat(with_joker, lang), "", ""
            return
        without = None if JOKER in with_joker.cards else draw_odds(self.hand.value, self.discard.value,
                                                                   "ace-to-five", deck=52)
        self.error.value = message(say(lang, "no52"), "ok") if without is None else ""
        rows = []
        for kind, n in with_joker.counts:
            row = [kind_label(kind, lang)]
            if without is not None:
                old = without.count(kind.key)
                row.append(f"{fraction(old, without.draws, lang)} ({percent(old / without.draws, lang)})")
            row.append(f"{fraction(n, with_joker.draws, lang)} ({percent(n / with_joker.draws, lang)})")
            rows.append(row)
        head = [say(lang, "kind_col")] + ([say(lang, "deck52")] if without is not None else []) + [say(lang, "deck53")]
        self.result.value = table(rows, head)
        self.chart.value = img_tag(joker_chart(without, with_joker, lang))
