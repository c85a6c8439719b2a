"""The ``lowball odds`` sub-command: exact draw odds of one discard, or all 32 discards ranked by a goal.

A thin face over ``lowball.analysis.odds``: it parses the cards, calls one function and
prints its result (as text, or as JSON with ``--json``). Bad input raises a
``LowballError`` whose one-line message ``lowball.cli.main`` prints, exiting 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from lowball.analysis.best_play import BestPlay, best_play
from lowball.analysis.draws import ManyDrawOdds, many_draw_odds
from lowball.core.cards import DECK, format_cards
from lowball.errors import LowballError
from lowball.analysis.odds import DrawOdds, draw_odds, goal_kind, kinds, rank_discards, rest_label
from lowball.ranking import as_system, hand_cards
from lowball.core.rankings import load_rankings

# Ways to say "discard nothing" (stand pat, D1) on the command line.
STAND_PAT = ("", "-", "none", "pat")

ODDS_EXAMPLES = """\
examples:
  lowball odds --system ace-to-six "Ac 2d 3h 4s Kc" --discard Kc      # 4/47 six-four, 8/47 seven or better
  lowball odds --system ace-to-five Ac2d3h4sKc --discard Kc --json
  lowball odds --system deuce-to-seven "7c 5d 4h 9s Kc"               # every discard, best first
  lowball odds "Kc Qd 4h 3s 2c" --goal six                           # best first for a six-low
  lowball odds -s ace-to-five Ac2d3h4sKc -d Kc --joker                # the joker in the deck: 48 unseen (F8)
  lowball odds -s deuce-to-seven "7c 5d 2h Ks Qs" --draws 3           # best play over three draws: 26.2%
  lowball odds -s deuce-to-seven "7c 5d 2h Ks Qs" -d "Ks Qs" --draws 3 --fixed-keep   # the same two slots: 12.9%
  lowball odds -s badugi "Ac 2d 3h Kh" --goal seven --draws 2          # badugi: four cards (U1, U4)

Every set of replacement cards from the 47 you have not seen is equally likely
(your own discards never come back, D1); the odds are exact counts, not samples.
"""


def add_odds_command(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``lowball odds`` to the sub-commands of the ``lowball`` parser and return its parser.

    >>> parser = argparse.ArgumentParser(prog="lowball")
    >>> odds = add_odds_command(parser.add_subparsers())
    >>> args = parser.parse_args(["odds", "Ac 2d 3h 4s Kc", "--discard", "Kc"])
    >>> odds.prog, args.discard, args.run is cmd_odds
    ('lowball odds', 'Kc', True)
    """
    names = [row.key for row in load_rankings().systems]
    odds = subparsers.add_parser(
        "odds", help="exact draw odds of a discard, or the best discard",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=ODDS_EXAMPLES,
        description="Count every equally likely replacement set and report the chances of each kind of low "
                    "(six-low or better, seven-low or better, ...). Without --discard, rank all 32 discards "
                    "by the chance of --goal. With --draws N, the chance of --goal within N draws played best "
                    "(every keep chosen to make it, exactly), beside the fixed-keep rule; badugi's four cards "
                    "are counted the same way.")
    # No default typed here: None is the teaching table's system, read from its table.
    odds.add_argument("--system", "-s", default=None, metavar="SYSTEM",
                      help=f"ranking system (default: the teaching table's, {as_system(None).key}); "
                           f"one of: {', '.join(names)}")
    odds.add_argument("cards", nargs="+", metavar="CARDS",
                      help="the cards held: five, e.g. Ac 2d 3h 4s Kc (four in badugi, U4)")
    odds.add_argument("--discard", "-d", default=None, metavar="CARDS",
                      help='the cards thrown, quoted: "Kc 9h" ("none" to stand pat); '
                           "omitted: every discard, best first")
    odds.add_argument("--goal", "-g", default=None, metavar="GOAL",
                      help="the kind of hand to aim for when ranking discards: six, seven, eight, nine, ten, "
                           "no-pair (five too in ace-to-five; categories such as straight for high); "
                           "default: seven")
    odds.add_argument("--deck", type=int, choices=(len(DECK), len(DECK) + 1), default=len(DECK),
                      help="52 cards, or 53 with the joker (ace-to-five only: F2, F8)")
    odds.add_argument("--joker", action="store_true", help="the same as --deck 53")
    odds.add_argument("--draws", type=int, default=1, metavar="N",
                      help="draws to make the hand in (default 1; triple draw: 3). With more than one, the best "
                           "play: at each draw the player keeps whatever gives the best chance of --goal by the "
                           "last draw, having seen every card he threw (exact, by dynamic programming); beside it, "
                           "labelled, the fixed-keep rule: the same cards kept every draw (K2, K8)")
    odds.add_argument("--fixed-keep", action="store_true",
                      help="with --draws N and --discard: only the fixed-keep rule, for every kind of low")
    odds.add_argument("--json", action="store_true", help="print JSON instead of text")
    odds.set_defaults(run=cmd_odds)
    return odds


