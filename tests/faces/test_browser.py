"""Browser tests: the notebooks' panels in Voilà and in JupyterLab, driven by Playwright + Debian's Chromium.

Needs /usr/bin/chromium (``bash scripts/install-chromium.sh``; ``make test`` runs it first). A
missing browser or a server that does not come up fails these tests loudly; they are never skipped.
Screenshots of every page (and the servers' logs) go to artifacts/browser/.

What is covered: each panel in English and switched to Russian (no English word left in it), the
charts as images, a full hand of notebook 6 with "New hand" pressed mid-hand, the Voilà kernels
shut down when their pages are left or closed, no request leaving the machine, a clause link that
opens the rules notebook of its own edition at its clause in Voilà (in a new tab, the lesson keeping
its state and its kernel) and in JupyterLab (the first click on a clause far down included), the
Russian edition opening in Russian with its answers closed, and in JupyterLab Run All.
"""

from __future__ import annotations

import base64
import functools
import re
import time
import tomllib

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.support.browser import (ARTIFACTS, STEP_TIMEOUT, SYSTEMS, english_words, kernels, lab_server, launched_chromium,
                             parse_status, recording_page, safe_name, shoot, voila_server)
from lowball.core.rankings import ranking_system
from lowball.phh.history import replay_hand
from lowball.ranking import compare

READY_TIMEOUT = 120.0      # seconds for a server to answer
RENDER_TIMEOUT = 90_000    # ms for a notebook to execute and show its widget
CULL_IDLE, CULL_INTERVAL = 20, 2   # seconds: the kernel-culling server's settings

A, B, TIE = "hand A wins", "hand B wins", "tie"
CLAUSE = re.compile(r"\([A-Z]\d+\)")
TITLES = {ranking_system(key).title("en"): key for key in SYSTEMS}

# expect() polls for 5 s by default: too short for a kernel round trip on a busy 2-core CI machine.
expect.set_options(timeout=STEP_TIMEOUT)


# ---- fixtures ----

