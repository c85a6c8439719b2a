"""The betting round's rules against their clauses, in both readings: when a round is over (S1), the pot a pot-limit
bet is sized from (N7), and who must act when a round starts (G6).

``engine/rules/betting_round.py`` writes each rule once; the engine plays its plain reading and the proofs its Z3 reading.
These tests hold the rule itself to the clause, in the states no game reaches as well: the proofs read those too.
"""

import itertools

import pytest
import z3

from lowball.core.games import load_game_table
from lowball.core.ops import PY, Z3
from lowball.engine.rules import betting_round as rm


def proved(claim, *known) -> bool:
    """Return whether Z3 proves ``claim`` from ``known`` (unsat of its negation; sat or unknown is not a proof)."""
    solver = z3.Solver()
    solver.add(*known, z3.Not(claim))
    return solver.check() == z3.unsat


def z3_value(term):
    """Return the Python value of a Z3 term without free variables."""
    term = z3.simplify(term)
    return z3.is_true(term) if z3.is_bool(term) else term.as_long()


@pytest.mark.parametrize("players", range(2, 7))
def test_s1_a_round_is_over_once_one_player_is_left_whoever_was_still_to_act(players):
    """S1: one player left in the hand ends the round, even one still owed an action (the big blind's option when
    everyone else folds); with two left, the round goes on while anyone is to act. Both readings, every pattern."""
    table = load_game_table("stud-high-low")
    state = rm.State.symbolic(players, "s1")
    r = rm.Rules.of(table, table.bet_streets[1], players).kind
    left = z3.Sum([z3.If(f, 0, 1) for f in state.folded])
    assert proved(rm.done(Z3, state) == z3.Or(left <= 1, z3.Not(z3.Or(*state.pending))))
    move = rm.Move.symbolic("s1")
    assert proved(z3.Not(rm.legal(Z3, r, state, move.seat, move.kind, move.amount)), left <= 1)
    for folded in itertools.product([False, True], repeat=players):
        for pending in itertools.product([False, True], repeat=players):
            plain = rm.State(**{**rm.State.symbolic(players, "x").values(), "folded": list(folded),
                                "pending": list(pending)})
            want = folded.count(False) <= 1 or not any(pending)
            assert rm.done(PY, plain) == want, f"folded {folded}, still to act {pending}"


@pytest.mark.parametrize("unit", range(0, 31))
def test_n7_a_pot_limit_pot_is_rounded_up_to_the_tables_unit_in_both_readings(unit):
    """N7 (RRP: "an odd amount as the next larger size"): the pot after calling, rounded up to a multiple of the
    table's ``pot_rounding``; a unit of 0 or 1 leaves it as it is. Z3 divides where the plain reading floors."""
    for chips in range(0, 3 * max(unit, 1) + 4):
        want = chips if unit <= 1 else next(m for m in range(chips, chips + unit) if m % unit == 0)
        assert rm.rounded_pot(PY, unit, chips) == want, f"unit {unit}, {chips} chips"
        assert z3_value(rm.rounded_pot(Z3, unit, z3.IntVal(chips))) == want, f"Z3: unit {unit}, {chips} chips"


@pytest.mark.parametrize("players", range(2, 9))
def test_g6_at_a_rounds_start_a_player_alone_to_act_always_has_a_bet_to_call(players):
    """G6: a player whom nobody else in the hand covers has nothing to bet against, so nobody is ever the only one
    to act with nothing to call: whoever covers him could act too. Proved for every start (any bets, stacks, folds
    and first seat), so no round asks a lone player to check against players who are all in or folded."""
    table = load_game_table("stud-high-low")
    r = rm.Rules.of(table, table.bet_streets[1], players)
    bets = [z3.Int(f"g6_bet{i}") for i in range(players)]
    stacks = [z3.Int(f"g6_stack{i}") for i in range(players)]
    folded = [z3.Bool(f"g6_out{i}") for i in range(players)]
    seats = rm.Seats(first_round_bettor=z3.Int("g6_first"), chosen=z3.Int("g6_chosen"))
    known = [x >= 0 for x in bets + stacks] + [seats.chosen >= 0, seats.chosen < players]
    state = rm.start(Z3, r, bets, stacks, folded, z3.Sum(bets), seats)
    level = rm.level(Z3, state)
    for i in range(players):
        alone = z3.And(state.pending[i], *[z3.Not(state.pending[j]) for j in range(players) if j != i])
        assert proved(z3.Implies(alone, bets[i] < level), *known), f"p{i + 1} of {players} alone to act"
