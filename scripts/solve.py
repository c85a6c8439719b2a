"""Solve the shipped heads-up tables in their abstract games and write their strategies (``make solve``).

The loop is ``lowball.solve.run.solve_table`` (the same as ``lowball solve``): the card abstraction, the public
tree, discounted CFR with a progress bar until the exploitability in the abstract game is at most the goal,
checkpoints in build/solve/ that resume, then spec/lowball/solve/solutions/<table>.npz with the convergence record
and the per-hand tables. ``--lookup-only`` adds the per-hand tables to an existing solution without solving again.

    .venv/bin/python scripts/solve.py                         # both tables, the default sizes
    .venv/bin/python scripts/solve.py --game teaching-table --pre 8 --post 16 --goal 5
    .venv/bin/python scripts/solve.py --lookup-only
    .venv/bin/python scripts/solve.py --game deuce-to-seven-triple-draw-phh --memory everything --most-cards 3,2,1 \
        --bits 32 --goal 5                                   # 4.2 mbb/hand after 300 iterations, about 50 minutes
    .venv/bin/python scripts/solve.py --game deuce-to-seven-triple-draw-phh \
        --ship build/solve/deuce-to-seven-triple-draw-phh.npz  # the first three rounds and the per-hand tables
    .venv/bin/python scripts/solve.py --game deuce-to-seven-triple-draw-phh --measure   # as play uses it

A table of several draws is solved by ``lowball.solve.run_draws.solve_draws`` in its merged game (``--buckets``,
``--memory``, ``--most-cards``, ``--bits``, ``--backend``); its whole solution is too large to ship, so it is written
beside the checkpoints (build/solve/) unless ``--out`` names a folder, and ``--ship`` then writes the part that ships
(``lowball.solve.run_draws.ship``: the rounds before the last, the last solved again at play time).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from lowball.core.games import load_game_table
from lowball.errors import LowballError
from lowball.solve import store
from lowball.solve.run import CHECKPOINTS, DEFAULTS, add_lookup, solve_table
from lowball.solve.run_draws import counts_up_to, measure_shipped, parse_buckets, ship, solve_draws


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a table name (repeatable; default: every shipped one)")
    parser.add_argument("--pre", type=int, help="pre-draw buckets (default: per table)")
    parser.add_argument("--post", type=int, help="post-draw buckets (default: per table)")
    parser.add_argument("--stacks", type=int, help="each player's stack in chips (default: per table)")
    parser.add_argument("--goal", type=float, default=1.0, help="stop at this exploitability, mbb/hand (1)")
    parser.add_argument("--iterations", type=int, default=20000, help="stop after this many iterations")
    parser.add_argument("--every", type=int, default=50, help="measure the exploitability every N iterations")
    parser.add_argument("--buckets", help="several draws: the buckets per stage, e.g. 8,8,8,16")
    parser.add_argument("--memory", help="several draws: what the strategy remembers (default: last-draw)")
    parser.add_argument("--backend", default="numpy", help="several draws: numpy (default) or cupy")
    parser.add_argument("--most-cards", help="several draws: at most this many cards at each draw, e.g. 3,2,1")
    parser.add_argument("--bits", type=int, help="several draws: 32 or 64-bit floats (default: 64 on numpy)")
    parser.add_argument("--out", type=Path, default=store.SOLUTIONS, help="the folder of the solutions")
    parser.add_argument("--checkpoints", type=Path, default=CHECKPOINTS, help="the folder of the checkpoints")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--lookup-only", action="store_true",
                        help="add the per-hand tables to the existing solutions (no solving)")
    parser.add_argument("--ship", type=Path, metavar="SOLUTION",
                        help="several draws: from this solution of the full tree, write into --out the one that "
                             "ships (the rounds before the last, the per-hand tables) and measure it with every "
                             "last round solved again as play solves it")
    parser.add_argument("--no-measure", action="store_true", help="with --ship: write the file, measure it later")
    parser.add_argument("--workers", type=int, default=2, help="--ship, --measure: processes solving the last rounds "
                                                                "(default 2)")
    parser.add_argument("--measure", action="store_true",
                        help="several draws: measure the shipped solution of --game in --out as play uses it (every "
                             "last round solved again safely; about an hour at triple draw on two cores) and write the "
                             "figures and the best response in it")
    args = parser.parse_args(argv)
    if args.ship or args.measure:
        if len(args.game or []) != 1:
            raise LowballError(f"{'--ship' if args.ship else '--measure'} takes one --game: the table it was solved "
                               f"for")
        table = load_game_table(args.game[0])
        path = store.path_of(table.name, args.out)
        if args.workers < 1:
            raise LowballError(f"--workers must be at least 1, got {args.workers}")
        facts = (ship(table, args.ship, path, measure=not args.no_measure, workers=args.workers,
                      progress=not args.quiet) if args.ship
                 else measure_shipped(table, path, workers=args.workers, progress=not args.quiet))
        print(json.dumps(facts))
        return 0
    for name in args.game or list(DEFAULTS):
        table = load_game_table(name)
        path = store.path_of(name, args.out)
        if args.lookup_only:
            add_lookup(table, path)
            print(json.dumps({"table": name, "file": str(path), "file_bytes": path.stat().st_size}))
            continue
        if table.draws > 1:
            # No solution of several draws ships yet (too large whole, docs/reference/solving.md): unless another
            # folder is named, it is written beside the checkpoints, never into the package.
            if args.out == store.SOLUTIONS:
                path = store.path_of(name, args.checkpoints)
            counts = counts_up_to(table, parse_buckets(args.most_cards, "--most-cards")) if args.most_cards else None
            facts = solve_draws(table, out=path, buckets=parse_buckets(args.buckets) if args.buckets else None,
                                memory=args.memory, counts=counts, stacks=args.stacks, goal=args.goal,
                                iterations=args.iterations, every=args.every, checkpoints=args.checkpoints,
                                progress=not args.quiet, backend=args.backend, bits=args.bits)
            print(json.dumps({k: v for k, v in facts.items() if k != "convergence"}))
            continue
        facts = solve_table(table, out=path, pre=args.pre, post=args.post, stacks=args.stacks, goal=args.goal,
                            iterations=args.iterations, every=args.every, checkpoints=args.checkpoints,
                            progress=not args.quiet)
        print(json.dumps({k: v for k, v in facts.items() if k != "convergence"}))
    return 0


def run(argv: list[str] | None = None) -> int:
    """Run ``main``, saying bad input (a table, a size, a checkpoint) in one line rather than a traceback."""
    try:
        return main(argv)
    except LowballError as err:
        print(f"scripts/solve.py: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("scripts/solve.py: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(run())
