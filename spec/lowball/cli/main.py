"""The ``lowball`` command: a thin face over the package; every command has ``--json``.

Bad input exits with code 2 and a one-line message, never a traceback.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import sys
from typing import Any, Callable, Sequence

from lowball.errors import LowballError
from lowball.cli.interrupt import ctrl_c_stops, is_interruption, quiet_z3_finalizers
from lowball.cli.output import READER_GONE, OutputError, guarded_stdout, silence_stdout

SYSTEM_HELP = ("ranking system (default: the teaching table's, {default}); one of: {names}; the names in brackets "
               "are aliases, in any case")
CARDS_NOTE = """
Cards: ranks 2-9, T or 10, J, Q, K, A (any case); suits c d h s or ♣ ♦ ♥ ♠;
separate them with spaces or commas, or run them together.
"""
RANK_EXAMPLES = """\
examples:
  lowball rank --system ace-to-six "6♣ 4♥ 3♠ 2♦ A♣"
  lowball rank --system all 5s4d3c2hAd          # the wheel under every system
  lowball rank -s 2-7 --lang ru 7c5h4s3d2c      # an alias; names in Russian
  lowball rank --system badugi "Ac 2d 3h 4s"    # four cards in badugi (U1)
""" + CARDS_NOTE
COMPARE_EXAMPLES = """\
examples:
  lowball compare --system ace-to-six "6c 4h 3s 2d Ac" "5s 4d 3c 2h Ad"
  lowball compare --lang ru --system deuce-to-seven "7c5h4s3d2c" "7d6s5c4c2d"
  lowball compare --system all --json "8c 6h 4d 3c Ad" "7s 5s 4s 3s As"   # the flush, system by system
""" + CARDS_NOTE
CENSUS_EXAMPLES = """\
examples:
  lowball census --system ace-to-five
  lowball census --system ace-to-five --joker   # the 53-card deck: 2,869,685 hands (F8)
  lowball census --cards 7                      # all 133,784,560 seven-card hands, best five (L1)
  lowball census --game razz --lang ru          # a game's ranking over the cards a player ends with
"""
EXAMPLES = """\
examples:
  lowball rank --system ace-to-six "6♣ 4♥ 3♠ 2♦ A♣"
  lowball rank --system all 5s4d3c2hAd          # the wheel under every system
  lowball compare --system ace-to-six "6c 4h 3s 2d Ac" "5s 4d 3c 2h Ad"
  lowball compare --lang ru --system deuce-to-seven "7c5h4s3d2c" "7d6s5c4c2d"
  lowball census --system ace-to-five
  lowball census --system ace-to-five --joker   # the 53-card deck: 2,869,685 hands (F8)
  lowball census --cards 7                      # all 133,784,560 seven-card hands, best five (L1)
  lowball split "Ah 2h 3d 4c 9h Kh 7h" "As Ks Qd Qc 9s 8s 2s"   # stud high-low: each half, the scoop (L2)

Each command says more with --help (lowball rank --help); every command speaks English or Russian (--lang).
""" + CARDS_NOTE


# What a --game option takes, in the words of its refusal.
GAME_NAME = "a built-in game's name (see `lowball games`) or a table file"

# An error is one short line: at most this many characters (a user's long input is quoted in part).
MAX_ERROR = 300


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line and exit 2 (as JSON on stderr with ``--json``).

    Options are never abbreviated (``allow_abbrev=False``): a script that says ``--js`` would otherwise get
    ``--json`` today and an error the day another option starts with ``--js``; an unknown option that begins a
    known one is refused with a hint instead.
    """

    json_errors = False
    known_options: frozenset[str] = frozenset()

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # noqa: D401 - argparse's hook
        report(f"{self.prog}: error: {message}{abbreviation_hint(message, self.known_options)} (see --help)",
               "UsageError", self.json_errors)
        self.exit(2)


def abbreviation_hint(message: str, options: frozenset[str]) -> str:
    """Return a hint for an unrecognized option that begins a known one (options are not abbreviated).

    >>> abbreviation_hint("unrecognized arguments: --js", frozenset({"--json", "--joker"}))
    '; did you mean --json? (options are not abbreviated)'
    """
    if not message.startswith("unrecognized arguments:"):
        return ""
    for word in message.split(":", 1)[1].split():
        matches = sorted(o for o in options if word.startswith("--") and len(word) > 2 and o.startswith(word))
        if matches:
            return f"; did you mean {' or '.join(matches)}? (options are not abbreviated)"
    return ""


