"""Notebook 14's panel: a hand of a room's history, pasted or uploaded, judged by the rules and told line by line.

A thin shell over ``lowball.histories`` (O1-O5): the text or the file goes to ``import_stream`` as it is (bytes in
any encoding the rooms write: UTF-8, UTF-16), each hand's judgement to ``walk``, and the panel shows the result as
a two-column table, what the room printed beside what the rules did with it, in English or Russian. Input that is
no hand history gets one line saying so in the page's language, never a traceback.

>>> text = open("tests/data/histories/pokerstars/single-draw.txt", encoding="utf-8").read()
>>> judged = judge_bytes(text.encode(), "pasted")
>>> [verdict(j) for j in judged.hands]
['PokerStars #900000000201, deuce-to-seven single draw (no-limit), PokerStars rules: verified']
>>> row = next(r for r in rows(judged.hands[0]) if r.room == "Hero: raises $1 to $1.50")
>>> row.number, row.rules
(11, ('Hero raises to 1.50 (G4)',))
>>> judge_bytes(b"hello", "pasted").problem.endswith("(its first line: 'hello')")
True
"""

from __future__ import annotations

import html
import io
import re
from dataclasses import dataclass, field

import ipywidgets as w

from lowball.errors import LowballError
from lowball.histories.importer import FileProblem, import_stream
from lowball.histories.judge import Judgement, Status
from lowball.histories.sites import READERS
from lowball.histories.walk import walk
from lowball.text.plural import counted
from lowball.widgets.html import message, static_note
from lowball.widgets.language import language_switch
from lowball.widgets.panel import Panel

# The most hands the panel judges of one paste or upload: a year's file is ``lowball import``'s work, not a page's.
MOST_HANDS = 200

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "about": "Paste one or more hands of your own history ({rooms}: as the room wrote them), or upload a "
                 "history file, and press the button: every hand is replayed by the rules of its game and told "
                 "line by line.",
        "paste": "PokerStars Hand #…  (paste hands here)", "judge": "Judge the pasted text",
        "upload": "Upload a history", "hand": "Hand",
        "line": "line", "room": "the room printed", "rules": "what the rules did with it",
        "dealer": "(the dealer)", "end": "(the verdict)",
        "empty": "Nothing to judge: paste a hand history into the box, or upload a file.",
        "more": "Only the first {most} hands are judged here; `lowball import` judges whole files.",
        "pasted": "the pasted text", "failed": "the history could not be judged: {error}",
        "hands": "hand|hands", "verified": "verified|verified", "disagrees": "disagrees|disagree",
        "refused": "refused|refused",
    },
    "ru": {
        "about": "Вставьте одну или несколько раздач из своей истории ({rooms} — как их записал рум) или "
                 "загрузите файл истории и нажмите кнопку: каждая раздача будет разыграна заново по правилам своей "
                 "игры и разобрана строка за строкой.",
        "paste": "PokerStars Hand #…  (вставьте раздачи сюда)", "judge": "Проверить вставленный текст",
        "upload": "Загрузить историю", "hand": "Раздача",
        "line": "строка", "room": "что записал рум", "rules": "что с этим сделали правила",
        "dealer": "(дилер)", "end": "(итог)",
        "empty": "Проверять нечего: вставьте историю раздач в поле или загрузите файл.",
        "more": "Здесь проверяются только первые {most} раздач; целые файлы проверяет `lowball import`.",
        "pasted": "вставленный текст", "failed": "историю не удалось проверить: {error}",
        "hands": "раздача|раздачи|раздач", "verified": "проверена|проверены|проверено",
        "disagrees": "расходится с правилами|расходятся с правилами|расходятся с правилами",
        "refused": "отклонена|отклонены|отклонено",
    },
}

# Why a paste or a file cannot be read at all (``FileProblem``), said again in Russian: its English wording,
# matched after the name of what was read.
PROBLEMS_RU = (
    (r"not a hand history of (.+) \(its first line: (.*)\)", "это не история раздач {0} (первая строка: {1})"),
    (r"not a hand history of (.+) \(it is empty\)", "это не история раздач {0}: текст пуст"),
    (r"binary data \(a NUL (?:byte at byte|character near line) ([\d,]+)\), not the text of a hand history",
     "это двоичные данные, а не текст истории раздач (нулевой байт у позиции {0})"),
    (r"line ([\d,]+) is longer than ([\d,]+) characters: not a hand history",
     "строка {0} длиннее {1} символов: это не история раздач"),
    (r"line (\d+): not a (.+) hand header: (.*)", "строка {0}: это не заголовок раздачи {1}: {2}"),
)


