"""Hand histories: any text is replayed or refused in one short line, fast.

Two generators: edits of real histories (a line dropped, doubled, inserted or changed), and histories whose
fields take any TOML value (wrong types, huge lists, nested tables). Either way ``replay`` answers with a result
or a ``LowballError`` of one line, within ``FAST`` seconds.
"""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, strategies as st

from tests.support.fuzz import fuzz_settings
from tests.support.input_checks import FAST, check_message
from lowball.engine.state import OVER, Hand
from lowball.errors import LowballError
from lowball.phh.history import replay_hand, to_phh
from lowball.play.bots import BOTS


def sample_history() -> str:
    hand = Hand([13, 13, 13], seed=4)
    rng = random.Random(4)
    hand.advance()
    while hand.phase != OVER:
        hand.apply(BOTS["random"](hand, rng))
        hand.advance()
    return to_phh(hand)


HISTORY = sample_history()
SNIPPETS = ["p1 cbr 2", "p1 cbr ２", "p１ cc", "d dh p1 ????", "p9 f", "[[[[[[", "]", '"', "=", "\x00", "1e99",
            "-1", "true", "{}", "[]", "'x'", "p1 sd AcAc", "d db 2c", "p1 sm", "p1 sm -", "#", "\\u0000", "\ufeff",
            "\r", "\x1b[2J", "variant = 'F2L3D'", "players = ['a\\nb', 'c', 'd']"]


def replayed_or_refused(text: str) -> None:
    start = time.perf_counter()
    try:
        replay_hand(text)
    except LowballError as err:
        check_message(str(err), text[:80])
    assert time.perf_counter() - start < FAST


@fuzz_settings(80, 5000)
@given(st.data())
def test_any_edit_of_a_history_is_replayed_or_refused_in_one_line(data):
    lines = HISTORY.splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(lines) - 1))
        edit = data.draw(st.sampled_from(["drop", "dup", "insert", "replace"]))
        if edit == "drop":
            del lines[at]
        elif edit == "dup":
            lines.insert(at, lines[at])
        elif edit == "insert":
            lines.insert(at, f'  "{data.draw(st.sampled_from(SNIPPETS))}",')
        else:
            line = lines[at]
            if line:
                i = data.draw(st.integers(0, len(line) - 1))
                lines[at] = line[:i] + data.draw(st.sampled_from(SNIPPETS + list("0123456789,\"[] "))) + line[i + 1:]
    replayed_or_refused("\n".join(lines))


FIELDS = ["variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
          "starting_stacks", "actions", "players", "finishing_stacks"]
toml_values = st.recursive(
    st.one_of(st.integers(-10, 10**16), st.booleans(), st.text(max_size=8), st.floats(allow_nan=False),
              st.sampled_from(["FA6L1D", "F2L3D", "N2L1D", "FR", "F7S/8", "p1 cc", "d dh p1 ????"])),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2),
    max_leaves=12)


def as_toml(value: object) -> str:
    """Write a value as TOML (an inline table for a dict)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else "0.0"
    if isinstance(value, list):
        return "[" + ", ".join(map(as_toml, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {as_toml(v)}" for k, v in value.items()) + "}"
    return str(value)


@fuzz_settings(80, 5000)
@given(st.dictionaries(st.sampled_from(FIELDS), toml_values, max_size=len(FIELDS)), st.booleans())
def test_a_history_whose_fields_hold_anything_is_refused_in_one_line(fields, from_sample):
    base = {} if not from_sample else {line.split(" = ")[0]: line for line in HISTORY.splitlines() if " = " in line}
    lines = [line for key, line in base.items() if key not in fields and key != "actions"]
    if from_sample and "actions" not in fields:
        lines.append(HISTORY[HISTORY.index("actions = ["):HISTORY.index("]", HISTORY.index("actions = [")) + 1])
    lines += [f"{key} = {as_toml(value)}" for key, value in fields.items()]
    replayed_or_refused("\n".join(lines))


@pytest.mark.parametrize("text", [
    "actions = " + "[" * 500 + "]" * 500,
    'variant = "FA6L1D"\nstarting_stacks = [' + ",".join(["13"] * 200) + "]",
    'variant = "FA6L1D"\nantes = [1, 1]\nsmall_bet = 1\nbig_bet = 2\nstarting_stacks = [13, 13]\nactions = ['
    + ", ".join(['"p1 cc"'] * 100_000) + "]",
    "x = " + "{a = " * 300 + "1" + "}" * 300,
])
def test_deep_or_huge_histories_are_refused_in_one_short_line(text):
    start = time.perf_counter()
    with pytest.raises(LowballError) as info:
        replay_hand(text)
    check_message(str(info.value))
    assert time.perf_counter() - start < FAST


def test_a_history_path_with_an_equals_sign_is_a_path(tmp_path):
    """A string naming an existing file is a file, whatever it contains (here: an '=' in the path)."""
    path = tmp_path / "a=b.phh"
    path.write_text(HISTORY)
    assert replay_hand(str(path)).result.finishing_stacks == replay_hand(HISTORY).result.finishing_stacks
