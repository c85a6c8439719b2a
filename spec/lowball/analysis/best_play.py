"""The best play of several draws (K2, K8, W1, U4): the chance of a goal within N draws when every keep is the best.

At each draw the player keeps whatever gives the best chance of making the goal (say "seven-low or better") by
the last draw, having seen his own cards and every card he has thrown (D1: discards never come back). That is a
finite decision problem, and it is solved here exactly, by dynamic programming over what is held and what is
still unseen: the value of a position is the best, over every keep, of the average value of the positions the
draw can lead to, each set of replacements from the unseen cards being equally likely; with no draw left, a hand
is worth 1 if it is the goal and 0 if not.

Three facts keep the positions few, each exact (``tests/cards/test_best_play.py`` checks them against a plain search
over every keep on short decks):

* A card that no hand of the goal can hold (a rank above it: a king for a seven-low) is *dead*, and dead cards
  are never kept: throwing one now and the same card later differ only in that the first way draws one more card
  now, and a card drawn now is worth at least a card left in the deck. So the unseen dead cards are one number.
* Only the suits and ranks that the goal can tell apart are kept apart: where flushes do not count (ace-to-five)
  a card is its rank, and where the goal treats every rank below it alike (ace-to-five, badugi) ranks are
  interchangeable; everywhere suits are interchangeable. A position is stored under one name for all the
  positions that a renaming of suits (and of ranks, where allowed) turns it into.
* The last draw needs no search: the number of replacement sets that complete a keep is counted from how many
  unseen cards each rank has (less the flushes, in a system where a flush spoils a low; badugi counts the ways
  to give the new ranks the suits the hand lacks).

Two more make it fast without changing an answer: the cards of a draw come one at a time, so that draws which
differ only by a renaming meet in one position; and where a flush spoils a low, a keep is valued only while the
same goal with every set of its ranks made (a bound from above, solved by ranks alone) says it could still beat
the best keep found. A question that would value more than ``WORK_BUDGET`` positions is refused (drawing five
fresh cards three times in deuce-to-seven takes about 1.5 million, minutes here); where a flush spoils a low it is
sized first and refused before any counting (``estimated_positions``).

The questions notebook 9 asks as its page opens are answered ahead, by this search, and stored
(``lowball.analysis.stored_answers``; ``tests/cards/test_best_play.py`` searches them again): ``best_play`` returns the
stored answer to the very same question, so that the page opens in seconds.

The fixed-keep rule of ``lowball.analysis.draws`` (keep the same cards every draw) is the other reading of
"within N draws": it undercounts whenever a draw catches a useful card that the rule then throws away again.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable

from lowball.analysis.draws import check_draws
from lowball.analysis.odds import Kind, goal_kind, split_hand
from lowball.analysis.stored_answers import ANSWERS
from lowball.core.cards import DECK, JOKER, SUIT_CHARS, Card, deck_of, format_cards, parse_cards
from lowball.core.progress import progress_bar
from lowball.errors import LowballError
from lowball.ranking import RankingSystem, as_system, evaluate, value
from lowball.ranking.joker import refuse_joker

# The most positions the search may value before it says the question is too big to answer exactly here: about
# half a minute of counting on the shared two-core machine.
WORK_BUDGET = 150_000
# What to ask instead of a question too big for the search.
ASK_INSTEAD = "ask for fewer draws or keep more cards, or ask for the fixed-keep odds"


FULL = 0b1111                 # a rank row's four suits, one bit each (c, d, h, s)
SUIT_ORDERS = tuple(itertools.permutations(range(4)))
# PERMUTED[p][mask]: the suit mask after renaming the suits by the p-th permutation.
PERMUTED = tuple(tuple(sum(1 << order[s] for s in range(4) if mask >> s & 1) for mask in range(16))
                 for order in SUIT_ORDERS)
# INVERSES[p][t]: the suit that the p-th permutation renames to t.
INVERSES = tuple(tuple(order.index(t) for t in range(4)) for order in SUIT_ORDERS)
BITS = tuple(bin(mask).count("1") for mask in range(16))
# RENAMING[order]: the suit masks renamed so that suit order[t] becomes suit t.
RENAMING = {order: PERMUTED[SUIT_ORDERS.index(tuple(order.index(s) for s in range(4)))] for order in SUIT_ORDERS}


@dataclass(frozen=True)
class Goal:
    """What the search aims at: the hands of ``kind`` or better under ``row``, read from the useful cards alone.

    ``values`` are the rank values some hand of the goal holds, lowest first (the *useful* ranks; the joker is
    useful wherever it plays); a hand is named by the places of its ranks in ``values``. ``made_sets`` are the
    sets of places a natural hand of the goal holds, ``joker_sets`` those that the joker completes;
    ``flush_spoils`` says whether five cards of one suit are then not the goal (a flush counts against a low,
    H2, K1), ``rainbow`` whether a hand must hold its ranks in different suits (badugi, U1), ``suits_matter``
    whether a suit can change a verdict at all (not in ace-to-five), and ``ranks_alike`` whether every useful
    rank plays the same part (no straight tells them apart). ``distinct_ranks`` is False only in the bound that
    lets a badugi's ranks repeat (``suitless``).
    """

    row: RankingSystem
    kind: Kind
    size: int
    values: tuple[int, ...]
    made_sets: frozenset[frozenset[int]]
    joker_sets: frozenset[frozenset[int]]
    flush_spoils: bool
    rainbow: bool
    suits_matter: bool
    ranks_alike: bool
    distinct_ranks: bool = True

    @functools.cached_property
    def viable(self) -> frozenset[tuple[frozenset[int], bool]]:
        """Return every (set of places, joker held) that some hand of the goal holds: the keeps that can still
        make it at the last draw."""
        found = set()
        for sets, joker in ((self.made_sets, False), (self.joker_sets, True)):
            for target in sets:
                for k in range(len(target) + 1):
                    found.update((frozenset(part), joker) for part in itertools.combinations(sorted(target), k))
                    if joker:
                        found.update((frozenset(part), False) for part in itertools.combinations(sorted(target), k))
        return frozenset(found)

    @functools.cached_property
    def extensions(self) -> Callable[[frozenset[int], int, bool], tuple[tuple[int, ...], ...]]:
        """Return a function: the new places that complete a set of places with ``r`` more natural cards."""
        @functools.cache
        def new_places(held: frozenset[int], r: int, joker: bool) -> tuple[tuple[int, ...], ...]:
            sets = self.joker_sets if joker else self.made_sets
            return tuple(tuple(sorted(target - held)) for target in sets
                         if held <= target and len(target) - len(held) == r)
        return new_places


def goal_of(row: RankingSystem, kind: Kind, deck: int) -> Goal:
    """Return the goal ``kind`` of ``row``, read off the evaluator: every set of different ranks is tried once in
    mixed suits and once all in one suit (and beside the joker, where the deck has one)."""
    natural = [card for card in deck_of(deck) if not card.is_joker]
    by_value: dict[int, int] = {}
    for card in natural:
        by_value.setdefault(value(card, row), card.rank)
    size = row.hand_size

    def hand(values: Iterable[int], one_suit: bool, joker: bool = False) -> tuple[Card, ...]:
        cards = tuple(Card(by_value[v], SUIT_CHARS[0 if one_suit else i % 4]) for i, v in enumerate(values))
        return cards + ((JOKER,) if joker else ())

    def made(cards: tuple[Card, ...]) -> bool:
        return evaluate(cards, row).rank <= kind.worst_rank

    every = sorted(by_value)
    made_values = [s for s in itertools.combinations(every, size) if made(hand(s, False))]
    with_joker = []
    if JOKER in deck_of(deck) and row.joker is not None:
        with_joker = [s for s in itertools.combinations(every, size - 1) if made(hand(s, False, joker=True))]
    values = tuple(sorted({v for s in made_values + with_joker for v in s}))
    place = {v: i for i, v in enumerate(values)}
    made_sets = frozenset(frozenset(place[v] for v in s) for s in made_values)
    joker_sets = frozenset(frozenset(place[v] for v in s) for s in with_joker)
    flush_spoils = size >= 5 and row.flushes_count and any(not made(hand(s, True)) for s in made_values)
    rainbow = not row.five_cards
    every_set = {frozenset(s) for s in itertools.combinations(range(len(values)), size)}
    every_joker_set = {frozenset(s) for s in itertools.combinations(range(len(values)), size - 1)}
    ranks_alike = made_sets == every_set and (not joker_sets or joker_sets == every_joker_set)
    return Goal(row=row, kind=kind, size=size, values=values, made_sets=made_sets, joker_sets=joker_sets,
                flush_spoils=flush_spoils, rainbow=rainbow, suits_matter=flush_spoils or rainbow,
                ranks_alike=ranks_alike)


# ---- Positions ----
# A position is what the player knows that matters for the goal: for each useful rank (by its place in
# ``goal.values``) the suits he holds and the suits still unseen, as two 4-bit masks; whether he holds the joker
# and whether it is unseen; and how many unseen cards are dead. Held dead cards are not part of it: they go.

Rows = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Position:
    """What is held and what is unseen, for the goal (see above)."""

    rows: Rows
    joker_held: bool
    joker_unseen: bool
    dead: int

    @property
    def held(self) -> list[tuple[int, int]]:
        """Return the held useful cards as (place, suit) pairs, the joker as (-1, -1)."""
        cards = [(i, s) for i, (held, _) in enumerate(self.rows) for s in range(4) if held >> s & 1]
        return cards + ([(-1, -1)] if self.joker_held else [])

    @property
    def unseen(self) -> list[tuple[int, int]]:
        """Return the unseen useful cards as (place, suit) pairs, the joker as (-1, -1)."""
        cards = [(i, s) for i, (_, unseen) in enumerate(self.rows) for s in range(4) if unseen >> s & 1]
        return cards + ([(-1, -1)] if self.joker_unseen else [])

    @property
    def unseen_count(self) -> int:
        return sum(BITS[unseen] for _, unseen in self.rows) + self.joker_unseen + self.dead


def position_of(held: Iterable[Card], unseen: Iterable[Card], goal: Goal) -> Position:
    """Return the position of a player holding ``held`` with ``unseen`` cards left (dead cards held are thrown)."""
    place = {v: i for i, v in enumerate(goal.values)}
    rows = [[0, 0] for _ in goal.values]
    joker_held = joker_unseen = False
    dead = 0
    for side, cards in ((0, held), (1, unseen)):
        for card in cards:
            if card.is_joker:
                if goal.joker_sets:
                    joker_held, joker_unseen = (True, joker_unseen) if side == 0 else (joker_held, True)
                elif side == 1:
                    dead += 1
                continue
            i = place.get(value(card, goal.row))
            if i is None:
                dead += side
            else:
                rows[i][side] |= 1 << SUIT_CHARS.index(card.suit)
    return Position(rows=tuple((h, u) for h, u in rows), joker_held=joker_held, joker_unseen=joker_unseen,
                    dead=dead)


def canonical(position: Position, goal: Goal) -> tuple:
    """Return one name for every position that renaming suits (and ranks, where they are alike) makes of it."""
    tail = (position.joker_held, position.joker_unseen, position.dead)
    if not goal.distinct_ranks:                # the suitless bound: a suit is what is held of it and how many unseen
        return tuple(sorted((any(h >> s & 1 for h, _ in position.rows), sum(u >> s & 1 for _, u in position.rows))
                            for s in range(4))) + tail
    if not goal.suits_matter:                  # ace-to-five: a card is its rank
        rows = tuple((BITS[h], BITS[u]) for h, u in position.rows)
        return (tuple(sorted(rows)) if goal.ranks_alike else rows) + tail
    if not goal.ranks_alike:
        # Rank by rank the rows stay in place, so renaming suits only reorders the four columns (a suit's held and
        # unseen cards, rank by rank): sorted, they name the position; equal columns may go in either order.
        rows = position.rows
        columns = [tuple(h >> s & 1 | (u >> s & 1) << 1 for h, u in rows) for s in range(4)]
        renamed = RENAMING[tuple(sorted(range(4), key=columns.__getitem__))]
        return tuple((renamed[h], renamed[u]) for h, u in rows) + tail
    # Badugi: ranks and suits are both renamed. A suit's column read as a multiset over the ranks is unchanged by
    # renaming ranks, so the renamings of suits worth trying are those that sort the columns by it (any order among
    # equal ones); of those, the least sorted table names the position.
    signature = [tuple(sorted(h >> s & 1 | (u >> s & 1) << 1 for h, u in position.rows)) for s in range(4)]
    best = None
    for inverse, permuted in zip(INVERSES, PERMUTED):
        if any(signature[inverse[t]] > signature[inverse[t + 1]] for t in range(3)):
            continue
        rows = tuple(sorted((permuted[h], permuted[u]) for h, u in position.rows))
        if best is None or rows < best:
            best = rows
    return best + tail


def suitless(goal: Goal) -> Goal:
    """Return badugi's goal with ranks free to repeat: four useful cards of four suits. A hand of the goal is one
    of it, so its best chance bounds the goal's from above; it is solved by how many useful cards each suit has."""
    return dataclasses.replace(goal, distinct_ranks=False)


