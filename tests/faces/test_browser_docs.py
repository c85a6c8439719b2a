"""The docs site in a browser: its notebook pages show frozen copies of the panels, throw no errors, and speak
Russian on the Russian site. Needs the built site (make docs; make test builds it).

Served by a small HTTP server on a free port of 127.0.0.1, read by Debian's Chromium (tests/support/browser.py).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import threading

import pytest
from playwright.sync_api import expect

from tests.support.browser import ARTIFACTS, ROOT, launched_chromium, recording_page, safe_name

pytestmark = pytest.mark.site      # run after the site is built (scripts/test.sh)

SITE = ROOT / "docs" / "_build" / "html"


@pytest.fixture(scope="module")
def site():
    """Base URL of the built docs site, served from docs/_build/html."""
    if not (SITE / "ru" / "notebooks" / "02-three-rankings.html").is_file():
        if os.environ.get("LOWBALL_DOCS_BUILT"):
            pytest.fail("make docs ran, but the Russian site (docs/_build/html/ru) is missing")
        pytest.skip("the docs site is not built: run `make docs` (make test does it first)")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(SITE))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


@pytest.fixture(scope="module")
def browser():
    with launched_chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser, request):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with recording_page(browser, ARTIFACTS / f"{safe_name(request.node.name)}.png") as page:
        yield page


def test_docs_panels_are_frozen_copies_and_the_pages_throw_nothing(site, page):
    """Notebook 2's panel cannot be typed into (it used to accept input and show states it never had); notebook
    9's page, which loads MathJax beside the widgets, throws no 'Queue' errors any more."""
    page.goto(f"{site}/notebooks/09-deuce-to-seven-triple-draw.html")
    page.locator(".cell_output .lowball-panel").first.wait_for(timeout=30_000)
    page.wait_for_timeout(1500)
    assert not page.errors, page.errors
    page.goto(f"{site}/notebooks/02-three-rankings.html")
    field = page.locator(".cell_output .lowball-panel .lowball-hand-a input").first
    field.wait_for(timeout=30_000)
    expect(field).to_be_disabled()
    expect(page.locator(".cell_output .lowball-panel .lowball-static-note").first).to_be_visible()
    assert page.locator(".cell_output .lowball-panel button:not([disabled])").count() == 0
    assert not page.errors, page.errors


def test_the_russian_site_shows_the_russian_edition_and_switches_back(site, page):
    """/ru/: the start page translated, the notebooks in Russian with their panels drawn in Russian; the switch."""
    page.goto(f"{site}/ru/notebooks/02-three-rankings.html")
    panel = page.locator(".cell_output .lowball-panel").first
    panel.wait_for(timeout=30_000)
    expect(panel.locator(".lowball-agreement")).to_have_text("На этой паре системы расходятся.")
    expect(page.locator("h1").first).to_contain_text("Три системы старшинства")
    link = page.locator("a[href*='docs/rules/teaching-table.html#h4']").first
    assert link.count() == 1, "the clause links go to the clause's page on this site too"
    page.locator(".lowball-lang-switch a", has_text="English").click()
    page.wait_for_url(re.compile(r"/notebooks/02-three-rankings\.html$"))
    expect(page.locator("h1").first).to_contain_text("Three rankings")
    page.locator(".lowball-lang-switch a", has_text="Русский").click()
    page.wait_for_url(re.compile(r"/ru/notebooks/02-three-rankings\.html$"))
    page.goto(f"{site}/ru/docs/index.html")
    expect(page.locator("h1").first).to_contain_text("правила лоуболла")
    assert not page.errors, page.errors
