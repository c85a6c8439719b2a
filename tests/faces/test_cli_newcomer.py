"""The command line as a newcomer meets it (issue 37): every command in both languages, its own examples, defaults
said in --help, names players write, and one clear line for every empty, loose or too-long value."""

from __future__ import annotations

import json
import os
import re
from importlib.metadata import version
from pathlib import Path

import pytest

from tests.support.input_checks import check_cli_answer, run_cli
from lowball.cli import build_parser
from lowball.cli.main import _subparsers
from lowball.core.arguments import whole_option
from lowball.core.games import load_game_table
from lowball.core.reader import TableReader, read_toml
from lowball.core.rankings import RANKINGS_FILE, load_rankings, parse_rankings
from lowball.errors import LowballError, RulesError
from lowball.ranking import as_system, evaluate

COMMANDS = {sub.prog.split()[-1]: sub for sub in _subparsers(build_parser())}

# Words a Russian report keeps in Latin letters: names of systems, games, bots and options, units, cards, seats.
IDENTIFIER = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b|--[a-z-]+|\b(?:[2-9TJQKA]|10)[cdhs]\b|\bp\d\b|\b[A-Z]\d+\b|"
                        r"\b(?:mbb|lowball|verify|sound|random|equilibrium|min_stack|forced|nobody_opens|high|"
                        r"badugi|Z3)\b|\w+\.toml|«[^»]*»")


def english_left(text: str) -> list[str]:
    """Return the English words left in text that should be Russian (identifiers, cards and quotes aside)."""
    return re.findall(r"[A-Za-z]{2,}", IDENTIFIER.sub(" ", text))


def russian(argv: list[str]) -> str:
    code, out, err, _ = run_cli(argv)
    assert code in (0, 1), err
    assert re.search("[а-я]", out), out
    return out


# ---- 1. every command speaks both languages, English unless told ----

@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_takes_lang_and_says_english_is_the_default(command):
    parser = COMMANDS[command]
    action = parser._option_string_actions.get("--lang")
    assert action is not None, f"lowball {command} has no --lang"
    assert tuple(action.choices) == ("en", "ru") and action.default == "en"
    assert "(default: en)" in " ".join(parser.format_help().split())


def test_odds_in_russian():
    one = russian(["odds", "--lang", "ru", "-s", "ace-to-six", "Ac 2d 3h 4s Kc", "-d", "Kc"])
    assert "меняем Kc: 47 равновероятных прикупов" in one and "семёрка или лучше     8 из 47" in one
    assert "пара или хуже" in one and "<- цель" in one
    ranked = russian(["odds", "--lang", "ru", "-s", "deuce-to-seven", "7c 5d 4h 9s Kc"])
    assert "все 32 варианта сброса" in ranked and ranked.splitlines()[-1].startswith("лучше всего: менять 9s Kc")
    best = russian(["odds", "--lang", "ru", "-s", "deuce-to-seven", "7c 5d 2h Ks Qs", "--draws", "3"])
    assert "за 3 обмена" in best and "лучшая игра: менять Ks Qs" in best and "одни и те же карты" in best
    pat = russian(["odds", "--lang", "ru", "-s", "deuce-to-seven", "7c 5d 4h 3s 2c", "-d", "pat"])
    assert "стоим пат" in pat
    badugi = russian(["odds", "--lang", "ru", "-s", "badugi", "Ac 2d 3h Kh", "--goal", "seven", "--draws", "2"])
    assert "бадуги до семёрки или лучше" in badugi
    for text in (one, ranked, best, pat, badugi):
        assert not english_left(text), english_left(text)


def test_play_summary_in_russian():
    out = russian(["play", "--lang", "ru", "--hands", "5", "--seed", "1", "--bots", "equilibrium,sound"])
    assert out.startswith("teaching-table: 5 раздач, 3 игрока, стартовый стек 13 фишек, сид 1\n")
    assert out.splitlines()[1].split()[:3] == ["игрок", "бот", "выиграл"]
    assert "примечание: equilibrium играет как sound" in out


