"""The solving loop of a table: build its abstraction and tree, run DCFR to a goal with checkpoints, write the solution.

For a table: build the card abstraction (lowball.solve.abstraction), the public tree (lowball.solve.game_tree), run
discounted CFR with a progress bar on stderr until the exploitability in the abstract game is at most the goal
(mbb per hand: thousandths of the table's big bet, averaged over the seats) or the iterations run out,
checkpointing so that a run stopped at any point resumes where it was (a checkpoint is used only for the same
table, hash, stacks and abstraction), then write the solution (lowball.solve.store) with its convergence record
and the per-hand tables that place real cards in the abstraction (lowball.solve.lookup). ``lowball solve`` and
scripts/solve.py (``make solve``) both run ``solve_table``.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path
from typing import Callable

import numpy as np
from tqdm import tqdm

from lowball.core.games import GameTable
from lowball.errors import LowballError
from lowball.solve import store
from lowball.solve.abstraction import Abstraction
from lowball.solve.best_response import evaluate
from lowball.solve.cfr import DCFR, Solver
from lowball.solve.game_tree import build_tree, check_solvable, default_stacks
from lowball.solve.lookup import HandLookup, write as write_lookup

# Sizes chosen so that each solve reaches 1 mbb/hand in well under an hour on two cores (docs/reference/solving.md).
DEFAULTS = {"teaching-table": {"pre": 128, "post": 256, "stacks": None},
            "deuce-to-seven-single-draw-limit": {"pre": 128, "post": 128, "stacks": 32}}
OTHER = {"pre": 32, "post": 64, "stacks": None}
CHECKPOINTS = Path("build/solve")
MOST_BUCKETS = 256          # the per-hand tables keep a pre bucket in a byte


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


def _flat(tables) -> np.ndarray:
    return np.concatenate([np.asarray(t).ravel() for t in tables])


def _unflat(values: np.ndarray, like) -> list[np.ndarray]:
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
    """
    if not 6 <= pre <= MOST_BUCKETS:
        raise LowballError(f"--pre must be 6 to {MOST_BUCKETS} buckets (one per best discard count at least), "
                           f"got {pre}")
    if not 2 <= post <= 7462:
        raise LowballError(f"--post must be 2 to 7462 buckets (the classes of a ranking), got {post}")
    if not 1 <= iterations <= 10_000_000:
        raise LowballError(f"--iterations must be 1 to 10,000,000, got {iterations}")
    if not goal > 0:
        raise LowballError(f"--goal must be a positive number of mbb/hand, got {goal}")


def solve_table(table: GameTable, *, out: Path, pre: int | None = None, post: int | None = None,
                stacks: int | None = None, goal: float = 1.0, iterations: int = 20000, every: int = 50,
                checkpoints: Path = CHECKPOINTS, progress: bool = True,
                abstraction: Callable[[str, int, int], object] = build_abstraction) -> dict:
    """Solve a table in its abstract game and write the solution to ``out``; return the figures (see the module).

    ``abstraction`` builds the card abstraction from (ranking, pre, post); the tests pass a small one.
    """
    check_solvable(table)
    defaults = sizes(table.name)
    pre, post = pre or defaults["pre"], post or defaults["post"]
    check_sizes(pre, post, iterations, goal)
    stacks = stacks if stacks is not None else defaults["stacks"]
    stacks = default_stacks(table) if stacks is None else stacks
    if stacks < max(table.min_stack, 1):
        raise LowballError(f"--stacks must be at least the table's minimum of {max(table.min_stack, 1)}, got {stacks}")
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
    if checkpoint.exists():
        with np.load(checkpoint) as data:
            if json.loads(str(data["key"])) == key:
                solver.regrets = _unflat(data["regrets"], solver.regrets)
                solver.totals = _unflat(data["totals"], solver.totals)
                solver.current = _unflat(data["current"], solver.current)
                solver.iterations = resumed = int(data["iterations"])
                record = [tuple(row) for row in data["record"].tolist()]
                spent = float(data["spent"])

    def save_checkpoint():
        checkpoint.parent.mkdir(parents=True, exist_ok=True)
        np.savez(checkpoint, key=np.array(json.dumps(key)), regrets=_flat(solver.regrets), totals=_flat(solver.totals),
                 current=_flat(solver.current), iterations=solver.iterations, record=np.array(record).reshape(-1, 3),
                 spent=spent)

    def measure():
        value = mbb(evaluate(tree, solver.average()).exploitability, table)
        record.append((solver.iterations, value, spent))
        return value

    last_save = time.perf_counter()
    reached = record[-1][1] if record else float("inf")
    bar = tqdm(total=iterations, initial=min(solver.iterations, iterations), desc=table.name, unit="it",
               disable=not progress, file=sys.stderr, mininterval=1 if sys.stderr.isatty() else 30)
    while reached > goal and solver.iterations < iterations:
        tick = time.perf_counter()
        solver.step()
        spent += time.perf_counter() - tick
        bar.update(1)
        t = solver.iterations
        if t & (t - 1) == 0 or t % every == 0:       # powers of two early, then every ``every``
            reached = measure()
            bar.set_postfix(mbb=f"{reached:.3g}")
        if time.perf_counter() - last_save > 120:
            save_checkpoint()
            last_save = time.perf_counter()
    bar.close()
    if not record or record[-1][0] != solver.iterations:
        reached = measure()
    save_checkpoint()
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
    store.save(out, built, average, ranges, facts)
    if len(getattr(ranges, "pre_of_hand", ())):      # a real abstraction: keep where each hand sits in it
        write_lookup(out, HandLookup.of(ranges))
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
    return write_lookup(path, HandLookup.of(built))
