"""Walk every fold and discard pattern of a table's hands through the engine and the counted card flow side by side.

The engine moves cards (``engine/dealing.py``, ``engine/drawing.py``, ``engine/stub.py``); property 5 proves
things about their counts, chained street by street in ``verify/models/cards.py`` from the rules of
``core.card_flow``. The order of those steps is written in both places, so ``walk`` compares them on every
pattern: at each betting round every set of players folds (the first player who stays in bets, so that the
others face a bet they may fold to), at each draw every player discards every count from the street's least to
its most, and the dealer serves. Two positions whose engine piles and model counts are the same have the same
futures as far as cards go (a card's face decides nothing about where it goes), so each is walked once; every
finished hand's piles are compared, and the first difference is reported with the actions that led to it.

>>> from lowball.core.games import load_game_table
>>> walk(load_game_table(), 2).hands > 20
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from lowball.core.behaviours import StreetKind
from lowball.core.games import GameTable
from lowball.core.ops import PY
from lowball.engine.actions import Kind
from lowball.engine.fold import copy_of
from lowball.engine.state import OVER, SHOWDOWN, Hand
from lowball.verify.models import cards as cm

STACK = 10_000          # deep stacks: nobody is all in, so every betting round is played and every fold is possible


@dataclass
class Walk:
    """What ``walk`` saw: finished hands compared, positions walked, and the first difference (empty: none)."""

    hands: int = 0
    positions: int = 0
    difference: str = ""
    reshuffles: int = 0           # finished hands in which the stub was reshuffled
    limited: int = 0              # discards the engine cut to what the stub could serve (D1, K9)


def engine_piles(hand: Hand) -> tuple:
    """Return the engine's piles as the model counts them (stub, burns, folded, earlier and this draw's discards,
    reshuffles, community) and the cards each player still in holds."""
    c = hand.stub.counts()
    held = tuple(len(hand.hands[seat]) if not hand.folded[seat] else 0 for seat in range(hand.n))
    return (c.stub, c.burns, c.folded, c.older, c.current, c.reshuffles, len(hand.community)), held


def model_piles(flow: cm.Flow) -> tuple:
    c = flow.cards
    return (c.stub, c.burns, c.folded, c.older, c.current, c.reshuffles, c.community), tuple(flow.held)


def _key(hand: Hand, flow: cm.Flow) -> tuple:
    return (hand.street_index, hand.phase, hand.to_act, engine_piles(hand), flow)


def _bet(hand: Hand, folders: frozenset[int]) -> list[str]:
    """Play one betting round: ``folders`` fold when they may, the first other player bets, everyone else calls."""
    played, bet = [], False
    start = hand.street_index
    while hand.phase != OVER and hand.street_index == start and hand.to_act is not None:
        seat, legal = hand.to_act, hand.legal_actions()
        kinds = {action.kind: action for action in legal}
        if seat in folders and Kind.FOLD in kinds:
            action = kinds[Kind.FOLD]
        elif seat not in folders and not bet and Kind.BET_OR_RAISE in kinds:
            action, bet = kinds[Kind.BET_OR_RAISE], True
        else:
            action = kinds.get(Kind.CHECK_OR_CALL) or next(a for a in legal if a.kind != Kind.FOLD)
        hand.push(action)
        played.append(str(action))
    return played


def _draw(hand: Hand, wanted: dict[int, int]) -> tuple[list[str], dict[int, int], int]:
    """Play one draw: each player discards ``wanted[seat]`` cards, or the most the engine allows below that."""
    played, thrown, limited = [], {}, 0
    start = hand.street_index
    while hand.phase != OVER and hand.street_index == start and hand.to_act is not None:
        seat = hand.to_act
        legal = [a for a in hand.legal_actions() if a.kind == Kind.DISCARD]
        fits = [a for a in legal if len(a.cards) <= wanted[seat]]
        action = max(fits, key=lambda a: len(a.cards))
        limited += len(action.cards) < wanted[seat]
        thrown[seat] = len(action.cards)
        hand.push(action)
        played.append(str(action))
    return played, thrown, limited


def _catch_up(table: GameTable, flow: cm.Flow, upto: int, done: int, choice_at: dict[int, list]) -> cm.Flow:
    """Step the model through streets ``done`` .. ``upto - 1``, with the choices the engine made there."""
    for number in range(done, upto):
        street = table.streets[number]
        default = [False] * len(flow.held) if street.kind is StreetKind.BET else [0] * len(flow.held)
        choice = choice_at.get(number, default) if street.kind is not StreetKind.DEAL else None
        flow = cm.step(PY, table, number, flow, choice)
    return flow


def walk(table: GameTable, players: int, seed: int = 1) -> Walk:
    """Compare the engine's piles with the counted card flow on every fold and discard pattern (see the module)."""
    seen = Walk()
    hand = Hand([STACK] * players, table=table, seed=seed, narrate=False)
    hand.advance()
    flow = _catch_up(table, cm.Flow.start(table, players), hand.street_index, 0, {})
    todo, visited = [(hand, flow, hand.street_index, [])], set()
    while todo and not seen.difference:
        hand, flow, done, story = todo.pop()
        if hand.phase in (OVER, SHOWDOWN) or hand.to_act is None:
            _finish(table, hand, flow, done, story, seen)
            continue
        key = _key(hand, flow)
        if key in visited:
            continue
        visited.add(key)
        seen.positions += 1
        number = hand.street_index
        street = table.streets[number]
        live = [seat for seat in range(players) if not hand.folded[seat]]
        if street.kind is StreetKind.BET:
            for size in range(len(live)):                       # at least one player stays in
                for folders in itertools.combinations(live, size):
                    after = copy_of(hand)
                    played = _bet(after, frozenset(folders))
                    if after.redeals:
                        continue                                # a redeal starts from a fresh deck (K4)
                    gone = [after.folded[seat] and not hand.folded[seat] for seat in range(players)]
                    nxt = _catch_up(table, flow, _reached(after), number, {number: gone})
                    todo.append((after, nxt, _reached(after), story + played))
        else:
            for counts in itertools.product(range(street.min_discard, street.max_discard + 1), repeat=len(live)):
                after = copy_of(hand)
                played, thrown, limited = _draw(after, dict(zip(live, counts)))
                seen.limited += limited
                discards = [thrown.get(seat, 0) for seat in range(players)]
                nxt = _catch_up(table, flow, _reached(after), number, {number: discards})
                todo.append((after, nxt, _reached(after), story + played))
    return seen


def _reached(hand: Hand) -> int:
    """Return the first street the engine has not finished (all of them once the hand is over)."""
    if hand.phase in (OVER, SHOWDOWN):
        return len(hand.table.streets)
    return hand.street_index


def _finish(table: GameTable, hand: Hand, flow: cm.Flow, done: int, story: list[str], seen: Walk) -> None:
    flow = _catch_up(table, flow, len(table.streets), done, {})
    seen.hands += 1
    seen.reshuffles += hand.stub.reshuffles > 0
    engine, model = engine_piles(hand), model_piles(flow)
    if engine != model and not seen.difference:
        seen.difference = (f"{table.name}, {hand.n} players, after {'; '.join(story)}: the engine's piles (stub, "
                           f"burns, folded, earlier discards, this draw's, reshuffles, community; the cards held) are "
                           f"{engine}, the counted flow's {model}")
