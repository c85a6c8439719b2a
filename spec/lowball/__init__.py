"""lowball: an executable, formally checked specification of lowball poker.

The public contract (see DESIGN.md) is re-exported here:

>>> import lowball
>>> lowball.compare("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-six")
1
>>> str(lowball.DECK[0]), str(lowball.DECK[-1]), len(lowball.DECK)
('2c', 'As', 52)
"""

from lowball.analysis.census import census
from lowball.analysis.odds import draw_outcomes
from lowball.core.cards import DECK, JOKER, Card, format_cards, parse_cards
from lowball.core.games import builtin_games, load_game_table
from lowball.core.rankings import load_rankings, ranking_system
from lowball.engine.session import Session
from lowball.engine.state import Hand, HandResult
from lowball.errors import CardError, HistoryError, IllegalAction, LowballError, RulesError
from lowball.phh.history import replay, to_phh
from lowball.play.sessions import play_session
from lowball.ranking import HandValue, best_hand, best_low, class_count, compare, evaluate, qualifies, winners
from lowball.ranking.fast import all_ranks
from lowball.text.explain import describe, explain
from lowball.text.narration import narrate
from lowball.text.split import explain_split

__all__ = [
    "DECK", "JOKER", "Card", "CardError", "Hand", "HandResult", "HandValue", "HistoryError", "IllegalAction",
    "LowballError", "RulesError", "Session", "all_ranks", "best_hand", "best_low", "builtin_games", "census",
    "class_count", "compare", "describe", "draw_outcomes", "evaluate", "explain", "explain_split",
    "format_cards",
    "load_game_table", "load_rankings", "narrate", "parse_cards", "play_session", "qualifies", "ranking_system",
    "replay", "to_phh", "winners",
]
