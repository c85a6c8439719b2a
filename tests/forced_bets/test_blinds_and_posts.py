"""Forced bets the first betting round can play (K3, F4, V10): each refused at load when it cannot.

A small blind above the big blind was accepted (K3: the small blind is the smaller, half the big). A California
post as large as the pre-draw bet leaves the first bet at what is already in (F4: the posts add up to the
limit; property 7 refutes such a table, ``test_verify.py``). A bring-in beside blinds mixes stud's forced bet
with a blind game's (V10: PHH never writes both).
"""

from __future__ import annotations

import pytest

from lowball.core.games import load_game_table, table_from_text
from lowball.errors import RulesError

TRIPLE = load_game_table("deuce-to-seven-triple-draw")


def test_a_small_blind_above_the_big_blind_is_refused():
    small, big = TRIPLE.blinds
    with pytest.raises(RulesError, match=rf"forced\.blinds: the small blind {big + 1} is more than the big blind "
                                         rf"{big} \(K3\)"):
        load_game_table("deuce-to-seven-triple-draw", overrides={"forced.blinds": f"[{big + 1}, {big}]"})
    equal = load_game_table("deuce-to-seven-triple-draw", overrides={"forced.blinds": f"[{big}, {big}]"})
    assert equal.blinds == (big, big)          # equal blinds are a structure some rooms use


@pytest.mark.parametrize("posts, refused", [("[1, 2]", True), ("[2]", True), ("[1, 1]", False), ("[1, 2, 2]", False)])
def test_a_post_as_large_as_the_bet_is_refused(posts, refused):
    """F4: the posts set the limit as their total; a post of the whole limit or more leaves no bet to make."""
    overrides = {"forced.posts": posts, "small_bet": "2"}
    if refused:
        with pytest.raises(RulesError, match=r"forced\.posts: a post of 2 is not less than the first round's bet of "
                                             r"2: the posts add up to the bet \(F4\)"):
            load_game_table("california-lowball", overrides=overrides)
    else:
        table = load_game_table("california-lowball", overrides={"forced.posts": posts})
        assert table.small_bet == sum(table.posts) > max(table.posts)


def test_a_bring_in_beside_blinds_is_refused():
    """V10: the bring-in opens stud's betting, where nobody posts a blind."""
    with pytest.raises(RulesError, match=r"forced\.bring_in: a bring-in opens the betting of stud, where nobody "
                                         r"posts blinds \(L4, V10\)"):
        table_from_text('extends = "stud-high-low"\nname = "house"\n[forced]\nblinds = [1, 2]\n')


@pytest.mark.parametrize("players", [2, 3, 6])
def test_two_blinds_are_posted_and_told_as_two_blinds_and_nobody_straddles(players):
    """K3: the small and the big blind, heads-up the dealer's small blind; a table of two blinds has no straddle."""
    from lowball.engine.state import Hand
    from lowball.text.narration import narrate

    table = load_game_table("deuce-to-seven-triple-draw")
    story = narrate(Hand([50] * players, table=table))
    assert sum("small blind" in line for line in story) == sum("big blind" in line for line in story) == 1
    assert not any("straddle" in line for line in story), story
