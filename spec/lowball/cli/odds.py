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
from lowball.analysis.odds import DrawOdds, draw_odds, goal_kind, kinds, rank_discards
from lowball.analysis.odds import rest_label as odds_rest_label
from lowball.text.plural import counted, digits
from lowball.text.words import COMMAND_WORDS, kind_heading, kind_label, rest_label, say
from lowball.text.words import many as number_of, percent as percent_of
from lowball.ranking import as_system, hand_cards

# Ways to say "discard nothing" (stand pat, D1) on the command line. An empty --discard is not one of them: it is
# what a script passes when its variable is unset, so it is refused rather than read as a decision to stand pat.
STAND_PAT = ("pat", "none", "-")

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
    from lowball.cli.main import add_lang, system_help
    from lowball.core.arguments import whole_option

    odds = subparsers.add_parser(
        "odds", help="exact draw odds of a discard, or the best discard",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=ODDS_EXAMPLES,
        description="Count every equally likely replacement set and report the chances of each kind of low "
                    "(six-low or better, seven-low or better, ...). Without --discard, rank all 32 discards "
                    "by the chance of --goal. With --draws N, the chance of --goal within N draws played best "
                    "(every keep chosen to make it, exactly), beside the fixed-keep rule; badugi's four cards "
                    "are counted the same way.")
    odds.add_argument("--system", "-s", default=None, metavar="SYSTEM", help=system_help())
    odds.add_argument("cards", nargs="+", metavar="CARDS",
                      help="the cards held: five, e.g. Ac 2d 3h 4s Kc (four in badugi, U4)")
    odds.add_argument("--discard", "-d", default=None, metavar="CARDS",
                      help=f'the cards thrown, quoted: "Kc 9h" ("{STAND_PAT[0]}" to stand pat); '
                           "omitted: every discard, best first")
    odds.add_argument("--goal", "-g", default=None, metavar="GOAL",
                      help="the kind of hand to aim for when ranking discards: six, seven, eight, nine, ten, "
                           "no-pair (five too in ace-to-five; categories such as straight for high); "
                           "default: seven")
    odds.add_argument("--deck", type=whole_option, choices=(len(DECK), len(DECK) + 1), default=len(DECK),
                      help="52 cards, or 53 with the joker (ace-to-five only: F2, F8)")
    odds.add_argument("--joker", action="store_true", help="the same as --deck 53")
    odds.add_argument("--draws", type=whole_option, default=1, metavar="N",
                      help="draws to make the hand in (default 1; triple draw: 3). With more than one, the best "
                           "play: at each draw the player keeps whatever gives the best chance of --goal by the "
                           "last draw, having seen every card he threw (exact, by dynamic programming); beside it, "
                           "labelled, the fixed-keep rule: the same cards kept every draw (K2, K8)")
    odds.add_argument("--fixed-keep", action="store_true",
                      help="with --draws N and --discard: only the fixed-keep rule, for every kind of low")
    add_lang(odds, "the report")
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
    lang = getattr(args, "lang", "en")
    thrown = discard_of(args.discard)
    if not row.five_cards or (draws != 1 and not getattr(args, "fixed_keep", False)):
        # Badugi (four cards, U4) and several draws: the best play, exact; beside it the fixed-keep rule.
        play = best_play(" ".join(args.cards), row, goal.key, draws=draws, deck=deck, discard=thrown,
                         progress=not args.json)
        many = many_draw_odds(play.cards, play.discard, row, draws=draws, deck=deck) \
            if row.five_cards else None
        if args.json:
            print(json.dumps(play.as_dict() | ({"fixed_keep": many.as_dict()} if many else {}), indent=2))
        else:
            print("\n".join(best_lines(play, many, asked=thrown is not None, lang=lang)))
        return 0
    cards = hand_cards(" ".join(args.cards))
    if draws != 1:
        if thrown is None:
            raise LowballError("--fixed-keep needs --discard: the fixed-keep rule keeps the same cards every draw")
        many = many_draw_odds(cards, thrown, row, draws=draws, deck=deck)
        if args.json:
            print(json.dumps(many.as_dict() | {"goal": goal.key, "play": "fixed-keep"}, indent=2))
        else:
            print("\n".join(many_lines(many, goal.key, lang)))
        return 0
    if thrown is not None:
        odds = draw_odds(cards, thrown, row, deck)
        if args.json:
            print(json.dumps(odds.as_dict() | {"goal": goal.key}, indent=2))
        else:
            print("\n".join(odds_lines(odds, goal.key, lang)))
        return 0
    ranked = rank_discards(cards, row, goal.key, deck)
    if args.json:
        print(json.dumps({"system": row.key, "cards": format_cards(cards), "goal": goal.key,
                          "best": format_cards(ranked[0].discard),
                          "discards": [odds.as_dict() for odds in ranked]}, indent=2))
    else:
        print("\n".join(ranking_lines(ranked, goal.key, lang)))
    return 0


