"""Notebook 6's table against the bots says what the dealer does for you: a hand given up that
you still won is not "given up (+2)", and a stack topped up to the minimum (T5) is announced, in both languages."""

from __future__ import annotations

import re

from lowball.engine.state import OVER
from lowball.widgets import PlayPanel


def shown(widget) -> str:
    return re.sub(r"<[^>]+>", "", widget.value).replace("\u202f", " ")


def test_a_hand_checked_down_for_you_and_won_is_not_given_up():
    """New hand with nothing bet: the hand is checked down for you, and when you win it the panel says so."""
    for seed in range(40):
        panel = PlayPanel(players=2, seed=seed)
        hand = panel.hand
        if hand.owed(hand.to_act):
            continue
        panel.new.click()
        change = hand.result.changes[hand.names.index("you")]
        if change > 0:
            break
    else:
        raise AssertionError("no seed gave a hand checked down and won")
    text = shown(panel.prompt)
    assert f"checked down for you and you won it (+{change})" in text and "gave up" not in text
    panel.lang.value = "ru"
    assert f"доиграли чеками, и вы её выиграли (+{change})" in shown(panel.prompt)


def test_a_short_stack_topped_up_to_the_minimum_is_announced():
    """T5: a stack under the minimum is topped up before the next hand; the panel names who and by how much."""
    panel = PlayPanel(players=2, seed=3)
    minimum = panel.session.table.min_stack
    for _ in range(60):                                          # hands, each bet and raised to the end
        while panel.hand.phase != OVER:
            panel.actions.children[-1].click()                   # bet or raise, or the last action offered
        after = dict(zip(panel.hand.names, panel.hand.result.finishing_stacks))
        short = {name: stack for name, stack in after.items() if stack < minimum}
        if short:
            break
        panel.new.click()
    else:
        raise AssertionError("no stack went under the minimum in 60 hands")
    panel.new.click()
    who = ", ".join(f"{name} +{minimum - stack}" for name, stack in short.items())
    assert f"Topped up to the minimum stack of {minimum} (T5): {who}." in shown(panel.prompt)
    assert all(stack >= minimum for stack in panel.session.stacks.values())
    panel.lang.value = "ru"
    assert f"Стеки доведены до наименьшего, {minimum} (T5):" in shown(panel.prompt)
