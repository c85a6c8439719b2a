"""The importer's findings are data worded in rules/verdicts.toml (O1-O5): every key the judge or a reader names
has words in English and in Russian, every template of the file is named somewhere, and a template asks for no
field the judge does not give."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from lowball.histories.findings import VERDICTS_FILE, Finding

HISTORIES = Path(__file__).resolve().parents[2] / "spec" / "lowball" / "histories"
NAMED = re.compile(r'_(?:refuse|disagree)\(\s*"([a-z-]+)"|Finding\(\s*"([a-z-]+)"|\(\s*(?:first|number),\s*"([a-z-]+)"\)'
                   r'|^RUN_TWICE = "([a-z-]+)"', re.M)


def templates() -> dict[str, dict[str, str]]:
    with VERDICTS_FILE.open("rb") as handle:
        return tomllib.load(handle)


def named_keys() -> set[str]:
    text = "\n".join(path.read_text(encoding="utf-8") for path in HISTORIES.glob("*.py"))
    return {key for groups in NAMED.findall(text) for key in groups if key}


def test_both_languages_word_the_same_findings():
    words = templates()
    assert set(words["en"]) == set(words["ru"])


def test_every_finding_named_has_words_and_every_word_a_finding():
    keys = set(templates()["en"])
    named = named_keys() | {"at-line"}            # the line a finding is at (findings.Finding.text)
    assert named - keys == set(), f"findings without words: {sorted(named - keys)}"
    assert keys - named == set(), f"words of no finding: {sorted(keys - named)}"


def test_the_russian_words_ask_for_no_field_the_english_do_not():
    words = templates()
    fields = re.compile(r"\{(\w+)")
    for key, english in words["en"].items():
        assert set(fields.findall(words["ru"][key])) <= set(fields.findall(english)), key


def test_a_finding_is_one_line_in_each_language_with_its_line_and_clause():
    finding = Finding("cancelled", "O4", {}, 12)
    assert finding.text() == "line 12: the room cancelled the hand (O4)"
    assert finding.text("ru") == "строка 12: рум отменил раздачу (O4)"
