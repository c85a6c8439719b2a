"""Steps a stacked hand through at a game table, one action a press, each line naming its clause (notebooks 1, 9-12).

The one step-through panel of the course: ``GameSteps`` deals the hand at any
game table and can replay it at another (the card rooms' and the PHH standard's
F2L3D; the four settings of the sevens rule; stud high-low and razz); an action
a table refuses is shown with the clause that refuses it. ``StepThrough`` is
notebook 1's use of it: the teaching table, from its minimum stacks.
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass, field
from typing import Sequence

import ipywidgets as w

from lowball.core.behaviours import StreetKind
from lowball.core.cards import Card, deck_of, parse_cards
from lowball.core.games import GameTable, load_game_table
from lowball.engine.actions import Action
from lowball.engine.state import OVER, Hand, deck_for
from lowball.errors import IllegalAction
from lowball.widgets.hands import seats_html, status_html, story_html
from lowball.widgets.html import message, static_note
from lowball.widgets.language import PLAYERS, language_switch, player_name, say
from lowball.widgets.panel import Panel
from lowball.widgets.refusals import action_text, refusal_text

__all__ = ["GameSteps", "StepThrough", "TableChoice", "passive", "stud_deck"]


@dataclass(frozen=True)
class TableChoice:
    """A table the panel can play the hand at: a game and its overrides, with a label in each language."""

    game: str
    en: str
    ru: str
    overrides: dict[str, str] = field(default_factory=dict)

    def load(self) -> GameTable:
        """Return the game table with the overrides applied."""
        return load_game_table(self.game, overrides=self.overrides) if self.overrides else load_game_table(self.game)

    def label(self, lang: str) -> str:
        """Return the table's label in ``lang``."""
        return self.en if lang == "en" else self.ru


def stud_deck(hands: Sequence[str], table: GameTable, seed: int = 0) -> list[Card]:
    """Return a deck that deals each player the cards given, street by street, at a stud table (L3).

    Each hand lists a player's cards in the order the streets deal them (two down
    and one up, then the upcards, then the last card down); every player stays in
    to the end. The burns come from the other cards, shuffled by ``seed``. Hands
    of six cards stop the stacking before seventh street: with eight players the
    deck is then spent, and the table's rule deals what comes next (L8).

    >>> from lowball.core.cards import format_cards
    >>> deck = stud_deck(["Ac 2c 3c 4c 5c 6c 7c", "Ad 2d 3d 4d 5d 6d 7d"], load_game_table("stud-high-low"))
    >>> format_cards(deck[:9]), len(deck)          # third street, then a burn, then fourth street
    ('Ac Ad 2c 2d 3c 3d 2h 4c 4d', 52)
    """
    held = [list(parse_cards(h)) for h in hands]
    given = {card for cards in held for card in cards}
    rest = [card for card in deck_of(table.deck_cards) if card not in given]
    random.Random(seed).shuffle(rest)
    order: list[Card] = []
    taken = [0] * len(held)
    for street in table.streets:
        if street.kind is not StreetKind.DEAL:
            continue
        if any(taken[i] + street.cards > len(cards) for i, cards in enumerate(held)):
            break
        order.extend(rest.pop(0) for _ in range(street.burn))
        for _ in range(street.cards):
            for i, cards in enumerate(held):
                order.append(cards[taken[i]])
                taken[i] += 1
    return order + rest


def passive(hand: Hand) -> Action:
    """Return the quiet action of the player to act when the script has run out: bring it in, check or call, stand pat."""
    legal = hand.legal_actions()
    for kind in ("pb", "cc"):
        for action in legal:
            if action.kind == kind:
                return action
    return legal[0]                   # at a draw the first legal discard is none: stand pat


