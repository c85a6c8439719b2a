"""The Russian edition is kept in step with the English one, without running it (scripts/editions.py).

Each Russian notebook ``notebooks/ru/NN-name.ipynb`` has the English notebook's cells, ids and code, the same text
outputs and the same clause links in each prose cell, and Russian prose; its panels and charts were drawn in
Russian. The rules notebooks that every clause link opens are exactly what ``lowball_docs.rulebook`` makes from
today's digest and catalog. And the docs site, once built, has its Russian half.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import editions  # noqa: E402
from lowball.widgets.course import contents  # noqa: E402
from lowball_docs import rulebook  # noqa: E402

# The English notebooks whose Russian edition is still to be written, and why. A notebook leaves this list when
# its edition is made (`python scripts/editions.py new NN`, then translate and sync): the test then checks it.
PENDING = {}
ENGLISH = editions.english_notebooks()
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
SITE = ROOT / "docs" / "_build" / "html"


def test_the_pending_list_names_real_notebooks():
    names = {path.stem for path in ENGLISH}
    assert set(PENDING) <= names, f"not notebooks: {sorted(set(PENDING) - names)}"


@pytest.mark.parametrize("path", ENGLISH, ids=[p.stem for p in ENGLISH])
def test_each_russian_edition_is_in_step_with_the_english_notebook(path):
    """Same cells and ids, same code and text outputs, same clause links per prose cell, and the prose in Russian."""
    edition = editions.edition_of(path)
    if path.stem in PENDING:
        assert not edition.exists(), f"{edition.name} exists: take {path.stem} off the pending list"
        pytest.skip(f"no Russian edition yet: {PENDING[path.stem]}")
    assert edition.exists(), f"{path.name} has no Russian edition: python scripts/editions.py new {path.name[:2]}"
    problems = editions.differences(editions.read(path), editions.read(edition), path.name)
    assert not problems, "\n".join(problems)


def test_a_notebook_out_of_step_is_caught():
    """The check can fail: a changed code cell, a changed output, a lost clause link, English prose, a missing cell."""
    english = editions.read(ENGLISH[1])
    good = editions.read(editions.edition_of(ENGLISH[1]))
    assert editions.differences(english, good) == []
    code = next(i for i, c in enumerate(good["cells"]) if c["cell_type"] == "code" and c.get("outputs"))
    prose = next(i for i, c in enumerate(good["cells"]) if c["cell_type"] == "markdown" and "rules.ipynb#cell-id=" in
                 editions.source(c))

    def broken(change) -> list[str]:
        notebook = json.loads(json.dumps(good))
        change(notebook)
        return editions.differences(english, notebook, "nb")

    assert "code differs" in " ".join(broken(lambda nb: nb["cells"][code].update(source="print(2)")))
    assert "outputs differ" in " ".join(broken(lambda nb: nb["cells"][code]["outputs"].clear()))
    assert "links to" in " ".join(broken(lambda nb: nb["cells"][prose].update(
        source=re.sub(r"\]\(rules\.ipynb#cell-id=[A-Za-z0-9-]+\)", "]", editions.source(nb["cells"][prose])))))
    assert "not written in Russian" in " ".join(broken(lambda nb: nb["cells"][prose].update(
        source=editions.source(english["cells"][prose]))))
    assert "still to translate" in " ".join(broken(lambda nb: nb["cells"][prose].update(
        source=editions.TO_TRANSLATE + editions.source(nb["cells"][prose]))))
    assert "cells differ" in " ".join(broken(lambda nb: nb["cells"].pop(prose)))


EDITIONS = [editions.edition_of(p) for p in ENGLISH if editions.edition_of(p).exists()]


@pytest.mark.parametrize("path", EDITIONS, ids=[p.stem for p in EDITIONS])
def test_the_panels_and_charts_of_an_edition_were_drawn_in_russian(path):
    """A panel's stored state (what the docs site draws) speaks Russian; a chart of the English is a chart here."""
    english = editions.read(ROOT / "notebooks" / path.name)
    russian = editions.read(path)
    if "widgets" in english["metadata"]:
        state = json.dumps(russian["metadata"].get("widgets", {}), ensure_ascii=False)
        assert CYRILLIC.search(state), f"{path.name}: its panels were not run in notebooks/ru/ (scripts/editions.py sync)"
    for en, ru in zip(english["cells"], russian["cells"]):
        if en["cell_type"] == "code":
            pngs = [o["data"]["image/png"] for o in ru.get("outputs", []) if "image/png" in o.get("data", {})]
            english_pngs = [o["data"]["image/png"] for o in en.get("outputs", []) if "image/png" in o.get("data", {})]
            assert len(pngs) == len(english_pngs), f"{path.name} cell {en.get('id')}"


@pytest.mark.parametrize("lang", sorted(rulebook.NOTEBOOKS))
def test_the_rules_notebooks_are_what_the_digest_makes(lang):
    """notebooks/rules.ipynb and notebooks/ru/rules.ipynb are generated: `python scripts/editions.py rules`."""
    path = rulebook.NOTEBOOKS[lang]
    assert path.read_text(encoding="utf-8") == rulebook.notebook_text(lang), \
        f"{path.relative_to(ROOT)} is not what the digest makes today: python scripts/editions.py rules"


