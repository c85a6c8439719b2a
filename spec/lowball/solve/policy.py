"""What the equilibrium does: a solved heads-up table's strategy, read for a real hand at a real point of play.

``Equilibrium.load(table)`` loads the shipped solution of a table (a ``GameTable`` or a built-in name) and
``advise(cards, line)`` answers for the seat whose turn it is after the public ``line``: its betting
frequencies, or at the draw how often it throws each number of cards and which cards. ``cards`` are that seat's
cards as it holds them then: the five dealt cards before its own draw, its final five after it.

>>> eq = Equilibrium.load("teaching-table")
>>> eq.solved_tables()
('deuce-to-seven-single-draw-limit', 'deuce-to-seven-triple-draw-phh', 'teaching-table')
>>> first = eq.advise("6c 4h 3s 2d Ac")                  # seat 0 (p1) opens the betting: check or bet
>>> first.seat, first.phase, sorted(first.frequencies)
(0, 'bet', ['bet', 'check'])
>>> draw = eq.advise("Kc 7d 4h 3s 2c", line="check check")   # seat 0 at the draw, after both checked
>>> draw.phase, draw.most_likely(), " ".join(map(str, draw.throws[1].cards))   # throwing one: the king
('draw', 'draw1', 'Kc')
>>> eq.advise("7c 5d 4h 3s 2c", line="check bet fold")
Traceback (most recent call last):
lowball.solve.policy.IllegalLine: the hand is over after 'check bet fold': nobody acts there
>>> eq.advise("7c 5d 4h 3s 2c", line="raise")
Traceback (most recent call last):
lowball.solve.policy.IllegalLine: 'raise' is not legal for p1 after the deal: p1 may check, bet (there is no bet \
to raise: say bet)

The line is a list of the words a player says (``check``, ``call``, ``bet``, ``raise``, ``fold``, ``pat``,
``draw1`` ... ``draw5``; the tree's ``draw0`` is ``pat``), as one string or a list, each the word for what the
player does there: ``raise`` with no bet to raise is refused (say ``bet``), and so is ``call`` with nothing to
call (say ``check``), although the tree's labels name those actions so. A list may also hold the engine's
actions (``Action`` objects or PHH lines such as ``"p1 cbr 1"``; the dealer's lines are skipped), so
``advise(hand.hands[seat], hand.actions)`` reads a ``lowball.Hand`` of the table as it stands.

The teacher's facts in each ``Advice`` are probabilities of the decision, each defined exactly:

- ``snow`` (at the draw): the chance of standing pat with a **weak** hand: five cards that, read as a final
  hand, fall in the worse half of the abstraction's final buckets (post bucket >= half their number; the
  buckets have equal mass, so such a hand loses to a random five-card hand about half the time or more).
  Standing pat there is a bluff at the draw: the opponent sees a pat hand.
- ``breaking`` (at the draw): the chance of throwing at least one card from a **pat hand**: a hand whose best
  discard count in the abstraction is 0 (standing pat has the best expected equity against a random hand of
  all its throws, lowball.solve.abstraction), e.g. throwing the nine of a nine-low.
- ``bluff`` (at a bet after the seat's own draw): the chance of betting or raising with a final hand in the
  **bottom part of its range**: its post bucket starts past the better half of the hands the seat holds there
  when both play the equilibrium (its reach at that node, best bucket first; ``range_above`` is that share).

All three are 0 where they cannot happen (no draw, no pat hand, before the draw).

An ``Advice`` also holds ``seat`` (0 = p1), ``phase`` ("bet" or "draw"), ``frequencies`` (word -> probability),
``throws`` (``Throw(count, probability, cards)`` per count at a draw), ``bucket``, ``pat_hand``, ``weak``,
``range_above``, and the line as ``line`` (the tree's labels) and ``said`` (words). ``covers(stacks)`` says
whether the solution covers a hand's starting stacks, ``labels_of(line)`` checks a line, ``solved_tables()``
names the tables with a shipped solution.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Sequence

import numpy as np

from lowball.core.cards import JOKER, Card
from lowball.core.games import GameTable, load_game_table
from lowball.engine.actions import Action, parse_action
from lowball.errors import CardError, LowballError
from lowball.ranking import as_system
from lowball.ranking.fast import shape_ranks
from lowball.ranking.value import hand_cards
from lowball.solve import store
from lowball.solve.best_response import best_response as best_response_of
from lowball.solve.game_tree import CALL, FOLD, RAISE, build_tree, check_solvable, first_round
from lowball.solve.lookup import HandLookup
from lowball.solve.tree import Decision, Node, Terminal, Transition

DRAW = "draw"
PAT = "pat"
ENGINE_LABEL = {"f": FOLD, "cc": CALL, "cbr": RAISE}
SKIPPED = ("dh", "db", "sm")      # the dealer's deals and the shows: no decision of the public tree
# The words a player says (the tree's labels aside): one that is not the word for the action here is refused.
SPOKEN = frozenset({"check", "call", "bet", "raise", "fold", PAT, *(f"{DRAW}{k}" for k in range(1, 6))})
# A word said where its neighbour is meant: the word the player means there, and why this one is wrong.
MISTAKEN = {"raise": ("bet", "there is no bet to raise"), "call": ("check", "there is nothing to call"),
            "bet": ("raise", "there is a bet already"), "check": ("call", "there is a bet to call"),
            "fold": ("check", "there is no bet to fold to")}
# The dealt hands the per-hand tables hold: every five of the 52 cards (lowball.solve.lookup).
HANDS = 2_598_960


class NoSolution(LowballError):
    """A table without a shipped solution (or one that cannot be solved); the message names the solved tables."""


class IllegalLine(LowballError):
    """A public line that the solved tree does not hold: a word that is not legal there, or a hand already over."""


@dataclass(frozen=True)
class Throw:
    """At a draw: how often the equilibrium throws ``count`` cards, and which cards it throws then."""

    count: int
    probability: float
    cards: tuple[Card, ...]


@dataclass(frozen=True, kw_only=True)
class Advice:
    """What the equilibrium does at one decision, with the hand's bucket and the teacher's facts (module doc)."""

    table: str
    seat: int                               # 0 = p1, on the dealer's left
    line: tuple[str, ...]                   # the public line so far, in the tree's labels
    said: tuple[str, ...]                   # the same line in the players' words (check, bet, pat, draw2 ...)
    phase: str                              # "bet" or "draw"
    cards: tuple[Card, ...]
    bucket: int                             # the pre bucket before the seat's draw, the post bucket after it
    frequencies: dict[str, float]           # word -> probability: fold check call bet raise, or pat draw1 ...
    labels: dict[str, str] = field(repr=False)   # word -> the tree's label of that action
    throws: tuple[Throw, ...] = ()          # at a draw, one per discard count
    snow: float = 0.0
    breaking: float = 0.0
    bluff: float = 0.0
    pat_hand: bool = False                  # the abstraction's best discard count for these cards is 0
    weak: bool = False                      # read as a final hand, these cards are in the worse half of the buckets
    range_above: float | None = None        # after the draw: the share of the seat's range here that is better
    stage: int | None = None                # several draws: how many the seat has made (its bucket's stage)
    draws: int = 1                          # the table's draws

    def most_likely(self) -> str:
        """Return the word of the most frequent action (the first of equals).

        >>> Equilibrium.load("teaching-table").advise("Kc Kd Kh Ks Qc", line="check bet").most_likely()
        'fold'
        """
        return max(self.frequencies, key=self.frequencies.__getitem__)


@dataclass(frozen=True, eq=False)
class _Point:
    """A decision reached by a line: the node, its number, the labels so far, and the path of nodes to it."""

    node: Decision
    number: int
    labels: tuple[str, ...]
    said: tuple[str, ...]
    steps: tuple[tuple[Node, int | None], ...]     # every node on the way and the child taken (None: a transition)
    bet_in_round: bool


class Equilibrium:
    """A table's shipped equilibrium with the per-hand tables that place real cards in its abstraction."""

    def __init__(self, solution: store.Solution, lookup: HandLookup):
        self.solution = solution
        self.table: GameTable = solution.built.table
        self.stacks: int = solution.built.stacks
        self.tree = solution.built.tree
        self.lookup = lookup
        self.post_buckets = len(solution.ranges.strengths)
        _, state, _ = first_round(self.table, self.stacks)
        self.blind_bet = any(state.bets)          # a blind is the first round's bet: a raise over it is a raise
        self._same_tree: dict[int, bool] = {}     # a shorter stack -> whether its tree is the solved one
        self._responses: dict[int, Equilibrium] = {}   # a seat -> the abstract game's best response to this

    @staticmethod
    def solved_tables() -> tuple[str, ...]:
        """Return the names of the tables whose solution is shipped."""
        return tuple(sorted(path.stem for path in store.SOLUTIONS.glob("*.npz")))

    @classmethod
    def load(cls, table: GameTable | str) -> "Equilibrium":
        """Load a table's shipped solution; refuse a table without one (``NoSolution``, naming the solved tables).

        >>> Equilibrium.load("razz")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        lowball.solve.policy.NoSolution: razz: 0 draws; only single-draw tables are solved (solved tables: deuce-...)
        """
        if isinstance(table, str):
            table = load_game_table(table)
        return _load(table.name, store.table_hash(table), table)

    def covers(self, stacks: Sequence[int]) -> str | None:
        """Return why a hand with these starting stacks is beyond the solution, or None when the solution covers it.

        Heads-up only the shorter stack plays, so the hand is covered when the public tree built at that stack is
        the solved one: the same lines, the same actions, the same chips at every end (a capped table at deeper
        stacks; a table that lifts the cap heads-up, G2, only at the solved stacks).

        >>> eq = Equilibrium.load("teaching-table")
        >>> eq.covers([13, 13]), eq.covers([20, 13]), eq.covers([13, 13, 13])
        (None, None, '3 players: the solution is heads-up')
        >>> eq.covers([12, 13])
        'stacks of [12, 13]: the solution is for 13 each (at 12 the betting differs)'
        """
        if len(stacks) != 2:
            return f"{len(stacks)} players: the solution is heads-up"
        short = min(stacks)
        if short == self.stacks:
            return None
        # One chip more changes a tree exactly when some line of it ends all in (that line's chips change), so
        # the trees of all deeper stacks are the solved one when the tree at one chip more is.
        probe = min(short, self.stacks + 1)
        if probe not in self._same_tree:
            built = build_tree(self.table, self.solution.ranges, probe)
            self._same_tree[probe] = _shape(built.tree) == _shape(self.tree)
        if self._same_tree[probe]:
            return None
        return f"stacks of {list(stacks)}: the solution is for {self.stacks} each (at {short} the betting differs)"

    def best_response(self, seat: int) -> "Equilibrium":
        """Return the abstract game's best response to this equilibrium for ``seat``, as a strategy of the same
        tables: at each of the seat's decisions the best action for each bucket (``lowball.solve.best_response``),
        the other seat's play unchanged. Played in the real game it measures what the abstraction's exploitability
        is worth there (``benchmarks/equilibrium_matches.py``).

        >>> eq = Equilibrium.load("teaching-table")
        >>> rows = eq.best_response(0).solution.strategy[0]
        >>> bool(((rows == 0) | (rows == 1)).all() and (rows.sum(axis=1) == 1).all())   # one action per bucket
        True
        """
        if seat not in self._responses:
            strategy = list(self.solution.strategy)
            for decision, best in best_response_of(self.tree, self.solution.strategy, seat).items():
                chosen = np.zeros_like(strategy[decision])
                chosen[np.arange(len(best)), best] = 1.0
                strategy[decision] = chosen
            self._responses[seat] = Equilibrium(replace(self.solution, strategy=tuple(strategy)), self.lookup)
        return self._responses[seat]

    def labels_of(self, line: str | Iterable[str | Action] = ()) -> tuple[str, ...]:
        """Return a public line in the tree's labels, checking each step is legal there.

        >>> Equilibrium.load("teaching-table").labels_of("check bet call pat draw2")
        ('call', 'raise', 'call', 'draw0', 'draw2')
        """
        return self._reach_point(line, allow_end=True).labels

    def advise(self, cards: str | Iterable[Card | str], line: str | Iterable[str | Action] = ()) -> Advice:
        """Return what the equilibrium does with ``cards`` at the decision after ``line`` (see the module doc).

        >>> advice = Equilibrium.load("teaching-table").advise("Kc Kd Kh Ks Qc", line="check")
        >>> advice.seat, sorted(advice.frequencies)
        (1, ['bet', 'check'])
        """
        held = hand_cards(cards)
        if JOKER in held:               # the per-hand tables hold the 52-card hands only (check_solvable)
            raise CardError(f"{JOKER}: {self.table.name} is dealt from 52 cards without a joker, and its solution "
                            f"places no hand holding one")
        point = self._reach_point(line)
        node, seat = point.node, point.node.player
        drawn = _drawn(point.labels) > seat
        bucket = self.lookup.post_bucket(held) if drawn else self.lookup.pre_bucket(held)
        row = self.solution.strategy[point.number][bucket]
        words = [self._word(label, node, point.bet_in_round) for label in node.actions]
        frequencies = {word: float(p) for word, p in zip(words, row)}
        labels = dict(zip(words, node.actions))
        common = dict(table=self.table.name, seat=seat, line=point.labels, said=point.said, cards=held, bucket=bucket,
                      frequencies=frequencies, labels=labels)
        weak = self.lookup.post_bucket(held) >= self.post_buckets // 2
        if node.actions[0].startswith(DRAW):
            return teaching_advice(node.actions, row, weak, pat_hand=self.lookup.best_count(held) == 0,
                                   throw=lambda k: self.lookup.throw(held, k), **common)
        return teaching_advice(node.actions, row, weak, reach=self._reach(point, seat) if drawn else None, **common)

    # ---- the line ----

    def _word(self, label: str, node: Decision, bet_in_round: bool) -> str:
        return word_for(label, node, bet_in_round)

    def _reach_point(self, line: str | Iterable[str | Action], allow_end: bool = False) -> _Point:
        tokens = _tokens(line)
        node: Node = self.tree.root
        labels: list[str] = []
        said: list[str] = []
        steps: list[tuple[Node, int | None]] = []
        bet_in_round = self.blind_bet
        for token in tokens:
            while isinstance(node, Transition):
                steps.append((node, None))
                node = node.child
            before = _quoted(said, len(said))
            if isinstance(node, Terminal):
                raise IllegalLine(f"the hand is over after {_quoted(said, len(said))}: "
                                  f"{_shown(token)} comes after the end")
            assert isinstance(node, Decision)
            label = self._label_of(token, node, bet_in_round, before)
            said.append(self._word(label, node, bet_in_round))
            index = node.actions.index(label)
            steps.append((node, index))
            labels.append(label)
            if label == RAISE:
                bet_in_round = True
            elif label.startswith(DRAW):
                bet_in_round = False
            node = node.children[index]
        while isinstance(node, Transition):
            steps.append((node, None))
            node = node.child
        if isinstance(node, Terminal):
            if allow_end:
                return _Point(node=None, number=-1, labels=tuple(labels), said=tuple(said),  # type: ignore[arg-type]
                              steps=tuple(steps), bet_in_round=bet_in_round)
            raise IllegalLine(f"the hand is over after {_quoted(said, len(said))}: nobody acts there")
        return _Point(node=node, number=self.tree.index[id(node)], labels=tuple(labels), said=tuple(said),
                      steps=tuple(steps), bet_in_round=bet_in_round)

    def _label_of(self, token: str | Action, node: Decision, bet_in_round: bool, before: str) -> str:
        return label_for(token, node, bet_in_round, before)

    def _reach(self, point: _Point, seat: int) -> np.ndarray:
        """Return the chance of each of the seat's private states at the point when both play the equilibrium."""
        reach = np.ones(1)
        for node, index in point.steps:
            if isinstance(node, Transition) and node.player == seat:
                reach = reach @ node.matrix
            elif isinstance(node, Decision) and node.player == seat and index is not None:
                reach = reach * self.solution.strategy[self.tree.index[id(node)]][:, index]
        return reach


