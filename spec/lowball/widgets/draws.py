"""Notebook 5's panel: a hand and a discard, the exact chances of each kind of low in each system (D1, E2).

Every chance is shown as a count of equally likely draws, never reduced: "480 of 16,215" says that 480 of the
C(47, 3) = 16,215 sets of three new cards make the hand, where "32/1081" would hide what was counted.

The best-discard button says which system and which goal it optimises for, and
lets the reader choose both: the best draw in ace-to-six can be a trap in
ace-to-five's eyes and the other way round. When several discards make the goal
equally often (A-2-3-4-5 in ace-to-six: breaking the 2, the 3, the 4 or the 5 each
makes a seven-low or better in 8 of 47 draws), it says so, and says which of them
makes the better hands: first more of the better kinds, then the better hands one
class at a time (breaking the 5 is the only way to catch 6-4-3-2-A, the best hand).
"""

from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as w

from lowball.analysis.advice import Advice, advise
from lowball.analysis.odds import DrawOdds, draw_odds, goal_kind, kinds
from lowball.core.cards import Card
from lowball.errors import LowballError
from lowball.ranking import rank_text
from lowball.text import plural
from lowball.widgets.panel import Panel
from lowball.widgets.charts import img_tag, kind_order, odds_chart
from lowball.widgets.html import card_text, message, static_note, table
from lowball.widgets.language import (
    error_text, kind_label, language_switch, number, percent, say, system_title,
)

DRAW_SYSTEMS = ("ace-to-six", "deuce-to-seven", "ace-to-five")
# The most tied discards the advice names one by one; the rest are counted.
NAMED_TIES = 5

# Notebook 5's own words (the shared ones, such as "best_note", are in lowball.widgets.language).
DRAW_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "of": "{count} of {total}",
        "draws_note": "Each cell counts the draws that make the kind, of the {total} equally likely ones: every "
                      "set of {cards} from the {unseen} unseen.",
        "pat_note": "Standing pat: no card is drawn, so the hand is what it is (1 of 1).",
        "tied_one": "Throwing {others} makes {goal} just as often ({count}).",
        "tied_many": "Throwing {others} makes {goal} just as often ({count} each).",
        "more_kind": "{discard} is chosen for its better hands: it makes {kind} in {a}, against {b} for {other}.",
        "more_hand": "{discard} is chosen for its better hands: it makes {hand} in {a}, against {b} for {other}.",
        "never_hand": "{discard} is chosen for its better hands: it makes {hand} in {a}; throwing {other} never "
                      "does.",
        "same": "They make the same hands equally often: either will do.",
        "more": "{names} and {n} more",
        "or": "or",
        "throw_col": "throw", "best_col": "the best hand it can make (how often)",
    },
    "ru": {
        "of": "{count} из {total}",
        "draws_note": "В каждой клетке — сколько вариантов прикупа дают такую руку. Равновероятных вариантов: "
                      "{total}, это все наборы из {cards} среди {unseen} неизвестных.",
        "pat_note": "Игрок стоит: карт он не берёт, и рука остаётся какой была (1 из 1).",
        "tied_one": "Так же часто — в {count} — руку «{goal}» даёт и сброс {others}.",
        "tied_many": "Так же часто — в {count} — руку «{goal}» дают и сбросы {others}.",
        "more_kind": "Выбран сброс {discard}: руки с ним лучше. Руку «{kind}» он даёт в {a}, а сброс {other} — "
                     "в {b}.",
        "more_hand": "Выбран сброс {discard}: руки с ним лучше. {hand} он даёт в {a}, а сброс {other} — в {b}.",
        "never_hand": "Выбран сброс {discard}: руки с ним лучше. {hand} он даёт в {a}, а сброс {other} — "
                      "никогда.",
        "same": "Руки у них одни и те же и выпадают одинаково часто: годится любой.",
        "more": "{names} и ещё {n}",
        "or": "и",
        "throw_col": "сброс", "best_col": "лучшая возможная рука (сколько раз)",
    },
}


def words(lang: str, key: str, **fields: object) -> str:
    """Return notebook 5's word ``key`` in ``lang``, with its fields filled in."""
    return DRAW_WORDS[lang][key].format(**fields)


def count_of(n: int, total: int, lang: str = "en") -> str:
    """Return a count of draws over all the equally likely ones, unreduced: '480 of 16,215', '480 из 16 215'.

    >>> count_of(480, 16215), count_of(480, 16215, "ru") == "480 из 16\u202f215"
    ('480 of 16,215', True)
    """
    return words(lang, "of", count=number(n, lang), total=number(total, lang))


