"""Helpers shared by tests, moved out of ``tests/tables/test_rules_examples.py`` (issue 39)."""

from __future__ import annotations

import re
from lowball.core.games import load_game_table
from lowball.engine.state import Hand
from lowball.engine.state import OVER
from lowball.engine.state import deck_for
from pathlib import Path


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def example(name: str) -> str:
    return (EXAMPLES / f"{name}.phh").read_text(encoding="utf-8")


def at(text: str, code: str) -> str:
    """Return the history ``text`` with its variant code set to ``code`` (the same actions, another table)."""
    return re.sub(r'(?m)^variant = ".*"$', f'variant = "{code}"', text, count=1)


def history(variant: str, stacks, actions, *, blinds=None, antes=None, bring_in=None, small=2, big=4,
            min_bet=None, players=("Lena", "Misha", "Olga", "Dan", "Eve", "Fay")) -> str:
    """Return a PHH history (TOML text) of the given game and actions."""
    n = len(stacks)
    lines = [f'variant = "{variant}"', f"antes = {antes or [0] * n}"]
    if blinds:
        lines.append(f"blinds_or_straddles = {list(blinds) + [0] * (n - 2)}")
    if bring_in:
        lines.append(f"bring_in = {bring_in}")
    lines += [f"min_bet = {min_bet}"] if min_bet else [f"small_bet = {small}", f"big_bet = {big}"]
    lines += [f"starting_stacks = {list(stacks)}", f"players = {list(players[:n])!r}".replace("'", '"'),
              "actions = [" + ", ".join(f'"{a}"' for a in actions) + "]"]
    return "\n".join(lines) + "\n"


def play(table, stacks, cards, actions, names=None, then="") -> Hand:
    hand = Hand(list(stacks), table=table, deck=deck_for(cards, then=then, cards=table.deck_cards), names=names)
    hand.advance()
    for action in actions:
        hand.apply(action)
        hand.advance()
    return hand


STUD_SPLIT = ["d dh p1 Ah2d3c", "d dh p2 9s9d9c", "d dh p3 7d6sTs", "p1 pb", "p2 cc", "p3 cc",
              "d dh p1 4s", "d dh p2 Qh", "d dh p3 Js", "p2 cc", "p3 cc", "p1 cc",
              "d dh p1 Kd", "d dh p2 Qs", "d dh p3 4h", "p2 cbr 4", "p3 f", "p1 cc",
              "d dh p1 Kc", "d dh p2 5d", "p1 cc", "p2 cbr 4", "p1 cc", "d dh p1 8h", "d dh p2 2c", "p1 cc", "p2 cc"]


def eight_players_the_dealer_folding_on_sixth(game: str) -> Hand:
    """Play eight players at a stud table to the end: everyone calls, and on sixth street the first bets and the
    dealer folds (the hand of L8 and P4)."""
    hand = Hand([50] * 8, table=load_game_table(game), seed=11)
    hand.advance()
    while hand.phase != OVER:
        legal = {a.kind: a for a in hand.legal_actions()}
        sixth = hand.phase == "bet" and len(hand.first_bettors) == 3
        if "pb" in legal:
            action = legal["pb"]
        elif sixth and "cbr" in legal and hand.level == 0:
            action = legal["cbr"]
        elif sixth and hand.to_act == 7 and "f" in legal:
            action = legal["f"]
        else:
            action = legal["cc"]
        hand.apply(action)
        hand.advance()
    return hand
