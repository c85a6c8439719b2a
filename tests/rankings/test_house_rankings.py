"""A house table may bring its own rankings table (its ``rankings`` key) and play a system of it.

Until now a house rankings file could be verified (``lowball verify --rankings``) but not played: the engine
looked systems up in the shipped file only. Here a club's ace-to-six in which flushes do not count is written as
a copy of the shipped rankings with one system added; a table that names the file plays it, replays its own
hand histories, and ``lowball verify`` proves its properties from the same file without being told.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lowball.core.games import load_game_table
from lowball.core.rankings import RANKINGS_FILE, ranking_system
from lowball.engine.state import OVER, Hand
from lowball.errors import RulesError
from lowball.phh.history import replay, to_phh
from lowball.play.bots import BOTS
from lowball.ranking import compare


def club_rankings(folder: Path, name: str = "club-ace-to-six", flushes: str = "false") -> Path:
    """Write the shipped rankings with one more system: the teaching table's ace-to-six, flushes not counting."""
    text = RANKINGS_FILE.read_text(encoding="utf-8")
    start = text.index("[systems.ace-to-six]")
    end = text.index("[systems.ace-to-six-ace-low]")
    block = text[start:end].replace("[systems.ace-to-six", f"[systems.{name}")
    # a copy keeps its rules, not its aliases: "A-6" names the shipped ace-to-six (a name means one system)
    block = "".join(line for line in block.splitlines(keepends=True) if not line.startswith("aliases ="))
    block = block.replace("flushes_count = true", f"flushes_count = {flushes}")
    if flushes == "false":
        block = block.replace('"straight", "flush", "full-house", "quads", "straight-flush"]',
                              '"straight", "full-house", "quads"]')
        block = block.replace('flush = ["cards"]\n', "").replace('straight-flush = ["top-card"]\n', "")
    path = folder / "club-rankings.toml"
    path.write_text(text[:end] + block + text[end:], encoding="utf-8")
    return path


def changed_shipped(folder: Path) -> Path:
    """Write the shipped rankings with the teaching table's own system changed: the wheel no straight."""
    text = RANKINGS_FILE.read_text(encoding="utf-8")
    start = text.index("[systems.ace-to-six]")
    at = text.index("wheel_is_straight = true", start)
    path = folder / "club-rankings.toml"
    path.write_text(text[:at] + "wheel_is_straight = false" + text[at + len("wheel_is_straight = true"):],
                    encoding="utf-8")
    return path


def club_table(folder: Path, rankings: str = "club-rankings.toml", system: str = "club-ace-to-six") -> Path:
    path = folder / "club.toml"
    path.write_text(f'extends = "teaching-table"\nname = "club"\nrankings = "{rankings}"\nranking = "{system}"\n',
                    encoding="utf-8")
    return path


def test_a_house_table_plays_the_system_of_its_own_rankings_file(tmp_path):
    """H2 as the club reads it: a flush is no hand, so the suited six-four beats the seven-five."""
    club_rankings(tmp_path)
    table = load_game_table(club_table(tmp_path))
    assert table.ranking == "club-ace-to-six" and ranking_system("club-ace-to-six").flushes_count is False
    assert compare("6h 4h 3h 2h Ah", "7c 5d 4s 3s 2c", "club-ace-to-six") == 1
    assert compare("6h 4h 3h 2h Ah", "7c 5d 4s 3s 2c", "ace-to-six") == -1      # the shipped one is unchanged
    rng = random.Random(21)
    for seed in range(5):
        hand = Hand([13, 13, 13], table=table, seed=seed)
        hand.advance()
        while hand.phase != OVER:
            hand.apply(BOTS["random"](hand, rng))
            hand.advance()
        assert hand.system.key == "club-ace-to-six"
        history = tmp_path / f"hand-{seed}.phh"          # beside the table, where replay looks for it
        history.write_text(to_phh(hand), encoding="utf-8")
        assert replay(history).finishing_stacks == hand.result.finishing_stacks