def cards_text(cards: tuple[Card, ...]) -> str:
    """Return cards as a reader writes them: 'K♣ Q♦'."""
    return " ".join(card_text(card) for card in cards)


def odds_table(results: dict, lang: str = "en") -> str:
    """Return the odds as one row per kind of low (best first) and one column per system: "8 of 47 (17.0%)".

    A kind a system does not have (a five-low in ace-to-six, where A-2-3-4-5 is a straight) is a dash.
    """
    kinds_seen = {}
    for odds in results.values():
        for kind, _ in odds.counts:
            kinds_seen.setdefault(kind.key, kind)
    rows = []
    for key in sorted(kinds_seen, key=kind_order):
        row = [kind_label(kinds_seen[key], lang)]
        for odds in results.values():
            n = next((n for kind, n in odds.counts if kind.key == key), None)
            row.append("—" if n is None else f"{count_of(n, odds.draws, lang)} ({percent(n / odds.draws, lang)})")
        rows.append(row)
    return table(rows, [say(lang, "kind_col")] + [system_title(s, lang) for s in results])


def draws_note(odds: DrawOdds, lang: str = "en") -> str:
    """Return the line under the table saying what each count is out of: C(unseen, k) equally likely draws."""
    k = len(odds.discard)
    if not k:
        return words(lang, "pat_note")
    unseen = odds.deck - len(odds.cards)
    cards = plural.ru(k, plural.CARD, "gen") if lang == "ru" else plural.en(k, "card", "cards")
    return words(lang, "draws_note", total=number(odds.draws, lang), unseen=number(unseen, lang), cards=cards)


# ---- The best discard (lowball.analysis.advice), and why it is the one chosen ----

def why_first(advice: Advice, lang: str = "en") -> str:
    """Return why the first tied discard is chosen over the second: a better kind more often, a better hand, or
    nothing (the same hands, equally often)."""
    first, second = advice.tied[0], advice.tied[1]
    names = {"discard": cards_text(first.odds.discard), "other": cards_text(second.odds.discard)}
    for kind, a in first.odds.counts:
        if kind.key == advice.goal.key:
            break
        b = second.odds.count(kind.key)
        if Fraction(a, first.odds.draws) != Fraction(b, second.odds.draws):
            return words(lang, "more_kind", kind=kind_label(kind, lang), a=count_of(a, first.odds.draws, lang),
                         b=count_of(b, second.odds.draws, lang), **names)
    for r in range(1, advice.goal.worst_rank + 1):
        a = first.classes[r - 1] if r <= len(first.classes) else 0
        b = second.classes[r - 1] if r <= len(second.classes) else 0
        if Fraction(a, first.odds.draws) != Fraction(b, second.odds.draws):
            hand = rank_text(first.hands[r], advice.system)
            if not b:
                return words(lang, "never_hand", hand=hand, a=count_of(a, first.odds.draws, lang), **names)
            return words(lang, "more_hand", hand=hand, a=count_of(a, first.odds.draws, lang),
                         b=count_of(b, second.odds.draws, lang), **names)
    return words(lang, "same")


def listed(names: list[str], lang: str = "en") -> str:
    """Return names as a list in a sentence: '2♦, 3♥ or 4♠' ('2♦, 3♥ и 4♠'); past ``NAMED_TIES``, a count of the rest."""
    if len(names) > NAMED_TIES:
        return words(lang, "more", names=", ".join(names[:NAMED_TIES]), n=number(len(names) - NAMED_TIES, lang))
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {words(lang, 'or')} {names[-1]}"


def advice_html(advice: Advice, lang: str = "en") -> str:
    """Return the advice: the best discard and its chance; when others tie on the goal, which ones, why this one
    is chosen, and a table of the tied discards with the best hand each can make."""
    best, goal = advice.best, advice.goal
    n = best.count(goal.key)

    def thrown(odds: DrawOdds) -> str:
        return cards_text(odds.discard) or say(lang, "nothing")

    chance = f"{count_of(n, best.draws, lang)} = {percent(n / best.draws, lang)}"
    lines = [message(say(lang, "best_note", system=system_title(advice.system, lang), goal=kind_label(goal, lang),
                         discard=thrown(best), chance=chance), "ok")]
    if len(advice.tied) > 1:
        others = advice.tied[1:]
        each = ", ".join(dict.fromkeys(count_of(t.odds.count(goal.key), t.odds.draws, lang) for t in others))
        lines.append(message(words(lang, "tied_one" if len(others) == 1 else "tied_many", count=each,
                                   others=listed([thrown(t.odds) for t in others], lang),
                                   goal=kind_label(goal, lang)), "ok"))
        lines.append(message(why_first(advice, lang), "ok"))
        rows = [[thrown(t.odds), count_of(t.odds.count(goal.key), t.odds.draws, lang),
                 f"{rank_text(t.hands[t.best_rank], advice.system)} "
                 f"({count_of(t.classes[t.best_rank - 1], t.odds.draws, lang)})"] for t in advice.tied]
        lines.append(table(rows, [words(lang, "throw_col"), kind_label(goal, lang), words(lang, "best_col")],
                           [i == 0 for i in range(len(rows))]))
    return "<br>".join(lines)