@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """Start Voilà, a second Voilà that culls kernels quickly, and JupyterLab together; stop them after this module."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in [*ARTIFACTS.glob("*.png"), *ARTIFACTS.glob("*.log")]:   # this run's artifacts only
        old.unlink()
    tmp = tmp_path_factory.mktemp("browser")
    made = {"voila": voila_server(tmp / "voila", ARTIFACTS / "voila.log"),
            "culling": voila_server(tmp / "culling", ARTIFACTS / "voila-culling.log", CULL_IDLE, CULL_INTERVAL),
            "lab": lab_server(tmp / "lab", ARTIFACTS / "lab.log")}
    try:
        for server in made.values():
            server.start()
        yield made
    finally:
        for server in made.values():
            server.stop()


def ready(servers, name: str) -> str:
    try:
        return servers[name].wait_ready(READY_TIMEOUT)
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)


@pytest.fixture(scope="module")
def voila(servers) -> str:
    """Base URL of Voilà (scripts/serve-app.sh) serving notebooks/."""
    return ready(servers, "voila")


@pytest.fixture(scope="module")
def lab(servers) -> str:
    """Base URL of JupyterLab serving a copy of notebooks/ and docs/rules/."""
    return ready(servers, "lab")


@pytest.fixture(scope="module")
def browser():
    with launched_chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser, request):
    """A fresh page recording its errors and requests; its screenshot is saved to artifacts/browser/<test>.png."""
    with recording_page(browser, ARTIFACTS / f"{safe_name(request.node.name)}.png") as page:
        yield page


def shot(page: Page, name: str) -> None:
    """Save screenshots of the page and of each panel as artifacts/browser/<name>*.png."""
    shoot(page, ARTIFACTS / name)


# ---- helpers ----

def open_voila(page: Page, base: str, notebook: str, ready_selector: str) -> None:
    """Open a notebook in Voilà (which runs it) and wait until ``ready_selector`` shows."""
    page.goto(f"{base}/voila/render/{notebook}", wait_until="commit", timeout=RENDER_TIMEOUT)
    try:
        page.locator(ready_selector).first.wait_for(timeout=RENDER_TIMEOUT)
    except PlaywrightError:
        text = page.locator("body").inner_text()[-1500:]
        raise AssertionError(f"Voilà did not show {ready_selector} for {notebook} within {RENDER_TIMEOUT // 1000} s; "
                             f"page errors {page.errors}; page text ends:\n{text}") from None


def assert_no_traceback(page: Page) -> None:
    text = page.locator("body").inner_text()
    for bad in ("Traceback", "There was an error when executing cell", "Error:"):
        assert bad not in text, f"{bad!r} on the page:\n{text[:3000]}"


def assert_offline(page: Page, base: str) -> None:
    """Fail if the page asked anything of a host other than the server (a CDN, say)."""
    away = [url for url in page.requests if not url.startswith((base, "data:", "blob:", "about:"))]
    assert not away, f"requests that leave the machine: {sorted(set(away))[:10]}"


def type_into(page: Page, selector: str, text: str) -> None:
    """Replace the text of an ipywidgets Text (its <input> sits inside ``selector``) and leave the field."""
    field = page.locator(f"{selector} input")
    field.fill(text)            # 'input' event: Text widgets update continuously
    field.evaluate("e => e.blur()")  # 'change' event too, as a reader tabbing away would


def expect_verdicts(page: Page, verdicts: tuple[str, str, str, str], scope: str = "") -> None:
    """Wait until the verdict table shows these verdicts for ace-to-six, ace-to-six-ace-low, 2-7, A-5."""
    rows = f"{scope} .lowball-verdicts tr.lowball-row".strip()
    expect(page.locator(f"{rows} td:nth-child(1)")).to_have_text([ranking_system(s).title("en") for s in SYSTEMS])
    expect(page.locator(f"{rows} td:nth-child(2)")).to_have_text(list(verdicts))


def read_question(text: str) -> tuple[str, list[str]]:
    """Read the quiz question: the system (from its title) and the hands, "A: 7♥ 5♦ 4♥ 3♣ 2♦" and so on."""
    system = next((key for title, key in TITLES.items() if title in text), None)
    hands = [m.group(1) for m in re.finditer(r"^\s*[A-D]:\s*(.+?)\s*$", text, re.M)]
    assert system and len(hands) >= 2, f"cannot read the quiz question {text!r}"
    return system, hands


def panel_text(page: Page) -> str:
    """Return what the reader can read in every panel of the page (hidden elements and text areas aside)."""
    return " | ".join(page.locator(".lowball-panel").all_inner_texts())


def to_russian(page: Page, marker: str) -> None:
    """Switch every panel of the page to Russian and wait until ``marker`` shows."""
    for switch in page.locator(".lowball-lang button", has_text="Русский").all():
        switch.click()
    expect(page.locator(".lowball-panel").first).to_contain_text(marker)


def assert_all_russian(page: Page) -> None:
    text = panel_text(page)
    assert re.search("[а-яё]", text), f"no Russian on the panels:\n{text[:1000]}"
    left = english_words(text)
    assert not left, f"English left on the Russian panels: {sorted(set(left))}\n{text[:3000]}"


def play_to_the_end(page: Page) -> list[str]:
    """Click through a hand of notebook 6 (check or call, stand pat, else the first button) until it is over."""
    over = page.locator(".lowball-over")
    clicks = []
    for _ in range(40):
        page.wait_for_function(
            "() => document.querySelector('.lowball-over') || document.querySelector('.lowball-actions button')",
            timeout=STEP_TIMEOUT)
        if over.count():
            return clicks
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
    raise AssertionError(f"the hand did not end after 40 clicks: {clicks}")


def check_the_finished_hand(page: Page, total: int) -> dict[str, int]:
    """Check a finished hand of notebook 6: chips conserved, the PHH offered, and it replays to the same stacks."""
    expect(page.locator(".lowball-over")).to_have_text("The hand is over.")
    expect(page.locator(".lowball-actions button")).to_have_count(0)
    pot, final, _ = parse_status(page.locator(".lowball-status").inner_text())
    assert pot == 0
    assert sum(final.values()) == total, f"chips not conserved: {final} from {total}"
    phh = page.locator(".lowball-phh textarea").input_value()
    assert 'variant = "FA6L1D"' in phh, phh
    data = tomllib.loads(phh)
    assert data["players"] == list(final) and data["finishing_stacks"] == list(final.values())
    assert list(replay_hand(phh).result.finishing_stacks) == list(final.values())
    href = page.locator("a.lowball-download").get_attribute("href")
    assert href.startswith("data:text/plain;base64,") and base64.b64decode(href.split(",", 1)[1]).decode() == phh
    return final


# ---- Voilà ----

def test_serve_app_prints_urls(voila, servers):
    log = servers["voila"].log_path.read_text()
    assert f"{voila}/voila/render/02-three-rankings.ipynb" in log
    assert f"{voila}/" in log


def test_voila_rankings_type_hands(voila, page):
    """Notebook 2: each system's verdict, for the seed pair and for hands typed in; bad and shared cards refused."""
    open_voila(page, voila, "02-three-rankings.ipynb", ".lowball-verdicts tr.lowball-row")

    # Default pair: A = 6-4-3-2-A (no pair), B = the wheel 5-4-3-2-A. Ace-to-six (both conventions)
    # counts the wheel as a straight, which loses to any no-pair hand; 2-7 has the ace high, so the
    # lower A-5 beats A-6; A-5 ignores straights, so the wheel is the best hand.
    expect_verdicts(page, (A, A, B, B))
    expect(page.locator(".lowball-agreement")).to_have_text("The systems disagree on this pair.")
    expect(page.locator(".lowball-static-note").first).to_be_hidden()     # live here: no "static copy" note

    # A = 7-5-4-3-2, B = 6-4-3-2-A: with the ace low B is a 6-low and beats a 7-low;
    # in 2-7 B is ace-high and 7-5-4-3-2 is the best hand there.
    type_into(page, ".lowball-hand-a", "7c 5d 4h 3s 2c")
    type_into(page, ".lowball-hand-b", "Ah 2d 3c 4s 6h")
    expect_verdicts(page, (B, B, A, B))

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

    # The same card in both hands: refused with the card named.
    type_into(page, ".lowball-hand-a", "7d 6h 4h 3s 2c")
    expect(error).to_contain_text("7♦ is in both hands")
    shot(page, "voila-02-error")

    # Fixing the hand brings the table back and clears the message.
    type_into(page, ".lowball-hand-a", "6c 4h 3s 2h Ac")
    expect_verdicts(page, (A, A, B, A))
    expect(error).to_have_count(0)

    # A seed case from the dropdown, then typing: the dropdown goes back to "(your own hands)".
    page.locator(".lowball-examples select").select_option(index=2)
    expect(page.locator(".lowball-hand-b input")).to_have_value("7♠ 5♠ 4♠ 3♠ A♠")
    type_into(page, ".lowball-hand-a", "9c 8d 6h 4s 2c")
    chosen = page.locator(".lowball-examples select option:checked")
    expect(chosen).to_have_text(re.compile(r"^\(your\s+own\s+hands\)$"))
    assert not page.errors, page.errors
    assert_offline(page, voila)


