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
        for r, table in enumerate(game.following):
            if len(np.unique(table)) != table.size:
                raise ValueError(f"round {r + 2} of the game merges histories (memory {game.memory!r}); the full "
                                 f"tree needs memory 'everything'")
        super().__init__(game, rule, xp, dtype)
        self.rows = rows
        self.following = [xp.asarray(table) for table in game.following]

    def _sweep(self, player: int, weight: float) -> None:
        self.values(self.current, player, weight)

    def values(self, strategy, player: int, weight: float = 0.0, update: bool = True):
        """Return the player's counterfactual values at the root, (1, his dealt buckets), adding his regrets."""
        xp = self.xp
        start = self.kernels.weights[None, :]
        return self._round(0, xp.zeros(1, dtype=np.int64), [start, start], strategy, player, weight, update)

    def _round(self, r: int, rows, start, strategy, player: int, weight: float, update: bool):
        """Return the player's values, (rows, his buckets), for rows of round r entered with both ranges ``start``."""
        xp, game, kernels = self.xp, self.game, self.kernels
        rnd = game.rounds[r]
        if r < game.table.draws and len(rows) * len(rnd.nexts) > self.rows and len(rows) > 1:
            step = max(1, self.rows // len(rnd.nexts))
            return xp.concatenate([self._round(r, rows[s:s + step], [start[0][s:s + step], start[1][s:s + step]],
                                               strategy, player, weight, update)
                                   for s in range(0, len(rows), step)])
        # Down the round: each spot's ranges, this batch's rows only.
        tables = {i: strategy[r][i][rows] for i in rnd.decisions}
        at: list = [None] * len(rnd.spots)
        at[0] = start
        for i, spot in enumerate(rnd.spots):
            if spot.kind == ACT:
                mine, theirs = at[i][spot.player], at[i][1 - spot.player]
                for a, child in enumerate(spot.children):
                    moved = mine * tables[i][:, :, a]
                    at[child] = [moved, theirs] if spot.player == 0 else [theirs, moved]
        later = self._next(r, rows, at, strategy, player, weight, update) if r < game.table.draws else {}
        # Up the round: values, regrets and the average's sums.
        sign = 1.0 if player == 0 else -1.0
        size = game.buckets[r]
        values: list = [None] * len(rnd.spots)
        for i in reversed(range(len(rnd.spots))):
            spot = rnd.spots[i]
            theirs = at[i][1 - player]
            if spot.kind == FOLD:
                values[i] = xp.broadcast_to((sign * kernels.stakes[r][i][rows] * theirs.sum(axis=1))[:, None],
                                            (len(rows), size))
            elif spot.kind == SHOW:
                values[i] = kernels.stakes[r][i][rows][:, None] * (theirs @ kernels.sign.T)
            elif spot.kind == NEXT:
                values[i] = later[i]
            else:
                children = [values[c] for c in spot.children]
                if spot.player == player:
                    table = tables[i]
                    cfv = xp.stack(children, axis=-1)
                    values[i] = (cfv * table).sum(axis=-1)
                    if update:       # each row is one history: the rows of a batch are all different
                        self.regrets[r][i][rows] += cfv - values[i][..., None]
                        self.totals[r][i][rows] += weight * at[i][player][..., None] * table
                else:
                    values[i] = sum(children[1:], children[0])
                for c in spot.children:
                    values[c] = None
        return values[0]

    def _next(self, r: int, rows, at, strategy, player: int, weight: float, update: bool) -> dict:
        """Return the values at each way on of round r's rows: the next round's, brought back through his draw."""
        xp, rnd, moves = self.xp, self.game.rounds[r], self.kernels.moves[r]
        ways = rnd.nexts
        after = xp.concatenate([self.following[r][rows, j] for j in range(len(ways))])
        entering = [xp.concatenate([at[i][seat] @ moves[rnd.spots[i].counts[seat]] for i in ways])
                    for seat in range(2)]
        later = self._round(r + 1, after, entering, strategy, player, weight, update)
        out, first = {}, 0
        for i in ways:
            out[i] = later[first:first + len(rows)] @ moves[rnd.spots[i].counts[player]].T
            first += len(rows)
        return out

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
