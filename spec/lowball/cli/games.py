"""``lowball games``, ``lowball play`` and ``lowball replay``: the game tables, bot sessions and hand histories.

A thin face over ``lowball.core.games``, ``lowball.play.sessions`` and
``lowball.phh.history``: each command parses its arguments, calls one function
and prints the result (``--json`` for scripts). Bad input raises a
``LowballError`` that ``lowball.cli.main`` prints in one line, exiting 2.
"""

from __future__ import annotations

import argparse
import json
import secrets
from pathlib import Path
from typing import Any

from lowball.core.games import GameTable, builtin_paths, load_game_table
from lowball.engine.state import MAX_STACK
from lowball.errors import LowballError
from lowball.phh.history import money, phh_code, pokerkit_note, replay_in_money
from lowball.play.bots import BOTS, equilibrium_note
from lowball.play.sessions import MAX_HANDS, default_stack, play_session
from lowball.text.narration import narrate
from lowball.text.plural import PLAYER, digits
from lowball.text.words import many, say

# A seed drawn for a session without --seed: short enough to type back (1 to 999,999).
SEEDS = 999_999

GAMES_EXAMPLES = """\
examples:
  lowball games
  lowball games --json
  lowball play --game deuce-to-seven-triple-draw --players 6 --hands 1000
  lowball verify --game deuce-to-seven-single-draw
"""


def game_record(table: GameTable, path: Path) -> dict[str, Any]:
    """Return what ``lowball games`` tells of one game."""
    return {"name": table.name, "en": table.en, "ru": table.ru, "players": [table.players_min, table.players_max],
            "variant": table.variant, "extends": table.extends or None, "path": str(path)}


def cmd_games(args: argparse.Namespace) -> int:
    """List the built-in games: name, title, players, PHH variant code and the table's file."""
    records = [game_record(load_game_table(name), path) for name, path in builtin_paths().items()]
    if args.json:
        print(json.dumps(records, ensure_ascii=False, indent=2))
        return 0
    width = max(len(r["name"]) for r in records)
    seats = [seats_text(*r["players"], args.lang) for r in records]
    seats_width = max(map(len, seats))
    for r, seated in zip(records, seats):
        print(f"{r['name']:<{width}}  {r['variant']:<14} {seated:<{seats_width}}  {r[args.lang]}")
    print("\n" + say(args.lang, "tables", folder=shown_folder(Path(records[0]["path"]).parent)))
    return 0


def shown_folder(folder: Path) -> Path:
    """Return the tables' folder as a reader finds it wherever the command runs: from the root of the source
    checkout the package runs from (``spec/lowball/rules/games``), else where it is installed.

    >>> from lowball.core.games import builtin_paths
    >>> shown_folder(next(iter(builtin_paths().values())).parent).as_posix()
    'spec/lowball/rules/games'
    """
    checkout = Path(__file__).resolve().parents[3]        # spec/lowball/cli/games.py -> the checkout's root
    if (checkout / "pyproject.toml").is_file() and folder.resolve().is_relative_to(checkout):
        return folder.resolve().relative_to(checkout)
    return folder.resolve()