_LOADED: dict[tuple[str, str], Equilibrium] = {}


def _load(name: str, table_hash: str, table: GameTable) -> Equilibrium:
    """Load a table's equilibrium once and keep it (the tree and the per-hand tables take a second or two)."""
    if (name, table_hash) not in _LOADED:
        _LOADED[name, table_hash] = _read(name, table)
    return _LOADED[name, table_hash]


def _read(name: str, table: GameTable) -> Equilibrium:
    solved = Equilibrium.solved_tables()
    if table.draws > 1:                                     # several draws: the merged game's solution
        if store.path_of(name).exists():
            from lowball.solve.policy_draws import load_draws              # noqa: PLC0415 - imports this module
            return load_draws(table)                                       # type: ignore[return-value]
        from lowball.solve.merged import check_table                       # noqa: PLC0415
        try:
            check_table(table)
        except LowballError as refusal:
            raise NoSolution(f"{refusal} (solved tables: {', '.join(solved)})") from None
        raise NoSolution(f"{name}: no solution is shipped (solved tables: {', '.join(solved)}; "
                         f"`lowball solve --game {name}` solves it)")
    try:
        check_solvable(table)
    except LowballError as refusal:
        raise NoSolution(f"{refusal} (solved tables: {', '.join(solved)})") from None
    path = store.path_of(name)
    if not path.exists():
        raise NoSolution(f"{name}: no solution is shipped (solved tables: {', '.join(solved)}; "
                         f"`lowball solve --game {name}` solves it)")
    solution = store.load(table, path)
    return Equilibrium(solution, _read_lookup(path, table, solution))


