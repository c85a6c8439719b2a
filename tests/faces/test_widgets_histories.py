"""Notebook 14's panel (``lowball.widgets.histories``), driven as a reader would: pasting a hand, uploading a file,
pasting what is no history, switching to Russian; and notebook 14 read as a document.

``Button.click()`` runs the callback a browser click does, and setting ``FileUpload.value`` is what the browser
sends when a file is chosen; tests/faces/test_browser_games.py drives the same panel in Voilà. The hands are the
project's own (tests/data/histories/pokerstars/), written in PokerStars's format.

Clauses exercised: O1 (the lines read and told), O2 (unknown cards), O3 (the rake), O4 (a cancelled hand),
O5 (money to the cent), G4 (a raise too small), G6 (paid to the wrong player), K1 (the room's name of a hand).
"""

from __future__ import annotations

import datetime
import html
import json
import re
from pathlib import Path

import pytest

from tests.support.browser import english_words
from lowball.histories.judge import Status
from lowball.histories.sites import READERS
from lowball.widgets import histories
from lowball.widgets.histories import HistoryPanel, WalkTable, judge_bytes, problem_text, rows, summary, verdict
from tests.support.notebooks import NOT_A_CLAIM, NUMBER, RULES_LINK, cells, markdown, output_texts
from tests.support.widgets import TAGS, texts

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "histories" / "pokerstars"
HAND = (DATA / "single-draw.txt").read_text(encoding="utf-8")
TRIPLE = (DATA / "triple-draw.txt").read_text(encoding="utf-8")
SMALL_RAISE = HAND.replace("Hero: raises $1 to $1.50", "Hero: raises $0.20 to $0.70")
NOTEBOOK = ROOT / "notebooks" / "14-real-hands.ipynb"
EDITION = ROOT / "notebooks" / "ru" / "14-real-hands.ipynb"
# What a Russian panel may keep in Latin letters: the rooms' and players' names, as the room wrote them.
NAMES = tuple(word for reader in READERS.values() for word in reader.SITE.split()) + ("Lena", "Misha", "Hero", "Olga")
# The rooms the importer reads, as its messages list them.
ROOMS = ", ".join(reader.SITE for reader in READERS.values())


def shown(widget) -> str:
    """Return the text of an HTML widget as a reader sees it, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(TAGS.sub(" ", widget.value))).strip()


def upload(panel: HistoryPanel, data: bytes, name: str = "HH20261202.txt") -> None:
    """Choose a file in the panel's upload button, as the browser sends it."""
    panel.upload.value = ({"name": name, "type": "text/plain", "size": len(data), "content": memoryview(data),
                           "last_modified": datetime.datetime(2026, 12, 2, tzinfo=datetime.timezone.utc)},)


def rules_said(panel: HistoryPanel) -> list[str]:
    """Return the rules' column of the panel's table, cell by cell."""
    return [html.unescape(TAGS.sub("\n", cell)).strip()
            for cell in re.findall(r"<td class='lowball-rules-said'[^>]*>(.*?)</td>", panel.table.value)]


def without_the_room(panel: HistoryPanel) -> str:
    """Return every text the panel shows but what the room wrote (the pasted hand, the room's lines in the table)."""
    table = re.sub(r"<code class='lowball-room-line'[^>]*>.*?</code>", " ", panel.table.value)
    return " | ".join(texts(panel, skip=(panel.paste, panel.table)) + [html.unescape(TAGS.sub(" ", table))])


# ---- the panel ----

def test_a_pasted_hand_is_verified_and_told_line_by_line_beside_the_rules():
    """O1, O3: every line of the room's history beside what the rules did with it, the verdict at the end."""
    panel = HistoryPanel(HAND)
    assert panel.error.value == ""
    assert shown(panel.counts) == "the pasted text · 1 hand: 1 verified"
    assert shown(panel.verdict).endswith(": verified")
    assert panel.hand.layout.display == "none"                       # one hand: nothing to choose
    table = panel.table.value
    assert ">Hero: raises $1 to $1.50</code>" in table
    said = rules_said(panel)
    assert "Hero raises to 1.50 (G4)" in said
    assert said[-1] == ("the room took 0.42 in rake from the pot of 8.50 (O3) and paid Hero 8.08: what the rules pay "
                        "after the rake")
    assert "lowball-end" in table and "lowball-finding" not in table


def test_the_panel_switches_to_russian_with_no_english_left_but_the_rooms_words():
    panel = HistoryPanel(HAND)
    panel.lang.value = "ru"
    assert shown(panel.counts) == "вставленный текст · 1 раздача: 1 проверена"
    assert shown(panel.verdict).endswith(": проверена")
    assert "Hero повышает до 1.50 (G4)" in rules_said(panel)
    assert rules_said(panel)[-1].startswith("рум взял рейк 0.42 из банка 8.50 (O3)")
    seen = without_the_room(panel)
    assert re.search("[а-яё]", seen)
    left = english_words(seen, NAMES)
    assert not left, f"English left in the Russian panel: {sorted(set(left))}\n{seen[:2000]}"
    panel.lang.value = "en"
    assert "Hero raises to 1.50 (G4)" in rules_said(panel)


