"""Browser tests of notebooks 9-14 (a game each, the solved table, real hands) in Voilà, by Playwright + Chromium.

Needs /usr/bin/chromium (``bash scripts/install-chromium.sh``; ``make test`` runs it first); a missing
browser or a server that does not come up fails these tests, never skips them. The servers and the
page reading come from tests/support/browser.py. Screenshots of each page and of each panel, in
English and in Russian, go to artifacts/browser/games/.

What is covered, for each notebook: a hand stepped through to the end in the panel (and replayed at
the other table), the Russian switch of every panel with no English word left, the charts as images
that loaded (never a figure's repr), typing into the odds and split panels, and no request leaving
the machine; for notebook 14, a room's hand pasted and a history file uploaded, judged and told line
by line in both languages (the room's own lines stay as the room wrote them).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from tests.support.browser import (ARTIFACTS, ROOT, STEP_TIMEOUT, english_words, launched_chromium, recording_page, safe_name,
                             running_voila, shoot)

READY_TIMEOUT = 120.0      # seconds for the server to answer
RENDER_TIMEOUT = 90_000    # ms for a notebook to execute and show its panels
# This module's screenshots and log: a folder of their own, so that tests/faces/test_browser.py (which clears
# artifacts/browser/*.png when it starts) and this module never remove each other's.
SHOTS = ARTIFACTS / "games"

expect.set_options(timeout=STEP_TIMEOUT)


# ---- fixtures ----

@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """Base URL of Voilà (scripts/serve-app.sh) serving notebooks/; stopped, with its kernels, after the module."""
    with running_voila(tmp_path_factory.mktemp("voila-games"), SHOTS, READY_TIMEOUT) as server:
        yield server.base


@pytest.fixture(scope="module")
def browser():
    with launched_chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser, request):
    """A fresh page recording its errors and requests; its screenshot is saved to artifacts/browser/games/."""
    with recording_page(browser, SHOTS / f"{safe_name(request.node.name)}.png") as page:
        yield page


# ---- helpers ----

def open_voila(page: Page, base: str, notebook: str, panels: int) -> list[Locator]:
    """Open a notebook in Voilà (which runs it) and wait until its ``panels`` panels show; return them in order."""
    # Voilà sends the page once the notebook has run: the wait for it is the notebook's, not a step's.
    page.goto(f"{base}/voila/render/{notebook}", wait_until="domcontentloaded", timeout=RENDER_TIMEOUT)
    found = page.locator(".lowball-panel")
    try:
        found.nth(panels - 1).wait_for(timeout=RENDER_TIMEOUT)
    except PlaywrightError:
        text = page.locator("body").inner_text()[-1500:]
        raise AssertionError(f"Voilà did not show {panels} panels for {notebook} within {RENDER_TIMEOUT // 1000} s; "
                             f"page errors {page.errors}; page text ends:\n{text}") from None
    assert found.count() == panels, f"{notebook}: {found.count()} panels, expected {panels}"
    return [found.nth(i) for i in range(panels)]


def shot(page: Page, name: str) -> None:
    """Save screenshots of the page and of each panel as artifacts/browser/games/<name>*.png."""
    shoot(page, SHOTS / name)


def step_to_the_end(panel: Locator, most: int = 120) -> int:
    """Press the panel's "Next step" until it is disabled (the hand is over or stopped); return the presses."""
    step = panel.locator(".lowball-step button, button.lowball-step").first
    lines = panel.locator(".lowball-narration li")
    for presses in range(most):
        if step.is_disabled():
            return presses
        before = lines.count()
        step.click()
        # Each press adds a line, or (a refusal) disables the button.
        panel.page.wait_for_function(
            "([el, n, button]) => el.querySelectorAll('.lowball-narration li').length !== n || button.disabled",
            arg=[panel.element_handle(), before, step.element_handle()], timeout=STEP_TIMEOUT)
    raise AssertionError(f"the hand did not end after {most} presses")


