"""The solving loop of a heads-up table with several draws: its stages, its merged game, CFR with checkpoints, the file.

For a table such as deuce-to-seven triple draw: build the card abstraction of every stage (``lowball.solve.stages``),
the merged public game that remembers what ``memory`` names (``lowball.solve.merged``), and run discounted CFR
(``MergedSolver``, or ``FullSolver`` when the game remembers everything) with a progress bar on stderr, on the
array module ``backend`` names (``lowball.solve.backend``: numpy, or CuPy on a GPU). Every ``every`` iterations
the exploitability is measured by the best response that remembers every public action (``lowball.solve.recall``),
in mbb per hand (thousandths of the big bet, averaged over the seats), until it is at most the goal or the
iterations run out. Then the solution is written with its convergence record.

A checkpoint is saved every two minutes, at the end and on Ctrl-C, as for one draw (``lowball.solve.run``), in a
file named by the table, the memory and the buckets. A checkpoint is used only for the very solve it was saved
for (table, hash, stacks, abstraction, memory, counts): one saved for another, damaged, or not a checkpoint at all
is refused in one line (``store.BadSolverFile``) and left as it is, never used and never overwritten.

>>> from lowball.solve.merged import small_table
>>> check_buckets(small_table(), (8, 8, 16))
Traceback (most recent call last):
lowball.errors.LowballError: --buckets needs 4 counts at deuce-to-seven-triple-draw-phh (dealt, then after each of \
its 3 draws), got 3
"""

from __future__ import annotations

import json
import resource
import time
from pathlib import Path
from typing import Callable

import numpy as np

from lowball.core.files import path_text, write_atomically
from lowball.core.games import GameTable
from lowball.errors import LowballError
from lowball.solve import store
from lowball.solve.backend import array_module, to_numpy
from lowball.solve.full import FullSolver
from lowball.solve.merged import MEMORIES, Kernels, MergedGame, MergedSolver, build_game, check_table
from lowball.solve.recall import Recall, recall_values
from lowball.solve.run import CHECKPOINTS, MOST_ITERATIONS, flat, iterate, mbb, unflat
from lowball.solve.stages import COUNTS, Stages
from lowball.solve.strategy import normalise

# The two-core size (docs/reference/solving.md): 0.15 s an iteration and 140 s a best response at the PHH table.
DEFAULTS = {"buckets": (8, 8, 8, 16), "memory": "last-draw"}
MOST_BUCKETS = 256
STATE = ("regrets", "totals", "current")


def check_buckets(table: GameTable, buckets) -> tuple[int, ...]:
    """Return the bucket counts per stage, or raise ``LowballError`` in one line for counts the solver cannot use."""
    buckets = tuple(int(b) for b in buckets)
    if len(buckets) != table.draws + 1:
        raise LowballError(f"--buckets needs {table.draws + 1} counts at {table.name} (dealt, then after each of "
                           f"its {table.draws} draws), got {len(buckets)}")
    for stage, count in enumerate(buckets):
        if not 2 <= count <= MOST_BUCKETS:
            raise LowballError(f"--buckets: stage {stage} has {count:,} buckets; each stage takes 2 to "
                               f"{MOST_BUCKETS}")
    return buckets


def parse_buckets(text: str, option: str = "--buckets") -> tuple[int, ...]:
    """Return the counts of an option written as whole numbers separated by commas.

    >>> parse_buckets("8, 8,8,16")
    (8, 8, 8, 16)
    >>> parse_buckets("8,eight")
    Traceback (most recent call last):
    lowball.errors.LowballError: --buckets: 'eight' is not a whole number (write the counts with commas: 8,8,8,16)
    """
    counts = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit():
            raise LowballError(f"{option}: {part!r} is not a whole number (write the counts with commas: 8,8,8,16)")
        counts.append(int(part))
    return tuple(counts)


