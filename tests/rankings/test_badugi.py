"""Badugi, the four-card ranking (U1-U6): the table row, the literate reading, the fast path, the words, the census.

The literate reading (``ranking.literate.playing_cards``: the largest set of
different ranks and suits plays, the lowest such) is the definition. The fast
path (``ranking.fast_badugi``) must equal it on all 270,725 four-card hands,
and both must order hands exactly as pokerkit's ``BadugiHand`` (a library
nobody here wrote) does: in ``make test`` on every hand whose suits come in
first-seen order (clubs, then diamonds, ...: every hand up to a relabelling of
suits, which both orders ignore, as the invariance test shows), and on all
270,725 in ``make test-full``. A disagreement names the first pair of hands in
words. The census is checked against the published counts (U6) and the
counts a reader works out by hand (13C4 x 4! badugis).
"""

from __future__ import annotations

import functools
import itertools
import math
import re
import warnings

import numpy as np
import pytest

from lowball import compare, describe, evaluate, explain, winners
from lowball.core.cards import DECK, SUIT_CHARS, Card, format_cards, parse_cards
from lowball.core.rankings import RANKINGS_FILE, SET_SIZES, load_rankings, parse_rankings, resolve_systems
from lowball.core.reader import TableReader, read_toml
from lowball.errors import CardError, RulesError
from lowball.ranking import as_system, class_count
from lowball.ranking.classes import set_classes, set_shape
from lowball.ranking.fast import all_ranks, combinations_array, order_disagreement
from lowball.ranking.fast_badugi import hand_codes
from tests.support.fast import slow

ROW = as_system("badugi")
HANDS = math.comb(52, 4)
# U6: the census of the 270,725 four-card hands, by how many cards play (the published counts).
U6_HANDS = {"four-card": 17_160, "three-card": 154_440, "two-card": 96_252, "one-card": 2_873}
U6_CLASSES = {"four-card": 715, "three-card": 286, "two-card": 78, "one-card": 13}


def in_words(cards) -> str:
    """Return a hand as a reader checks it: '7c 3s 2h Ad (3-2-A: three-card hand, three-high; ...)'."""
    return f"{format_cards(cards)} ({describe(cards, 'badugi')})"


# ---- The table row (U1-U5) ----

def test_the_row_reads_four_cards_and_the_set_that_plays():
    assert ROW.hand_size == 4 and not ROW.five_cards and ROW.ace == "low" and ROW.better == "lower"
    assert ROW.category_order == tuple(SET_SIZES)          # U2, U5: size first, every size down to one
    assert ROW.plays_clause == "U1" and ROW.category_clause == "U2" and ROW.tie_break_clause == "U3"
    assert "badugi" not in {row.key for row in load_rankings().systems}      # the five-card systems stay five-card
    assert "badugi" in {row.key for row in load_rankings().all_systems}


def _with(change: dict) -> dict:
    data = read_toml(RANKINGS_FILE).data
    row = dict(data["systems"]["badugi"])
    row.update(change)
    for key in [k for k, v in change.items() if v is None]:
        del row[key]
    return {**data, "systems": {**data["systems"], "badugi": row}}


@pytest.mark.parametrize("change, problem", [
    ({"straights_count": False}, "systems.badugi.straights_count: has no meaning where the largest set"),
    ({"hand_size": 5}, "systems.badugi.hand_size: must be at most 4, got 5"),
    ({"category_order": ["four-card", "three-card", "two-card"]}, "category 'one-card' is missing (U5"),
    ({"category_order": ["four-card", "three-card", "two-card", "one-card", "four-card"]}, "appears twice"),
    ({"category_order": ["no-pair", "three-card", "two-card", "one-card"]}, "unknown category 'no-pair'"),
    ({"hand_size": 3}, "category 'four-card' cannot occur in a hand of 3 cards"),
    ({"plays": "the-best-two"}, "systems.badugi.plays"),
    ({"tie_break": None}, "systems.badugi.tie_break"),
    ({"better": "higher"}, "systems.badugi.better"),
    ({"hand_size": 0}, "systems.badugi.hand_size: must be at least 1, got 0"),
    ({"category_order": ["five-card", "three-card", "two-card", "one-card"]},
     "unknown category 'five-card' for a hand of 4 (known: four-card, three-card, two-card, one-card)"),
    ({"category_order": ["three-card", "two-card", "one-card"]}, "category 'four-card' is missing (U5"),
    ({"clauses": {"category_order": "U2", "tie_break": "U3", "ace": "U3", "plays": "U1", "straights": "K1"}},
     "systems.badugi.clauses.straights: unknown key"),
])
def test_the_loader_refuses_a_badugi_row_that_cannot_be_read(change, problem):
    with pytest.raises(RulesError, match=re.escape(problem)):
        parse_rankings(TableReader("rankings.toml", _with(change)))


