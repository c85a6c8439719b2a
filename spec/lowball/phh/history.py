"""Hand histories in PHH, the TOML hand-history format of the open-source poker tools.

A history's ``variant`` code names the game: ``FA6L1D`` (the teaching table, a
project-local code) or a code of the PHH standard (``F2L3D``, ``N2L1D``,
``F7S/8``, ``FR``) or of this project (``docs/phh.md``). Each built-in
game table carries its code. Fields used: ``variant``, ``antes``,
``blinds_or_straddles``, ``bring_in``, ``small_bet`` and ``big_bet`` (or
``min_bet``), ``starting_stacks``, ``actions``, and optionally ``players`` and
``finishing_stacks``. Other PHH metadata fields are accepted and ignored.

Where a game's stakes are rules (the teaching table: ante 1, bets 1 and 2, T2,
T3), a history must have them; where they are the house's choice (the PHH
standard's games), the history's stakes are played.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any

from lowball.core.arguments import instance_of, takes
from lowball.core.behaviours import Structure
from lowball.core.files import exists, quote, read_text
from lowball.core.games import TABLE, GameTable, builtin_games, with_stakes
from lowball.core.reader import parse_toml
from lowball.engine.actions import parse_action
from lowball.engine.state import OVER, SHOWDOWN, Hand, HandResult
from lowball.errors import HistoryError, IllegalAction, LowballError, RulesError

# A history longer than this is not a hand of poker (a hand has at most a few hundred actions).
MAX_ACTIONS = 10_000


def _toml(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


@takes(hand=instance_of(Hand, "a hand (lowball.Hand)"))
def to_phh(hand: Hand) -> str:
    """Return the hand as PHH text (its table's variant code) that ``replay`` turns back into the same hand."""
    table = hand.table
    lines = [f"variant = {_toml(table.variant)}", f"antes = {_toml([table.ante] * hand.n)}"]
    if table.blinds:
        lines.append(f"blinds_or_straddles = {_toml(list(table.blinds) + [0] * (hand.n - 2))}")
    if table.bring_in:
        lines.append(f"bring_in = {table.bring_in}")
    if table.structure is Structure.FIXED_LIMIT:
        lines += [f"small_bet = {table.small_bet}", f"big_bet = {table.big_bet}"]
    else:
        lines.append(f"min_bet = {table.small_bet}")
    lines += [
        f"starting_stacks = {_toml(list(hand.starting_stacks))}",
        "actions = [",
        *(f"  {_toml(str(action))}," for action in hand.actions),
        "]",
        f"players = {_toml(list(hand.names))}",
    ]
    if hand.result is not None:
        lines.append(f"finishing_stacks = {_toml(list(hand.result.finishing_stacks))}")
    return "\n".join(lines) + "\n"


def read_history(phh: str | Path) -> dict[str, Any]:
    """Return the parsed fields of a history given as its text, or as a path (a ``Path``, or a string naming a file)."""
    if isinstance(phh, os.PathLike) or (isinstance(phh, str) and exists(phh)):
        text = read_text(phh, HistoryError, "hand history")
    elif isinstance(phh, str):
        if "\n" not in phh and "=" not in phh:
            raise HistoryError(f"cannot read hand history {quote(phh)}: no such file")
        text = phh
    else:
        raise HistoryError(f"a hand history is its text or a path, got {quote(phh)}")
    try:
        return parse_toml(text, "the hand history", "a hand history")
    except RulesError as err:
        raise HistoryError(str(err)) from None


@functools.cache
def games_by_variant() -> dict[str, GameTable]:
    """Return the built-in game of each PHH variant code."""
    return {game.variant: game for game in builtin_games()}


def _ints(data: dict[str, Any], key: str, required: bool = True) -> list[int] | None:
    if key not in data:
        if required:
            raise HistoryError(f"{key}: missing")
        return None
    value = data[key]
    if not isinstance(value, list) or len(value) > 100 or \
            not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**15 for v in value):
        raise HistoryError(f"{key}: expected a list of whole numbers of chips, got {quote(value)}")
    return value


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise HistoryError(f"{key}: expected a whole number, got {quote(value)}" if key in data else f"{key}: missing")
    return value


