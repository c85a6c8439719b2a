"""lowball verify: every property proved on the teaching table; every property refuted by a broken table.

Each mutation changes one value of a table (``--set`` or a small table that
extends a built-in one) and expects the counterexample a house-rules writer can
act on. Z3's unknown fails the run. Property 8 holds for every table the loader
accepts (the engine redeals only while everyone can ante again), and property 7
breaks only where a post leaves no bet to make, so both are also refuted by
breaking the model (``tests/proofs/test_verify_engine.py``, which shows that the
engine-link check catches such a model too).
"""

import json
import time

import pytest
import z3

from lowball.cli import main
from lowball.core import games
from lowball.core.games import load_game_table, table_from_text
from lowball.core.rankings import RANKINGS_FILE, read_rankings
from lowball.errors import RulesError
from lowball.verify import ProofUnknown, holds, load_for_verify, prove, verify
from lowball.verify.game import check_card_bound, check_chips, check_redeals, check_rounds, check_stack_guarantee
from lowball.verify.properties import BY_NUMBER, DESCRIPTIONS, NUMBERS, PROPERTIES
from lowball.verify.ranking import check_cases, check_order, check_well_formed


@pytest.fixture(scope="module")
def teaching_report():
    table, rankings = load_for_verify()
    return {check.number: check for check in verify(table, rankings, exhaustive=False)}


@pytest.mark.parametrize("number", [n for n in NUMBERS if n != 8])
def test_every_applicable_property_is_proved_on_the_teaching_table(teaching_report, number):
    check = teaching_report[number]
    assert check.applies and check.holds, check.counterexample
    assert check.proved and not check.counterexample


def test_the_redeal_property_does_not_apply_to_the_teaching_table(teaching_report):
    """K4: the teaching table plays on when nobody opens (B2): property 8 says it does not apply, and why."""
    check = teaching_report[8]
    assert not check.applies and check.verdict == "does not apply" and "play-on" in check.reason


def test_the_proved_figures_are_the_seeds_numbers(teaching_report):
    """T5: 13 = 1 + 4 + 8; D1: 50 cards with five players; S1: rounds end within a bound."""
    assert teaching_report[4].figures["max_investment"] == 13
    assert "1 + 4 x 1 + 4 x 2 = 13" in " ".join(teaching_report[4].proved)
    assert ("reached by: p1 bets 1, p2 raises to 2, p1 raises to 3, p2 raises to 4, p1 calls; then p1 bets 2, "
            "p2 raises to 4, p1 raises to 6, p2 raises to 8, p1 calls") in teaching_report[4].proved
    assert teaching_report[5].figures["max_cards"] == 50
    assert teaching_report[7].figures["round_bound"] == 50
    assert any("first-round-opener" in fact for fact in teaching_report[7].proved)


def test_property_2_is_confirmed_on_every_hand_of_the_game_system():
    """H2, H3: the enumeration of all 2,598,960 hands, for the one system the teaching table uses."""
    table, rankings = load_for_verify()
    (check,) = verify(table, rankings, only={2})
    assert check.holds and any("confirmed on all 2,598,960 hands: 7,462 classes" in f for f in check.proved)
    assert all("ace-to-six:" in f for f in check.proved[1:])          # only the game's system (ace-to-six)


def test_titles_and_clauses_have_one_home(teaching_report):
    """The report's titles and clauses are the registry's, with the table's values filled in."""
    table = load_game_table()
    for check in teaching_report.values():
        assert check.title == BY_NUMBER[check.number].title(table)
        assert check.clauses == BY_NUMBER[check.number].clauses
    assert teaching_report[4].title == "no all-in: at most the 13-chip minimum stack is ever at risk"
    assert teaching_report[5].title == "the 52-card deck never runs out"
    assert set(DESCRIPTIONS) == set(NUMBERS) == {p.number for p in PROPERTIES}
    import lowball.verify.game
    import lowball.verify.ranking
    assert "4. The stack guarantee (T4, T5)" in lowball.verify.game.__doc__
    assert "1. Every category order" in lowball.verify.ranking.__doc__


def table_with(**settings):
    return load_for_verify(overrides={k.replace("__", "."): str(v) for k, v in settings.items()})


def extending(game: str, text: str):
    return table_from_text(f'extends = "{game}"\nname = "house"\n{text}')


