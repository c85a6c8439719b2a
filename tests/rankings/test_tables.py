"""The rankings table loads into frozen dataclasses, and broken tables are refused by name (H2, H3)."""

import dataclasses

import pytest

from lowball import RulesError, load_rankings
from lowball.core.rankings import RANKINGS_FILE

SHIPPED = RANKINGS_FILE.read_text(encoding="utf-8")
A5_ORDER = 'category_order = ["no-pair", "pair", "two-pair", "trips", "full-house", "quads"]'


def broken(tmp_path, old, new, after=""):
    """Write the shipped table with the first ``old`` after ``after`` replaced by ``new``."""
    start = SHIPPED.index(after)
    assert old in SHIPPED[start:], f"test set-up: {old!r} not found"
    text = SHIPPED[:start] + SHIPPED[start:].replace(old, new, 1)
    path = tmp_path / "rankings.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_table_loads_every_system_of_the_seeds():
    rankings = load_rankings()
    assert {"ace-to-six", "ace-to-six-ace-low", "deuce-to-seven", "ace-to-five", "high"} <= {
        s.key for s in rankings.systems}
    assert rankings.qualifier("eight-or-better").system == "ace-to-five"


def test_rows_are_frozen():
    row = load_rankings().system("ace-to-six")
    with pytest.raises(dataclasses.FrozenInstanceError):
        row.ace = "high"


def test_teaching_table_row_is_seed_000():
    """H1-H4: ace low, straights and flushes count, wheel and A-K-Q-J-10 are straights."""
    row = load_rankings().system("ace-to-six")
    assert (row.ace, row.straights_count, row.flushes_count, row.wheel_is_straight, row.broadway_is_straight) == (
        "low", True, True, True, True)
    assert row.category_order[0] == "no-pair" and row.category_order[-1] == "straight-flush"


def test_a_shipped_copy_loads_from_a_path(tmp_path):
    path = tmp_path / "rankings.toml"
    path.write_text(SHIPPED, encoding="utf-8")
    assert load_rankings(path) == load_rankings()


@pytest.mark.parametrize("old, new, after, message", [
    pytest.param('"no-pair", "pair"', '"no-pair", "pear"', "[systems.ace-to-six]",
                 "rankings.toml: systems.ace-to-six.category_order[1]: unknown category 'pear'", id="unknown-category"),
    pytest.param('"no-pair", "pair"', '"no-pair", "no-pair"', "[systems.ace-to-six]",
                 "rankings.toml: systems.ace-to-six.category_order[1]: category 'no-pair' appears twice",
                 id="repeated-category"),
    pytest.param('["straight-flush", "quads"', '["quads"', "[systems.high]",
                 "rankings.toml: systems.high.category_order: category 'straight-flush' is missing",
                 id="missing-category"),
    pytest.param('straight = ["top-card"]\n', "", "[systems.ace-to-six.tie_break]",
                 "rankings.toml: systems.ace-to-six.tie_break.straight: missing: every category needs a tie-break rule",
                 id="tie-break-missing"),
    pytest.param('pair = ["pair", "kickers"]', 'pair = ["pair", "pair"]', "[systems.ace-to-six.tie_break]",
                 "systems.ace-to-six.tie_break.pair: lists a part twice", id="tie-break-repeated"),
    pytest.param('pair = ["pair", "kickers"]', 'pair = ["pair", "suits"]', "[systems.ace-to-six.tie_break]",
                 "systems.ace-to-six.tie_break.pair: unknown part 'suits' for pair", id="suits-never-break-ties"),
    pytest.param("flushes_count = true", 'flushes_count = "yes"', "[systems.ace-to-six]",
                 "rankings.toml: systems.ace-to-six.flushes_count: expected true or false, got 'yes'", id="bad-type"),
    pytest.param('ace = "low"', 'ace = "middle"', "[systems.ace-to-six]",
                 "systems.ace-to-six.ace: 'middle' is not one of low, high", id="bad-choice"),
    pytest.param("straights_count = true", "straights_cout = true", "[systems.ace-to-six]",
                 "systems.ace-to-six.straights_cout: unknown key", id="typo-key"),
    pytest.param("wheel_is_straight = false", "wheel_is_straight = true", "[systems.ace-to-five]",
                 "systems.ace-to-five.wheel_is_straight: cannot be true when straights_count is false",
                 id="wheel-without-straights"),
    pytest.param("broadway_is_straight = false", "broadway_is_straight = true", "[systems.ace-to-five]",
                 "systems.ace-to-five.broadway_is_straight: cannot be true when straights_count is false",
                 id="broadway-without-straights"),
    pytest.param(A5_ORDER, A5_ORDER.replace('"trips",', '"trips", "straight",'), "[systems.ace-to-five]",
                 "systems.ace-to-five.category_order[4]: category 'straight' cannot occur when straights_count is false",
                 id="impossible-category"),
    pytest.param("max_rank = 8", "max_rank = 8.5", "[qualifiers", "qualifiers.eight-or-better.max_rank: expected an integer",
                 id="qualifier-type"),
    pytest.param('ru = "каре"\n', "", "[categories.quads]", "categories.quads.ru: missing", id="missing-russian-name"),
    pytest.param("[categories.no-pair]", "[categories.no-pairs]", "", "categories.no-pairs: unknown category",
                 id="unknown-category-name"),
    pytest.param("category_order =", "category_order = = ", "[systems.high]", "rankings.toml: not valid TOML",
                 id="bad-toml"),
])
def test_broken_table_is_refused_with_file_key_and_problem(tmp_path, old, new, after, message):
    with pytest.raises(RulesError, match=message.replace("[", r"\[").replace("]", r"\]")) as info:
        load_rankings(broken(tmp_path, old, new, after))
    assert "\n" not in str(info.value)


