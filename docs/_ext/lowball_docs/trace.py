"""Follow a clause id from the rules to the code, the tests and the notebooks that cite it.

A citation is the id as a whole word (``T5``, ``(S2)``) or inside a range (``H1-H4``). For Python
files the citation is attributed to the innermost function or class around it, so a page can say
"implemented in ``lowball.engine.state.Hand._bet``, tested by ``test_game_illegal.py::test_fifth_raise``".
"""

from __future__ import annotations

import ast
import functools
import json
from dataclasses import dataclass
from pathlib import Path

from lowball_docs.excerpts import cited_ranges, cites
from tests.support.clauses import suite_files    # the test files the traceability test counts as evidence


@dataclass(frozen=True)
class Citation:
    """Where a clause is cited: a file (relative to the repository) and the object around the citation."""

    path: str
    obj: str            # "lowball.engine.state.Hand._bet", "tests/test_x.py::test_y", or "" for module level
    line: int


def _scopes(tree: ast.AST, prefix: str) -> list[tuple[int, int, str]]:
    """Return (first line, last line, qualified name) of every function and class, decorators included."""
    found = []

    def walk(node: ast.AST, names: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                qual = names + [child.name]
                found.append((first, child.end_lineno or child.lineno, prefix + ".".join(qual)))
                walk(child, qual)
            else:
                walk(child, names)

    walk(tree, [])
    return found


@functools.cache
def _python_citations(path: Path, root: Path, module: str | None) -> tuple[tuple[int, str, str], ...]:
    """Return (line, object, text) for every line of a Python file, with the innermost object around it."""
    text = path.read_text(encoding="utf-8")
    prefix = f"{module}." if module else f"{path.relative_to(root).as_posix()}::"
    scopes = _scopes(ast.parse(text), prefix)
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        inner = [s for s in scopes if s[0] <= number <= s[1]]
        name = min(inner, key=lambda s: s[1] - s[0])[2] if inner else (module or "")
        out.append((number, name, line))
    return tuple(out)


@functools.cache
def _cited_ranges(path: Path, root: Path, module: str | None) -> dict[str, tuple[tuple[int, int, int, str], ...]]:
    """Return, by a clause's letter, (lowest, highest, line, object) of every id or range a Python file cites, in
    line order: what ``cites`` finds in each line, read once per file instead of once per clause and line (7.7
    million calls, 23 s of every build)."""
    found: dict[str, list[tuple[int, int, int, str]]] = {}
    for number, obj, line in _python_citations(path, root, module):
        for letter, low, high in cited_ranges(line):
            found.setdefault(letter, []).append((low, high, number, obj))
    return {letter: tuple(ranges) for letter, ranges in found.items()}


def python_citations(clause: str, files: list[Path], root: Path, package_root: Path | None = None) -> list[Citation]:
    """Return the objects of ``files`` that cite ``clause`` (as ``cites`` reads a line), each once, in file order."""
    letter, wanted = clause[0], int(clause[1:])
    seen: dict[tuple[str, str], Citation] = {}
    for path in files:
        module = None
        if package_root is not None:
            parts = path.relative_to(package_root.parent).with_suffix("").parts
            module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for low, high, number, obj in _cited_ranges(path, root, module).get(letter, ()):
            if low <= wanted <= high:
                key = (path.as_posix(), obj)
                seen.setdefault(key, Citation(path.relative_to(root).as_posix(), obj, number))
    return list(seen.values())


@functools.cache
def _words(path: Path) -> str:
    """Return the text of a TOML table, or of a notebook's cells (read once a build)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        cells = json.loads(text).get("cells", [])
        text = "\n".join("".join(cell.get("source", [])) for cell in cells)
    return text


def text_citations(clause: str, files: list[Path], root: Path) -> list[Citation]:
    """Return the files among ``files`` (TOML tables, notebooks) that cite ``clause``."""
    return [Citation(path.relative_to(root).as_posix(), "", 0) for path in files if cites(_words(path), clause)]


@dataclass(frozen=True)
class Sources:
    """The files a clause can be cited in."""

    root: Path

    @property
    def package(self) -> Path:
        return self.root / "spec" / "lowball"

    def code(self) -> list[Path]:
        return sorted(self.package.rglob("*.py"))

    def tables(self) -> list[Path]:
        """Return the rules tables: the rankings, the worked cases and every game of ``rules/games/``."""
        return sorted((self.package / "rules").rglob("*.toml"))

    def tests(self) -> list[Path]:
        """Return the test files a citation there is evidence in: the traceability test's own list (the files
        that list every id by construction left out)."""
        return [path for path in suite_files() if path.is_relative_to(self.root)]

    def notebooks(self) -> list[Path]:
        # The course's notebooks (NN-name.ipynb): the rules notebook quotes every clause, and teaches none.
        return sorted((self.root / "notebooks").glob("[0-9][0-9]-*.ipynb"))

    def trace(self, clause: str) -> dict[str, list[Citation]]:
        """Return the citations of ``clause`` in the tables, the code, the tests and the notebooks."""
        return {
            "tables": text_citations(clause, self.tables(), self.root),
            "code": python_citations(clause, self.code(), self.root, self.package),
            "tests": python_citations(clause, self.tests(), self.root),
            "notebooks": text_citations(clause, self.notebooks(), self.root),
        }