class GameSteps(Panel):
    """Deal a stacked hand at a game table and press "Next step" to see each action with the clause behind it.

    ``hands``: each player's cards (draw games: the five dealt, then ``then``
    serves the burns and replacements in order; stud: every card in street
    order). ``actions``: the players' decisions in order (dealing and serving
    are the dealer's, taken from the stacked deck); when they run out,
    ``quiet=True`` lets each player bring it in, check or call to the end.
    ``tables``: the tables the reader may switch between; the hand starts
    again at the chosen one. An action the table refuses stops the hand there,
    with the rule that refuses it.
    """

    def __init__(self, hands: Sequence[str], actions: Sequence[str], tables: Sequence[TableChoice] | str,
                 names: Sequence[str] | None = None, stacks: Sequence[int] | None = None, then: str = "",
                 seed: int = 0, quiet: bool = False):
        if isinstance(tables, str):
            table = load_game_table(tables)
            tables = [TableChoice(tables, table.title("en"), table.title("ru"))]
        self.choices = list(tables)
        self.hands_given, self.script, self.then, self.seed = list(hands), list(actions), then, seed
        self.names = list(names) if names else list(PLAYERS[:len(hands)])
        self.start_stacks = list(stacks) if stacks else None
        self.quiet = quiet
        self.lang = language_switch()
        self.note = w.HTML()
        self.step = w.Button()
        self.step.add_class("lowball-step")
        self.restart = w.Button()
        self.restart.add_class("lowball-restart")
        self.table_choice = w.ToggleButtons(style={"button_width": "auto"})
        self.table_choice.add_class("lowball-table-choice")
        self.table_choice.layout.display = "" if len(self.choices) > 1 else "none"
        self.status = w.HTML()
        self.status.add_class("lowball-status-box")
        self.seats = w.HTML()
        self.seats.add_class("lowball-seats")
        self.refusal = w.HTML()
        self.refusal.add_class("lowball-refusal")
        self.story = w.HTML()
        self.story.add_class("lowball-narration")
        self._labels()
        self.step.on_click(lambda _: self.next_step())
        self.restart.on_click(lambda _: self.reset())
        self._relabelling = False
        self.table_choice.observe(lambda _: None if self._relabelling else self.reset(), names="index")
        self.lang.observe(lambda _: (self._labels(), self.show()), names="value")
        super().__init__([self.note, w.HBox([self.step, self.restart, self.lang]), self.table_choice, self.status,
                          self.seats, self.refusal, self.story])
        self.reset()

    def _labels(self) -> None:
        lang = self.lang.value
        index = self.table_choice.index if self.table_choice.options else 0
        self._relabelling = True                  # new labels for the same tables: the hand goes on
        self.table_choice.options = [choice.label(lang) for choice in self.choices]
        self.table_choice.index = index or 0
        self._relabelling = False
        self.table_choice.description = say(lang, "table")
        self.step.description, self.restart.description = say(lang, "step"), say(lang, "restart")

    @property
    def choice(self) -> TableChoice:
        """Return the table the hand is played at now."""
        return self.choices[self.table_choice.index or 0]

    def reset(self) -> None:
        """Deal the hand again, at the chosen table."""
        table = self.choice.load()
        self.stud = any(street.kind is StreetKind.DEAL and street.up for street in table.streets)
        if self.stud:                                  # stud: face-up cards, shown apart from the face-down ones
            deck = stud_deck(self.hands_given, table, seed=self.seed)
        else:
            deck = deck_for(self.hands_given, then=self.then, seed=self.seed, cards=table.deck_cards)
        stacks = self.start_stacks or [100] * len(self.hands_given)
        self.hand = Hand(stacks, table=table, deck=deck, names=self.names, deal_by_hand=True)   # a step a press
        self.left = list(self.script)
        self.refused: tuple[str, IllegalAction] | None = None
        self.show()

    def next_step(self) -> None:
        """Apply the next action: the dealer's when due, else the next scripted (or quiet) player action."""
        hand = self.hand
        if hand.phase == OVER or self.refused:
            return
        if not hand.player_to_act:
            legal = hand.legal_actions()
            if legal:
                hand.apply(legal[0])
        elif self.left or self.quiet:
            action = self.left[0] if self.left else passive(hand)
            try:
                hand.apply(action)
            except IllegalAction as err:
                self.refused = (str(action), err)
            else:
                if self.left:
                    self.left.pop(0)
        self.show()

    @property
    def done(self) -> bool:
        """Return whether pressing on can change nothing: the hand is over, refused, or out of script."""
        hand = self.hand
        return hand.phase == OVER or self.refused is not None or (
            hand.player_to_act and not self.left and not self.quiet)

    def show(self) -> None:
        """Draw the status, the seats, any refusal and the story so far in the current language."""
        lang, hand = self.lang.value, self.hand
        self.note.value = static_note(lang)
        self.step.disabled = self.done
        self.status.value = status_html(hand, lang, turn=True)
        self.seats.value = seats_html(hand, lang, stud=self.stud)
        if self.refused:
            action, err = self.refused
            who = player_name(hand.names[hand.to_act], lang) if hand.to_act is not None else ""
            text = say(lang, "refused", table=self.choice.label(lang), who=who, action=action_text(action, lang),
                       reason=refusal_text(err, lang))
            self.refusal.value = message(text) + f"<div>{html.escape(say(lang, 'refused_short'))}</div>"
        else:
            self.refusal.value = ""
        self.story.value = story_html(hand, lang, last=True)


class StepThrough(GameSteps):
    """Notebook 1's step-through: a stacked hand at the teaching table, each player from the table's minimum stack."""

    def __init__(self, hands: Sequence[str], actions: Sequence[str], then: str = "",
                 names: Sequence[str] | None = None, stacks: Sequence[int] | None = None):
        table = load_game_table()
        super().__init__(hands, actions, table.name, names=names, then=then,
                         stacks=stacks or [table.min_stack] * len(hands))