def say(lang: str, key: str, **fields: object) -> str:
    """Return the panel's word ``key`` in ``lang``, with its fields filled in."""
    return WORDS[lang][key].format(**fields)


def count(n: int, key: str, lang: str) -> str:
    """Return a count with its word, agreeing with the number: '2 hands', '2 раздачи', '5 раздач'."""
    return f"{n} {counted(n, tuple(WORDS[lang][key].split('|')), lang)}"


def status_word(status: Status, lang: str = "en") -> str:
    """Return how a hand's judgement ended, in a word: 'verified', 'расходится с правилами'."""
    return WORDS[lang][status.value].split("|")[0]


# ---- reading ----

@dataclass(frozen=True)
class Judged:
    """What one paste or upload came to: its hands' judgements, why it could not be read on (or None), and
    whether it holds more hands than the panel judges."""

    hands: list[Judgement] = field(default_factory=list)
    problem: str | None = None
    more: bool = False


def judge_bytes(data: bytes, name: str, most: int = MOST_HANDS) -> Judged:
    """Return the judgements of the hands a history's bytes hold (``import_stream``), at most ``most`` of them.

    >>> judge_bytes(b"", "x.txt").problem.endswith("(it is empty)")
    True
    """
    hands: list[Judgement] = []
    for item in import_stream(io.BytesIO(data), name):
        if isinstance(item, FileProblem):
            return Judged(hands, item.message)
        if len(hands) == most:
            return Judged(hands, None, more=True)
        hands.append(item)
    return Judged(hands)


def problem_text(problem: str, name: str, lang: str = "en") -> str:
    """Return why a paste or a file cannot be read, in one line in ``lang`` (``FileProblem.message``, which
    begins with the name of what was read).

    >>> problem_text("pasted: not a hand history of PokerStars (its first line: 'hi')", "pasted", "ru")
    "это не история раздач PokerStars (первая строка: 'hi')"
    """
    text = problem[len(name) + 2:] if problem.startswith(f"{name}: ") else problem
    if lang == "en":
        return text
    for pattern, russian in PROBLEMS_RU:
        found = re.fullmatch(pattern, text)
        if found:
            return russian.format(*found.groups())
    return say("ru", "failed", error=text)


# ---- one hand, line by line ----

@dataclass(frozen=True)
class Row:
    """One row of a hand's table: a line of the room's history (``number`` and ``room``), the dealer's steps between
    lines (``kind`` "dealer", no line), or the verdict at the end (``kind`` "end"; "finding" where the hand disagrees
    with the rules, "refused" where it cannot be judged); ``rules``: what the rules did, in the language asked."""

    number: int | None
    room: str
    rules: tuple[str, ...]
    kind: str = "line"


def rows(judgement: Judgement, lang: str = "en") -> list[Row]:
    """Return a judged hand as rows: each line the room printed beside what the rules did with it (``walk``), then
    the verdict; a finding at a line the replay never reached (a refused action) stands beside that line."""
    steps = walk(judgement, lang)
    found: list[Row] = []
    for index, step in enumerate(steps):
        last = index == len(steps) - 1 and step.number == 0
        if step.number:
            found.append(Row(step.number, step.text, tuple(step.rules)))
        elif last and judgement.status is not Status.VERIFIED:
            line = judgement.finding.line if judgement.finding is not None else None
            shown = {row.number for row in found}
            text = _line_text(judgement, line) if line is not None and line not in shown else ""
            kind = "finding" if judgement.status is Status.DISAGREES else "refused"
            found.append(Row(line if text else None, text, tuple(step.rules), kind))
        elif last:
            found.append(Row(None, "", tuple(step.rules), "end"))
        elif step.rules:
            found.append(Row(None, "", tuple(step.rules), "dealer"))
    return found


def _line_text(judgement: Judgement, number: int) -> str:
    """Return the text of line ``number`` of a hand's history, as the room printed it ('' if the hand lacks it)."""
    site = judgement.site_hand
    for event in site.events:
        if event.line == number:
            return event.text
    return next((text for line, text in site.unread if line == number), "")


def verdict(judgement: Judgement, lang: str = "en") -> str:
    """Return a hand's verdict in one line: the room, the hand's number, the game and how its judgement ended."""
    site = judgement.site_hand
    game = judgement.table.title(lang) if judgement.table is not None else site.game
    return f"{site.site} #{site.number}, {game}: {status_word(judgement.status, lang)}"


