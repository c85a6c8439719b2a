"""What the equilibrium does (lowball.solve.policy) and where a real hand sits in its abstraction (solve.lookup).

The per-hand tables shipped with each solution are checked against what the solution itself stores (the deal's
bucket sizes and the exact stand-pat matrix, both built before the tables were kept) and against a plain
enumeration of one hand's throws with the literate evaluator. The reading of the strategy is checked on hands
whose play is not in doubt, on engine lines against the same line in words, and the teacher's facts against
their definitions computed afresh.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from lowball import DECK, Hand, evaluate, load_game_table, parse_cards
from lowball.errors import LowballError
from lowball.ranking.fast import all_ranks
from lowball.solve import store
from lowball.solve.game_tree import NotSolvable
from lowball.solve.lookup import HandLookup
from lowball.solve.policy import Equilibrium, IllegalLine, NoSolution

SOLVED = ("teaching-table", "deuce-to-seven-single-draw-limit")


@pytest.fixture(scope="module")
def teaching():
    return Equilibrium.load("teaching-table")


def equity_against_random(system: str):
    """Return each class's chance of beating a random five-card hand, ties half (from the census of all hands)."""
    counts = np.bincount(all_ranks(system)).astype(float)
    total = counts.sum()
    worse = (total - np.cumsum(counts)) / total
    return worse + counts / total / 2


@pytest.mark.parametrize("name", SOLVED)
def test_the_hand_tables_give_the_stored_deal_and_stand_pat_matrix(name):
    solution = store.load(load_game_table(name))
    look = HandLookup.read(store.path_of(name), solution.built.table.ranking)
    pre = look.pre_of_hand.astype(np.int64)
    sizes = np.bincount(pre, minlength=len(solution.ranges.weights))
    assert np.allclose(sizes / sizes.sum(), solution.ranges.weights, atol=1e-15)
    # Standing pat a hand's final bucket is its own: the stored pat matrix is the bucket's share of each.
    post = look.post_of_class[all_ranks(solution.built.table.ranking)].astype(np.int64)
    columns = len(solution.ranges.strengths)
    pat = np.bincount(pre * columns + post, minlength=len(sizes) * columns).reshape(len(sizes), columns)
    assert np.allclose(pat / sizes[:, None], solution.ranges.transitions[0], atol=1e-12)


@pytest.mark.parametrize("text", ["Kc 9h 4d 3s 2c", "Qd Jd 7c 5h Ah", "8s 8h 5d 3c 2c"])
def test_the_stored_throws_are_the_best_of_every_throw_by_plain_enumeration(text, teaching):
    equity = equity_against_random("ace-to-six")
    cards = parse_cards(text)
    unseen = [card for card in DECK if card not in cards]

    def expected(thrown) -> float:
        kept = [card for card in cards if card not in thrown]
        finals = [evaluate(kept + list(drawn), "ace-to-six").rank for drawn in combinations(unseen, len(thrown))]
        return float(np.mean(equity[finals]))

    for k in (1, 2):
        best = max(expected(thrown) for thrown in combinations(cards, k))
        assert expected(teaching.lookup.throw(cards, k)) == pytest.approx(best, abs=1e-12), (text, k)


def test_a_pat_hand_is_one_whose_pat_equity_beats_every_one_card_throw(teaching):
    equity = equity_against_random("ace-to-six")
    for text, pat in [("7c 5d 4h 3s 2c", True), ("Kc Kd 9h 4s 2c", False), ("9c 8d 4h 3s 2c", True)]:
        cards = parse_cards(text)
        unseen = [card for card in DECK if card not in cards]
        stand = equity[evaluate(cards, "ace-to-six").rank]
        one = max(np.mean([equity[evaluate([c for c in cards if c != thrown] + [new], "ace-to-six").rank]
                           for new in unseen]) for thrown in cards)
        assert (teaching.lookup.best_count(cards) == 0) == pat == bool(stand >= one), text


def test_a_strong_hand_bets_a_weak_one_draws_and_a_king_is_thrown(teaching):
    assert teaching.advise("6c 4h 3s 2d Ac").frequencies["bet"] > 0.5
    quads = teaching.advise("Kc Kd Kh Ks Qc", line="check bet")
    assert quads.most_likely() == "fold" and set(quads.frequencies) == {"fold", "call", "raise"}
    draw = teaching.advise("Kc 7d 4h 3s 2c", line="check check")
    assert draw.most_likely() == "draw1" and [str(c) for c in draw.throws[1].cards] == ["Kc"]
    assert sum(draw.frequencies.values()) == pytest.approx(1)
    assert all(len(t.cards) == t.count for t in draw.throws)


