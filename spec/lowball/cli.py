"""The ``lowball`` command: a thin face over the package; every command has ``--json``.

Bad input exits with code 2 and a one-line message, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, Sequence

from lowball.errors import LowballError

SYSTEM_HELP = "ranking system (default: %(default)s); one of: {names}"
EXAMPLES = """\
examples:
  lowball rank --system ace-to-six "6♣ 4♥ 3♠ 2♦ A♣"
  lowball rank --system all 5s4d3c2hAd          # the wheel under every system
  lowball compare --system ace-to-six "6c 4h 3s 2d Ac" "5s 4d 3c 2h Ad"
  lowball compare --lang ru --system deuce-to-seven "7c5h4s3d2c" "7d6s5c4c2d"
  lowball census --system ace-to-five

Cards: ranks 2-9, T or 10, J, Q, K, A (any case); suits c d h s or ♣ ♦ ♥ ♠;
separate them with spaces or commas, or run them together.
"""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line and exit 2."""

    def error(self, message: str) -> None:  # noqa: D401 - argparse's hook
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _system_names() -> list[str]:
    from lowball.tables import load_rankings

    return [row.key for row in load_rankings().systems]


def _add_common(parser: argparse.ArgumentParser, *, system: bool = True, allow_all: bool = False) -> None:
    if system:
        names = _system_names() + (["all"] if allow_all else [])
        parser.add_argument("--system", "-s", default="ace-to-six", metavar="SYSTEM",
                            help=SYSTEM_HELP.format(names=", ".join(names)))
    parser.add_argument("--lang", choices=("en", "ru"), default="en", help="language of names and explanations")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def _systems_for(name: str) -> list[str]:
    from lowball.tables import ranking_system

    if name == "all":
        return _system_names()
    return [ranking_system(name).key]


def _hand_record(cards: Sequence[Any], system: str, lang: str) -> dict[str, Any]:
    from lowball.explain import category_name
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
    }


def cmd_rank(args: argparse.Namespace) -> int:
    """Rank one hand under one system (or all of them)."""
    from lowball.ranking import hand_cards

    cards = hand_cards(" ".join(args.cards))
    records = [_hand_record(cards, name, args.lang) for name in _systems_for(args.system)]
    if args.json:
        print(json.dumps(records[0] if len(records) == 1 else records, ensure_ascii=False, indent=2))
        return 0
    word = {"en": "class {rank:,} of {classes:,}", "ru": "класс {rank:,} из {classes:,}"}[args.lang]
    width = max(len(r["system"]) for r in records)
    for r in records:
        print(f"{r['system']:<{width}}  {r['ranks']}: {r['category_name']}, {r['name']} ({word.format(**r)})")
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    """Compare two hands under one system and explain the verdict."""
    from lowball.explain import explain
    from lowball.ranking import compare, hand_cards

    a, b = hand_cards(args.hand_a), hand_cards(args.hand_b)
    if set(a) & set(b):
        shared = " ".join(str(c) for c in sorted(set(a) & set(b)))
        raise LowballError(f"the two hands share cards: {shared}")
    results = []
    for name in _systems_for(args.system):
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
    """Count all 2,598,960 hands by category and class under a system."""
    from lowball.census import census
    from lowball.explain import category_name, value_text

    reports = [census(name, progress=not args.json) for name in _systems_for(args.system)]
    if args.json:
        out = [vars(r) | {"lows_by_top_card": {value_text(k): v for k, v in r.lows_by_top_card.items()}} for r in reports]
        print(json.dumps(out[0] if len(out) == 1 else out, ensure_ascii=False, indent=2))
        return 0
    head = {"en": ("category", "hands", "classes", "best class", "hands", "no-pair hands by top card"),
            "ru": ("категория", "рук", "классов", "лучший класс", "рук", "руки без пары по старшей карте")}[args.lang]
    for r in reports:
        print(f"{r.system}: {r.hands:,} {head[1]}, {r.classes:,} {head[2]}")
        print(f"  {head[0]:<16}{head[1]:>12}{head[2]:>10}")
        for cat, count in r.hands_by_category.items():
            print(f"  {category_name(cat, args.lang):<16}{count:>12,}{r.classes_by_category[cat]:>10,}")
        print(f"  {head[3]}: {r.best_class}, {r.best_class_hands:,} {head[4]}")
        print(f"  {head[5]}: " + ", ".join(f"{value_text(k)}: {v:,}" for k, v in r.lows_by_top_card.items()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """Return the ``lowball`` argument parser with one sub-command per task."""
    parser = OneLineParser(
        prog="lowball",
        description="An executable specification of lowball poker: rank and compare hands under "
                    "ace-to-six, deuce-to-seven and ace-to-five, and see why one hand beats another.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    commands.required = True

    rank = commands.add_parser("rank", help="rank one five-card hand", epilog=EXAMPLES,
                               formatter_class=argparse.RawDescriptionHelpFormatter,
                               description="Rank five cards: category, class rank (1 = best) and name.")
    _add_common(rank, allow_all=True)
    rank.add_argument("cards", nargs="+", metavar="CARDS", help="five cards, e.g. 6c 4h 3s 2d Ac")
    rank.set_defaults(run=cmd_rank)

    comp = commands.add_parser("compare", help="compare two hands and explain why one wins", epilog=EXAMPLES,
                               formatter_class=argparse.RawDescriptionHelpFormatter,
                               description="Compare hand A with hand B and name the rule that decides.")
    _add_common(comp, allow_all=True)
    comp.add_argument("hand_a", metavar="HAND_A", help='five cards, quoted: "6c 4h 3s 2d Ac"')
    comp.add_argument("hand_b", metavar="HAND_B", help='five cards, quoted: "5s 4d 3c 2h Ad"')
    comp.set_defaults(run=cmd_compare)

    cen = commands.add_parser("census", help="count all 2,598,960 hands by category and class",
                              formatter_class=argparse.RawDescriptionHelpFormatter,
                              description="Deal every five-card hand once and count hands and classes "
                                          "per category; also the no-pair hands by top card.")
    _add_common(cen, allow_all=True)
    cen.set_defaults(run=cmd_census)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``lowball`` command line; return the exit code (2 for bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except (LowballError, ValueError) as err:
        print(f"lowball {args.command}: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lowball: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
