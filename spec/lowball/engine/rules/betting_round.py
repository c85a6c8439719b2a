"""A betting round, written once: the engine plays these functions on numbers and the proofs read them as Z3 terms.

B1: facing no bet a player checks or bets; facing a bet, calls, raises or
folds (``may_fold``, ``may_call``); O4: where the table lets him
(``fold_facing_no_bet``, an online room's rule), he may fold facing no bet
too. T3, K5, L5, G4, G5: what a bet or raise may be (``raise_range``,
``legal_raise``). T4, G1, G2, P1: the cap, what counts toward it and when
heads-up play lifts it (``capped``). G3, G4, P2: what a
short all-in reopens (the three ``ShortAllIn`` modes in ``step``). S1: the
round ends when nobody is left to act or one player is left (``done``); a bet
nobody matched goes back (``finish``). B1, B2, K3, F4, L4, L6, R3: who opens
(``RULE_SEATS``, ``first_from``, ``start``). T2, K3, F4, O4: forced bets
(``forced``).

The state is every seat's bet this round, chips behind, folded, still to act,
acted since the last full raise, checked; the cap count, the last full raise
(``increment``), the level of the last full bet (``full_level``), the sum of
consecutive short all-in raises (``shorts``), the first bettor, and the pot. Every
function takes the operations ``o`` (``PY`` or ``Z3``, see ``core/ops.py``):
``engine/betting.py`` runs them with ``PY`` on the hand it plays, and
``lowball verify`` runs the very same functions with ``Z3`` (properties 4, 5
and 7). Where the plain reading takes one branch (``step``, ``finish``), the Z3
reading muxes over all of them, built from the same branch functions.

>>> from lowball.core.games import load_game_table
>>> table = load_game_table()
>>> r = Rules.of(table, table.bet_streets[0], 2)
>>> s = start(PY, r, [0, 0], [12, 12], [False, False], 2, Seats())
>>> s.actor, legal(PY, r, s, 0, CALL), legal(PY, r, s, 1, CALL)
(0, True, False)
>>> s = step(PY, r, s, RAISE, 1); s.bets, s.stacks, s.pot, s.actor
([1, 0], [11, 12], 3, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Callable, Iterator, assert_never

from types import SimpleNamespace

import z3

from lowball.core.behaviours import CapCounts, HeadsUpCap, OpenPair, Opener, ShortAllIn, Structure
from lowball.core.games import GameTable, Street
from lowball.core.ops import PY, Z3
from lowball.core.seats import NOBODY, last_blind_seat, post_seats
from lowball.engine.rules import forced_bets as posting
from lowball.engine.rules.pots import uncalled
from lowball.engine.rules.readings import compile_rules

# The kinds of action, as the model numbers them (a Z3 Int in proofs).
CALL, RAISE, FOLD, BRING_IN = 0, 1, 2, 3
# The bet size of a step proof that holds for every size (``Rules.kind``): any number of chips from one.
SYMBOLIC_SIZE = z3.Int("bet_size")


# The most chips a stack may hold: far beyond any game, small enough that sums stay exact and fast. The engine
# refuses a larger stack, and property 4 checks that its bound on a stack stays below it.
MAX_STACK = 10**12


@dataclass(frozen=True)
class Rules:
    """The rules of one betting round, read from the table (each value from its key, none typed here)."""

    players: int
    size: int                       # the street's bet (the smallest bet in pot-limit and no-limit)
    cap: int | None                 # bets per round (the bet and the raises), None: unlimited (T4, G1)
    cap_counts: CapCounts
    heads_up_cap: HeadsUpCap
    short_all_in: ShortAllIn
    structure: Structure
    check_raise: bool
    fold_facing_no_bet: bool        # whether a player facing no bet may fold too (O4; B1: check or bet)
    check: bool                     # whether a player facing no bet may check (B1, F5)
    bring_in: int                   # the bring-in of this round (0: none; only the first round of stud)
    bring_in_may_bet: bool          # the bring-in may complete (L4) or open for more (N7) instead
    pot_rounding: int               # pot-limit: the pot after calling rounded up to a multiple of this (N7)
    open_pair: bool                 # a pair shows face up where the table gives the open-pair option (Q4)
    big: int                        # the big bet the open pair lets players bet or raise (0: no such option now)
    opener: Opener
    first: bool                     # the first betting round (forced bets, bring-in)
    blind_count: int                # blinds and straddles posted (who opens left of the last, K3)
    post_count: int                 # California posts (who opens left of the last, F4)
    owed: posting.Owed | None       # the forced bets of the first round, seat by seat (None in later rounds)

    @classmethod
    def of(cls, table: GameTable, street: Street, players: int, open_pair: bool = False) -> "Rules":
        """Return the rules of a betting street of ``table`` played by ``players`` players (``open_pair``: a pair
        shows face up, and the street gives the open-pair option, Q4)."""
        first = street is table.bet_streets[0]
        opened = open_pair and street.open_pair is OpenPair.BIG_BET_OPTION
        return cls(players=players, size=table.size_of(street), cap=table.bets_per_round,
                   cap_counts=table.cap_counts, heads_up_cap=table.heads_up_cap, short_all_in=table.short_all_in,
                   structure=table.structure, check_raise=table.check_raise,
                   fold_facing_no_bet=table.fold_facing_no_bet, check=street.check,
                   bring_in=table.bring_in if first else 0, bring_in_may_bet=table.bring_in_may_bet,
                   pot_rounding=table.pot_rounding, open_pair=opened,
                   big=table.most_size_of(street) if opened else 0, opener=street.opener, first=first,
                   blind_count=len(table.blinds), post_count=len(table.posts),
                   owed=posting.owed(table, players) if first else None)

    @property
    def kind(self) -> "Rules":
        """Return the rules as one step of the round reads them: a proof about a step of one round with the same
        kind is a proof about the other. Who opens, the forced bets and the antes matter only at the start; the
        bet size is left symbolic (any size of at least one chip), so rounds of different sizes share a proof.
        A bring-in round keeps its sizes: its rules compare the bring-in with the bet."""
        if self.bring_in:
            return replace(self, opener=Opener.DEALER_LEFT, owed=None)
        if self.open_pair:                  # Q4: the small bet and the big keep their sizes, so that each is each
            return replace(self, opener=Opener.DEALER_LEFT, first=False, owed=None)
        return replace(self, size=SYMBOLIC_SIZE, opener=Opener.DEALER_LEFT, first=False, owed=None)


def start_kind(r: Rules) -> Rules:
    """Return the rules as the start of a later round reads them: any bet size (symbolic), and one rule for every
    opener the cards choose (the model leaves that seat free among the players still in). The first round keeps
    its sizes: its forced bets are compared with the bet."""
    if r.first:
        return r
    opener = Opener.HIGHEST_BOARD if chosen_by_cards(r.opener) else r.opener
    return replace(r, opener=opener) if r.open_pair else replace(r, size=SYMBOLIC_SIZE, opener=opener)


def street_rules(table: GameTable, street: Street, players: int) -> tuple[Rules, ...]:
    """Return every set of rules a betting street can be played by: its own, and with the open-pair option where a
    pair may show (Q4)."""
    rules = Rules.of(table, street, players)
    match street.open_pair:
        case OpenPair.OFF:
            return (rules,)
        case OpenPair.BIG_BET_OPTION:
            return rules, Rules.of(table, street, players, open_pair=True)
        case _:
            assert_never(street.open_pair)


def round_kinds(table: GameTable, players: int) -> list[tuple[int, Rules]]:
    """Return the distinct betting-round models of a table for ``players``: (first round index, rules)."""
    seen: dict[Rules, int] = {}
    for index, street in enumerate(table.bet_streets):
        for rules in street_rules(table, street, players):
            seen.setdefault(rules, index)
    return [(index, rules) for rules, index in seen.items()]


@dataclass
class State:
    """One state of a betting round: Z3 terms, or plain values."""

    bets: list[Any]          # chips each seat put in this round (forced bets included)
    stacks: list[Any]        # chips behind
    folded: list[Any]
    pending: list[Any]       # still to act this round (the engine's ``actors``, as a set)
    acted: list[Any]         # acted since the last full bet or raise (G3, G4, P2)
    checked: list[Any]       # checked this round (check-raise, B1, F6)
    actor: Any               # the seat to act (the engine's ``actors[0]``), NOBODY when none
    count: Any               # bets and raises counted toward the cap (G1, P1)
    increment: Any           # the last full raise (G4; P2: the largest raise)
    full_level: Any          # the level of the last full bet (G3)
    shorts: Any              # the sum of consecutive short all-in raises (G4, P2)
    first_bettor: Any        # who made the first bet (B2), NOBODY when nobody has
    opened: Any              # someone has bet (posts are no bet, F5)
    completion: Any          # the first full bet is still a completion (L4)
    bring_in_due: Any        # the bring-in must be posted or completed (L4)
    lifted: Any              # the cap no longer applies: heads-up (G2)
    big_made: Any            # the big bet was bet or raised where an open pair allows it (Q4): later ones are big
    pot: Any                 # every chip in the pot, this round's bets included

    @property
    def n(self) -> int:
        return len(self.bets)

    @classmethod
    def symbolic(cls, players: int, tag: str) -> "State":
        """Return a state of fresh Z3 variables named ``tag``."""
        ints = lambda name: [z3.Int(f"{tag}_{name}{i}") for i in range(players)]
        bools = lambda name: [z3.Bool(f"{tag}_{name}{i}") for i in range(players)]
        return cls(bets=ints("bet"), stacks=ints("stack"), folded=bools("folded"), pending=bools("pending"),
                   acted=bools("acted"), checked=bools("checked"), actor=z3.Int(f"{tag}_actor"),
                   count=z3.Int(f"{tag}_count"), increment=z3.Int(f"{tag}_increment"),
                   full_level=z3.Int(f"{tag}_full_level"), shorts=z3.Int(f"{tag}_shorts"),
                   first_bettor=z3.Int(f"{tag}_first_bettor"), opened=z3.Bool(f"{tag}_opened"),
                   completion=z3.Bool(f"{tag}_completion"), bring_in_due=z3.Bool(f"{tag}_bring_in_due"),
                   lifted=z3.Bool(f"{tag}_lifted"), big_made=z3.Bool(f"{tag}_big_made"), pot=z3.Int(f"{tag}_pot"))

    def values(self) -> dict[str, Any]:
        """Return the fields by name (lists copied)."""
        return {f.name: (list(getattr(self, f.name)) if isinstance(getattr(self, f.name), list)
                         else getattr(self, f.name)) for f in fields(self)}

    def evaluate(self, model: z3.ModelRef) -> "State":
        """Return the plain state a Z3 model gives these terms."""
        def value(term):
            if not z3.is_expr(term):
                return term
            got = model.eval(term, model_completion=True)
            return z3.is_true(got) if z3.is_bool(got) else got.as_long()
        return State(**{k: ([value(t) for t in v] if isinstance(v, list) else value(v))
                        for k, v in self.values().items()})


# The fields of a state that are a value per seat (a step copies them, ``_copy``; the rest it may share).
LISTS = ("bets", "stacks", "folded", "pending", "acted", "checked")
assert {f.name for f in fields(State) if str(f.type).startswith("list")} == set(LISTS), "LISTS names every list"


def mux(o, cond, a: State, b: State) -> State:
    """Return the state ``a`` where ``cond`` holds, else ``b``, field by field."""
    if not o.symbolic:
        return a if cond else b
    va, vb = a.values(), b.values()
    return State(**{k: ([o.If(cond, x, y) for x, y in zip(va[k], vb[k])] if isinstance(va[k], list)
                        else o.If(cond, va[k], vb[k])) for k in va})


# ---- facts about a state ----

def level(o, s: State) -> Any:
    """Return what every player must have put in this round to stay in."""
    return o.Max(s.bets)


def owed(o, s: State, i: int) -> Any:
    """Return what seat ``i`` must add to call."""
    return level(o, s) - s.bets[i]


def able(o, s: State, i: int) -> Any:
    """Return whether seat ``i`` can still make a betting decision: in the hand, with chips behind."""
    return o.And(o.Not(s.folded[i]), s.stacks[i] > 0)


def contenders(o, s: State) -> Any:
    """Return how many players are still in the hand."""
    return s.n - o.Count(s.folded)


def done(o, s: State) -> Any:
    """Return whether the round is over: nobody left to act, or one player left in the hand (S1)."""
    return o.Or(o.Not(o.Or(*s.pending)), contenders(o, s) <= 1)


def capped(o, r: Rules, s: State) -> Any:
    """Return whether the round has had its bet and all its raises (T4, G1), unless the cap is lifted (G2)."""
    if r.cap is None:
        return False
    return o.And(s.count >= r.cap, o.Not(s.lifted))


def call_amount(o, s: State, i: int) -> Any:
    """Return what a call costs seat ``i``: the amount owed, or all its chips if that is less (G6)."""
    return o.Min(owed(o, s, i), s.stacks[i])


# ---- what the player to act may do ----

def may_fold(o, r: Rules, s: State, i: int, raising: Any = None) -> Any:
    """Return whether seat ``i`` may fold: facing a bet (B1), or where checking is off and a bet can be made
    (F5: bet or drop), or at any turn where the table lets a player fold facing no bet (O4); never a bring-in due.
    (``raising``: ``may_raise`` of the same state, if known.)"""
    if r.fold_facing_no_bet:                     # O4: the room folds a player who could check, if he wants
        return o.Not(s.bring_in_due)
    return o.And(o.Not(s.bring_in_due), o.Or(owed(o, s, i) > 0, bet_or_drop(o, r, s, i, raising)))


def bet_or_drop(o, r: Rules, s: State, i: int, raising: Any = None) -> Any:
    """Return whether seat ``i`` must bet or drop (F5: no check before anyone bets where checks are off), which
    it need not where it cannot bet (nobody could call it, or it has only the call: G6)."""
    if r.check:
        return False
    return o.And(o.Not(s.opened), may_raise(o, r, s, i) if raising is None else raising)


def may_call(o, r: Rules, s: State, i: int, raising: Any = None) -> Any:
    """Return whether seat ``i`` may check or call: F5 allows no check or call before anyone bets where checks are
    off, unless the player cannot bet (nobody could call it, or he has only the call): then he checks or calls."""
    return o.And(o.Not(s.bring_in_due), o.Not(bet_or_drop(o, r, s, i, raising)))


def may_bring_in(o, r: Rules, s: State, i: int) -> Any:
    """Return whether seat ``i`` may post the bring-in (L4)."""
    return s.bring_in_due


def raise_bars(o, r: Rules, s: State, i: int) -> Iterator[tuple[str, Any]]:
    """Yield what may bar seat ``i`` from betting, completing or raising now: (name, condition) pairs, in the
    order a refusal names them; seat ``i`` may raise when none holds (``may_raise``). Each condition is built
    only when asked for, so the plain reading stops at the first that holds."""
    if not r.bring_in_may_bet:                   # N7: the bring-in is posted for exactly the bring-in
        yield "bring-in-exact", s.bring_in_due
    yield "capped", capped(o, r, s)                                       # T4, G1
    yield "checked", o.And(not r.check_raise, s.checked[i])              # B1, F6: no check-raise
    yield "only-call", s.stacks[i] <= owed(o, s, i)                      # G6
    lvl = level(o, s)
    yield "nobody-covers", o.Not(o.Or(*[o.And(o.Not(s.folded[j]), s.stacks[j] + s.bets[j] > lvl)   # G6
                                        for j in range(s.n) if j != i]))
    match r.short_all_in:
        case ShortAllIn.FULL_RAISE_ONLY:         # P2, as pokerkit plays it: facing less than a full raise
            yield "short-all-in", o.Or(call_amount(o, s, i) < s.increment,
                                       o.And(s.shorts > 0, s.shorts < s.increment, s.acted[i]))
        case ShortAllIn.ALL_INS_ADD_UP | ShortAllIn.HALF_BET_REOPENS:    # G4, G3: a short all-in reopens nothing
            yield "acted", s.acted[i]


def may_raise(o, r: Rules, s: State, i: int) -> Any:
    """Return whether seat ``i`` may bet, complete or raise now: nothing in ``raise_bars`` bars it."""
    if not o.symbolic:                  # the plain reading stops at the first bar that holds
        for _, barred in raise_bars(o, r, s, i):
            if barred:
                return False
        return True
    return o.Not(o.Or(*[barred for _, barred in raise_bars(o, r, s, i)]))


def size_now(o, r: Rules, s: State) -> Any:
    """Return the bet a full bet or raise adds now: the round's, or the big bet once it was bet where a pair showing
    allows it (Q4)."""
    if not r.open_pair:
        return r.size
    return o.If(s.big_made, r.big, r.size)


def most_size(r: Rules) -> Any:
    """Return the most one full bet or raise of the round adds: the big bet where a pair showing allows it (Q4)."""
    return r.big if r.open_pair else r.size


def most_level(o, r: Rules, s: State) -> Any:
    """Return the most the level of the round can still reach with deep stacks: the level now, or the next full
    bet of the largest size (Q4: the big bet where a pair shows) and every bet the cap leaves after it (T4, G1).

    Property 4 proves that no level of a round goes past it, from the largest it can be when the round starts;
    the engine reads it on the round's start with deep stacks (``engine/state.max_investment``).
    """
    most = most_size(r)
    return o.Max([level(o, s), full_to(o, r, s, most) + (r.cap - s.count - 1) * most])


def least_full(o, r: Rules, s: State) -> Any:
    """Return the level a full bet or raise goes to now, before any all-in cut (G3: from the last full bet)."""
    return full_to(o, r, s, size_now(o, r, s))


def full_to(o, r: Rules, s: State, size: Any) -> Any:
    """Return the level a full bet or raise of ``size`` goes to now (G3: from the last full bet)."""
    if r.short_all_in is ShortAllIn.HALF_BET_REOPENS:
        return s.full_level + size
    return o.Max([s.increment, size]) + o.If(s.completion, 0, raised_from(o, r, s))


def raised_from(o, r: Rules, s: State) -> Any:
    """Return the level a raise is measured from: the bets so far, or the bring-in while it is due (N5)."""
    return o.If(s.bring_in_due, o.Max([level(o, s), r.bring_in]), level(o, s))


def rounded_pot(o, unit: int, chips: Any) -> Any:
    """Return the pot after calling as pot-limit sizes the largest bet: rounded up to a multiple of the table's
    ``pot_rounding`` (``unit``) where it has one (N7, L 186), else as it is.

    >>> rounded_pot(PY, 25, 80), rounded_pot(PY, 1, 80)
    (100, 80)
    """
    if unit <= 1:
        return chips
    return ((chips + unit - 1) / unit) * unit if o.symbolic else -(-chips // unit) * unit


def raise_range(o, r: Rules, s: State, i: int) -> tuple[Any, Any]:
    """Return the least and the most seat ``i`` may bet or raise to (T3, G4, G5)."""
    all_in = s.stacks[i] + s.bets[i]
    least = o.Min(least_full(o, r, s), all_in)
    match r.structure:
        case Structure.FIXED_LIMIT:              # Q4: a pair showing lets the bet or raise be the big bet
            most = o.Min(full_to(o, r, s, r.big), all_in) if r.open_pair else least
        case Structure.POT_LIMIT:                # G5: at most the pot after calling (N7: rounded up)
            most = o.Min(all_in, o.Max([least, level(o, s) + rounded_pot(o, r.pot_rounding, s.pot + owed(o, s, i))]))
        case Structure.NO_LIMIT:                 # G4: up to all in
            most = all_in
    return least, most


def legal_raise(o, r: Rules, s: State, i: int, amount: Any) -> Any:
    """Return whether seat ``i`` may bet or raise to ``amount`` (a full one, or all in for less: G3, G4); either
    goes above what is already in (S1)."""
    least, most = raise_range(o, r, s, i)
    all_in = s.stacks[i] + s.bets[i]
    lvl = level(o, s)
    short = o.And(amount == all_in, lvl < amount, amount < least)
    fixed = o.Or(amount == least, amount == most) if r.open_pair else amount == least       # Q4: either bet
    sized = o.And(amount <= all_in, lvl < amount, least <= amount, amount <= most,
                  fixed if r.structure is Structure.FIXED_LIMIT else True)
    return o.And(amount >= 0, may_raise(o, r, s, i), o.Or(short, sized))


def legal(o, r: Rules, s: State, seat: Any, kind: Any, amount: Any = 0) -> Any:
    """Return whether ``seat`` may take the action ``kind`` (to ``amount`` for a raise) now."""
    def for_seat(i: int) -> Any:
        return o.Or(o.And(kind == CALL, may_call(o, r, s, i)),
                    o.And(kind == FOLD, may_fold(o, r, s, i)),
                    o.And(kind == BRING_IN, may_bring_in(o, r, s, i)),
                    o.And(kind == RAISE, legal_raise(o, r, s, i, amount)))
    return o.And(o.Not(done(o, s)), seat == s.actor, o.Or(*[o.And(seat == i, for_seat(i)) for i in range(s.n)]))


def choices(o, r: Rules, s: State, i: int) -> tuple[Any, Any, Any, Any, Any, Any]:
    """Return what seat ``i`` may do now, as the engine lists it at each decision: bring in, fold, check or call,
    bet or raise, and the least and the most it may bet or raise to (read only when it may)."""
    raising = may_raise(o, r, s, i)
    least, most = raise_range(o, r, s, i)
    return may_bring_in(o, r, s, i), may_fold(o, r, s, i, raising), may_call(o, r, s, i, raising), raising, \
        least, most


# ---- what an action changes ----

def next_pending(o, pending: list[Any], after: int) -> Any:
    """Return the first seat clockwise after ``after`` still to act, NOBODY if none."""
    n = len(pending)
    seat: Any = NOBODY
    for step in reversed(range(1, n + 1)):
        j = (after + step) % n
        seat = o.If(pending[j], j, seat)
    return seat


def first_from(o, flags: list[Any], start: Any) -> Any:
    """Return the first seat at or clockwise after ``start`` whose flag is set, NOBODY if none."""
    n = len(flags)
    if not o.symbolic:
        if start == NOBODY:
            return NOBODY
        return next(((start + k) % n for k in range(n) if flags[(start + k) % n]), NOBODY)
    if isinstance(start, int):
        seat: Any = NOBODY
        for k in reversed(range(n)):
            j = (start + k) % n
            seat = o.If(flags[j], j, seat)
        return seat
    # A symbolic start: seat j is first when it is flagged and no seat nearer clockwise from the start is.
    distance = [o.If(j >= start, j - start, j - start + n) for j in range(n)]
    seat = NOBODY
    for j in reversed(range(n)):
        nearer = [o.And(flags[k], distance[k] < distance[j]) for k in range(n) if k != j]
        seat = o.If(o.And(flags[j], o.Not(o.Or(*nearer)), start >= 0, start < n), j, seat)
    return seat


def is_full(o, r: Rules, s: State, amount: Any) -> Any:
    """Return whether a bet or raise to ``amount`` is a full one: it reopens the betting and counts for the cap."""
    match r.short_all_in:
        case ShortAllIn.HALF_BET_REOPENS:        # G3: half a bet or more counts as a full bet
            return 2 * (amount - s.full_level) >= size_now(o, r, s)
        case ShortAllIn.ALL_INS_ADD_UP:          # G4: at least the last full raise
            return amount - level(o, s) >= s.increment
        case ShortAllIn.FULL_RAISE_ONLY:         # P2
            return amount - level(o, s) >= o.Max([s.increment, 1])


def _lift(o, r: Rules, s: State) -> Any:
    """G2 (RRP): the cap is lifted when play becomes heads-up before the cap is reached."""
    if r.heads_up_cap is not HeadsUpCap.LIFTED:
        return s.lifted
    return o.Or(s.lifted, o.And(contenders(o, s) == 2, o.Not(capped(o, r, s))))


def _put(o, t: State, i: int, chips: Any) -> None:
    t.bets[i] = t.bets[i] + chips
    t.stacks[i] = t.stacks[i] - chips
    t.pot = t.pot + chips


def _copy(s: State) -> State:
    """Return a copy of ``s`` to change: its lists copied, its values shared."""
    t = object.__new__(State)
    values = t.__dict__ = s.__dict__.copy()
    values["bets"], values["stacks"], values["folded"] = values["bets"].copy(), values["stacks"].copy(), \
        values["folded"].copy()
    values["pending"], values["acted"], values["checked"] = values["pending"].copy(), values["acted"].copy(), \
        values["checked"].copy()
    return t


_PROBE = State(**{f.name: ([0] if f.name in LISTS else 0) for f in fields(State)})
assert all(getattr(_copy(_PROBE), name) is not getattr(_PROBE, name) for name in LISTS), "_copy copies every list"


def _after(o, s: State, i: int) -> State:
    """Return a copy of ``s`` to change, seat ``i`` no longer to act and marked as acted."""
    t = _copy(s)
    t.pending[i] = False
    t.acted[i] = True
    return t


def fold(o, r: Rules, s: State, i: int) -> State:
    """Return the state after seat ``i`` folds (B1); the cap may be lifted as play becomes heads-up (G2)."""
    t = _after(o, s, i)
    t.folded[i] = True
    t.lifted = _lift(o, r, t)
    t.actor = next_pending(o, t.pending, i)
    return t


def call(o, r: Rules, s: State, i: int) -> State:
    """Return the state after seat ``i`` checks or calls: the amount owed, or all its chips if less (B1, G6)."""
    t = _after(o, s, i)
    cost = call_amount(o, s, i)
    _put(o, t, i, cost)
    t.checked[i] = o.Or(s.checked[i], cost == 0)
    t.actor = next_pending(o, t.pending, i)
    return t


def bring_in(o, r: Rules, s: State, i: int) -> State:
    """Return the state after seat ``i`` posts the bring-in, or all its chips if less (L4)."""
    t = _after(o, s, i)
    _put(o, t, i, o.Min(s.stacks[i], r.bring_in))
    t.bring_in_due = False
    t.actor = next_pending(o, t.pending, i)
    return t


def bet(o, r: Rules, s: State, i: int, amount: Any) -> State:
    """Return the state after seat ``i`` bets, completes or raises to ``amount``: who may act again (G3, G4, P2),
    the last full raise, the cap count (G1, P1) and the first bettor (B2)."""
    n = s.n
    t = _after(o, s, i)
    lvl = level(o, s)
    raise_by = amount - lvl
    full = is_full(o, r, s, amount)
    _put(o, t, i, amount - s.bets[i])
    all_in = t.stacks[i] == 0
    only_me = [j == i for j in range(n)]
    me_too = t.acted
    match r.short_all_in:
        case ShortAllIn.FULL_RAISE_ONLY:         # P2: pokerkit's bookkeeping, step for step
            reset = raise_by >= s.increment
            t.acted = [o.If(reset, a, b) for a, b in zip(only_me, me_too)]
            t.increment = o.Max([s.increment, raise_by])
            shorts = o.If(all_in, s.shorts + raise_by, 0)
            t.shorts = o.If(shorts >= t.increment, 0, shorts)
        case ShortAllIn.ALL_INS_ADD_UP:          # G4
            added = s.shorts + raise_by
            reopen = o.Or(full, added >= s.increment)
            t.acted = [o.If(reopen, a, b) for a, b in zip(only_me, me_too)]
            t.increment = o.If(full, raise_by, s.increment)
            t.shorts = o.If(reopen, 0, added)
        case ShortAllIn.HALF_BET_REOPENS:        # G3
            t.acted = [o.If(full, a, b) for a, b in zip(only_me, me_too)]
            t.full_level = o.If(full, amount, s.full_level)
    t.count = s.count + (1 if r.cap_counts is CapCounts.ACTIONS else o.If(full, 1, 0))
    if r.open_pair:                              # Q4: a bet or raise of more than the small bet makes the big bet
        raised = amount - (s.full_level if r.short_all_in is ShortAllIn.HALF_BET_REOPENS else lvl)
        t.big_made = o.Or(s.big_made, raised > r.size)
    t.first_bettor = o.If(s.opened, s.first_bettor, i)
    t.opened = True
    t.completion = False
    t.bring_in_due = False
    t.pending = [False if j == i else o.And(o.Not(t.folded[j]), t.stacks[j] > 0) for j in range(n)]
    t.actor = next_pending(o, t.pending, i)
    return t


def step_seat(o, r: Rules, s: State, i: int, kind: Any, amount: Any) -> State:
    """Return the state after seat ``i`` takes the action ``kind`` (to ``amount`` for a raise): the plain reading
    takes the one branch of the action; the Z3 reading muxes over the four."""
    if not o.symbolic:
        if kind == CALL:
            return call(o, r, s, i)
        if kind == RAISE:
            return bet(o, r, s, i, amount)
        if kind == FOLD:
            return fold(o, r, s, i)
        if kind == BRING_IN:
            return bring_in(o, r, s, i)
        raise ValueError(f"no action kind {kind!r}")
    return mux(o, kind == FOLD, fold(o, r, s, i),
               mux(o, kind == CALL, call(o, r, s, i),
                   mux(o, kind == BRING_IN, bring_in(o, r, s, i), bet(o, r, s, i, amount))))


def step(o, r: Rules, s: State, kind: Any, amount: Any = 0) -> State:
    """Return the state after the player to act takes the action ``kind`` (to ``amount`` for a raise)."""
    if not o.symbolic:
        return step_seat(o, r, s, s.actor, kind, amount)
    result = step_seat(o, r, s, 0, kind, amount)
    for i in range(1, s.n):
        result = mux(o, s.actor == i, step_seat(o, r, s, i, kind, amount), result)
    return result


def finish(o, s: State) -> State:
    """Return the state once the round is over: a bet nobody matched goes back to its owner (S1)."""
    n = s.n
    if not o.symbolic:
        unmatched = uncalled(s.bets)
        if unmatched is None:
            return s
        top, excess = unmatched
        t = _copy(s)
        t.bets[top] -= excess
        t.stacks[top] += excess
        t.pot -= excess
        return t
    v = s.values()
    lvl = level(o, s)
    result = State(**{k: (list(x) if isinstance(x, list) else x) for k, x in v.items()})
    for top in reversed(range(n)):
        # ``top`` is the first seat holding the highest bet (the engine's stable sort)
        is_top = o.And(s.bets[top] == lvl, *[s.bets[j] < lvl for j in range(top)])
        second = o.Max([s.bets[j] for j in range(n) if j != top])
        excess = s.bets[top] - second
        w = s.values()
        w["bets"][top] = second
        w["stacks"][top] = s.stacks[top] + excess
        w["pot"] = s.pot - excess
        result = mux(o, is_top, State(**w), result)
    return result


# ---- who opens, and the state a round starts in ----

@dataclass
class Seats:
    """What the opener rules read from the hand: given as values (engine link) or Z3 terms (proofs)."""

    first_round_bettor: Any = NOBODY     # B2: who made the first bet of the first round
    chosen: Any = 0                      # L4, L6, R2, R3: the seat the cards pick (bring-in, best board)


RULE_SEATS: dict[Opener, Callable[[Any, int, Rules, Seats], Any]] = {
    Opener.DEALER_LEFT: lambda o, n, r, seats: 0,                                            # B1, K3, K4, F5
    Opener.LEFT_OF_BIG_BLIND: lambda o, n, r, seats: (last_blind_seat(n, r.blind_count) + 1) % n,    # K3, V11
    Opener.LEFT_OF_LAST_POST: lambda o, n, r, seats: (post_seats(n, r.post_count)[-1] + 1) % n,     # F4
    Opener.FIRST_ROUND_OPENER: lambda o, n, r, seats: o.If(seats.first_round_bettor == NOBODY, 0,
                                                           seats.first_round_bettor),      # B2
    Opener.BRING_IN: lambda o, n, r, seats: seats.chosen,                                   # L4, R2
    Opener.HIGHEST_BOARD: lambda o, n, r, seats: seats.chosen,                              # L6
    Opener.LOWEST_BOARD: lambda o, n, r, seats: seats.chosen,                               # R3, N4
    Opener.LOWEST_BOARD_ACE_HIGH: lambda o, n, r, seats: seats.chosen,                      # Y4
}


def rule_seat(o, r: Rules, seats: Seats) -> Any:
    """Return the seat the round's opener rule points at, before skipping players who cannot act."""
    return RULE_SEATS[r.opener](o, r.players, r, seats)