def discard_of(text: str | None) -> str | None:
    """Return the cards ``--discard`` names: None when it is not given, "" for standing pat; refuse an empty one.

    >>> discard_of(None), discard_of("pat"), discard_of("Kc 9h")
    (None, '', 'Kc 9h')
    >>> discard_of(" ")
    Traceback (most recent call last):
    lowball.errors.LowballError: --discard is empty: name the cards to throw ("Kc 9h") or say pat to stand pat
    """
    if text is None:
        return None
    if not text.strip():
        raise LowballError(f'--discard is empty: name the cards to throw ("Kc 9h") or say {STAND_PAT[0]} to stand pat')
    return "" if text.strip().lower() in STAND_PAT else text


def many_lines(odds: ManyDrawOdds, goal: str, lang: str = "en") -> list[str]:
    """Return the text report of the chances within several draws: one line per kind, the goal marked.

    >>> many_lines(many_draw_odds("7c 6d 3h 2s Kc", "Kc", "deuce-to-seven", draws=3), "seven")[1]
    '  seven-low or better   43.6%  (7076/16215)  <- goal'
    >>> many_lines(many_draw_odds("7c 6d 3h 2s Kc", "Kc", "deuce-to-seven", draws=3), "seven", "ru")[0][:54]
    'deuce-to-seven: 7c 6d 3h 2s Kc, меняем Kc, за 3 обмена'
    """
    row = as_system(odds.system)
    action = say(lang, "throwing", cards=format_cards(odds.discard)) if odds.discard else say(lang, "standing pat")
    lines = [say(lang, "within draws", system=odds.system, cards=format_cards(odds.cards), action=action,
                 draws=number_of(odds.draws, "draws", lang))]
    labels = [kind_label(kind, row, lang) for kind, _ in odds.chances]
    width = max(map(len, labels))
    for label, (kind, chance) in zip(labels, odds.chances):
        mark = f"  {say(lang, 'goal mark')}" if kind.key == goal else ""
        lines.append(f"  {label:<{width}}  {percent_of(float(chance), lang):>6}  ({chance}){mark}")
    return lines


def best_lines(play: BestPlay, fixed: ManyDrawOdds | None, asked: bool, lang: str = "en") -> list[str]:
    """Return the text report of the best play, and of the fixed-keep rule beside it (five-card games).

    >>> play = best_play("7c 6d 3h 2s Kc", "deuce-to-seven", "seven", draws=3)
    >>> print("\\n".join(best_lines(play, many_draw_odds(play.cards, play.discard, "deuce-to-seven", draws=3), False)))
    deuce-to-seven: 7c 6d 3h 2s Kc, seven-low or better within 3 draws
      best play: throw Kc first, then keep at each draw what gives the best chance   43.6%  (7076/16215)
      fixed keep: keep 7c 6d 3h 2s every draw and redraw the rest until it is made   43.6%  (7076/16215)
    """
    row = as_system(play.system)
    throw = say(lang, "throw", cards=format_cards(play.discard)) if play.discard else say(lang, "stand pat")
    lines = [say(lang, "best head", system=play.system, cards=format_cards(play.cards),
                 goal=kind_label(play.goal, row, lang), draws=number_of(play.draws, "draws", lang))]
    then = say(lang, "then") if play.draws > 1 else ""
    rows = [(say(lang, "best asked" if asked else "best first", throw=throw, then=then), play.chance)]
    if fixed is not None and play.draws > 1:
        kept = format_cards(card for card in play.cards if card not in play.discard) or say(lang, "nothing")
        rows.append((say(lang, "fixed keep", kept=kept), fixed.chance(play.goal.key)))
    width = max(len(label) for label, _ in rows)
    lines += [f"  {label:<{width}}  {percent_of(float(chance), lang):>6}  ({chance})" for label, chance in rows]
    return lines


