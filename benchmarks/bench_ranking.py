"""Benchmark: ranking hands and counting draws, side by side with pokerkit, treys and phevaluator.

What it measures
----------------
Everything runs in this one process, on the same hands, and every ratio is
between two timings taken in this run (on a shared, noisy machine the ratios
are the figures to trust, not the absolute times).

* **One hand at a time** (``--hands`` random five-card hands, default 30,000,
  the same ones for every library, each in that library's own card objects,
  parsed beforehand; and the same hands as card text, "6c 4h 3s 2d Ac"):

  - ``lowball.ranking.fast.evaluate_rank`` (the class rank by look-up) and
    ``lowball.evaluate`` (the public ``HandValue``: category, rank and name), on
    Card objects and on card text;
  - pokerkit: ``StandardLowHand(cards).entry`` for deuce-to-seven,
    ``RegularLowHand`` for ace-to-five, ``StandardHighHand`` for high, on its
    Card objects and on card text (which it parses itself);
  - treys ``Evaluator().evaluate([], cards)`` and, if it is installed,
    phevaluator ``evaluate_cards(...)``: high hands only.

  Targets: ``lowball.evaluate`` at least 5x pokerkit on the same input (cards,
  text); ``evaluate_rank`` for high hands at least as fast as treys.

* **Seven cards, the best five** (``--hands`` random seven-card hands, a third
  as many): ``lowball.ranking.best.best_rank`` for high, ace-to-five and
  deuce-to-seven, and ``best_qualifying_rank`` for eight or better, against
  pokerkit's ``StandardHighHand.from_game``, ``RegularLowHand.from_game``,
  ``StandardLowHand.from_game`` and ``EightOrBetterLowHand.from_game`` on the
  same hands. Target: at least 5x pokerkit.

* **Census**: ``lowball.census`` over all 133,784,560 seven-card hands (high
  and ace-to-five) and over the 2,869,685 hands of the 53-card deck (F8), cold.

* **Every hand** (all 2,598,960): ``lowball.all_ranks(system)``, cold (the
  first call in the process: the literate evaluator judges the 7,462 shapes,
  and the hands' codes are computed; or the first call for a second system,
  when only its table is new) and warm (tables built), against
  ranking every hand one by one with pokerkit (and treys for high). The
  one-by-one libraries are timed on ``--sample`` hands and the time is scaled
  to 2,598,960 (say ``--full`` to time them on every hand: minutes). Target:
  well under a second per system, at least 100x pokerkit one by one.

* **Draw odds**: ``lowball.draw_outcomes`` for all 32 discards of one hand
  (2,598,960 outcomes in all), and ``lowball.analysis.odds.rank_discards``. Target:
  about a second.

* **Memory**: the peak RSS of a fresh process that runs ``all_ranks`` for every
  system and the 32 discards (target: under 500 MB).

* With ``--engine``: the engine's complete hands per second, side by side with
  pokerkit (``benchmarks/bench_engine.py``, run in this process).

How to run
----------
    make bench                                      # this, then the engine benchmark
    .venv/bin/python benchmarks/bench_ranking.py    # ranking and odds only
    .venv/bin/python benchmarks/bench_ranking.py --quick --json
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import math
import platform
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Callable, Sequence

import lowball
from lowball.ranking import fast
from lowball.core.cards import DECK
from lowball.analysis.odds import discards, draw_outcomes, rank_discards
from lowball.ranking import best, hand_cards, lookup

try:
    import pokerkit
except ImportError:
    pokerkit = None
try:
    import treys
except ImportError:
    treys = None
try:
    import phevaluator
except ImportError:
    phevaluator = None

HANDS = math.comb(52, 5)
DEFAULT_HANDS = 30_000
DEFAULT_SAMPLE = 100_000
QUICK_HANDS, QUICK_SAMPLE = 3_000, 10_000
DRAW_HAND = "Ac 2d 3h 4s Kc"
TARGETS = {"single": 5.0, "all": 100.0, "treys": 1.0, "seven": 5.0}
# Our system -> the pokerkit hand class that ranks the same way (pokerkit has no ace-to-six).
POKERKIT_CLASSES = {"deuce-to-seven": "StandardLowHand", "ace-to-five": "RegularLowHand", "high": "StandardHighHand"}
SYSTEMS = ("ace-to-six", "deuce-to-seven", "ace-to-five", "high")
# Seven cards: our best-of-seven call -> pokerkit's (L1; None: the eight-or-better low).
SEVEN = {"high": "StandardHighHand", "ace-to-five": "RegularLowHand", "deuce-to-seven": "StandardLowHand",
         "eight-or-better": "EightOrBetterLowHand"}


@dataclass
class Timing:
    """One timed run: what ran, on how many hands, and how long it took (the best of the repeats)."""

    what: str
    system: str
    hands: int
    seconds: float

    @property
    def per_hand_us(self) -> float:
        """Return the microseconds per hand."""
        return 1e6 * self.seconds / self.hands

    def as_dict(self) -> dict:
        """Return the timing as plain data for JSON."""
        return {"what": self.what, "system": self.system, "hands": self.hands,
                "seconds": round(self.seconds, 6), "us_per_hand": round(self.per_hand_us, 4)}


def best_time(run: Callable[[], object], repeat: int) -> float:
    """Return the shortest wall time of ``repeat`` runs of ``run``."""
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def version(name: str) -> str:
    """Return the installed version of a distribution, or '-'."""
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "-"


# ---- One hand at a time ----

def sample_hands(count: int, seed: int) -> list[tuple[int, ...]]:
    """Return ``count`` random hands as sorted DECK indexes (the same hands for every library)."""
    rng = random.Random(seed)
    return [tuple(sorted(rng.sample(range(52), 5))) for _ in range(count)]


def single_hand_timings(hands: list[tuple[int, ...]], repeat: int) -> list[Timing]:
    """Time every single-hand evaluator on the same hands (cards parsed beforehand, and as text)."""
    ours = [tuple(DECK[i] for i in hand) for hand in hands]
    texts = [" ".join(str(DECK[i]) for i in hand) for hand in hands]
    timings = []
    for system in SYSTEMS:
        fast.evaluate_rank(ours[0], system)            # build the tables outside the timing
        lowball.evaluate(ours[0], system)
        timings.append(Timing("lowball evaluate_rank", system, len(hands),
                              best_time(lambda: [fast.evaluate_rank(h, system) for h in ours], repeat)))
        timings.append(Timing("lowball evaluate", system, len(hands),
                              best_time(lambda: [lowball.evaluate(h, system) for h in ours], repeat)))
        timings.append(Timing("lowball evaluate (text)", system, len(hands),
                              best_time(lambda: [lowball.evaluate(t, system) for t in texts], repeat)))
        if pokerkit is not None and system in POKERKIT_CLASSES:
            hand_class = getattr(pokerkit, POKERKIT_CLASSES[system])
            theirs = [tuple(next(pokerkit.Card.parse(str(DECK[i]))) for i in hand) for hand in hands]
            timings.append(Timing(f"pokerkit {hand_class.__name__}", system, len(hands),
                                  best_time(lambda: [hand_class(h).entry for h in theirs], repeat)))
            packed = [t.replace(" ", "") for t in texts]        # pokerkit reads "6c4h3s2dAc"
            timings.append(Timing(f"pokerkit {hand_class.__name__} (text)", system, len(hands),
                                  best_time(lambda: [hand_class(t).entry for t in packed], repeat)))
    if treys is not None:
        evaluator = treys.Evaluator()
        theirs = [[treys.Card.new(str(DECK[i])) for i in hand] for hand in hands]
        timings.append(Timing("treys Evaluator.evaluate", "high", len(hands),
                              best_time(lambda: [evaluator.evaluate([], h) for h in theirs], repeat)))
    if phevaluator is not None:
        theirs = [[str(DECK[i]) for i in hand] for hand in hands]
        timings.append(Timing("phevaluator evaluate_cards", "high", len(hands),
                              best_time(lambda: [phevaluator.evaluate_cards(*h) for h in theirs], repeat)))
    return timings


# ---- Seven cards ----

def seven_card_timings(count: int, repeat: int, seed: int) -> list[Timing]:
    """Time the best five of seven: ours and pokerkit's ``from_game``, on the same random seven-card hands."""
    rng = random.Random(seed + 7)
    hands = [tuple(rng.sample(range(52), 7)) for _ in range(count)]
    ours = [[DECK[i] for i in hand] for hand in hands]
    timings = []
    for key, name in SEVEN.items():
        # A system's name ranks the best five; a qualifier's name (eight-or-better) the best qualifying low.
        call = best.best_rank if key in SYSTEMS else best.best_qualifying_rank

        def run(call=call, key=key):
            return [call(h, key) for h in ours]

        run()                                         # build the tables outside the timing
        timings.append(Timing("lowball best of seven", key, count, best_time(run, repeat)))
        if pokerkit is not None:
            hand_class = getattr(pokerkit, name)
            theirs = [tuple(next(pokerkit.Card.parse(str(DECK[i]))) for i in hand) for hand in hands]

            def pokerkit_run(hand_class=hand_class, theirs=theirs):
                for h in theirs:
                    try:
                        hand_class.from_game(h).entry
                    except ValueError:            # no qualifying low
                        pass

            timings.append(Timing(f"pokerkit {name}.from_game", key, count, best_time(pokerkit_run, repeat)))
    return timings


