"""Small pieces of HTML the panels share: one-line messages, tables, cards, and the docs site's static note."""

from __future__ import annotations

import html
from typing import Iterable

from lowball.core.cards import Card, parse_cards
from lowball.widgets.language import say

SUITS = {"c": ("♣", "#1a1a1a"), "d": ("♦", "#c62828"), "h": ("♥", "#c62828"), "s": ("♠", "#1a1a1a")}
RANKS = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}


def message(text: str = "", kind: str = "error") -> str:
    """Return HTML for a one-line message next to a field (kind: 'error' or 'ok')."""
    color = "#b00020" if kind == "error" else "#1b5e20"
    return f'<span class="lowball-{kind}" style="color:{color}">{html.escape(text)}</span>' if text else ""


def table(rows: list[list[str]], head: list[str], highlight: list[bool] | None = None) -> str:
    """Return an HTML table (cells are escaped text); highlighted rows get a yellow background."""
    cells = "".join(f"<th style='text-align:left;padding:2px 8px'>{html.escape(h)}</th>" for h in head)
    body = []
    for i, row in enumerate(rows):
        style = "background:#fff3cd" if highlight and highlight[i] else ""
        tds = "".join(f"<td style='padding:2px 8px'>{html.escape(c)}</td>" for c in row)
        body.append(f"<tr class='lowball-row' style='{style}'>{tds}</tr>")
    return f"<table class='lowball-table'><tr>{cells}</tr>{''.join(body)}</table>"


def card_text(card: Card) -> str:
    """Return a card as a reader writes it: '10♥', 'A♣'; the joker as it is typed, 'Jk'."""
    if card.is_joker:
        return "Jk"
    return f"{RANKS.get(card.rank, str(card.rank))}{SUITS[card.suit][0]}"


def cards_html(cards: str | Iterable[Card]) -> str:
    """Return cards as HTML with suit symbols, hearts and diamonds in red."""
    shown = []
    for card in parse_cards(cards):
        symbol, color = SUITS[card.suit]
        shown.append(f"<span style='color:{color}'>{RANKS.get(card.rank, str(card.rank))}{symbol}</span>")
    return f"<span class='lowball-cards' style='font-size:1.15em'>{'&nbsp;'.join(shown)}</span>"


# The colours of a card that plays in the high five, in the low five, or in both (the split pot's panel).
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


def static_note(lang: str = "en") -> str:
    """Return the note saying that a panel is a static copy, shown only on the docs site.

    The docs site shows notebook outputs inside ``div.cell_output`` (myst-nb), where
    the style below reveals the note; JupyterLab and Voilà have no such element, so
    there the note stays hidden and the live panel says nothing about it.
    """
    return ("<style>.cell_output .lowball-static-note{display:block !important}</style>"
            f"<div class='lowball-static-note' style='display:none;padding:4px 8px;margin-bottom:6px;"
            f"background:#eef3fb;border-left:3px solid #4c72b0'>{html.escape(say(lang, 'static'))}</div>")
