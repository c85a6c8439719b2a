"""lowball: an executable, formally checked specification of lowball poker.

The public contract (see DESIGN.md) is re-exported here:

>>> import lowball
>>> lowball.compare("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-six")
1
>>> str(lowball.DECK[0]), str(lowball.DECK[-1]), len(lowball.DECK)
('2c', 'As', 52)
"""

from lowball.core.cards import DECK, Card, format_cards, parse_cards
from lowball.analysis.census import census
from lowball.errors import CardError, HistoryError, IllegalAction, LowballError, RulesError
from lowball.engine.state import Hand, HandResult
from lowball.phh.history import replay, to_phh
from lowball.analysis.odds import draw_outcomes
from lowball.engine.session import Session, play_session
from lowball.text.explain import describe, explain
from lowball.ranking.fast import all_ranks
from lowball.ranking.literate import HandValue, best_hand, best_low, class_count, compare, evaluate, qualifies, winners
from lowball.core.tables import load_game_table, load_rankings, ranking_system

__all__ = [
    "DECK", "Card", "CardError", "Hand", "HandResult", "HandValue", "HistoryError", "IllegalAction",
    "LowballError", "RulesError", "Session", "load_game_table", "play_session", "replay", "to_phh",
    "all_ranks", "best_hand", "best_low", "draw_outcomes", "census", "class_count", "compare", "describe", "evaluate", "explain",
    "format_cards", "load_rankings", "parse_cards", "qualifies", "ranking_system", "winners",
]
