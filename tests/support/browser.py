"""Helpers for the browser tests (tests/faces/test_browser.py): servers, Chromium, page reading.

The browser is Debian's Chromium (``/usr/bin/chromium``, installed by
``scripts/install-chromium.sh``), driven by Playwright for Python; Playwright's
own browser download is never used. Servers are started on free ports on
127.0.0.1, each in its own session so that a Ctrl-C in the terminal reaches only
pytest, and are always stopped by their process id (with any kernels they left).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = Path(os.environ.get("LOWBALL_BROWSER_ARTIFACTS", ROOT / "artifacts" / "browser"))
CHROMIUM = os.environ.get("LOWBALL_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
STEP_TIMEOUT = 30_000      # ms for one widget round trip (click -> kernel -> page)
INSTALL_HINT = "install it with `bash scripts/install-chromium.sh` (make test does this)"

# The four systems notebook 2 compares, in the order of its table.
SYSTEMS = ("ace-to-six", "ace-to-six-ace-low", "deuce-to-seven", "ace-to-five")


def chromium_problem() -> str | None:
    """Return why Chromium cannot be used, or None when it can."""
    if not os.path.isfile(CHROMIUM):
        return f"Chromium not found at {CHROMIUM}: {INSTALL_HINT}"
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} is not executable: {INSTALL_HINT}"
    return None


@contextlib.contextmanager
def launched_chromium() -> Iterator[Browser]:
    """Launch Debian's Chromium headless for a module's tests and close it after; a missing or broken
    Chromium fails the test in one line that says what to do."""
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


@contextlib.contextmanager
def recording_page(browser: Browser, screenshot: Path) -> Iterator[Page]:
    """Open a fresh page that records its errors (``page.errors``) and every request it makes
    (``page.requests``, so a test can check that none leaves the machine); save its screenshot to
    ``screenshot`` at the end, pass or fail."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    page.errors, page.requests = [], []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    page.on("request", lambda req: page.requests.append(req.url))
    yield page
    try:
        page.screenshot(path=screenshot, full_page=True)
    except PlaywrightError as err:   # a crashed page must not hide the test's own failure
        print(f"no screenshot {screenshot.name}: {err}")
    finally:
        context.close()


