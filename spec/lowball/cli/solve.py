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

from lowball.core.arguments import whole_option
from lowball.errors import LowballError
from lowball.text.words import decimal, many, percent, say

# The memories of lowball.solve.merged, named here so that --help needs no import of the solver.
MEMORY_NAMES = ("last-draw", "every-draw", "last-round", "two-rounds", "everything")

SOLVE_EXAMPLES = """\
examples:
  lowball solve --game teaching-table                       # about 5 minutes and 2.5 GB; resumes if stopped
  lowball solve --game teaching-table --pre 16 --post 32 --iterations 200 --out small.npz --json
  make solve                                                # re-solves the shipped tables in place
  lowball solve --game deuce-to-seven-triple-draw-phh --memory everything --most-cards 3,2,1 --bits 32 --goal 5
                        # triple draw, full recall: 4.2 mbb/hand after 300 iterations, 50 minutes, 6.7 GB

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
    from lowball.solve import run, run_draws

    table = load_game_table(args.game)
    out = Path(args.out) if args.out else Path("solutions") / f"{table.name}.npz"
    if out.suffix != ".npz":            # numpy would add the suffix itself and write another file than named
        raise LowballError(f"--out: a solution is a .npz file, got {out}")
    if out.exists() and out.is_dir():
        raise LowballError(f"--out: {out} is a folder; give the file to write, e.g. {out / (table.name + '.npz')}")
    several = [name for name in ("buckets", "memory", "most_cards", "bits") if getattr(args, name) is not None]
    try:
        if table.draws > 1:
            if args.pre is not None or args.post is not None:
                raise LowballError(f"{table.name} has {table.draws} draws: give its abstraction as --buckets, one "
                                   f"count per stage (e.g. 8,8,8,16), not --pre and --post")
            buckets = None if args.buckets is None else run_draws.parse_buckets(args.buckets)
            counts = None if args.most_cards is None else run_draws.counts_up_to(
                table, run_draws.parse_buckets(args.most_cards, "--most-cards"))
            facts = run_draws.solve_draws(
                table, out=out, buckets=buckets, memory=args.memory, counts=counts, stacks=args.stacks,
                goal=args.goal, iterations=args.iterations, every=args.every, checkpoints=Path(args.checkpoints),
                progress=not args.json, backend=args.backend, bits=args.bits, stages=run_draws.build_stages)
        else:
            if several or args.backend != "numpy":
                shown = ", ".join(f"--{name.replace('_', '-')}" for name in several or ["backend"])
                raise LowballError(f"{shown}: for tables with several draws; {table.name} has {table.draws}, and is "
                                   f"solved with --pre and --post on numpy")
            facts = run.solve_table(table, out=out, pre=args.pre, post=args.post, stacks=args.stacks,
                                    goal=args.goal, iterations=args.iterations, every=args.every,
                                    checkpoints=Path(args.checkpoints), progress=not args.json,
                                    abstraction=run.build_abstraction)
    except OSError as err:
        raise LowballError(f"cannot write {out} or its checkpoint: {err.strerror or err}") from None
    record = {"game": table.name, "iterations": facts["iterations"], "resumed_at": facts["resumed_at"],
              "exploitability_mbb": facts["exploitability_mbb"], "goal_mbb": facts["goal_mbb"],
              "values": facts["values"], "values_mbb": facts["values_mbb"], "stacks": facts["stacks"],
              "information_sets": facts["information_sets"], "seconds": facts["solve_seconds"],
              "file": facts["file"],
              **{name: facts[name] for name in ("memory", "buckets", "backend") if name in facts}}
    if args.json:
        print(json.dumps(record, indent=2))
        return 0
    print("\n".join(solved_text(record, args.lang)))
    return 0


def solved_text(record: dict[str, Any], lang: str = "en") -> list[str]:
    """Return the lines ``lowball solve`` prints of a solved table: iterations, exploitability, values, the file.

    >>> record = {"game": "teaching-table", "iterations": 200, "resumed_at": 0, "exploitability_mbb": 12.345,
    ...           "goal_mbb": 1.0, "values": [-0.0123, 0.0123], "values_mbb": [-6.15, 6.15], "file": "t.npz"}
    >>> print("\\n".join(solved_text(record, "ru")[:2]))
    teaching-table: 200 итераций, уязвимость 12,3 mbb за раздачу (цель 1)
      выигрыш p1: −0,0123 фишки за раздачу (−6,2 mbb за раздачу)
    """
    resumed = say(lang, "resumed", iteration=record["resumed_at"]) if record["resumed_at"] else ""
    lines = [say(lang, "solved", table=record["game"], iterations=many(record["iterations"], "iterations", lang),
                 resumed=resumed, exploitability=decimal(record["exploitability_mbb"], ".3g", lang),
                 goal=decimal(record["goal_mbb"], "g", lang))]
    for seat, (chips, milli) in enumerate(zip(record["values"], record["values_mbb"])):
        lines.append(say(lang, "value", seat=seat + 1, chips=decimal(chips, "+.4f", lang),
                         mbb=decimal(milli, "+.1f", lang)))
    lines.append(say(lang, "written", file=record["file"]))
    return lines


def advice_record(advice: Any) -> dict[str, Any]:
    """Return what ``lowball strategy --json`` prints of an ``Advice``."""
    return {"game": advice.table, "seat": advice.seat, "player": f"p{advice.seat + 1}", "line": list(advice.said),
            "labels": list(advice.line),
            "phase": advice.phase, "cards": " ".join(map(str, advice.cards)), "bucket": advice.bucket,
            "frequencies": advice.frequencies,
            "throws": [{"count": t.count, "probability": t.probability, "cards": " ".join(map(str, t.cards))}
                       for t in advice.throws],
            "snow": advice.snow, "breaking": advice.breaking, "bluff": advice.bluff, "pat_hand": advice.pat_hand,
            "weak": advice.weak, "range_above": advice.range_above,
            **({"stage": advice.stage} if advice.stage is not None else {})}    # several draws: the bucket's stage


def action_word(word: str, lang: str = "en") -> str:
    """Return an action of ``Advice.frequencies`` as a player says it: 'draw2', «поменять 2», «стоять пат».

    >>> action_word("draw2"), action_word("draw2", "ru"), action_word("pat", "ru"), action_word("fold", "ru")
    ('draw2', 'поменять 2', 'стоять пат', 'пас')
    """
    if word.startswith("draw"):
        return say(lang, "draw", count=word[len("draw"):])
    return say(lang, word)


def advice_text(advice: Any, lang: str = "en") -> list[str]:
    """Return the lines ``lowball strategy`` prints: who acts where, the frequencies, the draw, the facts."""
    where = say(lang, "after", line=" ".join(advice.said)) if advice.said else say(lang, "at the start")
    if advice.stage is None:                    # one draw: before it, or after it
        stage = "pre-draw bucket" if advice.phase == "draw" or advice.range_above is None else "final bucket"
    else:                                       # several: dealt, after draw k, or final after the last
        stage = "pre-draw bucket" if advice.stage == 0 else "final bucket" if advice.stage == advice.draws else \
            "stage bucket"
    bucket = say(lang, stage, bucket=advice.bucket, draw=advice.stage)
    lines = [say(lang, "to act", table=advice.table, seat=advice.seat + 1, where=where,
                 cards=" ".join(map(str, advice.cards)), bucket=bucket)]
    throws = {f"draw{t.count}" if t.count else "pat": t for t in advice.throws}
    width = max(6, *(len(action_word(word, lang)) for word in advice.frequencies))
    for word, chance in advice.frequencies.items():
        thrown = throws.get(word)
        tail = f"  {say(lang, 'throws', cards=' '.join(map(str, thrown.cards)))}" if thrown and thrown.cards else ""
        lines.append(f"  {action_word(word, lang):<{width}} {percent(chance, lang):>7}{tail}")
    if advice.phase == "draw":
        if advice.pat_hand:
            lines.append(f"  {say(lang, 'pat hand', percent=percent(advice.breaking, lang))}")
        if advice.weak:
            lines.append(f"  {say(lang, 'weak hand', percent=percent(advice.snow, lang))}")
    elif advice.range_above is not None:
        share = say(lang, "range above", share=percent(advice.range_above, lang, 0), seat=advice.seat + 1)
        lines.append(f"  {share}: " + (say(lang, "bluff", percent=percent(advice.bluff, lang))
                                        if advice.range_above >= 0.5 else say(lang, "no bluff")))
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
    print("\n".join(advice_text(advice, args.lang)))
    return 0


def add_solve_commands(commands: Any) -> None:
    """Add ``solve`` and ``strategy`` to the sub-commands of the ``lowball`` parser."""
    from lowball.cli.main import add_lang

    solve = commands.add_parser(
        "solve", help="solve a heads-up fixed-limit draw table (CFR in an abstract game)",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=SOLVE_EXAMPLES,
        description="Find an equilibrium of a heads-up fixed-limit draw table in its abstract game by "
                    "discounted CFR, with a progress bar on stderr, until the exploitability is at most the goal "
                    "or the iterations run out; checkpoints in --checkpoints resume an interrupted run. Prints the "
                    "game's value to each seat and the exploitability, and writes the solution file.")
    solve.add_argument("--game", default="teaching-table", metavar="NAME|FILE",
                       help="the table (see `lowball games`): teaching-table (default), "
                            "deuce-to-seven-single-draw-limit, deuce-to-seven-triple-draw-phh, or a heads-up fixed-limit "
                            "draw table of your own")
    solve.add_argument("--iterations", type=whole_option, default=20000,
                       help="stop after this many iterations, 1 to 10,000,000 (%(default)s)")
    solve.add_argument("--goal", type=float, default=1.0, help="stop at this exploitability, mbb/hand (%(default)s)")
    solve.add_argument("--pre", type=whole_option, default=None,
                       help="pre-draw buckets, 6 to 256 (default: per table, 128)")
    solve.add_argument("--post", type=whole_option, default=None,
                       help="post-draw buckets, 2 to 7462 (default: per table, 128 or 256)")
    solve.add_argument("--stacks", type=whole_option, default=None,
                       help="each player's stack, from the table's minimum to 32 big bets (default: per table)")
    solve.add_argument("--every", type=whole_option, default=50,
                       help="measure the exploitability every N iterations (%(default)s); a measure costs more "
                            "than an iteration")
    solve.add_argument("--buckets", default=None, metavar="N,N,...",
                       help="tables with several draws: the buckets of each stage, dealt then after each draw "
                            "(default: 8,8,8,16 at triple draw)")
    solve.add_argument("--memory", default=None, choices=list(MEMORY_NAMES), metavar="WHAT",
                       help="tables with several draws: what the strategy remembers of the public history, one of "
                            f"{', '.join(MEMORY_NAMES)} (default: last-draw; everything is the full public tree)")
    solve.add_argument("--most-cards", default=None, metavar="N,N,...",
                       help="tables with several draws: at most this many cards thrown at each draw, an action "
                            "abstraction (e.g. 3,2,1; default: the table's own)")
    solve.add_argument("--backend", default="numpy", choices=["numpy", "cupy"],
                       help="the array module of a solve with several draws: numpy (default) or cupy, where CuPy "
                            "is installed and a GPU is present")
    solve.add_argument("--bits", type=whole_option, default=None,
                       help="tables with several draws: the width of the solver's floats, 32 or 64 (default: 64 on "
                            "numpy, 32 on cupy)")
    solve.add_argument("--out", default=None, metavar="PATH",
                       help="the solution file to write (default: solutions/NAME.npz here)")
    solve.add_argument("--checkpoints", default="build/solve", metavar="DIR",
                       help="the folder of the checkpoints, saved every two minutes and on Ctrl-C "
                            "(default: %(default)s)")
    add_lang(solve, "the summary")
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
    add_lang(strategy, "the advice")
    strategy.add_argument("--json", action="store_true", help="print JSON instead of text")
    strategy.set_defaults(run=cmd_strategy)
