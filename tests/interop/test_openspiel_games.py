"""Every game table as an OpenSpiel game, checked against the engine it wraps.

The OpenSpiel state only translates; these tests check the translation from outside it: an independent
``Hand`` (the twin) replays the same hand from its text and must accept exactly the actions the game offers at
every step, hold the same chips, and pay what the game returns; a hand history of each game's hand replays
through ``lowball.phh`` to the same stacks; a player's information state never names a card that player has
not seen; and OpenSpiel's own checks and one of its algorithms run on our games.
"""

from __future__ import annotations

import copy
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from lowball.core.cards import deck_of  # noqa: E402
from lowball.core.games import builtin_games  # noqa: E402
from lowball.engine.actions import Kind  # noqa: E402
from lowball.engine.state import Hand  # noqa: E402
from lowball.errors import IllegalAction  # noqa: E402
from lowball.openspiel import dealer  # noqa: E402
from lowball.openspiel.game import LowballState  # noqa: E402
from lowball.openspiel.register import GAME, load, register, short_name  # noqa: E402
from lowball.phh.history import replay, to_phh  # noqa: E402

TABLES = [table.name for table in builtin_games()]
# Tables whose stub serves three players in the worst case, with the kinds of game they stand for: a single draw,
# no-limit, a seven-card stud with up cards and a bring-in.
MULTIWAY = ["teaching-table", "deuce-to-seven-single-draw", "razz"]


def game_of(table: str, players: int = 2, stacks: str = "table"):
    return pyspiel.load_game(short_name(table), {"players": players, "stacks": stacks})


def random_move(state, rng: random.Random) -> int:
    """Return a move drawn as OpenSpiel's random play draws it: a chance card by its probability, else any code."""
    if state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes())
        return rng.choices(outcomes, chances)[0]
    return rng.choice(state.legal_actions())


def play_out(state, rng: random.Random, before=lambda state: None):
    """Play random moves to the end of the hand, calling ``before(state)`` at every node; return the end."""
    while not state.is_terminal():
        before(state)
        state.apply_action(random_move(state, rng))
    return state


def cards_named(hand: Hand, since: int = 0) -> set:
    """Return every card the hand's deal actions have named from action ``since`` on (the twin's own record of
    the cards in play, not the stub's)."""
    return {card for action in hand.actions[since:] if action.kind in (Kind.DEAL, Kind.BOARD)
            for card in action.cards}


def check_against_twin(state, twin: Hand, since: int = 0) -> None:
    """Assert that the game and an engine hand replaying the same lines agree at this node: whose turn, the
    cards chance may deal (all but those named since the last redeal, action ``since``), and every action code
    (offered exactly when the engine accepts it)."""
    codes = state.seating.codes
    assert twin.stacks == state.hand.stacks and twin.pot == state.hand.pot
    assert sum(twin.stacks) + twin.pot == sum(twin.starting_stacks), "chips conserved (S3)"
    if state.is_chance_node():
        assert twin.to_act is None and twin.phase != "over"
        outcomes, chances = zip(*state.chance_outcomes())
        picked = set(state.progress.picked)
        deck = deck_of(twin.table.deck_cards)
        assert {deck[o] for o in outcomes} == set(deck) - cards_named(twin, since) - picked
        assert sum(chances) == pytest.approx(1.0) and len(set(chances)) == 1
        return
    seat = state.current_player()
    assert twin.to_act == seat
    legal = set(state.legal_actions())
    held = twin.hands[seat]
    for code in range(codes.count):
        try:
            text = str(codes.action(code, seat, held))
        except ValueError:              # a mask beyond the cards held: no action at all
            assert code not in legal
            continue
        if code in legal:
            try:
                copy.deepcopy(twin).apply(text)
            except IllegalAction as err:
                raise AssertionError(f"the game offers {text}, which the engine refuses: {err}") from None
            continue
        try:
            twin.apply(text)                         # a refusal changes nothing
        except IllegalAction:
            continue
        raise AssertionError(f"the engine accepts {text}, which the game does not offer")


