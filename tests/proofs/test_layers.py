"""The package's layers import only downwards (docs/reference/api.md: layers), checked on every import of every module.

cards and tables -> ranking -> engine -> text, analysis -> verify, phh -> histories -> solve, openspiel -> play -> cli,
widgets.
Modules of one layer do not import each other's layer-mates across packages of the same rank either
(text and analysis are independent; so are verify and phh; so are cli and widgets). An import inside a
function counts too: a lazy import is still a dependency. Only ``lowball/__init__.py``, the public
facade, gathers names from every layer.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "spec" / "lowball"

# Lowest first. Packages in one tuple share a rank and may not import each other.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors",),
    ("core",),
    ("ranking",),
    ("engine",),
    ("text", "analysis"),
    ("verify", "phh"),
    ("histories",),
    ("solve", "openspiel"),
    ("play",),
    ("cli", "widgets"),
)
RANK = {package: rank for rank, group in enumerate(LAYERS) for package in group}


def package_of(module: str) -> str | None:
    """Return the top-level subpackage of a ``lowball.*`` module name (None for the facade itself)."""
    parts = module.split(".")
    if parts[0] != "lowball" or len(parts) < 2:
        return None
    return parts[1]


def imports_of(path: Path) -> list[tuple[int, str]]:
    """Return (line, module) for every ``lowball`` import in a file, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if alias.name.startswith("lowball")]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("lowball") and not node.level:
            found.append((node.lineno, node.module))
            if node.module == "lowball":
                found += [(node.lineno, f"lowball.{alias.name}") for alias in node.names]
    return found


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if p != PACKAGE / "__init__.py")


def test_every_module_belongs_to_a_layer():
    packages = {p.relative_to(PACKAGE).parts[0].removesuffix(".py") for p in MODULES}
    assert packages <= set(RANK), f"modules outside every layer: {sorted(packages - set(RANK))}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_imports_go_only_downwards(path):
    here = path.relative_to(PACKAGE).parts[0].removesuffix(".py")
    for line, module in imports_of(path):
        there = package_of(module)
        if there is None or there == here or there not in RANK:
            if there is None:
                pytest.fail(f"{path.name}:{line} imports the facade `lowball`: import the layer's module instead")
            continue
        assert RANK[there] < RANK[here], (
            f"{path.relative_to(PACKAGE)}:{line} imports {module}: {here} (layer {RANK[here]}) may not import "
            f"{there} (layer {RANK[there]})")


def test_the_check_catches_an_upward_import(tmp_path):
    """The checker itself can fail: an engine module that imports the text layer is caught."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from lowball.text.narration import narrate\n")
    (line, module), = imports_of(bad)
    assert (line, package_of(module)) == (2, "text") and RANK["text"] > RANK["engine"]


# ---- the rules apart from the machinery (engine/rules/) ----

RULES = PACKAGE / "engine" / "rules"
# The two verify modules that play the engine on purpose: ``link`` checks that what the engine does is what the
# proofs read (property 6), ``witness`` replays a counterexample as a hand to tell its story.
PLAYS_THE_ENGINE = {"link.py", "witness.py"}


def engine_imports(path: Path) -> list[tuple[int, str]]:
    """Return (line, module) for every import of the engine's own modules (``lowball.engine...``) in a file."""
    return [(line, module) for line, module in imports_of(path)
            if module == "lowball.engine" or module.startswith("lowball.engine.")]


def outside_the_rules(path: Path) -> list[str]:
    """Return the imports of the engine's machinery in a file: each engine module named that is not a rule."""
    return [f"{path.name}:{line} imports {module}" for line, module in engine_imports(path)
            if module != "lowball.engine.rules" and not module.startswith("lowball.engine.rules.")]


@pytest.mark.parametrize("path", sorted(RULES.glob("*.py")), ids=lambda p: p.name)
def test_the_rules_import_no_machinery_of_the_engine(path):
    """The rule modules are pure: no hand, no dealer, no narration; only core, ranking and each other."""
    assert outside_the_rules(path) == []


@pytest.mark.parametrize("path", sorted((PACKAGE / "verify").rglob("*.py")), ids=lambda p: p.name)
def test_the_proofs_read_only_the_rules_of_the_engine(path):
    """What ``lowball verify`` proves things about is the text in engine/rules/, not the machinery that plays it."""
    if path.name in PLAYS_THE_ENGINE:
        pytest.skip("plays the engine on purpose, to compare it with the proofs or to tell a counterexample")
    assert outside_the_rules(path) == []


def test_the_rules_check_catches_a_proof_that_reads_the_hand(tmp_path):
    """The check itself can fail: a proof that imports the hand, lazily, is caught; one that reads a rule is not."""
    bad = tmp_path / "bad.py"
    bad.write_text("from lowball.engine.rules import pots\ndef f():\n    from lowball.engine.state import Hand\n")
    assert outside_the_rules(bad) == ["bad.py:3 imports lowball.engine.state"]
