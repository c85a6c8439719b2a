"""lowball verify on every built-in game: which properties apply, and what each run proves or refutes.

The default run checks where each property applies (and property 8, which is
instant); the whole report of every game, and the exhaustive enumerations, are
slow (``LOWBALL_SLOW=1``, ``make test-full``).
"""

import os

import pytest

from lowball.cli import main
from lowball.core.behaviours import NobodyOpens
from lowball.core.games import builtin_paths, load_game_table
from lowball.engine.rules import betting_round as rm
from lowball.engine.state import max_investment
from lowball.verify import check_engine_link, load_for_verify, verify
from lowball.verify.checks import Check
from lowball.verify.game import check_redeals, check_stack_guarantee
from lowball.verify.properties import NUMBERS
from lowball.play.bots import BOTS

GAMES = list(builtin_paths())

# What ``lowball verify --quick`` says of each built-in game (K9: six players can run the stub short).
EXPECTED = {
    "teaching-table": {"refuted": set(), "not applicable": {8}},
    "deuce-to-seven-triple-draw": {"refuted": {5}, "not applicable": {4, 8}},
    "deuce-to-seven-triple-draw-antes": {"refuted": {5}, "not applicable": {4}},
    "deuce-to-seven-triple-draw-phh": {"refuted": set(), "not applicable": {4, 8}},
    "deuce-to-seven-single-draw": {"refuted": {5}, "not applicable": {4, 8}},
    "deuce-to-seven-single-draw-limit": {"refuted": {5}, "not applicable": {4, 8}},
    "deuce-to-seven-single-draw-pot-limit": {"refuted": {5}, "not applicable": {4, 8}},
    "deuce-to-seven-single-draw-phh": {"refuted": set(), "not applicable": {4, 8}},
    "california-lowball": {"refuted": {5}, "not applicable": {4, 8}},
    "california-lowball-sevens-rule": {"refuted": {5}, "not applicable": {4, 8}},
    "stud-high-low": {"refuted": set(), "not applicable": {4, 8}},
    "stud-high-low-phh": {"refuted": set(), "not applicable": {4, 8}},
    "razz": {"refuted": set(), "not applicable": {4, 8}},
    "razz-phh": {"refuted": set(), "not applicable": {4, 8}},
    "london-lowball": {"refuted": set(), "not applicable": {4, 8}},
    "ace-to-five-triple-draw": {"refuted": {5}, "not applicable": {4, 8}},       # W6, W7: K9 at six seats
    "deuce-to-seven-razz": {"refuted": set(), "not applicable": {4, 8}},
    "badugi": {"refuted": {5}, "not applicable": {4, 8}},                        # U4: eight seats, K9
    "badugi-phh": {"refuted": set(), "not applicable": {4, 8}},                  # P3: every card reshuffled
    "seven-card-stud": {"refuted": set(), "not applicable": {4, 8}},             # Q2 as L8: the community card
    "seven-card-stud-phh": {"refuted": set(), "not applicable": {4, 8}},         # P4
    "five-card-draw": {"refuted": {5}, "not applicable": {4, 8}},                # X4 as K9 at seven seats
    "five-card-draw-pot-limit": {"refuted": {5}, "not applicable": {4, 8}},
    "five-card-draw-no-limit": {"refuted": {5}, "not applicable": {4, 8}},
    "ace-to-five-single-draw": {"refuted": {5}, "not applicable": {4, 8}},       # M1: K9 at six seats
    "badacey": {"refuted": {5}, "not applicable": {4, 8}},                       # Z1: W6, W7
    "badeucey": {"refuted": {5}, "not applicable": {4, 8}},
}


def slow(test):
    """Mark a test that runs whole reports (minutes): skipped unless LOWBALL_SLOW=1, as ``make test-full`` sets."""
    skip = pytest.mark.skipif(os.environ.get("LOWBALL_SLOW") != "1",
                              reason="every property of every game (minutes): run with LOWBALL_SLOW=1")
    return pytest.mark.slow(skip(test))


@pytest.mark.parametrize("game", GAMES)
def test_where_each_property_applies(game):
    """T5: property 4 only with a minimum stack; K4: property 8 only with a redeal; the rest everywhere."""
    table = load_game_table(game)
    applies = {n: Check.of(n, table).applies for n in NUMBERS}
    assert applies[4] == (table.min_stack > 0)
    assert applies[8] == (table.nobody_opens is NobodyOpens.REDEAL)
    assert all(applies[n] for n in (1, 2, 3, 5, 6, 7))
    if game in EXPECTED:
        assert {n for n, a in applies.items() if not a} == EXPECTED[game]["not applicable"]


@pytest.mark.parametrize("game", GAMES)
def test_property_8_on_every_game(game):
    check = check_redeals(load_game_table(game))
    assert check.holds and (check.applies == (game == "deuce-to-seven-triple-draw-antes"))