def loosened(goal: Goal) -> Goal:
    """Return the goal with every set of its useful ranks made, in any suits: a hand of the goal is one of it, so
    its best chance bounds the goal's from above, and its ranks are alike, so it is solved by counts of ranks."""
    every = frozenset(frozenset(s) for s in itertools.combinations(range(len(goal.values)), goal.size))
    return dataclasses.replace(goal, made_sets=every, flush_spoils=False, rainbow=False, suits_matter=False,
                               ranks_alike=True)


# ---- Counting the last draw ----

def completions(position: Position, keep: tuple[tuple[int, int], ...], goal: Goal) -> int:
    """Return how many sets of replacements for the cards not in ``keep`` make the goal (the last draw).

    Every set is of ``goal.size - len(keep)`` unseen cards; one that holds a dead card never makes the goal.
    """
    r = goal.size - len(keep)
    natural = [card for card in keep if card[0] >= 0]
    joker_kept = len(natural) < len(keep)
    places = frozenset(i for i, _ in natural)
    if len(places) < len(natural) and goal.distinct_ranks:
        return 0                                      # a pair is in no hand of the goal
    suits = {s for _, s in natural}
    if goal.rainbow and len(suits) < len(natural):
        return 0                                      # two cards of one suit: one of them does not play (U1)
    rows = position.rows
    if goal.rainbow and not goal.distinct_ranks:
        free = [t for t in range(4) if t not in suits]
        return math.prod(sum(unseen >> t & 1 for _, unseen in rows) for t in free) if len(free) == r else 0
    if goal.rainbow and goal.ranks_alike:
        return rainbow_completions(rows, places, suits, r)
    count = 0
    if goal.rainbow:
        free = [s for s in range(4) if s not in suits]
        for new in goal.extensions(places, r, joker_kept):
            count += sum(all(rows[i][1] >> s & 1 for i, s in zip(new, order))
                         for order in itertools.permutations(free, len(new)))
    else:
        # The suits in which five cards would make a flush: the kept cards' one suit, or any where none is kept.
        flush_mask = 0
        if goal.flush_spoils:
            flush_mask = (1 << natural[0][1] if len(suits) == 1 else 0) if natural else FULL
        for new in goal.extensions(places, r, joker_kept):
            ways, common = 1, flush_mask
            for i in new:
                unseen = rows[i][1]
                ways *= BITS[unseen]
                common &= unseen
            count += ways - BITS[common]           # less the replacements that make the flush
    if position.joker_unseen and not joker_kept and r >= 1:
        count += sum(math.prod(BITS[rows[i][1]] for i in new) for new in goal.extensions(places, r - 1, True))
    return count


