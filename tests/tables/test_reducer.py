"""One hand, one reducer: the frozen ``HandState`` and the pure ``apply(state, action) -> (state, events)``.

A state never changes once made (each action makes a new one, and every earlier state of a hand is as it was when
it was made, to the last card); ``apply`` is a function of its arguments (the same state and action give equal
states and the same events, a refused action raises and makes nothing); ``Hand`` is a list of states, so ``pop``
drops states without replaying anything, and a caller can read a hand but set nothing on it. The chips live in one
place: outside a betting round the seats' stacks, within one the round's state (S3).
"""

from __future__ import annotations

import pickle
import random

import pytest

from lowball.core.games import builtin_paths, load_game_table
from lowball.engine import reducer
from lowball.engine.hand_state import HandState, Seat
from lowball.engine.phases import BET, OVER
from lowball.engine.state import Hand
from lowball.errors import IllegalAction, InvalidAction

TABLES = sorted(builtin_paths())


def snapshot(state: HandState) -> tuple[bytes, ...]:
    """Return every field of a state, pickled (the table's own lazily filled caches aside: the table is the same
    object in every state, and ``Setup`` is frozen)."""
    return tuple(pickle.dumps(getattr(state, name)) for name in state._fields if name != "setup")


def random_hand(name: str, seed: int, players: int | None = None) -> Hand:
    """Return a hand of table ``name`` played to its end by random legal actions (folds one time in six)."""
    table = load_game_table(name)
    rng = random.Random(seed)
    hand = Hand(table, players=players or rng.choice(table.player_counts), seed=seed)
    while hand.phase != OVER:
        legal = hand.legal_actions()
        stay = [action for action in legal if action.kind != "f"]
        hand.push(rng.choice(stay if stay and rng.random() < 5 / 6 else legal))
    return hand


@pytest.mark.parametrize("name", TABLES)
def test_every_state_of_a_hand_is_as_it_was_when_it_was_made(name):
    """Every state a hand passed through, pickled when it was made, is byte for byte the same once the hand is
    over: no later action changed an earlier state (a mutable part shared between states would show here)."""
    table = load_game_table(name)
    rng = random.Random(name)
    hand = Hand(table, players=rng.choice(table.player_counts), seed=rng.randrange(2**32))
    made = [snapshot(state) for state in hand.states]        # the start, and the first deal
    while hand.phase != OVER:
        legal = hand.legal_actions()
        hand.push(rng.choice([a for a in legal if a.kind != "f"] or legal))
        made.append(snapshot(hand.state))
    assert len(made) > 5 and all(state.setup is hand.state.setup for state in hand.states)
    assert [snapshot(state) for state in hand.states] == made


def test_a_state_and_its_parts_refuse_to_be_changed():
    """``HandState`` is a named tuple of tuples, frozensets and frozen records: no field can be set, no container
    changed in place; the seats read as frozen records."""
    state = Hand("teaching-table", players=3, seed=2).state
    with pytest.raises(AttributeError):
        state.behind = (1, 1, 1)
    with pytest.raises(TypeError):
        state.hands[0][0] = None
    with pytest.raises(AttributeError):
        state.stub.size = 0
    with pytest.raises(AttributeError):
        state.current.state = None
    seat = state.seats[0]
    assert isinstance(seat, Seat) and seat.cards == state.hands[0] and seat.stack == state.stacks[0]
    with pytest.raises(AttributeError):
        seat.stack = 99
    assert all(isinstance(getattr(state, name), (tuple, frozenset)) for name in
               ("behind", "dead", "hands", "face_up", "shown", "folded", "contenders", "community", "first_bettors"))


@pytest.mark.parametrize("name", ["teaching-table", "deuce-to-seven-triple-draw", "stud-high-low", "badugi",
                                  "california-lowball", "london-lowball"])
def test_apply_is_a_function_of_the_state_and_the_action(name):
    """The same state and action give equal states and the same events, however often and in whatever order
    ``apply`` is called, and the state given is unchanged; a refused action raises and returns nothing."""
    hand = random_hand(name, 3)
    assert len(hand.states) == len(hand.decisions) + 2          # the start, the first deal, one a decision
    for before, action in zip(hand.states[1:], hand.decisions):
        kept = snapshot(before)
        first = reducer.play(before, action)
        again = reducer.play(before, str(action))           # as text: parsed, checked, the same
        assert first == again and snapshot(before) == kept
    over = hand.state
    with pytest.raises(IllegalAction, match="the hand is over"):
        reducer.apply(over, "p1 f")
    with pytest.raises(InvalidAction):
        reducer.apply(over, "p1 fold please")


