"""A table that ``extends`` a file finds it beside itself, however deep the chain (issue 20).

A nested ``extends`` was resolved against the folder of the table first loaded, not of the table that names
it, so a house table in ``club/`` that extended ``variants/mid.toml``, which extends ``base.toml``, silently
loaded ``club/base.toml`` instead of ``variants/base.toml``. A cycle is refused as a cycle, a long chain as too
long (``MAX_EXTENDS``), each naming the tables.
"""

from __future__ import annotations

import pytest

from lowball.core.games import MAX_EXTENDS, load_game_table
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
