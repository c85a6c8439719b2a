"""Notebooks 9-11's panels: one game at a time, as thin shells over the engine and the analysis.

* ``GameSteps``: a stacked hand at any game table, one step per press, each
  narration line naming its clause; the same hand can be replayed at another
  table (the card rooms' and the PHH standard's F2L3D; the four settings of the
  sevens rule; stud high-low and razz), and an action a table refuses is shown
  with the clause that refuses it.
* ``ManyDrawPanel``: a hand and a discard, the exact chance of each kind of low
  within one, two and three draws (``lowball.analysis.draws.many_draw_odds``).
* ``JokerPanel``: a hand and a discard in ace-to-five, the exact odds from the
  52-card deck and from the 53-card deck with the joker (``draw_odds``, F8).
* ``SplitPanel``: seven cards for each player, the best high five and the best
  eight-or-better low five picked out, and who wins each half (``explain_split``).

Every callback calls the package and shows what it returns; the words of the
panels are below in English and Russian, the rest (narration, hand names,
explanations) comes from the text layer in either language. The charts are
PNG images (``lowball.widgets.charts``), never figure objects.
"""

from __future__ import annotations

import html
import random
import re
import textwrap
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

import ipywidgets as w
from matplotlib.figure import Figure

from lowball.analysis.draws import ManyDrawOdds, many_draw_odds
from lowball.analysis.odds import DrawOdds, draw_odds
from lowball.core.behaviours import StreetKind
from lowball.core.cards import DECK, JOKER, Card, deck_of, parse_cards
from lowball.core.games import GameTable, load_game_table
from lowball.engine.actions import Action
from lowball.engine.state import OVER, Hand, deck_for
from lowball.errors import IllegalAction, LowballError
from lowball.text import plural
from lowball.text.narration import counted, narrate
from lowball.text.explain import describe
from lowball.text.split import explain_split, split_hands
from lowball.text.words import with_suit_symbols
from lowball.widgets.charts import COLORS, image, img_tag, kind_order
from lowball.widgets.html import RANKS, SUITS, message, static_note, table
from lowball.widgets.language import (
    NAMES_RU, edition, error_text, fraction, in_language, kind_label, language_switch, number, percent, signed,
    system_title,
)
from lowball.widgets.panel import Panel

__all__ = [
    "GameSteps", "JokerPanel", "ManyDrawPanel", "SplitPanel", "TableChoice", "bars_chart", "card_html",
    "draws_chart", "image", "joker_chart", "lows_chart", "names_in", "refusal_text", "stud_deck",
]

