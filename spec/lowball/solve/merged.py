"""The merged public game of a heads-up fixed-limit table with several draws, built from the engine's own rules.

A table of three draws has about 3 x 10^7 public histories before its last betting round, too many to keep one
strategy for each. The merged game keeps, at the start of each betting round, only its **key**: the chips each
player has put in (equal for both when a round starts) and the discard counts of the draw just made. Within a
round a player knows the round's own line, and at its draw the count of the player who drew first. Histories
that agree on that meet at one **spot** and share one strategy; what they do not agree on is forgotten: the
lines of the earlier rounds (beyond the chips) and the counts of the earlier draws.

A round is one **template** of spots, the same for every key of the round (it is refused otherwise): decisions
from the engine's round functions (``lowball.engine.rules.betting_round`` through ``lowball.solve.game_tree``:
``first_round``, ``later_round``, ``choices``, ``closed``), folds, and at its end either the draws (the seats in
order from the dealer's left, D1, K8, each choosing a count) leading to the next round's key, or the showdown.

The private states are the buckets of ``lowball.solve.stages``, a Markov chain: a player's future depends on his
bucket now and the public state only, so what a spot is worth to him is one matrix ``V[b0, b1]`` of seat 0's
payoff for the two buckets held there, whatever history led to it. That is what makes the merged game solvable
exactly as it is: a history's counterfactual values are ``V`` applied to its own opponent range, and the regret
of a merged spot is the sum over the histories that meet there, which is ``V`` applied to the sum of their
ranges (``MergedSolver``). The best response that remembers every public action is ``lowball.solve.recall``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from lowball.core.behaviours import HeadsUpCap
from lowball.core.games import GameTable
from lowball.core.ops import PY
from lowball.engine.rules import betting_round as br
from lowball.solve.cfr import DCFR, Discounting
from lowball.solve.game_tree import PLAYERS, Chips, NotSolvable, choices, closed, first_round, later_round, refusal
from lowball.solve.strategy import normalise, regret_matching

ACT, FOLD, NEXT, SHOW = "act", "fold", "next", "show"
DEEP = 10 ** 6          # stacks no line can reach, to find how deep a line goes
# The most ways into one round a game is built with here: each key is a Python tuple, and the full public tree of
# triple draw (3.4 x 10^7 histories before its last round) would take tens of GB before the solve began.
MOST_WAYS = 1 << 23


@dataclass(frozen=True)
class Spot:
    """One point of a round's template: a decision, a fold, a showdown, or the way on to the next round."""

    kind: str
    player: int = -1                        # ACT: who chooses
    actions: tuple[str, ...] = ()           # ACT: the labels
    children: tuple[int, ...] = ()          # ACT: the spots that follow each action
    bets: tuple[int, ...] = ()              # FOLD, SHOW, NEXT, a bet's ACT: what each seat has put in this round
    folder: int = -1                        # FOLD: who folded
    counts: tuple[int, ...] = ()            # NEXT: the number of cards each seat threw


@dataclass(frozen=True, eq=False)
class Round:
    """A betting round's template and its draw, as a list of spots in preorder (spot 0 is where it starts)."""

    number: int
    spots: tuple[Spot, ...]

    @property
    def decisions(self) -> tuple[int, ...]:
        """Return the numbers of the spots where a player chooses."""
        return tuple(i for i, spot in enumerate(self.spots) if spot.kind == ACT)

    @property
    def nexts(self) -> tuple[int, ...]:
        """Return the numbers of the spots that lead to the next round, in order."""
        return tuple(i for i, spot in enumerate(self.spots) if spot.kind == NEXT)


