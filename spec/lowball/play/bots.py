"""Players to practise against. A bot is a function ``(hand, rng) -> Action`` choosing among legal actions.

* ``random``: any legal action, uniformly (discards: any subset; bets in a
  range: the least, the most, or an amount between), but a fold where a check
  is free: a table may allow it (O4), and nobody gives a hand away for nothing.
* ``sound``: a simple sound player under the table's own ranking. In draw
  lowball it draws to a seven-low or better and breaks a straight or a flush
  that only looks low (E1, E2); in a high game (five-card draw, X1) it keeps
  what pairs, four to a flush or its highest card, and stands pat on a
  straight or better. It bets and raises hands likely to win, calls when the
  pot pays for its chances, and folds the rest.
* ``equilibrium``: the solved heads-up strategy of the table (lowball.solve.policy), sampled for its real
  cards; beyond the solution it plays as ``sound`` (``equilibrium_bot`` says when).

The thresholds below are strategy, not rules: the rules come from the table.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Callable, Sequence

import numpy as np

from lowball.analysis.odds import draw_odds, kinds
from lowball.core.arguments import Kind, instance_of, sequence_of, takes
from lowball.core.behaviours import Structure
from lowball.core.cards import Card
from lowball.core.rankings import HAND_SIZE
from lowball.engine.actions import Action
from lowball.engine.drawing import most_served
from lowball.engine.state import BET, Hand
from lowball.errors import LowballError
from lowball.ranking import RankingSystem, category, value
from lowball.ranking.literate import playing_cards
from lowball.ranking.fast import all_ranks, evaluate_rank

Bot = Callable[[Hand, random.Random], Action]

# What a bot is asked with: a hand waiting for a player's decision, and the random source it may use.
DECISION = Kind("a hand waiting for a player's decision (hand.advance() first; not over)",
                lambda v: isinstance(v, Hand) and v.player_to_act)
RNG = instance_of(random.Random, "a random.Random")
HAND = instance_of(Hand, "a hand (lowball.Hand)")

DRAW_TO = 7          # keep distinct cards up to a seven and draw to them
MADE_TOP = 8         # a no-pair hand topped by an eight or better is "made": bet it
GOAL = "eight"       # when a made-looking hand is a straight or flush, draw for the best chance of this kind
HIGH_GOAL = "two-pair"   # in a high game (X1), the hand worth a raise once the draws are over
PAT = "straight"     # in a high game, this category or a better one stands pat
RAISE_AT = 0.65      # bet or raise when the chance of winning is at least this
GOOD_DRAW = 3        # three distinct cards to a seven are a draw worth a call before the last draw
BADUGI_PAT = 10      # a badugi (U1) topped by a ten or lower stands pat


@takes(hand=DECISION, rng=RNG)
def random_bot(hand: Hand, rng: random.Random) -> Action:
    """Return a uniformly random legal action (at the draw: a uniformly random legal discard).

    Where bets may be any amount in a range (pot-limit, no-limit), a bet is the
    least, the most, or an amount in between, each as likely. A fold facing no
    bet, where the table allows it beside a check (``fold_facing_no_bet``, O4),
    is never chosen: the check keeps the hand for nothing.
    """
    if hand.phase == BET:
        legal = hand.legal_actions()
        if hand.owed(hand.to_act) == 0 and any(a.kind == "cc" for a in legal):
            legal = [a for a in legal if a.kind != "f"]
        action = rng.choice(legal)
        span = hand.raise_range() if action.kind == "cbr" and hand.table.structure is not Structure.FIXED_LIMIT \
            else None
        if span is not None and span[1] > span[0]:
            least, most = span
            return action._replace(amount=rng.choice((least, most, rng.randint(least, most))))
        return action
    # Every subset of the allowed size is legal (D1), so toss a coin per card instead of listing all 32; then
    # put back cards over the most the stub can serve (K9), or throw more up to the least the draw asks.
    street, held = hand.current.street, hand.hands[hand.to_act]
    most = min(street.max_discard, len(held), most_served(hand, hand.current))
    if most < street.min_discard:
        raise AssertionError(f"{hand.table.name}: no legal discard (the loader refuses such tables)")
    discard = [card for card in held if rng.random() < 0.5]
    while len(discard) > most:
        discard.pop(rng.randrange(len(discard)))
    kept = [card for card in held if card not in discard]
    while len(discard) < street.min_discard:
        discard.append(kept.pop(rng.randrange(len(kept))))
    return Action("sd", hand.to_act, cards=tuple(discard))


def _top(cards: Sequence[Card], system: RankingSystem) -> int:
    return max(value(card, system) for card in cards)


def _made(cards: Sequence[Card], system: RankingSystem, limit: int) -> bool:
    """Return whether five cards are a no-pair hand (no straight, no flush) topped by ``limit`` or lower."""
    return category(cards, system) == "no-pair" and _top(cards, system) <= limit


def keep_for_badugi(cards: Sequence[Card], system: RankingSystem) -> list[Card]:
    """Return the cards the sound bot keeps in badugi (U1): a made badugi of ten or lower stands pat, else the
    cards of the set that plays up to a seven (the others share a rank or a suit with them, or are too high).

    >>> from lowball.core.cards import format_cards, parse_cards
    >>> from lowball.ranking import as_system
    >>> format_cards(keep_for_badugi(parse_cards("Ac 2d 3h Ks"), as_system("badugi")))   # king-high: draw one
    'Ac 2d 3h'
    >>> format_cards(keep_for_badugi(parse_cards("9c 2d 3h 5s"), as_system("badugi")))   # a nine badugi: pat
    '9c 2d 3h 5s'
    """
    plays = playing_cards(cards, system)
    if len(plays) == len(cards) and _top(plays, system) <= BADUGI_PAT:
        return list(cards)
    return [card for card in cards if card in plays and value(card, system) <= DRAW_TO]


def keep_for_high(cards: Sequence[Card], system: RankingSystem) -> list[Card]:
    """Return the cards the sound bot keeps in a high draw game (X1): a straight or better stands pat; else the
    cards that pair (trips, two pair, a pair); else four to a flush; else the highest card.

    >>> from lowball.core.cards import format_cards, parse_cards
    >>> from lowball.ranking import as_system
    >>> format_cards(keep_for_high(parse_cards("Jc Jd 7h 4s 2c"), as_system("high")))       # a pair: draw three
    'Jc Jd'
    >>> format_cards(keep_for_high(parse_cards("Ac 9c 7c 4c 2d"), as_system("high")))       # four to a flush
    'Ac 9c 7c 4c'
    >>> format_cards(keep_for_high(parse_cards("9c 8d 7h 6s 5c"), as_system("high")))       # a straight: pat
    '9c 8d 7h 6s 5c'
    """
    order = system.category_order
    if len(cards) == HAND_SIZE and order.index(category(cards, system)) <= order.index(PAT):
        return list(cards)
    counts = Counter(value(card, system) for card in cards)
    paired = [card for card in cards if counts[value(card, system)] > 1]
    if paired:
        return paired
    suits = Counter(card.suit for card in cards)
    suit, most = suits.most_common(1)[0]
    if most == HAND_SIZE - 1:
        return [card for card in cards if card.suit == suit]
    return [max(cards, key=lambda card: value(card, system))]


@takes(cards=sequence_of(instance_of(Card, "a card"), "a list of the cards held", least=1), hand=HAND)
def keep_for_draw(cards: Sequence[Card], hand: Hand) -> list[Card]:
    """Return the cards the sound bot keeps: a made eight stands pat, else distinct cards up to a seven.

    A five-card holding that only looks low (a straight, a flush: E1, E2) is
    broken: the bot throws the one card whose replacement gives the best chance
    of a made low under the table's ranking. Badugi keeps by its own reading
    (``keep_for_badugi``).
    """
    system = hand.system
    if not system.five_cards:
        return keep_for_badugi(cards, system)
    if system.better == "higher":                     # X1: a high game
        return keep_for_high(cards, system)
    whole = len(cards) == hand.table.hand_size        # a draw may come before the last cards are dealt
    if whole and _made(cards, system, MADE_TOP):
        return list(cards)
    kept, seen = [], set()
    for card in sorted(cards, key=lambda c: value(c, system)):
        v = value(card, system)
        if v <= DRAW_TO and v not in seen:
            kept.append(card)
            seen.add(v)
    if whole and len(kept) == len(cards):    # five low cards that are not a made low: a straight or a flush
        goal = next((kind.key for kind in kinds(system) if kind.key == GOAL), kinds(system)[-1].key)
        throw = max(cards, key=lambda c: (draw_odds(cards, [c], system).chance(goal), value(c, system)))
        kept = [card for card in cards if card != throw]
    return kept


@functools.cache
def _worse_than(system: RankingSystem) -> np.ndarray:
    """Return, per class rank, the fraction of all five-card hands that lose to it under ``system``."""
    counts = np.bincount(all_ranks(system)).astype(float)
    return (counts.sum() - np.cumsum(counts)) / counts.sum()


def win_chance(hand: Hand, seat: int) -> float:
    """Return a rough chance that ``seat`` wins against the players still in (each holding a random hand)."""
    opponents = max(len(hand.contenders) - 1, 1)
    cards = hand.hands[seat]
    if not hand.table.draws or len(cards) < hand.table.hand_size:     # stud, or cards still to be dealt
        return stud_chance(hand, seat) ** opponents
    system = hand.system
    draws_left = _draws_left(hand)
    if draws_left == 0 or system.better == "higher":     # X1: a high hand is judged as it stands
        alone = float(_worse_than(system)[evaluate_rank(tuple(cards), system)])
    else:
        kept = keep_for_draw(cards, hand)
        made = len(kept) == len(cards)
        alone = 0.85 if made else {4: 0.55, 3: 0.4, 2: 0.2}.get(len(kept), 0.1)
        alone = min(0.9, alone + 0.05 * (draws_left - 1) * (not made))
    return alone ** opponents


def _draws_left(hand: Hand) -> int:
    """Return how many draws are still to come in the hand."""
    return sum(1 for s in hand.table.streets[hand.street_index:] if s.kind.value == "draw")


def made_after_the_draws(hand: Hand, seat: int) -> bool:
    """Return whether a draw game's hand, once no draw is left, is a made hand worth a raise: GOAL or better.

    A win chance against random hands flatters a queen-low: the players still in after the last draw hold drawn
    hands, not random ones, so the bot raises only a made eight or better (in badugi, an eight-high badugi).
    """
    system = hand.system
    wanted = GOAL if system.better == "lower" else HIGH_GOAL
    goal = next((kind for kind in kinds(system) if kind.key == wanted), kinds(system)[-1])
    return evaluate_rank(tuple(hand.hands[seat]), system) <= goal.worst_rank


def stud_chance(hand: Hand, seat: int) -> float:
    """Return a rough chance of a stud hand (L1, R1): the better of its high and its low prospects."""
    cards = [card for card in hand.hands[seat] if card is not None] + list(hand.community)
    chances = []
    for side in hand.table.sides:
        system = hand.system_of(side.half)
        if system.better == "higher":
            counts = sorted((sum(1 for c in cards if c.rank == r) for r in {c.rank for c in cards}), reverse=True)
            chances.append({4: 0.95, 3: 0.8}.get(counts[0], 0.65 if counts[:2] == [2, 2] else
                                                 0.5 if counts[0] == 2 else 0.25))
        else:
            lows = len({value(c, system) for c in cards if value(c, system) <= DRAW_TO + 1})
            chances.append(min(0.9, 0.1 + 0.16 * lows))
    return max(chances)


@takes(hand=DECISION, rng=RNG)
def sound_bot(hand: Hand, rng: random.Random) -> Action:
    """Return the sound player's action: draw by the table's ranking, bet strong hands, call when the pot pays."""
    legal = hand.legal_actions()
    seat = hand.to_act
    cards = hand.hands[seat]
    if hand.phase != BET:
        keep = set(keep_for_draw(cards, hand))
        discard = {card for card in cards if card not in keep}
        # The discard it wants, if legal; else (K9: the stub cannot serve it all; D1: the draw asks for more) the
        # legal one closest to it: the fewest kept cards thrown, then as many of the rest, the highest first.
        system = hand.system
        return max(legal, key=lambda a: (-len(set(a.cards) - discard), len(a.cards),
                                         sorted((value(c, system) for c in a.cards), reverse=True)))
    options: dict[str, Action] = {}
    for action in legal:                # the first of each kind: for a range of bets, the least
        options.setdefault(action.kind, action)
    if "pb" in options:
        return options["pb"]
    chance = win_chance(hand, seat)
    owe = hand.owed(seat)
    # After the last draw a bet is made on the chance against any hand, but a raise only with a made hand: the
    # players still in hold drawn hands, and raising a queen-low into them caps the betting for nothing.
    last = bool(hand.table.draws) and _draws_left(hand) == 0
    if chance >= RAISE_AT and "cbr" in options and (not last or owe == 0 or made_after_the_draws(hand, seat)):
        return options["cbr"]
    if "cbr" in options and owe == 0 and _sevens_trap(hand, seat):
        return options["cbr"]          # F7: checking a seven or better would forfeit the later bets: bet it
    if owe == 0:
        return options.get("cc", options.get("cbr", options.get("f")))
    pot_odds = owe / (hand.pot + owe)
    if chance >= pot_odds and "cc" in options:
        return options["cc"]
    return options["f"]


def _sevens_trap(hand: Hand, seat: int) -> bool:
    """Return whether checking now would invoke the sevens rule (F7): a seven or better after the last draw."""
    from lowball.engine.rules.sevens import seven_or_better

    last = hand.round == hand.table.betting_rounds - 1
    return hand.table.sevens_rule.value != "off" and last and seven_or_better(hand.hands[seat], hand.table.ranking, hand.table.sevens_top)


ENGINE_LABEL = {"f": "fold", "cc": "call", "cbr": "raise"}     # the engine's betting kinds by the tree's labels
_EQUILIBRIA: dict[int, tuple[object, object]] = {}                # id(table) -> (table, its equilibrium or why not)


def equilibrium_of(table) -> tuple[object | None, str | None]:
    """Return a table's shipped equilibrium and None, or None and why the table has none (kept per table object)."""
    from lowball.solve.policy import Equilibrium

    kept = _EQUILIBRIA.get(id(table))
    if kept is None or kept[0] is not table:
        try:
            found: object = Equilibrium.load(table)
        except LowballError as refusal:         # no solution shipped, not solvable, or a changed copy of the table
            found = str(refusal)
        kept = _EQUILIBRIA[id(table)] = (table, found)
    found = kept[1]
    return (None, found) if isinstance(found, str) else (found, None)