def summary(judged: Judged, lang: str = "en") -> str:
    """Return how many hands were judged and how each ended: '2 hands: 1 verified, 1 disagrees'."""
    counts = {status: sum(j.status is status for j in judged.hands) for status in Status}
    ends = ", ".join(count(n, status.value, lang) for status, n in counts.items() if n)
    return f"{count(len(judged.hands), 'hands', lang)}: {ends}" if judged.hands else ""


class WalkTable:
    """A judged hand as a two-column table, the room's lines beside the rules: HTML in a notebook, text otherwise.

    >>> text = open("tests/data/histories/pokerstars/single-draw.txt", encoding="utf-8").read()
    >>> print(*repr(WalkTable(judge_bytes(text.encode(), "x").hands[0])).splitlines()[:3], sep="\\n")
     line  the room printed                              what the rules did with it
    -------------------------------------------------------------------------------
        7  Lena: posts small blind $0.25                 Lena posts the small blind of 0.25 (K3)
    """

    ROOM_WIDTH = 44

    def __init__(self, judgement: Judgement, lang: str = "en", start: int = 0, stop: int | None = None):
        self.judgement, self.lang = judgement, lang
        self.rows = rows(judgement, lang)[start:stop]

    def _room(self, row: Row) -> str:
        return row.room if row.number else say(self.lang, "dealer" if row.kind == "dealer" else "end")

    def __repr__(self) -> str:
        width = self.ROOM_WIDTH
        head = f"{say(self.lang, 'line'):>5}  {say(self.lang, 'room'):<{width}}  {say(self.lang, 'rules')}"
        lines = [head, "-" * len(head)]
        for row in self.rows:
            number = str(row.number) if row.number else ""
            room = self._room(row)
            rules = list(row.rules) or [""]
            lines.append(f"{number:>5}  {room:<{width}}  {rules[0]}".rstrip())
            lines += [f"{'':>5}  {'':<{width}}  {rule}" for rule in rules[1:]]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return table_html(self.rows, self.lang)


# A notebook's output area right-aligns table cells (JupyterLab's rendered HTML): say left where it is meant.
LEFT = "padding:2px 8px;vertical-align:top;text-align:left"


def table_html(found: list[Row], lang: str = "en") -> str:
    """Return a hand's rows as an HTML table: the line's number, what the room printed, what the rules did."""
    head = "".join(f"<th style='text-align:left;padding:2px 8px'>{html.escape(say(lang, key))}</th>"
                   for key in ("line", "room", "rules"))
    body = []
    for row in found:
        style = {"dealer": "color:#555", "end": "background:#e8f5e9", "finding": "background:#fde2e1",
                 "refused": "background:#fff3cd"}.get(row.kind, "")
        room = (f"<code class='lowball-room-line' style='white-space:nowrap'>{html.escape(row.room)}</code>"
                if row.number else
                f"<i>{html.escape(say(lang, 'dealer' if row.kind == 'dealer' else 'end'))}</i>")
        rules = "<br>".join(html.escape(rule) for rule in row.rules)
        body.append(f"<tr class='lowball-row lowball-{row.kind}' style='{style}'>"
                    f"<td style='padding:2px 8px;text-align:right;vertical-align:top'>{row.number or ''}</td>"
                    f"<td style='{LEFT}'>{room}</td><td class='lowball-rules-said' style='{LEFT}'>{rules}</td></tr>")
    return f"<table class='lowball-table lowball-walk'><tr>{head}</tr>{''.join(body)}</table>"


# ---- the panel ----

