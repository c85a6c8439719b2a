"""The solving loop of a table: build its abstraction and tree, run DCFR to a goal with checkpoints, write the solution.

For a table: build the card abstraction (lowball.solve.abstraction), the public tree (lowball.solve.game_tree), run
discounted CFR with a progress bar on stderr until the exploitability in the abstract game is at most the goal
(mbb per hand: thousandths of the table's big bet, averaged over the seats) or the iterations run out,
checkpointing so that a run stopped at any point resumes where it was (a checkpoint is used only for the same
table, hash, stacks and abstraction), then write the solution (lowball.solve.store) with its convergence record
and the per-hand tables that place real cards in the abstraction (lowball.solve.lookup). ``lowball solve`` and
scripts/solve.py (``make solve``) both run ``solve_table``.

A checkpoint is saved every two minutes, at the end, and on Ctrl-C: the first Ctrl-C lets the iteration under way
finish (a half-done iteration is no state to resume from), saves, and stops with ``SolveInterrupted``; a second
Ctrl-C stops at once, keeping the checkpoint saved before. Every file is written whole or not at all
(``write_atomically``), and a checkpoint that is damaged or not a checkpoint is refused in one line
(``store.BadSolverFile``) rather than used.
"""

from __future__ import annotations

import contextlib
import json
import math
import resource
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from lowball.core.files import path_text, write_atomically
from lowball.core.games import GameTable
from lowball.core.progress import progress_bar
from lowball.errors import LowballError
from lowball.solve import store
from lowball.solve.abstraction import Abstraction
from lowball.solve.best_response import evaluate
from lowball.solve.cfr import DCFR, Solver
from lowball.solve.game_tree import build_tree, check_solvable, default_stacks
from lowball.solve.lookup import KEYS as LOOKUP_KEYS, HandLookup

# Sizes chosen so that each solve reaches 1 mbb/hand in well under an hour on two cores (docs/reference/solving.md).
DEFAULTS = {"teaching-table": {"pre": 128, "post": 256, "stacks": None},
            "deuce-to-seven-single-draw-limit": {"pre": 128, "post": 128, "stacks": 32}}
OTHER = {"pre": 32, "post": 64, "stacks": None}
CHECKPOINTS = Path("build/solve")
MOST_BUCKETS = 256          # the per-hand tables keep a pre bucket in a byte
MOST_POST = 7462            # a post bucket holds at least one class of a ranking, and a ranking has 7,462 (H1)
MOST_ITERATIONS = 10_000_000
# A table without a cap heads-up (G2) grows its tree with the stacks: deuce-to-seven single draw has 10,977
# decisions at 8 big bets, 155,169 at 32, millions beyond, more than the solver's arrays fit in memory.
MOST_STACK_BETS = 32
SAVE_EVERY = 120            # seconds between checkpoints: a crash loses at most two minutes


class SolveInterrupted(KeyboardInterrupt):
    """Ctrl-C during a solve, once the checkpoint of its last whole iteration is saved (``checkpoint``, ``iterations``).

    A ``KeyboardInterrupt``, so that ``lowball.cli.main`` says "interrupted" and exits 130 as for any command.
    """

    def __init__(self, checkpoint: Path, iterations: int):
        super().__init__(f"checkpoint saved at iteration {iterations:,}: {checkpoint}")
        self.checkpoint = checkpoint
        self.iterations = iterations


def sizes(name: str) -> dict:
    """Return a table's default abstraction sizes and stacks (None: the table's own, ``default_stacks``).

    >>> sizes("teaching-table"), sizes("razz")["pre"]
    ({'pre': 128, 'post': 256, 'stacks': None}, 32)
    """
    return dict(DEFAULTS.get(name, OTHER))


def mbb(chips: float, table: GameTable) -> float:
    """Return chips as milli-big-bets: thousandths of the table's big bet.

    >>> from lowball.core.games import load_game_table
    >>> mbb(0.002, load_game_table("teaching-table"))
    1.0
    """
    return chips / table.big_bet * 1000


def flat(tables) -> np.ndarray:
    """Return a solver's tables as one flat array, in order (a checkpoint's arrays).

    >>> flat([np.zeros((1, 2)), np.ones(1)]).tolist()
    [0.0, 0.0, 1.0]
    """
    return np.concatenate([np.asarray(t).ravel() for t in tables])


