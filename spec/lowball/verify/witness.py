"""Witnesses: legal sequences the engine itself plays, told in poker words.

A bound is tight only if some legal sequence reaches it, and a refutation is
convincing only if the engine accepts the counterexample. The sequences here
are played by the engine (``engine.state.Hand``) with a simple policy, and every
action of them is checked by the engine's own rules as it is applied. Each action
is data (``Verdict``), worded in English and Russian from ``rules/proofs.toml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from lowball.core.games import GameTable
from lowball.engine.actions import Action
from lowball.engine.state import BET, OVER, Hand
from lowball.text.verdicts import Said, Verdict, word

# A witness longer than this many actions is told by its start and its pattern, not played out.
MAX_WITNESS_ACTIONS = 400


@dataclass
class Witness:
    """A hand the engine played: each betting round's actions as data (``told``'s verdicts, worded in English or
    Russian when a story is told), and how it ended."""

    acts: list[list[Verdict]] = field(default_factory=list)
    invested: list[int] = field(default_factory=list)
    all_in: int | None = None           # the first player left without chips while the betting went on
    finished: bool = False
    actions: int = 0

    @property
    def rounds(self) -> list[list[str]]:
        """Return each betting round's actions in English words."""
        return [[act.text() for act in lines] for lines in self.acts]

    def checked_through(self) -> int:
        """Return how many betting rounds every player checked (K4: a first round nobody opened is dealt again)."""
        return sum(1 for lines in self.acts if _all_checks(lines))

    def without_checked(self) -> "Witness":
        """Return the witness without the rounds every player checked."""
        return Witness(acts=[lines for lines in self.acts if not _all_checks(lines)], invested=self.invested,
                       all_in=self.all_in, finished=self.finished, actions=self.actions)

    def story(self, most: int = 0, lang: str = "en") -> str:
        """Return the betting, round by round: "p1 bets 1, p2 raises to 2, ...; then p1 bets 2, ..." (in Russian
        where ``lang`` is "ru")."""
        parts = []
        for acts in self.acts:
            if not acts:
                continue
            lines = [act.text(lang) for act in acts]
            if most and len(lines) > most:
                lines = lines[:most - 2] + ["...", lines[-1]]
            parts.append(", ".join(lines))
        return word("story-then", {}, lang).join(parts)


def _all_checks(acts: list[Verdict]) -> bool:
    """Return whether a round's actions are all checks."""
    return bool(acts) and all(act.key == "act-check" for act in acts)


def told(hand: Hand, action: Action) -> Verdict:
    """Return one betting action as data, as the player to act takes it now: worded "p2 raises to 4" ("p2 повышает
    до 4")."""
    rnd = hand.current
    if action.kind == "f":
        kind, amount, all_in = "fold", 0, False
    elif action.kind == "pb":
        kind, amount, all_in = "bring-in", min(hand.stacks[action.seat], hand.table.bring_in), False
    elif action.kind == "cc":
        owed = rnd.level - rnd.bets[action.seat]
        cost = min(owed, hand.stacks[action.seat])
        kind = "check" if owed <= 0 else "call-all-in" if cost == hand.stacks[action.seat] else "call"
        amount, all_in = 0, False
    else:
        amount, all_in = action.amount, action.amount == hand.stacks[action.seat] + rnd.bets[action.seat]
        kind = "bet" if not rnd.opened and not rnd.completion else \
            "complete" if rnd.completion and not rnd.opened else "raise"
    return Verdict(f"act-{kind}", {"seat": action.seat + 1, "amount": amount,
                                   "all_in": Verdict("act-all-in") if all_in else Said("")})


Policy = Callable[[Hand], Action]


def raise_most(hand: Hand) -> Action:
    """Bet or raise as much as allowed whenever allowed; otherwise check or call (never fold)."""
    legal = hand.legal_actions()
    raises = [a for a in legal if a.kind == "cbr"]
    if raises:
        return max(raises, key=lambda a: a.amount)
    return next(a for a in legal if a.kind in ("cc", "pb"))


def raise_heads_up(hand: Hand) -> Action:
    """Fold down to two players as soon as folding is allowed, then raise as much as allowed (G2: lifted cap)."""
    legal = hand.legal_actions()
    if len(hand.contenders) > 2 and any(a.kind == "f" for a in legal):
        return Action("f", hand.current.to_act)
    return raise_most(hand)


def check_until_no_redeal(hand: Hand) -> Action:
    """K4: check the first round through while that deals again (everyone can ante again); then raise the most."""
    rnd = hand.current
    again = all(stack >= hand.table.ante for stack in hand.stacks)
    if rnd.number == 0 and again and not rnd.opened:
        legal = hand.legal_actions()
        check = next((a for a in legal if a.kind == "cc" and rnd.level == rnd.bets[a.seat]), None)
        if check is not None:
            return check
    return raise_most(hand)


def stand_pat(hand: Hand) -> Action:
    """At a draw, keep every card (the least a player may discard, if the draw demands more)."""
    street = hand.current.street
    held = hand.hands[hand.to_act]
    return Action("sd", hand.to_act, cards=tuple(held[:street.min_discard]))


def play(table: GameTable, stacks: list[int], policy: Policy, stop_at_all_in: bool = False,
         limit: int = MAX_WITNESS_ACTIONS, seed: int = 0) -> Witness:
    """Play a hand of ``table`` with the engine (the deal of ``seed``): ``policy`` bets, everyone stands pat at the
    draws.

    >>> from lowball.core.games import load_game_table
    >>> witness = play(load_game_table(), [13, 13], raise_most)       # T5: 13 chips, all of them at risk
    >>> witness.invested, witness.story(most=4)
    ([13, 13], 'p1 bets 1, p2 raises to 2, ..., p1 calls; then p1 bets 2, p2 raises to 4, ..., p1 calls all in')
    >>> witness.story(most=4, lang="ru")
    'p1 ставит 1, p2 повышает до 2, ..., p1 уравнивает; затем p1 ставит 2, p2 повышает до 4, ..., p1 уравнивает ва-банк'
    """
    hand = Hand(stacks, table=table, seed=seed, narrate=False)
    witness = Witness()
    current = None
    hand.advance()
    while hand.phase != OVER and witness.actions < limit:
        if hand.phase == BET:
            key = (hand.redeals, hand.current.number)
            if key != current:
                current = key
                witness.acts.append([])
            action = policy(hand)
            witness.acts[-1].append(told(hand, action))
            hand.apply(action)
            witness.actions += 1
            if stop_at_all_in and hand.phase != OVER:
                broke = [s for s in hand.contenders if hand.stacks[s] == 0]
                if broke:
                    witness.all_in = broke[0]
                    break
        else:
            hand.apply(stand_pat(hand))
        hand.advance()
    witness.invested = list(hand.invested)
    witness.finished = hand.phase == OVER
    return witness
