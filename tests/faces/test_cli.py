"""The command line: rank, compare, census; JSON; bad input exits 2 with one line."""

import json
import subprocess
import sys

import pytest

from lowball.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rank_prints_category_rank_and_name(capsys):
    code, out, _ = run(capsys, "rank", "--system", "ace-to-six", "6♣ 4♥ 3♠ 2♦ A♣")
    assert code == 0
    assert "6-4-3-2-A: no pair, six-four low (class 1 of 7,462)" in out


def test_rank_json_and_separate_card_arguments(capsys):
    code, out, _ = run(capsys, "rank", "--json", "--system", "deuce-to-seven", "5s", "4d", "3c", "2h", "Ad")
    record = json.loads(out)
    assert (record["category"], record["rank"], record["name"]) == ("no-pair", 785, "ace-five high")
    assert code == 0


def test_rank_under_every_system_shows_where_they_disagree(capsys):
    _, out, _ = run(capsys, "rank", "--system", "all", "--json", "5s4d3c2hAd")
    categories = {r["system"]: r["category"] for r in json.loads(out)}
    assert categories["ace-to-six"] == "straight" and categories["deuce-to-seven"] == "no-pair"


def test_compare_prints_winner_and_explanation(capsys):
    code, out, _ = run(capsys, "compare", "--system", "ace-to-six", "6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad")
    assert code == 0
    assert out.startswith("ace-to-six: hand A wins")
    assert "(H2)" in out


def test_compare_json_in_russian(capsys):
    _, out, _ = run(capsys, "compare", "--json", "--lang", "ru", "-s", "deuce-to-seven", "7c5h4s3d2c", "7d6s5c4c2d")
    result = json.loads(out)
    assert result["winner"] == "a" and result["result"] == 1
    assert "бьёт" in result["explanation"]


def test_census_counts_classes(capsys):
    code, out, _ = run(capsys, "census", "--system", "ace-to-five", "--json")
    report = json.loads(out)
    assert code == 0 and report["classes"] == 6175
    assert report["lows_by_top_card"]["5"] == 1024


@pytest.mark.parametrize("argv, message", [
    (["rank", "6c 4x 3s 2d Ac"], "unknown suit 'x' in '4x'"),
    (["rank", "6c 4h 3s 2d"], "expected 5 cards, got 4"),
    (["rank", "--system", "ace-to-seven", "6c 4h 3s 2d Ac"], "unknown ranking system 'ace-to-seven'"),
    (["compare", "6c 4h 3s 2d Ac", "6c 5d 4h 3s 2c"], "the two hands share cards: 3s 4h 6c"),
    (["compare", "6c 4h 3s 2d Ac"], "the following arguments are required"),
    (["rank", "--lang", "de", "6c 4h 3s 2d Ac"], "invalid choice: 'de'"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, message):
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own usage errors
        code = exit_.code
    err = capsys.readouterr().err
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_installed_command_never_shows_a_traceback():
    proc = subprocess.run([sys.executable, "-m", "lowball.cli", "compare", "Zc 4h 3s 2d Ac", "x"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1
