"""Exact odds over several draws (K2, K8), checked against the textbook and against a brute force written here.

The policy (lowball.analysis.draws): keep the cards held, redraw the thrown ones each draw until the kind is made,
each failed draw's cards out of play (D1). The brute force below enumerates the actual cards drawn, draw by draw,
with the evaluator on explicit hands: it shares nothing with the recursion over categories but the evaluator.
"""

from __future__ import annotations

import itertools
import time
from fractions import Fraction

import pytest

from lowball.analysis.draws import many_draw_odds
from lowball.analysis.odds import draw_odds, kinds
from lowball.core.cards import DECK, parse_cards
from lowball.errors import LowballError
from lowball.ranking import as_system
from lowball.ranking.fast import evaluate_rank


def test_the_textbook_case_seven_six_three_two_drawing_one():
    """K1: 7-6-3-2 drawing one makes a seven-low with any of the four 4s and four 5s: 8/47 in one draw; missing
    three times in a row leaves 39, 38 and 37 of the 47, 46 and 45 cards still unseen."""
    once = many_draw_odds("7c 6d 3h 2s Kc", "Kc", "deuce-to-seven", draws=1)
    thrice = many_draw_odds("7c 6d 3h 2s Kc", "Kc", "deuce-to-seven", draws=3)
    assert once.chance("seven") == Fraction(8, 47)
    assert thrice.chance("seven") == 1 - Fraction(39 * 38 * 37, 47 * 46 * 45)


def brute_force_two_card_draws(cards: str, discard: str, system: str, key: str) -> Fraction:
    """Return the chance of making ``key`` within two draws of two cards, by counting the actual pairs drawn."""
    row = as_system(system)
    held = parse_cards(cards)
    kept = tuple(c for c in held if c not in parse_cards(discard))
    worst = next(k for k in kinds(row) if k.key == key).worst_rank
    unseen = [c for c in DECK if c not in held]
    pairs = list(itertools.combinations(unseen, 2))
    fails = {pair for pair in pairs if evaluate_rank(kept + pair, row) > worst}
    both_fail = sum(1 for a in fails for b in fails if not set(a) & set(b))    # ordered: first, then second
    total = len(pairs) * (len(unseen) - 2) * (len(unseen) - 3) // 2
    return 1 - Fraction(both_fail, total)


@pytest.mark.parametrize("cards, discard, system, key", [
    ("9c 7d 5h 3s 2c", "9c 7d", "ace-to-six", "seven"),
    ("Kc Qd 4h 3s 2c", "Kc Qd", "deuce-to-seven", "eight"),
    ("Ks Qs 4s 3s 2s", "Ks Qs", "deuce-to-seven", "seven"),      # a flush can come: the kept cards share a suit
    ("Kc Qd 4h 3s Ac", "Kc Qd", "ace-to-five", "six"),
])
def test_two_draws_of_two_agree_with_counting_every_pair_drawn(cards, discard, system, key):
    assert many_draw_odds(cards, discard, system, draws=2).chance(key) == \
        brute_force_two_card_draws(cards, discard, system, key)


@pytest.mark.parametrize("system", ["ace-to-six", "deuce-to-seven", "ace-to-five"])
def test_one_draw_is_the_one_draw_enumeration(system):
    hand = "Ac 2d 3h 4s Kc"
    for thrown in ("Kc", "4s Kc", "3h 4s Kc"):
        many, one = many_draw_odds(hand, thrown, system), draw_odds(hand, thrown, system)
        assert [c for _, c in many.chances] == [one.chance(k.key) for k, _ in one.counts]


def test_more_draws_never_lower_the_chance():
    chances = [many_draw_odds("Kc Qd 4h 3s 2c", "Kc Qd", "deuce-to-seven", draws=n).chance("eight")
               for n in (1, 2, 3)]
    assert chances[0] < chances[1] < chances[2] < 1


@pytest.mark.parametrize("cards, discard, draws", [("Kc Qd Jh 9s 2c", "Kc Qd Jh 9s 2c", 2),
                                                    ("Kc Qd Jh 9s 2c", "Kc Qd Jh 9s", 3)])
def test_a_question_too_big_to_count_exactly_is_refused_in_seconds(cards, discard, draws):
    start = time.perf_counter()
    with pytest.raises(LowballError, match="take too long to count"):
        many_draw_odds(cards, discard, "deuce-to-seven", draws=draws)
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize("draws", [0, 6, -1, 1.5, True])
def test_the_number_of_draws_is_checked(draws):
    with pytest.raises(LowballError, match="draws"):
        many_draw_odds("7c 6d 3h 2s Kc", "Kc", "deuce-to-seven", draws=draws)


def test_lowball_odds_draws_at_the_command_line(capsys):
    """`lowball odds --draws 3`: the best play by default, with the fixed-keep rule beside it, labelled; the JSON
    of --fixed-keep keeps one chance per kind under "kinds", with the exact fraction."""
    import json

    from lowball.cli import main

    textbook = 1 - Fraction(39 * 38 * 37, 47 * 46 * 45)
    assert main(["odds", "7c 6d 3h 2s Kc", "--system", "deuce-to-seven", "--draws", "3", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert (record["play"], record["discard"], Fraction(record["exact"])) == ("best", "Kc", textbook)
    assert Fraction(record["fixed_keep"]["kinds"]["seven"]["exact"]) == textbook
    assert main(["odds", "7c 6d 3h 2s Kc", "--discard", "Kc", "--system", "deuce-to-seven", "--draws", "3",
                 "--fixed-keep", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["play"] == "fixed-keep" and Fraction(record["kinds"]["seven"]["exact"]) == textbook
    assert main(["odds", "7c 5d 2h Ks Qs", "--system", "deuce-to-seven", "--draws", "3"]) == 0
    best, fixed = capsys.readouterr().out.splitlines()[1:]
    assert best.startswith("  best play: throw Ks Qs first") and "26.2%" in best
    assert fixed.startswith("  fixed keep: keep 7c 5d 2h every draw") and "12.9%" in fixed
    assert main(["odds", "7c 6d 3h 2s Kc", "--system", "deuce-to-seven", "--draws", "3", "--fixed-keep"]) == 2
    assert "--fixed-keep needs --discard" in capsys.readouterr().err


def test_the_joker_draws_from_the_53_card_deck_over_several_draws():
    """F8: Jk-2-3-4 makes a five-low with an ace or a five (the joker fills the other): 8 of the 48 unseen cards,
    so within two draws 1 - (40 x 39) / (48 x 47)."""
    odds = many_draw_odds("Jk 2c 3d 4h Ks", "Ks", "ace-to-five", draws=2, deck=53)
    assert odds.chance("five") == 1 - Fraction(40 * 39, 48 * 47)
    with pytest.raises(LowballError, match="53-card deck"):
        many_draw_odds("Jk 2c 3d 4h Ks", "Ks", "ace-to-five", draws=2)
