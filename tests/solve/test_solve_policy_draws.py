"""The equilibrium of a table with several draws read for real hands (lowball.solve.policy_draws).

A small three-draw table is solved here and shipped as the triple-draw solution ships: its first rounds' strategy,
the last round solved again on demand, and per-hand tables (made up here: a real abstraction takes minutes to build,
and its tables are checked in tests/solve/test_solve_stages.py). A line is placed by the full tree written out
(code the reader does not use), each answer is the stored row or the last round solved again, what the solution
does not hold is refused in one line, and the equilibrium bot plays a hand with it at the engine's table.
"""

from __future__ import annotations

import numpy as np
import pytest

from lowball.engine.state import Hand
from lowball.errors import LowballError
from lowball.ranking.fast import hand_index
from lowball.solve import run_draws, store
from lowball.solve.best_response import evaluate
from lowball.solve.full import FullSolver
from lowball.solve.lookup import StageLookup
from lowball.solve.merged import build_game, small_table, unrolled
from lowball.solve.policy import HANDS, Equilibrium, IllegalLine
from lowball.solve.policy_draws import DrawsEquilibrium, load_draws
from lowball.solve.recall import Recall
from lowball.solve.resolve import (LEVELS, from_levels, gadget_values, largest_stakes, resolve_last_round,
                                   to_levels)
from lowball.solve.stages import toy_stages
from lowball.solve.tree import Decision, Transition
from tests.support.solving import equilibrium_plays_out

BUCKETS = (2, 3, 3, 4)


def made_up_lookup(game, seed: int = 3) -> StageLookup:
    """Every hand in a random bucket at each stage; a throw of k cards throws the hand's first k by deck order."""
    rng = np.random.default_rng(seed)
    masks = np.array([(1 << k) - 1 for k in range(6)], dtype=np.uint8)
    return StageLookup(buckets=tuple(rng.integers(0, size, HANDS).astype(np.uint8) for size in game.buckets),
                       throws=tuple(np.tile(masks[:max(c) + 1], (HANDS, 1)) for c in game.allowed),
                       best=tuple(rng.integers(0, 2, size).astype(np.uint8) for size in game.buckets[:-1]))


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """The small table solved, and written as a shipped solution: the first three rounds, the per-hand tables."""
    table = small_table()
    game = build_game(table, toy_stages(BUCKETS, seed=5), memory="everything")
    strategy = FullSolver(game).run(40).average()
    lookup = made_up_lookup(game)
    path = tmp_path_factory.mktemp("solutions") / f"{table.name}.npz"
    run_draws.save(path, game, strategy, {"iterations": 40}, rounds=table.draws, extra=lookup.arrays())
    return path, strategy, lookup


@pytest.fixture(scope="module")
def equilibrium(shipped):
    return load_draws(small_table(), shipped[0])


def tree_place(game, labels: tuple[str, ...]) -> tuple[int, int, int]:
    """Return (round, spot, history) of the decision a line of labels reaches, by walking the full tree written out."""
    whole = unrolled(game)
    node = whole.tree.root
    for label in labels:
        while isinstance(node, Transition):
            node = node.child
        node = node.children[node.actions.index(label)]
    while isinstance(node, Transition):
        node = node.child
    assert isinstance(node, Decision)
    return whole.spot_of[whole.tree.index[id(node)]]


HANDS_SEEN = ["7c 5d 4h 3s 2c", "Kc Kd 9h 8s 2c", "9d 8c 6h 4s 3d"]
LINES = ["", "call", "call check draw1 draw0", "raise call draw0 draw1 check bet call draw1 draw1",
         "call check draw1 draw1 check check draw0 draw0 bet"]