def test_a_badugi_row_may_deal_as_few_as_one_card():
    """U5: the sizes go down to one card, so a house row of one card (one category, compared by its card) loads."""
    rows = parse_rankings(TableReader("rankings.toml", _with({"hand_size": 1, "category_order": ["one-card"],
                                                              "tie_break": {"one-card": ["cards"]}}))).all_systems
    assert [(row.hand_size, row.category_order) for row in rows if row.key == "badugi"] == [(1, ("one-card",))]


@pytest.mark.parametrize("systems", [[1, 2], "badugi"])
def test_a_rankings_file_whose_systems_are_not_a_table_is_refused_in_one_line(systems):
    data = {**read_toml(RANKINGS_FILE).data, "systems": systems}
    with pytest.raises(RulesError, match=r"rankings\.toml: systems: expected a table, got "):
        parse_rankings(resolve_systems(TableReader("rankings.toml", data)))


def test_a_five_card_row_may_not_name_a_hand_size_of_its_own():
    data = read_toml(RANKINGS_FILE).data
    data = {**data, "systems": {**data["systems"], "ace-to-six": {**data["systems"]["ace-to-six"], "hand_size": 4}}}
    with pytest.raises(RulesError, match="systems.ace-to-six.hand_size: a five-card system ranks"):
        parse_rankings(TableReader("rankings.toml", data))


# ---- The rulebooks' examples (U1-U3) ----

BEST_TO_WORST = [            # U2, U3: each beats the next (BARGE, WSOP-T, L 294)
    "A♣ 2♦ 3♥ 4♠",           # the best hand: a four-card badugi, four-high
    "A♣ 2♦ 3♥ 5♠",
    "K♣ Q♦ J♥ 10♠",          # the worst badugi still beats every three-card hand
    "A♦ 2♣ 3♥ 6♥",           # A-2-3 (L 294)
    "A♣ 3♦ 4♥ 5♥",           # A-3-4
    "7♣ 4♦ 2♥ K♥",           # 7-4-2 beats 7-5-A (BARGE)
    "7♦ 5♥ A♣ K♣",
    "K♣ Q♦ J♦ J♥",           # K-Q-J: the worst three-card hand
    "A♣ 2♦ 3♦ 4♦",           # the best two-card hand
    "K♣ K♦ Q♥ Q♣",
    "A♣ 2♣ 3♣ 4♣",           # one suit: a one-card hand, the ace
    "K♣ K♦ K♥ K♠",           # U2: the worst hand of all, a lone king
]


# Z2: badeucey's badugi, the ace high: 2-3-4-5 of four suits is the best hand, and an ace now tops a hand.
ACE_HIGH_BEST_TO_WORST = [
    "2♣ 3♦ 4♥ 5♠",           # the best hand
    "2♣ 3♦ 4♥ 6♠",
    "K♣ Q♦ J♥ 10♠",
    "A♣ 2♦ 3♥ 4♠",           # the ace-low game's best hand is now ace-high
    "A♣ K♦ Q♥ J♠",           # the worst badugi still beats every three-card hand
    "2♦ 3♣ 4♥ 4♠",           # 4-3-2: the best three-card hand
    "A♣ A♦ A♥ A♠",           # the worst hand of all, a lone ace
]


def test_with_the_ace_high_the_order_runs_from_five_four_three_two_down_to_a_lone_ace():
    for better, worse in itertools.pairwise(ACE_HIGH_BEST_TO_WORST):
        assert evaluate(better, "badugi-ace-high") > evaluate(worse, "badugi-ace-high"), \
            explain(better, worse, "badugi-ace-high")
    assert evaluate(ACE_HIGH_BEST_TO_WORST[0], "badugi-ace-high").rank == 1
    assert evaluate(ACE_HIGH_BEST_TO_WORST[-1], "badugi-ace-high").rank == class_count("badugi-ace-high") == 1092
    assert evaluate("A♣ 2♦ 3♥ 4♠", "badugi-ace-high").name == "four-card badugi, ace-high"
    assert describe("2♣ 3♦ 4♥ 5♠", "badugi-ace-high", "ru") == "5-4-3-2: бадуги до пятёрки"


