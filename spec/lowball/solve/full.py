"""CFR on the full public tree of a table with several draws: one range vector per history, batched by round.

When the merged game remembers every public action (``build_game(..., memory="everything")``), no two histories
meet: each key of a round has exactly one way in. CFR then needs no value matrix per spot (``lowball.solve.merged``
keeps one, B x B, because merged histories must be told apart): a player's counterfactual values are one vector
per history, brought back through his own draw matrix at each way on, as the single-draw solver's are
(``lowball.solve.cfr``). The work and the memory per history are then linear in the buckets, not quadratic, which
is what lets the full tree of triple draw, at most 3.4 x 10^7 histories before its last round, be held by one GPU.

It plays the same game as ``MergedSolver`` on that game and gives the same regrets (``tests/solve/test_solve_full.py``).
"""

from __future__ import annotations

import numpy as np

from lowball.solve.cfr import DCFR, Discounting
from lowball.solve.merged import FOLD, NEXT, SHOW, MergedGame, RoundSolver


class FullSolver(RoundSolver):
    """Run CFR on a merged game that merges no history, keeping regrets, current and average strategies per spot.

    >>> from lowball.solve.merged import build_game, small_table
    >>> from lowball.solve.stages import toy_stages
    >>> solver = FullSolver(build_game(small_table(), toy_stages(), memory="everything")).run(2)
    >>> solver.iterations, solver.average()[3][0].shape     # the last round: 12^3 histories, 4 final buckets
    (2, (1728, 4, 3))
    """

    def __init__(self, game: MergedGame, rule: Discounting = DCFR, xp=np):
        for r, table in enumerate(game.following):
            if len(np.unique(table)) != table.size:
                raise ValueError(f"round {r + 2} of the game merges histories (memory {game.memory!r}); the full "
                                 f"tree needs memory 'everything'")
        super().__init__(game, rule, xp)

    def _sweep(self, player: int, weight: float) -> None:
        self.values(self.current, player, weight)

    def values(self, strategy, player: int, weight: float = 0.0, update: bool = True):
        """Return the player's counterfactual values at the root, (1, his dealt buckets), adding his regrets."""
        xp, game, kernels = self.xp, self.game, self.kernels
        ranges = kernels.forward(strategy)
        sign = 1.0 if player == 0 else -1.0
        later = None
        for r in reversed(range(len(game.rounds))):
            rnd = game.rounds[r]
            keys, size = len(game.keys[r]), game.buckets[r]
            nexts = {i: j for j, i in enumerate(rnd.nexts)}
            at: list = [None] * len(rnd.spots)
            for i in reversed(range(len(rnd.spots))):
                spot = rnd.spots[i]
                theirs = ranges[r][i][1 - player]
                if spot.kind == FOLD:
                    at[i] = xp.broadcast_to((sign * kernels.stakes[r][i] * theirs.sum(axis=1))[:, None], (keys, size))
                elif spot.kind == SHOW:
                    at[i] = kernels.stakes[r][i][:, None] * (theirs @ kernels.sign.T)
                elif spot.kind == NEXT:
                    mine = kernels.moves[r][spot.counts[player]]
                    at[i] = later[game.following[r][:, nexts[i]]] @ mine.T
                else:
                    children = [at[c] for c in spot.children]
                    if spot.player == player:
                        table = strategy[r][i]
                        cfv = xp.stack(children, axis=-1)
                        at[i] = (cfv * table).sum(axis=-1)
                        if update:
                            self.regrets[r][i] += cfv - at[i][..., None]
                            self.totals[r][i] += weight * ranges[r][i][player][..., None] * table
                    else:
                        at[i] = sum(children[1:], children[0])
                    for c in spot.children:
                        at[c] = None
            later = at[0]
        return later

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
