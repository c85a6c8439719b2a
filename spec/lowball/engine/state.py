"""One hand of any game table, as a list of frozen states: ``Hand`` is the face a caller plays, ``reducer`` the rules.

forced bets (T2, K3, F4) -> the table's streets in order: deal (T6, L3), bet
(B1, K5, L5), draw (D1, K8) -> showdown (S1, L2) -> settle (S2, S3, G6).

``legal_actions()`` lists what may happen next; ``push()`` refuses anything
else with ``IllegalAction`` naming the clause. Each action makes a new frozen
``HandState`` (``engine.reducer.apply``: a pure function), so a refused action
leaves the hand exactly as it was, and ``pop`` drops the states after the last
decision instead of replaying the hand. Every attribute a caller reads is the
latest state's, and none can be assigned.
"""

from __future__ import annotations

import functools
import operator
import os
from typing import Iterable, Sequence

from lowball.core.arguments import (
    ANYTHING, FLAG, NAME_CHARS, NAME_OR_PATH, SEED, either, instance_of, is_name, optional, sequence_of,
    takes, whole,
)
from lowball.core.cards import Card, deck_of, format_cards, parse_cards
from lowball.core.files import quote
from lowball.core.games import GameTable, load_game_table
from lowball.core.refusals import Refusal
from lowball.engine import reducer
from lowball.engine.actions import Action
from lowball.engine.events import Event
from lowball.engine.hand_state import HandResult, HandState  # noqa: F401  (HandResult: the engine's facade)
from lowball.engine.named_actions import NamedActions
from lowball.engine.reducer import refuse, refused  # noqa: F401  (the engine's facade)
from lowball.engine.phases import BET, DEAL, DRAW, OVER, SHOWDOWN  # noqa: F401  (the engine's facade)
from lowball.engine.rules.betting_round import MAX_STACK, max_investment  # noqa: F401  (the engine's facade)
from lowball.engine.stub import Stub, shuffle
from lowball.errors import ArgumentError, IllegalAction


def check_names(names: Sequence[str], count: int) -> tuple[str, ...]:
    """Return the players' names, refusing names that repeat, are empty, or hold control characters.

    >>> check_names(["Ann", "Ann"], 2)
    Traceback (most recent call last):
    lowball.errors.IllegalAction: player names must be different, got Ann, Ann
    """
    names = tuple(names)
    if len(names) != count:
        raise refused(Refusal("names-count", "", {"names": len(names), "players": count}))
    for name in names:
        if not is_name(name):
            raise refused(Refusal("bad-name", "", {"most": NAME_CHARS, "name": quote(name)}))
    if len(set(names)) != len(names):
        raise refused(Refusal("names-repeat", "", {"names": ", ".join(names)}))
    return names


def check_can_start(table: GameTable, stacks: Sequence[int], names: Sequence[str]) -> None:
    """Raise ``IllegalAction`` unless a hand may start: the player count (T1) and every stack (T5)."""
    clauses = table.clauses
    if not table.players_min <= len(stacks) <= table.players_max:
        raise refused(players_refusal(table, len(stacks)))
    if table.seat_antes and len(stacks) != len(table.seat_antes):
        raise refused(Refusal("seat-antes-count", clauses["forced"], {"seats": len(table.seat_antes),
                                                                      "players": len(stacks)}))
    if table.seat_posts and len(stacks) != len(table.seat_posts):          # O4
        raise refused(Refusal("seat-posts-count", clauses["forced"], {"seats": len(table.seat_posts),
                                                                      "players": len(stacks)}))
    for name, stack in zip(names, stacks):
        if isinstance(stack, bool) or not isinstance(stack, int):
            raise refused(Refusal("stack-not-whole", "", {"who": name, "stack": quote(stack)}))
        if stack < 1 or stack > MAX_STACK:
            raise refused(Refusal("stack-range", "", {"who": name, "most": f"{MAX_STACK:,}", "stack": stack}))
        if stack < table.min_stack:
            raise refused(Refusal("stack-short", clauses["stack"], {"who": name, "stack": stack,
                                                                    "short": table.min_stack - stack,
                                                                    "least": table.min_stack}))