def equilibrium_beyond(hand: Hand) -> str | None:
    """Return why the equilibrium does not cover this hand (players, table, stacks), or None when it does.

    >>> equilibrium_beyond(Hand([13, 13], narrate=False)) is None
    True
    >>> equilibrium_beyond(Hand([13, 13, 13], narrate=False))
    '3 players: the solution is heads-up'
    """
    if hand.n != 2:
        return f"{hand.n} players: the solution is heads-up"
    equilibrium, why = equilibrium_of(hand.table)
    return why if equilibrium is None else equilibrium.covers(hand.starting_stacks)


def equilibrium_note(table, players: int, stack: int) -> str | None:
    """Return why the equilibrium bot plays as sound for a whole session (players, table, stacks), or None.

    >>> from lowball.core.games import load_game_table
    >>> equilibrium_note(load_game_table("teaching-table"), 2, 13) is None
    True
    >>> equilibrium_note(load_game_table("teaching-table"), 3, 13)
    '3 players: the solution is heads-up'
    """
    if players != 2:
        return f"{players} players: the solution is heads-up"
    equilibrium, why = equilibrium_of(table)
    return why if equilibrium is None else equilibrium.covers([stack, stack])


def equilibrium_choice(hand: Hand, rng: random.Random, respond: bool = False) -> Action | str:
    """Return the equilibrium's sampled action for the seat to act, or why it cannot give one here (``respond``:
    the abstract game's best response to the equilibrium for that seat instead, ``Equilibrium.best_response``)."""
    why = equilibrium_beyond(hand)
    if why:
        return why
    equilibrium, _ = equilibrium_of(hand.table)
    if respond:
        equilibrium = equilibrium.best_response(hand.to_act)
    seat = hand.to_act
    legal = hand.legal_actions()
    try:
        advice = equilibrium.advise(hand.hands[seat], hand.actions)
    except LowballError as refusal:             # a line the tree does not hold
        return str(refusal)
    engine = ({f"draw{len(a.cards)}" for a in legal} if hand.phase != BET
              else {ENGINE_LABEL.get(a.kind, a.kind) for a in legal})
    solved = set(advice.labels.values())
    # At a draw a solution may hold fewer counts than the rules allow (an action abstraction: at most 3, 2 and 1
    # cards at triple draw's three draws); it plays among its own. A betting decision must offer the same actions.
    if not (solved <= engine if hand.phase != BET else solved == engine) or advice.seat != seat:
        return f"the engine offers {sorted(engine)} where the solved tree has {sorted(advice.labels.values())}"
    pick, left = None, rng.random()
    for word, chance in advice.frequencies.items():
        pick = word
        left -= chance
        if left < 0:
            break
    label = advice.labels[pick]
    if label.startswith("draw"):
        throw = set(next(t.cards for t in advice.throws if f"draw{t.count}" == label))
        return next((a for a in legal if set(a.cards) == throw), f"the engine refuses the throw {sorted(throw)}")
    return next(a for a in legal if ENGINE_LABEL.get(a.kind) == label)