# ---- property 4: the stack guarantee (T4, T5) ----

def test_property_4_four_raises_need_a_16_chip_stack():
    table, _ = table_with(raises_per_round=4)
    check = check_stack_guarantee(table)
    assert not check.holds
    assert ("with 4 raises per round a player can put in 1 + 5 x 1 + 5 x 2 = 16 chips" in check.counterexample
            and "a stack of 13 can be all-in; the minimum safe stack is 16" in check.counterexample)
    assert "(p1 bets 1, p2 raises to 2, p1 raises to 3, p2 raises to 4, p1 raises to 5, p2 calls;" \
           in check.counterexample


def test_property_4_a_12_chip_minimum_stack_can_be_all_in():
    table, _ = table_with(min_stack=12)
    check = check_stack_guarantee(table)
    assert not check.holds and "a stack of 12 can be all-in; the minimum safe stack is 13" in check.counterexample


@pytest.mark.parametrize("settings, words", [
    ({"raises_per_round": '"unlimited"'}, "raising is unlimited: with 2 players of 13 chips, p1 bets 1, "
                                          "p2 raises to 2"),
    ({"heads_up_cap": "lifted"}, "the cap is lifted when a round starts heads-up (G2: lifted)"),
    ({"heads_up_cap": "lifted-if-started-heads-up"}, "(G2: lifted-if-started-heads-up)"),
    ({"structure": "no-limit", "raises_per_round": '"unlimited"', "short_all_in": "all-ins-add-up"},
     "in no-limit a player may bet all his chips (G4, G5): with 2 players of 13 chips, p1 bets 12 (all in)"),
    ({"structure": "pot-limit", "raises_per_round": '"unlimited"', "short_all_in": "all-ins-add-up"},
     "p1 bets 2, p2 raises to 8, p1 raises to 12 (all in): p1 is all in"),
])
def test_property_4_any_stack_can_be_all_in_without_a_cap(settings, words):
    """T4, G2, G4, G5: no cap, a cap lifted heads-up, pot-limit or no-limit: the engine plays the all-in."""
    table, _ = load_for_verify(overrides=settings)
    check = check_stack_guarantee(table)
    assert not check.holds and check.counterexample.startswith("any stack can be all-in: ")
    assert words in check.counterexample


def test_property_4_a_huge_stack_is_still_all_in_by_a_proved_raising_war():
    """G2: the war is not played for a billion chips: Z3 proves each raise leads to the same position."""
    start = time.perf_counter()
    table, _ = table_with(raises_per_round='"unlimited"', min_stack=10**9)
    check = check_stack_guarantee(table)
    assert time.perf_counter() - start < 10
    assert not check.holds and "Z3 proves that while both have chips another raise of one bet is always legal" \
        in check.counterexample and "a stack of 1000000000 is all in" in check.counterexample


def test_property_4_redeals_take_antes_until_a_stack_is_all_in():
    """K4 with T5: a redeal when nobody opens takes another ante each time, until the stacks run dry."""
    table, _ = table_with(forced__nobody_opens="redeal")
    check = check_stack_guarantee(table)
    assert not check.holds
    assert ("with 2 players of 13 chips, the first round is checked through 12 times and each time everyone antes "
            "again: p1 is all in") in check.counterexample


def test_property_4_does_not_apply_without_a_minimum_stack():
    check = check_stack_guarantee(load_game_table("deuce-to-seven-triple-draw"))
    assert not check.applies and "promises no minimum stack" in check.reason


def test_property_4_on_blinds_counts_the_big_blind_as_the_bet():
    """G1, K3: with a minimum stack and the cap kept, limit single draw bounds a player at 5 x 2 + 5 x 4."""
    table = extending("deuce-to-seven-single-draw-limit", 'min_stack = 30\nheads_up_cap = "kept"\n[players]\nmax = 4')
    check = check_stack_guarantee(table)
    assert check.holds, check.counterexample
    assert "5 x 2 + 5 x 4 = 30 <= minimum stack 30" in check.proved[-1]
    assert "reached by: p2 raises to 4, p1 raises to 6, p2 raises to 8, p1 raises to 10, p2 calls;" \
        in " ".join(check.proved)
    actions = extending("deuce-to-seven-single-draw-limit", 'min_stack = 30\nheads_up_cap = "kept"\n'
                                                            'cap_counts = "actions"\n[players]\nmax = 4')
    refuted = check_stack_guarantee(actions)
    assert "6 x 2 + 5 x 4 = 32" in refuted.counterexample      # P1: the big blind and five raises


