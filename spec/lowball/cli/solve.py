"""``lowball solve`` and ``lowball strategy``: solve a heads-up table, and ask what its equilibrium does with a hand.

A thin face over ``lowball.solve.run.solve_table`` and ``lowball.solve.policy.Equilibrium``: each command parses
its arguments, calls one function and prints the result (``--json`` for scripts). Bad input raises a
``LowballError`` that ``lowball.cli.main`` prints in one line, exiting 2.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from lowball.errors import LowballError

SOLVE_EXAMPLES = """\
examples:
  lowball solve --game teaching-table                       # about 5 minutes and 2.5 GB; resumes if stopped
  lowball solve --game teaching-table --pre 16 --post 32 --iterations 200 --out small.npz --json
  make solve                                                # re-solves the shipped tables in place

The abstraction (docs/reference/solving.md): before the draw a hand is known by its pre-draw bucket (hands
grouped by the number of cards they best throw, then by that throw's equity), after it by its post-draw
bucket (classes of the ranking in runs of equal mass); no card removal between the players. The
exploitability is exact in that abstract game: what a perfect opponent wins against the strategy, in mbb/hand
(thousandths of the big bet), averaged over the seats.
"""

STRATEGY_EXAMPLES = """\
examples:
  lowball strategy "6c 4h 3s 2d Ac"                         # p1's first decision at the teaching table
  lowball strategy "Kc 7d 4h 3s 2c" --line "check check"    # p1 at the draw: how many, which cards
  lowball strategy "9c 8d 4h 3s 2c" --line "check bet call pat"   # p2 at the draw after p1 stood pat
  lowball strategy "Qc Jd 4h 3s 2c" --line "check check draw1 draw2 check" --json
  lowball strategy --game deuce-to-seven-single-draw-limit "7c 5d 4h 3s 2c"

The line is the public actions so far, both players', in order: check, bet, call, raise, fold, and at the draw
pat or draw1 ... draw5 (the number of cards thrown). The hand is the cards of the player to act as he holds
them then: his five dealt cards before his draw, his final five after it.

A snow is standing pat on a weak hand (in the worse half of all final hands: a bluff at the draw); breaking is
throwing cards from a pat hand (one whose best play against a random hand is to stand pat); a bluff is a bet or
raise after the draw with a hand in the worse half of the player's own range there.
"""


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a heads-up table in its abstract game; print the value per seat, the exploitability and the iterations."""
    from lowball.core.games import load_game_table
    from lowball.solve import run

    table = load_game_table(args.game)
    out = Path(args.out) if args.out else Path("solutions") / f"{table.name}.npz"
    if out.suffix != ".npz":            # numpy would add the suffix itself and write another file than named
        raise LowballError(f"--out: a solution is a .npz file, got {out}")
    if out.exists() and out.is_dir():
        raise LowballError(f"--out: {out} is a folder; give the file to write, e.g. {out / (table.name + '.npz')}")
    try:
        facts = run.solve_table(table, out=out, pre=args.pre, post=args.post, stacks=args.stacks, goal=args.goal,
                                iterations=args.iterations, checkpoints=Path(args.checkpoints),
                                progress=not args.json, abstraction=run.build_abstraction)
    except OSError as err:
        raise LowballError(f"cannot write {out} or its checkpoint: {err.strerror or err}") from None
    record = {"game": table.name, "iterations": facts["iterations"], "resumed_at": facts["resumed_at"],
              "exploitability_mbb": facts["exploitability_mbb"], "goal_mbb": facts["goal_mbb"],
              "values": facts["values"], "values_mbb": facts["values_mbb"], "stacks": facts["stacks"],
              "information_sets": facts["information_sets"], "seconds": facts["solve_seconds"],
              "file": facts["file"]}
    if args.json:
        print(json.dumps(record, indent=2))
        return 0
    resumed = f" (resumed at {record['resumed_at']})" if record["resumed_at"] else ""
    print(f"{table.name}: {record['iterations']} iterations{resumed}, exploitability "
          f"{record['exploitability_mbb']:.3g} mbb/hand (goal {record['goal_mbb']:g})")
    for seat, (chips, milli) in enumerate(zip(record["values"], record["values_mbb"])):
        print(f"  value to p{seat + 1}: {chips:+.4f} chips a hand ({milli:+.1f} mbb/hand)")
    print(f"written: {record['file']}")
    return 0


def advice_record(advice: Any) -> dict[str, Any]:
    """Return what ``lowball strategy --json`` prints of an ``Advice``."""
    return {"game": advice.table, "seat": advice.seat, "player": f"p{advice.seat + 1}", "line": list(advice.said),
            "labels": list(advice.line),
            "phase": advice.phase, "cards": " ".join(map(str, advice.cards)), "bucket": advice.bucket,
            "frequencies": advice.frequencies,
            "throws": [{"count": t.count, "probability": t.probability, "cards": " ".join(map(str, t.cards))}
                       for t in advice.throws],
            "snow": advice.snow, "breaking": advice.breaking, "bluff": advice.bluff, "pat_hand": advice.pat_hand,
            "weak": advice.weak, "range_above": advice.range_above}


def advice_text(advice: Any) -> list[str]:
    """Return the lines ``lowball strategy`` prints: who acts where, the frequencies, the draw, the facts."""
    where = f"after {' '.join(advice.said)}" if advice.said else "at the start"
    stage = "pre-draw" if advice.phase == "draw" or advice.range_above is None else "final"
    lines = [f"{advice.table}: p{advice.seat + 1} to act {where}, holding "
             f"{' '.join(map(str, advice.cards))} ({stage} bucket {advice.bucket})"]
    throws = {f"draw{t.count}" if t.count else "pat": t for t in advice.throws}
    for word, chance in advice.frequencies.items():
        thrown = throws.get(word)
        tail = f"  throws {' '.join(map(str, thrown.cards))}" if thrown and thrown.cards else ""
        lines.append(f"  {word:<6} {chance:7.1%}{tail}")
    if advice.phase == "draw":
        if advice.pat_hand:
            lines.append(f"  a pat hand (standing pat is its best play against a random hand): "
                         f"breaks it {advice.breaking:.1%}")
        if advice.weak:
            lines.append(f"  a weak hand (in the worse half of all final hands): snows (stands pat) {advice.snow:.1%}")
    elif advice.range_above is not None:
        share = f"{advice.range_above:.0%} of p{advice.seat + 1}'s range here is better"
        lines.append(f"  {share}: " + (f"a bet or raise is a bluff; bluffs {advice.bluff:.1%}"
                                        if advice.range_above >= 0.5 else "a bet or raise would not be a bluff"))
    return lines


def cmd_strategy(args: argparse.Namespace) -> int:
    """Say what the table's equilibrium does with a hand at the first decision, or after a line."""
    from lowball.solve.policy import Equilibrium

    if not args.hand:
        raise LowballError('give the hand: five cards, e.g. lowball strategy "6c 4h 3s 2d Ac"')
    equilibrium = Equilibrium.load(args.game)
    advice = equilibrium.advise(" ".join(args.hand), args.line)
    if args.json:
        print(json.dumps(advice_record(advice), indent=2))
        return 0
    print("\n".join(advice_text(advice)))
    return 0


def add_solve_commands(commands: Any) -> None:
    """Add ``solve`` and ``strategy`` to the sub-commands of the ``lowball`` parser."""
    solve = commands.add_parser(
        "solve", help="solve a heads-up fixed-limit single-draw table (CFR in an abstract game)",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=SOLVE_EXAMPLES,
        description="Find an equilibrium of a heads-up fixed-limit single-draw table in its abstract game by "
                    "discounted CFR, with a progress bar on stderr, until the exploitability is at most the goal "
                    "or the iterations run out; checkpoints in --checkpoints resume an interrupted run. Prints the "
                    "game's value to each seat and the exploitability, and writes the solution file.")
    solve.add_argument("--game", default="teaching-table", metavar="NAME|FILE",
                       help="the table (see `lowball games`): teaching-table (default), "
                            "deuce-to-seven-single-draw-limit, or a heads-up fixed-limit single-draw table of your own")
    solve.add_argument("--iterations", type=int, default=20000, help="stop after this many iterations (%(default)s)")
    solve.add_argument("--goal", type=float, default=1.0, help="stop at this exploitability, mbb/hand (%(default)s)")
    solve.add_argument("--pre", type=int, default=None, help="pre-draw buckets, 6 to 256 (default: per table, 128)")
    solve.add_argument("--post", type=int, default=None, help="post-draw buckets (default: per table, 128 or 256)")
    solve.add_argument("--stacks", type=int, default=None, help="each player's stack (default: per table)")
    solve.add_argument("--out", default=None, metavar="PATH",
                       help="the solution file to write (default: solutions/NAME.npz here)")
    solve.add_argument("--checkpoints", default="build/solve", metavar="DIR",
                       help="the folder of the checkpoints (default: %(default)s)")
    solve.add_argument("--json", action="store_true", help="print JSON instead of text (no progress bar)")
    solve.set_defaults(run=cmd_solve)

    strategy = commands.add_parser(
        "strategy", help="what the solved equilibrium does with a hand: bets, draws, snows, breaks, bluffs",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=STRATEGY_EXAMPLES,
        description="Read the shipped equilibrium of a solved heads-up table for one hand: at the first decision "
                    "(or after --line) its betting frequencies, at the draw how often it throws each number of "
                    "cards and which, and whether that is a snow, a break or a bluff.")
    # Checked in cmd_strategy rather than by argparse, so that a mistyped option is named before a missing hand.
    strategy.add_argument("hand", nargs="*", metavar="HAND", help='five cards, quoted: "6c 4h 3s 2d Ac"')
    strategy.add_argument("--game", default="teaching-table", metavar="NAME",
                          help="a table with a shipped solution: teaching-table (default) or "
                               "deuce-to-seven-single-draw-limit")
    strategy.add_argument("--line", default="", metavar='"check bet ..."',
                          help="the public actions so far, both players', in order (default: none)")
    strategy.add_argument("--json", action="store_true", help="print JSON instead of text")
    strategy.set_defaults(run=cmd_strategy)
