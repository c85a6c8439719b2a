"""The showdown: players show (or muck), and each pot goes to its best hand, or is split (S1, S2, L1, L2, G6).

A hand is the best five of the cards a player holds (and the community card,
L8). In a split game each pot is cut into a high half and a low half (the odd
chip to the high, L7); with no qualifying low among the players eligible for
that pot the high takes it all (L2). Ties within a half split again, the odd
chips by the table's rule (S2, L7, P5).
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from lowball.core.behaviours import OddChip, Pots, SevensRule
from lowball.core.cards import SUIT_CHARS, Card
from lowball.core.refusals import Refusal
from lowball.engine import sevens
from lowball.engine.actions import Action, Kind
from lowball.engine.rules.pots import Pot, build_pots, first_odd_chip, halves, parts, share
from lowball.ranking.best import best_five, best_low_five, best_qualifying_rank, best_rank
from lowball.ranking.literate import playing_cards, value

if TYPE_CHECKING:
    from lowball.engine.state import Hand


class Showdown(NamedTuple):
    """Who has still to show, and whether the hands are turned face up before the last deals (G6)."""

    showing: tuple[int, ...]
    early: bool = False


def start(hand: "Hand", early: bool = False) -> Showdown:
    """Return the showdown: every player still in shows, in seat order (the order does not matter); ``early``:
    the betting is over for good and only deals remain (G6), which come once the hands are shown."""
    return Showdown(tuple(seat for seat in hand.contenders if not hand.fully_shown(seat)), early)


def shown(show: Showdown, seat: int) -> Showdown:
    """Return the showdown once ``seat`` has shown or mucked."""
    return Showdown(tuple(other for other in show.showing if other != seat), show.early)


def over(hand: "Hand", show: Showdown) -> bool:
    """Return whether everyone still in has shown (or mucked)."""
    return not show.showing


def legal(hand: "Hand", show: Showdown) -> list[Action]:
    """Return the shows still due, in seat order, then the mucks: any player still in may give up the hand instead
    (a player whose cards are unknown must be shown by the history)."""
    shows = [Action(Kind.SHOW, seat, cards=tuple(hand.hands[seat])) for seat in show.showing
             if None not in hand.hands[seat]]
    return shows + [Action(Kind.SHOW, seat, muck=True) for seat in hand.contenders]


def refusal(hand: "Hand", show: Showdown, action: Action) -> Refusal | None:
    """Return why an action is illegal at the showdown: only shows and mucks are made there (S1)."""
    if action.kind == Kind.SHOW:
        return show_refusal(hand, action)
    if action.kind == Kind.DISCARD:
        return hand.no_draw_now()
    return Refusal("betting-over", hand.table.clauses["showdown"])


def apply(hand: "Hand", show: Showdown, action: Action) -> Showdown:
    """Show or muck a hand (the reducer's own ``show``: a show may come before the showdown too, L8)."""
    hand.show(action)
    return hand.current


def show_refusal(hand: "Hand", action: Action) -> Refusal | None:
    """Return why a show (or a muck) is illegal now: it must name exactly the cards the player holds."""
    seat, clause = action.seat, hand.table.clauses["showdown"]
    if hand.folded[seat]:
        return Refusal("folded", clause, {"seat": seat + 1})
    if action.muck:             # never the last player: when one is left, the hand is over (S1)
        return None
    if seat not in hand.current.showing:
        return Refusal("shown-already", clause, {"seat": seat + 1})
    if not action.cards:
        if None in hand.hands[seat]:
            return Refusal("cards-unknown", clause, {"seat": seat + 1})
        return None
    held = hand.hands[seat]
    shown = [card for card in action.cards if card not in hand.community or card in held]
    if len(shown) != len(held):
        return Refusal("holds-count", clause, {"seat": seat + 1, "held": len(held), "shown": len(shown)})
    known = {card for card in held if card is not None}
    named = {card for card in shown if card is not None}
    holding = " ".join("??" if c is None else str(c) for c in held)
    if not known <= named:
        return Refusal("holds-cards", clause, {"seat": seat + 1, "cards": holding})
    # The rest are cards dealt face down to this player, unknown until now. There are no more of them than the
    # unknown cards held: as many cards are shown as held, and every known one is among them.
    unseen = hand.stub.unseen
    for card in named - known:
        if card not in unseen:
            return Refusal("in-play", clause, {"card": str(card)})
    return None


def settle(hand: "Hand") -> None:
    """Award every pot: each to its best hand, or split (S1, S2, L2, G6), as the table forms the pots."""
    table = hand.table
    contenders = list(hand.contenders)
    for seat in contenders:
        if None in hand.hands[seat]:
            raise AssertionError("settling with unknown cards")     # refused before: the history must show them
    values = {side.half: {seat: _value(hand, seat, side) for seat in contenders} for side in table.sides}
    halves_in_play = [side.half for side in table.sides]
    if table.pots is Pots.LOSERS_MUCKED_FIRST:
        contenders, halves_in_play = _muck_losers(hand, contenders, values)
    payouts: Counter[int] = Counter()
    for invested, dead, eligible, barred in _layers(hand, contenders, values):
        if not any(invested) and not dead:
            continue
        if not eligible:                          # chips nobody may win go back to whoever put them in (F7)
            for seat, chips in enumerate(invested):
                payouts[seat] += chips
            continue
        if len(eligible) == 1:
            payouts[eligible[0]] += sum(invested) + dead
            best = "other" if barred else "lowest" if hand.system.better == "lower" else "highest"
            hand.tell("win", who=hand.names[eligible[0]], pot=sum(invested) + dead, pot_number=0, pots=1,
                      half="whole", best=best, seats=(eligible[0],),
                      clause=table.clauses["sevens" if barred else "showdown"])
            continue
        pots = build_pots(invested, eligible, dead)
        for index, pot in enumerate(pots):
            _award(hand, pot, index, len(pots), values, payouts, halves_in_play, barred)
    hand.pay(dict(payouts), showdown=True)


def _layers(hand: "Hand", contenders: list[int], values: dict[str, dict[int, int | None]]
            ) -> list[tuple[list[int], int, list[int], bool]]:
    """Return the chips to settle (each seat's live chips, the dead money), each with the players who may win them
    and whether the best hand is barred from them: the whole pot, or as the sevens rule (F7) cuts it when a player
    who checked a seven or better would win."""
    live, dead = hand.pot_chips()
    whole = [(live, dead, contenders, False)]
    side = hand.table.sides[0]
    ranks = values[side.half]
    best = min((ranks[seat] for seat in contenders if ranks[seat] is not None), default=None)
    for checker, before in hand.sevens_checks.items():
        if checker not in contenders or ranks.get(checker) != best:
            continue                               # F7: a checker who loses loses as usual
        moved, barred = sevens.apply_rule(hand, checker, before)
        others = [seat for seat in contenders if seat not in barred]
        hand.tell("sevens-rule", who=hand.names[checker], chips=sum(moved), rule=str(hand.table.sevens_rule),
                  clause=hand.table.clauses["sevens"])
        if hand.table.sevens_rule is SevensRule.WHOLE_POT:     # every chip is moved, the dead money too (F7)
            return [(moved, 0, others if barred else [], True)]
        kept = [chips - extra for chips, extra in zip(live, moved)]     # chips put in after the check are live
        return [(kept, dead, contenders, False), (moved, 0, others if barred else [], True)]
    return whole


def _muck_losers(hand: "Hand", contenders: list[int], values: dict[str, dict[int, int | None]]
                 ) -> tuple[list[int], list[str]]:
    """Muck every hand that can win nothing (pokerkit): return the players left and the halves they can win."""
    live, dead = hand.pot_chips()
    pots = build_pots(live, contenders, dead)

    def can_win(seat: int) -> bool:
        for ranks in values.values():
            mine = ranks[seat]
            for pot in pots:
                if seat in pot.eligible and mine is not None and \
                        mine <= min(r for r in (ranks[s] for s in pot.eligible) if r is not None):
                    return True
        return False

    left = [seat for seat in contenders if can_win(seat)]
    for seat in contenders:
        if seat not in left:
            hand.tell("muck", who=hand.names[seat], clause=hand.table.clauses["showdown"])
    halves_in_play = [half for half, ranks in values.items() if any(ranks[seat] is not None for seat in left)]
    return left, halves_in_play


def _value(hand: "Hand", seat: int, side) -> int | None:
    """Return a seat's class rank on one side (1 = best), or None when its low does not qualify (L1)."""
    cards = [card for card in hand.hands[seat] if card is not None] + list(hand.community)
    if side.qualifier:
        return best_qualifying_rank(cards, side.qualifier)
    return best_rank(cards, side.system)


def _high_card(hand: "Hand", seat: int) -> tuple[int, int]:
    """Return a seat's highest card by rank, then suit (spades highest): the stud odd-chip rule (L7)."""
    def order(card: Card) -> tuple[int, int]:       # the joker has no rank or suit of its own: it ranks last
        return card.rank, SUIT_CHARS.index(card.suit) if card.suit in SUIT_CHARS else -1

    return order(max(hand.hands[seat], key=order))


def odd_chip_card(hand: "Hand", side, seat: int) -> tuple[int, int]:
    """Return the key of the card of ``seat`` that the table's odd-chip rule reads; the higher, the earlier the
    seat gets an odd chip (L7; N9: BARGE, WSOP-T 73 and RRP, the ace counted as the side's ranking counts it)."""
    row = hand.system_of(side.half)
    held = [card for card in hand.hands[seat] if card is not None and card.suit in SUIT_CHARS]

    def order(card: Card) -> tuple[int, int]:
        return value(card, row), SUIT_CHARS.index(card.suit)

    match hand.table.odd_chip:
        case OddChip.HIGH_CARD_BY_SUIT:                 # L7: the ace always high
            return _high_card(hand, seat)
        case OddChip.HIGH_CARD_BY_SUIT_AS_RANKED:       # N9 BARGE, Y5
            return order(max(held, key=order))
        case OddChip.HIGH_CARD_PLAYED_BY_SUIT:          # N9 WSOP-T 73: among the five played (U1: badugi's set)
            cards = tuple(held) + tuple(hand.community)
            played = (playing_cards(cards, row) if not row.five_cards else
                      best_low_five(cards, side.qualifier) if side.qualifier else best_five(cards, side.system))
            return order(max((c for c in played or held if c.suit in SUIT_CHARS), key=order))
        case OddChip.LOW_CARD_BY_SUIT:                  # N9 RRP: the lowest card wins the chip
            low = order(min(held, key=order))
            return -low[0], -low[1]
        case _:
            raise AssertionError(f"{hand.table.odd_chip} does not read the cards")


def _award(hand: "Hand", pot: Pot, index: int, pots: int, values: dict[str, dict[int, int | None]],
           payouts: Counter[int], halves_in_play: list[str], barred: bool) -> None:
    table = hand.table
    name = {"pot_number": index, "pots": pots}     # which pot: the text layer names it (the main pot, side pot 1)
    if table.split and table.pots is Pots.EACH_APART:
        high, low = table.sides
        qualifies = any(values[low.half][seat] is not None for seat in pot.eligible)
        cut = list(zip((high, low), halves(pot.chips, qualifies)))
        if not qualifies:
            hand.tell("no-low", **name, qualifier=low.qualifier, clause=table.clauses["showdown"])
    elif table.split:
        # pokerkit: the pot is cut into as many parts as there are halves anyone left can win; the odd chip to
        # the high (L7); a half nobody eligible for this pot can win goes to them all (pokerkit's reading).
        sides = [side for side in table.sides if side.half in halves_in_play]
        if len(sides) == 1 and sides[0] is table.sides[0]:
            hand.tell("no-low", **name, qualifier=table.sides[1].qualifier, clause=table.clauses["showdown"])
        cut = list(zip(sides, parts(pot.chips, len(sides))))
    else:
        cut = list(zip(table.sides, (pot.chips,)))
    for side, chips in cut:
        if not chips:
            continue
        ranks = {seat: values[side.half][seat] for seat in pot.eligible if values[side.half][seat] is not None}
        if ranks:
            best = min(ranks.values())
            winners = [seat for seat in pot.eligible if ranks.get(seat) == best]
        else:
            winners = list(pot.eligible)
        high_card = functools.partial(odd_chip_card, hand, side) if table.odd_chip.by_card else None
        shares = share(chips, winners, table.odd_chip, high_card)
        for seat, amount in shares.items():
            payouts[seat] += amount
        _tell_award(hand, name, side.half, chips, winners, shares, first_odd_chip(shares, high_card),
                    whole=chips == pot.chips, barred=barred)


def _tell_award(hand: "Hand", name: dict[str, int], half: str, chips: int, winners: list[int], shares: dict[int, int],
                odd: int | None, *, whole: bool, barred: bool) -> None:
    clauses = hand.table.clauses
    who = [hand.names[seat] for seat in winners]
    better = "highest" if hand.system_of(half).better == "higher" else "lowest"
    if barred:              # F7: the sevens rule keeps these chips from the best hand; the best of the others wins
        better = "other"
    if whole:              # L2: no low qualifies, the high hand takes the whole pot
        half = "whole"
    if len(winners) == 1:
        hand.tell("win", who=who[0], pot=chips, **name, half=half, best=better, seats=tuple(winners),
                  clause=clauses["sevens" if barred else "showdown"])
        return
    hand.tell("split", who=", ".join(who), pot=chips, **name, half=half, seats=tuple(winners),
              shares=tuple((hand.names[s], c) for s, c in shares.items()), clause=clauses["split"])
    if odd is not None:     # who got the first odd chip, by the table's rule (S2, L7, P5)
        hand.tell("odd-chip", who=hand.names[odd], rule=str(hand.table.odd_chip), clause=clauses["split"])


def settle_fold(hand: "Hand") -> None:
    """The last player in takes every pot at once (S1)."""
    (winner,) = hand.contenders
    pot = hand.pot
    # At the showdown the others mucked rather than folded: the story says which (the rule is the same, S1).
    mucked = isinstance(hand.current, Showdown)
    hand.tell("fold-win", who=hand.names[winner], pot=pot, seats=(winner,), mucked=mucked,
              clause=hand.table.clauses["showdown"])
    hand.pay({winner: pot}, showdown=False)