def test_strategy_in_russian():
    out = russian(["strategy", "--lang", "ru", "Qc Qd Qh Ks Kc", "--line", "bet call"])
    assert "ходит p1 после «bet call», на руках Qc Qd Qh Ks Kc" in out
    assert "стоять пат" in out and "поменять 1" in out and "сбрасывает Qc" in out
    assert "слабая рука" in out and "стоит пат блефом (сноу)" in out
    after = russian(["strategy", "--lang", "ru", "Qc Jd 4h 3s 2c", "--line", "check check draw1 draw2 check"])
    assert "диапазона p2 здесь сильнее" in after and "корзина 67 после обмена" in after
    for text in (out, after):
        assert not english_left(text.replace("«bet call»", "")), english_left(text)


def test_solve_summary_in_russian():
    from lowball.cli.solve import solved_text

    assert COMMANDS["solve"].parse_args(["--lang", "ru"]).lang == "ru"
    record = {"game": "teaching-table", "iterations": 21, "resumed_at": 20, "exploitability_mbb": 0.5,
              "goal_mbb": 1.0, "values": [0.5, -0.5], "values_mbb": [250.0, -250.0], "file": "t.npz"}
    lines = solved_text(record, "ru")
    assert lines[0] == "teaching-table: 21 итерация (продолжено с итерации 20), уязвимость 0,5 mbb за раздачу (цель 1)"
    assert lines[2] == "  выигрыш p2: −0,5000 фишки за раздачу (−250,0 mbb за раздачу)"
    assert solved_text(record)[1] == "  value to p1: +0.5000 chips a hand (+250.0 mbb/hand)"


def test_verify_report_in_russian():
    out = russian(["verify", "--quick", "--only", "1,8", "--lang", "ru"])
    assert "1. таблицы рангов составлены правильно [H2, H3]: доказано (" in out
    assert "8. пересдача, когда торги никто не открыл, случается ограниченное число раз [K4]: неприменимо" in out
    assert "в этой игре нет пересдачи" in out
    assert out.rstrip().endswith("все свойства выполняются (свойства, неприменимые к этой игре: 8)")


def test_a_refuted_property_in_russian():
    from lowball.text.verdicts import Said, Verdict
    from lowball.verify import Check
    from lowball.verify.report import render

    table = load_game_table()
    check = Check.of(4, table)
    check.fail(Verdict("said", {"words": Said("p1 bets 1, ...")}))
    text = render([check, Check.of(5, table)], table, "ru")
    assert "4. без ва-банка: на кону никогда не бывает больше минимального стека (13 фишек)" in text
    assert ": ОПРОВЕРГНУТО (" in text and "   контрпример: p1 bets 1, ..." in text
    assert text.endswith("опровергнуто свойство 4")
    assert render([check], table).endswith("1 property refuted: 4")


def test_property_titles_have_one_home_with_both_languages():
    """The proof panel and the docs read the Russian titles from lowball.verify.properties: no copy elsewhere."""
    from lowball.verify.properties import PROPERTIES
    import lowball.widgets.proofs as proofs

    assert not hasattr(proofs, "TITLES_RU")
    table = load_game_table()
    assert all(re.search("[а-я]", p.title(table, "ru")) and p.title(table, "ru") != p.title(table) for p in PROPERTIES)


def test_games_in_russian_with_the_plural_a_russian_writes():
    from lowball.cli.games import seats_text

    out = russian(["games", "--lang", "ru"])
    assert "2–6 игроков" in out and "2–8 игроков" in out and "players" not in out
    assert "\nтаблицы: " in out
    assert [seats_text(2, n, "ru") for n in (4, 5)] == ["2–4 игрока", "2–5 игроков"]
    code, english, _, _ = run_cli(["games"])
    assert code == 0 and "2-6 players" in english