def counts_up_to(table: GameTable, most: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Return the discard counts allowed at each draw when at most ``most[d]`` cards may be thrown at draw d.

    >>> from lowball.core.games import load_game_table
    >>> counts_up_to(load_game_table("deuce-to-seven-triple-draw-phh"), (3, 2, 1))
    ((0, 1, 2, 3), (0, 1, 2), (0, 1))
    >>> counts_up_to(load_game_table("deuce-to-seven-triple-draw-phh"), (3, 6, 1))
    Traceback (most recent call last):
    lowball.errors.LowballError: --most-cards: draw 2 throws 0 to 5 cards at deuce-to-seven-triple-draw-phh, got 6
    """
    streets = table.draw_streets
    if len(most) != len(streets):
        raise LowballError(f"--most-cards needs {len(streets)} counts at {table.name}, one per draw, got {len(most)}")
    for d, (street, top) in enumerate(zip(streets, most)):
        if not street.min_discard <= top <= street.max_discard:
            raise LowballError(f"--most-cards: draw {d + 1} throws {street.min_discard} to {street.max_discard} "
                               f"cards at {table.name}, got {top}")
    return tuple(tuple(range(street.min_discard, top + 1)) for street, top in zip(streets, most))


def check_memory(memory: str) -> str:
    """Return the memory named, or raise ``LowballError`` in one line listing those there are.

    >>> check_memory("all")
    Traceback (most recent call last):
    lowball.errors.LowballError: --memory must be one of last-draw, every-draw, last-round, two-rounds, \
everything; got 'all'
    """
    if memory not in MEMORIES:
        raise LowballError(f"--memory must be one of {', '.join(MEMORIES)}; got {memory!r}")
    return memory


def build_stages(system: str, buckets: tuple[int, ...]) -> Stages:
    """Build the stage abstraction a solve runs in (``Stages.build``; the tests put a small one here)."""
    return Stages.build(system, buckets)


def checkpoint_path(folder: Path, table: GameTable, memory: str, buckets: tuple[int, ...], counts=None) -> Path:
    """Return the checkpoint file of one solve: each table, memory, size and limit on the counts has its own.

    >>> from lowball.solve.merged import small_table
    >>> checkpoint_path(Path("build/solve"), small_table(), "everything", (8, 8, 8, 16)).name
    'deuce-to-seven-triple-draw-phh-everything-8-8-8-16.npz'
    >>> checkpoint_path(Path("."), small_table(), "everything", (8, 8, 8, 16), [(0, 1), (0,), (0, 1)]).name
    'deuce-to-seven-triple-draw-phh-everything-8-8-8-16-counts-01-0-01.npz'
    """
    limited = "" if counts is None else "-counts-" + "-".join("".join(map(str, draw)) for draw in counts)
    return Path(folder) / f"{table.name}-{memory}-{'-'.join(map(str, buckets))}{limited}.npz"


def read_checkpoint(path: Path, key: dict, sizes: list[int]) -> dict:
    """Return a checkpoint's state; refuse in one line one saved for another solve, damaged, or not a checkpoint."""
    what = store.CHECKPOINT
    arrays = store.read_arrays(path, what, ["key", *STATE, "iterations", "record", "spent"])
    saved = store.read_json(path, what, "key", arrays["key"])
    if saved != key:
        differs = [name for name in sorted(set(key) | set(saved)) if key.get(name) != saved.get(name)]
        raise store.BadSolverFile(f"{path_text(path)}: a checkpoint of another solve (its {', '.join(differs)} "
                                  f"differ from this one's); delete it, or give --checkpoints another folder")
    total = sum(sizes)
    for name in STATE:
        store.check_array(path, what, name, arrays[name], "f", (total,))
    iterations = int(store.check_array(path, what, "iterations", arrays["iterations"], "iu", ()))
    record = store.check_array(path, what, "record", arrays["record"], "f", (None, 3))
    spent = float(store.check_array(path, what, "spent", arrays["spent"], "f", ()))
    if not 0 <= iterations <= MOST_ITERATIONS or spent < 0:
        raise store.bad_file(path, what, f"{iterations:,} iterations in {spent:g} seconds")
    return {**{name: arrays[name] for name in STATE}, "iterations": iterations,
            "record": [tuple(row) for row in record.tolist()], "spent": spent}


def exploitability(game: MergedGame, strategy, xp=np) -> tuple[float, tuple[float, float]]:
    """Return the exploitability of a merged strategy in mbb/hand and what the best response wins in each seat (chips).

    The best responder remembers every public action (``lowball.solve.recall``); the exploitability is the mean
    over the seats of what he wins, so that an equilibrium's is 0 whatever the game's value to each seat.
    """
    values = recall_values(game, strategy, xp)
    return mbb((values[0] + values[1]) / 2, game.table), values


def seat_values(game: MergedGame, strategy, xp=np) -> tuple[float, float]:
    """Return each seat's expected payoff, in chips a hand, when both play the strategy."""
    if game.memory == "everything":             # one range vector per history: no B x B matrix per key
        return FullSolver(game, xp=xp).seat_values(strategy)
    return MergedSolver(game, xp=xp).kernels.seat_values(strategy)


def solve_draws(table: GameTable, *, out: Path, buckets=None, memory: str | None = None, counts=None,
                stacks: int | None = None, goal: float = 5.0, iterations: int = 1000, every: int = 50,
                checkpoints: Path = CHECKPOINTS, progress: bool = True, backend: str = "numpy",
                bits: int | None = None, stages: Callable[[str, tuple[int, ...]], object] = build_stages) -> dict:
    """Solve a table with several draws in its merged game and write the solution to ``out``; return the figures."""
    xp = array_module(backend)
    buckets = check_buckets(table, DEFAULTS["buckets"] if buckets is None else buckets)
    memory = check_memory(DEFAULTS["memory"] if memory is None else memory)
    if not 1 <= iterations <= MOST_ITERATIONS:
        raise LowballError(f"--iterations must be 1 to {MOST_ITERATIONS:,}, got {iterations:,}")
    if not (goal > 0 and np.isfinite(goal)):
        raise LowballError(f"--goal must be a positive finite number of mbb/hand, got {goal}")
    if every < 1:
        raise LowballError(f"--every must be at least 1 iteration, got {every}")
    check_table(table)                           # before the stages, which take minutes to build
    started = time.perf_counter()
    ranges = stages(table.ranking, buckets)
    try:
        game = build_game(table, ranges, stacks, memory, counts)
    except LowballError:
        raise
    except ValueError as err:                    # the counts or the memory do not fit the table
        raise LowballError(f"{table.name}: {err}") from None
    # 32-bit floats on a GPU, where memory is what limits the game (the tests bound what that costs); 64 on numpy
    # unless asked: the full tree of triple draw sweeps twice as fast in 32.
    bits = (32 if backend == "cupy" else 64) if bits is None else bits
    if bits not in (32, 64):
        raise LowballError(f"--bits must be 32 or 64, got {bits}")
    dtype = np.float32 if bits == 32 else np.float64
    solver = (FullSolver if memory == "everything" else MergedSolver)(game, xp=xp, dtype=dtype)
    setup = time.perf_counter() - started
    order = list(solver.shapes())
    key = {"table": table.name, "hash": store.table_hash(table), "stacks": game.stacks, "memory": memory,
           "counts": [list(c) for c in game.allowed], **ranges.parameters}
    checkpoint = checkpoint_path(checkpoints, table, memory, buckets, None if counts is None else game.allowed)
    record: list[tuple[int, float, float]] = []          # (iterations, exploitability mbb, solving seconds)
    spent, resumed = 0.0, 0
    if checkpoint.exists() or checkpoint.is_symlink():
        state = read_checkpoint(checkpoint, key, [int(np.prod(shape)) for shape in solver.shapes().values()])
        for name in STATE:
            tables = unflat(state[name], [getattr(solver, name)[r][i] for r, i in order])
            for (r, i), values in zip(order, tables):
                getattr(solver, name)[r][i] = xp.asarray(values, dtype=dtype)
        solver.iterations = resumed = state["iterations"]
        record, spent = state["record"], state["spent"]

    def save_checkpoint(spent: float):
        checkpoint.parent.mkdir(parents=True, exist_ok=True)
        arrays = {name: flat([to_numpy(getattr(solver, name)[r][i]) for r, i in order]) for name in STATE}
        arrays.update(key=np.array(json.dumps(key)), iterations=np.array(solver.iterations),
                      record=np.array(record, dtype=float).reshape(-1, 3), spent=np.array(spent))
        write_atomically(checkpoint, lambda handle: np.savez(handle, **arrays))

    def measure(spent: float):
        value, _ = exploitability(game, solver.average(), xp)
        record.append((solver.iterations, value, spent))
        return value

    reached, spent = iterate(solver, desc=table.name, iterations=iterations, goal=goal, every=every,
                             measure=measure, save=save_checkpoint, checkpoint=checkpoint, record=record,
                             spent=spent, progress=progress)
    if not record or record[-1][0] != solver.iterations:
        reached = measure(spent)
    save_checkpoint(spent)
    facts = {"iterations": solver.iterations, "rule": solver.rule.name, "backend": backend,
             "float_bits": 8 * np.dtype(dtype).itemsize,
             "solve_seconds": round(spent, 1), "seconds_per_iteration": round(spent / max(solver.iterations, 1), 4),
             "setup_seconds": round(setup, 1), "goal_mbb": goal, "exploitability_mbb_unquantised": reached,
             "information_sets": game.information_sets(), "spots": game.spots(), "convergence": record}
    save(Path(out), game, solver.average(), facts)
    stored_game, stored_strategy, _ = load(table, Path(out))
    value, values = exploitability(stored_game, stored_strategy, xp)
    seats = seat_values(stored_game, stored_strategy, xp)
    facts.update(exploitability_mbb=value, best_response_chips=list(values), values=list(seats),
                 values_mbb=[mbb(v, table) for v in seats],
                 peak_memory_mb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))
    save(Path(out), game, solver.average(), facts)
    facts.update(table=table.name, stacks=game.stacks, memory=memory, buckets=list(buckets), resumed_at=resumed,
                 file=str(out), file_bytes=Path(out).stat().st_size)
    return facts


