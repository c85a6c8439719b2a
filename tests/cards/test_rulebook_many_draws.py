"""The rulebook of a table tells any number of draws (K2, D1): in words as far as they go, then in figures.

A house table with four draws loaded and played, but its rulebook (``rules_text``) stopped with a KeyError: it
had words for one to three draws only.
"""

from __future__ import annotations

import pytest

from lowball.core.games import table_from_text
from lowball.text.rulebook import rules_text

DRAW_AND_BET = "[[streets]]\nkind = 'draw'\nmax_discard = 5\nclause = 'K8'\n" \
               "[[streets]]\nkind = 'bet'\nsize = 'big'\nopener = 'dealer-left'\nclause = 'K5'\n"


@pytest.mark.parametrize("draws, en, ru", [(4, "4 draws", "4 обмена"), (5, "5 draws", "5 обменов"),
                                           (9, "9 draws", "9 обменов")])
def test_a_table_of_many_draws_has_a_rulebook_in_both_languages(draws, en, ru):
    table = table_from_text('extends = "deuce-to-seven-triple-draw"\nname = "house"\n'
                            "[[streets]]\nkind = 'deal'\ndown = 5\nclause = 'K2'\n"
                            "[[streets]]\nkind = 'bet'\nsize = 'small'\nopener = 'left-of-big-blind'\nclause = 'K3'\n"
                            + DRAW_AND_BET * draws + "[players]\nmax = 2\n")
    assert table.draws == draws
    assert f"{en}: each active player discards 0 to 5 cards" in rules_text(table, "en")
    assert f"{ru}: каждый, кто остался в игре, сбрасывает от 0 до 5 карт" in rules_text(table, "ru")
    if draws > 7:
        assert "after the 8th draw" in rules_text(table, "en") and "после 8-го обмена" in rules_text(table, "ru")