@takes(hand=DECISION, rng=RNG)
def equilibrium_bot(hand: Hand, rng: random.Random) -> Action:
    """Return an action sampled from the table's solved heads-up strategy for the real cards, else the sound bot's.

    At a table with a shipped solution (``lowball.solve.policy``: the teaching table and deuce-to-seven single
    draw, limit; ``lowball.solve.policy_draws``: deuce-to-seven triple draw at the PHH table), heads-up, at stacks
    the solution covers, it samples the equilibrium's frequencies at the public line so far for its real cards: its
    bucket before its draw, the abstraction's throw of the drawn count, its final bucket after (at triple draw, its
    bucket after the draws made so far, among the counts the solution holds). Beyond the solution it plays as
    ``sound_bot``, for the whole decision:

    - more than two players dealt in (the solution is heads-up);
    - a table without a shipped solution, one that cannot be solved, or a changed copy of a solved one;
    - stacks whose tree is not the solved one (``Equilibrium.covers``: a table that lifts the cap heads-up at
      other stacks; a capped table at deeper stacks is covered);
    - a line the solved tree does not hold, or an engine that offers other actions than the tree there.

    ``equilibrium_beyond(hand)`` says which, and ``lowball play`` prints it as a note.
    """
    choice = equilibrium_choice(hand, rng)
    return sound_bot(hand, rng) if isinstance(choice, str) else choice


BOTS: dict[str, Bot] = {"random": random_bot, "sound": sound_bot, "equilibrium": equilibrium_bot}
