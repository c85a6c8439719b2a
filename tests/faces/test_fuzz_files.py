"""Files a user names: every path the project reads is read as a file, or refused at once in one line naming it.

The paths are every one the project reads: ``--game``/``--rules``, ``--rankings``, a hand history,
a table's ``extends``, ``replay --game``, ``split --game``, ``play --game`` and ``--phh-dir``, and the Python
loaders behind them (``load_game_table``, ``load_rankings``, ``read_toml``, ``replay``, ``load_for_verify``).
The odd ones: a named pipe (a FIFO: reading it waits for a writer forever), a device (``/dev/zero`` and
``/dev/urandom`` never end), a folder, a socket, a file far larger than any table or history, a symlink loop,
bytes that are not UTF-8. The cases that would hang or fill memory if the code regressed run in a child process
with a memory limit, each under a deadline (``input_checks``), so a regression fails here and the suite goes on.
The contents of a table (mutated keys and values) load or are refused in one line too.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from tests.support.fuzz import fuzz_settings
from tests.support.input_checks import FAST, check_cli_answer, check_message, deadline, run_cli, run_isolated
from lowball import load_game_table, load_rankings, replay
from lowball.core.files import MAX_BYTES
from lowball.core.games import TEACHING_TABLE_FILE
from lowball.core.reader import read_toml
from lowball.errors import HistoryError, LowballError, RulesError
from lowball.phh.history import replay_hand
from lowball.verify import load_for_verify

TESTS = Path(__file__).resolve().parents[1]
HISTORY = (TESTS / "data" / "wsop-2019-yockey-arieh.phh").read_text(encoding="utf-8")
TABLE_TEXT = TEACHING_TABLE_FILE.read_text(encoding="utf-8")

# Each odd path, and a word its refusal must say.
ODD = {"fifo": "named pipe", "zero": "device", "urandom": "device", "folder": "folder", "socket": "socket",
       "big": "more than", "loop": "symbolic links"}


def make_odd_paths(folder: Path) -> dict[str, Path]:
    """Make one path of each odd kind in ``folder``, each named ``KIND.toml`` (so ``extends`` can name it)."""
    paths = {kind: folder / f"{kind}.toml" for kind in ODD}
    os.mkfifo(paths["fifo"])
    os.symlink("/dev/zero", paths["zero"])
    os.symlink("/dev/urandom", paths["urandom"])
    paths["folder"].mkdir()
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(paths["socket"]))          # left bound: the child process only looks at it
    with open(paths["big"], "wb") as handle:     # sparse: the size of a large file, none of its blocks
        handle.truncate(MAX_BYTES + 1)
    os.symlink(paths["loop"], paths["loop"])
    return paths


def loaders(path: Path) -> dict[str, object]:
    """Return every way the project reads ``path``, Python and command line, as name -> zero-argument call."""
    text = str(path)
    house = path.parent / f"extends-{path.stem}.toml"
    house.write_text(f'extends = "{path.name}"\nname = "house"\n', encoding="utf-8")
    history = path.parent / "hand.phh"
    history.write_text(HISTORY, encoding="utf-8")
    return {
        "load_game_table": lambda: load_game_table(path),
        "load_game_table(str)": lambda: load_game_table(text),
        "load_rankings": lambda: load_rankings(path),
        "read_toml": lambda: read_toml(path),
        "replay": lambda: replay(path),
        "replay(str)": lambda: replay(text),
        "load_for_verify(rules)": lambda: load_for_verify(path),
        "load_for_verify(rankings)": lambda: load_for_verify(rankings=path),
        "extends": lambda: load_game_table(house),
        "lowball verify --game": ["verify", "--game", text, "--quick", "--only", "5"],
        "lowball verify --rules": ["verify", "--rules", text, "--quick", "--only", "5", "--json"],
        "lowball verify --rankings": ["verify", "--rankings", text, "--quick", "--only", "1"],
        "lowball verify extends": ["verify", "--game", str(house), "--quick", "--only", "5"],
        "lowball replay": ["replay", text],
        "lowball replay --game": ["replay", "--game", text, str(history)],
        "lowball play --game": ["play", "--game", text, "--hands", "1"],
        "lowball split --game": ["split", "--game", text, "Ah 2h 3d 4c 9h", "As Ks Qd Qc 9s"],
    }


def child_main(folder: str) -> None:
    """In a child process: try every loader on every odd path made in ``folder``; print what each answered."""
    print(json.dumps(try_all(make_odd_paths(Path(folder)))))


def try_all(paths: dict[str, Path]) -> list[tuple[str, str, str, str, float]]:
    """Return what every loader answered on every odd path."""
    found = []
    for kind, path in paths.items():
        for name, call in loaders(path).items():
            start = time.perf_counter()
            try:
                with deadline():
                    if isinstance(call, list):
                        code, _, err, _ = run_cli(call)
                        outcome, message = f"exit {code}", err.strip()
                    else:
                        call()
                        outcome, message = "accepted", ""
            except LowballError as err:
                outcome, message = "refused", str(err)
            except Exception as err:        # a hang (TooSlow), a MemoryError, anything else: a failure to report
                outcome, message = type(err).__name__, str(err)[:200]
            found.append((kind, name, outcome, message, time.perf_counter() - start))
    return found


def test_every_path_the_project_reads_refuses_pipes_devices_folders_sockets_and_huge_files():
    folder = tempfile.mkdtemp(prefix="lowball-")        # short: a socket's path has at most 107 characters
    try:
        expected = len(ODD) * len(loaders(Path(folder) / "x.toml"))
        found = run_isolated(f"import sys; sys.path.insert(0, {str(TESTS.parent)!r}); import tests.faces.test_fuzz_files as t; "
                             f"t.child_main({folder!r})")
    finally:
        shutil.rmtree(folder)
    assert len(found) == expected, found
    for kind, name, outcome, message, seconds in found:
        case = f"{name} on a {kind} ({outcome})"
        assert outcome in ("refused", "exit 2"), f"{case}: {message}"
        assert seconds < FAST, f"{case} took {seconds:.1f} s"
        assert ODD[kind] in message, f"{case}: {message}"
        check_message(message, case)
        if "--json" in name:
            assert json.loads(message)["kind"] == "RulesError", message


def test_play_never_writes_into_a_pipe_or_a_device(tmp_path):
    """--phh-dir: a FIFO, a device or a file is no folder; a FIFO named like a hand file is skipped, not opened."""
    os.mkfifo(tmp_path / "fifo")
    for folder, word in ((tmp_path / "fifo", "not a folder"), (Path("/dev/null"), "not a folder"),
                         (Path("/dev/zero") / "x", "not a folder")):
        with deadline():
            code, _, err, seconds = run_cli(["play", "--hands", "1", "--phh-dir", str(folder)])
        assert code == 2 and word in err, err
        check_cli_answer([], code, err, seconds)
    hands = tmp_path / "hands"
    hands.mkdir()
    os.mkfifo(hands / "hand-00001.phh")
    with deadline():
        assert run_cli(["play", "--hands", "2", "--phh-dir", str(hands)])[0] == 0
    assert sorted(p.name for p in hands.iterdir()) == ["hand-00001.phh", "hand-00002.phh", "hand-00003.phh"]
    assert (hands / "hand-00001.phh").is_fifo()


@pytest.mark.parametrize("make", ["missing", "folder", "loop", "binary", "under-file", "nul", "long", "empty"])
def test_any_path_a_user_names_is_refused_naming_it(make, tmp_path):
    path = {"missing": tmp_path / "none.toml", "folder": tmp_path, "loop": tmp_path / "loop.toml",
            "binary": tmp_path / "bin.toml", "under-file": tmp_path / "bin.toml" / "x.toml",
            "nul": "a\x00b.toml", "long": "x" * 5000 + ".toml", "empty": tmp_path / "empty.toml"}[make]
    (tmp_path / "bin.toml").write_bytes(os.urandom(64) + b"\xff")
    (tmp_path / "empty.toml").write_text("")
    if make == "loop":
        os.symlink(tmp_path / "loop.toml", tmp_path / "loop.toml")
    for load in (load_game_table, replay_hand, load_rankings):
        with pytest.raises(LowballError) as info:
            load(Path(path) if make not in ("nul", "long") else path)
        check_message(str(info.value), make)


# ---- what a file says: messages that name the real problem ----

def test_a_byte_order_mark_is_not_part_of_a_table_or_a_history(tmp_path):
    """Windows editors start UTF-8 files with a byte-order mark; TOML does not, and it is not the user's error."""
    table, history = tmp_path / "house.toml", tmp_path / "hand.phh"
    table.write_text("\ufeff" + 'extends = "razz"\nname = "house"\n', encoding="utf-8")
    history.write_text("\ufeff" + HISTORY, encoding="utf-8")
    assert load_game_table(table).name == "house"
    assert replay(history).finishing_stacks == replay(HISTORY).finishing_stacks


