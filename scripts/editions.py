"""The Russian edition of the notebooks, kept in step with the English one.

Every English notebook ``notebooks/NN-name.ipynb`` has its Russian edition ``notebooks/ru/NN-name.ipynb``: the
same cells, with the same ids, in the same order. The code cells are the English ones character for character,
with the English outputs; only the prose (the markdown cells) is Russian, written for a Russian reader, not
translated line by line. The panels speak the edition's language by themselves (``lowball.widgets.language.
edition``: a kernel runs in its notebook's folder), and so do the charts a cell draws.

So the Russian edition never needs running in the test suite: ``tests/faces/test_editions.py`` checks, in a second or
two, that each edition has the English cells, code and text outputs, and cites the same clauses in the same
cells; nbval runs the English notebooks, whose code is the same. This script makes an edition and keeps it in step:

    python scripts/editions.py run 02        run notebooks/02-*.ipynb in place (new outputs and widget state)
    python scripts/editions.py sync 02       rebuild notebooks/ru/02-*.ipynb: the English code cells and their
                                             outputs, the Russian prose kept by cell id; then run it in
                                             notebooks/ru/ (Russian panels and charts) and check it
    python scripts/editions.py new 12        start notebooks/ru/12-*.ipynb: the English prose, each cell marked
                                             "<!-- перевести -->" until it is written in Russian
    python scripts/editions.py rules         write the rules notebooks (notebooks/rules.ipynb, notebooks/ru/...)
    python scripts/editions.py links 05      turn a notebook's links to docs pages (../docs/rules/stud.md#l2) into
                                             links to the rules notebook (rules.ipynb#cell-id=L2), which every
                                             server has
    python scripts/editions.py check         what the test checks, for every notebook

A number may be given as 02 or as the whole file name; with none, every notebook. ``make editions`` is
``sync`` for every notebook that has an edition.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
EDITIONS = {"ru": NOTEBOOKS / "ru"}
TO_TRANSLATE = "<!-- перевести -->"
# The outputs that may differ between editions: the panels (a widget's model id differs on every run) and the
# charts, which the edition draws in its own language. Everything else an output holds must be the same.
WIDGET = "application/vnd.jupyter.widget-view+json"
IMAGES = ("image/png", "image/svg+xml", "image/jpeg")
CLAUSE_LINK = re.compile(r"\]\(rules\.ipynb#cell-id=([A-Za-z0-9-]+)\)")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN = re.compile(r"[A-Za-z]")
# What a Russian paragraph may keep in Latin letters: code, links' targets, cards and hands, clause ids, tags.
NOT_PROSE = re.compile(r"```.*?```|`[^`]*`|\]\([^)]*\)|<[^>]+>|\b(?:10|[2-9TJQKA])(?:-(?:10|[2-9TJQKA]))+\b|"
                       r"\b[A-Z]{1,2}\d{0,2}\b|\b(?:[2-9TJQKA]|10)[cdhs♣♦♥♠]\b|https?://\S+", re.S)


def english_notebooks() -> list[Path]:
    """Return the English notebooks of the course, in order (``NN-name.ipynb``)."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def edition_of(path: Path, lang: str = "ru") -> Path:
    """Return where the edition of an English notebook lives."""
    return EDITIONS[lang] / path.name


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def write(path: Path, notebook: dict) -> None:
    """Write a notebook as Jupyter does (nbformat: sorted keys, sources split into lines)."""
    import nbformat

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(nbformat.writes(nbformat.from_dict(notebook)) + "\n", encoding="utf-8")


def source(cell: dict) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


# ---- what must be the same in both editions ----