def census_timings() -> list[Timing]:
    """Time the seven-card census (high, ace-to-five) and the 53-card census, each in a fresh process (cold)."""
    found = []
    for label, call, hands in (
        ("census, 7 cards (cold)", "census('high', cards=7)", math.comb(52, 7)),
        ("census, 7 cards (cold)", "census('ace-to-five', cards=7)", math.comb(52, 7)),
        ("census, 53-card deck (cold)", "census('ace-to-five', deck=53)", math.comb(53, 5)),
    ):
        script = f"import time; from lowball import census; t = time.perf_counter(); {call}; print(time.perf_counter() - t)"
        out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True).stdout
        system = call.split("'")[1]
        found.append(Timing(label, system, hands, float(out.split()[-1])))
    return found


# ---- Every hand ----

def clear_fast_caches(tables_only: bool = False) -> None:
    """Forget the tables of ``lowball.ranking.fast`` (all of them, or only the per-system ones) so the next call is cold."""
    per_system = (fast.rank_table, fast.shape_ranks, lookup._tables_of_row)
    shared = (fast.shape_hands, fast.all_hand_codes, fast.combinations_array)
    for cached in per_system + (() if tables_only else shared):
        cached.cache_clear()
    for by_argument in (lookup._BY_ARGUMENT, lookup.CLASSES_BY_ARGUMENT, lookup.RANKS_BY_ARGUMENT):
        by_argument.clear()


