"""The betting phase of a hand: the rules of ``engine/betting_round.py`` played on the hand, worded and told.

B1: facing no bet a player checks or bets; facing a bet, calls, raises or
folds. T3, K5, L5: in fixed limit every bet and raise is the street's size;
G4, G5: in no-limit and pot-limit it is at least the last full raise and at
most all in (or the pot). T4, G1: the cap, lifted heads-up as G2 says. G3, G4,
P2: what an all-in of less than a full raise reopens. S1: the round ends when
every player still in has matched the last bet or is all in.

Every rule is decided in ``betting_round`` (the functions ``lowball verify``
proves things about, read here with numbers): who acts, what is legal, the
next state. This module turns the round's state into the hand's actions and
chips, words why an action is refused, and tells what happened. ``legal`` lists
what the player to act may do; ``refusal`` says why an action is illegal (or
None); ``apply`` steps the round. The engine asks ``refusal`` before ``apply``,
so a refused action changes nothing.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple, assert_never

from lowball.core.behaviours import CapCounts, OpenPair, ShortAllIn, Structure
from lowball.core.games import DEPARTURES, Street
from lowball.core.refusals import Refusal
from lowball.engine.rules import betting_round as br
from lowball.engine import openers, sevens
from lowball.engine.actions import (BETTING_KINDS, KIND_BET_OR_RAISE, KIND_BRING_IN, KIND_CHECK_OR_CALL, KIND_FOLD,
                                    Action, Kind)
from lowball.core.memo import per_table
from lowball.core.ops import PY

# The rules' plain readings, compiled from their own text when the module loads (``engine/rules/readings.py``)
# and proved equal to the Z3 reading (``verify/readings.py``): the engine asks them at every decision.
plain = br.PLAIN

# The kinds of betting action as the round numbers them (``betting_round``: a Z3 Int in the proofs).
KIND_OF = {Kind.CHECK_OR_CALL: br.CALL, Kind.BET_OR_RAISE: br.RAISE, Kind.FOLD: br.FOLD, Kind.BRING_IN: br.BRING_IN}

if TYPE_CHECKING:
    from lowball.engine.state import Hand


class Round(NamedTuple):
    """One betting round of a hand: its street, its rules and its state (``betting_round.State``, plain values).

    While the round runs its state holds the hand's chips (the stacks behind and the pot: ``HandState.live_stacks``);
    each step makes a new state (``betting_round.step`` never changes the one it is given), and so a new round.
    """

    street: Street
    number: int                        # betting rounds counted from 0
    rules: br.Rules
    state: br.State
    raises: int = 0                    # raises made this round, counted or not (for the narration)

    @property
    def size(self) -> int:
        """Return the street's bet (fixed limit) or smallest bet (pot-limit, no-limit)."""
        return self.rules.size

    @property
    def bets(self) -> list[int]:
        """Return the chips each seat put in this round, forced bets included."""
        return self.state.bets

    @property
    def level(self) -> int:
        """Return what every player must have put in this round to stay in."""
        return max(self.state.bets)

    @property
    def to_act(self) -> int | None:
        """Return the seat to act, None when nobody is."""
        actor = self.state.actor
        return None if actor == br.NOBODY else actor

    @property
    def pending(self) -> set[int]:
        """Return the seats still to act this round."""
        return {seat for seat, waiting in enumerate(self.state.pending) if waiting}

    @property
    def count(self) -> int:
        """Return the bets and raises counted toward the cap (G1, P1)."""
        return self.state.count

    @property
    def first_bettor(self) -> int | None:
        """Return who made the first bet of the round (B2), None if nobody has."""
        return None if self.state.first_bettor == br.NOBODY else self.state.first_bettor

    @property
    def opened(self) -> bool:
        """Return whether someone has bet (California posts are no bet, F5)."""
        return self.state.opened

    @property
    def completion(self) -> bool:
        """Return whether the first full bet is still a completion of the bring-in (L4)."""
        return self.state.completion

    @property
    def bring_in_due(self) -> bool:
        """Return whether the bring-in must be posted or completed (L4)."""
        return self.state.bring_in_due

    @property
    def lifted(self) -> bool:
        """Return whether the cap no longer applies: heads-up (G2)."""
        return self.state.lifted


