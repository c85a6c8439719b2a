"""The local best response to a solved table of several draws: a lower bound on what the equilibrium loses in the
real game, with real cards (Lisý and Bowling, 2017, "Equilibrium approximation quality of current no-limit poker
bots").

At each of its decisions the local best response (LBR) knows the equilibrium's range there, the chance of each of
its buckets given the public line (``DrawsEquilibrium.range_at``), and takes the action worth most against it,
assuming the hand is then checked down (every later betting round checked, or a bet called):

- at a betting decision, folding is worth 0, checking or calling ``E (pot + call) - call``, and a bet or raise
  ``f pot + (1 - f) (E' (pot + mine + theirs) - mine)``: ``E`` is its share of the pot at the showdown against the
  range (a tie half), ``f`` the chance the equilibrium folds to the raise, and ``E'`` the share against the hands
  that do not (a re-raise is read as a call);
- at a draw, it throws the number of cards (each count's cards the abstraction's throw, ``StageLookup.throw``)
  whose share of the pot is the largest.

The share is read in the abstraction, carried to the showdown along the checked line: the local best response's
buckets after the coming draw from its real cards (every set of replacement cards, ``held_after``), after later
draws through the draw matrices; at each of its draws the count worth most, at each of the equilibrium's the
equilibrium's own rows. That only chooses its actions: what it wins is played out at the engine's table with real
cards, so whatever it wins is a lower bound on the equilibrium's exploitability in the real game.
``benchmarks/equilibrium_matches.py`` plays it over duplicate deals.

>>> from lowball.solve.policy import Equilibrium
>>> eq = Equilibrium.load("deuce-to-seven-triple-draw-phh")
>>> choose(eq, "Kc 7d 4h 3s 2c", "call check", 0), choose(eq, "7c 5d 4h 3s 2c", "call check", 0)
('draw1', 'draw0')
"""

from __future__ import annotations

import random

import numpy as np

from lowball.engine.actions import Action
from lowball.engine.state import BET, Hand
from lowball.errors import LowballError
from lowball.solve.game_tree import CALL, FOLD, PLAYERS, RAISE
from lowball.core.cards import DECK
from lowball.ranking.fast import DECK_INDEX, combinations_array, hand_indices
from lowball.ranking.value import hand_cards
from lowball.solve.merged import ACT, NEXT, SHOW
from lowball.solve.policy import DRAW, ENGINE_LABEL
from lowball.solve.policy_draws import DrawsEquilibrium, Place



def held_after(eq: DrawsEquilibrium, cards, draw: int, count: int) -> np.ndarray:
    """Return the chance of each bucket after a draw for five real cards throwing ``count`` of them (the
    abstraction's throw): every set of replacements from the 47 cards it has not seen, equally likely."""
    held = sorted(hand_cards(cards), key=DECK_INDEX.__getitem__)
    thrown = set(eq.lookup.throw(held, draw, count))
    kept = [DECK_INDEX[card] for card in held if card not in thrown]
    unseen = np.array([i for i in range(len(DECK)) if DECK[i] not in held])
    size = eq.game.buckets[draw + 1]
    if count == 0:
        return np.eye(size)[eq.lookup.buckets[draw + 1][hand_indices(np.array([kept]))[0]]]
    drawn = unseen[combinations_array(len(unseen), count)]
    hands = np.sort(np.hstack([np.tile(kept, (len(drawn), 1)), drawn]), axis=1)
    return np.bincount(eq.lookup.buckets[draw + 1][hand_indices(hands)], minlength=size) / len(hands)


def share(eq: DrawsEquilibrium, r: int, history: int, i: int, mine: np.ndarray, theirs: np.ndarray, seat: int,
          own: dict[int, np.ndarray] | None = None) -> float:
    """Return the seat's share of the pot at the showdown (a tie half) if the hand is checked down from spot ``i`` of
    round ``r``, holding the bucket distribution ``mine`` against ``theirs`` (the buckets of round r's stage).

    At each of its draws the seat throws the count worth most for the bucket it then holds, the other seat each
    count with his rows' chances; ``own`` gives the seat's buckets after round r's draw by count, read from its real
    cards (``held_after``).
    """
    return float(np.asarray(mine, dtype=float) @ _worth(eq, r, history, i, np.asarray(theirs, dtype=float), seat, own))


def _worth(eq: DrawsEquilibrium, r: int, history: int, i: int, theirs: np.ndarray, seat: int,
           own: dict[int, np.ndarray] | None) -> np.ndarray:
    """Return the share checked down from a spot for each bucket the seat may hold there (its stage's buckets)."""
    game, moves = eq.game, eq.kernels.moves
    while True:
        rnd = game.rounds[r]
        spot = rnd.spots[i]
        if spot.kind == SHOW:
            total = theirs.sum()
            won = (eq.kernels.sign + 1) / 2                       # 1 a win, 1/2 a tie, 0 a loss, by final buckets
            return won @ (theirs / total) if total > 0 else np.full(len(won), 0.5)
        if spot.kind == NEXT:
            history, r, i, own = int(game.following[r][history, rnd.nexts.index(i)]), r + 1, 0, None
            continue
        if spot.kind != ACT:
            raise LowballError(f"a checked line ends in a {spot.kind}")
        if not spot.actions[0].startswith(DRAW):
            i = spot.children[spot.actions.index(CALL)]            # checked, or the bet called
            continue
        counts = [int(label[len(DRAW):]) for label in spot.actions]
        if spot.player == seat:
            later = [_worth(eq, r, history, child, theirs, seat, None) for child in spot.children]
            if own is not None:                                    # its real cards: one number, whatever the bucket
                best = max(own[k] @ worth for k, worth in zip(counts, later))
                return np.full(game.buckets[r], best)
            return np.max(np.stack([moves[r][k] @ worth for k, worth in zip(counts, later)]), axis=0)
        row = eq.tables(r, history)[i][0]
        total = theirs.sum()
        if total <= 0:
            return _worth(eq, r, history, spot.children[0], theirs, seat, own)
        worth = 0.0
        for a, (k, child) in enumerate(zip(counts, spot.children)):
            weight = theirs * row[:, a]
            chance = weight.sum()
            if chance > 0:
                worth = worth + chance / total * _worth(eq, r, history, child, weight / chance @ moves[r][k], seat, own)
        return worth