def players_refusal(table: GameTable, players: int) -> Refusal:
    """Return the refusal of a hand of ``players`` players at a table that seats fewer or more (T1)."""
    return Refusal("players-count", table.clauses["players"], {"least": table.players_min, "most": table.players_max,
                                                               "players": players})


@takes(seed=SEED)
def stacked_deck(top: str | Iterable[Card | str] = (), seed: int | None = 0, cards: int = 52) -> list[Card]:
    """Return a deck order: the given ``top`` cards first, then the rest shuffled by ``seed`` (None: unshuffled).

    >>> format_cards(stacked_deck("6c 4h", seed=None)[:4])
    '6c 4h 2c 2d'
    """
    first = list(parse_cards(top)) if top is not None else []
    taken = set(first)
    rest = [card for card in deck_of(cards) if card not in taken]
    if seed is not None:
        shuffle(rest, seed)
    return first + rest


@takes(hands=sequence_of(ANYTHING, "a list of hands, one per player"), seed=SEED)
def deck_for(hands: Sequence[str | Iterable[Card | str]], then: str | Iterable[Card | str] = (),
             seed: int | None = 0, cards: int = 52) -> list[Card]:
    """Return a deck that deals ``hands`` to p1, p2, ... one card at a time (T6), then the ``then`` cards.

    Lessons and tests use it to stack the deck.

    >>> format_cards(deck_for(["6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad"], then="Kc")[:11])
    '6c 5s 4h 4d 3s 3c 2d 2h Ac Ad Kc'
    """
    held = [parse_cards(h) for h in hands]
    dealt = [card for round_ in zip(*held) for card in round_]
    return stacked_deck(dealt + list(parse_cards(then)), seed=seed, cards=cards)


# What a Hand is built from: stacks (or a table and a count of players), a game table, a deck order, names (each
# checked further by the rules).
STACKS = sequence_of(ANYTHING, "a list of stacks, one per player")
TABLE_OR_NAME = either(instance_of(GameTable, "a game table (load_game_table)"), NAME_OR_PATH).named(
    "a game table (load_game_table), or a built-in table's name or a table file's path")
STACKS_OR_TABLE = optional(either(STACKS, TABLE_OR_NAME)).named(
    "a list of stacks, one per player, or a game table or its name (then players= says how many)")
DECK_ORDER = optional(sequence_of(instance_of(Card, "a card"), "a list of cards, top first"))
NAMES = optional(sequence_of(ANYTHING, "a list of names, one per player"))
# What ``Hand.then`` takes: a list (not one action's text, whose letters are no actions); each action is checked by
# ``apply``.
ACTIONS = sequence_of(ANYTHING, "a list of actions (each an Action or its text, such as 'p1 cbr 1')")


def default_stack(table: GameTable) -> int:
    """Return the stack a player sits down with when nobody says: the table's minimum (T5), else fifty of its largest
    bets.

    >>> default_stack(load_game_table()), default_stack(load_game_table("deuce-to-seven-triple-draw"))
    (13, 200)
    """
    return table.min_stack or 50 * max(table.small_bet, table.big_bet)


def table_named(table: GameTable | str | os.PathLike | None) -> GameTable:
    """Return the game table a call names: a loaded table as it is, a built-in name or a path loaded, None the
    teaching table.

    >>> table_named("razz").name == load_game_table("razz").name
    True
    """
    return table if isinstance(table, GameTable) else load_game_table(table)


# What each action of a hand was (``Hand._steps``): whether the hand took it itself, and whether a player decided it.
_DECIDED, _DEALT, _AUTOMATIC = (False, True), (False, False), (True, False)


