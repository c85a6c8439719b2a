"""The plain readings the engine plays are proved equal to the Z3 reading of the same text (``verify/readings.py``).

Every function the engine asks of a betting round and of the forced bets, compiled when its module loads, is run
on symbolic values path by path, and each path proved to return the Z3 reading's value. Here: one table of each
kind of round heads-up in ``make test`` (about half a minute); every built-in table at two and three players in
``make test-full``; and the proof fails where the compiled text or the compiler is wrong.
"""

from __future__ import annotations

import ast
import os

import pytest

from lowball.core.games import builtin_paths, load_game_table
from lowball.core.ops import PY, Z3
from lowball.engine.rules import betting_round as rm
from lowball.engine.rules import readings
from lowball.engine.rules.readings import compile_rules, plain_reading
from lowball.verify.readings import Case, cases, check_case, prove_reading, prove_readings

TABLES = sorted(builtin_paths())
# The functions the engine and the solver call on a round or on the forced bets (``engine/betting.py``,
# ``engine/forced.py``, ``engine/state.py``, ``solve/game_tree.py``): each must be among those proved.
ENGINE_CALLS = {"done", "owed", "call_amount", "capped", "raise_bars", "raise_range", "raised_from",
                "rounded_pot", "choices", "may_bring_in", "may_fold", "may_call", "may_raise", "legal", "legal_raise",
                "size_now", "step", "is_full", "finish", "start", "forced", "post", "may_redeal"}


# Heads-up in ``make test``: one table of each kind of round the engine plays (fixed limit with an ante, blinds
# and a cap; California's posts and sevens; pot-limit; no-limit; the stud bring-in and completion; triple draw's
# four rounds); every built-in table, heads-up and three-handed, in ``make test-full``.
ONE_OF_EACH = ["teaching-table", "california-lowball-sevens-rule", "deuce-to-seven-single-draw-pot-limit",
               "deuce-to-seven-single-draw", "razz", "deuce-to-seven-triple-draw"]


@pytest.mark.parametrize("name", ONE_OF_EACH)
def test_every_reading_the_engine_plays_heads_up_is_the_z3_reading(name):
    """Heads-up, every round kind of the table: every function the engine asks, every path, proved."""
    table = load_game_table(name)
    proofs = prove_readings(table, players=2)
    assert {p.function for p in proofs} == ENGINE_CALLS, name
    failed = [p.why for p in proofs if not p.proved]
    assert not failed, f"{name}: {failed[0]}"
    assert all(p.paths >= 1 for p in proofs)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("LOWBALL_SLOW") != "1", reason="LOWBALL_SLOW=1 runs it (make test-full)")
@pytest.mark.parametrize("name", TABLES)
def test_every_reading_the_engine_plays_at_every_player_count_is_the_z3_reading(name):
    """Every built-in table at two and three players (about twenty minutes on two cores): three seats take in a
    player between the first and the last, and a side all-in."""
    table = load_game_table(name)
    failed = [p.why for p in prove_readings(table) if not p.proved]
    assert not failed, failed[0]


def test_the_proof_walks_every_branch_the_plain_reading_takes():
    """``done`` branches on each seat's pending flag and fold: heads-up its plain reading has several paths, and
    each is proved."""
    proof = prove_reading(load_game_table(), "done", players=2)
    assert proof.proved and proof.paths >= 3


def _round(table_name: str = "teaching-table", players: int = 2):
    table = load_game_table(table_name)
    (_, r), *_ = rm.round_kinds(table, players)
    s = rm.State.symbolic(players, "mut")
    return r, s, (rm.well_formed(Z3, r, s),)


def test_a_plain_branch_that_is_not_the_rule_is_caught_with_the_path():
    """A rule whose plain branch forgets the lifted cap (G2) differs from its Z3 reading: the proof names the
    path where the plain reading says capped and the Z3 reading does not."""
    def capped(o, r, s):
        if r.cap is None:
            return False
        if not o.symbolic:
            return s.count >= r.cap              # the mutant: the lifted cap forgotten
        return o.And(s.count >= r.cap, o.Not(s.lifted))

    rule = plain_reading(capped, PY)
    r, s, base = _round("deuce-to-seven-triple-draw")
    paths, why = check_case(Case("capped", rule.plain, rule.symbolic, (r, s), base))
    assert why.startswith("capped: on the path") and "lifted" in why and "the Z3 reading" in why


def test_a_compiler_that_reads_and_as_or_is_caught(monkeypatch):
    """The compiler itself is under proof: one that writes ``o.And(a, b)`` as ``a or b`` compiles a ``choices``
    that lets a folded player act, and the proof finds the path."""
    monkeypatch.setitem(readings.BOOLEAN, "And", ast.Or)
    namespace = {name: value.symbolic if hasattr(value, "plain") else value for name, value in vars(rm).items()}
    compile_rules(namespace, PY)
    r, s, base = _round()
    i = 0
    paths, why = check_case(Case("choices(p1)", namespace["choices"].plain, namespace["choices"].symbolic,
                                 (r, s, i), base + (s.actor == i,)))
    assert why.startswith("choices(p1): on the path")


def test_every_function_the_engine_calls_is_among_those_proved():
    """Nothing the engine plays escapes: the functions proved are the engine's calls, each a compiled reading."""
    proved = {case.name.split("(")[0] for _, case in cases(load_game_table(), players=2)}
    assert proved == ENGINE_CALLS
    for name in ENGINE_CALLS - {"post", "may_redeal"}:
        assert hasattr(getattr(rm, name), "plain"), f"{name} is played compiled"