def test_a_file_uploaded_is_judged_hand_by_hand_and_a_hand_chosen():
    """Three hands of two files in one upload, in UTF-16 as some rooms write: a chooser, each hand's table."""
    panel = HistoryPanel()
    assert panel.table.value == "" and panel.error.value == ""
    upload(panel, (HAND + "\n\n\n" + TRIPLE).encode("utf-16"))
    assert panel.error.value == ""
    assert shown(panel.counts) == "HH20261202.txt · 3 hands: 3 verified"
    assert panel.hand.layout.display == "flex"
    assert [label for label, _ in panel.hand.options] == [
        "1. #900000000201: verified", "2. #900000000001: verified", "3. #900000000002: verified"]
    assert "single draw" in shown(panel.verdict)
    panel.hand.value = 1
    assert "#900000000001" in shown(panel.verdict) and "triple draw" in shown(panel.verdict)
    assert "Lena raises to 0.40: the first raise; there is no cap now (G2)" in rules_said(panel)
    panel.lang.value = "ru"
    assert panel.hand.value == 1                                   # the choice survives the switch
    assert [label for label, _ in panel.hand.options][1] == "2. #900000000001: проверена"
    assert shown(panel.counts) == "HH20261202.txt · 3 раздачи: 3 проверены"


def test_an_upload_in_utf8_with_a_byte_order_mark_reads_as_the_paste_does():
    panel = HistoryPanel()
    upload(panel, b"\xef\xbb\xbf" + HAND.replace("\n", "\r\n").encode("utf-8"))
    assert shown(panel.verdict).endswith(": verified")
    assert rules_said(panel) == rules_said(HistoryPanel(HAND))


def test_garbage_pasted_is_one_line_in_the_pages_language_never_a_traceback():
    panel = HistoryPanel(HAND)
    panel.paste.value = "hello, world\nthis is no hand"
    panel.judge.click()
    assert shown(panel.error) == f"not a hand history of {ROOMS} (its first line: 'hello, world')"
    assert panel.table.value == "" and panel.verdict.value == "" and panel.counts.value == ""
    panel.lang.value = "ru"
    assert shown(panel.error) == f"это не история раздач {ROOMS} (первая строка: 'hello, world')"
    panel.paste.value = "  \n\n "
    panel.judge.click()
    assert shown(panel.error) == "Проверять нечего: вставьте историю раздач в поле или загрузите файл."
    panel.paste.value = HAND                                        # put right, the error goes
    panel.judge.click()
    assert panel.error.value == "" and shown(panel.verdict).endswith(": проверена")


def test_a_binary_upload_is_one_line_too():
    panel = HistoryPanel()
    upload(panel, bytes(range(256)), "photo.jpg")
    assert shown(panel.error) == "binary data (a NUL byte at byte 0), not the text of a hand history"
    panel.lang.value = "ru"
    assert shown(panel.error) == "это двоичные данные, а не текст истории раздач (нулевой байт у позиции 0)"


def test_a_failure_of_the_judge_itself_is_one_line(monkeypatch):
    def broken(data, name, most=histories.MOST_HANDS):
        raise ValueError("something unforeseen")

    monkeypatch.setattr(histories, "judge_bytes", broken)
    panel = HistoryPanel(HAND)
    assert shown(panel.error) == "the history could not be judged: ValueError: something unforeseen"
    panel.lang.value = "ru"
    assert shown(panel.error) == "историю не удалось проверить: ValueError: something unforeseen"


def test_a_finding_stands_beside_the_line_the_rules_refuse():
    """G4: a no-limit raise of less than the big blind; the replay stops at its line, which the table shows."""
    panel = HistoryPanel(SMALL_RAISE)
    assert shown(panel.verdict).endswith(": disagrees")
    assert "lowball-finding" in panel.table.value
    last = rows(panel.judged.hands[0])[-1]
    assert (last.number, last.room, last.kind) == (11, "Hero: raises $0.20 to $0.70", "finding")
    assert last.rules == ("line 11: Hero: raises $0.20 to $0.70: the rules refuse it: the raise must go to at least "
                          "1.00 in this round (G4)",)
    panel.lang.value = "ru"
    said = rules_said(panel)[-1]
    assert "правила этого не позволяют: в этом круге можно поставить не меньше чем до 1.00 (G4)" in said
    assert shown(panel.verdict).endswith(": расходится с правилами")