def chosen_by_cards(opener: Opener) -> bool:
    """Return whether the rule's seat depends on the cards (the model leaves it free among players still in)."""
    return opener in (Opener.BRING_IN, Opener.HIGHEST_BOARD, Opener.LOWEST_BOARD, Opener.LOWEST_BOARD_ACE_HIGH)


def forced(o, r: Rules, chips: list[Any], carried: Any = 0) -> posting.Posted:
    """Return the chips after the first round's forced bets: the engine's own rule (``forced_bets.py``)."""
    assert r.owed is not None, "only the first round has forced bets"
    return posting.post(o, r.owed, chips, carried)


def start(o, r: Rules, bets: list[Any], stacks: list[Any], folded: list[Any], pot: Any, seats: Seats,
          count: Any = 0, full_level: Any = 0) -> State:
    """Return the state a round starts in (the engine's ``betting.start`` from ``openers.first_able``)."""
    n = len(bets)
    can_act = [o.And(o.Not(folded[i]), stacks[i] > 0) for i in range(n)]
    first = first_from(o, can_act, rule_seat(o, r, seats))
    # A player nobody else in the hand covers has nothing to bet against (G6): at risk only if someone does. So a
    # player with chips and nothing to call is never the only one to act: whoever covers him can act too (a test
    # proves it for two to eight players).
    reach = [o.If(folded[j], -1, bets[j] + stacks[j]) for j in range(n)]
    at_risk = [o.Or(*[reach[j] > bets[i] for j in range(n) if j != i]) for i in range(n)]
    pending = [o.And(first != NOBODY, can_act[i], at_risk[i]) for i in range(n)]
    playing = o.Count([o.Not(f) for f in folded])
    due = bool(r.bring_in) and r.first
    return State(bets=list(bets), stacks=list(stacks), folded=list(folded), pending=pending,
                 acted=[False] * n, checked=[False] * n, actor=first_from(o, pending, first),
                 count=count, increment=r.size if r.short_all_in is ShortAllIn.ALL_INS_ADD_UP else 0,
                 full_level=full_level, shorts=0, first_bettor=NOBODY, opened=full_level > 0,
                 completion=due and r.bring_in < r.size, bring_in_due=due,
                 lifted=o.And(r.heads_up_cap is not HeadsUpCap.KEPT, playing == 2), big_made=False, pot=pot)