def wants_json(argv: Sequence[str]) -> bool:
    """Return whether the command line asks for JSON, so that even its usage errors are JSON.

    ``--js`` and ``--jso`` are refused (options are not abbreviated), but a script that typed them wanted JSON.

    >>> wants_json(["rank", "--jso", "Zc"]), wants_json(["rank", "--", "--json"]), wants_json(["rank", "Ac"])
    (True, False, False)
    """
    for word in argv:
        if word == "--":
            return False
        if word.startswith("--json=") or (len(word) > 2 and "--json".startswith(word)):
            return True
    return False


def one_line(text: str) -> str:
    """Return ``text`` as one line of at most ``MAX_ERROR`` characters.

    >>> one_line("bad" + chr(10) + "input " + "x" * 400)[:20], len(one_line("x" * 400))
    ('bad input xxxxxxxxxx', 300)
    """
    line = " ".join(str(text).split())
    return line if len(line) <= MAX_ERROR else line[: MAX_ERROR - 1] + "…"


def report(message: str, kind: str, as_json: bool) -> None:
    """Print an error to stderr: one short line, or ``{"error": ..., "kind": ...}`` for scripts (``--json``)."""
    line = one_line(message)
    text = json.dumps({"error": line, "kind": kind}, ensure_ascii=False) if as_json else line
    if sys.stderr is None:              # started with stderr closed: the exit code is all that can be said
        return
    try:
        try:
            print(text, file=sys.stderr, flush=True)
        except UnicodeEncodeError:      # a terminal that cannot show the text: say it in ASCII rather than fail
            print(text.encode("ascii", "backslashreplace").decode("ascii"), file=sys.stderr, flush=True)
    except OSError:                     # stderr refuses too (2>/dev/full): the exit code still tells
        pass


