"""Browser tests: the notebooks' widgets in Voilà and in JupyterLab, driven by Playwright + Debian's Chromium.

Needs /usr/bin/chromium (``bash scripts/install-chromium.sh``; ``make test`` runs it first). A
missing browser or a server that does not come up fails these tests loudly; they are never skipped.
Screenshots of every page (and the servers' logs) go to artifacts/browser/.
"""

from __future__ import annotations

import base64
import re
import time
import tomllib

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect, sync_playwright

from browser_support import (ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, SYSTEMS, chromium_problem, lab_server,
                             parse_status, safe_name, voila_server)
from lowball.phh.history import replay_hand
from lowball.ranking import compare

READY_TIMEOUT = 120.0      # seconds for a server to answer
RENDER_TIMEOUT = 90_000    # ms for a notebook to execute and show its widget
STEP_TIMEOUT = 30_000      # ms for one widget round trip (click -> kernel -> page)

A, B, TIE = "hand A wins", "hand B wins", "tie"
CLAUSE = re.compile(r"\([A-Z]\d+\)")

# expect() polls for 5 s by default: too short for a kernel round trip on a busy 2-core CI machine.
expect.set_options(timeout=STEP_TIMEOUT)


# ---- fixtures ----

@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """Start Voilà and JupyterLab together (they come up in parallel); stop both after this module."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in [*ARTIFACTS.glob("*.png"), *ARTIFACTS.glob("*.log")]:   # this run's artifacts only
        old.unlink()
    tmp = tmp_path_factory.mktemp("browser")
    made = {"voila": voila_server(tmp / "voila", ARTIFACTS / "voila.log"),
            "lab": lab_server(tmp / "lab", ARTIFACTS / "lab.log")}
    try:
        for server in made.values():
            server.start()
        yield made
    finally:
        for server in made.values():
            server.stop()


@pytest.fixture(scope="module")
def voila(servers) -> str:
    """Base URL of Voilà (scripts/serve-app.sh) serving notebooks/."""
    try:
        return servers["voila"].wait_ready(READY_TIMEOUT)
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)


@pytest.fixture(scope="module")
def lab(servers) -> str:
    """Base URL of JupyterLab serving a copy of notebooks/."""
    try:
        return servers["lab"].wait_ready(READY_TIMEOUT)
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)


@pytest.fixture(scope="module")
def browser():
    problem = chromium_problem()
    if problem:
        pytest.fail(problem, pytrace=False)
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
                                                  timeout=60_000)
        except PlaywrightError as err:
            pytest.fail(f"cannot launch {CHROMIUM}: {err}", pytrace=False)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, request):
    """A fresh page; its screenshot is saved to artifacts/browser/<test>.png at the end, pass or fail."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    yield page
    try:
        page.screenshot(path=ARTIFACTS / f"{safe_name(request.node.name)}.png", full_page=True)
    except PlaywrightError as err:   # a crashed page must not hide the test's own failure
        print(f"no screenshot of {request.node.name}: {err}")
    finally:
        context.close()


def shot(page: Page, name: str) -> None:
    """Save an extra screenshot of the page as it is now."""
    page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)


# ---- helpers ----

def open_voila(page: Page, base: str, notebook: str, ready: str) -> None:
    """Open a notebook in Voilà (which runs it) and wait until ``ready`` shows."""
    page.goto(f"{base}/voila/render/{notebook}", wait_until="domcontentloaded")
    try:
        page.locator(ready).first.wait_for(timeout=RENDER_TIMEOUT)
    except PlaywrightError:
        text = page.locator("body").inner_text()[-1500:]
        raise AssertionError(f"Voilà did not show {ready} for {notebook} within {RENDER_TIMEOUT // 1000} s; "
                             f"page errors {page.errors}; page text ends:\n{text}") from None


def assert_no_traceback(page: Page) -> None:
    text = page.locator("body").inner_text()
    for bad in ("Traceback", "There was an error when executing cell", "Error:"):
        assert bad not in text, f"{bad!r} on the page:\n{text[:3000]}"


def type_into(page: Page, selector: str, text: str) -> None:
    """Replace the text of an ipywidgets Text (its <input> sits inside ``selector``) and leave the field."""
    field = page.locator(f"{selector} input")
    field.fill(text)            # 'input' event: Text widgets update continuously
    field.evaluate("e => e.blur()")  # 'change' event too, as a reader tabbing away would


def expect_verdicts(page: Page, verdicts: tuple[str, str, str, str], scope: str = "") -> None:
    """Wait until the verdict table shows these verdicts for ace-to-six, ace-to-six-ace-low, 2-7, A-5."""
    rows = f"{scope} .lowball-verdicts tr.lowball-row".strip()
    expect(page.locator(f"{rows} td:nth-child(1)")).to_have_text(list(SYSTEMS))
    expect(page.locator(f"{rows} td:nth-child(2)")).to_have_text(list(verdicts))


