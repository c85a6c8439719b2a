"""The teaching notebooks as documents: what strict nbval (which re-runs them) cannot see by itself.

nbval checks that every stored output is what the cell prints today. These tests check what
the outputs and the prose must be: charts are images, never a figure's repr; every clause link
points at an anchor that exists on the docs site; every number the prose states is printed by a
cell; the quiz never prints its answers; and the essays stay essays.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from tests.support.notebooks import LEGACY_LINKS, LINK, NOT_A_CLAIM, NUMBER, RULES_LINK, cells, docs_anchors, markdown, output_texts  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
# The course: notebooks 00 to 08 (later notebooks, one per game, are checked by the first two tests only).
COURSE = [path for path in ALL if re.match(r"0[0-8]-", path.name)]
# The prose of notebooks 00-08 before the essays were written, in characters of markdown.
PROSE_BEFORE = 9_618

FIGURE_REPR = re.compile(r"<(?:matplotlib\.)?[Ff]igure(?: size [^>]*| object[^>]*)?>|<Figure size|"
                         r"<matplotlib\.[A-Za-z.]+ object at 0x")
CLAUSE = re.compile(r"\b[A-Z]\d{1,2}\b")


def ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_output_is_a_figure_repr(path):
    """A chart shown as '<Figure size 1300x360 with 3 Axes>' is invisible in Voilà, JupyterLab and the docs."""
    bad = [text[:120] for text in output_texts(path) if FIGURE_REPR.search(text)]
    assert not bad, f"{path.name}: a figure's repr instead of an image: {bad}"


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_charts_come_from_the_chart_module_as_images(path):
    """No cell draws with pyplot (whose figures show as reprs under Agg); charts are PNG outputs."""
    for cell in cells(path):
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            assert "pyplot" not in source and "plt." not in source, f"{path.name}: pyplot in a cell:\n{source}"


@pytest.mark.parametrize("name", ["05-draw-decisions", "08-numbers"])
def test_the_chart_notebooks_show_images(name):
    path = NOTEBOOKS / f"{name}.ipynb"
    images = [out for c in cells(path) for out in c.get("outputs", []) if "image/png" in out.get("data", {})]
    assert images, f"{name}: no chart image in the outputs"


def rules_anchors() -> set[str]:
    """Return the cells of the rules notebook a link may name, each with an anchor of its id (both editions)."""
    found = set()
    for notebook in (NOTEBOOKS / "rules.ipynb", NOTEBOOKS / "ru" / "rules.ipynb"):
        named = {c["id"] for c in cells(notebook) if f'<a id="{c["id"]}"></a>' in "".join(c["source"])}
        found = named if not found else found & named
    return found


def docs_labels() -> set[str]:
    """Return what a link to the rules notebook may name on the docs site: clause labels, properties, pages."""
    import sys

    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    from lowball_docs.rulebook import PAGES

    labels = {f"verify-property-{n}" for n in range(1, 10)} | set(PAGES)
    # A clause's cell is T1, its label t1, on a rules page.
    pages = [*(ROOT / "docs" / "rules").glob("*.md"), *(ROOT / "docs").glob("*.md")]
    for page in pages:
        labels |= {label.upper() for label in docs_anchors(page)}
    return labels


EDITIONS = sorted((NOTEBOOKS / "ru").glob("[0-9][0-9]-*.ipynb"))
LINKED = [path for path in ALL if path.stem != "rules" and path.stem not in LEGACY_LINKS] + EDITIONS


@pytest.mark.parametrize("path", LINKED, ids=[f"{p.parent.name}/{p.stem}" for p in LINKED])
def test_clause_links_open_the_rules_notebook_at_an_anchor_it_has(path):
    """Every clause link is ``rules.ipynb#cell-id=<cell>``, a cell of the rules notebook and a label of the docs site;
    no link goes to a docs page's source (JupyterLab shows it raw, Voilà has no such page)."""
    text = markdown(path)
    assert not LINK.findall(text) and "../docs/" not in text, f"{path.name}: a link to a docs page's source"
    links = RULES_LINK.findall(text)
    assert links, f"{path.name} links to no rule"
    missing = set(links) - rules_anchors()
    assert not missing, f"{path.name}: the rules notebook has no cell {sorted(missing)} with its anchor"
    assert not set(links) - docs_labels(), f"{path.name}: the docs site has no label {sorted(set(links) - docs_labels())}"


