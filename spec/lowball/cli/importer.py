"""``lowball import``: rooms' hand histories judged hand by hand by the rules, told, counted and written as PHH.

A thin face over ``lowball.histories``: it streams the files' hands through ``import_files``, prints what each
hand came to (one JSON object a line with ``--json``), writes PHH where asked, and ends with a summary that counts
every outcome and every reason. Exit codes: 0 when every hand was verified or refused, 1 when any disagrees with
the rules, 2 when a file cannot be read at all or a hand's history is malformed (cut short, an unreadable line, sums
that do not add up): bad input, said in one line; the other files and hands are still judged and written.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

from lowball.core.files import write_atomically
from lowball.errors import LowballError
from lowball.histories.importer import FileProblem, import_files
from lowball.histories.judge import Judgement, Status
from lowball.histories.phh_out import phh_text
from lowball.histories.sites import site_names
from lowball.phh.history import phh_code, pokerkit_note
from lowball.text.narration import narrate
from lowball.text.plural import counted

EXAMPLES = """\
examples:
  lowball import HH20110626.txt                       # judge every hand; list those that are not verified
  lowball import --narrate --lang ru HH20110626.txt   # tell each hand, line by line, with its clauses
  lowball import --json history/*.txt > hands.jsonl   # one JSON object a hand, then the summary
  lowball import --phh-dir /tmp/hands HH20110626.txt  # also write each replayed hand as PHH
  lowball replay --narrate /tmp/hands/pokerstars-63845186378.phh

Rooms: PokerStars (cash, tournaments, home games, HORSE and 8-Game), Full Tilt Poker, Winamax, Kings Club; the room
is recognised from each file's first line (--site names it otherwise). Files in UTF-8 (with or without a
byte-order mark) or UTF-16. Exit: 0 every hand verified or refused, 1 a hand disagrees with the rules, 2 a file or a
hand that cannot be read.
"""

# The summary's words; a count's noun agrees with its number (``text.plural.counted``: one, many; Russian one,
# few, many).
WORDS = {
    "en": {"verified": ("verified", "verified"), "disagrees": ("disagrees", "disagree"),
           "refused": ("refused", "refused"), "hands": ("hand", "hands"), "files": ("file", "files"),
           "malformed": ("malformed", "malformed"), "summary": "summary", "unreadable": "cannot be read",
           "e.g.": "e.g.", "written": "PHH written", "file": "file"},
    "ru": {"verified": ("проверена", "проверены", "проверено"),
           "disagrees": ("расходится с правилами", "расходятся с правилами", "расходятся с правилами"),
           "refused": ("отклонена", "отклонены", "отклонено"), "hands": ("раздача", "раздачи", "раздач"),
           "files": ("файл", "файла", "файлов"), "malformed": ("испорчена", "испорчены", "испорчено"),
           "summary": "итог", "unreadable": "не читается", "e.g.": "например", "written": "записано в PHH",
           "file": "файл"},
}
# The status a single hand is told with ("verified", "проверена").
STATUS_WORD = {lang: {key: forms[0] for key, forms in words.items() if isinstance(forms, tuple)}
               for lang, words in WORDS.items()}


def _count(n: int, key: str, lang: str) -> str:
    """Return a count with its word: '3 hands', '3 раздачи', '12 disagree'."""
    return f"{n} {counted(n, WORDS[lang][key], lang)}"


def add_import_command(commands: Any) -> None:
    """Add ``lowball import`` to the command line."""
    cmd = commands.add_parser(
        "import", help="judge real hand histories of online rooms by the rules, and write them as PHH",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EXAMPLES,
        description="Read the hand histories of PokerStars, Full Tilt Poker, Winamax and Kings Club, replay every "
                    "hand through the rules of its game at the stakes, seats, stacks and forced bets it states, "
                    "and say of each: verified (every action legal, every pot and amount paid as the rules pay "
                    "after the rake, every shown hand named as the rules read it), disagrees (the line, what the "
                    "rules say and what the room did, with the clause), or refused (why it cannot be judged). "
                    "Unknown cards stay unknown; money is exact.")
    cmd.add_argument("files", nargs="+", metavar="FILE", help="history files, as the room wrote them")
    cmd.add_argument("--site", default=None, metavar="NAME",
                     help=f"the room that wrote the files, where the first line does not say it ({', '.join(site_names())})")
    cmd.add_argument("--phh-dir", default=None, metavar="DIR",
                     help="write each hand the rules replayed to its end as DIR/ROOM-HAND.phh (the folder is made)")
    cmd.add_argument("--narrate", action="store_true", help="tell each hand line by line, with its clause ids")
    cmd.add_argument("--list", action="store_true", help="print a line for every hand, the verified ones too")
    cmd.add_argument("--lang", choices=("en", "ru"), default="en", help="language of the findings and the story (default: %(default)s)")
    cmd.add_argument("--json", action="store_true",
                     help="one JSON object a hand a line, then {\"summary\": ...}")
    cmd.set_defaults(run=cmd_import)


def cmd_import(args: argparse.Namespace) -> int:
    """Judge every hand of the files; print, write and count; return the exit code."""
    folder = _phh_folder(args.phh_dir)
    summary = Summary()
    progress = _progress(args)
    codes: set[str] = set()                  # the variant codes of the histories written
    try:
        for item in import_files(args.files, args.site):
            if isinstance(item, FileProblem):
                summary.unreadable.append(item)
                _tell_problem(item, args)
                continue
            written = _write_phh(item, folder) if folder is not None else None
            if written is not None:
                codes.add(phh_code(item.hand.table, standard=True))
            summary.add(item, written)
            _tell_hand(item, written, args)
            progress.update()
    finally:
        progress.close()
    _tell_summary(summary, args)
    unread = pokerkit_note(codes)            # once, where pokerkit cannot read what was written
    if unread and sys.stderr is not None:
        try:                                 # a full or closed stderr (2>/dev/full) costs the note only
            print(json.dumps({"note": unread}) if args.json else f"lowball import: note: {unread}", file=sys.stderr)
        except OSError:
            pass
    if summary.unreadable or summary.malformed:
        return 2
    return 1 if summary.counts[Status.DISAGREES] else 0


# ---- the summary ----

class Summary:
    """Every outcome and every reason, counted, by room and game (nothing is silent)."""

    def __init__(self) -> None:
        self.counts: Counter[Status] = Counter()
        self.reasons: dict[Status, Counter[str]] = defaultdict(Counter)
        self.examples: dict[tuple[Status, str], str] = {}
        self.by_game: dict[tuple[str, str], Counter[Status]] = defaultdict(Counter)
        self.files: set[str] = set()
        self.unreadable: list[FileProblem] = []
        self.written = 0
        self.malformed = 0

    def add(self, judgement: Judgement, written: Path | None) -> None:
        site = judgement.site_hand
        self.counts[judgement.status] += 1
        self.files.add(site.file)
        self.by_game[(site.site, _game(judgement))][judgement.status] += 1
        self.written += written is not None
        self.malformed += judgement.malformed
        if judgement.finding is not None:
            key = judgement.finding.key
            self.reasons[judgement.status][key] += 1
            self.examples.setdefault((judgement.status, key), f"{site.site} #{site.number}")

    def record(self) -> dict[str, Any]:
        """Return the summary as JSON writes it."""
        return {
            "hands": sum(self.counts.values()), "files": len(self.files | {p.file for p in self.unreadable}),
            **{status.value: self.counts[status] for status in Status},
            "malformed": self.malformed, "phh_written": self.written,
            "reasons": {status.value: dict(self.reasons[status].most_common()) for status in Status
                        if self.reasons[status]},
            "by_room": _nested(self.by_game),
            "unreadable": [{"file": p.file, "error": p.message} for p in self.unreadable],
        }


def _nested(by_game: dict[tuple[str, str], Counter[Status]]) -> dict[str, dict[str, dict[str, int]]]:
    rooms: dict[str, dict[str, dict[str, int]]] = defaultdict(dict)
    for (room, game), counts in sorted(by_game.items()):
        rooms[room][game] = {status.value: counts[status] for status in Status if counts[status]}
    return dict(rooms)


def _game(judgement: Judgement) -> str:
    return judgement.table.name if judgement.table is not None else judgement.site_hand.game


# ---- what is printed ----

def _money(value: Decimal | None) -> str | None:
    return None if value is None else format(value, "f")


def hand_record(judgement: Judgement, written: Path | None, lang: str = "en") -> dict[str, Any]:
    """Return one hand as ``--json`` prints it."""
    site = judgement.site_hand
    collected = {name: _money(judgement.collected.get(name, Decimal(0))) for name in judgement.names}
    return {"file": site.file, "line": site.line, "site": site.site, "hand": site.number,
            "game": judgement.table.name if judgement.table is not None else None,
            "status": judgement.status.value, "reason": judgement.reason(lang),
            "clause": judgement.finding.clause if judgement.finding is not None else None,
            "players": list(judgement.names), "collected": collected, "rake": _money(judgement.rake),
            "pot": _money(judgement.pot), "phh": str(written) if written is not None else None}


def _tell_hand(judgement: Judgement, written: Path | None, args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps(hand_record(judgement, written, args.lang), ensure_ascii=False), flush=False)
        return
    site = judgement.site_hand
    if judgement.status is Status.VERIFIED and not (args.list or args.narrate):
        return
    where = f"{Path(site.file).name}:{site.line}"
    head = f"{site.site} #{site.number} ({where}) {_game(judgement)}: {STATUS_WORD[args.lang][judgement.status.value]}"
    reason = judgement.reason(args.lang)
    print(f"{head}: {reason}" if reason else head)
    if args.narrate and judgement.hand is not None:
        for line in narrate(judgement.hand, args.lang, unit=judgement.unit):
            print(f"  {line}")
        paid = judgement.paid_line(args.lang)
        if paid:
            print(f"  {paid}")


def _tell_problem(problem: FileProblem, args: argparse.Namespace) -> None:
    message = f"lowball import: error: {problem.message}"
    if args.json:
        print(json.dumps({"error": problem.message, "kind": "HistoryError", "file": problem.file},
                         ensure_ascii=False), file=sys.stderr)
    else:
        print(message, file=sys.stderr)


def _tell_summary(summary: Summary, args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps({"summary": summary.record()}, ensure_ascii=False))
        return
    lang = args.lang
    words = WORDS[lang]
    total = sum(summary.counts.values())
    counts = ", ".join(_count(summary.counts[s], s.value, lang) for s in Status)
    files = len(summary.files | {p.file for p in summary.unreadable})
    print(f"{words['summary']}: {_count(total, 'hands', lang)}, {_count(files, 'files', lang)}: {counts}"
          + (f"; {_count(summary.malformed, 'malformed', lang)}" if summary.malformed else "")
          + (f"; {words['written']}: {summary.written}" if summary.written else ""))
    for (room, game), counts_of in sorted(summary.by_game.items()):
        shown = ", ".join(_count(counts_of[s], s.value, lang) for s in Status if counts_of[s])
        print(f"  {room:<16} {game:<38} {shown}")
    for status in (Status.DISAGREES, Status.REFUSED):
        for key, count in summary.reasons[status].most_common():
            print(f"  {_count(count, status.value, lang)}: {key} ({words['e.g.']} {summary.examples[(status, key)]})")
    for problem in summary.unreadable:
        print(f"  {words['file']} {problem.file}: {words['unreadable']}")


# ---- PHH out ----

def _phh_folder(text: str | None) -> Path | None:
    """Return the folder PHH goes to, made if missing; refuse a path that is a file, before anything is read."""
    if text is None:
        return None
    if not text.strip():
        raise LowballError("--phh-dir needs a folder name")
    folder = Path(text)
    if folder.exists() and not folder.is_dir():
        raise LowballError(f"--phh-dir {text}: is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise LowballError(f"--phh-dir {text}: cannot make the folder: {err.strerror or err}") from None
    return folder


def _write_phh(judgement: Judgement, folder: Path) -> Path | None:
    """Write a hand's PHH as ROOM-HAND.phh (whole or not at all: a temporary file renamed), or return None."""
    text = phh_text(judgement)
    if text is None:
        return None
    site = judgement.site_hand
    room = "".join(ch for ch in site.site.lower() if ch.isalnum())
    number = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in site.number)
    path = folder / f"{room}-{number}.phh"
    try:
        write_atomically(path, text, durable=False)        # a hand a file: no fsync each (files.write_atomically)
    except OSError as err:
        raise LowballError(f"--phh-dir: cannot write {path}: {err.strerror or err}") from None
    return path


class _NoProgress:
    def update(self) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(args: argparse.Namespace) -> Any:
    """Return a progress bar on a terminal (hands judged), nothing otherwise."""
    if args.json or not sys.stderr.isatty():
        return _NoProgress()
    from lowball.core.progress import progress_bar

    return progress_bar(unit=" hands", desc="lowball import", file=sys.stderr)
