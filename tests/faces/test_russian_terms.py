"""The Russian a Russian poker player would write: every Russian text of the repository against the glossary.

``docs/locale/ru/glossary.toml`` lists the project's Russian poker terms and the wrong forms that have turned up
(«остаться при своих» for standing pat, «пас» for a check, «шесть-четыре» for a six-four, ...). The scan reads
the notebooks (markdown, stored outputs and panel state alike), the docs' Russian catalogs (msgstr only) and the
Cyrillic lines of the package and README, and names each wrong form as ``file:line: wrong -> right (reason)``.
Stored notebook outputs and notebooks/ru/rules.ipynb only change when the notebooks are re-run and the rules
notebook rewritten (``scripts/editions.py run``, ``rules``), so a fix in the package shows here after that.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

import pytest

from lowball.cli import main

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "locale" / "ru" / "glossary.toml"
CYRILLIC = re.compile("[А-Яа-яЁё]")


@dataclass(frozen=True)
class Ban:
    term: str          # the English term
    right: str         # the Russian a player writes
    form: str          # the wrong form, as the glossary names it
    pattern: re.Pattern[str]
    reason: str
    excepts: tuple[re.Pattern[str], ...]


def load_glossary(path: Path = GLOSSARY) -> list[dict]:
    """Return the glossary's terms, in the table's order."""
    with open(path, "rb") as handle:
        return tomllib.load(handle)["term"]


def bans(terms: Iterable[dict]) -> list[Ban]:
    """Return every banned form of the glossary, compiled (case-insensitive)."""
    return [Ban(t["en"], t["ru"], b["form"], re.compile(b["pattern"], re.IGNORECASE), b["reason"],
                tuple(re.compile(e, re.IGNORECASE) for e in b.get("except", ())))
            for t in terms for b in t.get("banned", ())]


def hits(text: str, where: str, banned: Iterable[Ban], ends: int | None = None) -> list[str]:
    """Return a report line for each banned form in one line of text: 'file:line: «wrong» -> «right» (reason)'.

    ``ends``: where the line itself ends, when ``text`` goes on with the next line (a phrase broken over two
    lines is still found, and named once, on the line where it starts).
    """
    found = []
    for ban in banned:
        for match in ban.pattern.finditer(text):
            if ends is not None and match.start() >= ends or any(e.search(text) for e in ban.excepts):
                continue
            found.append(f"{where}: «{match.group(0)}» -> «{ban.right}» ({ban.term}; {ban.reason})")
    return found


# ---- Where the Russian is ----

JSON_LINE_END = re.compile(r'(?:\\n)?",?\s*$')


def _notebook_lines(path: Path) -> Iterator[tuple[int, str]]:
    # The notebook's own lines, so a hit names the line of the file; a JSON string's quotes and escaped line
    # breaks are dropped, so that a cell's line reads as the text it holds.
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if CYRILLIC.search(line):
            text = JSON_LINE_END.sub("", line.strip().removeprefix('"'))
            yield number, text.replace("\\n", " ").replace('\\"', '"')


def _catalog_lines(path: Path) -> Iterator[tuple[int, str]]:
    in_msgstr = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("msgstr"):
            in_msgstr = True
        elif line.startswith(("msgid", "#")) or not line.strip():
            in_msgstr = False
        if in_msgstr and CYRILLIC.search(line):
            yield number, line


def _source_lines(path: Path) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if CYRILLIC.search(line):
            yield number, line


def russian_lines(root: Path = ROOT) -> Iterator[tuple[str, int, str]]:
    """Yield (file, line number, text) for each Russian line of the notebooks, docs catalogs, package and README."""
    sources = [(sorted((root / "notebooks").rglob("*.ipynb")), _notebook_lines),
               (sorted((root / "docs" / "locale" / "ru").rglob("*.po")), _catalog_lines),
               (sorted([*(root / "spec" / "lowball").rglob("*.py"), *(root / "spec" / "lowball").rglob("*.toml"),
                        root / "README.md"]), _source_lines)]
    for paths, lines in sources:
        for path in paths:
            if ".ipynb_checkpoints" in path.parts or not path.exists():
                continue
            for number, text in lines(path):
                yield str(path.relative_to(root)), number, text


def scan(root: Path = ROOT, terms: Iterable[dict] | None = None) -> list[str]:
    """Return a report line for every banned form in the repository's Russian.

    Each line is read together with the next Russian line of the same file, so that a phrase broken over two
    lines («остаётся при / своих») is found too.
    """
    banned = bans(load_glossary() if terms is None else terms)
    lines = list(russian_lines(root))
    found = []
    for (path, number, text), (after_path, after_number, after) in zip(lines, lines[1:] + [("", 0, "")]):
        joined = f"{text} {after}" if (after_path, after_number) == (path, number + 1) else text
        found += hits(joined, f"{path}:{number}", banned, ends=len(text))
    return found


# ---- The glossary itself ----

def test_the_glossary_is_well_formed():
    terms = load_glossary()
    assert 40 <= len(terms) <= 100
    english = [t["en"] for t in terms]
    assert len(english) == len(set(english)), "a term is listed twice"
    for term in terms:
        assert set(term) <= {"en", "ru", "also", "banned"}, term["en"]
        assert term["en"].strip() and CYRILLIC.search(term["ru"]), term["en"]
        for ban in term.get("banned", ()):
            assert set(ban) <= {"form", "pattern", "reason", "except"}, (term["en"], ban)
            assert ban["form"] and ban["reason"], (term["en"], ban)
            re.compile(ban["pattern"])
            for pattern in ban.get("except", ()):
                re.compile(pattern)


def test_no_right_term_is_itself_banned():
    # The glossary must not ban what it recommends: every right form passes every ban.
    terms = load_glossary()
    banned = bans(terms)
    for term in terms:
        for right in [term["ru"], *term.get("also", ())]:
            assert not hits(right, term["en"], banned), (term["en"], right)


def test_every_ban_catches_its_own_example():
    # Each banned form, written out, is caught: a ban whose pattern misses its own example protects nothing.
    examples = {"пасовать / пас (as a check)": "Игрок 0 может пасовать или поставить 1",
                "после паса (a check)": "а после своего паса уравнивает ставку",
                "его пас или ставку": "второй видит его пас или ставку",
                "тоже спасовать (a check)": "игрок 1 может тоже спасовать",
                "уравнять (as an action label)": '"call": "уравнять",',
                "повысить (as an action label)": '"raise": "повысить",',
                "Уравнять / Повысить (as buttons)": '"call": "Уравнять {amount}",',
                "остаться при своих": "когда оно остаётся при своих",
                "ломка": "блеф на обмене, ломка или блеф",
                "а это не больше минимального": "а это не больше минимального стека",
                "доска (in stud)": "с четвёртой улицы первым ходит самая младшая доска",
                "какая рука (as a label)": '"kind_col": "какая рука",',
                "шесть-четыре, восемь-шесть (numerals)": "p3 показывает 8-6-4-3-2: восемь-шесть",
                "флеш до туза": "Q-J-10-3-2: флеш до дамы",
                "фул-хаус": "Фул-хаус из дам",
                "карточный зал": "правила карточных залов",
                "правило большого пальца": "правилами большого пальца",
                "перепись": "Перепись ниже обходит каждую руку"}
    banned = bans(load_glossary())
    assert {b.form for b in banned} == set(examples)
    for ban in banned:
        assert hits(examples[ban.form], "example", [ban]), ban.form


@pytest.mark.parametrize("right", [
    "p1 показывает 8-6-4-3-2: восьмёрка-шестёрка", "туз-шестёрка (туз старший)", "Три-четыре руки и система",
    "флеш от туза", "стрит-флеш до пятёрки", "фулл-хаус из дам", "на флопе доска 7-8-9 (холдем)",
    "«пас и выход» (F5)", "тесты «пас или ставка» (F5, G6)", "Какая рука выигрывает в системе «от туза до шестёрки»?",
    "Лена пасует (B1)", "против ставки можно спасовать, уравнять или повысить", "сломать восьмёрку",
    "большой блайнд", "круг торговли заново не открывает",
])
def test_right_russian_passes(right):
    assert not hits(right, "example", bans(load_glossary()))


def test_the_scanner_catches_a_planted_wrong_word(tmp_path):
    # A scan that cannot fail proves nothing: plant wrong words in each kind of file and see each one named.
    (tmp_path / "notebooks" / "ru").mkdir(parents=True)
    (tmp_path / "notebooks" / "ru" / "x.ipynb").write_text(
        '{\n "cells": [\n  {\n   "source": [\n    "Бот никогда не остаётся при\\n",\n'
        '    "своих с плохой рукой."\n   ]\n  }\n ]\n}\n', encoding="utf-8")
    catalog = tmp_path / "docs" / "locale" / "ru" / "LC_MESSAGES"
    catalog.mkdir(parents=True)
    (catalog / "x.po").write_text('msgid "full house"\nmsgstr "фул-хаус"\n\nmsgid "перепись"\nmsgstr "census"\n',
                                  encoding="utf-8")
    (tmp_path / "spec" / "lowball").mkdir(parents=True)
    (tmp_path / "spec" / "lowball" / "x.py").write_text('WORDS = {"ru": "шесть-четыре"}\n', encoding="utf-8")
    (tmp_path / "README.md").write_text("Flush: флеш до туза\n", encoding="utf-8")
    found = scan(tmp_path)
    assert len(found) == 4, found
    assert found[0].startswith("notebooks/ru/x.ipynb:5: «при своих» -> «стоять пат»")
    assert found[1].startswith("docs/locale/ru/LC_MESSAGES/x.po:2: «фул-хаус» -> «фулл-хаус»")   # msgid not read
    assert found[2].startswith("README.md:1: «флеш до » -> «флеш»")
    assert found[3].startswith("spec/lowball/x.py:1: «шесть-четыре» -> «восьмёрка-шестёрка»")


# ---- The repository ----

def test_the_repository_russian_uses_the_glossary_terms():
    found = scan()
    assert not found, f"{len(found)} wrong Russian poker terms:\n" + "\n".join(found)


# ---- What the program prints ----

HAND_NAME = re.compile(r"(?:туз|король|дама|валет|десятка|девятка|восьмёрка|семёрка|шестёрка|пятёрка)-"
                       r"(?:король|дама|валет|десятка|девятка|восьмёрка|семёрка|шестёрка|пятёрка|четвёрка|тройка)")


def _printed(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def _no_wrong_terms(text: str) -> None:
    banned = bans(load_glossary())
    found = [hit for number, line in enumerate(text.splitlines(), 1) for hit in hits(line, f"output:{number}", banned)]
    assert not found, "\n".join(found)


def test_rank_names_lows_as_a_player_does(capsys):
    out = _printed(capsys, "rank", "--lang", "ru", "--system", "all", "8c 6d 4h 3s 2c")
    assert "восьмёрка-шестёрка" in out and "восемь-шесть" not in out
    assert "король-девятка" in _printed(capsys, "rank", "--lang", "ru", "Kh 9d 7c 4s 2h")
    assert "туз-шестёрка (туз старший)" in _printed(capsys, "rank", "--lang", "ru", "-s", "2-7", "Ah 6d 4h 3s 2c")
    assert "флеш от туза" in _printed(capsys, "rank", "--lang", "ru", "-s", "high", "Ah Kh 8h 5h 3h")
    _no_wrong_terms(out)


def test_split_names_the_low_by_its_cards(capsys):
    out = _printed(capsys, "split", "--lang", "ru", "Ah 2h 3h 4h 5h Kc Kd")
    assert "пятёрка-четвёрка" in out
    _no_wrong_terms(out)


def test_narration_of_played_hands_uses_the_glossary_terms(capsys, tmp_path):
    _printed(capsys, "play", "--hands", "12", "--seed", "1", "--phh-dir", str(tmp_path), "--lang", "ru")
    told = "".join(_printed(capsys, "replay", str(path), "--narrate", "--lang", "ru")
                   for path in sorted(tmp_path.glob("*.phh")))
    shown = [line for line in told.splitlines() if "показывает" in line]
    assert shown and any(HAND_NAME.search(line) for line in shown), shown
    _no_wrong_terms(told)