class Hand(NamedActions):
    """A hand at a game table, as the list of its frozen states; seat 0 sits on the dealer's left and the last seat
    deals.

    ``Hand("teaching-table", players=3)`` seats three players with the table's
    starting stack (``default_stack``); ``Hand([13, 20], table=...)`` names each
    stack. ``seed`` shuffles the deck: the default, 0, deals the same cards every
    time (a lesson, a test), so give each hand its own seed to deal different ones.
    ``deck``: the stub's order, top first (a hand we deal ourselves); ``deck=None``
    with ``replay=True``: the cards are named by the actions (a hand history).

    The dealer's steps (the deals, the draws' replacements, the showdown) happen by
    themselves, so a player is always to act until the hand is over; with
    ``deal_by_hand=True`` (the default of a replayed hand, whose history names every
    step) they wait in ``legal_actions()`` until they are applied or ``advance()``.

    Every attribute a hand answers (``stacks``, ``hands``, ``phase``, ``to_act`` ...)
    is its latest state's (``state``, a frozen ``HandState``), and none can be set.

    >>> hand = Hand("teaching-table", players=3, seed=7)
    >>> hand.starting_stacks, hand.to_act, [str(a) for a in hand.legal_actions()]
    ((13, 13, 13), 0, ['p1 cc', 'p1 cbr 1'])
    >>> hand.stacks = (20, 20, 20)
    Traceback (most recent call last):
    AttributeError: property 'stacks' of 'Hand' object has no setter
    """

    __slots__ = ("_states", "_marks", "_actions", "_steps", "_events", "_deal_by_hand")

    @takes(stacks=STACKS_OR_TABLE, table=optional(TABLE_OR_NAME), players=optional(whole(1)), deck=DECK_ORDER,
           seed=SEED, names=NAMES, narrate=FLAG, replay=FLAG, deal_by_hand=optional(FLAG))
    def __init__(self, stacks: Sequence[int] | GameTable | str | None = None, *,
                 table: GameTable | str | None = None, players: int | None = None,
                 deck: Sequence[Card] | None = None, seed: int | None = 0, names: Sequence[str] | None = None,
                 narrate: bool = True, replay: bool = False, deal_by_hand: bool | None = None):
        if not isinstance(stacks, (list, tuple)) and stacks is not None:     # Hand("teaching-table", players=3)
            if table is not None:
                raise ArgumentError("Hand: table: given twice, as the first argument and as table=")
            stacks, table = None, stacks
        table = table_named(table)
        if stacks is None:
            count = players if players is not None else table.players_min
            if not table.players_min <= count <= table.players_max:
                raise refused(players_refusal(table, count))
            stacks = [default_stack(table)] * count
        elif players is not None and players != len(stacks):
            raise ArgumentError(f"Hand: players: {players} players, but {len(stacks)} stacks were given")
        stacks = list(stacks)
        if len(stacks) > table.players_max or len(stacks) < table.players_min:
            check_can_start(table, stacks, [f"p{i + 1}" for i in range(min(len(stacks), 99))])
        names = check_names(names, len(stacks)) if names is not None else _default_names(len(stacks))
        check_can_start(table, stacks, names)
        full = deck_of(table.deck_cards)
        if replay:
            stub = Stub.unknown(full)
        else:
            order = list(deck) if deck is not None else stacked_deck(seed=seed, cards=table.deck_cards)
            stub = Stub.ordered(order, seed=seed or 0)
            if deck is not None and (len(order) != len(full) or stub.unseen != _card_set(table.deck_cards)):
                raise refused(Refusal("deck-cards", table.clauses["deal"], {"cards": table.deck_cards}))
        self._deal_by_hand = replay if deal_by_hand is None else deal_by_hand
        state, events = reducer.start(table, stacks, names, stub=stub, seed=seed or 0, narrate=narrate)
        self._states: list[HandState] = [state]
        self._marks: list[tuple[int, int]] = [(0, len(events))]   # for each state: the actions and events before it
        self._actions: list[Action] = []
        # For each action: whether the hand took it itself (a dealer's step), and whether a player decided it.
        self._steps: list[tuple[bool, bool]] = []
        self._events: list[Event] = list(events)
        if not self._deal_by_hand:
            self.advance()

    def __repr__(self) -> str:
        """Return Python that rebuilds this hand: the same start, then every action so far, in order.

        >>> hand = Hand([13, 13]); hand.push("p1 cbr 1")
        >>> copy = eval(repr(hand))
        >>> copy.actions == hand.actions and copy.stacks == hand.stacks and copy.to_act == hand.to_act
        True
        """
        setup = self.state.setup
        deck = f"deck=parse_cards({format_cards(setup.deck_at_start)!r})" if setup.deck_at_start else "replay=True"
        table = f"load_game_table({setup.table.path or setup.table.name!r})"
        extra = (f", seed={setup.seed}" if setup.seed else "") + ("" if setup.narrate else ", narrate=False")
        if self._deal_by_hand != setup.replayed:
            extra += f", deal_by_hand={self._deal_by_hand}"
        start = f"Hand({list(setup.starting_stacks)!r}, {deck}, names={list(setup.names)!r}, table={table}{extra})"
        # The steps the hand took itself it takes again; every other action is written out.
        taken = [str(action) for action in self.decisions]
        return f"{start}.then({taken!r})" if taken else start

    # ---- the states ----

    @property
    def state(self) -> HandState:
        """Return the hand as it stands: the latest frozen state."""
        return self._states[-1]

    @property
    def states(self) -> tuple[HandState, ...]:
        """Return every state the hand has been in that a caller saw: the start, then one after each ``push`` or
        ``advance`` (the dealer's steps between are taken within one)."""
        return tuple(self._states)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Return every action taken so far, the dealer's steps among them, in order."""
        return tuple(self._actions)

    @property
    def decisions(self) -> tuple[Action, ...]:
        """Return the actions the hand did not take by itself, in order: every player's decision, and the dealer's
        steps of a hand dealt by hand (``repr`` writes these; ``reducer.play`` from the start plays them again).

        >>> hand = Hand([13, 13]); hand.push("p1 cbr 1"); [str(a) for a in hand.decisions], len(hand.actions)
        (['p1 cbr 1'], 3)
        """
        return tuple(action for action, (automatic, _) in zip(self._actions, self._steps) if not automatic)

    @property
    def events(self) -> tuple[Event, ...]:
        """Return the story so far: what every action did, as events (none when ``narrate`` is off)."""
        return tuple(self._events)

    @property
    def deal_by_hand(self) -> bool:
        """Return whether the dealer's steps wait to be applied (a replayed history names them)."""
        return self._deal_by_hand

    def _truncate(self, states: int) -> None:
        """Make the hand what it was when it had its first ``states`` states."""
        actions, events = self._marks[states - 1]
        del self._states[states:], self._marks[states:], self._actions[actions:], self._steps[actions:]
        del self._events[events:]

    def copy(self) -> "Hand":
        """Return an independent copy of this hand: the states are frozen, so the copy shares them.

        >>> hand = Hand([13, 13]); twin = hand.copy(); twin.push("p1 cbr 1")
        >>> hand.stacks, twin.stacks, twin.states[-2] is hand.state
        ((12, 12), (11, 12), True)
        """
        twin = object.__new__(Hand)
        twin._states, twin._marks, twin._actions = list(self._states), list(self._marks), list(self._actions)
        twin._steps, twin._events, twin._deal_by_hand = list(self._steps), list(self._events), self._deal_by_hand
        return twin

    def __copy__(self) -> "Hand":
        return self.copy()

    def __deepcopy__(self, memo: dict) -> "Hand":
        return self.copy()

    # ---- the hand as a list of moves: push, pop, then ----

    def push(self, action: Action | str) -> None:
        """Apply an action (any action ``legal_actions()`` lists is taken), then, unless the hand is dealt by hand,
        the dealer's steps up to the next decision; ``pop`` undoes it.

        >>> hand = Hand([13, 13]); hand.push("p1 cbr 1"); hand.push("p2 f")
        >>> hand.phase, hand.result.finishing_stacks
        ('over', (14, 12))
        """
        self.apply(action)

    def apply(self, action: Action | str) -> None:
        """Apply one action, or raise ``IllegalAction`` naming the rule and leave the hand unchanged
        (``reducer.play``: the next state, from the latest, which stays as it was).

        >>> hand = Hand([13, 13]); hand.advance()
        >>> hand.apply("p2 cc")
        Traceback (most recent call last):
        lowball.errors.IllegalAction: p2 cc: out of turn: it is p1's turn, not p2's (B1)
        """
        state = self._states[-1]
        after, events, actions = reducer.play(state, action, advance=not self._deal_by_hand)
        self._actions += actions
        self._steps.append(_DECIDED if state.to_act is not None else _DEALT)
        if len(actions) > 1:
            self._steps += [_AUTOMATIC] * (len(actions) - 1)
        if events:
            self._events += events
        self._states.append(after)
        self._marks.append((len(self._actions), len(self._events)))

    def advance(self) -> None:
        """Apply the automatic steps (dealing from a known stub, showing down) until a player must decide."""
        after, events, steps = reducer.advance(self._states[-1])
        if steps:
            self._actions.extend(steps)
            self._steps.extend([(True, False)] * len(steps))
            self._events.extend(events)
            self._states.append(after)
            self._marks.append((len(self._actions), len(self._events)))

    def pop(self) -> Action:
        """Undo the last decision a player made, and the dealer's steps after it; return that decision.

        The states after it are dropped, so that everything (stacks, cards, the story so far) is as it was before
        the decision: nothing is replayed. Raises ``IllegalAction`` when nobody has decided yet.

        >>> hand = Hand([13, 13]); hand.push("p1 cbr 1"); hand.push("p2 cbr 2")
        >>> str(hand.pop()), hand.to_act, hand.stacks
        ('p2 cbr 2', 1, (11, 12))
        """
        decisions = [index for index, (_, decided) in enumerate(self._steps) if decided]
        if not decisions:
            raise IllegalAction(f"nothing to undo: no player has made a decision in this hand yet "
                                f"({len(self._actions)} dealer's steps)")
        last = decisions[-1]
        popped = self._actions[last]
        # A decision is always the first action of a state's step (``apply``), so a state ends just before it.
        states = next(index for index, (actions, _) in enumerate(self._marks) if actions == last) + 1
        self._truncate(states)
        return popped

    @takes(actions=ACTIONS)
    def then(self, actions: Sequence[Action | str]) -> "Hand":
        """Apply the actions in order, as ``apply`` does, and return the hand; where one is refused, none of them is
        applied.

        >>> hand = Hand([13, 13])
        >>> hand.then(["p1 cbr 1", "p2 cbr 9"])
        Traceback (most recent call last):
        lowball.errors.IllegalAction: p2 cbr 9: the raise must go to 2 in this round (T3: the bet size is 1 in the first round)
        >>> hand.stacks, hand.to_act
        ((12, 12), 0)
        >>> hand.then("p1 cbr 1")
        Traceback (most recent call last):
        lowball.errors.ArgumentError: Hand.then: actions: expected a list of actions (each an Action or its text, such as 'p1 cbr 1'), got 'p1 cbr 1'
        """
        states = len(self._states)
        try:
            for action in actions:
                self.apply(action)         # a refused action changes nothing itself
        except BaseException:
            self._truncate(states)         # the ones before it are undone: their states are dropped
            raise
        return self

    # ---- what may happen next ----

    def legal_actions(self) -> list[Action]:
        """Return every action allowed now (dealer actions use the stub's next cards when it is known).

        ``apply`` accepts exactly these, written in any of their equivalent ways:

        - a bet or raise in a range (pot-limit, no-limit) is listed by its two ends,
          and every amount between them is legal too (``betting.raise_range``);
        - a discard or a show may name its cards in any order; a show may also
          name the community card, or no card at all (``sm -``: all of them);
        - in a replayed hand the stub is unknown: the dealer's actions are not
          listed, and any unseen cards may be dealt, or shown for cards dealt
          face down and never named (the history names them).

        >>> hand = Hand([13, 13], deal_by_hand=True)
        >>> [str(a) for a in hand.legal_actions()]
        ['d dh p1 9cKdJh3d2d']
        >>> hand.advance(); [str(a) for a in hand.legal_actions()]
        ['p1 cc', 'p1 cbr 1']
        """
        return self._states[-1].legal_actions()