def test_property_4_with_100_raises_is_proved_in_seconds():
    """The proof is one step of a round, whatever the cap: raises_per_round = 100 is no bigger to prove."""
    start = time.perf_counter()
    table, _ = table_with(raises_per_round=100, min_stack=400)
    check = check_stack_guarantee(table)
    assert check.holds and check.figures["max_investment"] == 1 + 101 * 1 + 101 * 2
    assert time.perf_counter() - start < 15


# ---- property 5: the card bound (T1, D1, K9, L8, P3) ----

def test_property_5_six_players_run_out_of_cards():
    table, _ = table_with(players__max=6)
    check = check_card_bound(table)
    assert not check.holds
    assert "with 6 players a full draw needs 60 cards but the deck has 52" in check.counterexample


TWO_DRAWS = """
[[streets]]
kind = "deal"
down = 5
clause = "T6"
[[streets]]
kind = "bet"
size = "small"
opener = "dealer-left"
clause = "B1"
[[streets]]
kind = "draw"
max_discard = 5
clause = "D1"
[[streets]]
kind = "bet"
size = "big"
opener = "dealer-left"
clause = "B2"
[[streets]]
kind = "draw"
max_discard = 5
clause = "D1"
[[streets]]
kind = "bet"
size = "big"
opener = "dealer-left"
clause = "B2"
"""


def test_property_5_four_players_with_two_draws_run_out(tmp_path):
    path = tmp_path / "two-draws.toml"
    path.write_text('extends = "teaching-table"\nname = "two-draws"\n' + TWO_DRAWS)
    table, _ = load_for_verify(path)
    check = check_card_bound(table)
    assert not check.holds and "with 4 players a full draw needs 60 cards" in check.counterexample


def test_property_5_k9_cannot_serve_six_players_drawing_five():
    """K9: with six players the first draw's reshuffle has only the burn to give back (triple draw: the slow
    tests; here limit single draw, the same first draw)."""
    check = check_card_bound(load_game_table("deuce-to-seven-single-draw-limit"))
    assert not check.holds
    assert check.counterexample.startswith("with 6 players the stub can run short even after its rule (K9")
    assert ("nobody folds, in draw 1 p1, p2, p3, p4 each discard 5 and are served; in draw 1 p5 discards 5: the "
            "stub holds 1 card(s) for 5; the reshuffle brings back 1 (the burns 1, folded hands 0, earlier draws' "
            "discards 0; this draw's discards 25 stay out): 2 card(s) for 5: a discard the rules allow (D1, K8) cannot "
            "be replaced") \
        in check.counterexample


def test_property_5_p3_serves_every_card_and_k9_with_five_players_too():
    """P3 (every discard comes back) serves seven players; K9 is fine with five drawing twice."""
    check = check_card_bound(load_game_table("deuce-to-seven-single-draw-phh"))
    assert check.holds and any("with 7 players up to 71 cards" in f and "P3" in f for f in check.proved)
    two_draws = extending("deuce-to-seven-single-draw-limit", "[players]\nmax = 4\n" + TWO_DRAWS)
    four = check_card_bound(two_draws)
    assert four.holds and any("with 4 players up to 60 cards" in f and "K9" in f for f in four.proved)


def test_property_5_stud_needs_a_community_card_only_with_eight():
    """L8: with eight players nobody folding, 7th street needs the burns and then one community card."""
    check = check_card_bound(load_game_table("stud-high-low"))
    assert check.holds
    facts = " ".join(check.proved)
    assert "with 2-6 players the deals, burns and draws need at most 46 of 52 cards" in facts
    assert "with 8 players up to 60 cards" in facts and "one community card is dealt" in facts
    assert "with 7 players up to 53 cards" in facts and "with 7 players up to 53 cards may be needed, more than " \
        "the 52 in the deck: the stub can run short, and L8: the burns come back; if still short, one community " \
        "card for everyone always serves every card (proved" in facts


