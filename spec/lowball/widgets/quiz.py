"""Notebook 3's panel: the quiz. Which hand wins, or rank these hands; a missed question comes back later."""

from __future__ import annotations

import html

import ipywidgets as w

from lowball.text.quiz import LETTERS, LEVELS, SYSTEMS, Quiz
from lowball.widgets.panel import Panel
from lowball.widgets.html import cards_html, message, static_note
from lowball.widgets.language import language_switch, say, system_title

WHICH = ((1, "wins_a", "a"), (-1, "wins_b", "b"), (0, "tie_button", "tie"))


class QuizPanel(Panel):
    """Hands and a system: pick the winner, or click the hands best to worst; get the clause; keep score."""

    def __init__(self, seed: int = 0, level: str = "tricky", system: str | None = None, kind: str | None = None):
        self.quiz = Quiz(seed=seed, level=level, system=system, kind=kind)
        self.lang = language_switch()
        self.note = w.HTML()
        self.settings = (level, system or "", kind or "")
        self.level = w.Dropdown(layout=w.Layout(width="220px"))
        self.system = w.Dropdown(layout=w.Layout(width="380px"))
        self.kind = w.Dropdown(layout=w.Layout(width="240px"))
        for box, name in ((self.level, "level"), (self.system, "system"), (self.kind, "kind")):
            box.add_class(f"lowball-quiz-{name}")
        self.question = w.HTML()
        self.question.add_class("lowball-question")
        self.which = []
        for guess, _, css in WHICH:
            button = w.Button()
            button.add_class(f"lowball-guess-{css}")
            button.on_click(lambda _, g=guess: self.answer(g))
            self.which.append(button)
        self.picks = []
        for index in range(len(LETTERS)):
            button = w.Button(description=LETTERS[index], layout=w.Layout(width="48px"))
            button.add_class(f"lowball-pick-{LETTERS[index].lower()}")
            button.on_click(lambda _, i=index: self.pick(i))
            self.picks.append(button)
        self.clear = w.Button()
        self.clear.add_class("lowball-clear")
        self.clear.on_click(lambda _: self.clear_order())
        self.order_text = w.HTML()
        self.order_text.add_class("lowball-order")
        self.buttons = w.HBox()
        self.feedback = w.HTML()
        self.feedback.add_class("lowball-feedback")
        self.score = w.HTML()
        self.score.add_class("lowball-score")
        self.next = w.Button(layout=w.Layout(width="auto"))
        self.next.add_class("lowball-next")
        self.next.on_click(lambda _: self.ask())
        self.order: list[int] = []
        self.last_guess = None
        self._quiet = False
        self._labels()
        for box in (self.level, self.system, self.kind):
            box.observe(self._settings, names="value")
        self.lang.observe(lambda _: (self._labels(), self._feedback(), self.show()), names="value")
        super().__init__([self.note, w.HBox([self.level, self.system, self.kind]), self.lang, self.question,
                          self.buttons, self.order_text, self.feedback, w.HBox([self.next, self.score])])
        self.ask()

    def _labels(self) -> None:
        lang = self.lang.value
        self._quiet = True
        self.note.value = static_note(lang)
        self.level.description, self.kind.description = say(lang, "level"), say(lang, "kind")
        self.system.description = say(lang, "system").capitalize()
        if self.level.options:
            self.settings = (self.level.value, self.system.value, self.kind.value)
        level, system, kind = self.settings
        self.level.options = [(say(lang, name), name) for name in LEVELS]
        self.system.options = [(say(lang, "any_system"), "")] + [(system_title(s, lang), s) for s in SYSTEMS]
        self.kind.options = [(say(lang, "any_kind"), ""), (say(lang, "which-wins"), "which-wins"),
                             (say(lang, "rank"), "rank")]
        self.level.value, self.system.value, self.kind.value = level, system, kind
        for button, (_, key, _) in zip(self.which, WHICH):
            button.description = say(lang, key)
        self.clear.description = say(lang, "clear")
        self.next.description = say(lang, "next")
        self._quiet = False

    def _settings(self, _=None) -> None:
        if self._quiet:
            return
        self.quiz.level, self.quiz.system = self.level.value, self.system.value or None
        self.quiz.kind = self.kind.value or None
        self.ask()

    def ask(self) -> None:
        """Show the next question (a missed one comes back a few questions later, with new cards)."""
        self.quiz.next()
        self.order = []
        self.last_guess = None
        self.feedback.value = ""
        self.show()

    def show(self) -> None:
        """Draw the question, its buttons and the score in the current language."""
        lang, q = self.lang.value, self.quiz.current
        key = "ask_which" if q.kind == "which-wins" else "ask_rank"
        again = f"<p class='lowball-again'><i>{say(lang, 'again')}</i></p>" if self.quiz.again else ""
        lines = "".join(f"<p>{LETTERS[i]}: {cards_html(hand)}</p>" for i, hand in enumerate(q.hands))
        self.question.value = f"{again}<p>{say(lang, key, system=html.escape(system_title(q.system, lang)))}</p>{lines}"
        if q.kind == "which-wins":
            self.buttons.children = self.which
            self.order_text.value = ""
        else:
            self.buttons.children = self.picks[:len(q.hands)] + [self.clear]
            for i, button in enumerate(self.picks[:len(q.hands)]):
                button.disabled = i in self.order
            shown = " ".join(LETTERS[i] for i in self.order) + " _" * (len(q.hands) - len(self.order))
            self.order_text.value = say(lang, "your_order", order=shown.strip())
        right, asked = self.quiz.score
        text = say(lang, "score", right=right, asked=asked)
        if self.quiz.to_practise:
            text += " · " + say(lang, "practise", n=self.quiz.to_practise)
        self.score.value = text

    def pick(self, index: int) -> None:
        """Add a hand to the order being built; with every hand placed, judge the order."""
        if index in self.order:
            return
        self.order.append(index)
        if len(self.order) == len(self.quiz.current.hands):
            self.answer(tuple(self.order))
        else:
            self.show()

    def clear_order(self) -> None:
        """Start the order again."""
        self.order = []
        self.last_guess = None
        self.feedback.value = ""
        self.show()

    def answer(self, guess) -> None:
        """Judge a guess (1: A, -1: B, 0: tie; or hand indexes best first) and explain it; the first one scores."""
        self.quiz.answer(guess, self.lang.value)
        self.last_guess = guess
        self._feedback()
        self.show()

    def _feedback(self) -> None:
        """Say the verdict on the last guess again, in the current language (it never scores twice)."""
        if self.last_guess is not None:
            q = self.quiz.current
            kind = "ok" if q.is_right(self.last_guess) else "error"
            self.feedback.value = message(q.feedback(self.last_guess, self.lang.value), kind)