def cmd_odds(args: argparse.Namespace) -> int:
    """Print the odds of ``--discard``, or of every discard ranked by ``--goal``; return the exit code.

    >>> cmd_odds(argparse.Namespace(system="ace-to-five", cards=["Ac2d3h4sKc"], discard="Kc", goal="seven",
    ...                             json=False, deck=52, joker=False))
    ace-to-five: Ac 2d 3h 4s Kc, throwing Kc: 47 equally likely draws
      five-low or better    4 of 47    8.5%
      six-low or better     8 of 47   17.0%
      seven-low or better  12 of 47   25.5%  <- goal
      eight-low or better  16 of 47   34.0%
      nine-low or better   20 of 47   42.6%
      ten-low or better    24 of 47   51.1%
      no pair              35 of 47   74.5%
      pair or worse        12 of 47   25.5%
    0
    """
    row = as_system(args.system)
    deck = len(DECK) + 1 if getattr(args, "joker", False) else getattr(args, "deck", len(DECK))
    goal = goal_kind(row, args.goal)
    draws = getattr(args, "draws", 1)
    thrown = None if args.discard is None else "" if args.discard.strip().lower() in STAND_PAT else args.discard
    if not row.five_cards or (draws != 1 and not getattr(args, "fixed_keep", False)):
        # Badugi (four cards, U4) and several draws: the best play, exact; beside it the fixed-keep rule.
        play = best_play(" ".join(args.cards), row, goal.key, draws=draws, deck=deck, discard=thrown,
                         progress=not args.json)
        many = many_draw_odds(play.cards, play.discard, row, draws=draws, deck=deck) \
            if row.five_cards else None
        if args.json:
            print(json.dumps(play.as_dict() | ({"fixed_keep": many.as_dict()} if many else {}), indent=2))
        else:
            print("\n".join(best_lines(play, many, asked=thrown is not None)))
        return 0
    cards = hand_cards(" ".join(args.cards))
    if draws != 1:
        if thrown is None:
            raise LowballError("--fixed-keep needs --discard: the fixed-keep rule keeps the same cards every draw")
        many = many_draw_odds(cards, thrown, row, draws=draws, deck=deck)
        if args.json:
            print(json.dumps(many.as_dict() | {"goal": goal.key, "play": "fixed-keep"}, indent=2))
        else:
            print("\n".join(many_lines(many, goal.key)))
        return 0
    if args.discard is not None:
        thrown = "" if args.discard.strip().lower() in STAND_PAT else args.discard
        odds = draw_odds(cards, thrown, row, deck)
        if args.json:
            print(json.dumps(odds.as_dict() | {"goal": goal.key}, indent=2))
        else:
            print("\n".join(odds_lines(odds, goal.key)))
        return 0
    ranked = rank_discards(cards, row, goal.key, deck)
    if args.json:
        print(json.dumps({"system": row.key, "cards": format_cards(cards), "goal": goal.key,
                          "best": format_cards(ranked[0].discard),
                          "discards": [odds.as_dict() for odds in ranked]}, indent=2))
    else:
        print("\n".join(ranking_lines(ranked, goal.key)))
    return 0


def many_lines(odds: ManyDrawOdds, goal: str) -> list[str]:
    """Return the text report of the chances within several draws: one line per kind, the goal marked.

    >>> many_lines(many_draw_odds("7c 6d 3h 2s Kc", "Kc", "deuce-to-seven", draws=3), "seven")[1]
    '  seven-low or better   43.6%  (7076/16215)  <- goal'
    """
    action = f"throwing {format_cards(odds.discard)}" if odds.discard else "standing pat"
    lines = [f"{odds.system}: {format_cards(odds.cards)}, {action}, within {odds.draws} draws "
             f"(kept cards held, the thrown ones redrawn until the kind is made)"]
    width = max(len(kind.label) for kind, _ in odds.chances)
    for kind, chance in odds.chances:
        mark = "  <- goal" if kind.key == goal else ""
        lines.append(f"  {kind.label:<{width}}  {100 * float(chance):5.1f}%  ({chance}){mark}")
    return lines


