"""Notebook 1's panel: a stacked hand, one step per press, each line naming its rule (T1-T7, B1, D1, B2, S1-S3)."""

from __future__ import annotations

import ipywidgets as w

from lowball.core.games import load_game_table
from lowball.engine.state import OVER, Hand, deck_for
from lowball.widgets.panel import Panel
from lowball.widgets.hands import seats_html, status_html, story_html
from lowball.widgets.html import static_note
from lowball.widgets.language import language_switch, say


class StepThrough(Panel):
    """Deal a hand and press "Next step" to see each action with the rule behind it."""

    def __init__(self, hands: list[str], actions: list[str], then: str = "", names: list[str] | None = None,
                 stacks: list[int] | None = None):
        table = load_game_table()
        self.script = list(actions)
        self.make = lambda: Hand(stacks or [table.min_stack] * len(hands), deck=deck_for(hands, then=then),
                                 names=names, deal_by_hand=True)      # each of the dealer's steps is a step
        self.lang = language_switch()
        self.note = w.HTML()
        self.step = w.Button()
        self.step.add_class("lowball-step")
        self.restart = w.Button()
        self.restart.add_class("lowball-restart")
        self.status = w.HTML()
        self.seats = w.HTML()
        self.seats.add_class("lowball-seats")
        self.story = w.HTML()
        self.story.add_class("lowball-narration")
        self.step.on_click(lambda _: self.next_step())
        self.restart.on_click(lambda _: self.reset())
        self.lang.observe(lambda _: self.show(), names="value")
        super().__init__([self.note, w.HBox([self.step, self.restart, self.lang]), self.status, self.seats, self.story])
        self.reset()

    def reset(self) -> None:
        """Start the hand again from the antes."""
        self.hand = self.make()
        self.left = list(self.script)
        self.shown = len(self.hand.events)
        self.show()

    def next_step(self) -> None:
        """Apply the next action: a deal or a show when due, else the next scripted player action."""
        hand = self.hand
        if hand.phase == OVER:
            return
        hand.apply(self.left.pop(0) if hand.player_to_act else hand.legal_actions()[0])
        self.shown = len(hand.events)
        self.show()

    def show(self) -> None:
        """Draw the buttons, the status line and the story so far in the current language."""
        lang = self.lang.value
        self.note.value = static_note(lang)
        self.step.description, self.restart.description = say(lang, "step"), say(lang, "restart")
        self.step.disabled = self.hand.phase == OVER
        self.story.value = story_html(self.hand, lang, upto=self.shown)
        self.status.value = status_html(self.hand, lang)
        self.seats.value = seats_html(self.hand, lang)
