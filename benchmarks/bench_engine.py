"""Benchmark: complete hands per second of the lowball engine, side by side with pokerkit.

What it measures
----------------
For each player count, in one process on one core:

* ``lowball``: N complete hands at the teaching table (ace-to-six single draw,
  ante 1, fixed-limit bets 1/2, a bet and 3 raises per round, stacks of 13),
  every seat played by the ``random`` bot (a uniformly random legal action; at
  the draw, a uniformly random subset of the five cards). A complete hand is
  antes, deal, first betting round, draw, final round, showdown and settling,
  as done by ``lowball.engine.session.play_hand``.
* ``pokerkit`` (if it is importable): N complete hands of a pokerkit
  deuce-to-seven draw game with the same stacks, ante and player count, and
  the same kind of random play. pokerkit 0.7.7 has no fixed-limit single-draw
  class, so the default is ``NoLimitDeuceToSevenLowballSingleDraw`` (ante 1,
  no blinds, min bet 1; a raise is always the minimum raise). ``--pokerkit-game``
  picks ``FixedLimitDeuceToSevenLowballTripleDraw`` (bets 1/2) instead, or a
  fixed-limit single draw built from pokerkit's generic ``State`` with the
  teaching table's structure (bets 1/2, bet + 3 raises, no burn card).
  Everything that is not a player decision (antes, dealing, burning, bet
  collection, showdown, chips pushing and pulling) is done by pokerkit's
  automations; only fold / check-or-call / raise / stand-pat-or-discard are
  chosen by the benchmark.

The engines alternate, each plays the same hands ``--repeat`` times, and the
best (shortest) time of each is kept: on a shared, noisy machine the ratio
lowball/pokerkit is the figure to trust, not the absolute hands per second.
Times come from ``time.perf_counter`` and cover creating and playing the hands
(dealing a fresh deck included). Loading the rules table, and a few untimed
warm-up hands of each engine (the lowball evaluator builds its table of hand
classes on first use), happen before the timing.

How to run it (from the project root)
-------------------------------------
    .venv/bin/python benchmarks/bench_engine.py               # 3000 hands, 3 players
    .venv/bin/python benchmarks/bench_engine.py --quick       # 300 hands, one run: a few seconds
    .venv/bin/python benchmarks/bench_engine.py --players 2 3 5 --hands 5000
    .venv/bin/python benchmarks/bench_engine.py --json        # the figures as JSON
    .venv/bin/python benchmarks/bench_engine.py --help
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import platform
import random
import sys
import time
from dataclasses import dataclass
from typing import Callable

from lowball.play.bots import BOTS
from lowball.engine.state import OVER, Hand, stacked_deck
from lowball.play.sessions import play_hand
from lowball.core.games import GameTable, load_game_table

try:
    import pokerkit
except ImportError:          # the lowball side still runs without it
    pokerkit = None

TARGET_HANDS_PER_SECOND = 5000
TARGET_RATIO = 3.0
TARGET_TEXT = "target: >= 5,000 hands/s on one core and >= 3x pokerkit"

DEFAULT_HANDS = 3000
QUICK_HANDS = 300
DEFAULT_REPEAT = 3
WARM_UP_HANDS = 20

# Action kinds that are a player's decision (the rest are the dealer's: dealing, showing).
LOWBALL_DECISIONS = frozenset({"f", "cc", "cbr", "sd"})


@dataclass
class Run:
    """The best timing of one engine at one player count."""

    engine: str
    game: str
    players: int
    hands: int
    seconds: float
    decisions: int        # player decisions over all the hands (how much play a hand holds)

    @property
    def hands_per_second(self) -> float:
        """Return the complete hands played per second."""
        return self.hands / self.seconds

    @property
    def decisions_per_hand(self) -> float:
        """Return the mean number of player decisions per hand."""
        return self.decisions / self.hands

    def as_dict(self) -> dict:
        """Return the figures of this run as plain data for JSON."""
        return {"engine": self.engine, "game": self.game, "players": self.players, "hands": self.hands,
                "seconds": round(self.seconds, 4), "hands_per_second": round(self.hands_per_second, 1),
                "decisions_per_hand": round(self.decisions_per_hand, 2)}


# ---- lowball ----

def lowball_game_name(table: GameTable) -> str:
    """Return a short description of the lowball table for the output."""
    bets = "/".join(str(size) for size in table.bet_sizes)
    return f"{table.name}: {table.ranking} single draw, limit {bets}, ante {table.ante}"


def play_lowball_hands(table: GameTable, players: int, hands: int, seed: int) -> int:
    """Play ``hands`` complete hands with random bots; return the number of player decisions."""
    names = [f"p{seat + 1}" for seat in range(players)]
    bots = {name: BOTS["random"] for name in names}
    rng = random.Random(seed)
    decisions = 0
    for number in range(hands):
        # narrate=False: the step-by-step story is for the notebooks; pokerkit tells none either.
        hand = Hand([table.min_stack] * players, table=table, deck=stacked_deck(seed=seed + number), names=names,
                    narrate=False)
        hand = play_hand(hand, bots, rng)
        if hand.phase != OVER:
            raise RuntimeError(f"lowball hand {number} did not finish")
        decisions += sum(1 for action in hand.actions if action.kind in LOWBALL_DECISIONS)
    return decisions


# ---- pokerkit ----

def pokerkit_automations() -> tuple:
    """Return the automations that leave only player decisions to the benchmark."""
    automation = pokerkit.Automation
    return (
        automation.ANTE_POSTING,
        automation.BET_COLLECTION,
        automation.BLIND_OR_STRADDLE_POSTING,
        automation.CARD_BURNING,
        automation.HOLE_DEALING,
        automation.BOARD_DEALING,
        automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        automation.HAND_KILLING,
        automation.CHIPS_PUSHING,
        automation.CHIPS_PULLING,
    )


def new_no_limit_single_draw(players: int, stack: int, ante: int, bets: tuple[int, ...]):
    """Return a NoLimitDeuceToSevenLowballSingleDraw state: ante only, no blinds, min bet = the small bet."""
    return pokerkit.NoLimitDeuceToSevenLowballSingleDraw.create_state(
        pokerkit_automations(), False, ante, 0, bets[0], stack, players)


def new_fixed_limit_triple_draw(players: int, stack: int, ante: int, bets: tuple[int, ...]):
    """Return a FixedLimitDeuceToSevenLowballTripleDraw state: ante only, no blinds, bets small/big."""
    return pokerkit.FixedLimitDeuceToSevenLowballTripleDraw.create_state(
        pokerkit_automations(), False, ante, 0, bets[0], bets[-1], stack, players)


def new_fixed_limit_single_draw(players: int, stack: int, ante: int, bets: tuple[int, ...]):
    """Return a generic pokerkit State shaped like the teaching table (2-7 ranking, no burn card).

    Two streets: deal five and bet (small bet), then draw and bet (big bet);
    a bet and three raises per round (pokerkit counts 4 completions/bets/raises).
    """
    def street(draw: bool, bet: int):
        return pokerkit.Street(
            card_burning_status=False,
            hole_dealing_statuses=() if draw else (False,) * 5,
            board_dealing_count=0,
            draw_status=draw,
            opening=pokerkit.Opening.POSITION,
            min_completion_betting_or_raising_amount=bet,
            max_completion_betting_or_raising_count=4,
        )

    return pokerkit.State(
        pokerkit_automations(), pokerkit.Deck.STANDARD, (pokerkit.StandardLowHand,),
        (street(False, bets[0]), street(True, bets[-1])),
        pokerkit.BettingStructure.FIXED_LIMIT, False, ante, 0, 0, stack, players)


def pokerkit_version() -> str:
    """Return the installed pokerkit version, e.g. ``0.7.7``."""
    return importlib.metadata.version("pokerkit")


# --pokerkit-game choice -> (description for the output, state factory)
POKERKIT_GAMES: dict[str, tuple[str, Callable]] = {
    "nl-single": ("NoLimitDeuceToSevenLowballSingleDraw (no-limit, min raises only)", new_no_limit_single_draw),
    "fl-triple": ("FixedLimitDeuceToSevenLowballTripleDraw (3 draws, 4 betting rounds)", new_fixed_limit_triple_draw),
    "fl-single": ("generic pokerkit State: fixed-limit 2-7 single draw, no burn", new_fixed_limit_single_draw),
}


def pokerkit_decide(state, rng: random.Random) -> None:
    """Make one uniformly random legal decision for the player pokerkit is waiting on."""
    if state.can_stand_pat_or_discard():
        seat = state.stand_patter_or_discarder_index
        # Keeping each card with probability 1/2 makes every subset of the hole cards equally likely.
        discards = [card for card in state.hole_cards[seat] if rng.random() < 0.5]
        state.stand_pat_or_discard(discards)
        return
    choices = []
    if state.can_fold():
        choices.append("fold")
    if state.can_check_or_call():
        choices.append("check_or_call")
    if state.can_complete_bet_or_raise_to():
        choices.append("raise")
    choice = rng.choice(choices)
    if choice == "fold":
        state.fold()
    elif choice == "check_or_call":
        state.check_or_call()
    else:
        state.complete_bet_or_raise_to(state.min_completion_betting_or_raising_to_amount)


def play_pokerkit_hands(game: str, table: GameTable, players: int, hands: int, seed: int) -> int:
    """Play ``hands`` complete pokerkit hands with random decisions; return the number of decisions."""
    new_state = POKERKIT_GAMES[game][1]
    random.seed(seed)            # pokerkit shuffles its deck with the module-level random
    rng = random.Random(seed)
    decisions = 0
    for number in range(hands):
        state = new_state(players, table.min_stack, table.ante, table.bet_sizes)
        while state.status:
            if state.actor_index is None and state.stand_patter_or_discarder_index is None:
                raise RuntimeError(f"pokerkit hand {number} waits on an operation that is not automated")
            pokerkit_decide(state, rng)
            decisions += 1
    return decisions


# ---- timing and reporting ----

def warm_up(table: GameTable, players: int, seed: int, game: str | None) -> None:
    """Play a few untimed hands of each engine, so one-off set-up costs stay out of the timings.

    The lowball evaluator builds its table of hand classes on first use (a few
    tenths of a second, once per process); without this it would land in the
    first timed run.
    """
    play_lowball_hands(table, players, WARM_UP_HANDS, seed)
    if game is not None:
        play_pokerkit_hands(game, table, players, WARM_UP_HANDS, seed)


def best_runs(table: GameTable, players: int, hands: int, repeat: int, seed: int, game: str | None) -> list[Run]:
    """Time each engine ``repeat`` times, alternating engines, and keep each engine's best time."""
    engines = {"lowball": (lowball_game_name(table), lambda: play_lowball_hands(table, players, hands, seed))}
    if game is not None:
        engines["pokerkit"] = (POKERKIT_GAMES[game][0], lambda: play_pokerkit_hands(game, table, players, hands, seed))
    warm_up(table, players, seed, game)
    best: dict[str, Run] = {}
    for _ in range(repeat):
        for engine, (description, play) in engines.items():
            start = time.perf_counter()
            decisions = play()
            seconds = time.perf_counter() - start
            if engine not in best or seconds < best[engine].seconds:
                best[engine] = Run(engine, description, players, hands, seconds, decisions)
    return list(best.values())