def answer_which_wins(page: Page, system: str, hands: list[str], right: bool) -> None:
    truth = compare(hands[0], hands[1], system)
    wrong = {1: -1, -1: 1, 0: 1}[truth]
    guess = {1: "a", -1: "b", 0: "tie"}[truth if right else wrong]
    page.locator(f".lowball-guess-{guess}").click()


def test_voila_quiz_answer(voila, page):
    """Notebook 3: a guess gets "Right!"/"Not quite" with a clause id; a wrong one names the winner; the score follows."""
    open_voila(page, voila, "03-quiz.ipynb", ".lowball-question")
    page.locator(".lowball-quiz-kind select").select_option(label="which wins?")
    question, feedback, score = (page.locator(s) for s in (".lowball-question", ".lowball-feedback",
                                                           ".lowball-score"))
    expect(question).to_contain_text("Which hand wins")
    expect(score).to_have_text("Score: 0 of 0")
    before = page.locator(".lowball-panel").inner_text()
    assert not re.search(r"Right!|Not quite|hand [AB] wins", before), "the answer is on the page before answering"

    system, hands = read_question(question.inner_text())
    answer_which_wins(page, system, hands, right=False)
    expect(feedback).to_have_text(re.compile(r"^Not quite: (hand [AB] wins, \S+|they tie)\. "))
    text = feedback.inner_text()
    assert CLAUSE.search(text), f"no clause id in parentheses in the feedback {text!r}"
    expect(score).to_contain_text("Score: 0 of 1 · to practise again: 1")

    # Next question, answered right on purpose: the score counts it. The question and the cleared feedback reach
    # the page in separate widget messages: wait for the new question itself before reading it.
    asked = question.inner_text()
    page.locator(".lowball-next").click()
    expect(feedback).to_have_text("")
    expect(question).not_to_have_text(asked)
    system, hands = read_question(question.inner_text())
    answer_which_wins(page, system, hands, right=True)
    expect(feedback).to_have_text(re.compile(r"^Right! .*\([A-Z]\d+\)"))
    expect(score).to_contain_text("Score: 1 of 2")

    # A "rank these" question, clicked from the best to the worst.
    page.locator(".lowball-quiz-kind select").select_option(label="rank these")
    expect(question).to_contain_text("click the hands from the best to the worst")
    system, hands = read_question(question.inner_text())
    order = sorted(range(len(hands)), key=functools.cmp_to_key(lambda i, j: -compare(hands[i], hands[j], system)))
    for index in order:
        page.locator(f".lowball-pick-{'abcd'[index]}").click()
    expect(feedback).to_have_text(re.compile(r"^Right! "))
    expect(score).to_contain_text("Score: 2 of 3")
    assert_no_traceback(page)
    assert not page.errors, page.errors
    assert_offline(page, voila)