@pytest.mark.parametrize("line", LINES)
def test_a_line_reaches_the_spot_and_history_the_full_tree_numbers(equilibrium, line):
    place = equilibrium._place(line)
    assert (place.round, place.spot, place.history) == tree_place(equilibrium.game, place.labels), line


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("cards", HANDS_SEEN)
def test_the_advice_is_the_stored_row_or_the_last_round_solved_again(equilibrium, shipped, line, cards):
    _, strategy, lookup = shipped
    place = equilibrium._place(line)
    advice = equilibrium.advise(cards, line)
    bucket = int(lookup.buckets[place.round][hand_index(cards)])
    if place.round < equilibrium.last:
        expected = strategy[place.round][place.spot][place.history, bucket]
        tolerance = 1e-4                                       # the stored 16-bit levels
    else:
        expected = resolve_last_round(equilibrium.game, equilibrium.strategy, [place.history])[place.spot][0, bucket]
        tolerance = 1e-12
    assert advice.bucket == bucket and np.allclose(list(advice.frequencies.values()), expected, atol=tolerance)
    assert sum(advice.frequencies.values()) == pytest.approx(1.0)
    if advice.phase == "draw":
        assert [len(t.cards) for t in advice.throws] == [t.count for t in advice.throws]


def test_with_the_gadgets_values_the_last_round_is_solved_safely_as_the_measure_solves_it(shipped, tmp_path):
    """A file that keeps the gadget's values answers in the last round with each seat's safe round
    (``SafeLastRound``): the rows the measure of what ships solves for the same history, not the plain round's."""
    path, strategy, lookup = shipped
    table = small_table()
    game = load_draws(table, path).game
    levels = to_levels(gadget_values(game, strategy), largest_stakes(game))
    safe_path = tmp_path / path.name
    run_draws.save(safe_path, game, strategy, {"iterations": 40}, rounds=table.draws,
                   extra={**lookup.arrays(), run_draws.GADGET: levels})
    safe = load_draws(table, safe_path)
    values = from_levels(levels, largest_stakes(game))
    differs = 0.0
    for line in ("call check draw1 draw1 check check draw0 draw0 check check draw1 draw0",
                 "call check draw1 draw1 check check draw0 draw0 check check draw1 draw0 bet"):
        place = safe._place(line)
        assert place.round == safe.last
        solved = resolve_last_round(game, safe.strategy, [place.history], values=values)[place.spot][0]
        plain = resolve_last_round(game, safe.strategy, [place.history])[place.spot][0]
        for cards in HANDS_SEEN:
            advice = safe.advise(cards, line)
            assert np.allclose(list(advice.frequencies.values()), solved[advice.bucket], atol=1e-12), (line, cards)
            differs = max(differs, float(np.abs(solved[advice.bucket] - plain[advice.bucket]).max()))
    assert differs > 1e-3, "the safe rounds answer as the plain ones: the gadget was not used"


@pytest.mark.parametrize("gadget, words", [
    (np.zeros((2, 3, 4), dtype=np.int16), "its array 'gadget' is int16 of shape (2, 3, 4)"),
    ("float64", "its array 'gadget' is float64, expected whole numbers"),
    ("int64", "its array 'gadget' is int64, expected int16 levels"),
])
def test_a_file_with_a_damaged_gadget_is_refused_in_one_line(shipped, tmp_path, gadget, words):
    path, strategy, lookup = shipped
    table = small_table()
    game = load_draws(table, path).game
    if isinstance(gadget, str):
        gadget = np.zeros((2, len(game.keys[-1]), game.buckets[-1]), dtype=gadget)
    bad = tmp_path / path.name
    run_draws.save(bad, game, strategy, {"iterations": 40}, rounds=table.draws,
                   extra={**lookup.arrays(), run_draws.GADGET: gadget})
    with pytest.raises(store.BadSolverFile) as refused:
        load_draws(table, bad)
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_a_throw_the_solution_does_not_hold_and_a_finished_hand_are_refused(equilibrium):
    with pytest.raises(IllegalLine, match=r"^'draw2' is not legal for p1 after 'call check': p1 may pat, draw1$"):
        equilibrium.advise("7c 5d 4h 3s 2c", "call check draw2")
    with pytest.raises(IllegalLine, match=r"the hand is over after 'raise fold' \(folded\): nobody acts there"):
        equilibrium.advise("7c 5d 4h 3s 2c", "raise fold")


