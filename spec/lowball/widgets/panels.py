"""Interactive panels for the teaching notebooks: thin shells over the public functions.

Each callback calls one function of the package and shows its result; bad
input shows a one-line message next to the field, never a traceback. CSS
classes (``lowball-*``) name the parts the browser tests read.
"""

from __future__ import annotations

import base64
import html
import random

import ipywidgets as w

from lowball.text.narration import narrate
from lowball.errors import LowballError
from lowball.text.explain import category_name, explain
from lowball.engine.state import BET, DRAW, OVER, Hand, deck_for, stacked_deck
from lowball.phh.history import to_phh
from lowball.ranking import compare, evaluate
from lowball.core.games import load_game_table

SEED_EXAMPLES = {
    "E1: Lena's 6-4 against Misha's wheel": ("6♣ 4♥ 3♠ 2♦ A♣", "5♠ 4♦ 3♣ 2♥ A♦"),
    "E2: the flush trap": ("8♣ 6♥ 4♦ 3♣ A♦", "7♠ 5♠ 4♠ 3♠ A♠"),
    "H2: K-9-7-4-2 against the wheel": ("K♥ 9♦ 7♣ 4♠ 2♥", "A♣ 2♦ 3♥ 4♣ 5♠"),
    "H4: A-K-Q-J-10 against K-Q-J-10-8": ("A♠ K♦ Q♥ J♠ 10♣", "K♣ Q♦ J♥ 10♠ 8♣"),
    "K1: 7-5-4-3-2 against 7-6-5-4-2": ("7♣ 5♦ 4♥ 3♠ 2♣", "7♦ 6♥ 5♠ 4♣ 2♦"),
    "L1: 6-4-3-2-A against 6-5-4-3-2": ("6♣ 4♦ 3♥ 2♠ A♦", "6♦ 5♥ 4♠ 3♣ 2♦"),
}
COMPARED = ("ace-to-six", "ace-to-six-ace-low", "deuce-to-seven", "ace-to-five")
WORDS = {
    "en": {"a": "hand A wins", "b": "hand B wins", "tie": "tie", "system": "system", "verdict": "verdict",
           "why": "why", "disagree": "The systems disagree on this pair.", "agree": "All systems agree.",
           "score": "Score: {right} of {asked}", "next": "Next question", "step": "Next step", "pot": "pot",
           "stacks": "stacks", "new": "New hand", "discard": "Discard the selected cards (none: stand pat)",
           "your_turn": "Your move, {who}.", "over": "The hand is over.", "download": "Download the hand (PHH)"},
    "ru": {"a": "выигрывает рука A", "b": "выигрывает рука B", "tie": "ничья", "system": "система",
           "verdict": "итог", "why": "почему", "disagree": "Системы расходятся на этой паре.",
           "agree": "Все системы согласны.", "score": "Счёт: {right} из {asked}", "next": "Следующий вопрос",
           "step": "Следующий шаг", "pot": "банк", "stacks": "запасы", "new": "Новая раздача",
           "discard": "Сбросить выбранные карты (ни одной — оставить руку)", "your_turn": "Ваш ход, {who}.",
           "over": "Раздача окончена.", "download": "Скачать раздачу (PHH)"},
}
VERDICT_KEY = {1: "a", -1: "b", 0: "tie"}


def language_switch() -> w.ToggleButtons:
    """Return the English/Russian switch used by every panel."""
    switch = w.ToggleButtons(options=[("English", "en"), ("Русский", "ru")], value="en",
                             description="", style={"button_width": "90px"})
    switch.add_class("lowball-lang")
    return switch


def message(text: str = "", kind: str = "error") -> str:
    """Return HTML for a one-line message next to a field."""
    color = "#b00020" if kind == "error" else "#1b5e20"
    return f'<span class="lowball-{kind}" style="color:{color}">{html.escape(text)}</span>' if text else ""


def _table(rows: list[list[str]], head: list[str], highlight: list[bool] | None = None) -> str:
    cells = "".join(f"<th style='text-align:left;padding:2px 8px'>{html.escape(h)}</th>" for h in head)
    body = []
    for i, row in enumerate(rows):
        style = "background:#fff3cd" if highlight and highlight[i] else ""
        tds = "".join(f"<td style='padding:2px 8px'>{html.escape(c)}</td>" for c in row)
        body.append(f"<tr class='lowball-row' style='{style}'>{tds}</tr>")
    return f"<table class='lowball-table'><tr>{cells}</tr>{''.join(body)}</table>"