@dataclass(frozen=True, eq=False)
class MergedGame:
    """A table's merged game: its rounds, each round's keys, and which key each way on leads to."""

    table: GameTable
    stacks: int
    ranges: object                                    # lowball.solve.stages.Stages or a toy with the same fields
    rounds: tuple[Round, ...]
    keys: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]   # per round: (chips each put in, what is kept)
    following: tuple[np.ndarray, ...] = field(repr=False)      # per round but the last: [key, NEXT spot] -> key
    counts: tuple[tuple[tuple[int, ...], ...], ...] = field(repr=False, default=())  # per key: the last draw's counts
    memory: str = "last-draw"
    allowed: tuple[tuple[int, ...], ...] = ()                  # per draw: the counts a player may throw in this game

    @property
    def buckets(self) -> tuple[int, ...]:
        """Return the number of private states at each round (the stage buckets: round r follows r draws)."""
        return tuple(self.ranges.buckets)

    def information_sets(self) -> int:
        """Count the strategy's rows: one per bucket at each decision spot of each key.

        >>> from lowball.solve.stages import toy_stages
        >>> game = build_game(small_table(), toy_stages())
        >>> game.information_sets()
        1139
        """
        return sum(len(keys) * len(rnd.decisions) * self.buckets[r]
                   for r, (rnd, keys) in enumerate(zip(self.rounds, self.keys)))

    def spots(self) -> int:
        """Count the decision spots over every key."""
        return sum(len(keys) * len(rnd.decisions) for rnd, keys in zip(self.rounds, self.keys))


def small_table() -> GameTable:
    """Return a small three-draw table for tests and examples: the PHH triple draw, no raise, draws of 0 or 1 card.

    >>> t = small_table(); t.draws, t.draw_streets[0].max_discard, t.bets_per_round
    (3, 1, 1)
    """
    from lowball.core.games import load_game_table                           # noqa: PLC0415 - examples only
    return load_game_table("deuce-to-seven-triple-draw-phh", overrides={
        "raises_per_round": "0", "streets.2.max_discard": "1", "streets.4.max_discard": "1",
        "streets.6.max_discard": "1"})


def _template(table: GameTable, number: int, rules: br.Rules, state: br.State, chips: Chips,
              allowed: tuple[tuple[int, ...], ...] = ()) -> tuple[Spot, ...]:
    """Return a round's spots in preorder, from the engine's round functions (``allowed``: each draw's counts)."""
    spots: list[Spot | None] = []
    last = number == table.draws

    def add(spot: Spot | None) -> int:
        spots.append(spot)
        return len(spots) - 1

    def betting(state: br.State) -> int:
        if br.done(PY, state):
            if sum(state.folded):
                return add(Spot(FOLD, bets=tuple(state.bets), folder=state.folded.index(True)))
            after = closed(state, chips)
            bets = tuple(a - b for a, b in zip(after.invested, chips.invested))
            return add(Spot(SHOW, bets=bets)) if last else draws(bets, ())
        at = add(None)
        labels, children = [], []
        for label, kind, amount in choices(rules, state):
            labels.append(label)
            children.append(betting(br.step(PY, rules, state, kind, amount)))
        spots[at] = Spot(ACT, player=state.actor, actions=tuple(labels), children=tuple(children),
                         bets=tuple(state.bets))
        return at

    def draws(bets: tuple[int, ...], counts: tuple[int, ...]) -> int:
        # D1, K8: every player still in discards in seat order from the dealer's left.
        seat = len(counts)
        if seat == PLAYERS:
            return add(Spot(NEXT, bets=bets, counts=counts))
        street = table.draw_streets[number]
        at = add(None)
        options = allowed[number] if allowed else range(street.min_discard, street.max_discard + 1)
        children = tuple(draws(bets, counts + (k,)) for k in options)
        spots[at] = Spot(ACT, player=seat, actions=tuple(f"draw{k}" for k in options), children=children)
        return at

    betting(state)
    return tuple(spots)


def _later(table: GameTable, number: int, chips_in: int, stacks: int, first_bettor: int,
           counts: tuple[tuple[int, ...], ...] = ()) -> tuple[Spot, ...]:
    chips = Chips([stacks - chips_in] * PLAYERS, [chips_in] * PLAYERS, [False] * PLAYERS, chips_in * PLAYERS,
                  first_bettor)
    rules, state = later_round(table, number, chips)
    return _template(table, number, rules, state, chips, counts)


def deepest(table: GameTable) -> int:
    """Return the most chips a player can put in over a whole hand at the table: stacks this deep are never all in.

    >>> deepest(small_table())    # PHH F2L3D 2/4 with no raise: the big blind and one raise (P1), then 2, 4, 4
    14
    """
    total = 0
    rules, state, chips = first_round(table, DEEP)
    spots = _template(table, 0, rules, state, chips)
    total = chips.invested[0] + max(spot.bets[0] for spot in spots if spot.kind in (NEXT, SHOW))
    for number in range(1, table.draws + 1):
        spots = _later(table, number, 0, DEEP, br.NOBODY)
        total += max(spot.bets[0] for spot in spots if spot.kind in (NEXT, SHOW))
    return total