def test_after_the_last_draw_the_range_above_is_a_share_and_the_bluff_a_chance(equilibrium):
    line = "call check draw1 draw1 check check draw0 draw0 check check draw1 draw0"
    for cards in HANDS_SEEN:
        advice = equilibrium.advise(cards, line)
        assert advice.phase == "bet" and 0 <= advice.range_above <= 1 and 0 <= advice.bluff <= 1


def test_the_equilibrium_bot_plays_a_hand_from_the_shipped_file(shipped, monkeypatch):
    """Shipped where the table's solutions are, the solution is what ``Equilibrium.load`` returns for the table,
    and the bot takes each decision from it (never the sound bot's fallback) to the hand's end."""
    path, _, _ = shipped
    monkeypatch.setattr(store, "SOLUTIONS", path.parent)
    table = small_table()
    assert isinstance(Equilibrium.load(table), DrawsEquilibrium)
    hand = Hand([40, 40], table=table, seed=11, narrate=False)
    assert equilibrium_plays_out(hand) >= 2 and sum(hand.result.changes) == 0


def toy_with_hands(system, buckets):
    """Toy stages with made-up per-hand tables, as ``ship`` rebuilds a real abstraction's (minutes) for its lookup."""
    from dataclasses import replace

    stages = toy_stages(buckets, seed=3)
    rng = np.random.default_rng(8)
    return replace(stages, bucket_of_hand=tuple(rng.integers(0, b, HANDS).astype(np.int32) for b in buckets),
                   throw_of_hand=tuple(np.tile(np.array([(1 << k) - 1 for k in range(6)], dtype=np.uint8),
                                               (HANDS, 1)) for _ in buckets[1:]),
                   draw_of_bucket=tuple(rng.integers(0, 2, b).astype(np.uint8) for b in buckets[:-1]))


def test_what_ships_is_measured_with_every_last_round_solved_again(tmp_path):
    """``ship`` writes the first rounds, the gadget's values and the per-hand tables, and states the exploitability
    of the strategy play uses: the one the generic tree's best response finds for the shipped rounds with each last
    round solved again safely, from the values in the file; those are what the best response wins in each round
    against the whole solution, to a 16-bit level of the round's largest stake and never above."""
    table = small_table()
    run_draws.solve_draws(table, out=tmp_path / "whole.npz", buckets=BUCKETS, memory="everything", iterations=30,
                          every=10, checkpoints=tmp_path / "checks", progress=False, stages=toy_with_hands)
    facts = run_draws.ship(table, tmp_path / "whole.npz", tmp_path / "shipped.npz", iterations=60,
                           stages=toy_with_hands)
    equilibrium = load_draws(table, tmp_path / "shipped.npz")
    assert equilibrium.head["rounds_kept"] == table.draws and facts["rounds_kept"] == table.draws
    assert all(not tables for tables in equilibrium.strategy[table.draws:])
    game, solution, _ = run_draws.load(table, tmp_path / "whole.npz")
    stakes = largest_stakes(game)
    values = from_levels(equilibrium.gadget, stakes)
    exact = gadget_values(game, solution)
    assert np.all(values <= exact + 1e-12) and np.all(exact - values <= stakes[None, :, None] / LEVELS + 1e-12)
    assert facts["gadget_numbers"] == exact.size and facts["safe"] is True
    whole = [*equilibrium.strategy[:table.draws],
             resolve_last_round(equilibrium.game, equilibrium.strategy, iterations=60, values=values)]
    tree = unrolled(equilibrium.game)
    walked = evaluate(tree.tree, tree.strategy(whole))
    assert facts["exploitability_mbb"] == pytest.approx(walked.exploitability / table.big_bet * 1000, rel=1e-9)
    assert facts["values"] == pytest.approx(list(walked.values), abs=1e-9)
    # The best response the measure keeps, read as play reads it: the actions the whole strategy's best response
    # takes, before the last round from the file, in it the reply to the round solved again for the history reached.
    recall = Recall(equilibrium.game, whole)
    for seat in range(2):
        value, actions = recall.best_actions(seat, len(whole))
        assert value == pytest.approx(facts["best_response_chips"][seat], abs=1e-12)
        response = equilibrium.best_response(seat)
        for r, tables in enumerate(actions[:table.draws]):
            for i, best in tables.items():
                assert np.array_equal(response.strategy[r][i].argmax(axis=-1), best), (seat, r, i)
        for k in (0, 99, len(equilibrium.game.keys[-1]) - 1):
            for i, best in actions[-1].items():
                assert np.array_equal(response.tables(table.draws, k)[i][0].argmax(axis=-1), best[k]), (seat, k, i)
    kept = store.read_arrays(tmp_path / "shipped.npz", store.SOLUTION, ["strategy"])["strategy"]
    solved = store.read_arrays(tmp_path / "whole.npz", store.SOLUTION, ["strategy"])["strategy"]
    last = sum(t.size for t in whole[-1].values())
    assert len(kept) == facts["numbers_kept"] == len(solved) - last       # all but the last round's numbers