def cold_time(system: str, tables_only: bool) -> float:
    """Return the time of one ``all_ranks`` call after clearing the caches."""
    clear_fast_caches(tables_only)
    start = time.perf_counter()
    fast.all_ranks(system)
    return time.perf_counter() - start


def all_hands_timings(sample: int, full: bool, repeat: int, seed: int) -> list[Timing]:
    """Time ``all_ranks`` cold and warm per system, and the one-by-one libraries on a sample (scaled).

    Cold "first call": nothing built yet (the 7,462 shapes judged by the literate
    evaluator, the hands' codes computed). Cold "new system": the hands' codes
    and the shapes' hands already built by an earlier system; only this
    system's table is filled. Warm: every table built.
    """
    timings = []
    for system in SYSTEMS:
        timings.append(Timing("lowball all_ranks (cold, first call)", system, HANDS,
                              min(cold_time(system, tables_only=False) for _ in range(repeat))))
        timings.append(Timing("lowball all_ranks (cold, new system)", system, HANDS,
                              min(cold_time(system, tables_only=True) for _ in range(repeat))))
        timings.append(Timing("lowball all_ranks (warm)", system, HANDS,
                              best_time(lambda: fast.all_ranks(system), repeat)))
    count = HANDS if full else sample
    indexes = range(HANDS) if full else sorted(random.Random(seed).sample(range(HANDS), sample))
    rows = fast.combinations_array(52, 5)
    scale = HANDS / count
    label = "every hand" if full else f"{count:,} hands, scaled"
    if pokerkit is not None:
        pk_deck = [next(pokerkit.Card.parse(str(card))) for card in DECK]
        hands = [tuple(pk_deck[i] for i in rows[index]) for index in indexes]
        for system, name in POKERKIT_CLASSES.items():
            hand_class = getattr(pokerkit, name)
            seconds = best_time(lambda: [hand_class(h).entry for h in hands], 1)
            timings.append(Timing(f"pokerkit {name}, one by one ({label})", system, HANDS, seconds * scale))
        del hands
    if treys is not None:
        evaluator = treys.Evaluator()
        tr_deck = [treys.Card.new(str(card)) for card in DECK]
        hands = [[tr_deck[i] for i in rows[index]] for index in indexes]
        seconds = best_time(lambda: [evaluator.evaluate([], h) for h in hands], 1)
        timings.append(Timing(f"treys, one by one ({label})", "high", HANDS, seconds * scale))
    return timings


