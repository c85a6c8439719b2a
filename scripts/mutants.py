"""Mutation testing of the rules layer: small, realistic changes, one at a time; the tests must notice.

Two kinds of mutant:

* **code**: one small edit of a module of the rules layer, made on its syntax tree (a comparison
  turned around, ``and`` for ``or``, a number plus one, ``True`` for ``False``, ``min`` for ``max``,
  a call left out, ...): the operators of mutmut and cosmic-ray, one variant per place;
* **table**: one edit of a rules table (``rules/rankings.toml``, ``rules/games/*.toml``): two
  neighbouring categories swapped, two tie-break parts swapped, a flag flipped, a choice changed,
  a number plus one.

Every mutant is made in a private copy of the package (``spec/``, ``tests/``, ``pyproject.toml`` and
the docs' house tables, copied to a temporary folder): the working tree and the tables other
people's tests read are never touched, and nothing needs restoring. One process loads pytest and
the third-party libraries once; each mutant is written to the copy, then tested in a forked child
that imports the package afresh (the layers the mutant cannot reach stay loaded, warm), runs the
target's own quick selection of tests with ``-x``, and exits. A mutant is *killed* when a test fails
(or the package refuses to load), *survives* when every test passes, and counts as killed by
*timeout* when it runs three times as long as the unmutated run. One mutant runs at a time.

Usage (``make mutants`` runs the first):

    python scripts/mutants.py                       # every target; results in artifacts/mutants/
    python scripts/mutants.py --target pots         # one target (repeat --target for more)
    python scripts/mutants.py --list                # the mutants, without running them
    python scripts/mutants.py --retest FILE.jsonl   # run again only the survivors of an earlier run

The report (per target: mutants, killed, survived, score; then every survivor, with its place and
its edit) is printed and written beside the results; ``docs/checks/mutants.md`` explains each survivor.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import tomllib
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "spec/lowball"

# ---- The targets: what is mutated, which tests must notice, which loaded layers a mutant cannot reach ----

# The rules that mutation testing once found unpinned, each now in the file of its rule area.
GAP_TESTS = [
    "tests/rankings/test_hand_values_and_rankings_loader.py", "tests/rankings/test_best_qualifying_low.py",
    "tests/cards/test_draw_turns_and_replacements.py", "tests/showdown/test_history_stakes_showdown_community.py",
    "tests/cards/test_discard_order.py", "tests/tables/test_table_loader_refusals.py", "tests/showdown/test_sevens_rule_play.py",
    "tests/betting/test_stud_openers_and_uncalled_bets.py",
]
ENGINE_TESTS = [
    *GAP_TESTS, "tests/betting/test_game_illegal.py", "tests/betting/test_game_scenarios.py",
    "tests/tables/test_rules_examples.py", "tests/tables/test_california.py", "tests/tables/test_every_table_setting.py",
    "tests/showdown/test_showdown.py", "tests/betting/test_game_stateful.py::test_bot_hands_round_trip_through_phh",
    "tests/betting/test_pass_and_out.py", "tests/tables/test_lowball_family.py", "tests/showdown/test_sevens_rule_scope.py",
    "tests/betting/test_legal_actions.py::test_every_raise_amount_is_judged_by_the_rule_not_by_the_listed_ends",
    "tests/betting/test_legal_actions.py::test_an_action_listed_for_an_earlier_state_is_checked_again",
    "tests/betting/test_legal_actions.py::test_a_listed_action_is_not_checked_again_and_an_equal_one_built_elsewhere_is",
    "tests/betting/test_legal_actions.py::test_a_player_who_has_shown_shows_no_more",
    "tests/interop/test_pokerkit_games.py::test_after_short_all_ins_the_engine_allows_what_pokerkit_allows",
]
POT_PROOF_TESTS = [
    "tests/proofs/test_verify.py::test_property_6_a_house_that_keeps_the_odd_chip_loses_chips",
    "tests/proofs/test_verify.py::test_property_6_holds_for_every_structure_and_short_all_in_rule",
    "tests/proofs/test_verify.py::test_every_applicable_property_is_proved_on_the_teaching_table",
    "tests/proofs/test_verify_engine.py::test_z3_reads_the_pots_the_engine_plays_the_same_way",
    "tests/proofs/test_verify_engine.py::test_a_pot_is_shared_as_the_clause_says_and_z3_reads_it_the_same",
    "tests/proofs/test_verify_engine.py::test_the_halves_are_the_clauses_and_z3_reads_them_the_same",
]
ROUND_PROOF_TESTS = [
    "tests/proofs/test_verify_engine.py::test_the_z3_round_reads_as_the_plain_one_branch_by_branch",
    "tests/proofs/test_verify.py::test_every_applicable_property_is_proved_on_the_teaching_table",
    # the proofs at other tables, and every reachable state and round start among those the proofs assume
    "tests/proofs/test_verify.py::test_property_6_holds_for_every_structure_and_short_all_in_rule",
    "tests/proofs/test_verify.py::test_property_7_refutes_posts_that_leave_no_bet_to_make",
    "tests/proofs/test_verify_engine.py::test_the_models_are_the_engines_on_random_play",
    "tests/proofs/test_verify_engine.py::test_the_models_follow_all_ins_and_side_pots",
    "tests/proofs/test_verify_engine.py::test_a_later_round_of_one_chip_bets_starts_where_the_proofs_start",
    "tests/betting/test_betting_round_rules.py",
]
# The engine's piles against the walk's counts (core.card_flow, which property 5 reads) after every step: every
# heads-up pattern of every table (about 15 s), and random hands at every player count of every table.
CARD_WALK = "tests/cards/test_card_flow.py::test_the_engine_moves_the_cards_property_5_counts_on_every_pattern_of_a_heads_up_hand"
CARD_STEPS = "tests/cards/test_card_flow.py::test_the_engine_piles_are_the_walks_counts_after_every_step_at_every_player_count"
RANKING_TESTS = [
    "tests/rankings/test_ranking_seeds.py", *GAP_TESTS, "tests/rankings/test_independent_ranking.py",
    "tests/rankings/test_ranking_order.py",
]
# A test that fails before any mutant (another change in progress): never part of a selection.
DESELECT: list[str] = []          # tests left out of every mutant run (none now)
# The slower cross-checks a retest of survivors may add (--more-tests): the house games, the models' link with
# the engine, and pokerkit playing its own hands (about a minute a mutant).
MORE_TESTS = ["tests/tables/test_house_games.py", "tests/proofs/test_verify_engine.py", "tests/interop/test_pokerkit_games.py"]
EXTRA: list[str] = []             # set by --more-tests


@dataclass(frozen=True)
class Target:
    name: str
    path: str                  # a module, or a rules table (a glob for the game tables)
    tests: tuple[str, ...]
    keep: tuple[str, ...]      # packages a mutant here cannot change: kept loaded (and warm) between mutants


TARGETS = [
    Target("rankings-table", f"{PACKAGE}/rules/rankings.toml",
           ("tests/rankings/test_ranking_seeds.py", "tests/rankings/test_independent_ranking.py", *GAP_TESTS,
            "tests/rankings/test_tables.py", "tests/rankings/test_ranking_order.py", "tests/rankings/test_joker.py", "tests/rankings/test_badugi.py"), ()),
    Target("game-tables", f"{PACKAGE}/rules/games/*.toml",
           (*ENGINE_TESTS, "tests/tables/test_house_games.py", "tests/cards/test_reshuffle.py", "tests/tables/test_round_clauses.py",
            "tests/tables/test_first_round_sizes.py", "tests/tables/test_fold_facing_no_bet.py",
            "tests/tables/test_card_room_games.py",
            "tests/forced_bets/test_forced_bets.py::test_the_phh_tables_post_the_ante_first_as_pokerkit_does"), ()),
    Target("rankings", f"{PACKAGE}/core/rankings.py",
           ("tests/rankings/test_tables.py", f"{PACKAGE}/core/rankings.py", *RANKING_TESTS, "tests/rankings/test_joker.py",
            "tests/rankings/test_badugi.py", "tests/rankings/test_house_rankings.py",
            # the loader's refusals of a name two systems share and of an alias that is no name
            "tests/faces/test_cli_newcomer.py::test_a_name_two_systems_share_is_refused",
            "tests/faces/test_cli_newcomer.py::test_an_alias_that_is_no_name_is_refused"), ()),
    Target("games", f"{PACKAGE}/core/games.py",
           (*GAP_TESTS, f"{PACKAGE}/core/games.py", "tests/betting/test_game_illegal.py",
            "tests/tables/test_rules_examples.py", "tests/tables/test_california.py", "tests/tables/test_house_games.py",
            "tests/betting/test_game_scenarios.py", "tests/faces/test_fuzz_files.py", "tests/tables/test_every_table_setting.py",
            "tests/tables/test_game_loader.py", "tests/tables/test_extends.py", "tests/forced_bets/test_forced_bets.py",
            "tests/rankings/test_house_rankings.py", "tests/tables/test_table_keys.py", "tests/tables/test_table_loader_refusals.py",
            "tests/tables/test_lowball_family.py", "tests/showdown/test_sevens_rule_scope.py",
            # V11, O4: antes and joining players' posts listed seat by seat, and the refusals of those that could not
            # be posted; Z2: the halves a split pot names
            "tests/tables/test_fuzz_findings.py::test_seat_antes_of_a_number_the_table_seats_load_and_play",
            "tests/tables/test_fuzz_findings.py::test_seat_antes_for_a_number_of_players_the_table_never_seats_are_refused",
            "tests/tables/test_fuzz_findings.py::test_posts_of_joining_players_for_too_many_seats_are_refused",
            # F4: a named bet of exactly the loader's limit loads
            "tests/tables/test_fuzz_findings.py::test_a_named_bet_of_exactly_the_limit_loads",
            "tests/interop/test_room_departures.py::test_a_post_that_could_not_be_posted_is_refused_naming_the_key",
            "tests/tables/test_card_room_games.py::test_z2_a_five_card_and_a_badugi_half_each_of_its_own_kind",
            # Q4: the open-pair option refused where it means nothing
            "tests/tables/test_card_room_games.py::test_q4_the_open_pair_option_is_refused_where_it_means_nothing",
            "tests/tables/test_card_room_games.py::test_q4_a_draw_game_has_no_open_pair",
            *(f"tests/cards/test_card_flow.py::{name}" for name in (      # the worst case of each table's stub, at load
                "test_razz_that_never_reshuffles_is_refused_for_players_its_deck_cannot_serve",
                "test_a_draw_game_deals_five_cards", "test_a_burn_larger_than_the_stub_is_refused",
                "test_a_least_discard_the_stub_cannot_serve_is_refused",
                "test_with_six_players_the_teaching_table_loads_and_lets_nobody_discard_what_it_cannot_replace",
                "test_the_burn_before_a_draw_counts_in_the_worst_case",
                "test_the_burn_counts_in_the_worst_case_when_each_player_throws_one_card",
                "test_every_built_in_table_serves_its_worst_case_at_every_player_count"))), ()),
    Target("literate", f"{PACKAGE}/ranking/literate.py",
           (f"{PACKAGE}/ranking/literate.py", *RANKING_TESTS,
            "tests/rankings/test_seven_card_hands.py::test_best_qualifying_rank_equals_the_literate_low",
            "tests/rankings/test_seven_card_hands.py::test_worked_split_hands", "tests/rankings/test_badugi.py"), ("lowball.core",)),
    Target("best", f"{PACKAGE}/ranking/best.py",
           (f"{PACKAGE}/ranking/best.py", *GAP_TESTS, "tests/rankings/test_ranking_seeds.py",
            "tests/rankings/test_seven_card_hands.py::test_best_rank_equals_the_best_five_by_the_literate_evaluator",
            "tests/rankings/test_seven_card_hands.py::test_any_hand_of_five_to_seven",
            "tests/rankings/test_seven_card_hands.py::test_best_qualifying_rank_equals_the_literate_low",
            "tests/rankings/test_seven_card_hands.py::test_worked_split_hands", "tests/rankings/test_seven_card_hands.py::test_bad_hands_are_refused_in_one_line",
            "tests/rankings/test_joker.py"), ("lowball.core",)),
    Target("joker", f"{PACKAGE}/ranking/joker.py",
           (f"{PACKAGE}/ranking/joker.py", "tests/rankings/test_joker.py", "tests/rankings/test_ranking_seeds.py",
            "tests/tables/test_rules_examples.py", "tests/tables/test_california.py"), ("lowball.core",)),
    # The pots are one definition, read with numbers by the engine and with Z3 terms by property 6: a mutant
    # of the symbolic reading is killed by the proof failing, so the property 6 tests run against it too.
    Target("pots", f"{PACKAGE}/engine/rules/pots.py", (f"{PACKAGE}/engine/rules/pots.py", *ENGINE_TESTS, *POT_PROOF_TESTS),
           ("lowball.core", "lowball.ranking")),
    Target("betting", f"{PACKAGE}/engine/betting.py", (f"{PACKAGE}/engine/betting.py", *ENGINE_TESTS,
                                                        "tests/tables/test_card_room_games.py"),
           ("lowball.core", "lowball.ranking")),
    # The betting round is one definition, played by the engine and read by properties 4, 6 and 7: its mutants
    # meet the engine's tests, the round's own examples, the two readings compared branch by branch, the proofs
    # and the engine-link check (ROUND_PROOF_TESTS: a minute for a mutant that survives).
    Target("betting-round", f"{PACKAGE}/engine/rules/betting_round.py",
           (f"{PACKAGE}/engine/rules/betting_round.py", *ENGINE_TESTS, *ROUND_PROOF_TESTS,
            "tests/tables/test_card_room_games.py"),            # Q4: the open pair's two bets
           ("lowball.core", "lowball.ranking")),
    Target("openers", f"{PACKAGE}/engine/openers.py", (f"{PACKAGE}/engine/openers.py", *ENGINE_TESTS,
                                                        "tests/tables/test_card_room_games.py"),
           ("lowball.core", "lowball.ranking")),
    Target("seats", f"{PACKAGE}/core/seats.py", (f"{PACKAGE}/core/seats.py", *ENGINE_TESTS,
                                                  "tests/forced_bets/test_blinds_and_posts.py", "tests/forced_bets/test_forced_bets.py"), ()),
    Target("sevens", f"{PACKAGE}/engine/sevens.py", (f"{PACKAGE}/engine/sevens.py", *ENGINE_TESTS,
                                                      "tests/proofs/test_verify_games.py::test_chips_are_conserved_under_every_sevens_setting",
                                                      "tests/proofs/test_verify_engine.py::test_the_sevens_rule_cuts_the_pot_as_its_setting_says"),
           ("lowball.core", "lowball.ranking")),
    Target("sevens-rule", f"{PACKAGE}/engine/rules/sevens.py", (f"{PACKAGE}/engine/rules/sevens.py", *ENGINE_TESTS,
                                                      "tests/proofs/test_verify_games.py::test_chips_are_conserved_under_every_sevens_setting",
                                                      "tests/proofs/test_verify_engine.py::test_the_sevens_rule_cuts_the_pot_as_its_setting_says"),
           ("lowball.core", "lowball.ranking")),
    # the posts of players who join or return (O4) are played, told and checked in test_room_departures
    Target("posting", f"{PACKAGE}/engine/forced.py",
           (*ENGINE_TESTS, "tests/forced_bets/test_blinds_and_posts.py", "tests/forced_bets/test_forced_bets.py",
            "tests/interop/test_room_departures.py"),
           ("lowball.core", "lowball.ranking")),
    Target("forced", f"{PACKAGE}/engine/rules/forced_bets.py",
           # the forced bets of real tables (antes by seat, big-blind and button antes, posting order,
           # trimming) have tests of their own; the redeal's rule is proved by property 8 from this module
           (f"{PACKAGE}/engine/rules/forced_bets.py", *ENGINE_TESTS, "tests/forced_bets/test_blinds_and_posts.py", "tests/forced_bets/test_forced_bets.py",
            "tests/proofs/test_verify_engine.py::test_the_engine_redeals_exactly_as_often_as_the_proved_bound",
            "tests/proofs/test_verify.py::test_property_8_bounds_the_redeals_by_the_minimum_stack"),
           ("lowball.core", "lowball.ranking")),
    Target("drawing", f"{PACKAGE}/engine/drawing.py", (*ENGINE_TESTS, "tests/cards/test_reshuffle.py", CARD_WALK, CARD_STEPS),
           ("lowball.core", "lowball.ranking")),
    Target("stub", f"{PACKAGE}/engine/stub.py", (f"{PACKAGE}/engine/stub.py", *ENGINE_TESTS, "tests/cards/test_reshuffle.py",
                                                  CARD_WALK, CARD_STEPS,
                                                  "tests/proofs/test_verify_engine.py::test_the_card_walk_follows_reshuffles_of_every_rule"),
           ("lowball.core", "lowball.ranking")),
    Target("showdown", f"{PACKAGE}/engine/showdown.py", (*ENGINE_TESTS, "tests/tables/test_house_games.py"),
           ("lowball.core", "lowball.ranking")),
    Target("dealing", f"{PACKAGE}/engine/dealing.py", (*ENGINE_TESTS, "tests/cards/test_reshuffle.py", CARD_WALK, CARD_STEPS),
           ("lowball.core", "lowball.ranking")),
    # The hand as one reducer over frozen states (moving between the phases, the chips, the cards), and the state
    # and its questions: the engine's tests, the reducer's own, and the card walk at every step.
    Target("reducer", f"{PACKAGE}/engine/reducer.py",
           (f"{PACKAGE}/engine/reducer.py", *ENGINE_TESTS, "tests/tables/test_reducer.py", "tests/cards/test_reshuffle.py",
            "tests/forced_bets/test_forced_bets.py", "tests/faces/test_developer_api.py", "tests/faces/test_fuzz_api.py",
            "tests/tables/test_hand_questions.py",
            CARD_WALK, CARD_STEPS), ("lowball.core", "lowball.ranking")),
    Target("hand-state", f"{PACKAGE}/engine/hand_state.py",
           (f"{PACKAGE}/engine/hand_state.py", *ENGINE_TESTS, "tests/tables/test_reducer.py", "tests/cards/test_reshuffle.py",
            "tests/faces/test_developer_api.py", "tests/tables/test_hand_questions.py", "tests/forced_bets/test_forced_bets.py",
            CARD_WALK, CARD_STEPS),
           ("lowball.core", "lowball.ranking")),
    # the counted card flow: read by the engine, the loader's worst case and property 5
    Target("card-flow", f"{PACKAGE}/core/card_flow.py",
           (f"{PACKAGE}/core/card_flow.py", *ENGINE_TESTS, "tests/cards/test_reshuffle.py", "tests/cards/test_card_flow.py",
            *(f"tests/proofs/test_verify.py::{name}" for name in (
                "test_property_5_six_players_run_out_of_cards", "test_property_5_k9_cannot_serve_six_players_drawing_five",
                "test_property_5_p3_serves_every_card_and_k9_with_five_players_too",
                "test_property_5_stud_needs_a_community_card_only_with_eight",
                "test_property_5_a_two_card_street_cannot_be_saved_by_one_community_card")),
            "tests/proofs/test_verify_engine.py"), ()),
]

# ---- Code mutants ----

COMPARE_SWAP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
                ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
BINOP_SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.FloorDiv: ast.Mult, ast.Div: ast.Mult,
              ast.Mod: ast.FloorDiv, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr, ast.LShift: ast.RShift,
              ast.RShift: ast.LShift, ast.Pow: ast.Mult}
CALL_SWAP = {"min": "max", "max": "min", "any": "all", "all": "any"}
# Calls left out as statements: narration is no rule.
QUIET_CALLS = {"tell"}


@dataclass
class Mutant:
    target: str
    id: str                    # path:line:col:operator
    path: str
    line: int
    what: str                  # the edit, in words: "< -> <=" or "category_order: flush <-> straight"
    old: str = ""              # the text replaced (code mutants) ...
    new: str = ""              # ... and the text put in its place
    table_text: str = ""       # table mutants: the whole edited table


class Finder(ast.NodeVisitor):
    """Collect (node, operator, replacement text) for one variant at each place a rule could go wrong."""

    def __init__(self, source: str):
        self.found: list[tuple[ast.AST, str, str]] = []
        self.lines = source.splitlines()

    def skip(self, node: ast.AST) -> bool:
        line = self.lines[node.lineno - 1] if hasattr(node, "lineno") else ""
        return "pragma: no mutate" in line

    # Not rules: docstrings, annotations, assertions, messages, the type-checking imports.
    def visit_FunctionDef(self, node):
        self._body(node.body)
        for d in node.decorator_list:
            self.visit(d)
        for default in node.args.defaults + node.args.kw_defaults:
            if default is not None:
                self.visit(default)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self._body(node.body)

    def visit_Module(self, node):
        self._body(node.body)

    def _body(self, body):
        for i, stmt in enumerate(body):
            if i == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                    and isinstance(stmt.value.value, str):
                continue
            self.visit(stmt)

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self.visit(node.value)

    def visit_Assert(self, node):
        pass

    def visit_JoinedStr(self, node):
        pass

    def visit_Import(self, node):
        pass

    visit_ImportFrom = visit_Import

    def visit_Raise(self, node):
        pass             # which error and its words: checked by message tests, not rules

    def visit_If(self, node):
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return
        self.generic_visit(node)

    def visit_Assign(self, node):
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return
        self.generic_visit(node)

    # The operators.
    def visit_Compare(self, node):
        if not self.skip(node):
            for i, op in enumerate(node.ops):
                if type(op) in COMPARE_SWAP:
                    new = ast.Compare(left=node.left, ops=list(node.ops), comparators=node.comparators)
                    new.ops[i] = COMPARE_SWAP[type(op)]()
                    self.found.append((node, f"{_op(op)} -> {_op(new.ops[i])}", f"({ast.unparse(new)})"))
            for side in [node.left, *node.comparators]:
                if isinstance(side, ast.Constant) and isinstance(side.value, str):
                    self.found.append((side, f"{side.value!r} -> 'XX{side.value}XX'", repr(f"XX{side.value}XX")))
        self.generic_visit(node)

    def visit_BinOp(self, node):
        if type(node.op) in BINOP_SWAP and not self.skip(node) and not _is_text(node):
            new = ast.BinOp(left=node.left, op=BINOP_SWAP[type(node.op)](), right=node.right)
            self.found.append((node, f"{_op(node.op)} -> {_op(new.op)}", f"({ast.unparse(new)})"))
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        if type(node.op) in BINOP_SWAP and not self.skip(node):
            new = ast.AugAssign(target=node.target, op=BINOP_SWAP[type(node.op)](), value=node.value)
            self.found.append((node, f"{_op(node.op)}= -> {_op(new.op)}=", ast.unparse(new)))
        self.generic_visit(node)

    def visit_BoolOp(self, node):
        if not self.skip(node):
            other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            new = ast.BoolOp(op=other, values=node.values)
            self.found.append((node, f"{_op(node.op)} -> {_op(other)}", f"({ast.unparse(new)})"))
        self.generic_visit(node)

    def visit_UnaryOp(self, node):
        if isinstance(node.op, (ast.Not, ast.USub)) and not self.skip(node):
            self.found.append((node, f"{_op(node.op)}x -> x", f"({ast.unparse(node.operand)})"))
        self.generic_visit(node)

    def visit_Constant(self, node):
        if self.skip(node):
            return
        if isinstance(node.value, bool):
            self.found.append((node, f"{node.value} -> {not node.value}", repr(not node.value)))
        elif isinstance(node.value, int):
            self.found.append((node, f"{node.value} -> {node.value + 1}", repr(node.value + 1)))

    def visit_MatchValue(self, node):
        value = node.value
        if isinstance(value, ast.Constant) and isinstance(value.value, str) and not self.skip(node):
            self.found.append((value, f"case {value.value!r} -> 'XX{value.value}XX'", repr(f"XX{value.value}XX")))

    def visit_Call(self, node):
        if isinstance(node.func, ast.Name) and node.func.id in CALL_SWAP and not self.skip(node):
            self.found.append((node.func, f"{node.func.id}() -> {CALL_SWAP[node.func.id]}()",
                               CALL_SWAP[node.func.id]))
        self.generic_visit(node)

    def visit_Expr(self, node):
        call = node.value
        if isinstance(call, ast.Call) and not self.skip(node):
            name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
            if name not in QUIET_CALLS:
                self.found.append((node, f"{ast.unparse(call.func)}(...) left out", "pass"))
        self.generic_visit(node)

    def visit_Break(self, node):
        self.found.append((node, "break -> continue", "continue"))

    def visit_Continue(self, node):
        self.found.append((node, "continue -> break", "break"))

    def visit_Return(self, node):
        if node.value is not None and not self.skip(node) and not isinstance(node.value, ast.Constant):
            pass           # the value's own parts are mutated; "return None" alone is noise
        self.generic_visit(node)


def _is_text(node: ast.BinOp) -> bool:
    return any(isinstance(side, (ast.Constant, ast.JoinedStr)) and isinstance(getattr(side, "value", ""), str)
               for side in (node.left, node.right))


OP_TEXT = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in",
           ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.Mult: "*",
           ast.FloorDiv: "//", ast.Div: "/", ast.Mod: "%", ast.BitOr: "|", ast.BitAnd: "&", ast.LShift: "<<",
           ast.RShift: ">>", ast.Pow: "**", ast.And: "and", ast.Or: "or", ast.Not: "not ", ast.USub: "-"}


def _op(op: ast.AST) -> str:
    return OP_TEXT[type(op)]


# The order of a run: the tables first (the mutants were mostly table edits), then the code.
ORDER = ["rankings-table", "game-tables", "literate", "best", "joker", "pots", "sevens", "sevens-rule", "forced", "posting", "openers", "seats",
         "drawing", "stub", "card-flow", "showdown", "dealing", "reducer", "hand-state", "rankings", "betting",
         "betting-round", "games"]
TARGETS.sort(key=lambda t: ORDER.index(t.name))


def code_mutants(target: Target) -> list[Mutant]:
    source = (ROOT / target.path).read_text(encoding="utf-8")
    finder = Finder(source)
    finder.visit(ast.parse(source))
    data = source.encode("utf-8")
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    mutants = []
    seen: set[str] = set()
    for node, what, new in finder.found:
        a = starts[node.lineno - 1] + node.col_offset
        b = starts[node.end_lineno - 1] + node.end_col_offset
        ident = f"{target.path}:{node.lineno}:{node.col_offset}:{what}"
        if ident in seen:
            continue
        seen.add(ident)
        mutants.append(Mutant(target=target.name, id=ident, path=target.path, line=node.lineno, what=what,
                              old=data[a:b].decode("utf-8"), new=new))
    return mutants


def apply_code(mutant: Mutant, copy: Path) -> None:
    path = copy / mutant.path
    source = (ROOT / mutant.path).read_text(encoding="utf-8")
    data = source.encode("utf-8")
    line, col = mutant.id.split(":")[1:3]
    starts = [0]
    for text in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(text))
    a = starts[int(line) - 1] + int(col)
    old = mutant.old.encode("utf-8")
    assert data[a:a + len(old)] == old, mutant.id
    path.write_bytes(data[:a] + mutant.new.encode("utf-8") + data[a + len(old):])


# ---- Table mutants ----

def _sections(text: str) -> list[tuple[str, int, int]]:
    """Return (header, first line, end line) of each [section] of a TOML text, by line numbers."""
    lines = text.splitlines()
    heads = [(i, m.group(1)) for i, line in enumerate(lines) if (m := re.match(r"^\[+([^\]]+)\]+\s*$", line))]
    out = [("", 0, heads[0][0] if heads else len(lines))]
    for k, (i, name) in enumerate(heads):
        out.append((name, i + 1, heads[k + 1][0] if k + 1 < len(heads) else len(lines)))
    return out


def _edited(lines: list[str], index: int, new_line: str) -> str:
    changed = list(lines)
    changed[index] = new_line
    return "\n".join(changed) + "\n"


def _choices() -> dict[str, tuple[str, ...]]:
    """Return the choices of each choice key of the game tables (read from games.py's key list, not imported)."""
    tree = ast.parse((ROOT / PACKAGE / "core/games.py").read_text(encoding="utf-8"))
    behaviours = ast.parse((ROOT / PACKAGE / "core/behaviours.py").read_text(encoding="utf-8"))
    enums: dict[str, tuple[str, ...]] = {}
    for node in behaviours.body:
        if isinstance(node, ast.ClassDef):
            values = [stmt.value.value for stmt in node.body if isinstance(stmt, ast.Assign)
                      and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)]
            enums[node.name] = tuple(values)
    choices: dict[str, tuple[str, ...]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_choice" and len(node.args) >= 2:
            path, enum = node.args[0], node.args[1]
            if isinstance(path, ast.Constant) and isinstance(enum, ast.Name) and enum.id in enums:
                choices[path.value.split(".")[-1]] = enums[enum.id]
    choices["size"] = ("small", "big")
    choices["phh_stakes"] = ("from-history", "must-match")
    return choices


def table_mutants(target: Target) -> list[Mutant]:
    paths = sorted((ROOT).glob(target.path))
    mutants: list[Mutant] = []
    for path in paths:
        rel = str(path.relative_to(ROOT))
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        if path.name == "rankings.toml":
            mutants += _ranking_edits(target, rel, lines)
        else:
            mutants += _game_edits(target, rel, lines)
    return mutants


def _ranking_edits(target: Target, rel: str, lines: list[str]) -> list[Mutant]:
    out = []

    def add(i: int, what: str, new_line: str) -> None:
        out.append(Mutant(target=target.name, id=f"{rel}:{i + 1}:{what}", path=rel, line=i + 1, what=what,
                          old=lines[i], new=new_line, table_text=_edited(lines, i, new_line)))

    for section, first, end in _sections("\n".join(lines)):
        for i in range(first, end):
            line = lines[i]
            m = re.match(r"^([\w-]+) = (\[.*\])\s*$", line)
            if section.startswith("systems.") and m and (m.group(1) == "category_order" or section.endswith("tie_break")):
                items = json.loads(m.group(2))
                for k in range(len(items) - 1):
                    swapped = list(items)
                    swapped[k], swapped[k + 1] = swapped[k + 1], swapped[k]
                    add(i, f"[{section}] {m.group(1)}: {items[k]} <-> {items[k + 1]}",
                        f"{m.group(1)} = {json.dumps(swapped)}")
                if section.endswith("tie_break") and len(items) > 1:
                    add(i, f"[{section}] {m.group(1)}: {items[-1]} left out",
                        f"{m.group(1)} = {json.dumps(items[:-1])}")
            m = re.match(r"^([\w-]+) = (true|false)\s*$", line)
            if section.startswith("systems.") and m:
                flipped = "false" if m.group(2) == "true" else "true"
                add(i, f"[{section}] {m.group(1)}: {m.group(2)} -> {flipped}", f"{m.group(1)} = {flipped}")
            m = re.match(r'^(ace|better) = "(\w+)"\s*$', line)
            if section.startswith("systems.") and m:
                other = {"low": "high", "high": "low", "lower": "higher", "higher": "lower"}[m.group(2)]
                add(i, f"[{section}] {m.group(1)}: {m.group(2)} -> {other}", f'{m.group(1)} = "{other}"')
            m = re.match(r"^(max_rank|hand_size) = (\d+)\s*$", line)
            if m:
                for delta in (1, -1):
                    add(i, f"[{section}] {m.group(1)}: {m.group(2)} -> {int(m.group(2)) + delta}",
                        f"{m.group(1)} = {int(m.group(2)) + delta}")
            m = re.match(r'^system = "([\w-]+)"\s*$', line)
            if section.startswith("qualifiers.") and m:
                add(i, f"[{section}] system: {m.group(1)} -> ace-to-six", 'system = "ace-to-six"')
            m = re.match(r'^joker = "([\w-]+)"\s*$', line)
            if section.startswith("systems.") and m:
                add(i, f"[{section}] joker left out", "")
    return out


CHOICES: dict[str, tuple[str, ...]] | None = None
TEXT_KEYS = {"name", "en", "ru", "variant", "clause", "extends"}


def _game_edits(target: Target, rel: str, lines: list[str]) -> list[Mutant]:
    global CHOICES
    CHOICES = CHOICES or _choices()
    out = []

    def add(i: int, what: str, new_line: str) -> None:
        out.append(Mutant(target=target.name, id=f"{rel}:{i + 1}:{what}", path=rel, line=i + 1, what=what,
                          old=lines[i], new=new_line, table_text=_edited(lines, i, new_line)))

    for section, first, end in _sections("\n".join(lines)):
        if section == "clauses":
            continue                       # citations, not rules
        where = f"[{section}] " if section else ""
        for i in range(first, end):
            line = lines[i].split("#")[0].rstrip()
            m = re.match(r"^([\w-]+) = (.+)$", line)
            if not m or m.group(1) in TEXT_KEYS:
                continue
            key, value = m.group(1), m.group(2)
            if re.fullmatch(r"\d+", value):
                add(i, f"{where}{key}: {value} -> {int(value) + 1}", f"{key} = {int(value) + 1}")
                if int(value) > 0:
                    add(i, f"{where}{key}: {value} -> {int(value) - 1}", f"{key} = {int(value) - 1}")
            elif value in ("true", "false"):
                flipped = "false" if value == "true" else "true"
                add(i, f"{where}{key}: {value} -> {flipped}", f"{key} = {flipped}")
            elif re.fullmatch(r'"[\w-]+"', value) and key in CHOICES and value.strip('"') in CHOICES[key]:
                current = value.strip('"')
                options = CHOICES[key]
                other = options[(options.index(current) + 1) % len(options)]      # the next choice: one variant
                if other != current:                    # a key with one choice has no mutant
                    add(i, f"{where}{key}: {current} -> {other}", f'{key} = "{other}"')
            elif re.fullmatch(r"\[[\d, ]+\]", value):
                items = json.loads(value)
                if items:
                    bumped = [items[0] + 1] + items[1:]
                    add(i, f"{where}{key}: {items} -> {bumped}", f"{key} = {json.dumps(bumped)}")
    return out


def apply_table(mutant: Mutant, copy: Path) -> None:
    (copy / mutant.path).write_text(mutant.table_text, encoding="utf-8")


# ---- Running ----

def make_copy(tests_from: str = "") -> Path:
    copy = Path(tempfile.mkdtemp(prefix="lowball-mutants-"))
    ignore = shutil.ignore_patterns("__pycache__", ".hypothesis", "*.pyc", "_build")
    shutil.copytree(ROOT / "spec", copy / "spec", ignore=ignore)
    if tests_from:          # the tests as they were at a revision: to measure what new tests added
        import subprocess
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", tests_from, "tests"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(copy)], input=archive, check=True)
    else:
        shutil.copytree(ROOT / "tests", copy / "tests", ignore=ignore)
    for folder in ("docs/checks", "docs/examples"):
        if (ROOT / folder).exists():
            shutil.copytree(ROOT / folder, copy / folder, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, copy / name)
    return copy


def restore(copy: Path, path: str) -> None:
    shutil.copy2(ROOT / path, copy / path)


def purge(keep: tuple[str, ...]) -> None:
    """Forget every loaded module of the package except the layers in ``keep`` (and the error classes)."""
    for name in list(sys.modules):
        if name == "lowball" or name.startswith("lowball."):
            if name == "lowball.errors" or any(name == k or name.startswith(k + ".") for k in keep):
                continue
            del sys.modules[name]


def pytest_args(target: Target) -> list[str]:
    args = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:nbval", "-o", "addopts=--doctest-modules",
            "--hypothesis-seed=0", "-W", "ignore", "--no-header", "-rf"]
    for test in DESELECT:
        args += ["--deselect", test]
    return args + [t for t in (*target.tests, *EXTRA) if Path(t.split("::")[0]).exists()]


