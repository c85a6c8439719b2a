"""What the README's two commands do, read from the Makefile as make itself reads it (``make -n``).

``make lab`` keeps Jupyter's token and prints the address with it; ``make test`` runs every test once: the tests
that read the built docs site (marked ``site``) after the site is built, the others beside the build.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")


def dry_run(*words: str) -> str:
    """Return the commands ``make -n`` would run (the venv taken as made)."""
    return subprocess.run(["make", "-n", "-o", ".venv/.synced", *words], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout


def test_make_lab_keeps_a_token_and_prints_the_address_with_it():
    commands = dry_run("lab")
    token = re.search(r"--IdentityProvider\.token='([^']*)'", commands)
    assert token and re.fullmatch(r"[0-9a-f]{48}", token.group(1)), "make lab runs JupyterLab without a token"
    assert f"?token={token.group(1)}" in commands, "the printed address is not the one the server takes"
    assert token.group(1) not in dry_run("lab"), "the token is the same every time"


def test_make_lab_takes_a_token_of_your_own():
    assert "--IdentityProvider.token='mine'" in dry_run("lab", "TOKEN=mine")


def test_make_test_runs_the_site_tests_after_the_build_and_the_rest_beside_it():
    lines = (ROOT / "scripts" / "test.sh").read_text(encoding="utf-8").splitlines()
    script = "\n".join(line for line in lines if not line.lstrip().startswith("#"))     # the commands only
    assert "scripts/test.sh" in dry_run("test")
    beside, after = script.index('-m "not site"'), script.index("-m site")
    build, wait = script.index("docs/build.py"), script.index('wait "$docs"')
    assert build < beside < wait < after, "the site must be building while the other tests run, and built before"
    assert "LOWBALL_DOCS_BUILT=1" in script[wait:], "a missing page must fail the site's tests, not skip them"


def test_make_lab_loads_the_clause_links_extension_the_browser_tests_check():
    """``make lab`` loads scripts/lab/labextensions (a clause link's first click lands at its clause), the folder the
    browser tests' JupyterLab loads (tests/support/browser.py) and test_browser.py checks."""
    from tests.support.browser import LAB_EXTENSIONS
    assert f"--LabApp.extra_labextensions_path={LAB_EXTENSIONS}" in dry_run("lab")