# ---- Notebook 2: three rankings, one pair of hands ----

def verdicts(a: str, b: str, lang: str = "en") -> list[dict[str, str]]:
    """Return, per compared system, the verdict on hands a and b and its explanation."""
    rows = []
    for system in COMPARED:
        result = compare(a, b, system)
        va, vb = evaluate(a, system), evaluate(b, system)
        rows.append({"system": system, "verdict": WORDS[lang][VERDICT_KEY[result]],
                     "a": f"{category_name(va.category, lang)} ({va.rank:,})",
                     "b": f"{category_name(vb.category, lang)} ({vb.rank:,})",
                     "why": explain(a, b, system, lang), "winner": VERDICT_KEY[result]})
    return rows


class RankingPanel(w.VBox):
    """Type (or pick) two hands and see the verdict of every system side by side (H2, K1, F1, C1)."""

    def __init__(self, a: str = "6♣ 4♥ 3♠ 2♦ A♣", b: str = "5♠ 4♦ 3♣ 2♥ A♦", seed: int = 0):
        self.rng = random.Random(seed)
        self.hand_a = w.Text(value=a, description="Hand A")
        self.hand_b = w.Text(value=b, description="Hand B")
        self.hand_a.add_class("lowball-hand-a")
        self.hand_b.add_class("lowball-hand-b")
        self.examples = w.Dropdown(options=["(your own)"] + list(SEED_EXAMPLES), description="Seeds")
        self.deal = w.Button(description="Deal two hands")
        self.deal.add_class("lowball-deal")
        self.lang = language_switch()
        self.error = w.HTML()
        self.result = w.HTML()
        self.result.add_class("lowball-verdicts")
        for field in (self.hand_a, self.hand_b):
            field.observe(lambda _: self.refresh(), names="value")
        self.examples.observe(self._pick, names="value")
        self.lang.observe(lambda _: self.refresh(), names="value")
        self.deal.on_click(self._deal)
        super().__init__([w.HBox([self.examples, self.deal, self.lang]), self.hand_a, self.hand_b, self.error,
                          self.result])
        self.refresh()

    def _pick(self, change) -> None:
        if change["new"] in SEED_EXAMPLES:
            a, b = SEED_EXAMPLES[change["new"]]
            self.hand_a.value, self.hand_b.value = a, b

    def _deal(self, _=None) -> None:
        cards = stacked_deck(seed=self.rng.randrange(2**32))
        self.hand_a.value = " ".join(map(str, cards[:5]))
        self.hand_b.value = " ".join(map(str, cards[5:10]))

    def refresh(self) -> None:
        """Show every system's verdict, or a one-line message if a hand is not valid."""
        try:
            rows = verdicts(self.hand_a.value, self.hand_b.value, self.lang.value)
        except LowballError as err:
            self.error.value = message(str(err))
            self.result.value = ""
            return
        self.error.value = ""
        words = WORDS[self.lang.value]
        differ = len({r["winner"] for r in rows}) > 1
        table = _table([[r["system"], r["verdict"], r["a"], r["b"], r["why"]] for r in rows],
                       [words["system"], words["verdict"], "A", "B", words["why"]],
                       [differ and r["winner"] != rows[0]["winner"] for r in rows])
        note = words["disagree"] if differ else words["agree"]
        self.result.value = f"<p class='lowball-agreement'>{note}</p>{table}"


# ---- Notebook 3: the quiz ----

