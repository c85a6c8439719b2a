"""The bring-in (L4, R2, V10): less than the bet it may complete to, and no raise ever to what is already in (S1).

In fixed-limit stud the player showing the lowest card (razz: the highest) posts the bring-in or completes to
the small bet. A bring-in of the small bet or more leaves the completion at or below what is already in: when
the loader still accepted one (``bring_in = 3`` at a 2/4 stud table), a player "completed" to 2 over the 3, the
round ended unmatched and a chip vanished (``[10, 5, 30] -> [21, 0, 23]``), while ``lowball verify`` said
chip conservation was proved. Now the loader refuses the table, the engine refuses any bet or raise that does
not go above the level, and property 6 is proved only where the round invariant it rests on holds.
"""

from __future__ import annotations

import pytest

from lowball.core import games
from lowball.core.games import load_game_table, table_from_text, with_stakes
from lowball.engine.state import Hand, deck_for
from lowball.errors import IllegalAction, RulesError
from lowball.verify.game import check_chips, check_rounds
from lowball.verify.rounds import clear_steps

STUD = load_game_table("stud-high-low")


def stud_with_bring_in(bring_in: int) -> str:
    return f'extends = "stud-high-low"\nname = "house"\n[forced]\nbring_in = {bring_in}\n'


@pytest.mark.parametrize("bring_in", [STUD.small_bet, STUD.small_bet + 1])
def test_a_bring_in_of_the_small_bet_or_more_is_refused_at_load(bring_in):
    """L4, V10: the bring-in may complete to the small bet, so it is less than the small bet (pokerkit too)."""
    with pytest.raises(RulesError, match=rf"forced\.bring_in: {bring_in} is not less than the first round's bet of "
                                         rf"{STUD.small_bet}: the bring-in may complete to the bet"):
        table_from_text(stud_with_bring_in(bring_in))
    with pytest.raises(RulesError, match=r"forced\.bring_in: \d+ is not less than"):
        with_stakes(STUD, {"forced.bring_in": bring_in})           # a hand history's stakes, the same refusal


def test_a_bring_in_just_under_the_small_bet_loads_and_completes_to_the_bet():
    table = with_stakes(STUD, {"forced.bring_in": STUD.small_bet - 1})
    assert (table.bring_in, table.bet_sizes[0]) == (STUD.small_bet - 1, STUD.small_bet)


def third_street(table) -> Hand:
    """Three players; p1 shows the 2c, the lowest upcard (L4), and brings it in; p2 is next to act."""
    hand = Hand([30, 30, 30], table=table, deck=deck_for(["Kc Kd 2c", "Qc Qd 9h", "Jc Jd Th"]))
    hand.advance()
    hand.apply("p1 pb")
    hand.advance()
    return hand


def test_after_the_bring_in_a_completion_goes_to_the_bet_and_no_bet_stays_at_the_level():
    """L4, S1: over a bring-in of 1 the next player folds, calls 1 or completes to 2; a "bet" of 1 is a call."""
    hand = third_street(STUD)
    assert [str(a) for a in hand.legal_actions()] == ["p2 f", "p2 cc", f"p2 cbr {STUD.small_bet}"]
    with pytest.raises(IllegalAction, match=rf"p2 cbr {STUD.bring_in}: a bet goes above the {STUD.bring_in} "
                                            r"already in this round; to match it, call \(L6\)"):
        hand.apply(f"p2 cbr {STUD.bring_in}")


def test_verify_proves_no_chip_conservation_where_the_round_invariant_fails(monkeypatch):
    """S3, property 6: its proofs of the actions assume the invariant of every betting round; with the loader's
    check switched off, a bring-in of 3 at a 2/4 table breaks that invariant (property 7 shows the bring-in
    that leaves the round), and property 6 is refuted with it, no longer proved."""
    monkeypatch.setattr(games, "_check_forced_bets", lambda *args: None)
    table = table_from_text(stud_with_bring_in(3))
    clear_steps()
    rounds, chips = check_rounds(table), check_chips(table)
    assert not rounds.holds and "an action leads out of the states the rules handle" in rounds.counterexample
    assert "may bring in" in rounds.counterexample
    assert not chips.holds and chips.counterexample == \
        f"the betting rounds leave the states these proofs assume (property 7): {rounds.counterexample}"
    clear_steps()
