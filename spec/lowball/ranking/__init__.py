"""Layer 2: the literate evaluator, hand classes, names, best-of-n and the fast paths."""

from lowball.ranking.literate import *  # noqa: F401,F403
from lowball.ranking.literate import HandValue, best_hand, best_low, class_count, compare, evaluate, qualifies, winners  # noqa: F401
