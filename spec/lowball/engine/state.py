"""One hand of any game table, as a state machine: the class holds the state, the phases hold the rules.

forced bets (T2, K3, F4) -> the table's streets in order: deal (T6, L3), bet
(B1, K5, L5), draw (D1, K8) -> showdown (S1, L2) -> settle (S2, S3, G6).

``legal_actions()`` lists what may happen next; ``apply()`` refuses anything
else with ``IllegalAction`` naming the clause, and checks everything before it
changes anything, so a refused action leaves the hand exactly as it was. The
rules of each phase live in its own module (``dealing``, ``betting``,
``drawing``, ``showdown``); this class only keeps the state they change.
"""

from __future__ import annotations

import copy
import functools
import os
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from lowball.core.arguments import (
    ANYTHING, FLAG, NAME_CHARS, NAME_OR_PATH, SEED, either, instance_of, is_name, one_of, optional, sequence_of,
    takes, whole,
)
from lowball.core.behaviours import NobodyOpens, RunsOut, StreetKind
from lowball.core.cards import Card, deck_of, format_cards, parse_cards
from lowball.core.files import quote
from lowball.core.games import GameTable, Street, load_game_table
from lowball.core.rankings import RankingSystem, ranking_system
from lowball.core.refusals import Refusal
from lowball.engine import betting, dealing, drawing, forced, openers, showdown
from lowball.engine.actions import KIND_SHOW, Action, check_fields, parse_action
from lowball.engine.events import Event, event
from lowball.engine.named_actions import NamedActions
from lowball.engine.rules import forced_bets
from lowball.engine.rules.betting_round import MAX_STACK, max_investment  # noqa: F401  (the engine's facade)
from lowball.engine.stub import REDEAL_STREAM, Stub, shuffle
from lowball.core.ops import PY
from lowball.engine.phases import BET, DEAL, DRAW, OVER, PHASES, SHOWDOWN
from lowball.errors import ArgumentError, IllegalAction



@dataclass(frozen=True, kw_only=True)
class HandResult:
    """How a hand ended: stacks before and after, the winners and what each player won or lost (S3)."""

    starting_stacks: tuple[int, ...]
    finishing_stacks: tuple[int, ...]
    pot: int
    winners: tuple[int, ...]
    showdown: bool
    names: tuple[str, ...] = field(default=())

    @property
    def changes(self) -> tuple[int, ...]:
        """Return each player's result: the change of their stack (S3)."""
        return tuple(b - a for a, b in zip(self.starting_stacks, self.finishing_stacks))


def refuse(action: Action, reason: str | Refusal) -> IllegalAction:
    """Return the error for an illegal ``action``: ``.reason`` holds the rule in words without the action text,
    and ``.refusal`` the rule as data when the phase names it (``core.refusals``: the words in either language)."""
    refusal = reason if isinstance(reason, Refusal) else None
    return _illegal(reason.text() if refusal is not None else reason, refusal, f"{action}: ")


def refused(refusal: Refusal) -> IllegalAction:
    """Return the error for a hand that cannot be built or an action nobody at the table can take: the words of
    ``refusal`` (English), with the refusal as data on ``.refusal`` (``core.refusals``: either language)."""
    return _illegal(refusal.text(), refusal)


def _illegal(text: str, refusal: Refusal | None, prefix: str = "") -> IllegalAction:
    """Return ``IllegalAction`` worded ``prefix + text``, the rule's words on ``.reason``, the rule on ``.refusal``."""
    error = IllegalAction(prefix + text)
    error.reason = text
    error.refusal = refusal
    return error


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


