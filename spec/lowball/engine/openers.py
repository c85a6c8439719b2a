"""Who acts first in a betting round, and who brings it in: one small function per named rule.

Seats count from the dealer's left (p1 = seat 0); the dealer is the last seat.
Each rule names a seat (``betting_round.RULE_SEATS``; the seats the cards
choose come from here); the round then starts with the first player at or
clockwise after that seat who can still act (not folded, not all in), as
B2 says for an opener who has folded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, assert_never

from lowball.core.behaviours import BringIn, Opener
from lowball.core.cards import ACE, SUIT_CHARS, Card, rank_value
from lowball.core.rankings import HAND_SIZE
from lowball.ranking.best import best_rank

if TYPE_CHECKING:
    from lowball.engine.state import Hand



def chosen_seat(hand: "Hand", rule: Opener) -> int:
    """Return the seat the cards choose for an opener rule that reads them (the bring-in, the best board); 0 for
    the rules that name a seat by position (``betting_round.RULE_SEATS`` names those)."""
    match rule:
        case Opener.BRING_IN:                     # L4, R2
            assert hand.bring_in_seat is not None
            return hand.bring_in_seat
        case Opener.HIGHEST_BOARD:                # L6: the best high hand showing; ties to the lowest seat
            return best_board(hand, high=True)
        case Opener.LOWEST_BOARD:                 # R3, N4: the lowest hand showing, the ace low
            return best_board(hand, high=False)
        case Opener.LOWEST_BOARD_ACE_HIGH:        # Y4: the lowest hand showing, the ace high
            return best_board(hand, high=False, ace_low=False)
        case Opener.DEALER_LEFT | Opener.LEFT_OF_BIG_BLIND | Opener.LEFT_OF_LAST_POST | Opener.FIRST_ROUND_OPENER:
            return 0
        case _:
            assert_never(rule)


# ---- Stud: the board showing (L4, L6, R2, R3) ----

def up_cards(hand: "Hand", seat: int) -> list[Card]:
    """Return a seat's face-up cards (a community card is nobody's board: P4, L6)."""
    return [card for card, up in zip(hand.hands[seat], hand.face_up[seat]) if up and card is not None]


def board(hand: "Hand", seat: int) -> list[Card]:
    """Return the cards a seat shows when the opener is chosen: its up cards, and the community card where the
    table counts it on every board (N8; by default it is nobody's board, P4)."""
    shown = up_cards(hand, seat)
    return shown + list(hand.community) if hand.table.community_card_on_boards else shown


def open_pair_seat(hand: "Hand") -> int | None:
    """Return the first player still in, from the dealer's left, who shows a pair face up (the open pair of stud
    high's fourth street, Q4), or None."""
    for seat in hand.contenders:
        ranks = [card.rank for card in up_cards(hand, seat)]
        if len(set(ranks)) < len(ranks):
            return seat
    return None


def open_pair_shows(hand: "Hand") -> bool:
    """Return whether a player still in shows a pair face up (Q4)."""
    return open_pair_seat(hand) is not None


def board_key(cards: Sequence[Card], high: bool, ace_low: bool | None = None) -> tuple:
    """Return a key ordering boards from the worst to the best showing: pairs and trips, then ranks (L6, R3).

    Straights and flushes are not counted on a partial board. In high, more of
    a kind is better and higher ranks are better (ace high); in razz (ace-to-five),
    pairs are worse and lower ranks are better (ace low). ``ace_low`` says where
    the ace counts (by default: high in high, low in low); deuce-to-seven razz
    reads its low boards with the ace high (Y4). The key is how many of each
    rank, then the ranks, best group first:

    >>> board_key([Card(9, "c"), Card(13, "s"), Card(9, "d")], True)     # a pair of nines, then a king
    ((2, 1), (9, 13))
    >>> board_key([Card(9, "c"), Card(9, "d")], True) > board_key([Card(14, "c"), Card(13, "d")], True)
    True
    >>> board_key([Card(14, "c"), Card(2, "d")], False) > board_key([Card(13, "c"), Card(2, "d")], False)
    True
    >>> board_key([Card(13, "c"), Card(12, "d")], False, ace_low=False) > board_key([Card(14, "c"), Card(2, "d")], False, ace_low=False)   # Y4
    True
    """
    low_ace = not high if ace_low is None else ace_low
    counts: dict[int, int] = {}               # each value's count, in the order first seen (as ``Counter`` keeps)
    for card in cards:
        value = rank_value(card.rank, low_ace)
        counts[value] = counts.get(value, 0) + 1
    if high:
        groups = sorted([(n, v) for v, n in counts.items()], reverse=True)
    else:                                     # fewer duplicates is better, then the lower cards from the top down
        groups = sorted([(-n, -v) for v, n in counts.items()])
    return tuple(n for n, _ in groups), tuple(v for _, v in groups)


def best_board(hand: "Hand", high: bool, ace_low: bool | None = None) -> int:
    """Return the seat with the best board showing; ties go to the first seat from the dealer's left (L6)."""
    best, key = 0, None
    for seat in range(hand.n):
        if hand.folded[seat]:
            continue
        shown = board(hand, seat)
        mine = five_card_board_key(hand, shown, high) if len(shown) == HAND_SIZE else board_key(shown, high, ace_low)
        if key is None or mine > key:
            best, key = seat, mine
    return best


def five_card_board_key(hand: "Hand", shown: Sequence[Card], high: bool) -> tuple:
    """Return the key of a board of five cards (four up and the community card, N8): the hand they make under the
    table's ranking (the high side's, or the low's), straights and flushes included; the better, the larger."""
    side = next((s for s in hand.table.sides if (s.half == "low") != high), hand.table.sides[0])
    return (-best_rank(tuple(shown), side.system),)


def card_order(card: Card, ace_high: bool) -> tuple[int, int]:
    """Return a card's place for the bring-in: rank (ace high or low), then suit c < d < h < s (L4, R2)."""
    rank = rank_value(card.rank, not ace_high)
    return rank, SUIT_CHARS.index(card.suit)


def bring_in_seat(hand: "Hand", rule: BringIn) -> int:
    """Return who brings it in: the lowest upcard, ace high (L4), or the highest upcard, ace low (R2, N3) or high (Y3).

    Ties cannot happen: two players never show the same card, and suits break equal ranks.
    """
    last_up = {}                                  # each seat's last upcard, for the players still in who show one
    for seat in range(hand.n):
        if not hand.folded[seat] and (shown := up_cards(hand, seat)):
            last_up[seat] = shown[-1]
    match rule:
        case BringIn.LOWEST_UPCARD:
            return min(last_up, key=lambda seat: card_order(last_up[seat], ace_high=True))
        case BringIn.HIGHEST_UPCARD:              # R2, N3: the K♠ highest
            return max(last_up, key=lambda seat: card_order(last_up[seat], ace_high=False))
        case BringIn.HIGHEST_UPCARD_ACE_HIGH:     # Y3: the A♠ highest
            return max(last_up, key=lambda seat: card_order(last_up[seat], ace_high=True))
        case _:
            assert_never(rule)
