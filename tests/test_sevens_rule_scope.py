"""Where the sevens rule can apply (F7): after a draw, to a seven-low; anywhere else it is refused at load.

``showdown.sevens_rule`` at razz was accepted and never applied: the rule is about a seven-low checked after
the draw (a five-card hand), and razz has no draw. A high ranking has no seven-low either.
"""

from __future__ import annotations

import pytest

from lowball.core.games import load_game_table, table_from_text
from lowball.errors import RulesError

RULE = load_game_table("california-lowball-sevens-rule").sevens_rule


def test_the_sevens_rule_at_a_game_without_a_draw_is_refused():
    with pytest.raises(RulesError, match=r"showdown\.sevens_rule: the sevens rule is about a seven checked after the "
                                         r"draw; this game has no draw \(F7\)"):
        sevens_at("razz")


def sevens_at(game: str, text: str = ""):
    return table_from_text(f'extends = "{game}"\nname = "house"\n{text}\n[showdown]\nsevens_rule = "{RULE}"\n')


def test_the_sevens_rule_at_a_high_game_is_refused():
    with pytest.raises(RulesError, match=r"showdown\.sevens_rule: the sevens rule is about a seven-low; high ranks "
                                         r"the higher hand better \(F7\)"):
        sevens_at("deuce-to-seven-triple-draw", 'ranking = "high"')


def test_the_sevens_rule_at_a_lowball_draw_game_loads():
    table = sevens_at("deuce-to-seven-triple-draw")
    assert table.sevens_rule is RULE and table.draws