def choose(panel: Locator, selector: str, label: str) -> None:
    """Click the toggle button labelled ``label`` inside ``selector`` of a panel."""
    panel.locator(f"{selector} button", has_text=label).first.click()


def to_russian(page: Page) -> None:
    """Switch every panel of the page to Russian, and wait until each has redrawn itself (a kernel round trip)."""
    for switch in page.locator(".lowball-lang button", has_text="Русский").all():
        switch.click()
    for panel in page.locator(".lowball-panel").all():
        deadline = time.monotonic() + STEP_TIMEOUT / 1000
        while english_words(panel.inner_text()) and time.monotonic() < deadline:
            page.wait_for_timeout(200)


def assert_all_russian(page: Page) -> None:
    text = " | ".join(page.locator(".lowball-panel").all_inner_texts())
    assert re.search("[а-яё]", text), f"no Russian on the panels:\n{text[:1000]}"
    left = english_words(text)
    assert not left, f"English left on the Russian panels: {sorted(set(left))}\n{text[:3000]}"


def assert_clean(page: Page, base: str) -> None:
    """No traceback or figure repr on the page, no page error, and nothing asked of another host."""
    text = page.locator("body").inner_text()
    for bad in ("Traceback", "There was an error when executing cell", "<Figure"):
        assert bad not in text, f"{bad!r} on the page:\n{text[:3000]}"
    assert not page.errors, page.errors
    away = [url for url in page.requests if not url.startswith((base, "data:", "blob:", "about:"))]
    assert not away, f"requests that leave the machine: {sorted(set(away))[:10]}"


def assert_images(page: Page, at_least: int) -> None:
    """Every image on the page loaded and is wider than 100 pixels; there are at least ``at_least``."""
    page.wait_for_load_state("load")
    images = page.locator("img")
    expect(images.nth(at_least - 1)).to_be_attached()
    page.wait_for_function("() => [...document.images].every(i => i.complete)")
    sizes = images.evaluate_all("els => els.map(e => [e.complete, e.naturalWidth])")
    assert len(sizes) >= at_least and all(done and width > 100 for done, width in sizes), sizes


# ---- notebook 9 ----
# Notebook 9 solves its best-play questions as it runs (tens of seconds), so its three tests share one page,
# opened once: each works a panel of its own, and the test that switches every panel to Russian comes last.

@pytest.fixture(scope="module")
def notebook_09(voila, browser):
    """The page of notebook 9 in Voilà and its three panels (the hand, the odds, the cap)."""
    with recording_page(browser, SHOTS / "09-page.png") as page:
        yield page, open_voila(page, voila, "09-deuce-to-seven-triple-draw.ipynb", panels=3)


def test_voila_09_odds_over_three_draws_as_a_chart(voila, notebook_09):
    """K2, K8: the odds panel's table and chart follow the hand typed; the notebook's charts are images."""
    page, (_, odds, _) = notebook_09
    table = odds.locator(".lowball-many-odds")
    expect(table).to_contain_text("17.0%")
    assert_images(page, 3)                                   # two charts in the notebook, one in the panel
    field = odds.locator(".lowball-many-discard input")
    field.fill("K♠ Q♦")
    field.evaluate("e => e.blur()")
    odds.locator(".lowball-many-hand input").fill("7♣ 5♦ 2♠ K♠ Q♦")
    odds.locator(".lowball-many-hand input").evaluate("e => e.blur()")
    expect(table).to_contain_text("12.9%")                   # two cards to 7-5-2: a seven within three draws
    odds.locator(".lowball-many-discard input").fill("Q♣")
    odds.locator(".lowball-many-discard input").evaluate("e => e.blur()")
    expect(odds.locator(".lowball-error")).to_contain_text("cannot discard")
    shot(page, "09-odds")
    odds.locator(".lowball-many-discard input").fill("K♠ Q♦")            # put right, the error goes
    odds.locator(".lowball-many-discard input").evaluate("e => e.blur()")
    expect(odds.locator(".lowball-error")).to_have_count(0)
    expect(table).to_contain_text("12.9%")
    assert_clean(page, voila)


