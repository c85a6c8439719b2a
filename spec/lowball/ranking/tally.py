"""A hand as one whole number: the sum of its cards' tallies, read by the fast look-ups.

Everything the rankings read of a hand (H1, S2: the ranks held, and whether
five cards share a suit) survives adding up one number per card, if each card
adds a one in three counters:

* bits 0-55: a bit of its own (one per card of ``DECK``), so the number of set
  bits says whether the cards are distinct: two copies of a card carry into one;
* bits 56-71: four 4-bit counters, one per suit (at most seven cards: no carry);
* bits 72 and up: thirteen base-5 digits, one per rank (at most four of a rank).

The part above bit 72 is the *rank key*: it names the multiset of ranks held
(and so the number of cards, too). One addition per card, a shift and a mask
then answer what the literate evaluator would ask of the cards, and the class
is one dictionary look-up (``lowball.ranking.lookup``).
"""

from __future__ import annotations

from typing import Iterable

from lowball.core.cards import CARD_TOKENS, DECK, SUIT_CHARS, Card

RANK_BASE = 5                         # a digit per rank: 0-4 cards of it
LOWEST_RANK = 2                       # Card.rank of the deuce: digit 0
SUIT_SHIFT = 56                       # 52 card bits, and room for the carry of a duplicate among 7 cards
SUIT_BITS = 4                         # a counter of up to 15 cards per suit
RANK_SHIFT = SUIT_SHIFT + SUIT_BITS * len(SUIT_CHARS)
CARD_MASK = (1 << SUIT_SHIFT) - 1
SUIT_MASK = (1 << (SUIT_BITS * len(SUIT_CHARS))) - 1
# A suit counter of 5, 6 or 7 plus 3 reaches 8 (its top bit); 0-4 plus 3 does not, and nothing carries.
SUIT_NEAR_FLUSH = sum(3 << (SUIT_BITS * s) for s in range(len(SUIT_CHARS)))
SUIT_TOP_BITS = sum(8 << (SUIT_BITS * s) for s in range(len(SUIT_CHARS)))
# The suit counters of five cards of one suit.
FIVE_OF_A_SUIT = frozenset(5 << (SUIT_BITS * s) for s in range(len(SUIT_CHARS)))


def card_tally(card: Card) -> int:
    """Return what one natural card adds to a hand's tally: its own bit, one of its suit, one of its rank.

    >>> card_tally(DECK[0]) == 1 + (1 << SUIT_SHIFT) + (1 << RANK_SHIFT)     # 2c: the first card, clubs, a deuce
    True
    """
    return ((1 << DECK.index(card))
            | (1 << (SUIT_SHIFT + SUIT_BITS * SUIT_CHARS.index(card.suit)))
            | (RANK_BASE ** (card.rank - LOWEST_RANK)) << RANK_SHIFT)


# The tally of every natural card (the joker has none: it is resolved before ranking, F8), and of
# every one-card token of card text, so that ranking "6c 4h 3s 2d Ac" needs no Card objects at all.
TALLY: dict[Card, int] = {card: card_tally(card) for card in DECK}
TOKEN_TALLY: dict[str, int] = {token: TALLY[card] for token, card in CARD_TOKENS.items() if card in TALLY}


def tally(cards: Iterable[Card]) -> int:
    """Return the tally of natural cards: the sum of theirs.

    >>> from lowball.core.cards import parse_cards
    >>> t = tally(parse_cards("6c 4h 3s 2d Ac"))
    >>> card_count(t), rank_key(t) == ranks_key([6, 4, 3, 2, 14]), longest_suit(t)
    (5, True, 2)
    """
    return sum(TALLY[card] for card in cards)


def card_count(total: int) -> int:
    """Return how many distinct cards a tally holds (a duplicate card shows as fewer).

    >>> card_count(TALLY[DECK[0]] * 2)       # the same card twice carries into the next bit
    1
    """
    return (total & CARD_MASK).bit_count()


def rank_key(total: int) -> int:
    """Return the rank key of a tally: the multiset of ranks, as base-5 digits deuce first.

    >>> rank_key(TALLY[DECK[-1]]) == 5 ** 12      # the ace of spades: one ace
    True
    """
    return total >> RANK_SHIFT


def ranks_key(ranks: Iterable[int]) -> int:
    """Return the rank key of natural ranks given as numbers (2-14): ``ranks_key([2, 2]) == 2``.

    >>> ranks_key([2, 2]), ranks_key([3])
    (2, 5)
    """
    return sum(RANK_BASE ** (rank - LOWEST_RANK) for rank in ranks)


def longest_suit(total: int) -> int:
    """Return how many cards of the best-represented suit a tally holds.

    >>> from lowball.core.cards import parse_cards
    >>> longest_suit(tally(parse_cards("7s 5s 4s 3s As")))
    5
    """
    suits = (total >> SUIT_SHIFT) & SUIT_MASK
    return max((suits >> (SUIT_BITS * s)) & 0xF for s in range(len(SUIT_CHARS)))


def has_five_of_a_suit(total: int) -> bool:
    """Return whether five, six or seven of the cards of a tally share a suit (a flush is possible).

    >>> from lowball.core.cards import parse_cards
    >>> has_five_of_a_suit(tally(parse_cards("7s 5s 4s 3s As Kd Qd"))), has_five_of_a_suit(tally(parse_cards("7s 5s")))
    (True, False)
    """
    return bool((((total >> SUIT_SHIFT) & SUIT_MASK) + SUIT_NEAR_FLUSH) & SUIT_TOP_BITS)


def ranks_of_key(key: int) -> tuple[int, ...]:
    """Return the natural ranks a rank key names, lowest first (the inverse of ``ranks_key``).

    >>> ranks_of_key(ranks_key([14, 2, 2, 9]))
    (2, 2, 9, 14)
    """
    ranks = []
    for rank in range(LOWEST_RANK, LOWEST_RANK + 13):
        key, count = divmod(key, RANK_BASE)
        ranks += [rank] * count
    return tuple(ranks)
