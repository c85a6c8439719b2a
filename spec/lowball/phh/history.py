"""Hand histories in PHH, the TOML hand-history format of the open-source poker tools.

The teaching table uses the project-local variant code ``FA6L1D`` (fixed limit,
ace-to-six lowball, single draw), an extension of the format. Fields used:
``variant``, ``antes``, ``small_bet`` (the bet before the draw), ``big_bet``
(after it), ``starting_stacks``, ``actions``, and optionally ``players`` and
``finishing_stacks``. Other PHH metadata fields are accepted and ignored.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from lowball.engine.actions import parse_action
from lowball.errors import HistoryError, IllegalAction, LowballError
from lowball.engine.state import OVER, SHOWDOWN, Hand, HandResult
from lowball.core.tables import GameTable, load_game_table


def to_phh(hand: Hand) -> str:
    """Return the hand as PHH text (variant ``FA6L1D``) that ``replay`` turns back into the same hand."""
    table = hand.table

    def toml(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = [
        f"variant = {toml(table.variant)}",
        f"antes = {toml([table.ante] * hand.n)}",
        f"small_bet = {table.bet_sizes[0]}",
        f"big_bet = {table.bet_sizes[-1]}",
        f"starting_stacks = {toml(list(hand.starting_stacks))}",
        "actions = [",
        *(f"  {toml(str(action))}," for action in hand.actions),
        "]",
        f"players = {toml(list(hand.names))}",
    ]
    if hand.result is not None:
        lines.append(f"finishing_stacks = {toml(list(hand.result.finishing_stacks))}")
    return "\n".join(lines) + "\n"


def _read(phh: str | Path) -> dict[str, Any]:
    text = phh
    if isinstance(phh, Path) or ("\n" not in phh and "=" not in phh):
        path = Path(phh)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise HistoryError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise HistoryError(f"the hand history is not valid TOML: {err}") from None


def _ints(data: dict[str, Any], key: str, required: bool = True) -> list[int] | None:
    if key not in data:
        if required:
            raise HistoryError(f"{key}: missing")
        return None
    value = data[key]
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise HistoryError(f"{key}: expected a list of whole numbers, got {value!r}")
    return value


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise HistoryError(f"{key}: expected a whole number, got {value!r}" if key in data else f"{key}: missing")
    return value


def replay_hand(phh: str | Path, table: GameTable | None = None) -> Hand:
    """Replay a PHH hand history (text or path), checking every action; return the finished ``Hand``."""
    table = table or load_game_table()
    data = _read(phh)
    variant = data.get("variant")
    if variant != table.variant:
        raise HistoryError(f"unknown variant {variant!r}: lowball replays {table.variant!r} ({table.en})")
    stacks = _ints(data, "starting_stacks")
    antes = _ints(data, "antes")
    if len(antes) != len(stacks):
        raise HistoryError(f"antes: {len(antes)} antes for {len(stacks)} players")
    if any(ante != table.ante for ante in antes):
        raise IllegalAction(f"antes {antes}: every player posts an ante of {table.ante} (T2)")
    for key, size in (("small_bet", table.bet_sizes[0]), ("big_bet", table.bet_sizes[-1])):
        if _int(data, key) != size:
            raise IllegalAction(f"{key} {data[key]}: this table's bet is {size} (T3)")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise HistoryError(f"actions: expected a list of strings, got {actions!r}")
    names = data.get("players")
    if names is not None and (not isinstance(names, list) or len(names) != len(stacks)
                              or not all(isinstance(n, str) for n in names)):
        raise HistoryError(f"players: expected {len(stacks)} names, got {names!r}")

    hand = Hand(stacks, table=table, names=names)
    for index, text in enumerate(actions, start=1):
        try:
            hand.apply(parse_action(text))
        except LowballError as err:
            raise IllegalAction(f"action {index} {text!r}: {getattr(err, 'reason', err)}") from None
    if hand.phase == SHOWDOWN:
        hand.advance()      # show lines are optional: every remaining player shows (S1)
    if hand.phase != OVER:
        waiting = f"p{hand.to_act + 1} to act" if hand.to_act is not None else "the dealer"
        raise IllegalAction(f"the history ends before the hand is over, waiting for {waiting} (S1)")
    expected = _ints(data, "finishing_stacks", required=False)
    if expected is not None and list(expected) != list(hand.result.finishing_stacks):
        raise IllegalAction(f"finishing_stacks {expected} disagree with the replay, which gives "
                            f"{list(hand.result.finishing_stacks)} (S3)")
    return hand


def replay(phh: str | Path, table: GameTable | None = None) -> HandResult:
    """Replay a PHH hand history of the teaching table and return how it ended.

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
