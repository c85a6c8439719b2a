"""Progress bars and what long commands say while they work (issue 37).

A bar draws on a terminal only and never in a log; a bar that cannot be written falls silent and the work goes on;
no rate or time left is shown before it means something. A session that cannot finish says how far it got and
where its hands are. ``lowball odds`` refuses a best-play question too big for the search before counting, and
an empty ``--discard``. ``lowball verify`` prints each property as it is settled, the same text as before.
"""

from __future__ import annotations

import errno
import fcntl
import io
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from tests.support.input_checks import run_cli
from lowball.analysis.best_play import WORK_BUDGET, best_play, check_size, goal_of
from lowball.analysis.odds import goal_kind
from lowball.core import progress
from lowball.core.cards import parse_cards
from lowball.core.files import path_text
from lowball.core.progress import WARM_UP, progress_bar
from lowball.errors import LowballError
from lowball.play import sessions
from lowball.play.sessions import HandFiles
from lowball.ranking import as_system

LOWBALL = [sys.executable, "-m", "lowball.cli"]
# Time left as tqdm shows it: "[00:10<24:35, ...]".
TIME_LEFT = re.compile(r"\d\d:\d\d<\d")


class Terminal(io.StringIO):
    """A stream that says it is a terminal and keeps what is written to it."""

    def isatty(self) -> bool:
        return True


class FullTerminal(Terminal):
    """A terminal whose every write fails, as a tty gone away or stderr on a full disk does."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def run_with_terminal_stderr(argv: list[str]) -> tuple[int, str, bytes]:
    """Run ``argv`` with stderr on a pseudo-terminal of 24 x 100; return the exit code, stdout and what the
    terminal received."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    received: list[bytes] = []

    def pump() -> None:
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:                 # the child closed the terminal
                return
            if not chunk:
                return
            received.append(chunk)

    reader = threading.Thread(target=pump)
    reader.start()
    out = child.stdout.read().decode()
    child.wait(timeout=120)
    reader.join(timeout=10)
    os.close(master)
    return child.returncode, out, b"".join(received)


# ---- the helper: a terminal only, never in the way, no early estimate ----

def test_a_bar_draws_on_a_terminal_and_nowhere_else():
    shown, log = Terminal(), io.StringIO()
    for stream in (shown, log):
        with progress_bar(total=10, desc="counting", file=stream, delay=0) as bar:
            bar.update(10)
    assert "counting" in shown.getvalue()
    assert log.getvalue() == ""


def test_a_bar_that_cannot_write_falls_silent_and_the_work_goes_on():
    assert sum(progress_bar(range(1000), file=FullTerminal(), delay=0, mininterval=0)) == sum(range(1000))
    closed = Terminal()
    bar = progress_bar(total=3, file=closed, delay=0, mininterval=0)
    closed.close()
    bar.update(3)                           # ValueError from a closed stream is swallowed too
    bar.close()


def test_no_time_left_is_shown_before_the_rate_means_something():
    stream = Terminal()
    bar = progress_bar(total=150_000, unit="position", file=stream, delay=0, mininterval=0)
    bar.update(10)                          # the first second: a count and the time spent only
    assert "10/150000" in stream.getvalue() and not TIME_LEFT.search(stream.getvalue())
    bar.start_t -= WARM_UP                  # warmed up: tqdm's smoothed rate and the time left
    bar.update(10)
    assert TIME_LEFT.search(stream.getvalue().rsplit("\r", 1)[-1])
    bar.close()


def test_the_best_play_bar_shows_no_time_left(monkeypatch):
    """The budget caps the best play's positions but is not their number: its bar counts, with no time left (the
    first estimate used to be 175 hours for a question of two seconds)."""
    stream = Terminal()
    monkeypatch.setattr(progress, "DELAY", 0)
    monkeypatch.setattr(progress, "WARM_UP", 0)
    monkeypatch.setattr(sys, "stderr", stream)
    best_play("7c 5d 2h Ks Qs", "deuce-to-seven", "seven", draws=2, progress=True)
    assert "positions" in stream.getvalue()
    assert not TIME_LEFT.search(stream.getvalue())


def test_no_tqdm_but_through_the_helper():
    """Every bar of the package comes from ``progress_bar``, so every bar keeps its rules."""
    package = Path(progress.__file__).parents[1]
    users = [path.relative_to(package).as_posix() for path in package.rglob("*.py")
             if "tqdm" in path.read_text(encoding="utf-8") and path != Path(progress.__file__)]
    assert users == []


