"""Random legal play of the real engine, with the table's invariants checked after every step.

T1, T4, T5, D1, S1-S3: chips are conserved, no card is in two places, the deck
never runs out, no stack goes below zero, nobody puts in more than the table's
bound, at most a bet and three raises per round, and the right player acts.
"""

import random

from hypothesis import settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from lowball.play.bots import BOTS
from lowball.core.cards import DECK
from lowball.engine.actions import Action
from lowball.engine.state import BET, DRAW, OVER, Hand, max_investment
from lowball.errors import IllegalAction, InvalidAction
from lowball.phh.history import replay, to_phh
from lowball.engine.session import Session
from lowball.play.sessions import play_hand
from lowball.core.games import load_game_table
from tests.support.independent_ranking import key_of
from tests.support.game_stateful import illegal_actions  # noqa: F401

TABLE = load_game_table()
BOUND = max_investment(TABLE)


def check_invariants(hand: Hand, total: int) -> None:
    """Assert every invariant of a hand in progress (or just finished)."""
    assert sum(hand.stacks) + hand.pot == total, "chips are conserved (S3)"
    assert min(hand.stacks) >= 0, "no stack below zero (T5)"
    assert max(hand.invested) <= BOUND, "nobody invests more than the table allows (T4, T5)"
    places = [c for h in hand.hands for c in h] + hand.discards + hand.deck
    assert len(places) == len(set(places)) == len(DECK), "every card is in exactly one place (D1)"
    assert hand.cap_count <= TABLE.bets_per_round, "at most a bet and three raises per round (T4)"
    if hand.to_act is not None:      # a player's decision (not the dealer serving or a show)
        assert not hand.folded[hand.to_act], "the player to act is still in the hand"
        if hand.phase == BET:
            assert hand.to_act in hand.pending, "the player to act still owes an action this round (S1)"
        else:
            assert not hand.hands[hand.to_act] == [] and len(hand.hands[hand.to_act]) == TABLE.hand_size


class TeachingTable(RuleBasedStateMachine):
    """Sessions of the teaching table played by random legal actions, several hands per run."""

    @initialize(players=st.integers(TABLE.players_min, TABLE.players_max), seed=st.integers(0, 2**32 - 1))
    def sit_down(self, players, seed):
        self.session = Session([f"p{i + 1}" for i in range(players)], TABLE.min_stack, seed=seed)
        self.total = TABLE.min_stack * players
        self.hands_played = 0
        self.deal()

    def deal(self):
        for name, stack in list(self.session.stacks.items()):
            if stack < TABLE.min_stack:           # T5: top up before the next deal
                self.session.top_up(name, TABLE.min_stack - stack)
                self.total += TABLE.min_stack - stack
        self.hand = self.session.new_hand()
        self.hand.advance()

    @precondition(lambda self: self.hand.phase != OVER)
    @rule(data=st.data())
    def act(self, data):
        legal = self.hand.legal_actions()
        action = data.draw(st.sampled_from(legal))
        self.hand.apply(action)
        self.hand.advance()

    @precondition(lambda self: self.hand.phase != OVER)
    @rule(data=st.data())
    def try_something_illegal(self, data):
        """After any step, an illegal action (wrong seat, wrong phase, repeated or foreign cards, a wrong
        amount) is refused and leaves the hand exactly as it was."""
        hand = self.hand
        bad = data.draw(st.sampled_from(illegal_actions(hand)))
        before = {k: repr(v) for k, v in vars(hand).items()}
        try:
            hand.apply(bad)
        except (IllegalAction, InvalidAction):     # a rule broken, or no action at all
            pass
        else:
            raise AssertionError(f"{bad} was accepted")
        assert {k: repr(v) for k, v in vars(hand).items()} == before, f"{bad} changed the hand"

    @precondition(lambda self: self.hand.phase == OVER)
    @rule()
    def next_hand(self):
        self.session.finish(self.hand)
        self.hands_played += 1
        self.deal()

    @invariant()
    def rules_hold(self):
        check_invariants(self.hand, self.total)


TeachingTable.TestCase.settings = settings(max_examples=150, stateful_step_count=100, deadline=None)
test_teaching_table = TeachingTable.TestCase


def test_thousands_of_random_hands_keep_every_invariant():
    """5,000 hands of 2-5 random players, invariants after every action, each hand replayed from its PHH."""
    rng = random.Random(2026)
    hands = 0
    while hands < 5000:
        players = rng.randint(TABLE.players_min, TABLE.players_max)
        session = Session([f"p{i + 1}" for i in range(players)], TABLE.min_stack, seed=rng.randrange(2**32))
        for _ in range(20):
            for name, stack in list(session.stacks.items()):
                if stack < TABLE.min_stack:
                    session.top_up(name, TABLE.min_stack - stack)
            hand = session.new_hand()
            total = sum(hand.stacks) + hand.pot
            hand.advance()
            while hand.phase != OVER:
                hand.apply(BOTS["random"](hand, rng))
                check_invariants(hand, total)
                hand.advance()
            check_invariants(hand, total)
            assert replay(to_phh(hand)).finishing_stacks == hand.result.finishing_stacks
            session.finish(hand)
            hands += 1


def payout_by_the_rules(hand: Hand) -> tuple[int, ...]:
    """Return the finishing stacks the rules give, worked out here and not by the engine (S1, S2, S3).

    The lowest hand by the first-principles ace-to-six ranking of ``test_independent_ranking`` (H1-H4)
    takes the pot; equal hands split it, the odd chip to the first winner on the dealer's left (S2);
    a player left alone takes it at once (S1). T5: nobody is ever all in, so there is one pot.
    """
    in_hand = [seat for seat in range(hand.n) if not hand.folded[seat]]
    pot = sum(hand.invested)
    if len(in_hand) == 1:
        won = in_hand
    else:
        keys = {seat: key_of(hand.hands[seat], "ace-to-six") for seat in in_hand}
        won = [seat for seat in in_hand if keys[seat] == min(keys.values())]
    shares = {seat: pot // len(won) + (i < pot % len(won)) for i, seat in enumerate(won)}
    return tuple(start - put + shares.get(seat, 0)
                 for seat, (start, put) in enumerate(zip(hand.starting_stacks, hand.invested)))


def test_bot_hands_round_trip_through_phh():
    """Every hand the bots play, written as PHH and replayed, gives the same finishing stacks, and they are
    the stacks the rules give, worked out independently of the engine (S1-S3)."""
    rng = random.Random(7)
    session = Session(["p1", "p2", "p3", "p4"], 40, seed=7)
    bots = {"p1": BOTS["sound"], "p2": BOTS["random"], "p3": BOTS["sound"], "p4": BOTS["random"]}
    showdowns = 0
    for _ in range(300):
        for name, stack in list(session.stacks.items()):
            if stack < TABLE.min_stack:
                session.top_up(name, TABLE.min_stack - stack)
        hand = play_hand(session.new_hand(), bots, rng)
        assert replay(to_phh(hand)).finishing_stacks == hand.result.finishing_stacks
        assert hand.result.finishing_stacks == payout_by_the_rules(hand), to_phh(hand)
        showdowns += hand.result.showdown
        session.finish(hand)
    assert showdowns >= 50
