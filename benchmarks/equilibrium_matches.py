"""What the abstraction costs in the real game: the equilibrium bot heads-up against every other bot, duplicate deals.

Each deal (a shuffled deck, from its seed) is played twice at the solved stacks, once with the equilibrium bot in
each seat, and the equilibrium's chips over the pair are one sample: the luck of the cards largely cancels. The
report gives the equilibrium's win in mbb per hand (thousandths of the big bet) with a 95% confidence interval
(1.96 standard errors of the pair means). Besides the bots, the equilibrium meets the abstract game's best
response to it (``Equilibrium.best_response``: in the abstract game it wins exactly the stored exploitability,
lowball.solve.best_response) played in the real game with real cards: what the abstraction's exploitability is
worth at the table. The real game's own best response is out of reach (about 3.6e15 information sets). At a table
of several draws (triple draw) it also meets the local best response (``lowball.play.local_best``), whose win is a
lower bound on what the equilibrium loses to the real game's best response.

    .venv/bin/python benchmarks/equilibrium_matches.py --deals 4000          # a few minutes on two cores
    .venv/bin/python benchmarks/equilibrium_matches.py --json
    .venv/bin/python benchmarks/equilibrium_matches.py --game deuce-to-seven-triple-draw-phh --deals 2000
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from lowball.core.games import load_game_table
from lowball.engine.state import Hand, stacked_deck
from lowball.play.bots import BOTS, equilibrium_choice
from lowball.play.local_best import local_best_bot
from lowball.play.sessions import play_hand
from lowball.solve.policy import Equilibrium
from lowball.solve.policy_draws import DrawsEquilibrium

HERO = "equilibrium"


# The abstract game's best response to the equilibrium, as an opponent in the real game.
RESPONSE = "best-response"


def best_response_bot(hand: Hand, rng: random.Random):
    """Return the abstract game's best response to the equilibrium for the seat to act (sound beyond it)."""
    choice = equilibrium_choice(hand, rng, respond=True)
    return BOTS["sound"](hand, rng) if isinstance(choice, str) else choice


# The local best response (lowball.play.local_best): at each decision the best action against the equilibrium's
# range if the hand were then checked down; a lower bound on the equilibrium's exploitability in the real game.
LOCAL = "local-best-response"

OPPONENTS = {**{name: bot for name, bot in BOTS.items() if name != HERO}, RESPONSE: best_response_bot,
             LOCAL: local_best_bot}


def play_pair(game: str, opponent: str, seed: int) -> int:
    """Return the equilibrium's chips over one deal played twice, once from each seat (fresh solved stacks)."""
    table = load_game_table(game)
    stacks = Equilibrium.load(table).stacks
    deck = stacked_deck(seed=seed, cards=table.deck_cards)
    total = 0
    for hero_seat in (0, 1):
        names = ["hero", "villain"] if hero_seat == 0 else ["villain", "hero"]
        hand = Hand([stacks, stacks], table=table, deck=deck, seed=seed, names=names, narrate=False)
        bots = {"hero": BOTS[HERO], "villain": OPPONENTS[opponent]}
        play_hand(hand, bots, random.Random(seed * 2 + hero_seat))
        total += hand.result.changes[hero_seat]
    return total


def _chunk(args: tuple[str, str, range]) -> list[int]:
    game, opponent, seeds = args
    return [play_pair(game, opponent, seed) for seed in seeds]


def match(game: str, opponent: str, deals: int, workers: int, first_seed: int = 1) -> dict:
    """Play ``deals`` duplicate deals against one bot; return the equilibrium's mbb/hand and its 95% interval."""
    table = load_game_table(game)
    started = time.perf_counter()
    step = max(1, deals // (workers * 8))
    jobs = [(game, opponent, range(s, min(s + step, first_seed + deals))) for s in range(first_seed, first_seed + deals,
                                                                                         step)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            pairs = [x for part in pool.map(_chunk, jobs) for x in part]
    else:
        pairs = [x for job in jobs for x in _chunk(job)]
    per_hand = [p / 2 for p in pairs]
    mean = sum(per_hand) / len(per_hand)
    var = sum((x - mean) ** 2 for x in per_hand) / (len(per_hand) - 1)
    half = 1.96 * math.sqrt(var / len(per_hand))
    scale = 1000 / table.big_bet
    return {"game": game, "opponent": opponent, "deals": deals, "hands": 2 * deals,
            "mbb_per_hand": mean * scale, "ci95_mbb": half * scale,
            "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="teaching-table", help="a table with a shipped solution")
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals per opponent (two hands each)")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--opponent", action="append", choices=sorted(OPPONENTS),
                        help="play only this opponent (repeatable; default: every one the table allows)")
    args = parser.parse_args(argv)
    equilibrium = Equilibrium.load(args.game)
    # A table of several draws (lowball.solve.policy_draws): its exploitability is the one measured on what ships,
    # with every last round solved again, and its best response the one that measure kept (if it was measured).
    several = isinstance(equilibrium, DrawsEquilibrium)
    facts = equilibrium.head["facts"].get("shipped", {}) if several else equilibrium.solution.facts
    measured = not several or all(actions is not None for actions in equilibrium.actions)
    opponents = [name for name in OPPONENTS if (name != RESPONSE or measured) and (name != LOCAL or several)]
    if args.opponent:
        opponents = [name for name in opponents if name in args.opponent]
    rows = [match(args.game, name, args.deals, args.workers) for name in opponents]
    exploitability = facts.get("exploitability_mbb")
    abstract = {"game": args.game, "opponent": "best response in the abstract game",
                "mbb_per_hand": None if exploitability is None else -exploitability, "exact": True}
    if args.json:
        print(json.dumps({"matches": rows, "abstract": abstract}, indent=2))
        return 0
    print(f"{args.game}: the equilibrium bot heads-up, duplicate deals (each dealt twice, seats swapped)")
    for row in rows:
        print(f"  vs {row['opponent']:<8} {row['mbb_per_hand']:+9.1f} ± {row['ci95_mbb']:.1f} mbb/hand "
              f"(95%, {row['hands']} hands, {row['seconds']} s)")
    if abstract["mbb_per_hand"] is None:
        print("  vs the abstract game's best response: not measured yet (scripts/solve.py --measure)")
    else:
        print(f"  vs the abstract game's best response: {abstract['mbb_per_hand']:+.3f} mbb/hand "
              f"(exact, the stored exploitability)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