def rainbow_completions(rows: Rows, places: frozenset[int], suits: set[int], r: int) -> int:
    """Return the ways to draw ``r`` cards of ranks not held, all different, in the ``r`` suits not held (U1).

    Rank by rank, a card is taken or not, and the suits taken so far are remembered: a count over the ranks with
    the 16 sets of suits, instead of trying every set of ranks with every order of the suits.
    """
    free = FULL & ~sum(1 << s for s in suits)
    ways = {0: 1}                                   # suits taken so far -> in how many ways
    for i, (_, unseen) in enumerate(rows):
        if i in places or not unseen & free:
            continue
        step = dict(ways)
        for taken, count in ways.items():
            open_suits = unseen & free & ~taken
            while open_suits:
                bit = open_suits & -open_suits
                step[taken | bit] = step.get(taken | bit, 0) + count
                open_suits ^= bit
        ways = step
    return ways.get(free, 0) if BITS[free] == r else 0


# ---- The search ----

def keeps_of(position: Position) -> list[tuple[tuple[int, int], ...]]:
    """Return every keep of the useful cards held: each subset, the whole hand first."""
    held = position.held
    return [keep for size in range(len(held), -1, -1) for keep in itertools.combinations(held, size)]


def after_draw(position: Position, keep: tuple[tuple[int, int], ...], drawn: tuple[tuple[int, int], ...],
               dead_drawn: int) -> Position:
    """Return the position after keeping ``keep`` and drawing the useful cards ``drawn`` and ``dead_drawn`` dead."""
    rows = [[0, unseen] for _, unseen in position.rows]
    joker_held, joker_unseen = False, position.joker_unseen
    for i, s in keep:
        if i < 0:
            joker_held = True
        else:
            rows[i][0] |= 1 << s
    for i, s in drawn:
        if i < 0:
            joker_held, joker_unseen = True, False
        else:
            rows[i][0] |= 1 << s
            rows[i][1] &= ~(1 << s)
    return Position(rows=tuple((h, u) for h, u in rows), joker_held=joker_held, joker_unseen=joker_unseen,
                    dead=position.dead - dead_drawn)


