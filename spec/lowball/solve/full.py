"""CFR on the full public tree of a table with several draws: one range vector per history, batched by round.

When the merged game remembers every public action (``build_game(..., memory="everything")``), no two histories
meet: each key of a round has exactly one way in. CFR then needs no value matrix per spot (``lowball.solve.merged``
keeps one, B x B, because merged histories must be told apart): a player's counterfactual values are one vector
per history, brought back through his own draw matrix at each way on, as the single-draw solver's are
(``lowball.solve.cfr``). The work and the memory per history are then linear in the buckets, not quadratic, which
is what lets the full tree of triple draw, at most 3.4 x 10^7 histories before its last round, be held by one GPU.

The sweep is chunked: a round's histories are taken a batch of rows at a time, each batch walked down its round,
through the draws into the next round's rows it leads to (each history has one way in, so the next round's rows of
a batch are its own), and back up. Only one batch's ranges per round are held at once, never every spot's ranges of
the whole tree (``rows``: the most histories of the next round a batch may lead to), which is what the full tree
of triple draw needs on a GPU. ``dtype`` float32 halves the memory of the regrets and the sums.

It plays the same game as ``MergedSolver`` on that game and gives the same regrets, in batches of any size
(``tests/solve/test_solve_full.py``).
"""

from __future__ import annotations

import numpy as np

from lowball.solve.cfr import DCFR, Discounting
from lowball.solve.merged import ACT, FOLD, NEXT, SHOW, MergedGame, RoundSolver

ROWS = 1 << 17          # the most histories of a round one batch leads to