def test_voila_play_hand_to_the_end(voila, page):
    """Notebook 6: play a hand through the buttons; chips are conserved and the PHH is offered."""
    open_voila(page, voila, "06-play.ipynb", ".lowball-status")
    pot, stacks, dealer = parse_status(page.locator(".lowball-status").inner_text())
    total = pot + sum(stacks.values())
    assert list(stacks) == ["you", "Lena", "Misha"] and dealer == "Misha", (stacks, dealer)
    expect(page.locator(".lowball-narration")).to_contain_text("You post an ante of 1 (T2)")
    clicks = play_to_the_end(page)
    check_the_finished_hand(page, total)
    story = page.locator(".lowball-narration").inner_text().lower()
    assert "you posts" not in story and "you is " not in story and "you wins" not in story, clicks
    assert_no_traceback(page)
    assert not page.errors, page.errors


def test_voila_new_hand_mid_hand_then_a_full_hand(voila, page):
    """Notebook 6: "New hand" in the middle of a hand gives it up (no refund) and moves the button; then a full hand."""
    open_voila(page, voila, "06-play.ipynb", ".lowball-status")
    status = page.locator(".lowball-status")
    pot, stacks, dealer = parse_status(status.inner_text())
    total, start = pot + sum(stacks.values()), stacks["you"] + 1          # the ante is in the pot already
    bet = page.locator(".lowball-actions button").last                     # bet 1: chips go in mid-hand
    assert bet.inner_text().startswith("Bet"), bet.inner_text()
    bet.click()
    expect(page.locator(".lowball-turn")).to_be_visible()                 # still our hand, still going
    expect(page.locator(".lowball-over")).to_have_count(0)
    shot(page, "voila-06-mid-hand")

    page.locator(".lowball-new-hand").click()
    notice = page.locator(".lowball-notice")
    expect(notice).to_contain_text("You gave up the last hand")
    change = int(re.search(r"\(([+-]?\d+)\)", notice.inner_text()).group(1))
    pot, stacks, new_dealer = parse_status(status.inner_text())
    assert new_dealer != dealer and new_dealer == "you", f"the button did not move one seat: {dealer} -> {new_dealer}"
    assert pot + sum(stacks.values()) == total, "chips appeared or vanished through the given-up hand"
    assert stacks["you"] + 1 == start + change, f"the given-up hand was refunded: {stacks} after {change:+d}"
    shot(page, "voila-06-after-new-hand")

    play_to_the_end(page)
    check_the_finished_hand(page, total)
    shot(page, "voila-06-full-hand")
    assert_no_traceback(page)
    assert not page.errors, page.errors
    assert_offline(page, voila)


def step_to_the_end(page: Page) -> None:
    """Press "Next step" of notebook 1's panel until the hand is over (the button is then disabled)."""
    step = page.locator(".lowball-step")
    for _ in range(30):
        if step.is_disabled():
            return
        lines = page.locator(".lowball-narration li").count()
        step.click()
        page.wait_for_function(f"() => document.querySelectorAll('.lowball-narration li').length > {lines}")
    raise AssertionError("the stepped hand never ended")