def drawing(position: Position, card: tuple[int, int]) -> Position:
    """Return the position once the unseen useful ``card`` is drawn: held now, unseen no more."""
    i, s = card
    if i < 0:
        return dataclasses.replace(position, joker_held=True, joker_unseen=False)
    rows = list(position.rows)
    held, unseen = rows[i]
    rows[i] = (held | 1 << s, unseen & ~(1 << s))
    return dataclasses.replace(position, rows=tuple(rows))


class Search:
    """The values of positions for one goal, each computed once (by its canonical name)."""

    def __init__(self, goal: Goal, budget: int = WORK_BUDGET, bar: Any = None) -> None:
        self.goal = goal
        self.budget = budget
        self.bar = bar                                # a progress bar told of every position valued, or None
        self.values: dict[tuple, Fraction] = {}
        self.positions = 0                            # positions valued so far (the budget counts them)
        self.keep_lists: dict[tuple, list[tuple[tuple[int, int], ...]]] = {}
        # Where a flush spoils a low, the same game with flushes allowed bounds every keep from above and is
        # solved by rank alone: a keep is valued exactly only while its bound beats the best keep found.
        self.bounds = [Search(loosened(goal), budget)] if goal.suits_matter and goal.distinct_ranks else []
        if goal.rainbow and goal.distinct_ranks:
            self.bounds.append(Search(suitless(goal), budget))

    def keep_value(self, position: Position, keep: tuple[tuple[int, int], ...], draws: int) -> Fraction:
        """Return the chance of the goal after keeping ``keep`` with ``draws`` draws left, then playing best."""
        goal = self.goal
        r = goal.size - len(keep)
        if r == 0:                                    # standing pat: the hand is what it is
            return Fraction(int(completions(position, keep, goal) > 0))
        total = math.comb(position.unseen_count, r)
        if total == 0:
            return Fraction(0)
        if draws == 1:
            return Fraction(completions(position, keep, goal), total)
        return self.expected(after_draw(position, keep, (), 0), r, draws - 1)

    def expected(self, position: Position, to_draw: int, draws: int) -> Fraction:
        """Return the average value, with ``draws`` draws then left, of the positions that drawing ``to_draw`` more
        cards leads to: the cards come one at a time, so positions that differ only by renaming are met once."""
        if to_draw == 0:
            return self.value(position, draws)
        name = (canonical(position, self.goal), to_draw, draws, "drawing")
        found = self.values.get(name)
        if found is None:
            total = position.unseen_count
            children: dict[tuple, list] = {}          # each child once, with how many unseen cards lead to it
            for card, ways in self.next_cards(position):
                child = drawing(position, card)
                key = canonical(child, self.goal)
                if key in children:
                    children[key][1] += ways
                else:
                    children[key] = [child, ways]
            weighted = sum(ways * self.expected(child, to_draw - 1, draws) for child, ways in children.values())
            if position.dead:
                gone = dataclasses.replace(position, dead=position.dead - 1)
                weighted += position.dead * self.expected(gone, to_draw - 1, draws)
            found = self.values[name] = Fraction(weighted) / total
        return found

    def next_cards(self, position: Position) -> list[tuple[tuple[int, int], int]]:
        """Return the unseen useful cards, one of each kind the goal cannot tell apart, with how many there are."""
        if not self.goal.distinct_ranks:          # one card of each suit stands for the rest of it
            firsts = {}
            for i, s in position.unseen:
                if i >= 0:
                    firsts.setdefault(s, [(i, s), 0])[1] += 1
            return [(card, count) for card, count in firsts.values()]
        if self.goal.suits_matter:
            return [(card, 1) for card in position.unseen]
        cards = [((i, (unseen & -unseen).bit_length() - 1), BITS[unseen])
                 for i, (_, unseen) in enumerate(position.rows) if unseen]
        return cards + ([((-1, -1), 1)] if position.joker_unseen else [])

    def value(self, position: Position, draws: int) -> Fraction:
        """Return the chance of the goal from ``position`` with ``draws`` draws left, every keep the best."""
        name = (canonical(position, self.goal), draws)
        found = self.values.get(name)
        if found is None:
            self.positions += 1
            if self.positions > self.budget:
                raise LowballError(f"the best play here has more than {self.budget:,} positions to value: "
                                   f"{ASK_INSTEAD}")
            if self.bar is not None:
                self.bar.update()
            found = self.values[name] = self.best_keep(position, draws)[1]
        return found

    def best_keep(self, position: Position, draws: int) -> tuple[tuple[tuple[int, int], ...], Fraction]:
        """Return the best keep from ``position`` with ``draws`` draws left, and its chance (the first if tied)."""
        best_keep, found = (), Fraction(-1)
        keeps = self.keeps(position, draws)
        if not self.bounds or draws == 1:           # the last draw is counted at once: no bound needed
            ranked = [(None, keep) for keep in keeps]
        else:
            ranked = sorted(((min(bound.keep_value(position, keep, draws) for bound in self.bounds), keep)
                             for keep in keeps), key=lambda pair: pair[0], reverse=True)
        for bound, keep in ranked:
            if bound is not None and bound <= found:
                break
            chance = self.keep_value(position, keep, draws)
            if chance > found:
                best_keep, found = keep, chance
            if found == 1:
                break
        return best_keep, max(found, Fraction(0))

    def keeps(self, position: Position, draws: int) -> list[tuple[tuple[int, int], ...]]:
        """Return the keeps worth valuing: every keep, but at the last draw only those some goal hand holds."""
        held = tuple(position.held)
        found = self.keep_lists.get((held, draws > 1))
        if found is None:
            found = keeps_of(position)
            if draws == 1 and self.goal.distinct_ranks:
                viable = self.goal.viable
                found = [keep for keep in found
                         if len({i for i, _ in keep if i >= 0}) == sum(i >= 0 for i, _ in keep)
                         and (frozenset(i for i, _ in keep if i >= 0), any(i < 0 for i, _ in keep)) in viable]
            self.keep_lists[(held, draws > 1)] = found
        return found


