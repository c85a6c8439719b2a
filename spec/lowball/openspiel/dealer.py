"""Chance: the dealer's cards, one card per chance node, each equally likely among the cards nobody has seen.

The engine replays a hand whose cards are named by its deal actions (``Hand(...,
replay=True)``), as a hand history does: it says whose cards are due and how
many (``due``), and refuses any card already in play. Chance picks those cards
one at a time; once a player's cards of the street (or of the draw) are all
picked, they go to the engine as one deal action, ``d dh p1 6c4h3s2dAc``.

Each card is equally likely among the cards the engine still counts unseen:
the stub and the burned cards, which nobody has seen either, so from every
player's seat the next card off a shuffled stub is any of them alike.

That holds while the stub lasts. Once it runs short, the table reshuffles
some set-aside cards under what is left, or deals one community card (K9,
P3, L8, P4), and the next cards are no longer alike: the rest of the old stub
comes first. Rather than deal those cards from the wrong distribution, a game
whose worst case can run the stub short is refused (``check_cards_last``):
every built-in table plays heads-up, and most with several players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from lowball.core.behaviours import StreetKind
from lowball.core.cards import Card, deck_of
from lowball.core.games import GameTable
from lowball.engine import drawing
from lowball.engine.actions import Action, Kind
from lowball.engine.phases import DEAL, DRAW

if TYPE_CHECKING:
    from lowball.engine.state import Hand


@dataclass(frozen=True)
class Due:
    """The dealer's next action: ``count`` cards for ``seat`` (a deal street or a draw's replacements), or one
    community card (``kind`` ``db``)."""

    kind: str
    seat: int
    count: int

    def action(self, cards: Sequence[Card]) -> Action:
        """Return the deal action that gives these cards.

        >>> from lowball.core.cards import parse_cards
        >>> str(Due("dh", 1, 2).action(parse_cards("Kc 9h")))
        'd dh p2 Kc9h'
        """
        return Action(self.kind, self.seat, cards=tuple(cards))


def due(hand: Hand) -> Due | None:
    """Return what the dealer must deal next, read from the engine's street (None when a player acts or the
    hand is over).

    >>> from lowball.engine.state import Hand
    >>> due(Hand([20, 20], replay=True))      # the teaching table deals five cards to p1 first (T6)
    Due(kind='dh', seat=0, count=5)
    """
    if hand.phase == DEAL:
        deal = hand.current
        if deal.community:
            return Due(Kind.BOARD, 0, 1)
        return Due(Kind.DEAL, deal.dealees[0], deal.street.cards)
    if hand.phase == DRAW and hand.to_act is None:
        seat, count = drawing.serving(hand.current)
        return Due(Kind.DEAL, seat, count)
    return None


def unseen(hand: Hand, picked: Sequence[Card] = ()) -> list[Card]:
    """Return the cards the next card may be, in deck order: those the engine counts unseen, less the cards
    already picked for the deal under way.

    >>> from lowball.engine.state import Hand
    >>> from lowball.core.cards import parse_cards
    >>> hand = Hand([20, 20], replay=True); hand.apply("d dh p1 6c4h3s2dAc")
    >>> len(unseen(hand)), len(unseen(hand, parse_cards("Kc"))), str(unseen(hand)[0])
    (47, 46, '2c')
    """
    left = hand.stub.unseen.difference(picked)
    return [card for card in deck_of(hand.table.deck_cards) if card in left]


def cards_needed(table: GameTable, players: int) -> int:
    """Return the most cards a hand can take from the stub: nobody folds, everyone draws all they may, every
    burn is made.

    >>> from lowball.core.games import load_game_table
    >>> cards_needed(load_game_table(), 2), cards_needed(load_game_table("deuce-to-seven-triple-draw"), 3)
    (20, 63)
    """
    total = 0
    for street in table.streets:
        if street.kind is StreetKind.DEAL:
            total += street.burn + players * street.cards
        elif street.kind is StreetKind.DRAW:
            total += street.burn + players * street.max_discard
    return total


def most_players(table: GameTable) -> int:
    """Return the most players whose hands the stub always serves (0 if not even the fewest).

    >>> from lowball.core.games import load_game_table
    >>> most_players(load_game_table()), most_players(load_game_table("deuce-to-seven-triple-draw"))
    (5, 2)
    """
    fits = [n for n in range(table.players_min, table.players_max + 1) if cards_needed(table, n) <= table.deck_cards]
    return max(fits, default=0)


def check_cards_last(table: GameTable, players: int) -> None:
    """Raise ``ValueError`` if a hand of ``players`` players could run the stub short (see the module's note).

    >>> from lowball.core.games import load_game_table
    >>> check_cards_last(load_game_table("deuce-to-seven-triple-draw"), 3)
    Traceback (most recent call last):
    ValueError: deuce-to-seven-triple-draw with 3 players can need 63 cards from a deck of 52; its stub would run short (K9: reshuffle-earlier), and the cards after a reshuffle are not equally likely among the unseen ones: the OpenSpiel game is not offered with more than 2 players
    """
    need = cards_needed(table, players)
    if need > table.deck_cards:
        rule = f"{table.clauses['runs_out']}: {table.runs_out}"
        raise ValueError(f"{table.name} with {players} players can need {need} cards from a deck of {table.deck_cards}; "
                         f"its stub would run short ({rule}), and the cards after a reshuffle are not equally likely "
                         f"among the unseen ones: the OpenSpiel game is not offered with more than "
                         f"{most_players(table)} players")
