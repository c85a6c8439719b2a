"""What the equilibrium of a table with several draws does (triple draw): its strategy read for a real hand.

The solution of such a table (``lowball.solve.run_draws``) keeps the strategy of its merged game, which remembers
every public action (``memory = "everything"``), for the betting rounds before the last; the last round is solved
again when a line reaches it (``lowball.solve.resolve``), from the ranges the earlier rounds leave, and safely where
the file keeps the re-solving gadget's values (each seat's round solved on its own, the opponent free to take what
he wins there against the whole solution). The file also keeps where each real hand sits in the abstraction at
each stage and which cards it throws (``lowball.solve.lookup.StageLookup``), and, once measured, the actions of the
abstract game's best response before the last round (``best_response``, which the matches play).

``DrawsEquilibrium.advise(cards, line)`` answers as ``lowball.solve.policy.Equilibrium.advise`` does, with the same
words and the same ``Advice``: ``cards`` are the five the seat holds at that point (after its draws so far). Its
teacher's facts read the stage of the point:

- ``snow`` (at a draw): the chance of standing pat with a **weak** hand: five cards that, read as a final hand,
  fall in the worse half of the final buckets;
- ``breaking`` (at a draw): the chance of throwing at least one card from a **pat hand**: one whose bucket's best
  discard count at this draw is 0 (``StageLookup.best``);
- ``bluff`` and ``range_above`` (at a bet after the last draw): as at one draw, against the seat's range there.

A line names only the counts the solution allows (``--most-cards``: at most 3, 2 and 1 cards at the three draws of
the shipped solve); a larger throw is refused in one line that lists what the solution holds there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from lowball.core.cards import JOKER, Card
from lowball.core.games import GameTable
from lowball.engine.actions import Action
from lowball.errors import CardError, LowballError
from lowball.ranking.value import hand_cards
from lowball.solve.game_tree import PLAYERS, RAISE, first_round
from lowball.solve.abstraction import MASKS
from lowball.solve.lookup import StageLookup
from lowball.solve.recall import Recall
from lowball.solve.merged import ACT, FOLD, NEXT, Kernels, MergedGame, Spot
from lowball.solve.policy import (DRAW, Advice, IllegalLine, _quoted, _shown, _tokens, label_for, teaching_advice,
                                  word_for)
from lowball.solve.resolve import DTYPE, ITERATIONS, entering_history, from_levels, largest_stakes, solve_rows
from lowball.solve.stages import COUNTS


@dataclass(frozen=True)
class Place:
    """A point of a line in the merged game: the round, the history (its key), the spot, and what led there."""

    round: int
    history: int
    spot: int
    labels: tuple[str, ...]
    said: tuple[str, ...]
    steps: tuple[tuple[int, int, int, int], ...]       # (round, history, spot, action) of every decision taken
    bet_in_round: bool


class DrawsEquilibrium:
    """A solved table with several draws: its merged game, the first rounds' strategy, and the per-hand tables."""

    def __init__(self, game: MergedGame, strategy, lookup: StageLookup, head: dict, iterations: int = ITERATIONS,
                 gadget: np.ndarray | None = None, actions: Sequence[dict | None] = (None, None)):
        self.game, self.strategy, self.lookup, self.head, self.iterations = game, strategy, lookup, head, iterations
        self.gadget = gadget                      # the re-solving gadget's levels: the last round solved safely
        self.actions = tuple(actions)             # by seat: the best response's actions before the last round
        self._responses: dict[int, DrawsResponse] = {}
        self.table: GameTable = game.table
        self.stacks = game.stacks
        self.last = game.table.draws
        _, state, _ = first_round(self.table, self.stacks)
        self.blind_bet = any(state.bets)          # a blind is the first round's bet: a raise over it is a raise
        self.final_buckets = game.buckets[-1]
        self._entering: dict[int, list] = {}                      # a last-round history -> the ranges entering it
        self._kernels: Kernels | None = None
        self._solved: dict[int, dict[int, np.ndarray]] = {}       # a last-round history -> its round solved again
        self._stakes: np.ndarray | None = None                    # each last-round history's largest stake

    def best_response(self, seat: int) -> "DrawsResponse":
        """Return the abstract game's best response to this equilibrium in one seat, read as an equilibrium is: the
        actions the measure of the file found before the last round (``run_draws.measure_shipped``), and in the last
        round the best reply to the round solved again for the history reached."""
        if seat not in self._responses:
            if self.actions[seat] is None:
                raise LowballError(f"{self.table.name}: the solution keeps no best response (it was not measured: "
                                   f"scripts/solve.py --measure)")
            self._responses[seat] = DrawsResponse(self, seat, self.actions[seat])
        return self._responses[seat]

    def covers(self, stacks: Sequence[int]) -> str | None:
        """Return why a hand with these starting stacks is beyond the solution, or None when it covers it: heads-up,
        with the shorter stack at least the solved one (the cap kept heads-up, G2: no line goes deeper)."""
        if len(stacks) != PLAYERS:
            return f"{len(stacks)} players: the solution is heads-up"
        if min(stacks) < self.stacks:
            return f"stacks of {list(stacks)}: the solution needs {self.stacks} each (a shorter stack can be all in)"
        return None

    def place(self, line: str | Iterable[str | Action] = ()) -> Place:
        """Return the point a public line reaches in the merged game (a decision; a finished hand is refused)."""
        return self._place(line)

    def range_at(self, place: Place, seat: int) -> np.ndarray:
        """Return the chance of each of the seat's buckets at a point of play when both play the equilibrium, scaled
        to 1: the deal, his own actions along the line, and his draws (in the buckets of the point's stage).

        The abstraction deals the two hands apart (no card of one is known to shape the other's), so the other
        seat's cards do not enter; where no bucket could have played the line, every bucket is as likely.
        """
        game, moves = self.game, self.kernels.moves
        reach = np.asarray(self.kernels.weights, dtype=float)
        thrown = [0, 0]
        r = 0
        for step_round, history, i, a in place.steps:
            while r < step_round:                          # the round's draws made: into the next stage's buckets
                reach = reach @ moves[r][thrown[seat]]
                r += 1
            spot = game.rounds[step_round].spots[i]
            label = spot.actions[a]
            if label.startswith(DRAW):
                thrown[spot.player] = int(label[len(DRAW):])
            if spot.player == seat:
                reach = reach * self.tables(step_round, history)[i][0, :, a]
        while r < place.round:
            reach = reach @ moves[r][thrown[seat]]
            r += 1
        total = reach.sum()
        return reach / total if total > 0 else np.full(reach.size, 1 / reach.size)

    def labels_of(self, line: str | Iterable[str | Action] = ()) -> tuple[str, ...]:
        """Return a public line in the game's labels, checking each step is legal there."""
        return self._place(line, allow_end=True).labels

    def tables(self, round_: int, history: int) -> dict[int, np.ndarray]:
        """Return the strategy of one history's round, (1, buckets, actions) by spot: stored, or the last solved
        again."""
        if round_ < self.last:
            return {i: table[history:history + 1] for i, table in self.strategy[round_].items()}
        if history not in self._solved:
            values = None
            if self.gadget is not None:
                if self._stakes is None:
                    self._stakes = largest_stakes(self.game, self.kernels)
                values = from_levels(self.gadget[:, [history]], self._stakes[[history]])
            self._solved[history] = solve_rows(self.game, [history], self.entering(history), values, self.iterations,
                                               dtype=DTYPE, kernels=self.kernels)
        return self._solved[history]

    @property
    def kernels(self) -> Kernels:
        """Return the merged game's deal, draw matrices and stakes (built once: a second or so at triple draw)."""
        if self._kernels is None:
            self._kernels = Kernels(self.game)
        return self._kernels

    def entering(self, history: int) -> list:
        """Return both players' ranges entering the last round at one history, (1, buckets) each."""
        if history not in self._entering:
            self._entering[history] = entering_history(self.game, self.strategy, history, kernels=self.kernels)
        return self._entering[history]

    def advise(self, cards: str | Iterable[Card | str], line: str | Iterable[str | Action] = ()) -> Advice:
        """Return what the equilibrium does with ``cards`` at the decision after ``line`` (see the module doc)."""
        held = hand_cards(cards)
        if JOKER in held:
            raise CardError(f"{JOKER}: {self.table.name} is dealt from {self.table.deck_cards} cards without a joker, "
                            f"and its solution places no hand holding one")
        place = self._place(line)
        rnd = self.game.rounds[place.round]
        spot = rnd.spots[place.spot]
        seat, stage = spot.player, place.round
        bucket = self.lookup.bucket(held, stage)
        row = self.tables(place.round, place.history)[place.spot][0, bucket]
        words = [word_for(label, spot, place.bet_in_round, facing(spot)) for label in spot.actions]
        common = dict(table=self.table.name, seat=seat, line=place.labels, said=place.said, cards=held,
                      bucket=bucket, frequencies={w: float(p) for w, p in zip(words, row)},
                      labels=dict(zip(words, spot.actions)), stage=stage, draws=self.last)
        weak = self.lookup.bucket(held, self.last) >= self.final_buckets // 2
        if spot.actions[0].startswith(DRAW):
            return teaching_advice(spot.actions, row, weak, pat_hand=self.lookup.best_count(held, stage) == 0,
                                   throw=lambda k: self.lookup.throw(held, stage, k), **common)
        reach = self._reach(place, seat) if place.round == self.last else None
        return teaching_advice(spot.actions, row, weak, reach=reach, **common)

    # ---- the line ----

    def _place(self, line: str | Iterable[str | Action], allow_end: bool = False) -> Place:
        game = self.game
        r, history, i = 0, 0, 0
        labels: list[str] = []
        said: list[str] = []
        steps: list[tuple[int, int, int, int]] = []
        bet_in_round = self.blind_bet

        def onward(r: int, history: int, i: int) -> tuple[int, int, int, Spot]:
            """Pass the ways on: a round's end after its draws leads to the next round's history (the tree's order)."""
            spot = game.rounds[r].spots[i]
            while spot.kind == NEXT:
                history = int(game.following[r][history, game.rounds[r].nexts.index(i)])
                r, i = r + 1, 0
                spot = game.rounds[r].spots[i]
            return r, history, i, spot

        for token in _tokens(line):
            before_round = r
            r, history, i, spot = onward(r, history, i)
            if r != before_round:
                bet_in_round = False
            before = _quoted(said, len(said))
            if spot.kind != ACT:
                raise IllegalLine(f"the hand is over after {before}: {_shown(token)} comes after the end")
            label = label_for(token, spot, bet_in_round, before, facing(spot))
            said.append(word_for(label, spot, bet_in_round, facing(spot)))
            index = spot.actions.index(label)
            steps.append((r, history, i, index))
            labels.append(label)
            if label == RAISE:
                bet_in_round = True
            i = spot.children[index]
        before_round = r
        r, history, i, spot = onward(r, history, i)
        if r != before_round:
            bet_in_round = False
        place = Place(r, history, i, tuple(labels), tuple(said), tuple(steps), bet_in_round)
        if spot.kind != ACT and not allow_end:
            words = "folded" if spot.kind == FOLD else "shown down"
            raise IllegalLine(f"the hand is over after {_quoted(said, len(said))} ({words}): nobody acts there")
        return place

    def _reach(self, place: Place, seat: int) -> np.ndarray:
        """Return the chance of each of the seat's final buckets at a point of the last round when both play the
        equilibrium: his range entering the round, times his own actions in it."""
        reach = np.asarray(self.entering(place.history)[seat][0], dtype=float)
        tables = self.tables(place.round, place.history)
        for r, _, i, a in place.steps:
            if r == place.round and self.game.rounds[r].spots[i].player == seat:
                reach = reach * tables[i][0, :, a]
        return reach


