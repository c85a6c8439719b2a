"""Where the sevens rule can apply (F7): after a draw, to a seven-low; anywhere else it is refused at load.

``showdown.sevens_rule`` at razz was accepted and never applied: the rule is about a seven-low checked after
the draw (a five-card hand), and razz has no draw. A high ranking has no seven-low either.
"""

from __future__ import annotations

import pytest

from lowball.core.games import load_game_table, table_from_text
from lowball.errors import RulesError

SEEDED = load_game_table("california-lowball-sevens-rule")
RULE, TOP = SEEDED.sevens_rule, SEEDED.sevens_top


def test_the_sevens_rule_at_a_game_without_a_draw_is_refused():
    with pytest.raises(RulesError, match=r"showdown\.sevens_rule: the sevens rule is about a seven checked after the "
                                         r"draw; this game has no draw \(F7\)"):
        sevens_at("razz")


def sevens_at(game: str, text: str = "", top: int | None = TOP):
    low = f"sevens_top = {top}\n" if top is not None else ""
    return table_from_text(f'extends = "{game}"\nname = "house"\n{text}\n[showdown]\nsevens_rule = "{RULE}"\n{low}')


def test_the_sevens_rule_at_a_high_game_is_refused():
    with pytest.raises(RulesError, match=r"showdown\.sevens_rule: the sevens rule is about a seven-low; high ranks "
                                         r"the higher hand better \(F7\)"):
        sevens_at("deuce-to-seven-triple-draw", 'ranking = "high"')


def test_the_sevens_rule_at_a_lowball_draw_game_loads():
    table = sevens_at("deuce-to-seven-triple-draw")
    assert table.sevens_rule is RULE and table.draws


def test_the_sevens_rule_names_the_top_of_its_low():
    """F7 "a seven-low or better": the seven is the table's showdown.sevens_top, needed where the rule is on."""
    with pytest.raises(RulesError, match=r"showdown\.sevens_top: the sevens rule needs the top card of its low, 5 "
                                         r"\(a five\) to 13 \(a king\); got none \(F7\)"):
        sevens_at("deuce-to-seven-triple-draw", top=None)
    with pytest.raises(RulesError, match=r"showdown\.sevens_top: .* got 14"):
        sevens_at("deuce-to-seven-triple-draw", top=14)
    with pytest.raises(RulesError, match=r"showdown\.sevens_top: the sevens rule is about a low checked after the "
                                         r"draw; this game has no draw or no low: remove the key \(F7\)"):
        table_from_text('extends = "razz"\nname = "house"\n[showdown]\nsevens_top = 7\n')


def test_the_top_of_the_sevens_rules_low_is_honoured():
    """A club that plays the rule for a six-low or better: a checked seven is no longer caught (F7's setting)."""
    from lowball.core.cards import parse_cards
    from lowball.engine.rules.sevens import seven_or_better

    seven = parse_cards("7c 5d 4h 2s Ac")
    six_low = load_game_table("california-lowball-sevens-rule", overrides={"showdown.sevens_top": "6"})
    assert seven_or_better(seven, SEEDED.ranking, SEEDED.sevens_top)
    assert not seven_or_better(seven, six_low.ranking, six_low.sevens_top)


def test_the_sevens_rule_is_judged_by_the_rankings_file_that_verify_reads():
    """``lowball verify --rankings FILE`` loads a table against that file's rows: which systems rank lower hands
    better is read from it, so the seeded rule loads at ace-to-five and is refused at high as before (F7)."""
    import tomllib

    from lowball.core.games import parse_game_table, resolve
    from lowball.core.rankings import RANKINGS_FILE
    from lowball.core.reader import TableReader, parse_toml

    raw = tomllib.loads(RANKINGS_FILE.read_text(encoding="utf-8"))
    assert load_game_table("california-lowball-sevens-rule", rankings_data=raw).sevens_rule is RULE
    text = f'extends = "deuce-to-seven-triple-draw"\nranking = "high"\n[showdown]\nsevens_rule = "{RULE}"\n'
    with pytest.raises(RulesError, match=r"sevens_rule: the sevens rule is about a seven-low; high ranks the higher"):
        parse_game_table(TableReader("house.toml", resolve(TableReader("house.toml", parse_toml(text, "house.toml")),
                                                           None)), raw)


@pytest.mark.parametrize("top, loads", [(4, False), (5, True), (13, True), (14, False)])
def test_the_top_of_the_sevens_low_runs_from_a_five_to_a_king(top, loads):
    """F7: the lowest low of five different ranks is topped by a five, the highest below the ace by a king."""
    if loads:
        assert sevens_at("deuce-to-seven-triple-draw", top=top).sevens_top == top
    else:
        with pytest.raises(RulesError, match=rf"showdown\.sevens_top: the sevens rule needs the top card of its low, 5 "
                                             rf"\(a five\) to 13 \(a king\); got {top} \(F7\)"):
            sevens_at("deuce-to-seven-triple-draw", top=top)