# What a key remembers of the public history besides the chips: from what the last key kept, the counts just
# thrown and the number of the way on taken (the round's line and both counts).
MEMORIES = {
    "last-draw": lambda kept, counts, way: counts,
    "every-draw": lambda kept, counts, way: kept + counts,
    "last-round": lambda kept, counts, way: (way,),
    "two-rounds": lambda kept, counts, way: kept[-1:] + (way,),
    "everything": lambda kept, counts, way: kept + (way,),
}


def allowed_counts(table: GameTable, counts=None) -> tuple[tuple[int, ...], ...]:
    """Return the discard counts each draw of the game allows: the table's (None), or fewer (an action abstraction).

    >>> allowed_counts(small_table())
    ((0, 1), (0, 1), (0, 1))
    >>> allowed_counts(small_table(), [(0, 1), (0,), (0, 2)])
    Traceback (most recent call last):
    ValueError: draw 3: counts [0, 2] are not within the table's 0 to 1
    """
    streets = table.draw_streets
    if counts is None:
        return tuple(tuple(range(s.min_discard, s.max_discard + 1)) for s in streets)
    counts = tuple(tuple(sorted(set(int(k) for k in draw))) for draw in counts)
    if len(counts) != len(streets):
        raise ValueError(f"counts for {len(counts)} draws; {table.name} has {len(streets)}")
    for d, (street, draw) in enumerate(zip(streets, counts)):
        if not draw or draw[0] < street.min_discard or draw[-1] > street.max_discard:
            raise ValueError(f"draw {d + 1}: counts {list(draw)} are not within the table's {street.min_discard} "
                             f"to {street.max_discard}")
    return counts


def check_table(table: GameTable) -> None:
    """Raise ``NotSolvable`` in one line unless the table is heads-up fixed-limit draw with a cap kept heads-up.

    >>> from lowball.core.games import load_game_table
    >>> check_table(load_game_table("deuce-to-seven-triple-draw"))
    Traceback (most recent call last):
    lowball.solve.game_tree.NotSolvable: deuce-to-seven-triple-draw: no cap heads-up (T4, G2): a raise war runs to \
the stacks, and the merged game has no all-in
    """
    why = refusal(table, draws=table.draws or 1)
    if why:
        raise NotSolvable(why)
    if table.raises_per_round is None or table.heads_up_cap is not HeadsUpCap.KEPT:
        raise NotSolvable(f"{table.name}: no cap heads-up (T4, G2): a raise war runs to the stacks, and the merged "
                          f"game has no all-in")