class DrawsResponse(DrawsEquilibrium):
    """The abstract game's best response to a ``DrawsEquilibrium`` in one seat, read as the equilibrium is read: one
    action per bucket at the seat's decisions (the other seat's rows are the equilibrium's)."""

    def __init__(self, equilibrium: DrawsEquilibrium, seat: int, actions: dict[tuple[int, int], np.ndarray]):
        strategy = [dict(tables) for tables in equilibrium.strategy]
        for (r, i), best in actions.items():
            strategy[r][i] = np.eye(strategy[r][i].shape[-1])[best]
        super().__init__(equilibrium.game, strategy, equilibrium.lookup, equilibrium.head, equilibrium.iterations,
                         equilibrium.gadget)
        self.equilibrium, self.seat = equilibrium, seat
        self._kernels = equilibrium.kernels
        self._recall: Recall | None = None

    def tables(self, round_: int, history: int) -> dict[int, np.ndarray]:
        """Return one history's round: the stored actions before the last round, else the best reply to the
        equilibrium's last round solved again there (its range entering the round is the equilibrium's own)."""
        if round_ < self.last:
            return super().tables(round_, history)
        if history not in self._solved:
            solved = self.equilibrium.tables(round_, history)
            theirs = np.asarray(self.equilibrium.entering(history)[1 - self.seat], dtype=float)
            total = theirs.sum()
            theirs = theirs / total if total > 0 else np.full_like(theirs, 1 / theirs.size)
            if self._recall is None:
                self._recall = Recall(self.game, self.strategy)
            best = self._recall.round_actions(round_, self.seat, [history], theirs, solved)
            rnd = self.game.rounds[round_]
            self._solved[history] = {i: np.eye(len(rnd.spots[i].actions))[best[i]] if i in best else table
                                     for i, table in solved.items()}
        return self._solved[history]


