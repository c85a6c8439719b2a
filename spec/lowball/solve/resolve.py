"""The last betting round solved again at play time, from the ranges the earlier rounds' strategy leaves there.

The full public tree of triple draw keeps one strategy row per bucket for each of its 419,904 histories of the last
betting round at the size solved (``docs/reference/solving.md``): nearly all of its 2 x 10^8 numbers, too many to
ship. A solution ships the first rounds only. When a hand reaches the last round, the ranges both players hold
there follow from the first rounds' strategy, the deal and the draw matrices alone (``entering``); the last round
is then a small game of its own (one betting round over the final buckets, its stakes fixed by the history), and
CFR solves it from those ranges in a fraction of a second (``LastRound``, the very sweep of
``lowball.solve.full``, on those histories only).

Each history's round is solved on its own: the same ``iterations`` give the same strategy whether one history is
solved (at play time) or all of them at once (to measure the exploitability of what ships). Solved so from the
ranges alone, the last round plays an equilibrium of each history's round against the ranges the first rounds'
equilibrium leads to; the best response, which may reach a history with other cards than those ranges say, is what
measures what that costs (``lowball.solve.recall`` on the whole strategy, ``with_last_round``).

Solved **safely** (``values`` given), each seat's strategy comes from a round of its own in which the opponent,
before the round starts, may take for each of his buckets what he wins there against the whole solution's last
round (its best response's values, ``gadget_values``), or play on (the re-solving gadget of Burch, Johanson and
Bowling, 2014, as DeepStack and Libratus use it). No best response can then win more in the round than it wins
against the whole solution, up to how far 200 iterations are from that round's equilibrium: the values are what a
solution file keeps for the last round instead of its strategy, a number per bucket and seat, not per bucket and
action at every spot.

>>> from lowball.solve.merged import build_game, small_table
>>> from lowball.solve.stages import toy_stages
>>> from lowball.solve.full import FullSolver
>>> game = build_game(small_table(), toy_stages(), memory="everything")
>>> first = FullSolver(game).run(20).average()
>>> tables = resolve_last_round(game, first, histories=[5], iterations=50)
>>> tables[0].shape                                  # the round's first spot: one history, 4 final buckets, 3 actions
(1, 4, 3)
"""

from __future__ import annotations

import os
import sys
import tempfile
from typing import Sequence

import numpy as np

from lowball.core.progress import progress_bar
from lowball.solve.cfr import DCFR, Discounting
from lowball.solve.full import check_full_tree, down_round, sweep_round, ways_on
from lowball.solve.merged import Kernels, MergedGame, RoundSolver
from lowball.solve.recall import Recall
from lowball.solve.strategy import regret_matching

ITERATIONS = 200        # CFR iterations of the last round at play time (tests/solve/test_solve_resolve.py)
# Its floats: 64 bits, so that a history solved alone at play time gets the very rows the measure of what ships
# solved for it in a batch (32 bits are a quarter faster, but rounding then moves a row by up to 1e-4).
DTYPE = np.float64
ROWS = 1 << 14          # the most histories solved at once when all are
LEVELS = 32767          # the gadget's values are kept in a file as 16-bit levels of the round's largest stake
FOLLOW, TAKE = 0, 1     # the gadget's two actions: play the round, or take the value


def entering(game: MergedGame, strategy, xp=np, kernels: Kernels | None = None) -> list:
    """Return both players' ranges as they enter the last betting round, (histories, buckets) each, for every history.

    ``strategy`` needs only the first rounds' tables (its last round's are not read). A range is the chance of the
    deal, the player's own actions and his draws along the history: unnormalised, as CFR's reaches are.
    """
    check_full_tree(game, "solving the last round again")   # merged ranges are no one history's
    kernels = Kernels(game, xp) if kernels is None else kernels
    start = [kernels.weights[None, :], kernels.weights[None, :]]
    for r in range(game.table.draws):
        rnd = game.rounds[r]
        at = down_round(rnd, start, {i: xp.asarray(strategy[r][i]) for i in rnd.decisions})
        start = ways_on(xp, rnd, at, kernels.moves[r], game.buckets[r + 1])
    return start


