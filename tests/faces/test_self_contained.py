"""The repository stands on its own: no file cites a document or a folder that a clone of it does not have.

A user of the repository has the rules digest (``docs/rules-digest.md``), the rules notebook and the docs' rules
pages, which quote the five source documents (the seeds); not the workspace the project was written in. Only
``tests/support/outside_data.py`` knows where the optional outside test data lies.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXEMPT = {"tests/support/outside_data.py", "tests/faces/test_self_contained.py"}

# What a citation of the workspace looks like: its folder, its documents by name, a path built to it.
OUTSIDE = re.compile(r"\.\./shared|\b(?:DESIGN|RULES|STYLE|SOURCES|FORMATS)\.md\b|`seeds/`|\bseeds/0\d\d"
                     r"|[\"']shared[\"']\s*/")


def repository_files() -> list[str]:
    """Return the repository's text files: tracked, or new and not ignored."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split("\n")
    return sorted(name for name in set(listed) if name and (ROOT / name).is_file() and name not in EXEMPT
                  and not name.endswith((".lock", ".mo", ".png", ".npz", ".gz")))


def citations(name: str) -> list[str]:
    """Return each line of one file that names a place outside the repository, with its number."""
    try:
        text = (ROOT / name).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return []
    return [f"{name}:{n}: {line.strip()[:120]}" for n, line in enumerate(text.splitlines(), 1) if OUTSIDE.search(line)]


def test_the_pattern_finds_what_it_must():
    """The check can fail: each kind of outside citation is found, and the repository's own names are not."""
    for line in ("see ../shared/DESIGN.md", "cites `RULES.md` ids", "the authority in `seeds/`",
                 'ROOT.parent / "shared" / "histories"', "seeds/000-rules.md"):
        assert OUTSIDE.search(line), line
    for line in ("docs/rules-digest.md", "the seeds 000-004", "a shared card (L3)", "notebooks/rules.ipynb"):
        assert not OUTSIDE.search(line), line


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs the git checkout to list the repository's files")
def test_no_file_names_a_place_outside_the_repository():
    found = [hit for name in repository_files() for hit in citations(name)]
    assert not found, f"{len(found)} citation(s) of the workspace, first: {found[0]}"
