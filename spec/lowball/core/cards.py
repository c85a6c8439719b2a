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

# Every way to write one rank or one suit, spelled out: str.upper() and str.lower() map some
# non-ASCII letters onto ASCII ones (the Kelvin sign K lowers to k), and a card is never one of those.
RANK_OF = {char: rank for rank, char in enumerate(RANK_CHARS, start=2)}
RANK_OF |= {char.lower(): rank for char, rank in RANK_OF.items()}
# The ace's rank, and what it counts where the ace is low (H1): the one home of both numbers.
ACE = RANK_OF["A"]
LOW_ACE = 1


def rank_value(rank: int, ace_low: bool) -> int:
    """Return what a rank counts: the ace 1 where the ace is low (H1, U3), every rank itself otherwise.

    >>> rank_value(ACE, True), rank_value(ACE, False), rank_value(7, True)
    (1, 14, 7)
    """
    return LOW_ACE if rank == ACE and ace_low else rank
SUIT_OF = {char: char for char in SUIT_CHARS} | {char.upper(): char for char in SUIT_CHARS} | SUIT_SYMBOLS
# The longest spelling of one card ("10♣", "joker"): reading a card never looks further than this.
LONGEST_CARD = max(map(len, JOKER_NAMES + ("10c",)))


class _CardFields(NamedTuple):
    rank: int
    suit: str


class Card(_CardFields):
    """A playing card; ``str(Card(14, 'c')) == 'Ac'`` and the repr is valid Python.

    A named tuple (rank, suit): cards are hashed and compared millions of times
    in enumerations and games, and tuples do that in C.

    >>> Card(14, "c"), str(Card(10, "h"))
    (Card(rank=14, suit='c'), 'Th')
    >>> Card(14, "x")
    Traceback (most recent call last):
    lowball.errors.CardError: no such card: rank 14, suit 'x' (ranks 2-14, suits c d h s)
    """

    __slots__ = ()

    def __new__(cls, rank: int, suit: str) -> "Card":
        # type() rather than isinstance(): True is an int, and a str subclass could compare oddly.
        natural = type(rank) is int and 2 <= rank <= 14 and type(suit) is str and len(suit) == 1 \
            and suit in SUIT_CHARS
        if not natural and not (type(rank) is int and rank == JOKER_RANK and type(suit) is str and suit == JOKER_SUIT):
            raise CardError(f"no such card: rank {quote(rank)}, suit {quote(suit)} (ranks 2-14, suits c d h s)")
        return super().__new__(cls, rank, suit)

    @classmethod
    def _make(cls, iterable: Iterable) -> "Card":
        """Return the card of a (rank, suit) pair, checked as ``Card(rank, suit)`` is."""
        fields = tuple(iterable) if hasattr(iterable, "__iter__") and not isinstance(iterable, (str, bytes)) \
            else (iterable,)
        if len(fields) != 2:
            raise CardError(f"a card is a rank and a suit, got {quote(fields)}")
        return cls(*fields)

    def _replace(self, **changes: object) -> "Card":
        """Return this card with its rank or suit changed, checked as ``Card(rank, suit)`` is.

        >>> Card(14, "c")._replace(suit="d")
        Card(rank=14, suit='d')
        >>> Card(14, "c")._replace(rank=1)
        Traceback (most recent call last):
        lowball.errors.CardError: no such card: rank 1, suit 'c' (ranks 2-14, suits c d h s)
        """
        unknown = set(changes) - set(self._fields)
        if unknown:
            raise CardError(f"a card has a rank and a suit, not {', '.join(sorted(map(str, unknown)))}")
        return Card(changes.get("rank", self.rank), changes.get("suit", self.suit))

    @property
    def is_joker(self) -> bool:
        """Return whether this is the joker (F8): ``JOKER.is_joker`` is True."""
        return self.rank == JOKER_RANK

    def __deepcopy__(self, memo: dict) -> "Card":
        return self                  # a card never changes: a copied hand shares it

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


