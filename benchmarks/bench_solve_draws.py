"""Benchmark: seconds per CFR iteration of triple draw on numpy and, where a GPU is lent, on CuPy, side by side.

What it measures
----------------
One game is built once (the PHH triple-draw table's stages at ``--buckets``, its merged game with ``--memory`` and
``--most-cards``), then the same solver (``lowball.solve.full.FullSolver`` for memory ``everything``, else
``MergedSolver``) runs a few iterations on each array module and float width there is: numpy in 64 and 32 bits,
and CuPy in 32 bits when it is installed and a GPU is present (``lowball.solve.backend``). The ratio is numpy's
64-bit seconds per iteration over each row's: above 1, that row is faster. The first iteration of each row is not
timed (it allocates). Building the stages takes about three minutes on one core; ``--quick`` uses a made-up
abstraction of the small three-draw table instead (seconds).

    .venv/bin/python benchmarks/bench_solve_draws.py --quick
    .venv/bin/python benchmarks/bench_solve_draws.py                       # 8,8,8,16, everything, 3,2,1
    .venv/bin/python benchmarks/bench_solve_draws.py --buckets 16,16,16,32 --most-cards 5,3,2   # a GPU's size
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time

import numpy as np

from lowball.core.games import load_game_table
from lowball.errors import LowballError
from lowball.solve.backend import array_module
from lowball.solve.full import FullSolver
from lowball.solve.merged import MergedSolver, build_game, small_table
from lowball.solve.run_draws import counts_up_to, parse_buckets
from lowball.solve.stages import Stages, toy_stages


def rows_to_run() -> list[tuple[str, object, type]]:
    """Return (name, array module, float type) for every row this machine can run."""
    rows = [("numpy float64", np, np.float64), ("numpy float32", np, np.float32)]
    try:
        rows.append(("cupy float32", array_module("cupy"), np.float32))
    except LowballError as err:
        print(f"no GPU row: {err}", file=sys.stderr)
    return rows


def time_row(game, xp, dtype, iterations: int) -> dict:
    solver_class = FullSolver if game.memory == "everything" else MergedSolver
    solver = solver_class(game, xp=xp, dtype=dtype)
    solver.step()                                           # allocation and first touch: not timed
    if xp is not np:
        xp.cuda.Device().synchronize()
    started = time.perf_counter()
    solver.run(iterations)
    if xp is not np:
        xp.cuda.Device().synchronize()
    seconds = (time.perf_counter() - started) / iterations
    memory = (xp.get_default_memory_pool().total_bytes() if xp is not np
              else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
    return {"seconds_per_iteration": round(seconds, 4), "memory_gb": round(memory / 2 ** 30, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the small table over a made-up abstraction (seconds)")
    parser.add_argument("--buckets", default="8,8,8,16", help="the buckets of each stage (%(default)s)")
    parser.add_argument("--memory", default="everything", help="what the strategy remembers (%(default)s)")
    parser.add_argument("--most-cards", default="3,2,1", help="at most this many cards at each draw (%(default)s)")
    parser.add_argument("--iterations", type=int, default=3, help="timed iterations per row (%(default)s)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.quick:
        game = build_game(small_table(), toy_stages((3, 3, 3, 4)), memory=args.memory)
    else:
        table = load_game_table("deuce-to-seven-triple-draw-phh")
        stages = Stages.build(table.ranking, parse_buckets(args.buckets))
        game = build_game(table, stages, memory=args.memory,
                          counts=counts_up_to(table, parse_buckets(args.most_cards, "--most-cards")))
    setup = time.perf_counter() - started
    results = []
    for name, xp, dtype in rows_to_run():
        results.append({"row": name, **time_row(game, xp, dtype, args.iterations)})
    base = results[0]["seconds_per_iteration"]
    for row in results:
        row["ratio"] = round(base / row["seconds_per_iteration"], 2)
    facts = {"table": game.table.name, "buckets": list(game.buckets), "memory": game.memory,
             "counts": [list(c) for c in game.allowed], "information_sets": game.information_sets(),
             "setup_seconds": round(setup, 1), "rows": results}
    if args.json:
        print(json.dumps(facts, indent=2))
        return 0
    print(f"{facts['table']}: buckets {facts['buckets']}, memory {facts['memory']}, counts {facts['counts']}, "
          f"{facts['information_sets']:,} information sets (setup {facts['setup_seconds']} s)")
    print(f"{'row':<16}{'s/iteration':>14}{'memory GB':>12}{'ratio':>8}")
    for row in results:
        print(f"{row['row']:<16}{row['seconds_per_iteration']:>14.4f}{row['memory_gb']:>12.2f}{row['ratio']:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
