"""Helpers shared by tests, moved out of ``tests/faces/test_notebooks.py`` (issue 39)."""

from __future__ import annotations

import json
import re
from pathlib import Path


# The course's notebooks link each clause to the rules notebook beside them, [T1](rules.ipynb#cell-id=T1), which
# JupyterLab and Voilà both open at the clause (the docs site sends the link to the clause's page). Notebooks
# 05 and 09 are being rewritten elsewhere and still link to the docs pages themselves; `python
# scripts/editions.py links 05` converts them, and then they leave this list.
LEGACY_LINKS: set[str] = set()
RULES_LINK = re.compile(r"\]\(rules\.ipynb#cell-id=([A-Za-z0-9-]+)\)")


LINK = re.compile(r"\]\((\.\./docs/[^)#\s]+)(?:#([^)\s]+))?\)")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def markdown(path: Path) -> str:
    return "\n\n".join("".join(c["source"]) for c in cells(path) if c["cell_type"] == "markdown")


def output_texts(path: Path) -> list[str]:
    """Return every text an output of the notebook holds: streams and the text/* parts of displays."""
    found = []
    for cell in cells(path):
        for out in cell.get("outputs", []):
            if out["output_type"] == "stream":
                found.append("".join(out["text"]))
            for mime, data in out.get("data", {}).items():
                if mime.startswith("text/"):
                    found.append("".join(data) if isinstance(data, list) else data)
            if out["output_type"] == "error":
                found.append(f"{out['ename']}: {out['evalue']}")
    return found


def docs_anchors(page: Path) -> set[str]:
    """Return the anchors a docs page defines: its MyST targets ``(T1)=``, as Sphinx writes them (lower case)."""
    text = page.read_text(encoding="utf-8")
    anchors = {m.group(1).lower() for m in re.finditer(r"^\(([^)]+)\)=\s*$", text, re.M)}
    if "lowball-verify-report" in text:            # the report directive labels each property section
        anchors |= {f"verify-property-{n}" for n in range(1, 10)}
    return anchors


# What a number in the prose may be without being printed: a card or a hand (7-5-4-3-2, 10♥), a
# clause id, a seed's number, a notebook's or a property's number, a formula's parts in code.
NOT_A_CLAIM = [
    r"`[^`]*`", r"\]\([^)]*\)", r"\b(?:10|[2-9TJQKA])(?:-(?:10|[2-9TJQKA]))+\b", r"(?:10|[2-9TJQKA])[♣♦♥♠]",
    r"\b[A-Z]\d{1,2}\b", r"(?i)(?:\bseeds?|источник[а-я]*) \d{3}(?:-\d{3})?", r"\b(?:notebooks?|property|properties) \d+(?:, \d+)*(?: and \d+)?",
]
NUMBER = re.compile(r"\b\d{1,3}(?:,\d{3})+\b|\b\d+\b")