def table_for(data: dict[str, Any], table: GameTable | None = None) -> GameTable:
    """Return the table a history is played at: its variant's game, with the history's stakes where they may vary."""
    variant = data.get("variant")
    games = games_by_variant()
    if "variant" not in data:
        raise HistoryError(f"variant: missing: a history names its game (lowball replays {', '.join(games)})")
    if table is None:
        if not isinstance(variant, str) or variant not in games:
            raise HistoryError(f"unknown variant {quote(variant)}: lowball replays {', '.join(games)}")
        table = games[variant]
    elif variant != table.variant:
        raise HistoryError(f"unknown variant {quote(variant)}: this table replays {table.variant!r} ({table.en})")
    stacks = _ints(data, "starting_stacks")
    antes = _ints(data, "antes")
    if len(antes) != len(stacks):
        raise HistoryError(f"antes: {len(antes)} antes for {len(stacks)} players")
    if len(set(antes)) > 1:
        raise HistoryError(f"antes {antes}: every player posts the same ante here")
    stakes = {"forced.ante": antes[0] if antes else 0}
    blinds = _ints(data, "blinds_or_straddles", required=False)
    if table.blinds or blinds:
        if blinds is None or len(blinds) != len(stacks) or any(blinds[2:]) or not all(blinds[:2]):
            raise HistoryError(f"blinds_or_straddles: expected [small, big, 0, ...] for {len(stacks)} players, "
                               f"got {quote(blinds)}")
        stakes["forced.blinds"] = blinds[:2]
    if table.bring_in or "bring_in" in data:
        stakes["forced.bring_in"] = _int(data, "bring_in")
    if table.structure is Structure.FIXED_LIMIT:
        stakes["small_bet"], stakes["big_bet"] = _int(data, "small_bet"), _int(data, "big_bet")
    else:
        stakes["small_bet"] = _int(data, "min_bet")
    if not table.phh_stakes_vary:
        clauses = table.clauses
        expected = {"forced.ante": (table.ante, clauses["forced"]), "small_bet": (table.small_bet, clauses["size"]),
                    "big_bet": (table.big_bet, clauses["size"])}
        for key, (want, clause) in expected.items():
            if key in stakes and stakes[key] != want:
                shown = antes if key == "forced.ante" else stakes[key]
                field = {"forced.ante": "antes"}.get(key, key)
                what = "every player posts an ante of" if key == "forced.ante" else "this table's bet is"
                raise IllegalAction(f"{field} {shown}: {what} {want} ({clause})")
        return table
    try:
        return with_stakes(table, stakes)
    except RulesError as err:
        raise HistoryError(f"the history's stakes do not make a {table.name} table: {err}") from None


@takes(table=TABLE)
def replay_hand(phh: str | Path, table: GameTable | None = None) -> Hand:
    """Replay a PHH hand history (text or path), checking every action; return the finished ``Hand``."""
    data = read_history(phh)
    table = table_for(data, table)
    stacks = _ints(data, "starting_stacks")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise HistoryError(f"actions: expected a list of strings, got {quote(actions)}")
    if len(actions) > MAX_ACTIONS:
        raise HistoryError(f"actions: {len(actions):,} actions; a hand has at most {MAX_ACTIONS:,}")
    names = data.get("players")
    if names is not None and (not isinstance(names, list) or len(names) != len(stacks)
                              or not all(isinstance(n, str) for n in names)):
        raise HistoryError(f"players: expected {len(stacks)} names, got {quote(names)}")
    try:
        hand = Hand(stacks, table=table, names=names, replay=True)
    except IllegalAction:
        raise
    for index, text in enumerate(actions, start=1):
        try:
            hand.apply(parse_action(text))
        except LowballError as err:
            raise IllegalAction(f"action {index} {quote(text)}: {getattr(err, 'reason', err)}") from None
    if hand.phase == SHOWDOWN:
        hand.advance()      # show lines are optional where every card is known: every remaining player shows (S1)
    if hand.phase != OVER:
        waiting = f"p{hand.to_act + 1} to act" if hand.to_act is not None else "the dealer"
        if hand.phase == SHOWDOWN:
            waiting = "the showdown: a player's cards are unknown"
        raise IllegalAction(f"the history ends before the hand is over, waiting for {waiting} "
                            f"({table.clauses['showdown']})")
    expected = _ints(data, "finishing_stacks", required=False)
    if expected is not None and list(expected) != list(hand.result.finishing_stacks):
        raise IllegalAction(f"finishing_stacks {expected} disagree with the replay, which gives "
                            f"{list(hand.result.finishing_stacks)} ({table.clauses['result']})")
    return hand


@takes(table=TABLE)
def replay(phh: str | Path, table: GameTable | None = None) -> HandResult:
    """Replay a PHH hand history and return how it ended; the variant code picks the game.

    >>> text = '''variant = "FA6L1D"
    ... antes = [1, 1]
    ... small_bet = 1
    ... big_bet = 2
    ... starting_stacks = [13, 13]
    ... actions = ["d dh p1 6c4h3s2dAc", "d dh p2 5s4d3c2hAd", "p1 cbr 1", "p2 cc",
    ...            "p1 sd", "p2 sd", "p1 cbr 2", "p2 cc"]'''
    >>> replay(text).finishing_stacks      # E1: Lena's 6-4 beats Misha's wheel
    (17, 9)
    >>> replay(text.replace('"p2 cc"]', '"p2 cbr 3"]'))
    Traceback (most recent call last):
    lowball.errors.IllegalAction: action 8 'p2 cbr 3': the raise must go to 4 in this round (T3: the bet size is 2 in the final round)
    """
    result = replay_hand(phh, table).result
    assert result is not None
    return result
