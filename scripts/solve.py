"""Solve the shipped heads-up tables in their abstract games and write their strategies (``make solve``).

For each table: build the card abstraction (lowball.solve.abstraction), the public tree from the table
(lowball.solve.game_tree), run discounted CFR with a progress bar until the exploitability in the abstract game
is at most the goal (mbb per hand: thousandths of the table's big bet, averaged over the seats), checkpointing
to build/solve/ so that a run stopped at any point resumes where it was, then write
spec/lowball/solve/solutions/<table>.npz (lowball.solve.store) with the convergence record.

    .venv/bin/python scripts/solve.py                         # both tables, the default sizes
    .venv/bin/python scripts/solve.py --game teaching-table --pre 8 --post 16 --goal 5
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

import numpy as np
from tqdm import tqdm

from lowball.core.games import load_game_table
from lowball.solve import store
from lowball.solve.abstraction import Abstraction
from lowball.solve.best_response import evaluate
from lowball.solve.cfr import DCFR, Solver
from lowball.solve.game_tree import build_tree, default_stacks

# Sizes chosen so that each solve reaches 1 mbb/hand in well under an hour on two cores (solving-draft.md).
DEFAULTS = {"teaching-table": {"pre": 128, "post": 256, "stacks": None},
            "deuce-to-seven-single-draw-limit": {"pre": 128, "post": 128, "stacks": 32}}
CHECKPOINTS = Path("build/solve")


def flat(tables) -> np.ndarray:
    return np.concatenate([np.asarray(t).ravel() for t in tables])


def unflat(values: np.ndarray, like) -> list[np.ndarray]:
    out, at = [], 0
    for table in like:
        out.append(values[at:at + table.size].reshape(table.shape).copy())
        at += table.size
    return out


def mbb(chips: float, table) -> float:
    return chips / table.big_bet * 1000


def solve_table(name: str, pre: int, post: int, stacks: int | None, goal: float, most: int, every: int,
                folder: Path, quiet: bool, checkpoints: Path = CHECKPOINTS) -> dict:
    table = load_game_table(name)
    stacks = default_stacks(table) if stacks is None else stacks
    started = time.perf_counter()
    abstraction = Abstraction.build(table.ranking, pre, post)
    built = build_tree(table, abstraction, stacks)
    tree = built.tree
    setup = time.perf_counter() - started
    solver = Solver(tree, DCFR)
    key = {"table": name, "hash": store.table_hash(table), "stacks": stacks, **abstraction.parameters}
    checkpoint = checkpoints / f"{name}.npz"
    record: list[tuple[int, float, float]] = []      # (iterations, exploitability mbb, solving seconds)
    spent = 0.0
    if checkpoint.exists():
        with np.load(checkpoint) as data:
            if json.loads(str(data["key"])) == key:
                solver.regrets = unflat(data["regrets"], solver.regrets)
                solver.totals = unflat(data["totals"], solver.totals)
                solver.current = unflat(data["current"], solver.current)
                solver.iterations = int(data["iterations"])
                record = [tuple(row) for row in data["record"].tolist()]
                spent = float(data["spent"])
                print(f"{name}: resumed at iteration {solver.iterations}", file=sys.stderr)

    def save_checkpoint():
        checkpoints.mkdir(parents=True, exist_ok=True)
        np.savez(checkpoint, key=np.array(json.dumps(key)), regrets=flat(solver.regrets), totals=flat(solver.totals),
                 current=flat(solver.current), iterations=solver.iterations, record=np.array(record).reshape(-1, 3),
                 spent=spent)

    def measure():
        value = mbb(evaluate(tree, solver.average()).exploitability, table)
        record.append((solver.iterations, value, spent))
        return value

    last_save = time.perf_counter()
    reached = record[-1][1] if record else float("inf")
    bar = tqdm(total=most, initial=solver.iterations, desc=name, unit="it", disable=quiet,
               mininterval=1 if sys.stderr.isatty() else 30)
    while reached > goal and solver.iterations < most:
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
    path = store.path_of(name, folder)
    facts = {"iterations": solver.iterations, "rule": solver.rule.name, "solve_seconds": round(spent, 1),
             "seconds_per_iteration": round(spent / max(solver.iterations, 1), 4), "setup_seconds": round(setup, 1),
             "goal_mbb": goal, "exploitability_mbb_unquantised": reached,
             "information_sets": tree.information_sets(0) + tree.information_sets(1),
             "decision_nodes": len(tree.decisions), "convergence": record}
    store.save(path, built, average, abstraction, facts)
    stored = store.load(table, path)
    check = evaluate(stored.built.tree, stored.strategy)
    facts.update(exploitability_mbb=mbb(check.exploitability, table), values=list(check.values),
                 values_mbb=[mbb(v, table) for v in check.values],
                 peak_memory_mb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))
    store.save(path, built, average, abstraction, facts)
    facts["file_bytes"] = path.stat().st_size
    return facts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a table name (repeatable; default: every shipped one)")
    parser.add_argument("--pre", type=int, help="pre-draw buckets (default: per table)")
    parser.add_argument("--post", type=int, help="post-draw buckets (default: per table)")
    parser.add_argument("--stacks", type=int, help="each player's stack in chips (default: per table)")
    parser.add_argument("--goal", type=float, default=1.0, help="stop at this exploitability, mbb/hand (1)")
    parser.add_argument("--iterations", type=int, default=20000, help="stop after this many iterations")
    parser.add_argument("--every", type=int, default=50, help="measure the exploitability every N iterations")
    parser.add_argument("--out", type=Path, default=store.SOLUTIONS, help="the folder of the solutions")
    parser.add_argument("--checkpoints", type=Path, default=CHECKPOINTS, help="the folder of the checkpoints")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    for name in args.game or list(DEFAULTS):
        sizes = DEFAULTS.get(name, {"pre": 32, "post": 64, "stacks": None})
        facts = solve_table(name, args.pre or sizes["pre"], args.post or sizes["post"],
                            args.stacks if args.stacks is not None else sizes["stacks"], args.goal, args.iterations,
                            args.every, args.out, args.quiet, args.checkpoints)
        shown = {k: v for k, v in facts.items() if k != "convergence"}
        print(json.dumps({"table": name, **shown}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