# ---- the rules of a round as one transition relation, for proofs ----

@dataclass
class Move:
    """A symbolic action, as the proofs take it: who, what, and to how much (for a raise)."""

    seat: Any
    kind: Any
    amount: Any

    @classmethod
    def symbolic(cls, tag: str) -> "Move":
        return cls(z3.Int(f"{tag}_seat"), z3.Int(f"{tag}_kind"), z3.Int(f"{tag}_amount"))


def words(kind: int) -> str:
    """Return the model's name for an action kind."""
    return {CALL: "check or call", RAISE: "bet or raise", FOLD: "fold", BRING_IN: "bring in"}[kind]


# ---- the facts every reachable state has, and the symbolic states the proofs start from ----

def well_formed(o, r: Rules, s: State) -> Any:
    """Return the round's invariant: what every state the engine can reach satisfies (proved inductive).

    Chips are never negative and the pot holds at least the round's bets; whoever
    is still to act can act; the player to act is one of them; the cap count
    stays within the cap while it applies (T4); the last full raise is at least
    the smallest bet where short all-ins add up (G4), and short all-ins still
    adding up stay below the largest raise where pokerkit's rule holds (P2); and
    the next full bet is above the current level (G3: a short all-in raises less
    than half a bet; L4: the bring-in is less than a completion).
    """
    n = s.n
    lvl = level(o, s)
    facts = [s.pot >= o.Sum(s.bets), s.count >= 0, s.increment >= 0, s.shorts >= 0,
             o.Implies(s.bring_in_due, s.completion == (r.bring_in < r.size))]
    # L4: the bring-in is the round's first action: nothing bet, nobody acted, the cap untouched
    first = r.size if r.short_all_in is ShortAllIn.ALL_INS_ADD_UP else 0
    facts.append(o.Implies(s.bring_in_due, o.And(s.count == 0, s.shorts == 0, s.increment == first,
                                                 o.Not(s.opened), s.full_level == 0,
                                                 *[o.And(b == 0, o.Not(a), o.Not(c))
                                                   for b, a, c in zip(s.bets, s.acted, s.checked)])))
    for i in range(n):
        facts += [s.bets[i] >= 0, s.stacks[i] >= 0, o.Implies(s.pending[i], able(o, s, i))]
    facts.append(o.Implies(o.Not(done(o, s)), o.Or(*[o.And(s.actor == i, s.pending[i]) for i in range(n)])))
    if r.cap is not None:
        facts.append(o.Implies(o.Not(s.lifted), s.count <= r.cap))
    if r.heads_up_cap is HeadsUpCap.KEPT:
        facts.append(o.Not(s.lifted))
    match r.short_all_in:
        case ShortAllIn.HALF_BET_REOPENS:
            facts += [s.full_level >= 0, s.full_level <= lvl, lvl < s.full_level + size_now(o, r, s)]
        case ShortAllIn.ALL_INS_ADD_UP:
            facts.append(s.increment >= r.size)
        case ShortAllIn.FULL_RAISE_ONLY:         # P2: short all-ins that reach the largest raise start again
            facts.append(o.Implies(s.shorts > 0, s.shorts < s.increment))
    if r.short_all_in is not ShortAllIn.HALF_BET_REOPENS:
        facts.append(lvl < least_full(o, r, s))
    return o.And(*facts)