def build_game(table: GameTable, ranges, stacks: int | None = None, memory: str = "last-draw",
               counts: tuple[tuple[int, ...], ...] | None = None) -> MergedGame:
    """Build the merged game of a heads-up fixed-limit table of one or more draws over a stage abstraction.

    ``memory`` names what a round's key keeps of the public history (``MEMORIES``: "everything" is the full public
    tree); ``counts`` lists, per draw, the counts a player may throw (default: the table's; fewer is an action
    abstraction, and the game's best response is then limited to them too).

    >>> from lowball.solve.stages import toy_stages
    >>> game = build_game(small_table(), toy_stages())
    >>> [len(keys) for keys in game.keys], [len(rnd.decisions) for rnd in game.rounds]
    ([1, 8, 12, 20], [13, 13, 13, 4])
    """
    if memory not in MEMORIES:
        raise ValueError(f"memory {memory!r}: one of {', '.join(MEMORIES)}")
    counts = allowed_counts(table, counts)
    check_table(table)
    if len(ranges.buckets) != table.draws + 1:
        raise NotSolvable(f"{table.name}: {table.draws} draws, an abstraction of {len(ranges.buckets) - 1}")
    floor = deepest(table)
    stacks = floor if stacks is None else stacks
    if stacks < floor:
        raise NotSolvable(f"{table.name}: stacks of {stacks} chips; a raise war can put {floor} in, and the merged "
                          f"game has no all-in: give at least {floor}")
    for d in range(table.draws):
        missing = [k for k in counts[d] if k not in ranges.transitions[d]]
        if missing:
            raise ValueError(f"the abstraction has no draw of {missing} cards at draw {d + 1} of {table.name}")
    rules, state, chips = first_round(table, stacks)
    if chips.invested[0] != chips.invested[1]:
        raise NotSolvable(f"{table.name}: unequal antes {chips.invested}")
    rounds = [Round(0, _template(table, 0, rules, state, chips, counts))]
    keys = [((chips.invested[0], ()),)]
    following, thrown_by_key = [], [((),)]
    for number in range(1, table.draws + 1):
        before = rounds[-1]
        if len(keys[-1]) * len(before.nexts) > MOST_WAYS:
            raise NotSolvable(f"{table.name}: round {number + 1} has {len(keys[-1]) * len(before.nexts):,} ways in "
                              f"with memory {memory!r}, more than the {MOST_WAYS:,} built on one machine; remember "
                              f"less, or allow fewer discard counts")
        found: dict[tuple[int, tuple[int, ...]], int] = {}
        thrown: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
        table_of = np.zeros((len(keys[-1]), len(before.nexts)), dtype=np.int64)
        for k, (chips_in, kept) in enumerate(keys[-1]):
            for j, i in enumerate(before.nexts):
                spot = before.spots[i]
                key = (chips_in + spot.bets[0], MEMORIES[memory](kept, spot.counts, j))
                table_of[k, j] = found.setdefault(key, len(found))
                if thrown.setdefault(key, spot.counts) != spot.counts:
                    raise ValueError(f"memory {memory!r} merges draws of {thrown[key]} and {spot.counts} cards")
        # Keys sorted: chips in, then what is remembered. The full tree's keys are sorted by their ways alone, the
        # tree's own order, so that the histories a run of keys leads to are the next run of keys (way after way).
        order = sorted(found, key=(lambda key: key[1]) if memory == "everything" else None)
        place = {key: n for n, key in enumerate(order)}
        renumber = np.array([place[key] for key in found])
        following.append(renumber[table_of])
        keys.append(tuple(order))
        thrown_by_key.append(tuple(thrown[key] for key in order))
        # One template for every key: the chips in and who bet first in the first round (B2) must not change it.
        template = _later(table, number, order[0][0], stacks, br.NOBODY, counts)
        for chips_in in sorted({key[0] for key in order}):
            for first in (br.NOBODY, *range(PLAYERS)):
                if _later(table, number, chips_in, stacks, first, counts) != template:
                    raise NotSolvable(f"{table.name}: round {number + 1} is not the same after every line (chips "
                                      f"{chips_in}, first bettor {first}); the merged game needs one")
        rounds.append(Round(number, template))
    return MergedGame(table=table, stacks=stacks, ranges=ranges, rounds=tuple(rounds), keys=tuple(keys),
                      following=tuple(following), counts=tuple(thrown_by_key), memory=memory, allowed=counts)


def fold_stake(spot: Spot, chips_in: int) -> float:
    """Return seat 0's payoff at a fold: the folder loses what he put in, before this round and in it."""
    stake = chips_in + spot.bets[spot.folder]
    return float(-stake if spot.folder == 0 else stake)