def rules_of(hand: "Hand", street: Street) -> br.Rules:
    """Return the rules of a betting street of the hand's table (read once per table, street and player count).

    >>> from lowball.engine.state import Hand
    >>> hand = Hand([13, 13]); street = hand.table.bet_streets[0]
    >>> rules_of(hand, street) is rules_of(Hand([13, 13]), street)
    True
    """
    return _rules(hand.table, hand.n)[_key(hand, street)]


def _key(hand: "Hand", street: Street) -> tuple[int, bool]:
    """Return which rules of a street the hand plays: the street's identity, and whether the open-pair option is
    open (Q4: the street gives it and a player still in shows a pair)."""
    match street.open_pair:
        case OpenPair.OFF:
            return id(street), False
        case OpenPair.BIG_BET_OPTION:
            return id(street), openers.open_pair_shows(hand)
        case _:
            assert_never(street.open_pair)


@per_table
def _rules(table, players: int) -> dict[tuple[int, bool], br.Rules]:
    """Return the rules of every betting street of ``table`` for ``players``, by the street's identity (two
    streets alike in every field are still two rounds: only the first has the forced bets) and whether an open
    pair lets players bet the big bet (Q4)."""
    return {(id(street), opened): rules for street in table.bet_streets
            for opened, rules in zip((False, True), br.street_rules(table, street, players))}


def start(hand: "Hand", street: Street, number: int, bets: list[int] | None = None, forced_count: int = 0,
          full_level: int = 0) -> Round:
    """Return a new round: its forced bets (blinds, posts), who acts first and in what order, the cap state."""
    rules = rules_of(hand, street)
    first = hand.first_bettors[0] if hand.first_bettors and hand.first_bettors[0] is not None else br.NOBODY
    seats = br.Seats(first_round_bettor=first, chosen=openers.chosen_seat(hand, street.opener))
    state = plain.start(PY, rules, list(bets or [0] * hand.n), list(hand.stacks), list(hand.folded), hand.pot,
                           seats, count=forced_count, full_level=full_level)
    return Round(street=street, number=number, rules=rules, state=state)


def over(hand: "Hand", rnd: Round) -> bool:
    """Return whether the round is over: nobody left to act, or one player left in the hand (S1)."""
    return bool(plain.done(PY, rnd.state))


# ---- What the player to act may do ----

def owed(rnd: Round, seat: int) -> int:
    """Return what ``seat`` must add to call."""
    return plain.owed(PY, rnd.state, seat)


def call_amount(hand: "Hand", rnd: Round, seat: int) -> int:
    """Return what a call costs ``seat``: the amount owed, or all its chips if that is less (G6)."""
    return plain.call_amount(PY, rnd.state, seat)


def capped(hand: "Hand", rnd: Round) -> bool:
    """Return whether the round has had its bet and all its raises (T4, G1), unless heads-up lifts the cap (G2)."""
    return bool(plain.capped(PY, rnd.rules, rnd.state))


def raise_refusal(hand: "Hand", rnd: Round, seat: int) -> Refusal | None:
    """Return why ``seat`` may not bet, complete or raise now (None if it may): the first of ``raise_bars``."""
    bar = next((name for name, barred in plain.raise_bars(PY, rnd.rules, rnd.state, seat) if barred), None)
    return None if bar is None else _raise_bar(hand, bar, seat)


def _raise_bar(hand: "Hand", bar: str, seat: int) -> Refusal:
    """Return a bar of ``betting_round.raise_bars`` as a refusal, with its clause and fields."""
    table, clauses = hand.table, hand.table.clauses
    match bar:
        case "bring-in-exact":
            return Refusal(bar, clauses["forced"], {"bring_in": table.bring_in})
        case "capped" if table.cap_counts is CapCounts.ACTIONS:
            return Refusal("capped-actions", clauses["cap"], {"cap": table.bets_per_round})
        case "capped":
            return Refusal(bar, clauses["cap"], {"raises": table.raises_per_round})
        case "checked":
            return Refusal(bar, clauses["check_raise"])
        case "only-call" | "acted":
            return Refusal(bar, clauses["stack"], {"who": hand.names[seat]})
        case "nobody-covers" | "short-all-in":
            return Refusal(bar, clauses["stack"])
    raise AssertionError(f"no refusal for the raise bar {bar!r}")