def save(path: Path, game: MergedGame, strategy, facts: dict, rounds: int | None = None,
         extra: dict[str, np.ndarray] | None = None) -> None:
    """Write a solution of a merged game: its head, its strategy in 16-bit levels, and its stages' matrices.

    ``rounds`` keeps the strategy of the first rounds only (the last solved again at play time,
    ``lowball.solve.resolve``); ``extra`` adds arrays (the per-hand tables, ``lowball.solve.lookup.StageLookup``).
    """
    ranges, table = game.ranges, game.table
    kept = len(game.rounds) if rounds is None else rounds
    if not 1 <= kept <= len(game.rounds):
        raise ValueError(f"rounds kept: 1 to {len(game.rounds)}, got {kept}")
    head = {"table": table.name, "hash": store.table_hash(table), "stacks": game.stacks, "memory": game.memory,
            "counts": [list(c) for c in game.allowed], "abstraction": ranges.parameters, "facts": facts,
            "rounds_kept": kept}
    tables = [to_numpy(strategy[r][i]) for r, rnd in enumerate(game.rounds[:kept]) for i in rnd.decisions]
    arrays = {"head": np.array(json.dumps(head)), "strategy": store.quantise(tables),
              "weights": np.asarray(ranges.weights, dtype=float), "strengths": np.asarray(ranges.strengths, dtype=float)}
    for d, moves in enumerate(ranges.transitions):
        for k, matrix in moves.items():
            arrays[f"move_{d}_{k}"] = np.asarray(matrix, dtype=float)
    arrays.update(extra or {})
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, lambda handle: np.savez_compressed(handle, **arrays))


