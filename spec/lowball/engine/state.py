"""One hand of a game table as a state machine (seed 000; RULES.md part A).

antes (T2) -> deal (T6) -> betting round (B1, T3, T4, S1) -> draw (D1) ->
final betting round (B2) -> showdown -> settle (S1-S3).

Every number comes from the ``GameTable``. ``legal_actions()`` lists what may
happen next; ``apply()`` refuses anything else with ``IllegalAction`` naming the
clause, and checks everything before it changes anything, so a refused action
leaves the hand exactly as it was.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from lowball.engine.actions import Action
from lowball.core.cards import DECK, Card, format_cards, parse_cards
from lowball.errors import IllegalAction
from lowball.text.narration import Event, say
from lowball.ranking.literate import winners
from lowball.core.tables import GameTable, load_game_table, ranking_system

DEAL, BET, DRAW, REPLACE, SHOWDOWN, OVER = "deal", "bet", "draw", "replace", "showdown", "over"
_HANDLERS = {DEAL: "_deal", BET: "_bet", DRAW: "_draw", REPLACE: "_replace", SHOWDOWN: "_show", OVER: "_over"}


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


def refuse(action: Action, reason: str) -> IllegalAction:
    """Return the error for an illegal ``action``; ``.reason`` holds the rule without the action text."""
    error = IllegalAction(f"{action}: {reason}")
    error.reason = reason
    return error


def check_can_start(table: GameTable, stacks: Sequence[int], names: Sequence[str]) -> None:
    """Raise ``IllegalAction`` unless a hand may start: the player count (T1) and every stack (T5)."""
    if not table.players_min <= len(stacks) <= table.players_max:
        raise IllegalAction(
            f"a hand needs {table.players_min} to {table.players_max} players (T1); got {len(stacks)}")
    for name, stack in zip(names, stacks):
        if isinstance(stack, bool) or not isinstance(stack, int):
            raise IllegalAction(f"{name}'s stack must be a whole number of chips, got {stack!r}")
        if stack < table.min_stack:
            raise IllegalAction(
                f"{name} has {stack} chips, {table.min_stack - stack} short of the minimum stack of "
                f"{table.min_stack} (T5): top up or leave the table")


def stacked_deck(top: str | Iterable[Card | str] = (), seed: int | None = 0) -> list[Card]:
    """Return a deck order: the given ``top`` cards first, then the rest shuffled by ``seed`` (None: unshuffled).

    >>> format_cards(stacked_deck("6c 4h", seed=None)[:4])
    '6c 4h 2c 2d'
    """
    first = list(parse_cards(top)) if top else []
    taken = set(first)
    rest = [card for card in DECK if card not in taken] if taken else list(DECK)
    if seed is not None:
        random.Random(seed).shuffle(rest)
    return first + rest


def deck_for(hands: Sequence[str | Iterable[Card | str]], then: str | Iterable[Card | str] = (),
             seed: int | None = 0) -> list[Card]:
    """Return a deck that deals ``hands`` to p1, p2, ... one card at a time (T6), then the ``then`` cards.

    Lessons and tests use it to stack the deck.

    >>> format_cards(deck_for(["6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad"], then="Kc")[:11])
    '6c 5s 4h 4d 3s 3c 2d 2h Ac Ad Kc'
    """
    held = [parse_cards(h) for h in hands]
    dealt = [card for round_ in zip(*held) for card in round_]
    return stacked_deck(dealt + list(parse_cards(then)), seed=seed)


class Hand:
    """The state of one hand at a game table; seat 0 sits on the dealer's left and the last seat deals."""

    def __init__(self, stacks: Sequence[int], *, table: GameTable | None = None, deck: Sequence[Card] | None = None,
                 seed: int | None = 0, names: Sequence[str] | None = None, narrate: bool = True):
        self.table = table or load_game_table()
        self.n = len(stacks)
        self.names = tuple(names) if names else tuple(f"p{i + 1}" for i in range(self.n))
        if len(self.names) != self.n:
            raise IllegalAction(f"{len(self.names)} names for {self.n} players")
        check_can_start(self.table, stacks, self.names)
        self.system = ranking_system(self.table.ranking)
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        # The cards not yet dealt, in the order they will come off the deck.
        self.deck: list[Card] = list(deck) if deck is not None else stacked_deck(seed=seed)
        self.deck_at_start = tuple(self.deck)
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.discards: list[Card] = []
        self.folded = [False] * self.n
        self.shown = [False] * self.n
        self.invested = [0] * self.n
        self.pot = 0
        self.phase = DEAL
        self.round = 0                 # betting round, from 0
        self.street = [0] * self.n     # chips put in during this betting round
        self.level = 0                 # what every player must have put in this round to stay in
        self.bets = 0                  # bets and raises made this round (T4)
        self.pending: set[int] = set()
        self.checked: set[int] = set()
        self.openers: list[int | None] = []   # who made the first bet of each round (B2)
        self.to_act: int | None = 0
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.narrate = narrate      # long bot sessions need no story: skip it
        self.result: HandResult | None = None
        self.dealt_by_t6 = self._initial_deal()
        for seat in range(self.n):           # T2: antes before the deal
            self._put_in(seat, self.table.ante)
            self._tell("ante", who=self.names[seat], ante=self.table.ante)

    def __repr__(self) -> str:
        return (f"Hand({list(self.starting_stacks)!r}, deck=parse_cards({format_cards(self.deck_at_start)!r}), "
                f"names={list(self.names)!r})  # after {len(self.actions)} actions")

    def _initial_deal(self) -> list[tuple[Card, ...]]:
        """Return each seat's five cards, dealt one at a time clockwise from the dealer's left (T6)."""
        size = self.table.hand_size
        top = self.deck[: size * self.n]
        return [tuple(top[seat::self.n]) for seat in range(self.n)]

    # ---- who may do what ----

    @property
    def active(self) -> list[int]:
        """Return the seats still in the hand (not folded), from the dealer's left."""
        return [seat for seat in range(self.n) if not self.folded[seat]]

    def owed(self, seat: int) -> int:
        """Return what ``seat`` must add to call."""
        return self.level - self.street[seat]

    def next_active(self, seat: int, include: bool = False) -> int:
        """Return the first active seat clockwise from ``seat`` (``seat`` itself if ``include``)."""
        for step in range(0 if include else 1, self.n + 1):
            candidate = (seat + step) % self.n
            if not self.folded[candidate]:
                return candidate
        raise AssertionError("no active player")

    def legal_actions(self) -> list[Action]:
        """Return every action allowed now (dealer actions use the deck's next cards).

        >>> hand = Hand([13, 13])
        >>> [str(a) for a in hand.legal_actions()]
        ['d dh p1 9cKdJh3d2d']
        >>> hand.advance(); [str(a) for a in hand.legal_actions()]
        ['p1 cc', 'p1 cbr 1']
        """
        if self.phase == DEAL:
            seat = sum(1 for h in self.hands if h)
            return [Action("dh", seat, cards=self.dealt_by_t6[seat])]
        if self.phase == BET:
            seat = self.to_act
            owe = self.owed(seat)
            size = self.table.bet_size(self.round)
            legal = [] if owe == 0 else [Action("f", seat)]
            if owe <= self.stacks[seat]:
                legal.append(Action("cc", seat))
            if self._may_raise(seat) and owe + size <= self.stacks[seat]:
                legal.append(Action("cbr", seat, amount=self.level + size))
            return legal
        if self.phase == DRAW:
            seat = self.to_act
            held = self.hands[seat]
            return [Action("sd", seat, cards=tuple(cards))
                    for count in range(self.table.min_discard, self.table.max_discard + 1)
                    if count <= len(self.deck)
                    for cards in itertools.combinations(held, count)]
        if self.phase == REPLACE:
            seat, count = self._replacing
            return [Action("dh", seat, cards=tuple(self.deck[:count]))]
        if self.phase == SHOWDOWN:
            return [Action("sm", seat, cards=tuple(self.hands[seat])) for seat in self.active if not self.shown[seat]]
        return []

    def _may_raise(self, seat: int) -> bool:
        if self.capped:
            return False
        # Without check-raise, a player who checked may only call once someone bets (B1 allows it here).
        return self.table.check_raise or seat not in self.checked or self.bets == 0

    @property
    def capped(self) -> bool:
        """Return whether this round has had its bet and all its raises (T4)."""
        cap = self.table.bets_per_round
        return cap is not None and self.bets >= cap

    @property
    def player_to_act(self) -> bool:
        """Return whether the next action is a player's decision (not a deal or a show)."""
        return self.phase in (BET, DRAW)

    # ---- applying actions ----

    def apply(self, action: Action | str) -> None:
        """Apply one action, or raise ``IllegalAction`` naming the rule and leave the hand unchanged.

        >>> hand = Hand([13, 13]); hand.advance()
        >>> hand.apply("p2 cc")
        Traceback (most recent call last):
        lowball.errors.IllegalAction: p2 cc: out of turn: it is p1's turn, not p2's (B1)
        """
        if isinstance(action, str):
            from lowball.engine.actions import parse_action

            try:
                action = parse_action(action)
            except ValueError as err:
                raise IllegalAction(str(err)) from None
        self._check_seat(action)
        handler = getattr(self, _HANDLERS[self.phase], None)
        if handler is None:
            raise refuse(action, f"the hand is over (S1)")
        handler(action)
        self.actions.append(action)

    def advance(self) -> None:
        """Apply the automatic steps (dealing from the deck, showing down) until a player must decide."""
        while self.phase in (DEAL, REPLACE, SHOWDOWN):
            self.apply(self.legal_actions()[0])

    def _who(self, seat: int) -> str:
        return self.names[seat]

    def _check_seat(self, action: Action) -> None:
        if not 0 <= action.seat < self.n:
            raise refuse(action, f"there is no player p{action.seat + 1} at this table of {self.n}")
        if self.phase in (BET, DRAW) and action.kind in ("cbr", "cc", "f", "sd") and action.seat != self.to_act:
            raise refuse(action, f"out of turn: it is p{self.to_act + 1}'s turn, not p{action.seat + 1}'s "
                                f"({'B1' if self.phase == BET else 'D1'})")

    def _check_unseen(self, action: Action) -> None:
        """Refuse cards that are in a hand or set aside: nobody gets back discards or others' cards (D1)."""
        for card in action.cards:
            if card not in self.deck:       # every card is in the deck, a hand, or the discards
                where = "was discarded and may not be dealt again" if card in self.discards else "is already in play"
                raise refuse(action, f"{card} {where} (D1)")
        if len(set(action.cards)) != len(action.cards):
            raise refuse(action, "the same card is dealt twice (D1)")

    def _take_from_deck(self, cards: Sequence[Card]) -> None:
        count = len(cards)
        if tuple(self.deck[:count]) == tuple(cards):    # the usual case: cards come off the top in order
            del self.deck[:count]
        else:
            for card in cards:
                self.deck.remove(card)

    def _deal(self, action: Action) -> None:
        seat = sum(1 for h in self.hands if h)
        size = self.table.hand_size
        if action.kind != "dh":
            raise refuse(action, f"the cards have not been dealt yet (T6)")
        if action.seat != seat:
            raise refuse(action, f"the deal goes clockwise from the dealer's left; p{seat + 1} is next (T6)")
        if len(action.cards) != size:
            raise refuse(action, f"each player is dealt {size} cards (T6), not {len(action.cards)}")
        self._check_unseen(action)
        self._take_from_deck(action.cards)
        self.hands[seat] = list(action.cards)
        self._tell("deal", who=self._who(seat), count=size)
        if seat == self.n - 1:
            self._start_round()

    def _start_round(self) -> None:
        self.phase = BET
        self.street = [0] * self.n
        self.level = 0
        self.bets = 0
        self.checked = set()
        self.pending = set(self.active)
        if self.round == 0:
            self.to_act = self.next_active(0, include=True)
            clause = "B1"
            self._tell("round", round=0, who=self._who(self.to_act), clause=clause)
            return
        opener = self.openers[0] if self.table.later_rounds == "first-round-opener" else None
        last = self.round == self.table.betting_rounds - 1
        if opener is None:
            self.to_act = self.next_active(0, include=True)
            key = "opens-checked" if self.table.later_rounds == "first-round-opener" else None
        elif self.folded[opener]:
            self.to_act = self.next_active(opener)
            key = "opens-next"
        else:
            self.to_act = opener
            key = "opens-opener"
        who = self._who(self.to_act)
        if key and last:
            self._tell(key, who=who, opener=self._who(opener) if opener is not None else "")
        else:
            self._tell("round", round=self.round, last=last, who=who, clause="B2")

    def _bet(self, action: Action) -> None:
        seat = action.seat
        if action.kind not in ("cbr", "cc", "f"):
            what = "there is no second draw (B2)" if self.round > 0 and action.kind == "sd" else \
                "it is a betting round (B1)"
            raise refuse(action, f"{what}")
        owe = self.owed(seat)
        size = self.table.bet_size(self.round)
        if action.kind == "f" and owe == 0:
            raise refuse(action, f"facing no bet a player may check or bet, not fold (B1)")
        if action.kind == "cc" and owe > self.stacks[seat]:
            raise refuse(action, f"{self._who(seat)} cannot cover {owe} with {self.stacks[seat]} chips "
                                f"and this table has no all-in (T5)")
        if action.kind == "cbr":
            if self.capped:
                raise refuse(action, f"the round is capped at a bet and {self.table.raises_per_round} "
                                    f"raises (T4)")
            if not self._may_raise(seat):
                raise refuse(action, f"check-raising is not allowed at this table (B1)")
            if action.amount != self.level + size:
                word = "bet" if self.bets == 0 else "raise"
                raise refuse(action, f"the {word} must go to {self.level + size} in this round "
                                    f"(T3: the bet size is {size} in the {'first' if self.round == 0 else 'final'} "
                                    f"round)")
            if owe + size > self.stacks[seat]:
                raise refuse(action, f"{self._who(seat)} cannot put in {owe + size} with "
                                    f"{self.stacks[seat]} chips and this table has no all-in (T5)")
        # Checked; now change the state.
        who = self._who(seat)
        if action.kind == "f":
            self.folded[seat] = True
            self.pending.discard(seat)
            self._tell("fold", who=who)
            if len(self.active) == 1:
                self._settle_fold()
                return
        elif action.kind == "cc":
            self._put_in(seat, owe)
            self.pending.discard(seat)
            if owe == 0:
                self.checked.add(seat)
                self._tell("check", who=who)
            else:
                self._tell("call", who=who, amount=owe)
        else:
            if self.bets == 0:
                self.openers.append(seat)   # the first bet opens the round (B2)
                self._tell("bet", who=who, amount=action.amount)
            else:
                cap = self.table.raises_per_round
                if cap is not None:
                    self._tell("raise", who=who, to=action.amount, nth=self.bets, cap=cap)
                else:
                    self._tell("raise-unlimited", who=who, to=action.amount, nth=self.bets)
            self._put_in(seat, owe + size)
            self.bets += 1
            self.pending = set(self.active) - {seat}
            if self.capped:
                self._tell("capped", cap=self.table.raises_per_round)
        if self.pending:
            self.to_act = next(s for s in ((seat + k) % self.n for k in range(1, self.n + 1)) if s in self.pending)
            return
        self._tell("round-over-checked" if self.bets == 0 else "round-over-called")
        if self.bets == 0:
            self.openers.append(None)   # checked through: nobody opened (B2)
        self.round += 1
        if self.round < self.table.betting_rounds:
            self.phase = DRAW
            self.to_act = self.next_active(0, include=True)
        else:
            self.phase = SHOWDOWN
            self.to_act = None

    def _draw(self, action: Action) -> None:
        seat = action.seat
        if action.kind != "sd":
            raise refuse(action, f"it is the draw; discard 0 to {self.table.max_discard} cards (D1)")
        held = self.hands[seat]
        for card in action.cards:
            if card not in held:
                raise refuse(action, f"{self._who(seat)} does not hold {card} (D1)")
        count = len(action.cards)
        if not self.table.min_discard <= count <= self.table.max_discard:
            raise refuse(action, f"discard {self.table.min_discard} to {self.table.max_discard} cards (D1)")
        if count > len(self.deck):
            raise refuse(action, f"the deck has only {len(self.deck)} cards left for {count} replacements "
                                f"(T1, D1: this table would need a reshuffle rule)")
        who = self._who(seat)
        if count == 0:
            self._tell("stand-pat", who=who)
            self._next_drawer(seat)
            return
        self.hands[seat] = [card for card in held if card not in action.cards]
        self.discards.extend(action.cards)
        self._tell("discard", who=who, count=count, cards=format_cards(action.cards))
        self.phase = REPLACE
        self._replacing = (seat, count)

    def _replace(self, action: Action) -> None:
        seat, count = self._replacing
        if action.kind != "dh":
            raise refuse(action, f"p{seat + 1} is waiting for {count} replacement cards (D1)")
        if action.seat != seat or len(action.cards) != count:
            raise refuse(action, f"p{seat + 1} discarded {count} and receives as many (D1)")
        self._check_unseen(action)
        self._take_from_deck(action.cards)
        self.hands[seat].extend(action.cards)
        self._tell("replace", who=self._who(seat), count=count)
        self._next_drawer(seat)

    def _next_drawer(self, seat: int) -> None:
        later = [s for s in self.active if s > seat]
        if later:
            self.phase, self.to_act = DRAW, later[0]
        else:
            self._start_round()

    def _show(self, action: Action) -> None:
        seat = action.seat
        if action.kind != "sm":
            what = "there is no second draw (B2)" if action.kind == "sd" else "the betting is over (S1)"
            raise refuse(action, f"{what}")
        if self.folded[seat] or self.shown[seat]:
            raise refuse(action, f"p{seat + 1} has {'folded' if self.folded[seat] else 'already shown'} (S1)")
        if action.cards and set(action.cards) != set(self.hands[seat]):
            raise refuse(action, f"p{seat + 1} holds {format_cards(self.hands[seat])} (S1)")
        self.shown[seat] = True
        hand = self.hands[seat]
        self._tell("show", who=self._who(seat), cards=tuple(hand), system=self.system)
        if all(self.shown[s] for s in self.active):
            self._settle_showdown()

    # ---- chips ----

    def _put_in(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.invested[seat] += chips
        self.street[seat] += chips
        self.level = max(self.level, self.street[seat])
        self.pot += chips

    def _settle_fold(self) -> None:
        (winner,) = self.active
        pot = self.pot
        self._tell("fold-win", who=self._who(winner), pot=pot)
        self._pay({winner: pot}, showdown=False)

    def _settle_showdown(self) -> None:
        seats = self.active
        best = [seats[i] for i in winners([self.hands[s] for s in seats], self.system)]
        shares = split_pot(self.pot, best, self.table.odd_chip)
        pot = self.pot
        if len(best) == 1:
            self._tell("win", who=self._who(best[0]), pot=pot)
        else:
            self._tell("split", who=", ".join(self._who(s) for s in best), pot=pot,
                                   shares=", ".join(f"{self._who(s)} {c}" for s, c in shares.items()))
            if pot % len(best) and self.table.odd_chip == "first-winner-left-of-dealer":
                self._tell("odd-chip", who=self._who(best[0]))
        self._pay(shares, showdown=True)

    def _pay(self, shares: dict[int, int], showdown: bool) -> None:
        for seat, chips in shares.items():
            self.stacks[seat] += chips
        self.result = HandResult(starting_stacks=self.starting_stacks, finishing_stacks=tuple(self.stacks),
                                 pot=self.pot, winners=tuple(shares), showdown=showdown, names=self.names)
        self.pot = 0
        self.phase, self.to_act = OVER, None
        for seat, change in enumerate(self.result.changes):
            self._tell("result", who=self._who(seat), change=change)

    def _tell(self, key: str, **fields: object) -> None:
        if self.narrate:
            self.events.append(say(key, **fields))

    def narration(self, lang: str = "en") -> list[str]:
        """Return the narration of the hand so far, one line per step, in ``lang``."""
        return [event.text(lang) for event in self.events]


def split_pot(pot: int, seats: Sequence[int], rule: str = "first-winner-left-of-dealer") -> dict[int, int]:
    """Return each winner's share of ``pot``; odd chips go one each from the first winner on the dealer's left (S2).

    Seats count from the dealer's left, so the lowest seat is the first winner.

    >>> split_pot(9, [2, 0])
    {0: 5, 2: 4}
    >>> split_pot(10, [1, 3, 4])
    {1: 4, 3: 3, 4: 3}
    """
    order = sorted(seats)
    share, odd = divmod(pot, len(order))
    if rule == "house-keeps":
        return {seat: share for seat in order}
    return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(order)}


def max_investment(table: GameTable) -> int | None:
    """Return the most one player can put into one hand by the table's numbers: ante plus capped rounds (T4, T5).

    This is arithmetic on the table; ``lowball verify`` proves the same bound on a
    model of the betting rules instead of trusting it.

    >>> max_investment(load_game_table())
    13
    """
    if table.bets_per_round is None:
        return None
    return table.ante + sum(table.bets_per_round * size for size in table.bet_sizes)
