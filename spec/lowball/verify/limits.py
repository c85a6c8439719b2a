"""How large a table ``lowball verify`` proves in seconds, checked before any Z3 model is built.

The proofs are inductive (one step of a round, one redeal, one pot of each
size), so the raise cap, the bet sizes and the stacks do not make them larger.
What does is the number of players (the loader seats at most ten) and, for the
card bound, the number of draws each of them makes: the model of the stub
follows every replacement of every player. A table beyond these sizes is
refused at once, naming the largest value supported.
"""

from __future__ import annotations

from lowball.core.games import GameTable
from lowball.errors import RulesError

# Replacements the card model follows in one hand (players x draws): 10 players with 12 draws.
MAX_SERVES = 120


def check_sizes(table: GameTable) -> None:
    """Raise ``RulesError`` if the card model of ``table`` would be too large to prove in seconds.

    >>> from lowball.core.games import load_game_table
    >>> check_sizes(load_game_table("deuce-to-seven-triple-draw"))     # 6 players, 3 draws: 18 serves
    """
    serves = table.players_max * table.draws
    if serves > MAX_SERVES:
        most = MAX_SERVES // table.players_max
        raise RulesError(f"{table.source}: streets: {table.draws} draws for up to {table.players_max} players are "
                         f"{serves} replacements to follow; lowball verify proves at most {MAX_SERVES} "
                         f"(at most {most} draws with {table.players_max} players)")