def test_verify_proves_a_house_table_from_its_own_rankings_file(tmp_path):
    from lowball.verify import load_for_verify, verify

    club_rankings(tmp_path)
    table, rankings = load_for_verify(club_table(tmp_path))
    assert rankings.source.endswith("club-rankings.toml")
    checks = verify(table, rankings, exhaustive=False)
    assert all(check.holds for check in checks if check.applies), [c.counterexample for c in checks if not c.holds]


@pytest.mark.parametrize("setup, words", [
    (lambda d: club_table(d, rankings="none.toml"), "club.toml: rankings: cannot read rules file"),
    (lambda d: (changed_shipped(d), club_table(d, system="ace-to-six"))[1],
     "systems.ace-to-six: ranks hands otherwise than the shipped system of that name"),
    (lambda d: (club_rankings(d), club_table(d, system="club-ace-to-seven"))[1],
     "club.toml: ranking: unknown ranking system 'club-ace-to-seven'"),
])
def test_a_house_rankings_file_that_cannot_be_played_is_refused_naming_it(tmp_path, setup, words):
    with pytest.raises(RulesError) as err:
        load_game_table(setup(tmp_path))
    assert words in str(err.value) and "\n" not in str(err.value), str(err.value)


def test_a_rankings_key_that_is_no_path_is_refused(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('extends = "teaching-table"\nname = "club"\nrankings = 3\n', encoding="utf-8")
    with pytest.raises(RulesError, match="club.toml: rankings: expected the path of a rankings table, got 3"):
        load_game_table(path)


def test_a_copy_of_the_shipped_systems_is_no_clash(tmp_path):
    """The house file holds the shipped systems too (it is a copy): unchanged, they are the shipped ones."""
    club_rankings(tmp_path, name="club-same", flushes="true")
    table = load_game_table(club_table(tmp_path, system="club-same"))
    assert ranking_system("club-same").flushes_count and table.ranking == "club-same"


def test_an_empty_rankings_key_plays_the_shipped_rankings(tmp_path):
    """The key's default, written out: the shipped systems play, as in a table without the key."""
    plain = tmp_path / "plain" / "club.toml"
    plain.parent.mkdir()
    plain.write_text('extends = "teaching-table"\nname = "club"\nranking = "ace-to-six"\n', encoding="utf-8")
    assert load_game_table(club_table(tmp_path, rankings="", system="ace-to-six")) == load_game_table(plain)


def test_a_house_table_named_like_a_built_in_game_plays_its_own_rankings_file(tmp_path):
    """Only a shipped table is refused a rankings file; a house file may share a built-in game's name."""
    club_rankings(tmp_path)
    path = club_table(tmp_path).rename(tmp_path / "badugi.toml")
    assert load_game_table(path).ranking == "club-ace-to-six"


def test_a_built_in_game_that_names_a_rankings_file_is_refused(tmp_path, monkeypatch):
    """The shipped tables play the shipped rankings (a house file may not change what a built-in name means)."""
    import lowball.core.games as games

    club_rankings(tmp_path)
    shipped = (games.GAMES_DIR / "teaching-table.toml").read_text(encoding="utf-8")
    (tmp_path / "shipped-club.toml").write_text('rankings = "club-rankings.toml"\n' + shipped, encoding="utf-8")
    monkeypatch.setattr(games, "GAMES_DIR", tmp_path)
    with pytest.raises(RulesError, match="shipped-club.toml: rankings: a built-in game plays the shipped rankings"):
        load_game_table("shipped-club")


def test_a_rankings_file_with_a_system_that_is_no_table_is_refuted_by_verify_naming_it(tmp_path):
    """The game table loads against the file (the systems that are tables name what it may play), and property 1
    (well-formed rankings) is refuted in one line that names the entry."""
    from lowball.verify import load_for_verify, verify

    path = tmp_path / "junk-rankings.toml"
    path.write_text(RANKINGS_FILE.read_text(encoding="utf-8").replace("[systems.ace-to-six]",
                                                                      "[systems]\njunk = 3\n\n[systems.ace-to-six]", 1),
                    encoding="utf-8")
    table, rankings = load_for_verify(None, rankings=path)
    [check] = verify(table, rankings, only={1})
    assert not check.holds and check.counterexample == "junk-rankings.toml: systems.junk: expected a " \
                                                                    "table, got 3", check.counterexample
