"""The exact best response to a merged game's strategy by a player who remembers every public action.

The merged game (``lowball.solve.merged``) forgets the earlier rounds' lines and draws; its best responder does
not. He remembers the whole public history (every bet, every count thrown by either player) and his own buckets,
and at each decision he takes the action worth most against the opponent's range there, which the history
fixes. That is the exact best response of the abstract game with perfect recall: remembering his earlier
buckets would give him nothing more, since the buckets are a Markov chain and the opponent's range does not
depend on his cards (``lowball.solve.stages``). The exploitability of a merged strategy is measured with it.

The histories are many (about 3 x 10^7 before the last betting round of triple draw), so they are walked in
batches: all the histories that reach the same round are rows of one array, each with its key (to read the
opponent's strategy) and the opponent's range, and a round's spots are evaluated for all rows at once. Rows are
split into chunks before a round whose histories would not fit (``rows``).
"""

from __future__ import annotations

import numpy as np

from lowball.solve.backend import to_numpy
from lowball.solve.merged import ACT, FOLD, NEXT, SHOW, Kernels, MergedGame

ROWS = 1 << 17          # the most histories of the last round held at once


class Recall:
    """Best responses of either seat to one merged strategy, by walking every public history in batches."""

    def __init__(self, game: MergedGame, strategy, xp=np, rows: int = ROWS):
        self.game, self.strategy, self.xp, self.rows = game, strategy, xp, rows
        # The deal, the draw matrices, the showdown's signs and the stakes are the merged game's sweeps' own.
        kernels = Kernels(game, xp)
        self.weights, self.moves, self.sign, self.stakes = kernels.weights, kernels.moves, kernels.sign, kernels.stakes
        self.following = [xp.asarray(table) for table in game.following]
        self.tables = [{i: xp.asarray(table) for i, table in tables.items()} for tables in strategy]
        self._choices: list[dict[int, np.ndarray]] = []    # per round: where the best actions are written, if asked

    def value(self, player: int) -> float:
        """Return what the best response in seat ``player`` wins against the strategy, in chips a hand."""
        xp = self.xp
        start = self._round(0, player, xp.zeros(1, dtype=np.int64), self.weights[None, :])
        return float(self.weights @ start[0])

    def round_values(self, r: int, player: int, keys, opponent, tables=None):
        """Return the best responder's values, (rows, his buckets), entering round r at the histories ``keys``
        with the opponent's ranges ``opponent`` (rows, buckets): what each of his buckets wins from there on.

        ``tables`` (the last round only): that round's strategy for these histories alone, a row per key, in place
        of the strategy's own (a round solved again for one history at play time).
        """
        keys = self.xp.asarray(keys, dtype=np.int64)
        rows = None if tables is None else self.xp.arange(len(keys))
        return self._round(r, player, keys, opponent, rows, tables)

    def round_actions(self, r: int, player: int, keys, opponent, tables=None) -> dict[int, np.ndarray]:
        """Return the best responder's action in round r at the histories ``keys`` (``round_values``' arguments):
        each of his decision spots' (rows, buckets) table of the best action's index (the first of equals)."""
        rnd = self.game.rounds[r]
        self._choices = [{} for _ in range(r)] + [{i: np.zeros((len(keys), self.game.buckets[r]), dtype=np.int8)
                                                   for i in rnd.decisions if rnd.spots[i].player == player}]
        try:
            keys = self.xp.asarray(keys, dtype=np.int64)
            self._round(r, player, keys, opponent, self.xp.arange(len(keys)), tables or self.tables[r])
            return self._choices[r]
        finally:
            self._choices = []

    def best_actions(self, player: int, rounds: int) -> tuple[float, list[dict[int, np.ndarray]]]:
        """Return what the best response in seat ``player`` wins (chips a hand) and its action in each of the first
        ``rounds`` rounds: per round, each of its decision spots' (keys, buckets) table of the best action's index
        (the first of equals)."""
        xp = self.xp
        self._choices = [{i: np.zeros((len(self.game.keys[r]), self.game.buckets[r]), dtype=np.int8)
                          for i in rnd.decisions if rnd.spots[i].player == player}
                         for r, rnd in enumerate(self.game.rounds[:rounds])]
        try:
            start = self._round(0, player, xp.zeros(1, dtype=np.int64), self.weights[None, :])
            return float(self.weights @ start[0]), self._choices
        finally:
            self._choices = []

    def _round(self, r: int, player: int, keys, opponent, rows=None, tables=None):
        """Return the best responder's values, (rows, his buckets), for rows of histories entering round r (their
        strategy's rows ``rows`` of ``tables``: by default, the keys' own of the strategy)."""
        xp, game = self.xp, self.game
        rnd = game.rounds[r]
        if r < game.table.draws and len(keys) * len(rnd.nexts) > self.rows and len(keys) > 1:
            step = max(1, self.rows // len(rnd.nexts))
            return xp.concatenate([self._round(r, player, keys[s:s + step], opponent[s:s + step])
                                   for s in range(0, len(keys), step)])
        rows, tables = (keys, self.tables[r]) if tables is None else (rows, tables)
        sign = 1.0 if player == 0 else -1.0
        at: list = [None] * len(rnd.spots)
        at[0] = opponent
        for i, spot in enumerate(rnd.spots):
            if spot.kind == ACT:
                for a, child in enumerate(spot.children):
                    at[child] = at[i] * tables[i][rows, :, a] if spot.player != player else at[i]
        carried = self._carried(r, player, keys, at) if r < game.table.draws else {}
        values: list = [None] * len(rnd.spots)
        size = game.buckets[r]
        for i in reversed(range(len(rnd.spots))):
            spot = rnd.spots[i]
            if spot.kind == FOLD:
                values[i] = xp.broadcast_to((sign * self.stakes[r][i][keys] * at[i].sum(axis=1))[:, None],
                                            (len(keys), size))
            elif spot.kind == SHOW:
                values[i] = self.stakes[r][i][keys][:, None] * (at[i] @ self.sign.T)
            elif spot.kind == NEXT:
                values[i] = carried[i]
            else:
                children = [values[c] for c in spot.children]
                if spot.player == player:
                    values[i] = children[0]
                    for more in children[1:]:
                        values[i] = xp.maximum(values[i], more)
                    if r < len(self._choices) and i in self._choices[r]:
                        best = xp.argmax(xp.stack(children, axis=-1), axis=-1)
                        self._choices[r][i][to_numpy(rows)] = to_numpy(best)
                else:
                    values[i] = sum(children[1:], children[0])
                for c in spot.children:
                    values[c] = None
        return values[0]

    def _carried(self, r: int, player: int, keys, at) -> dict:
        """Return the values at each way on of round r: the next round's, brought back through both draws."""
        xp, rnd = self.xp, self.game.rounds[r]
        rows, ranges, shapes = [], [], []
        for j, i in enumerate(rnd.nexts):
            counts = rnd.spots[i].counts
            rows.append(self.following[r][keys, j])
            ranges.append(at[i] @ self.moves[r][counts[1 - player]])
            shapes.append(len(keys))
        later = self._round(r + 1, player, xp.concatenate(rows), xp.concatenate(ranges))
        out, first = {}, 0
        for j, i in enumerate(rnd.nexts):
            mine = self.moves[r][rnd.spots[i].counts[player]]
            out[i] = later[first:first + shapes[j]] @ mine.T
            first += shapes[j]
        return out


def recall_values(game: MergedGame, strategy, xp=np, rows: int = ROWS) -> tuple[float, float]:
    """Return what a best response with perfect recall wins in each seat against a merged strategy.

    >>> from lowball.solve.merged import MergedSolver, build_game, small_table
    >>> from lowball.solve.stages import toy_stages
    >>> game = build_game(small_table(), toy_stages())
    >>> solver = MergedSolver(game).run(30)
    >>> seat0, seat1 = recall_values(game, solver.average())
    >>> bool(seat0 + seat1 > 0)          # no strategy of a merged game is unexploitable by one that remembers
    True
    """
    recall = Recall(game, strategy, xp, rows)
    return recall.value(0), recall.value(1)