def run_child(target: Target, copy: Path, log: Path, timeout: float) -> tuple[str, float, str]:
    """Run the target's tests in a forked child; return (status, seconds, the first failing test)."""
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:                                    # the child: fresh package, the tests, the exit code
        try:
            os.setsid()
            fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            shutil.rmtree(copy / ".hypothesis", ignore_errors=True)
            purge(target.keep)
            import pytest
            code = pytest.main(pytest_args(target))
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(int(code))
        except BaseException:                        # noqa: BLE001 - any failure to run is a failure
            import traceback
            traceback.print_exc()
            sys.stderr.flush()
            os._exit(99)
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() - start > timeout:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
            return "timeout", time.monotonic() - start, ""
        time.sleep(0.05)
    seconds = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    text = log.read_text(encoding="utf-8", errors="replace")
    failed = re.findall(r"^(?:FAILED|ERROR) (\S+)", text, re.M)
    if code == 0:
        return "survived", seconds, ""
    if code == 5:
        return "error", seconds, "no tests ran"
    return "killed", seconds, failed[0] if failed else f"exit {code}"


def warm(keep: tuple[str, ...]) -> None:
    """Load the layers a mutant cannot reach, and fill their caches once."""
    if not keep:
        return
    import lowball
    from lowball.core.rankings import load_rankings

    for row in load_rankings().systems:
        lowball.evaluate("9c 7d 5h 4s 2c", row.key)
        lowball.best_rank(lowball.parse_cards("9c 7d 5h 4s 2c Kd Qh"), row.key) if hasattr(lowball, "best_rank") else None
    lowball.builtin_games()
    purge(keep)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", action="append", choices=[t.name for t in TARGETS])
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--retest", type=Path, help="run again only the survivors of this results file")
    parser.add_argument("--retest-status", default="survived", help="with --retest: the status to run again")
    parser.add_argument("--retest-killer", default="", help="with --retest: only mutants whose killer matches this")
    parser.add_argument("--skip-done", type=Path, action="append", default=[], metavar="RESULTS",
                        help="leave out the mutants this results file already holds (a whole run stopped and "
                             "taken up again); may be repeated")
    parser.add_argument("--shard", default="", metavar="K/N",
                        help="run only every N-th mutant of each target, from the K-th (0 to N - 1): N runs side by "
                             "side share a target")
    parser.add_argument("--tests-from", default="",
                        help="take tests/ from this git revision (e.g. HEAD: the tests before the working tree's)")
    parser.add_argument("--out", type=Path, default=ROOT / "artifacts" / "mutants")
    parser.add_argument("--limit", type=int, default=0, help="at most this many mutants per target (0: all)")
    parser.add_argument("--tables", default="*", help="game tables to mutate, a file-name glob (default: all)")
    parser.add_argument("--more-tests", action="store_true",
                        help="also run the slower cross-checks (pokerkit's hands, the proofs' link with the engine, "
                             "the stateful test): for a retest of survivors")
    parser.add_argument("--add", action="append", default=[], metavar="TEST",
                        help="also run this test file (or node id) for every mutant; may be repeated")
    args = parser.parse_args(argv)
    if args.more_tests:
        EXTRA.extend(MORE_TESTS)
    EXTRA.extend(args.add)
    targets = [t for t in TARGETS if not args.target or t.name in args.target]
    survivors = None
    if args.retest:
        survivors = {row["id"] for row in map(json.loads, args.retest.read_text().splitlines())
                     if row["status"] == args.retest_status and re.search(args.retest_killer, row["killed_by"])}
    done = {row["id"] for path in args.skip_done for row in map(json.loads, path.read_text().splitlines())}
    plan = []
    for target in targets:
        found = table_mutants(target) if target.path.endswith(".toml") else code_mutants(target)
        if target.name == "game-tables":
            found = [m for m in found if Path(m.path).match(f"rules/games/{args.tables}")]
        if survivors is not None:
            found = [m for m in found if m.id in survivors]
        found = [m for m in found if m.id not in done]
        if args.shard:
            k, n = (int(part) for part in args.shard.split("/"))
            found = found[k::n]
        if args.limit:
            found = found[:args.limit]
        plan.append((target, found))
    if args.list:
        for target, found in plan:
            print(f"{target.name}: {len(found)} mutants")
            for m in found:
                print(f"  {m.path}:{m.line}: {m.what}")
        return 0

    args.out.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    results_path = args.out / f"results-{stamp}.jsonl"
    copy = make_copy(args.tests_from)
    os.chdir(copy)
    sys.path.insert(0, str(copy / "spec"))
    sys.path.insert(0, str(copy))
    sys.dont_write_bytecode = True
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    import numpy  # noqa: F401 - loaded once, shared by every child
    import pytest  # noqa: F401
    import hypothesis  # noqa: F401
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        pass
    log = copy / "child.log"
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))      # a stopped run still removes its copy
    rows = []
    began = time.monotonic()
    try:
        for target, found in plan:
            if not found:
                continue
            purge(())
            warm(target.keep)
            status, base_seconds, failed = run_child(target, copy, log, timeout=1800)
            if status != "survived":
                print(f"{target.name}: the unmutated tests do not pass ({status}: {failed}); see {log}", flush=True)
                shutil.copy2(log, args.out / f"baseline-{target.name}.log")
                return 2
            timeout = 3 * base_seconds + 30
            print(f"{target.name}: {len(found)} mutants; the unmutated run takes {base_seconds:.1f} s", flush=True)
            for n, mutant in enumerate(found, start=1):
                try:
                    if mutant.table_text:
                        apply_table(mutant, copy)
                    else:
                        apply_code(mutant, copy)
                    status, seconds, failed = run_child(target, copy, log, timeout)
                finally:
                    restore(copy, mutant.path)
                row = {**{k: v for k, v in asdict(mutant).items() if k != "table_text"}, "status": status,
                       "seconds": round(seconds, 2), "killed_by": failed}
                rows.append(row)
                with results_path.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(row, ensure_ascii=False) + "\n")
                mark = {"killed": ".", "timeout": "T", "survived": "S", "error": "E"}[status]
                print(f"  [{n}/{len(found)}] {mark} {mutant.path}:{mutant.line}: {mutant.what} ({seconds:.1f} s)"
                      + (f"  <- {failed}" if status == "killed" else ""), flush=True)
    finally:
        shutil.rmtree(copy, ignore_errors=True)
    report = summary(rows, time.monotonic() - began)
    (args.out / f"report-{stamp}.md").write_text(report, encoding="utf-8")
    print(report)
    print(f"results: {results_path}")
    return 0


def summary(rows: list[dict], seconds: float) -> str:
    """Return the report: a row per target (mutants, killed, survived, score), then every survivor."""
    lines = ["| target | mutants | killed | survived | score |", "|---|---:|---:|---:|---:|"]
    order = [t.name for t in TARGETS]
    total = killed = 0
    for name in order:
        mine = [r for r in rows if r["target"] == name]
        if not mine:
            continue
        k = sum(r["status"] in ("killed", "timeout") for r in mine)
        s = sum(r["status"] == "survived" for r in mine)
        total, killed = total + len(mine), killed + k
        lines.append(f"| {name} | {len(mine)} | {k} | {s} | {100 * k / len(mine):.1f}% |")
    if total:
        lines.append(f"| **all** | {total} | {killed} | {total - killed} | {100 * killed / total:.1f}% |")
    lines += ["", f"Run time: {seconds / 60:.1f} min, one mutant at a time.", "", "Survivors:"]
    for r in rows:
        if r["status"] not in ("killed", "timeout"):
            lines.append(f"- {r['status']}: `{r['path']}:{r['line']}`: {r['what']}: `{r['old'].strip()[:80]}` -> "
                         f"`{r['new'].strip()[:80]}`")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