# ---- Draw odds and memory ----

def draw_timings(repeat: int) -> list[Timing]:
    """Time all 32 discards of one hand (2,598,960 outcomes), cold and warm, and the ranked discards."""
    held = hand_cards(DRAW_HAND)
    every = lambda: [draw_outcomes(held, thrown, "ace-to-six") for thrown in discards(held)]  # noqa: E731
    cold = math.inf
    for _ in range(repeat):
        clear_fast_caches()
        start = time.perf_counter()
        every()
        cold = min(cold, time.perf_counter() - start)
    return [
        Timing(f"draw_outcomes, all 32 discards of {DRAW_HAND} (cold)", "ace-to-six", HANDS, cold),
        Timing(f"draw_outcomes, all 32 discards of {DRAW_HAND} (warm)", "ace-to-six", HANDS,
               best_time(every, repeat)),
        Timing("odds.rank_discards (32 discards, sorted by goal)", "ace-to-six", HANDS,
               best_time(lambda: rank_discards(held, "ace-to-six"), repeat)),
    ]


PEAK_SCRIPT = """
import resource
from lowball.ranking.fast import all_ranks
from lowball.analysis.odds import discards, draw_outcomes
from lowball.ranking import best, hand_cards, lookup
from lowball.core.rankings import load_rankings
for row in load_rankings().systems:
    all_ranks(row.key)
hand = hand_cards({hand!r})
for thrown in discards(hand):
    draw_outcomes(hand, thrown, "ace-to-six")
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak_memory_mb() -> float:
    """Return the peak RSS in MB of a fresh process running every system's ``all_ranks`` and 32 discards."""
    out = subprocess.run([sys.executable, "-c", PEAK_SCRIPT.format(hand=DRAW_HAND)],
                         check=True, capture_output=True, text=True).stdout
    return int(out.split()[-1]) / 1024          # Linux: ru_maxrss is in kilobytes


# ---- Ratios and report ----

def find(timings: list[Timing], what: str, system: str) -> Timing | None:
    """Return the timing of ``what`` (its label, or the start of it for another library) for ``system``, or None."""
    exact = next((t for t in timings if t.what == what and t.system == system), None)
    return exact or next((t for t in timings if t.what.startswith(what + " ") and t.system == system), None)


