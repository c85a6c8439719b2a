"""``lowball import`` on the command line (O1-O5): one JSON object a hand, a summary that counts every outcome and
reason, PHH written that ``lowball replay`` reads, both languages, and exit codes 0, 1 and 2 with one clean line
for bad input. The histories are the project's own (tests/data/histories/pokerstars/), written for it."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from lowball.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "histories" / "pokerstars"
TRIPLE = DATA / "triple-draw.txt"
STUD = DATA / "stud-high-low.txt"
KEYS = {"file", "line", "site", "hand", "game", "status", "reason", "clause", "players", "collected", "rake", "pot",
        "phh"}


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def broken(tmp_path: Path, old: str, new: str, name: str = "changed.txt") -> Path:
    path = tmp_path / name
    path.write_text(TRIPLE.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    return path


def test_json_is_one_object_a_hand_then_the_summary(capsys):
    code, out, err = run(capsys, "import", "--json", TRIPLE, STUD)
    lines = [json.loads(line) for line in out.splitlines()]
    hands, summary = lines[:-1], lines[-1]["summary"]
    assert code == 0 and not err
    assert all(set(hand) == KEYS for hand in hands)
    assert [h["hand"] for h in hands] == ["900000000001", "900000000002", "900000000101"]     # file order
    first = hands[0]
    assert first["status"] == "verified" and first["reason"] is None and first["game"] == \
        "pokerstars-deuce-to-seven-triple-draw"                 # the room's own table (O4), which judged it
    assert first["collected"] == {"Lena": "1.94", "Misha": "0", "Hero": "0", "Olga": "0"}     # money as strings
    assert (first["rake"], first["pot"]) == ("0.06", "2")
    assert summary["hands"] == 3 and summary["verified"] == 3 and summary["files"] == 2
    assert summary["by_room"]["PokerStars"]["pokerstars-stud-high-low"] == {"verified": 1}


def test_a_hand_that_disagrees_exits_1_and_names_the_line_the_rule_and_the_room(capsys):
    path = Path(pytest.importorskip("tempfile").mkdtemp()) / "x.txt"
    path.write_text(TRIPLE.read_text().replace("Lena: raises $0.20 to $0.40", "Lena: raises $0.10 to $0.30"))
    code, out, _ = run(capsys, "import", path)
    assert code == 1
    assert "#900000000001" in out and "disagrees: line 30: Lena: raises $0.10 to $0.30" in out
    assert "summary: 2 hands, 1 file: 1 verified, 1 disagrees, 0 refused" in out
    assert "1 disagrees: illegal (e.g. PokerStars #900000000001)" in out


def test_the_summary_counts_each_reason_in_russian(tmp_path, capsys):
    path = broken(tmp_path, "Lena: raises $0.20 to $0.40", "Lena: raises $0.10 to $0.30")
    code, out, _ = run(capsys, "import", "--lang", "ru", path)
    assert code == 1 and "итог: 2 раздачи, 1 файл: 1 проверена, 1 расходится с правилами, 0 отклонено" in out
    assert "правила этого не позволяют" in out


def test_bad_input_is_one_line_and_exit_2_and_the_rest_is_still_judged(tmp_path, capsys):
    binary = tmp_path / "x.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    other = tmp_path / "table.toml"
    other.write_text('name = "x"\n')
    code, out, err = run(capsys, "import", binary, other, tmp_path / "missing.txt", tmp_path, TRIPLE)
    assert code == 2
    errors = err.splitlines()
    assert len(errors) == 4 and all(line.startswith("lowball import: error: ") for line in errors)
    assert "binary data" in errors[0] and "not a hand history" in errors[1]
    assert "no such file" in errors[2] and "is a folder" in errors[3]
    assert "summary: 2 hands" in out and "2 verified" in out and "Traceback" not in err


def test_a_malformed_hand_exits_2_and_the_next_hand_is_judged(tmp_path, capsys):
    path = broken(tmp_path, "Total pot $2 | Rake $0.06", "Total pot $2 | Rake $0.05")
    code, out, _ = run(capsys, "import", "--json", path)
    hands = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert [h["status"] for h in hands[:2]] == ["refused", "verified"] and "the sums differ" in hands[0]["reason"]
    assert hands[-1]["summary"]["malformed"] == 1


def test_phh_is_written_and_replays_with_the_rules_stacks(tmp_path, capsys):
    folder = tmp_path / "hands"
    code, out, _ = run(capsys, "import", "--json", "--phh-dir", folder, STUD)
    record = json.loads(out.splitlines()[0])
    written = Path(record["phh"])
    assert code == 0 and written == folder / "pokerstars-900000000101.phh" and written.is_file()
    code, out, _ = run(capsys, "replay", "--json", written)
    replayed = json.loads(out)
    assert code == 0 and replayed["finishing_stacks"] == ["1.59", "0.45", "3.76"]
    code, out, _ = run(capsys, "replay", "--narrate", "--lang", "ru", written)
    assert code == 0 and "банк" in out


def test_a_phh_folder_that_is_a_file_is_refused_before_anything_is_read(tmp_path, capsys):
    file = tmp_path / "taken"
    file.write_text("x")
    code, out, err = run(capsys, "import", "--phh-dir", file, TRIPLE)
    assert code == 2 and not out and "is a file, not a folder" in err


def test_narrate_tells_each_hand_in_money_with_its_clauses(capsys):
    code, out, _ = run(capsys, "import", "--narrate", STUD)
    assert code == 0
    assert "Misha wins 0.45, the high half of the main pot, with the highest hand (L2)" in out
    assert "the room took 0.04 in rake from the pot of 1.12 (O3) and paid Hero 0.43, Misha 0.65" in out


def test_an_unknown_site_is_refused_with_the_known_ones(capsys):
    code, _, err = run(capsys, "import", "--site", "partypoker", TRIPLE)
    assert code == 2 and "unknown room 'partypoker'" in err and "pokerstars" in err


def test_json_errors_are_json_on_stderr(tmp_path, capsys):
    code, out, err = run(capsys, "import", "--json", tmp_path / "missing.txt")
    problem = json.loads(err.splitlines()[0])
    assert code == 2 and "no such file" in problem["error"] and problem["file"].endswith("missing.txt")
    assert json.loads(out.splitlines()[-1])["summary"]["unreadable"][0]["file"].endswith("missing.txt")


def test_a_history_given_as_decimal_phh_replays_exactly():
    """O5: money in PHH is read as exact decimals, never binary floats."""
    from lowball.phh.history import replay

    text = ('variant = "F2L3D"\nantes = [0, 0]\nblinds_or_straddles = [0.05, 0.10]\nsmall_bet = 0.10\n'
            'big_bet = 0.20\nstarting_stacks = [1.10, 0.30]\n'
            'actions = ["d dh p1 ??????????", "d dh p2 ??????????", "p2 f"]\n')
    assert replay(text).finishing_stacks == (Decimal("1.15"), Decimal("0.25"))
