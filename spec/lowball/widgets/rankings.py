"""Notebook 2's panel: two hands, every system's verdict side by side (H2, K1, F1, C1)."""

from __future__ import annotations

import random

import ipywidgets as w

from lowball.core.cards import format_cards, parse_cards
from lowball.engine.state import stacked_deck
from lowball.errors import CardError, LowballError
from lowball.ranking import compare, evaluate, hand_cards
from lowball.text.explain import category_name, explain
from lowball.verify.ranking import worked_cases
from lowball.widgets.panel import Panel
from lowball.widgets.html import card_text, message, static_note, table
from lowball.widgets.language import error_text, language_switch, number, say, system_title

COMPARED = ("ace-to-six", "ace-to-six-ace-low", "deuce-to-seven", "ace-to-five")
VERDICT_KEY = {1: "a", -1: "b", 0: "tie"}
OWN = ""                 # the dropdown's value for "your own hands"


def shared_cards(a: str, b: str) -> list:
    """Return the cards that are in both hands (a deck holds each card once, T1), after checking each hand.

    >>> [str(c) for c in shared_cards("6c 4h 3s 2d Ac", "5s 4h 3c 2h Ad")]
    ['4h']
    """
    first, second = hand_cards(a), hand_cards(b)
    return [card for card in first if card in second]


def verdicts(a: str, b: str, lang: str = "en") -> list[dict[str, str]]:
    """Return, per compared system, the verdict on hands a and b and its explanation.

    >>> [row["winner"] for row in verdicts("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad")]
    ['a', 'a', 'b', 'b']
    """
    rows = []
    for system in COMPARED:
        result = compare(a, b, system)
        va, vb = evaluate(a, system), evaluate(b, system)
        rows.append({"system": system, "title": system_title(system, lang), "verdict": say(lang, VERDICT_KEY[result]),
                     "a": f"{category_name(va.category, lang)} ({number(va.rank, lang)})",
                     "b": f"{category_name(vb.category, lang)} ({number(vb.rank, lang)})",
                     "why": explain(a, b, system, lang), "winner": VERDICT_KEY[result]})
    return rows


def seed_examples() -> dict[str, tuple[str, str, str, str]]:
    """Return the seeds' worked cases as examples: a key -> (English label, Russian label, hand A, hand B)."""
    examples = {}
    for i, case in enumerate(worked_cases()["case"]):
        examples[f"{case['id']}-{i}"] = (f"{case['id']}: {case['en']}", f"{case['id']}: {case['ru']}",
                                         case["better"], case["worse"])
    return examples


class RankingPanel(Panel):
    """Type (or pick, or deal) two hands and see the verdict of every system side by side (H2, K1, F1, C1)."""

    def __init__(self, a: str = "6♣ 4♥ 3♠ 2♦ A♣", b: str = "5♠ 4♦ 3♣ 2♥ A♦", seed: int = 0):
        self.rng = random.Random(seed)
        self.cases = seed_examples()
        self.lang = language_switch()
        self.note = w.HTML()
        self.hand_a = w.Text(value=a)
        self.hand_b = w.Text(value=b)
        self.hand_a.add_class("lowball-hand-a")
        self.hand_b.add_class("lowball-hand-b")
        self.examples = w.Dropdown(layout=w.Layout(width="520px"), style={"description_width": "initial"})
        self.examples.add_class("lowball-examples")
        self.deal = w.Button(layout=w.Layout(width="auto"))
        self.deal.add_class("lowball-deal")
        self.error = w.HTML()
        self.result = w.HTML()
        self.result.add_class("lowball-verdicts")
        self._quiet = False
        self._labels()
        for field in (self.hand_a, self.hand_b):
            field.observe(lambda _: self.refresh(), names="value")
        self.examples.observe(self._pick, names="value")
        self.lang.observe(lambda _: (self._labels(), self.refresh()), names="value")
        self.deal.on_click(self._deal)
        super().__init__([self.note, w.HBox([self.examples, self.deal, self.lang]), self.hand_a, self.hand_b,
                          self.error, self.result])
        self.refresh()

    def _labels(self) -> None:
        lang = self.lang.value
        self.note.value = static_note(lang)
        self.hand_a.description, self.hand_b.description = say(lang, "hand_a"), say(lang, "hand_b")
        self.examples.description = say(lang, "examples")
        self.deal.description = say(lang, "deal2")
        column = 0 if lang == "en" else 1
        self._quiet = True
        value = self.examples.value
        self.examples.options = [(say(lang, "own"), OWN)] + [(v[column], k) for k, v in self.cases.items()]
        self.examples.value = value if value is not None else OWN
        self._quiet = False

    def _pick(self, change) -> None:
        if self._quiet or change["new"] not in self.cases:
            return
        *_, a, b = self.cases[change["new"]]
        self._show_hands(a, b)

    def _deal(self, _=None) -> None:
        cards = stacked_deck(seed=self.rng.randrange(2**32))
        self._show_hands(" ".join(card_text(c) for c in cards[:5]), " ".join(card_text(c) for c in cards[5:10]))

    def _show_hands(self, a: str, b: str) -> None:
        """Put two hands in the fields and judge them once: always, even when a field's text does not change."""
        self._quiet = True
        self.hand_a.value, self.hand_b.value = a, b
        self._quiet = False
        self.refresh()

    def _follow_examples(self) -> None:
        """Show "(your own hands)" in the dropdown once the hands are no longer the picked example's."""
        key = self.examples.value
        if key in self.cases:
            *_, a, b = self.cases[key]
            try:
                same = (format_cards(parse_cards(self.hand_a.value)), format_cards(parse_cards(self.hand_b.value))) \
                    == (format_cards(parse_cards(a)), format_cards(parse_cards(b)))
            except CardError:
                same = False
            if not same:
                self._quiet = True
                self.examples.value = OWN
                self._quiet = False

    def refresh(self) -> None:
        """Show every system's verdict, or a one-line message if the hands are not two valid hands of one deck."""
        if self._quiet:
            return
        self._follow_examples()
        lang = self.lang.value
        try:
            shared = shared_cards(self.hand_a.value, self.hand_b.value)
            rows = [] if shared else verdicts(self.hand_a.value, self.hand_b.value, lang)
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