@pytest.mark.parametrize("text", ["", "# nothing but a comment\n", "actions = []\n"])
def test_a_history_without_a_variant_says_the_variant_is_missing(text):
    with pytest.raises(HistoryError, match="^variant: missing"):
        replay_hand(text if text else "\n")


def test_an_empty_rankings_file_is_blamed_not_the_game_table(tmp_path):
    empty = tmp_path / "my-rankings.toml"
    empty.write_text("")
    with pytest.raises(RulesError) as info:
        load_for_verify(rankings=empty)
    assert str(info.value).startswith("my-rankings.toml: systems: missing"), info.value
    code, _, err, _ = run_cli(["verify", "--rankings", str(empty), "--quick", "--only", "1"])
    assert code == 2 and "my-rankings.toml" in err and "teaching-table" not in err, err


@pytest.mark.parametrize("nested", ["x = " + "[" * 40 + "]" * 40, "x = " + "{a = " * 40 + "1" + "}" * 40])
def test_a_deeply_nested_history_is_called_a_history_and_a_table_a_table(nested, tmp_path):
    with pytest.raises(HistoryError) as info:
        replay_hand(nested)
    assert "hand history" in str(info.value) and "rules table" not in str(info.value), info.value
    table = tmp_path / "deep.toml"
    table.write_text(nested)
    with pytest.raises(RulesError, match="deeper than a rules table"):
        load_game_table(table)