def _read_lookup(path, table: GameTable, solution: store.Solution) -> HandLookup:
    """Read a solution's per-hand tables, each checked against its buckets; refuse a damaged file in one line."""
    try:
        lookup = HandLookup.read(path, table.ranking)
    except LowballError:
        raise
    except store.READ_ERRORS as err:            # a member cut short or damaged (a bad CRC) that load did not read
        raise store.bad_file(path, store.SOLUTION, f"cut short or damaged: {err}") from None
    pre, post = len(solution.ranges.weights), len(solution.ranges.strengths)
    classes = max(shape_ranks(as_system(table.ranking)).values()) + 1     # a class rank indexes post_of_class
    # Each table's shape, and the largest value it may hold (a bucket, a mask of five positions, a discard count).
    for name, shape, most in (("pre_of_hand", (HANDS,), pre - 1), ("throw_of_hand", (HANDS, 6), 31),
                              ("post_of_class", (classes,), post - 1), ("draw_of_bucket", (pre,), 5)):
        array = store.check_array(path, store.SOLUTION, name, getattr(lookup, name), "u", shape)
        if array.size and int(array.max()) > most:
            raise store.bad_file(path, store.SOLUTION, f"its array {name!r} holds {int(array.max())}, "
                                                       f"where at most {most} fits")
    return lookup


