"""Shows stud high-low's split pot: each player's best high five and low five, and who wins each half (notebook 11)."""

from __future__ import annotations

import html
import random
import re
from typing import Sequence

import ipywidgets as w
from matplotlib.figure import Figure

from lowball.core.cards import DECK, Card, parse_cards
from lowball.errors import LowballError
from lowball.text import plural
from lowball.text.split import explain_split, split_hands
from lowball.text.words import with_suit_symbols
from lowball.widgets.html import MARKS, RANKS, card_html, card_text, message, static_note
from lowball.widgets.language import PLAYERS, edition, error_text, language_switch, number, percent, player_name, say
from lowball.widgets.panel import Panel

__all__ = ["SplitPanel", "lows_chart"]


def lows_chart(census, lang: str | None = None) -> Figure:
    """Return the seven-card hands by the top card of their best ace-to-five low; the eight-or-better bars green (L1)."""
    from matplotlib.patches import Patch

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
    share = percent(qualify / census.hands, lang)
    paired = census.hands - sum(counts)
    hands = plural.HAND.form(paired) if lang == "ru" else plural.counted(paired, ("hand", "hands"), lang)
    ax.legend(handles=[Patch(color="#55a868", label=f"{say(lang, 'qualifies')}: {number(qualify, lang)} = {share}"),
                       Patch(color="#b0b0b0", label=say(lang, "no_qualify")),
                       Patch(color="white", label=say(lang, "paired", n=number(paired, lang), hands=hands))],
              fontsize=8, loc="upper left", frameon=False)
    ax.set_title(say(lang, "lows_title"), fontsize=10)
    return fig


def swatch(mark: str) -> str:
    """Return a small box in the colour of a mark, for the legend."""
    return (f"<span class='lowball-swatch-{mark}' style='display:inline-block;width:1.6em;height:1em;"
            f"vertical-align:middle;background:{MARKS[mark]};border:1px solid #c8c8c8;border-radius:3px'></span>")


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
            box.description = player_name(name, lang)

    def deal_new(self) -> None:
        """Deal seven new cards to each player from a shuffled deck (the fields update, the rest follows)."""
        cards = list(DECK)
        self.rng.shuffle(cards)
        for i, box in enumerate(self.fields):
            box.value = " ".join(card_text(c) for c in cards[7 * i: 7 * i + 7])

    def holdings(self, lang: str) -> dict[str, tuple[Card, ...]]:
        """Return each player's seven cards, refusing a card dealt twice or a hand of other than seven (L3)."""
        held, seen = {}, {}
        for box, name in zip(self.fields, self.names):
            cards = parse_cards(box.value)
            if len(cards) != 7:
                count = plural.ru(len(cards), plural.CARD) if lang == "ru" else plural.en(len(cards), "card", "cards")
                raise LowballError(say(lang, "seven", who=player_name(name, lang), count=count))
            for card in cards:
                if card in seen:
                    raise LowballError(say(lang, "shared", card=card_text(card)))
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
        named = {player_name(name, lang): cards for name, cards in held.items()}
        rows = []
        for p in split_hands(named, "high", "eight-or-better", lang):
            high, low = set(p.high), set(p.low or ())
            shown = "".join(card_html(c, mark="both" if c in high and c in low else "high" if c in high
                                      else "low" if c in low else "") for c in p.cards)
            rows.append(f"<tr class='lowball-split-row'><td style='padding:2px 8px'>{html.escape(p.name)}</td>"
                        f"<td style='padding:2px 8px'>{shown}</td></tr>")
        legend = " · ".join(f"{swatch(mark)} {say(lang, key)}" for mark, key in
                            (("high", "high5"), ("low", "low5"), ("both", "both5")))
        self.marks.value = (f"<table>{''.join(rows)}</table><p style='font-size:0.9em'>{legend}</p>")
        text = explain_split(named, "high", "eight-or-better", lang)
        self.why.value = "".join(f"<p class='lowball-split-line'>{html.escape(with_suit_symbols(line))}</p>"
                                 for line in text.splitlines())