def _reads(name: str) -> property | object:
    """Return what ``Hand`` answers for ``name``: the latest state's attribute (read-only), or its method."""
    found = getattr(HandState, name)
    if callable(found) and not isinstance(found, property):
        def method(self, *args, **kwargs):
            return getattr(self._states[-1], name)(*args, **kwargs)
        method.__name__, method.__qualname__, method.__doc__ = name, f"Hand.{name}", found.__doc__
        return method
    doc = found.__doc__ if isinstance(found, property) else f"Return the latest state's ``{name}``."
    get = operator.attrgetter(name)

    def read(self):
        return get(self._states[-1])
    read.__name__ = name
    return property(read, doc=doc)


# What a hand answers from its latest state: the attributes (read-only) and the questions of ``HandState``.
for _name in ("setup", "table", "names", "n", "system", "starting_stacks", "narrate", "stacks", "invested", "dead",
              "pot", "hands", "face_up", "shown", "folded", "contenders", "community", "stub", "street_index",
              "phase", "current", "first_bettors", "bring_in_seat", "sevens_checks", "redeals", "early_show",
              "first_round", "result", "seats", "to_act", "player_to_act", "round", "level", "cap_count", "pending",
              "deck", "discards", "dealt_nothing_yet", "runout", "owed", "pot_chips", "fully_shown", "system_of",
              "raise_range", "check_seat", "can_act", "next_cards", "unseen_refusal", "off_the_top", "no_draw_now",
              "refusal"):
    _read = _reads(_name)
    setattr(Hand, _name, _read)
    if isinstance(_read, property):
        _read.__set_name__(Hand, _name)        # as a class body does: an error names the attribute
