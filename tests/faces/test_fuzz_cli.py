"""The command line: any arguments get an answer or one short line (exit 2), and so do signals and broken output.

Generated command lines; Ctrl-C in
every long command, ``verify``'s proofs included, is exit 130 and "interrupted"; a full disk or a closed
stdout is one line and exit 2 (not a traceback, not a silent exit 0); a reader that goes away is a quiet 141;
options are never abbreviated (``--js`` is refused, as JSON, with a hint); names that would break a line or
command a terminal are refused.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from tests.support.fuzz import fuzz_settings
from tests.support.input_checks import check_cli_answer, run_cli
from lowball.cli import build_parser, main
from lowball.cli.main import _subparsers

LOWBALL = [sys.executable, "-m", "lowball.cli"]

WORDS = ["rank", "compare", "census", "odds", "replay", "play", "verify", "games", "split", "--system", "--lang",
         "--json", "--js", "--jso", "--set", "--only", "--quick", "--rules", "--game", "--players", "--hands",
         "--stack", "--phh-dir", "--seed", "--discard", "--goal", "--bots", "--names", "--se", "--ga", "ace-to-six",
         "deuce-to-seven", "all", "ru", "en", "xx", "6c 4h 3s 2d Ac", "5s4d3c2hAd", "Zc", "10h", "-1", "0",
         "1000000000", "99999999999999999999", "1.5", "players.max=100", "raises_per_round=1000000",
         "raises_per_round=40", "min_stack=-1", "=", "a=b", "", " ", "\x00", "é", "♣", ".",
         "/dev/null/file.phh", "sound,random", "sound,nobody", "4,5", "9", "\n", "a\nb,c", "\x1b[31m,x", "--"]
# No device or pipe here: those are read in a child process (test_fuzz_files), where a regression cannot hang
# this one; "." is the test's own temporary folder, and "/dev/null/..." a path nobody can create (not even
# root), so a generated --phh-dir writes nowhere that matters.
COMMANDS = ("rank", "compare", "census", "odds", "replay", "play", "verify", "games", "split")


@fuzz_settings(120, 5000)
@given(argv=st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=12)), min_size=1, max_size=6))
def test_any_command_line_gets_an_answer_or_one_short_line(argv, tmp_path_factory):
    if argv[0] not in COMMANDS:
        argv = ["rank", *argv]
    if argv[0] == "census" or (argv[0] == "verify" and "--quick" not in argv):
        argv = argv + (["--system", "ace-to-six"] if argv[0] == "census" else ["--quick", "--only", "1"])
    if argv[0] == "play":
        argv = argv + ["--hands", "3"]
    # A folder to write hands into stays inside the test's folder, whatever was generated ("/x" would be at the root).
    argv = [word.lstrip("/") if i and argv[i - 1] == "--phh-dir" else word for i, word in enumerate(argv)]
    with contextlib.chdir(tmp_path_factory.getbasetemp()):     # a stray --phh-dir writes nowhere that matters
        code, _, err, seconds = run_cli(argv)
    check_cli_answer(argv, code, err, seconds)


@pytest.mark.parametrize("argv", [
    ["play", "--players", "0"], ["play", "--players", "1000000000"], ["play", "--stack", "-1"],
    ["play", "--phh-dir", ""], ["play", "--hands", "0"], ["verify", "--set", "players.max=100"],
    ["verify", "--rules", "/"], ["verify", "--rules", "/nonexistent/x.toml"], ["replay", "/"],
    ["replay", "--json", "/nonexistent/x.phh"], ["compare", "--json", "Zc 4h 3s 2d Ac", "x"],
    ["verify", "--set", "extends=razz"], ["verify", "--game", "no-such-game", "--json"],
    ["split", "--names", "a\nb,c", "Ah 2h 3d 4c 9h", "As Ks Qd Qc 9s"],
    ["split", "--names", "\x1b[2J,c", "Ah 2h 3d 4c 9h", "As Ks Qd Qc 9s"],
])
def test_known_bad_command_lines(argv):
    code, _, err, seconds = run_cli(argv)
    assert code == 2
    check_cli_answer(argv, code, err, seconds)


def test_phh_dir_that_is_a_file_or_under_a_file(tmp_path):
    plain = tmp_path / "plain.txt"
    plain.write_text("x")
    for folder in (plain, plain / "under"):
        code, _, err, seconds = run_cli(["play", "--hands", "2", "--phh-dir", str(folder)])
        assert code == 2 and str(plain) in err
        check_cli_answer([], code, err, seconds)


def test_hand_files_already_there_are_never_overwritten(tmp_path):
    (tmp_path / "hand-00001.phh").write_text("mine")
    assert run_cli(["play", "--hands", "2", "--phh-dir", str(tmp_path)])[0] == 0
    assert (tmp_path / "hand-00001.phh").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.glob("*.phh")) == ["hand-00001.phh", "hand-00002.phh", "hand-00003.phh"]


def test_a_terminal_that_cannot_show_the_cards_is_not_the_users_fault(monkeypatch):
    """A valid compare with an ASCII-only stdout prints (with escapes) and exits 0: not bad input."""
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr("sys.stdout", stream)
    assert main(["compare", "--system", "ace-to-six", "6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad"]) == 0
    stream.flush()
    assert b"hand A wins" in raw.getvalue()


# ---- options are never abbreviated ----

def every_option() -> dict[str, set[str]]:
    """Return each command's long options."""
    parser = build_parser()
    return {sub.prog.split()[-1]: {o for o in sub._option_string_actions if o.startswith("--")}
            for sub in _subparsers(parser)}