def teaching_advice(actions: Sequence[str], row, weak: bool, *, pat_hand: bool = False,
                    throw: Callable[[int], tuple[Card, ...]] | None = None, reach=None, **common) -> Advice:
    """Return the ``Advice`` of a row with the teacher's facts (the module doc says what each means): at a draw the
    throws, the snow and the break; at a bet after the last draw (``reach``, the seat's range there, given) the
    range above the hand and the bluff."""
    if actions[0].startswith(DRAW):
        counts = [int(label[len(DRAW):]) for label in actions]
        throws = tuple(Throw(k, float(p), throw(k)) for k, p in zip(counts, row))
        pat = dict(zip(counts, row)).get(0, 0.0)
        return Advice(phase=DRAW, throws=throws, pat_hand=pat_hand, weak=weak, snow=float(pat) if weak else 0.0,
                      breaking=float(1 - pat) if pat_hand else 0.0, **common)
    bluff, above = 0.0, None
    if reach is not None:
        total = reach.sum()
        above = float(reach[:common["bucket"]].sum() / total) if total > 0 else None
        if above is not None and above >= 0.5:
            bluff = float(sum(p for label, p in zip(actions, row) if label == RAISE))
    return Advice(phase="bet", bluff=bluff, range_above=above, weak=weak, **common)