# Each notebook with panels, how to tell its panel has rendered, a word that shows it is Russian, and
# something to do in Russian so that messages and results are drawn in Russian too.
RUSSIAN = [
    ("01-teaching-table.ipynb", ".lowball-narration", "Следующий шаг", lambda p: step_to_the_end(p)),
    ("02-three-rankings.ipynb", ".lowball-verdicts tr.lowball-row", "Сдать две руки",
     lambda p: type_into(p, ".lowball-hand-b", "7c 6x 4h 3s 2c")),
    ("03-quiz.ipynb", ".lowball-question", "Следующий вопрос",
     lambda p: (p.locator(".lowball-quiz-kind select").select_option(index=1),
                p.locator(".lowball-guess-tie").click())),
    ("05-draw-decisions.ipynb", ".lowball-odds tr.lowball-row", "Лучший обмен",
     lambda p: p.locator(".lowball-best").click()),
    ("06-play.ipynb", ".lowball-status", "Новая раздача",
     lambda p: (p.locator(".lowball-new-hand").click(), p.locator(".lowball-notice").wait_for())),
    ("07-proofs.ipynb", ".lowball-proofs tr.lowball-row", "Проверить гарантии",
     lambda p: (p.locator(".lowball-slider-raises .ui-slider-handle, .lowball-slider-raises [role=slider]").first
                .press("ArrowRight"),
                p.locator(".lowball-stale").wait_for(), p.locator(".lowball-check").click(),
                p.locator(".lowball-proofs tr.lowball-row").first.wait_for())),
]


@pytest.mark.parametrize("notebook, ready_selector, marker, act", RUSSIAN, ids=[r[0][:2] for r in RUSSIAN])
def test_voila_every_panel_switches_to_russian(voila, page, notebook, ready_selector, marker, act):
    """Every panel, switched to Russian, shows no English word (cards, clause ids and "English" aside)."""
    open_voila(page, voila, notebook, ready_selector)
    shot(page, f"voila-{notebook[:2]}-en")
    to_russian(page, marker)
    act(page)
    page.wait_for_timeout(500)
    expect(page.locator(".lowball-panel").first).to_contain_text(marker)
    assert_all_russian(page)
    shot(page, f"voila-{notebook[:2]}-ru")
    assert_no_traceback(page)
    assert not page.errors, page.errors


def test_voila_russian_numbers_use_a_thin_space(voila, page):
    open_voila(page, voila, "02-three-rankings.ipynb", ".lowball-verdicts tr.lowball-row")
    to_russian(page, "выигрывает")
    expect(page.locator(".lowball-verdicts")).to_contain_text("стрит (5\u202f854)")


@pytest.mark.parametrize("notebook, at_least", [("05-draw-decisions.ipynb", 4), ("08-numbers.ipynb", 1)])
def test_voila_charts_are_images(voila, page, notebook, at_least):
    """Every chart is an image that loaded; no figure's repr anywhere on the page."""
    open_voila(page, voila, notebook, "img")
    page.wait_for_load_state("load")
    images = page.locator("img")
    expect(images.nth(at_least - 1)).to_be_attached()
    sizes = images.evaluate_all("els => els.map(e => [e.complete, e.naturalWidth])")
    assert len(sizes) >= at_least and all(done and width > 100 for done, width in sizes), sizes
    assert "<Figure" not in page.locator("body").inner_text()
    shot(page, f"voila-{notebook[:2]}-charts")
    assert_offline(page, voila)