def entering_history(game: MergedGame, strategy, history: int, xp=np, kernels: Kernels | None = None) -> list:
    """Return both players' ranges entering the last round at one history, (1, buckets) each: ``entering``'s row,
    walked down that history's path only (play time: a few rounds of one row, not every history).

    In the full tree's order history k of a round leads, by its way on j, to history k * ways + j of the next, so a
    last-round history spells its path in that mixed radix.
    """
    check_full_tree(game, "solving the last round again")   # merged ranges are no one history's
    kernels = Kernels(game, xp) if kernels is None else kernels
    last = game.table.draws
    if not 0 <= history < len(game.keys[last]):
        raise ValueError(f"histories must be 0 to {len(game.keys[last]) - 1:,}")
    keys = [history]
    for r in reversed(range(last)):
        keys.append(keys[-1] // len(game.rounds[r].nexts))
    keys.reverse()                                       # the history's number in each round, the first's 0
    start = [kernels.weights[None, :], kernels.weights[None, :]]
    for r in range(last):
        rnd, k = game.rounds[r], keys[r]
        at = down_round(rnd, start, {i: xp.asarray(strategy[r][i][k:k + 1]) for i in rnd.decisions})
        way = rnd.nexts[keys[r + 1] - k * len(rnd.nexts)]
        start = [at[way][seat] @ kernels.moves[r][rnd.spots[way].counts[seat]] for seat in range(2)]
    return start


class LastRound(RoundSolver):
    """CFR on the last betting round alone, for some of its histories, each entered with both players' ranges.

    Each range is scaled to sum to 1 (a history neither player reaches, to the uniform range): that changes no
    regret's sign and no average, and keeps 32-bit floats away from the tiny reaches of deep histories.
    """

    def __init__(self, game: MergedGame, histories: Sequence[int], ranges, rule: Discounting = DCFR, xp=np,
                 dtype=np.float64, kernels: Kernels | None = None):
        self.last = game.table.draws
        self.histories = np.asarray(histories, dtype=np.int64)
        super().__init__(game, rule, xp, dtype, kernels)
        size = game.buckets[self.last]
        scaled = []
        for seat in range(2):
            rows = xp.asarray(ranges[seat], dtype=dtype)
            total = rows.sum(axis=1, keepdims=True)
            scaled.append(xp.where(total > 0, rows / xp.where(total > 0, total, 1), 1 / size))
        self.ranges = scaled
        self.stakes = {i: stake[self.histories] for i, stake in self.kernels.stakes[self.last].items()}

    def shapes(self) -> dict[tuple[int, int], tuple[int, int, int]]:
        """Return the shape of each decision spot's table of the last round: (histories, buckets, actions)."""
        rnd, size = self.game.rounds[self.last], self.game.buckets[self.last]
        return {(self.last, i): (len(self.histories), size, len(rnd.spots[i].actions)) for i in rnd.decisions}

    def _sweep(self, player: int, weight: float) -> None:
        last = self.last
        sweep_round(self.xp, self.game.rounds[last], self.game.buckets[last], self.ranges, self.current[last],
                    self.stakes, self.kernels.sign, player, None, (self.regrets[last], self.totals[last], weight))


class SafeLastRound(LastRound):
    """The last round solved for one seat (``solving``) with the re-solving gadget: before it starts, the opponent
    chooses for each of his buckets to take ``values`` (what he wins against the whole solution there, in the units
    of ``LastRound``'s sweeps: per unit of the solving seat's range, scaled to 1) or to play the round.

    Only the solving seat's strategy is kept from it; the opponent's, in the round, is only what CFR needs to answer.
    """

    def __init__(self, game: MergedGame, histories: Sequence[int], ranges, values, solving: int,
                 rule: Discounting = DCFR, xp=np, dtype=np.float64, kernels: Kernels | None = None):
        super().__init__(game, histories, ranges, rule, xp, dtype, kernels)
        self.solving = solving
        self.values = xp.asarray(values, dtype=dtype)
        size = game.buckets[self.last]
        self.gadget = xp.zeros((len(self.histories), size, 2), dtype=dtype)
        self.follow = xp.full((len(self.histories), size), 0.5, dtype=dtype)

    def _sweep(self, player: int, weight: float) -> None:
        last, other = self.last, 1 - self.solving
        ranges = list(self.ranges)
        ranges[other] = ranges[other] * self.follow            # the hands he plays the round with
        learn = (self.regrets[last], self.totals[last], weight)
        played = sweep_round(self.xp, self.game.rounds[last], self.game.buckets[last], ranges, self.current[last],
                             self.stakes, self.kernels.sign, player, None, learn)
        if player == other:
            # His values do not depend on his own reach: what he wins playing the round, beside what he may take.
            mixed = self.follow * played + (1 - self.follow) * self.values
            self.gadget[..., FOLLOW] += played - mixed
            self.gadget[..., TAKE] += self.values - mixed
            t = self.iterations
            self.gadget *= self.xp.where(self.gadget > 0, self.rule.positive(t), self.rule.negative(t))
            self.follow = regret_matching(self.gadget)[..., FOLLOW]


def gadget_values(game: MergedGame, strategy, histories: Sequence[int] | None = None, xp=np,
                  kernels: Kernels | None = None, ranges=None, rows: int = ROWS) -> np.ndarray:
    """Return what each seat's best response wins in the last round against the whole strategy's last round, per
    history and bucket: (2, histories, final buckets), in ``LastRound``'s units (per unit of the other seat's range
    entering the round, scaled to 1; a history nobody reaches: the uniform range)."""
    last = game.table.draws
    chosen = np.arange(len(game.keys[last])) if histories is None else np.asarray(histories, dtype=np.int64)
    kernels = Kernels(game, xp) if kernels is None else kernels
    ranges = entering(game, strategy, xp, kernels) if ranges is None else ranges
    recall = Recall(game, strategy, xp)
    size = game.buckets[last]
    out = np.zeros((2, len(chosen), size))
    for first in range(0, len(chosen), rows):
        some = chosen[first:first + rows]
        for seat in range(2):
            theirs = xp.asarray(ranges[1 - seat][some], dtype=np.float64)
            total = theirs.sum(axis=1, keepdims=True)
            theirs = xp.where(total > 0, theirs / xp.where(total > 0, total, 1), 1 / size)
            out[seat, first:first + len(some)] = recall.round_values(last, seat, some, theirs)
    return out


def largest_stakes(game: MergedGame, kernels: Kernels | None = None) -> np.ndarray:
    """Return the largest stake of the last round at each of its histories: what bounds a value there."""
    kernels = Kernels(game) if kernels is None else kernels
    return np.max(np.abs(np.stack([np.broadcast_to(np.asarray(stake, dtype=float), (len(game.keys[-1]),))
                                   for stake in kernels.stakes[-1].values()])), axis=0)


def to_levels(values: np.ndarray, stakes: np.ndarray) -> np.ndarray:
    """Return the gadget's values as 16-bit levels of each history's largest stake, rounded down: a value read back
    is never above the true one, so the opponent is never offered more than he wins against the whole solution."""
    return np.floor(np.clip(values / stakes[None, :, None], -1, 1) * LEVELS).astype(np.int16)


def from_levels(levels: np.ndarray, stakes: np.ndarray) -> np.ndarray:
    """Return the values that 16-bit levels (``to_levels``) stand for."""
    return levels.astype(np.float64) / LEVELS * stakes[None, :, None]


def solve_rows(game: MergedGame, histories: Sequence[int], entered, values=None, iterations: int = ITERATIONS,
               xp=np, dtype=DTYPE, kernels: Kernels | None = None) -> dict:
    """Return the last round of some histories solved again, (histories, buckets, actions) by spot: from the ranges
    ``entered`` (one row per history, each seat), safely given the gadget's ``values`` (2, histories, buckets)."""
    if values is None:
        solver = LastRound(game, histories, entered, xp=xp, dtype=dtype, kernels=kernels)
        return solver.run(iterations).average()[solver.last]
    tables = {}
    for seat in range(2):
        solver = SafeLastRound(game, histories, entered, values[1 - seat], seat, xp=xp, dtype=dtype, kernels=kernels)
        solved = solver.run(iterations).average()[solver.last]
        tables.update({i: table for i, table in solved.items() if game.rounds[-1].spots[i].player == seat})
    return dict(sorted(tables.items()))


def resolve_last_round(game: MergedGame, strategy, histories: Sequence[int] | None = None,
                       iterations: int = ITERATIONS, xp=np, dtype=DTYPE, rows: int = ROWS,
                       kernels: Kernels | None = None, ranges=None, values=None, progress: bool = False) -> dict:
    """Return the last round's strategy solved again for ``histories`` (all by default), from the first rounds'.

    The tables are (histories, final buckets, actions) by decision spot of the round, rows in the order asked.
    Histories are solved ``rows`` at a time, each on its own: a history's rows do not depend on its neighbours.
    A caller that solves many one at a time passes the game's ``kernels`` and the ``entering`` ranges once.
    Given ``values`` (``gadget_values``: (2, every history, buckets)), each seat's rows come from its own safe
    round (``SafeLastRound``); without, both from one round solved from the ranges alone.
    """
    chosen = np.arange(len(game.keys[-1])) if histories is None else np.asarray(histories, dtype=np.int64)
    if chosen.size and (chosen.min() < 0 or chosen.max() >= len(game.keys[-1])):
        raise ValueError(f"histories must be 0 to {len(game.keys[-1]) - 1:,}")
    kernels = Kernels(game, xp, dtype) if kernels is None else kernels
    ranges = entering(game, strategy, xp, kernels) if ranges is None else ranges
    parts = []
    with progress_bar(total=len(chosen), desc="last rounds solved again", unit=" histories", enabled=progress,
                      file=sys.stderr) as bar:
        for first in range(0, len(chosen), rows):
            some = chosen[first:first + rows]
            parts.append(solve_rows(game, some, [ranges[0][some], ranges[1][some]],
                                    None if values is None else values[:, some], iterations, xp, dtype, kernels))
            bar.update(len(some))
    spots = game.rounds[-1].decisions
    if not parts:
        return {i: np.zeros((0, game.buckets[-1], len(game.rounds[-1].spots[i].actions))) for i in spots}
    return {i: xp.concatenate([part[i] for part in parts]) for i in spots}


def with_last_round(game: MergedGame, strategy, iterations: int = ITERATIONS, xp=np, dtype=DTYPE,
                    workers: int = 1, values=None, progress: bool = False) -> list:
    """Return the whole strategy: the first rounds' as given, the last round solved again for every history (safely
    given the gadget's ``values``, ``resolve_last_round``).

    ``workers`` processes (forked, numpy only) share the histories, each solving its own on its own core: each
    history is solved alone, so the tables are the same as one process's.
    """
    last = game.table.draws
    if workers <= 1 or xp is not np:
        return [*strategy[:last], resolve_last_round(game, strategy, None, iterations, xp, dtype, values=values,
                                                     progress=progress)]
    kernels = Kernels(game, xp, dtype)
    ranges = entering(game, strategy, xp, kernels)
    count, rnd = len(game.keys[last]), game.rounds[last]
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as folder:
        shared = {i: np.lib.format.open_memmap(os.path.join(folder, f"{i}.npy"), mode="w+", dtype=dtype,
                                               shape=(count, game.buckets[last], len(rnd.spots[i].actions)))
                  for i in rnd.decisions}
        parts = np.array_split(np.arange(count), workers)
        children = []
        for part in parts[1:]:
            pid = os.fork()
            if pid == 0:                                       # the child: its histories, written in place
                code = 1
                try:
                    tables = resolve_last_round(game, strategy, part, iterations, xp, dtype, kernels=kernels,
                                                ranges=ranges, values=values)
                    for i, table in tables.items():
                        shared[i][part] = table
                        shared[i].flush()
                    code = 0
                finally:
                    os._exit(code)
            children.append(pid)
        # The first share is this process's: its bar stands for all (the shares are alike and run side by side).
        tables = resolve_last_round(game, strategy, parts[0], iterations, xp, dtype, kernels=kernels, ranges=ranges,
                                    values=values, progress=progress)
        for i, table in tables.items():
            shared[i][parts[0]] = table
        failed = [pid for pid in children if os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) != 0]
        if failed:
            raise RuntimeError(f"{len(failed)} of the {workers} processes solving the last rounds failed")
        return [*strategy[:last], {i: np.array(table) for i, table in shared.items()}]