def word_for(label: str, node, bet_in_round: bool, facing: bool | None = None) -> str:
    """Return the word a player says for a label at a decision (a tree's node or a merged game's spot: its
    ``actions``): check or call, bet or raise, pat or drawK. ``facing`` says whether he faces a bet; by default he
    does where he may fold (a table where a player facing no bet may fold too, P1, must say it)."""
    facing = FOLD in node.actions if facing is None else facing
    if label == CALL:
        return CALL if facing else "check"
    if label == RAISE:
        return RAISE if facing or bet_in_round else "bet"
    if label == f"{DRAW}0":
        return PAT
    return label


def label_for(token: str | Action, node, bet_in_round: bool, before: str, facing: bool | None = None) -> str:
    """Return the tree's label a token names at this node, or raise ``IllegalLine`` listing what is legal."""
    words = {word_for(label, node, bet_in_round, facing): label for label in node.actions}
    who = f"p{node.player + 1}"
    if isinstance(token, Action):
        if token.seat != node.player:
            raise IllegalLine(f"{token}: it is {who}'s turn after {before}")
        label = f"{DRAW}{len(token.cards)}" if token.kind == "sd" else ENGINE_LABEL.get(token.kind, token.kind)
    elif token in words:
        label = words[token]
    else:
        # A word a player says must be the word for the action here ('raise' is no bet); a label no player
        # says ('draw0') names its action.
        label = None if token in SPOKEN else token
    if label not in node.actions:
        meant, why = MISTAKEN.get(token, ("", ""))
        reason = f" ({why}: say {meant})" if meant in words else ""
        raise IllegalLine(f"{_shown(token)} is not legal for {who} after {before}: "
                          f"{who} may {', '.join(words)}{reason}")
    return label


