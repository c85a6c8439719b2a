"""pokerkit, the open-source poker library nobody here wrote, playing the PHH standard's games at random.

The differential tests let pokerkit deal and play random hands (random legal
actions, random stacks so that all-ins and side pots happen), write each as a
PHH history, and check that ``lowball replay`` reaches the same finishing stacks.
pokerkit's own PHH reader checks the other direction.
"""

from __future__ import annotations

import random
import warnings

import pokerkit as pk

AUTOMATIONS = (
    pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION, pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.CARD_BURNING, pk.Automation.HOLE_DEALING, pk.Automation.BOARD_DEALING,
    pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING, pk.Automation.HAND_KILLING, pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)


def pokerkit_game(variant: str, *, ante: int | dict[int, int] | list[int] = 0, blinds: tuple[int, ...] = (1, 2),
                  small_bet: int = 2, big_bet: int = 4, bring_in: int = 1, trimming: bool = True):
    """Return pokerkit's game for a PHH variant code, with these stakes.

    ``ante`` is pokerkit's raw antes: one number for every player, ``{1: 150}`` for a big-blind ante, ``{-1: 10}``
    for a button ante, or a list with one ante per seat (V1, V8, V11); ``blinds`` may go on with straddles;
    ``trimming`` is the ante trimming status (V9).
    """
    if variant == "F2L3D":
        return pk.FixedLimitDeuceToSevenLowballTripleDraw(AUTOMATIONS, trimming, ante, blinds, small_bet, big_bet)
    if variant == "N2L1D":
        return pk.NoLimitDeuceToSevenLowballSingleDraw(AUTOMATIONS, trimming, ante, blinds, small_bet)
    if variant == "F7S":
        return pk.FixedLimitSevenCardStud(AUTOMATIONS, trimming, ante, bring_in, small_bet, big_bet)
    if variant == "F7S/8":
        return pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter(AUTOMATIONS, trimming, ante, bring_in, small_bet,
                                                                   big_bet)
    if variant == "FR":
        return pk.FixedLimitRazz(AUTOMATIONS, trimming, ante, bring_in, small_bet, big_bet)
    if variant == "FB":
        return pk.FixedLimitBadugi(AUTOMATIONS, trimming, ante, blinds, small_bet, big_bet)
    raise ValueError(f"no pokerkit game for {variant}")


def play_random(state, rng: random.Random):
    """Play a pokerkit state to the end with random legal decisions (all-ins included); return it."""
    while state.status:
        if state.stand_patter_or_discarder_index is not None:
            i = state.stand_patter_or_discarder_index
            state.stand_pat_or_discard(rng.sample(state.hole_cards[i], rng.randint(0, len(state.hole_cards[i]))))
        elif state.actor_index is not None:
            moves = ["pb"] if state.can_post_bring_in() else ["cc"]
            if state.can_fold():
                moves.append("f")
            if state.can_complete_bet_or_raise_to():
                moves += ["cbr", "cbr"]
            move = rng.choice(moves)
            if move == "pb":
                state.post_bring_in()
            elif move == "f":
                state.fold()
            elif move == "cc":
                state.check_or_call()
            else:
                lo = state.min_completion_betting_or_raising_to_amount
                hi = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(rng.choice([lo, hi, rng.randint(lo, hi)]))
        else:
            raise RuntimeError("pokerkit waits for a step that is not automated")
    return state


def random_history(variant: str, rng: random.Random, players: int, stacks: list[int], **stakes) -> tuple[str, list[int]]:
    """Return (PHH text, finishing stacks) of one random pokerkit hand."""
    game = pokerkit_game(variant, **stakes)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        random.seed(rng.randrange(2**32))      # pokerkit shuffles with the global random module, at the deal
        state = game(stacks, players)
        play_random(state, rng)
    # pokerkit's from_game_state leaves out the ante trimming status (an optional field): pass it on.
    history = pk.HandHistory.from_game_state(game, state, finishing_stacks=list(state.stacks),
                                             ante_trimming_status=state.ante_trimming_status)
    return history.dumps(), list(state.stacks)


def pokerkit_finishing_stacks(text: str) -> list[int]:
    """Return the finishing stacks pokerkit's own reader reaches on a PHH text."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = pk.HandHistory.loads(text)
        state = None
        for state in history:
            pass
    return list(state.stacks)


def pokerkit_choices(text: str) -> list[tuple[bool, tuple[int, int] | None] | None]:
    """Return what pokerkit lets the player to act do before each action of a PHH text, read by its own reader:
    (may fold, (least, most) to bet or raise to, or None); None where no player is to act. Its reader plays a cash
    game, where a player facing no bet may fold too (with a warning): so may he at the PHH tables
    (``fold_facing_no_bet``, B1, O4)."""
    choices = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for state in pk.HandHistory.loads(text):      # one state, changed in place after each action
            if state.actor_index is None:
                choices.append(None)
                continue
            raising = state.can_complete_bet_or_raise_to()
            folding = state.can_fold()
            choices.append((folding, (state.min_completion_betting_or_raising_to_amount,
                                               state.max_completion_betting_or_raising_to_amount) if raising else None))
    return choices
