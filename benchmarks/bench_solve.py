"""Benchmark: CFR over the public tree (lowball.solve) beside OpenSpiel's CFR+ on Kuhn poker and Leduc hold'em.

What it measures
----------------
Seconds per iteration of lowball.solve's CFR+ and DCFR (one iteration updates both players, alternating), beside
OpenSpiel's CFR+ in python (``open_spiel.python.algorithms.cfr.CFRPlusSolver``) and in C++
(``pyspiel.CFRPlusSolver``) on the same game, and the exploitability each reaches after the same number of
iterations (each measured by its own library: ours by lowball.solve.best_response, OpenSpiel's by
``exploitability.exploitability``; the tests show the two agree to 1e-9 on the same strategy). The ratio is
OpenSpiel's seconds per iteration over ours: above 1, ours is faster. Building the trees is not timed.

    .venv/bin/python benchmarks/bench_solve.py            # Kuhn and Leduc, 200 iterations
    .venv/bin/python benchmarks/bench_solve.py --quick    # 50 iterations
    .venv/bin/python benchmarks/bench_solve.py --tables   # the shipped heads-up tables, a few DCFR iterations

With ``--tables`` it times DCFR on the solved tables' abstract games (their trees rebuilt from the stored
abstraction, lowball.solve.store), the best response, and reports each table's stored figures: iterations, seconds
per iteration and exploitability when solved (scripts/solve.py), and the peak memory of this run.
"""

from __future__ import annotations

import argparse
import time

import pyspiel
from open_spiel.python.algorithms import cfr as openspiel_cfr
from open_spiel.python.algorithms import exploitability as openspiel_exploitability

from lowball.solve.best_response import evaluate
from lowball.solve.cfr import CFR_PLUS, DCFR, Solver
from lowball.solve.kuhn import kuhn_tree
from lowball.solve.leduc import leduc_tree

GAMES = [("kuhn_poker", kuhn_tree), ("leduc_poker", leduc_tree)]


def ours(tree, rule, iterations):
    solver = Solver(tree, rule)
    started = time.perf_counter()
    solver.run(iterations)
    seconds = time.perf_counter() - started
    return seconds / iterations, evaluate(tree, solver.average()).exploitability


def openspiel_python(game, iterations):
    solver = openspiel_cfr.CFRPlusSolver(game)
    started = time.perf_counter()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    seconds = time.perf_counter() - started
    return seconds / iterations, openspiel_exploitability.exploitability(game, solver.average_policy())


def openspiel_cpp(game, iterations):
    solver = pyspiel.CFRPlusSolver(game)
    started = time.perf_counter()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    seconds = time.perf_counter() - started
    return seconds / iterations, pyspiel.exploitability(game, solver.average_policy())


def tables(iterations: int) -> None:
    import resource

    from lowball.core.games import load_game_table
    from lowball.solve import store

    print(f"{'table':<34}{'s/iter':>8}{'BR s':>7}{'info sets':>11}{'solved: iter':>14}{'s/iter':>8}{'mbb/hand':>10}")
    for name in ("teaching-table", "deuce-to-seven-single-draw-limit"):
        solution = store.load(load_game_table(name))
        tree = solution.built.tree
        solver = Solver(tree, DCFR)
        started = time.perf_counter()
        solver.run(iterations)
        per_iteration = (time.perf_counter() - started) / iterations
        started = time.perf_counter()
        evaluate(tree, solution.strategy)
        best = time.perf_counter() - started
        facts = solution.facts
        print(f"{name:<34}{per_iteration:>8.3f}{best:>7.2f}{tree.information_sets(0) + tree.information_sets(1):>11,}"
              f"{facts['iterations']:>14}{facts['seconds_per_iteration']:>8.3f}{facts['exploitability_mbb']:>10.3f}")
    print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="50 iterations instead of 200")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--tables", action="store_true", help="the shipped heads-up tables (3 iterations each)")
    args = parser.parse_args()
    if args.tables:
        tables(3)
        return
    iterations = 50 if args.quick else args.iterations
    print(f"{'game':<13}{'solver':<24}{'ms/iter':>10}{'iter/s':>10}{'exploitability':>16}{'ratio':>9}")
    for name, build in GAMES:
        game, tree = pyspiel.load_game(name), build()
        rows = [(f"lowball.solve {rule.name}", *ours(tree, rule, iterations)) for rule in (CFR_PLUS, DCFR)]
        rows.append(("OpenSpiel CFR+ (python)", *openspiel_python(game, iterations)))
        rows.append(("OpenSpiel CFR+ (C++)", *openspiel_cpp(game, iterations)))
        base = rows[0][1]
        for solver, per_iteration, exploitability in rows:
            print(f"{name:<13}{solver:<24}{per_iteration * 1e3:>10.3f}{1 / per_iteration:>10.0f}"
                  f"{exploitability:>16.2e}{per_iteration / base:>8.2f}x")
        print(f"{'':<13}({iterations} iterations; ratio = seconds per iteration over lowball.solve CFR+'s)")


if __name__ == "__main__":
    main()