# ---- play: the bar never stops a session; a session cut short says how far it got ----

@pytest.mark.parametrize("stderr", ["2>/dev/full", "2>&-"])
def test_a_session_finishes_whatever_stderr_does(tmp_path, stderr):
    """``play --hands 2000 --phh-dir d 2>/dev/full`` stopped at the bar's first line (exit 1, hundreds of files);
    with stderr full or closed every hand is played and written, and the summary printed."""
    command = " ".join(LOWBALL) + f" play --hands 2000 --phh-dir {tmp_path / 'd'} {stderr}"
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("teaching-table: ")          # the summary, after the session
    assert len(list((tmp_path / "d").glob("hand-*.phh"))) == 2000


def test_a_session_whose_folder_goes_says_what_it_wrote_and_where(tmp_path, monkeypatch):
    folder, moved = tmp_path / "d", tmp_path / "moved"
    write = HandFiles.write

    def write_until_the_folder_goes(self: HandFiles, text: str) -> Path:
        if self.written == 5:               # the folder is taken away: a file now stands in its place
            folder.rename(moved)
            folder.write_text("")
        return write(self, text)

    monkeypatch.setattr(HandFiles, "write", write_until_the_folder_goes)
    code, out, err, _ = run_cli(["play", "--hands", "20", "--phh-dir", str(folder)])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "cannot write hand-00006.phh: " in err, "the file that failed, named once"
    assert f"stopped after 5 of 20 hands; 5 written to {path_text(folder)} (hand-00001.phh to hand-00005.phh)" in err
    assert sorted(p.name for p in moved.iterdir()) == [f"hand-0000{n}.phh" for n in range(1, 6)]


def test_ctrl_c_in_a_session_says_how_many_hands_it_played_and_wrote(tmp_path, monkeypatch):
    hands = []
    play_hand = sessions.play_hand

    def play_then_ctrl_c(*args):
        if len(hands) == 7:
            raise KeyboardInterrupt
        hands.append(1)
        return play_hand(*args)

    monkeypatch.setattr(sessions, "play_hand", play_then_ctrl_c)
    (tmp_path / "hand-00003.phh").write_text("mine")
    code, _, err, _ = run_cli(["play", "--hands", "20", "--phh-dir", str(tmp_path)])
    assert code == 130
    assert err.splitlines() == [f"lowball play: stopped after 7 of 20 hands; 7 written to {tmp_path} "
                                f"(hand-00004.phh to hand-00010.phh)", "lowball: interrupted"]


def test_a_hand_file_finished_as_ctrl_c_came_is_counted(tmp_path):
    files = HandFiles(tmp_path)
    files.write("one")
    assert files.written == 1
    (tmp_path / "hand-00002.phh").write_text("two")   # written and closed, not yet counted
    assert files.written == 2 and files.where().endswith("(hand-00001.phh to hand-00002.phh)")


# ---- odds: too big is refused before counting; an empty discard is refused ----

def test_a_best_play_too_big_is_refused_at_once():
    """Two cards to 7-5-2 within five draws (about 400,000 positions) was refused after 25 s of counting."""
    code, out, err, seconds = run_cli(["odds", "7c 5d 2h Ks Qs", "--system", "deuce-to-seven", "--draws", "5",
                                       "--goal", "seven"])
    assert code == 2 and out == ""
    assert "follows 8 cards before the last draw" in err and f"over the limit of {WORK_BUDGET:,}" in err
    assert "fewer draws" in err and "fixed-keep" in err
    assert seconds < 10


