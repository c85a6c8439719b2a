"""A betting round: whose turn it is, what each player may do, and what each action changes.

B1: facing no bet a player checks or bets; facing a bet, calls, raises or
folds. T3, K5, L5: in fixed limit every bet and raise is the street's size;
G4, G5: in no-limit and pot-limit it is at least the last full raise and at
most all in (or the pot). T4, G1: the cap, lifted heads-up as G2 says. G3, G4,
P2: what an all-in of less than a full raise reopens. S1: the round ends when
every player still in has matched the last bet or is all in.

``legal`` lists what the player to act may do; ``refusal`` says why an action
is illegal (or None); ``apply`` changes the state. The engine asks ``refusal``
before ``apply``, so a refused action changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, assert_never

from lowball.core.behaviours import CapCounts, HeadsUpCap, ShortAllIn, Structure
from lowball.core.games import Street
from lowball.engine import sevens
from lowball.engine.actions import BETTING_KINDS, Action, Kind
from lowball.engine.pots import uncalled

if TYPE_CHECKING:
    from lowball.engine.state import Hand


@dataclass
class Round:
    """The state of one betting round (chips here are this round's; ``hand.invested`` holds the hand's)."""

    street: Street
    number: int                        # betting rounds counted from 0
    size: int                          # the street's bet (fixed limit) or smallest bet (pot-limit, no-limit)
    bets: list[int]                    # chips each seat put in this round, forced bets included
    actors: list[int]                  # seats still to act, the first is to act now
    count: int                         # bets and raises counted toward the cap (G1, P1)
    full_level: int                    # the level of the last full bet (G3: a short all-in is completed from it)
    opened: bool                       # someone bet (California posts are not a bet, F5)
    lifted: bool                       # the cap no longer applies: heads-up (G2)
    acted: set[int] = field(default_factory=set)      # acted since the last full bet or raise
    checked: set[int] = field(default_factory=set)    # checked this round (check-raise, B1, F6)
    increment: int = 0                 # the last full raise (G4, P2)
    shorts: list[int] = field(default_factory=list)   # short all-in raises since the last full one (G4, P2)
    opener: int | None = None          # who made the first bet (B2)
    bring_in_due: bool = False         # the bring-in must be posted or completed (L4)
    completion: bool = False           # the first full bet is still a completion (L4)
    raises: int = 0                    # raises made this round, counted or not (for the narration)
    level: int = field(init=False)     # what every player must have put in this round to stay in: max(bets)

    def __post_init__(self) -> None:
        self.level = max(self.bets)


def start(hand: "Hand", street: Street, number: int, first: int | None, bets: list[int] | None = None,
          forced_count: int = 0, full_level: int = 0) -> Round:
    """Return a new round: its forced bets (blinds, posts), the order of play from ``first``, the cap state."""
    table = hand.table
    size = table.size_of(street)
    rnd = Round(street=street, number=number, size=size, bets=bets or [0] * hand.n, actors=[],
                count=forced_count, full_level=full_level, opened=full_level > 0,
                lifted=len(hand.contenders) == 2 and table.heads_up_cap is not HeadsUpCap.KEPT)
    if table.short_all_in is ShortAllIn.ALL_INS_ADD_UP:
        rnd.increment = size         # G4: the big blind (the smallest bet) is the first full raise
    if table.bring_in and number == 0:      # L4, V10: a live bring-in; completing it is the bet, not a raise
        rnd.bring_in_due = True
        # L4: a bring-in below the least bet may be completed to it; N5: one equal to the least bet cannot.
        rnd.completion = table.bring_in < size
    if first is not None:
        # A player nobody covers has nothing to bet against (G6); so one who covers him is never alone to act.
        rnd.actors = [seat for seat in rotation(hand.n, first) if hand.can_act(seat) and _at_risk(hand, rnd, seat)]
    return rnd


def _someone_covers(hand: "Hand", rnd: Round, seat: int, amount: int) -> bool:
    """Return whether another player still in the hand has more than ``amount`` in this round and behind."""
    folded, stacks, bets = hand.folded, hand.stacks, rnd.bets
    for other in range(hand.n):
        if other != seat and not folded[other] and bets[other] + stacks[other] > amount:
            return True
    return False


def _at_risk(hand: "Hand", rnd: Round, seat: int) -> bool:
    """Return whether a seat could still lose chips here: someone else in the hand covers more than its bet."""
    return _someone_covers(hand, rnd, seat, rnd.bets[seat])


def rotation(players: int, first: int) -> list[int]:
    """Return every seat in turn from ``first``: ``rotation(4, 2) == [2, 3, 0, 1]``."""
    return [(first + step) % players for step in range(players)]


def over(hand: "Hand", rnd: Round) -> bool:
    """Return whether the round is over: nobody left to act, or one player left in the hand (S1)."""
    return not rnd.actors or len(hand.contenders) <= 1


# ---- What the player to act may do ----

def owed(rnd: Round, seat: int) -> int:
    """Return what ``seat`` must add to call."""
    return rnd.level - rnd.bets[seat]


def call_amount(hand: "Hand", rnd: Round, seat: int) -> int:
    """Return what a call costs ``seat``: the amount owed, or all its chips if that is less (G6)."""
    return min(owed(rnd, seat), hand.stacks[seat])


def capped(hand: "Hand", rnd: Round) -> bool:
    """Return whether the round has had its bet and all its raises (T4, G1), unless heads-up lifts the cap (G2)."""
    cap = hand.table.bets_per_round
    return cap is not None and rnd.count >= cap and not rnd.lifted


def raise_refusal(hand: "Hand", rnd: Round, seat: int) -> str | None:
    """Return why ``seat`` may not bet, complete or raise now (None if it may)."""
    table, clauses = hand.table, hand.table.clauses
    if rnd.bring_in_due and not table.bring_in_may_bet:
        return f"the bring-in is posted for exactly {table.bring_in}: it may not open for more ({clauses['forced']})"
    if capped(hand, rnd):
        if table.cap_counts is CapCounts.ACTIONS:
            return (f"the round is capped at {table.bets_per_round} bets, completions and raises, forced bets not "
                    f"counted ({clauses['cap']})")
        return f"the round is capped at a bet and {table.raises_per_round} raises ({clauses['cap']})"
    if not table.check_raise and seat in rnd.checked:
        return f"a player who checked may only call in this round ({clauses['check_raise']})"
    owe = owed(rnd, seat)
    if hand.stacks[seat] <= owe:
        return f"{hand.names[seat]} has only enough to call ({clauses['stack']})"
    if not _someone_covers(hand, rnd, seat, rnd.level):
        return f"every other player is all in or has folded: nobody could call a raise ({clauses['stack']})"
    rule = table.short_all_in
    match rule:
        case ShortAllIn.FULL_RAISE_ONLY:      # P2, as pokerkit plays it: whoever faces less than a full raise
            if call_amount(hand, rnd, seat) < rnd.increment:         # since acting (short all-ins) may not raise
                return f"a short all-in cannot be raised ({clauses['stack']})"
        case ShortAllIn.ALL_INS_ADD_UP | ShortAllIn.HALF_BET_REOPENS:    # G4, G3
            if seat in rnd.acted:
                return (f"{hand.names[seat]} has acted and an all-in of less than a full raise does not reopen the "
                        f"betting ({clauses['stack']})")
        case _:
            assert_never(rule)
    return None


def raise_range(hand: "Hand", rnd: Round, seat: int) -> tuple[int, int]:
    """Return the least and the most ``seat`` may bet or raise to now (both the same in fixed limit).

    A player who cannot reach the least may still go all in for less (G3, G4).
    """
    table = hand.table
    all_in = hand.stacks[seat] + rnd.bets[seat]
    if table.short_all_in is ShortAllIn.HALF_BET_REOPENS:
        least = rnd.full_level + rnd.size      # G3: a short all-in is completed from the last full bet
    else:
        least = max(rnd.increment, rnd.size) + (0 if rnd.completion else raised_from(hand, rnd))
    least = min(least, all_in)
    match table.structure:
        case Structure.FIXED_LIMIT:
            most = least
        case Structure.POT_LIMIT:      # G5: raise at most to the pot after calling (N7: the pot rounded up)
            most = min(all_in, max(least, rnd.level + rounded_pot(table, hand.pot + owed(rnd, seat))))
        case Structure.NO_LIMIT:       # G4: up to all in
            most = all_in
        case _:
            assert_never(table.structure)
    return least, most


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
    return max(rnd.level, hand.table.bring_in) if rnd.bring_in_due else rnd.level


def rounded_pot(table, chips: int) -> int:
    """Return the pot after calling as pot-limit sizes the largest bet: rounded up to a multiple of the table's
    ``pot_rounding`` where it has one (N7, L 186; RRP: "an odd amount as the next larger size"), else as it is.

    >>> from lowball.core.games import load_game_table
    >>> rounded_pot(load_game_table("london-lowball", overrides={"pot_rounding": "25"}), 80)   # RRP's example
    100
    >>> rounded_pot(load_game_table("london-lowball"), 80)
    80
    """
    unit = table.pot_rounding
    return -(-chips // unit) * unit if unit > 1 else chips


def legal(hand: "Hand", rnd: Round) -> list[Action]:
    """Return the actions the player to act may take; for a range of raises, its two ends."""
    seat = rnd.actors[0]
    may_raise = raise_refusal(hand, rnd, seat) is None
    if rnd.bring_in_due:
        actions = [Action(Kind.BRING_IN, seat)]
    else:
        actions = []
        if owed(rnd, seat) > 0 or _bet_or_drop(rnd, may_raise):
            actions.append(Action(Kind.FOLD, seat))
        if rnd.opened or rnd.street.check or not may_raise:
            actions.append(Action(Kind.CHECK_OR_CALL, seat))
    if may_raise:
        least, most = raise_range(hand, rnd, seat)
        actions.append(Action(Kind.BET_OR_RAISE, seat, amount=least))
        if most > least:
            actions.append(Action(Kind.BET_OR_RAISE, seat, amount=most))
    return actions


def _bet_or_drop(rnd: Round, may_raise: bool) -> bool:
    """Return whether the player to act must bet or drop (F5: no check before anyone bets where checks are off).

    Not where he cannot bet (nobody left could call it, or he has only the call, G6): he checks or calls then,
    rather than being made to give up a pot he cannot lose.
    """
    return not rnd.street.check and not rnd.opened and may_raise


def refusal(hand: "Hand", rnd: Round, action: Action) -> str | None:
    """Return why ``action`` is illegal in this round (None if it is legal)."""
    table, clauses = hand.table, hand.table.clauses
    seat = action.seat
    if action.kind not in BETTING_KINDS:
        if action.kind == Kind.DISCARD:
            return hand.no_draw_now()
        return f"it is a betting round ({clauses['turn']})"
    if seat != rnd.actors[0]:
        return f"out of turn: it is p{rnd.actors[0] + 1}'s turn, not p{seat + 1}'s ({clauses['turn']})"
    owe = owed(rnd, seat)
    if rnd.bring_in_due and action.kind in (Kind.CHECK_OR_CALL, Kind.FOLD):
        return f"{hand.names[seat]} must bring it in or complete ({clauses['forced']})"
    if action.kind == Kind.BRING_IN:
        return None if rnd.bring_in_due else f"there is no bring-in to post now ({clauses['forced']})"
    if action.kind == Kind.FOLD:
        if owe == 0 and not _bet_or_drop(rnd, raise_refusal(hand, rnd, seat) is None):
            return f"facing no bet a player may check or bet, not fold ({clauses['turn']})"
        return None
    if action.kind == Kind.CHECK_OR_CALL:
        if _bet_or_drop(rnd, raise_refusal(hand, rnd, seat) is None):
            return f"before the draw a player must bet or drop; checking is not allowed ({rnd.street.clause})"
        return None
    why = raise_refusal(hand, rnd, seat)
    if why:
        return why
    least, most = raise_range(hand, rnd, seat)
    all_in = hand.stacks[seat] + rnd.bets[seat]
    amount = action.amount
    assert amount is not None
    word = "bet" if not rnd.opened else "raise"
    if amount <= rnd.level:      # S1: what is already in is called, not raised; nobody may be left short of it
        return f"a {word} goes above the {rnd.level} already in this round; to match it, call ({clauses['turn']})"
    if amount == all_in and amount < least:
        return None          # all in for less than a full raise (G3, G4)
    if amount > all_in:
        return f"{hand.names[seat]} has only {all_in} to {word} to ({clauses['stack']})"
    if table.structure is Structure.FIXED_LIMIT and amount != least:
        if not rnd.completion and least != min(all_in, rnd.level + rnd.size):     # G3: from the last full bet
            return (f"the {word} must go to {least} in this round ({clauses['stack']}: a short all-in is completed "
                    f"from the last full bet)")
        if table.short_all_in is ShortAllIn.FULL_RAISE_ONLY and rnd.shorts:          # P2: not completed
            return (f"the {word} must go to {least} in this round ({clauses['stack']}: a short all-in is not "
                    f"completed; a raise goes a full bet over it)")
        return (f"the {word} must go to {least} in this round ({clauses['size']}: the bet size is {rnd.size} "
                f"in {_round_name(hand, rnd)})")
    if not least <= amount <= most:
        limit = f"at most {most}" if amount > most else f"at least {least}"
        return f"the {word} must go to {limit} in this round ({clauses['size']})"
    return None


def _round_name(hand: "Hand", rnd: Round) -> str:
    rounds = hand.table.betting_rounds
    if rounds == 2:
        return "the first round" if rnd.number == 0 else "the final round"
    return f"betting round {rnd.number + 1}"


# ---- Applying a legal action ----

def apply(hand: "Hand", rnd: Round, action: Action) -> None:
    """Apply a legal betting action: move the actor's chips, update the round, and pass the turn."""
    seat = action.seat
    rnd.actors.pop(0)
    rnd.acted.add(seat)
    who = hand.names[seat]
    # B1 says what a player may do in the first round; a later round is played by its own clause (B2).
    turn = hand.table.clauses["turn" if rnd.number == 0 else "later_rounds"]
    if action.kind == Kind.FOLD:
        hand.fold(seat)
        hand.tell("fold", who=who, clause=turn)
        _maybe_lift(hand, rnd)
        return
    if action.kind == Kind.BRING_IN:
        amount = min(hand.stacks[seat], hand.table.bring_in)
        _put(hand, rnd, seat, amount)
        rnd.bring_in_due = False
        hand.tell("bring-in", who=who, amount=amount, clause=hand.table.clauses["forced"])
        return
    if action.kind == Kind.CHECK_OR_CALL:
        cost = call_amount(hand, rnd, seat)
        _put(hand, rnd, seat, cost)
        if cost == 0:
            rnd.checked.add(seat)
            hand.tell("check", who=who, clause=turn)
            sevens.note_check(hand, seat, last_round=rnd.number == hand.table.betting_rounds - 1)
        else:
            hand.tell("call", who=who, amount=cost, all_in=hand.stacks[seat] == 0, clause=turn)
        return
    _raise(hand, rnd, seat, action.amount)