class HistoryPanel(Panel):
    """Paste hands of a room's history, or upload a file: each hand judged by the rules and told line by line."""

    def __init__(self, text: str = ""):
        self.lang = language_switch()
        self.note = w.HTML()
        self.about = w.HTML()
        self.paste = w.Textarea(value=text, layout=w.Layout(width="100%", height="180px"))
        self.paste.add_class("lowball-history-paste")
        self.judge = w.Button(layout=w.Layout(width="auto"), button_style="primary")
        self.judge.add_class("lowball-history-judge")
        self.upload = w.FileUpload(accept=".txt,text/plain", multiple=False, layout=w.Layout(width="auto"))
        self.upload.add_class("lowball-history-upload")
        self.error = w.HTML()
        self.counts = w.HTML()
        self.counts.add_class("lowball-history-summary")
        self.hand = w.Dropdown(layout=w.Layout(width="auto", display="none"))
        self.hand.add_class("lowball-history-hand")
        self.verdict = w.HTML()
        self.verdict.add_class("lowball-history-verdict")
        self.table = w.HTML()
        self.table.add_class("lowball-history-table")
        self.judged = Judged()
        self.source = ""                    # the name of what was judged: "pasted", or the file's name
        self.failure: str | None = None     # "empty", or why the judge failed, in its own words
        self._quiet = False
        self._labels()
        self.judge.on_click(lambda _: self.judge_paste())
        self.upload.observe(lambda _: self.judge_upload(), names="value")
        self.hand.observe(lambda _: self.show(), names="value")
        self.lang.observe(lambda _: (self._labels(), self.tell()), names="value")
        super().__init__([self.note, self.lang, self.about, self.paste, w.HBox([self.judge, self.upload]),
                          self.error, self.counts, self.hand, self.verdict, self.table])
        if text.strip():
            self.judge_paste()
        else:
            self.tell()

    def _labels(self) -> None:
        lang = self.lang.value
        self.note.value = static_note(lang)
        rooms = ", ".join(reader.SITE for reader in READERS.values())
        self.about.value = f"<p class='lowball-history-about'>{html.escape(say(lang, 'about', rooms=rooms))}</p>"
        self.paste.placeholder = say(lang, "paste")
        self.judge.description = say(lang, "judge")
        self.upload.description = say(lang, "upload")
        self.hand.description = say(lang, "hand")

    def judge_paste(self) -> None:
        """Judge the text in the box (written as UTF-8, as a file of the room's would be)."""
        self.read(self.paste.value.encode("utf-8"), "pasted")

    def judge_upload(self) -> None:
        """Judge the file just uploaded, its bytes as the room wrote them (UTF-8 or UTF-16)."""
        if not self.upload.value:
            return
        upload = self.upload.value[0]
        self.read(bytes(upload["content"]), str(upload["name"]))

    def read(self, data: bytes, name: str) -> None:
        """Judge a history's bytes and show the result; whatever goes wrong is one line, never a traceback."""
        self.source, self.failure = name, None
        if not data.strip(b"\x00\t\r\n \xef\xbb\xbf\xff\xfe"):
            self.judged, self.failure = Judged(), "empty"
        else:
            try:
                self.judged = judge_bytes(data, name, MOST_HANDS)
            except (LowballError, ValueError, RecursionError) as err:     # the judge's own bugs, said in one line
                self.judged, self.failure = Judged(), f"{type(err).__name__}: {err}"
        self._offer(0 if self.judged.hands else None)
        self.tell()

    def _offer(self, chosen: int | None) -> None:
        """List the hands judged in the chooser (shown only when there are several), and choose one quietly."""
        lang = self.lang.value
        self._quiet = True
        try:
            self.hand.options = [(f"{i + 1}. #{j.site_hand.number}: {status_word(j.status, lang)}", i)
                                 for i, j in enumerate(self.judged.hands)]
            self.hand.value = chosen
        finally:
            self._quiet = False
        self.hand.layout.display = "flex" if len(self.judged.hands) > 1 else "none"

    def tell(self) -> None:
        """Show what the paste or upload came to, in the panel's language: a line for a problem, the counts, the
        chosen hand."""
        lang = self.lang.value
        lines = []
        if self.failure == "empty":
            lines.append(say(lang, "empty"))
        elif self.failure is not None:
            lines.append(say(lang, "failed", error=self.failure))
        elif self.judged.problem is not None:
            lines.append(problem_text(self.judged.problem, self.source, lang))
        if self.judged.more:
            lines.append(say(lang, "more", most=MOST_HANDS))
        self.error.value = "<br>".join(message(line) for line in lines)
        where = say(lang, "pasted") if self.source == "pasted" else self.source
        self.counts.value = (f"<p>{html.escape(where)} · {html.escape(summary(self.judged, lang))}</p>"
                             if self.judged.hands else "")
        self._offer(self.hand.value)
        self.show()

    def show(self) -> None:
        """Show the chosen hand: its verdict and its table."""
        if self._quiet:
            return
        lang = self.lang.value
        index = self.hand.value
        if index is None or index >= len(self.judged.hands):
            self.verdict.value, self.table.value = "", ""
            return
        judgement = self.judged.hands[index]
        color = {"verified": "#1b5e20", "disagrees": "#b00020"}.get(judgement.status.value, "#8a5a00")
        self.verdict.value = f"<p style='font-weight:bold;color:{color}'>{html.escape(verdict(judgement, lang))}</p>"
        self.table.value = table_html(rows(judgement, lang), lang)


__all__ = ["HistoryPanel", "Judged", "Row", "WalkTable", "judge_bytes", "problem_text", "rows", "status_word",
           "summary", "verdict"]
