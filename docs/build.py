"""Build the docs site in both languages: English in docs/_build/html, Russian in docs/_build/html/ru (``make docs``).

Both builds run in this one process, English first: the Russian build reuses what the English one computed once
(the runs of ``lowball verify``, cached by ``lowball_docs``), so it costs the reading and writing of the pages,
not the proofs again. The Russian site reads the same pages (their Russian text comes from the catalogs in
``docs/locale/ru/``) and the Russian edition of the notebooks: its source folder is ``docs/_build/ru-src``, a
copy of this folder as ``docs`` and of ``notebooks/ru`` as ``notebooks``, so that each page has the same name,
and the same address under ``ru/``, in both sites.

    python docs/build.py [--only en|ru] [SPHINX OPTIONS...]     (warnings are errors, as in make docs)
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

DOCS = Path(__file__).resolve().parent
REPO = DOCS.parent
BUILD = DOCS / "_build"


def russian_source() -> Path:
    """Return the Russian site's source folder: a copy of this repository's docs, and the Russian edition as
    notebooks/ (copies, not links: Sphinx and MyST resolve a page's links from where its file really is)."""
    source = BUILD / "ru-src"
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(DOCS, source / "docs", ignore=shutil.ignore_patterns("_build", "__pycache__", "*.mo"))
    (source / "spec").symlink_to(REPO / "spec", target_is_directory=True)     # literalinclude ../spec/...
    (source / "notebooks").mkdir()
    for notebook in sorted((REPO / "notebooks" / "ru").glob("*.ipynb")):
        shutil.copy2(notebook, source / "notebooks" / notebook.name)
    return source


def build(lang: str, extra: list[str]) -> int:
    """Build one language's site; return Sphinx's exit status."""
    from sphinx.cmd.build import build_main

    os.environ["LOWBALL_DOCS_LANG"] = lang
    if lang == "en":
        source, out, doctrees = REPO, BUILD / "html", BUILD / "doctrees"
    else:
        source, out, doctrees = russian_source(), BUILD / "html" / lang, BUILD / f"doctrees-{lang}"
    started = time.monotonic()
    status = build_main(["-W", "--keep-going", "-b", "html", "-c", str(DOCS), "-d", str(doctrees), *extra,
                         str(source), str(out)])
    print(f"docs/build.py: the {lang} site in {time.monotonic() - started:.0f} s -> {out.relative_to(REPO)}")
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=["en", "ru"], help="build one language only")
    parser.add_argument("--fresh", action="store_true",
                        help="remove the last build first (the JavaScript cache stays): make docs and make test")
    args, extra = parser.parse_known_args(argv)
    if args.fresh:          # a fresh build: the pages run the package and the notebooks, so none is stale
        for old in ("html", "doctrees", "doctrees-ru", "ru-src", "jupyter_execute"):
            shutil.rmtree(BUILD / old, ignore_errors=True)
    for lang in [args.only] if args.only else ["en", "ru"]:
        status = build(lang, extra)
        if status:
            return status
    return 0


if __name__ == "__main__":
    sys.exit(main())