@pytest.mark.parametrize("path", [p for p in COURSE if p.stem in LEGACY_LINKS], ids=lambda p: p.stem)
def test_docs_links_point_at_pages_and_anchors_that_exist(path):
    """Links are ``../docs/<page>.md#<anchor>``: MyST turns them into links to the built HTML page and anchor."""
    links = LINK.findall(markdown(path))
    assert links, f"{path.name} links to no docs page"
    for target, anchor in links:
        page = (NOTEBOOKS / target).resolve()
        assert page.is_file(), f"{path.name}: {target} does not exist"
        if anchor:
            assert anchor == anchor.lower(), f"{path.name}: anchor #{anchor} must be lower case (Sphinx ids are)"
            assert anchor in docs_anchors(page), f"{path.name}: {target} has no anchor #{anchor}"


# "Z3" is a clause of the digest (badacey and badeucey have no qualifier) and the name of the prover the notebooks
# use; the prose means the prover unless it links the clause.
PROVER = {"Z3"}


@pytest.mark.parametrize("path", COURSE, ids=ids(COURSE))
def test_every_clause_the_prose_cites_is_linked_to_its_docs_page(path):
    text = markdown(path)
    anchored = set()
    for page in (ROOT / "docs" / "rules").glob("*.md"):
        anchored |= {a.upper() for a in docs_anchors(page)}
    cited = {c for c in CLAUSE.findall(re.sub(r"\]\([^)]*\)", "]", text)) if c in anchored} - PROVER
    linked = {anchor.upper() for _, anchor in LINK.findall(text) if anchor} | {a.upper() for a in RULES_LINK.findall(text)}
    assert cited <= linked, f"{path.name}: clauses cited but never linked: {sorted(cited - linked)}"


@pytest.mark.parametrize("path", COURSE, ids=ids(COURSE))
def test_every_number_the_prose_states_is_printed_by_a_cell(path):
    """The prose never types a number a cell does not compute (single digits aside: 'one draw', 'five cards')."""
    text = markdown(path)
    for pattern in NOT_A_CLAIM:
        text = re.sub(pattern, " ", text)
    printed = " ".join(output_texts(path))
    printed_plain = printed.replace(",", "")
    missing = sorted({n for n in NUMBER.findall(text)
                      if (len(n) > 1 and n not in printed and n.replace(",", "") not in printed_plain)})
    assert not missing, f"{path.name}: numbers in the prose that no cell prints: {missing}"


def test_the_quiz_page_never_prints_an_answer():
    outputs = " ".join(output_texts(NOTEBOOKS / "03-quiz.ipynb"))
    for tell in ("Right!", "Not quite", "hand A wins", "hand B wins", "they tie", "Best to worst", "Верно", "Не совсем"):
        assert tell not in outputs


def test_panels_print_one_line_not_their_widget_tree():
    for path in COURSE:
        for text in output_texts(path):
            assert "children=(" not in text, f"{path.name}: a widget's whole repr in an output: {text[:100]}"


def test_the_essays_are_three_times_the_old_prose():
    sizes = {path.stem: len(markdown(path)) for path in COURSE}
    assert len(sizes) == 9
    assert sum(sizes.values()) >= 3 * PROSE_BEFORE, sizes
    assert min(sizes.values()) >= 2_500, sizes


@pytest.mark.parametrize("path", COURSE, ids=ids(COURSE))
def test_every_section_has_a_russian_summary(path):
    """English essays, each section summarised in Russian ("Кратко"), the panels fully bilingual."""
    parts = re.split(r"^(#{1,2} .*)$", markdown(path), flags=re.M)
    missing = [head for head, body in zip(parts[1::2], parts[2::2]) if "**Кратко.**" not in body]
    assert not missing, f"{path.name}: sections without a Russian summary: {missing}"


SITE = ROOT / "docs" / "_build" / "html"


@pytest.mark.site
@pytest.mark.skipif(not (SITE / "notebooks").is_dir() and not os.environ.get("LOWBALL_DOCS_BUILT"),
                    reason="the docs site is not built (make docs)")
@pytest.mark.parametrize("path", COURSE, ids=ids(COURSE))
def test_on_the_docs_site_each_panel_says_it_is_static(path):
    """The docs show a notebook's outputs in ``div.cell_output``; each panel's note is made visible there only."""
    page = (SITE / "notebooks" / f"{path.stem}.html").read_text(encoding="utf-8")
    panels = sum("lowball-panel" in text for text in output_texts(path)) or "live panel" in " ".join(output_texts(path))
    if panels:
        assert "cell_output" in page and ".cell_output .lowball-static-note" in page, path.name