def raise_range(hand: "Hand", rnd: Round, seat: int) -> tuple[int, int]:
    """Return the least and the most ``seat`` may bet or raise to now (both the same in fixed limit).

    A player who cannot reach the least may still go all in for less (G3, G4).
    """
    return plain.raise_range(PY, rnd.rules, rnd.state, seat)


def raised_from(hand: "Hand", rnd: Round) -> int:
    """Return the level a raise is measured from: the bets so far, or the bring-in while it is due (N5: a bring-in
    that opens for more opens for at least a raise over it; nothing is completed where the bring-in is the least
    bet, so after 150 -> 300 the next raise is to 450; pokerkit measures from a completion and asks 600, P8).

    >>> from lowball.core.games import load_game_table
    >>> from lowball.engine.state import Hand
    >>> hand = Hand([900] * 3, table=load_game_table("london-lowball"), seed=1)
    >>> hand.advance(); raised_from(hand, hand.current) == hand.table.bring_in
    True
    """
    return plain.raised_from(PY, rnd.rules, rnd.state)


def rounded_pot(table, chips: int) -> int:
    """Return the pot after calling as pot-limit sizes the largest bet: rounded up to a multiple of the table's
    ``pot_rounding`` where it has one (N7, L 186; RRP: "an odd amount as the next larger size"), else as it is.

    >>> from lowball.core.games import load_game_table
    >>> rounded_pot(load_game_table("london-lowball", overrides={"pot_rounding": "25"}), 80)   # RRP's example
    100
    >>> rounded_pot(load_game_table("london-lowball"), 80)
    80
    """
    return plain.rounded_pot(PY, table.pot_rounding, chips)


# The legal actions of the state listed last, kept until another is listed: a bot asks for them and then applies
# one (``listed_now``). Each step makes a new ``betting_round.State`` and this holds the one it lists, so the same
# object is the same state.
_listed: tuple[br.State | None, tuple[Action, ...]] = (None, ())


def legal(hand: "Hand", rnd: Round) -> list[Action]:
    """Return the actions the player to act may take; for a range of raises, its two ends."""
    global _listed
    if _listed[0] is rnd.state:
        return list(_listed[1])
    r, s = rnd.rules, rnd.state
    seat = s.actor
    actions = []
    bring_in, folding, calling, raising, least, most = plain.choices(PY, r, s, seat)
    if bring_in or folding or calling:
        posts, folds, calls = _seat_actions(seat)
        if bring_in:
            actions.append(posts)
        if folding:
            actions.append(folds)
        if calling:
            actions.append(calls)
    if raising:
        actions.append(Action(KIND_BET_OR_RAISE, seat, least))
        if most > least:
            actions.append(Action(KIND_BET_OR_RAISE, seat, most))
    _listed = (s, tuple(actions))
    return actions


def listed_now(rnd: Round, action: object) -> bool:
    """Return whether ``action`` is one of the very objects ``legal`` listed for the round's current state: the
    engine built it, so it is well formed and legal as it is (``Hand.apply`` need not check it again). An equal
    action built elsewhere is checked as usual (``True == 1``, so equal is not enough)."""
    listed = _listed
    if listed[0] is not rnd.state:
        return False
    for mine in listed[1]:
        if mine is action:
            return True
    return False


@functools.cache
def _seat_actions(seat: int) -> tuple[Action, Action, Action]:
    """Return a seat's bring-in, fold and check-or-call, built once: an action never changes, so every round lists
    the same ones."""
    return Action(KIND_BRING_IN, seat), Action(KIND_FOLD, seat), Action(KIND_CHECK_OR_CALL, seat)