class Hand(NamedActions):
    """The state of one hand at a game table; seat 0 sits on the dealer's left and the last seat deals.

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

    >>> hand = Hand("teaching-table", players=3, seed=7)
    >>> hand.starting_stacks, hand.to_act, [str(a) for a in hand.legal_actions()]
    ((13, 13, 13), 0, ['p1 cc', 'p1 cbr 1'])
    """

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
        self.deal_by_hand = replay if deal_by_hand is None else deal_by_hand
        self.table = table
        self.deck_at_start: tuple[Card, ...] = ()
        self.seed = seed or 0                     # the shuffles of the stub's reshuffles and redeals (stub.py)
        self.replayed = replay
        stacks = list(stacks)
        if len(stacks) > self.table.players_max or len(stacks) < self.table.players_min:
            check_can_start(self.table, stacks, [f"p{i + 1}" for i in range(min(len(stacks), 99))])
        self.n = len(stacks)
        self.names = check_names(names, self.n) if names is not None else _default_names(self.n)
        check_can_start(self.table, stacks, self.names)
        self.system = ranking_system(self.table.ranking)
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        full = deck_of(self.table.deck_cards)
        if replay:
            self.stub = Stub.unknown(full)
        else:
            order = list(deck) if deck is not None else stacked_deck(seed=seed, cards=self.table.deck_cards)
            stub = Stub.ordered(order, seed=seed or 0)
            if deck is not None and (len(order) != len(full) or stub.unseen != _card_set(self.table.deck_cards)):
                raise refused(Refusal("deck-cards", self.table.clauses["deal"], {"cards": self.table.deck_cards}))
            self.stub = stub
            self.deck_at_start = tuple(order)
        self.hands: list[list[Card | None]] = [[] for _ in range(self.n)]
        self.face_up: list[list[bool]] = [[] for _ in range(self.n)]
        self.community: list[Card] = []
        self.folded = [False] * self.n
        self._contenders = list(range(self.n))
        self.shown: list[set[Card]] = [set() for _ in range(self.n)]   # the cards each player has shown
        self.invested = [0] * self.n
        self.dead = [0] * self.n                  # the antes in ``invested``: dead money (V3, V9)
        self.pot = 0
        self.first_bettors: list[int | None] = []   # who made the first bet of each round (B2)
        self.bring_in_seat: int | None = None
        self.sevens_checks: dict[int, tuple[int, ...]] = {}   # F7: who checked a seven or better, and the pot then
        self.redeals = 0
        self.early_show = False                   # the hands are being turned face up before the last deals
        self.street_index = -1
        self.phase = DEAL
        # The phase's state, which its module of lowball.engine.phases reads and changes.
        self.current: dealing.Deal | betting.Round | drawing.Draw | showdown.Showdown | None = None
        self.actions: list[Action] = []
        # For each action: whether the hand took it itself (a dealer's step), and whether a player decided it.
        self._steps: list[tuple[bool, bool]] = []
        self.events: list[Event] = []
        self.narrate = narrate                    # long bot sessions need no story: skip it
        self.result: HandResult | None = None
        self.first_round = forced.post_forced(self)
        self._next_street()
        if not self.deal_by_hand:
            self.advance()

    def __repr__(self) -> str:
        """Return Python that rebuilds this hand: the same start, then every action so far, in order.

        >>> hand = Hand([13, 13]); hand.push("p1 cbr 1")
        >>> copy = eval(repr(hand))
        >>> copy.actions == hand.actions and copy.stacks == hand.stacks and copy.to_act == hand.to_act
        True
        """
        deck = f"deck=parse_cards({format_cards(self.deck_at_start)!r})" if self.deck_at_start else "replay=True"
        table = f"load_game_table({self.table.path or self.table.name!r})"
        extra = (f", seed={self.seed}" if self.seed else "") + ("" if self.narrate else ", narrate=False")
        if self.deal_by_hand != self.replayed:
            extra += f", deal_by_hand={self.deal_by_hand}"
        start = f"Hand({list(self.starting_stacks)!r}, {deck}, names={list(self.names)!r}, table={table}{extra})"
        # The steps the hand took itself it takes again; every other action is written out.
        taken = [str(action) for action, (automatic, _) in zip(self.actions, self._steps) if not automatic]
        return f"{start}.then({taken!r})" if taken else start

    # ---- the hand as a list of moves: push, pop, then ----

    def push(self, action: Action | str) -> None:
        """Apply an action (``apply``: any action ``legal_actions()`` lists is taken), then, unless the hand is
        dealt by hand, the dealer's steps up to the next decision; ``pop`` undoes it.

        >>> hand = Hand([13, 13]); hand.push("p1 cbr 1"); hand.push("p2 f")
        >>> hand.phase, hand.result.finishing_stacks
        ('over', (14, 12))
        """
        self.apply(action)

    def pop(self) -> Action:
        """Undo the last decision a player made, and the dealer's steps after it; return that decision.

        The hand is rebuilt from its start with every earlier action, so that everything (stacks, cards, the
        story so far) is as it was before the decision. Raises ``IllegalAction`` when nobody has decided yet.

        >>> hand = Hand([13, 13]); hand.push("p1 cbr 1"); hand.push("p2 cbr 2")
        >>> str(hand.pop()), hand.to_act, hand.stacks
        ('p2 cbr 2', 1, [11, 12])
        """
        decisions = [index for index, (_, decided) in enumerate(self._steps) if decided]
        if not decisions:
            raise IllegalAction(f"nothing to undo: no player has made a decision in this hand yet "
                                f"({len(self.actions)} dealer's steps)")
        last = decisions[-1]
        popped = self.actions[last]
        self._rebuild(last)
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
        ([12, 12], 0)
        >>> hand.then("p1 cbr 1")
        Traceback (most recent call last):
        lowball.errors.ArgumentError: Hand.then: actions: expected a list of actions (each an Action or its text, such as 'p1 cbr 1'), got 'p1 cbr 1'
        """
        done = len(self.actions)
        try:
            for action in actions:
                self.apply(action)         # a refused action changes nothing itself
        except BaseException:
            if len(self.actions) > done:   # the ones before it are undone: the hand is rebuilt as ``pop`` does
                self._rebuild(done)
            raise
        return self

    def _rebuild(self, count: int) -> None:
        """Make this hand what it was after its first ``count`` actions: dealt again, and those applied exactly."""
        fresh = Hand(list(self.starting_stacks), table=self.table, deck=self.deck_at_start or None, seed=self.seed,
                     names=list(self.names), narrate=self.narrate, replay=self.replayed, deal_by_hand=True)
        for action in self.actions[:count]:
            fresh._carry_out(fresh._checked(action))
        fresh.deal_by_hand, fresh._steps = self.deal_by_hand, self._steps[:count]
        self.__dict__.update(fresh.__dict__)

    # ---- facts about the hand ----

    @property
    def contenders(self) -> list[int]:
        """Return the seats still in the hand (not folded), from the dealer's left."""
        return self._contenders

    def check_seat(self, seat: int, where: str = "Hand") -> int:
        """Return ``seat`` if it is a seat of this hand (0 to n - 1), else raise ``ArgumentError`` naming ``where``."""
        if not (type(seat) is int and 0 <= seat < self.n):     # the usual case costs one test: these run in loops
            whole(0, self.n - 1).named(f"a seat from 0 to {self.n - 1}").check(where, "seat", seat)
        return seat

    def can_act(self, seat: int) -> bool:
        """Return whether ``seat`` can still make a betting decision: in the hand, with chips behind."""
        self.check_seat(seat, "Hand.can_act")
        return not self.folded[seat] and self.stacks[seat] > 0

    @property
    def to_act(self) -> int | None:
        """Return the seat whose decision is awaited (None when the dealer acts or the hand is over)."""
        if self.phase == BET:
            return self.current.to_act
        if self.phase == DRAW:
            return drawing.to_act(self.current)
        return None

    @property
    def player_to_act(self) -> bool:
        """Return whether the next action is a player's decision (not a deal or a show)."""
        return self.to_act is not None

    @property
    def round(self) -> int:
        """Return the number of the current (or next) betting round, from 0."""
        return len(self.first_bettors) if self.phase != BET else self.current.number

    @property
    def level(self) -> int:
        """Return what every player must have put in this round to stay in (0 outside a betting round)."""
        return self.current.level if self.phase == BET else 0

    @property
    def cap_count(self) -> int:
        """Return the bets and raises counted toward this round's cap (T4, G1); the chips are ``current.bets``."""
        return self.current.count if self.phase == BET else 0

    @property
    def pending(self) -> set[int]:
        """Return the seats that still owe an action this betting round."""
        return self.current.pending if self.phase == BET else set()

    def owed(self, seat: int) -> int:
        """Return what ``seat`` must add to call."""
        self.check_seat(seat, "Hand.owed")
        return betting.owed(self.current, seat) if self.phase == BET else 0

    @property
    def deck(self) -> list[Card]:
        """Return the undealt cards of a known stub, top first."""
        return list(self.stub.order or [])

    @property
    def discards(self) -> list[Card]:
        """Return every discarded card still set aside, in order."""
        return [card for pile in self.stub.discards for card in pile if card is not None]

    @property
    def dealt_nothing_yet(self) -> bool:
        """Return whether no card has been dealt yet."""
        return not any(self.hands)

    @property
    def runout(self) -> bool:
        """Return whether the betting is over for good: at most one player in the hand still has chips."""
        return self.phase != OVER and sum(1 for seat in self.contenders if self.stacks[seat] > 0) <= 1 \
            and len(self.contenders) > 1

    def pot_chips(self) -> tuple[list[int], int]:
        """Return what the pots are built from: each seat's live chips, and the dead money every player still in
        may win however short (V5, V9); with ante trimming an ante is live like any chip."""
        if self.table.ante_trimming:
            return list(self.invested), 0
        return [put - ante for put, ante in zip(self.invested, self.dead)], sum(self.dead)

    def fully_shown(self, seat: int) -> bool:
        """Return whether a player has shown every card they hold."""
        self.check_seat(seat, "Hand.fully_shown")
        return all(card is not None and (up or card in self.shown[seat])
                   for card, up in zip(self.hands[seat], self.face_up[seat]))

    def system_of(self, half: str) -> RankingSystem:
        """Return the ranking system of a side of the pot ("whole", "high" or "low")."""
        one_of(*(s.half for s in self.table.sides)).check("Hand.system_of", "half", half)
        side = next(s for s in self.table.sides if s.half == half)
        return ranking_system(side.system)

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
        phase = PHASES.get(self.phase)
        return phase.legal(self, self.current) if phase is not None else []

    def raise_range(self) -> tuple[int, int] | None:
        """Return the least and the most the player to act may bet or raise to (None if they may not)."""
        if self.phase != BET:
            return None
        seat = self.current.to_act
        if betting.raise_refusal(self, self.current, seat):       # a completion of the bring-in is a bet (L4);
            return None                                           # opening for more is one too (N7)
        return betting.raise_range(self, self.current, seat)

    def apply(self, action: Action | str) -> None:
        """Apply one action, or raise ``IllegalAction`` naming the rule and leave the hand unchanged.

        >>> hand = Hand([13, 13]); hand.advance()
        >>> hand.apply("p2 cc")
        Traceback (most recent call last):
        lowball.errors.IllegalAction: p2 cc: out of turn: it is p1's turn, not p2's (B1)
        """
        decided = self.to_act is not None
        if self.phase == BET and betting.listed_now(self.current, action):
            self._carry_out(action, decided=True)   # the very action ``legal_actions`` built: legal as it is
        else:
            self._carry_out(self._checked(action), decided=decided)
        if not self.deal_by_hand:
            self.advance()

    def _checked(self, action: Action | str) -> Action:
        """Return ``action`` as an ``Action`` if the rules allow it now, else raise ``InvalidAction`` (no action at
        all) or ``IllegalAction`` (the rule it breaks)."""
        if isinstance(action, str):
            action = parse_action(action)          # text that is no action: InvalidAction
        check_fields(action)
        if action.seat >= self.n:
            raise refuse(action, Refusal("no-such-seat", self.table.clauses["players"],
                                         {"seat": action.seat + 1, "players": self.n}))
        why = self._refusal(action)
        if why:
            raise refuse(action, why)
        return action

    def _carry_out(self, action: Action, automatic: bool = False, decided: bool = False) -> None:
        """Change the state by an action already found legal; ``automatic``: the hand took it itself."""
        self.actions.append(action)
        self._steps.append((automatic, decided))
        if action.kind == KIND_SHOW:                    # a show, at the showdown or before it (L8)
            showdown.apply(self, self.current, action)
        else:
            PHASES[self.phase].apply(self, self.current, action)
        self._settle_phase()

    def _refusal(self, action: Action) -> str | Refusal | None:
        clauses = self.table.clauses
        if self.phase == OVER:
            return Refusal("hand-over", clauses["showdown"])
        if action.kind == KIND_SHOW and self.phase != SHOWDOWN:  # all in too: nobody shows while one is to act (S1)
            return Refusal("show-at-showdown", clauses["showdown"])
        return PHASES[self.phase].refusal(self, self.current, action)

    def no_draw_now(self) -> Refusal:
        """Return why a discard is refused outside a draw: the draw is still to come, or there is none left (B2)."""
        clauses = self.table.clauses
        later = [s for s in self.table.streets[self.street_index + 1:] if s.kind is StreetKind.DRAW]
        if later:
            return Refusal("draw-after-betting", clauses["turn"])
        if self.table.draws == 1:
            return Refusal("no-second-draw", clauses["later_rounds"])
        return Refusal("no-draw-left", clauses["later_rounds"])

    def advance(self) -> None:
        """Apply the automatic steps (dealing from a known stub, showing down) until a player must decide."""
        while self.phase != OVER and self.to_act is None:
            for action in PHASES[self.phase].legal(self, self.current):
                if not action.muck:            # nobody mucks for a player
                    break
            else:
                return            # a replayed hand: the history names the next cards
            self._carry_out(action, automatic=True)    # the engine's own legal action: nothing to check again

    # ---- moving through the streets ----

    def _settle_phase(self) -> None:
        """After an action: finish the phase if it is over, and start the next street."""
        if self.phase == OVER:
            return
        if len(self._contenders) == 1:
            if self.phase == BET:
                betting.finish(self, self.current)
            showdown.settle_fold(self)
            return
        if not PHASES[self.phase].over(self, self.current):
            return
        if self.phase == BET:
            self._end_round()
        elif self.phase != SHOWDOWN:
            self._next_street()               # the deal or the draw is done
        elif self.early_show:
            self.early_show = False
            self.street_index -= 1                # deal the street the show came before
            self._next_street()
        else:
            showdown.settle(self)

    def _end_round(self) -> None:
        rnd = self.current
        betting.finish(self, rnd)
        self.first_bettors.append(rnd.first_bettor)
        checked_through = not rnd.opened and rnd.number == 0
        if checked_through and self.table.nobody_opens is NobodyOpens.REDEAL and self._may_redeal():
            self._redeal()
            return
        if self.narrate:
            key = "round-over-called" if rnd.level else "round-over-checked"   # a bring-in or a blind was matched
            self.tell(key, clause=self.table.clauses["round_end"])
        self._next_street()

    def _next_street(self) -> None:
        self.street_index += 1
        streets = self.table.streets
        while self.street_index < len(streets):
            street = streets[self.street_index]
            if street.kind is StreetKind.DEAL:
                if self._all_in_show_due():
                    # The betting is over for good (everyone but one is all in) and only deals remain: the hands
                    # are turned face up before the rest is dealt (G6; pokerkit does the same in stud).
                    self.phase, self.current = SHOWDOWN, showdown.start(self)
                    self.early_show = True
                    return
                self.phase, self.current = DEAL, dealing.start(self, street)
                if not dealing.over(self, self.current):
                    return
            elif street.kind is StreetKind.BET:
                if self._start_round(street):
                    return
            else:
                self.phase, self.current = DRAW, drawing.start(self, street, len(self.stub.discards))
                if not drawing.over(self, self.current):
                    return
            self.street_index += 1
        self.phase, self.current = SHOWDOWN, showdown.start(self)
        if not self.current.showing:
            showdown.settle(self)

    def _start_round(self, street: Street) -> bool:
        """Start a betting round; return False when nobody can bet (everyone but one is all in)."""
        number = len(self.first_bettors)
        if number == 0 and self.table.bring_in:
            self.bring_in_seat = openers.bring_in_seat(self, self.table.bring_in_by)
        if number == 0:
            fr = self.first_round
            rnd = betting.start(self, street, number, bets=list(fr.bets), forced_count=fr.count,
                                full_level=fr.full_level)
        else:
            rnd = betting.start(self, street, number)
        self.phase, self.current = BET, rnd
        if betting.over(self, rnd):
            self.first_bettors.append(None)
            betting.finish(self, rnd)
            return False
        if self.narrate:
            self._tell_round_start(street, number, self.names[rnd.to_act])
            if rnd.rules.open_pair:               # Q4: a pair showing lets anyone bet the big bet this round
                self.tell("open-pair", who=self.names[openers.open_pair_seat(self)], big=rnd.rules.big,
                          clause=self.table.clauses["size"])
        return True

    def _tell_round_start(self, street: Street, number: int, who: str) -> None:
        last = number == self.table.betting_rounds - 1
        rule = street.opener
        first = self.first_bettors[0] if self.first_bettors else None
        if rule.value == "first-round-opener" and number > 0:
            if first is None:
                self.tell("opens-checked", who=who, last=last, number=number, clause=street.clause)
            elif self.folded[first] or self.names[first] != who:
                self.tell("opens-next", who=who, opener=self.names[first], last=last, number=number,
                          clause=street.clause)
            else:
                self.tell("opens-opener", who=who, last=last, number=number, clause=street.clause)
            return
        self.tell("round", round=number, rounds=self.table.betting_rounds, who=who, clause=street.clause)

    def _all_in_show_due(self) -> bool:
        """Return whether the hands must be shown now: no betting is left and no draw (only deals) remains."""
        if not self.runout:                       # the usual case: someone can still bet
            return False
        later = self.table.streets[self.street_index:]
        return not any(s.kind is StreetKind.DRAW for s in later) \
            and any(not self.fully_shown(seat) for seat in self.contenders)

    def _may_redeal(self) -> bool:
        """Return whether everyone can ante again (K4); otherwise the hand plays on (the redeals are bounded)."""
        return forced_bets.may_redeal(PY, self.stacks, self.table.ante)

    def _redeal(self) -> None:
        """Nobody opened: collect the cards, reshuffle, ante again and deal again; the pot carries over (K4)."""
        full = deck_of(self.table.deck_cards)
        self.redeals += 1
        if self.stub.order is not None:
            order = list(full)
            # A stream of its own for each redeal of a seeded hand: the seed times a prime, plus the redeal's number,
            # never meets the streams of the hand's deal or its reshuffles (stub.RESHUFFLE_STREAM).
            shuffle(order, (self.stub.seed or 0) * REDEAL_STREAM + self.redeals)
            self.stub = Stub.ordered(order, seed=self.stub.seed)
        else:
            self.stub = Stub.unknown(full)
        self.hands = [[] for _ in range(self.n)]
        self.face_up = [[] for _ in range(self.n)]
        self.shown = [set() for _ in range(self.n)]
        self.first_bettors = []
        self.tell("redeal", count=self.redeals, clause=self.table.clauses["forced"])
        self.first_round = forced.post_forced(self)
        self.street_index = -1
        self._next_street()

    # ---- changes the phases make ----

    def put_in(self, seat: int, chips: int) -> None:
        """Move ``chips`` from a seat's stack into the pot."""
        self.stacks[seat] -= chips
        self.invested[seat] += chips
        self.pot += chips

    def take_back(self, seat: int, chips: int) -> None:
        """Give a seat back chips nobody matched."""
        self.stacks[seat] += chips
        self.invested[seat] -= chips
        self.pot -= chips

    def fold_seat(self, seat: int) -> None:
        """Fold a seat: its cards are set aside (they may come back only by the table's reshuffle rule)."""
        self.folded[seat] = True
        self._contenders = [s for s in self._contenders if s != seat]
        self.stub.folded.extend(self.hands[seat])

    def burn(self, count: int) -> None:
        """Burn ``count`` cards off the stub (K8, L3)."""
        if count:
            self.stub.burn(count)

    def deal_to(self, seat: int, cards: Sequence[Card | None], up: Sequence[bool]) -> None:
        """Give a seat dealt cards (checked unseen), face down or face up."""
        self._take(len(cards), cards)
        self.hands[seat].extend(cards)
        self.face_up[seat].extend(up)

    def deal_community(self, cards: Sequence[Card]) -> None:
        """Deal the community card, face up, for everyone (L8)."""
        self._take(len(cards), cards)
        self.community.extend(cards)

    def set_aside(self, seat: int, cards: Sequence[Card | None]) -> None:
        """Take discarded cards out of a seat's hand and set them aside (D1: they never come back to it)."""
        held = self.hands[seat]
        for card in cards:
            at = held.index(card)
            held.pop(at)
            self.face_up[seat].pop(at)
        self.stub.discards[-1].extend(cards)

    def serve(self, seat: int, cards: Sequence[Card | None]) -> None:
        """Give a seat its replacement cards (any burn or reshuffle due first is ``core.card_flow.serve``'s to say)."""
        self._take(len(cards), cards)
        self.hands[seat].extend(cards)
        self.face_up[seat].extend([False] * len(cards))

    def reshuffle(self) -> None:
        """Shuffle the cards the table's rule brings back under the stub, and tell it (K9, P3, L8)."""
        self.stub.reshuffle(self.table.runs_out)
        self.tell("reshuffle", clause=self.table.clauses["runs_out"])

    def _take(self, count: int, cards: Sequence[Card | None]) -> None:
        if not self.stub.can_serve(count):       # the walk (core.card_flow) said the stub serves them: a bug
            raise AssertionError(f"{self.table.name}: the stub holds {self.stub.size} cards for {count}")
        self.stub.take(cards)

    def next_cards(self, count: int, draw: drawing.Draw | None = None) -> list[Card] | None:
        """Return the next ``count`` cards of a known stub, after any burn or reshuffle due (None if unknown)."""
        if self.stub.order is None:
            return None
        stub = self.stub
        burn = 0 if draw is None or draw.burned else draw.street.burn
        if not stub.can_serve(count + burn):
            stub = copy.deepcopy(stub)
            stub.burn(burn)
            burn = 0
            stub.reshuffle(self.table.runs_out)
        return stub.top(burn + count)[burn:burn + count]

    def unseen_refusal(self, action: Action, need: int, draw: drawing.Draw | None = None) -> Refusal | None:
        """Return why the cards of a deal are not the dealer's to give: seen already, or no cards left (D1)."""
        clause = self.table.clauses["draw" if draw is not None else "deal"]
        stub = self.stub
        extra = 0 if draw is None or draw.burned else draw.street.burn
        if not stub.can_serve(need + extra):
            stub = copy.deepcopy(stub)
            stub.burn(extra)
            stub.reshuffle(self.table.runs_out)
            if not stub.can_serve(need):
                return Refusal("deck-short", clause, {"left": self.stub.size, "count": need,
                                                      "runs_out": self.table.clauses["runs_out"]})
        for card in action.cards:
            if card is not None and card not in stub.unseen:
                discarded = any(card in pile for pile in self.stub.discards)
                if discarded:          # D1: never back; K9, P3: only by the table's reshuffle
                    rule = self.table.clauses["runs_out" if self.table.runs_out is not RunsOut.NEVER else "draw"]
                    return Refusal("discarded", rule, {"card": str(card)})
                return Refusal("in-play", clause, {"card": str(card)})
        return None

    def off_the_top(self, action: Action, dealt: Sequence[Action]) -> Refusal | None:
        """Return why a deal is not the stub's next cards, where the stub's order is known (T6, D1); None if it is.

        A hand we deal ourselves knows its stub, so the dealer deals exactly the cards ``legal_actions`` lists; a
        replayed history names the cards, and any unseen cards may come.
        """
        if self.stub.order is None or action in dealt:
            return None
        top = " ".join(format_cards(a.cards) for a in dealt)
        return Refusal("off-the-top", self.table.clauses["deal"], {"cards": top})

    def _show(self, action: Action) -> None:
        seat = action.seat
        if action.muck:
            self.fold_seat(seat)
            self.tell("muck", who=self.names[seat], clause=self.table.clauses["showdown"])
            if self.phase == SHOWDOWN and seat in self.current.showing:
                self.current.showing.remove(seat)
            return
        held = self.hands[seat]
        new = [card for card in action.cards if card is not None and card not in held and card not in self.community]
        for card in new:                  # name the cards that were dealt face down and unknown until now
            self.stub.unseen.discard(card)
            held[held.index(None)] = card
        self.shown[seat] = set(held)
        if None not in held:
            self.tell("show", who=self.names[seat], cards=tuple(held) + tuple(self.community),
                      systems=tuple(side.system for side in self.table.sides),
                      qualifiers=tuple(side.qualifier for side in self.table.sides))
        if self.phase == SHOWDOWN and seat in self.current.showing and self.fully_shown(seat):
            self.current.showing.remove(seat)

    def pay(self, shares: dict[int, int], showdown: bool) -> None:
        """Pay out the pot and end the hand (S3)."""
        for seat, chips in shares.items():
            self.stacks[seat] += chips
        self.result = HandResult(starting_stacks=self.starting_stacks, finishing_stacks=tuple(self.stacks),
                                 pot=self.pot, winners=tuple(s for s, c in shares.items() if c), showdown=showdown,
                                 names=self.names)
        self.pot = 0
        self.phase, self.current = OVER, None
        if self.narrate:
            for seat, change in enumerate(self.result.changes):
                self.tell("result", who=self.names[seat], change=change, clause=self.table.clauses["result"])

    def tell(self, key: str, **fields: object) -> None:
        """Record a narration event (skipped when ``narrate`` is off)."""
        if self.narrate:
            self.events.append(event(key, **fields))


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