def _spellings() -> dict[str, Card]:
    """Return every token that is exactly one card, mapped to it: ``"Ac"``, ``"aC"``, ``"10♥"``, ``"Jk"``..."""
    tokens = {}
    for rank_text, rank in RANK_OF.items():
        for suit_text, suit in SUIT_OF.items():
            tokens[rank_text + suit_text] = Card(rank, suit)
            if rank == 10:
                tokens["10" + suit_text] = Card(rank, suit)
    for name in JOKER_NAMES:
        for spelling in (name, name.upper(), name.title(), name.capitalize()):
            tokens[spelling] = JOKER
    return tokens


# One-card tokens, for the fast path of parsing (``"6c 4h 3s 2d Ac"`` is five look-ups).
# The general reader below accepts exactly these and more (cards run together, any case of "joker").
CARD_TOKENS: dict[str, Card] = _spellings()


def deck_of(cards: int) -> tuple[Card, ...]:
    """Return the deck a game table names: the 52 cards, or 53 with the joker last (T1, F8).

    >>> len(deck_of(52)), str(deck_of(53)[-1])
    (52, 'Jk')
    >>> deck_of(54)
    Traceback (most recent call last):
    lowball.errors.CardError: a deck has 52 cards, or 53 with the joker; not 54
    """
    if type(cards) is int and cards == len(DECK):
        return DECK
    if type(cards) is int and cards == len(DECK) + 1:
        return DECK + (JOKER,)
    raise CardError(f"a deck has {len(DECK)} cards, or {len(DECK) + 1} with the joker; not {quote(cards)}")


def _read_card(text: str, at: int) -> tuple[Card, int]:
    """Read one card from ``text`` starting at ``at``; return it and where the next one starts."""
    # Never slice past one card's width: a huge token must not be copied once per card.
    head = text[at:at + LONGEST_CARD]
    for name in JOKER_NAMES:
        spelled = head[:len(name)]
        if spelled == name or spelled.isascii() and spelled.lower() == name:
            return JOKER, at + len(name)
    if head[:2] == "10":
        rank, width = 10, 2
    elif head[:1] in RANK_OF:
        rank, width = RANK_OF[head[0]], 1
    else:
        raise CardError(f"unknown rank {quote(head[:1])} in {quote(_card_text(text, at))} "
                        f"(ranks: 2-9, T or 10, J, Q, K, A; the joker Jk)")
    suit_char = head[width:width + 1]
    if suit_char == "":
        raise CardError(f"card {quote(_card_text(text, at))} has no suit (suits: c d h s or ♣ ♦ ♥ ♠)")
    if suit_char not in SUIT_OF:
        raise CardError(f"unknown suit {quote(suit_char)} in {quote(_card_text(text, at))} "
                        f"(suits: c d h s or ♣ ♦ ♥ ♠)")
    return Card(rank, SUIT_OF[suit_char]), at + width + 1


