"""The names of the lowball games in OpenSpiel's registry; importing this module registers them.

* ``python_lowball``: any table, by its ``table`` parameter (a built-in name,
  or the path of a house table's TOML file), with ``players`` and ``stacks``;
* ``python_lowball_<table>``: each built-in table, its name's hyphens written
  as underscores (``python_lowball_teaching_table``), with ``players`` and
  ``stacks``.

>>> game = pyspiel.load_game("python_lowball_teaching_table")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 55, 52)
"""

from __future__ import annotations

from typing import Any

import pyspiel

from lowball.core.games import builtin_games
from lowball.openspiel.game import DEFAULT_TABLE, PARAMETERS, LowballGame, game_type
from lowball.openspiel.sizes import TABLE_STACKS

GAME = "python_lowball"
# What the engine seats at any table (a table's own range is checked when the game is loaded).
SEATS = (2, 10)
# The type of each registered game, by name. OpenSpiel's registry holds what makes a game until after the
# interpreter has shut down: with pyspiel 2.0.2 a registered closure then aborts the process ("PyThreadState_Get:
# the GIL is released"), a registered class does not. So each game has a class of its own (``_game_class``),
# which finds its type here.
KINDS: dict[str, pyspiel.GameType] = {}


def short_name(table: str) -> str:
    """Return the OpenSpiel name of a built-in table's game.

    >>> short_name("deuce-to-seven-triple-draw")
    'python_lowball_deuce_to_seven_triple_draw'
    """
    return f"{GAME}_{table.replace('-', '_')}"


def register() -> list[str]:
    """Register every lowball game OpenSpiel does not know yet; return the names of all of them.

    >>> register()[:2]
    ['python_lowball', 'python_lowball_ace_to_five_single_draw']
    """
    known = set(pyspiel.registered_names())
    names = [GAME]
    if GAME not in known:
        KINDS[GAME] = game_type(GAME, "Lowball (any game table)", {"table": DEFAULT_TABLE, **PARAMETERS}, SEATS)
        pyspiel.register_game(KINDS[GAME], _game_class(GAME, None))
    for table in builtin_games():
        name = short_name(table.name)
        names.append(name)
        if name not in known:
            KINDS[name] = game_type(name, f"Lowball: {table.en}", dict(PARAMETERS),
                                    (table.players_min, table.players_max))
            pyspiel.register_game(KINDS[name], _game_class(name, table.name))
    return names


def _game_class(name: str, table: str | None) -> type:
    """Return the class of the game registered as ``name``: ``LowballGame`` at ``table`` (None: the ``table``
    parameter names it).

    >>> _game_class("python_lowball_razz", "razz")({"stacks": "30"}).seating.stacks
    (30, 30)
    """
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        LowballGame.__init__(self, params, kind=KINDS[name], table=table)
    return type(name, (LowballGame,), {"__init__": __init__, "__doc__": f"The OpenSpiel game {name}."})


def load(table: str = DEFAULT_TABLE, players: int = 2, stacks: str = TABLE_STACKS) -> pyspiel.Game:
    """Return the OpenSpiel game of a table (a built-in name or a house table's path) at these players and stacks.

    >>> load("razz", players=3, stacks="30").new_initial_state().current_player() == pyspiel.PlayerId.CHANCE
    True
    """
    return pyspiel.load_game(GAME, {"table": table, "players": players, "stacks": stacks})


register()
