"""Traceability: every clause id of the rules digest can be followed from the source to its proof.

The rules digest asks that each clause id be cited wherever the clause is implemented, tested, proved or
taught. These tests take the ids from the digest (``docs/rules-digest.md``: its upstream text with only the
changes of ``outside_data.LOCALISED``, checked below whenever the upstream is present) and require each one, as a
whole word, in

(a) the rules tables or the package: ``spec/lowball/rules/**/*.toml`` (the games are in
    ``rules/games/``) or ``spec/lowball/**/*.py``;
(b) the tests: ``tests/**/*.py`` (this file does not count: it names every id by construction);
(c) the docs sources: ``docs/**`` without ``docs/_build`` and without the digest copy itself.

A range such as ``H1-H4`` cites only its two ends. A clause is a digest bullet ``- **T1** ...`` or an
id in bold inside one (razz's R1-R4 share a bullet). Clauses that are not implemented are exempt
from (a) and (b), never from (c): the docs must say they are planned, and why.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from outside_data import LOCALISED, UPSTREAM_RULES, localised

ROOT = Path(__file__).resolve().parent.parent
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


@functools.cache
def suite_files() -> tuple[Path, ...]:
    return files(ROOT / "tests", "**/*.py", skip=lambda p: p.name == Path(__file__).name)


@functools.cache
def doc_files() -> tuple[Path, ...]:
    build = DOCS / "_build"
    return files(DOCS, "**/*", skip=lambda p: p.suffix not in DOC_SUFFIXES or p == DIGEST
                 or build in p.parents)


@functools.cache
def text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def citing(clause: str, paths: tuple[Path, ...]) -> list[str]:
    """Return the files among ``paths`` that cite ``clause`` as a whole word."""
    word = re.compile(rf"\b{re.escape(clause)}\b")
    return [p.relative_to(ROOT).as_posix() for p in paths if word.search(text_of(p))]


def test_the_digest_is_its_upstream_text_with_only_the_local_changes():
    if not UPSTREAM_RULES.is_file():
        pytest.skip(f"the upstream digest ({UPSTREAM_RULES}) is not here to compare with")
    assert DIGEST.read_text(encoding="utf-8") == localised(UPSTREAM_RULES.read_text(encoding="utf-8")), (
        f"{DIGEST.relative_to(ROOT)} has drifted from its upstream: write it again from the upstream with "
        f"outside_data.localised(), then cite any new clause")


def test_the_local_changes_of_the_digest_are_in_it():
    """Without the upstream, the digest still holds every local change and none of the workspace's paths."""
    text = DIGEST.read_text(encoding="utf-8")
    for old, new in LOCALISED:
        assert new in text and old not in text


def test_the_digest_has_clause_ids():
    assert len(CLAUSES) >= 20 and CLAUSES[0] == "T1"
    assert len(CLAUSES) == len(set(CLAUSES)), "a clause id appears twice in the digest"
    assert set(NOT_YET_IMPLEMENTED) <= set(CLAUSES), "NOT_YET_IMPLEMENTED names a clause the digest lacks"


@pytest.mark.parametrize("clause", CLAUSES)
def test_the_clause_is_cited_in_the_tables_or_the_code(clause):
    if clause in NOT_YET_IMPLEMENTED:
        pytest.skip(f"{clause} is not implemented yet: {NOT_YET_IMPLEMENTED[clause]}")
    assert citing(clause, code_files()), f"{clause} is cited in no rules table and no module of spec/lowball"


@pytest.mark.parametrize("clause", CLAUSES)
def test_the_clause_is_cited_in_the_tests(clause):
    if clause in NOT_YET_IMPLEMENTED:
        pytest.skip(f"{clause} is not implemented yet: {NOT_YET_IMPLEMENTED[clause]}")
    assert citing(clause, suite_files()), f"{clause} is cited in no test (tests/**/*.py)"


@pytest.mark.parametrize("clause", CLAUSES)
def test_the_clause_is_cited_in_the_docs(clause):
    assert citing(clause, doc_files()), f"{clause} is cited nowhere in docs/ (the digest copy does not count)"


@pytest.mark.parametrize("clause", CLAUSES)
def test_the_clause_has_an_anchor_in_the_docs(clause):
    anchors = [p for p in doc_files() if p.suffix == ".md" and re.search(rf"^\({clause}\)=$", text_of(p), re.M)]
    assert len(anchors) == 1, f"{clause} needs exactly one MyST anchor '({clause})=' in docs/, found {len(anchors)}"


@pytest.mark.parametrize("clause", sorted(NOT_YET_IMPLEMENTED))
def test_the_docs_say_an_unimplemented_clause_is_planned(clause):
    planned = re.compile(rf"```\{{lowball-trace\}} {clause}\n:planned: \S")
    assert any(planned.search(text_of(p)) for p in doc_files() if p.suffix == ".md"), (
        f"{clause} is not implemented: its lowball-trace in docs/ must say ':planned: ...'")


@pytest.mark.parametrize("clause", sorted(NOT_YET_IMPLEMENTED))
def test_the_allowlist_is_not_stale(clause):
    in_code, in_tests = citing(clause, code_files()), citing(clause, suite_files())
    assert not (in_code and in_tests), (
        f"{clause} is now cited in the code ({', '.join(in_code)}) and the tests ({', '.join(in_tests)}): "
        f"remove it from NOT_YET_IMPLEMENTED and from the ':planned:' note in the docs")
