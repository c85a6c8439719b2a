"""Notebook 13's panel and charts: what the teaching table's equilibrium does with a hand, and how CFR got there.

The panel is a thin shell over ``lowball.solve.policy.Equilibrium.advise``: a hand and a point of play in, the
equilibrium's frequencies (betting, or at the draw how many cards and which) and the teacher's facts (a snow, a
break, a bluff) out, in English or Russian. The chart draws exploitability against iterations on log scales.
"""

from __future__ import annotations

import html
from typing import Mapping, Sequence

import ipywidgets as w
from matplotlib.figure import Figure

from lowball.errors import LowballError
from lowball.solve.policy import Advice, Equilibrium
from lowball.widgets.charts import COLORS
from lowball.widgets.html import card_text, message, static_note, table
from lowball.widgets.language import edition, error_text, in_language, language_switch, percent
from lowball.widgets.panel import Panel

TABLE = "teaching-table"

# The points of play the panel offers: (the public line in the players' words, English, Russian).
POINTS: tuple[tuple[str, str, str], ...] = (
    ("", "p1 opens the betting", "p1 открывает торги"),
    ("check", "p2, after p1 checks", "p2 после чека p1"),
    ("bet", "p2, facing p1's bet", "p2 против ставки p1"),
    ("check check", "p1 draws, both checked", "p1 меняет, оба сказали чек"),
    ("bet call", "p1 draws, he bet and was called", "p1 меняет после своей ставки и колла"),
    ("check bet call", "p1 draws, he called p2's bet", "p1 меняет после колла ставки p2"),
    ("check check pat", "p2 draws, p1 stood pat", "p2 меняет, p1 стоит пат"),
    ("check check draw1", "p2 draws, p1 drew one", "p2 меняет, p1 взял одну"),
    ("check check draw1 draw1", "p1 after both drew one, first to act", "p1 после обмена (оба по одной), первый ход"),
    ("check check draw1 draw1 check", "p2 after both drew one, p1 checked", "p2 после обмена (оба по одной), p1 сказал чек"),
    ("check check draw1 pat bet", "p1 drew one, p2 stood pat and bets", "p1 взял одну, p2 без обмена ставит"),
)

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "hand": "Hand", "point": "Point", "action": "action", "often": "how often", "throws": "cards thrown",
        "check": "check", "call": "call", "bet": "bet", "raise": "raise", "fold": "fold", "pat": "stand pat",
        "draw": "draw {n}",
        "seat": "{seat} holds {cards} (bucket {bucket} of the abstraction).",
        "pat_hand": "A pat hand: standing pat is its best draw against a random hand.",
        "draw_hand": "Not a pat hand: its best draw throws {n}.",
        "weak": "Read as a final hand it is weak (the worse half of the hands).",
        "snow": "Snow: it stands pat with this weak hand {p} of the time.",
        "breaking": "Break: it draws to this pat hand {p} of the time.",
        "bluff": "Bluff: {above} of its range here is better, and it bets {p} of the time.",
        "range": "{above} of its range here is better than this hand.",
        "title": "Exploitability (mbb per hand) against iterations",
        "iterations": "iterations", "mbb": "exploitability, mbb per hand", "goal": "goal: 1 mbb",
        "unused": "(never)",
        "throw_note": ("The cards are the abstraction's throw for each count, the cards that do best against a "
                       "random hand; the equilibrium chooses only how many to throw, and a count it never "
                       "chooses shows no cards."),
    },
    "ru": {
        "hand": "Рука", "point": "Момент", "action": "действие", "often": "как часто", "throws": "какие карты",
        "check": "чек", "call": "колл", "bet": "ставка", "raise": "рейз", "fold": "пас",
        "pat": "без обмена", "draw": "поменять {n}",
        "seat": "{seat}: {cards} (корзина {bucket} абстракции).",
        "pat_hand": "Готовая рука: против случайной руки лучше всего её не менять.",
        "draw_hand": "Не готовая рука: лучший обмен — {n}.",
        "weak": "Как итоговая рука она слабая (в худшей половине рук).",
        "snow": "Блеф на обмене: с этой слабой рукой равновесие не меняет карт в {p} случаев.",
        "breaking": "Слом готовой руки: эту руку равновесие ломает в {p} случаев.",
        "bluff": "Блеф: {above} его диапазона здесь сильнее, и он ставит в {p} случаев.",
        "range": "{above} его диапазона здесь сильнее этой руки.",
        "title": "Уязвимость (mbb за раздачу) в зависимости от числа итераций",
        "iterations": "итерации", "mbb": "уязвимость, mbb за раздачу", "goal": "цель: 1 mbb",
        "unused": "(никогда)",
        "throw_note": ("Карты для каждого числа — сброс абстракции: те, что лучше всего играют против случайной "
                       "руки; равновесие выбирает только, сколько карт менять, и у числа, которое оно не "
                       "выбирает никогда, карт нет."),
    },
}