# The players of notebooks 9-11 (up to eight at a stud table), and how Russian writes their names.
PLAYERS = ("Lena", "Misha", "Olga", "Pasha", "Sasha", "Vera", "Gleb", "Nina")
GAME_NAMES_RU = {**NAMES_RU, "Vera": "Вера", "Gleb": "Глеб", "Nina": "Нина"}

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "step": "Next step", "restart": "Start again", "table": "Table", "pot": "pot", "stacks": "stacks",
        "dealer": "dealer", "folded": "folded", "next": "next to act: {who}", "over": "The hand is over.",
        "result": "result", "community": "community card",
        "refused": "{table}: {who} may not {action} — {reason}",
        "refused_short": "The hand stops here at this table: switch the table to see it go on.",
        "cbr": "raise to {amount}", "cc": "check or call", "f": "fold", "pb": "bring it in", "sd": "discard",
        "face_down": "face down", "face_up": "face up",
        # ManyDrawPanel, JokerPanel
        "hand": "Hand", "throw": "Discard", "system": "System", "kind_col": "kind of hand",
        "draws_col": "within {n} {draw_word}", "draw_word": ("draw", "draws"),
        "draws_title": "Chance of each kind within one, two and three draws",
        "draws_note": "The fixed-keep rule: the same cards kept every draw and the thrown ones redrawn until the "
                      "kind is made, each draw's misses out of play. Exact for a one-card draw; for a bigger one it "
                      "is too low, since a useful card caught is thrown again: the best play (best_play, lowball "
                      "odds --draws 3) keeps it.",
        "too_long": "These odds take too long to count exactly (a five-card draw over several draws): keep a card.",
        "deck52": "52 cards, no joker", "deck53": "53 cards with the joker",
        "joker_title": "Ace-to-five: the chance of each kind after one draw",
        "no52": "The hand holds the joker, so it comes from the 53-card deck only (F8).",
        "joker_note": "Outs with the joker: {gain} more made hands of {draws}, against {old} of {old_draws}.",
        "stands_pat": "Nothing thrown: the hand stands pat and draws no card, so there are no odds to count. "
                      "It stays {hand}.",
        # SplitPanel
        "deal7": "Deal seven cards", "player": "Player {n}", "high5": "high five", "low5": "low five",
        "both5": "in both", "legend": "Marked: the five cards of the high, of the low, and cards that play in both.",
        "shared": "{card} is dealt to two players: a deck holds each card once (L3)",
        "seven": "{who}: {count}; stud gives each player seven (L3)",
        # charts
        "lows_title": "Seven-card hands by the top card of their best ace-to-five low",
        "lows_ylabel": "hands", "qualifies": "eight or better: the low qualifies (L1)",
        "no_qualify": "nine or worse: no low", "top_card": "top card of the best low",
        "paired": "not shown: {n} {hands} without five different ranks (no low at all)",
    },
    "ru": {
        "step": "Следующий шаг", "restart": "Сначала", "table": "Стол", "pot": "банк", "stacks": "стеки",
        "dealer": "дилер", "folded": "пас", "next": "ходит: {who}", "over": "Раздача окончена.",
        "result": "итог", "community": "общая карта",
        "refused": "{table}: {who} не может {action} — {reason}",
        "refused_short": "За этим столом раздача на этом останавливается: переключите стол, чтобы она пошла дальше.",
        "cbr": "повысить до {amount}", "cc": "сказать «чек» или уравнять", "f": "спасовать",
        "pb": "поставить бринг-ин", "sd": "поменять карты",
        "face_down": "в закрытую", "face_up": "в открытую",
        "hand": "Рука", "throw": "Сброс", "system": "Система", "kind_col": "вид руки",
        "draws_col": "за {n} {draw_word}", "draw_word": ("обмен", "обмена", "обменов"),
        "draws_title": "Шанс каждого вида руки за один, два и три обмена",
        "draws_note": "Правило «те же карты»: каждый обмен оставляем одни и те же карты и меняем сброшенные, пока "
                      "рука не собрана; промахи каждого обмена выходят из игры. Для обмена одной карты это точно, "
                      "для двух и больше — заниженно: пойманная полезная карта снова уходит в сброс, а лучшая игра "
                      "её оставляет (её шансы посчитаны выше в блокноте).",
        "too_long": "Точно сосчитать такие шансы слишком долго (пять карт на несколько обменов): оставьте "
                    "хотя бы одну карту.",
        "deck52": "52 карты, без джокера", "deck53": "53 карты с джокером",
        "joker_title": "От туза до пятёрки: шанс каждого вида руки после одного обмена",
        "no52": "В руке джокер, значит, рука только из колоды в 53 карты (F8).",
        "joker_note": "С джокером: ещё {gain} собранных рук из {draws}, против {old} из {old_draws}.",
        "stands_pat": "Сброса нет: игрок стоит пат и карт не берёт, так что считать шансы не из чего. "
                      "Рука остаётся такой: {hand}.",
        "deal7": "Сдать по семь карт", "player": "Игрок {n}", "high5": "старшая пятёрка", "low5": "младшая пятёрка",
        "both5": "в обеих", "legend": "Отмечены пять карт старшей руки, пять карт младшей и карты, "
                                      "которые играют в обеих.",
        "shared": "{card} сдана двум игрокам: в колоде каждая карта одна (L3)",
        "seven": "{who}: {count}, а в стаде у каждого по семь карт (L3)",
        "lows_title": "Руки из семи карт по старшей карте лучшей младшей руки (от туза до пятёрки)",
        "lows_ylabel": "рук", "qualifies": "восьмёрка или лучше: младшая рука проходит (L1)",
        "no_qualify": "девятка или хуже: младшей руки нет", "top_card": "старшая карта лучшей младшей руки",
        "paired": "не показаны: {n} {hands} без пяти разных рангов (младшей руки нет вовсе)",
    },
}