def _tokens(line: str | Iterable[str | Action]) -> list[str | Action]:
    """Return the steps of a line: words split at spaces and commas, actions kept, the dealer's lines dropped."""
    if isinstance(line, str):
        return [word.lower() for word in line.replace(",", " ").split()]
    tokens: list[str | Action] = []
    for item in line:
        if isinstance(item, str) and " " in item.strip():
            item = parse_action(item.strip())
        if isinstance(item, Action):
            if item.kind not in SKIPPED:
                tokens.append(item)
        elif isinstance(item, str):
            tokens.append(item.strip().lower())
        else:
            raise IllegalLine(f"not a step of a line: {item!r}")
    return tokens


def _shown(token: str | Action) -> str:
    return f"'{token}'" if isinstance(token, Action) else repr(token)


def _quoted(words: list[str], count: int) -> str:
    return repr(" ".join(words[:count])) if count else "the deal"


def _drawn(labels: Iterable[str]) -> int:
    """Return how many seats have drawn on a line (they draw in seat order: seat 0 first)."""
    return sum(1 for label in labels if label.startswith(DRAW))


def _shape(tree) -> tuple:
    """Return what makes two public trees one game: every decision's path and actions, every end's chips."""
    ends = []
    stack = [tree.root]
    while stack:
        node = stack.pop()
        if isinstance(node, Terminal):
            ends.append((type(node.payoff).__name__, node.payoff.stake))
        elif isinstance(node, Transition):
            stack.append(node.child)
        else:
            stack.extend(reversed(node.children))
    return tuple(zip(tree.paths, (node.actions for node in tree.decisions))), tuple(ends)
