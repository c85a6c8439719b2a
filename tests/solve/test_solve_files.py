"""The solver's files: written whole or not at all, saved on Ctrl-C, and refused in one line when damaged or foreign.

A checkpoint (build/solve/NAME.npz) and a solution (solutions/NAME.npz, or the shipped ones) are read by
``lowball solve``, ``lowball strategy`` and the ``equilibrium`` bot. Each way a file is found broken in practice
(cut short by a crash, empty, random bytes, the other kind of file in its place, one flipped byte, a pickle
inside, arrays of another shape) must give one line naming the file and what is wrong, leave the file as it
was, and never load a pickle.
"""

from __future__ import annotations

import io
import json
import os
import signal
import stat

import numpy as np
import pytest

from lowball import load_game_table
from lowball.core.files import write_atomically
from lowball.play import bots
from lowball.solve import cfr, policy, run, store
from lowball.solve.abstraction import coarsened
from lowball.solve.policy import Equilibrium
from tests.support.solve_cli import call

TEACHING = load_game_table("teaching-table")
SHIPPED = store.path_of("teaching-table")


def small(system, pre, post):
    # The shipped teaching abstraction merged to a few buckets: the real draw odds, a tree solved in a second.
    return coarsened(store.load(TEACHING).ranges, pre, post)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """A real checkpoint and solution of a tiny solve: their bytes, to copy and damage."""
    folder = tmp_path_factory.mktemp("solved")
    run.solve_table(TEACHING, out=folder / "solution.npz", pre=6, post=8, iterations=2,
                    checkpoints=folder / "checks", progress=False, abstraction=small)
    return {"checkpoint": (folder / "checks" / "teaching-table.npz").read_bytes(),
            "solution": (folder / "solution.npz").read_bytes()}


def npz(**arrays) -> bytes:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


def arrays_of(data: bytes) -> dict:
    with np.load(io.BytesIO(data), allow_pickle=False) as stored:
        return {name: stored[name] for name in stored.files}