# ---- a ranking system that extends another ----

def test_the_systems_that_extend_the_teaching_one_are_the_systems_they_were():
    """H1-H4, C1, K1, L1: three systems say only how they differ from ace-to-six; written out, each is the row the
    file held before, key by key (the tie-breaks, the categories, the clauses)."""
    from lowball.core.rankings import read_rankings
    from lowball.core.reader import read_toml

    raw = read_toml(RANKINGS_FILE).data["systems"]
    whole = read_rankings(RANKINGS_FILE).data["systems"]
    assert {name for name, row in raw.items() if row.get("extends") == "ace-to-six"} == \
        {"ace-to-six-ace-low", "deuce-to-seven", "high"}
    assert whole["deuce-to-seven"]["tie_break"] == whole["ace-to-six"]["tie_break"]
    assert whole["ace-to-six-ace-low"]["clauses"] == {"category_order": "H2", "tie_break": "H3", "ace": "C1"}
    assert (whole["high"]["better"], whole["high"]["flushes_count"], whole["deuce-to-seven"]["ace"]) == \
        ("higher", True, "high")


@pytest.mark.parametrize("parent, words", [
    ('"ace-to-seven"', "systems.deuce-to-seven.extends: no system 'ace-to-seven' to extend"),
    ('"deuce-to-seven"', "systems.deuce-to-seven.extends: 'deuce-to-seven' extends itself through"),
    ("3", "systems.deuce-to-seven.extends: no system 3 to extend"),
])
def test_a_system_that_extends_what_is_not_there_is_refused_naming_it(parent, words):
    from lowball.core.rankings import parse_rankings
    from lowball.core.reader import TableReader, parse_toml

    text = RANKINGS_FILE.read_text(encoding="utf-8")
    at = text.index("[systems.deuce-to-seven]")
    text = text[:at] + text[at:].replace('extends = "ace-to-six"', f"extends = {parent}", 1)
    with pytest.raises(RulesError) as err:
        parse_rankings(TableReader("rankings.toml", parse_toml(text, "rankings.toml")))
    assert words in str(err.value), str(err.value)
