"""The rules as a notebook beside the others, so that a clause link works wherever a notebook is read.

The notebooks link every clause they cite, ``[T1](rules.ipynb#cell-id=T1)``. JupyterLab and Voilà open
``notebooks/rules.ipynb`` (``notebooks/ru/rules.ipynb`` in the Russian edition) at the clause's anchor: the digest's
wording of the clause, the seed's own sentence, and where the docs site has the rest. The docs site sends the same
link to the clause's own page instead (``links.py``). Nothing here is written by hand: the notebooks are made from
``docs/rules-digest.md`` (its Russian from ``docs/locale/ru/LC_MESSAGES/docs/rules-digest.po``), the clause pages
of ``docs/rules/``, and the properties of ``lowball verify``; ``tests/faces/test_editions.py`` fails when the committed
notebooks are not what this module writes today (``python scripts/editions.py rules`` writes them again).

A link names a cell of the rules notebook, ``#cell-id=T1``: JupyterLab opens a notebook at the cell a link
names this way, and the Voilà template of ``make app`` scrolls to it (each such cell starts with an anchor of its
id). The cells are named after the docs site's anchors: a clause's id (``T1``; ``t1`` on the site),
``verify-property-N`` for a property, and ``docs-...`` for the other pages of the site a notebook mentions
(``PAGES``). ``link_target`` turns the
notebooks' older links to the docs pages (``../docs/rules/teaching-table.md#t1``) into links to this notebook.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
DIGEST = REPO / "docs" / "rules-digest.md"
RULES_PAGES = REPO / "docs" / "rules"
LOCALE = REPO / "docs" / "locale"
NOTEBOOKS = {"en": REPO / "notebooks" / "rules.ipynb", "ru": REPO / "notebooks" / "ru" / "rules.ipynb"}
CLAUSE = re.compile(r"\b([A-Z]\d{1,2})\b")

# The pages of the docs site that the notebooks mention, by anchor: (docname, English title, Russian title, what).
PAGES = {
    "docs-rules": ("docs/rules/index", "The rules, part by part", "Правила по частям",
                   ("every part of the rules, one page each", "каждая часть правил на своей странице")),
    "docs-systems": ("docs/systems", "The ranking systems side by side", "Системы старшинства рядом",
                     ("every system's row of the rankings table, compared", "строки таблицы рангов, бок о бок")),
    "docs-checks": ("docs/checks/index", "What lowball verify proves", "Что доказывает lowball verify",
                    ("the report of every property, and the clauses it proves",
                     "отчёт о каждом свойстве и о пунктах, которые оно доказывает")),
    "docs-house-rules": ("docs/checks/house-rules", "Checking house rules", "Проверка домашних правил",
                         ("how to write a table of your own and prove it", "как написать свою таблицу и доказать её")),
    "docs-phh-fa6l1d": ("docs/phh-fa6l1d", "Hand histories of the teaching table (FA6L1D)",
                        "Записи раздач учебного стола (FA6L1D)",
                        ("the PHH variant code of the teaching table", "код варианта PHH для учебного стола")),
    "docs-phh": ("docs/phh", "Hand histories (PHH)", "Записи раздач (PHH)",
                 ("every game's hand histories, written and replayed", "записи раздач всех игр: запись и повтор")),
}

WORDS = {
    "en": {
        "title": "# The rules, clause by clause",
        "intro": "Every clause of the rules digest, with the id the notebooks cite: each clause link of a notebook "
                 "opens this notebook at the clause. Under each id: the digest's wording and, where the seed has "
                 "one, the seed's own sentence (the seeds are Russian, and they are the authority). The docs site "
                 "(`make docs`, then `docs/_build/html/index.html`) has a page for each part of the rules, with "
                 "each clause's table entry, what `lowball verify` proves about it, where it is tested and taught, "
                 "and a worked example.\n\nThis notebook is generated from the digest "
                 "(`python scripts/editions.py rules`): do not edit it by hand.",
        "page": "On the docs site: `{doc}.md`, clause {clause}.",
        "properties": "## What `lowball verify` proves",
        "properties_intro": "The properties the notebooks cite, as `lowball verify` states them; the docs site's "
                            "report (`docs/checks/index.md`) has the proof of each on every game.",
        "property": "### Property {n}",
        "pages": "## Pages of the docs site",
        "pages_intro": "The other pages of the docs site that the notebooks mention.",
    },
    "ru": {
        "title": "# Правила по пунктам",
        "intro": "Все пункты конспекта правил с номерами, на которые ссылаются блокноты: каждая ссылка на пункт "
                 "открывает этот блокнот на нужном месте. Под каждым номером — формулировка конспекта и, если она "
                 "есть, фраза самого источника (источники русские, и главные — они). На сайте документации "
                 "(`make docs`, затем `docs/_build/html/ru/index.html`) у каждой части правил своя страница: там "
                 "при каждом пункте — строка таблицы, которая его задаёт, что о нём доказывает `lowball verify`, "
                 "где он проверен и объяснён, и разобранный пример.\n\nБлокнот собран из конспекта "
                 "(`python scripts/editions.py rules`): правьте не его, а конспект.",
        "page": "На сайте документации: `{doc}.md`, пункт {clause}.",
        "properties": "## Что доказывает `lowball verify`",
        "properties_intro": "Свойства, на которые ссылаются блокноты; в отчёте на сайте документации "
                            "(`docs/checks/index.md`) — доказательство каждого для каждой игры.",
        "property": "### Свойство {n}",
        "pages": "## Страницы сайта документации",
        "pages_intro": "Другие страницы сайта, которые упоминают блокноты.",
    },
}


@dataclass(frozen=True)
class ClausePage:
    """Where the docs site has a clause: its page, its heading there, and the seed's sentence quoted under it."""

    doc: str
    heading: str
    quote: str | None