def play_beside_twin(state, rng: random.Random) -> Hand:
    """Play a random hand through the game, checking it against its twin at every node; return the twin."""
    twin = Hand(list(state.seating.stacks), table=state.seating.table, replay=True, narrate=False)
    since = 0
    while not state.is_terminal():
        check_against_twin(state, twin, since)
        seat, move = state.current_player(), random_move(state, rng)
        said = None if state.is_chance_node() else state.action_to_string(seat, move)
        state.apply_action(move)
        new = state.hand.actions[len(twin.actions):]
        if said is not None:
            assert str(new[0]) == said, "the code's action is the one the game carried out"
        for action in new:
            redeals = twin.redeals
            twin.apply(str(action))
            if twin.redeals > redeals:           # nobody opened: every card comes back for a new deal (K4)
                since = len(twin.actions)
    assert twin.phase == "over"
    assert list(twin.result.changes) == state.returns()
    return twin


# ---- registration and parameters ----

def test_every_builtin_table_is_a_registered_game():
    names = register()
    assert names == [GAME] + [short_name(table) for table in TABLES]
    assert set(names) <= set(pyspiel.registered_names())
    game = game_of("deuce-to-seven-single-draw")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_the_generic_game_takes_a_house_table_by_path(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('extends = "teaching-table"\nname = "club"\nraises_per_round = 0\n', encoding="utf-8")
    game = load(str(path), players=2, stacks="15")
    state = game.new_initial_state()
    assert state.seating.table.name == "club" and state.seating.stacks == (15, 15)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.seating.codes.first_bet)          # p1 bets 1
    # A bet and no raises (T4 as the house sets it): p2 may only fold or call.
    assert [state.action_to_string(code) for code in state.legal_actions()] == ["p2 f", "p2 cc"]


def test_a_seating_the_stub_cannot_serve_is_refused():
    with pytest.raises(Exception, match="can need 63 cards from a deck of 52.*not offered with more than 2 players"):
        game_of("deuce-to-seven-triple-draw", players=3)
    assert dealer.most_players(builtin_games()[TABLES.index("razz")]) == 6


def test_stacks_the_engine_refuses_are_refused():
    with pytest.raises(Exception, match="4 short of the minimum stack of 13"):
        game_of("teaching-table", stacks="9")
    with pytest.raises(Exception, match="a hand needs 2 to 5 players"):
        load("teaching-table", players=6)


def test_every_whole_amount_is_a_code_at_a_no_limit_table():
    game = game_of("deuce-to-seven-single-draw", stacks="30 50")
    codes = game.new_initial_state().seating.codes
    assert game.num_distinct_actions() == codes.count == 3 + 32 + 50
    assert game.min_utility() == -50 and game.max_utility() == 50


# ---- against the engine ----

