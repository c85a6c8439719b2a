"""The docs site (``make docs``, in docs/_build/html) works offline and shows what it promises.

No built page may load a script or a stylesheet from the internet: the widget manager and
require.js (and MathJax) are served from ``_static``, unpacked from npm tarballs pinned with
their sha512 integrity in ``docs/_static_src/js.lock.json``. ``make test`` builds the site first
and sets LOWBALL_DOCS_BUILT=1, so a missing site fails here instead of being skipped.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.site      # run after the site is built (scripts/test.sh)

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "docs" / "_build" / "html"
LOCK = ROOT / "docs" / "_static_src" / "js.lock.json"
CACHE = ROOT / "docs" / "_build" / "js-cache"
DIGEST = ROOT / "docs" / "rules-digest.md"
WIDGET_JS = ("widgets/require.js", "widgets/embed-amd.js")
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1"}

sys.path.insert(0, str(ROOT / "docs" / "_ext"))


class Loads(HTMLParser):
    """Collect what a page loads: script sources, link targets, widget CDN settings, and script types."""

    def __init__(self):
        super().__init__()
        self.scripts: list[str] = []
        self.links: list[tuple[str, str]] = []
        self.cdns: list[str] = []
        self.script_types: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script":
            self.script_types.append(attrs.get("type") or "")
            if attrs.get("src"):
                self.scripts.append(attrs["src"])
            if attrs.get("data-jupyter-widgets-cdn"):
                self.cdns.append(attrs["data-jupyter-widgets-cdn"])
        elif tag == "link" and attrs.get("href"):
            self.links.append((attrs.get("rel") or "", attrs["href"]))


def site_pages() -> list[Path]:
    if not (SITE / "docs" / "index.html").is_file():
        if os.environ.get("LOWBALL_DOCS_BUILT"):
            pytest.fail(f"make docs ran, but {SITE.relative_to(ROOT)}/docs/index.html is missing")
        pytest.skip("the docs site is not built: run `make docs` (make test does it first)")
    return sorted(SITE.rglob("*.html"))


@functools.cache
def loads(page: Path) -> Loads:
    parser = Loads()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def remote(url: str) -> bool:
    """Return whether ``url`` would be fetched from another machine (anything but localhost)."""
    parts = urlsplit(url)
    if url.startswith("//"):
        return True
    return parts.scheme in ("http", "https") and parts.hostname not in LOCAL_HOSTS


def local_file(page: Path, url: str) -> Path:
    return (page.parent / urlsplit(url).path).resolve()


def test_remote_urls_are_recognised():
    assert remote("https://cdn.jsdelivr.net/npm/x.js") and remote("//unpkg.com/x.js")
    assert not remote("_static/widgets/require.js?v=1") and not remote("http://localhost:8000/x.js")
    assert not remote("http://127.0.0.1/x.js")


def test_no_page_loads_a_script_or_stylesheet_from_the_internet():
    offenders = []
    for page in site_pages():
        found = loads(page)
        where = page.relative_to(SITE).as_posix()
        offenders += [f"{where}: <script src={src}>" for src in found.scripts if remote(src)]
        offenders += [f"{where}: <link rel={rel} href={href}>" for rel, href in found.links if remote(href)]
        offenders += [f"{where}: widget modules from {cdn}" for cdn in found.cdns if remote(cdn)]
    assert not offenders, "pages load from the internet:\n" + "\n".join(offenders)


def test_every_local_script_and_stylesheet_exists():
    missing = []
    for page in site_pages():
        found = loads(page)
        urls = found.scripts + [href for rel, href in found.links if "stylesheet" in rel]
        for url in urls:
            if not remote(url) and not local_file(page, url).is_file():
                missing.append(f"{page.relative_to(SITE).as_posix()}: {url}")
    assert not missing, "pages load files that are not in the site:\n" + "\n".join(missing)


def test_the_pinned_javascript_is_in_the_site():
    site_pages()
    for name in (*WIDGET_JS, "mathjax/tex-mml-chtml.js"):
        path = SITE / "_static" / name
        assert path.is_file() and path.stat().st_size > 10_000, f"_static/{name} is missing from the site"
    assert b"define(" in (SITE / "_static" / "widgets" / "embed-amd.js").read_bytes()[:100_000]


def test_the_cached_tarballs_match_the_pinned_integrity():
    from lowball_docs.assets import integrity_of, read_lock

    site_pages()
    for package in read_lock(LOCK):
        name = package["name"].replace("/", "__").lstrip("@")
        tarball = CACHE / f"{name}-{package['version']}.tgz"
        assert tarball.is_file(), f"{tarball.relative_to(ROOT)} is missing"
        assert integrity_of(tarball.read_bytes()) == package["integrity"], f"{tarball.name} is not the pinned one"


def test_the_lock_pins_exact_versions_from_the_npm_registry():
    from lowball_docs.assets import REGISTRY, read_lock

    packages = {p["name"]: p for p in read_lock(LOCK)}
    assert {"requirejs", "@jupyter-widgets/html-manager"} <= set(packages)
    for package in packages.values():
        assert re.fullmatch(r"\d+\.\d+\.\d+", package["version"]), f"{package['name']}: pin an exact version"
        assert package["tarball"].startswith(REGISTRY) and package["version"] in package["tarball"]
        assert re.fullmatch(r"sha512-[A-Za-z0-9+/]{86}==", package["integrity"])
    # ipywidgets 8 speaks @jupyter-widgets/base 6, whose HTML manager is the 1.0 line
    assert packages["@jupyter-widgets/html-manager"]["version"].startswith("1.0.")


def test_a_tarball_that_does_not_match_its_integrity_is_refused(tmp_path, monkeypatch):
    from sphinx.errors import ExtensionError

    from lowball_docs import assets

    class Response:
        def __init__(self, data):
            self.data = data

        def read(self):
            return self.data

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    monkeypatch.setattr(assets.urllib.request, "urlopen", lambda url, timeout: Response(b"not the package"))
    package = {"name": "requirejs", "version": "0.0.0", "tarball": assets.REGISTRY + "requirejs/-/requirejs-0.0.0.tgz",
               "integrity": assets.integrity_of(b"the package"), "files": {"require.js": "widgets/"}}
    with pytest.raises(ExtensionError, match="integrity"):
        assets.fetch(package, tmp_path)
    assert not list(tmp_path.iterdir()), "a refused tarball must not be cached"
    monkeypatch.setattr(assets.urllib.request, "urlopen", lambda url, timeout: Response(b"the package"))
    assert assets.fetch(package, tmp_path) == b"the package"


def test_pages_with_widgets_load_the_local_manager():
    with_widgets = [p for p in site_pages() if WIDGET_STATE in loads(p).script_types]
    if not with_widgets:
        pytest.skip("no page of this build has widget state")
    for page in with_widgets:
        sources = [urlsplit(src).path for src in loads(page).scripts]
        for name in WIDGET_JS:
            found = [s for s in sources if s.endswith(f"_static/{name}")]
            assert found, f"{page.relative_to(SITE)} has widgets but does not load _static/{name}"
            assert local_file(page, found[0]).is_file()
        assert sources.index(next(s for s in sources if s.endswith("require.js"))) < \
            sources.index(next(s for s in sources if s.endswith("embed-amd.js"))), "require.js must load first"


def test_every_notebook_is_a_page():
    site_pages()
    missing = [nb.name for nb in sorted((ROOT / "notebooks").glob("*.ipynb"))
               if not (SITE / "notebooks" / f"{nb.stem}.html").is_file()]
    assert not missing, f"notebooks not in the site (rebuild with make docs): {', '.join(missing)}"


def test_every_clause_has_an_anchor_on_a_rules_page():
    from tests.support.clauses import clause_ids

    pages = site_pages()
    ids = set()
    for page in (p for p in pages if p.parent.name == "rules"):
        ids |= set(re.findall(r'id="([^"]+)"', page.read_text(encoding="utf-8")))
    clauses = clause_ids(DIGEST.read_text(encoding="utf-8"))
    missing = [c for c in clauses if c.lower() not in ids]
    assert not missing, f"clauses without an anchor (rules/PAGE.html#id): {', '.join(missing)}"


def test_every_built_in_game_has_a_card_and_is_in_the_format_pages_set_by_column():
    from lowball.core.games import builtin_paths

    site_pages()
    rules = "".join(page.read_text(encoding="utf-8") for page in (SITE / "docs" / "rules").glob("*.html"))
    format_page = (SITE / "docs" / "reference" / "table-format.html").read_text(encoding="utf-8")
    for name in builtin_paths():
        assert f'id="game-{name}"' in rules, f"{name} has no card (lowball-game) on a rules page"
        assert f'#game-{name}"' in format_page, f"{name} is in no 'set by' column of the table-format page"


def test_the_hand_history_page_compares_the_tables_and_pokerkit():
    site_pages()
    page = (SITE / "docs" / "phh.html").read_text(encoding="utf-8")
    for code in ("FA6L1D", "FA5L1DJ", "F2L3D-CR", "F2L3D", "N2L1D", "F7S/8", "FR"):
        assert code in page, f"the variant code {code} is not on the hand-history page"
    rules = (SITE / "docs" / "rules" / "pokerkit.html").read_text(encoding="utf-8")
    assert rules.count("own PHH reader") >= 5, "the departures are no longer compared with pokerkit's own reader"


# ---- the sources of the pages, checked without building the site ----

DOC_PAGES = sorted(p for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts)


def directives_in(page: Path, name: str) -> list[tuple[str, dict[str, str], str]]:
    """Return (argument, options, content) of every ``{name}`` directive of a MyST page."""
    found = []
    text = page.read_text(encoding="utf-8")
    for match in re.finditer(r"^```\{" + re.escape(name) + r"\}[ \t]*(.*?)\n(.*?)^```[ \t]*$", text, flags=re.M | re.S):
        options, content = {}, []
        lines = match.group(2).splitlines()
        while lines and re.match(r"^:[a-z-]+:", lines[0]):
            key, _, value = lines.pop(0)[1:].partition(":")
            options[key] = value.strip()
        found.append((match.group(1).strip(), options, "\n".join(lines).strip()))
    return found


def test_every_table_excerpt_names_keys_that_exist_and_cites_its_clause():
    """A ``lowball-table`` whose key was renamed or removed would fail the build: fail here first, naming it."""
    from lowball_docs.directives import rules_file
    from lowball_docs.excerpts import ExcerptError, cites, excerpt

    problems = []
    for page in DOC_PAGES:
        for file, options, _ in directives_in(page, "lowball-table"):
            where = f"{page.relative_to(ROOT)}: {file} {options.get('keys')}"
            try:
                text = excerpt(rules_file(file).read_text(encoding="utf-8"), options.get("keys", "").split())
            except (OSError, ExcerptError) as err:
                problems.append(f"{where}: {err}")
                continue
            if options.get("clause") and not cites(text, options["clause"]):
                problems.append(f"{where}: does not cite {options['clause']}")
    assert not problems, "\n".join(problems)


def test_every_built_in_game_has_exactly_one_card():
    from lowball.core.games import builtin_paths

    cards = [name for page in DOC_PAGES for name, _, _ in directives_in(page, "lowball-game")]
    for name in builtin_paths():
        assert cards.count(name) == 1, f"{name}: {cards.count(name)} lowball-game cards in docs/ (one, on its rules page)"
    assert set(cards) <= set(builtin_paths()), f"cards of games that do not exist: {set(cards) - set(builtin_paths())}"


def test_every_set_example_names_a_key_the_table_has():
    """``--set`` examples in the docs use keys that exist, unless the example shows the refusal (exit code 2)."""
    import shlex

    from lowball.errors import RulesError
    from lowball.verify import load_for_verify

    checked = 0
    for page in DOC_PAGES:
        for _, options, content in directives_in(page, "lowball-run"):
            if options.get("returncode") == "2":
                continue
            for line in content.splitlines():
                words = shlex.split(line)
                if words[:2] != ["lowball", "verify"] or "--set" not in words:
                    continue
                game = next((words[i + 1] for i, w in enumerate(words) if w in ("--game", "--rules")), None)
                sets = dict(words[i + 1].split("=", 1) for i, w in enumerate(words) if w == "--set")
                try:
                    load_for_verify(game, sets)
                except RulesError as err:
                    pytest.fail(f"{page.relative_to(ROOT)}: `{line}`: {err}")
                checked += 1
    assert checked >= 5


def test_the_docs_paths_named_by_the_package_and_the_readme_exist():
    """A docs page named in a table comment, a docstring or the README (``docs/phh.md``) must exist."""
    sources = [*(ROOT / "spec").rglob("*.py"), *(ROOT / "spec").rglob("*.toml"), ROOT / "README.md"]
    missing = []
    for source in sources:
        for path in re.findall(r"\bdocs/[\w./-]+\.(?:md|toml|phh)\b", source.read_text(encoding="utf-8")):
            if not (ROOT / path).is_file():
                missing.append(f"{source.relative_to(ROOT)}: {path}")
    assert not missing, "\n".join(missing)


def test_the_notebooks_links_to_clause_anchors_exist():
    """Notebooks link to clause anchors (``docs/rules/teaching-table.md#h2``); a moved clause must not break them."""
    anchors: dict[str, set[str]] = {}
    for page in DOC_PAGES:
        text = page.read_text(encoding="utf-8")
        anchors[page.relative_to(ROOT).as_posix()] = {a.lower() for a in re.findall(r"^\(([\w-]+)\)=$", text, flags=re.M)}
    broken = []
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for target, anchor in set(re.findall(r"(docs/[\w/-]+\.md)#([a-zA-Z]\d+)\b", notebook.read_text(encoding="utf-8"))):
            if anchor.lower() not in anchors.get(target, set()):
                broken.append(f"{notebook.name}: {target}#{anchor}")
    assert not broken, "links to clause anchors that are not on that page:\n" + "\n".join(sorted(broken))


def test_the_verify_report_and_the_cli_help_are_generated():
    site_pages()
    report = (SITE / "docs" / "checks" / "index.html").read_text(encoding="utf-8")
    assert 'id="verify-property-1"' in report and "proved" in report
    cli = (SITE / "docs" / "reference" / "cli.html").read_text(encoding="utf-8")
    from lowball.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction").choices
    for name in commands:
        assert f'id="cli-lowball-{name}"' in cli, f"lowball {name} --help is not on the CLI page"


def test_the_site_root_is_a_page_of_both_languages_whose_links_all_land():
    """The root is a page a reader can start from, not a redirect stub: the tour first, in English and Russian."""
    site_pages()
    root = (SITE / "index.html").read_text(encoding="utf-8")
    assert "http-equiv" not in root, "the site's root page is a redirect"
    targets = re.findall(r'href="([^"#]+)"', root)
    assert targets[0] == "docs/tour.html" and "ru/docs/tour.html" in targets
    missing = [t for t in targets if not (SITE / t).is_file()]
    assert not missing, f"the root page links to pages the site lacks: {missing}"
    russian = (SITE / "ru" / "index.html").read_text(encoding="utf-8")
    assert 'lang="ru"' in russian and "Краткая экскурсия" in russian
    missing = [t for t in re.findall(r'href="([^"#]+)"', russian) if not (SITE / "ru" / t).resolve().is_file()]
    assert not missing, f"the Russian root page links to pages the site lacks: {missing}"
    assert json.loads(LOCK.read_text(encoding="utf-8"))["packages"]