class QuizPanel(w.VBox):
    """Two hands and a system: pick the winner, get the explanation, keep score."""

    def __init__(self, seed: int = 0, level: str = "tricky"):
        from lowball.text.quiz import LEVELS, make_question

        self.make_question = make_question
        self.rng = random.Random(seed)
        self.level = w.Dropdown(options=list(LEVELS), value=level, description="Level")
        self.lang = language_switch()
        self.question = w.HTML()
        self.question.add_class("lowball-question")
        self.buttons = []
        for label, guess in (("A wins", 1), ("B wins", -1), ("Tie", 0)):
            button = w.Button(description=label)
            button.add_class(f"lowball-guess-{VERDICT_KEY[guess]}")
            button.on_click(lambda _, g=guess: self.answer(g))
            self.buttons.append(button)
        self.feedback = w.HTML()
        self.feedback.add_class("lowball-feedback")
        self.score = w.HTML()
        self.score.add_class("lowball-score")
        self.next = w.Button(description=WORDS["en"]["next"])
        self.next.add_class("lowball-next")
        self.next.on_click(lambda _: self.ask())
        self.level.observe(lambda _: self.ask(), names="value")
        self.right = self.asked = 0
        super().__init__([w.HBox([self.level, self.lang]), self.question, w.HBox(self.buttons), self.feedback,
                          w.HBox([self.next, self.score])])
        self.ask()

    def ask(self) -> None:
        """Show a new question."""
        self.current = self.make_question(self.rng, self.level.value)
        self.answered = False
        q = self.current
        self.question.value = (f"<p>System: <b>{q.system}</b></p><p>A: <code>{html.escape(q.a)}</code></p>"
                               f"<p>B: <code>{html.escape(q.b)}</code></p>")
        self.feedback.value = ""
        self._show_score()

    def answer(self, guess: int) -> None:
        """Judge a guess (1: A, -1: B, 0: tie) and explain; only the first answer to a question scores."""
        if not self.answered:
            self.asked += 1
            self.right += guess == self.current.answer
            self.answered = True
        kind = "ok" if guess == self.current.answer else "error"
        self.feedback.value = message(self.current.feedback(guess, self.lang.value), kind)
        self._show_score()

    def _show_score(self) -> None:
        self.score.value = WORDS[self.lang.value]["score"].format(right=self.right, asked=self.asked)


# ---- Notebooks 1 and 6: a hand step by step, and a hand against the bots ----

def _status(hand: Hand, lang: str) -> str:
    words = WORDS[lang]
    stacks = ", ".join(f"{name} {stack}" for name, stack in zip(hand.names, hand.stacks))
    return f"<p class='lowball-status'><b>{words['pot']}</b> {hand.pot} · <b>{words['stacks']}</b> {stacks}</p>"


class StepThrough(w.VBox):
    """Deal a hand and press "Next step" to see each action with the rule behind it (T1-T7, B1, D1, B2, S1-S3)."""

    def __init__(self, hands: list[str], actions: list[str], then: str = "", names: list[str] | None = None,
                 stacks: list[int] | None = None):
        table = load_game_table()
        self.script = list(actions)
        self.make = lambda: Hand(stacks or [table.min_stack] * len(hands), deck=deck_for(hands, then=then),
                                 names=names)
        self.lang = language_switch()
        self.step = w.Button(description=WORDS["en"]["step"])
        self.step.add_class("lowball-step")
        self.restart = w.Button(description="Restart")
        self.status = w.HTML()
        self.story = w.HTML()
        self.story.add_class("lowball-narration")
        self.step.on_click(lambda _: self.next_step())
        self.restart.on_click(lambda _: self.reset())
        self.lang.observe(lambda _: self.show(), names="value")
        super().__init__([w.HBox([self.step, self.restart, self.lang]), self.status, self.story])
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
        if hand.player_to_act:
            hand.apply(self.left.pop(0))
        else:
            hand.apply(hand.legal_actions()[0])
        self.shown = len(hand.events)
        self.show()

    def show(self) -> None:
        lines = narrate(self.hand, self.lang.value)[: self.shown]
        self.story.value = "<ol>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ol>"
        self.status.value = _status(self.hand, self.lang.value)


