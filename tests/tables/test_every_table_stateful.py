"""Random programs of legal and illegal actions at every table: the built-in games and the house tables the docs
check (docs/checks/*.toml), with the invariants of the rules after every step.

One Hypothesis state machine per table plays sessions of several hands: each step is a legal action drawn from
``legal_actions`` or an illegal one (a wrong seat, a wrong phase, a card that is not the player's, a bet off the
table's sizes), which must be refused and change nothing. Each legal action is applied twice: by
``engine.fold.apply``, which must leave the hand it is given as it was and return a new one, and in place by
``Hand.apply``; the two must agree (play goes on with the session's own hand). After every step: chips are
conserved (S3), no card is in two places and none is lost (T1, D1), no stack goes below zero, nobody puts in more
than the table's proved bound (T4, T5), a round's bets stay within its cap (T4, G1), the player to act is still
in the hand and owes an action (S1), and the piles of cards (the stub, burns, folded hands, discards, the board)
and the cards each player holds are the ones the card walk counts (``core.card_flow``, the model property 5
proves things about, fed only the engine's folds and discards; T6, D1, K8, K9). A failure is shrunk by Hypothesis to a short program and printed as one.

The stacks are mixed, down to a few bets, so that players go all in and side pots form (G6) wherever the table
has no minimum stack. ``tests/betting/test_game_stateful.py`` runs the teaching table longer, with its own figures.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from lowball.core import card_flow as cf
from lowball.core.behaviours import CapCounts, HeadsUpCap, StreetKind, Structure
from lowball.core.games import GameTable, builtin_paths, load_game_table
from lowball.engine import fold
from lowball.engine.actions import Action, Kind
from lowball.engine.session import Session
from lowball.engine.state import BET, OVER, Hand, max_investment
from lowball.errors import IllegalAction, InvalidAction
from lowball.play.sessions import default_stack
from tests.support.card_flow import Counted, catch_up, engine_piles
from tests.support.game_stateful import illegal_actions

ROOT = Path(__file__).resolve().parents[2]
TABLES = {name: load_game_table(name) for name in builtin_paths()}
TABLES |= {f"docs/checks/{path.name}": load_game_table(path) for path in sorted((ROOT / "docs" / "checks").glob("*.toml"))}


def places(hand: Hand) -> Counter:
    """Return how many times each known card is somewhere: a hand still in, the board, the stub or a pile set aside
    (a folded hand's cards are on the folded pile)."""
    stub = hand.stub
    cards = [c for seat, held in enumerate(hand.hands) if not hand.folded[seat] for c in held]
    cards += list(hand.community) + list(stub.order or [])
    cards += list(stub.burns) + list(stub.folded) + [c for pile in stub.discards for c in pile]
    return Counter(card for card in cards if card is not None)


def position(hand: Hand) -> tuple:
    """Return what a player could see change in a hand: chips, cards, the stub, whose turn, the phase's state."""
    stub = hand.stub
    return (tuple(hand.stacks), tuple(hand.invested), hand.pot, tuple(map(tuple, hand.hands)),
            tuple(map(tuple, hand.face_up)), tuple(hand.folded), tuple(hand.community), tuple(stub.order or ()),
            stub.size, len(stub.unseen), tuple(map(tuple, stub.discards)), hand.phase, hand.to_act,
            repr(hand.current), len(hand.actions), len(hand.events), hand.result)


def mistakes(table: GameTable, hand: Hand) -> list:
    """Return actions that are surely illegal now (``test_game_stateful.illegal_actions``), where a bet one chip
    off the listed amounts is a mistake only in fixed limit: in pot- and no-limit, a bet one chip over the most."""
    tries = illegal_actions(hand)
    if table.structure is Structure.FIXED_LIMIT:
        return tries
    bets = [a.amount for a in hand.legal_actions() if a.kind == "cbr"]
    listed = {a.amount + 1 for a in hand.legal_actions() if a.kind == "cbr"}
    tries = [a for a in tries if not (a.kind == "cbr" and a.amount in listed and a.amount <= max(bets))]
    if bets and hand.phase == BET and hand.to_act is not None:
        tries.append(Action("cbr", hand.to_act, amount=max(bets) + 1))
    return tries


def capped(table: GameTable, hand: Hand) -> int | None:
    """Return the most bets the current round may hold by the table's cap (T4, G1), None where nothing caps it."""
    if table.structure is not Structure.FIXED_LIMIT or table.bets_per_round is None:
        return None
    if table.cap_counts is not CapCounts.BETS or table.heads_up_cap is not HeadsUpCap.KEPT:
        return None                      # P1 counts actions, G2 may lift the cap heads-up: checked by their tests
    return table.bets_per_round


def machine(name: str, table: GameTable, most: int | None = None) -> type[RuleBasedStateMachine]:
    """Return the state machine that plays sessions at ``table``, of up to ``most`` players (its maximum)."""
    stack = default_stack(table)
    short = [stack] if table.min_stack else [stack, max(1, stack // 10), max(1, stack // 40)]
    bound = max_investment(table)

    class Table(RuleBasedStateMachine):
        @initialize(players=st.integers(table.players_min, most or table.players_max), seed=st.integers(0, 2**32 - 1),
                    data=st.data())
        def sit_down(self, players, seed, data):
            names = [f"p{i + 1}" for i in range(players)]
            stacks = {n: data.draw(st.sampled_from(short), label=f"stack of {n}") for n in names}
            self.session = Session(names, stacks, seed=seed, table=table)
            self.total = sum(stacks.values())
            self.deal()

        def deal(self):
            for player, chips in list(self.session.stacks.items()):
                if chips < max(stack if table.min_stack else 1, table.ante):   # T5: top up before the next deal
                    self.session.top_up(player, stack - chips)
                    self.total += stack - chips
            self.hand = self.session.new_hand(narrate=False)
            self.hand.advance()
            # The card walk (core.card_flow, the model property 5 reads) counts the same hand beside the engine,
            # fed only its folds and discards, until the hand is dealt again (K4: a fresh deck).
            self.gone: dict[int, list[bool]] = {}
            self.counted = catch_up(table, Counted(0, cf.Flow.start(table, self.hand.n)), self.hand, {}, {})
            self.following = True

        def count_cards(self, action: Action, street: int, folded: list[bool]) -> None:
            """Count the steps the engine took with the card walk (``tests.support.card_flow.catch_up``)."""
            hand = self.hand
            if not self.following or hand.redeals:
                self.following = False
                return
            if table.streets[street].kind is StreetKind.BET:
                row = self.gone.setdefault(street, [False] * hand.n)
                self.gone[street] = [was or (now and not before) for was, now, before in zip(row, hand.folded, folded)]
            thrown = {action.seat: len(action.cards)} if action.kind == Kind.DISCARD else {}
            self.counted = catch_up(table, self.counted, hand, self.gone, thrown)

        @precondition(lambda self: self.hand.phase != OVER)
        @rule(data=st.data())
        def act(self, data):
            hand = self.hand
            action = data.draw(st.sampled_from(hand.legal_actions()), label="legal action")
            street, folded = hand.street_index, list(hand.folded)
            before = position(hand)
            after, events = fold.apply(hand, action)          # a new hand: the one given is never changed
            assert position(hand) == before, f"{name}: fold.apply({action}) changed the hand it was given"
            hand.apply(action)                               # the same action, in place
            assert position(after) == position(hand), f"{name}: {action} applied in place and by fold.apply differ"
            assert events == tuple(hand.events[len(hand.events) - len(events):])
            self.hand.advance()
            self.count_cards(action, street, folded)

        @precondition(lambda self: self.hand.phase != OVER)
        @rule(data=st.data())
        def try_something_illegal(self, data):
            hand = self.hand
            tries = mistakes(table, hand)
            if not tries:
                return
            bad = data.draw(st.sampled_from(tries), label="illegal action")
            state, states, seen = hand.state, len(hand.states), position(hand)
            with pytest.raises((IllegalAction, InvalidAction)):     # a rule broken, or no action at all
                hand.apply(bad)
            assert hand.state is state and len(hand.states) == states and position(hand) == seen, \
                f"{name}: {bad} changed the hand"

        @precondition(lambda self: self.hand.phase == OVER)
        @rule()
        def next_hand(self):
            self.session.finish(self.hand)
            self.deal()

        @invariant()
        def rules_hold(self):
            hand = self.hand
            assert sum(hand.stacks) + hand.pot == self.total, f"{name}: chips are conserved (S3)"
            assert min(hand.stacks) >= 0, f"{name}: a stack below zero"
            if bound is not None:
                assert max(hand.invested) <= bound, f"{name}: more put in than the proved bound {bound} (T4, T5)"
            seen = places(hand)
            twice = [str(card) for card, n in seen.items() if n > 1]
            assert not twice, f"{name}: cards in two places: {twice} (D1)"
            if hand.stub.order is not None:
                assert sum(seen.values()) == table.deck_cards, f"{name}: {table.deck_cards - sum(seen.values())} cards lost (T1)"
            cap = capped(table, hand)
            if cap is not None:
                assert hand.cap_count <= cap, f"{name}: {hand.cap_count} bets in a round capped at {cap} (T4, G1)"
            if hand.state.in_round:        # the pot follows from the stacks; the round keeps its own count of it
                assert hand.current.state.pot == hand.pot, f"{name}: the round's pot is not the stacks' (S3)"
            folding = hand.phase == BET and any(self.gone.get(hand.street_index, ()))
            if self.following and not folding:            # the walk sets a round's folded hands aside at its end
                engine, walked = engine_piles(hand), self.counted.piles()
                assert engine == walked, f"{name}: the engine's piles and held cards {engine} are not the card " \
                    f"walk's {walked} (T6, D1, K8)"
            if hand.to_act is not None:
                assert not hand.folded[hand.to_act], f"{name}: a folded player to act"
                if hand.phase == BET:
                    assert hand.to_act in hand.pending, f"{name}: the player to act owes no action (S1)"

    Table.__name__ = Table.__qualname__ = "Table_" + "".join(c if c.isalnum() else "_" for c in name)
    return Table


def run(name: str, examples: int = 25, steps: int = 80, most: int | None = None) -> None:
    """Play ``examples`` random programs at table ``name``; raise the shrunk failure of the first that breaks a rule."""
    test = machine(name, TABLES[name], most).TestCase
    test.settings = settings(max_examples=examples, stateful_step_count=steps, deadline=None, database=None,
                             derandomize=True, phases=[p for p in Phase if p is not Phase.explain],
                             suppress_health_check=[HealthCheck.too_slow])
    test("runTest").runTest()


@pytest.mark.parametrize("name", list(TABLES))
def test_random_programs_keep_every_rule_of_the_table(name):
    """A few sessions of random legal and illegal actions at one table, shrunk to a short program on failure."""
    run(name)


def test_an_engine_that_forgets_the_antes_at_a_showdown_is_caught_and_shrunk(monkeypatch):
    """The machine can fail: an engine whose pots leave out the dead money (the antes, L4) breaks S3, and the
    failure comes back as a short program."""
    from lowball.engine import showdown

    build_pots = showdown.build_pots
    monkeypatch.setattr(showdown, "build_pots", lambda invested, contenders, dead=0: build_pots(invested, contenders))
    with pytest.raises(AssertionError, match=r"stud-high-low: chips are conserved \(S3\)") as failure:
        run("stud-high-low", examples=200, steps=20, most=2)
    program = "\n".join(getattr(failure.value, "__notes__", []))
    assert 1 <= program.count("state.act(") <= 40, f"not shrunk to a short program:\n{program}"


def test_an_engine_whose_burns_take_nothing_is_caught_by_the_card_walk(monkeypatch):
    """The card walk's check can fail: an engine that never burns (K8, L3) loses no card and puts none in two
    places, but its stub is not the one the walk counts, and the program that shows it is short."""
    from lowball.engine.stub import Stub

    monkeypatch.setattr(Stub, "burn", lambda self, count: self)
    with pytest.raises(AssertionError, match=r"razz: the engine's piles and held cards .* are not the card walk's") \
            as failure:
        run("razz", examples=50, steps=20, most=2)
    program = "\n".join(getattr(failure.value, "__notes__", []))
    assert program.count("state.act(") <= 20, f"not shrunk to a short program:\n{program}"