def test_the_rulebooks_hands_in_order_best_first():
    for better, worse in itertools.pairwise(BEST_TO_WORST):       # neighbours may share a card: values compared
        assert evaluate(better, "badugi") > evaluate(worse, "badugi"), explain(better, worse, "badugi")
    assert evaluate(BEST_TO_WORST[0], "badugi").rank == 1
    assert evaluate(BEST_TO_WORST[-1], "badugi").rank == class_count("badugi") == sum(U6_CLASSES.values())


def test_cards_that_do_not_play_never_break_a_tie():
    """U3 (BARGE): 7♠ 3♠ 2♥ A♦ splits with 3♣ 3♦ 2♠ A♥, 3-2-A each; the seven and the second three do not play."""
    assert compare("7♠ 3♠ 2♥ A♦", "3♣ 3♦ 2♠ A♥", "badugi") == 0
    assert winners(["7♠ 3♠ 2♥ A♦", "3♣ 3♦ 2♠ A♥", "4♣ 3♥ 2♦ 5♠"], "badugi") == [2]
    said = explain("7♠ 3♠ 2♥ A♦", "3♣ 3♦ 2♠ A♥", "badugi")
    assert "cards that do not play never break a tie (U3)" in said
    assert "7s does not play: it shares a suit with 3s (U1)" in said and "3d does not play: it pairs 3c (U1)" in said


def test_names_and_explanations_in_english_and_russian():
    assert evaluate("7c 4d 3h 2s", "badugi").name == "four-card badugi, seven-high"
    assert evaluate("7c 4d 2h Kh", "badugi").name == "three-card hand, seven-high"
    assert evaluate("Kc Kd Kh Ks", "badugi").name == "one-card hand: king"
    assert describe("7c 4d 3h 2s", "badugi", "ru") == "7-4-3-2: бадуги до семёрки"
    assert describe("Kd Kc 2d 5h", "badugi", "ru") == \
        "K-5-2: трёхкарточная рука до короля; карта K♦ не играет: она одного достоинства с K♣ и одной масти с 2♦ (U1)"
    assert explain("A♣ 2♦ 3♥ 4♠", "7♣ 4♦ 2♥ K♥", "badugi", "ru").startswith(
        "4-3-2-A — бадуги; 7-4-2 — трёхкарточная рука, а в системе «бадуги» любое бадуги бьёт любую трёхкарточную "
        "руку (U2). Карта K♥ не играет: она одной масти с 2♥ (U1).")
    assert explain("7♣ 4♦ 2♥ K♥", "7♦ 5♥ A♣ K♣", "badugi", "ru").startswith(
        "7-4-2 бьёт 7-5-A. Обе руки — трёхкарточные (U3); сравниваем карты сверху вниз: 7 = 7, затем 4 бьёт 5.")