@pytest.mark.parametrize("table", TABLES)
def test_openspiel_random_simulation_checks_pass(table):
    pyspiel.random_sim_test(game_of(table), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("table", MULTIWAY)
def test_openspiel_random_simulation_checks_pass_three_handed(table):
    pyspiel.random_sim_test(game_of(table, players=3), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("table", TABLES)
def test_the_game_offers_exactly_what_the_engine_accepts(table):
    rng = random.Random(table)
    for _ in range(2):
        play_beside_twin(game_of(table).new_initial_state(), rng)


@pytest.mark.parametrize("table", MULTIWAY)
def test_the_game_offers_exactly_what_the_engine_accepts_three_handed(table):
    play_beside_twin(game_of(table, players=3, stacks="20 30 40").new_initial_state(), random.Random(table))


def test_the_twin_check_catches_a_game_that_drops_an_action(monkeypatch):
    """The check can fail: a game that stops offering its largest action (a raise, a discard) is caught."""
    offered = LowballState._legal_actions
    monkeypatch.setattr(LowballState, "_legal_actions", lambda state, player: offered(state, player)[:-1] or [0])
    with pytest.raises(AssertionError):
        play_beside_twin(game_of("teaching-table").new_initial_state(), random.Random(1))


@pytest.mark.parametrize("table", TABLES)
def test_the_hand_history_of_a_game_replays_to_its_returns(table):
    """The engine's own hand history of each game, replayed through lowball.phh, ends in the stacks the game paid."""
    rng = random.Random(table)
    game = game_of(table)
    for _ in range(4):
        state = play_out(game.new_initial_state(), rng)
        finish = replay(to_phh(state.hand)).finishing_stacks
        assert [end - start for start, end in zip(state.seating.stacks, finish)] == state.returns()
        assert sum(state.returns()) == 0


# ---- information states ----

def dealt_to(hand: Hand, seat: int) -> set:
    """Return every card dealt to ``seat`` in this hand (a redeal deals again, K4)."""
    return {card for action in hand.actions if action.kind == Kind.DEAL and action.seat == seat
            for card in action.cards}


def secret_cards(hand: Hand, seat: int, viewer: int) -> set:
    """Return the cards dealt to ``seat`` that ``viewer`` has not seen: face down, not shown, and never dealt to
    the viewer after a redeal (K4)."""
    up = {card for card, face_up in zip(hand.hands[seat], hand.face_up[seat]) if face_up}
    return dealt_to(hand, seat) - up - hand.shown[seat] - dealt_to(hand, viewer)


@pytest.mark.parametrize("table", TABLES)
def test_an_information_state_names_no_card_its_player_has_not_seen(table):
    def check(state):
        hand = state.hand
        for viewer in range(hand.n):
            seen = state.information_state_string(viewer)
            assert all(str(card) in seen for card in hand.hands[viewer]), "a player knows their own cards"
            for other in range(hand.n):
                if other != viewer:
                    leaked = [str(card) for card in secret_cards(hand, other, viewer) if str(card) in seen]
                    assert not leaked, f"p{viewer + 1} sees p{other + 1}'s {leaked}: {seen}"

    rng = random.Random(table)
    for _ in range(2):
        play_out(game_of(table).new_initial_state(), rng, check)


@pytest.mark.parametrize("table", ["teaching-table", "razz", "badugi"])
def test_two_deals_that_differ_only_in_a_hidden_hand_look_the_same_to_the_other_player(table):
    game = game_of(table)
    rng = random.Random(7)
    state = game.new_initial_state()
    first = state.seating.table.streets[0]
    moves, cards, theirs = [], set(), []        # theirs: the moves that dealt p2's face-down cards of the first deal
    while not state.is_terminal():
        due = dealer.due(state.hand)
        if due is not None and state.hand.street_index == 0 and due.seat == 1 and \
                len(state.progress.picked) < first.down:
            theirs.append(len(moves))
        move = random_move(state, rng)
        if state.is_chance_node():
            cards.add(move)
        moves.append(move)
        state.apply_action(move)
    spare = [card for card in range(len(state.seating.deck)) if card not in cards]
    other = list(moves)
    for at, card in zip(theirs, spare):
        other[at] = card                           # p2 is dealt cards nobody saw in the first deal
    assert len(theirs) == first.down
    one, two = game.new_initial_state(), game.new_initial_state()
    compared = 0
    for at, (move, changed) in enumerate(zip(moves, other)):
        if at > theirs[-1] and not one.is_chance_node():
            assert one.information_state_string(0) == two.information_state_string(0)
            assert one.information_state_string(1) != two.information_state_string(1)
            compared += 1
        one.apply_action(move)
        two.apply_action(changed)
    assert compared > 0


# ---- an OpenSpiel algorithm on our rules ----

def test_outcome_sampling_mccfr_learns_a_policy_at_the_teaching_table():
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = game_of("teaching-table")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(300):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions()) == {1, state.seating.codes.first_bet}
    assert sum(probabilities.values()) == pytest.approx(1.0)
    # Each seat's first decision is met with a different deal almost every time: hundreds of information states.
    assert len(solver._infostates) > 300