def clause_pages() -> dict[str, ClausePage]:
    """Return every clause that has a section on a rules page (``(T1)=``), with its heading and first quote."""
    found = {}
    for page in sorted(RULES_PAGES.glob("*.md")):
        parts = re.split(r"^\(([A-Z]\d+)\)=\s*$", page.read_text(encoding="utf-8"), flags=re.M)
        for clause, body in zip(parts[1::2], parts[2::2]):
            heading = re.search(r"^#+ (.*)$", body, re.M)
            quote = re.search(r"^> (.*(?:\n> .*)*)", body, re.M)
            found[clause] = ClausePage(
                doc=page.relative_to(REPO).with_suffix("").as_posix(),
                heading=heading.group(1).strip() if heading else clause,
                quote=" ".join(line.removeprefix("> ").strip() for line in quote.group(1).splitlines())
                if quote else None)
    return found


def digest_blocks() -> list[tuple[str, str]]:
    """Return the digest as blocks in order: ("part", heading), ("group", line), ("bullet", text), ("text", text)."""
    blocks: list[tuple[str, str]] = []
    text = DIGEST.read_text(encoding="utf-8")
    body = text.split("\n## ", 1)[1] if "\n## " in text else ""
    paragraph: list[str] = []
    bullet: list[str] = []

    def flush() -> None:
        if bullet:
            blocks.append(("bullet", " ".join(bullet)))
            bullet.clear()
        if paragraph:
            blocks.append(("text" if len(paragraph) > 1 or paragraph[0].endswith(".") else "group",
                           " ".join(paragraph)))
            paragraph.clear()

    for line in ("## " + body).splitlines():
        stripped = line.strip()
        if line.startswith("## "):
            flush()
            blocks.append(("part", line[3:].strip()))
        elif line.startswith("- "):
            flush()
            bullet.append(stripped[2:])
        elif not stripped:
            flush()
        elif bullet and line.startswith("  "):
            bullet.append(stripped)
        else:
            if bullet:
                flush()
            paragraph.append(stripped)
    flush()
    return blocks


def translations(lang: str) -> dict[str, str]:
    """Return the digest's messages translated into ``lang`` (msgid -> msgstr), from the docs site's catalog."""
    if lang == "en":
        return {}
    from babel.messages.pofile import read_po

    path = LOCALE / lang / "LC_MESSAGES" / "docs" / "rules-digest.po"
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle) if m.id and m.string}


def split_clauses(text: str) -> list[tuple[str, str]]:
    """Return (clause id, wording) for every id in bold in a bullet: ``**R1** ...; **R2** ...``."""
    pieces = re.split(r"\*\*([A-Z]\d+)\*\* ", text)[1:]
    return [(clause, words.strip().rstrip(";").strip()) for clause, words in zip(pieces[::2], pieces[1::2])]


def with_links(text: str, known: set[str]) -> str:
    """Return text with each clause id it names made a link to that clause in this notebook."""
    return CLAUSE.sub(lambda m: f"[{m.group(1)}](#{m.group(1)})" if m.group(1) in known else m.group(1), text)


def markdown(cell_id: str, text: str) -> dict:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": text}