def _raise(hand: "Hand", rnd: Round, seat: int, amount: int) -> None:
    table = hand.table
    level = rnd.level
    raise_by = amount - level
    first_bet = not rnd.opened
    was_completion = rnd.completion
    full = _is_full(table, rnd, amount)
    _put(hand, rnd, seat, amount - rnd.bets[seat])
    all_in = hand.stacks[seat] == 0
    rule = table.short_all_in
    match rule:
        case ShortAllIn.FULL_RAISE_ONLY:     # P2: only a full raise reopens; short all-ins never add up
            if full:
                rnd.acted, rnd.increment = {seat}, raise_by
                rnd.shorts.clear()
            else:
                rnd.shorts.append(raise_by)
        case ShortAllIn.ALL_INS_ADD_UP:      # G4
            if full:
                rnd.acted, rnd.increment = {seat}, raise_by
                rnd.shorts.clear()
            else:
                rnd.shorts.append(raise_by)
                if sum(rnd.shorts) >= rnd.increment:
                    rnd.acted = {seat}
                    rnd.shorts.clear()
        case ShortAllIn.HALF_BET_REOPENS:    # G3
            if full:
                rnd.acted, rnd.full_level = {seat}, amount
        case _:
            assert_never(rule)
    if table.cap_counts is CapCounts.ACTIONS or full:
        rnd.count += 1
    if first_bet:
        rnd.opener = seat
    elif not was_completion:
        rnd.raises += 1
    rnd.opened = True
    rnd.completion = False
    rnd.bring_in_due = False
    rnd.actors = [other for other in rotation(hand.n, seat)[1:] if hand.can_act(other)]
    clauses = table.clauses
    suffix = bool(all_in)                 # a flag: the text layer words it ("all in", "ва-банк")
    if was_completion and level > 0:
        hand.tell("complete", who=hand.names[seat], amount=amount, all_in=suffix, clause=clauses["size"])
    elif first_bet:
        hand.tell("bet", who=hand.names[seat], amount=amount, all_in=suffix, clause=clauses["size"])
    elif table.bets_per_round is None:               # G4, G5: no cap on raises
        hand.tell("raise-to", who=hand.names[seat], to=amount, all_in=suffix, clause=clauses["size"])
    elif rnd.lifted:                                  # G2: heads-up, the cap is lifted
        hand.tell("raise-unlimited", who=hand.names[seat], to=amount, nth=rnd.raises, all_in=suffix,
                  clause=clauses["heads_up"])
    elif table.cap_counts is CapCounts.ACTIONS:      # P1: bets, completions and raises, forced bets not counted
        hand.tell("raise-counted", who=hand.names[seat], to=amount, nth=rnd.count, cap=table.bets_per_round,
                  all_in=suffix, clause=clauses["cap"])
    elif not full:                                    # G3, G4: an all-in short of a full raise is not counted
        hand.tell("raise-short", who=hand.names[seat], to=amount, all_in=suffix, clause=clauses["stack"])
    else:
        hand.tell("raise", who=hand.names[seat], to=amount, nth=rnd.count - 1, cap=table.raises_per_round,
                  all_in=suffix, clause=clauses["cap"])
    if capped(hand, rnd):
        key = "capped-actions" if table.cap_counts is CapCounts.ACTIONS else "capped"
        hand.tell(key, cap=table.bets_per_round if key == "capped-actions" else table.raises_per_round,
                  clause=clauses["cap"])