def ratio(runs: list[Run]) -> float | None:
    """Return lowball hands/s divided by pokerkit hands/s, or None without pokerkit."""
    speeds = {run.engine: run.hands_per_second for run in runs}
    if "pokerkit" not in speeds:
        return None
    return speeds["lowball"] / speeds["pokerkit"]


def verdict(runs: list[Run]) -> str:
    """Return one line saying whether lowball meets each target at this player count."""
    lowball = next(run for run in runs if run.engine == "lowball")
    met = "met" if lowball.hands_per_second >= TARGET_HANDS_PER_SECOND else "not met"
    line = f"lowball {lowball.hands_per_second:,.0f} hands/s (5,000: {met})"
    r = ratio(runs)
    if r is not None:
        line += f"; {r:.2f}x pokerkit (3x: {'met' if r >= TARGET_RATIO else 'not met'})"
    return line


def print_table(results: dict[int, list[Run]], args: argparse.Namespace, game: str | None) -> None:
    """Print the figures as a small text table, one block per player count."""
    print(f"complete hands per second, single process, best of {args.repeat} "
          f"(engines alternate; Python {platform.python_version()})")
    if game is None:
        print("pokerkit: not compared (--no-pokerkit, or pokerkit is not importable)")
    else:
        print(f"pokerkit {pokerkit_version()} game: {POKERKIT_GAMES[game][0]}")
        print("pokerkit automations: " + ", ".join(a.value for a in pokerkit_automations()))
    for players, runs in results.items():
        print()
        print(f"{players} players")
        print(f"  {'engine':<9} {'hands':>6} {'seconds':>8} {'hands/s':>8} {'decisions/hand':>15}  game")
        for run in runs:
            print(f"  {run.engine:<9} {run.hands:>6} {run.seconds:>8.3f} {run.hands_per_second:>8,.0f} "
                  f"{run.decisions_per_hand:>15.1f}  {run.game}")
        r = ratio(runs)
        if r is not None:
            print(f"  ratio lowball/pokerkit: {r:.2f}x")
        print(f"  {verdict(runs)}")
    print()
    print(TARGET_TEXT)


