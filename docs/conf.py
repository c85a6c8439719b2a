"""Sphinx configuration of the lowball-spec site (``make docs``).

The source directory is the repository root (``sphinx-build -c docs . docs/_build/html``) so
that the notebooks in ``notebooks/`` are pages of the site without being copied; only
``docs/**`` and ``notebooks/*.ipynb`` are read. Everything a page shows about the rules is
computed at build time by the extension in ``docs/_ext/lowball_docs`` from the TOML tables and
the package: nothing is pasted in by hand.

Offline: the only downloads are the pinned npm tarballs of ``docs/_static_src/js.lock.json``
(require.js, the ipywidgets HTML manager, MathJax), fetched once from the npm registry, checked
against their sha512 integrity and cached under ``docs/_build/js-cache``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))
# The repository root, last: docs/checks/clauses.md draws the clause index with the traceability test's own
# functions (tests.support.clauses), so the page cannot drift from what the test checks.
if str(DOCS.parent) not in sys.path:
    sys.path.append(str(DOCS.parent))

# ---- the two languages (docs/build.py builds both: English in docs/_build/html, Russian in .../html/ru) ----
# Sphinx's own translation machinery: the Russian text of a page is in docs/locale/ru/LC_MESSAGES/<page>.po
# (a page without a catalog, or a paragraph without a translation, stays English). The Russian site's
# notebooks are the Russian edition, notebooks/ru/, which docs/build.py puts where the English ones are.
language = os.environ.get("LOWBALL_DOCS_LANG", "en")
locale_dirs = [str(DOCS / "locale")]   # docs/locale, wherever the source folder is
gettext_compact = False

project = "lowball-spec"
author = "lowball-spec developers"
copyright = "lowball-spec developers"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "lowball_docs",
]

# ---- what is a page: docs/** and the notebooks, nothing else of the repository ----
root_doc = "docs/index"
include_patterns = ["docs/**", "notebooks/*.ipynb"]
exclude_patterns = [
    # build output, extension code, static sources, templates (excluded directories are not walked)
    "docs/_*",
    # the rest of the repository
    ".*", "spec", "tests", "benchmarks", "build", "dist", "artifacts", "README.md",
    "notebooks/.ipynb_checkpoints",
]
# index.html at the site root: the start page of both languages, the Russian site's own in ru/
html_extra_path = ["_extra" if language == "en" else "_extra_ru"]
templates_path = ["_templates"]      # sidebar/lang.html: the same page in the other language
# Quotes and ellipses become typographic; dashes do not, so "--game" stays an option, never "–game".
smartquotes_action = "qe"

# ---- MyST and notebooks ----
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath", "fieldlist"]
myst_dmath_allow_digits = False       # "$2/$4" stays text
myst_heading_anchors = 3
# The notebooks are shown as stored, not run a second time: make test runs every English notebook under strict
# nbval, which fails on any stored output that the code no longer prints, so a stored page cannot rot unseen
# (and the browser tests run them live in Voila). The Russian edition holds the English code cells and outputs
# (tests/faces/test_editions.py checks they are the same) and its own Russian panels and charts (scripts/editions.py
# sync). Running them here too cost about 90 s of every CI run.
nb_execution_mode = "off"
nb_execution_raise_on_error = True    # a failing cell fails the build
nb_execution_show_tb = True
nb_execution_timeout = 600
nb_merge_streams = True
# Widgets render from the pinned copies in _static/widgets (see lowball_docs.assets), never a CDN.
# An unknown third-party widget module is looked up under a local path, not on jsdelivr.
nb_ipywidgets_js = {
    "widgets/require.js": {},
    "widgets/embed-amd.js": {"data-jupyter-widgets-cdn": "_static/widgets/modules/"},
}
mathjax_path = "mathjax/tex-mml-chtml.js"

# ---- the Python API ----
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"show-inheritance": True}

# ---- HTML ----
html_theme = "furo"
html_title = "lowball-spec"
html_static_path = ["_static"]        # lowball_docs adds the pinned JavaScript (docs/_build/js-cache/static)
# furo's sidebar, with the language switch under the search box
html_sidebars = {"**": ["sidebar/brand.html", "sidebar/search.html", "sidebar/lang.html", "sidebar/scroll-start.html",
                        "sidebar/navigation.html", "sidebar/scroll-end.html"]}
html_show_sourcelink = True
html_copy_source = True

# ---- lowball_docs ----
# Run `lowball verify` exhaustively (all 2,598,960 hands) for the report; -D lowball_verify_exhaustive=0
# for the quicker Z3-only run.
lowball_verify_exhaustive = True
# A property refuted on a built-in game fails the build (as one refuted on the teaching table always does).
# False while `lowball verify` is being generalised from the teaching table to every game: the checks page
# lists the refutations instead. Set it to True once every built-in game's report holds.
lowball_verify_games_strict = False