def refusal(hand: "Hand", rnd: Round, action: Action) -> Refusal | str | None:
    """Return why ``action`` is illegal in this round (None if it is legal): ``betting_round`` decides, this
    names the rule it breaks."""
    if _listed[0] is rnd.state and action in _listed[1]:
        return None                       # one of the actions ``legal`` listed for this very state
    clauses = hand.table.clauses
    r, s = rnd.rules, rnd.state
    seat = action.seat
    if action.kind not in BETTING_KINDS:
        if action.kind == Kind.DISCARD:
            return hand.no_draw_now()
        return Refusal("not-betting", clauses["turn"])
    if seat != s.actor:
        return Refusal("out-of-turn", clauses["turn"], {"to_act": s.actor + 1, "seat": seat + 1})
    if rnd.bring_in_due and action.kind in (Kind.CHECK_OR_CALL, Kind.FOLD):
        return Refusal("bring-in-due", clauses["forced"], {"who": hand.names[seat]})
    if action.kind == Kind.BRING_IN:
        return None if plain.may_bring_in(PY, r, s, seat) else Refusal("no-bring-in", clauses["forced"])
    if action.kind == Kind.FOLD:
        return None if plain.may_fold(PY, r, s, seat) else Refusal("fold-facing-no-bet", clauses["turn"])
    if action.kind == Kind.CHECK_OR_CALL:
        return None if plain.may_call(PY, r, s, seat) else Refusal("bet-or-drop", rnd.street.clause)
    why = raise_refusal(hand, rnd, seat)
    if why:
        return why
    amount = action.amount
    assert amount is not None
    if plain.legal_raise(PY, r, s, seat, amount):
        return None
    return _wrong_amount(hand, rnd, seat, amount)


def _wrong_amount(hand: "Hand", rnd: Round, seat: int, amount: int) -> Refusal:
    """Return why a bet or raise to ``amount`` is the wrong size (``betting_round.legal_raise`` refused it)."""
    table, clauses = hand.table, hand.table.clauses
    least, most = raise_range(hand, rnd, seat)
    all_in = hand.stacks[seat] + rnd.bets[seat]
    act = "bet" if not rnd.opened else "raise"
    if amount <= rnd.level:      # S1: what is already in is called, not raised; nobody may be left short of it
        return Refusal("call-not-raise", clauses["turn"], {"act": act, "level": rnd.level})
    if amount > all_in:
        return Refusal("more-than-stack", clauses["stack"], {"who": hand.names[seat], "all_in": all_in, "act": act})
    if table.structure is Structure.FIXED_LIMIT:
        size = plain.size_now(PY, rnd.rules, rnd.state)           # the round's bet; Q4: the big one once it is bet
        if not rnd.completion and least != min(all_in, rnd.level + size):     # G3: from the last full bet
            return Refusal("short-completed", clauses["stack"], {"act": act, "least": least})
        if table.short_all_in is ShortAllIn.FULL_RAISE_ONLY and rnd.state.shorts:    # P2: not completed
            return Refusal("short-not-completed", clauses["stack"], {"act": act, "least": least})
        if rnd.rules.open_pair and least < most:     # Q4: a pair showing allows the small bet or the big one
            return Refusal("open-pair-size", clauses["size"], {"act": act, "least": least, "most": most,
                                                              "size": rnd.size, "big": rnd.rules.big})
        return Refusal("fixed-size", clauses["size"], {"act": act, "least": least, "size": size,
                                                       "round": _round_name(hand, rnd), "n": rnd.number + 1})
    if amount > most:
        return Refusal("at-most", clauses["size"], {"act": act, "most": most})
    return Refusal("at-least", clauses["size"], {"act": act, "least": least})


def _round_name(hand: "Hand", rnd: Round) -> str:
    """Return the key of the round's name in the refusals' words: the first, the final, or round n."""
    if hand.table.betting_rounds == 2:
        return "first-round" if rnd.number == 0 else "final-round"
    return "round-n"


# ---- Applying a legal action ----

def apply(hand: "Hand", rnd: Round, action: Action) -> Round:
    """Apply a legal betting action: step the round (``betting_round.step``: the chips move in its state), set a
    folded hand's cards aside, note what later rules read (a check for the sevens rule, F7), tell it; return the
    round after it."""
    seat = action.seat
    before = rnd.state
    after = plain.step(PY, rnd.rules, before, KIND_OF[action.kind], action.amount or 0)
    if after.folded[seat] and not before.folded[seat]:
        hand.fold_seat(seat)
    kind = action.kind
    raises = rnd.raises + (kind == KIND_BET_OR_RAISE and before.opened and not before.completion)
    rnd = Round(rnd.street, rnd.number, rnd.rules, after, raises)
    if hand.narrate:                       # long bot sessions need no story (``Hand.narrate``)
        _tell(hand, rnd, action, before)
    if kind == KIND_CHECK_OR_CALL and after.bets[seat] == before.bets[seat]:
        sevens.note_check(hand, seat, last_round=rnd.number == hand.table.betting_rounds - 1)
    return rnd


