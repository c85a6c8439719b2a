"""The solving loop of tables with several draws (lowball.solve.run_draws): its file, checkpoints, refusals, CLI.

The small three-draw table (the PHH triple draw with no raise and draws of 0 or 1 card) is solved over a made-up
stage abstraction, so that every test runs in a second or two. The exploitability written in the solution is
checked against the single-draw solver's own best response walking the full public tree written out
(``lowball.solve.merged.unrolled``, ``lowball.solve.best_response.evaluate``): code that shares nothing with the
recall best response the loop measures with.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from lowball.cli.solve import MEMORY_NAMES
from lowball.core.games import load_game_table
from lowball.errors import LowballError
from lowball.solve import backend, run_draws, store
from lowball.solve.best_response import evaluate
from lowball.solve.merged import MEMORIES, build_game, small_table, unrolled
from lowball.solve.stages import toy_stages
from tests.support.solve_cli import call

BUCKETS = (3, 3, 3, 4)


def toy(system, buckets):
    return toy_stages(buckets, seed=3)


def solve(tmp_path: Path, iterations: int, memory: str = "everything", out: str = "solution.npz", **more) -> dict:
    return run_draws.solve_draws(small_table(), out=tmp_path / out, buckets=BUCKETS, memory=memory,
                                 iterations=iterations, every=more.pop("every", 10), checkpoints=tmp_path / "checks",
                                 progress=False, stages=toy, **more)


@pytest.mark.parametrize("memory", ["everything", "last-draw"])
def test_the_written_exploitability_is_the_full_trees_best_response_to_the_stored_strategy(tmp_path, memory):
    facts = solve(tmp_path, 30, memory)
    game, strategy, head = run_draws.load(small_table(), tmp_path / "solution.npz")
    assert head["facts"]["iterations"] == 30 and head["memory"] == memory
    tree = unrolled(game)
    walked = evaluate(tree.tree, tree.strategy(strategy))
    assert facts["exploitability_mbb"] == pytest.approx(walked.exploitability / small_table().big_bet * 1000,
                                                        rel=1e-9)
    # The 16-bit levels move the exploitability by little; the seats' values are the tree's too.
    assert abs(facts["exploitability_mbb"] - facts["exploitability_mbb_unquantised"]) < 0.5
    assert facts["values"] == pytest.approx(list(walked.values), abs=1e-9)


def test_the_record_falls_and_the_solve_stops_at_its_goal(tmp_path):
    facts = solve(tmp_path, 400, goal=50.0)
    record = [mbb for _, mbb, _ in facts["convergence"]]
    assert record[0] > 50 >= record[-1], record
    assert facts["iterations"] < 400 and facts["iterations"] % 10 == 0


def test_a_stopped_solve_resumes_where_it_was(tmp_path):
    straight = solve(tmp_path / "one", 12)
    solve(tmp_path / "two", 5)
    resumed = solve(tmp_path / "two", 12)
    assert resumed["resumed_at"] == 5 and resumed["iterations"] == 12
    _, first, _ = run_draws.load(small_table(), tmp_path / "one" / "solution.npz")
    _, second, _ = run_draws.load(small_table(), tmp_path / "two" / "solution.npz")
    for r, tables in enumerate(first):
        for i, table in tables.items():
            assert np.array_equal(table, second[r][i]), f"round {r + 1}, spot {i}"
    # Each run measures at its end; the resumed run keeps the first run's record and goes on from it.
    assert [row[0] for row in straight["convergence"]] == [10, 12]
    assert [row[0] for row in resumed["convergence"]] == [5, 10, 12]
    assert [row[1] for row in resumed["convergence"][1:]] == [row[1] for row in straight["convergence"]]


def test_a_checkpoint_of_another_solve_is_refused_and_left_alone(tmp_path):
    solve(tmp_path, 3, "everything")
    saved = run_draws.checkpoint_path(tmp_path / "checks", small_table(), "everything", BUCKETS)
    other = run_draws.checkpoint_path(tmp_path / "checks", small_table(), "last-draw", BUCKETS)
    other.write_bytes(saved.read_bytes())
    with pytest.raises(store.BadSolverFile) as refused:
        solve(tmp_path, 3, "last-draw")
    assert "a checkpoint of another solve (its memory differ" in str(refused.value)
    assert "\n" not in str(refused.value) and other.read_bytes() == saved.read_bytes()


@pytest.mark.parametrize("damage, reason", [
    (lambda data: data[: len(data) // 2], "cut short or damaged"),
    (lambda data: b"", "the file is empty"),
    (lambda data: b"not an archive", "not a .npz archive"),
])
def test_a_damaged_checkpoint_is_refused_in_one_line_and_not_overwritten(tmp_path, damage, reason):
    solve(tmp_path, 3)
    path = run_draws.checkpoint_path(tmp_path / "checks", small_table(), "everything", BUCKETS)
    path.write_bytes(damage(path.read_bytes()))
    before = path.read_bytes()
    with pytest.raises(store.BadSolverFile) as refused:
        solve(tmp_path, 6)
    assert reason in str(refused.value) and "\n" not in str(refused.value)
    assert path.read_bytes() == before


def test_a_solution_is_refused_for_another_table(tmp_path):
    solve(tmp_path, 2)
    with pytest.raises(store.WrongTable, match="was solved for 'deuce-to-seven-triple-draw-phh'"):
        run_draws.load(load_game_table("deuce-to-seven-triple-draw-phh"), tmp_path / "solution.npz")


@pytest.mark.parametrize("more, message", [
    ({"buckets": (3, 3, 4)}, "--buckets needs 4 counts"),
    ({"buckets": (3, 3, 3, 1)}, "stage 3 has 1 buckets"),
    ({"memory": "all"}, "--memory must be one of last-draw"),
    ({"iterations": 0}, "--iterations must be 1 to"),
    ({"goal": float("nan")}, "--goal must be a positive finite number"),
    ({"every": 0}, "--every must be at least 1"),
    ({"bits": 16}, "--bits must be 32 or 64, got 16"),
    ({"counts": [(0, 1), (0, 1), (0, 3)]}, "draw 3: counts [0, 3] are not within the table's 0 to 1"),
    ({"stacks": 10}, "stacks of 10 chips; a raise war can put 14 in"),
])
def test_bad_settings_are_refused_in_one_line(tmp_path, more, message):
    settings = {"buckets": BUCKETS, "memory": "everything", "iterations": 2, "every": 1, **more}
    with pytest.raises(LowballError) as refused:
        run_draws.solve_draws(small_table(), out=tmp_path / "s.npz", checkpoints=tmp_path, progress=False,
                              stages=toy, **settings)
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert not (tmp_path / "s.npz").exists()


def test_cupy_is_refused_in_one_line_where_it_cannot_run(monkeypatch):
    real = backend.importlib.import_module

    def without_cupy(name, *args):
        if name == "cupy":
            raise ImportError("No module named 'cupy'")
        return real(name, *args)
    monkeypatch.setattr(backend.importlib, "import_module", without_cupy)
    with pytest.raises(LowballError, match="--backend cupy needs CuPy, which is not installed here"):
        backend.array_module("cupy")

    class Runtime:
        class CUDARuntimeError(RuntimeError):
            pass

        @staticmethod
        def getDeviceCount():
            return 0

    class FakeCupy:
        cuda = type("cuda", (), {"runtime": Runtime})
    monkeypatch.setattr(backend.importlib, "import_module", lambda name, *args: FakeCupy)
    with pytest.raises(LowballError, match="this machine has no GPU"):
        backend.array_module("cupy")


def test_the_cli_lists_the_solvers_memories():
    assert MEMORY_NAMES == tuple(MEMORIES)


SMALL = """\
extends = "deuce-to-seven-triple-draw-phh"
name = "small-triple-draw"
raises_per_round = 0
"""


def test_the_cli_solves_a_table_of_three_draws_and_resumes(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(run_draws, "build_stages", toy)
    table = tmp_path / "small.toml"
    table.write_text(SMALL + "".join(f'\n[[change_streets]]\nat = {at}\nmax_discard = 1\n' for at in (2, 4, 6)),
                     encoding="utf-8")
    argv = ["solve", "--game", str(table), "--buckets", "3,3,3,4", "--memory", "everything", "--every", "4",
            "--most-cards", "1,0,1",
            "--out", str(tmp_path / "small.npz"), "--checkpoints", str(tmp_path / "checks"), "--json"]
    code, text, err = call(capsys, *argv, "--iterations", "4")
    first = json.loads(text)
    assert code == 0, err
    assert first["iterations"] == 4 and first["memory"] == "everything" and first["buckets"] == [3, 3, 3, 4]
    _, _, head = run_draws.load(load_game_table(str(table)), tmp_path / "small.npz")
    assert head["counts"] == [[0, 1], [0], [0, 1]]          # nobody draws at the second draw
    assert (tmp_path / "checks" / "small-triple-draw-everything-3-3-3-4-counts-01-0-01.npz").is_file()
    code, text, _ = call(capsys, *argv, "--iterations", "8", "--bits", "32")      # a checkpoint of 64 bits goes on
    again = json.loads(text)
    assert code == 0 and again["resumed_at"] == 4 and again["exploitability_mbb"] < first["exploitability_mbb"]
    code, text, _ = call(capsys, *argv[:-1], "--iterations", "8", "--lang", "ru")
    assert code == 0 and "уязвимость" in text and "(продолжено с итерации 8)" in text


@pytest.mark.parametrize("argv, message", [
    (["--game", "deuce-to-seven-triple-draw-phh", "--buckets", "8,8"], "--buckets needs 4 counts"),
    (["--game", "deuce-to-seven-triple-draw-phh", "--buckets", "8,x,8,8"], "--buckets: 'x' is not a whole number"),
    (["--game", "deuce-to-seven-triple-draw-phh", "--pre", "8"], "give its abstraction as --buckets"),
    (["--game", "teaching-table", "--memory", "everything"], "--memory: for tables with several draws"),
    (["--game", "teaching-table", "--backend", "cupy"], "--backend: for tables with several draws"),
    (["--game", "deuce-to-seven-triple-draw"], "no cap heads-up (T4, G2)"),
    (["--game", "deuce-to-seven-triple-draw-phh", "--most-cards", "3,2"], "--most-cards needs 3 counts"),
    (["--game", "deuce-to-seven-triple-draw-phh", "--most-cards", "3,2,6"], "draw 3 throws 0 to 5 cards"),
    (["--game", "teaching-table", "--most-cards", "3"], "--most-cards: for tables with several draws"),
])
def test_the_cli_refuses_bad_settings_of_several_draws_in_one_line(capsys, argv, message):
    code, out, err = call(capsys, "solve", *argv)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1, err


def test_the_benchmark_runs_the_same_solver_on_every_row_it_can(capsys):
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench", Path(__file__).parents[2] / "benchmarks/bench_solve_draws.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.main(["--quick", "--json", "--iterations", "1"]) == 0
    facts = json.loads(capsys.readouterr().out)
    rows = {row["row"]: row for row in facts["rows"]}
    assert {"numpy float64", "numpy float32"} <= set(rows) and rows["numpy float64"]["ratio"] == 1.0
    game = build_game(small_table(), toy_stages((3, 3, 3, 4)), memory="everything")
    assert facts["information_sets"] == game.information_sets() and facts["counts"] == [[0, 1], [0, 1], [0, 1]]