# ---- 2. rank, compare and census end with examples of their own ----

@pytest.mark.parametrize("command", ["rank", "compare", "census"])
def test_each_command_ends_with_its_own_examples(command):
    epilog = COMMANDS[command].epilog
    examples = re.findall(r"^  lowball (\w+)", epilog, flags=re.M)
    assert examples and set(examples) == {command}, epilog


# ---- 3. defaults said: the seed of a session ----

def test_play_without_a_seed_draws_one_and_says_how_to_play_it_again():
    assert "drawn at random" in " ".join(COMMANDS["play"].format_help().split())
    code, out, _, _ = run_cli(["play", "--hands", "3"])
    seed = re.search(r"seed (\d+) \(drawn: rerun with --seed (\d+)\)", out.splitlines()[0])
    assert code == 0 and seed and seed.group(1) == seed.group(2), out
    again = run_cli(["play", "--hands", "3", "--seed", seed.group(1)])[1]
    assert again.splitlines()[1:] == out.splitlines()[1:]          # the same session, told apart only by its head
    assert "drawn" not in again.splitlines()[0]
    record = json.loads(run_cli(["play", "--hands", "3", "--seed", "7", "--json"])[1])
    assert record["seed"] == 7


# ---- 4. verify --only names the properties ----

def test_verify_only_lists_the_properties_by_number_and_name():
    from lowball.verify.properties import PROPERTIES

    text = re.sub(r"-\s+", "-", " ".join(COMMANDS["verify"].format_help().split()))    # argparse wraps at "-"
    for prop in PROPERTIES:
        assert f"{prop.number} {prop.name}" in text, prop.name


# ---- 5. --version, and the bare command ----

def test_version_is_the_installed_packages():
    code, out, _, _ = run_cli(["--version"])
    assert code == 0 and out.strip() == f"lowball {version('lowball-spec')}"


def test_lowball_alone_prints_the_help_and_exits_0():
    code, out, err, _ = run_cli([])
    assert code == 0 and err == ""
    assert out.startswith("usage: lowball") and "rank" in out and "examples:" in out


# ---- 6. system names players write ----

@pytest.mark.parametrize("name, key", [("2-7", "deuce-to-seven"), ("27", "deuce-to-seven"), ("A-5", "ace-to-five"),
                                       ("a5", "ace-to-five"), ("A6", "ace-to-six"), ("a-6", "ace-to-six"),
                                       ("Deuce-To-Seven", "deuce-to-seven"), ("HIGH", "high"), ("Badugi", "badugi")])
def test_aliases_and_any_case_name_a_system_everywhere(name, key):
    assert as_system(name).key == key
    hand = "Ac 2d 3h 4s" if key == "badugi" else "7c 5d 4h 3s 2c"
    assert evaluate(hand, name) == evaluate(hand, key)
    code, out, _, _ = run_cli(["rank", "--json", "--system", name, hand])
    assert code == 0 and json.loads(out)["system"] == key


def test_the_aliases_live_in_the_rankings_table_and_the_help_lists_them():
    rows = {row.key: row for row in load_rankings().all_systems}
    assert rows["deuce-to-seven"].aliases == ("2-7", "27") and rows["ace-to-five"].aliases == ("A-5", "A5")
    assert rows["ace-to-six-ace-low"].aliases == ()                # extends ace-to-six, but not its aliases
    text = " ".join(COMMANDS["rank"].format_help().split())
    assert "deuce-to-seven (2-7, 27)" in text and "ace-to-five (A-5, A5)" in text


def test_all_in_any_case_and_the_list_that_names_it():
    assert run_cli(["rank", "--system", "ALL", "5s4d3c2hAd"])[0] == 0
    code, _, err, seconds = run_cli(["rank", "--system", "2-8", "5s4d3c2hAd"])
    check_cli_answer(["rank"], code, err, seconds)
    assert code == 2 and "--system" in err and ", all;" in err