CLAUSE_IDS = re.compile(r"\b[A-Z]\d{1,2}\b")


def say(lang: str, key: str, **fields: object) -> str:
    """Return the panel word ``key`` in ``lang`` with its fields filled in."""
    return WORDS[lang][key].format(**fields)


def names_in(lang: str) -> dict[str, str] | None:
    """Return how ``lang`` writes the players' names (None: as they are)."""
    return GAME_NAMES_RU if lang == "ru" else None


def player(name: str, lang: str) -> str:
    """Return one player's name in ``lang``."""
    return GAME_NAMES_RU.get(name, name) if lang == "ru" else name


def refusal_text(error: IllegalAction, lang: str = "en") -> str:
    """Return why a table refuses an action, in ``lang``, keeping the clause ids.

    The engine names the rule as data (``error.refusal``, worded from ``rules/refusals.toml``); a refusal it still
    gives only in English words is said in Russian as "the table's rules do not allow it", with its clauses.

    >>> from lowball.engine.state import Hand
    >>> hand = Hand([13, 13]); hand.advance()
    >>> try:
    ...     hand.apply("p2 cc")
    ... except IllegalAction as err:
    ...     print(refusal_text(err)); print(refusal_text(err, "ru"))
    out of turn: it is p1's turn, not p2's (B1)
    не в свою очередь: ходит игрок 1, а не игрок 2 (B1)
    """
    refusal = getattr(error, "refusal", None)
    if refusal is not None:
        return refusal.text(lang)
    reason = getattr(error, "reason", None) or str(error)
    if lang == "en":
        return reason
    clauses = CLAUSE_IDS.findall(reason)
    tail = f" ({', '.join(dict.fromkeys(clauses))})" if clauses else ""
    return "правила стола не разрешают этот ход" + tail


def action_text(action: Action | str, lang: str) -> str:
    """Return a player's action in words, for a refusal: 'raise to 10', 'повысить до 10'."""
    if isinstance(action, str):
        parts = action.split()
        kind, amount = parts[1], (parts[2] if len(parts) > 2 else "")
    else:
        kind, amount = action.kind, action.amount
    return say(lang, kind, amount=amount) if kind in WORDS[lang] else kind


# ---- cards ----

# The colours of a card that plays in the high five, in the low five, or in both (SplitPanel).
MARKS = {"high": "#dbe7fb", "low": "#dff3e0", "both": "#ffe9a8"}


def card_html(card: Card, up: bool = True, mark: str = "") -> str:
    """Return one card as HTML: suit symbols, red hearts and diamonds; a face-down card on grey; a mark's colour.

    The joker is a star (typed ``Jk``).
    """
    if card.is_joker:
        face, color = "★", "#6a1b9a"
    else:
        symbol, color = SUITS[card.suit]
        face = f"{RANKS.get(card.rank, str(card.rank))}{symbol}"
    back = MARKS.get(mark, "#eeeeee" if not up else "")
    border = "1px dashed #9e9e9e" if not up else "1px solid #c8c8c8"
    css = f"color:{color};background:{back};border:{border};border-radius:3px;padding:0 3px;margin-right:3px"
    classes = "lowball-card" + (f" lowball-card-{mark}" if mark else "") + ("" if up else " lowball-card-down")
    return f"<span class='{classes}' style='{css}'>{face}</span>"


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


# ---- charts ----