@pytest.mark.parametrize("word", ["--js", "--jso", "--j"])
def test_a_prefix_of_json_is_refused_as_json_with_a_hint(word):
    """argparse would take --js for --json; here it is refused, in JSON since the script asked for JSON."""
    code, out, err, _ = run_cli(["rank", word, "Zc"])
    record = json.loads(err)
    assert code == 2 and out == "" and record["kind"] == "UsageError"
    assert f"unrecognized arguments: {word}" in record["error"] and "did you mean --json?" in record["error"]


# Arguments that make each command's line complete, so that only the option under test is wrong.
COMPLETE = {"rank": ["6c4h3s2dAc"], "compare": ["6c4h3s2dAc", "5s4d3c2hAd"], "odds": ["6c4h3s2dAc"],
            "replay": ["x.phh"], "split": ["Ah 2h 3d 4c 9h", "As Ks Qd Qc 9s"], "import": ["x.txt"]}


def test_no_option_of_any_command_answers_to_a_prefix():
    """Every proper prefix of every option (that is not an option itself) is refused, naming it, in one line."""
    tried = 0
    for command, options in every_option().items():
        for option in sorted(options):
            for end in range(3, len(option)):
                prefix = option[:end]
                if prefix in options:
                    continue
                argv = [command, prefix, *COMPLETE.get(command, [])]
                code, _, err, seconds = run_cli(argv)
                assert code == 2 and f"unrecognized arguments: {prefix}" in err, f"{argv}: {err}"
                check_cli_answer(argv, code, err, seconds)
                tried += 1
    assert tried > 50


# ---- Ctrl-C ----