def test_the_reducer_alone_plays_the_hand_the_hand_plays():
    """Starting from ``reducer.start`` and feeding ``reducer.play`` a hand's decisions gives the hand's own last
    state and its whole story, event for event: ``Hand`` adds nothing but the list."""
    hand = random_hand("deuce-to-seven-triple-draw", 11, players=4)
    setup = hand.states[0].setup
    state, story = reducer.start(setup.table, setup.starting_stacks, setup.names,
                                 stub=hand.states[0].stub, seed=setup.seed, deal_by_hand=False)
    assert state == hand.states[1]
    for action in hand.decisions:
        state, told, _ = reducer.play(state, action)
        story += told
    assert state == hand.state and story == hand.events


def test_pop_drops_states_and_replays_nothing(monkeypatch):
    """``pop`` returns the hand to the very state object it had before the decision, with the story as it was,
    without calling the reducer at all (it would fail here)."""
    hand = Hand("deuce-to-seven-triple-draw", players=3, seed=4)
    hand.bet_or_raise(hand.raise_range()[0])
    kept, story, actions = hand.state, hand.events, hand.actions
    hand.check_or_call()
    hand.fold()
    called, folded = hand.decisions[-2:]
    assert (called.kind, folded.kind) == ("cc", "f")

    def nothing_replays(*args, **kwargs):
        raise AssertionError("pop replayed an action")
    for name in ("start", "apply", "play", "advance"):
        monkeypatch.setattr(reducer, name, nothing_replays)
    assert hand.pop() == folded and hand.pop() == called
    assert hand.state is kept and hand.events == story and hand.actions == actions


def test_then_drops_every_state_it_made_when_one_action_is_refused():
    """``then`` applies a list or nothing: after a refused action the hand is at the very state it started from."""
    hand = Hand("teaching-table", players=2, seed=1)
    kept = hand.state
    with pytest.raises(IllegalAction):
        hand.then(["p1 cbr 1", "p2 cc", "p1 sd", "p2 sd", "p1 cbr 9"])
    assert hand.state is kept and len(hand.states) == 2


def test_nothing_a_caller_reads_can_be_set():
    """Every attribute ``Hand`` answers is the latest state's, read-only: setting one raises and changes nothing."""
    hand = Hand("razz", players=3, seed=6)
    kept = hand.state
    for name in ("stacks", "invested", "pot", "hands", "face_up", "folded", "contenders", "community", "stub",
                 "phase", "current", "street_index", "result", "table", "names", "to_act", "actions", "events",
                 "state", "seed", "deal_by_hand"):
        with pytest.raises(AttributeError):
            setattr(hand, name, None)
    assert hand.state is kept


@pytest.mark.parametrize("name", ["deuce-to-seven-single-draw", "stud-high-low", "five-card-draw-no-limit"])
def test_within_a_round_the_chips_are_the_rounds_and_the_seats_wait_for_its_end(name):
    """S3, chips in one place: while a round runs, the stacks a state answers are its round's (``current.state``),
    the seats' own stacks (``behind``) stay as the round found them, and the pot follows; when the round ends the
    seats hold what the round left."""
    hand = random_hand(name, 5)
    seen_round = False
    for state in hand.states:
        if state.in_round:
            seen_round = True
            rnd = state.current.state
            assert state.stacks == tuple(rnd.stacks) and state.pot == rnd.pot
            assert state.phase == BET
        elif state.result is None:
            assert state.stacks == state.behind
    assert seen_round
    assert sum(hand.result.finishing_stacks) == sum(hand.starting_stacks)


def test_a_state_is_built_from_the_engine_only():
    """A hand's states are ``HandState``s, the first made by ``reducer.start`` (the forced bets posted)."""
    hand = Hand("london-lowball", players=4, seed=9)
    assert all(type(state) is HandState for state in hand.states)
    assert hand.states[0].pot == sum(hand.states[0].invested) > 0
