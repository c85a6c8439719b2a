"""Helpers shared by tests, moved out of ``tests/proofs/test_traceability.py`` (issue 39)."""

from __future__ import annotations

import functools
import re
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
DIGEST = ROOT / "docs" / "rules-digest.md"
DOCS = ROOT / "docs"
DOC_SUFFIXES = {".md", ".rst", ".py", ".toml", ".txt"}

# Clauses the project does not implement, each with the reason. Their ids may not be cited in code
# and tests together without an implementation, so they are exempt from (a) and (b). Remove an entry
# as soon as the clause is implemented (the last test below insists).
NOT_YET_IMPLEMENTED = {
    "K10": "exposed cards (WSOP: replaced; RRP: a 7, 5, 4, 3 or 2 kept before the draw): the engine deals "
           "from a stub nobody sees, and a hand history has no action for an exposed card",
    "L9": "a stud hand of more than seven cards is dead: the engine deals exactly what each street says and "
          "refuses a history that deals more (L3), so no such hand exists to declare dead",
    "V6": "the big-blind ante cut short-handed (BARGE): no history or table here cuts it, and the TDA never does",
}


def clause_ids(text: str) -> list[str]:
    """Return the clause ids of the digest in order: each ``- **T1** ...`` item, and each id in bold inside one.

    >>> clause_ids("## A\\n- **T1** 2 to 5 players.\\n- **T2** Ante 1.\\n  more\\n- **R1** x; **R2** y\\n")
    ['T1', 'T2', 'R1', 'R2']
    """
    bullets = re.findall(r"^- (\*\*[A-Z]\d+\*\*.*?)(?=^- |^\s*$|^#|\Z)", text, flags=re.M | re.S)
    return [clause for bullet in bullets for clause in re.findall(r"\*\*([A-Z]\d+)\*\*", bullet)]


CLAUSES = clause_ids(DIGEST.read_text(encoding="utf-8"))


def files(base: Path, pattern: str, skip=lambda path: False) -> tuple[Path, ...]:
    return tuple(sorted(p for p in base.glob(pattern) if p.is_file() and not skip(p)))


@functools.cache
def code_files() -> tuple[Path, ...]:
    package = ROOT / "spec" / "lowball"
    return files(package / "rules", "**/*.toml") + files(package, "**/*.py")


# The test files that name every clause id by construction: no evidence that a clause is tested.
NOT_EVIDENCE = {"test_traceability.py", "clauses.py"}


@functools.cache
def suite_files() -> tuple[Path, ...]:
    return files(ROOT / "tests", "**/*.py", skip=lambda p: p.name in NOT_EVIDENCE)


@functools.cache
def doc_files() -> tuple[Path, ...]:
    build = DOCS / "_build"
    return files(DOCS, "**/*", skip=lambda p: p.suffix not in DOC_SUFFIXES or p == DIGEST
                 or build in p.parents)


@functools.cache
def text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8")


# A clause id as a whole word: what ``\bT1\b`` finds, read once per file (a search per clause and file took 40 s of
# each docs build and of the traceability test).
CLAUSE_WORD = re.compile(r"\b[A-Z]\d+\b")


@functools.cache
def ids_in(path: Path) -> frozenset[str]:
    """Return the words of ``path`` that have a clause id's shape (a capital, then digits)."""
    return frozenset(CLAUSE_WORD.findall(text_of(path)))


def citing(clause: str, paths: tuple[Path, ...]) -> list[str]:
    """Return the files among ``paths`` that cite ``clause`` as a whole word.

    >>> citing("T1", (ROOT / "docs" / "rules" / "teaching-table.md",))
    ['docs/rules/teaching-table.md']
    """
    return [p.relative_to(ROOT).as_posix() for p in paths if clause in ids_in(p)]


def clause_index() -> list[tuple[str, list[str], list[str], str]]:
    """Return, per clause of the digest in order: the test files citing it, the code citing it, and why it is planned.

    The traceability test asserts the same lists non-empty (``citing(clause, suite_files())``), so the page that
    prints this index (docs/checks/clauses.md) shows exactly what the test checks.
    """
    return [(clause, citing(clause, suite_files()), citing(clause, code_files()), NOT_YET_IMPLEMENTED.get(clause, ""))
            for clause in CLAUSES]


def clause_index_text() -> str:
    """Return the index as text: one clause a paragraph, each test file on a line of its own."""
    out = []
    for clause, tests, code, planned in clause_index():
        if planned:
            out.append(f"{clause}: planned ({planned})")
            continue
        out.append(f"{clause}: {len(tests)} test files, {len(code)} code files")
        out += [f"    {path}" for path in tests]
    return "\n".join(out)