def test_voila_09_the_cap_stops_at_the_card_room_table_and_not_in_phh(voila, notebook_09):
    """G1 against P1: the fourth raise before the first draw, refused at the card rooms, legal in PHH."""
    page, (_, _, cap) = notebook_09
    step_to_the_end(cap)
    refusal = cap.locator(".lowball-refusal")
    expect(refusal).to_contain_text("Olga may not raise to 10")
    expect(refusal).to_contain_text("(G1)")
    choose(cap, ".lowball-lang", "Русский")
    expect(refusal).to_contain_text("Оля не может повысить до 10")
    choose(cap, ".lowball-table-choice", "PHH")
    expect(cap.locator(".lowball-narration li")).to_have_count(2)            # the hand starts again
    step_to_the_end(cap)
    expect(refusal).to_have_text("")
    expect(cap.locator(".lowball-status")).to_contain_text("Раздача окончена.")
    assert_clean(page, voila)


def test_voila_09_triple_draw_stepped_at_both_tables_in_english_and_russian(voila, notebook_09):
    """K3, K5, K8: the hand of three players with blinds and three draws; P3: replayed at the PHH table."""
    page, (main, odds, cap) = notebook_09
    story, status = main.locator(".lowball-narration"), main.locator(".lowball-status")
    expect(story).to_contain_text("Lena posts the small blind of 1 (K3)")
    expect(main.locator(".lowball-static-note")).to_be_hidden()              # live here: no "static copy" note
    step_to_the_end(main)
    expect(story).to_contain_text("Olga wins the pot of 42 with the lowest hand (K1)")
    expect(story).to_contain_text("Olga raises to 8: the first raise; there is no cap now")
    expect(status).to_contain_text("The hand is over.")
    expect(main.locator(".lowball-seats")).to_contain_text("result +24")
    shot(page, "09-en")

    choose(main, ".lowball-table-choice", "PHH")                              # the same decisions at F2L3D
    expect(story.locator("li")).to_have_count(2)
    step_to_the_end(main)
    text = story.inner_text()
    assert text.index("Misha discards 2") < text.index("Lena receives 1 new card"), "P3: discards come first"

    to_russian(page)
    expect(story).to_contain_text("Оля забирает банк 42: самая младшая рука (K1)")
    # at the PHH table the shown loser's cards go into the muck; he is not said to muck them
    expect(story).to_contain_text("Миша проигрывает: эти карты ничего не выигрывают и уходят в сброс (K1)")
    expect(story).not_to_contain_text("не показывая")
    expect(odds.locator(".lowball-many-odds")).to_contain_text("семёрка или лучше")
    assert_all_russian(page)
    shot(page, "09-ru")
    assert_clean(page, voila)


# ---- notebook 10 ----

def test_voila_10_sevens_rule_joker_and_russian(voila, page):
    """F7: the sevens rule's four settings on one hand; F8: the joker's odds; every panel in Russian."""
    joker, sevens = open_voila(page, voila, "10-california-lowball.ipynb", panels=2)
    expect(joker.locator(".lowball-joker-odds")).to_contain_text("4/47 (8.5%)")
    expect(joker.locator(".lowball-joker-odds")).to_contain_text("5/48 (10.4%)")
    assert_images(page, 3)
    results = {}
    for label in ("no sevens rule", "seed 004", "Robert's Rules", "whole pot"):
        choose(sevens, ".lowball-table-choice", label)
        expect(sevens.locator(".lowball-narration li")).to_have_count(2)
        step_to_the_end(sevens)
        results[label] = re.findall(r"result ([+−-]\d+)", sevens.locator(".lowball-seats").inner_text())
    assert results == {"no sevens rule": ["+6", "-6"], "seed 004": ["+2", "-2"], "Robert's Rules": ["-2", "+2"],
                       "whole pot": ["-6", "+6"]}, results
    expect(sevens.locator(".lowball-narration")).to_contain_text("the sevens rule: Lena checked a seven or better")
    shot(page, "10-en")

    field = joker.locator(".lowball-joker-hand input")
    field.fill("A♣ 2♦ 3♥ Jk K♣")
    field.evaluate("e => e.blur()")
    expect(joker.locator(".lowball-ok")).to_contain_text("53-card deck only (F8)")
    to_russian(page)
    expect(joker.locator(".lowball-ok")).to_contain_text("только из колоды в 53 карты (F8)")
    expect(sevens.locator(".lowball-narration")).to_contain_text("правило семёрок")
    expect(sevens.locator(".lowball-seats")).to_contain_text("итог −6")
    assert_all_russian(page)
    shot(page, "10-ru")
    assert_clean(page, voila)