def facing(spot: Spot) -> bool | None:
    """Return whether the player at a betting spot faces a bet (None at a draw): he has put in less than the most."""
    return spot.bets[spot.player] < max(spot.bets) if spot.bets else None


def load_draws(table: GameTable, path=None) -> DrawsEquilibrium:
    """Read a table's solution of several draws with its per-hand tables, each checked; refuse a damaged file or one
    of another table in one line."""
    from lowball.solve import run_draws, store                             # noqa: PLC0415 - solve loads on demand
    from lowball.solve.policy import HANDS                                 # noqa: PLC0415

    path = store.path_of(table.name) if path is None else path
    arrays = store.read_arrays(path, store.SOLUTION)
    game, strategy, head = run_draws.load(table, path, arrays)
    lookup = StageLookup.read(arrays, table.draws)
    sizes = game.buckets
    checks = [(f"bucket_{s}", b, (HANDS,), sizes[s] - 1) for s, b in enumerate(lookup.buckets)]
    checks += [(f"throw_{d}", t, (HANDS, max(game.allowed[d]) + 1), MASKS - 1) for d, t in enumerate(lookup.throws)]
    checks += [(f"best_{d}", b, (sizes[d],), COUNTS - 1) for d, b in enumerate(lookup.best)]
    for name, array, shape, most in checks:
        store.check_array(path, store.SOLUTION, name, array, "u", shape)
        if array.size and int(array.max()) > most:
            raise store.bad_file(path, store.SOLUTION, f"its array {name!r} holds {int(array.max())}, where at most "
                                                       f"{most} fits")
    iterations = int(head["facts"].get("shipped", {}).get("last_round_iterations", ITERATIONS))  # as measured
    return DrawsEquilibrium(game, strategy, lookup, head, iterations, gadget=run_draws.gadget_of(game, path, arrays),
                            actions=[run_draws.response_of(game, path, arrays, seat) for seat in range(2)])
