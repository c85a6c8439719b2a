"""A table that ``extends`` a file finds it beside itself, however deep the chain.

A nested ``extends`` was resolved against the folder of the table first loaded, not of the table that names
it, so a house table in ``club/`` that extended ``variants/mid.toml``, which extends ``base.toml``, silently
loaded ``club/base.toml`` instead of ``variants/base.toml``. A cycle is refused as a cycle, a long chain as too
long (``MAX_EXTENDS``), each naming the tables.
"""

from __future__ import annotations

import pytest

from lowball.core.games import MAX_EXTENDS, builtin_paths, load_game_table
from lowball.core.reader import read_toml
from lowball.errors import RulesError


def write(path, text: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_nested_extends_is_found_beside_the_table_that_names_it(tmp_path):
    write(tmp_path / "club" / "base.toml", 'extends = "razz"\nname = "wrong-base"\nmin_stack = 3\n')
    write(tmp_path / "variants" / "base.toml", 'extends = "razz"\nname = "base"\nmin_stack = 7\n')
    write(tmp_path / "variants" / "mid.toml", 'extends = "base.toml"\nname = "mid"\n')
    top = write(tmp_path / "club" / "top.toml", 'extends = "../variants/mid.toml"\nname = "top"\n')
    table = load_game_table(top)
    assert (table.name, table.min_stack, table.ranking) == ("top", 7, "ace-to-five")


def test_the_same_file_name_in_two_folders_is_no_cycle(tmp_path):
    write(tmp_path / "a" / "rules.toml", 'extends = "deuce-to-seven-triple-draw"\nname = "inner"\nmin_stack = 9\n')
    top = write(tmp_path / "rules.toml", 'extends = "a/rules.toml"\nname = "outer"\n')
    assert (load_game_table(top).name, load_game_table(top).min_stack) == ("outer", 9)


def test_a_cycle_through_two_folders_is_refused_naming_each_table(tmp_path):
    write(tmp_path / "x" / "one.toml", 'extends = "../y/two.toml"\nname = "one"\n')
    write(tmp_path / "y" / "two.toml", 'extends = "../x/one.toml"\nname = "two"\n')
    with pytest.raises(RulesError, match=r"two\.toml: extends: '\.\./x/one\.toml' extends itself through one\.toml -> "
                                         r"two\.toml -> one\.toml"):
        load_game_table(tmp_path / "x" / "one.toml")


def test_a_long_chain_without_a_cycle_is_refused_as_too_long(tmp_path):
    """MAX_EXTENDS extends load; one more is refused as too long, not as a cycle."""
    previous = "teaching-table"
    for depth in range(1, MAX_EXTENDS + 2):
        write(tmp_path / f"d{depth}" / f"v{depth}.toml", f'extends = "{previous}"\nname = "v{depth}"\n')
        previous = f"../d{depth}/v{depth}.toml"
    assert load_game_table(tmp_path / f"d{MAX_EXTENDS}" / f"v{MAX_EXTENDS}.toml").name == f"v{MAX_EXTENDS}"
    with pytest.raises(RulesError, match=rf"a chain of {MAX_EXTENDS + 1} extends \(v{MAX_EXTENDS + 1}\.toml -> .* -> "
                                         rf"teaching-table\) is longer than the {MAX_EXTENDS} allowed; it has no cycle"):
        load_game_table(tmp_path / f"d{MAX_EXTENDS + 1}" / f"v{MAX_EXTENDS + 1}.toml")


# ---- change_streets: a table that changes some streets names only those ----

def test_changing_one_street_leaves_every_other_street_and_key_as_the_parent_has_them(tmp_path):
    """K4: the antes table's one change, written by a house table: the first round opened by the dealer's left."""
    parent = load_game_table("deuce-to-seven-triple-draw")
    house = write(tmp_path / "house.toml", 'extends = "deuce-to-seven-triple-draw"\nname = "house"\n\n'
                                           '[[change_streets]]\nat = 1\nopener = "dealer-left"\n')
    table = load_game_table(house)
    assert [str(s.opener) for s in table.streets if s.opener] == ["dealer-left"] * 4
    assert [str(s.opener) for s in parent.streets if s.opener] == ["left-of-big-blind"] + ["dealer-left"] * 3
    changed = [i for i, (a, b) in enumerate(zip(parent.data["streets"], table.data["streets"])) if a != b]
    assert changed == [1] and table.streets[1].clause == parent.streets[1].clause == "K3"
    assert "change_streets" not in table.data        # the resolved table lists its streets whole


def test_a_kind_changes_every_street_of_it_and_later_changes_win(tmp_path):
    """R2, R3: razz as stud's streets with two changes: every betting street, then the bring-in's."""
    house = write(tmp_path / "house.toml", 'extends = "stud-high-low"\nname = "house"\nranking = "ace-to-five"\n\n'
                                           '[[change_streets]]\nat = "bet"\nopener = "lowest-board"\n\n'
                                           '[[change_streets]]\nat = 1\nopener = "bring-in"\n')
    openers = [str(s.opener) for s in load_game_table(house).streets if s.opener]
    assert openers == ["bring-in"] + ["lowest-board"] * 4
    assert load_game_table("razz").data["streets"] == [
        dict(street, **({"clause": "R2"} if i == 1 else {"clause": "R3"} if street["kind"] == "bet" else {}))
        for i, street in enumerate(load_game_table(house).data["streets"])]


def test_the_first_street_is_street_0_and_the_last_is_the_count_less_one(tmp_path):
    """The places errors name (0: the first deal) are the places ``at`` takes, at both ends (K2, K8)."""
    parent = load_game_table("deuce-to-seven-triple-draw")
    last = len(parent.streets) - 1
    house = write(tmp_path / "house.toml", f'extends = "deuce-to-seven-triple-draw"\nname = "house"\n\n'
                                           f'[[change_streets]]\nat = 0\nburn = 1\n\n'
                                           f'[[change_streets]]\nat = {last - 1}\nmax_discard = 4\n')
    table = load_game_table(house)
    assert (table.streets[0].burn, parent.streets[0].burn) == (1, 0)
    assert (table.streets[last - 1].max_discard, parent.streets[last - 1].max_discard) == (4, 5)
    assert [s for i, s in enumerate(table.streets) if i not in (0, last - 1)] == \
        [s for i, s in enumerate(parent.streets) if i not in (0, last - 1)]


@pytest.mark.parametrize("change, words", [
    ("at = 8\nburn = 1", "change_streets[0].at: no street 8: the streets are 0 to 7"),
    ("at = -1\nburn = 1", "change_streets[0].at: no street -1: the streets are 0 to 7"),
    ('at = "showdown"\nburn = 1', 'change_streets[0].at: expected a street\'s place (0 to 7) or a kind'),
    ("at = 1.5\nburn = 1", "change_streets[0].at: expected a street's place"),
    ("burn = 1", "change_streets[0].at: expected a street's place"),
    ("at = 1", "change_streets[0]: names a street but changes nothing"),
    ('at = 1\nkind = "draw"', "change_streets[0].kind: a street's kind is not changed"),
    ("at = 1\nmax_discard = 2", "change_streets[0].max_discard: not a key of a bet street (streets[1]; expected"),
    ('at = "bet"\nburn = 1', "change_streets[0].burn: not a key of a bet street (streets[1]"),
])
def test_a_change_of_streets_that_cannot_be_made_is_refused_naming_it(tmp_path, change, words):
    house = write(tmp_path / "house.toml", f'extends = "deuce-to-seven-triple-draw"\nname = "house"\n\n'
                                           f'[[change_streets]]\n{change}\n')
    with pytest.raises(RulesError) as err:
        load_game_table(house)
    assert str(err.value).startswith(f"{house.name}: {words}") or words in str(err.value), str(err.value)
    assert "\n" not in str(err.value)


def test_change_streets_without_extends_or_as_a_plain_key_is_refused(tmp_path):
    alone = write(tmp_path / "alone.toml", '[[change_streets]]\nat = 1\nopener = "dealer-left"\n')
    with pytest.raises(RulesError, match="change_streets: only a table that extends another changes its streets"):
        load_game_table(alone)
    flat = write(tmp_path / "flat.toml", 'extends = "razz"\nname = "flat"\nchange_streets = 3\n')
    with pytest.raises(RulesError, match=r"change_streets: expected an array of tables \(\[\[change_streets\]\]\)"):
        load_game_table(flat)


@pytest.mark.parametrize("parent, change, words", [
    ('name = "bare"\n', "at = 0\nburn = 1", "change_streets: the table it extends has no streets to change"),
    ('name = "odd"\nstreets = [1]\n', "at = 0\nburn = 1",
     "change_streets: the table it extends has no streets to change"),
    ('name = "mixed"\nstreets = [{kind = "deal", cards = 5}, 1]\n', "at = 0\nburn = 1",
     "change_streets: the table it extends has no streets to change"),
    ('extends = "razz"\nname = "fine"\n', None, "change_streets: expected an array of tables"),
])
def test_a_change_of_streets_with_nothing_to_change_or_no_tables_is_refused(tmp_path, parent, change, words):
    """A parent whose streets are missing or are not tables, or changes that are not tables: one line, no crash
    (the resolved data are read before the table is checked, so a house parent may hold anything)."""
    write(tmp_path / "parent.toml", parent)
    changes = f"[[change_streets]]\n{change}\n" if change else "change_streets = [{ at = 0, burn = 1 }, 2]\n"
    house = write(tmp_path / "house.toml", f'extends = "parent.toml"\nname = "house"\n{changes}')
    with pytest.raises(RulesError) as err:
        load_game_table(house)
    assert str(err.value).startswith(f"house.toml: {words}") and "\n" not in str(err.value), str(err.value)


def test_no_built_in_table_that_extends_another_lists_its_streets_whole():
    """A table says only what differs: a built-in game that extends another changes some of its streets
    (``[[change_streets]]``) and never copies the list, so a street the parent changes is changed for it too."""
    copied = [name for name, path in builtin_paths().items()
              if "extends" in read_toml(path).data and "streets" in read_toml(path).data]
    assert not copied, f"these extend another table and still list every street: {copied}"


def test_a_key_the_parent_removed_may_be_set_again_by_a_table_that_extends_it(tmp_path):
    """``unset`` removes keys from the table it extends, once: the removal is not inherited, so a table that
    extends the one that removed a key may set it again (G2: the heads-up cap lifted, as K3's table has it)."""
    write(tmp_path / "kept.toml", 'extends = "deuce-to-seven-triple-draw"\nname = "kept"\nunset = ["heads_up_cap"]\n')
    lifted = write(tmp_path / "lifted.toml", 'extends = "kept.toml"\nname = "lifted"\nheads_up_cap = "lifted"\n')
    assert load_game_table(tmp_path / "kept.toml").heads_up_cap.value == "kept"     # the key's default
    assert load_game_table(lifted).heads_up_cap == load_game_table("deuce-to-seven-triple-draw").heads_up_cap
    assert "unset" not in load_game_table(lifted).data
