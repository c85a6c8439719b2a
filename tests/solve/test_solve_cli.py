"""``lowball solve`` and ``lowball strategy``: what they print, their JSON, resuming, and bad input in one line."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from lowball import load_game_table
from lowball.cli import main
from lowball.solve import run, store
from lowball.solve.abstraction import coarsened
from tests.support.solve_cli import call  # noqa: F401


def test_strategy_at_the_draw_names_the_count_and_the_cards(capsys):
    code, out, _ = call(capsys, "strategy", "Kc 7d 4h 3s 2c", "--line", "check check")
    assert code == 0
    assert out.startswith("teaching-table: p1 to act after check check, holding Kc 7d 4h 3s 2c")
    draw_one = next(line for line in out.splitlines() if line.strip().startswith("draw1"))
    assert draw_one.endswith("throws Kc") and float(draw_one.split()[1].rstrip("%")) > 50


def test_strategy_json_at_the_first_decision_and_after_the_draw(capsys):
    code, out, _ = call(capsys, "strategy", "--json", "6c4h3s2dAc")
    first = json.loads(out)
    assert code == 0 and first["player"] == "p1" and first["phase"] == "bet" and first["line"] == []
    assert set(first["frequencies"]) == {"check", "bet"} and abs(sum(first["frequencies"].values()) - 1) < 1e-9
    _, out, _ = call(capsys, "strategy", "--json", "--line", "check check pat draw2 bet", "Kc Kd Qh 9s 8c")
    late = json.loads(out)
    assert late["player"] == "p2" and set(late["frequencies"]) == {"fold", "call", "raise"}
    assert late["labels"] == ["call", "call", "draw0", "draw2", "raise"]
    assert late["range_above"] > 0.5 and late["bluff"] == late["frequencies"]["raise"]


def test_strategy_at_deuce_to_seven(capsys):
    code, out, _ = call(capsys, "strategy", "--game", "deuce-to-seven-single-draw-limit", "--json", "7c 5d 4h 3s 2c")
    advice = json.loads(out)
    # Heads-up the dealer posts the small blind and acts first: he may fold, complete or raise.
    assert code == 0 and advice["player"] == "p2" and set(advice["frequencies"]) == {"fold", "call", "raise"}


@pytest.mark.parametrize("argv, message", [
    (["strategy", "--game", "nope", "7c 5d 4h 3s 2c"], "no game 'nope'"),
    (["strategy", "--game", "razz", "7c 5d 4h 3s 2c"], "razz: 0 draws; only single-draw tables are solved"),
    (["strategy", "--game", "california-lowball", "7c 5d 4h 3s 2c"], "(solved tables: deuce-to-seven-single-draw"),
    (["strategy", "7c 5d 4h 3s 2x"], "unknown suit 'x'"),
    (["strategy", "7c 5d 4h 3s"], "expected 5 cards, got 4"),
    (["strategy", "--line", "check"], "give the hand: five cards"),
    (["strategy", "7c 5d 4h 3s 2c", "--line", "check bet fold"], "the hand is over after 'check bet fold'"),
    (["strategy", "7c 5d 4h 3s 2c", "--line", "check fold"], "'fold' is not legal for p2 after 'check'"),
    (["solve", "--game", "nope"], "no game 'nope'"),
    (["solve", "--game", "razz"], "razz: 0 draws; only single-draw tables are solved"),
    (["solve", "--game", "teaching-table", "--pre", "3"], "--pre must be 6 to 256"),
    (["solve", "--iterations", "many"], "argument --iterations: expected a whole number written with the digits"),
    (["solve", "--game", "teaching-table", "--out", "solution.txt"], "--out: a solution is a .npz file"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, message):
    code, _, err = call(capsys, *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize("option, value, message", [
    # 0 is a size like any other: refused, never taken for "the default".
    ("--pre", "0", "--pre must be 6 to 256 buckets (one per best discard count at least), got 0"),
    ("--post", "0", "--post must be 2 to 7,462 buckets (the classes of a ranking), got 0"),
    ("--iterations", "0", "--iterations must be 1 to 10,000,000, got 0"),
    ("--stacks", "100000000000000000000", "--stacks must be 13 to 64 chips at teaching-table (its minimum stack to "
                                          "32 big bets), got 100,000,000,000,000,000,000"),
    ("--stacks", "12", "--stacks must be 13 to 64 chips at teaching-table"),
    ("--goal", "inf", "--goal must be a positive finite number of mbb/hand, got inf"),
    ("--pre", " 8", "argument --pre: expected a whole number written with the digits 0-9, e.g. 3; got ' 8'"),
    ("--post", "+8", "argument --post: expected a whole number written with the digits 0-9, e.g. 3; got '+8'"),
    ("--stacks", "\u0663\u0660", "argument --stacks: expected a whole number written with the digits 0-9"),  # ٣٠
    ("--iterations", "1_000", "argument --iterations: expected a whole number written with the digits 0-9"),
])
def test_a_solve_option_out_of_its_range_or_oddly_written_is_refused(capsys, tmp_path, option, value, message):
    code, out, err = call(capsys, "solve", option, value, "--out", str(tmp_path / "s.npz"), "--checkpoints",
                          str(tmp_path))
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1, err
    assert list(tmp_path.iterdir()) == []


def test_a_joker_is_refused_at_a_table_dealt_without_one(capsys):
    code, out, err = call(capsys, "strategy", "Jk 4h 3s 2d Ac")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert err.strip() == ("lowball strategy: error: Jk: teaching-table is dealt from 52 cards without a joker, "
                           "and its solution places no hand holding one")


@pytest.mark.parametrize("line, message", [
    ("raise", "'raise' is not legal for p1 after the deal: p1 may check, bet (there is no bet to raise: say bet)"),
    ("check call", "'call' is not legal for p2 after 'check': p2 may check, bet (there is nothing to call: say check)"),
    ("bet check", "'check' is not legal for p2 after 'bet': p2 may fold, call, raise (there is a bet to call: say "
                  "call)"),
    ("bet bet", "'bet' is not legal for p2 after 'bet': p2 may fold, call, raise (there is a bet already: say raise)"),
    ("check fold", "'fold' is not legal for p2 after 'check': p2 may check, bet (there is no bet to fold to: say "
                   "check)"),
    ("check check check", "'check' is not legal for p1 after 'check check': p1 may pat, draw1, draw2, draw3, draw4, "
                          "draw5"),
])
def test_a_line_word_that_is_not_the_word_for_the_action_there_is_refused(capsys, line, message):
    # The tree's labels call a bet 'raise' and a check 'call'; a player's words do not, so neither is read so.
    code, out, err = call(capsys, "strategy", "6c 4h 3s 2d Ac", "--line", line)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert err.strip() == f"lowball strategy: error: {message}", err


def test_the_right_words_and_the_trees_draw0_still_read(capsys):
    code, out, _ = call(capsys, "strategy", "--json", "6c 4h 3s 2d Ac", "--line", "check bet call draw0 pat")
    assert code == 0 and json.loads(out)["labels"] == ["call", "raise", "call", "draw0", "draw0"]


def test_bad_input_as_json(capsys):
    code, _, err = call(capsys, "strategy", "--json", "--line", "bet raise raise raise raise", "7c5d4h3s2c")
    record = json.loads(err)
    # The bet and three raises are the cap (T4): p1 may not raise a fourth time.
    assert code == 2 and record["kind"] == "IllegalLine"
    assert record["error"].endswith("'raise' is not legal for p1 after 'bet raise raise raise': p1 may fold, call")


def small(system, pre, post):
    # The shipped teaching abstraction merged to a few buckets: the real draw odds, a tree solved in seconds.
    return coarsened(store.load(load_game_table("teaching-table")).ranges, pre, post)


def test_solve_writes_a_solution_and_resumes_from_its_checkpoint(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(run, "build_abstraction", small)
    out = tmp_path / "teaching.npz"
    argv = ["solve", "--game", "teaching-table", "--pre", "6", "--post", "8", "--out", str(out),
            "--checkpoints", str(tmp_path / "checks"), "--json"]
    code, text, _ = call(capsys, *argv, "--iterations", "3")
    first = json.loads(text)
    assert code == 0 and first["iterations"] == 3 and first["resumed_at"] == 0
    assert abs(sum(first["values"])) < 1e-9 and first["exploitability_mbb"] > 0
    code, text, _ = call(capsys, *argv, "--iterations", "5")
    again = json.loads(text)
    assert code == 0 and again["resumed_at"] == 3 and again["iterations"] == 5
    assert again["exploitability_mbb"] < first["exploitability_mbb"]
    solution = store.load(load_game_table("teaching-table"), out)
    assert solution.facts["iterations"] == 5 and solution.facts["abstraction"]["pre_buckets"] == 6
    assert np.isclose(solution.facts["exploitability_mbb"], again["exploitability_mbb"])


def test_solve_text_names_the_values_and_the_exploitability(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(run, "build_abstraction", small)
    code, out, _ = call(capsys, "solve", "--game", "teaching-table", "--pre", "6", "--post", "8", "--iterations", "2",
                        "--out", str(tmp_path / "s.npz"), "--checkpoints", str(tmp_path))
    assert code == 0 and "teaching-table: 2 iterations, exploitability" in out
    assert "value to p1:" in out and "value to p2:" in out


def test_ctrl_c_while_solving_exits_130(capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(run, "solve_table", interrupted)
    code, _, err = call(capsys, "solve", "--game", "teaching-table")
    assert code == 130 and err.strip() == "lowball: interrupted"


def test_ctrl_c_while_building_the_abstraction_exits_130(tmp_path):
    # Ctrl-C reachable in the child: a shell's background job (a CI run started with &) ignores SIGINT, and a child
    # inherits that.
    child = subprocess.Popen([sys.executable, "-m", "lowball.cli", "solve", "--out", str(tmp_path / "s.npz"),
                              "--checkpoints", str(tmp_path)], stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(4)                   # the command line is up and enumerating the 2,598,960 hands
    child.send_signal(signal.SIGINT)
    try:
        _, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 130 and err.strip().splitlines()[-1] == "lowball: interrupted", err


def test_play_with_the_equilibrium_bot_at_the_teaching_table(capsys):
    code, out, _ = call(capsys, "play", "--players", "2", "--hands", "30", "--bots", "equilibrium,sound", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["bots"] == {"p1": "equilibrium", "p2": "sound"}
    assert summary["notes"] == [
        "equilibrium plays the solved strategy (a hand whose stacks it does not cover: as sound)"]
    code, out, _ = call(capsys, "play", "--hands", "5", "--bots", "equilibrium,sound")
    assert code == 0 and "note: equilibrium plays as sound: 3 players: the solution is heads-up" in out


def test_the_installed_command_never_shows_a_traceback():
    proc = subprocess.run([sys.executable, "-m", "lowball.cli", "strategy", "--line", "bet bet", "7c 5d 4h 3s 2c"],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1
    help_text = subprocess.run([sys.executable, "-m", "lowball.cli", "strategy", "--help"], capture_output=True,
                               text=True).stdout
    assert "snow" in help_text and "--line" in help_text