def bars_chart(groups: Sequence[str], series: Mapping[str, Sequence[float]], lang: str | None = None, title: str = "",
               xlabel: str = "") -> Figure:
    """Return grouped bars: one group per label, one bar per series, every bar labelled with its percentage.

    Chances are drawn on a scale from 0 to 100%, or, when every one is small, on a scale just above the
    largest, so that a chance of 2% is still a bar a reader can see (the axis says which). The labels are
    drawn in ``lang`` (the edition's language by default): a label given as ``Both(english, russian)``
    is drawn in Russian in the Russian edition.
    """
    lang = lang or edition()
    fig = Figure(figsize=(9.6, 3.6))
    ax = fig.subplots()
    width = 0.8 / max(len(series), 1)
    top = max((v for values in series.values() for v in values), default=0)
    for i, (name, values) in enumerate(series.items()):
        xs = [x + (i - (len(series) - 1) / 2) * width for x in range(len(groups))]
        ax.bar(xs, values, width, label=in_language(name, lang), color=COLORS[i % len(COLORS)])
        for x, h in zip(xs, values):
            ax.annotate(percent(h, lang, 0 if h == 0 or h >= 0.1 else 1), (x, h), xytext=(0, 2),
                        textcoords="offset points", ha="center", va="bottom", fontsize=7)
    # Labels wrap between words only: «трёхкарточная» cut in two read as two words.
    labels = [textwrap.fill(in_language(g, lang), 12, break_long_words=False) for g in groups]
    ax.set_xticks(range(len(groups)), labels, fontsize=8)
    if top > 0.3 or top == 0:
        ax.set_ylim(0, 1.12)
        ticks = [0, 0.25, 0.5, 0.75, 1]
    else:
        step = next(s for s in (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1) if top / s <= 5)
        ax.set_ylim(0, top * 1.3)
        ticks = [step * k for k in range(int(top * 1.3 / step) + 1)]
    ax.set_yticks(ticks, [percent(y, lang, 0 if ticks[1] >= 0.01 else 1) for y in ticks])
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(fontsize=8, loc="upper left", frameon=False)
    if xlabel:
        ax.set_xlabel(in_language(xlabel, lang), fontsize=8)
    if title:
        ax.set_title(in_language(title, lang), fontsize=10)
    return fig


def draws_label(n: int, lang: str) -> str:
    """Return 'within 2 draws' / 'за 2 обмена'."""
    forms = WORDS[lang]["draw_word"]
    return say(lang, "draws_col", n=n, draw_word=counted(n, forms, lang))


def draws_chart(odds: Sequence, lang: str | None = None, title: str | None = None) -> Figure:
    """Return the chance of each kind of low (best first) within each number of draws: one bar per draw count.

    ``odds`` are ``ManyDrawOdds`` of one hand and discard for 1, 2, 3... draws.
    """
    lang = lang or edition()
    kinds = [kind for kind, _ in odds[0].chances]
    groups = [kind_label(kind, lang) for kind in kinds]
    series = {draws_label(o.draws, lang): [float(o.chance(kind.key)) for kind in kinds] for o in odds}
    return bars_chart(groups, series, lang, say(lang, "draws_title") if title is None else title)


def joker_chart(without, with_joker, lang: str | None = None, title: str | None = None) -> Figure:
    """Return the chance of each kind (best first) from the 52-card deck and from the 53 with the joker (F8).

    ``without`` may be None (a hand that holds the joker comes from the 53-card deck only).
    """
    lang = lang or edition()
    kinds = sorted((kind for kind, _ in with_joker.counts), key=lambda k: kind_order(k.key))
    series = {}
    if without is not None:
        series[say(lang, "deck52")] = [float(without.chance(k.key)) for k in kinds]
    series[say(lang, "deck53")] = [float(with_joker.chance(k.key)) for k in kinds]
    return bars_chart([kind_label(k, lang) for k in kinds], series, lang,
                      say(lang, "joker_title") if title is None else title)