# ---- The panel ----

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
        self.draws = w.HTML()
        self.draws.add_class("lowball-draws-note")
        self.chart = w.HTML()
        self.chart.add_class("lowball-chart-box")
        self.suggested: Advice | None = None
        self._quiet = False
        self._labels()
        self.hand.observe(lambda _: (self._forget(), self.refresh()), names="value")
        self.discard.observe(lambda _: self.refresh(), names="value")
        self.system.observe(lambda _: self._goals(), names="value")
        self.goal.observe(lambda _: None if self._quiet else self._forget(), names="value")
        self.best.on_click(lambda _: self.suggest())
        self.lang.observe(lambda _: (self._labels(), self.refresh(), self._advise()), names="value")
        super().__init__([self.note, self.lang, self.hand, self.discard,
                          w.HBox([self.best, self.system, self.goal]), self.error, self.advice, self.result,
                          self.draws, self.chart])
        self.refresh()

    def _labels(self) -> None:
        """Write every label in the chosen language, keeping the chosen system, goal and advice."""
        lang = self.lang.value
        system, goal = self.system.value or DRAW_SYSTEMS[0], self.goal.value
        self._quiet = True
        self.note.value = static_note(lang)
        self.hand.description, self.discard.description = say(lang, "hand"), say(lang, "throw")
        self.best.description = say(lang, "best")
        self.system.description, self.goal.description = say(lang, "for"), say(lang, "goal")
        self.system.options = [(system_title(s, lang), s) for s in DRAW_SYSTEMS]
        self.system.value = system
        self._goals(goal)
        self._quiet = False

    def _goals(self, keep: str | None = None) -> None:
        """Offer the goals of the chosen system: ``keep`` (else the goal shown) if the system has it, else its
        default goal. A system the reader chooses takes the advice away: it was for another system."""
        lang, system = self.lang.value, self.system.value
        goal = keep if keep is not None else self.goal.value
        options = [(kind_label(kind, lang), kind.key) for kind in kinds(system)]
        keys = [key for _, key in options]
        quiet, self._quiet = self._quiet, True
        self.goal.options = options
        self.goal.value = goal if goal in keys else goal_kind(system).key
        self._quiet = quiet
        if not quiet:
            self._forget()

    def _forget(self) -> None:
        """Take the advice away: it was for another hand, system or goal, or the input is refused."""
        self.suggested = None
        self.advice.value = ""

    def refresh(self) -> None:
        """Show each system's exact chances for the discard, or a one-line message (and no advice) for bad input."""
        lang = self.lang.value
        try:
            results = {system: draw_odds(self.hand.value, self.discard.value, system) for system in DRAW_SYSTEMS}
        except LowballError as err:
            self.error.value = message(error_text(err, lang))
            self.result.value = self.draws.value = self.chart.value = ""
            self._forget()
            return
        self.error.value = ""
        self.result.value = odds_table(results, lang)
        self.draws.value = f"<span style='color:#555'>{html.escape(draws_note(results[DRAW_SYSTEMS[0]], lang))}</span>"
        self.chart.value = img_tag(odds_chart(results, lang, say(lang, "chart_title")))

    def suggest(self) -> None:
        """Put the best discard for the chosen goal, under the chosen system, into the field, and say why."""
        try:
            advice = advise(self.hand.value, self.system.value, self.goal.value)
        except LowballError as err:
            self.error.value = message(error_text(err, self.lang.value))
            self._forget()
            return
        self.suggested = advice
        self.discard.value = cards_text(advice.best.discard)
        self._advise()

    def _advise(self) -> None:
        """Say which discard was suggested, for which system and goal, its chance, and the discards tied with it."""
        self.advice.value = "" if self.suggested is None else advice_html(self.suggested, self.lang.value)
