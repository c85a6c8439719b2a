"""The merged game of a table with several draws (lowball.solve.merged) and its best response with perfect recall.

The merged game forgets the earlier rounds' lines and draws, so its spots merge many public histories; it is
checked against the full public tree of a small three-draw table written out (``unrolled``), where the project's
single-draw solver and best response (lowball.solve.cfr, lowball.solve.best_response) work unchanged: the same
values for a strategy, regrets that are the sums of the tree's over the histories that meet, and a best response
that remembers everything winning exactly what the tree's best response wins. Random lines are played beside an
engine ``Hand`` with real cards, and the tables it cannot hold are refused in one line.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from lowball import Hand, compare, load_game_table
from lowball.solve.best_response import best_response_values, seat_values
from lowball.solve.cfr import CFR, Solver
from lowball.solve.game_tree import NotSolvable
from lowball.solve.merged import (ACT, FOLD, NEXT, MergedSolver, build_game, deepest, fold_stake, small_table,
                                  unrolled)
from lowball.solve.recall import recall_values
from lowball.solve.stages import Stages, toy_stages
from tests.support.solving import engine_choices


@pytest.fixture(scope="module")
def game():
    return build_game(small_table(), toy_stages())


@pytest.fixture(scope="module")
def tree(game):
    return unrolled(game)


def random_strategy(game, seed: int):
    """Return a strategy drawn at random (every row a random distribution), not one a solver would reach."""
    rng = np.random.default_rng(seed)
    out = []
    for r, rnd in enumerate(game.rounds):
        tables = {}
        for i in rnd.decisions:
            raw = rng.random((len(game.keys[r]), game.buckets[r], len(rnd.spots[i].actions))) ** 3
            tables[i] = raw / raw.sum(axis=-1, keepdims=True)
        out.append(tables)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_a_strategy_is_worth_in_the_merged_game_what_it_is_worth_in_the_full_tree(game, tree, seed):
    strategy = random_strategy(game, seed)
    merged = MergedSolver(game).kernels.seat_values(strategy)
    full = seat_values(tree.tree, tree.strategy(strategy))
    assert merged[0] == pytest.approx(full[0], abs=1e-12), f"merged {merged}, full tree {full}"


def test_the_merged_regrets_are_the_sums_of_the_full_trees_over_the_histories_that_meet(game, tree):
    # Vanilla CFR (no discounting) from the uniform strategy: seat 0's first regrets are linear in the histories'.
    merged, full = MergedSolver(game, CFR), Solver(tree.tree, CFR)
    merged.step()
    full.step()
    summed = [{i: np.zeros_like(table) for i, table in tables.items()} for tables in merged.regrets]
    for j, (r, i, k) in enumerate(tree.spot_of):
        summed[r][i][k] += full.regrets[j]
    checked = 0
    for r, rnd in enumerate(game.rounds):
        for i in rnd.decisions:
            if rnd.spots[i].player == 0:
                assert np.allclose(summed[r][i], merged.regrets[r][i], atol=1e-9), f"round {r + 1}, spot {i}"
                checked += int(np.abs(merged.regrets[r][i]).max() > 0)
    assert checked > 10


@pytest.mark.parametrize("rows", [1 << 17, 40])
def test_the_best_response_with_perfect_recall_wins_what_the_full_trees_best_response_wins(game, tree, rows):
    strategy = MergedSolver(game).run(10).average()
    recall = recall_values(game, strategy, rows=rows)
    full = best_response_values(tree.tree, tree.strategy(strategy))
    assert recall == pytest.approx(full, abs=1e-12)


def test_remembering_every_public_action_cfr_converges_and_merging_histories_costs_what_recall_finds():
    # With every public action kept the game has perfect recall, and CFR's average converges (NashConv to 0).
    stages = toy_stages((2, 2, 2, 3))
    everything = build_game(small_table(), stages, memory="everything")
    early = sum(recall_values(everything, MergedSolver(everything).run(5).average()))
    solved = sum(recall_values(everything, MergedSolver(everything).run(200).average()))
    assert solved < early / 100 and solved < 0.02, f"NashConv after 5 iterations {early}, after 200 {solved}"
    # Keeping only the chips and the last draw merges histories, and one who remembers them wins far more.
    merged = build_game(small_table(), stages)
    assert merged.information_sets() < everything.information_sets() / 10
    forgetful = sum(recall_values(merged, MergedSolver(merged).run(200).average()))
    assert forgetful > 5 * solved, f"NashConv of the merged game's solution {forgetful}, of the full one's {solved}"


def test_a_memory_that_merges_two_draws_into_one_key_or_is_unknown_is_refused():
    with pytest.raises(ValueError, match="memory 'all': one of last-draw, "):
        build_game(small_table(), toy_stages(), memory="all")


def remembering(stages):
    """Return the same chain with each state the whole history of buckets (perfect recall of one's cards)."""
    sizes, histories = stages.buckets, [[(b,) for b in range(stages.buckets[0])]]
    transitions = []
    for d in range(stages.draws):
        after = [h + (c,) for h in histories[-1] for c in range(sizes[d + 1])]
        matrices = {}
        for k, matrix in stages.transitions[d].items():
            m = np.zeros((len(histories[-1]), len(after)))
            for i, h in enumerate(histories[-1]):
                for c in range(sizes[d + 1]):
                    m[i, after.index(h + (c,))] = matrix[h[-1], c]
            matrices[k] = m
        transitions.append(matrices)
        histories.append(after)
    strengths = np.array([stages.strengths[h[-1]] for h in histories[-1]])
    return Stages(system="remembering", buckets=tuple(len(h) for h in histories), weights=stages.weights,
                  transitions=tuple(transitions), strengths=strengths), histories


def test_remembering_earlier_buckets_is_worth_nothing_to_a_best_response():
    # The buckets are a Markov chain: a best response that also knows its earlier buckets wins no more.
    stages = toy_stages((2, 2, 2, 3))
    game = build_game(small_table(), stages)
    strategy = MergedSolver(game).run(5).average()
    long, histories = remembering(stages)
    long_game = build_game(small_table(), long)
    # The remembering game's strategy plays each history as its last bucket: the same strategy.
    expanded = [{i: table[:, [h[-1] for h in histories[r]], :] for i, table in tables.items()}
                for r, tables in enumerate(strategy)]
    assert recall_values(long_game, expanded) == pytest.approx(recall_values(game, strategy), abs=1e-12)
    assert MergedSolver(long_game).kernels.seat_values(expanded)[0] == pytest.approx(
        MergedSolver(game).kernels.seat_values(strategy)[0], abs=1e-12)


def test_an_action_abstraction_of_the_counts_keeps_only_those_draws():
    game = build_game(small_table(), toy_stages(), memory="everything", counts=[(0, 1), (0,), (1,)])
    draws = [spot for rnd in game.rounds for spot in rnd.spots if spot.kind == ACT and spot.actions[0].startswith("draw")]
    assert {spot.actions for spot in draws} == {("draw0", "draw1"), ("draw0",), ("draw1",)}
    assert {c for counts in game.counts[2] for c in counts} == {0} and {c for c in game.counts[3][0]} == {1}
    assert game.allowed == ((0, 1), (0,), (1,))
    for seed in range(5):
        play_random_line(game, seed)
    with pytest.raises(ValueError, match=r"counts for 2 draws; deuce-to-seven-triple-draw-phh has 3"):
        build_game(small_table(), toy_stages(), counts=[(0,), (0,)])


def play_random_line(game, seed: int) -> None:
    """Walk one random line of the merged game beside an engine hand with real cards, checking every step."""
    rng = random.Random(seed)
    hand = Hand([game.stacks] * 2, table=game.table, seed=seed + 1, narrate=False)
    hand.advance()
    r, key, i = 0, 0, 0
    while True:
        spot = game.rounds[r].spots[i]
        if spot.kind == ACT:
            engine = engine_choices(hand)
            assert hand.to_act == spot.player, f"{hand!r}: the engine's seat {hand.to_act}, the game's {spot.player}"
            # The game's actions are the engine's, or some of its draws where the game abstracts the counts.
            allowed = set(engine) if not spot.actions[0].startswith("draw") else {
                label for label in engine if label.startswith("draw") and int(label[4:]) in game.allowed[r]}
            assert sorted(allowed) == sorted(spot.actions), f"{hand!r}: engine {sorted(engine)}, game {spot.actions}"
            pick = rng.randrange(len(spot.actions))
            hand.push(engine[spot.actions[pick]])
            i = spot.children[pick]
        elif spot.kind == NEXT:
            key = int(game.following[r][key, game.rounds[r].nexts.index(i)])
            r, i = r + 1, 0
            assert game.keys[r][key][0] == hand.invested[0] == hand.invested[1], f"{hand!r}: chips in"
        else:
            break
    assert hand.phase == "over", f"{hand!r}: the game ended, the engine did not"
    change = hand.result.changes[0]
    chips_in = game.keys[r][key][0]
    if spot.kind == FOLD:
        assert change == fold_stake(spot, chips_in), f"{hand!r}: the engine pays seat 0 {change}"
    else:
        outcome = compare(hand.hands[0], hand.hands[1], game.table.ranking)
        assert change == outcome * (chips_in + spot.bets[0]), f"{hand!r}: engine {change}"


@pytest.mark.parametrize("name", ["small", "deuce-to-seven-triple-draw-phh"])
def test_random_lines_are_the_engines_and_pay_what_it_pays(name):
    table = small_table() if name == "small" else load_game_table(name)
    game = build_game(table, toy_stages())
    for seed in range(20):
        play_random_line(game, seed)


def test_the_triple_draw_table_is_deep_enough_at_fifty_chips_and_refused_shorter():
    table = load_game_table("deuce-to-seven-triple-draw-phh")
    # P1: five small bets before the first draw (the big blind and four raises), four after it, four big bets twice.
    assert deepest(table) == 5 * table.small_bet + 4 * table.small_bet + 2 * 4 * table.big_bet == 50
    with pytest.raises(NotSolvable, match=r"stacks of 49 chips; a raise war can put 50 in"):
        build_game(table, toy_stages(), stacks=49)


@pytest.mark.parametrize("name, why", [
    ("deuce-to-seven-triple-draw", "no cap heads-up (T4, G2)"),               # RRP lifts the cap heads-up
    ("teaching-table", "round 2 is not the same after every line"),         # B2: who bet first acts first
    ("deuce-to-seven-single-draw-pot-limit", "pot-limit betting"),
    ("razz", "0 draws"),
])
def test_tables_the_merged_game_cannot_hold_are_refused_in_one_line(name, why):
    table = load_game_table(name)
    stages = toy_stages((3,) * (table.draws + 1)) if table.draws else toy_stages()
    with pytest.raises(NotSolvable) as refused:
        build_game(table, stages)
    assert str(refused.value).startswith(f"{name}: ") and why in str(refused.value) and "\n" not in str(refused.value)


def test_an_abstraction_of_another_number_of_draws_is_refused():
    with pytest.raises(NotSolvable, match="3 draws, an abstraction of 1"):
        build_game(small_table(), toy_stages((3, 4)))