def seats_text(low: int, high: int, lang: str = "en") -> str:
    """Return how many players a game seats, the noun agreeing with the larger number: '2-6 players', «2–6 игроков».

    >>> seats_text(2, 6), seats_text(2, 6, "ru"), seats_text(2, 4, "ru"), seats_text(2, 8, "ru")
    ('2-6 players', '2–6 игроков', '2–4 игрока', '2–8 игроков')
    """
    noun = PLAYER.form(high) if lang == "ru" else "players"
    return say(lang, "seats", low=digits(low, lang), high=digits(high, lang), players=noun)


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a PHH hand history, checking every action against the rules of the game its variant code names."""
    table = load_game_table(args.game) if args.game else None
    hand, unit = replay_in_money(Path(args.file), table)
    result = hand.result

    def amount(chips: int) -> int | str:        # chips as numbers; money (a room's hand, O5) as exact strings
        return chips if unit == 1 else str(money(chips, unit))

    if args.json:
        print(json.dumps({
            "game": hand.table.name, "variant": hand.table.variant,
            "players": list(hand.names), "starting_stacks": [amount(v) for v in result.starting_stacks],
            "finishing_stacks": [amount(v) for v in result.finishing_stacks],
            "changes": [amount(v) for v in result.changes],
            "winners": [hand.names[s] for s in result.winners], "pot": amount(result.pot), "showdown": result.showdown,
            "narration": narrate(hand, args.lang, unit=unit),
        }, ensure_ascii=False, indent=2))
        return 0
    if args.narrate:
        for line in narrate(hand, args.lang, unit=unit):
            print(f"  {line}")
    head = {"en": ("player", "start", "finish", "change"), "ru": ("игрок", "было", "стало", "итог")}[args.lang]
    width = max(len(n) for n in hand.names + (head[0],))
    rows = [(str(amount(a)), str(amount(b)), ("+" if c >= 0 else "-") + str(amount(abs(c)))) for a, b, c in
            zip(result.starting_stacks, result.finishing_stacks, result.changes)]
    cols = [max(7, len(head[i + 1]), *(len(row[i]) for row in rows)) for i in range(3)]
    print(f"{head[0]:<{width}} " + " ".join(f"{h:>{w}}" for h, w in zip(head[1:], cols)))
    for name, row in zip(hand.names, rows):
        print(f"{name:<{width}} " + " ".join(f"{v:>{w}}" for v, w in zip(row, cols)))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Play a session between bots and print a summary table."""
    table = load_game_table(args.game)
    # Check every size before building anything (a billion players is refused at once).
    if not table.players_min <= args.players <= table.players_max:
        raise LowballError(f"--players: {table.name} seats {table.players_min} to {table.players_max} players, "
                           f"got {args.players}")
    if not 1 <= args.hands <= MAX_HANDS:
        raise LowballError(f"--hands must be 1 to {MAX_HANDS:,}, got {args.hands}")
    if args.stack is not None and not max(table.min_stack, 1) <= args.stack <= MAX_STACK:
        raise LowballError(f"--stack must be {max(table.min_stack, 1)} to {MAX_STACK:,} chips at {table.name}, "
                           f"got {args.stack}")
    bots = args.bots.split(",") if args.bots else ["sound", "random"]
    for name in bots:
        if name not in BOTS:
            raise LowballError(f"--bots: unknown bot {name!r} (known: {', '.join(BOTS)})")
    if args.phh_dir is not None and not args.phh_dir.strip():
        raise LowballError("--phh-dir needs a folder name")
    players = [f"p{i + 1}" for i in range(args.players)]
    # No seed given: one is drawn, and printed, so that a session worth seeing again can be (--seed).
    seed = args.seed if args.seed is not None else secrets.randbelow(SEEDS) + 1
    lang = args.lang
    try:
        summary = play_session(players, bots, args.hands, seed=seed, stack=args.stack,
                               phh_dir=Path(args.phh_dir) if args.phh_dir else None, progress=not args.json,
                               table=table)
    except KeyboardInterrupt as err:    # Ctrl-C: say how far the session got (its note) before "interrupted"
        from lowball.cli.main import report

        for note in getattr(err, "__notes__", []):
            report(f"lowball play: {note}", "Interrupted", args.json)
        raise
    assigned = {name: bots[i % len(bots)] for i, name in enumerate(players)}
    notes = []
    if "equilibrium" in assigned.values():
        why = equilibrium_note(table, len(players), args.stack if args.stack is not None else default_stack(table))
        notes.append(say(lang, "as sound", why=why) if why else say(lang, "solved strategy"))
    unread = pokerkit_note([phh_code(table)]) if args.phh_dir else None       # say where pokerkit cannot follow
    if unread and not args.json:        # through report: stderr full or closed (2>/dev/full) costs the note only
        from lowball.cli.main import report

        report(f"lowball play: note: {unread}", "Note", False)
    elif unread:
        notes.append(unread)
    if args.json:
        print(json.dumps(vars(summary) | {"game": table.name, "bots": assigned, "seed": seed, "notes": notes},
                         ensure_ascii=False, indent=2))
        return 0
    stack = args.stack if args.stack is not None else default_stack(table)
    drawn = say(lang, "seed drawn", seed=seed) if args.seed is None else ""
    print(say(lang, "session", game=table.name, hands=many(summary.hands, "hands", lang),
              players=many(len(players), "players", lang), stack=many(stack, "chips", lang), seed=seed) + drawn)
    print("\n".join(summary_rows(players, assigned, summary, lang)))
    for note in notes:
        print(say(lang, "note", note=note))
    return 0


