"""What a room calls a shown hand, read as a claim about it, and checked against how the rules read the cards.

Rooms name a shown hand in their own words: ``Lo: 8,7,5,4,3``, ``Lo: a pair of Eights``, ``Badugi: 8,4,3,A``,
``3-card: T,7,2``, ``HI: a straight, Three to Seven; LO: 7,6,5,4,3``, ``two pair, Queens and Sevens``. Each
name is read as a claim (a category and some of the values the ranking compares, H3) and held against the
hand the rules make of the player's cards under the table's ranking (K1, F1, L1, U1-U3, Q1, X1): every value
the room names must be the rules' value. A name the reader does not know is reported, never passed.

>>> from lowball.core.cards import parse_cards
>>> from lowball.ranking.literate import as_system
>>> mismatch(claim("8,7,5,4,3", as_system("deuce-to-seven")), parse_cards("7s 5s 8d 4h 3c"), as_system("deuce-to-seven"))
>>> mismatch(claim("a pair of Eights", as_system("deuce-to-seven")), parse_cards("8h 3c 4s 8d 7d"),
...          as_system("deuce-to-seven"))
>>> mismatch(claim("9,8,7,6,3", as_system("deuce-to-seven")), parse_cards("7s 5s 8d 4h 3c"), as_system("deuce-to-seven"))
'8-7-5-4-3'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from lowball.core.cards import RANK_OF, Card, rank_value
from lowball.core.rankings import RankingSystem
from lowball.ranking.best import best_five, best_low_five
from lowball.ranking.literate import SET_CATEGORY, as_system, judge, playing_cards
from lowball.ranking.names import rank_text

if TYPE_CHECKING:
    from lowball.engine.state import Hand

# The ranks as rooms spell them, singular and plural.
RANK_WORDS = {"deuce": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
              "nine": 9, "ten": 10, "jack": 11, "queen": 12, "king": 13, "ace": 14}
_PLURALS = {"deuces": 2, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6, "sevens": 7, "eights": 8,
            "nines": 9, "tens": 10, "jacks": 11, "queens": 12, "kings": 13, "aces": 14}
_R = r"([a-z]+|10|[2-9])"


@dataclass(frozen=True)
class Claim:
    """What a room's name of a hand says: its category (None: not said), and values of the parts it names (H3).

    ``qualifies`` is False where the room says a split game's hand has no low (L1)."""

    category: str | None
    parts: tuple[tuple[str, tuple[int, ...]], ...] = ()
    qualifies: bool = True
    words: str = ""


def _rank(word: str, row: RankingSystem) -> int:
    """Return a rank's value as the system counts it (the ace low or high, H1, K1), from a word or a character."""
    key = word.strip().lower()
    rank = RANK_WORDS.get(key) or _PLURALS.get(key)
    if rank is None:
        rank = RANK_OF.get(word.strip().upper()) or (10 if word.strip() == "10" else None)
    if rank is None:
        raise ValueError(word)
    return rank_value(rank, row.ace == "low")


