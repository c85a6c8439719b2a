"""Check the engine's piles against the walk's counts after every step: on every fold and discard pattern of a
hand (``walk``), and on random hands at every player count (``follow``).

The walk through a hand is written once, in ``core.card_flow`` (``play``, ``step``, ``draw_turn``): property 5
reads it with Z3 terms, and the engine asks its moves (``deal``, ``serve``, ``most_served``, ``draw_turns``) what
each step does before its stub moves the real cards. The engine's piles are real cards, not counts; ``walk``
counts the same hand with the walk, fed only the engine's folds and discards, and compares the pile sizes: at each
betting round every set of players folds (the first player who stays in bets, so that the others face a bet they
may fold to), at each draw each player in turn discards every count from the street's least to the most the
engine lets him, and the dealer serves. After every decision the engine's piles and the cards each player holds
are compared with the count's, and the first difference is reported with the actions that led to it.

Two positions are walked once when what decides their future cards is the same (``_key``): the piles, the street
and the step of a draw still to come, what each player still in holds and is owed, with the seats named by their
place among the players still in. That rests on two facts of the rules: where a card goes never depends on its
face, and a seat's number only decides its place in the order of dealing and drawing. The key makes the walk grow
with the sums of the discards rather than with their patterns, so it reaches every player count a built-in table
seats; there, one set of folders of each size stands for all of them (``every_fold=False``), and a test shows
that every set and one set of each size reach the very same positions.

>>> from lowball.core.games import load_game_table
>>> walk(load_game_table(), 2).hands > 20
True
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from lowball.core import card_flow as cf
from lowball.core.behaviours import StreetKind
from lowball.core.card_flow import BURN, DISCARD, Turn, draw_turns
from lowball.core.games import GameTable
from lowball.core.ops import PY
from lowball.engine.actions import Kind
from lowball.engine.fold import copy_of
from lowball.engine.state import BET, DRAW, OVER, SHOWDOWN, Hand

STACK = 10_000          # deep stacks: nobody is all in, so every betting round is played and every fold is possible


@dataclass
class Walk:
    """What ``walk`` saw: finished hands compared, positions walked, and the first difference (empty: none)."""

    hands: int = 0
    positions: int = 0
    difference: str = ""
    reshuffles: int = 0           # finished hands in which the stub was reshuffled
    limited: int = 0              # discards the engine cut to what the stub could serve (D1, K9)
    keys: set = field(default_factory=set)      # the positions walked, by what decides their future (``_key``)


def engine_piles(hand: Hand) -> tuple:
    """Return the engine's piles as the walk counts them (stub, burns, folded, earlier and this draw's discards,
    reshuffles, community) and the cards each player still in holds."""
    c = hand.stub.counts()
    held = tuple(len(hand.hands[seat]) if not hand.folded[seat] else 0 for seat in range(hand.n))
    return (c.stub, c.burns, c.folded, c.older, c.current, c.reshuffles, len(hand.community)), held


def model_piles(flow: cf.Flow) -> tuple:
    c = flow.cards
    return (c.stub, c.burns, c.folded, c.older, c.current, c.reshuffles, c.community), tuple(flow.held)


@dataclass(frozen=True)
class Counted:
    """The count kept beside the engine: ``done`` streets counted whole (``flow`` after them), and partway through
    a draw its steps so far (``drawn``) and those still to count (``turns``)."""

    done: int
    flow: cf.Flow
    drawn: cf.Drawing | None = None
    turns: tuple[Turn, ...] = ()

    def piles(self) -> tuple:
        if self.drawn is None:
            return model_piles(self.flow)
        c = self.drawn.cards
        return (c.stub, c.burns, c.folded, c.older, c.current, c.reshuffles, c.community), tuple(self.drawn.now)


def _engine_turns(hand: Hand) -> tuple[Turn, ...] | None:
    """Return the steps of the engine's draw still to come (None when it is not drawing)."""
    return tuple(hand.current.turns) if hand.phase == DRAW else None