def lows_chart(census, lang: str | None = None) -> Figure:
    """Return the seven-card hands by the top card of their best ace-to-five low; the eight-or-better bars green (L1)."""
    lang = lang or edition()
    tops = sorted(census.lows_by_top_card)
    counts = [census.lows_by_top_card[t] for t in tops]
    qualify = census.qualifying_lows.get("eight-or-better", 0)
    labels = [RANKS.get(t, str(t)) for t in tops]
    fig = Figure(figsize=(9.6, 3.4))
    ax = fig.subplots()
    colors = ["#55a868" if t <= 8 else "#b0b0b0" for t in tops]
    ax.bar(range(len(tops)), counts, color=colors)
    for x, n in enumerate(counts):
        ax.annotate(f"{number(n, lang)}\n{percent(n / census.hands, lang)}", (x, n), xytext=(0, 2),
                    textcoords="offset points", ha="center", va="bottom", fontsize=7)
    ax.set_xticks(range(len(tops)), labels)
    ax.set_xlabel(say(lang, "top_card"), fontsize=8)
    ax.set_ylim(0, max(counts) * 1.25)
    ax.set_yticks([])
    ax.spines[["top", "right", "left"]].set_visible(False)
    from matplotlib.patches import Patch

    share = percent(qualify / census.hands, lang)
    paired = census.hands - sum(counts)
    hands = plural.HAND.form(paired) if lang == "ru" else plural.counted(paired, ("hand", "hands"), lang)
    ax.legend(handles=[Patch(color="#55a868", label=f"{say(lang, 'qualifies')}: {number(qualify, lang)} = {share}"),
                       Patch(color="#b0b0b0", label=say(lang, "no_qualify")),
                       Patch(color="white", label=say(lang, "paired", n=number(paired, lang), hands=hands))],
              fontsize=8, loc="upper left", frameon=False)
    ax.set_title(say(lang, "lows_title"), fontsize=10)
    return fig


# ---- a hand stepped through at a game table ----

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
        return self.en if lang == "en" else self.ru


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
        self.status.value = self.status_html(lang)
        self.seats.value = self.seats_html(lang)
        if self.refused:
            action, err = self.refused
            who = player(hand.names[hand.to_act], lang) if hand.to_act is not None else ""
            text = say(lang, "refused", table=self.choice.label(lang), who=who, action=action_text(action, lang),
                       reason=refusal_text(err, lang))
            self.refusal.value = message(text) + f"<div>{html.escape(say(lang, 'refused_short'))}</div>"
        else:
            self.refusal.value = ""
        lines = [with_suit_symbols(line) for line in narrate(hand, lang, names=names_in(lang))]
        items = "".join(f"<li{' class=lowball-last style=font-weight:bold' if i == len(lines) - 1 else ''}>"
                        f"{html.escape(line)}</li>" for i, line in enumerate(lines))
        self.story.value = f"<ol>{items}</ol>"

    def status_html(self, lang: str) -> str:
        hand = self.hand
        stacks = ", ".join(f"{player(n, lang)} {number(s, lang)}" for n, s in zip(hand.names, hand.stacks))
        parts = [f"<b>{say(lang, 'pot')}</b> {number(hand.pot, lang)}",
                 f"<b>{say(lang, 'stacks')}</b> {html.escape(stacks)}",
                 f"<b>{say(lang, 'dealer')}</b> {html.escape(player(hand.names[-1], lang))}"]
        if hand.phase == OVER:
            parts.append(f"<span class='lowball-over'>{say(lang, 'over')}</span>")
        elif hand.to_act is not None:
            parts.append(f"<span class='lowball-next'>{say(lang, 'next', who=html.escape(player(hand.names[hand.to_act], lang)))}</span>")
        return f"<p class='lowball-status'>{' · '.join(parts)}</p>"

    def seats_html(self, lang: str) -> str:
        hand = self.hand
        rows = []
        for seat, name in enumerate(hand.names):
            cards = "".join(card_html(c, up or not self.stud) for c, up in zip(hand.hands[seat], hand.face_up[seat])
                            if c is not None)
            tag = f" <i>({say(lang, 'folded')})</i>" if hand.folded[seat] else ""
            change = ""
            if hand.result is not None:
                change = f" <b>{say(lang, 'result')} {signed(hand.result.changes[seat], lang)}</b>"
            rows.append(f"<tr class='lowball-seat'><td style='padding:1px 8px'>{html.escape(player(name, lang))}</td>"
                        f"<td style='padding:1px 8px'>{cards}{tag}{change}</td></tr>")
        if hand.community:
            cards = "".join(card_html(c) for c in hand.community)
            rows.append(f"<tr><td style='padding:1px 8px'><i>{say(lang, 'community')}</i></td>"
                        f"<td style='padding:1px 8px'>{cards}</td></tr>")
        return f"<table class='lowball-seats-table'>{''.join(rows)}</table>"