def claim(words: str, row: RankingSystem) -> Claim:
    """Return the claim of a room's name of one hand (one half of a split pot) under ``row``; raise ``ValueError``
    when the words are not a name this reader knows.

    Rooms spell the same hand many ways: ``8,7,5,4,3`` and ``8 7 5 4 3``; ``a pair of Eights`` and ``One pair :
    8``; ``two pair, Queens and Sevens`` and ``Two pairs : Kings and 8``; ``a straight, Five to Nine`` and
    ``Straight Nine high``; ``a 3-Card: 6 4 A`` and ``3-card: 6,4,A``.
    """
    text = " ".join(words.replace(":", " ").replace(",", " ").split()).lower()
    text = re.sub(r"^(?:lo|low|hi|high(?= card)|)\s*", "", text) if text.startswith(("lo ", "low ", "hi ")) else text
    text = re.sub(r"^an? (?=[a-z]{2}|\d-card)", "", text)      # the article, not an ace: "a pair", never "A,9,7,4,3"
    if not text:
        raise ValueError(words)
    listed = re.fullmatch(r"(?:(badugi|\d-card) )?((?:(?:[2-9tjqka]|10) ?)+)", text)
    if listed is not None:
        values = tuple(_rank(c, row) for c in listed[2].split())
        if not row.five_cards:
            category = SET_CATEGORY.get(len(values))
            kind = listed[1] or ""
            if category is None or kind.endswith("-card") and int(kind[0]) != len(values) or \
                    kind == "badugi" and len(values) != 4:
                raise ValueError(words)
            return Claim(category, (("cards", values),), words=words)
        if len(set(values)) < len(values):               # a hand of fewer cards, pairs first: its ranks only
            return Claim(None, (("ranks", tuple(sorted(values, reverse=True))),), words=words)
        return Claim("no-pair" if len(values) == 5 else None, (("cards", values),), words=words)
    patterns: tuple[tuple[str, str, tuple[str, ...]], ...] = (
        (rf"(?:one )?pair(?: of)? {_R}", "pair", ("pair",)),
        (rf"two pairs? {_R} and {_R}", "two-pair", ("high-pair", "low-pair")),
        (rf"(?:three of a kind|trips|set) {_R}", "trips", ("trips",)),
        (rf"(?:four of a kind|quads) {_R}", "quads", ("quads",)),
        (rf"full house {_R} full of {_R}", "full-house", ("trips", "pair")),
        (rf"straight flush {_R} to {_R}", "straight-flush", ("", "top-card")),
        (rf"straight flush {_R} high", "straight-flush", ("top-card",)),
        (r"royal flush", "straight-flush", ()),
        (rf"straight {_R} to {_R}", "straight", ("", "top-card")),
        (rf"straight {_R} high", "straight", ("top-card",)),
        (rf"flush {_R} high", "flush", ("cards",)),
        (rf"high card {_R}|{_R} high", "no-pair", ("cards",)),
    )
    for pattern, category, parts in patterns:
        found = re.fullmatch(pattern, text)
        if found is None:
            continue
        groups = [g for g in found.groups() if g is not None]
        named = [(part, (_rank(word, row),)) for part, word in zip(parts, groups) if part]
        if category == "straight-flush" and not parts:
            named = [("top-card", (RANK_OF["A"],))]
        return Claim(category, tuple(named), words=words)
    raise ValueError(words)


def mismatch(said: Claim, cards: Sequence[Card], row: RankingSystem, qualifier: str | None = None) -> str | None:
    """Return how the rules read the hand where the room's claim differs from it (its ranks, as the seeds write
    them), or None when every value the room names is the rules' value."""
    if qualifier is not None:
        five = best_low_five(cards, qualifier)
        if five is None:
            return None if not said.qualifies else "no low"
        if not said.qualifies:
            return rank_text(five, row)
    else:
        five = best_five(cards, row) if row.five_cards and len(cards) > 5 else tuple(cards)
    if not said.qualifies:
        return None
    category, parts = judge(five, row)
    values = dict(parts)
    values["ranks"] = tuple(sorted((rank_value(c.rank, row.ace == "low") for c in five), reverse=True))
    if not row.five_cards:
        values["cards"] = tuple(sorted((rank_value(c.rank, row.ace == "low") for c in playing_cards(five, row)),
                                       reverse=True))
    wrong = said.category is not None and said.category != category
    for part, named in said.parts:
        have = values.get(part)
        if have is None or tuple(have[:len(named)]) != named:
            wrong = True
    return f"{rank_text(five, row)}" if wrong else None


def split_halves(label: str) -> dict[str, str]:
    """Return a split game's name of a hand by half: ``HI: a flush; LO: 7,6,5,4,3`` ->
    ``{'high': 'a flush', 'low': '7,6,5,4,3'}``; a name without halves is the whole hand's.

    >>> split_halves("HI: a pair of Eights; LO: 8,7,6,3,A")
    {'high': 'a pair of Eights', 'low': '8,7,6,3,A'}
    """
    found = re.fullmatch(r"\s*HI\s*:\s*(.*?)(?:\s*;\s*LO\s*:\s*(.*))?\s*", label, flags=re.I)
    if found is None:
        return {"whole": label}
    halves = {"high": found[1]}
    if found[2] is not None:
        halves["low"] = found[2]
    return halves


def disagreement(label: str, shown: Sequence[Card | None], hand: "Hand") -> str | None:
    """Return how the rules read a shown hand where the room's name of it says otherwise (None: they agree)."""
    cards = [card for card in shown if card is not None]
    cards += [card for card in hand.community if card not in cards]
    sides = hand.table.sides
    named = split_halves(label)
    if "whole" in named and len(sides) > 1:
        named = {"high": label}
    found: list[str] = []
    for side in sides:
        row = as_system(side.system)
        words = named.get(side.half if len(sides) > 1 else "whole", named.get("high") if len(sides) == 1 else None)
        if words is None:
            if not side.qualifier:
                continue
            said = Claim(None, qualifies=False, words="")
        else:
            try:
                said = claim(words, row)
            except ValueError:
                return f"an unknown name ({words})"
        wrong = mismatch(said, cards, row, side.qualifier or None)
        if wrong is not None:
            found.append(wrong if len(sides) == 1 else f"{side.half} {wrong}")
    return "; ".join(found) or None
