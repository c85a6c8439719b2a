"""Properties 1-3: the rankings table is well formed, orders all hands totally, and proves the seeds' cases.

Only the ranking systems a game uses are ordered and tested (with the worked
cases of those systems); the descriptions are those of
``lowball.verify.properties``. Each fact and counterexample is data (``Verdict``),
worded in English and Russian by ``lowball.text.verdicts`` from ``rules/proofs.toml``.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from typing import Any, Collection

import z3

from lowball.core.cards import DECK, SUIT_CHARS
from lowball.errors import RulesError
from lowball.core.rankings import HAND_SIZE, RankingSystem, Rankings, parse_rankings, RULES_DIR
from lowball.core.reader import TableReader, read_toml
from lowball.verify.checks import Check, timed
from lowball.verify.properties import DESCRIPTIONS
from lowball.verify.hands import CardHand, SymHand, beats, concrete, same_value, shape_cards, ties
from lowball.verify.badugi import SetHand, SetShape, concrete_set, same_played, set_beats, set_ties, shape_of
from lowball.verify.proof import prove
from lowball.text.verdicts import Cards, Comparison, Said, SystemName, Verdict

WORKED_CASES = RULES_DIR / "worked-cases.toml"
# The rulebooks' badugi cases (U2, U3): four-card hands, in a file of their own (see its header).
BADUGI_CASES = RULES_DIR / "worked-cases-badugi.toml"

# Every hand the exhaustive confirmations enumerate: five cards (H2) of the 52 (2,598,960).
ALL_HANDS = math.comb(len(DECK), HAND_SIZE)

# The numbered descriptions of properties 1-3, from the one registry (the docs read a module's numbered list).
__doc__ = (__doc__ or "") + "\n\n" + "\n".join(f"{n}. {DESCRIPTIONS[n]}" for n in (1, 2, 3)) + "\n"


def check_well_formed(source: str, data: dict[str, Any],
                      systems: Collection[str] | None = None) -> tuple[Check, Rankings | None]:
    """Property 1: validate the rankings table; a refusal is the counterexample.

    ``systems``: the systems whose rows are reported (all when None); the whole table is validated either way.
    """
    check = Check.of(1)
    with timed(check):
        try:
            rankings = parse_rankings(TableReader(source, data))
        except RulesError as err:
            check.fail(Verdict("rankings-refused", {"refusal": str(err)}))
            return check, None
        for row in rankings.all_systems:
            if systems is None or row.key in systems:
                check.record(Verdict("categories-in-order", {"system": SystemName.of(row),
                                                             "n": len(row.category_order)}))
    return check, rankings


def prove_shapes_cover_hands(check: Check, row: RankingSystem) -> None:
    """Prove that any five distinct cards have a shape: so facts about shapes hold for every hand."""
    _five_card_model(row)
    hand = CardHand("h", row)
    lemmas = hand.one_rank_each()
    for lemma in lemmas:
        if not prove(lemma, hand.well_formed()).proved:
            raise AssertionError("a card with no single rank")   # cannot happen: ranks are 2-14
    suits = len(SUIT_CHARS)
    claims = [z3.Sum(list(hand.count.values())) == HAND_SIZE]
    claims += [z3.And(c >= 0, c <= suits, z3.Implies(hand.one_suit, c <= 1)) for c in hand.count.values()]
    for claim in claims:
        if not prove(claim, hand.well_formed(), *lemmas).proved:
            raise AssertionError("five distinct cards without a shape")
    check.record(Verdict("shapes-cover-hands", {"suits": suits}))


def _five_card_model(row: RankingSystem) -> None:
    """Refuse a five-card row whose hand is not the ``HAND_SIZE`` cards the Z3 model and the shapes are written for.

    >>> from lowball.ranking import as_system
    >>> _five_card_model(dataclasses.replace(as_system("ace-to-six"), hand_size=4))
    Traceback (most recent call last):
    lowball.errors.RulesError: ace-to-six: a hand of 4 cards; the Z3 model of a five-card system and its shapes are written for 5 (H2)
    """
    if row.hand_size != HAND_SIZE:
        raise RulesError(f"{row.key}: a hand of {row.hand_size} cards; the Z3 model of a five-card system and its "
                         f"shapes are written for {HAND_SIZE} (H2)")


def check_total_order(row: RankingSystem, check: Check) -> None:
    """Property 2 for one system: placed, total, antisymmetric, transitive, and ties exactly as S2 says."""
    _five_card_model(row)
    a, b, c = (SymHand(name, row) for name in "abc")
    system = SystemName.of(row)
    outcome = prove(a.category_index >= 0, a.shape())
    if not outcome.proved:
        check.fail(Verdict("no-category", {"system": system, "hand": Cards(shape_cards(a, outcome.model))}))
        return
    laws = [
        ("total", z3.Or(beats(a, b), beats(b, a), ties(a, b)), (a, b)),
        ("antisymmetric", z3.Not(z3.And(beats(a, b), beats(b, a))), (a, b)),
        ("transitive", z3.Implies(z3.And(beats(a, b), beats(b, c)), beats(a, c)), (a, b, c)),
        (TIES, ties(a, b) == same_value(a, b), (a, b)),
    ]
    for law, claim, hands in laws:
        outcome = prove(claim, *(h.shape() for h in hands))
        if not outcome.proved:
            check.fail(_law_broken(law, "ties-unequal-ranks", system, row,
                                   *(shape_cards(h, outcome.model) for h in hands[:2])))
            return
    check.record(Verdict("order-proved", {"system": system}))


# The last law of an order: two hands tie exactly when what they show is equal (S2; U3 in badugi).
TIES = "ties"


def _law_broken(law: str, ties_key: str, system: SystemName, row: RankingSystem, x, y) -> Verdict:
    """Return the counterexample to a law of ``row``'s order at the hands ``x`` and ``y``: a tie of different
    hands (``ties_key``: the tie of five cards, or of the cards that play), else the law that fails."""
    if law == TIES:
        return Verdict(ties_key, {"system": system, "first": Cards(x, row), "second": Cards(y, row),
                                  "clause": row.tie_break_clause})
    return Verdict("order-not", {"system": system, "law": law, "first": Cards(x), "second": Cards(y)})


def confirm_exhaustively(row: RankingSystem, check: Check) -> None:
    """Confirm property 2 on all 2,598,960 hands: equal strength exactly when the ranks (and flush) match."""
    _five_card_model(row)
    from lowball.analysis.census import hand_shapes
    from lowball.ranking import representative, strength_key

    seen: dict[tuple, tuple] = {}
    for (ranks, one_suit), _ in hand_shapes().items():
        visible = (ranks, one_suit and row.flushes_count)
        key = strength_key(representative(ranks, one_suit), row)
        other = seen.setdefault(key, visible)
        if other != visible:
            check.fail(Verdict("ties-found", {"system": SystemName.of(row),
                                              "first": Cards(representative(*other), row),
                                              "second": Cards(representative(ranks, one_suit), row)}))
            return
    check.record(Verdict("confirmed", {"system": SystemName.of(row), "hands": ALL_HANDS, "classes": len(seen)}))


@functools.cache
def _sets_are_shapes(row: RankingSystem) -> bool:
    """Prove that the set that plays of any distinct cards of ``row``'s hand is a shape (cached by row)."""
    hand = SetHand("h", row)
    return prove(shape_of(hand.size, hand.played, row), hand.well_formed()).proved


