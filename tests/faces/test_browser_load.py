"""How long each notebook takes to open in Voilà, both editions: a page that keeps the student opens in seconds.

Needs /usr/bin/chromium (``bash scripts/install-chromium.sh``; ``make test`` runs it first); a missing browser or
a server that does not come up fails these tests, never skips them. The servers and Chromium come from
tests/support/browser.py.

Every page (notebooks/NN-*.ipynb, notebooks/ru/NN-*.ipynb and the rules notebook of each edition) is opened in
turn on one Voilà server, one page at a time, and timed from the request to *loaded*: the kernel has run every
cell and Voilà has shown them (its spinner, ``#loading``, is gone: Voilà removes it only after the last cell has
run and the page has its theme), no cell output is left unrendered (Voilà's front end turns each
``application/vnd.voila.cell-output+json`` script into an output), and every widget output holds its drawn
panel. Each page's time goes to artifacts/browser/load-times.txt, slowest first, whatever the outcome; a page
slower than ``LOAD_BOUND`` fails its test, which names the page and its time.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.support.browser import ARTIFACTS, NOTEBOOKS, kernels, launched_chromium, running_voila, safe_name

# The goal (issue 38): every page open within 10 s on an idle two-core machine. The test's bound is looser, since
# `make test` runs it beside another test worker and the docs build on the same two cores: with both cores kept busy
# by two other processes the slowest page (notebook 7) took 7.7 s, 6.3 s idle; notebook 9 took 16 s idle while it
# searched its best plays as it opened (docs/speed.md, "Opening the notebooks"), so the bound still catches that.
# The bound was 20 s until CI (6 December) took 20 s for notebook 7's proofs with the docs build's two helper
# processes beside the two test workers, and this machine took 21-24 s with two other processes busy: a bound a
# second away from what CI measures fails by chance. 35 s still fails the 38 s page first reported.
LOAD_GOAL = 10.0           # seconds, idle machine
LOAD_BOUND = 35.0          # seconds, under `make test`'s load: a page slower than this fails
READY_TIMEOUT = 120.0      # seconds for the server to answer
GIVE_UP = 120_000          # ms: a page not loaded by then is reported as not loaded at all
# This module's log (and the screenshot of a page that did not load): a folder of their own.
SHOTS = ARTIFACTS / "load"
TIMES = ARTIFACTS / "load-times.txt"

# Every notebook of both editions, as Voilà's addresses name them (ru/ for the Russian edition).
PAGES = [path.relative_to(NOTEBOOKS).as_posix()
         for folder in (NOTEBOOKS, NOTEBOOKS / "ru")
         for path in sorted([*folder.glob("[0-9][0-9]-*.ipynb"), folder / "rules.ipynb"])]

# What a page still waits for, in a few words; "" once it is loaded (see the module's docstring).
WAITING = """() => {
  if (!document.body || document.body.dataset.voila !== "voila") return "Voilà's page";
  if (document.getElementById("loading")) return "the kernel is running the cells";
  const cells = document.getElementById("rendered_cells");
  if (!cells || cells.style.display === "none") return "the cells are not shown yet";
  if (document.querySelector('script[type="application/vnd.voila.cell-output+json"]')) return "outputs to render";
  const widgets = [...document.querySelectorAll(".jp-OutputArea-output.lm-Panel")];
  if (widgets.some(node => node.childElementCount === 0)) return "widgets to draw";
  return "";
}"""
LOADED = f"() => !({WAITING})()"


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """Voilà (scripts/serve-app.sh) serving notebooks/; stopped, with its kernels, after the module."""
    with running_voila(tmp_path_factory.mktemp("voila-load"), SHOTS, READY_TIMEOUT) as server:
        yield server


@pytest.fixture(scope="module")
def browser():
    with launched_chromium() as chromium:
        yield chromium


@pytest.fixture(scope="module")
def load_times():
    """Each page's load time in seconds (None: not loaded), written to artifacts/browser/load-times.txt at the end."""
    times: dict[str, float | None] = {}
    yield times
    lines = [f"{'not loaded' if seconds is None else f'{seconds:5.1f} s'}  {page}"
             for page, seconds in sorted(times.items(), key=lambda item: -(item[1] or 1e9))]
    TIMES.parent.mkdir(parents=True, exist_ok=True)
    TIMES.write_text(f"Voilà load time of each page (bound {LOAD_BOUND:.0f} s; goal {LOAD_GOAL:.0f} s idle), "
                     f"slowest first:\n" + "\n".join(lines) + "\n")


@pytest.mark.parametrize("notebook", PAGES)
def test_page_loads_within_the_bound(voila, browser, load_times, notebook):
    """Open one page and time it to loaded; fail past ``LOAD_BOUND``, naming the page and its time."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        start = time.monotonic()
        page.goto(f"{voila.base}/voila/render/{notebook}", wait_until="commit", timeout=GIVE_UP)
        try:
            page.wait_for_function(LOADED, polling=100, timeout=GIVE_UP)
        except PlaywrightError:
            load_times[notebook] = None
            page.screenshot(path=SHOTS / f"{safe_name(notebook)}.png", full_page=True)
            raise AssertionError(f"{notebook} did not load within {GIVE_UP // 1000} s (still waiting for: "
                                 f"{page.evaluate(WAITING)})") from None
        seconds = load_times[notebook] = time.monotonic() - start
        text = page.locator("#rendered_cells").inner_text()
        assert "Error displaying widget" not in text and "There was an error when executing cell" not in text, \
            f"{notebook} loaded with an error on the page:\n{text[:2000]}"
    finally:
        page.close(run_before_unload=True)          # as a reader leaves: Voilà's beacon shuts the kernel down
        context.close()
    # The next page is timed without this one's kernel.
    deadline = time.monotonic() + 10
    while kernels(voila) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert seconds <= LOAD_BOUND, (f"{notebook} took {seconds:.1f} s to load in Voilà, over the bound of "
                                   f"{LOAD_BOUND:.0f} s (goal {LOAD_GOAL:.0f} s on an idle machine)")