# ---- The question as a player asks it ----

@dataclass(frozen=True, kw_only=True)
class BestPlay:
    """The chance of ``goal`` within ``draws`` draws from ``cards`` when every keep is the best, exactly, and the
    first discard that gets it (or the one asked about, then played best)."""

    system: str
    cards: tuple[Card, ...]
    goal: Kind
    draws: int
    discard: tuple[Card, ...]
    chance: Fraction
    positions: int

    def as_dict(self) -> dict[str, Any]:
        """Return the answer as plain data for JSON."""
        return {"system": self.system, "cards": format_cards(self.cards), "goal": self.goal.key,
                "draws": self.draws, "play": "best", "discard": format_cards(self.discard),
                "chance": round(float(self.chance), 6), "exact": str(self.chance), "positions": self.positions}


def best_play(cards: str | Iterable[Card | str], system: str | RankingSystem | None = None, goal: str | None = None,
              draws: int = 3, deck: int = len(DECK), discard: str | Iterable[Card | str] | None = None,
              budget: int = WORK_BUDGET, progress: bool = False) -> BestPlay:
    """Return the exact chance of ``goal`` within ``draws`` draws when every keep is the best one (see the module).

    Two cards to 7-5-2 in deuce-to-seven triple draw: a seven within three draws about one time in four, twice
    what keeping 7-5-2 and redrawing the same two slots gives, since a caught 3, 4 or 6 is kept:

    >>> play = best_play("7c 5d 2h Ks Qs", "deuce-to-seven", "seven", draws=3)
    >>> format_cards(play.discard), play.chance, f"{float(play.chance):.1%}"
    ('Ks Qs', Fraction(670132, 2556565), '26.2%')
    >>> best_play("Ac 2d 3h Kh", "badugi", "seven", draws=1).chance      # U1: a spade 4 to 7
    Fraction(1, 12)
    >>> best_play("7c 5d 2h Ks Qs", "deuce-to-seven", "seven", draws=9)
    Traceback (most recent call last):
    lowball.errors.LowballError: draws: 1 to 5 draws, not 9
    """
    check_draws(draws)
    row = as_system(system)
    if deck != len(DECK) and row.joker is None:
        raise refuse_joker(row)
    held, thrown = split_hand(cards, discard or "", deck, size=row.hand_size)
    kind = goal_kind(row, goal)
    target = goal_of(row, kind, deck)
    check_size(held, thrown if discard is not None else (), target, draws, budget)
    stored = stored_answer(row, kind, held, thrown if discard is not None else None, draws, deck, budget)
    if stored is not None:
        return stored
    unseen = tuple(card for card in deck_of(deck) if card not in held)
    position = position_of(held, unseen, target)
    # No total: how many positions a question takes is not known before it is answered (the budget only caps it),
    # so the bar counts them and shows no time left.
    with progress_bar(unit=" positions", unit_scale=True, enabled=progress, desc="best play") as bar:
        return _answer(Search(target, budget, bar), row, kind, held, thrown, discard is not None, position, draws)