# ---- odds over several draws ----

DRAW_SYSTEMS = ("deuce-to-seven", "ace-to-five", "ace-to-six")


class ManyDrawPanel(Panel):
    """A hand and a discard: the exact chance of each kind of low within one, two and three draws (K2, K8)."""

    def __init__(self, cards: str = "7♣ 6♦ 3♥ 2♠ K♣", discard: str = "K♣", system: str = "deuce-to-seven",
                 most_draws: int = 3):
        self.most_draws = most_draws
        self.lang = language_switch()
        self.note = w.HTML()
        self.hand = w.Text(value=cards)
        self.hand.add_class("lowball-many-hand")
        self.discard = w.Text(value=discard)
        self.discard.add_class("lowball-many-discard")
        self.system = w.Dropdown(layout=w.Layout(width="380px"))
        self.system.add_class("lowball-many-system")
        self.error = w.HTML()
        self.result = w.HTML()
        self.result.add_class("lowball-many-odds")
        self.chart = w.HTML()
        self.chart.add_class("lowball-chart-box")
        self.policy = w.HTML()
        self._system = system
        self._labels()
        for box in (self.hand, self.discard, self.system):
            box.observe(lambda _: self.refresh(), names="value")
        self.lang.observe(lambda _: (self._labels(), self.refresh()), names="value")
        super().__init__([self.note, self.lang, self.hand, self.discard, self.system, self.error, self.result,
                          self.chart, self.policy])
        self.refresh()

    def _labels(self) -> None:
        lang = self.lang.value
        self.note.value = static_note(lang)
        self.hand.description, self.discard.description = say(lang, "hand"), say(lang, "throw")
        self.system.description = say(lang, "system")
        chosen = self.system.value or self._system
        self._quiet = True
        self.system.options = [(system_title(s, lang), s) for s in DRAW_SYSTEMS]
        self.system.value = chosen
        self._quiet = False
        self.policy.value = f"<p style='font-size:0.9em;color:#555'>{html.escape(say(lang, 'draws_note'))}</p>"

    def odds(self) -> list:
        """Return the exact odds of the hand's discard within 1, 2, ... draws (``many_draw_odds``)."""
        return [many_draw_odds(self.hand.value, self.discard.value, self.system.value, draws=n)
                for n in range(1, self.most_draws + 1)]

    def refresh(self) -> None:
        """Show the odds as a table and a chart, or one line saying what is wrong with the input."""
        if getattr(self, "_quiet", False):
            return
        lang = self.lang.value
        try:
            found = self.odds()
        except LowballError as err:
            text = str(err)
            shown = say(lang, "too_long") if "too long" in text else error_text(err, lang)
            self.error.value = message(shown)
            self.result.value = self.chart.value = ""
            return
        if not found[0].discard:
            self.error.value, self.result.value, self.chart.value = stands_pat(found[0], lang), "", ""
            return
        self.error.value = ""
        kinds = [kind for kind, _ in found[0].chances]
        rows = [[kind_label(kind, lang)] + [percent(float(o.chance(kind.key)), lang) for o in found]
                for kind in kinds]
        head = [say(lang, "kind_col")] + [draws_label(o.draws, lang) for o in found]
        self.result.value = table(rows, head)
        self.chart.value = img_tag(draws_chart(found, lang))


