"""Layer 2: the literate evaluator, hand classes, names, best-of-n and the fast paths.

``from lowball.ranking import evaluate`` and friends: the names below are the
layer's public face; each lives in the module of its one concept.
"""

from lowball.ranking.best import (
    best_five, best_hand, best_low, best_low_five, best_qualifying_rank, best_rank, qualifies,
)
from lowball.ranking.joker import joker_rank, plays_as, resolve_joker
from lowball.ranking.classes import (
    Shape, class_count, class_rank, class_ranks, class_representatives, representative, shape, shape_classes,
)
from lowball.ranking.literate import (
    BROADWAY, WHEEL, as_system, category, groups, is_flush, judge, part_values, straight_top, strength_key, value,
)
from lowball.ranking.names import display_order, hand_name, rank_text
from lowball.ranking.value import HandValue, compare, evaluate, hand_cards, winners
from lowball.core.rankings import HAND_SIZE, RankingSystem, ranking_system

__all__ = [
    "BROADWAY", "HAND_SIZE", "HandValue", "RankingSystem", "Shape", "WHEEL", "as_system", "best_five", "best_hand",
    "best_low", "best_low_five", "best_qualifying_rank", "best_rank", "category", "class_count", "class_rank",
    "class_ranks", "class_representatives", "compare", "display_order", "evaluate", "groups", "hand_cards",
    "hand_name", "is_flush", "joker_rank", "judge", "part_values", "plays_as", "qualifies", "rank_text",
    "ranking_system", "representative", "resolve_joker", "shape", "shape_classes", "straight_top", "strength_key",
    "value", "winners",
]