# ---- notebook 11 ----

def test_voila_11_stud_and_razz_split_and_census_chart(voila, page):
    """L4, L6, L2 against R2, R3, R1: one deal at two tables; L1: the split panel; the census chart an image."""
    split, steps = open_voila(page, voila, "11-stud-high-low.ipynb", panels=2)
    assert_images(page, 1)
    why = split.locator(".lowball-split-why")
    expect(why).to_contain_text("Misha wins the high half; Lena wins the low half (L2).")
    expect(split.locator(".lowball-card-both")).to_have_count(3)
    story = steps.locator(".lowball-narration")
    step_to_the_end(steps)
    expect(story).to_contain_text("Olga brings it in for 1 (L4)")
    expect(story).to_contain_text("the second betting round begins; Misha acts first (L6)")
    expect(story).to_contain_text("Olga wins 4, the low half of the pot, with the lowest hand (L2)")
    shot(page, "11-en")

    choose(steps, ".lowball-table-choice", "razz")
    expect(story.locator("li")).to_have_count(4)                                # the antes of the new hand
    step_to_the_end(steps)
    expect(story).to_contain_text("Pasha brings it in for 1 (R2)")
    expect(story).to_contain_text("Olga wins the pot of 8 with the lowest hand (R1)")

    before = split.locator(".lowball-split-hand-1 input").input_value()
    split.locator(".lowball-deal").click()
    expect(split.locator(".lowball-split-hand-1 input")).not_to_have_value(before)
    expect(why).to_contain_text("(L2)")
    to_russian(page)
    expect(story).to_contain_text("Оля забирает банк 8: самая младшая рука (R1)")
    expect(why).to_contain_text("половин")
    assert_all_russian(page)
    shot(page, "11-ru")
    assert_clean(page, voila)


# ---- notebook 12 ----

def test_voila_12_the_lowball_family_side_by_side_and_a_hand_of_each_game(voila, page):
    """H4 against N1, F1, K1, U1: every system's verdict on the same hands; N3, N4 against Y3, Y4 and R2, R3: one
    stud deal at three tables; F1 against K1 at triple draw; U2: badugi played; U6: the census chart an image."""
    family, stud, draw, badugi = open_voila(page, voila, "12-the-lowball-family.ipynb", panels=4)
    assert_images(page, 1)
    verdicts = family.locator(".lowball-verdicts")
    expect(verdicts).to_contain_text("four-card badugi, four-high")              # E1's 6-4-3-2-A: its best four
    field = family.locator(".lowball-hand-b input")
    field.fill("K♣ K♦ Q♠ J♥ 9♦")
    family.locator(".lowball-hand-a input").fill("A♠ K♦ Q♣ J♥ 10♠")
    expect(family).to_contain_text("K♦ is in both hands")                         # T1: one deck
    field.fill("K♣ K♥ Q♠ J♦ 9♦")
    expect(verdicts).to_contain_text("The ace is always low, so A-K-Q-J-10 is not a straight (C1)")

    story = stud.locator(".lowball-narration")
    step_to_the_end(stud)
    expect(story).to_contain_text("Lena brings it in for 3 (N3)")
    expect(story).to_contain_text("the second betting round begins; Misha acts first (N4)")
    expect(story).to_contain_text("Lena wins the pot of 15 with the lowest hand (N1)")
    choose(stud, ".lowball-table-choice", "2-7 razz")
    expect(story.locator("li")).to_have_count(3)                                # the antes of the new hand
    step_to_the_end(stud)
    expect(story).to_contain_text("Misha brings it in for 1 (Y3)")
    expect(story).to_contain_text("the second betting round begins; Olga acts first (Y4)")
    expect(story).to_contain_text("Misha wins the pot of 6 with the lowest hand (Y1)")

    step_to_the_end(draw)
    expect(draw.locator(".lowball-narration")).to_contain_text("Lena wins the pot")
    step_to_the_end(badugi)
    expect(badugi.locator(".lowball-narration")).to_contain_text("Misha shows 7-5-4-2: four-card badugi, seven-high")
    shot(page, "12-en")

    to_russian(page)
    expect(story).to_contain_text("Миша забирает банк 6: самая младшая рука (Y1)")
    expect(verdicts).to_contain_text("бадуги")
    assert_all_russian(page)
    shot(page, "12-ru")
    assert_clean(page, voila)