def test_the_rules_notebook_has_an_anchor_for_every_clause_of_the_digest_in_both_editions():
    clauses = {clause.lower() for kind, text in rulebook.digest_blocks() if kind == "bullet"
               for clause, _ in rulebook.split_clauses(text)}
    for lang in rulebook.NOTEBOOKS:
        text = rulebook.notebook_text(lang)
        missing = {c for c in clauses if f'"id": "{c.upper()}"' not in text or f'<a id=\\"{c.upper()}\\"></a>' not in text}
        assert not missing, f"{lang}: no anchor for {sorted(missing)}"


def test_the_russian_digest_translates_the_digest_as_it_is():
    """Every translated message of the digest's catalog is a block of today's digest: none is left stale."""
    blocks = {text for _, text in rulebook.digest_blocks()}
    stale = [m for m in rulebook.translations("ru") if m not in blocks and not m.startswith(("Rules digest", "A reading"))]
    assert not stale, f"translations of text no longer in docs/rules-digest.md: {stale[:3]}"
    translated = {clause for text in rulebook.translations("ru") for clause, _ in rulebook.split_clauses(text)}
    cited = {link for path in EDITIONS for link in editions.clause_links(
        " ".join(editions.source(c) for c in editions.read(path)["cells"])) if re.fullmatch(r"[A-Z]\d+", link)}
    assert cited and cited <= translated, f"clauses the Russian notebooks cite without a Russian digest: " \
                                          f"{sorted(cited - translated)}"


def test_the_contents_are_the_same_in_both_editions_and_name_both_titles():
    english, russian = contents(ROOT / "notebooks"), contents(ROOT / "notebooks" / "ru")
    assert english == russian and [e.number for e in english] == sorted(e.number for e in english)
    written = [e for e in english if e.name[:-6] not in PENDING]
    assert all(e.title_ru and CYRILLIC.search(e.title_ru) for e in written)


@pytest.mark.site
@pytest.mark.skipif(not (SITE / "ru" / "docs" / "index.html").is_file() and not os.environ.get("LOWBALL_DOCS_BUILT"),
                    reason="the docs site is not built (make docs)")
def test_the_docs_site_has_its_russian_half():
    """docs/build.py builds html/ru/: the pages in Russian where translated, the Russian notebooks, the switch."""
    index = (SITE / "ru" / "docs" / "index.html").read_text(encoding="utf-8")
    assert 'lang="ru"' in index and "Как читать" in index
    assert 'href="../../docs/index.html"' in index, "the switch back to the English page"
    english = (SITE / "docs" / "index.html").read_text(encoding="utf-8")
    assert 'href="../ru/docs/index.html"' in english, "the switch to the Russian page"
    for path in EDITIONS:
        page = SITE / "ru" / "notebooks" / f"{path.stem}.html"
        assert page.is_file(), f"{page.relative_to(ROOT)} missing"
        title = contents(ROOT / "notebooks")[int(path.name[:2])].title_ru
        assert title.split(":")[0] in page.read_text(encoding="utf-8"), page.name


LOCALE = ROOT / "docs" / "locale" / "ru" / "LC_MESSAGES" / "docs"
CATALOGS = sorted(LOCALE.rglob("*.po"))


@pytest.mark.parametrize("catalog", CATALOGS, ids=[c.relative_to(LOCALE).with_suffix("").as_posix() for c in CATALOGS])
def test_every_translated_paragraph_of_the_docs_is_still_on_its_page(catalog):
    """A paragraph changed in English loses its Russian silently (Sphinx shows the English): catch it here. A page
    translates what is written on it and the digest's clauses it shows (each a block of docs/rules-digest.md);
    what a directive generates (command output, tables read from the TOML files) stays as the program writes it."""
    from babel.messages.pofile import read_po

    page = ROOT / "docs" / catalog.relative_to(LOCALE).with_suffix(".md")
    # A quotation's lines each begin with "> "; its message is the quotation without them.
    text = " ".join(re.sub(r"(?m)^> ", "", page.read_text(encoding="utf-8")).replace("\\|", "|").split())
    blocks = {" ".join(block.split()) for _, block in rulebook.digest_blocks()}
    with catalog.open("rb") as handle:
        stale = [m.id for m in read_po(handle) if m.id and m.string and " ".join(m.id.split()) not in text
                 and " ".join(m.id.split()) not in blocks]
    assert not stale, f"{catalog.name}: translations of text no longer in {page.name}: {stale[:2]}"


def test_the_docs_pages_in_russian():
    """Every page of the site has its Russian catalog, but the API reference (its text is the docstrings, which
    stay English, as the code does)."""
    pages = {p.relative_to(ROOT / "docs").with_suffix("").as_posix() for p in (ROOT / "docs").rglob("*.md")
             if "_build" not in p.parts and not p.name.startswith("_")}
    translated = {c.relative_to(LOCALE).with_suffix("").as_posix() for c in CATALOGS}
    assert pages - translated == {"reference/api"}, sorted(pages - translated)
