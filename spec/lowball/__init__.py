"""lowball: an executable, formally checked specification of lowball poker.

The public contract (see DESIGN.md) is re-exported here:

>>> import lowball
>>> lowball.compare("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-six")
1
>>> str(lowball.DECK[0]), str(lowball.DECK[-1]), len(lowball.DECK)
('2c', 'As', 52)
"""

from lowball.cards import DECK, Card, format_cards, parse_cards
from lowball.census import census
from lowball.errors import CardError, HistoryError, IllegalAction, LowballError, RulesError
from lowball.game import Hand, HandResult
from lowball.history import replay, to_phh
from lowball.odds import draw_outcomes
from lowball.session import Session, play_session
from lowball.explain import describe, explain
from lowball.fast import all_ranks
from lowball.ranking import HandValue, best_hand, best_low, class_count, compare, evaluate, qualifies, winners
from lowball.tables import load_game_table, load_rankings, ranking_system

__all__ = [
    "DECK", "Card", "CardError", "Hand", "HandResult", "HandValue", "HistoryError", "IllegalAction",
    "LowballError", "RulesError", "Session", "load_game_table", "play_session", "replay", "to_phh",
    "all_ranks", "best_hand", "best_low", "draw_outcomes", "census", "class_count", "compare", "describe", "evaluate", "explain",
    "format_cards", "load_rankings", "parse_cards", "qualifies", "ranking_system", "winners",
]
