"""Benchmark: the best play of several draws (lowball.analysis.best_play), question by question.

What it measures
----------------
Seconds to answer "what is the chance of the goal within N draws, playing every draw as well as possible"
exactly, and the positions the search valued, for the questions a triple-draw player asks (one, two and three
cards to a seven in deuce-to-seven, a fresh five in ace-to-five, a badugi draw), beside the seconds of the
fixed-keep rule (lowball.analysis.draws) for the same first discard, which answers a smaller question. No other
library computes either (pokerkit, treys and OpenSpiel rank hands or play them; none values a draw), so the
ratio shown is best play against the fixed-keep rule in the same run. Best of ``--repeat`` runs.

    .venv/bin/python benchmarks/bench_draws.py            # every question, best of 2
    .venv/bin/python benchmarks/bench_draws.py --quick    # the fast questions, once
"""

from __future__ import annotations

import argparse
import time

from lowball.analysis.best_play import best_play
from lowball.analysis.draws import many_draw_odds
from lowball.core.cards import format_cards

QUESTIONS = [       # (hand, system, goal, draws, quick)
    ("7c 6d 3h 2s Kc", "deuce-to-seven", "seven", 3, True),
    ("7c 5d 2h Ks Qs", "deuce-to-seven", "seven", 3, True),
    ("7c 2d Ks Qh Jc", "deuce-to-seven", "seven", 3, False),
    ("Ac 2d 3h Ks Qs", "ace-to-six", "six", 3, True),
    ("Kc Qd Js 9h 8c", "ace-to-five", "seven", 3, True),
    ("Jk 5d 2h Ks Qs", "ace-to-five", "seven", 3, True),
    ("Ac 2c 3d Kh", "badugi", "ten", 2, True),
    ("Kc Qd Js 9h", "badugi", "seven", 3, True),
    ("Ac 2d 3h Kh", "badugi", "seven", 3, True),
]


def timed(run, repeat: int):
    best, result = float("inf"), None
    for _ in range(repeat):
        started = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - started)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the fast questions, one run each")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    repeat = 1 if args.quick else args.repeat
    print(f"{'question':<46}{'best play':>11}{'positions':>11}{'seconds':>9}{'fixed keep':>12}{'seconds':>9}"
          f"{'ratio':>8}")
    for hand, system, goal, draws, quick in QUESTIONS:
        if args.quick and not quick:
            continue
        seconds, play = timed(lambda: best_play(hand, system, goal, draws=draws, deck=53 if "Jk" in hand else 52),
                              repeat)
        question = f"{hand} {system} {goal} x{draws}"
        if play.cards and len(play.cards) == 5:
            fixed_seconds, fixed = timed(lambda: many_draw_odds(play.cards, play.discard, system, draws=draws,
                                                                deck=53 if "Jk" in hand else 52), repeat)
            fixed_text = f"{float(fixed.chance(goal)):>11.1%}{fixed_seconds:>9.2f}{seconds / fixed_seconds:>7.1f}x"
        else:
            fixed_text = f"{'-':>11}{'-':>9}{'-':>8}"
        print(f"{question:<46}{float(play.chance):>10.1%}{play.positions:>11,}{seconds:>9.2f}{fixed_text}"
              f"   throw {format_cards(play.discard) or 'nothing'}")


if __name__ == "__main__":
    main()
