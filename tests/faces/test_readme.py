"""The README's tour is true: every ``$ lowball ...`` example shows its output, and prints exactly that.

The examples run in the README's order, as a reader would run them (tests/support/readme.py says how);
``python scripts/readme.py`` writes the outputs into the README again after a deliberate change.
"""

from __future__ import annotations

import pytest

from tests.support.readme import README, SCRATCH, comparable, examples, run

EXAMPLES = examples()


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """Run every example once, in order; return what each printed, by its index."""
    scratch = str(tmp_path_factory.mktemp("readme") / "lowball-")
    return [run(example, scratch) for example in EXAMPLES]


def test_the_readme_has_its_examples():
    assert len(EXAMPLES) >= 20
    text = README.read_text(encoding="utf-8")
    assert "make lab" in text and "make test" in text


@pytest.mark.parametrize("index", range(len(EXAMPLES)), ids=[e.command[8:60] for e in EXAMPLES])
def test_each_example_shows_its_output(index):
    """A reader can tell a right result from a wrong one only if the README shows it."""
    assert EXAMPLES[index].shown.strip(), f"README: `{EXAMPLES[index].command}` shows no output"


@pytest.mark.parametrize("index", range(len(EXAMPLES)), ids=[e.command[8:60] for e in EXAMPLES])
def test_each_example_prints_what_the_readme_shows(printed, index):
    example = EXAMPLES[index]
    code, out = printed[index]
    assert code == example.exit, f"`{example.command}` exited {code}, the README says {example.exit}"
    assert comparable(out) == comparable(example.shown), f"`{example.command}` printed:\n{out}"


def test_examples_write_only_to_the_scratch_folder():
    """Files an example writes go to /tmp/lowball-..., never into the clone."""
    for example in EXAMPLES:
        words = example.argv()
        for option in ("--phh-dir", "--out", "--checkpoint"):
            if option in words:
                assert words[words.index(option) + 1].startswith(SCRATCH), example.command


def test_games_names_its_tables_folder_the_same_wherever_it_runs(tmp_path, monkeypatch, capsys):
    """The README shows `lowball games` from the repository root; a reader elsewhere sees the same last line."""
    from lowball.cli import main

    last = []
    for where in (README.parent, tmp_path):
        monkeypatch.chdir(where)
        assert main(["games"]) == 0
        last.append(capsys.readouterr().out.rstrip("\n").splitlines()[-1])
    assert last[0] == last[1] == "tables: spec/lowball/rules/games"