def symbolic_start(r: Rules, tag: str, min_stack: int = 0) -> tuple[State, list[Any]]:
    """Return a symbolic state a round of ``r`` may start in, and what is known about it.

    The first round: every player with at least the minimum stack (and one chip),
    antes and forced bets posted by the model of ``forced``, any pot carried over
    from a redeal. A later round: any stacks (players may be all in), any players
    folded as long as two are left, any pot, any first bettor of the first round. A seat the
    cards choose (bring-in, best board) is any player still in.
    """
    o = Z3
    n = r.players
    chips = [z3.Int(f"{tag}_chips{i}") for i in range(n)]
    pot = z3.Int(f"{tag}_pot0")
    known: list[Any] = [pot >= 0]
    chosen = z3.Int(f"{tag}_chosen")
    first_bettor = z3.Int(f"{tag}_first_bettor")
    if r.first:
        folded = [False] * n
        known += [c >= max(1, min_stack) for c in chips]
        posted = forced(o, r, chips, carried=pot)
        bets, stacks, pot_now, count, full_level = posted.bets, posted.stacks, posted.pot, posted.count, \
            posted.full_level
        known.append(first_bettor == NOBODY)
    else:
        folded = [z3.Bool(f"{tag}_out{i}") for i in range(n)]
        known += [c >= 0 for c in chips]
        known.append(o.Count([o.Not(f) for f in folded]) >= 2)
        bets, stacks, pot_now, count, full_level = [0] * n, chips, pot, 0, 0
        known += [first_bettor >= NOBODY, first_bettor < n]
    known += [chosen >= 0, chosen < n, o.Or(*[o.And(chosen == i, o.Not(folded[i])) for i in range(n)])]
    state = start(o, r, bets, stacks, folded, pot_now, Seats(first_round_bettor=first_bettor, chosen=chosen),
                  count=count, full_level=full_level)
    if not isinstance(r.size, int):
        known.append(r.size >= 1)
    return state, known



