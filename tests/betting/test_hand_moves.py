"""A hand as a list of moves (the public contract's ``Hand.push``, ``Hand.pop`` and ``repr``).

``push`` applies a player's decision and the dealer's steps after it; ``pop`` undoes the last decision, as
python-chess's board undoes a move, and leaves everything as it was before it; ``repr`` is Python that rebuilds
the same hand. Checked at every built-in table, on random hands, against snapshots of the whole state.
"""

from __future__ import annotations

import random

import pytest

import lowball
from lowball.core.games import builtin_paths, load_game_table
from lowball.engine.state import OVER, Hand
from lowball.errors import IllegalAction
from lowball.phh.history import replay_hand, to_phh
from lowball.play.bots import BOTS
from lowball.play.sessions import default_stack


def snapshot(hand: Hand) -> dict[str, str]:
    """Return everything the hand holds, as text: two hands with equal snapshots are the same hand."""
    return {key: repr(value) for key, value in vars(hand).items()}


def random_hand(name: str, seed: int) -> Hand:
    table = load_game_table(name)
    players = random.Random(seed).randint(table.players_min, table.players_max)
    return Hand([default_stack(table)] * players, table=table, seed=seed)


@pytest.mark.parametrize("name", list(builtin_paths()))
def test_pop_undoes_each_decision_exactly_at_every_table(name):
    """Every decision of a random hand is pushed, popped and pushed again: the pop leaves the snapshot taken
    before the push, and the second push the one taken after it."""
    rng = random.Random(name)
    for seed in range(3):
        hand = random_hand(name, seed)
        hand.advance()
        while hand.phase != OVER:
            before = snapshot(hand)
            action = BOTS["random"](hand, rng)
            hand.push(action)
            after = snapshot(hand)
            assert hand.pop() == action
            assert snapshot(hand) == before, f"{name}: popping {action} did not restore the hand"
            hand.push(action)
            assert snapshot(hand) == after


@pytest.mark.parametrize("name", list(builtin_paths()))
def test_repr_rebuilds_the_same_hand_at_every_table(name):
    """Mid-hand and at the end, ``eval(repr(hand))`` (with ``from lowball import *``) is the same hand."""
    rng = random.Random(f"repr {name}")
    hand = random_hand(name, 7)
    hand.advance()
    names = {name: getattr(lowball, name) for name in lowball.__all__}      # from lowball import *
    while hand.phase != OVER:
        hand.push(BOTS["random"](hand, rng))
        assert snapshot(eval(repr(hand), names)) == snapshot(hand)
    assert eval(repr(hand), names).result == hand.result


def test_a_replayed_history_pops_its_decisions_and_the_dealers_named_cards():
    """In a replayed hand the dealer's cards are the history's actions: popping a decision takes them back too."""
    hand = random_hand("deuce-to-seven-triple-draw", 3)
    rng = random.Random(3)
    hand.advance()
    while hand.phase != OVER:
        hand.push(BOTS["random"](hand, rng))
    replayed = replay_hand(to_phh(hand))
    last_decision = max(i for i, action in enumerate(replayed.actions) if not str(action).startswith("d "))
    popped = replayed.pop()
    assert popped == hand.actions[last_decision] and len(replayed.actions) == last_decision


def test_pop_with_nothing_to_undo_and_an_illegal_push_change_nothing():
    hand = Hand([13, 13])
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="nothing to undo: no player has made a decision in this hand yet"):
        hand.pop()
    assert snapshot(hand) == before
    hand.push("p1 cbr 1")
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="out of turn"):
        hand.push("p1 cc")
    assert snapshot(hand) == before


def test_a_house_table_is_rebuilt_from_its_file(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('extends = "teaching-table"\nname = "club"\nmin_stack = 20\n', encoding="utf-8")
    hand = Hand([20, 20], table=load_game_table(path))
    hand.push("p1 cbr 1")
    copy = eval(repr(hand), {name: getattr(lowball, name) for name in lowball.__all__})
    assert copy.table.min_stack == 20 and snapshot(copy) == snapshot(hand)