class FullSolver(RoundSolver):
    """Run CFR on a merged game that merges no history, keeping regrets, current and average strategies per spot.

    >>> from lowball.solve.merged import build_game, small_table
    >>> from lowball.solve.stages import toy_stages
    >>> solver = FullSolver(build_game(small_table(), toy_stages(), memory="everything")).run(2)
    >>> solver.iterations, solver.average()[3][0].shape     # the last round: 12^3 histories, 4 final buckets
    (2, (1728, 4, 3))
    """

    def __init__(self, game: MergedGame, rule: Discounting = DCFR, xp=np, dtype=np.float64, rows: int = ROWS):
        check_full_tree(game, "the full tree's solver")
        super().__init__(game, rule, xp, dtype)
        self.rows = rows

    def _sweep(self, player: int, weight: float) -> None:
        self.values(self.current, player, weight)

    def values(self, strategy, player: int, weight: float = 0.0, update: bool = True):
        """Return the player's counterfactual values at the root, (1, his dealt buckets), adding his regrets."""
        start = self.kernels.weights[None, :]
        return self._round(0, 0, 1, [start, start], strategy, player, weight, update)

    def _round(self, r: int, first: int, last: int, start, strategy, player: int, weight: float, update: bool):
        """Return the player's values, (histories, his buckets), for round r's histories ``first`` to ``last`` (not
        included), entered with both players' ranges ``start``."""
        xp, game = self.xp, self.game
        rnd = game.rounds[r]
        count, ways = last - first, len(rnd.nexts)
        if r < game.table.draws and count * ways > self.rows and count > 1:
            step = max(1, self.rows // ways)
            return xp.concatenate([self._round(r, s, min(s + step, last),
                                               [start[0][s - first:s - first + step],
                                                start[1][s - first:s - first + step]],
                                               strategy, player, weight, update)
                                   for s in range(first, last, step)])
        rows = slice(first, last)                      # views, never copies, of the tables
        tables = {i: table[rows] for i, table in strategy[r].items()}
        learn = None
        if update:
            learn = ({i: regrets[rows] for i, regrets in self.regrets[r].items()},
                     {i: totals[rows] for i, totals in self.totals[r].items()}, weight)
        stakes = {i: stake[rows] for i, stake in self.kernels.stakes[r].items()}

        def later(at):
            return self._next(r, first, last, at, strategy, player, weight, update) if r < game.table.draws else {}
        return sweep_round(xp, rnd, game.buckets[r], start, tables, stakes, self.kernels.sign, player, later, learn)

    def _next(self, r: int, first: int, last: int, at, strategy, player: int, weight: float, update: bool) -> dict:
        """Return the values at each way on of round r's histories: the next round's, brought back through his draw.

        History k's way j leads to history k * ways + j of round r + 1 (the full tree's order), so histories
        ``first`` to ``last`` lead to one run of the next round's, way after way for each.
        """
        xp, rnd, moves = self.xp, self.game.rounds[r], self.kernels.moves[r]
        ways, size = rnd.nexts, self.game.buckets[r + 1]
        entering = ways_on(xp, rnd, at, moves, size)
        later = self._round(r + 1, first * len(ways), last * len(ways), entering, strategy, player, weight, update)
        later = later.reshape(last - first, len(ways), size)
        return {i: later[:, j] @ moves[rnd.spots[i].counts[player]].T for j, i in enumerate(ways)}

    def seat_values(self, strategy) -> tuple[float, float]:
        """Return each seat's expected payoff when both play the strategy.

        >>> from lowball.solve.merged import build_game, small_table
        >>> from lowball.solve.stages import toy_stages
        >>> game = build_game(small_table(), toy_stages(), memory="everything")
        >>> solver = FullSolver(game)
        >>> value = solver.seat_values(solver.current)
        >>> abs(value[0] - solver.kernels.seat_values(solver.current)[0]) < 1e-12   # the value matrices' answer
        True
        """
        value = float(self.kernels.weights @ self.values(strategy, 0, update=False)[0])
        return value, -value


def check_full_tree(game: MergedGame, who: str) -> None:
    """Refuse a game that merges histories for ``who``, which needs one range per history (the full public tree)."""
    for r, table in enumerate(game.following):
        # build_game numbers the full tree's histories in its order; any other game merges some
        if not np.array_equal(table, np.arange(table.size).reshape(table.shape)):
            raise ValueError(f"round {r + 2} of the game merges histories (memory {game.memory!r}); {who} needs the "
                             f"full tree (memory 'everything')")


def sweep_round(xp, rnd, size: int, start, tables, stakes, sign_matrix, player: int, later=None, learn=None):
    """Return the player's values, (histories, his buckets), at the start of one round for a batch of histories.

    ``start`` holds both players' ranges as they enter, (histories, buckets) each; ``tables[i]`` is the strategy of
    decision spot i for these histories and ``stakes[i]`` the stake of fold or showdown spot i (``Kernels``).
    ``later(at)`` returns the values at the round's ways on from the ranges ``at`` of its spots (none in the last
    round). Given ``learn`` (regrets and totals of these histories, by spot, and the average's weight), the
    player's regrets and the average's sums are added to, in place.
    """
    at = down_round(rnd, start, tables)
    carried = later(at) if later is not None and rnd.nexts else {}
    # Up the round: values, regrets and the average's sums.
    sign = 1.0 if player == 0 else -1.0
    count = start[0].shape[0]
    values: list = [None] * len(rnd.spots)
    for i in reversed(range(len(rnd.spots))):
        spot = rnd.spots[i]
        theirs = at[i][1 - player]
        if spot.kind == FOLD:
            values[i] = xp.broadcast_to((sign * stakes[i] * theirs.sum(axis=1))[:, None], (count, size))
        elif spot.kind == SHOW:
            values[i] = stakes[i][:, None] * (theirs @ sign_matrix.T)
        elif spot.kind == NEXT:
            values[i] = carried[i]
        else:
            children = [values[c] for c in spot.children]
            if spot.player == player:
                # Action by action rather than stacked: a short last axis is slow to reduce (action_sum).
                table = tables[i]
                values[i] = children[0] * table[..., 0]
                for a in range(1, len(children)):
                    values[i] += children[a] * table[..., a]
                if learn is not None:
                    regrets, totals, weight = learn
                    for a, child in enumerate(children):
                        regrets[i][..., a] += child - values[i]
                    totals[i] += weight * at[i][player][..., None] * table
            else:
                values[i] = sum(children[1:], children[0])
            for c in spot.children:
                values[c] = None
    return values[0]


def down_round(rnd, start, tables) -> list:
    """Return both players' ranges, (histories, buckets) each, at every spot of a round entered with ``start``."""
    at: list = [None] * len(rnd.spots)
    at[0] = start
    for i, spot in enumerate(rnd.spots):
        if spot.kind == ACT:
            table = tables[i]
            mine, theirs = at[i][spot.player], at[i][1 - spot.player]
            for a, child in enumerate(spot.children):
                moved = mine * table[:, :, a]
                at[child] = [moved, theirs] if spot.player == 0 else [theirs, moved]
    return at


def ways_on(xp, rnd, at, moves, size: int) -> list:
    """Return both players' ranges entering the next round, (histories x ways, buckets) each: a history's ways on
    in order, each range through its player's own draw (``moves[count]``)."""
    return [xp.stack([at[i][seat] @ moves[rnd.spots[i].counts[seat]] for i in rnd.nexts], axis=1).reshape(-1, size)
            for seat in range(2)]