def catch_up(table: GameTable, counted: Counted, hand: Hand, gone: dict[int, list[bool]],
             thrown: dict[int, int]) -> Counted:
    """Count the streets and the draw's steps the engine has taken since ``counted``, up to where it waits now,
    with the folds (``gone``, by street) and the discards (``thrown``, by seat) the walk made it play."""
    over = hand.phase in (OVER, SHOWDOWN) or hand.to_act is None
    target = len(table.streets) if over else hand.street_index
    waiting = None if over else _engine_turns(hand)
    done, flow, drawn, turns = counted.done, counted.flow, counted.drawn, counted.turns
    while done < target or (done == target and waiting is not None):
        street = table.streets[done]
        if street.kind is StreetKind.DRAW:
            if drawn is None:
                drawn = cf.start_draw(PY, table, done, flow)
                turns = draw_turns(table.serve, range(len(flow.held)))
            here = done == target
            while turns and not (here and turns[0] == waiting[0]):
                turn, turns = turns[0], turns[1:]
                if turn.step == DISCARD and drawn.drawing[turn.seat] and turn.seat not in thrown:
                    raise AssertionError(f"the count reached p{turn.seat + 1}'s discard, which the walk did not make")
                drawn = cf.draw_turn(PY, table, drawn, turn, thrown.get(turn.seat, 0))
            if here:
                break
            flow, drawn, turns = cf.end_draw(PY, drawn), None, ()
        else:
            choice = gone.get(done, [False] * len(flow.held)) if street.kind is StreetKind.BET else None
            flow = cf.step(PY, table, done, flow, choice)
        done += 1
    return Counted(done, flow, drawn, turns)


def _key(hand: Hand, counted: Counted) -> tuple:
    """Return what decides the cards' future, the seats named by their place among the players still in: two
    positions with the same key move the same counts of cards from here on, whoever sits where (only the order of
    the players still in and what each holds decide who is dealt and served what)."""
    place = {seat: at for at, seat in enumerate(hand.contenders)}

    def turns(steps) -> tuple:
        return tuple((t.step, place.get(t.seat, -1)) for t in steps if t.seat in place or t.step == BURN)

    def mine(values) -> tuple:
        return tuple(values[seat] for seat in hand.contenders)

    engine = (hand.street_index, hand.phase, engine_piles(hand)[0], mine(engine_piles(hand)[1]))
    if hand.phase == DRAW:
        draw = hand.current
        engine += (turns(draw.turns), tuple(draw.owing.get(seat, 0) for seat in hand.contenders), draw.burned)
    d = counted.drawn
    model = (counted.done, counted.piles()[0], mine(counted.flow.held), mine(counted.flow.active))
    if d is not None:
        # What a player served already threw no longer counts: the count would only read it if the stub failed a
        # later serving, and then the engine (which serves every discard it allows) and the count differ there.
        owed = {t.seat for t in counted.turns if t.step != BURN}
        thrown = tuple(d.thrown[seat] if seat in owed else None for seat in hand.contenders)
        model += (mine(d.before), mine(d.now), thrown, mine(d.drawing), d.live, d.burned, d.cards.short,
                  turns(counted.turns))
    return engine, model


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


