"""Solve the shipped heads-up tables in their abstract games and write their strategies (``make solve``).

The loop is ``lowball.solve.run.solve_table`` (the same as ``lowball solve``): the card abstraction, the public
tree, discounted CFR with a progress bar until the exploitability in the abstract game is at most the goal,
checkpoints in build/solve/ that resume, then spec/lowball/solve/solutions/<table>.npz with the convergence record
and the per-hand tables. ``--lookup-only`` adds the per-hand tables to an existing solution without solving again.

    .venv/bin/python scripts/solve.py                         # both tables, the default sizes
    .venv/bin/python scripts/solve.py --game teaching-table --pre 8 --post 16 --goal 5
    .venv/bin/python scripts/solve.py --lookup-only
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from lowball.core.games import load_game_table
from lowball.solve import store
from lowball.solve.run import CHECKPOINTS, DEFAULTS, add_lookup, solve_table


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
    parser.add_argument("--lookup-only", action="store_true",
                        help="add the per-hand tables to the existing solutions (no solving)")
    args = parser.parse_args(argv)
    for name in args.game or list(DEFAULTS):
        table = load_game_table(name)
        path = store.path_of(name, args.out)
        if args.lookup_only:
            add_lookup(table, path)
            print(json.dumps({"table": name, "file": str(path), "file_bytes": path.stat().st_size}))
            continue
        facts = solve_table(table, out=path, pre=args.pre, post=args.post, stacks=args.stacks, goal=args.goal,
                            iterations=args.iterations, every=args.every, checkpoints=args.checkpoints,
                            progress=not args.quiet)
        print(json.dumps({k: v for k, v in facts.items() if k != "convergence"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
