"""The course's table of contents, read from the notebooks folder itself so that it cannot go stale.

Each notebook ``NN-name.ipynb`` opens with its title as a heading (``# 2 · Three rankings, one evaluator``);
its Russian edition, ``ru/NN-name.ipynb``, with the Russian title. The clauses a notebook teaches are the ones
its prose links to (``[T1](rules.ipynb#cell-id=T1)``). The list is the same whichever edition asks for it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from lowball.widgets.language import LANGS

TITLE = re.compile(r"^#\s+(?:\d+\s*·\s*)?(.+)$", re.M)
LINKED = re.compile(r"\]\(rules\.ipynb#cell-id=([A-Z]\d{1,2})\)")


@dataclass(frozen=True)
class Entry:
    """One notebook of the course: its number, its titles, and the clauses its prose links to."""

    number: int
    name: str
    title: str
    title_ru: str | None
    clauses: tuple[str, ...]

    def line(self) -> str:
        """Return the entry as one line of the table of contents."""
        russian = f" / {self.title_ru}" if self.title_ru else ""
        cited = f"  ({' '.join(self.clauses)})" if self.clauses else ""
        return f"{self.number:>2} · {self.title}{russian}{cited}"


def _markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _title(text: str) -> str:
    match = TITLE.search(text)
    return match.group(1).strip() if match else ""


def _clause_order(clause: str) -> tuple[str, int]:
    return clause[0], int(clause[1:])


def english_folder(folder: Path | str | None = None) -> Path:
    """Return the folder of the English notebooks, from it or from an edition's folder inside it (``ru/``)."""
    here = Path(folder) if folder is not None else Path.cwd()
    return here.parent if here.name in LANGS and here.name != "en" else here


def contents(folder: Path | str | None = None) -> list[Entry]:
    """Return the course's notebooks in order, each with its titles and the clauses it links to."""
    english = english_folder(folder)
    entries = []
    for path in sorted(english.glob("[0-9][0-9]-*.ipynb")):
        text = _markdown(path)
        russian = english / "ru" / path.name
        clauses = sorted({c.upper() for c in LINKED.findall(text)}, key=_clause_order)
        entries.append(Entry(number=int(path.name[:2]), name=path.name, title=_title(text),
                             title_ru=_title(_markdown(russian)) if russian.is_file() else None,
                             clauses=tuple(clauses)))
    return entries
