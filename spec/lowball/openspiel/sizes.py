"""The game's parameters and the sizes OpenSpiel asks of a game: stacks, utilities, the longest hand.

Parameters (the same for ``python_lowball`` and each ``python_lowball_<table>``):

* ``table``: a built-in table's name or the path of a house table's TOML file
  (``python_lowball`` only: each per-table game fixes it);
* ``players``: how many sit down (default 2);
* ``stacks``: the starting stacks, one number for everyone (``"40"``) or one
  per seat (``"40 60"``); ``"table"`` (the default) gives everyone
  ``default_stack``.
"""

from __future__ import annotations

from typing import Sequence

from lowball.core.behaviours import HeadsUpCap, NobodyOpens, StreetKind
from lowball.core.games import GameTable
from lowball.openspiel.dealer import cards_needed

# The ``stacks`` value that asks for the table's default stack.
TABLE_STACKS = "table"
# Ten of the largest bets: deep enough that most hands are played out at a limit table, small enough that the
# action space of a no-limit table (one code per whole amount) stays a few dozen codes.
DEFAULT_DEPTH = 10


def default_stack(table: GameTable) -> int:
    """Return the stack everyone starts with by default: ten of the table's largest bets, or its minimum stack
    (T5) if that is more.

    >>> from lowball.core.games import load_game_table
    >>> default_stack(load_game_table()), default_stack(load_game_table("deuce-to-seven-single-draw"))
    (20, 20)
    """
    return max(table.min_stack, DEFAULT_DEPTH * max(table.small_bet, table.big_bet))


def parse_stacks(text: str, table: GameTable, players: int) -> tuple[int, ...]:
    """Return the starting stacks the ``stacks`` parameter names (whole numbers, spaces or commas between).

    >>> from lowball.core.games import load_game_table
    >>> parse_stacks("table", load_game_table(), 2), parse_stacks("30", load_game_table(), 3)
    ((20, 20), (30, 30, 30))
    >>> parse_stacks("30 40", load_game_table(), 3)
    Traceback (most recent call last):
    ValueError: stacks '30 40': give one stack for everyone or one for each of the 3 players
    """
    if text.strip() == TABLE_STACKS:
        return (default_stack(table),) * players
    words = text.replace(",", " ").split()
    if not words or not all(word.isascii() and word.isdigit() for word in words):
        raise ValueError(f"stacks {text!r}: expected whole numbers of chips, or {TABLE_STACKS!r}")
    if len(words) == 1:
        return (int(words[0]),) * players
    if len(words) != players:
        raise ValueError(f"stacks {text!r}: give one stack for everyone or one for each of the {players} players")
    return tuple(int(word) for word in words)


def utility_range(stacks: Sequence[int]) -> tuple[float, float]:
    """Return the least and the most a player can win: all of the largest stack lost, all the others' won.

    >>> utility_range([20, 30, 40])
    (-40.0, 70.0)
    """
    return float(-max(stacks)), float(sum(stacks) - min(stacks))


def longest_hand(table: GameTable, stacks: Sequence[int]) -> int:
    """Return a bound on the moves of one hand, chance's cards counted one by one (OpenSpiel's
    ``max_game_length``).

    A betting round takes at most a turn each, then a turn each of the others per bet or raise; a raise lifts
    what is owed by a chip at least, so there are never more raises than chips in the largest stack, and the
    cap bounds them where it holds (T4, G1; lifted heads-up where G2 says, so not counted on there). A table
    that redeals when nobody opens (K4) deals again at most once per ante everyone can still post.

    >>> from lowball.core.games import load_game_table
    >>> longest_hand(load_game_table(), [20, 20])   # 20 cards, 2 draws, 2 rounds: 2 turns, 6 raises, a bring-in
    40
    """
    players, deepest = len(stacks), max(stacks)
    raises = deepest
    if table.bets_per_round is not None and table.heads_up_cap is HeadsUpCap.KEPT:
        raises = min(deepest, table.bets_per_round + players)      # short all-ins may add one each (G3, G4)
    moves = cards_needed(table, players)
    for street in table.streets:
        if street.kind is StreetKind.DRAW:
            moves += players
        elif street.kind is StreetKind.BET:
            moves += players + raises * (players - 1) + 1          # + 1: the bring-in (L4)
    deals = 1 + (deepest // max(table.ante, 1) if table.nobody_opens is NobodyOpens.REDEAL else 0)
    return moves * deals