Hand.seed = property(lambda self: self._states[-1].setup.seed, doc="Return the seed of the stub's shuffles.")
Hand.replayed = property(lambda self: self._states[-1].setup.replayed, doc="Return whether the hand replays a "
                         "history (the stub's order unknown).")
Hand.deck_at_start = property(lambda self: self._states[-1].setup.deck_at_start,
                              doc="Return the stub's order at the start, top first (empty: a replayed history).")


@functools.cache
def _default_names(players: int) -> tuple[str, ...]:
    """Return the names of players nobody named: p1, p2, ... (as the hand histories write the seats)."""
    return tuple(f"p{i + 1}" for i in range(players))


@functools.cache
def _card_set(cards: int) -> frozenset[Card]:
    return frozenset(deck_of(cards))


def split_pot(pot: int, seats: Sequence[int], rule: str = "first-winner-left-of-dealer") -> dict[int, int]:
    """Return each winner's share of ``pot``; odd chips go one each from the first winner on the dealer's left (S2).

    Seats count from the dealer's left, so the lowest seat is the first winner.

    >>> split_pot(9, [2, 0])
    {0: 5, 2: 4}
    >>> split_pot(10, [1, 3, 4])
    {1: 4, 3: 3, 4: 3}
    """
    from lowball.core.behaviours import OddChip
    from lowball.engine.rules.pots import share

    return share(pot, seats, OddChip(rule))