def _rankings_with(**changes) -> dict:
    data = read_toml(RANKINGS_FILE).data
    for key, aliases in changes.items():
        data["systems"][key]["aliases"] = aliases
    return data


@pytest.mark.parametrize("changes, where", [
    ({"ace-to-five": ["2-7"]}, "systems.ace-to-five.aliases[0]"),            # another system's alias
    ({"ace-to-five": ["Deuce-To-Seven"]}, "systems.ace-to-five.aliases[0]"),  # another system's key, in any case
    ({"high": ["a5"]}, "systems.high.aliases[0]"),
])
def test_a_name_two_systems_share_is_refused(changes, where):
    with pytest.raises(RulesError) as refused:
        parse_rankings(TableReader("rankings.toml", _rankings_with(**changes)))
    assert f"rankings.toml: {where}:" in str(refused.value) and "already names the system" in str(refused.value)


@pytest.mark.parametrize("aliases", [[""], [" 27"], ["2-7\n"], "27", [27]])
def test_an_alias_that_is_no_name_is_refused(aliases):
    with pytest.raises(RulesError) as refused:
        parse_rankings(TableReader("rankings.toml", _rankings_with(**{"deuce-to-seven": aliases})))
    assert "systems.deuce-to-seven.aliases" in str(refused.value)


def _house(aliases: list[str]):
    """Return a house rankings table of one system, the teaching table's under another name, with ``aliases``."""
    import copy

    data = read_toml(RANKINGS_FILE).data
    row = copy.deepcopy(data["systems"]["ace-to-six"])
    row["aliases"] = aliases
    data = dict(data, systems={"newcomer-club": row}, qualifiers={})
    return parse_rankings(TableReader("club-rankings.toml", data))


def test_a_house_system_answers_to_its_aliases_and_may_not_take_a_shipped_name():
    from lowball.core.rankings import ranking_system, register_house_systems

    with pytest.raises(RulesError, match="'2-7' already names the shipped system deuce-to-seven"):
        register_house_systems(_house(["2-7"]), "club-rankings.toml")
    register_house_systems(_house(["Clubby"]), "club-rankings.toml")
    assert ranking_system("CLUBBY").key == "newcomer-club" and as_system("clubby").key == "newcomer-club"


def test_the_aliases_key_is_documented_beside_the_other_keys():
    docs = (Path(__file__).resolve().parents[2] / "docs" / "rules-tables.md").read_text(encoding="utf-8")
    assert "| `aliases` | list |" in docs
    assert "aliases" in RANKINGS_FILE.read_text(encoding="utf-8").split("[categories")[0]


# ---- 7. the default system of evaluate ----

def test_evaluate_without_a_system_ranks_as_the_teaching_table_and_says_why():
    assert as_system(None).key == load_game_table().ranking
    assert evaluate("5s 4d 3c 2h Ad") == evaluate("5s 4d 3c 2h Ad", load_game_table().ranking)
    said = " ".join(evaluate.__doc__.split())
    assert "the teaching table's system, read from that table" in said and 'evaluate("5s 4d 3c 2h Ad").system' in said
    api = (Path(__file__).resolve().parents[2] / "docs" / "reference" / "api.md").read_text(encoding="utf-8")
    assert "teaching table's, read from its" in " ".join(api.split())


# ---- 8. empty and loose values ----

INTEGER_OPTIONS = [("census", "--cards", ["--system", "ace-to-six"]), ("census", "--deck", ["--system", "ace-to-six"]),
                   ("odds", "--deck", ["Ac 2d 3h 4s Kc"]), ("odds", "--draws", ["Ac 2d 3h 4s Kc"]),
                   ("play", "--players", []), ("play", "--hands", []), ("play", "--seed", []),
                   ("play", "--stack", [])]