def _reading(row: RankingSystem) -> RankingSystem:
    """Return ``row`` with only what the set that plays depends on (U1: the ace, the hand size): its cache key."""
    return dataclasses.replace(row, key="", en="", ru="", category_order=(), tie_break=(), category_clause="",
                               tie_break_clause="", ace_clause="", plays_clause="")


def check_set_order(row: RankingSystem, check: Check) -> None:
    """Property 2 for a badugi system (U1-U3): every hand's set that plays is a shape, and over shapes the order
    is placed, total, antisymmetric, transitive, and ties exactly when the cards that play hold the same ranks."""
    if not _sets_are_shapes(_reading(row)):
        raise AssertionError("distinct cards whose set that plays is no shape")    # U1 always finds one
    system = SystemName.of(row)
    check.record(Verdict("sets-are-shapes", {"system": system, "size": row.hand_size}))
    a, b, c = (SetShape(name, row) for name in "abc")
    outcome = prove(a.placed, a.shape())
    if not outcome.proved:
        check.fail(Verdict("no-category", {"system": system, "hand": Cards(a.cards(outcome.model), row)}))
        return
    laws = [
        ("total", z3.Or(set_beats(a, b), set_beats(b, a), set_ties(a, b)), (a, b)),
        ("antisymmetric", z3.Not(z3.And(set_beats(a, b), set_beats(b, a))), (a, b)),
        ("transitive", z3.Implies(z3.And(set_beats(a, b), set_beats(b, c)), set_beats(a, c)), (a, b, c)),
        (TIES, set_ties(a, b) == same_played(a, b), (a, b)),
    ]
    for law, claim, hands in laws:
        outcome = prove(claim, *(h.shape() for h in hands))
        if not outcome.proved:
            check.fail(_law_broken(law, "sets-tie-unequal-ranks", system, row,
                                   *(h.cards(outcome.model) for h in hands[:2])))
            return
    check.record(Verdict("sets-order-proved", {"system": system, "plays_clause": row.plays_clause,
                                               "clause": row.tie_break_clause}))