class PlayPanel(w.VBox):
    """Play the teaching table against the bots: buttons for exactly the legal actions (B1, D1)."""

    def __init__(self, players: int = 3, seed: int = 0, bot: str = "sound", you: str = "you"):
        from lowball.play.bots import BOTS
        from lowball.engine.session import Session

        table = load_game_table()
        names = [you] + [f"bot{i}" for i in range(1, players)]
        self.you = you
        self.bot = BOTS[bot]
        self.rng = random.Random(seed)
        self.session = Session(names, table.min_stack * 2, seed=seed)
        self.lang = language_switch()
        self.actions = w.HBox()
        self.actions.add_class("lowball-actions")
        self.cards = w.HBox()
        self.status = w.HTML()
        self.prompt = w.HTML()
        self.prompt.add_class("lowball-prompt")
        self.story = w.HTML()
        self.story.add_class("lowball-narration")
        self.phh = w.Textarea(layout=w.Layout(width="100%", height="160px"))
        self.phh.add_class("lowball-phh")
        self.download = w.HTML()
        self.new = w.Button(description=WORDS["en"]["new"])
        self.new.add_class("lowball-new-hand")
        self.new.on_click(lambda _: self.new_hand())
        self.lang.observe(lambda _: self.show(), names="value")
        super().__init__([w.HBox([self.new, self.lang]), self.status, self.cards, self.prompt, self.actions,
                          self.story, self.phh, self.download])
        self.new_hand()

    def new_hand(self) -> None:
        """Top up short stacks (T5), move the button (T7) and deal the next hand."""
        if getattr(self, "hand", None) is not None and self.hand.phase == OVER:
            self.session.finish(self.hand)
        table = self.session.table
        for name, stack in list(self.session.stacks.items()):
            if stack < table.min_stack:
                self.session.top_up(name, table.min_stack - stack)
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

    def act(self, action) -> None:
        """Apply your action (one of the legal ones shown) and let the bots answer."""
        try:
            self.hand.apply(action)
        except LowballError as err:
            self.prompt.value = message(str(err))
            return
        self.run_bots()

    def _discard(self, _=None) -> None:
        chosen = tuple(card for card, box in zip(self.hand.hands[self.hand.to_act], self.card_boxes) if box.value)
        from lowball.engine.actions import Action

        self.act(Action("sd", self.hand.to_act, cards=chosen))

    def show(self) -> None:
        hand, lang = self.hand, self.lang.value
        words = WORDS[lang]
        seat = hand.names.index(self.you)
        self.status.value = _status(hand, lang)
        mine = hand.hands[seat]
        buttons: list[w.Widget] = []
        self.card_boxes = []
        if hand.phase == BET and hand.to_act == seat:
            for action in hand.legal_actions():
                label = {"f": "Fold", "cc": "Call" if hand.owed(seat) else "Check",
                         "cbr": f"{'Raise' if hand.level else 'Bet'} to {action.amount}"}[action.kind]
                button = w.Button(description=label)
                button.add_class(f"lowball-act-{action.kind}")
                button.on_click(lambda _, a=action: self.act(a))
                buttons.append(button)
        if hand.phase == DRAW and hand.to_act == seat:
            self.card_boxes = [w.ToggleButton(description=str(card), layout=w.Layout(width="60px")) for card in mine]
            discard = w.Button(description=words["discard"], layout=w.Layout(width="auto"))
            discard.add_class("lowball-act-sd")
            discard.on_click(self._discard)
            buttons.append(discard)
        self.cards.children = self.card_boxes or [w.HTML(f"<code>{html.escape(' '.join(map(str, mine)))}</code>")]
        self.actions.children = buttons
        if hand.phase == OVER:
            self.prompt.value = f"<b class='lowball-over'>{words['over']}</b>"
            self.phh.value = to_phh(hand)
            data = base64.b64encode(self.phh.value.encode()).decode()
            self.download.value = (f"<a class='lowball-download' download='hand.phh' "
                                   f"href='data:text/plain;base64,{data}'>{words['download']}</a>")
        else:
            self.prompt.value = words["your_turn"].format(who=self.you)
            self.phh.value = ""
            self.download.value = ""
        lines = narrate(hand, lang)
        self.story.value = "<ol>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ol>"


# ---- Notebook 7: the proofs, live ----

