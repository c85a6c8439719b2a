"""Properties 1-3: the rankings table is well formed, orders all hands totally, and proves the seeds' cases.

Only the ranking systems a game uses are ordered and tested (with the worked
cases of those systems); the descriptions are those of
``lowball.verify.properties``.
"""

from __future__ import annotations

from typing import Any, Collection

import z3

from lowball.core.cards import format_cards
from lowball.errors import RulesError
from lowball.core.rankings import RankingSystem, Rankings, parse_rankings, RULES_DIR
from lowball.core.reader import TableReader, read_toml
from lowball.verify.checks import Check, timed
from lowball.verify.properties import DESCRIPTIONS
from lowball.verify.hands import CardHand, SymHand, beats, concrete, same_value, shape_cards, ties
from lowball.verify.proof import prove

WORKED_CASES = RULES_DIR / "worked-cases.toml"

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
            check.fail(str(err))
            return check, None
        for row in rankings.systems:
            if systems is None or row.key in systems:
                check.record(f"{row.key}: {len(row.category_order)} categories in order, each with a tie-break rule")
    return check, rankings


def _hand_words(cards, row: RankingSystem) -> str:
    from lowball.text.explain import describe

    return f"{format_cards(cards)} ({describe(cards, row)})"


def prove_shapes_cover_hands(check: Check, row: RankingSystem) -> None:
    """Prove that any five distinct cards have a shape: so facts about shapes hold for every hand."""
    hand = CardHand("h", row)
    lemmas = hand.one_rank_each()
    for lemma in lemmas:
        if not prove(lemma, hand.well_formed()).proved:
            raise AssertionError("a card with no single rank")   # cannot happen: ranks are 2-14
    claims = [z3.Sum(list(hand.count.values())) == 5]
    claims += [z3.And(c >= 0, c <= 4, z3.Implies(hand.one_suit, c <= 1)) for c in hand.count.values()]
    for claim in claims:
        if not prove(claim, hand.well_formed(), *lemmas).proved:
            raise AssertionError("five distinct cards without a shape")
    check.record("every five distinct cards have a shape: 0-4 of each rank, five in all, one suit only if unpaired")


def check_total_order(row: RankingSystem, check: Check) -> None:
    """Property 2 for one system: placed, total, antisymmetric, transitive, and ties exactly as S2 says."""
    a, b, c = (SymHand(name, row) for name in "abc")
    outcome = prove(a.category_index >= 0, a.shape())
    if not outcome.proved:
        cards = shape_cards(a, outcome.model)
        check.fail(f"{row.key}: {format_cards(cards)} falls in no category of the order")
        return
    facts = [
        ("total", z3.Or(beats(a, b), beats(b, a), ties(a, b)), (a, b)),
        ("antisymmetric", z3.Not(z3.And(beats(a, b), beats(b, a))), (a, b)),
        ("transitive", z3.Implies(z3.And(beats(a, b), beats(b, c)), beats(a, c)), (a, b, c)),
        ("ties exactly on equal ranks (and flush status)", ties(a, b) == same_value(a, b), (a, b)),
    ]
    for name, claim, hands in facts:
        outcome = prove(claim, *(h.shape() for h in hands))
        if not outcome.proved:
            x, y = (shape_cards(h, outcome.model) for h in hands[:2])
            if name.startswith("ties"):
                check.fail(f"{row.key}: {_hand_words(x, row)} and {_hand_words(y, row)} tie, though "
                           f"they hold different ranks: a tie-break rule leaves cards out (H3)")
            else:
                check.fail(f"{row.key}: the order is not {name} at {format_cards(x)} / {format_cards(y)}")
            return
    check.record(f"{row.key}: every hand placed; the order is total, antisymmetric and transitive; "
                 f"hands tie exactly when their ranks (and flush status) match (Z3)")


def confirm_exhaustively(row: RankingSystem, check: Check) -> None:
    """Confirm property 2 on all 2,598,960 hands: equal strength exactly when the ranks (and flush) match."""
    from lowball.analysis.census import hand_shapes
    from lowball.ranking import representative, strength_key

    seen: dict[tuple, tuple] = {}
    for (ranks, one_suit), _ in hand_shapes().items():
        visible = (ranks, one_suit and row.flushes_count)
        key = strength_key(representative(ranks, one_suit), row)
        other = seen.setdefault(key, visible)
        if other != visible:
            x, y = representative(*other), representative(ranks, one_suit)
            check.fail(f"{row.key}: {_hand_words(x, row)} and {_hand_words(y, row)} tie though their ranks "
                       f"differ (found by enumeration)")
            return
    check.record(f"{row.key}: confirmed on all 2,598,960 hands: {len(seen):,} classes")


def check_order(rankings: Rankings, exhaustive: bool = True, systems: Collection[str] | None = None) -> Check:
    """Property 2: each system (of ``systems``; all when None) orders all five-card hands totally (H2, H3, S2)."""
    check = Check.of(2)
    rows = [row for row in rankings.systems if systems is None or row.key in systems]
    with timed(check):
        prove_shapes_cover_hands(check, rows[0] if rows else rankings.systems[0])
        for row in rows:
            check_total_order(row, check)
            if exhaustive and check.holds:
                confirm_exhaustively(row, check)
    return check


def worked_cases() -> dict[str, Any]:
    """Return the seeds' worked cases and extremes from ``rules/worked-cases.toml``."""
    return read_toml(WORKED_CASES).data


def check_cases(rankings: Rankings, systems: Collection[str] | None = None) -> Check:
    """Property 3: best and worst hands and the seeds' worked cases (of ``systems``; all when None), as theorems."""
    from lowball.text.explain import explain

    cases = worked_cases()
    check = Check.of(3)
    known = {row.key: row for row in rankings.systems if systems is None or row.key in systems}
    with timed(check):
        for case in cases.get("case", []):
            row = known.get(case["system"])
            if row is None:
                continue
            better, fb = concrete("x", case["better"], row)
            worse, fw = concrete("y", case["worse"], row)
            if prove(beats(better, worse), fb, fw).proved:
                check.record(f"{case['id']} ({row.key}): {case['en']}")
            else:
                check.fail(f"{case['id']} fails under {row.key}: the seed says {case['en']}, but here: "
                           f"{explain(case['better'], case['worse'], row)}")
        for case in cases.get("extreme", []):
            row = known.get(case["system"])
            if row is None:
                continue
            for end in ("best", "worst"):
                fixed, pinned = concrete("x", case[end], row)
                other = SymHand("g", row)
                claim = z3.Not(beats(other, fixed)) if end == "best" else z3.Not(beats(fixed, other))
                outcome = prove(claim, pinned, other.shape())
                if outcome.proved:
                    check.record(f"{case['id']} ({row.key}): no hand is {'better' if end == 'best' else 'worse'} "
                                 f"than {case[end]}")
                else:
                    rival = shape_cards(other, outcome.model)
                    verb = "beats" if end == "best" else "loses to"
                    check.fail(f"{case['id']} fails under {row.key}: {_hand_words(rival, row)} {verb} "
                               f"{case[end]}, claimed the {end} hand")
    return check