def as_json(results: dict[int, list[Run]], args: argparse.Namespace, game: str | None) -> str:
    """Return the figures as a JSON document."""
    return json.dumps({
        "hands": args.hands,
        "repeat": args.repeat,
        "seed": args.seed,
        "python": platform.python_version(),
        "pokerkit_version": pokerkit_version() if game else None,
        "pokerkit_game": POKERKIT_GAMES[game][0] if game else None,
        "pokerkit_automations": [a.value for a in pokerkit_automations()] if game else None,
        "players": {
            str(players): {"runs": [run.as_dict() for run in runs],
                           "ratio_lowball_over_pokerkit": None if ratio(runs) is None else round(ratio(runs), 3)}
            for players, runs in results.items()
        },
        "target": {"hands_per_second": TARGET_HANDS_PER_SECOND, "ratio_over_pokerkit": TARGET_RATIO,
                   "text": TARGET_TEXT},
    }, indent=2)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Return the command-line options."""
    parser = argparse.ArgumentParser(
        description="Time complete random-bot hands of the lowball engine, side by side with pokerkit.",
        epilog=TARGET_TEXT)
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS,
                        help=f"complete hands per engine and player count (default {DEFAULT_HANDS})")
    parser.add_argument("--players", type=int, nargs="+", default=[3],
                        help="player counts to measure, e.g. --players 2 3 5 (default 3)")
    parser.add_argument("--repeat", type=int, default=DEFAULT_REPEAT,
                        help=f"time each engine this many times and keep the best (default {DEFAULT_REPEAT})")
    parser.add_argument("--quick", action="store_true",
                        help=f"{QUICK_HANDS} hands, one run: a smoke test of a few seconds")
    parser.add_argument("--pokerkit-game", choices=sorted(POKERKIT_GAMES), default="nl-single",
                        help="pokerkit game to compare with (default nl-single: pokerkit 0.7.7 has no "
                             "fixed-limit single-draw class)")
    parser.add_argument("--no-pokerkit", action="store_true", help="time the lowball engine only")
    parser.add_argument("--seed", type=int, default=0, help="seed of the decks and the bots (default 0)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.repeat = QUICK_HANDS, 1
    if args.hands < 1 or args.repeat < 1:
        parser.error("--hands and --repeat must be positive")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    args = parse_args(argv)
    table = load_game_table()
    for players in args.players:
        if not table.players_min <= players <= table.players_max:
            sys.exit(f"the teaching table seats {table.players_min}-{table.players_max} players, not {players}")
    game = None if (args.no_pokerkit or pokerkit is None) else args.pokerkit_game
    results = {players: best_runs(table, players, args.hands, args.repeat, args.seed, game)
               for players in args.players}
    if args.json:
        print(as_json(results, args, game))
    else:
        print_table(results, args, game)
    return 0


if __name__ == "__main__":
    sys.exit(main())