def summary_rows(players: list[str], bots: dict[str, str], summary: Any, lang: str = "en") -> list[str]:
    """Return the table of a session: per player, the bot, hands won, chips won, showdowns and rebuys.

    >>> from lowball.play.sessions import Summary
    >>> done = Summary(hands=2, won={"p1": 2}, chips={"p1": 4}, showdowns={"p1": 1}, rebuys={"p1": 0})
    >>> summary_rows(["p1"], {"p1": "sound"}, done, "ru")[0].split("  ")[:2]
    ['игрок', 'бот']
    """
    heads = say(lang, "summary columns").split("|")
    rows = [[name, bots[name], digits(summary.won[name], lang), ("+" if summary.chips[name] > 0 else "")
             + digits(summary.chips[name], lang), digits(summary.showdowns[name], lang),
             digits(summary.rebuys[name], lang)] for name in players]
    widths = [max(len(heads[i]), *(len(row[i]) for row in rows)) for i in range(len(heads))]
    # the names and bots read left to right; the numbers line up on the right
    return ["  ".join(f"{cell:<{w}}" if i < 2 else f"{cell:>{w}}" for i, (cell, w) in enumerate(zip(line, widths)))
            .rstrip() for line in [heads, *rows]]


def add_game_commands(commands: Any) -> None:
    """Add ``games``, ``replay`` and ``play`` to the sub-commands of the ``lowball`` parser."""
    from lowball.cli.main import GAME_NAME, add_lang
    from lowball.core.arguments import text_option, whole_option

    games = commands.add_parser(
        "games", help="list the built-in games (name, players, PHH variant code, table file)",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=GAMES_EXAMPLES,
        description="List every built-in game table: its name (for --game), its PHH variant code, how many "
                    "players it seats, its title, and where its table file is.")
    add_lang(games, "the titles")
    games.add_argument("--json", action="store_true", help="print JSON instead of text")
    games.set_defaults(run=cmd_games)

    rep = commands.add_parser(
        "replay", help="replay a PHH hand history of any built-in game",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Replay a hand history (PHH), checking every action against the rules of the game its "
                    "variant code names (FA6L1D, F2L3D, N2L1D, ...; see `lowball games`); print the finishing "
                    "stacks. An illegal action stops the replay with exit code 2 and names the action (its index "
                    "and text) and the clause it breaks.",
        epilog="example:\n  lowball play --hands 3 --phh-dir hands && lowball replay --narrate hands/hand-00001.phh")
    rep.add_argument("file", metavar="FILE.phh", help="the hand history")
    rep.add_argument("--game", default=None, metavar="NAME|FILE", type=text_option(GAME_NAME),
                     help="the game to replay it at, for a table of your own (default: the game of the history's "
                          "variant code)")
    rep.add_argument("--narrate", action="store_true", help="print the hand step by step first")
    add_lang(rep, "the narration")
    rep.add_argument("--json", action="store_true", help="print JSON instead of text")
    rep.set_defaults(run=cmd_replay)

    play = commands.add_parser(
        "play", help="play a session of any built-in game between bots",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play hands between bots: stacks carry over, the button moves each hand (T7), a stack "
                    "too short for the next deal is topped up (T5).",
        epilog="bots: random (any legal action), sound (draws to a seven-low, bets made hands, folds weak "
               "hands to a raise), equilibrium (the solved heads-up strategy of teaching-table and "
               "deuce-to-seven-single-draw-limit, see `lowball strategy`; beyond the solution, with more than "
               "two players or stacks it does not cover, it plays as sound and the summary says so)"
               "\n\nexamples:\n  lowball play --players 3 --hands 1000 --seed 1 --bots sound,random"
               "\n  lowball play --game deuce-to-seven-single-draw --players 4 --phh-dir hands"
               "\n  lowball play --players 2 --hands 1000 --bots equilibrium,sound")
    play.add_argument("--game", default=None, metavar="NAME|FILE", type=text_option(GAME_NAME),
                      help="a built-in game (see `lowball games`) or a table file (default: the teaching table)")
    play.add_argument("--players", type=whole_option, default=3, help="number of players (default: %(default)s)")
    play.add_argument("--hands", type=whole_option, default=100, help="number of hands (default: %(default)s)")
    play.add_argument("--seed", type=whole_option, default=None,
                      help="random seed: same seed, same session (default: one drawn at random and printed, to "
                           "give back with --seed)")
    play.add_argument("--bots", default=None, type=text_option("bot names separated by commas, e.g. sound,random"),
                      help="comma-separated bots, given to the players in turn (default: sound,random)")
    play.add_argument("--stack", type=whole_option, default=None,
                      help="starting stack (default: the table's minimum, or fifty big bets)")
    play.add_argument("--phh-dir", default=None, metavar="DIR",
                      help="write each hand as a PHH file into DIR (numbered after any hands already there)")
    add_lang(play, "the summary")
    play.add_argument("--json", action="store_true", help="print JSON instead of text")
    play.set_defaults(run=cmd_play)