class RoundSolver:
    """CFR over the rounds of a merged game: regrets, current and average strategies per decision spot and key.

    The two solvers differ only in their sweep (``_sweep``): ``MergedSolver`` keeps a value matrix per spot,
    ``lowball.solve.full.FullSolver`` a range vector per history. Arrays come from ``xp``, numpy by default
    (``lowball.solve.backend`` picks CuPy where a GPU is lent): the same kernels run on either.
    """

    def __init__(self, game: MergedGame, rule: Discounting = DCFR, xp=np, dtype=np.float64, kernels=None):
        self.game, self.rule, self.xp, self.dtype, self.iterations = game, rule, xp, dtype, 0
        shape = self.shapes()
        self.regrets = [{i: xp.zeros(shape[r, i], dtype=dtype) for (rr, i) in shape if rr == r}
                        for r in range(len(game.rounds))]
        self.totals = [{i: xp.zeros(shape[r, i], dtype=dtype) for (rr, i) in shape if rr == r}
                       for r in range(len(game.rounds))]
        self.current = [{i: xp.full(shape[r, i], 1 / shape[r, i][2], dtype=dtype) for (rr, i) in shape if rr == r}
                        for r in range(len(game.rounds))]
        self.kernels = Kernels(game, xp, dtype) if kernels is None else kernels     # built once for many solvers

    def shapes(self) -> dict[tuple[int, int], tuple[int, int, int]]:
        """Return the shape of each decision spot's table by (round, spot): (keys, buckets, actions), in order (the
        spots the solver learns: every one here)."""
        game = self.game
        return {(r, i): (len(game.keys[r]), game.buckets[r], len(rnd.spots[i].actions))
                for r, rnd in enumerate(game.rounds) for i in rnd.decisions}

    def step(self) -> None:
        """Run one iteration: update seat 0, then seat 1 against seat 0's new strategy."""
        self.iterations += 1
        t = self.iterations
        weight, positive, negative = self.rule.weight(t), self.rule.positive(t), self.rule.negative(t)
        for player in (0, 1):
            self._sweep(player, weight)
            for r, rnd in enumerate(self.game.rounds):
                for i in self.regrets[r]:
                    if rnd.spots[i].player == player:
                        regrets = self.regrets[r][i]
                        regrets *= self.xp.where(regrets > 0, positive, negative)
                        self.current[r][i] = regret_matching(regrets)

    def _sweep(self, player: int, weight: float) -> None:
        raise NotImplementedError

    def run(self, iterations: int) -> "RoundSolver":
        """Run a number of iterations and return the solver."""
        for _ in range(iterations):
            self.step()
        return self

    def average(self) -> list[dict[int, np.ndarray]]:
        """Return the average strategy, per round a table per decision spot of shape (keys, buckets, actions)."""
        return [{i: normalise(total) for i, total in totals.items()} for totals in self.totals]


class MergedSolver(RoundSolver):
    """Run CFR on a merged game, with one value matrix per spot, so that histories that meet are told apart.

    >>> from lowball.solve.stages import toy_stages
    >>> solver = MergedSolver(build_game(small_table(), toy_stages())).run(2)
    >>> solver.iterations, solver.average()[0][0].shape     # round 0, spot 0: one key, three buckets, fold call raise
    (2, (1, 3, 3))
    """

    def _sweep(self, player: int, weight: float) -> None:
        self.kernels.values(self.current, player, self.regrets, self.totals, weight)