def refused_then_unchecked(monkeypatch, check: str, game: str, text: str, refusal: str):
    """Return a table the loader refuses (``refusal``) as the proofs see it with that loader ``check`` switched
    off: the proofs refute such a table on their own, so that the two layers agree."""
    with pytest.raises(RulesError, match=refusal):
        extending(game, text)
    monkeypatch.setattr(games, check, lambda *args: None)
    return extending(game, text)


def test_property_5_a_two_card_street_cannot_be_saved_by_one_community_card(monkeypatch):
    """L8 deals one community card for a one-card street; a last street of two cards each is stuck. The loader
    refuses the table (core.card_flow); property 5 refutes it too."""
    table = refused_then_unchecked(monkeypatch, "_check_cards", "stud-high-low", """
[[streets]]
kind = "deal"
down = 2
up = 1
clause = "L3"
[[streets]]
kind = "bet"
size = "small"
opener = "bring-in"
clause = "L4"
[[streets]]
kind = "deal"
up = 2
burn = 1
clause = "L3"
[[streets]]
kind = "bet"
size = "big"
opener = "highest-board"
clause = "L6"
[[streets]]
kind = "deal"
down = 2
burn = 1
clause = "L3"
[[streets]]
kind = "bet"
size = "big"
opener = "highest-board"
clause = "L6"
""", r'streets\[4\]: with 8 players this deal needs 16 cards and the stub holds 12, even after the reshuffle of '
     r'deck\.runs_out = "community-card"')
    check = check_card_bound(table)
    assert not check.holds and "with 8 players the stub can run short even after its rule (L8" in check.counterexample
    assert "the hand cannot go on" in check.counterexample


# ---- property 6: chips conserved (S2, S3, G6) ----

def test_property_6_a_house_that_keeps_the_odd_chip_loses_chips():
    table, _ = table_with(showdown__odd_chip="house-keeps")
    check = check_chips(table)
    assert not check.holds
    assert "a pot of 3 split 2 ways pays out 2: 1 chip(s) go to nobody" in check.counterexample


@pytest.mark.parametrize("game", ["deuce-to-seven-single-draw-pot-limit", "deuce-to-seven-single-draw-phh",
                                  "stud-high-low"])
def test_property_6_holds_for_every_structure_and_short_all_in_rule(game):
    """G3, G4, G5, P2, L7: pot-limit with all-ins adding up, no-limit full-raise-only, a split stud pot
    (up to four players here; every player count in the slow tests)."""
    table = load_game_table(game, overrides={"players.max": "4"})
    check = check_chips(table)
    assert check.holds, check.counterexample
    assert f"({table.structure}, short all-ins: {table.short_all_in})" in " ".join(check.proved)


# ---- property 7: rounds end (B1, B2, S1) ----

def test_property_7_unlimited_raising_still_ends_by_the_stacks():
    """T4 off: a round still ends, each raise costing a chip: bounded by the chips behind, not by a cap."""
    table, _ = table_with(raises_per_round='"unlimited"')
    check = check_rounds(table)
    assert check.holds and "round_bound" not in check.figures
    assert any("n x (S + n) + n actions for S chips behind" in fact for fact in check.proved)
    assert not check_stack_guarantee(table).holds


def test_property_7_refutes_posts_that_leave_no_bet_to_make(monkeypatch):
    """F4, G3: one post as large as the pre-draw bet: the first "bet" would go to what is already in. The loader
    refuses the table; property 7 refutes it too."""
    check = check_rounds(refused_then_unchecked(
        monkeypatch, "_check_forced_bets", "california-lowball", "[forced]\nposts = [2]\n[players]\nmax = 3",
        r"forced\.posts: a post of 2 is not less than the first round's bet of 2"))
    assert not check.holds
    assert "round 1 with 2 players can start with a bet that raises nothing" in check.counterexample
    assert "the least bet is to 2, what is already in (G3, F4)" in check.counterexample


@pytest.mark.parametrize("game", ["deuce-to-seven-single-draw", "california-lowball", "razz"])
def test_property_7_holds_for_blinds_posts_and_the_bring_in(game):
    """K3, F4, F5, L4, R3: left of the big blind, left of the last post, bet-or-drop, the bring-in (up to four
    players here; every player count in the slow tests)."""
    check = check_rounds(load_game_table(game, overrides={"players.max": "4"}))
    assert check.holds, check.counterexample


# ---- property 8: the redeal ends (K4) ----