def ratios(single: list[Timing], every: list[Timing], seven: list[Timing]) -> list[tuple[str, float, float | None]]:
    """Return (what, ratio, target) lines: how many times faster lowball is, measured in this run."""
    lines = []
    for system in SYSTEMS:
        ours = find(single, "lowball evaluate_rank", system)
        public = find(single, "lowball evaluate", system)
        text = find(single, "lowball evaluate (text)", system)
        pk = next((t for t in single if t.what.startswith("pokerkit") and t.system == system
                   and not t.what.endswith("(text)")), None)
        pk_text = next((t for t in single if t.what.startswith("pokerkit") and t.what.endswith("(text)")
                        and t.system == system), None)
        if pk is not None:
            lines.append((f"{system}: lowball.evaluate (cards) vs {pk.what} (cards)", pk.seconds / public.seconds,
                          TARGETS["single"]))
            lines.append((f"{system}: lowball.evaluate (text) vs {pk_text.what}", pk_text.seconds / text.seconds,
                          TARGETS["single"]))
            lines.append((f"{system}: lowball.evaluate (text) vs {pk.what} (cards parsed beforehand)",
                          pk.seconds / text.seconds, None))
            lines.append((f"{system}: evaluate_rank vs {pk.what}", pk.seconds / ours.seconds, None))
        for other in ("treys", "phevaluator"):
            theirs = find(single, other, system)
            if theirs is not None:
                lines.append((f"{system}: evaluate_rank vs {theirs.what}", theirs.seconds / ours.seconds,
                              TARGETS["treys"] if other == "treys" else None))
        for other in ("pokerkit", "treys"):
            theirs = find(every, other, system)
            if theirs is None:
                continue
            for how in ("cold, first call", "cold, new system", "warm"):
                ours = find(every, f"lowball all_ranks ({how})", system)
                lines.append((f"{system}: all_ranks ({how}) vs {other} one by one", theirs.seconds / ours.seconds,
                              TARGETS["all"] if other == "pokerkit" else None))
    for key in SEVEN:
        ours, theirs = find(seven, "lowball best of seven", key), find(seven, "pokerkit", key)
        if ours is not None and theirs is not None:
            lines.append((f"{key}: best of seven vs {theirs.what}", theirs.seconds / ours.seconds, TARGETS["seven"]))
    return lines


