"""Notebook 12's panel: two hands, the verdict of every lowball system side by side, badugi's among them (U1-U3).

Every five-card system (ace-to-six in both conventions, deuce-to-seven, ace-to-five) ranks the five cards as
they are; badugi ranks four, so it reads the best four of each five (``ranking.best_hand``), as the split games
with a badugi half do (U7). The verdicts and their reasons are the package's (``compare``, ``explain``).
"""

from __future__ import annotations

import random

import ipywidgets as w

from lowball.core.games import builtin_games
from lowball.core.rankings import load_rankings
from lowball.engine.state import stacked_deck
from lowball.errors import LowballError
from lowball.ranking import best_hand, compare, evaluate, hand_name
from lowball.text.explain import explain
from lowball.widgets.html import card_text, message, static_note, table
from lowball.widgets.language import error_text, language_switch, number, say, system_title
from lowball.widgets.panel import Panel
from lowball.widgets.rankings import VERDICT_KEY, shared_cards

# The low systems, read from the rankings table: every row where the lower hand wins and a built-in game ranks its
# whole pot by (the high ranking is the other half of a split game, not a lowball game, L1; so is badeucey's
# ace-high badugi, Z2).
LOWBALL = tuple(row.key for row in load_rankings().all_systems if row.better == "lower"
                and row.key in {table.ranking for table in builtin_games() if not table.split})


def played(cards: str, system: str) -> tuple:
    """Return the cards a system ranks of a five-card hand: all five, or badugi's best four (U1, U7).

    >>> from lowball.core.cards import format_cards
    >>> format_cards(played("K♣ 7♦ 4♥ 2♠ 3♣", "badugi"))
    '7d 4h 2s 3c'
    """
    return best_hand(cards, system).cards


def family_verdicts(a: str, b: str, lang: str = "en") -> list[dict[str, str]]:
    """Return, per lowball system, the verdict on hands a and b (badugi: their best fours), and why.

    >>> [row["winner"] for row in family_verdicts("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad")]   # badugi: 4-3-2-A, 5-3-2-A
    ['a', 'a', 'b', 'b', 'a']
    """
    rows = []
    for system in LOWBALL:
        x, y = played(a, system), played(b, system)
        result = compare(x, y, system)
        vx, vy = evaluate(x, system), evaluate(y, system)
        rows.append({"system": system, "title": system_title(system, lang), "verdict": say(lang, VERDICT_KEY[result]),
                     "a": f"{hand_name(x, system, lang)} ({number(vx.rank, lang)})",
                     "b": f"{hand_name(y, system, lang)} ({number(vy.rank, lang)})",
                     "why": explain(x, y, system, lang), "winner": VERDICT_KEY[result]})
    return rows


class FamilyPanel(Panel):
    """Type (or deal) two five-card hands: every lowball system's verdict, and why; badugi on the best four."""

    def __init__(self, a: str = "6♣ 4♥ 3♠ 2♦ A♣", b: str = "5♠ 4♦ 3♣ 2♥ A♦", seed: int = 0):
        self.rng = random.Random(seed)
        self.lang = language_switch()
        self.note = w.HTML()
        self.about = w.HTML()
        self.hand_a = w.Text(value=a)
        self.hand_b = w.Text(value=b)
        self.hand_a.add_class("lowball-hand-a")
        self.hand_b.add_class("lowball-hand-b")
        self.deal = w.Button(layout=w.Layout(width="auto"))
        self.deal.add_class("lowball-deal")
        self.error = w.HTML()
        self.result = w.HTML()
        self.result.add_class("lowball-verdicts")
        self._quiet = False
        self._labels()
        for field in (self.hand_a, self.hand_b):
            field.observe(lambda _: self.refresh(), names="value")
        self.lang.observe(lambda _: (self._labels(), self.refresh()), names="value")
        self.deal.on_click(self._deal)
        super().__init__([self.note, w.HBox([self.deal, self.lang]), self.about, self.hand_a, self.hand_b,
                          self.error, self.result])
        self.refresh()

    def _labels(self) -> None:
        lang = self.lang.value
        self.note.value = static_note(lang)
        self.about.value = f"<p class='lowball-family-note'>{say(lang, 'family_note')}</p>"
        self.hand_a.description, self.hand_b.description = say(lang, "hand_a"), say(lang, "hand_b")
        self.deal.description = say(lang, "deal2")

    def _deal(self, _=None) -> None:
        cards = stacked_deck(seed=self.rng.randrange(2**32))
        self._quiet = True
        self.hand_a.value = " ".join(card_text(c) for c in cards[:5])
        self._quiet = False
        self.hand_b.value = " ".join(card_text(c) for c in cards[5:10])

    def refresh(self) -> None:
        """Show every lowball system's verdict, or a one-line message if the hands are not two hands of one deck."""
        if self._quiet:
            return
        lang = self.lang.value
        try:
            shared = shared_cards(self.hand_a.value, self.hand_b.value)
            rows = [] if shared else family_verdicts(self.hand_a.value, self.hand_b.value, lang)
        except LowballError as err:
            shared, rows = [], None
            problem = error_text(err, lang)
        if shared:
            problem = say(lang, "both", card=card_text(shared[0]))
        if not rows:
            self.error.value = message(problem)
            self.result.value = ""
            return
        self.error.value = ""
        differ = len({r["winner"] for r in rows}) > 1
        html_table = table([[r["title"], r["verdict"], r["a"], r["b"], r["why"]] for r in rows],
                           [say(lang, "system"), say(lang, "verdict"), "A", "B", say(lang, "why")],
                           [differ and r["winner"] != rows[0]["winner"] for r in rows])
        note = say(lang, "disagree" if differ else "agree")
        self.result.value = f"<p class='lowball-agreement'>{note}</p>{html_table}"


__all__ = ["FamilyPanel", "family_verdicts", "played"]