@pytest.mark.parametrize("command, option, rest", INTEGER_OPTIONS)
@pytest.mark.parametrize("written", [" 3", "3 ", "+3", "٣", "3_0", "3.0", ""])
def test_a_whole_number_written_loosely_is_refused_naming_the_option(command, option, rest, written):
    argv = [command, option, written, *rest]
    code, out, err, seconds = run_cli(argv)
    check_cli_answer(argv, code, err, seconds)
    assert code == 2 and out == "" and f"argument {option}: expected a whole number" in err, err


def test_every_integer_option_outside_solve_reads_plain_digits():
    """No command but solve (whose options are checked there) reads a number with Python's loose int()."""
    loose = [(name, option) for name, parser in COMMANDS.items() if name != "solve"
             for option, action in parser._option_string_actions.items() if action.type is int]
    assert not loose, loose
    assert whole_option("12") == 12 and whole_option("-1") == -1


@pytest.mark.parametrize("argv, option", [
    (["census", "--game", ""], "--game"), (["replay", "--game", " ", "x.phh"], "--game"),
    (["split", "--game", "", "Ah 2h 3d 4c 9h", "As Ks Qd Qc 9s"], "--game"), (["play", "--game", ""], "--game"),
    (["play", "--bots", ""], "--bots"), (["verify", "--rules", ""], "--game/--rules"),
    (["verify", "--rankings", ""], "--rankings"), (["verify", "--only", ""], "--only"),
])
def test_an_empty_value_is_refused_not_taken_as_the_default(argv, option):
    code, out, err, seconds = run_cli(argv)
    check_cli_answer(argv, code, err, seconds)
    assert code == 2 and out == "" and f"argument {option}: expected" in err, err


@pytest.mark.parametrize("setting", ["name=", "variant=", "en= ", "raises_per_round="])
def test_verify_set_with_an_empty_value_is_refused(setting):
    argv = ["verify", "--quick", "--only", "1", "--set", setting]
    code, out, err, seconds = run_cli(argv)
    check_cli_answer(argv, code, err, seconds)
    assert code == 2 and f"--set {setting.split('=')[0]}=: the value after '=' is empty" in err, err


# ---- 9. messages that keep their reason ----

def test_a_long_phh_dir_keeps_its_reason_on_the_line(tmp_path):
    folder = tmp_path / ("d" * 200) / ("e" * 200) / ("x" * 300)
    code, _, err, seconds = run_cli(["play", "--hands", "1", "--phh-dir", str(folder)])
    check_cli_answer([], code, err, seconds)
    assert code == 2 and err.rstrip().endswith("characters): the name is too long"), err
    assert "xxxx" in err and str(tmp_path)[:20] in err        # its start and its end, cut in the middle


def test_a_symbolic_link_loop_is_called_so(tmp_path):
    loop = tmp_path / "loop"
    os.symlink(loop, loop)
    code, _, err, seconds = run_cli(["play", "--hands", "1", "--phh-dir", str(loop)])
    check_cli_answer([], code, err, seconds)
    assert code == 2 and "symbolic link loop" in err and "a file" not in err, err


# ---- 10. a name too long for the system ----

LONG = "x" * 300


@pytest.mark.parametrize("argv", [["play", "--game", LONG], ["census", "--game", LONG], ["replay", "--game", LONG,
                                  "x.phh"], ["verify", "--rules", LONG], ["verify", "--rules", LONG + ".toml"],
                                  ["play", "--game", LONG + ".toml"]])
def test_a_game_name_over_255_characters_is_one_line(argv):
    code, _, err, seconds = run_cli(argv)
    check_cli_answer(argv, code, err, seconds)
    assert code == 2 and ("300 characters" in err or "305 characters" in err), err


def test_load_game_table_refuses_a_long_name_in_its_own_words():
    with pytest.raises(LowballError) as refused:
        load_game_table(LONG)
    assert "not a built-in game" in str(refused.value) and len(str(refused.value)) < 300
