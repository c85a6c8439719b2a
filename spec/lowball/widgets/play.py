"""Notebook 6's panel: play the teaching table against the bots, with buttons for exactly the legal actions."""

from __future__ import annotations

import base64
import html
import random

import ipywidgets as w

from lowball.core.games import load_game_table
from lowball.engine.actions import Action
from lowball.engine.session import Session
from lowball.engine.state import BET, DRAW, OVER, Hand
from lowball.errors import LowballError
from lowball.phh.history import to_phh
from lowball.play.bots import BOTS
from lowball.play.sessions import play_hand
from lowball.widgets.panel import Panel
from lowball.widgets.hands import status_html, story_html
from lowball.widgets.html import card_text, cards_html, message, static_note
from lowball.widgets.language import error_text, language_switch, player_name, say, signed

BOT_NAMES = ("Lena", "Misha", "Olga", "Pasha")


def give_up(hand: Hand, rng: random.Random) -> Action:
    """Return the reader's action once they have pressed "New hand" mid-hand: fold to a bet, else check or stand pat.

    Folding is legal only facing a bet (B1), so a hand given up is checked down
    when nobody bets, and its player stands pat at the draw (D1).
    """
    legal = {action.kind: action for action in hand.legal_actions()}
    if hand.phase == BET:
        return legal["f"] if hand.owed(hand.to_act) and "f" in legal else legal["cc"]
    return Action("sd", hand.to_act, cards=())