def test_voila_kernels_are_shut_down_when_pages_are_left(servers, browser):
    """Kernels of pages left (navigated away or closed) stop at once; one whose page vanished is culled when idle."""
    base = ready(servers, "culling")
    server = servers["culling"]
    assert kernels(server) == []
    contexts = [browser.new_context() for _ in range(3)]
    pages = [context.new_page() for context in contexts]
    notebooks = ["00-start-here.ipynb", "02-three-rankings.ipynb", "01-teaching-table.ipynb"]
    for p, notebook in zip(pages, notebooks):          # open all three at once: each page starts a kernel
        p.set_default_timeout(STEP_TIMEOUT)
        p.goto(f"{base}/voila/render/{notebook}", wait_until="commit")
    for p in pages:
        p.locator(".jp-OutputArea-output").first.wait_for(timeout=RENDER_TIMEOUT)
    assert len(kernels(server)) == 3, kernels(server)

    pages[0].goto("about:blank")                 # the reader follows a link away
    pages[1].close(run_before_unload=True)       # the reader closes the tab
    deadline = time.monotonic() + 15
    while len(kernels(server)) > 1 and time.monotonic() < deadline:
        time.sleep(0.25)
    assert len(kernels(server)) == 1, f"pages left, kernels still running: {kernels(server)}"

    contexts[2].close()                          # the tab vanishes without a word (a crash, a killed browser)
    deadline = time.monotonic() + CULL_IDLE + 3 * CULL_INTERVAL + 15
    while kernels(server) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert kernels(server) == [], "the idle kernel of a vanished page was never culled"
    for context in contexts[:2]:
        context.close()
    log = server.log_path.read_text()
    assert "Culling 'idle' kernel" in log and log.count("Kernel shutdown") >= 3


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


def test_lab_run_all_type_and_follow_a_clause_link(lab, page):
    """Notebook 2 in JupyterLab: Run All, one edit of Hand B updates the verdicts; a clause link opens its page."""
    page.goto(f"{lab}/lab/tree/notebooks/02-three-rankings.ipynb", wait_until="domcontentloaded")
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
    expect(page.locator(f"{out} .lowball-static-note").first).to_be_hidden()
    shot(page, "lab-02-run-all")

    # B = 7-5-4-3-2 against A = 6-4-3-2-A: a 6-low beats a 7-low with the ace low; in 2-7 A is ace-high.
    type_into(page, f"{out} .lowball-hand-b", "7c 5d 4s 3h 2c")
    expect_verdicts(page, (A, A, B, A), scope=out)
    expect(page.locator(f"{out} .lowball-agreement")).to_have_text("The systems disagree on this pair.")

    # An answer waits closed under "Answer" and opens on a click.
    answer = page.locator(".jp-RenderedMarkdown details").last
    expect(answer.locator("ol")).to_be_hidden()
    answer.locator("summary").click()
    expect(answer.locator("ol")).to_be_visible()

    # A clause link of the prose opens the rules notebook beside it, inside JupyterLab, at the clause: the
    # digest's words and the seed's sentence (it used to open the docs page's raw MyST source).
    link = page.locator(".jp-RenderedMarkdown a", has_text=re.compile(r"^H4$")).first
    href = link.get_attribute("href")             # JupyterLab writes it as the file's address: /files/...#h4
    assert "notebooks/rules.ipynb" in href and href.endswith("#cell-id=H4"), href
    link.click()
    expect(page.locator(".lm-TabBar-tab.lm-mod-current", has_text="rules.ipynb")).to_be_visible()
    clause = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown",
                          has_text="A-K-Q-J-10 is the highest straight").first
    expect(clause).to_be_in_viewport()
    expect(clause).to_contain_text("«")                   # the seed's own sentence, in Russian
    shot(page, "lab-02-clause-link")
    assert not page.errors, page.errors


# ---- clause links, answers and the Russian edition ----

def narrated(page: Page) -> int:
    return page.locator(".lowball-narration li").count()


def follow_in_a_new_tab(page: Page, href: str) -> Page:
    """Click the clause link ``href`` of a Voilà page; return the tab it opened (the lesson stays in its own)."""
    link = page.locator(f"a[href='{href}']").first
    link.scroll_into_view_if_needed()
    lesson = page.url
    with page.context.expect_page(timeout=RENDER_TIMEOUT) as opened:
        link.click()
    rules = opened.value
    assert link.get_attribute("target") == "_blank" and link.get_attribute("rel") == "noopener"
    assert rules.evaluate("() => window.opener === null"), "the rules' tab can reach back into the lesson's"
    rules.errors = []
    rules.on("pageerror", lambda err: rules.errors.append(str(err)))
    assert page.url == lesson, f"the lesson's tab left for {page.url}"
    return rules