def best_lines(play: BestPlay, fixed: ManyDrawOdds | None, asked: bool) -> list[str]:
    """Return the text report of the best play, and of the fixed-keep rule beside it (five-card games).

    >>> play = best_play("7c 6d 3h 2s Kc", "deuce-to-seven", "seven", draws=3)
    >>> print("\\n".join(best_lines(play, many_draw_odds(play.cards, play.discard, "deuce-to-seven", draws=3), False)))
    deuce-to-seven: 7c 6d 3h 2s Kc, seven-low or better within 3 draws
      best play: throw Kc first, then keep at each draw what gives the best chance   43.6%  (7076/16215)
      fixed keep: keep 7c 6d 3h 2s every draw and redraw the rest until it is made   43.6%  (7076/16215)
    """
    throw = f"throw {format_cards(play.discard)}" if play.discard else "stand pat"
    lines = [f"{play.system}: {format_cards(play.cards)}, {play.goal.label} within "
             f"{play.draws} draw{'s' if play.draws != 1 else ''}"]
    then = ", then keep at each draw what gives the best chance" if play.draws > 1 else ""
    rows = [(f"best play: {throw}{' (as asked)' if asked else ' first'}{then}", play.chance)]
    if fixed is not None and play.draws > 1:
        kept = format_cards(card for card in play.cards if card not in play.discard) or "nothing"
        rows.append((f"fixed keep: keep {kept} every draw and redraw the rest until it is made",
                     fixed.chance(play.goal.key)))
    width = max(len(label) for label, _ in rows)
    lines += [f"  {label:<{width}}  {100 * float(chance):5.1f}%  ({chance})" for label, chance in rows]
    return lines


def discard_text(odds: DrawOdds) -> str:
    """Return the discard as text: the cards thrown, or 'stand pat'.

    >>> discard_text(draw_odds("7c 5d 4h 3s 2c", "", "deuce-to-seven"))
    'stand pat'
    """
    return format_cards(odds.discard) or "stand pat"


def percent(count: int, total: int) -> str:
    """Return a chance as a percentage with one decimal.

    >>> percent(8, 47), percent(1, 1)
    ('17.0%', '100.0%')
    """
    return f"{100 * count / total:.1f}%"


def odds_lines(odds: DrawOdds, goal: str) -> list[str]:
    """Return the text report of one discard: one line per kind, the goal marked.

    >>> odds_lines(draw_odds("Ac 2d 3h 4s Kc", "Kc", "ace-to-six"), "six")[:2]
    ['ace-to-six: Ac 2d 3h 4s Kc, throwing Kc: 47 equally likely draws', '  six-low or better     4 of 47    8.5%  <- goal']
    """
    action = f"throwing {format_cards(odds.discard)}" if odds.discard else "standing pat"
    lines = [f"{odds.system}: {format_cards(odds.cards)}, {action}: "
             f"{odds.draws:,} equally likely draw{'s' if odds.draws != 1 else ''}"]
    rows = [(kind.label, n, kind.key == goal) for kind, n in odds.counts]
    rows.append((rest_label(odds.system), odds.rest, False))
    width = max(len(label) for label, _, _ in rows)
    count_width = len(f"{odds.draws:,}")
    for label, n, is_goal in rows:
        mark = "  <- goal" if is_goal else ""
        lines.append(f"  {label:<{width}}  {n:>{count_width},} of {odds.draws:,}  {percent(n, odds.draws):>6}{mark}")
    return lines


def ranking_lines(ranked: list[DrawOdds], goal: str) -> list[str]:
    """Return the text table of every discard, best first for ``goal``, with the chance of each kind.

    >>> lines = ranking_lines(rank_discards("Ac 2d 3h 4s Kc", "ace-to-six", "seven"), "seven")
    >>> lines[2].split()[:3], lines[-1]
    (['Kc', '47', '8.5%'], 'best: throw Kc (seven-low or better: 8 of 47, 17.0%)')
    """
    first = ranked[0]
    goal_label = goal_kind(first.system, goal).label
    widths = [max(len(kind.key), len("100.0%")) + 2 for kind in kinds(first.system)]
    lines = [f"{first.system}: {format_cards(first.cards)}, all {len(ranked)} discards, "
             f"best first for {goal_label}",
             "  " + f"{'discard':<16}{'draws':>10}"
             + "".join(f"{kind.key:>{w}}" for kind, w in zip(kinds(first.system), widths))]
    for odds in ranked:
        lines.append("  " + f"{discard_text(odds):<16}{odds.draws:>10,}"
                     + "".join(f"{percent(n, odds.draws):>{w}}" for (_, n), w in zip(odds.counts, widths)))
    best = first.count(goal)
    lines.append(f"best: {'throw ' + format_cards(first.discard) if first.discard else 'stand pat'} "
                 f"({goal_label}: {best:,} of {first.draws:,}, {percent(best, first.draws)})")
    return lines