def max_investment(table: GameTable) -> int | None:
    """Return the most one player can put into one hand at a fixed-limit table with a cap, None elsewhere: the
    largest ante, and for each betting round the most its level can reach from the round's start with deep
    stacks (``most_level``), at any player count.

    It is the very bound property 4 proves with Z3 (the same ``most_level``, maximised over every start), and
    ``lowball verify`` fails where the two differ.

    >>> from lowball.core.games import load_game_table
    >>> max_investment(load_game_table()), max_investment(load_game_table("razz"))
    (13, 65)
    >>> max_investment(load_game_table(overrides={"raises_per_round": "unlimited"})) is None    # T4 lifted: no most
    True
    """
    if table.structure is not Structure.FIXED_LIMIT or table.bets_per_round is None:
        return None
    deep = MAX_STACK // 4                                # deeper than any bound: nobody is short
    most: dict[int, int] = {}
    for players in table.player_counts:
        for number, street in enumerate(table.bet_streets):
            for r in street_rules(table, street, players):
                if r.first:
                    posted = forced(PY, r, [deep] * players)
                    s = start(PY, r, list(posted.bets), list(posted.stacks), [False] * players, posted.pot,
                              Seats(), count=posted.count, full_level=posted.full_level)
                else:
                    s = start(PY, r, [0] * players, [deep] * players, [False] * players, 0, Seats())
                most[number] = max(most.get(number, 0), most_level(PY, r, s))
    return posting.largest_ante(table) + sum(most.values())

__all__ = ["BRING_IN", "CALL", "FOLD", "NOBODY", "RAISE", "RULE_SEATS", "Rules",
           "SYMBOLIC_SIZE", "Seats", "State", "able", "bet", "bring_in", "call", "choices", "done", "finish", "first_from",
           "most_size", "size_now", "street_rules",
           "fold", "forced", "is_full", "legal", "legal_raise", "level", "may_bring_in", "may_call", "may_fold",
           "max_investment", "may_raise", "most_level", "Move", "raise_bars", "raise_range", "start", "step", "symbolic_start", "well_formed"]


# Every rule above is written once over ``o``. The engine plays its plain reading, compiled from that same text
# when this module loads (``readings.py``: ``o.And(a, b)`` runs as ``a and b``), the same for every hand from the
# first; ``lowball verify`` reads it with Z3 terms, and ``verify/readings.py`` proves the two equal.
PLAIN_READINGS = compile_rules(globals(), PY)
# The plain readings by name, for the engine's innermost loop (one call, no dispatch on ``o``).
PLAIN = SimpleNamespace(**{name: globals()[name].plain for name in PLAIN_READINGS})
