"""Notebook 7's panel: change the table (players, raises, minimum stack) and prove its guarantees again (T1, T4, T5, D1).

The check runs Z3 through ``lowball.verify``; while it runs the button is
disabled and says so, and when a slider moves the last verdicts are cleared,
since they were about another table.
"""

from __future__ import annotations

from typing import Iterable

import ipywidgets as w

from lowball.core.games import GameTable, load_game_table
from lowball.engine.state import max_investment
from lowball.errors import LowballError
from lowball.text.verdicts import gist
from lowball.verify import Check, load_for_verify, verify
from lowball.verify.properties import BY_NUMBER
from lowball.widgets.panel import Panel
from lowball.widgets.html import message, static_note, table
from lowball.widgets.language import error_text, language_switch, say

CHECKED = (4, 5, 7)


def title(check: Check, table: GameTable, lang: str) -> str:
    """Return a property's title in ``lang``, from the property's one home (``lowball.verify.properties``)."""
    return check.title if lang == "en" else BY_NUMBER[check.number].title(table, lang)


def reason(check: Check, table: GameTable, lang: str) -> str:
    """Return why a property holds or fails: the panel's short reading of the verdict (``lowball.text.verdicts``),
    where the language has one, else the verifier's own words (the counterexample, or the last fact)."""
    state = "proved" if check.holds else "refuted"
    key = BY_NUMBER[check.number].name
    fields = {**check.figures, "players": table.players_max, "deck_cards": table.deck_cards,
              "min_stack": table.min_stack, "raises": table.raises_per_round,
              "most": check.figures.get("max_investment", max_investment(table))}
    # a figure nobody could give (no most where raising is unlimited) leaves its reading to the next key
    fields = {name: value for name, value in fields.items() if value is not None}
    short = gist([f"{key}.{state}", f"{key}.{state}-any", state], fields, lang)
    if short is not None:
        return short
    return check.refutation(lang) or (check.facts(lang)[-1] if check.verdicts else "")


class ProofPanel(Panel):
    """Change players, raises per round and the minimum stack; see which guarantees still hold (T1, T4, T5, D1)."""

    def __init__(self, checks: Iterable[Check] = ()):
        """Start on the shipped table; ``checks``: its verdicts if the notebook has proved them already, so the
        panel need not run Z3 again before the page can show (properties 4, 5 and 7 must be among them)."""
        table = load_game_table()
        style = {"description_width": "170px"}
        wide = w.Layout(width="460px")
        self.lang = language_switch()
        self.note = w.HTML()
        self.players = w.IntSlider(value=table.players_max, min=2, max=10, style=style, layout=wide)
        self.raises = w.IntSlider(value=table.raises_per_round, min=0, max=8, style=style, layout=wide)
        self.stack = w.IntSlider(value=table.min_stack, min=1, max=40, style=style, layout=wide)
        for slider, css in ((self.players, "players"), (self.raises, "raises"), (self.stack, "stack")):
            slider.add_class(f"lowball-slider-{css}")
            slider.observe(lambda _: self.stale(), names="value")
        self.run = w.Button(layout=w.Layout(width="260px"))
        self.run.add_class("lowball-check")
        self.result = w.HTML()
        self.result.add_class("lowball-proofs")
        self.checks: list[Check] | None = None
        self.table: GameTable | None = None
        self.problem = ""
        self.run.on_click(lambda _: self.check())
        self.lang.observe(lambda _: self.show(), names="value")
        super().__init__([self.note, self.lang, self.players, self.raises, self.stack, self.run, self.result])
        known = {check.number: check for check in checks}
        if all(number in known for number in CHECKED):
            self.table = load_for_verify()[0]
            self.checks = [known[number] for number in CHECKED]
            self.show()
        else:
            self.check()

    def settings(self) -> dict[str, str]:
        """Return the table changes the sliders ask for, as ``lowball verify --set`` would take them."""
        return {"players.max": str(self.players.value), "raises_per_round": str(self.raises.value),
                "min_stack": str(self.stack.value)}

    def stale(self) -> None:
        """Forget the verdicts: they were about the table before the slider moved."""
        self.checks, self.problem = None, ""
        self.show()

    def check(self) -> None:
        """Prove properties 4, 5 and 7 of the changed table (the button is busy meanwhile) and show each verdict."""
        lang = self.lang.value
        self.run.disabled, self.run.description = True, say(lang, "checking")
        self.result.value = f"<p class='lowball-busy'>{say(lang, 'busy')}</p>"
        try:
            self.table, rankings = load_for_verify(overrides=self.settings())
            self.checks, self.problem = verify(self.table, rankings, only=set(CHECKED)), ""
        except LowballError as err:
            self.checks, self.problem = None, error_text(err, lang)
        finally:
            self.run.disabled = False
        self.show()

    def show(self) -> None:
        """Draw the labels and the verdicts (or why there are none) in the current language."""
        lang = self.lang.value
        self.note.value = static_note(lang)
        self.players.description = say(lang, "players")
        self.raises.description = say(lang, "raises")
        self.stack.description = say(lang, "min_stack")
        self.run.description = say(lang, "check_button")
        if self.problem:
            self.result.value = message(self.problem)
        elif self.checks is None:
            self.result.value = f"<p class='lowball-stale'>{say(lang, 'stale')}</p>"
        else:
            rows = [[str(c.number), title(c, self.table, lang), say(lang, "proved" if c.holds else "refuted"),
                     reason(c, self.table, lang)] for c in self.checks]
            self.result.value = table(rows, ["#", say(lang, "property"), say(lang, "verdict"), say(lang, "why")],
                                      [not c.holds for c in self.checks])
