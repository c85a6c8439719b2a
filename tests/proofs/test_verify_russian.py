"""The Russian report of ``lowball verify``: every fact and counterexample in Russian, the English one unchanged.

Each fact and counterexample is data where it is established (``Check.record(Verdict(...))``,
``Check.fail(Verdict(...))``), worded in both languages from rules/proofs.toml; ``Check.proved`` and
``Check.counterexample`` are the English (the JSON, the docs, the English report), and ``check_lines(..., "ru")``
reads the Russian.
"""

from __future__ import annotations

import re

import pytest

from lowball.cli import main
from lowball.text.verdicts import Said, Verdict
from lowball.verify.checks import Check
from lowball.verify.report import as_json, load_for_verify, render, verify
from lowball.verify.witness import play, raise_most

# What a Russian line may keep in Latin letters: card codes (Kh, 10s), clause ids (T5, L 294), the player names
# p1-p8, Z3 and its Optimize, and the table's own keys and values (forced.nobody_opens = "play-on", dealer-left,
# half-bet-reopens), file names (engine/drawing.py) and pokerkit.
ALLOWED = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b|\b[A-Z]{1,2} ?\d+\b|\bp\d\b|\bZ3\b|\bOptimize\b|\bpokerkit\b"
                     r"|[a-z_.]+ = \"?[a-z0-9-]+\"?|\b[a-z]+(?:-[a-z]+)+\b|\b[a-z_]+/[a-z_]+\.py\b|\([a-z-]+\)")


def latin_share(line: str) -> tuple[int, int]:
    """Return the Latin and the Cyrillic letters of a line once the allowed codes are taken out."""
    text = ALLOWED.sub("", line)
    return len(re.findall(r"[A-Za-z]", text)), len(re.findall(r"[А-Яа-яЁё]", text))


def fact_lines(report: str) -> list[str]:
    """Return the report's fact and counterexample lines (the indented ones)."""
    return [line for line in report.splitlines() if line.startswith("   ")]


def run(capsys, args: list[str]) -> str:
    """Return what ``lowball verify`` prints for ``args``."""
    try:
        main(["verify", *args])
    except SystemExit:
        pass
    return capsys.readouterr().out


# (game, --set overrides, --quick, --only): each case proved once, its verdicts worded in both languages (they
# are data, Verdict); the command line's own Russian is read by the tests below.
CASES = {
    "teaching table": (None, None, False, None),
    "deuce-to-seven triple draw": ("deuce-to-seven-triple-draw", None, True, None),
    "california lowball": ("california-lowball", None, True, None),
    "razz": ("razz", None, True, None),
    "badugi": ("badugi", None, False, None),
    "a refuted house rule": (None, {"raises_per_round": "4"}, False, {4}),
}


@pytest.mark.parametrize("game, overrides, quick, only", CASES.values(), ids=CASES.keys())
def test_russian_report_says_every_fact_in_russian(game, overrides, quick, only):
    table, rankings = load_for_verify(game, overrides)
    checks = verify(table, rankings, exhaustive=not quick, only=only)
    english, russian = render(checks, table, "en"), render(checks, table, "ru")
    assert not re.search(r"[А-Яа-яЁё]", english), "the English report is English"
    en_facts, ru_facts = fact_lines(english), fact_lines(russian)
    assert len(ru_facts) == len(en_facts) > 0
    for en, ru in zip(en_facts, ru_facts):
        assert ru != en
        latin, cyrillic = latin_share(ru)
        assert latin * 3 <= cyrillic, f"mostly Latin: {ru}"
        assert ("контрпример: " in ru) == ("counterexample: " in en)


def test_refuted_house_rule_reads_as_a_poker_player_says_it(capsys):
    russian = run(capsys, ["--lang", "ru", "--set", "raises_per_round=4", "--only", "4"])
    assert ("   - достигается так: p1 ставит 1, p2 повышает до 2, p1 повышает до 3, p2 повышает до 4, p1 повышает до "
            "5, p2 уравнивает; затем p1 ставит 2, p2 повышает до 4, p1 повышает до 6, p2 повышает до 8, p1 повышает "
            "до 10, p2 уравнивает") in russian.splitlines()
    assert "   контрпример: при 4 повышениях за круг игрок может вложить 1 + 5 × 1 + 5 × 2 = 16 фишек (" in russian
    assert russian.rstrip().endswith("стек из 13 фишек может оказаться ва-банк; наименьший безопасный стек — 16\n"
                                     "\nопровергнуто свойство 4")


def test_english_report_and_json_keep_the_english_facts():
    table, rankings = load_for_verify(overrides={"raises_per_round": "4"})
    checks = verify(table, rankings, only={4, 7})
    assert render(checks, table) == render(checks, table, "en")
    for check in checks:
        assert check.facts("en") == check.proved and len(check.facts("ru")) == len(check.proved)
        assert check.refutation("en") == check.counterexample
    english = render(checks, table)
    assert not re.search(r"[А-Яа-яЁё]", english + as_json(checks, table))
    assert "with 4 raises per round a player can put in 1 + 5 x 1 + 5 x 2 = 16 chips" in english


def test_a_fact_without_russian_shows_its_english():
    check = Check(5, "title", ("T5",))
    check.record(Verdict("said", {"words": Said("proved", "доказано")}))
    check.record(Verdict("said", {"words": Said("only English")}))
    check.fail(Verdict("said", {"words": Said("refuted")}))
    assert check.facts("ru") == ["доказано", "only English"] and check.refutation("ru") == "refuted"


def test_witness_story_in_russian_uses_the_narration_words():
    from lowball.core.games import load_game_table

    witness = play(load_game_table(), [13, 13], raise_most)
    assert witness.story() == ("p1 bets 1, p2 raises to 2, p1 raises to 3, p2 raises to 4, p1 calls; then p1 bets 2, "
                               "p2 raises to 4, p1 raises to 6, p2 raises to 8 (all in), p1 calls all in")
    assert witness.story(lang="ru") == ("p1 ставит 1, p2 повышает до 2, p1 повышает до 3, p2 повышает до 4, "
                                        "p1 уравнивает; затем p1 ставит 2, p2 повышает до 4, p1 повышает до 6, "
                                        "p2 повышает до 8 (ва-банк), p1 уравнивает ва-банк")