def discard_text(odds: DrawOdds, lang: str = "en") -> str:
    """Return the discard as text: the cards thrown, or 'stand pat'.

    >>> pat = draw_odds("7c 5d 4h 3s 2c", "", "deuce-to-seven")
    >>> discard_text(pat), discard_text(pat, "ru")
    ('stand pat', 'стоять пат')
    """
    return format_cards(odds.discard) or say(lang, "stand pat")


def percent(count: int, total: int, lang: str = "en") -> str:
    """Return a chance as a percentage with one decimal (a decimal comma in Russian).

    >>> percent(8, 47), percent(1, 1), percent(8, 47, "ru") == "17,0\u202f%"
    ('17.0%', '100.0%', True)
    """
    return percent_of(count / total, lang)


def odds_lines(odds: DrawOdds, goal: str, lang: str = "en") -> list[str]:
    """Return the text report of one discard: one line per kind, the goal marked.

    >>> odds_lines(draw_odds("Ac 2d 3h 4s Kc", "Kc", "ace-to-six"), "six")[:2]
    ['ace-to-six: Ac 2d 3h 4s Kc, throwing Kc: 47 equally likely draws', '  six-low or better     4 of 47    8.5%  <- goal']
    >>> odds_lines(draw_odds("Ac 2d 3h 4s Kc", "Kc", "ace-to-six"), "six", "ru")[0]
    'ace-to-six: Ac 2d 3h 4s Kc, меняем Kc: 47 равновероятных прикупов'
    """
    row = as_system(odds.system)
    action = say(lang, "throwing", cards=format_cards(odds.discard)) if odds.discard else say(lang, "standing pat")
    lines = [say(lang, "one discard", system=odds.system, cards=format_cards(odds.cards), action=action,
                 draws=number_of(odds.draws, "equally likely draws", lang))]
    rows = [(kind_label(kind, row, lang), n, kind.key == goal) for kind, n in odds.counts]
    rows.append((rest_label(row, odds_rest_label(odds.system), lang), odds.rest, False))
    width = max(len(label) for label, _, _ in rows)
    count_width = len(digits(odds.draws, lang))
    for label, n, is_goal in rows:
        mark = f"  {say(lang, 'goal mark')}" if is_goal else ""
        share = say(lang, "count of", count=f"{digits(n, lang):>{count_width}}", total=digits(odds.draws, lang))
        lines.append(f"  {label:<{width}}  {share}  {percent(n, odds.draws, lang):>6}{mark}")
    return lines


def ranking_lines(ranked: list[DrawOdds], goal: str, lang: str = "en") -> list[str]:
    """Return the text table of every discard, best first for ``goal``, with the chance of each kind.

    >>> lines = ranking_lines(rank_discards("Ac 2d 3h 4s Kc", "ace-to-six", "seven"), "seven")
    >>> lines[2].split()[:3], lines[-1]
    (['Kc', '47', '8.5%'], 'best: throw Kc (seven-low or better: 8 of 47, 17.0%)')
    >>> ranking_lines(rank_discards("Ac 2d 3h 4s Kc", "ace-to-six", "seven"), "seven", "ru")[-1][:41]
    'лучше всего: менять Kc (семёрка или лучше'
    """
    first = ranked[0]
    row = as_system(first.system)
    goal_label = kind_label(goal_kind(first.system, goal), row, lang)
    headings = [kind_heading(kind, lang) for kind in kinds(first.system)]
    widths = [max(len(heading), len("100.0%")) + 2 for heading in headings]
    lines = [say(lang, "all discards", system=first.system, cards=format_cards(first.cards), count=len(ranked),
                 discards=counted(len(ranked), COMMAND_WORDS[lang]["discards"], lang), goal=goal_label),
             "  " + f"{say(lang, 'discard column'):<16}{say(lang, 'draws column'):>10}"
             + "".join(f"{heading:>{w}}" for heading, w in zip(headings, widths))]
    for odds in ranked:
        lines.append("  " + f"{discard_text(odds, lang):<16}{digits(odds.draws, lang):>10}"
                     + "".join(f"{percent(n, odds.draws, lang):>{w}}" for (_, n), w in zip(odds.counts, widths)))
    best = first.count(goal)
    play = say(lang, "throw", cards=format_cards(first.discard)) if first.discard else say(lang, "stand pat")
    lines.append(say(lang, "best discard", play=play, goal=goal_label, count=digits(best, lang),
                     total=digits(first.draws, lang), percent=percent(best, first.draws, lang)))
    return lines