@pytest.mark.parametrize("system, goal, hand, draws", [
    ("deuce-to-seven", "nine", "9c 5d 2h Ks Qs", 4),     # a nine-low: 197,000 positions
    ("ace-to-six", "seven", "Ac 2d 3h Ks Qs", 4),        # 573,000 positions, over a minute of counting
    ("deuce-to-seven", "seven", "Kc Qd Js 9h 8c", 3),    # five fresh cards three times: 1.5 million
])
def test_other_questions_too_big_are_refused_before_counting(system, goal, hand, draws):
    started = time.perf_counter()
    with pytest.raises(LowballError, match="cards before the last draw, about .* positions: over the limit"):
        best_play(hand, system, goal, draws=draws)
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize("system, goal, hand, thrown, draws", [
    ("deuce-to-seven", "seven", "7c 6d 3h 2s Kc", None, 5),      # one card: every number of draws
    ("deuce-to-seven", "seven", "7c 5d 2h Ks Qs", "Ks Qs", 4),   # two cards within four draws: 88,000 positions
    ("deuce-to-seven", "seven", "7c 2d Ks Qh Jc", None, 3),      # three cards within three draws: 56,000
    ("deuce-to-seven", "seven", "Kc Qd Js 9h 8c", None, 2),      # five fresh cards twice: 3,300
    ("ace-to-six", "six", "Ac 2d 3h Ks Qs", None, 3),            # the benchmark's questions...
    ("ace-to-five", "seven", "Kc Qd Js 9h 8c", None, 5),         # ...and five fresh cards five times (105,000)
])
def test_the_questions_the_search_answers_are_not_refused_by_their_size(system, goal, hand, thrown, draws):
    row = as_system(system)
    held = parse_cards(hand)
    check_size(held, parse_cards(thrown) if thrown else (), goal_of(row, goal_kind(row, goal), 52), draws)


@pytest.mark.parametrize("discard", ["", "   "])
def test_an_empty_discard_is_refused_not_read_as_standing_pat(discard):
    code, out, err, _ = run_cli(["odds", "Ac 2d 3h 4s Kc", "--discard", discard])
    assert code == 2 and out == ""
    assert "--discard is empty" in err and "say pat to stand pat" in err


def test_standing_pat_is_asked_for_by_name():
    code, out, _, _ = run_cli(["odds", "Ac 2d 3h 4s Kc", "--discard", "pat"])
    assert code == 0 and out.startswith("ace-to-six: Ac 2d 3h 4s Kc, standing pat: 1 equally likely draw")


def test_an_infinite_goal_is_refused():
    code, out, err, _ = run_cli(["odds", "Ac 2d 3h 4s Kc", "--goal", "inf"])
    assert code == 2 and out == "" and "unknown goal 'inf'" in err


# ---- verify: each property printed as it is settled, the same report ----

def test_verify_prints_each_property_as_it_is_settled(monkeypatch):
    """Each property's block is on stdout once it is settled, before the next is checked; all together they are
    the report ``render`` gives (the README and the docs show it), printed with one newline at the end."""
    import lowball.verify as package
    from lowball.verify import load_for_verify, render, verify

    printed_when_settled: list[str] = []
    found = []

    def watching(*args, on_check, **kwargs):
        def settled(check):
            on_check(check)
            printed_when_settled.append(sys.stdout.getvalue())    # the command's stdout, so far
        found.extend(verify(*args, on_check=settled, **kwargs))
        return found

    monkeypatch.setattr(package, "verify", watching)
    code, out, err, _ = run_cli(["verify", "--only", "1,4,5,8", "--quick"])
    assert code == 0 and err == ""
    numbers = [1, 4, 5, 8]
    for index, printed in enumerate(printed_when_settled):
        assert f"\n{numbers[index]}. " in printed
        assert not any(f"\n{later}. " in printed for later in numbers[index + 1:])
        assert "all properties hold" not in printed
    assert out == render(found, load_for_verify()[0]) + "\n"


def test_verify_json_is_one_document_at_the_end():
    code, out, err, _ = run_cli(["verify", "--only", "5", "--quick", "--json"])
    assert code == 0 and err == ""
    assert [p["number"] for p in json.loads(out)["properties"]] == [5]


def test_verify_shows_a_bar_on_a_terminal():
    code, out, terminal = run_with_terminal_stderr(LOWBALL + ["verify", "--only", "4,5", "--quick"])
    assert code == 0 and out.endswith("all properties hold\n")
    assert b"verify:" in terminal and b"2/2" in terminal
    assert terminal.endswith(b"\r")          # the bar leaves no line behind


def test_no_bar_in_a_log(tmp_path):
    log = tmp_path / "log"
    with log.open("w") as stderr:
        done = subprocess.run(LOWBALL + ["verify", "--only", "4,5", "--quick"], stdout=subprocess.PIPE,
                              stderr=stderr, text=True, timeout=120)
    assert done.returncode == 0 and log.read_text() == ""