def read_question(text: str) -> tuple[str, str, str]:
    """Read "System: X / A: cards / B: cards" from the quiz question."""
    found = {key: re.search(rf"^\s*{key}:\s*(.+?)\s*$", text, re.M) for key in ("System", "A", "B")}
    assert all(found.values()), f"cannot read the quiz question {text!r}"
    return found["System"].group(1), found["A"].group(1), found["B"].group(1)


# ---- Voilà ----

def test_serve_app_prints_urls(voila, servers):
    log = servers["voila"].log_path.read_text()
    assert f"{voila}/voila/render/02-three-rankings.ipynb" in log
    assert f"{voila}/" in log


def test_voila_rankings_type_hands(voila, page):
    """Notebook 2: each system's verdict, for the seed pair and for hands typed in."""
    open_voila(page, voila, "02-three-rankings.ipynb", ".lowball-verdicts tr.lowball-row")

    # Default pair: A = 6-4-3-2-A (no pair), B = the wheel 5-4-3-2-A. Ace-to-six (both conventions)
    # counts the wheel as a straight, which loses to any no-pair hand; 2-7 has the ace high, so the
    # lower A-5 beats A-6; A-5 ignores straights, so the wheel is the best hand.
    expect_verdicts(page, (A, A, B, B))
    expect(page.locator(".lowball-agreement")).to_have_text("The systems disagree on this pair.")

    # A = 7-5-4-3-2, B = 6-4-3-2-A: with the ace low B is a 6-low and beats a 7-low;
    # in 2-7 B is ace-high and 7-5-4-3-2 is the best hand there.
    type_into(page, ".lowball-hand-a", "7c 5d 4h 3s 2c")
    type_into(page, ".lowball-hand-b", "Ah 2d 3s 4c 6h")
    expect_verdicts(page, (B, B, A, B))
    expect(page.locator(".lowball-agreement")).to_have_text("The systems disagree on this pair.")

    # Same ranks, other suits: a tie everywhere.
    type_into(page, ".lowball-hand-b", "7d 5h 4s 3c 2d")
    expect_verdicts(page, (TIE, TIE, TIE, TIE))
    expect(page.locator(".lowball-agreement")).to_have_text("All systems agree.")
    shot(page, "voila-02-typed")

    # A bad card: one line next to the field, no table, no traceback.
    type_into(page, ".lowball-hand-a", "6c 4x 3s 2d Ac")
    error = page.locator("span.lowball-error")
    expect(error).to_have_count(1)
    expect(error).to_contain_text("4x")
    assert "\n" not in error.inner_text().strip()
    expect(page.locator(".lowball-verdicts table")).to_have_count(0)
    assert_no_traceback(page)
    shot(page, "voila-02-error")

    # Fixing the hand brings the table back and clears the message.
    type_into(page, ".lowball-hand-a", "6c 4h 3s 2d Ac")
    expect_verdicts(page, (A, A, B, A))
    expect(error).to_have_count(0)
    assert not page.errors, page.errors


def test_voila_quiz_answer(voila, page):
    """Notebook 3: a guess gets "Right!"/"Not quite." with a clause id, and the score follows."""
    open_voila(page, voila, "03-quiz.ipynb", ".lowball-question code")
    question, feedback, score = (page.locator(s) for s in (".lowball-question", ".lowball-feedback",
                                                           ".lowball-score"))
    expect(score).to_have_text("Score: 0 of 0")

    system, a, b = read_question(question.inner_text())
    page.locator(".lowball-guess-a").click()
    expect(feedback).to_have_text(re.compile(r"^(Right!|Not quite\.) \S"))
    text = feedback.inner_text()
    assert CLAUSE.search(text), f"no clause id in parentheses in the feedback {text!r}"
    right = text.startswith("Right!")
    assert right == (compare(a, b, system) == 1), f"{system}: {a} vs {b}: feedback {text!r}"
    expect(score).to_have_text(f"Score: {int(right)} of 1")

    # Next question, answered right on purpose: the score counts it.
    page.locator(".lowball-next").click()
    expect(feedback).to_have_text("")
    expect(score).to_have_text(f"Score: {int(right)} of 1")
    system, a, b = read_question(question.inner_text())
    guess = {1: "a", -1: "b", 0: "tie"}[compare(a, b, system)]
    page.locator(f".lowball-guess-{guess}").click()
    expect(feedback).to_have_text(re.compile(r"^Right! .*\([A-Z]\d+\)"))
    expect(score).to_have_text(f"Score: {int(right) + 1} of 2")
    assert_no_traceback(page)
    assert not page.errors, page.errors