def stands_pat(odds: DrawOdds | ManyDrawOdds, lang: str) -> str:
    """Return the line an odds panel shows when nothing is thrown: what the hand is, not odds of 1 in 1.

    Standing pat is not a draw: a table of "1/1 (100%)" rows read as the odds of making each kind.
    """
    return message(say(lang, "stands_pat", hand=describe(odds.cards, odds.system, lang)), "ok")


# ---- the joker's odds ----

class JokerPanel(Panel):
    """A hand and a discard in ace-to-five: the exact odds without and with the joker in the deck (F2, F8)."""

    def __init__(self, cards: str = "A♣ 2♦ 3♥ 4♠ K♣", discard: str = "K♣"):
        self.lang = language_switch()
        self.note = w.HTML()
        self.hand = w.Text(value=cards)
        self.hand.add_class("lowball-joker-hand")
        self.discard = w.Text(value=discard)
        self.discard.add_class("lowball-joker-discard")
        self.error = w.HTML()
        self.result = w.HTML()
        self.result.add_class("lowball-joker-odds")
        self.chart = w.HTML()
        self.chart.add_class("lowball-chart-box")
        self._labels()
        for box in (self.hand, self.discard):
            box.observe(lambda _: self.refresh(), names="value")
        self.lang.observe(lambda _: (self._labels(), self.refresh()), names="value")
        super().__init__([self.note, self.lang, self.hand, self.discard, self.error, self.result, self.chart])
        self.refresh()

    def _labels(self) -> None:
        lang = self.lang.value
        self.note.value = static_note(lang)
        self.hand.description, self.discard.description = say(lang, "hand"), say(lang, "throw")

    def refresh(self) -> None:
        """Show the odds from both decks (only the 53-card deck when the hand holds the joker)."""
        lang = self.lang.value
        try:
            with_joker = draw_odds(self.hand.value, self.discard.value, "ace-to-five", deck=53)
        except LowballError as err:
            self.error.value = message(error_text(err, lang))
            self.result.value = self.chart.value = ""
            return
        if not with_joker.discard:
            self.error.value, self.result.value, self.chart.value = stands_pat(with_joker, lang), "", ""
            return
        without = None if JOKER in with_joker.cards else draw_odds(self.hand.value, self.discard.value,
                                                                   "ace-to-five", deck=52)
        self.error.value = message(say(lang, "no52"), "ok") if without is None else ""
        rows = []
        for kind, n in with_joker.counts:
            row = [kind_label(kind, lang)]
            if without is not None:
                old = without.count(kind.key)
                row.append(f"{fraction(old, without.draws, lang)} ({percent(old / without.draws, lang)})")
            row.append(f"{fraction(n, with_joker.draws, lang)} ({percent(n / with_joker.draws, lang)})")
            rows.append(row)
        head = [say(lang, "kind_col")] + ([say(lang, "deck52")] if without is not None else []) + [say(lang, "deck53")]
        self.result.value = table(rows, head)
        self.chart.value = img_tag(joker_chart(without, with_joker, lang))


# ---- the split pot of stud high-low ----