def test_voila_a_clause_link_opens_the_rules_notebook_at_the_clause_in_a_new_tab_and_the_lesson_keeps_its_state(
        voila, page):
    """Notebook 1 in Voilà: the T5 link opens rules.ipynb scrolled to T5 (it was a 404: Voilà serves notebooks/), in
    a new tab. It used to replace the lesson: leaving the page ended its kernel, and Back ran the notebook again,
    losing the half-played hand. The lesson's hand stays where it was, and its kernel still answers."""
    open_voila(page, voila, "01-teaching-table.ipynb", ".lowball-step")
    step = page.locator(".lowball-step").first
    for _ in range(3):
        lines = narrated(page)
        step.click()
        page.wait_for_function(f"() => document.querySelectorAll('.lowball-narration li').length > {lines}")
    played = narrated(page)
    rules = follow_in_a_new_tab(page, "rules.ipynb#cell-id=T5")
    rules.wait_for_url(re.compile(r"/rules\.ipynb#cell-id=T5$"), timeout=RENDER_TIMEOUT)
    rules.locator("[id='T5']").wait_for(state="attached", timeout=RENDER_TIMEOUT)
    expect(rules.locator("h3", has_text="T5").first).to_be_in_viewport()
    body = rules.locator("body").inner_text()
    assert "13" in body and "«" in body and "404" not in rules.title(), rules.title()
    shot(rules, "voila-rules-t5")
    assert narrated(page) == played                                 # the half-played hand is still there
    step.click()                                                    # and the lesson's kernel still answers
    page.wait_for_function(f"() => document.querySelectorAll('.lowball-narration li').length > {played}")
    shot(page, "voila-01-after-the-clause-link")
    assert_offline(page, voila)
    assert not page.errors and not rules.errors, (page.errors, rules.errors)
    rules.close()


def test_voila_the_russian_edition_opens_in_russian_with_its_answers_closed(voila, page):
    """notebooks/ru/02: the panel is Russian from the start (no switch pressed), the prose Russian, answers closed; the
    H4 link opens the Russian rules notebook (notebooks/ru/rules.ipynb) at H4 in a new tab, and the lesson keeps the
    reader's hand B, its open answer and its kernel."""
    open_voila(page, voila, "ru/02-three-rankings.ipynb", ".lowball-verdicts tr.lowball-row")
    panel = page.locator(".lowball-panel").first
    expect(panel.locator(".lowball-agreement")).to_have_text("На этой паре системы расходятся.")
    assert_all_russian(page)
    answer = page.locator("details").last
    expect(answer.locator("summary")).to_have_text("Ответы")
    expect(answer.locator("ol")).to_be_hidden()
    answer.locator("summary").click()
    expect(answer.locator("ol")).to_be_visible()
    verdicts = page.locator(".lowball-verdicts tr.lowball-row td:nth-child(2)")
    shown, hand_b = verdicts.all_inner_texts(), page.locator(".lowball-hand-b input").input_value()
    type_into(page, ".lowball-hand-b", "7c 5d 4s 3h 2c")            # the reader's own hand B: 2-7 changes its mind
    expect(verdicts).not_to_have_text(shown)
    typed, typed_b = verdicts.all_inner_texts(), page.locator(".lowball-hand-b input").input_value()
    rules = follow_in_a_new_tab(page, "rules.ipynb#cell-id=H4")     # the edition's own rules, in a new tab
    rules.wait_for_url(re.compile(r"/ru/rules\.ipynb#cell-id=H4$"), timeout=RENDER_TIMEOUT)
    expect(rules.locator("h3", has_text="H4").first).to_be_in_viewport()
    expect(rules.locator("body")).to_contain_text("старший стрит")
    shot(rules, "voila-ru-02-and-rules")
    expect(answer.locator("ol")).to_be_visible()                    # the lesson is as the reader left it
    expect(verdicts).to_have_text(typed)
    expect(page.locator(".lowball-hand-b input")).to_have_value(typed_b)
    type_into(page, ".lowball-hand-b", hand_b)                      # and its kernel still answers
    expect(verdicts).to_have_text(shown)
    shot(page, "voila-ru-02-after-the-clause-link")
    assert not page.errors and not rules.errors, (page.errors, rules.errors)
    rules.close()