def say(lang: str, key: str, **fields: object) -> str:
    """Return the panel's word ``key`` in ``lang``, its fields filled in."""
    return WORDS[lang][key].format(**fields)


def action_word(word: str, lang: str = "en") -> str:
    """Return an action of ``Advice.frequencies`` as the language says it.

    >>> action_word("draw2"), action_word("pat", "ru"), action_word("bet", "ru")
    ('draw 2', 'без обмена', 'ставка')
    """
    if word.startswith("draw"):
        return say(lang, "draw", n=word[4:])
    return say(lang, word)


def advice_rows(advice: Advice, lang: str = "en") -> list[list[str]]:
    """Return the rows of the panel's table: each action, how often, and at a draw the cards it throws.

    The cards of a count come from the abstraction (its best throw against a random hand), not from the
    equilibrium, so a count the equilibrium never chooses shows none: 6♥ 10♣ as "draw 2" of 10-8-6-4-2 looked
    like advice to keep the 8.

    >>> advice = Equilibrium.load("teaching-table").advise("10c 8d 6h 4s 2c", line="check check")
    >>> advice_rows(advice)[:3]
    [['stand pat', '3.6%', ''], ['draw 1', '96.4%', '10♣'], ['draw 2', '0.0%', '(never)']]
    """
    throws = {f"draw{t.count}" if t.count else "pat": t.cards for t in advice.throws}
    rows = []
    for word, p in advice.frequencies.items():
        row = [action_word(word, lang), percent(p, lang)]
        if advice.phase == "draw":
            row.append(" ".join(card_text(c) for c in throws.get(word, ())) if chosen(p)
                       else "" if word == "pat" else say(lang, "unused"))
        rows.append(row)
    return rows


def chosen(p: float) -> bool:
    """Return whether a frequency shows as more than nothing at the panel's precision (0.1%).

    >>> chosen(0.0004), chosen(0.0005)
    (False, True)
    """
    return p >= 0.0005


def advice_notes(advice: Advice, best_count: int, lang: str = "en") -> list[str]:
    """Return the teacher's facts about a piece of advice, one sentence each (snow, break, bluff and why).

    >>> eq = Equilibrium.load("teaching-table")
    >>> advice = eq.advise("Qc Qd Qh Ks Kc", line="bet call")
    >>> advice_notes(advice, eq.lookup.best_count(advice.cards))[-1]
    'Snow: it stands pat with this weak hand 99.9% of the time.'
    """
    seat = f"p{advice.seat + 1}"
    notes = [say(lang, "seat", seat=seat, cards=" ".join(card_text(c) for c in advice.cards), bucket=advice.bucket)]
    if advice.phase == "draw":
        notes.append(say(lang, "pat_hand") if advice.pat_hand else say(lang, "draw_hand", n=best_count))
        if advice.weak:
            notes.append(say(lang, "weak"))
        if advice.pat_hand:
            notes.append(say(lang, "breaking", p=percent(advice.breaking, lang)))
        if advice.weak:
            notes.append(say(lang, "snow", p=percent(advice.snow, lang)))
    elif advice.range_above is not None:
        above = percent(advice.range_above, lang)
        bets = sum(p for word, p in advice.frequencies.items() if word in ("bet", "raise"))
        notes.append(say(lang, "bluff", above=above, p=percent(bets, lang)) if advice.range_above >= 0.5
                     else say(lang, "range", above=above))
    return notes


