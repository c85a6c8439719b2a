"""The public tree of a heads-up fixed-limit single-draw table, with the betting driven by the engine's own rules.

Every betting decision comes from ``lowball.engine.rules.betting_round`` (``may_fold``, ``may_call``, ``may_raise``,
``raise_range``, ``step``, ``done``, ``finish``) and the forced bets from ``lowball.engine.rules.forced_bets.post``: this
module writes no betting rule of its own, only the glue the engine's ``Hand`` also has between streets (the
stacks and the pot carried on, the first round's opener for B2, every player still in drawing in seat order from
the dealer's left, D1, K8). Seat 0 sits on the dealer's left. A draw is the drawer's public choice of how many
cards he throws (the table's ``min_discard`` to ``max_discard``), followed by a ``Transition`` of his private
state through the abstraction's matrix for that count (lowball.solve.abstraction). Payoffs are the chips the
engine pays: a fold loses what the folder put in (antes and bets); a showdown wins what the other put in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import Protocol

import numpy as np

from lowball.core.behaviours import NobodyOpens, SevensRule, Structure
from lowball.core.cards import DECK
from lowball.core.games import GameTable, StreetKind
from lowball.core.rankings import HAND_SIZE
from lowball.engine.rules import betting_round as br
from lowball.core.ops import PY
from lowball.errors import LowballError
from lowball.solve.payoffs import Fold, Showdown
from lowball.solve.tree import Decision, Node, PublicTree, Terminal, Transition

PLAYERS = 2
FOLD, CALL, RAISE = "fold", "call", "raise"


class NotSolvable(LowballError):
    """A table this builder cannot turn into a heads-up fixed-limit single-draw tree."""


def refusal(table: GameTable, draws: int = 1) -> str | None:
    """Return why a table is not a heads-up fixed-limit game of ``draws`` draws a builder solves, or None.

    This module builds single-draw trees; ``lowball.solve.merged`` asks with ``draws=table.draws`` for more.

    >>> from lowball.core.games import load_game_table
    >>> refusal(load_game_table("teaching-table")) is None
    True
    >>> refusal(load_game_table("deuce-to-seven-triple-draw"))
    'deuce-to-seven-triple-draw: 3 draws; only single-draw tables are solved'
    """
    kinds = [street.kind for street in table.streets]
    reasons = [
        (table.players_min > PLAYERS, f"at least {table.players_min} players; only heads-up play is solved"),
        (table.structure is not Structure.FIXED_LIMIT, f"{table.structure.value} betting; only fixed limit is solved"),
        (table.draws != draws, f"{table.draws} draws; only {_draws_solved(draws)} tables are solved"),
        (kinds != [StreetKind.DEAL, StreetKind.BET] + [StreetKind.DRAW, StreetKind.BET] * draws,
         "streets other than deal, bet" + ", draw, bet" * draws),
        (table.streets[0].down != HAND_SIZE or table.streets[0].up != 0, "not five cards face down"),
        (table.deck_cards != len(DECK) or table.joker is not None,
         f"a {table.deck_cards}-card deck; the abstraction needs {len(DECK)} cards"),
        (len(table.sides) != 1, "a split pot"),
        (table.sevens_rule is not SevensRule.OFF, "a sevens rule (F7)"),
        (table.nobody_opens is not NobodyOpens.PLAY_ON, "a redeal when nobody opens"),
        (bool(table.bring_in) or bool(table.posts), "a bring-in or posts"),
        (any(not street.check for street in table.bet_streets), "rounds where checking is not allowed"),
    ]
    for refused, why in reasons:
        if refused:
            return f"{table.name}: {why}"
    return None


def _draws_solved(draws: int) -> str:
    """Name the tables of so many draws.

    >>> _draws_solved(1), _draws_solved(3)
    ('single-draw', '3-draw')
    """
    return "single-draw" if draws == 1 else f"{draws}-draw"


def check_solvable(table: GameTable) -> None:
    """Raise ``NotSolvable`` with a one-line reason unless the table is heads-up fixed-limit single draw.

    >>> from lowball.core.games import load_game_table
    >>> check_solvable(load_game_table("razz"))
    Traceback (most recent call last):
    lowball.solve.game_tree.NotSolvable: razz: 0 draws; only single-draw tables are solved
    """
    why = refusal(table)
    if why:
        raise NotSolvable(why)


def default_stacks(table: GameTable) -> int:
    """Return the stack each player starts with when none is stated: the table's minimum, or eight big bets.

    >>> from lowball.core.games import load_game_table
    >>> [default_stacks(load_game_table(name)) for name in ("teaching-table", "deuce-to-seven-single-draw-limit")]
    [13, 32]
    """
    return table.min_stack if table.min_stack > 0 else 8 * table.big_bet


@dataclass
class Chips:
    """Where the chips are between rounds: stacks behind, what each seat has put in, the pot, the first opener."""

    stacks: list[int]
    invested: list[int]
    folded: list[bool]
    pot: int
    first_bettor: int = br.NOBODY


def first_round(table: GameTable, stacks: int) -> tuple[br.Rules, br.State, Chips]:
    """Return the first round's rules and state after the forced bets (``forced.post``), and the chips then.

    >>> from lowball.core.games import load_game_table
    >>> rules, state, chips = first_round(load_game_table("deuce-to-seven-single-draw-limit"), 40)
    >>> state.bets, state.actor, chips.invested  # heads-up seat 1 deals, posts the small blind and acts first
    ([2, 1], 1, [0, 0])
    """
    rules = br.Rules.of(table, table.bet_streets[0], PLAYERS)
    posted = br.forced(PY, rules, [stacks] * PLAYERS)
    state = br.start(PY, rules, list(posted.bets), list(posted.stacks), [False] * PLAYERS, posted.pot, br.Seats(),
                     count=posted.count, full_level=posted.full_level)
    # The blinds are this round's bets (counted when it closes); only the antes are in before it.
    return rules, state, Chips(list(posted.stacks), list(posted.antes), [False] * PLAYERS, posted.pot)


def later_round(table: GameTable, number: int, chips: Chips) -> tuple[br.Rules, br.State]:
    """Return a later round's rules and starting state: no bets yet, who acts first by the street's rule (B2, K3)."""
    rules = br.Rules.of(table, table.bet_streets[number], PLAYERS)
    seats = br.Seats(first_round_bettor=chips.first_bettor)
    return rules, br.start(PY, rules, [0] * PLAYERS, list(chips.stacks), list(chips.folded), chips.pot, seats)


def choices(rules: br.Rules, state: br.State) -> list[tuple[str, int, int]]:
    """Return the actor's legal actions as (label, engine kind, amount): fold, check or call, bet or raise.

    >>> from lowball.core.games import load_game_table
    >>> rules, state, _ = first_round(load_game_table("teaching-table"), 13)
    >>> choices(rules, state)
    [('call', 0, 0), ('raise', 1, 1)]
    """
    seat = state.actor
    found = []
    if br.may_fold(PY, rules, state, seat):
        found.append((FOLD, br.FOLD, 0))
    if br.may_call(PY, rules, state, seat):
        found.append((CALL, br.CALL, 0))
    if br.may_raise(PY, rules, state, seat):
        least, most = br.raise_range(PY, rules, state, seat)
        if least != most:
            raise NotSolvable(f"a raise from {least} to {most}: not fixed limit")
        found.append((RAISE, br.RAISE, least))
    for label, kind, amount in found:
        assert br.legal(PY, rules, state, seat, kind, amount), f"the engine refuses its own {label}"
    return found


def closed(state: br.State, chips: Chips) -> Chips:
    """Return the chips once a round is over: a bet nobody matched goes back (``finish``), the rest is in."""
    done = br.finish(PY, state)
    invested = [before + bet for before, bet in zip(chips.invested, done.bets)]
    first_bettor = chips.first_bettor
    return Chips(list(done.stacks), invested, list(done.folded), done.pot, first_bettor)


class Ranges(Protocol):
    """What the tree needs from an abstraction: the deal, the draw matrices and the final strengths."""

    weights: np.ndarray                # probability of each pre-draw state
    transitions: dict[int, np.ndarray]  # discard count -> matrix[pre state, post state]
    strengths: np.ndarray              # each post-draw state's showdown strength (higher wins)


@dataclass(frozen=True, eq=False)
class TableTree:
    """A table's public tree, with the table and the stacks it was built for and how many lines end it."""

    table: GameTable
    stacks: int
    tree: PublicTree
    lines: int = field(default=0)


