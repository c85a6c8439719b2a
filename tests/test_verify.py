"""lowball verify: every property proved on the teaching table; every property refuted by a broken table.

Each mutation changes one value of a table and expects the counterexample a
house-rules writer can act on. Z3's unknown fails the run.
"""

import pytest
import z3

from lowball.cli import main
from lowball.core.reader import read_toml, TableReader
from lowball.core.rankings import RANKINGS_FILE
from lowball.verify import ProofUnknown, load_for_verify, prove, verify
from lowball.verify.game import check_card_bound, check_chips, check_rounds, check_stack_guarantee
from lowball.verify.ranking import check_cases, check_order, check_well_formed


@pytest.fixture(scope="module")
def teaching_report():
    table, rankings = load_for_verify()
    return {check.number: check for check in verify(table, rankings)}


@pytest.mark.parametrize("number", range(1, 8))
def test_every_property_is_proved_on_the_teaching_table(teaching_report, number):
    check = teaching_report[number]
    assert check.holds, check.counterexample
    assert check.proved and not check.counterexample


def test_the_proved_figures_are_the_seeds_numbers(teaching_report):
    """T5: 13 = 1 + 4 + 8; D1: 50 cards with five players; S1: rounds end."""
    assert teaching_report[4].figures["max_investment"] == 13
    assert "1 + 4 x 1 + 4 x 2 = 13" in " ".join(teaching_report[4].proved)
    assert teaching_report[5].figures["max_cards"] == 50
    assert teaching_report[7].figures["round_bound"] > 0
    assert any("confirmed on all 2,598,960 hands: 7,462 classes" in fact for fact in teaching_report[2].proved)


def table_with(**settings):
    return load_for_verify(overrides={k.replace("__", "."): str(v) for k, v in settings.items()})


def test_property_4_four_raises_need_a_16_chip_stack():
    table, _ = table_with(raises_per_round=4)
    check = check_stack_guarantee(table)
    assert not check.holds
    assert ("with 4 raises per round a player can put in 1 + 5 x 1 + 5 x 2 = 16 chips" in check.counterexample
            and "a stack of 13 can be all-in; the minimum safe stack is 16" in check.counterexample)


def test_property_4_a_12_chip_minimum_stack_can_be_all_in():
    table, _ = table_with(min_stack=12)
    check = check_stack_guarantee(table)
    assert not check.holds and "a stack of 12 can be all-in; the minimum safe stack is 13" in check.counterexample


def test_property_5_six_players_run_out_of_cards():
    table, _ = table_with(players__max=6)
    check = check_card_bound(table)
    assert not check.holds
    assert "with 6 players a full draw needs 60 cards but the deck has 52" in check.counterexample


TWO_DRAWS = """
extends = "teaching-table"
name = "two-draws"
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


def test_property_5_five_players_with_two_draws_run_out(tmp_path):
    path = tmp_path / "two-draws.toml"
    path.write_text(TWO_DRAWS)
    table, _ = load_for_verify(path)
    check = check_card_bound(table)
    assert not check.holds and "with 4 players a full draw needs 60 cards" in check.counterexample


def test_property_6_a_house_that_keeps_the_odd_chip_loses_chips():
    table, _ = table_with(showdown__odd_chip="house-keeps")
    check = check_chips(table)
    assert not check.holds
    assert "a pot of 3 split 2 ways pays out 2: 1 chip(s) go to nobody" in check.counterexample


def test_property_7_unlimited_raising_never_ends():
    table, _ = table_with(raises_per_round='"unlimited"')
    check = check_rounds(table)
    assert not check.holds and "two players can keep raising" in check.counterexample
    assert not check_stack_guarantee(table).holds


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
    check = check_order(parsed, exhaustive=False)
    assert not check.holds
    assert "ace-to-six:" in check.counterexample and "pair" in check.counterexample
    assert "tie, though they hold different ranks" in check.counterexample


def test_property_2_enumeration_finds_the_same_fault():
    from lowball.verify.ranking import confirm_exhaustively
    from lowball.verify.checks import Check

    _, rankings = table_with(**{"rankings__systems__ace-to-six__tie_break__pair": '["pair"]'})
    _, parsed = check_well_formed(rankings.source, rankings.data)
    check = Check(2, "", ())
    confirm_exhaustively(parsed.system("ace-to-six"), check)
    assert not check.holds and "found by enumeration" in check.counterexample


def test_property_3_a_ranking_where_flushes_stop_counting():
    """E2 fails: once flushes do not count, the suited 7-5-4-3-A beats 8-6-4-3-A."""
    data = read_toml(RANKINGS_FILE).data
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


@pytest.mark.parametrize("setting, number", [
    ("raises_per_round=4", 4),
    ("min_stack=12", 4),
    ("players.max=6", 5),
    ("showdown.odd_chip=house-keeps", 6),
    ("raises_per_round=unlimited", 7),
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
    assert main(["verify", "--quick", "--only", "4,5,6,7"]) == 0
    out = capsys.readouterr().out
    assert out.count("proved (") == 4 and "all properties hold" in out


def test_malformed_rules_file_is_refused_naming_the_key(tmp_path, capsys):
    bad = tmp_path / "house.toml"
    bad.write_text(
        (RANKINGS_FILE.parent / "games" / "teaching-table.toml").read_text().replace("min_stack = 13",
                                                                                     'min_stack = "lots"'))
    assert main(["verify", "--rules", str(bad)]) == 2
    assert "house.toml: min_stack: expected an integer, got 'lots'" in capsys.readouterr().err


def test_unknown_fails_loudly():
    """A Z3 'unknown' (here: a 1 ms timeout on a hard claim) is a failure, never a proof."""
    xs = [z3.Int(f"x{i}") for i in range(8)]
    hard = z3.Implies(z3.And([x * x * x + y * y * y == 1729 for x, y in zip(xs, xs[1:])]), xs[0] != 12)
    with pytest.raises(ProofUnknown):
        prove(hard, timeout_ms=1)


def test_unknown_makes_the_cli_fail_without_claiming_a_proof(monkeypatch, capsys):
    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    monkeypatch.setattr(z3.Solver, "reason_unknown", lambda self: "timeout")
    assert main(["verify", "--quick", "--only", "5"]) == 2
    captured = capsys.readouterr()
    assert "proved" not in captured.out and "could not decide" in captured.err