@slow
@pytest.mark.parametrize("game", GAMES)
def test_verify_every_game(game, capsys):
    """Every applicable property proved, or refuted with a counterexample; the exit code says which."""
    code = main(["verify", "--quick", "--game", game])
    out = capsys.readouterr().out
    table, rankings = load_for_verify(game)
    checks = verify(table, rankings, exhaustive=False)
    refuted = {c.number for c in checks if c.applies and not c.holds}
    assert all(c.counterexample for c in checks if c.applies and not c.holds)
    assert all(c.proved for c in checks if c.applies and c.holds)
    assert code == (1 if refuted else 0) and ("all properties hold" in out) == (not refuted)
    if game in EXPECTED:
        assert refuted == EXPECTED[game]["refuted"]


@slow
def test_k9_refuted_on_triple_draw_with_the_six_player_counterexample():
    """K9 (WSOP): six players, first draw, the first four throw five each: the fifth cannot be served."""
    from lowball.verify.game import check_card_bound

    check = check_card_bound(load_game_table("deuce-to-seven-triple-draw"))
    assert "with 6 players the stub can run short even after its rule (K9" in check.counterexample
    assert "in draw 1 p1, p2, p3, p4 each discard 5 and are served; in draw 1 p5 discards 5: the stub holds 1 " \
           "card(s) for 5; the reshuffle brings back 1" in check.counterexample
    five = check_card_bound(load_game_table("deuce-to-seven-triple-draw", overrides={"players.max": "5"}))
    assert five.holds


@slow
@pytest.mark.parametrize("game", GAMES)
def test_the_models_are_the_engines_on_many_hands(game):
    report = check_engine_link(load_game_table(game), hands=150, seed=99, policy=BOTS["random"])
    assert report.agrees, "\n".join(report.mismatches)


@slow
def test_the_teaching_table_full_report_with_every_hand_enumerated():
    table, rankings = load_for_verify()
    checks = verify(table, rankings)
    assert all(c.holds for c in checks if c.applies)
    assert any("confirmed on all 2,598,960 hands" in f for f in checks[1].proved)


def test_property_4_gives_the_largest_investment_where_no_stack_is_promised():
    """F4, G1, G2: California lowball promises no minimum stack; property 4 still says what one player can
    put in. With the RRP heads-up rule (G2) two players raise without end; with the cap kept, a bet and four raises
    (G1) of the posts' total 1 + 1 = 2 before the draw (F4) and of double, 4, after it: 5 x 2 + 5 x 4 = 30."""
    lifted = check_stack_guarantee(load_game_table("california-lowball"))
    assert not lifted.applies and "max_investment" not in lifted.figures
    assert any("no most" in fact and "G2" in fact for fact in lifted.proved)
    table, _ = load_for_verify("california-lowball", {"heads_up_cap": "kept"}, None)
    kept = check_stack_guarantee(table)
    assert kept.figures["max_investment"] == 5 * 2 + 5 * 4
    assert any("= 30" in fact for fact in kept.proved)
    nolimit = check_stack_guarantee(load_game_table("deuce-to-seven-single-draw"))
    assert any("no most" in fact and "no-limit" in fact for fact in nolimit.proved)


@pytest.mark.parametrize("game", ["teaching-table", "ace-to-five-triple-draw", "razz-phh", "badugi-phh"])
def test_the_engines_max_investment_is_the_figure_property_4_proves(game):
    """One figure: ``max_investment`` reads the rule property 4 maximises (``most_level``) at each round's deep
    start; at these tables (where plain arithmetic on the forced bets and the caps once said 62, 66 and 50) it is
    the proof's 13, 60, 65 and 50."""
    table = load_game_table(game)
    check = check_stack_guarantee(table)
    assert check.figures["max_investment"] == max_investment(table)
    assert max_investment(table) == {"teaching-table": 13, "ace-to-five-triple-draw": 60, "razz-phh": 65,
                                     "badugi-phh": 50}[game]


def test_property_4_fails_where_the_engine_reads_another_bound(monkeypatch):
    """The comparison can fail: an engine whose bound is one chip more than the proof's is named."""
    monkeypatch.setattr(rm, "max_investment", lambda table: 14)
    check = check_stack_guarantee(load_game_table())
    assert not check.holds and check.refuted.key == "engine-bound-differs"
    assert "but the engine reads 14 from the same rule" in check.refutation()
    assert "движок по тому же правилу читает 14" in check.refutation("ru")


@pytest.mark.parametrize("rule", ["seed-004", "rrp", "whole-pot"])
def test_chips_are_conserved_under_every_sevens_setting(rule):
    """F7: each setting cuts a checker's pot differently (seed 004 refunds the later bets, RRP gives them
    to the best other hand, some clubs forfeit the whole pot); under each, property 6 proves every chip goes to
    someone. The proof names the setting it was made for."""
    from lowball.verify.game import check_chips

    table, _ = load_for_verify("california-lowball-sevens-rule", {"showdown.sevens_rule": rule}, None)
    check = check_chips(table)
    assert check.holds, check.counterexample
    assert any(f"the sevens rule ({rule}, F7)" in fact for fact in check.proved)
