"""Cards, the decks, and card text in the seeds' notation or in ASCII.

A card is a rank (2-14, where 14 is the ace) and a suit (c, d, h, s). How much
an ace is worth depends on the ranking system, so cards store the natural rank
and the evaluator decides (H1, K1). The joker of California lowball (F2, F8) is
one more card, written ``Jk``, with no rank or suit of its own.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from lowball.core.files import quote
from lowball.errors import CardError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
# The seeds write suits as symbols (6♣ 4♥ 3♠ 2♦ A♣); white symbols are accepted too.
SUIT_SYMBOLS = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}
SEPARATORS = " \t\n,;"
# The joker (F8): its own rank and suit values, outside 2-14 and "cdhs", so no rule can mistake it.
JOKER_RANK = 0
JOKER_SUIT = "j"
JOKER_NAMES = ("jk", "joker", "🃏", "🃟", "🂿")


class _CardFields(NamedTuple):
    rank: int
    suit: str


class Card(_CardFields):
    """A playing card; ``str(Card(14, 'c')) == 'Ac'`` and the repr is valid Python.

    A named tuple (rank, suit): cards are hashed and compared millions of times
    in enumerations and games, and tuples do that in C.
    """

    __slots__ = ()

    def __new__(cls, rank: int, suit: str) -> "Card":
        natural = type(rank) is int and 2 <= rank <= 14 and type(suit) is str and len(suit) == 1 \
            and suit in SUIT_CHARS
        if not natural and (rank, suit) != (JOKER_RANK, JOKER_SUIT):
            raise CardError(f"no such card: rank {rank!r}, suit {suit!r}")
        return super().__new__(cls, rank, suit)

    @property
    def is_joker(self) -> bool:
        """Return whether this is the joker (F8)."""
        return self.rank == JOKER_RANK

    def __str__(self) -> str:
        if self.rank == JOKER_RANK:
            return "Jk"
        return RANK_CHARS[self.rank - 2] + self.suit

    @property
    def rank_char(self) -> str:
        """Return the rank as one character: ``Card(10, 'h').rank_char == 'T'`` (the joker: ``'Jk'``)."""
        return "Jk" if self.rank == JOKER_RANK else RANK_CHARS[self.rank - 2]


# Rank-major order: 2c 2d 2h 2s 3c ... As. Enumerating combinations of DECK thus
# yields each hand's cards in rising rank order, which the census relies on.
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(2, 15) for suit in SUIT_CHARS)
JOKER = Card(JOKER_RANK, JOKER_SUIT)


def deck_of(cards: int) -> tuple[Card, ...]:
    """Return the deck a game table names: the 52 cards, or 53 with the joker last (T1, F8).

    >>> len(deck_of(52)), str(deck_of(53)[-1])
    (52, 'Jk')
    """
    if cards == len(DECK):
        return DECK
    if cards == len(DECK) + 1:
        return DECK + (JOKER,)
    raise CardError(f"a deck has {len(DECK)} cards, or {len(DECK) + 1} with the joker; not {cards}")


def _read_card(token: str, at: int, text: str) -> tuple[Card, int]:
    """Read one card from ``text`` starting at ``at``; return it and where the next one starts."""
    rest = text[at:]
    for name in JOKER_NAMES:
        if rest[:len(name)].lower() == name:
            return JOKER, at + len(name)
    if rest[:2] == "10":
        rank, width = 10, 2
    elif rest[:1].upper() in RANK_CHARS:
        rank, width = RANK_CHARS.index(rest[0].upper()) + 2, 1
    else:
        bad = rest[:1]
        raise CardError(f"unknown rank {quote(bad)} in {quote(token)} (ranks: 2-9, T or 10, J, Q, K, A; the joker Jk)")
    suit_char = rest[width : width + 1]
    if suit_char == "":
        raise CardError(f"card {quote(token)} has no suit (suits: c d h s or ♣ ♦ ♥ ♠)")
    suit = SUIT_SYMBOLS.get(suit_char) or (suit_char.lower() if suit_char.lower() in SUIT_CHARS else None)
    if suit is None:
        raise CardError(f"unknown suit {quote(suit_char)} in {quote(token)} (suits: c d h s or ♣ ♦ ♥ ♠)")
    return Card(rank, suit), at + width + 1


def parse_cards(text: str | Iterable[Card | str], count: int | None = None) -> tuple[Card, ...]:
    """Parse card text such as ``"6♣ 4♥ 3♠ 2♦ A♣"`` or ``"6c4h3s2dAc"`` into cards.

    Ranks are 2-9, T or 10, J, Q, K, A in any case; suits are c d h s or the
    symbols; cards may be run together or separated by spaces or commas. With
    ``count``, exactly that many cards are required.

    >>> parse_cards("6♣ 4♥ 3♠ 2♦ A♣") == parse_cards("6c,4h,3s,2d,ac") == parse_cards("6C4H3S2DAC")
    True
    >>> [str(c) for c in parse_cards("10h Td")]
    ['Th', 'Td']
    >>> parse_cards("6c 4x")
    Traceback (most recent call last):
    lowball.errors.CardError: unknown suit 'x' in '4x' (suits: c d h s or ♣ ♦ ♥ ♠)
    >>> parse_cards("Ac 2d Ac")
    Traceback (most recent call last):
    lowball.errors.CardError: duplicate card 'Ac'
    >>> parse_cards("Ac 2d", count=5)
    Traceback (most recent call last):
    lowball.errors.CardError: expected 5 cards, got 2: Ac 2d
    """
    if isinstance(text, str):
        cards = _parse_text(text)
    else:
        cards = []
        for item in text:
            if isinstance(item, Card):
                cards.append(item)
            elif isinstance(item, str):
                cards.extend(_parse_text(item))
            else:
                raise CardError(f"not a card: {quote(item)}")
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"duplicate card '{card}'")
        seen.add(card)
    if count is not None and len(cards) != count:
        shown = " ".join(map(str, cards[:12])) + (" ..." if len(cards) > 12 else "") or "nothing"
        raise CardError(f"expected {count} cards, got {len(cards)}: {shown}")
    return tuple(cards)


def _parse_text(text: str) -> list[Card]:
    cards: list[Card] = []
    for token in _tokens(text):
        at = 0
        while at < len(token):
            card, at = _read_card(_card_text(token, at), at, token)
            cards.append(card)
    return cards


def _tokens(text: str) -> list[str]:
    for sep in SEPARATORS[1:]:
        text = text.replace(sep, " ")
    return text.split()


def _card_text(token: str, at: int) -> str:
    """Return the text of the card starting at ``at``, for error messages ('4x' in '6c4x')."""
    width = 2 if token[at : at + 2] == "10" else 1
    return token[at : at + width + 1]


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as space-separated ASCII: ``format_cards(parse_cards("6♣4♥")) == '6c 4h'``."""
    return " ".join(str(card) for card in cards)
