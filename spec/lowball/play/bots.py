"""Players to practise against. A bot is a function ``(hand, rng) -> Action`` choosing among legal actions.

* ``random``: any legal action, uniformly (discards: any subset).
* ``sound``: a simple sound player. It draws to a seven-low or better, bets and
  raises made hands, calls with good draws, and folds weak hands to a raise.

The thresholds below are strategy, not rules: the rules come from the table.
"""

from __future__ import annotations

import random
from typing import Callable

from lowball.engine.actions import Action
from lowball.engine.state import BET, Hand
from lowball.ranking import category, value

Bot = Callable[[Hand, random.Random], Action]

DRAW_TO = 7          # keep distinct cards up to a seven (ace low) and draw to them
MADE_TOP = 8         # a no-pair hand topped by an eight or better is "made": bet it
CALL_TOP = 11        # after the draw, a no-pair hand up to jack-high may call a single bet
GOOD_DRAW = 3        # three distinct cards to a seven are a draw worth calling a single bet


def random_bot(hand: Hand, rng: random.Random) -> Action:
    """Return a uniformly random legal action (at the draw: a uniformly random legal discard).

    Where bets may be any amount in a range (pot-limit, no-limit), a bet is the
    least, the most, or an amount in between, each as likely.
    """
    if hand.phase == BET:
        action = rng.choice(hand.legal_actions())
        span = hand.raise_range()
        if action.kind == "cbr" and span is not None and span[1] > span[0]:
            least, most = span
            return action._replace(amount=rng.choice((least, most, rng.randint(least, most))))
        return action
    # Every subset of the allowed size is legal (D1), so toss a coin per card instead of listing all 32.
    street, held = hand.current.street, hand.hands[hand.to_act]
    while True:
        discard = tuple(card for card in held if rng.random() < 0.5)
        if street.min_discard <= len(discard) <= street.max_discard:
            return Action("sd", hand.to_act, cards=discard)


def _top(cards, hand: Hand) -> int:
    return max(value(card, hand.system) for card in cards)


def _made(cards, hand: Hand, limit: int) -> bool:
    """Return whether five cards are a no-pair hand (no straight, no flush) topped by ``limit`` or lower."""
    return category(cards, hand.system) == "no-pair" and _top(cards, hand) <= limit


def keep_for_draw(cards, hand: Hand) -> list:
    """Return the cards the sound bot keeps: a made eight stands pat, else distinct cards up to a seven."""
    if _made(cards, hand, MADE_TOP):
        return list(cards)
    kept, seen = [], set()
    for card in sorted(cards, key=lambda c: value(c, hand.system)):
        v = value(card, hand.system)
        if v <= DRAW_TO and v not in seen:
            kept.append(card)
            seen.add(v)
    return kept


def sound_bot(hand: Hand, rng: random.Random) -> Action:
    """Return the sound player's action: bet made hands, call good draws, fold weak hands to a raise."""
    legal = hand.legal_actions()
    seat = hand.to_act
    cards = hand.hands[seat]
    if hand.phase != BET:
        keep = set(keep_for_draw(cards, hand))
        discard = {card for card in cards if card not in keep}
        return next(a for a in legal if set(a.cards) == discard)
    kinds: dict[str, Action] = {}
    for action in legal:                # the first of each kind: for a range of bets, the least
        kinds.setdefault(action.kind, action)
    before_draw = hand.round < hand.table.draws
    strong = _made(cards, hand, MADE_TOP)
    fair = len(keep_for_draw(cards, hand)) >= GOOD_DRAW if before_draw else _made(cards, hand, CALL_TOP)
    if strong and "cbr" in kinds:
        return kinds["cbr"]
    if "f" not in kinds:               # nothing to call: check (or bet a made hand, above)
        return kinds["cc"]
    raised = hand.bets > 1
    if strong or (fair and not raised):
        return kinds.get("cc", kinds["f"])
    return kinds["f"]


BOTS: dict[str, Bot] = {"random": random_bot, "sound": sound_bot}