def load(table: GameTable, path: Path, arrays: dict | None = None) -> tuple[MergedGame, list[dict[int, np.ndarray]],
                                                                          dict]:
    """Return the merged game, the strategy and the head of a solution file, refused in one line if not the table's.

    A file that keeps the first rounds only has empty tables for the others (``head["rounds_kept"]``).
    """
    what = store.SOLUTION
    arrays = store.read_arrays(path, what) if arrays is None else arrays
    head = store.read_json(path, what, "head", arrays["head"])
    if head.get("table") != table.name or head.get("hash") != store.table_hash(table):
        raise store.WrongTable(f"{path_text(path)} was solved for {head.get('table')!r} (hash "
                               f"{str(head.get('hash'))[:12]}), not for {table.name} (hash "
                               f"{store.table_hash(table)[:12]})")
    try:
        buckets = tuple(int(b) for b in head["abstraction"]["buckets"])
        moves = tuple({k: arrays[f"move_{d}_{k}"] for k in range(COUNTS) if f"move_{d}_{k}" in arrays}
                      for d in range(len(buckets) - 1))
        ranges = Stages(system=head["abstraction"]["system"], buckets=buckets, weights=arrays["weights"],
                        transitions=moves, strengths=arrays["strengths"])
        game = build_game(table, ranges, head["stacks"], head["memory"], head["counts"])
        kept = int(head.get("rounds_kept", len(game.rounds)))
        if not 1 <= kept <= len(game.rounds):
            raise ValueError(f"it keeps {kept} rounds of {len(game.rounds)}")
    except (KeyError, TypeError, ValueError, LowballError) as err:
        raise store.bad_file(path, what, f"its head does not rebuild the game: {err}") from None
    levels = store.check_array(path, what, "strategy", arrays["strategy"], "iu", (None,))
    strategy, at = [], 0
    for r, rnd in enumerate(game.rounds):
        tables = {}
        if r >= kept:
            strategy.append(tables)
            continue
        for i in rnd.decisions:
            shape = (len(game.keys[r]), game.buckets[r], len(rnd.spots[i].actions))
            size = int(np.prod(shape))
            if at + size > len(levels):
                raise store.bad_file(path, what, "its strategy is shorter than its game")
            tables[i] = normalise(levels[at:at + size].reshape(shape).astype(float))
            at += size
        strategy.append(tables)
    if at != len(levels):
        raise store.bad_file(path, what, "its strategy is longer than its game")
    return game, strategy, head