def parse_cards(text: str | Iterable[Card | str], count: int | None = None) -> tuple[Card, ...]:
    """Parse card text such as ``"6♣ 4♥ 3♠ 2♦ A♣"`` or ``"6c4h3s2dAc"`` into cards.

    Ranks are 2-9, T or 10, J, Q, K, A in any case; suits are c d h s or the
    symbols; cards may be run together or separated by spaces or commas. The
    joker is ``Jk`` (or ``joker``, or 🃏). With ``count``, exactly that many
    cards are required. Cards already parsed, or a list of card texts, are
    accepted too.

    >>> parse_cards("6♣ 4♥ 3♠ 2♦ A♣") == parse_cards("6c,4h,3s,2d,ac") == parse_cards("6C4H3S2DAC")
    True
    >>> [str(c) for c in parse_cards("10h Td Jk")]
    ['Th', 'Td', 'Jk']
    >>> parse_cards("6c 4x")
    Traceback (most recent call last):
    lowball.errors.CardError: unknown suit 'x' in '4x' (suits: c d h s or ♣ ♦ ♥ ♠)
    >>> parse_cards("Ac 2d Ac")
    Traceback (most recent call last):
    lowball.errors.CardError: duplicate card 'Ac'
    >>> parse_cards("Ac 2d", count=5)
    Traceback (most recent call last):
    lowball.errors.CardError: expected 5 cards, got 2: Ac 2d
    >>> parse_cards(None)
    Traceback (most recent call last):
    lowball.errors.CardError: cards must be text or a sequence of cards, not None
    """
    seen: dict[Card, None] = {}      # insertion-ordered: the cards in the order written
    if isinstance(text, str):
        _parse_text(text, seen)
    elif isinstance(text, (bytes, bytearray)) or not hasattr(text, "__iter__"):
        raise CardError(f"cards must be text or a sequence of cards, not {quote(text, 40)}")
    else:
        for item in text:
            if isinstance(item, Card):
                _add(item, seen)
            elif isinstance(item, str):
                _parse_text(item, seen)
            else:
                raise CardError(f"not a card: {quote(item)}")
    if count is not None and not (type(count) is int and count >= 0):
        raise CardError(f"parse_cards: count: expected a whole number of cards, or None, got {quote(count, 40)}")
    cards = tuple(seen)
    if count is not None and len(cards) != count:
        shown = " ".join(map(str, cards[:12])) + (" ..." if len(cards) > 12 else "") or "nothing"
        raise CardError(f"expected {count} cards, got {len(cards)}: {shown}")
    return cards


def _add(card: Card, seen: dict[Card, None]) -> None:
    """Add a card, refusing the second copy of one (so a huge text stops at its 54th card at the latest)."""
    if card in seen:
        raise CardError(f"duplicate card '{card}'")
    seen[card] = None


def _parse_text(text: str, seen: dict[Card, None]) -> None:
    for token in _tokens(text):
        card = CARD_TOKENS.get(token)
        if card is not None:
            _add(card, seen)
            continue
        at = 0
        while at < len(token):
            card, at = _read_card(token, at)
            _add(card, seen)


def _tokens(text: str) -> list[str]:
    for sep in SEPARATORS[1:]:
        text = text.replace(sep, " ")
    return text.split()


def _card_text(token: str, at: int) -> str:
    """Return the text of the card starting at ``at``, for error messages ('4x' in '6c4x')."""
    width = 2 if token[at : at + 2] == "10" else 1
    return token[at : at + width + 1]


def check_disjoint(hands: Iterable[Iterable[Card]]) -> None:
    """Refuse hands that share a card: one deck holds each card once (T1), so two hands cannot both hold it.

    >>> check_disjoint([parse_cards("Ac 2d"), parse_cards("3h Ac")])
    Traceback (most recent call last):
    lowball.errors.CardError: hands 1 and 2 both hold Ac
    """
    holder: dict[Card, int] = {}
    for index, hand in enumerate(hands):
        for card in hand:
            if holder.setdefault(card, index) != index:
                raise CardError(f"hands {holder[card] + 1} and {index + 1} both hold {card}")


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as space-separated ASCII: ``format_cards(parse_cards("6♣4♥")) == '6c 4h'``.

    >>> format_cards("6c 4h")
    Traceback (most recent call last):
    lowball.errors.CardError: format_cards: cards: expected cards (parse_cards reads text), got '6c 4h'
    """
    if isinstance(cards, (str, bytes)) or not hasattr(cards, "__iter__"):
        raise CardError(f"format_cards: cards: expected cards (parse_cards reads text), got {quote(cards, 40)}")
    cards = tuple(cards)
    if not all(type(card) is Card for card in cards):
        bad = next(card for card in cards if type(card) is not Card)
        raise CardError(f"format_cards: cards: expected cards (parse_cards reads text), got {quote(bad, 40)}")
    return " ".join(str(card) for card in cards)