# ---- notebook 13 ----

def test_voila_13_the_equilibrium_of_the_teaching_table_for_a_hand_typed(voila, page):
    """D1, T3: the solved teaching table's panel answers for a hand typed and a point chosen, in English and
    Russian; the two convergence charts are images."""
    (solved,) = open_voila(page, voila, "13-the-teaching-table-solved.ipynb", panels=1)
    assert_images(page, 2)
    advice = solved.locator(".lowball-solved-advice")
    expect(advice).to_contain_text("A pat hand")                                 # 9-6-4-3-2 stands pat
    solved.locator(".lowball-solved-hand input").fill("Q♣ Q♦ Q♥ K♠ K♣")
    solved.locator(".lowball-solved-point select").select_option(label="p1 draws, he bet and was called")
    expect(advice).to_contain_text("Snow: it stands pat with this weak hand")
    shot(page, "13-en")
    to_russian(page)
    expect(advice).to_contain_text("Блеф на обмене")
    assert_all_russian(page)
    shot(page, "13-ru")
    assert_clean(page, voila)


# ---- notebook 14 ----

HISTORIES = ROOT / "tests" / "data" / "histories" / "pokerstars"


def panel_text_but_the_rooms(panel: Locator) -> str:
    """Return what a panel shows, without what the room wrote (the pasted text, the room's lines in the table)."""
    return panel.evaluate("""el => { const copy = el.cloneNode(true);
        copy.querySelectorAll('textarea, .lowball-room-line').forEach(e => e.remove());
        document.body.appendChild(copy); const text = copy.innerText; copy.remove(); return text; }""")


def judge_pasted(panel: Locator, text: str, verdict: str) -> None:
    """Paste a history into the panel, press its button, and wait for the verdict that ends with ``verdict``."""
    panel.locator(".lowball-history-paste textarea").fill(text)
    panel.locator("button.lowball-history-judge, .lowball-history-judge button").first.click()
    expect(panel.locator(".lowball-history-verdict")).to_contain_text(verdict)


