"""Properties 4-8 of a game table: one module each, gathered here (the descriptions live in ``properties``)."""

from lowball.verify.chips import check_chips
from lowball.verify.deck import check_card_bound
from lowball.verify.properties import DESCRIPTIONS
from lowball.verify.redeals import check_redeals
from lowball.verify.rounds import check_rounds, player_counts
from lowball.verify.stack import check_stack_guarantee

GAME_CHECKS = {4: check_stack_guarantee, 5: check_card_bound, 6: check_chips, 7: check_rounds, 8: check_redeals}

# The numbered descriptions of properties 4-8, from the one registry (the docs read a module's numbered list).
__doc__ = (__doc__ or "") + "\n\n" + "\n".join(f"{n}. {DESCRIPTIONS[n]}" for n in GAME_CHECKS) + "\n"

__all__ = ["GAME_CHECKS", "check_card_bound", "check_chips", "check_redeals", "check_rounds", "check_stack_guarantee",
           "player_counts"]