def print_report(single, every, seven, censuses, draws, peak, args) -> None:
    """Print the timings as text tables, then the ratios with their targets."""
    print(f"lowball ranking benchmark: Python {platform.python_version()}, numpy {version('numpy')}, "
          f"pokerkit {version('pokerkit')}, treys {version('treys')}, phevaluator {version('phevaluator')}")
    print(f"one process; each figure is the best of {args.repeat}; ratios are between timings of this run")
    print()
    print(f"one hand at a time ({args.hands:,} random hands, the same for every library, cards parsed beforehand)")
    print(f"  {'evaluator':<40} {'system':<15} {'us/hand':>9} {'hands/s':>12}")
    for t in single:
        print(f"  {t.what:<40} {t.system:<15} {t.per_hand_us:>9.2f} {1e6 / t.per_hand_us:>12,.0f}")
    print()
    if seven:
        print(f"seven cards, the best five ({seven[0].hands:,} random hands, the same for both)")
        print(f"  {'evaluator':<44} {'system':<15} {'us/hand':>9} {'hands/s':>12}")
        for t in seven:
            print(f"  {t.what:<44} {t.system:<15} {t.per_hand_us:>9.2f} {1e6 / t.per_hand_us:>12,.0f}")
        print()
    if censuses:
        print("census (each in a fresh process: tables built inside the timing)")
        for t in censuses:
            print(f"  {t.what:<30} {t.system:<15} {t.hands:>13,} hands {t.seconds:>8.2f} s")
        print()
    print(f"every hand ({HANDS:,})")
    print(f"  {'how':<50} {'system':<15} {'seconds':>9}")
    for t in every:
        print(f"  {t.what:<50} {t.system:<15} {t.seconds:>9.3f}")
    print()
    print("draw odds (ace-to-six)")
    for t in draws:
        print(f"  {t.what:<60} {t.seconds:>7.3f} s")
    print()
    print(f"peak memory of a fresh process running all_ranks for every system and 32 discards: {peak:.0f} MB "
          f"(target < 500 MB)")
    print()
    print("ratios (how many times faster lowball is; targets: evaluate >= 5x pokerkit on the same input, "
          "evaluate_rank >= treys, best of seven >= 5x pokerkit, all_ranks >= 100x pokerkit one by one)")
    for what, ratio, target in ratios(single, every, seven):
        verdict = "" if target is None else f"  (target {target:g}x: {'met' if ratio >= target else 'NOT met'})"
        print(f"  {what:<90} {ratio:>8.2f}x{verdict}")
    if phevaluator is None:
        print("  phevaluator: not installed, skipped")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Return the command-line options."""
    parser = argparse.ArgumentParser(description="Time lowball's hand ranking and draw odds beside pokerkit, "
                                                 "treys and phevaluator, in one process.")
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS,
                        help=f"random hands for the one-hand timings (default {DEFAULT_HANDS:,})")
    parser.add_argument("--sample", type=int, default=DEFAULT_SAMPLE,
                        help=f"hands on which one-by-one libraries are timed for the all-hands figure, "
                             f"scaled to {HANDS:,} (default {DEFAULT_SAMPLE:,})")
    parser.add_argument("--full", action="store_true", help="time the one-by-one libraries on every hand (minutes)")
    parser.add_argument("--repeat", type=int, default=3, help="keep the best of this many runs (default 3)")
    parser.add_argument("--quick", action="store_true",
                        help=f"{QUICK_HANDS:,} hands, a {QUICK_SAMPLE:,}-hand sample, one run: a smoke test")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random hands (default 0)")
    parser.add_argument("--engine", action="store_true",
                        help="then run benchmarks/bench_engine.py (engine hands per second) in this process")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.sample, args.repeat = QUICK_HANDS, QUICK_SAMPLE, 1
    if min(args.hands, args.sample, args.repeat) < 1 or args.sample > HANDS:
        parser.error(f"--hands and --repeat must be positive, --sample from 1 to {HANDS:,}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    args = parse_args(argv)
    single = single_hand_timings(sample_hands(args.hands, args.seed), args.repeat)
    seven = seven_card_timings(max(1, args.hands // 3), args.repeat, args.seed)
    censuses = census_timings()
    every = all_hands_timings(args.sample, args.full, args.repeat, args.seed)
    draws = draw_timings(args.repeat)
    peak = peak_memory_mb()
    if args.json:
        print(json.dumps({
            "python": platform.python_version(),
            "versions": {name: version(name) for name in ("numpy", "pokerkit", "treys", "phevaluator")},
            "single_hand": [t.as_dict() for t in single],
            "seven_cards": [t.as_dict() for t in seven],
            "census": [t.as_dict() for t in censuses],
            "all_hands": [t.as_dict() for t in every],
            "draw_odds": [t.as_dict() for t in draws],
            "peak_memory_mb": round(peak, 1),
            "ratios": [{"what": w, "ratio": round(r, 2), "target": t} for w, r, t in ratios(single, every, seven)],
        }, indent=2))
    else:
        print_report(single, every, seven, censuses, draws, peak, args)
    if args.engine:
        import bench_engine    # benchmarks/ is on sys.path when this file runs as a script

        print()
        bench_engine.main(["--quick"] if args.quick else [])
    return 0


if __name__ == "__main__":
    sys.exit(main())