def test_a_history_text_larger_than_any_hand_is_refused_before_it_is_parsed():
    text = HISTORY + "# " + "x" * MAX_BYTES + "\n"
    start = time.perf_counter()
    with pytest.raises(HistoryError, match="more than"):
        replay_hand(text)
    assert time.perf_counter() - start < 1


@pytest.mark.parametrize("name", ["my\nhouse", "my\x1b[31mhouse", "tab\there", "bell\x07"])
def test_a_table_name_or_title_with_a_newline_or_an_escape_is_refused(name, tmp_path):
    for key in ("name", "en"):
        table = tmp_path / "house.toml"
        table.write_text(f'extends = "razz"\n{key} = {json.dumps(name)}\n', encoding="utf-8")
        with pytest.raises(RulesError, match=f"{key}: expected printable text on one line"):
            load_game_table(table)


# ---- the contents of a rules file ----

VALUES = ["-1", "0", "1000000000000", "true", '"x"', "[]", "[1, 2]", "{ a = 1 }", '"unlimited"', "3.5",
          '"dealer-left"', '"never"', "[" * 40 + "]" * 40, '"a\\nb"', '"\\u001b[2J"', '"\\ufeff"']


@fuzz_settings(60, 3000)
@given(data=st.data())
def test_any_rules_file_loads_or_is_refused_in_one_line(data, tmp_path_factory):
    lines = TABLE_TEXT.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines) - 1))
        line = lines[at]
        if "=" in line and not line.startswith("#"):
            lines[at] = line.split("=")[0] + "= " + data.draw(st.sampled_from(VALUES))
        else:
            del lines[at]
    path = tmp_path_factory.mktemp("rules") / "house.toml"
    path.write_text("\n".join(lines))
    start = time.perf_counter()
    try:
        load_game_table(path)
    except LowballError as err:
        check_message(str(err), path)
    assert time.perf_counter() - start < FAST


def test_the_limits_are_far_above_every_shipped_table_and_history():
    """The size limit refuses nothing real: every shipped table and the PHH paper's history are far below it."""
    shipped = list((TEACHING_TABLE_FILE.parent).glob("*.toml")) + [TESTS / "data" / "wsop-2019-yockey-arieh.phh"]
    assert max(p.stat().st_size for p in shipped) * 50 < MAX_BYTES