class ProofPanel(w.VBox):
    """Change players, raises per round and the minimum stack; see which guarantees still hold (T1, T4, T5, D1)."""

    def __init__(self):
        table = load_game_table()
        self.players = w.IntSlider(value=table.players_max, min=2, max=10, description="players.max")
        self.raises = w.IntSlider(value=table.raises_per_round, min=0, max=8, description="raises")
        self.stack = w.IntSlider(value=table.min_stack, min=1, max=40, description="min_stack")
        self.run = w.Button(description="Check")
        self.run.add_class("lowball-check")
        self.result = w.HTML()
        self.result.add_class("lowball-proofs")
        self.run.on_click(lambda _: self.check())
        super().__init__([self.players, self.raises, self.stack, self.run, self.result])
        self.check()

    def settings(self) -> dict[str, str]:
        """Return the table changes the sliders ask for, as ``--set`` would take them."""
        return {"players.max": str(self.players.value), "raises_per_round": str(self.raises.value),
                "min_stack": str(self.stack.value)}

    def check(self) -> None:
        """Run properties 4, 5 and 7 on the changed table and show each verdict."""
        from lowball.verify import load_for_verify, verify

        try:
            table, rankings = load_for_verify(overrides=self.settings())
        except LowballError as err:
            self.result.value = message(str(err))
            return
        checks = verify(table, rankings, only={4, 5, 7})
        rows = [[f"{c.number}", c.title, "proved" if c.holds else "REFUTED", c.counterexample or c.proved[-1]]
                for c in checks]
        self.result.value = _table(rows, ["#", "property", "verdict", "why"], [not c.holds for c in checks])


__all__ = ["PlayPanel", "ProofPanel", "QuizPanel", "RankingPanel", "StepThrough", "verdicts"]


# ---- Notebook 5: draw decisions ----

DRAW_SYSTEMS = ("ace-to-six", "deuce-to-seven", "ace-to-five")


def odds_chart(results: dict[str, object]) -> str:
    """Return an HTML <img> bar chart of each system's chance of every kind of low (PNG, inline)."""
    import io

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = [k for odds in results.values() for k, _ in ((kind.key, n) for kind, n in odds.counts)]
    order = list(dict.fromkeys(keys))
    fig, ax = plt.subplots(figsize=(7, 3))
    width = 0.8 / len(results)
    for i, (system, odds) in enumerate(results.items()):
        chances = {kind.key: n / odds.draws for kind, n in odds.counts}
        ax.bar([x + i * width for x in range(len(order))], [chances.get(k, 0) for k in order], width, label=system)
    ax.set_xticks([x + width * (len(results) - 1) / 2 for x in range(len(order))], [f"{k} or better" for k in order],
                  rotation=20)
    ax.set_ylabel("chance")
    ax.legend(fontsize=8)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=80)
    plt.close(fig)
    return f"<img class='lowball-chart' src='data:image/png;base64,{base64.b64encode(buffer.getvalue()).decode()}'/>"


class DrawPanel(w.VBox):
    """A hand and a discard: the exact chances of each kind of low under each system, and the best discard."""

    def __init__(self, cards: str = "A♣ 2♦ 3♥ 4♠ K♣", discard: str = "K♣"):
        self.hand = w.Text(value=cards, description="Hand")
        self.hand.add_class("lowball-draw-hand")
        self.discard = w.Text(value=discard, description="Discard")
        self.discard.add_class("lowball-draw-discard")
        self.best = w.Button(description="Best discard (seven-low goal)", layout=w.Layout(width="auto"))
        self.best.on_click(lambda _: self.suggest())
        self.error = w.HTML()
        self.result = w.HTML()
        self.result.add_class("lowball-odds")
        self.chart = w.HTML()
        for field in (self.hand, self.discard):
            field.observe(lambda _: self.refresh(), names="value")
        super().__init__([self.hand, w.HBox([self.discard, self.best]), self.error, self.result, self.chart])
        self.refresh()

    def refresh(self) -> None:
        """Show each system's exact chances for the discard, or a one-line message for bad input."""
        from lowball.analysis.odds import draw_odds

        try:
            results = {system: draw_odds(self.hand.value, self.discard.value, system) for system in DRAW_SYSTEMS}
        except LowballError as err:
            self.error.value = message(str(err))
            self.result.value = self.chart.value = ""
            return
        self.error.value = ""
        rows = []
        for system, odds in results.items():
            for kind, n in odds.counts:
                rows.append([system, kind.label, f"{n}/{odds.draws}", f"{100 * n / odds.draws:.1f}%"])
        self.result.value = _table(rows, ["system", "kind", "exact", "chance"])
        self.chart.value = odds_chart(results)

    def suggest(self) -> None:
        """Put the discard with the best chance of a seven-low or better (ace-to-six) into the field."""
        from lowball.analysis.odds import best_discard

        try:
            odds = best_discard(self.hand.value, "ace-to-six", "seven")
        except LowballError as err:
            self.error.value = message(str(err))
            return
        self.discard.value = " ".join(map(str, odds.discard))


__all__ += ["DrawPanel"]