@pytest.mark.parametrize("cards, problem", [
    ("Ac 2d 3h 4s 5c", "expected 4 cards, got 5"),
    ("Ac 2d 3h", "expected 4 cards, got 3"),
    ("Ac 2d 3h Ac", "duplicate card 'Ac'"),
    ("Ac 2d 3h Jk", "the joker plays only in ace-to-five (F2, F8); badugi has no joker"),
])
def test_a_hand_that_is_not_four_distinct_natural_cards_is_refused(cards, problem):
    with pytest.raises(CardError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        evaluate(cards, "badugi")
    with pytest.raises(CardError):
        explain(cards, "Ac 2d 3h 4s", "badugi")


# ---- The census (U6) ----

@pytest.mark.parametrize("system", ["badugi", "badugi-ace-high"])
def test_the_census_of_all_four_card_hands_by_class_matches_the_published_counts(system):
    """U6; Z2: the ace high (badeucey's badugi) moves one rank to the top of the order and changes no count."""
    ranks = all_ranks(system)
    assert len(ranks) == HANDS == sum(U6_HANDS.values())
    categories = {rank: cat for rank, cat in set_classes(as_system(system)).values()}
    hands = {cat: 0 for cat in U6_HANDS}
    for rank, count in enumerate(np.bincount(ranks)):
        if count:
            hands[categories[rank]] += int(count)
    classes = {cat: sum(1 for c in categories.values() if c == cat) for cat in U6_CLASSES}
    assert hands == U6_HANDS and classes == U6_CLASSES
    # Worked out by hand: a badugi is four ranks of 13 in four suits, 13C4 x 4!; a one-card hand is four cards
    # of one suit or four of a kind; a class of k cards is a set of k ranks of 13.
    assert hands["four-card"] == math.comb(13, 4) * math.factorial(4)
    assert hands["one-card"] == len(SUIT_CHARS) * math.comb(13, 4) + 13
    assert classes == {cat: math.comb(13, size) for cat, size in SET_SIZES.items()}


# ---- The fast path equals the literate reading ----

def _fast_equals_literate(indexes) -> None:
    classes = set_classes(ROW)
    fast = all_ranks("badugi")
    rows = combinations_array(52, 4)
    for index in indexes:
        hand = tuple(DECK[i] for i in rows[index])
        literate = classes[set_shape(hand, ROW)][0]
        assert literate == fast[index], f"{in_words(hand)}: literate class {literate}, fast {fast[index]}"


def test_the_fast_path_equals_the_literate_reading_on_every_hand_up_to_suits():
    """Every hand whose suits come in first-seen order (18,096: every hand up to a relabelling of suits, which
    neither reading sees, as the next test shows of the fast path); all 270,725 in make test-full."""
    _fast_equals_literate(canonical_hands())
    fast = all_ranks("badugi")
    for index, hand in itertools.islice(enumerate(itertools.combinations(DECK, 4)), 0, HANDS, 997):
        assert evaluate(hand, "badugi").rank == fast[index], in_words(hand)


@slow
def test_the_fast_path_equals_the_literate_reading_on_every_four_card_hand():
    _fast_equals_literate(range(HANDS))


def _hand(index: int) -> tuple[Card, ...]:
    return tuple(DECK[i] for i in combinations_array(52, 4)[index])


def test_suits_never_decide_but_which_cards_share_them():
    """S2, U1: relabelling the suits of every hand (each transposition of two suits) leaves every rank alone."""
    rows = combinations_array(52, 4)
    base = hand_codes(rows, ROW)
    for a, b in itertools.combinations(range(len(SUIT_CHARS)), 2):
        swap = np.arange(52)
        suit = swap % 4
        swap = np.where(suit == a, swap - a + b, np.where(suit == b, swap - b + a, swap))
        assert (hand_codes(swap[rows], ROW) == base).all(), f"swapping suits {SUIT_CHARS[a]} and {SUIT_CHARS[b]}"


# ---- pokerkit's BadugiHand agrees hand for hand ----

@functools.cache
def canonical_hands() -> np.ndarray:
    """Return the positions of the hands whose suits come in first-seen order: one hand of each suit pattern."""
    suits = (combinations_array(52, 4) % len(SUIT_CHARS)).tolist()   # DECK is rank-major: a suit is an index mod 4
    return np.array([i for i, row in enumerate(suits) if list(dict.fromkeys(row)) == list(range(len(set(row))))])


# Our badugi rows and pokerkit's hand classes: BadugiHand (the ace low, U7) and StandardBadugiHand (the ace high,
# badeucey's badugi: Z2).
POKERKIT_CLASS = {"badugi": "BadugiHand", "badugi-ace-high": "StandardBadugiHand"}


def _pokerkit_order(indexes: np.ndarray, system: str = "badugi") -> np.ndarray:
    """Return pokerkit's entry index of each hand (for its low hands, smaller is stronger)."""
    import pokerkit as pk

    hand_class = getattr(pk, POKERKIT_CLASS[system])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.array([hand_class.from_game("".join(map(str, _hand(i)))).entry.index for i in indexes])


def _agree_with_pokerkit(indexes: np.ndarray, system: str = "badugi") -> None:
    ours = all_ranks(system)[indexes]
    moved = order_disagreement(ours, _pokerkit_order(indexes, system))
    words = lambda cards: f"{format_cards(cards)} ({describe(cards, system)})"     # noqa: E731
    assert moved is None, (f"{words(_hand(indexes[moved[0]]))} and {words(_hand(indexes[moved[1]]))}: "
                           f"ranked {ours[moved[0]]} and {ours[moved[1]]} under {system} here, pokerkit's "
                           f"{POKERKIT_CLASS[system]} orders them otherwise")


def test_pokerkit_orders_every_hand_up_to_suits_as_we_do():
    indexes = canonical_hands()
    assert 10_000 < len(indexes) < HANDS // 10
    _agree_with_pokerkit(indexes)


@slow
def test_pokerkit_orders_all_four_card_hands_as_we_do():
    _agree_with_pokerkit(np.arange(HANDS))


def test_pokerkits_standard_badugi_orders_every_hand_up_to_suits_as_the_ace_high_row():
    """Z2: badeucey's badugi, the ace high, is pokerkit's StandardBadugiHand hand for hand (up to suits; all 270,725
    in make test-full)."""
    _agree_with_pokerkit(canonical_hands(), "badugi-ace-high")


@slow
def test_pokerkits_standard_badugi_orders_all_four_card_hands_as_the_ace_high_row():
    _agree_with_pokerkit(np.arange(HANDS), "badugi-ace-high")


# ---- lowball verify, properties 1-3, on the badugi row ----

def _rankings(change: dict | None = None):
    from lowball.verify.ranking import check_well_formed

    data = _with(change) if change else read_toml(RANKINGS_FILE).data
    well_formed, rankings = check_well_formed("rankings.toml", data, {"badugi"})
    assert well_formed.holds and well_formed.proved == ["badugi: 4 categories in order, each with a tie-break rule"]
    return rankings


def test_verify_proves_the_badugi_order_and_the_rulebooks_cases():
    from lowball.verify.ranking import check_cases, check_order

    order, cases = check_order(_rankings(), systems={"badugi"}), check_cases(_rankings(), systems={"badugi"})
    assert order.holds and cases.holds, (order.counterexample, cases.counterexample)
    assert any("tie exactly when the cards that play hold the same ranks" in fact for fact in order.proved)
    assert "badugi: confirmed on all 270,725 hands of 4 cards: 1,092 classes" in order.proved
    assert sum(fact.startswith(("U2", "U3")) for fact in cases.proved) == 5     # three cases, the best, the worst


def test_a_tie_break_that_leaves_the_cards_out_is_refuted_with_two_hands():
    """Property 2 can fail: a house row that compares four-card hands by nothing ties different badugis."""
    from lowball.verify.ranking import check_order

    rankings = _rankings({"tie_break": {"four-card": [], "three-card": ["cards"], "two-card": ["cards"],
                                        "one-card": ["cards"]}})
    order = check_order(rankings, exhaustive=False, systems={"badugi"})
    assert not order.holds and "tie, though the cards that play hold different ranks" in order.counterexample


def test_verify_proves_the_ace_high_order_and_badeuceys_cases():
    """Z2: properties 2 and 3 on badeucey's badugi row: the order, and 5-4-3-2 the best, a lone ace the worst."""
    from lowball.verify.ranking import check_cases, check_order, check_well_formed

    _, rankings = check_well_formed("rankings.toml", read_toml(RANKINGS_FILE).data, {"badugi-ace-high"})
    order = check_order(rankings, exhaustive=False, systems={"badugi-ace-high"})
    cases = check_cases(rankings, systems={"badugi-ace-high"})
    assert order.holds and cases.holds, (order.counterexample, cases.counterexample)
    assert [fact.split(" (")[0] for fact in cases.proved] == ["Z2"] * 3
    broken = dict(read_toml(RANKINGS_FILE).data)
    broken["systems"] = {**broken["systems"], "badugi-ace-high": {**broken["systems"]["badugi-ace-high"],
                                                                  "ace": "low"}}
    _, low = check_well_formed("rankings.toml", broken, {"badugi-ace-high"})
    refuted = check_cases(low, systems={"badugi-ace-high"})
    assert not refuted.holds and "Z2 fails under badugi-ace-high" in refuted.counterexample


def test_an_ace_counted_high_loses_the_rulebooks_best_hand():
    """Property 3 can fail: with the ace high (badeucy's half, U7), A-2-3-4 is no longer the best hand (U2)."""
    from lowball.verify.ranking import check_cases

    cases = check_cases(_rankings({"ace": "high"}), systems={"badugi"})
    assert not cases.holds
    assert "U2 fails under badugi" in cases.counterexample and "beats A♣ 2♦ 3♥ 4♠" in cases.counterexample