def open_clause_in_lab(page: Page, lab: str, notebook: str, clause: str, reload: bool = False):
    """Open ``notebook`` in JupyterLab (with File > Open from Path when JupyterLab is open already: no reload; by its
    address when ``reload``, the tabs of before restored), click its first link to ``clause``; return the tab that is
    current then. (Not the file browser: its listing changes under a double click, and notebooks/ and notebooks/ru/
    hold the same names, one row apart.)"""
    if "/lab" not in page.url or reload:
        page.goto(f"{lab}/lab/tree/{notebook}", wait_until="domcontentloaded")
    else:
        page.locator(".lm-MenuBar-item", has_text=re.compile(r"^File$")).click()
        page.locator(".lm-Menu-item:has(.lm-Menu-itemLabel:text-is('Open from Path…'))").click()
        dialog = page.locator(".jp-Dialog")
        dialog.locator("input").fill(notebook)
        dialog.locator(".jp-Dialog-button.jp-mod-accept").click()
    expect(page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current")).to_have_attribute(
        "title", re.compile(rf"\nPath: {re.escape(notebook)}(\n|$)"), timeout=RENDER_TIMEOUT)
    link = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown a",
                        has_text=re.compile(rf"^{clause}$")).first
    link.wait_for(timeout=RENDER_TIMEOUT)
    link.scroll_into_view_if_needed()
    link.click()
    tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current")
    expect(tab).to_contain_text("rules.ipynb", timeout=RENDER_TIMEOUT)
    return tab


# Is the clause's heading in the upper half of the current notebook's own scrolling window? (Playwright's
# to_be_in_viewport asks only whether it is inside the browser's window: under the toolbar counts.)
CLAUSE_IN_THE_NOTEBOOKS_WINDOW = """clause => {
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    const outer = panel && panel.querySelector('.jp-WindowedPanel-outer');
    const head = panel && [...panel.querySelectorAll('.jp-RenderedMarkdown h3')]
        .find(h => h.textContent.split(/[\\s·¶]/)[0] === clause);
    if (!outer || !head) { return false; }
    const window = outer.getBoundingClientRect(), top = head.getBoundingClientRect().top;
    return top >= window.top - 2 && top <= window.top + window.height / 2;
}"""


def expect_clause_at_the_top(page: Page, clause: str) -> None:
    """Wait until the clause's heading is at the top of the notebook's window, and check it stays there."""
    page.wait_for_function(CLAUSE_IN_THE_NOTEBOOKS_WINDOW, arg=clause, timeout=RENDER_TIMEOUT)
    page.wait_for_timeout(1500)                  # the cells drawn later must not push it away
    assert page.evaluate(CLAUSE_IN_THE_NOTEBOOKS_WINDOW, clause), f"{clause} left the notebook's window"


def test_lab_the_first_click_on_a_far_clause_lands_at_it_in_the_links_own_edition(lab, page):
    """N6 in notebook 12 and O5 in notebook 14, 106 and 172 cells down the rules notebook: a first click could leave
    the clause out of sight (O5 showed part A's T1; in a rules notebook restored in its tab after a reload, the
    Russian O5 showed P1-P4, "Cell 1/189"), since JupyterLab sets the fragment once, before the cells above the
    clause are drawn; scripts/lab/README.md has the fix. And with both editions open, the Russian N6 link was seen
    to show the English rules notebook: each click's tab is checked for its path and its words. Each click lands
    at the clause, in its own edition, in a laptop's window."""
    page.set_viewport_size({"width": 1024, "height": 640})
    clicks = (("12-the-lowball-family", "N6", False, "BARGE's worked figure", "Пример с расчётом у BARGE"),
              ("14-real-hands", "O5", True, "Amounts", "Суммы"))
    for name, clause, reload, english, russian in clicks:
        for edition, words in (("", english), ("ru/", russian)):
            open_clause_in_lab(page, lab, f"notebooks/{edition}{name}.ipynb", clause, reload=reload and not edition)
            if not edition:
                assert page.evaluate("() => 'lowball-clause-links' in (window._JUPYTERLAB || {})"), \
                    "JupyterLab runs without scripts/lab/labextensions"
            page.wait_for_url(re.compile(rf"/lab/tree/notebooks/{edition}rules\.ipynb"), timeout=RENDER_TIMEOUT)
            expect(page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current")).to_have_attribute(
                "title", re.compile(rf"\nPath: notebooks/{edition}rules\.ipynb(\n|$)"))
            expect_clause_at_the_top(page, clause)
            cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown",
                                has=page.locator("h3", has_text=re.compile(rf"^{clause}\b"))).first
            expect(cell).to_contain_text(words)
            shot(page, f"lab-{name[:2]}-{edition.strip('/') or 'en'}-{clause.lower()}")
    assert not page.errors, page.errors