def _tell(hand: "Hand", rnd: Round, action: Action, before: br.State) -> None:
    """Tell what an action did (the events hold numbers and flags; the text layer words them)."""
    seat, after, table = action.seat, rnd.state, hand.table
    who = hand.names[seat]
    clauses = table.clauses
    # B1 says what a player may do in the first round; a later round is played by its own clause (B2).
    turn = clauses["turn" if rnd.number == 0 else "later_rounds"]
    match action.kind:
        case Kind.FOLD:
            if before.bets[seat] == max(before.bets) and plain.may_call(PY, rnd.rules, before, seat):
                hand.tell("fold-facing-no-bet", who=who, clause=DEPARTURES)      # O4: he could have checked
            else:
                hand.tell("fold", who=who, clause=turn)
            if after.lifted and not before.lifted:         # G2: play became heads-up before the cap
                hand.tell("cap-lifted", clause=clauses["heads_up"])
        case Kind.BRING_IN:
            hand.tell("bring-in", who=who, amount=after.bets[seat] - before.bets[seat], clause=clauses["forced"])
        case Kind.CHECK_OR_CALL:
            cost = after.bets[seat] - before.bets[seat]
            if cost == 0:
                hand.tell("check", who=who, clause=turn)
            else:
                hand.tell("call", who=who, amount=cost, all_in=after.stacks[seat] == 0, clause=turn)
        case Kind.BET_OR_RAISE:
            _tell_raise(hand, rnd, seat, before)
        case _:
            raise AssertionError(f"not a betting action: {action}")


def _tell_raise(hand: "Hand", rnd: Round, seat: int, before: br.State) -> None:
    table, after = hand.table, rnd.state
    amount = after.bets[seat]
    full = plain.is_full(PY, rnd.rules, before, amount)
    first_bet = not before.opened
    clauses = table.clauses
    who = hand.names[seat]
    all_in = after.stacks[seat] == 0          # a flag: the text layer words it ("all in", "ва-банк")
    if before.completion and max(before.bets) > 0:
        hand.tell("complete", who=who, amount=amount, all_in=all_in, clause=clauses["size"])
    elif first_bet:
        hand.tell("bet", who=who, amount=amount, all_in=all_in, clause=clauses["size"])
    elif table.bets_per_round is None:               # G4, G5: no cap on raises
        hand.tell("raise-to", who=who, to=amount, all_in=all_in, clause=clauses["size"])
    elif after.lifted:                                # G2: heads-up, the cap is lifted
        hand.tell("raise-unlimited", who=who, to=amount, nth=rnd.raises, all_in=all_in, clause=clauses["heads_up"])
    elif table.cap_counts is CapCounts.ACTIONS:      # P1: bets, completions and raises, forced bets not counted
        hand.tell("raise-counted", who=who, to=amount, nth=after.count, cap=table.bets_per_round, all_in=all_in,
                  clause=clauses["cap"])
    elif not full:                                    # G3, G4: an all-in short of a full raise is not counted
        hand.tell("raise-short", who=who, to=amount, all_in=all_in, clause=clauses["stack"])
    else:
        hand.tell("raise", who=who, to=amount, nth=after.count - 1, cap=table.raises_per_round, all_in=all_in,
                  clause=clauses["cap"])
    if plain.capped(PY, rnd.rules, after):
        key = "capped-actions" if table.cap_counts is CapCounts.ACTIONS else "capped"
        hand.tell(key, cap=table.bets_per_round if key == "capped-actions" else table.raises_per_round,
                  clause=clauses["cap"])


def finish(hand: "Hand", rnd: Round) -> Round:
    """End the round: give back a bet nobody matched (the chips above the second-highest bet, S1); return the round
    as it ended."""
    before = rnd.state
    after = plain.finish(PY, before)
    for seat, (was, now) in enumerate(zip(before.bets, after.bets)):
        if now < was:
            hand.tell("uncalled", who=hand.names[seat], amount=was - now, clause=hand.table.clauses["stack"])
    return Round(rnd.street, rnd.number, rnd.rules, after, rnd.raises)