def flipped(data: bytes) -> bytes:
    # One byte changed in the middle of the archive's largest member: the zip's CRC-32 no longer matches.
    changed = bytearray(data)
    changed[len(data) // 2] ^= 0xFF
    return bytes(changed)


# ---- writing whole or not at all ----

def test_write_atomically_writes_bytes_text_or_through_a_function(tmp_path):
    assert write_atomically(tmp_path / "a.bin", b"\x00\x01").read_bytes() == b"\x00\x01"
    assert write_atomically(tmp_path / "b.txt", "тройка").read_bytes() == "тройка".encode()
    write_atomically(tmp_path / "c.npz", lambda handle: np.savez(handle, x=np.arange(3)))
    with np.load(tmp_path / "c.npz") as data:
        assert data["x"].tolist() == [0, 1, 2]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.bin", "b.txt", "c.npz"]


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_write_that_fails_halfway_leaves_the_old_file_and_no_temporary(tmp_path, failure):
    target = tmp_path / "checkpoint.npz"
    target.write_bytes(b"the old, whole file")

    def dies_halfway(handle):
        handle.write(b"the first half of the new")
        raise failure

    with pytest.raises(type(failure)):
        write_atomically(target, dies_halfway)
    assert target.read_bytes() == b"the old, whole file"
    assert [p.name for p in tmp_path.iterdir()] == ["checkpoint.npz"]


def test_a_replaced_file_keeps_its_permissions_and_a_link_keeps_pointing_at_it(tmp_path):
    target = tmp_path / "solution.npz"
    target.write_bytes(b"old")
    target.chmod(0o640)
    link = tmp_path / "link.npz"
    link.symlink_to(target)
    write_atomically(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


# ---- damaged checkpoints: lowball solve ----

def damaged_checkpoints(written) -> dict[str, bytes]:
    good = written["checkpoint"]
    pickled = npz(**{**arrays_of(good), "key": np.array([os.getcwd()], dtype=object)})
    short = arrays_of(good)
    short["regrets"] = short["regrets"][:10]
    return {"cut in half": good[: len(good) // 2],
            "cut just before its end (a write stopped at 99%)": good[:-30],
            "empty": b"",
            "random bytes": np.random.default_rng(1).bytes(5000),
            "one byte flipped": flipped(good),
            "a solution in its place": written["solution"],
            "a pickle inside": pickled,
            "regrets of another size": npz(**short)}


REASONS = {"cut in half": "cut short or damaged", "cut just before its end (a write stopped at 99%)": "cut short",
           "empty": "the file is empty", "random bytes": "not a .npz archive", "one byte flipped": "Bad CRC-32",
           "a solution in its place": "it holds a solution, not a checkpoint",
           "a pickle inside": "pickled Python objects, which are never loaded",
           "regrets of another size": "its array 'regrets' is float64 of shape (10,)"}


@pytest.mark.parametrize("damage", list(REASONS))
def test_a_damaged_checkpoint_is_refused_in_one_line_and_left_as_it_was(capsys, tmp_path, monkeypatch, written,
                                                                      damage):
    monkeypatch.setattr(run, "build_abstraction", small)
    checkpoint = tmp_path / "checks" / "teaching-table.npz"
    checkpoint.parent.mkdir()
    bad = damaged_checkpoints(written)[damage]
    checkpoint.write_bytes(bad)
    code, out, err = call(capsys, "solve", "--pre", "6", "--post", "8", "--iterations", "3", "--out",
                          str(tmp_path / "s.npz"), "--checkpoints", str(checkpoint.parent))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"lowball solve: error: {checkpoint}: not a usable lowball solver checkpoint (")
    assert REASONS[damage] in err and err.strip().endswith("delete it to start again")
    assert checkpoint.read_bytes() == bad and not (tmp_path / "s.npz").exists()


def test_a_pickle_in_a_checkpoint_never_runs(tmp_path, written):
    # Unpickled, this array would call os.mkdir(marker): loading must refuse it without unpickling.
    marker = tmp_path / "the pickle ran"

    class Payload:
        def __reduce__(self):
            return os.mkdir, (str(marker),)

    checkpoint = tmp_path / "teaching-table.npz"
    checkpoint.write_bytes(npz(**{**arrays_of(written["checkpoint"]),
                                  "key": np.array([Payload()], dtype=object)}))
    with pytest.raises(store.BadSolverFile, match="pickled Python objects"):
        run.solve_table(TEACHING, out=tmp_path / "s.npz", pre=6, post=8, iterations=3, checkpoints=tmp_path,
                        progress=False, abstraction=small)
    assert not marker.exists()


def test_a_checkpoint_of_another_abstraction_is_not_used(tmp_path, written):
    (tmp_path / "teaching-table.npz").write_bytes(written["checkpoint"])       # saved for 6 and 8 buckets
    facts = run.solve_table(TEACHING, out=tmp_path / "s.npz", pre=7, post=8, iterations=1, checkpoints=tmp_path,
                            progress=False, abstraction=small)
    assert facts["resumed_at"] == 0 and facts["iterations"] == 1


def test_a_failed_checkpoint_write_keeps_the_previous_checkpoint(capsys, tmp_path, monkeypatch, written):
    monkeypatch.setattr(run, "build_abstraction", small)
    checkpoint = tmp_path / "teaching-table.npz"
    checkpoint.write_bytes(written["checkpoint"])                            # 2 iterations

    def disk_full(handle, **arrays):
        handle.write(b"PK\x03\x04 half an archive")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "savez", disk_full)
    argv = ["solve", "--pre", "6", "--post", "8", "--out", str(tmp_path / "s.npz"), "--checkpoints", str(tmp_path),
            "--json"]
    code, _, err = call(capsys, *argv, "--iterations", "3")
    assert code == 2 and "No space left on device" in json.loads(err)["error"]
    assert checkpoint.read_bytes() == written["checkpoint"] and sorted(os.listdir(tmp_path)) == [checkpoint.name]
    monkeypatch.undo()
    monkeypatch.setattr(run, "build_abstraction", small)
    code, out, _ = call(capsys, *argv, "--iterations", "3")
    assert code == 0 and json.loads(out)["resumed_at"] == 2


def test_a_failed_solution_write_keeps_the_previous_solution(tmp_path, monkeypatch, written):
    out = tmp_path / "s.npz"
    out.write_bytes(written["solution"])

    def disk_full(handle, **arrays):
        handle.write(b"PK\x03\x04 half an archive")
        raise OSError(28, "No space left on device")

    solution = store.load(TEACHING, out)
    monkeypatch.setattr(np, "savez_compressed", disk_full)
    with pytest.raises(OSError, match="No space left"):
        store.save(out, solution.built, solution.strategy, solution.ranges, {"iterations": 9})
    assert out.read_bytes() == written["solution"] and os.listdir(tmp_path) == ["s.npz"]


# ---- Ctrl-C saves a checkpoint ----

def interrupt_at(monkeypatch, iteration: int, presses: int = 1):
    """Make Ctrl-C come during the solver's ``iteration``-th step, pressed ``presses`` times."""
    step = cfr.Solver.step

    def step_then_ctrl_c(solver):
        step(solver)
        if solver.iterations == iteration:
            if presses == 1:
                os.kill(os.getpid(), signal.SIGINT)          # a real signal, through whatever handler is installed
            else:
                for _ in range(presses):
                    signal.getsignal(signal.SIGINT)(signal.SIGINT, None)

    monkeypatch.setattr(cfr.Solver, "step", step_then_ctrl_c)


def test_ctrl_c_during_lowball_solve_saves_a_checkpoint_and_exits_130(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(run, "build_abstraction", small)
    interrupt_at(monkeypatch, 3)
    argv = ["solve", "--pre", "6", "--post", "8", "--out", str(tmp_path / "s.npz"), "--checkpoints", str(tmp_path)]
    code, _, err = call(capsys, *argv, "--iterations", "1000")
    checkpoint = tmp_path / "teaching-table.npz"
    assert code == 130 and err.strip().splitlines()[-1] == "lowball: interrupted", err
    assert f"stopped at iteration 3; checkpoint saved to {checkpoint}" in err
    assert not (tmp_path / "s.npz").exists() and sorted(os.listdir(tmp_path)) == [checkpoint.name]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler        # Ctrl-C is as it was
    monkeypatch.undo()
    monkeypatch.setattr(run, "build_abstraction", small)
    code, out, _ = call(capsys, *argv, "--iterations", "5", "--json")
    assert code == 0 and json.loads(out)["resumed_at"] == 3 and json.loads(out)["iterations"] == 5


def test_a_second_ctrl_c_stops_at_once_without_saving(tmp_path, monkeypatch):
    interrupt_at(monkeypatch, 2, presses=2)
    with pytest.raises(KeyboardInterrupt) as stopped:
        run.solve_table(TEACHING, out=tmp_path / "s.npz", pre=6, post=8, iterations=1000, checkpoints=tmp_path,
                        progress=False, abstraction=small)
    assert not isinstance(stopped.value, run.SolveInterrupted) and os.listdir(tmp_path) == []


def test_the_api_says_where_the_checkpoint_is(tmp_path, monkeypatch):
    interrupt_at(monkeypatch, 4)
    with pytest.raises(run.SolveInterrupted) as stopped:
        run.solve_table(TEACHING, out=tmp_path / "s.npz", pre=6, post=8, iterations=1000, checkpoints=tmp_path,
                        progress=False, abstraction=small)
    assert stopped.value.iterations == 4 and stopped.value.checkpoint == tmp_path / "teaching-table.npz"
    with np.load(stopped.value.checkpoint, allow_pickle=False) as data:
        assert int(data["iterations"]) == 4 and data["record"].shape == (3, 3)     # measured at 1, 2 and 4


# ---- damaged or foreign solutions: store.load, lowball strategy, the equilibrium bot ----

def changed_solution(written, **changes) -> bytes:
    return npz(**{**arrays_of(written["solution"]), **changes})


def head_with(written, **fields) -> np.ndarray:
    head = json.loads(str(arrays_of(written["solution"])["head"]))
    return np.array(json.dumps({**head, **fields}))


SOLUTION_DAMAGE = {
    "cut in half": (lambda w: w["solution"][: len(w["solution"]) // 2], "cut short or damaged"),
    "empty": (lambda w: b"", "the file is empty"),
    "random bytes": (lambda w: np.random.default_rng(2).bytes(3000), "not a .npz archive"),
    "a checkpoint in its place": (lambda w: w["checkpoint"], "it holds a checkpoint, not a solution"),
    "one byte flipped": (lambda w: flipped(w["solution"]), "cut short or damaged"),
    "a head that is no JSON": (lambda w: changed_solution(w, head=np.array("{table: ")), "its head is not JSON"),
    "a head without stacks": (lambda w: changed_solution(w, head=head_with(w, stacks=None)),
                              "its head has no valid stacks"),
    "a strategy of another length": (lambda w: changed_solution(w, strategy=np.zeros(7, dtype=np.uint16)),
                                     "its array 'strategy' is uint16 of shape (7,)"),
    "a strategy of floats": (lambda w: changed_solution(w, strategy=np.zeros(7)), "expected whole numbers"),
    "a deal that is no distribution": (lambda w: changed_solution(w, weights=np.full(6, 0.5)),
                                       "its deal ('weights') is not a probability distribution"),
    "a draw matrix with a NaN": (lambda w: changed_solution(w, transitions=np.full((6, 6, 8), np.nan)),
                                 "its array 'transitions' holds a number that is not finite"),
}


@pytest.mark.parametrize("damage", list(SOLUTION_DAMAGE))
def test_a_damaged_solution_is_refused_in_one_line(tmp_path, written, damage):
    make, reason = SOLUTION_DAMAGE[damage]
    path = tmp_path / "s.npz"
    path.write_bytes(make(written))
    with pytest.raises(store.BadSolverFile) as refusal:
        store.load(TEACHING, path)
    message = str(refusal.value)
    assert message.startswith(f"{path}: not a usable lowball solver solution (") and reason in message, message
    assert "\n" not in message and message.endswith("re-create it with lowball solve (a shipped one: reinstall "
                                                    "the package)")


def test_the_table_hash_is_checked_before_the_arrays_are_used(tmp_path, written):
    path = tmp_path / "s.npz"
    path.write_bytes(changed_solution(written, head=head_with(written, table_hash="0" * 64),
                                      strategy=np.zeros(7, dtype=np.uint16)))
    with pytest.raises(store.WrongTable, match="another version of teaching-table"):
        store.load(TEACHING, path)


@pytest.fixture
def shipped_folder(tmp_path, monkeypatch):
    """A copy of the shipped solutions folder that the tests may damage, with nothing cached from the real one."""
    folder = tmp_path / "solutions"
    folder.mkdir()
    monkeypatch.setattr(store, "SOLUTIONS", folder)
    monkeypatch.setattr(policy, "_LOADED", {})
    monkeypatch.setattr(bots, "_EQUILIBRIA", {})
    return folder


@pytest.mark.parametrize("damage", ["cut in half", "empty", "random bytes", "a checkpoint in its place"])
def test_a_damaged_shipped_solution_stops_strategy_in_one_line(capsys, shipped_folder, written, damage):
    make, reason = SOLUTION_DAMAGE[damage]
    path = shipped_folder / "teaching-table.npz"
    path.write_bytes(make(written))
    code, out, err = call(capsys, "strategy", "6c 4h 3s 2d Ac")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"lowball strategy: error: {path}: not a usable lowball solver solution (") and reason in err


def test_the_equilibrium_bot_plays_as_sound_naming_a_damaged_solution(capsys, shipped_folder, written):
    path = shipped_folder / "teaching-table.npz"
    path.write_bytes(written["solution"][:1000])
    code, out, err = call(capsys, "play", "--players", "2", "--hands", "3", "--bots", "equilibrium,sound", "--json")
    notes = json.loads(out)["notes"]
    assert code == 0 and err == "" and len(notes) == 1
    assert f"{path}: not a usable lowball solver solution (cut short or damaged" in notes[0]


def test_per_hand_tables_that_point_past_the_buckets_are_refused(shipped_folder):
    arrays = arrays_of(SHIPPED.read_bytes())
    arrays["pre_of_hand"] = np.full_like(arrays["pre_of_hand"], 200)        # there are 128 pre buckets
    path = shipped_folder / "teaching-table.npz"
    path.write_bytes(npz(**arrays))
    with pytest.raises(store.BadSolverFile, match="its array 'pre_of_hand' holds 200, where at most 127 fits"):
        Equilibrium.load("teaching-table")