def test_the_engine_line_reads_as_the_same_line_in_words(teaching):
    hand = Hand([13, 13], table=load_game_table("teaching-table"), seed=7, narrate=False)
    for action in ("p1 cc", "p2 cbr 1", "p1 cc"):
        hand.push(action)
    by_engine = teaching.advise(hand.hands[0], hand.actions)
    by_words = teaching.advise(hand.hands[0], "check bet call")
    assert by_engine.line == by_words.line == ("call", "raise", "call")
    assert by_engine.frequencies == by_words.frequencies and by_engine.phase == "draw" and by_engine.seat == 0
    assert teaching.labels_of(["p1 cc", "p2 cbr 1", "p1 f"]) == ("call", "raise", "fold")


@pytest.mark.parametrize("line, message", [
    ("check bet fold", "the hand is over after 'check bet fold': nobody acts there"),
    ("check fold", "'fold' is not legal for p2 after 'check': p2 may check, bet"),
    ("check check draw9", "p1 may pat, draw1, draw2, draw3, draw4, draw5"),
    (["p2 cc"], "p2 cc: it is p1's turn after the deal"),
])
def test_a_line_the_tree_does_not_hold_is_refused_in_one_line(line, message, teaching):
    with pytest.raises(IllegalLine) as refusal:
        teaching.advise("7c 5d 4h 3s 2c", line)
    assert message in str(refusal.value) and "\n" not in str(refusal.value)
    assert isinstance(refusal.value, LowballError)


def test_snow_break_and_bluff_follow_their_definitions(teaching):
    equity = equity_against_random("ace-to-six")
    half = teaching.post_buckets // 2
    rng = np.random.default_rng(3)
    seen = {"weak": 0, "pat": 0, "bottom": 0}
    for _ in range(60):
        cards = [DECK[i] for i in rng.choice(52, 5, replace=False)]
        draw = teaching.advise(cards, "check check")
        stand = draw.frequencies["pat"]
        weak = teaching.lookup.post_bucket(cards) >= half
        # A weak hand (worse half of the equal-mass buckets) beats a random hand at most about half the time.
        if weak:
            assert equity[evaluate(cards, "ace-to-six").rank] <= 0.5 + 1 / half
        assert draw.snow == (stand if weak else 0.0) and draw.weak is weak
        assert draw.breaking == pytest.approx(1 - stand if draw.pat_hand else 0.0)
        after = teaching.advise(cards, "check check draw1 draw2 check")
        assert after.range_above is not None and 0 <= after.range_above <= 1
        bottom = after.range_above >= 0.5
        assert after.bluff == (after.frequencies["bet"] if bottom else 0.0)
        seen["weak"] += weak
        seen["pat"] += draw.pat_hand
        seen["bottom"] += bottom
    assert min(seen.values()) > 0, seen           # each case was met
    # The share of the range above a hand grows as the hand gets worse; nothing is above the best bucket.
    shares = [teaching.advise(text, "check check draw1 draw2 check").range_above
              for text in ("6c 4h 3s 2d Ac", "8c 6h 4s 3d 2c", "Tc 8h 6s 3d 2c", "Kc Qh 9s 3d 2c", "Kc Kd 9s 3d 2c")]
    assert shares[0] == 0 and shares == sorted(shares)


def test_tables_without_a_solution_are_refused_naming_the_solved_ones():
    with pytest.raises(NoSolution, match=r"razz: 0 draws.*\(solved tables: deuce-to-seven-single-draw-limit, "
                                         r"deuce-to-seven-triple-draw-phh, teaching-table\)"):
        Equilibrium.load("razz")
    changed = load_game_table("teaching-table", overrides={"raises_per_round": "2"})
    with pytest.raises(store.WrongTable, match="another version of teaching-table"):
        Equilibrium.load(changed)
    assert issubclass(store.WrongTable, LowballError) and issubclass(NotSolvable, LowballError)


def test_the_solution_covers_deeper_stacks_only_where_the_cap_holds(teaching):
    assert teaching.covers([13, 13]) is None and teaching.covers([40, 13]) is None
    assert "solution is for 13 each" in teaching.covers([12, 13])
    deuce = Equilibrium.load("deuce-to-seven-single-draw-limit")
    # Heads-up deuce-to-seven lifts the cap (G2): one chip more makes a longer raise war.
    assert deuce.covers([32, 32]) is None and "the betting differs" in deuce.covers([33, 40])
