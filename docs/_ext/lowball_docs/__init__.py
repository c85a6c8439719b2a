"""Sphinx extension of the lowball-spec site: pages generated from the rules tables and the package.

The directives (see ``lowball_docs.directives``, ``lowball_docs.games`` and ``lowball_docs.histories``) read the tables of
``spec/lowball/rules/`` and ``rules/games/`` through ``lowball.core``, describe the game-table format from
``lowball.core.games`` and ``lowball.core.behaviours``, run ``lowball verify`` and the ``lowball`` command
line, and scan the code,
the tests and the notebooks for clause ids, all while the site is built; so a page cannot drift
from the code. ``lowball_docs.assets`` serves the pinned JavaScript from ``_static``.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config

from lowball_docs import assets, links
from lowball_docs.directives import DIRECTIVES, start_reports, stop_reports
from lowball_docs.games import GAME_DIRECTIVES
from lowball_docs.histories import HISTORY_DIRECTIVES

DOCS = Path(__file__).resolve().parents[2]
LOCK = DOCS / "_static_src" / "js.lock.json"
CACHE = DOCS / "_build" / "js-cache"


def add_pinned_javascript(app: Sphinx, config: Config) -> None:
    """Fetch (or take from the cache) the locked npm files and serve them from ``_static``."""
    static = assets.provide(LOCK, CACHE)
    config.html_static_path = [*config.html_static_path, str(static)]


def setup(app: Sphinx) -> dict:
    app.add_config_value("lowball_verify_exhaustive", True, "env", bool)
    app.add_config_value("lowball_verify_games_strict", False, "env", bool)
    # Before Sphinx checks html_static_path (priority 800).
    app.connect("config-inited", add_pinned_javascript, priority=400)
    for name, directive in {**DIRECTIVES, **GAME_DIRECTIVES, **HISTORY_DIRECTIVES}.items():
        app.add_directive(name, directive)
    app.add_css_file("lowball.css")
    # Before the widgets and MathJax: the panels' controls frozen, MathJax 2's Hub for the widget manager.
    app.add_js_file("lowball-static.js", priority=100)
    app.connect("doctree-read", links.send_rules_links_to_their_pages)
    # lowball verify for every game starts at once in two helper processes, beside the reading of the pages.
    app.connect("builder-inited", lambda app: start_reports(app.config.lowball_verify_exhaustive))
    app.connect("build-finished", lambda app, error: stop_reports() if error else None)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