def test_a_finding_of_money_and_a_refusal_show_their_verdict_row():
    """G6: the pot paid to the wrong player; O4: a hand the room cancelled, which never reached the engine."""
    wrong = judge_bytes(HAND.replace("Hero collected $8.08", "Lena collected $8.08").encode(), "x").hands[0]
    assert wrong.status is Status.DISAGREES
    assert rows(wrong)[-1] == histories.Row(None, "", ("line 25: Lena collected 8.08; the rules pay Lena 0.00 after the "
                                                       "rake (G6)",), "finding")
    cancelled = HAND.split("*** DRAW ***")[0] + "Hand cancelled\n*** SUMMARY ***\nTotal pot $3.50 | Rake $0\n"
    panel = HistoryPanel(cancelled)
    assert shown(panel.verdict).endswith(": refused")
    assert rules_said(panel) == ["the room cancelled the hand (O4)"]
    assert "lowball-refused" in panel.table.value


def test_more_hands_than_the_panel_judges_are_said_to_be_left(monkeypatch):
    judged = judge_bytes((HAND + "\n\n" + TRIPLE).encode(), "x", most=2)
    assert len(judged.hands) == 2 and judged.more and judged.problem is None
    monkeypatch.setattr(histories, "MOST_HANDS", 1)
    panel = HistoryPanel(HAND + "\n\n" + TRIPLE)
    assert shown(panel.error) == "Only the first 1 hands are judged here; `lowball import` judges whole files."
    assert summary(panel.judged) == "1 hand: 1 verified"


@pytest.mark.parametrize("message", [
    f"x: not a hand history of {ROOMS} (its first line: 'hello')",
    f"x: not a hand history of {ROOMS} (it is empty)",
    "x: binary data (a NUL character near line 3), not the text of a hand history",
    "x: line 1 is longer than 10,000 characters: not a hand history",
    "x: line 1: not a PokerStars hand header: 'PokerStars Hand #1: ???'",
])
def test_every_file_problem_has_its_russian(message):
    russian = problem_text(message, "x", "ru")
    assert not russian.startswith("историю не удалось проверить"), russian
    assert not english_words(re.sub(r"'[^']*'", " ", russian), NAMES), russian


def test_every_file_problem_the_importer_gives_is_worded_in_russian():
    """The problems import_stream really gives (not only the ones written above) each have their Russian."""
    for data in (b"hello", b"", b"\x00\x01", b"x" * 20_000 + b"\n", b"PokerStars Hand #1: garbage"):
        judged = judge_bytes(data, "x")
        if judged.problem is not None:
            assert not problem_text(judged.problem, "x", "ru").startswith("историю не удалось"), judged.problem


def test_the_table_as_text_and_as_html():
    judgement = judge_bytes(HAND.encode(), "x").hands[0]
    text = repr(WalkTable(judgement))
    assert "   11  Hero: raises $1 to $1.50                      Hero raises to 1.50 (G4)" in text
    assert text.splitlines()[-1].startswith("       (the verdict)")
    assert WalkTable(judgement)._repr_html_().count("<tr") == len(rows(judgement)) + 1
    assert "(дилер)" in repr(WalkTable(judgement, "ru"))
    assert verdict(judgement, "ru").endswith("проверена")


def test_the_hand_is_verified_and_its_unknown_cards_stay_unknown():
    """O2: only Hero's cards are known; O5: the engine counts whole cents."""
    judgement = judge_bytes(HAND.encode(), "single-draw.txt").hands[0]
    assert judgement.status is Status.VERIFIED
    known = {name: [c for c in cards if c is not None] for name, cards in zip(judgement.names, judgement.hand.hands)}
    assert [name for name, cards in known.items() if cards] == ["Hero"]
    assert judgement.hand.result.pot == 850 and str(judgement.unit) == "0.01"


# ---- notebook 14 as a document ----

def test_the_notebook_judges_the_hand_of_the_test_data():
    """The hand is typed once more in the notebook's first cell (its reader sees it there): the two stay equal."""
    source = "".join(next(c for c in cells(NOTEBOOK) if c["cell_type"] == "code")["source"])
    typed = re.search(r'HAND = """\\\n(.*?)"""', source, re.S).group(1)
    assert typed == HAND


def test_the_notebook_teaches_every_clause_of_a_rooms_history_and_prints_every_number_it_states():
    text = markdown(NOTEBOOK)
    assert {f"O{n}" for n in range(1, 6)} <= set(RULES_LINK.findall(text))
    for pattern in NOT_A_CLAIM:
        text = re.sub(pattern, " ", text)
    printed = " ".join(output_texts(NOTEBOOK))
    plain = printed.replace(",", "")
    missing = sorted({n for n in NUMBER.findall(text)
                      if len(n) > 1 and n not in printed and n.replace(",", "") not in plain})
    assert not missing, f"numbers in the prose that no cell prints: {missing}"


def test_the_notebook_ends_with_the_panel_and_both_editions_name_it():
    outputs = " ".join(output_texts(NOTEBOOK))
    assert "<HistoryPanel: a live panel" in outputs and "Traceback" not in outputs
    state = json.loads(EDITION.read_text(encoding="utf-8"))["metadata"]["widgets"]
    assert "Проверить вставленный текст" in json.dumps(state, ensure_ascii=False)     # drawn in notebooks/ru/
    assert markdown(EDITION).startswith("# 14 · Настоящие раздачи")