def test_voila_play_hand_to_the_end(voila, page):
    """Notebook 6: play a hand through the buttons; chips are conserved and the PHH is offered."""
    open_voila(page, voila, "06-play.ipynb", ".lowball-status")
    status = page.locator(".lowball-status")
    pot, stacks = parse_status(status.inner_text())
    total = pot + sum(stacks.values())
    assert list(stacks) == ["you", "bot1", "bot2"], stacks   # PlayPanel(players=3): you and two bots

    over = page.locator(".lowball-over")
    clicks = []
    for _ in range(40):
        page.wait_for_function(
            "() => document.querySelector('.lowball-over') || document.querySelector('.lowball-actions button')",
            timeout=STEP_TIMEOUT)
        if over.count():
            break
        for choice in (".lowball-act-cc", ".lowball-act-sd", "button"):   # check/call, stand pat, else first
            button = page.locator(f".lowball-actions {choice}").first
            if button.count():
                break
        clicks.append(button.inner_text())
        handle = button.element_handle()
        button.click()
        # The panel redraws its buttons after every action: wait for the clicked one to go.
        try:
            page.wait_for_function("el => !el.isConnected", arg=handle, timeout=STEP_TIMEOUT)
        except PlaywrightError:
            raise AssertionError(f"clicking {clicks[-1]!r} changed nothing; prompt: "
                                 f"{page.locator('.lowball-prompt').inner_text()!r}") from None
        prompt = page.locator(".lowball-prompt")
        assert prompt.locator(".lowball-error").count() == 0, f"{clicks[-1]!r} refused: {prompt.inner_text()!r}"
    else:
        raise AssertionError(f"the hand did not end after 40 clicks: {clicks}")

    expect(over).to_have_text("The hand is over.")
    expect(page.locator(".lowball-actions button")).to_have_count(0)
    pot, final = parse_status(status.inner_text())
    assert pot == 0, status.inner_text()
    assert sum(final.values()) == total, f"chips not conserved: {final} from {total} (clicked {clicks})"

    phh = page.locator(".lowball-phh textarea").input_value()
    assert 'variant = "FA6L1D"' in phh, phh
    data = tomllib.loads(phh)
    assert data["players"] == list(final)
    assert data["finishing_stacks"] == list(final.values())
    assert sum(data["starting_stacks"]) == total, f"the status said {total} chips, the PHH {data['starting_stacks']}"
    assert list(replay_hand(phh).result.finishing_stacks) == list(final.values())
    href = page.locator("a.lowball-download").get_attribute("href")
    assert href.startswith("data:text/plain;base64,")
    assert base64.b64decode(href.split(",", 1)[1]).decode() == phh
    assert_no_traceback(page)
    assert not page.errors, page.errors


# ---- JupyterLab ----

def wait_for_kernel(page: Page, timeout: float = 60.0) -> None:
    """Wait until the notebook's kernel is idle, accepting a "Select Kernel" dialog if one comes up."""
    status = page.locator("#jp-main-statusbar, .jp-StatusBar-Widget").first
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        dialog = page.locator(".jp-Dialog")
        if dialog.count() and dialog.first.is_visible():
            header = dialog.first.locator(".jp-Dialog-header").inner_text()
            if "kernel" in header.lower():
                dialog.first.locator(".jp-Dialog-button.jp-mod-accept").click()
            else:
                page.keyboard.press("Escape")
        text = status.inner_text() if status.count() else ""
        if "| Idle" in text and "No Kernel" not in text:
            return
        time.sleep(0.25)
    raise AssertionError(f"the kernel was not idle within {timeout:.0f} s; status bar: {text!r}")


def test_lab_run_all_and_type(lab, page):
    """Notebook 2 in JupyterLab: Run > Run All Cells, then one edit of Hand B updates the verdicts."""
    page.goto(f"{lab}/lab/tree/02-three-rankings.ipynb", wait_until="domcontentloaded")
    page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(timeout=RENDER_TIMEOUT)
    wait_for_kernel(page)

    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-item:has(.lm-Menu-itemLabel:text-is('Run All Cells'))").click()
    out = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea"
    page.locator(f"{out} .lowball-verdicts tr.lowball-row").first.wait_for(timeout=RENDER_TIMEOUT)
    expect_verdicts(page, (A, A, B, B), scope=out)
    wait_for_kernel(page)
    expect(page.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0)
    errors = page.locator(f"{out} [data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.all_inner_texts()
    shot(page, "lab-02-run-all")

    # B = 7-5-4-3-2 against A = 6-4-3-2-A: a 6-low beats a 7-low with the ace low; in 2-7 A is ace-high.
    type_into(page, f"{out} .lowball-hand-b", "7c 5d 4h 3s 2c")
    expect_verdicts(page, (A, A, B, A), scope=out)
    expect(page.locator(f"{out} .lowball-agreement")).to_have_text("The systems disagree on this pair.")
    assert not page.errors, page.errors