def convergence_chart(curves: Mapping[str, tuple[Sequence[float], Sequence[float]]], lang: str | None = None,
                      title: str = "", ylabel: str = "", goal: float | None = None) -> Figure:
    """Return exploitability against iterations on log scales, one line per curve (label -> (iterations, values)).

    Labels may be ``Both(english, russian)``; ``goal`` draws a dashed line at that value.
    """
    lang = lang or edition()           # a chart in a notebook cell speaks the edition's language
    fig = Figure(figsize=(7.2, 3.4))
    ax = fig.subplots()
    for i, (name, (xs, ys)) in enumerate(curves.items()):
        ax.plot(xs, ys, marker="o", markersize=3, color=COLORS[i % len(COLORS)], label=in_language(name, lang))
    if goal is not None:
        ax.axhline(goal, color="#888888", linestyle="--", linewidth=1, label=say(lang, "goal"))
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel(say(lang, "iterations"), fontsize=8)
    ax.set_ylabel(in_language(ylabel, lang) if ylabel else say(lang, "mbb"), fontsize=8)
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(fontsize=8, frameon=False)
    ax.set_title(in_language(title, lang) if title else say(lang, "title"), fontsize=10)
    fig.tight_layout()
    return fig


class SolvedPanel(Panel):
    """Type a hand and choose a point of play: what the teaching table's equilibrium does there, and why."""

    def __init__(self, cards: str = "9♣ 6♦ 4♥ 3♠ 2♣", point: str = "check check"):
        self.equilibrium = Equilibrium.load(TABLE)
        self.lang = language_switch()
        self.note = w.HTML()
        self.hand = w.Text(value=cards)
        self.hand.add_class("lowball-solved-hand")
        self.point = w.Dropdown(layout=w.Layout(width="460px"))
        self.point.add_class("lowball-solved-point")
        self.error = w.HTML()
        self.result = w.HTML()
        self.result.add_class("lowball-solved-advice")
        self._quiet = False
        self._point = point
        self._labels()
        for field in (self.hand, self.point):
            field.observe(lambda _: self.refresh(), names="value")
        self.lang.observe(lambda _: (self._labels(), self.refresh()), names="value")
        super().__init__([self.note, self.lang, self.hand, self.point, self.error, self.result])
        self.refresh()

    def _labels(self) -> None:
        lang = self.lang.value
        self.note.value = static_note(lang)
        self.hand.description, self.point.description = say(lang, "hand"), say(lang, "point")
        chosen = self.point.value if self.point.value is not None else self._point
        self._quiet = True
        self.point.options = [(ru if lang == "ru" else en, line) for line, en, ru in POINTS]
        self.point.value = chosen
        self._quiet = False

    def advice(self) -> Advice:
        """Return the equilibrium's advice for the hand at the chosen point (``Equilibrium.advise``)."""
        return self.equilibrium.advise(self.hand.value, line=self.point.value)

    def refresh(self) -> None:
        """Show the frequencies and the facts, or one line saying what is wrong with the hand."""
        if self._quiet:
            return
        lang = self.lang.value
        try:
            advice = self.advice()
        except LowballError as err:
            self.error.value = message(error_text(err, lang))
            self.result.value = ""
            return
        self.error.value = ""
        head = [say(lang, "action"), say(lang, "often")] + ([say(lang, "throws")] if advice.phase == "draw" else [])
        rows = advice_rows(advice, lang)
        top = max(advice.frequencies.values())
        notes = advice_notes(advice, self.equilibrium.lookup.best_count(advice.cards), lang)
        facts = "".join(f"<li>{html.escape(n)}</li>" for n in notes)
        throws = (f"<p class='lowball-solved-throws'>{html.escape(say(lang, 'throw_note'))}</p>"
                  if advice.phase == "draw" else "")
        self.result.value = (table(rows, head, [p == top for p in advice.frequencies.values()]) + throws +
                             f"<ul class='lowball-solved-facts'>{facts}</ul>")


__all__ = ["SolvedPanel", "action_word", "advice_notes", "advice_rows", "convergence_chart"]