def confirm_sets_exhaustively(row: RankingSystem, check: Check) -> None:
    """Confirm property 2 for badugi on every hand: one class per set of ranks that plays, and every hand in one."""
    from lowball.ranking.classes import set_representatives, set_shape
    from lowball.ranking.fast import all_ranks
    from lowball.ranking.literate import strength_key

    seen: dict[tuple, tuple] = {}
    for hand in set_representatives(row):
        ranks = set_shape(hand, row)
        other = seen.setdefault(strength_key(hand, row), ranks)
        if other != ranks:
            x = next(h for h in set_representatives(row) if set_shape(h, row) == other)
            check.fail(Verdict("sets-ties-found", {"system": SystemName.of(row), "first": Cards(x, row),
                                                   "second": Cards(hand, row)}))
            return
    hands = all_ranks(row)
    found = len(set(hands.tolist()))
    counts = {"system": SystemName.of(row), "hands": len(hands), "classes": found}
    if found != len(seen) or len(hands) != math.comb(len(DECK), row.hand_size):
        check.fail(Verdict("sets-classes-differ", {**counts, "sets": len(seen)}))
        return
    check.record(Verdict("sets-confirmed", {**counts, "size": row.hand_size}))


def _rows(rankings: Rankings, systems: Collection[str] | None) -> list[RankingSystem]:
    """Return the rows of ``systems``; None: the five-card rows, the seeds' systems (a badugi row is named)."""
    if systems is None:
        return list(rankings.systems)
    return [row for row in rankings.all_systems if row.key in systems]


def check_order(rankings: Rankings, exhaustive: bool = True, systems: Collection[str] | None = None) -> Check:
    """Property 2: each system (of ``systems``; the five-card ones when None) orders all its hands totally (H2, H3,
    S2; U1-U3)."""
    check = Check.of(2)
    rows = _rows(rankings, systems)
    fives = [row for row in rows if row.five_cards]
    with timed(check):
        if fives or not rows:
            prove_shapes_cover_hands(check, fives[0] if fives else rankings.systems[0])
        for row in rows:
            if row.five_cards:
                check_total_order(row, check)
            else:
                check_set_order(row, check)
            if exhaustive and check.holds:
                (confirm_exhaustively if row.five_cards else confirm_sets_exhaustively)(row, check)
    return check


def worked_cases() -> dict[str, Any]:
    """Return the seeds' worked cases and extremes from ``rules/worked-cases.toml``."""
    return read_toml(WORKED_CASES).data


def badugi_cases() -> dict[str, Any]:
    """Return the rulebooks' badugi cases and extremes (U2, U3) from ``rules/worked-cases-badugi.toml``."""
    return read_toml(BADUGI_CASES).data


def _pinned(name: str, text: str, row: RankingSystem):
    """Return a symbolic hand of ``row``'s kind pinned to the cards in ``text``, and its constraint."""
    return concrete(name, text, row) if row.five_cards else concrete_set(name, text, row)


def _beats(h, g, row: RankingSystem) -> z3.BoolRef:
    return beats(h, g) if row.five_cards else set_beats(h, g)


# The counterexample to a claimed extreme: a hand that beats the best, or loses to the worst.
EXTREME_REFUTED = {"best": "best-beaten", "worst": "worst-beats"}


def check_cases(rankings: Rankings, systems: Collection[str] | None = None) -> Check:
    """Property 3: best and worst hands and the worked cases (of ``systems``; the five-card ones when None), as theorems."""
    seeds, rulebooks = worked_cases(), badugi_cases()
    cases = {kind: seeds.get(kind, []) + rulebooks.get(kind, []) for kind in ("case", "extreme")}
    check = Check.of(3)
    known = {row.key: row for row in _rows(rankings, systems)}
    with timed(check):
        for case in cases.get("case", []):
            row = known.get(case["system"])
            if row is None:
                continue
            better, fb = _pinned("x", case["better"], row)
            worse, fw = _pinned("y", case["worse"], row)
            named = {"id": case["id"], "system": SystemName.of(row), "says": Said(case["en"], case.get("ru", ""))}
            if prove(_beats(better, worse, row), fb, fw).proved:
                check.record(Verdict("case-proved", named))
            else:
                check.fail(Verdict("case-fails", {**named, "why": Comparison(case["better"], case["worse"], row)}))
        for case in cases.get("extreme", []):
            row = known.get(case["system"])
            if row is None:
                continue
            for end in ("best", "worst"):
                fixed, pinned = _pinned("x", case[end], row)
                other = SymHand("g", row) if row.five_cards else SetHand("g", row)
                claim = z3.Not(_beats(other, fixed, row)) if end == "best" else z3.Not(_beats(fixed, other, row))
                outcome = prove(claim, pinned, other.shape())
                named = {"id": case["id"], "system": SystemName.of(row), "hand": case[end]}
                if outcome.proved:
                    check.record(Verdict(f"{end}-proved", named))
                else:
                    rival = shape_cards(other, outcome.model) if row.five_cards else other.cards(outcome.model)
                    check.fail(Verdict(EXTREME_REFUTED[end], {**named, "rival": Cards(rival, row)}))
    return check