def build_tree(table: GameTable, ranges: Ranges, stacks: int | None = None) -> TableTree:
    """Build the public tree of a heads-up fixed-limit single-draw table over an abstraction's ranges.

    >>> from lowball.core.games import load_game_table
    >>> from lowball.solve.abstraction import toy_ranges
    >>> built = build_tree(load_game_table("teaching-table"), toy_ranges())
    >>> len(built.tree.decisions), built.lines, built.tree.decisions[0].actions
    (3313, 5516, ('call', 'raise'))
    """
    check_solvable(table)
    stacks = default_stacks(table) if stacks is None else stacks
    draw = table.draw_streets[0]
    counts = range(draw.min_discard, draw.max_discard + 1)
    missing = [k for k in counts if k not in ranges.transitions]
    if missing:
        raise ValueError(f"the abstraction has no draw of {missing} cards for {table.name}")
    pre, post = len(ranges.weights), len(ranges.strengths)
    ones = (np.ones(pre), np.ones(post))
    lines = [0]

    def fold_end(state: br.State, chips: Chips, drawn: bool) -> Node:
        # The folder loses what he put in (antes, earlier rounds, this round's bets); the other wins it.
        lines[0] += 1
        folder = state.folded.index(True)
        invested = [before + bet for before, bet in zip(chips.invested, state.bets)]
        stake = -invested[0] if folder == 0 else invested[1]
        weight = ones[1] if drawn else ones[0]
        return Terminal(payoff=Fold(float(stake), weight, weight))

    def showdown(chips: Chips) -> Node:
        lines[0] += 1
        if chips.invested[0] != chips.invested[1]:
            raise NotSolvable(f"{table.name}: a showdown with {chips.invested} put in (unequal antes)")
        return Terminal(payoff=Showdown(float(chips.invested[1]), ones[1], ones[1], ranges.strengths,
                                        ranges.strengths))

    def betting(rules: br.Rules, state: br.State, chips: Chips, number: int) -> Node:
        if br.done(PY, state):
            if sum(state.folded):
                return fold_end(state, chips, drawn=number > 0)
            after = closed(state, chips)
            if number == 0:
                after.first_bettor = state.first_bettor
                return draws(after, 0)
            return showdown(after)
        labels, children = [], []
        for label, kind, amount in choices(rules, state):
            labels.append(label)
            children.append(betting(rules, br.step(PY, rules, state, kind, amount), chips, number))
        return Decision(player=state.actor, actions=tuple(labels), children=tuple(children))

    def draws(chips: Chips, seat: int) -> Node:
        # D1, K8: every player still in discards in seat order from the dealer's left, all-in or not.
        if seat == PLAYERS:
            rules, state = later_round(table, 1, chips)
            return betting(rules, state, chips, 1)
        labels = tuple(f"draw{k}" for k in counts)
        children = tuple(Transition(player=seat, matrix=ranges.transitions[k], child=draws(chips, seat + 1))
                         for k in counts)
        return Decision(player=seat, actions=labels, children=children)

    rules, state, chips = first_round(table, stacks)
    deal = ranges.weights[None, :]
    root = Transition(player=0, matrix=deal, child=Transition(player=1, matrix=deal,
                                                              child=betting(rules, state, chips, 0)))
    return TableTree(table=table, stacks=stacks, tree=PublicTree(root, (1, 1)), lines=lines[0])



def real_information_sets(built: TableTree) -> int:
    """Count the information sets of the real heads-up game on the same public tree (no card abstraction).

    A player who has not drawn knows his five cards (C(52, 5) ways); once he has thrown k he knows his five cards,
    which k he threw and the k he got from the 47 he had not seen (perfect recall): C(52, 5) C(5, k) C(47, k).

    >>> from lowball.core.games import load_game_table
    >>> from lowball.solve.abstraction import toy_ranges
    >>> f"{real_information_sets(build_tree(load_game_table('teaching-table'), toy_ranges())):.3e}"
    '3.647e+15'
    """
    table = built.table
    dealt = comb(table.deck_cards, table.hand_size)
    unseen = table.deck_cards - table.hand_size
    total = 0
    for node, path in zip(built.tree.decisions, built.tree.paths):
        draws = [int(label[4:]) for label in path if label.startswith("draw")]
        if len(draws) > node.player:
            k = draws[node.player]
            total += dealt * comb(table.hand_size, k) * comb(unseen, k)
        else:
            total += dealt
    return total