def text_outputs(cell: dict) -> list[tuple[str, str]]:
    """Return what a code cell's outputs say as text, and which kinds of image they hold (not the pixels).

    >>> text_outputs({"outputs": [{"output_type": "stream", "name": "stdout", "text": "a"},
    ...                           {"output_type": "stream", "name": "stdout", "text": "b\\n"}]})
    [('stdout', 'ab\\n')]
    """
    found = []
    for out in cell.get("outputs", []):
        kind = out["output_type"]
        if kind == "stream":                 # a stream comes in chunks as the kernel flushes it: join them
            text = source({"source": out["text"]})
            if found and found[-1][0] == out["name"]:
                found[-1] = (out["name"], found[-1][1] + text)
            else:
                found.append((out["name"], text))
        elif kind == "error":
            found.append(("error", f"{out['ename']}: {out['evalue']}"))
        else:
            for mime, data in sorted(out.get("data", {}).items()):
                if mime == WIDGET:
                    found.append((mime, "a panel"))
                elif mime in IMAGES:
                    found.append((mime, "an image"))
                else:
                    found.append((mime, source({"source": data}) if not isinstance(data, dict) else
                                  json.dumps(data, sort_keys=True)))
    return found


def clause_links(text: str) -> set[str]:
    """Return the cells of the rules notebook a cell links to (``[T1](rules.ipynb#cell-id=T1)``)."""
    return set(CLAUSE_LINK.findall(text))


def latin_share(text: str) -> float:
    """Return the share of Latin letters among the letters of a text's prose (code, cards and links aside)."""
    prose = NOT_PROSE.sub(" ", text)
    latin, cyrillic = len(LATIN.findall(prose)), len(CYRILLIC.findall(prose))
    return latin / max(latin + cyrillic, 1)


def differences(english: dict, edition: dict, name: str = "") -> list[str]:
    """Return every way an edition is out of step with its English notebook (an empty list: in step).

    Same cells (ids and kinds, in order); code cells equal, with the same text outputs and the same kinds of
    image; each markdown cell links to the same rules as its English cell, is written in Russian (no more than
    a third of its letters Latin) and carries no mark of a cell still to translate.
    """
    problems = []
    en_cells, ru_cells = english["cells"], edition["cells"]
    en_ids = [(c.get("id"), c["cell_type"]) for c in en_cells]
    ru_ids = [(c.get("id"), c["cell_type"]) for c in ru_cells]
    if en_ids != ru_ids:
        missing = [i for i in en_ids if i not in ru_ids]
        extra = [i for i in ru_ids if i not in en_ids]
        return [f"{name}: the cells differ from the English ones (missing {missing}, extra {extra}, or out of "
                f"order): run `python scripts/editions.py sync {name[:2]}`"]
    for en, ru in zip(en_cells, ru_cells):
        where = f"{name} cell {en.get('id')}"
        if en["cell_type"] == "code":
            if source(en) != source(ru):
                problems.append(f"{where}: the code differs from the English cell")
            elif text_outputs(en) != text_outputs(ru):
                problems.append(f"{where}: the outputs differ from the English cell's")
            continue
        text = source(ru)
        if TO_TRANSLATE in text:
            problems.append(f"{where}: still to translate")
            continue
        if clause_links(source(en)) != clause_links(text):
            problems.append(f"{where}: links to {sorted(clause_links(text))}, the English cell to "
                            f"{sorted(clause_links(source(en)))}")
        if latin_share(text) > 1 / 3:
            problems.append(f"{where}: not written in Russian ({latin_share(text):.0%} of its letters are Latin)")
    return problems


# ---- making and refreshing an edition ----

def execute(notebook: dict, folder: Path) -> dict:
    """Return the notebook run from the top in ``folder`` (its kernel's working directory), widget state kept."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.reads(json.dumps(notebook), as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(folder)}},
                   store_widget_state=True, record_timing=False).execute()
    return json.loads(nbformat.writes(nb))


def tidy(notebook: dict) -> dict:
    """Return the notebook without what changes on every run and says nothing (timings of cells)."""
    for cell in notebook["cells"]:
        cell.get("metadata", {}).pop("execution", None)
    return notebook


def run(path: Path) -> None:
    """Run an English notebook in place: its outputs and its panels' state as they are today."""
    write(path, tidy(execute(read(path), path.parent)))
    print(f"ran {path.relative_to(ROOT)}")