def test_property_8_bounds_the_redeals_by_the_minimum_stack():
    check = check_redeals(extending("deuce-to-seven-triple-draw-antes", "min_stack = 20"))
    assert check.holds and check.figures["max_redeals_at_min_stack"] == 19
    assert "bounded whatever the cards, not merely ending with probability one" in check.proved[-1]


# ---- properties 1-3: rankings (H2, H3, E1, E2, K1) ----

def test_property_1_a_category_order_with_a_duplicate():
    _, rankings = table_with(**{"rankings__systems__ace-to-six__category_order":
                                '["no-pair", "no-pair", "two-pair", "trips", "straight", "flush", "full-house", '
                                '"quads", "straight-flush"]'})
    check, parsed = check_well_formed(rankings.source, rankings.data)
    assert parsed is None and not check.holds
    assert "systems.ace-to-six.category_order[1]: category 'no-pair' appears twice" in check.counterexample


def test_property_2_a_tie_break_that_forgets_the_kickers():
    _, rankings = table_with(**{"rankings__systems__ace-to-six__tie_break__pair": '["pair"]'})
    _, parsed = check_well_formed(rankings.source, rankings.data)
    check = check_order(parsed, exhaustive=False, systems={"ace-to-six"})
    assert not check.holds
    assert "ace-to-six:" in check.counterexample and "pair" in check.counterexample
    assert "tie, though they hold different ranks" in check.counterexample


def test_property_2_checks_only_the_systems_the_game_uses():
    """K1: deuce-to-seven triple draw orders its own system; a broken ace-to-six row is not its concern."""
    table, rankings = load_for_verify("deuce-to-seven-triple-draw",
                                      {"rankings.systems.ace-to-six.tie_break.pair": '["pair"]'})
    checks = {c.number: c for c in verify(table, rankings, exhaustive=False, only={2, 3})}
    assert checks[2].holds and all("deuce-to-seven" in f for f in checks[2].proved[1:])
    assert all("(deuce-to-seven)" in f for f in checks[3].proved)


def test_property_2_enumeration_finds_the_same_fault():
    from lowball.verify.checks import Check
    from lowball.verify.ranking import confirm_exhaustively

    _, rankings = table_with(**{"rankings__systems__ace-to-six__tie_break__pair": '["pair"]'})
    _, parsed = check_well_formed(rankings.source, rankings.data)
    check = Check(2, "", ())
    confirm_exhaustively(parsed.system("ace-to-six"), check)
    assert not check.holds and "found by enumeration" in check.counterexample


def test_property_3_a_ranking_where_flushes_stop_counting():
    """E2 fails: once flushes do not count, the suited 7-5-4-3-A beats 8-6-4-3-A."""
    data = read_rankings(RANKINGS_FILE).data          # each system whole: the change is to ace-to-six alone
    row = data["systems"]["ace-to-six"]
    row["flushes_count"] = False
    row["category_order"] = [c for c in row["category_order"] if c not in ("flush", "straight-flush")]
    for gone in ("flush", "straight-flush"):
        del row["tie_break"][gone]
    check, parsed = check_well_formed("rankings.toml", data)
    assert check.holds
    cases = check_cases(parsed)
    assert not cases.holds
    assert cases.counterexample.startswith("E2 fails under ace-to-six")
    assert "7-5-4-3-A beats 8-6-4-3-A" in cases.counterexample


def test_property_3_a_wheel_that_is_no_straight_breaks_e1():
    _, rankings = table_with(**{"rankings__systems__ace-to-six__wheel_is_straight": "false"})
    _, parsed = check_well_formed(rankings.source, rankings.data)
    cases = check_cases(parsed)
    assert not cases.holds and cases.counterexample.startswith("E1 fails under ace-to-six")


# ---- the command line ----

@pytest.mark.parametrize("setting, number", [
    ("raises_per_round=4", 4),
    ("min_stack=12", 4),
    ("raises_per_round=unlimited", 4),
    ("players.max=6", 5),
    ("showdown.odd_chip=house-keeps", 6),
    ('rankings.systems.ace-to-six.category_order=["no-pair","no-pair","two-pair","trips","straight","flush",'
     '"full-house","quads","straight-flush"]', 1),
    ("rankings.systems.ace-to-six.wheel_is_straight=false", 3),
])
def test_verify_with_a_broken_setting_exits_non_zero(capsys, setting, number):
    code = main(["verify", "--quick", "--only", str(number), "--set", setting])
    out = capsys.readouterr().out
    assert code == 1
    assert f"{number}. " in out and "REFUTED" in out and "counterexample:" in out