def shoot(page: Page, stem: Path) -> None:
    """Save a screenshot of the page as it is now (``stem``.png) and one of each panel whole (``stem``-panelN.png).

    Voilà's page scrolls inside its own container, so a "full page" screenshot is only the window;
    the panels are photographed one by one, whatever their height.
    """
    page.screenshot(path=stem.with_name(f"{stem.name}.png"), full_page=True)
    size = page.viewport_size
    for i, panel in enumerate(page.locator(".lowball-panel").all()):
        try:
            box = panel.bounding_box()
            if box and box["height"] + 40 > size["height"]:          # a tall panel: a window tall enough for it
                page.set_viewport_size({"width": size["width"], "height": int(box["height"]) + 80})
            panel.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            panel.screenshot(path=stem.with_name(f"{stem.name}-panel{i + 1}.png"))
        except PlaywrightError as err:
            print(f"no screenshot of panel {i + 1} of {stem.name}: {err}")
        finally:
            page.set_viewport_size(size)


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Ask Linux to send SIGTERM to the server if pytest dies without cleaning up."""
    os.setsid()
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def descendants(pid: int) -> list[int]:
    """Return the ids of every process below ``pid`` (its kernels, for a Jupyter server)."""
    tree, found, todo = _children(), [], [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


class Server:
    """A Voilà or JupyterLab server in a subprocess, with its log in a file."""

    def __init__(self, name: str, command: list[str], port: int, ready_path: str, log: Path,
                 cwd: Path, env: dict[str, str] | None = None):
        self.name, self.command, self.port = name, command, port
        self.base = f"http://127.0.0.1:{port}"
        self.ready_url = self.base + ready_path
        self.log_path, self.cwd = log, cwd
        self.env = {**os.environ, **(env or {})}
        self.proc: subprocess.Popen | None = None
        self.ready = False

    def start(self) -> Server:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self.cwd.mkdir(parents=True, exist_ok=True)
        log = open(self.log_path, "wb")
        try:
            self.proc = subprocess.Popen(self.command, cwd=self.cwd, env=self.env, stdin=subprocess.DEVNULL,
                                         stdout=log, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
        finally:
            log.close()
        return self

    def log_tail(self, lines: int = 25) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def wait_ready(self, timeout: float = 120.0) -> str:
        """Wait until the server answers 200 on its ready URL; return its base URL or raise with its log."""
        if self.ready:
            return self.base
        if self.proc is None:
            raise RuntimeError(f"{self.name} was never started")
        deadline = time.monotonic() + timeout
        last = "no answer yet"
        while time.monotonic() < deadline:
            code = self.proc.poll()
            if code is not None:
                raise RuntimeError(f"{self.name} exited with code {code} before it was ready "
                                   f"({' '.join(self.command)}); log {self.log_path}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.ready_url, timeout=5) as answer:
                    if answer.status == 200:
                        self.ready = True
                        return self.base
                    last = f"HTTP {answer.status}"
            except (urllib.error.URLError, OSError) as err:
                last = str(err)
            time.sleep(0.25)
        raise RuntimeError(f"{self.name} did not answer {self.ready_url} within {timeout:.0f} s ({last}); "
                           f"log {self.log_path}:\n{self.log_tail()}")

    def stop(self, grace: float = 15.0) -> None:
        """Stop the server (SIGTERM, then SIGKILL) and any process it left behind, by id."""
        proc = self.proc
        if proc is None:
            return
        below = descendants(proc.pid)
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # Voilà and Jupyter shut their kernels down on SIGTERM
            try:
                proc.wait(grace)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
        deadline = time.monotonic() + 5
        for pid in below:
            while _alive(pid) and time.monotonic() < deadline:
                time.sleep(0.1)
            if _alive(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        self.proc = None


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def voila_server(tmp: Path, log: Path, cull_idle: int | None = None, cull_interval: int | None = None) -> Server:
    """Voilà on notebooks/, started through scripts/serve-app.sh (the script behind `make app`)."""
    port = free_port()
    env = {"PORT": str(port), "VENV": sys.prefix, "JUPYTER_RUNTIME_DIR": str(tmp / "runtime")}
    if cull_idle is not None:
        env["CULL_IDLE"] = str(cull_idle)
    if cull_interval is not None:
        env["CULL_INTERVAL"] = str(cull_interval)
    return Server("Voilà", ["bash", str(ROOT / "scripts" / "serve-app.sh")], port, "/", log, cwd=tmp, env=env)


@contextlib.contextmanager
def running_voila(tmp: Path, shots: Path, timeout: float = 120.0) -> Iterator[Server]:
    """Run Voilà (``voila_server``) for a module whose screenshots go to ``shots``: that folder's old screenshots
    are removed first, a server that never answers fails the test in one line, and it is stopped, with its
    kernels, at the end."""
    shots.mkdir(parents=True, exist_ok=True)
    for old in shots.glob("*.png"):                        # this module's old screenshots only
        old.unlink()
    server = voila_server(tmp, shots / "voila.log")
    server.start()
    try:
        try:
            server.wait_ready(timeout)
        except RuntimeError as err:
            pytest.fail(str(err), pytrace=False)
        yield server
    finally:
        server.stop()


def kernels(server: Server) -> list[int]:
    """Return the process ids of the kernels a server is running (its ipykernel children, at any depth)."""
    if server.proc is None:
        return []
    found = []
    for pid in descendants(server.proc.pid):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(b"ipykernel" in part for part in command) and _alive(pid):
            found.append(pid)
    return found


LAB_SETTINGS = {
    # no "news" and update toasts over the page, no autosave (the notebooks are copies anyway)
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        '{"fetchNews": "false", "checkForUpdates": false}',
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": '{"autosave": false}',
}


# What `make lab` loads besides JupyterLab (the Makefile's lab target names the same folder): the extension that lands
# a clause link's first click at its clause (scripts/lab/README.md).
LAB_EXTENSIONS = ROOT / "scripts" / "lab" / "labextensions"


def lab_server(tmp: Path, log: Path) -> Server:
    """JupyterLab on a copy of notebooks/, both editions (running cells must never touch the checked-in notebooks).

    The copy keeps the repository's layout (notebooks/ and notebooks/ru/, each with its rules notebook), so
    that a clause link (``rules.ipynb#cell-id=H2``) opens in JupyterLab as it does from the repository's root.
    """
    port = free_port()
    root = tmp / "repo"
    for folder in (NOTEBOOKS, NOTEBOOKS / "ru"):
        target = root / folder.relative_to(ROOT)
        target.mkdir(parents=True, exist_ok=True)
        for notebook in folder.glob("*.ipynb"):
            (target / notebook.name).write_bytes(notebook.read_bytes())
    settings = tmp / "settings"
    for name, text in LAB_SETTINGS.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(text)
    command = [sys.executable, "-m", "jupyterlab",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
               "--allow-root", "--IdentityProvider.token=",
               "--ServerApp.open_browser=False", f"--ServerApp.root_dir={root}",
               f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
               f"--LabApp.extra_labextensions_path={LAB_EXTENSIONS}"]
    return Server("JupyterLab", command, port, "/lab", log, cwd=tmp,
                  env={"JUPYTER_RUNTIME_DIR": str(tmp / "runtime")})


# ---- reading the pages ----

STATUS = re.compile(r"pot\s+(\d+)\s*·\s*stacks\s+(.*?)\s*·\s*dealer\s+(\S+)")


def parse_status(text: str) -> tuple[int, dict[str, int], str]:
    """Read "pot N · stacks you 26, Lena 26, Misha 26 · dealer Misha" into (pot, {name: stack}, dealer).

    >>> parse_status("pot 3 · stacks you 25, Lena 25, Misha 25 · dealer Misha")
    (3, {'you': 25, 'Lena': 25, 'Misha': 25}, 'Misha')
    """
    match = STATUS.search(" ".join(text.split()))
    if not match:
        raise AssertionError(f"cannot read the status line {text!r}")
    stacks = {}
    for part in match.group(2).split(","):
        name, _, chips = part.strip().rpartition(" ")
        stacks[name] = int(chips)
    return int(match.group(1)), stacks, match.group(3)


def safe_name(text: str) -> str:
    """Return text usable as a file name.

    >>> safe_name("test_x[02-three]")
    'test_x-02-three'
    """
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-")


# ---- is a page (or a panel) all in Russian? ----

# Latin words a Russian page may keep: the language switch's own label, product and format names, commands.
LATIN_ALLOWED = {"English", "JupyterLab", "PHH", "make", "lab", "app", "Z3"}
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
# Cards and hands ("A♣", "K-Q-J-10-A", "Kc", the joker "Jk"), the reader's own text quoted back in «...»,
# clause ids (T1, K1), seat ids (p1), the letters of the suits and ranks in a card error, the hand letters A-D.
NOT_WORDS = re.compile(r"«[^»]*»|\bJk\b|\b(?:[2-9TJQKA]|10)(?:[cdhs♣♦♥♠])\b|\b[A-Z]\d+\b|\bp\d+\b|"
                       r"\b(?:[2-9TJQKA]|10)(?:-(?:[2-9TJQKA]|10))+\b")


def english_words(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """Return the English words in a text that should be all Russian (names, cards and clause ids aside).

    >>> english_words("Лена ставит 1 (T3); K-Q-J-10-A — стрит, Kc", names=("Lena",))
    []
    >>> english_words("Ваш ход, you. Check")
    ['you', 'Check']
    """
    text = NOT_WORDS.sub(" ", text)
    return [word for word in LATIN_WORD.findall(text) if word not in LATIN_ALLOWED and word not in names]