def merged(english: dict, edition: dict | None) -> dict:
    """Return the edition rebuilt on the English notebook: its code cells, the edition's prose by cell id."""
    prose = {c.get("id"): c for c in (edition or {}).get("cells", []) if c["cell_type"] == "markdown"}
    cells = []
    for cell in english["cells"]:
        if cell["cell_type"] == "markdown":
            old = prose.get(cell.get("id"))
            if old is None:
                old = copy.deepcopy(cell)
                old["source"] = f"{TO_TRANSLATE}\n{source(cell)}"
            cells.append(old)
        else:
            cells.append(copy.deepcopy(cell))
    notebook = copy.deepcopy(english)
    notebook["cells"] = cells
    notebook["metadata"]["language_info"] = english["metadata"].get("language_info", {})
    return notebook


def sync(path: Path, lang: str = "ru", execute_it: bool = True) -> list[str]:
    """Rebuild an edition on its English notebook, run it in its own folder and return what is out of step."""
    target = edition_of(path, lang)
    english = read(path)
    notebook = merged(english, read(target) if target.exists() else None)
    if execute_it and TO_TRANSLATE not in json.dumps(notebook, ensure_ascii=False):
        ran = execute(notebook, target.parent)
        for cell, done in zip(notebook["cells"], ran["cells"]):
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = done["outputs"], done.get("execution_count")
        notebook["metadata"].pop("widgets", None)            # the panels' state as this edition shows them
        if ran["metadata"].get("widgets"):
            notebook["metadata"]["widgets"] = ran["metadata"]["widgets"]
    write(target, tidy(notebook))
    problems = differences(english, read(target), path.name)
    print(f"synced {target.relative_to(ROOT)}: " + ("in step" if not problems else f"{len(problems)} problems"))
    return problems


def new(path: Path, lang: str = "ru") -> None:
    """Start an edition: the English prose, every cell marked to translate."""
    target = edition_of(path, lang)
    if target.exists():
        raise SystemExit(f"{target.relative_to(ROOT)} exists already: use sync")
    write(target, merged(read(path), None))
    print(f"started {target.relative_to(ROOT)}: translate each cell marked {TO_TRANSLATE}, then sync")


def relink(path: Path) -> None:
    """Point a notebook's links to docs pages at the rules notebook beside it (``rules.ipynb#cell-id=T1``)."""
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    from lowball_docs.rulebook import relinked

    notebook = read(path)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = relinked(source(cell))
    write(path, notebook)
    print(f"relinked {path.relative_to(ROOT)}")


def chosen(names: list[str]) -> list[Path]:
    every = english_notebooks()
    if not names:
        return every
    found = []
    for name in names:
        match = [p for p in every if p.name == name or p.stem == name or p.name.startswith(f"{name}-")]
        if not match:
            raise SystemExit(f"no notebook {name!r} in notebooks/ (known: {', '.join(p.name[:2] for p in every)})")
        found += match
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["run", "sync", "new", "rules", "links", "check"])
    parser.add_argument("notebooks", nargs="*", help="numbers (02) or file names; none: every notebook")
    args = parser.parse_args(argv)
    if args.command == "rules":
        sys.path.insert(0, str(ROOT / "docs" / "_ext"))
        from lowball_docs.rulebook import write_rules_notebooks

        for written in write_rules_notebooks():
            print(f"wrote {written.relative_to(ROOT)}")
        return 0
    problems: list[str] = []
    for path in chosen(args.notebooks):
        if args.command == "links":
            relink(path)
            if edition_of(path).exists():
                relink(edition_of(path))
        elif args.command == "run":
            run(path)
        elif args.command == "new":
            new(path)
        elif args.command == "sync":
            if edition_of(path).exists() or args.notebooks:
                problems += sync(path)
        elif edition_of(path).exists():
            problems += differences(read(path), read(edition_of(path)), path.name)
    if problems or args.command in ("sync", "check"):
        print("\n".join(problems) or "in step")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