def unflat(values: np.ndarray, like) -> list[np.ndarray]:
    """Return a flat array cut back into tables of the shapes of ``like`` (the inverse of ``flat``).

    >>> [t.tolist() for t in unflat(np.arange(3.0), [np.zeros((1, 2)), np.ones(1)])]
    [[[0.0, 1.0]], [2.0]]
    """
    out, at = [], 0
    for table in like:
        out.append(values[at:at + table.size].reshape(table.shape).copy())
        at += table.size
    return out


def build_abstraction(system: str, pre: int, post: int) -> Abstraction:
    """Build the card abstraction a solve runs in (``Abstraction.build``; the CLI's tests put a small one here)."""
    return Abstraction.build(system, pre, post)


def check_sizes(pre: int, post: int, iterations: int, goal: float) -> None:
    """Raise ``LowballError`` in one line for sizes the solver cannot use.

    >>> check_sizes(1, 8, 10, 1.0)
    Traceback (most recent call last):
    lowball.errors.LowballError: --pre must be 6 to 256 buckets (one per best discard count at least), got 1
    >>> check_sizes(6, 8, 10, float("inf"))
    Traceback (most recent call last):
    lowball.errors.LowballError: --goal must be a positive finite number of mbb/hand, got inf
    """
    if not 6 <= pre <= MOST_BUCKETS:
        raise LowballError(f"--pre must be 6 to {MOST_BUCKETS} buckets (one per best discard count at least), "
                           f"got {pre:,}")
    if not 2 <= post <= MOST_POST:
        raise LowballError(f"--post must be 2 to {MOST_POST:,} buckets (the classes of a ranking), got {post:,}")
    if not 1 <= iterations <= MOST_ITERATIONS:
        raise LowballError(f"--iterations must be 1 to {MOST_ITERATIONS:,}, got {iterations:,}")
    if not (goal > 0 and math.isfinite(goal)):
        raise LowballError(f"--goal must be a positive finite number of mbb/hand, got {goal}")


def check_stacks(table: GameTable, stacks: int) -> None:
    """Raise ``LowballError`` in one line for stacks the table's tree cannot be solved at (see ``MOST_STACK_BETS``).

    >>> from lowball.core.games import load_game_table
    >>> check_stacks(load_game_table("teaching-table"), 10**20)
    Traceback (most recent call last):
    lowball.errors.LowballError: --stacks must be 13 to 64 chips at teaching-table (its minimum stack to 32 big \
bets), got 100,000,000,000,000,000,000
    """
    least = max(table.min_stack, 1)
    most = max(least, MOST_STACK_BETS * table.big_bet)
    if not least <= stacks <= most:
        raise LowballError(f"--stacks must be {least:,} to {most:,} chips at {table.name} (its minimum stack to "
                           f"{MOST_STACK_BETS} big bets), got {stacks:,}")


@contextlib.contextmanager
def ctrl_c_between_iterations() -> Iterator[Callable[[], bool]]:
    """Let the first Ctrl-C only ask the loop to stop after its iteration (the callable says whether it was asked);
    a second one raises ``KeyboardInterrupt`` at once. Leaves Ctrl-C alone off the main thread or where ignored."""
    asked = [False]

    def handler(signum, frame):
        if asked[0]:
            raise KeyboardInterrupt
        asked[0] = True

    previous = signal.getsignal(signal.SIGINT)
    # A Python handler (the default one, or lowball.cli.interrupt's) is replaced for the loop; SIG_IGN (a
    # background job) and a handler set outside Python are kept, and then Ctrl-C does what it did before.
    if threading.current_thread() is not threading.main_thread() or not callable(previous):
        yield lambda: asked[0]
        return
    signal.signal(signal.SIGINT, handler)
    try:
        yield lambda: asked[0]
    finally:
        signal.signal(signal.SIGINT, previous)