class SplitPanel(Panel):
    """Seven cards for each player: the best high five, the best eight-or-better low five, and who wins each half."""

    def __init__(self, hands: Sequence[str] = ("A♥ 2♥ 3♦ 4♣ 9♥ K♥ 7♥", "A♠ K♠ Q♦ Q♣ 9♠ 8♠ 2♠"),
                 names: Sequence[str] | None = None, seed: int = 1):
        self.names = list(names) if names else list(PLAYERS[:len(hands)])
        self.rng = random.Random(seed)
        self.lang = language_switch()
        self.note = w.HTML()
        self.fields = []
        for i, cards in enumerate(hands):
            box = w.Text(value=cards, layout=w.Layout(width="420px"))
            box.add_class(f"lowball-split-hand-{i + 1}")
            box.observe(lambda _: self.refresh(), names="value")
            self.fields.append(box)
        self.deal = w.Button(layout=w.Layout(width="auto"))
        self.deal.add_class("lowball-deal")
        self.error = w.HTML()
        self.marks = w.HTML()
        self.marks.add_class("lowball-split-marks")
        self.why = w.HTML()
        self.why.add_class("lowball-split-why")
        self._labels()
        self.deal.on_click(lambda _: self.deal_new())
        self.lang.observe(lambda _: (self._labels(), self.refresh()), names="value")
        super().__init__([self.note, w.HBox([self.deal, self.lang]), *self.fields, self.error, self.marks, self.why])
        self.refresh()

    def _labels(self) -> None:
        lang = self.lang.value
        self.note.value = static_note(lang)
        self.deal.description = say(lang, "deal7")
        for box, name in zip(self.fields, self.names):
            box.description = player(name, lang)

    def deal_new(self) -> None:
        """Deal seven new cards to each player from a shuffled deck (the fields update, the rest follows)."""
        cards = list(DECK)
        self.rng.shuffle(cards)
        for i, box in enumerate(self.fields):
            box.value = " ".join(_plain(c) for c in cards[7 * i: 7 * i + 7])

    def holdings(self, lang: str) -> dict[str, tuple[Card, ...]]:
        """Return each player's seven cards, refusing a card dealt twice or a hand of other than seven (L3)."""
        held, seen = {}, {}
        for box, name in zip(self.fields, self.names):
            cards = parse_cards(box.value)
            if len(cards) != 7:
                count = plural.ru(len(cards), plural.CARD) if lang == "ru" else plural.en(len(cards), "card", "cards")
                raise LowballError(say(lang, "seven", who=player(name, lang), count=count))
            for card in cards:
                if card in seen:
                    raise LowballError(say(lang, "shared", card=_plain(card)))
                seen[card] = name
            held[name] = cards
        return held

    def refresh(self) -> None:
        """Mark each player's high five and low five, and say who wins each half (L1, L2)."""
        lang = self.lang.value
        try:
            held = self.holdings(lang)
        except LowballError as err:
            text = str(err)
            self.error.value = message(text if re.search("[а-яё]", text) or lang == "en" else error_text(err, lang))
            self.marks.value = self.why.value = ""
            return
        self.error.value = ""
        named = {player(name, lang): cards for name, cards in held.items()}
        rows = []
        for p in split_hands(named, "high", "eight-or-better", lang):
            high, low = set(p.high), set(p.low or ())
            shown = "".join(card_html(c, mark="both" if c in high and c in low else "high" if c in high
                                      else "low" if c in low else "") for c in p.cards)
            rows.append(f"<tr class='lowball-split-row'><td style='padding:2px 8px'>{html.escape(p.name)}</td>"
                        f"<td style='padding:2px 8px'>{shown}</td></tr>")
        legend = " · ".join(f"{_swatch(mark)} {say(lang, key)}" for mark, key in
                            (("high", "high5"), ("low", "low5"), ("both", "both5")))
        self.marks.value = (f"<table>{''.join(rows)}</table><p style='font-size:0.9em'>{legend}</p>")
        text = explain_split(named, "high", "eight-or-better", lang)
        self.why.value = "".join(f"<p class='lowball-split-line'>{html.escape(with_suit_symbols(line))}</p>"
                                 for line in text.splitlines())


def _swatch(mark: str) -> str:
    """Return a small box in the colour of a mark, for the legend."""
    return (f"<span class='lowball-swatch-{mark}' style='display:inline-block;width:1.6em;height:1em;"
            f"vertical-align:middle;background:{MARKS[mark]};border:1px solid #c8c8c8;border-radius:3px'></span>")


def _plain(card: Card) -> str:
    """Return a card as a reader types it with suit symbols: 'A♥', '10♣'."""
    if card.is_joker:
        return "Jk"
    return f"{RANKS.get(card.rank, str(card.rank))}{SUITS[card.suit][0]}"