def rules_notebook(lang: str = "en") -> dict:
    """Return the rules notebook of an edition: the digest, clause by clause, then the properties and pages."""
    said, ru = WORDS[lang], translations(lang)
    pages = clause_pages()
    blocks = digest_blocks()
    known = {clause for kind, text in blocks if kind == "bullet" for clause, _ in split_clauses(text)}
    cells = [markdown("rules-title", f"{said['title']}\n\n{said['intro']}")]
    part = ""
    for index, (kind, text) in enumerate(blocks):
        shown = ru.get(text, text)
        if kind == "part":
            part = text.split(".", 1)[0]
            cells.append(markdown(f"part-{part}", f'<a id="part-{part}"></a>\n\n## {shown}'))
        elif kind == "group":
            cells.append(markdown(f"rules-{part}-{index}", f"**{shown}**"))
        elif kind == "text" or not split_clauses(text):
            cells.append(markdown(f"rules-{part}-{index}", with_links(shown, known)))
        else:
            for clause, words in split_clauses(shown):
                page = pages.get(clause)
                heading = page.heading if page and lang == "en" else clause
                lines = [f'<a id="{clause}"></a>', "", f"### {heading}", "",
                         (f"**{clause}** " if lang == "en" else "") + with_links(words, known - {clause})]
                if page and page.quote:
                    quote = page.quote if lang == "en" else page.quote.replace("(seed ", "(источник ")
                    lines += ["", f"> {quote}"]
                if page:
                    lines += ["", said["page"].format(doc=page.doc, clause=clause)]
                cells.append(markdown(clause, "\n".join(lines)))
    cells.append(markdown("rules-properties", f"{said['properties']}\n\n{said['properties_intro']}"))
    for number, text in properties(lang).items():
        cells.append(markdown(f"verify-property-{number}", f'<a id="verify-property-{number}"></a>\n\n'
                                                          f"{said['property'].format(n=number)}\n\n"
                                                          f"{with_links(text, known)}"))
    cells.append(markdown("rules-pages", f"{said['pages']}\n\n{said['pages_intro']}"))
    for anchor, (doc, en_title, ru_title, what) in PAGES.items():
        title = en_title if lang == "en" else ru_title
        said_what = what[0] if lang == "en" else what[1]
        cells.append(markdown(anchor, f'<a id="{anchor}"></a>\n\n### {title}\n\n'
                                                 f"{said_what[0].upper()}{said_what[1:]}: `{doc}.md`."))
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                        "name": "python3"},
                                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def properties(lang: str) -> dict[int, str]:
    """Return what each property of ``lowball verify`` claims: its description (English), its title (Russian)."""
    if lang == "en":
        from lowball_docs.directives import property_descriptions

        return property_descriptions()
    from lowball.core.games import load_game_table
    from lowball.verify.properties import PROPERTIES

    table = load_game_table()
    return {p.number: p.title(table, "ru").capitalize() + "." for p in PROPERTIES}


def notebook_text(lang: str) -> str:
    """Return the rules notebook of an edition as the file holds it."""
    import nbformat

    return nbformat.writes(nbformat.from_dict(rules_notebook(lang))) + "\n"


def write_rules_notebooks() -> list[Path]:
    """Write the rules notebook of every edition; return the files written."""
    for lang, path in NOTEBOOKS.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(notebook_text(lang), encoding="utf-8")
    return list(NOTEBOOKS.values())


# A link to a rules page without a clause goes to the page's first clause.
FIRST_CLAUSE = {"teaching-table": "T1", "other-systems": "K1", "betting": "G1", "deuce-to-seven": "K2",
                "california": "F2", "stud": "L2", "razz": "R1", "pokerkit": "P1"}
OLD_LINK = re.compile(r"\]\((?:\.\./)+docs/([^)#\s]+)\.md(?:#([^)\s]+))?\)")


def link_target(page: str, anchor: str | None) -> str:
    """Return the cell of the rules notebook for a link to a docs page (``rules/teaching-table``, ``t1``).

    >>> link_target("rules/teaching-table", "t1"), link_target("rules/stud", None), link_target("systems", None)
    ('T1', 'L2', 'docs-systems')
    >>> link_target("checks/index", "verify-property-3"), link_target("checks/house-rules", None)
    ('verify-property-3', 'docs-house-rules')
    """
    if anchor and CLAUSE.fullmatch(anchor.upper()):
        return anchor.upper()
    if anchor:
        return anchor
    if page.startswith("rules/") and page != "rules/index":
        return FIRST_CLAUSE[page.removeprefix("rules/")]
    by_doc = {doc: key for key, (doc, *_) in PAGES.items()}
    return by_doc[f"docs/{page}"]


def relinked(text: str) -> str:
    """Return markdown with every link to a docs page turned into a link to the rules notebook."""
    return OLD_LINK.sub(lambda m: f"](rules.ipynb#cell-id={link_target(m.group(1), m.group(2))})", text)