def read_checkpoint(path: Path, key: dict, sizes: list[int]) -> dict | None:
    """Return a checkpoint's state if it was saved for this ``key`` (table, hash, stacks, abstraction), None if for
    another; refuse a damaged file, or one not a checkpoint, in one line (``store.BadSolverFile``).

    ``sizes`` are the sizes of the solver's tables, which the stored regrets, totals and current strategy fill.
    """
    what = store.CHECKPOINT
    arrays = store.read_arrays(path, what, ["key", "regrets", "totals", "current", "iterations", "record", "spent"])
    if store.read_json(path, what, "key", arrays["key"]) != key:
        return None
    total = sum(sizes)
    for name in ("regrets", "totals", "current"):
        store.check_array(path, what, name, arrays[name], "f", (total,))
    iterations = int(store.check_array(path, what, "iterations", arrays["iterations"], "iu", ()))
    record = store.check_array(path, what, "record", arrays["record"], "f", (None, 3))
    spent = float(store.check_array(path, what, "spent", arrays["spent"], "f", ()))
    if not 0 <= iterations <= MOST_ITERATIONS or spent < 0:
        raise store.bad_file(path, what, f"{iterations:,} iterations in {spent:g} seconds")
    return {"regrets": arrays["regrets"], "totals": arrays["totals"], "current": arrays["current"],
            "iterations": iterations, "record": [tuple(row) for row in record.tolist()], "spent": spent}


def iterate(solver, *, desc: str, iterations: int, goal: float, every: int, measure: Callable[[float], float],
            save: Callable[[float], None], checkpoint: Path, record: list, spent: float, progress: bool = True,
            early: bool = False) -> tuple[float, float]:
    """Step ``solver`` until its measured exploitability is at most ``goal`` or it has run ``iterations``; return
    the last measure and the solving seconds spent in all (``spent`` before, and this run's).

    ``measure(spent)`` measures the average strategy (mbb/hand) and adds a row to ``record``; it runs every ``every``
    iterations, and at powers of two too when ``early`` (the curve's start, where a single draw drops fast).
    ``save(spent)`` writes the checkpoint: every two minutes, or less often where a save is slow (the full tree of
    triple draw checkpoints gigabytes), so that a run spends at most a twentieth of its time saving. The first
    Ctrl-C lets the iteration under way finish, saves, and raises ``SolveInterrupted``.
    """
    last_save, saving = time.perf_counter(), 0.0
    reached = record[-1][1] if record else float("inf")
    bar = progress_bar(total=iterations, initial=min(solver.iterations, iterations), desc=desc, unit="it",
                       enabled=progress, file=sys.stderr)
    with ctrl_c_between_iterations() as stop_asked:
        while reached > goal and solver.iterations < iterations and not stop_asked():
            tick = time.perf_counter()
            solver.step()
            spent += time.perf_counter() - tick
            bar.update(1)
            t = solver.iterations
            if t % every == 0 or (early and t & (t - 1) == 0):
                reached = measure(spent)
                bar.set_postfix(mbb=f"{reached:.4g}")
            if time.perf_counter() - last_save > max(SAVE_EVERY, 20 * saving) and not stop_asked():
                tick = time.perf_counter()
                save(spent)
                last_save = time.perf_counter()
                saving = last_save - tick
        bar.close()
        if stop_asked():
            save(spent)
            if progress:
                print(f"lowball solve: stopped at iteration {solver.iterations:,}; checkpoint saved to "
                      f"{path_text(checkpoint)} (the same command resumes from it)", file=sys.stderr, flush=True)
            raise SolveInterrupted(checkpoint, solver.iterations)
    return reached, spent