def walk(table: GameTable, players: int, seed: int = 1, every_fold: bool = True) -> Walk:
    """Compare the engine's piles with the counted card flow after every decision of every fold and discard pattern
    (see the module)."""
    seen = Walk()
    hand = Hand([STACK] * players, table=table, seed=seed, narrate=False)
    hand.advance()
    counted = catch_up(table, Counted(0, cf.Flow.start(table, players)), hand, {}, {})
    todo, visited = [(hand, counted, [])], seen.keys
    while todo and not seen.difference:
        hand, counted, story = todo.pop()
        if not _same(hand, counted, story, seen):
            break
        if hand.phase in (OVER, SHOWDOWN) or hand.to_act is None:
            seen.hands += 1
            seen.reshuffles += hand.stub.reshuffles > 0
            continue
        key = _key(hand, counted)
        if key in visited:
            continue
        visited.add(key)
        seen.positions += 1
        number = hand.street_index
        street = table.streets[number]
        if street.kind is StreetKind.BET:
            live = list(hand.contenders)
            for size in range(len(live)):                       # at least one player stays in
                for folders in itertools.combinations(live, size):
                    after = copy_of(hand)
                    played = _bet(after, frozenset(folders))
                    if after.redeals:
                        continue                                # a redeal starts from a fresh deck (K4)
                    gone = [after.folded[seat] and not hand.folded[seat] for seat in range(players)]
                    if not every_fold and sum(gone) != size:
                        continue                # a player meant to fold could only check: try other folders
                    todo.append((after, catch_up(table, counted, after, {number: gone}, {}), story + played))
                    if not every_fold:
                        break                   # one set of folders of each size (see ``walk``)
        else:
            seat = hand.to_act
            lengths = {len(a.cards): a for a in hand.legal_actions() if a.kind == Kind.DISCARD}
            seen.limited += max(lengths) < min(street.max_discard, len(hand.hands[seat]))
            for at, (count, action) in enumerate(lengths.items()):
                after = copy_of(hand) if at < len(lengths) - 1 else hand      # the last one needs no copy
                after.push(action)
                todo.append((after, catch_up(table, counted, after, {}, {seat: count}), story + [str(action)]))
    return seen


def _same(hand: Hand, counted: Counted, story: list[str], seen: Walk) -> bool:
    """Compare the engine's piles and the cards each player holds with the count's; note the first difference."""
    engine, model = engine_piles(hand), counted.piles()
    if engine != model:
        seen.difference = (f"{hand.table.name}, {hand.n} players, after {'; '.join(story)}: the engine's piles (stub, "
                           f"burns, folded, earlier discards, this draw's, reshuffles, community; the cards held) are "
                           f"{engine}, the counted flow's {model}")
    return engine == model


def follow(table: GameTable, players: int, seed: int, policy=None, stacks: int = STACK) -> Walk:
    """Play one hand (``policy(hand, rng)`` picks each action; by default ``_mostly_staying``), and compare the
    engine's piles with the walk's counts after every step of the walk: each deal, discard and serving, and each
    betting round once it ends (the walk sets a round's folded hands aside together, so within a round the piles
    are compared only until someone folds). A redeal ends the comparison (K4: it starts from a fresh deck)."""
    rng = random.Random(seed)
    seen = Walk()
    hand = Hand([stacks] * players, table=table, seed=seed, narrate=False)
    hand.advance()
    counted = catch_up(table, Counted(0, cf.Flow.start(table, players)), hand, {}, {})
    gone: dict[int, list[bool]] = {}
    story: list[str] = []
    while True:
        folding = hand.phase == BET and any(gone.get(hand.street_index, ()))
        if not folding and not _same(hand, counted, story, seen):
            break
        if hand.phase in (OVER, SHOWDOWN) or hand.to_act is None:
            seen.hands += 1
            seen.reshuffles += hand.stub.reshuffles > 0
            break
        number, folded = hand.street_index, list(hand.folded)
        action = (policy or _mostly_staying)(hand, rng)
        hand.push(action)
        story.append(str(action))
        if hand.redeals:
            break
        if table.streets[number].kind is StreetKind.BET:
            row = gone.setdefault(number, [False] * players)
            gone[number] = [was or (now and not before) for was, now, before in zip(row, hand.folded, folded)]
        thrown = {action.seat: len(action.cards)} if action.kind == Kind.DISCARD else {}
        counted = catch_up(table, counted, hand, gone, thrown)
    return seen


def _mostly_staying(hand: Hand, rng: random.Random):
    """Return a random legal action, a fold only one time in five (so that most hands reach their draws)."""
    legal = hand.legal_actions()
    stay = [action for action in legal if action.kind != Kind.FOLD]
    return rng.choice(stay if stay and rng.random() < 0.8 else legal)