# Where a flush spoils a low (deuce-to-seven, ace-to-six), the positions valued grow about tenfold for every two
# cards the search follows before the last draw, (draws - 1) x the cards drawn at the first, however they are split.
# Measured for a seven-low in deuce-to-seven: 4 such cards took 2,000 to 9,000 positions, 6 took 56,000 to 88,000,
# 8 (two cards to 7-5-2 within five draws) 415,000 and 10 (five fresh cards three times) 1.5 million. They grow too
# with the ranks the goal can use, about as their cube: a nine-low (eight ranks) took 18,700 and 197,000 where the
# seven-low (six) took 9,000 and 88,000. Where suits do not matter (ace-to-five) or a badugi's do, renamings merge so
# many positions that no such rule holds (five fresh cards five times in ace-to-five take 105,000): those questions
# are stopped by the budget only, while counting.
# The ranks a seven-low in deuce-to-seven can use (2 to 7): the goal the sizes above were measured on.
MEASURED_RANKS = 6


def estimated_positions(followed: int, ranks: int = MEASURED_RANKS) -> int:
    """Return about how many positions the search values, where a flush spoils a low, to follow ``followed`` cards
    before the last draw toward a goal that can use ``ranks`` ranks.

    >>> estimated_positions(4), estimated_positions(6) <= WORK_BUDGET < estimated_positions(8)
    (10000, True)
    >>> estimated_positions(6, ranks=8) > WORK_BUDGET                  # a nine-low: 197,000 measured
    True
    """
    return round(10 ** (2 + followed / 2) * (ranks / MEASURED_RANKS) ** 3)


