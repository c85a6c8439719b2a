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

from tests.support.outside_data import LOCALISED, UPSTREAM_RULES, localised
from tests.support.clauses import CLAUSES, DIGEST, NOT_YET_IMPLEMENTED, ROOT, citing, code_files, doc_files, suite_files, text_of  # noqa: F401


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