def test_verify_on_the_teaching_table_exits_zero(capsys):
    assert main(["verify", "--quick", "--only", "4,5,6,7,8"]) == 0
    out = capsys.readouterr().out
    assert out.count("proved (") == 4 and "does not apply (" in out
    assert "all properties hold (not applicable: 8)" in out


def test_verify_a_game_by_name_with_json(capsys):
    """K9: deuce-to-seven single draw (limit): property 5 refuted (exit 1); 4 and 8 do not apply."""
    code = main(["verify", "--quick", "--game", "deuce-to-seven-single-draw-limit", "--only", "4,5,8", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["table"] == "deuce-to-seven-single-draw-limit" and not data["holds"]
    verdicts = {p["number"]: (p["applies"], p["holds"], p["verdict"]) for p in data["properties"]}
    assert verdicts == {4: (False, True, "does not apply"), 5: (True, False, "REFUTED"),
                        8: (False, True, "does not apply")}


def test_verify_rules_is_an_alias_of_game(capsys):
    assert main(["verify", "--quick", "--rules", "deuce-to-seven-single-draw-phh", "--only", "5"]) == 0
    assert "P3:" in capsys.readouterr().out


def test_malformed_rules_file_is_refused_naming_the_key(tmp_path, capsys):
    bad = tmp_path / "house.toml"
    bad.write_text(
        (RANKINGS_FILE.parent / "games" / "teaching-table.toml").read_text().replace("min_stack = 13",
                                                                                     'min_stack = "lots"'))
    assert main(["verify", "--rules", str(bad)]) == 2
    assert "house.toml: min_stack: expected an integer, got 'lots'" in capsys.readouterr().err


@pytest.mark.parametrize("args, words", [
    (["--only", "9"], "--only: properties are numbered 1 to 8, got '9'"),
    (["--set", "raises_per_round=101"], "raises_per_round"),
    (["--set", "players.max=11"], "players.max"),
])
def test_what_cannot_be_proved_is_refused_at_once(capsys, args, words):
    start = time.perf_counter()
    assert main(["verify", "--quick", *args]) == 2
    assert words in capsys.readouterr().err and time.perf_counter() - start < 5


def test_a_table_with_too_many_draws_is_refused_naming_the_largest_supported():
    draws = "".join('[[streets]]\nkind = "draw"\nmax_discard = 5\nclause = "D1"\n[[streets]]\nkind = "bet"\n'
                    'size = "big"\nopener = "dealer-left"\nclause = "B2"\n' for _ in range(20))
    text = ('extends = "teaching-table"\nname = "many"\n[players]\nmax = 10\n[deck]\nruns_out = "reshuffle-all"\n'
            '[[streets]]\nkind = "deal"\ndown = 5\nclause = "T6"\n[[streets]]\nkind = "bet"\nsize = "small"\n'
            'opener = "dealer-left"\nclause = "B1"\n' + draws)
    from lowball.verify.limits import check_sizes
    with pytest.raises(RulesError, match="at most 12 draws with 10 players"):
        check_sizes(table_from_text(text))


def test_unknown_fails_loudly():
    """A Z3 'unknown' (here: a 1 ms timeout on a hard claim) is a failure, never a proof."""
    xs = [z3.Int(f"x{i}") for i in range(8)]
    hard = z3.Implies(z3.And([x * x * x + y * y * y == 1729 for x, y in zip(xs, xs[1:])]), xs[0] != 12)
    with pytest.raises(ProofUnknown):
        prove(hard, timeout_ms=1)


def test_unknown_makes_the_cli_fail_without_claiming_a_proof(monkeypatch, capsys):
    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    monkeypatch.setattr(z3.Solver, "reason_unknown", lambda self: "timeout")
    monkeypatch.setattr(z3.Optimize, "check", lambda self, *a: z3.unknown)
    for number in ("5", "6"):
        assert main(["verify", "--quick", "--only", number]) == 2
        captured = capsys.readouterr()
        assert "proved" not in captured.out and "Z3 could not" in captured.err


def test_holds_ignores_what_does_not_apply(teaching_report):
    assert holds(list(teaching_report.values()))