def catches_sigint(pid: int) -> bool:
    """Return whether a process has a handler of its own for SIGINT (Linux: the SigCgt mask in /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next((line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:")), "0")
    return bool(int(caught, 16) >> (signal.SIGINT - 1) & 1)


def interrupt_after(argv: list[str], seconds: float) -> tuple[int, str]:
    """Run ``lowball`` in a child with Ctrl-C reachable (a shell's background job would ignore it), interrupt it."""
    child = subprocess.Popen(LOWBALL + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # The clock starts once Python has installed its Ctrl-C handler: on a busy machine the interpreter itself can
    # take seconds to start, and a Ctrl-C before that kills it silently, which is no test of lowball.
    deadline = time.monotonic() + 60
    while not catches_sigint(child.pid) and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(seconds)
    child.send_signal(signal.SIGINT)
    try:
        _, err = child.communicate(timeout=30)
    finally:
        child.kill()
    return child.returncode, err


@pytest.mark.parametrize("argv", [
    ["verify", "--quick"],                          # Z3 catches Ctrl-C itself: it must not become a verdict
    # the best play of three draws from 7-2 (seconds of exact search; the 7-card census now takes about two); not
    # notebook 9's 7-2 start, whose answer is stored (lowball.analysis.stored_answers) and comes at once
    ["odds", "7c 2d Ks Qh Jc", "--system", "deuce-to-seven", "--draws", "3", "--json"],
    ["play", "--hands", "1000000"],
])
def test_ctrl_c_is_exit_130_and_interrupted_in_every_long_command(argv):
    code, err = interrupt_after(argv, 2.5)
    line = err.strip().splitlines()[-1]          # after a progress bar, if the command showed one
    # 130, or (rarely, under ``python -m``) death by SIGINT once CPython has seen a KeyboardInterrupt pass through
    # code it runs for a library: a shell reports 130 for both.
    assert code in (130, -signal.SIGINT), (code, err)
    assert (json.loads(line)["error"] if "--json" in argv else line) == "lowball: interrupted", err


def test_the_command_line_starts_without_the_numeric_libraries():
    """Ctrl-C reaches ``main`` from the first moments: numpy and Z3 load inside it, where it is caught, not before."""
    child = subprocess.run([sys.executable, "-c", "import sys, lowball.cli; "
                            "print(sorted(m for m in ('numpy', 'z3', 'lowball.engine.state') if m in sys.modules))"],
                           capture_output=True, text=True, timeout=60)
    assert child.stdout.strip() == "[]", child.stdout + child.stderr


@pytest.mark.parametrize("watched", [False, True])
def test_ctrl_c_inside_a_z3_proof_stops_it_at_once_as_an_interruption(watched):
    """Z3 answers ``unknown`` when Ctrl-C reaches it mid-search: that is a stop, not an undecided claim; and
    inside ``proofs_stop_on_ctrl_c`` (as ``lowball verify`` runs) the search is interrupted at once too."""
    import threading

    import z3

    from lowball.verify.ctrl_c import proofs_stop_on_ctrl_c
    from lowball.verify.proof import prove

    x, y, z = z3.Ints("x y z")
    hard = z3.Implies(z3.And(x > 0, y > 0, z > 0), x * x * x + y * y * y != z * z * z)    # Fermat, n = 3
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            with proofs_stop_on_ctrl_c() if watched else contextlib.nullcontext():
                prove(hard, timeout_ms=20_000)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.perf_counter() - start < 5
    assert signal.set_wakeup_fd(-1) == -1          # the watcher's wake-up is gone with it


# ---- output the system refuses ----

class Refusing(io.StringIO):
    """A stdout whose writes fail as the system would fail them."""

    def __init__(self, errno_: int):
        super().__init__()
        self.errno_ = errno_

    def write(self, text: str) -> int:
        raise OSError(self.errno_, os.strerror(self.errno_))


@pytest.mark.parametrize("errno_, code, said", [(28, 2, "no space left on device"), (5, 2, "input/output error"),
                                                (32, 141, "")])
def test_output_the_system_refuses_is_one_line_or_a_quiet_exit(errno_, code, said, monkeypatch):
    err = io.StringIO()
    monkeypatch.setattr("sys.stdout", Refusing(errno_))
    monkeypatch.setattr("sys.stderr", err)
    assert main(["games"]) == code
    if said:
        assert err.getvalue() == f"lowball games: error: cannot write the output: {said}\n"
    else:
        assert err.getvalue() == ""       # a reader that went away (| head) is told nothing: it is gone


def test_a_closed_stdout_is_an_error_not_a_silent_success(monkeypatch):
    """Started with stdout closed (``>&-``), Python sets sys.stdout to None and print() does nothing."""
    err = io.StringIO()
    monkeypatch.setattr("sys.stdout", None)
    monkeypatch.setattr("sys.stderr", err)
    assert main(["games", "--json"]) == 2
    assert json.loads(err.getvalue()) == {"error": "lowball games: error: cannot write the output: standard output "
                                                   "is closed", "kind": "OutputError"}


def test_a_full_disk_and_a_closed_stdout_for_real(tmp_path):
    """The real thing, through a shell: one line, exit 2, and nothing from Python's own flush at exit."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2] / "spec"))
    command = " ".join(LOWBALL)
    for redirect, said in (("> /dev/full", "no space left on device"), (">&-", "standard output is closed")):
        child = subprocess.run(f"{command} games {redirect}", shell=True, capture_output=True, text=True, env=env,
                               timeout=60)
        assert child.returncode == 2, child.stderr
        assert child.stderr == f"lowball games: error: cannot write the output: {said}\n", child.stderr


def test_after_an_interruption_only_z3_finalizers_are_quiet():
    """A Z3 term cut half-built by Ctrl-C fails in its finalizer (no ``ctx``): after "interrupted" that is not shown
    as a traceback, while a finalizer of any other module still is."""
    code = (
        "import gc, z3\n"
        "from lowball.cli.interrupt import quiet_z3_finalizers\n"
        "quiet_z3_finalizers()\n"
        "term = z3.IntNumRef.__new__(z3.IntNumRef)\n"      # as a Ctrl-C inside __init__ leaves it: no ctx
        "del term; gc.collect()\n"
        "class Other:\n"
        "    def __del__(self): raise AttributeError('not quiet')\n"
        "Other(); gc.collect()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "ctx" not in done.stderr and "IntNumRef" not in done.stderr
    assert "not quiet" in done.stderr
