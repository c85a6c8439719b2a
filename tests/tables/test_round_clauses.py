"""Each betting round is told with the clause that rules it: where a game's own clause opens its first round.

The digest (docs/rules-digest.md) gives the first betting round of these games a clause of their own: the
bring-in of the stud games (R2, Q2, L4, Y3, N3) and, at ace-to-five single draw, M1 (button and blinds, a round
before the draw). A table that cited its parent's clause there (razz's bring-in at seven-card stud, deuce-to-seven's
K3 at ace-to-five) would tell a player the wrong rule.
"""

from __future__ import annotations

import pytest

from lowball import Hand

FIRST_ROUND = {
    "razz": "R2", "razz-phh": "R2", "seven-card-stud": "Q2", "seven-card-stud-phh": "Q2",
    "stud-high-low": "L4", "stud-high-low-phh": "L4", "deuce-to-seven-razz": "Y3", "london-lowball": "N3",
    "ace-to-five-single-draw": "M1", "teaching-table": "B1",
}


@pytest.mark.parametrize("name, clause", sorted(FIRST_ROUND.items()))
def test_the_first_betting_round_is_told_with_its_games_own_clause(name, clause):
    hand = Hand(name, players=2, seed=7)
    told = [event.get("clause") for event in hand.events if event.key == "round"]
    assert told and told[0] == clause, f"{name}: the first round is told citing {told[:1]}, the digest says {clause}"