def solve_table(table: GameTable, *, out: Path, pre: int | None = None, post: int | None = None,
                stacks: int | None = None, goal: float = 1.0, iterations: int = 20000, every: int = 50,
                checkpoints: Path = CHECKPOINTS, progress: bool = True,
                abstraction: Callable[[str, int, int], object] = build_abstraction) -> dict:
    """Solve a table in its abstract game and write the solution to ``out``; return the figures (see the module).

    ``abstraction`` builds the card abstraction from (ranking, pre, post); the tests pass a small one.
    """
    check_solvable(table)
    defaults = sizes(table.name)
    # None is the default; 0 is a size like any other, and refused (it once fell through ``or`` to the default).
    pre = defaults["pre"] if pre is None else pre
    post = defaults["post"] if post is None else post
    check_sizes(pre, post, iterations, goal)
    stacks = stacks if stacks is not None else defaults["stacks"]
    stacks = default_stacks(table) if stacks is None else stacks
    check_stacks(table, stacks)
    started = time.perf_counter()
    ranges = abstraction(table.ranking, pre, post)
    built = build_tree(table, ranges, stacks)
    tree = built.tree
    setup = time.perf_counter() - started
    solver = Solver(tree, DCFR)
    key = {"table": table.name, "hash": store.table_hash(table), "stacks": stacks, **ranges.parameters}
    checkpoint = Path(checkpoints) / f"{table.name}.npz"
    record: list[tuple[int, float, float]] = []      # (iterations, exploitability mbb, solving seconds)
    spent = 0.0
    resumed = 0
    if checkpoint.exists() or checkpoint.is_symlink():
        state = read_checkpoint(checkpoint, key, [rows.size for rows in solver.regrets])
        if state is not None:
            solver.regrets = unflat(state["regrets"], solver.regrets)
            solver.totals = unflat(state["totals"], solver.totals)
            solver.current = unflat(state["current"], solver.current)
            solver.iterations = resumed = state["iterations"]
            record, spent = state["record"], state["spent"]

    def save_checkpoint(spent: float):
        checkpoint.parent.mkdir(parents=True, exist_ok=True)
        arrays = dict(key=np.array(json.dumps(key)), regrets=flat(solver.regrets), totals=flat(solver.totals),
                      current=flat(solver.current), iterations=np.array(solver.iterations),
                      record=np.array(record, dtype=float).reshape(-1, 3), spent=np.array(spent))
        write_atomically(checkpoint, lambda handle: np.savez(handle, **arrays))

    def measure(spent: float):
        value = mbb(evaluate(tree, solver.average()).exploitability, table)
        record.append((solver.iterations, value, spent))
        return value

    reached, spent = iterate(solver, desc=table.name, iterations=iterations, goal=goal, every=every, early=True,
                             measure=measure, save=save_checkpoint, checkpoint=checkpoint, record=record,
                             spent=spent, progress=progress)
    if not record or record[-1][0] != solver.iterations:
        reached = measure(spent)
    save_checkpoint(spent)
    average = solver.average()
    out = Path(out)
    facts = {"iterations": solver.iterations, "rule": solver.rule.name, "solve_seconds": round(spent, 1),
             "seconds_per_iteration": round(spent / max(solver.iterations, 1), 4), "setup_seconds": round(setup, 1),
             "goal_mbb": goal, "exploitability_mbb_unquantised": reached,
             "information_sets": tree.information_sets(0) + tree.information_sets(1),
             "decision_nodes": len(tree.decisions), "convergence": record}
    store.save(out, built, average, ranges, facts)
    stored = store.load(table, out)
    check = evaluate(stored.built.tree, stored.strategy)
    facts.update(exploitability_mbb=mbb(check.exploitability, table), values=list(check.values),
                 values_mbb=[mbb(v, table) for v in check.values],
                 peak_memory_mb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))
    # A real abstraction: keep where each hand sits in it, in the same single write of the file.
    lookup = HandLookup.of(ranges) if len(getattr(ranges, "pre_of_hand", ())) else None
    store.save(out, built, average, ranges, facts,
               extra={key: getattr(lookup, key) for key in LOOKUP_KEYS} if lookup else None)
    facts.update(table=table.name, stacks=stacks, resumed_at=resumed, file=str(out), file_bytes=out.stat().st_size)
    return facts


def add_lookup(table: GameTable, path: Path) -> Path:
    """Rebuild a stored solution's abstraction, check it is the stored one, and add its per-hand tables to the file."""
    head = store.read_head(path)
    p = head["abstraction"]
    built = Abstraction.build(p["system"], p["pre_buckets"], p["post_buckets"])
    stored = store.load(table, path).ranges
    same = (np.allclose(built.weights, stored.weights) and np.array_equal(built.strengths, stored.strengths)
            and all(np.allclose(built.transitions[k], m) for k, m in stored.transitions.items()))
    if not same:
        raise LowballError(f"{Path(path).name}: the rebuilt abstraction differs from the stored one")
    lookup = HandLookup.of(built)
    return store.add_arrays(path, {key: getattr(lookup, key) for key in LOOKUP_KEYS})