class Kernels:
    """The sweeps of one merged game: ranges down the rounds, value matrices up, regrets on the way.

    ``values(strategy)`` returns the value matrix of the first round's start (seat 0's payoff for each pair of
    dealt buckets); given a player, regrets and totals, it also adds that player's regrets and average.
    """

    def __init__(self, game: MergedGame, xp=np, dtype=np.float64):
        self.game, self.xp = game, xp
        ranges = game.ranges
        self.weights = xp.asarray(ranges.weights, dtype=dtype)
        self.moves = [{k: xp.asarray(m, dtype=dtype) for k, m in ranges.transitions[r].items()}
                      for r in range(game.table.draws)]
        strengths = xp.asarray(ranges.strengths, dtype=dtype)
        self.sign = xp.sign(strengths[:, None] - strengths[None, :])
        self.stakes = []
        for r, (rnd, keys) in enumerate(zip(game.rounds, game.keys)):
            chips_in = np.array([key[0] for key in keys], dtype=float)
            stakes = {}
            for i, spot in enumerate(rnd.spots):
                if spot.kind == FOLD:          # fold_stake, for every key at once
                    lost = chips_in + spot.bets[spot.folder]
                    stakes[i] = xp.asarray(-lost if spot.folder == 0 else lost, dtype=dtype)
                elif spot.kind == SHOW:
                    stakes[i] = xp.asarray(chips_in + spot.bets[0], dtype=dtype)
            self.stakes.append(stakes)
        # Where the ways on meet: the next round's keys by the counts that lead to them, and sums by key.
        self.groups = []
        for r in range(game.table.draws):
            by_counts: dict[tuple[int, ...], list[int]] = {}
            for n, counts in enumerate(game.counts[r + 1]):
                by_counts.setdefault(counts, []).append(n)
            self.groups.append({counts: xp.asarray(np.array(members)) for counts, members in by_counts.items()})
        # The ways on of each round by seat and count thrown: the spots, and the next key of each (spot, key) row.
        self.ways = []
        for r in range(game.table.draws):
            rnd, ways = game.rounds[r], {}
            for seat in range(PLAYERS):
                for k in sorted({rnd.spots[i].counts[seat] for i in rnd.nexts}):
                    spots = [i for i in rnd.nexts if rnd.spots[i].counts[seat] == k]
                    index = np.concatenate([game.following[r][:, rnd.nexts.index(i)] for i in spots])
                    ways[seat, k] = (spots, RowSums(index, xp))
            self.ways.append(ways)

    def forward(self, strategy) -> list[list]:
        """Return each player's range at every spot of every round: a (keys, buckets) array per player.

        A range at a merged spot is the sum of the ranges of the histories that meet there.
        """
        xp, game = self.xp, self.game
        start = [self.weights[None, :], self.weights[None, :]]
        out = []
        for r, rnd in enumerate(game.rounds):
            at: list = [None] * len(rnd.spots)
            at[0] = start
            for i, spot in enumerate(rnd.spots):
                if spot.kind == ACT:
                    table, mine, theirs = strategy[r][i], at[i][spot.player], at[i][1 - spot.player]
                    for a, child in enumerate(spot.children):
                        moved = mine * table[:, :, a]
                        at[child] = [moved, theirs] if spot.player == 0 else [theirs, moved]
            out.append(at)
            if r < game.table.draws:
                keys = len(game.keys[r + 1])
                start = [xp.zeros((keys, game.buckets[r + 1])) for _ in range(PLAYERS)]
                # One product per seat and count, over every way on where the seat threw that many (few, large
                # products: many small ones cost more in calls than in arithmetic).
                for (seat, k), (spots, sums) in self.ways[r].items():
                    sums.add(start[seat], xp.concatenate([at[i][seat] for i in spots]) @ self.moves[r][k])
        return out

    def values(self, strategy, player: int | None = None, regrets=None, totals=None, weight: float = 0.0):
        """Return the value matrix at the start of the first round; add ``player``'s regrets and average if given."""
        xp, game = self.xp, self.game
        ranges = self.forward(strategy) if player is not None else None
        after = None
        for r in reversed(range(len(game.rounds))):
            rnd = game.rounds[r]
            keys = len(game.keys[r])
            size = game.buckets[r]
            carried = self._carry(r, after) if r < game.table.draws else None
            nexts = {i: j for j, i in enumerate(rnd.nexts)}
            at: list = [None] * len(rnd.spots)
            for i in reversed(range(len(rnd.spots))):
                spot = rnd.spots[i]
                if spot.kind == FOLD:
                    at[i] = xp.broadcast_to(self.stakes[r][i][:, None, None], (keys, size, size))
                elif spot.kind == SHOW:
                    at[i] = self.stakes[r][i][:, None, None] * self.sign[None, :, :]
                elif spot.kind == NEXT:
                    at[i] = carried[game.following[r][:, nexts[i]]]
                else:
                    table = strategy[r][i]
                    children = [at[c] for c in spot.children]
                    if spot.player == player:
                        opponent = ranges[r][i][1 - player]
                        cfv = xp.stack([_against(xp, v, opponent, player) for v in children], axis=-1)
                        value = (cfv * table).sum(axis=-1)
                        regrets[r][i] += cfv - value[..., None]
                        totals[r][i] += weight * ranges[r][i][player][..., None] * table
                    # Seat 0's buckets are the matrices' rows, seat 1's their columns.
                    weights = [table[:, :, a, None] if spot.player == 0 else table[:, None, :, a]
                               for a in range(len(children))]
                    mixed = weights[0] * children[0]
                    for more, v in zip(weights[1:], children[1:]):
                        mixed += more * v
                    at[i] = mixed
                    for c in spot.children:
                        at[c] = None
            after = at[0]
        return after

    def _carry(self, r: int, after):
        """Return, for each key of round r + 1, its value matrix seen before the draw that leads to it."""
        xp = self.xp
        out = xp.zeros((after.shape[0], self.game.buckets[r], self.game.buckets[r]))
        for counts, members in self.groups[r].items():
            left, right = self.moves[r][counts[0]], self.moves[r][counts[1]]
            out[members] = left @ after[members] @ right.T
        return out

    def seat_values(self, strategy) -> tuple[float, float]:
        """Return each seat's expected payoff when both play the strategy."""
        start = self.values(strategy)[0]
        value = float(self.weights @ start @ self.weights)
        return value, -value


