"""The small pieces every room's lines are made of: money, cards in brackets, a player's name at a line's start.

Money is read as an exact decimal (O5): ``$1,234.50``, ``1546.72€``, ``2,666.24`` and ``1 500`` are all
numbers of the same kind, never binary floats. Cards are read with the project's own card reader, a hidden
card (``X``) as ``None`` (O2).

>>> money("$1,234.50"), money("1546.72€"), money("(9,225)")
(Decimal('1234.50'), Decimal('1546.72'), Decimal('9225'))
>>> cards_of("[8s Td X]")
(Card(rank=8, suit='s'), Card(rank=10, suit='d'), None)
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Sequence

from lowball.core.cards import Card, parse_cards
from lowball.errors import CardError, HistoryError

# What a room writes around an amount: currency signs, thousands separators, brackets.
_NOT_DIGITS = re.compile(r"[\s$€£(),\u00a0\u202f]|USD|EUR|GBP")
HIDDEN = frozenset({"X", "x", "?", "??", "xx", "XX"})
AMOUNT = r"[$€£]?\s?[\d,]+(?:\.\d+)?\s?(?:€|USD|EUR)?"


def money(text: str) -> Decimal:
    """Return an amount as an exact decimal, or raise ``HistoryError`` naming the text."""
    cleaned = _NOT_DIGITS.sub("", text)
    if not cleaned or cleaned.count(".") > 1:
        raise HistoryError(f"not an amount: {text!r}")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise HistoryError(f"not an amount: {text!r}") from None
    if not value.is_finite() or value < 0:
        raise HistoryError(f"not an amount: {text!r}")
    return value


def cards_of(text: str) -> tuple[Card | None, ...]:
    """Return the cards in ``[...]`` brackets (all the bracket groups of ``text``), a hidden card as ``None``."""
    found: list[Card | None] = []
    for group in re.findall(r"\[([^\]]*)\]", text):
        for token in group.replace(",", " ").split():
            if token in HIDDEN:
                found.append(None)
                continue
            try:
                found.extend(parse_cards(token))
            except CardError as err:
                raise HistoryError(f"not a card: {token!r} ({err})") from None
    return tuple(found)


def bracket_groups(text: str) -> list[tuple[Card | None, ...]]:
    """Return the cards of each ``[...]`` group of a line, in order (a deal line's old cards, then its new ones)."""
    return [cards_of(f"[{group}]") for group in re.findall(r"\[([^\]]*)\]", text)]


def split_name(line: str, names: Sequence[str], separator: str = "") -> tuple[str, str] | None:
    """Return (player, the rest) when ``line`` starts with a player's name and the separator; the longest name
    wins, so that "Player1" never takes a line of "Player12".

    >>> split_name("Player12: folds", ["Player1", "Player12"], ": ")
    ('Player12', 'folds')
    """
    best = None
    for name in names:
        if line.startswith(name + separator) and (best is None or len(name) > len(best)):
            best = name
    if best is None:
        return None
    return best, line[len(best) + len(separator):]


def number_words(text: str) -> int | None:
    """Return the number a word names (``"2 cards"``, ``"one"``), None if it names none."""
    words = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
    head = text.split()[0].lower() if text.split() else ""
    if head.isdigit():
        return int(head)
    return words.get(head)
