"""Exact draw odds (D1): known values, brute force with the literate evaluator, the best discard, the CLI.

The known values are the issue's: under ace-to-six, A-2-3-4 drawing one card
makes a six-four 4/47 of the time and a seven-low or better 8/47 (a five makes
a straight, H2); under ace-to-five the same draw makes a seven-low or better
12/47 (F1: the wheel is the best hand).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from collections import Counter
from fractions import Fraction

import pytest

from lowball.core.cards import DECK, SUIT_CHARS, Card, format_cards, parse_cards
from lowball.errors import CardError, LowballError
from lowball.ranking.fast import shape_hands, shape_of, shape_ranks
from lowball.analysis.odds import (
    best_discard, discards, draw_odds, draw_outcomes, goal_kind, kinds, rank_discards, rest_label,
)
from lowball.ranking import as_system, category, class_ranks, hand_cards, strength_key, value
from lowball.core.rankings import load_rankings

SYSTEMS = [row.key for row in load_rankings().systems]
A_TO_4 = "Ac 2d 3h 4s Kc"


# ---- The known values ----

def test_ace_to_six_a234_drawing_one_makes_a_six_four_4_in_47():
    outcomes = draw_outcomes(A_TO_4, "Kc", "ace-to-six")
    assert outcomes[1] == 4                             # class 1: 6-4-3-2-A, with any of the four sixes
    assert draw_odds(A_TO_4, "Kc", "ace-to-six").chance("six") == Fraction(4, 47)


def test_ace_to_six_a234_drawing_one_makes_seven_or_better_8_in_47_because_a_five_is_a_straight():
    odds = draw_odds(A_TO_4, "Kc", "ace-to-six")
    assert odds.chance("seven") == Fraction(8, 47)
    straights = sum(n for rank, n in draw_outcomes(A_TO_4, "Kc", "ace-to-six").items()
                    if _category_of_rank(rank, "ace-to-six") == "straight")
    assert straights == 4                               # E2: the four fives make 5-4-3-2-A, a straight


def test_ace_to_five_the_same_draw_makes_seven_or_better_12_in_47():
    odds = draw_odds(A_TO_4, "Kc", "ace-to-five")
    assert odds.chance("seven") == Fraction(12, 47)
    assert odds.chance("five") == Fraction(4, 47)      # F1: the wheel


def test_your_own_discards_never_come_back():
    """D1: throwing the six from 6-4-3-2-A leaves three sixes among the 47 unseen cards."""
    assert draw_odds("Ac 2d 3h 4s 6c", "6c", "ace-to-six").chance("six") == Fraction(3, 47)


@pytest.mark.parametrize("size", range(6))
def test_every_replacement_set_is_counted_once(size):
    held = hand_cards(A_TO_4)
    thrown = held[:size]
    assert sum(draw_outcomes(held, thrown, "deuce-to-seven").values()) == math.comb(47, size)


def test_all_32_discards_of_one_hand_cover_2598960_outcomes():
    held = hand_cards("9c 7d 5h 3s 2c")
    assert len(set(discards(held))) == 32
    assert sum(sum(draw_outcomes(held, thrown, "ace-to-six").values()) for thrown in discards(held)) == 2_598_960


# ---- Brute force with the literate evaluator ----

def literate_outcomes(cards: str, discard: str, system: str) -> Counter:
    """Count the final classes the plain way: every replacement set, judged by the literate evaluator."""
    row = as_system(system)
    held, thrown = hand_cards(cards), parse_cards(discard)
    kept = [c for c in held if c not in thrown]
    unseen = [c for c in DECK if c not in held]
    ranks = class_ranks(row)
    return Counter(ranks[strength_key(tuple(kept) + drawn, row)] for drawn in itertools.combinations(unseen, len(thrown)))


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("cards, discard", [
    (A_TO_4, "Kc"),
    ("7s 5s 4s 3s Ks", "Ks"),                 # four to a flush and to a low
    ("Ac Kd Qh Js 9c", "9c"),                 # four to broadway (H4, C1)
    ("8c 8d 4h 3s 2c", "8c 8d"),              # break the pair, draw two
])
def test_counts_equal_the_literate_evaluator_replacement_by_replacement(system, cards, discard):
    assert draw_outcomes(cards, discard, system) == literate_outcomes(cards, discard, system)


def test_a_three_card_draw_equals_the_literate_evaluator():
    assert draw_outcomes("Ac 2d Th Js Qc", "Th Js Qc", "ace-to-six") == literate_outcomes(
        "Ac 2d Th Js Qc", "Th Js Qc", "ace-to-six")


def test_suit_relabelling_changes_nothing():
    """S2: suits have no rank, so renaming them keeps every count."""
    rename = dict(zip(SUIT_CHARS, "hscd"))
    cards = hand_cards("7s 5s 4s 3s Kh")
    renamed = tuple(Card(c.rank, rename[c.suit]) for c in cards)
    assert draw_outcomes(cards, cards[-2:], "ace-to-six") == draw_outcomes(renamed, renamed[-2:], "ace-to-six")


# ---- Kinds of low ----

def _category_of_rank(rank: int, system: str) -> str:
    row = as_system(system)
    return next(category(h, row) for h in shape_hands() if shape_ranks(row)[shape_of(h)] == rank)


@pytest.mark.parametrize("system", ["ace-to-six", "ace-to-six-ace-low", "deuce-to-seven", "ace-to-five"])
def test_x_low_or_better_is_every_class_up_to_the_worst_no_pair_hand_topped_by_x(system):
    row = as_system(system)
    for kind in kinds(system)[:-1]:
        top = next(v for v in range(1, 15) if kind.key == _rank_word(v))
        inside = {shape_ranks(row)[shape_of(h)] for h in shape_hands()
                  if category(h, row) == "no-pair" and max(value(c, row) for c in h) <= top}
        assert inside == set(range(1, kind.worst_rank + 1)), kind.label


def _rank_word(v: int) -> str:
    return load_rankings().rank_names["en"][v][0]


def test_kinds_are_cumulative_and_the_rest_is_a_pair_or_worse():
    odds = draw_odds("9c 7d 5h 3s 2c", "9c 7d", "ace-to-six")
    counts = [n for _, n in odds.counts]
    assert counts == sorted(counts)
    assert odds.rest == odds.draws - odds.count("no-pair")
    assert rest_label("ace-to-six") == "pair or worse"


def test_the_high_ranking_reports_kinds_of_high():
    assert [k.key for k in kinds("high")] == ["straight-flush", "quads", "full-house", "flush", "straight",
                                              "trips", "two-pair", "pair"]
    odds = draw_odds("Ah Ad 4h 3s 2c", "4h 3s 2c", "high")
    assert odds.chance("trips") > odds.chance("full-house") > 0


def test_unknown_goal_is_one_line():
    with pytest.raises(LowballError, match=r"^unknown goal 'five' for deuce-to-seven \(goals: seven, eight"):
        goal_kind("deuce-to-seven", "five")


# ---- The best discard ----

def test_best_discard_throws_the_king_from_a234k():
    best = best_discard(A_TO_4, "ace-to-six", "seven")
    assert format_cards(best.discard) == "Kc" and best.chance("seven") == Fraction(8, 47)


def test_best_discard_stands_pat_on_the_best_hand():
    assert best_discard("7c 5d 4h 3s 2c", "deuce-to-seven").discard == ()   # K1


def test_rank_discards_sorts_by_the_goal_then_the_better_kinds():
    ranked = rank_discards("Kc Qd 4h 3s 2c", "ace-to-six", "six")
    chances = [odds.chance("six") for odds in ranked]
    assert chances == sorted(chances, reverse=True) and len(ranked) == 32
    assert format_cards(ranked[0].discard) == "Kc Qd"


# ---- Bad input ----

@pytest.mark.parametrize("cards, discard, message", [
    (A_TO_4, "Qs", "cannot discard Qs: it is not in the hand Ac 2d 3h 4s Kc"),
    (A_TO_4, "Kx", "unknown suit 'x' in 'Kx'"),
    ("Ac 2d 3h 4s", "Ac", "expected 5 cards, got 4: Ac 2d 3h 4s"),
    ("Ac 2d 3h 4s Ac", "Ac", "duplicate card 'Ac'"),
])
def test_bad_cards_raise_a_one_line_card_error(cards, discard, message):
    with pytest.raises(CardError) as error:
        draw_outcomes(cards, discard, "ace-to-six")
    assert str(error.value).startswith(message) and "\n" not in str(error.value)


# ---- The command line ----

def run_odds(argv: list[str], capsys) -> tuple[int, str, str]:
    """Run ``lowball odds`` as ``lowball.cli.main`` does once it is wired: errors exit 2 with one line."""
    from lowball.cli.main import OneLineParser
    from lowball.cli.odds import add_odds_command

    parser = OneLineParser(prog="lowball")
    add_odds_command(parser.add_subparsers(dest="command", parser_class=OneLineParser))
    args = parser.parse_args(["odds", *argv])
    try:
        code = args.run(args)
    except LowballError as err:
        print(f"lowball odds: error: {err}", file=sys.stderr)
        code = 2
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_reports_each_kind_of_low(capsys):
    code, out, _ = run_odds(["--system", "ace-to-six", A_TO_4, "--discard", "Kc"], capsys)
    assert code == 0
    assert "six-low or better     4 of 47    8.5%" in out
    assert "seven-low or better   8 of 47   17.0%  <- goal" in out
    assert "pair or worse" in out


def test_cli_json(capsys):
    code, out, _ = run_odds(["-s", "ace-to-five", "Ac2d3h4sKc", "-d", "Kc", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["draws"] == 47 and data["kinds"]["seven"]["count"] == 12


def test_cli_without_discard_ranks_all_32(capsys):
    code, out, _ = run_odds(["Kc Qd 4h 3s 2c", "--goal", "six", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and len(data["discards"]) == 32 and data["best"] == "Kc Qd"
    code, out, _ = run_odds(["Kc Qd 4h 3s 2c", "--goal", "six"], capsys)
    assert out.splitlines()[-1] == "best: throw Kc Qd (six-low or better: 16 of 1,081, 1.5%)"


def test_cli_stand_pat(capsys):
    code, out, _ = run_odds(["7c 5d 4h 3s 2c", "-s", "deuce-to-seven", "-d", "none"], capsys)
    assert code == 0 and "standing pat: 1 equally likely draw" in out


@pytest.mark.parametrize("argv, message", [
    ([A_TO_4, "-d", "Qs"], "lowball odds: error: cannot discard Qs: it is not in the hand Ac 2d 3h 4s Kc\n"),
    (["Ac 2d 3h 4s Kx"], "lowball odds: error: unknown suit 'x' in 'Kx' (suits: c d h s or ♣ ♦ ♥ ♠)\n"),
    ([A_TO_4, "--goal", "five"], "lowball odds: error: unknown goal 'five' for ace-to-six "
                                 "(goals: six, seven, eight, nine, ten, no-pair)\n"),
])
def test_cli_errors_are_one_line(capsys, argv, message):
    code, out, err = run_odds(argv, capsys)
    assert code == 2 and out == "" and err == message


def test_the_lowball_command_runs_odds_once_wired(capsys):
    from lowball import cli

    commands = next(a for a in cli.build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    if "odds" not in commands.choices:
        pytest.skip("`lowball odds` is not wired into lowball.cli yet")
    assert cli.main(["odds", A_TO_4, "--discard", "Kc"]) == 0
    assert "8 of 47" in capsys.readouterr().out
    assert cli.main(["odds", A_TO_4, "--discard", "Qs"]) == 2
    assert capsys.readouterr().err == "lowball odds: error: cannot discard Qs: it is not in the hand Ac 2d 3h 4s Kc\n"


def test_cli_odds_with_the_joker_in_the_deck(capsys):
    """F8: the joker is one more out, of 48 unseen cards (worked by hand in tests/rankings/test_joker.py)."""
    code, out, _ = run_odds(["-s", "ace-to-five", "Ac 2d 3h 4s Kc", "-d", "Kc", "--joker", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["deck"] == 53 and data["draws"] == 48 and data["kinds"]["five"]["count"] == 5
    code, _, err = run_odds([A_TO_4, "-d", "Kc", "--deck", "53"], capsys)
    assert code == 2 and "the joker plays only in ace-to-five (F2, F8)" in err