def _against(xp, values, opponent, player: int):
    """Return the player's counterfactual values from a value matrix and the opponent's range (by key)."""
    if player == 0:
        return xp.einsum("kxy,ky->kx", values, opponent)
    return -xp.einsum("kxy,kx->ky", values, opponent)


class RowSums:
    """Adds rows into a target's rows by a fixed index, repeated indices summed (``numpy.add.at``, but by sorting).

    >>> sums = RowSums(np.array([2, 0, 2]))
    >>> target = np.zeros((3, 2)); sums.add(target, np.array([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])); target.tolist()
    [[2.0, 2.0], [0.0, 0.0], [4.0, 4.0]]
    """

    def __init__(self, index: np.ndarray, xp=np):
        index = np.asarray(index)
        self.xp = xp
        self.order = np.argsort(index, kind="stable")
        ordered = index[self.order]
        self.starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
        self.targets = ordered[self.starts]
        self.index = xp.asarray(index)

    def add(self, target, rows) -> None:
        """Add ``rows[j]`` to ``target[index[j]]`` for every j."""
        if self.xp is np:
            target[self.targets] += np.add.reduceat(rows[self.order], self.starts, axis=0)
        else:                                                      # CuPy's scatter add
            import cupyx                                           # noqa: PLC0415 - only with a GPU
            cupyx.scatter_add(target, self.index, rows)


@dataclass(frozen=True, eq=False)
class Unrolled:
    """A merged game written out as the full public tree (small games only), and where each decision merges."""

    tree: object                                   # lowball.solve.tree.PublicTree
    spot_of: tuple[tuple[int, int, int], ...]      # per decision of the tree: (round, spot, key)

    def strategy(self, merged) -> list[np.ndarray]:
        """Return the tree's strategy that plays at each decision the merged strategy's row of its spot and key."""
        return [np.asarray(merged[r][i][k]) for r, i, k in self.spot_of]


def unrolled(game: MergedGame, start: tuple[int, int] = (0, 0), dealt=None) -> Unrolled:
    """Write a merged game out as its full public tree, remembering every public action (for checks of small games).

    From ``start`` (round, key), the first round's start by default, each player dealt his range of ``dealt``
    there (the deal's weights by default): a later start is the subgame of one history.

    >>> from lowball.solve.stages import toy_stages
    >>> game = build_game(small_table(), toy_stages())
    >>> len(unrolled(game).tree.decisions), game.spots()
    (8953, 353)
    """
    from lowball.solve.payoffs import Fold, Showdown                          # noqa: PLC0415
    from lowball.solve.tree import Decision, PublicTree, Terminal, Transition  # noqa: PLC0415
    ranges = game.ranges
    where: list[tuple[int, int, int]] = []
    ones = [np.ones(size) for size in game.buckets]

    def walk(r: int, k: int, i: int):
        rnd, spot = game.rounds[r], game.rounds[r].spots[i]
        if spot.kind == FOLD:
            return Terminal(payoff=Fold(fold_stake(spot, game.keys[r][k][0]), ones[r], ones[r]))
        if spot.kind == SHOW:
            stake = float(game.keys[r][k][0] + spot.bets[0])
            return Terminal(payoff=Showdown(stake, ones[r], ones[r], ranges.strengths, ranges.strengths))
        if spot.kind == NEXT:
            n = int(game.following[r][k, rnd.nexts.index(i)])
            inner = walk(r + 1, n, 0)
            for seat in reversed(range(PLAYERS)):
                inner = Transition(player=seat, matrix=ranges.transitions[r][spot.counts[seat]], child=inner)
            return inner
        where.append((r, i, k))          # preorder, as PublicTree numbers its decisions
        return Decision(player=spot.player, actions=spot.actions,
                        children=tuple(walk(r, k, c) for c in spot.children))

    dealt = [np.asarray(ranges.weights)] * PLAYERS if dealt is None else dealt
    root = Transition(player=0, matrix=np.asarray(dealt[0])[None, :],
                      child=Transition(player=1, matrix=np.asarray(dealt[1])[None, :], child=walk(*start, 0)))
    return Unrolled(tree=PublicTree(root, (1, 1)), spot_of=tuple(where))