def test_ship_refuses_a_solution_already_shipped_or_stages_that_differ(tmp_path):
    table = small_table()
    run_draws.solve_draws(table, out=tmp_path / "whole.npz", buckets=BUCKETS, memory="everything", iterations=3,
                          every=3, checkpoints=tmp_path / "checks", progress=False, stages=toy_with_hands)
    run_draws.ship(table, tmp_path / "whole.npz", tmp_path / "shipped.npz", iterations=5, stages=toy_with_hands)
    later = run_draws.ship(table, tmp_path / "whole.npz", tmp_path / "later.npz", measure=False, stages=toy_with_hands)
    assert "exploitability_mbb" not in later                         # written now, measured later: the same figures
    measured = run_draws.measure_shipped(table, tmp_path / "later.npz", 5)
    at_once = run_draws.load(table, tmp_path / "shipped.npz")[2]["facts"]["shipped"]
    figures = ("exploitability_mbb", "values", "best_response_chips", "rounds_kept", "numbers_kept",
               "last_round_iterations", "safe", "gadget_numbers")
    assert {k: measured[k] for k in figures} == {k: at_once[k] for k in figures}
    with pytest.raises(LowballError, match="not a shipped solution"):
        run_draws.measure_shipped(table, tmp_path / "whole.npz")
    with pytest.raises(LowballError, match="ship takes a solution of the full tree"):
        run_draws.ship(table, tmp_path / "shipped.npz", tmp_path / "again.npz", stages=toy_with_hands)
    with pytest.raises(LowballError, match="the stages rebuilt for its buckets differ from its own"):
        run_draws.ship(table, tmp_path / "whole.npz", tmp_path / "other.npz",
                       stages=lambda system, buckets: other_deal(toy_with_hands(system, buckets)))


def other_deal(stages):
    """The same stages dealt otherwise: the first bucket twice as likely as before."""
    from dataclasses import replace

    weights = stages.weights.copy()
    weights[0] *= 2
    return replace(stages, weights=weights / weights.sum())


@pytest.mark.parametrize("line, en, ru", [
    ("", "pre-draw bucket", "до обмена"),
    ("call check draw1 draw0", "after draw 1", "после 1-го обмена"),
    ("call check draw1 draw1 check check draw0 draw0 check check draw1 draw0", "final bucket", "после обмена"),
])
def test_lowball_strategy_names_the_stage_of_the_bucket(equilibrium, line, en, ru):
    """After the first of three draws a bucket is neither the dealt hand's nor the final one: the words say which."""
    from lowball.cli.solve import advice_record, advice_text

    advice = equilibrium.advise("7c 5d 4h 3s 2c", line)
    assert en in advice_text(advice, "en")[0] and ru in advice_text(advice, "ru")[0]
    assert advice_record(advice)["stage"] == equilibrium._place(line).round


def test_a_solution_not_measured_has_no_best_response_to_read(equilibrium):
    with pytest.raises(LowballError, match="keeps no best response .* scripts/solve.py --measure"):
        equilibrium.best_response(0)