def _is_full(table, rnd: Round, amount: int) -> bool:
    """Return whether a bet or raise to ``amount`` is a full one (it reopens the betting and counts for the cap)."""
    match table.short_all_in:
        case ShortAllIn.HALF_BET_REOPENS:    # G3: half a bet or more counts as a full bet
            return 2 * (amount - rnd.full_level) >= rnd.size
        case ShortAllIn.ALL_INS_ADD_UP:      # G4: at least the last full raise
            return amount - rnd.level >= rnd.increment
        case ShortAllIn.FULL_RAISE_ONLY:     # P2
            return amount - rnd.level >= rnd.increment
        case _:
            assert_never(table.short_all_in)


def _put(hand: "Hand", rnd: Round, seat: int, chips: int) -> None:
    rnd.bets[seat] += chips
    if rnd.bets[seat] > rnd.level:
        rnd.level = rnd.bets[seat]
    hand.put_in(seat, chips)


def _maybe_lift(hand: "Hand", rnd: Round) -> None:
    """G2 (RRP): the cap is lifted when play becomes heads-up before the cap is reached."""
    if hand.table.heads_up_cap is HeadsUpCap.LIFTED and len(hand.contenders) == 2 and not capped(hand, rnd):
        rnd.lifted = True
        hand.tell("cap-lifted", clause=hand.table.clauses["heads_up"])


def finish(hand: "Hand", rnd: Round) -> None:
    """End the round: give back a bet nobody matched (the chips above the second-highest bet)."""
    unmatched = uncalled(rnd.bets)
    if unmatched is not None:
        top, excess = unmatched
        rnd.bets[top] -= excess
        rnd.level = max(rnd.bets)
        hand.take_back(top, excess)
        hand.tell("uncalled", who=hand.names[top], amount=excess, clause=hand.table.clauses["stack"])