def package_version() -> str:
    """Return the version of the installed package (``importlib.metadata``), or say it is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lowball-spec")
    except PackageNotFoundError:        # run from a source tree that was never installed
        return "(not installed: no version)"


def _system_names() -> list[str]:
    from lowball.core.rankings import load_rankings

    return [row.key for row in load_rankings().all_systems]


def system_help(allow_all: bool = False) -> str:
    """Return the help of a ``--system`` option: the default, then every system with its aliases (and "all")."""
    from lowball.core.rankings import load_rankings
    from lowball.ranking import as_system

    names = [f"{row.key} ({', '.join(row.aliases)})" if row.aliases else row.key
             for row in load_rankings().all_systems] + (["all"] if allow_all else [])
    # No default typed here: None is the teaching table's system, read from its table.
    return SYSTEM_HELP.format(default=as_system(None).key, names=", ".join(names))


def add_lang(parser: argparse.ArgumentParser, what: str = "names and explanations") -> None:
    """Add ``--lang`` to a command: the language of ``what`` it prints, English unless told."""
    from lowball.core.rankings import LANGUAGES

    parser.add_argument("--lang", choices=LANGUAGES, default=LANGUAGES[0],
                        help=f"language of {what} (default: %(default)s)")


def _add_common(parser: argparse.ArgumentParser, *, system: bool = True, allow_all: bool = False) -> None:
    if system:
        parser.add_argument("--system", "-s", default=None, metavar="SYSTEM", help=system_help(allow_all))
    add_lang(parser)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def system_of(name: str | None, allow_all: bool = False) -> str | None:
    """Return the key of the system ``--system`` names (a key or an alias, in any case), "all", or None (the
    teaching table's); refuse any other name, listing the names it takes."""
    if name is None:
        return None
    if allow_all and name.strip().casefold() == "all":
        return "all"
    from lowball.core.files import quote
    from lowball.errors import RulesError
    from lowball.ranking import as_system

    try:
        return as_system(name).key
    except RulesError:
        known = ", ".join(_system_names() + (["all"] if allow_all else []))
        raise LowballError(f"--system: unknown ranking system {quote(name)} (known: {known}; or an alias, "
                           f"see --help)") from None


def _systems_for(name: str | None, cards: Sequence[Any] = (), size: int | None = None) -> list[str]:
    """Return the systems a command runs under: one, or "all" (those that take a joker, if the cards hold it, and
    rank hands of ``size`` cards, if given)."""
    from lowball.core.cards import JOKER
    from lowball.ranking import as_system

    if name == "all":
        rows = [as_system(key) for key in _system_names()]
        # Badugi ranks four cards (U1), the others five (H2).
        return [row.key for row in rows if (JOKER not in cards or row.joker is not None)
                and (size is None or row.hand_size == size)]
    return [as_system(name).key]


def _hand_for(text: str, name: str | None) -> tuple[Any, ...]:
    """Return the cards of one hand for the named system (five; four in badugi, U1), or for "all": five or four."""
    from lowball.core.cards import parse_cards
    from lowball.core.rankings import HAND_SIZE, load_rankings
    from lowball.ranking import as_system

    if name != "all":
        return parse_cards(text, count=as_system(name).hand_size)
    cards = parse_cards(text)
    sizes = sorted({row.hand_size for row in load_rankings().all_systems})
    if len(cards) not in sizes:
        parse_cards(text, count=HAND_SIZE)              # names the problem: expected 5 cards, got n
    return cards


def _hand_record(cards: Sequence[Any], system: str, lang: str) -> dict[str, Any]:
    from lowball.text.explain import category_name, describe
    from lowball.ranking import class_count, evaluate, hand_name, rank_text, ranking_system

    value = evaluate(cards, system)
    row = ranking_system(system)
    return {
        "system": system,
        "cards": " ".join(str(c) for c in cards),
        "ranks": rank_text(cards, system),
        "category": value.category,
        "category_name": category_name(value.category, lang),
        "rank": value.rank,
        "classes": class_count(system),
        "name": hand_name(value.cards, row, lang),
        "description": describe(cards, system, lang),      # with the cards that do not play (U1), the joker (F8)
    }


def cmd_rank(args: argparse.Namespace) -> int:
    """Rank one hand under one system (or all of them)."""
    args.system = system_of(args.system, allow_all=True)
    cards = _hand_for(" ".join(args.cards), args.system)
    records = [_hand_record(cards, name, args.lang) for name in _systems_for(args.system, cards, len(cards))]
    if args.json:
        print(json.dumps(records[0] if len(records) == 1 else records, ensure_ascii=False, indent=2))
        return 0
    from lowball.text.plural import digits

    word = {"en": "class {} of {}", "ru": "класс {} из {}"}[args.lang]
    width = max(len(r["system"]) for r in records)
    for r in records:
        where = word.format(digits(r["rank"], args.lang), digits(r["classes"], args.lang))
        print(f"{r['system']:<{width}}  {r['description']} ({where})")
    return 0


def cmd_split(args: argparse.Namespace) -> int:
    """Show each player's high and low five of a split game, who wins each half, and who scoops (L1, L2)."""
    from lowball.core.arguments import NAME_CHARS, is_name
    from lowball.core.cards import check_disjoint, format_cards, parse_cards
    from lowball.core.files import quote
    from lowball.core.games import builtin_games, load_game_table
    from lowball.text.split import explain_split, split_hands

    # No game name typed here: the default is the first built-in game whose pot is split (L2).
    table = load_game_table(args.game) if args.game else \
        next(t for t in builtin_games() if t.split and t.sides[0].half == "high")
    if not table.split:
        raise LowballError(f"--game: {table.name} is not a split game (L1, L2): its pot goes to one hand")
    if table.sides[0].half != "high":
        raise LowballError(f"--game: {table.name} splits the pot between a five-card hand and a badugi (Z2); "
                           f"split shows a high and a low (L1, L2)")
    high = next(side for side in table.sides if side.half == "high")
    low = next(side for side in table.sides if side.half == "low")
    hands = [parse_cards(text) for text in args.hands]
    for index, cards in enumerate(hands):
        if not 5 <= len(cards) <= 7:
            raise LowballError(f"hand {index + 1}: five to seven cards, got {len(cards)}: {format_cards(cards)}")
    check_disjoint(hands)
    names = [n.strip() for n in args.names.split(",")] if args.names else []
    if names and (len(names) != len(hands) or len(set(names)) != len(names) or not all(map(is_name, names))):
        raise LowballError(f"--names: give {len(hands)} different names of 1 to {NAME_CHARS} printable characters, "
                           f"one per hand, got {quote(args.names)}")
    players = dict(zip(names, args.hands)) if names else list(args.hands)
    if args.json:
        found = split_hands(players, high.system, low.qualifier, args.lang)
        print(json.dumps({"game": table.name, "high": high.system, "qualifier": low.qualifier,
                          "explanation": explain_split(players, high.system, low.qualifier, args.lang),
                          "players": [{"name": p.name, "cards": format_cards(p.cards), "high": format_cards(p.high),
                                       "low": format_cards(p.low) if p.low else None} for p in found]},
                         ensure_ascii=False, indent=2))
        return 0
    print(explain_split(players, high.system, low.qualifier, args.lang))
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    """Compare two hands under one system and explain the verdict."""
    from lowball.text.explain import explain
    from lowball.ranking import compare

    args.system = system_of(args.system, allow_all=True)
    a, b = _hand_for(args.hand_a, args.system), _hand_for(args.hand_b, args.system)
    if len(a) != len(b):
        raise LowballError(f"hand A holds {len(a)} cards and hand B {len(b)}: compare hands of one size")
    if set(a) & set(b):
        shared = " ".join(str(c) for c in sorted(set(a) & set(b)))
        raise LowballError(f"the two hands share cards: {shared}")
    results = []
    for name in _systems_for(args.system, a + b, len(a)):
        result = compare(a, b, name)
        results.append({
            "system": name,
            "result": result,
            "winner": {1: "a", -1: "b", 0: "tie"}[result],
            "explanation": explain(a, b, name, args.lang),
            "a": _hand_record(a, name, args.lang),
            "b": _hand_record(b, name, args.lang),
        })
    if args.json:
        print(json.dumps(results[0] if len(results) == 1 else results, ensure_ascii=False, indent=2))
        return 0
    verdict = {
        "en": {"a": "hand A wins", "b": "hand B wins", "tie": "tie"},
        "ru": {"a": "выигрывает рука A", "b": "выигрывает рука B", "tie": "ничья"},
    }[args.lang]
    for r in results:
        print(f"{r['system']}: {verdict[r['winner']]} — {r['explanation']}")
    return 0


def cmd_census(args: argparse.Namespace) -> int:
    """Count every hand (five or seven cards; the 53-card deck with --joker) by category and class under a system."""
    from lowball.analysis.census import census
    from lowball.core.cards import DECK, deck_of
    from lowball.core.rankings import HAND_SIZE
    from lowball.core.rankings import load_rankings
    from lowball.text.explain import category_name, value_text

    args.system = system_of(args.system, allow_all=True)
    deck = len(deck_of(len(DECK) + 1)) if args.joker else args.deck
    cards = args.cards
    if args.game:                       # the game's ranking over the cards a player ends with (N1, Y1: seven)
        from lowball.core.games import load_game_table

        table = load_game_table(args.game)
        if args.system:
            raise LowballError("census: give --game or --system, not both")
        if table.split:
            raise LowballError(f"--game: {table.name} splits the pot (L2): count each half with --system")
        args.system, cards = table.ranking, table.hand_size
    # Seven cards: every five-card system unless one is named (each one's best five of seven, L1).
    name = "all" if args.system is None and cards is not None and cards > HAND_SIZE else args.system
    systems = _systems_for(name, deck_of(deck), size=HAND_SIZE if name == "all" and cards else None)
    reports = [census(key, progress=not args.json, cards=cards, deck=deck) for key in systems]
    if args.json:
        out = [vars(r) | {"lows_by_top_card": {value_text(k): v for k, v in r.lows_by_top_card.items()}} for r in reports]
        print(json.dumps(out[0] if len(out) == 1 else out, ensure_ascii=False, indent=2))
        return 0
    from lowball.text.plural import CARD, CLASS, HAND, counted, digits

    ru = args.lang == "ru"

    def many(n: int, noun, en_forms: tuple[str, str]) -> str:      # "2,598,960 hands", "2 598 960 рук"
        return f"{digits(n, args.lang)} " + (noun.form(n) if ru else counted(n, en_forms, "en"))

    head = ("категория", "руки", "классы") if ru else ("category", "hands", "classes")
    for r in reports:
        deck_words = f"колода из {r.deck} {CARD.form(r.deck, 'gen')}" if ru else f"a {r.deck}-card deck"
        print(f"{r.system}: {many(r.hands, HAND, ('hand', 'hands'))} ({many(r.cards, CARD, ('card', 'cards'))}, "
              f"{deck_words}), {many(r.classes, CLASS, ('class', 'classes'))}")
        print(f"  {head[0]:<16}{head[1]:>14}{head[2]:>10}")
        for cat, count in r.hands_by_category.items():
            print(f"  {category_name(cat, args.lang):<16}{digits(count, args.lang):>14}"
                  f"{digits(r.classes_by_category[cat], args.lang):>10}")
        best = "лучший класс" if ru else "best class"
        print(f"  {best}: {r.best_class}, {many(r.best_class_hands, HAND, ('hand', 'hands'))}")
        if r.lows_by_top_card:          # badugi (U2) has no no-pair category
            title = "руки без пары по старшей карте" if ru else "no-pair hands by top card"
            print(f"  {title}: " + ", ".join(f"{value_text(k)}: {digits(v, args.lang)}"
                                             for k, v in r.lows_by_top_card.items()))
    rules = {rule.key: rule for rule in load_rankings().qualifiers}
    for r in reports:                   # a qualifier (L1) reads one system's lows: shown for that system only
        for key, count in r.qualifying_lows.items():
            rule = rules[key]
            if rule.system != r.system:
                continue
            what = "руки с проходной младшей рукой" if ru else "hands with a qualifying low"
            print(f"{what} ({getattr(rule, args.lang)}, {rule.clause}): {digits(count, args.lang)} "
                  f"{'из' if ru else 'of'} {digits(r.hands, args.lang)}")
    return 0


def _settings(pairs: list[str]) -> dict[str, str]:
    from lowball.core.files import quote

    settings = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise LowballError(f"--set needs KEY=VALUE, got {pair!r} (e.g. --set raises_per_round=4)")
        if not value.strip():           # an unset variable in a script, not a wish for an empty name
            raise LowballError(f"--set {quote(key.strip())[1:-1]}=: the value after '=' is empty; give one, "
                               f"e.g. --set raises_per_round=4")
        settings[key.strip()] = value.strip()
    return settings


def settled_part(report: str) -> str:
    """Return what of a verify report stays as it is while more checks come: all but its summary line.

    >>> settled_part("lowball verify: t" + 2 * chr(10) + "1. a: proved" + 2 * chr(10) + "all properties hold")
    'lowball verify: t\\n\\n1. a: proved\\n'
    """
    return report[:report.rindex("\n\n") + 1]


def cmd_verify(args: argparse.Namespace) -> int:
    """Prove every property of a game table and its rankings; exit 0 only if every applicable one holds.

    The text report is printed a property at a time, as each is settled; its lines are those of ``render``.
    """
    from lowball.core.progress import progress_bar
    from lowball.verify import holds, load_for_verify, verify
    from lowball.verify.ctrl_c import proofs_stop_on_ctrl_c
    from lowball.verify.properties import NUMBERS, parse_only
    from lowball.verify.report import as_json, render

    only = parse_only(args.only)
    table, rankings = load_for_verify(args.rules, _settings(args.set), args.rankings)
    settled: list[Any] = []
    shown = ""                          # the report's text printed so far
    # No delay: the first property may be the long one (every hand, property 2), and the bar says work goes on.
    bar = progress_bar(total=len(only or NUMBERS), unit=" properties", desc="verify", enabled=not args.json, delay=0)

    def show(check: Any) -> None:
        nonlocal shown
        bar.update()
        if args.json:                   # one JSON document, at the end
            return
        settled.append(check)
        done = settled_part(render(settled, table, args.lang))
        bar.put(done[len(shown):-1])    # print() adds the last newline back
        shown = done

    with bar, proofs_stop_on_ctrl_c():
        checks = verify(table, rankings, exhaustive=not args.quick, only=only, on_check=show)
    print(as_json(checks, table) if args.json else render(checks, table, args.lang)[len(shown):])
    return 0 if holds(checks) else 1


def build_parser() -> argparse.ArgumentParser:
    """Return the ``lowball`` argument parser with one sub-command per task.

    The commands' modules (and numpy, Z3 with them) are imported here, not when ``lowball.cli`` is: ``main``
    builds the parser inside its Ctrl-C handling, so a Ctrl-C while they load is "interrupted", exit 130.
    """
    from lowball.cli.games import add_game_commands
    from lowball.cli.odds import add_odds_command
    from lowball.cli.solve import add_solve_commands
    from lowball.cli.importer import add_import_command
    from lowball.core.arguments import text_option, whole_option

    parser = OneLineParser(
        prog="lowball",
        description="An executable specification of lowball poker: rank and compare hands under "
                    "ace-to-six, deuce-to-seven and ace-to-five, and see why one hand beats another.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"lowball {package_version()}",
                        help="print the version of lowball and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    commands.required = True

    rank = commands.add_parser("rank", help="rank one five-card hand (four in badugi)", epilog=RANK_EXAMPLES,
                               formatter_class=argparse.RawDescriptionHelpFormatter,
                               description="Rank five cards (four under badugi, U1): category, class rank "
                                           "(1 = best) and name.")
    _add_common(rank, allow_all=True)
    rank.add_argument("cards", nargs="+", metavar="CARDS", help="five cards, e.g. 6c 4h 3s 2d Ac")
    rank.set_defaults(run=cmd_rank)

    comp = commands.add_parser("compare", help="compare two hands and explain why one wins", epilog=COMPARE_EXAMPLES,
                               formatter_class=argparse.RawDescriptionHelpFormatter,
                               description="Compare hand A with hand B and name the rule that decides.")
    _add_common(comp, allow_all=True)
    comp.add_argument("hand_a", metavar="HAND_A", help='five cards, quoted: "6c 4h 3s 2d Ac"')
    comp.add_argument("hand_b", metavar="HAND_B", help='five cards, quoted: "5s 4d 3c 2h Ad"')
    comp.set_defaults(run=cmd_compare)

    spl = commands.add_parser(
        "split", help="the high and the low of each hand of a split game, and who wins each half",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="For stud high-low (L1, L2): each player's best high five and best eight-or-better low five of "
                    "their five to seven cards, which cards play in both, who wins each half, and who scoops.",
        epilog="examples:\n"
               '  lowball split "Ah 2h 3d 4c 9h Kh 7h" "As Ks Qd Qc 9s 8s 2s"\n'
               '  lowball split --names Lena,Misha --lang ru "Ah 2h 3d 4c 9h Kh 7h" "As Ks Qd Qc 9s 8s 2s"\n')
    spl.add_argument("hands", nargs="+", metavar="HAND", help='five to seven cards, quoted: "Ah 2h 3d 4c 9h Kh 7h"')
    spl.add_argument("--game", default=None, metavar="NAME|FILE", type=text_option(GAME_NAME),
                     help="a split game's table, for its high ranking and its qualifier (default: the first built-in "
                          "split game, as `lowball games` lists them)")
    spl.add_argument("--names", default="", metavar="A,B,...", help="the players' names, in the hands' order")
    add_lang(spl)
    spl.add_argument("--json", action="store_true", help="print JSON instead of text")
    spl.set_defaults(run=cmd_split)

    cen = commands.add_parser("census", help="count every hand (five or seven cards) by category and class",
                              formatter_class=argparse.RawDescriptionHelpFormatter, epilog=CENSUS_EXAMPLES,
                              description="Deal every five-card hand once (2,598,960; 2,869,685 with the joker) "
                                          "or walk every seven-card hand (133,784,560, each played as its best "
                                          "five, L1) and count hands and classes per category; also the no-pair "
                                          "hands by top card and the hands that hold a qualifying low (L1).")
    _add_common(cen, allow_all=True)
    from lowball.analysis.census import CENSUS_CARDS
    from lowball.core.cards import DECK

    cen.add_argument("--cards", type=whole_option, choices=CENSUS_CARDS, default=None,
                     help="cards per hand, each played as its best five (default: the system's hand, 5; badugi's "
                          "4); 7 without --system: every five-card system")
    cen.add_argument("--game", default=None, metavar="NAME|FILE", type=text_option(GAME_NAME),
                     help="count the hands of a game: its ranking over the cards a player ends with "
                          "(london-lowball, deuce-to-seven-razz: seven)")
    cen.add_argument("--deck", type=whole_option, choices=(len(DECK), len(DECK) + 1), default=len(DECK),
                     help="52 cards, or 53 with the joker (five-card hands, ace-to-five only: F2, F8)")
    cen.add_argument("--joker", action="store_true", help="the same as --deck 53")
    cen.set_defaults(run=cmd_census)

    add_odds_command(commands)

    add_game_commands(commands)

    add_solve_commands(commands)

    add_import_command(commands)

    ver = commands.add_parser(
        "verify", help="prove the guarantees of a game table (or your house rules)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Check every property of a game table and its ranking systems with Z3 (and by enumerating "
                    "all hands): well-formed rankings, a total order, the seeds' worked cases, no all-in with "
                    "the minimum stack, a deck that serves every card, chips conserved, rounds that end, redeals "
                    "that stop. Each property is proved, refuted with a counterexample in poker terms, or said not "
                    "to apply to the game. Exit 0 only when every applicable one holds, 1 when one is refuted, 2 "
                    "for a malformed rules file.",
        epilog="examples:\n"
               "  lowball verify                                  # the teaching table\n"
               "  lowball verify --set raises_per_round=4         # a house rule: bet + 4 raises\n"
               "  lowball verify --set players.max=6 --set min_stack=12\n"
               "  lowball verify --set rankings.systems.ace-to-six.wheel_is_straight=false\n"
               "  lowball verify --rules my-table.toml --json")
    ver.add_argument("--game", "--rules", dest="rules", metavar="NAME|FILE", default=None, type=text_option(GAME_NAME),
                     help="a built-in game (see `lowball games`) or a game table file (default: the teaching table); "
                          "--rules is the same option")
    ver.add_argument("--rankings", metavar="FILE.toml", default=None, type=text_option("a rankings table file"),
                     help="a rankings table (default: shipped)")
    ver.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                     help="change a dotted key of the table, e.g. players.max=6, raises_per_round=4, min_stack=12; "
                          "keys starting rankings. change the rankings table")
    ver.add_argument("--quick", action="store_true", help="skip the enumeration of all 2,598,960 hands")
    from lowball.verify.properties import PROPERTIES

    listed = "; ".join(f"{p.number} {p.name}" for p in PROPERTIES)      # from the properties' one home
    ver.add_argument("--only", metavar="N,N", default=None, type=text_option("property numbers such as 4,5"),
                     help=f"check only these properties, e.g. 4,5: {listed}")
    add_lang(ver, "the report's titles and verdicts")
    ver.add_argument("--json", action="store_true", help="print JSON instead of text")
    ver.set_defaults(run=cmd_verify)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``lowball`` command line; return the exit code (2 for bad input, 130 when interrupted).

    Usage errors (and ``--help``) leave through argparse's ``SystemExit`` with the same codes.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    as_json = wants_json(argv)
    try:
        with ctrl_c_stops():
            return _run(argv, as_json)
    except (KeyboardInterrupt, ctypes.ArgumentError) as err:   # Ctrl-C: in a proof, a census, a session...
        if not is_interruption(err):
            raise
        report("lowball: interrupted", "Interrupted", as_json)
        quiet_z3_finalizers()
        return 130


def _run(argv: list[str], as_json: bool) -> int:
    for stream in (sys.stdout, sys.stderr):      # output a terminal cannot encode is replaced, not a crash
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = build_parser()
    if not argv:                                 # a newcomer's first try: the help, not an error
        with guarded_stdout():
            parser.print_help()
        return 0
    commands = {sub.prog.split()[-1]: sub for sub in _subparsers(parser)}
    # An unknown option is told the options of the command it was given to (the first command word on the line).
    named = next((commands[word] for word in argv if word in commands), parser)
    options = frozenset(named._option_string_actions)
    for sub in [parser, *commands.values()]:
        sub.json_errors, sub.known_options = as_json, options
    command = "lowball"
    try:
        with guarded_stdout():
            args = parser.parse_args(argv)
            command = f"lowball {args.command}"
            run: Callable[[argparse.Namespace], int] = args.run
            return run(args)
    except LowballError as err:                  # only the project's own errors mean bad input
        report(f"{command}: error: {err}", type(err).__name__, as_json)
        return 2
    except OutputError as err:
        silence_stdout(err.stream)
        if err.reader_gone:
            return READER_GONE
        report(f"{command}: error: {err}", "OutputError", as_json)
        return 2


def _subparsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """Return every sub-command's parser (so each reports usage errors the same way)."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found += list(action.choices.values())
    return found


if __name__ == "__main__":
    sys.exit(main())