class PlayPanel(Panel):
    """Play the teaching table against the bots: buttons for exactly the legal actions (B1, D1); the button moves (T7)."""

    def __init__(self, players: int = 3, seed: int = 0, bot: str = "sound", you: str = "you"):
        table = load_game_table()
        self.you = you
        self.bot = BOTS[bot]
        self.rng = random.Random(seed)
        self.session = Session([you, *BOT_NAMES[:players - 1]], table.min_stack * 2, seed=seed)
        self.hand: Hand | None = None
        self.given_up: int | None = None          # your result in the hand given up by "New hand", to tell
        self.topped_up: list[tuple[str, int]] = []  # who was topped up to the minimum stack before this hand (T5)
        self.lang = language_switch()
        self.note = w.HTML()
        self.actions = w.HBox()
        self.actions.add_class("lowball-actions")
        self.cards = w.HBox()
        self.cards.add_class("lowball-your-cards")
        self.status = w.HTML()
        self.prompt = w.HTML()
        self.prompt.add_class("lowball-prompt")
        self.story = w.HTML()
        self.story.add_class("lowball-narration")
        self.phh = w.Textarea(layout=w.Layout(width="100%", height="160px"))
        self.phh.add_class("lowball-phh")
        self.download = w.HTML()
        self.new = w.Button()
        self.new.add_class("lowball-new-hand")
        self.new.on_click(lambda _: self.new_hand())
        self.lang.observe(lambda _: self.show(), names="value")
        super().__init__([self.note, w.HBox([self.new, self.lang]), self.status, self.cards, self.prompt,
                          self.actions, self.story, self.phh, self.download])
        self.new_hand()

    def new_hand(self) -> None:
        """Finish the hand (a hand in progress is given up: folded to a bet, else checked down), then deal the next.

        The finished hand's stacks are kept and the button moves one seat (T7);
        short stacks are topped up to the minimum (T5).
        """
        self.given_up = None
        self.topped_up: list[tuple[str, int]] = []
        hand = self.hand
        if hand is not None:
            if hand.phase != OVER:
                bots = {name: self.bot for name in hand.names} | {self.you: give_up}
                play_hand(hand, bots, self.rng)
                self.given_up = hand.result.changes[hand.names.index(self.you)]
            self.session.finish(hand)
        table = self.session.table
        for name, stack in list(self.session.stacks.items()):
            if stack < table.min_stack:
                self.session.top_up(name, table.min_stack - stack)
                self.topped_up.append((name, table.min_stack - stack))
        self.hand = self.session.new_hand()
        self.run_bots()

    def run_bots(self) -> None:
        """Let the dealer and the bots act until it is your turn or the hand is over."""
        hand = self.hand
        hand.advance()
        while hand.phase != OVER and hand.names[hand.to_act] != self.you:
            hand.apply(self.bot(hand, self.rng))
            hand.advance()
        self.show()

    def act(self, action: Action) -> None:
        """Apply your action (one of the legal ones shown) and let the bots answer."""
        self.given_up = None
        try:
            self.hand.apply(action)
        except LowballError as err:
            self.prompt.value = message(error_text(err, self.lang.value))
            return
        self.run_bots()

    def _discard(self, _=None) -> None:
        seat = self.hand.to_act
        chosen = tuple(card for card, box in zip(self.hand.hands[seat], self.card_boxes) if box.value)
        self.act(Action("sd", seat, cards=chosen))

    def _label(self, action: Action) -> str:
        lang, hand = self.lang.value, self.hand
        if action.kind == "f":
            return say(lang, "f")
        if action.kind == "cc":
            owed = hand.owed(hand.to_act)
            return say(lang, "call", amount=owed) if owed else say(lang, "check")
        return say(lang, "raise" if hand.level else "bet", amount=action.amount)

    def show(self) -> None:
        """Draw the table: status, your cards, the legal actions (or the draw), and the story."""
        hand, lang = self.hand, self.lang.value
        seat = hand.names.index(self.you)
        self.note.value = static_note(lang)
        self.new.description = say(lang, "new")
        self.status.value = status_html(hand, lang, self.you)
        mine = hand.hands[seat]
        buttons: list[w.Widget] = []
        self.card_boxes = []
        yours = hand.phase != OVER and hand.to_act == seat
        if yours and hand.phase == BET:
            for action in hand.legal_actions():
                button = w.Button(description=self._label(action), layout=w.Layout(width="auto"))
                button.add_class(f"lowball-act-{action.kind}")
                button.on_click(lambda _, a=action: self.act(a))
                buttons.append(button)
        if yours and hand.phase == DRAW:
            self.card_boxes = [w.ToggleButton(description=card_text(card), layout=w.Layout(width="60px"))
                               for card in mine]
            discard = w.Button(description=say(lang, "discard"), layout=w.Layout(width="auto"))
            discard.add_class("lowball-act-sd")
            discard.on_click(self._discard)
            buttons.append(discard)
        label = w.HTML(f"<b>{say(lang, 'your_cards')}:</b>&nbsp;")
        self.cards.children = [label] + (self.card_boxes or [w.HTML(cards_html(mine))])
        self.actions.children = buttons
        notices = []
        if self.given_up is not None:
            key = "new_mid_won" if self.given_up > 0 else "new_mid" if self.given_up < 0 else "new_mid_even"
            notices.append(say(lang, key, change=signed(self.given_up, lang)))
        if self.topped_up:
            who = ", ".join(f"{player_name(name, lang, self.you)} {signed(chips, lang)}"
                            for name, chips in self.topped_up)
            notices.append(say(lang, "topped_up", stack=self.session.table.min_stack, who=who))
        notice = "".join(f"<p class='lowball-notice'>{html.escape(text)}</p>" for text in notices)
        if hand.phase == OVER:
            self.prompt.value = f"{notice}<b class='lowball-over'>{say(lang, 'over')}</b>"
            self.phh.value = to_phh(hand)
            self.phh.layout.display = None
            data = base64.b64encode(self.phh.value.encode()).decode()
            self.download.value = (f"<a class='lowball-download' download='hand.phh' "
                                   f"href='data:text/plain;base64,{data}'>{say(lang, 'download')}</a>")
        else:
            owed = hand.owed(seat) if yours and hand.phase == BET else 0
            turn = say(lang, "your_turn") + (" " + say(lang, "to_call", owed=owed) if owed else "")
            self.prompt.value = f"{notice}<span class='lowball-turn'>{html.escape(turn)}</span>"
            self.phh.value = ""
            self.phh.layout.display = "none"
            self.download.value = ""
        self.story.value = story_html(hand, lang, self.you)