def test_voila_14_a_hand_pasted_or_uploaded_is_judged_beside_the_rules_in_english_and_russian(voila, page):
    """O1, O3: the panel judges the hand it starts with and tells it line by line; G4: the same hand with a raise
    too small, pasted, is a finding at its line; an upload of three hands in UTF-16 offers each; garbage is one
    line; then the panel in Russian, the room's own lines aside."""
    (panel,) = open_voila(page, voila, "14-real-hands.ipynb", panels=1)
    table = panel.locator(".lowball-history-table")
    expect(panel.locator(".lowball-history-verdict")).to_contain_text("PokerStars #900000000201")
    expect(panel.locator(".lowball-history-verdict")).to_contain_text(": verified")
    expect(table).to_contain_text("Hero raises to 1.50 (G4)")
    expect(table).to_contain_text("the room took 0.42 in rake from the pot of 8.50 (O3) and paid Hero 8.08")
    expect(page.locator("table.lowball-walk").first).to_contain_text("Lena discards 1, unseen (K8)")   # a cell's

    expect(panel.locator(".lowball-static-note")).to_be_hidden()
    shot(page, "14-en")

    hand = (HISTORIES / "single-draw.txt").read_text(encoding="utf-8")
    judge_pasted(panel, hand.replace("Hero: raises $1 to $1.50", "Hero: raises $0.20 to $0.70"), ": disagrees")
    expect(table.locator("tr.lowball-finding")).to_contain_text(
        "line 11: Hero: raises $0.20 to $0.70: the rules refuse it: the raise must go to at least 1.00 in this round "
        "(G4)")
    shot(page, "14-en-finding")

    triple = (HISTORIES / "triple-draw.txt").read_text(encoding="utf-8")
    with page.expect_file_chooser() as chooser:          # the upload button opens the browser's file chooser
        panel.locator(".lowball-history-upload").first.click()
    chooser.value.set_files(
        {"name": "HH20261202.txt", "mimeType": "text/plain", "buffer": (hand + "\n\n" + triple).encode("utf-16")})
    expect(panel.locator(".lowball-history-summary")).to_contain_text("HH20261202.txt · 3 hands: 3 verified")
    panel.locator(".lowball-history-hand select").select_option(label="2. #900000000001: verified")
    expect(table).to_contain_text("Lena raises to 0.40: the first raise; there is no cap now (G2)")

    judge_pasted(panel, hand, ": verified")
    panel.locator(".lowball-history-paste textarea").fill("hello, world")
    panel.locator("button.lowball-history-judge, .lowball-history-judge button").first.click()
    expect(panel.locator(".lowball-error")).to_contain_text("not a hand history of PokerStars")
    expect(panel.locator(".lowball-error")).to_contain_text("(its first line: 'hello, world')")
    expect(table).to_have_text("")

    judge_pasted(panel, hand, ": verified")
    choose(panel, ".lowball-lang", "Русский")
    expect(panel.locator(".lowball-history-verdict")).to_contain_text(": проверена")
    expect(table).to_contain_text("Hero повышает до 1.50 (G4)")
    expect(table).to_contain_text("рум взял рейк 0.42 из банка 8.50 (O3)")
    text = panel_text_but_the_rooms(panel)
    rooms = ("PokerStars", "Full", "Tilt", "Poker", "Winamax", "Kings", "Club")       # the rooms the panel reads
    left = english_words(text, (*rooms, "Lena", "Misha", "Hero", "Olga"))
    assert not left, f"English left on the Russian panel: {sorted(set(left))}\n{text[:3000]}"
    shot(page, "14-ru-switched")
    assert_clean(page, voila)


def test_voila_14_the_russian_edition_judges_in_russian_from_the_start(voila, page):
    """The Russian edition's panel speaks Russian as it opens; a finding pasted there is said in Russian (G6)."""
    (panel,) = open_voila(page, voila, "ru/14-real-hands.ipynb", panels=1)
    expect(panel.locator(".lowball-history-verdict")).to_contain_text(": проверена")
    expect(panel.locator(".lowball-history-judge").first).to_contain_text("Проверить вставленный текст")
    table = panel.locator(".lowball-history-table")
    expect(table).to_contain_text("Lena меняет 1 карту в закрытую (K8)")
    expect(page.locator("h1").first).to_contain_text("Настоящие раздачи")
    hand = (HISTORIES / "single-draw.txt").read_text(encoding="utf-8")
    judge_pasted(panel, hand.replace("Hero collected $8.08", "Lena collected $8.08"), ": расходится с правилами")
    expect(table.locator("tr.lowball-finding")).to_contain_text("строка 25: Lena: рум выплатил 8.08, а по правилам после рейка")
    judge_pasted(panel, hand, ": проверена")
    shot(page, "14-ru")
    assert_clean(page, voila)