GADGET = "gadget"          # a shipped file's array of the re-solving gadget's values (lowball.solve.resolve)


def gadget_of(game: MergedGame, path: Path, arrays: dict) -> np.ndarray | None:
    """Return a shipped file's gadget levels, (2, last-round histories, final buckets) int16, checked; None in a file
    that keeps none (its last round is then solved again from the ranges alone)."""
    if GADGET not in arrays:
        return None
    shape = (2, len(game.keys[-1]), game.buckets[-1])
    levels = store.check_array(path, store.SOLUTION, GADGET, arrays[GADGET], "i", shape)
    if levels.dtype != np.int16:
        raise store.bad_file(path, store.SOLUTION, f"its array {GADGET!r} is {levels.dtype}, expected int16 levels")
    return levels


def ship(table: GameTable, solution: Path, out: Path, *, iterations: int | None = None, measure: bool = True,
         stages: Callable[[str, tuple[int, ...]], object] = build_stages, workers: int = 1,
         progress: bool = False) -> dict:
    """Write the solution that ships from a solution of the full tree, and measure it as play will use it.

    What ships is the strategy of the rounds before the last (the last is solved again, safely, when play reaches
    it, ``lowball.solve.resolve``), what each seat's best response wins in the last round against the whole
    solution's (the re-solving gadget's values, per history and bucket, in 16-bit levels of the round's largest
    stake), and the per-hand tables of the stages, rebuilt (minutes) and checked against the solution's own matrices.
    ``measure`` then measures the written file (``measure_shipped``).
    """
    from lowball.solve.lookup import StageLookup                                 # noqa: PLC0415
    from lowball.solve.resolve import gadget_values, largest_stakes, to_levels  # noqa: PLC0415

    game, strategy, head = load(table, Path(solution))
    if head.get("rounds_kept", len(game.rounds)) != len(game.rounds) or game.memory != "everything":
        raise LowballError(f"{path_text(solution)}: ship takes a solution of the full tree (memory everything) with "
                           f"every round kept, not one kept in part or merged")
    started = time.perf_counter()
    rebuilt = stages(table.ranking, tuple(game.buckets))
    stored = game.ranges
    same = (np.allclose(rebuilt.weights, stored.weights) and np.array_equal(rebuilt.strengths, stored.strengths)
            and all(np.allclose(rebuilt.transitions[d][k], matrix) for d, moves in enumerate(stored.transitions)
                    for k, matrix in moves.items()))
    if not same:
        raise LowballError(f"{path_text(solution)}: the stages rebuilt for its buckets differ from its own")
    lookup = StageLookup.of(rebuilt, tuple(max(counts) for counts in game.allowed))
    looked = time.perf_counter() - started
    started = time.perf_counter()
    kernels = Kernels(game)
    levels = to_levels(gadget_values(game, strategy, kernels=kernels), largest_stakes(game, kernels))
    kept = table.draws                                   # every round but the last
    facts = {**head["facts"], "shipped": {
        "rounds_kept": kept, "lookup_seconds": round(looked, 1),
        "gadget_seconds": round(time.perf_counter() - started, 1),
        "numbers_kept": int(sum(strategy[r][i].size for r in range(kept) for i in strategy[r])),
        "gadget_numbers": int(levels.size)}}
    save(Path(out), game, strategy, facts, rounds=kept, extra={**lookup.arrays(), GADGET: levels})
    if measure:
        measure_shipped(table, Path(out), iterations, workers, progress)
    head = store.read_json(out, store.SOLUTION, "head", store.read_arrays(out, store.SOLUTION, ["head"])["head"])
    return {**head["facts"]["shipped"], "table": table.name, "file": str(out), "file_bytes": Path(out).stat().st_size}