def check_size(held: tuple[Card, ...], thrown: tuple[Card, ...], goal: Goal, draws: int,
               budget: int = WORK_BUDGET) -> None:
    """Refuse, before any counting, a question whose estimated positions pass ``budget`` (``estimated_positions``).

    The first draw takes every card but the useful ones kept (a dead card kept is thrown at the next draw), all of
    them when no discard is asked (the best keep is looked for).

    >>> from lowball.core.cards import parse_cards
    >>> goal = goal_of(as_system("deuce-to-seven"), goal_kind("deuce-to-seven", "seven"), 52)
    >>> held = parse_cards("7c 5d 2h Ks Qs")
    >>> check_size(held, held[3:], goal, draws=4)          # 6 cards followed: about 100,000 positions
    >>> check_size(held, held[3:], goal, draws=5)
    Traceback (most recent call last):
    lowball.errors.LowballError: the best play of 2 cards within 5 draws follows 8 cards before the last draw,
    about 1,000,000 positions: over the limit of 150,000 (half a minute of counting); ask for fewer draws or keep
    more cards, or ask for the fixed-keep odds
    """
    if not goal.flush_spoils:
        return
    kept = {spot[0] for card in held if card not in thrown and (spot := spot_of(card, goal)) is not None}
    drawn = goal.size - len(kept)
    followed = (draws - 1) * drawn
    size = estimated_positions(followed, len(goal.values))
    if size > budget:
        why = " (half a minute of counting)" if budget == WORK_BUDGET else ""
        raise LowballError(f"the best play of {drawn} card{'s' if drawn != 1 else ''} within {draws} draws follows "
                           f"{followed} cards before the last draw, about {round(size, 1 - len(str(size))):,} "
                           f"positions: over the limit of {budget:,}{why}; {ASK_INSTEAD}")


