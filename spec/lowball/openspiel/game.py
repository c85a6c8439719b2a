"""A game table as an OpenSpiel python game: ``LowballGame`` builds states, ``LowballState`` wraps one hand.

The state holds a ``Hand`` that replays its cards from deal actions (as a hand
history does) and asks it everything: whose turn it is (``to_act``; nobody's
means the dealer's, so chance's), what is legal (``legal_actions``), what an
action does (``apply``, then ``advance`` for the dealer's automatic steps: the
shows at the showdown) and how the hand ended (``result``). At the showdown
every player still in shows (the engine's own step); mucking, which can only
give chips up, is not offered.

>>> import lowball.openspiel.register
>>> from lowball.core.cards import parse_cards
>>> state = pyspiel.load_game("python_lowball_teaching_table").new_initial_state()
>>> for card in "6c 4h 3s 2d Ac 5s 4d 3c 2h Kd".split():       # chance deals p1's five cards, then p2's
...     state.apply_action(state.seating.card_ids[parse_cards(card)[0]])
>>> state.current_player(), [state.action_to_string(code) for code in state.legal_actions()]
(0, ['p1 cc', 'p1 cbr 1'])
>>> state.apply_action(35); state.apply_action(0)         # p1 bets 1, p2 folds
>>> state.is_terminal(), state.returns()                   # p1 wins p2's ante
(True, [1.0, -1.0])
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from lowball.core.cards import Card, deck_of
from lowball.core.games import GameTable, load_game_table
from lowball.engine.phases import OVER
from lowball.engine.state import Hand
from lowball.engine.actions import Action
from lowball.errors import IllegalAction, LowballError
from lowball.openspiel import dealer
from lowball.openspiel.codes import ActionCodes, legal_codes
from lowball.openspiel.sizes import TABLE_STACKS, longest_hand, parse_stacks, utility_range
from lowball.openspiel.views import information_state

# The parameters every lowball game takes, with their defaults (sizes.py says what each means).
PARAMETERS: dict[str, Any] = {"players": 2, "stacks": TABLE_STACKS}
DEFAULT_TABLE = "teaching-table"


def game_type(short_name: str, long_name: str, parameters: dict[str, Any], players: tuple[int, int]
              ) -> pyspiel.GameType:
    """Return the OpenSpiel type of a lowball game: sequential, imperfect information, explicit chance, zero-sum,
    paid at the end.

    >>> game_type("python_lowball_x", "x", {"players": 2}, (2, 6)).chance_mode
    <ChanceMode.EXPLICIT_STOCHASTIC: 1>
    """
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=players[0],
        max_num_players=players[1],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        provides_factored_observation_string=False,
        parameter_specification=parameters,
    )


@dataclass(frozen=True)
class Seating:
    """What every hand of a game shares: the table, the starting stacks, the action codes and the deck."""

    table: GameTable
    stacks: tuple[int, ...]
    codes: ActionCodes
    deck: tuple[Card, ...]
    card_ids: dict[Card, int]

    @classmethod
    def of(cls, table: GameTable, players: int, stacks: str) -> "Seating":
        """Return the seating of ``players`` at ``table`` with the ``stacks`` parameter; raise ``ValueError`` if
        the engine refuses the hand (T1, T5) or the stub could run short (``dealer.check_cards_last``).

        >>> Seating.of(load_game_table("razz"), 2, "30").codes
        ActionCodes(draw_cards=0, most_chips=30)
        >>> Seating.of(load_game_table(), 2, "9")
        Traceback (most recent call last):
        ValueError: teaching-table: p1 has 9 chips, 4 short of the minimum stack of 13 (T5): top up or leave the table
        """
        try:
            seats = parse_stacks(stacks, table, players)
            Hand(list(seats), table=table, replay=True, narrate=False)      # the engine's own checks (T1, T5)
            dealer.check_cards_last(table, players)
        except LowballError as err:
            raise ValueError(f"{table.name}: {err}") from None
        deck = deck_of(table.deck_cards)
        codes = ActionCodes(draw_cards=table.hand_size if table.draws else 0, most_chips=max(seats))
        return cls(table, seats, codes, deck, {card: index for index, card in enumerate(deck)})

    def new_hand(self) -> Hand:
        """Return a hand at this seating whose cards will be named by deal actions (a replayed hand).

        >>> Seating.of(load_game_table(), 2, "table").new_hand().starting_stacks
        (20, 20)
        """
        return Hand(list(self.stacks), table=self.table, replay=True, narrate=False)

    def __deepcopy__(self, memo: dict) -> "Seating":
        return self                      # nothing in it changes: every clone of a state shares it


class Progress:
    """The moving part of a state: the engine's hand, and the cards chance has picked for the deal under way.

    OpenSpiel clones a python state by deep-copying each of its attributes; this copy shares what never
    changes (the table, the ranking system) instead of copying it with every move.
    """

    def __init__(self, hand: Hand):
        self.hand = hand
        self.picked: list[Card] = []

    def __deepcopy__(self, memo: dict) -> "Progress":
        memo[id(self.hand.table)] = self.hand.table
        memo[id(self.hand.system)] = self.hand.system
        clone = Progress.__new__(Progress)
        clone.hand = copy.deepcopy(self.hand, memo)
        clone.picked = list(self.picked)
        return clone


class LowballGame(pyspiel.Game):
    """One game table at a number of players and stacks, as an OpenSpiel game.

    >>> import lowball.openspiel.register
    >>> game = pyspiel.load_game("python_lowball", {"table": "badugi", "players": 3, "stacks": "40"})
    >>> game.num_players(), game.num_distinct_actions(), game.min_utility(), game.max_utility()
    (3, 59, -40.0, 80.0)
    """

    def __init__(self, params: dict[str, Any] | None, *, kind: pyspiel.GameType, table: str | None = None):
        params = {**kind.parameter_specification, **(params or {})}
        name = table if table is not None else params["table"]
        try:
            loaded = load_game_table(name)
        except LowballError as err:
            raise ValueError(f"{name}: {err}") from None
        seating = Seating.of(loaded, params["players"], params["stacks"])
        least, most = utility_range(seating.stacks)
        info = pyspiel.GameInfo(
            num_distinct_actions=seating.codes.count,
            max_chance_outcomes=len(seating.deck),
            num_players=len(seating.stacks),
            min_utility=least,
            max_utility=most,
            utility_sum=0.0,
            max_game_length=longest_hand(seating.table, seating.stacks),
        )
        super().__init__(kind, info, params)
        self.seating = seating

    def new_initial_state(self) -> "LowballState":
        """Return a hand before its first card: the forced bets are in, the dealer is to deal.

        >>> import lowball.openspiel.register
        >>> state = pyspiel.load_game("python_lowball_deuce_to_seven_triple_draw").new_initial_state()
        >>> state.is_chance_node(), state.hand.stacks    # the blinds are in; heads-up the dealer, p2, posts the small
        (True, (38, 39))
        """
        return LowballState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "LowballObserver":
        """Return the observer that writes information states (the only observation offered).

        >>> import lowball.openspiel.register
        >>> game = pyspiel.load_game("python_lowball_razz")
        >>> game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
        Traceback (most recent call last):
        ValueError: only information states (perfect recall) are offered; observations are not
        """
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        if not perfect_recall:
            raise ValueError("only information states (perfect recall) are offered; observations are not")
        return LowballObserver()


class LowballState(pyspiel.State):
    """A hand in progress: the engine's ``Hand``, and the cards chance has picked for the deal under way."""

    def __init__(self, game: LowballGame):
        super().__init__(game)
        # The state keeps the seating, not the game: OpenSpiel clones a state by deep-copying its attributes, and
        # a copied game comes back from its pickled form, a bare pyspiel object without the python attributes.
        self.seating: Seating = game.seating
        self.progress = Progress(self.seating.new_hand())

    @property
    def hand(self) -> Hand:
        """Return the engine's hand this state wraps."""
        return self.progress.hand

    def current_player(self) -> int:
        """Return the seat to act, chance while the dealer deals, or terminal once the hand is over.

        >>> import lowball.openspiel.register
        >>> state = pyspiel.load_game("python_lowball_razz").new_initial_state()
        >>> state.current_player() == pyspiel.PlayerId.CHANCE
        True
        """
        if self.hand.phase == OVER:
            return pyspiel.PlayerId.TERMINAL
        seat = self.hand.to_act
        return pyspiel.PlayerId.CHANCE if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        """Return the codes of the actions the engine allows the player to act."""
        return legal_codes(self.seating.codes, self.hand)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the next card: any card nobody has seen, each as likely (the dealer module says why)."""
        cards = dealer.unseen(self.hand, self.progress.picked)
        chance = 1.0 / len(cards)
        return [(self.seating.card_ids[card], chance) for card in cards]

    def _apply_action(self, action: int) -> None:
        """Deal a card (the engine gets a player's cards once they are all picked), or make a player's move; refuse
        an id that is no legal action here in one line (``IllegalAction``), changing nothing.

        >>> import lowball.openspiel.register
        >>> state = pyspiel.load_game("python_lowball_teaching_table").new_initial_state()
        >>> state.apply_action(10**6)
        Traceback (most recent call last):
        lowball.errors.IllegalAction: chance action 1000000: no card has this id (the deck's cards are 0 to 51)
        """
        hand, picked = self.hand, self.progress.picked
        if hand.phase == OVER:
            raise IllegalAction(f"action {action}: the hand is over ({hand.table.clauses['showdown']})")
        if hand.to_act is None:
            picked.append(self._unseen_card(action))
            due = dealer.due(hand)
            if len(picked) < due.count:
                return
            move = due.action(picked)
            picked.clear()
        else:
            move = self._move(action, hand.to_act)
        hand.apply(move)
        hand.advance()

    def _unseen_card(self, action: int) -> Card:
        """Return the card a chance action names, refusing an id that is no card, or a card dealt or picked already
        (``chance_outcomes`` offers only the others)."""
        deck = self.seating.deck
        if not 0 <= action < len(deck):
            raise IllegalAction(f"chance action {action}: no card has this id (the deck's cards are 0 to "
                                f"{len(deck) - 1})")
        card = deck[action]
        if card not in self.hand.stub.unseen or card in self.progress.picked:
            raise IllegalAction(f"chance action {action}: {card} is dealt already; the next card is one of the "
                                f"{len(dealer.unseen(self.hand, self.progress.picked))} nobody has seen")
        return card

    def _move(self, action: int, player: int) -> Action:
        """Return the engine's action a player's code names, refusing a code that names none in one line."""
        try:
            return self.seating.codes.action(action, player, self.hand.hands[player])
        except ValueError as err:
            raise IllegalAction(f"p{player + 1}: {err}") from None

    def _action_to_string(self, player: int, action: int) -> str:
        """Return the move as its PHH line (a chance card as the card)."""
        if player == pyspiel.PlayerId.CHANCE:
            deck = self.seating.deck
            if not 0 <= action < len(deck):
                raise IllegalAction(f"chance action {action}: no card has this id (the deck's cards are 0 to "
                                    f"{len(deck) - 1})")
            return str(deck[action])
        return str(self._move(action, player))

    def is_terminal(self) -> bool:
        """Return whether the hand is over."""
        return self.hand.phase == OVER

    def returns(self) -> list[float]:
        """Return each player's chips won or lost (finishing stack minus starting stack; 0 before the end).

        >>> import lowball.openspiel.register
        >>> pyspiel.load_game("python_lowball_razz").new_initial_state().returns()
        [0.0, 0.0]
        """
        if self.hand.result is None:
            return [0.0] * self.hand.n
        return [float(change) for change in self.hand.result.changes]

    def __str__(self) -> str:
        """Return the hand so far as PHH action lines (every card shown)."""
        return "; ".join(str(action) for action in self.hand.actions)


class LowballObserver:
    """Writes a player's information state (``views.information_state``); no tensors are offered."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: LowballState, player: int) -> None:
        """Do nothing: there is no tensor to fill."""

    def string_from(self, state: LowballState, player: int) -> str:
        """Return what ``player`` knows at ``state``.

        >>> import lowball.openspiel.register
        >>> state = pyspiel.load_game("python_lowball_razz").new_initial_state()
        >>> LowballObserver().string_from(state, 1)               # only the table so far: no card is dealt yet
        'razz p2/2 stacks 40,40'
        """
        return information_state(state.hand, player)