def choose(eq: DrawsEquilibrium, cards, line, seat: int) -> str:
    """Return the label the local best response takes with ``cards`` after ``line`` (its decision)."""
    place = eq.place(line)
    game = eq.game
    r, history, i = place.round, place.history, place.spot
    spot = game.rounds[r].spots[i]
    if spot.player != seat:
        raise LowballError(f"p{seat + 1} is not to act after the line")
    mine = np.eye(game.buckets[r])[eq.lookup.bucket(cards, r)]
    theirs = eq.range_at(place, 1 - seat)
    own = {k: held_after(eq, cards, r, k) for k in game.allowed[r]} if r < eq.last else None
    if spot.actions[0].startswith(DRAW):
        drawn = [eq.game.rounds[r].spots[j].actions[a] for rr, _, j, a in place.steps
                 if rr == r and eq.game.rounds[r].spots[j].actions[a].startswith(DRAW)]
        if drawn:                                                   # he drew first: his range is after his draw
            theirs = theirs @ eq.kernels.moves[r][int(drawn[-1][len(DRAW):])]
        worth = {label: share(eq, r, history, child, own[int(label[len(DRAW):])], theirs, seat)
                 for label, child in zip(spot.actions, spot.children)}
        return max(worth, key=worth.get)
    chips_in = game.keys[r][history][0]
    pot = PLAYERS * chips_in + sum(spot.bets)
    to_call = max(spot.bets) - spot.bets[seat]
    worth = {FOLD: 0.0} if FOLD in spot.actions else {}
    worth[CALL] = share(eq, r, history, i, mine, theirs, seat, own) * (pot + to_call) - to_call
    if RAISE in spot.actions:
        worth[RAISE] = _raise_worth(eq, place, mine, theirs, seat, pot, own)
    return max(worth, key=lambda label: (worth[label], label != RAISE, label == CALL))   # ties: the passive


def _raise_worth(eq: DrawsEquilibrium, place: Place, mine: np.ndarray, theirs: np.ndarray, seat: int, pot: int,
                 own: dict[int, np.ndarray] | None) -> float:
    """Return what a bet or raise is worth: the equilibrium folds with its fold rows, else calls (checked down)."""
    r, history = place.round, place.history
    rnd = eq.game.rounds[r]
    spot = rnd.spots[place.spot]
    at = spot.children[spot.actions.index(RAISE)]
    child = rnd.spots[at]
    mine_in = child.bets[seat] - spot.bets[seat]
    if child.kind != ACT:                                           # no answer left: the raise ends the round
        return share(eq, r, history, at, mine, theirs, seat, own) * (pot + mine_in) - mine_in
    row = eq.tables(r, history)[at][0]
    fold = row[:, child.actions.index(FOLD)] if FOLD in child.actions else np.zeros(len(theirs))
    folds = float(theirs @ fold)
    going = theirs * (1 - fold)
    if going.sum() <= 0:
        return float(pot)
    theirs_in = max(child.bets) - child.bets[1 - seat]
    called = child.children[child.actions.index(CALL)]
    shared = share(eq, r, history, called, mine, going / going.sum(), seat, own)
    return folds * pot + (1 - folds) * (shared * (pot + mine_in + theirs_in) - mine_in)


def local_best_choice(hand: Hand, equilibrium: DrawsEquilibrium) -> Action:
    """Return the local best response's action for the seat to act at a hand of the equilibrium's table."""
    seat = hand.to_act
    label = choose(equilibrium, hand.hands[seat], hand.actions, seat)
    legal = hand.legal_actions()
    if label.startswith(DRAW):
        draw = equilibrium.place(hand.actions).round
        throw = set(equilibrium.lookup.throw(hand.hands[seat], draw, int(label[len(DRAW):])))
        return next(a for a in legal if set(a.cards) == throw)
    if hand.phase == BET:
        return next(a for a in legal if ENGINE_LABEL.get(a.kind) == label)
    raise LowballError(f"the local best response has no action for {label!r}")


def local_best_bot(hand: Hand, rng: random.Random) -> Action:
    """The local best response to the table's shipped equilibrium of several draws (heads-up, its stacks)."""
    from lowball.play.bots import equilibrium_of                          # noqa: PLC0415 - bots import play

    equilibrium, why = equilibrium_of(hand.table)
    if not isinstance(equilibrium, DrawsEquilibrium):
        raise LowballError(why or f"{hand.table.name}: the local best response needs a solution of several draws")
    return local_best_choice(hand, equilibrium)