def measure_shipped(table: GameTable, path: Path, iterations: int | None = None, workers: int = 1,
                    progress: bool = False) -> dict:
    """Measure a shipped solution as play uses it, and write the figures into its head (``facts["shipped"]``).

    Every history's last round is solved again as play solves it (``lowball.solve.resolve``; ``workers`` processes
    share them), and the exploitability of the whole strategy is measured by the best response that remembers every
    public action.
    """
    from lowball.solve.resolve import ITERATIONS, from_levels, largest_stakes, with_last_round  # noqa: PLC0415

    iterations = ITERATIONS if iterations is None else iterations
    arrays = store.read_arrays(path, store.SOLUTION)
    game, shipped, head = load(table, Path(path), arrays)
    if head.get("rounds_kept") != table.draws:
        raise LowballError(f"{path_text(path)}: not a shipped solution (it keeps {head.get('rounds_kept')} rounds; "
                           f"one that ships keeps the {table.draws} before the last)")
    levels = gadget_of(game, path, arrays)
    gadget = None if levels is None else from_levels(levels, largest_stakes(game))
    started = time.perf_counter()
    whole = with_last_round(game, shipped, iterations, workers=workers, values=gadget, progress=progress)
    solving = time.perf_counter() - started
    recall = Recall(game, whole)
    responses = [recall.best_actions(seat, table.draws) for seat in range(2)]
    values = tuple(found for found, _ in responses)
    value = mbb(sum(values) / 2, table)
    seats = seat_values(game, whole)
    head["facts"]["shipped"].update({
        "last_round_iterations": iterations, "safe": gadget is not None,
        "exploitability_mbb": value, "best_response_chips": list(values),
        "values": list(seats), "values_mbb": [mbb(v, table) for v in seats], "last_rounds_seconds": round(solving, 1),
        "measure_seconds": round(time.perf_counter() - started, 1)})
    store.add_arrays(Path(path), {"head": np.array(json.dumps(head)),
                                  **{f"{RESPONSE}_{seat}": flat_actions(game, choices, seat)
                                     for seat, (_, choices) in enumerate(responses)}})
    return head["facts"]["shipped"]


RESPONSE = "response"      # a measured file's arrays of the best response's actions before the last round, by seat


def response_spots(game: MergedGame, seat: int) -> list[tuple[int, int]]:
    """Return the (round, spot) of the seat's decisions before the last round, in the order their actions are kept."""
    return [(r, i) for r, rnd in enumerate(game.rounds[:game.table.draws]) for i in rnd.decisions
            if rnd.spots[i].player == seat]


def flat_actions(game: MergedGame, choices: list[dict[int, np.ndarray]], seat: int) -> np.ndarray:
    """Return a best response's actions before the last round as one int8 array (``response_spots``' order)."""
    return np.concatenate([choices[r][i].ravel() for r, i in response_spots(game, seat)]).astype(np.int8)


def response_of(game: MergedGame, path: Path, arrays: dict, seat: int) -> dict[tuple[int, int], np.ndarray] | None:
    """Return the best response's actions a measured file keeps for a seat, by (round, spot): (keys, buckets) int8,
    each checked against its spot's actions; None in a file not measured."""
    name = f"{RESPONSE}_{seat}"
    if name not in arrays:
        return None
    flat = store.check_array(path, store.SOLUTION, name, arrays[name], "i", (None,))
    out, at = {}, 0
    for r, i in response_spots(game, seat):
        shape = (len(game.keys[r]), game.buckets[r])
        size = shape[0] * shape[1]
        part = flat[at:at + size]
        most = len(game.rounds[r].spots[i].actions) - 1
        if len(part) < size or part.min() < 0 or part.max() > most:
            raise store.bad_file(path, store.SOLUTION, f"its array {name!r} does not fit the game's decisions")
        out[r, i] = part.reshape(shape)
        at += size
    if at != len(flat):
        raise store.bad_file(path, store.SOLUTION, f"its array {name!r} is longer than the game's decisions")
    return out