def _answer(search: Search, row: RankingSystem, kind: Kind, held: tuple[Card, ...], thrown: tuple[Card, ...],
            asked: bool, position: Position, draws: int) -> BestPlay:
    """Return the best play from ``position``: of the discard asked about, or the best first discard."""
    target = search.goal
    spots = {card: spot_of(card, target) for card in held}
    if asked:
        keep = tuple(sorted(spots[card] for card in held if card not in thrown and spots[card] is not None))
        dead_kept = sum(1 for card in held if card not in thrown and spots[card] is None)
        if dead_kept:                               # a dead card kept fills a slot now and is thrown at the next draw
            kept = after_draw(position, keep, (), 0)
            r = target.size - len(keep) - dead_kept
            chance = Fraction(0) if draws == 1 else search.expected(kept, r, draws - 1)
        else:
            chance = search.keep_value(position, keep, draws)
        return BestPlay(system=row.key, cards=held, goal=kind, draws=draws, discard=thrown, chance=chance,
                        positions=search.positions)
    keep, chance = search.best_keep(position, draws)
    return BestPlay(system=row.key, cards=held, goal=kind, draws=draws,
                    discard=tuple(card for card in held if spots[card] is None or spots[card] not in keep),
                    chance=chance, positions=search.positions)


def stored_answer(row: RankingSystem, kind: Kind, held: tuple[Card, ...], thrown: tuple[Card, ...] | None,
                  draws: int, deck: int, budget: int = WORK_BUDGET) -> BestPlay | None:
    """Return the answer stored for this very question (``lowball.analysis.stored_answers``: the questions notebook
    9 asks as it opens, answered ahead by the search), or None; None too where the budget would refuse it.

    >>> row = as_system("deuce-to-seven")
    >>> play = stored_answer(row, goal_kind(row, "seven"), parse_cards("7c 2s Kh Ks Qd"), None, 3, 52)
    >>> format_cards(play.discard), play.chance, play.positions
    ('Kh Ks Qd', Fraction(84444656, 440240493), 55734)
    >>> stored_answer(row, goal_kind(row, "seven"), parse_cards("7c 2s Kh Ks Qd"), None, 3, 52, budget=50_000)
    """
    question = (row.key, format_cards(held), None if thrown is None else format_cards(thrown), kind.key, draws, deck)
    found = ANSWERS.get(question)
    if found is None or found[2] > budget:
        return None
    discard, chance, positions = found
    return BestPlay(system=row.key, cards=held, goal=kind, draws=draws, discard=parse_cards(discard) if discard else (),
                    chance=chance, positions=positions)


def spot_of(card: Card, goal: Goal) -> tuple[int, int] | None:
    """Return a held card as the search names it, (place, suit), the joker (-1, -1); None for a dead card."""
    if card.is_joker:
        return (-1, -1) if goal.joker_sets else None
    v = value(card, goal.row)
    if v not in goal.values:
        return None
    return goal.values.index(v), SUIT_CHARS.index(card.suit)
