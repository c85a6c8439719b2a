"""The directives of the lowball-spec site: every one reads the tables or calls the package at build time.

=========================  ==========================================================================
``lowball-digest ID``      the clause's line of the rules digest (``docs/rules-digest.md``)
``lowball-clauses``        every clause of the digest, linked to its page, with the properties that prove it
``lowball-table FILE``     an excerpt of a rules table (``:keys:``; ``streets.2`` is the third street), checked
                           to cite ``:clause:``
``lowball-cases ID``       the seeds' worked cases of a clause (``worked-cases.toml``) and the verdicts
``lowball-trace ID``       what ``lowball verify`` proves about a clause (``:game:``: on that game); the code,
                           tests, notebooks citing it
``lowball-run``            ``lowball ...`` command lines, run now, with their output
``lowball-replay``         a PHH hand history (the content or ``:file:``), replayed now with ``--narrate``
``lowball-python``         Python code (the content), run now, shown with what it printed
``lowball-systems``        the ranking systems side by side, from ``rankings.toml``
``lowball-verify-report``  the report of ``lowball verify`` on the teaching table, one section a property
``lowball-verify-games``   the table properties of every built-in game, one row a game
``lowball-cli-help``       ``lowball --help`` and every command's ``--help``
``lowball-api``            autodoc of the listed modules (``?module``: only if it exists)
``lowball-toctree``        a toctree whose ``?entry`` lines are left out when the page does not exist
=========================  ==========================================================================
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import importlib
import importlib.util
import io
import multiprocessing
import os
import re
import shlex
import tempfile
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.directives.code import container_wrapper
from sphinx.directives.other import TocTree
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import SEP

from lowball_docs.excerpts import ExcerptError, array_items, cites, excerpt
from lowball_docs.trace import Sources

logger = logging.getLogger(__name__)

REPO = Path(__file__).resolve().parents[3]
DIGEST = REPO / "docs" / "rules-digest.md"
HELP_COLUMNS = "100"
PROPERTY_LABEL = "verify-property-{}"
SPEC = REPO / "spec" / "lowball"


# ---- small helpers ----

def rules_file(name: str) -> Path:
    """Return a rules table: a file of the package's ``rules/`` or ``rules/games/``, or a path from the repository root.

    ``rankings.toml`` is ``rules/rankings.toml``; ``teaching-table.toml`` (or ``teaching-table``) is
    ``rules/games/teaching-table.toml``; ``docs/checks/house-rules.toml`` is that file of the repository.
    """
    from lowball.core.games import GAMES_DIR
    from lowball.core.rankings import RULES_DIR

    if "/" in name:
        return REPO / name
    file = name if name.endswith(".toml") else f"{name}.toml"
    return RULES_DIR / file if (RULES_DIR / file).is_file() else GAMES_DIR / file


def shown(path: Path) -> str:
    """Return a path as the reader should see it: relative to the repository."""
    try:
        return path.resolve().relative_to(REPO).as_posix()
    except ValueError:
        return path.name


def clause_ref(clause: str) -> addnodes.pending_xref:
    """Return a link to the clause's anchor on its rules page (a missing anchor fails the build)."""
    ref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=clause.lower(),
                                refexplicit=True, refwarn=True)
    ref += nodes.inline(clause, clause)
    return ref


def label_ref(label: str, text: str) -> addnodes.pending_xref:
    """Return a link to the label ``label`` with the text ``text``."""
    ref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=label,
                                refexplicit=True, refwarn=True)
    ref += nodes.inline(text, text)
    return ref


def code_ref(name: str) -> nodes.Node:
    """Return ``name`` as code, linked to its API entry when it has one (no warning when it has none)."""
    ref = addnodes.pending_xref("", refdomain="py", reftype="obj", reftarget=name, refexplicit=True,
                                refwarn=False)
    ref += nodes.literal(name, name)
    return ref


def doc_ref(docname: str, text: str | None = None) -> addnodes.pending_xref:
    """Return a link to a page of the site, by its docname from the source root."""
    ref = addnodes.pending_xref("", refdomain="std", reftype="doc", reftarget=SEP + docname,
                                refexplicit=text is not None, refwarn=True)
    ref += nodes.inline(text or docname, text or docname)
    return ref


def with_clause_links(text: str) -> list[nodes.Node]:
    """Return ``text`` as nodes, each clause id of the digest in it (``S2``, ``T1-T7``'s ends) linked to its anchor."""
    known = {clause for _, clause, _ in digest_clauses()}
    out: list[nodes.Node] = []
    last = 0
    for match in re.finditer(r"\b[A-Z]\d+\b", text):
        if match.group() in known:
            out.append(nodes.Text(text[last:match.start()]))
            out.append(clause_ref(match.group()))
            last = match.end()
    out.append(nodes.Text(text[last:]))
    return out


def console(text: str) -> nodes.literal_block:
    """Return a console block."""
    block = nodes.literal_block(text, text, language="console")
    block["classes"].append("lowball-console")
    return block


@contextlib.contextmanager
def help_width():
    """Format argparse help at a fixed width, whatever the terminal of the build."""
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = HELP_COLUMNS
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old


_RUNS: dict[tuple, tuple[int, str, str]] = {}


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """Run ``lowball ARGV`` in this process from the repository root; return (exit code, stdout, stderr).

    A run is made once per process: the Russian site (docs/build.py builds it after the English one, in the
    same process) shows the same commands with the same output. A file the command names is known by its
    text, not its path (a history is written to a new temporary folder each time), and a changed file runs again.
    """
    key = tuple((REPO / a).read_bytes() if (REPO / a).is_file() else a for a in argv)
    if key not in _RUNS:
        _RUNS[key] = _run_cli(argv)
    return _RUNS[key]


def _run_cli(argv: list[str]) -> tuple[int, str, str]:
    from lowball.cli import main

    out, err = io.StringIO(), io.StringIO()
    with help_width(), contextlib.chdir(REPO), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def table_node(header: list, rows: list[list], widths: list[int] | None = None,
               classes: tuple[str, ...] = ()) -> nodes.table:
    """Return a docutils table; a cell is text or a node (or a list of nodes)."""
    table = nodes.table(classes=["lowball-table", *classes])
    group = nodes.tgroup(cols=len(header))
    table += group
    for width in widths or [1] * len(header):
        group += nodes.colspec(colwidth=width)

    def row_of(cells) -> nodes.row:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            para = nodes.paragraph()
            if isinstance(cell, nodes.Node):
                para += cell
            elif isinstance(cell, list):
                para.extend(cell)
            else:
                para += nodes.Text(str(cell))
            entry += para
            row += entry
        return row

    head = nodes.thead()
    head += row_of(header)
    body = nodes.tbody()
    for cells in rows:
        body += row_of(cells)
    group += head
    group += body
    return table


class LowballDirective(SphinxDirective):
    """Common helpers: warnings that fail the build, dependencies that trigger a re-read."""

    def warn(self, message: str) -> None:
        logger.warning(f"{self.name}: {message}", location=self.get_location())

    def depend(self, *paths: Path) -> None:
        for path in paths:
            self.env.note_dependency(str(path))

    def depend_on_spec(self) -> None:
        self.depend(*sorted(SPEC.rglob("*.py")), *sorted((SPEC / "rules").glob("*.toml")))

    def caption(self, node: nodes.Node, text: str) -> nodes.Node:
        return container_wrapper(self, node, text)

    def check_claims(self, text: str) -> None:
        """Warn for each text of ``:expect:`` (separated by `` | ``) that ``text`` does not contain."""
        for claim in filter(None, (c.strip() for c in self.options.get("expect", "").split(" | "))):
            if claim not in text:
                self.warn(f"the output no longer says {claim!r}: update the text around it")


# ---- the reports of lowball verify, once per build and game ----

_REPORTS: dict[tuple[str, bool], tuple] = {}
TEACHING = "teaching-table"
# The properties about the game table (the others are about the rankings, the same for every game).
FIRST_GAME_PROPERTY = 4


def property_numbers() -> tuple[int, ...]:
    """Return the numbers of every property ``lowball verify`` checks (from its registry when it has one)."""
    try:
        from lowball.verify.properties import NUMBERS
    except ImportError:          # the registry is newer than some checkouts
        return tuple(range(1, 8))
    return tuple(NUMBERS)


def report_key(game: str, exhaustive: bool) -> tuple[str, bool]:
    """Return the key of a game's report: the teaching table as the build says, every other game quick."""
    return game, exhaustive if game == TEACHING else False


def compute_report(game: str, exhaustive: bool, only: set[int] | None):
    """Return (checks, table) of ``lowball verify`` on a built-in game (run here or in the build's helper)."""
    from lowball.verify import load_for_verify, verify

    table, rankings = load_for_verify(game)
    return verify(table, rankings, exhaustive=exhaustive, only=only), table


def only_for(game: str) -> set[int] | None:
    """Return the properties checked on a game: all on the teaching table, its table's only on any other."""
    return None if game == TEACHING else {n for n in property_numbers() if n >= FIRST_GAME_PROPERTY}


# The reports computed beside the build, two at a time: the first page that shows them waits for all of them,
# and lowball verify on every game is a minute or more of CPU, most of the build; two processes use both cores.
_PENDING: dict[tuple[str, bool], concurrent.futures.Future] = {}
_HELPER: concurrent.futures.ProcessPoolExecutor | None = None


def start_reports(exhaustive: bool) -> None:
    """Start computing every built-in game's report in two helper processes (once per build)."""
    global _HELPER
    from lowball.core.games import builtin_paths

    if _HELPER is not None:
        return
    _HELPER = concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn"))
    for game in [TEACHING, *(g for g in builtin_paths() if g != TEACHING)]:
        key = report_key(game, exhaustive)
        if key not in _REPORTS and key not in _PENDING:
            _PENDING[key] = _HELPER.submit(compute_report, key[0], key[1], only_for(game))


def stop_reports() -> None:
    """Stop the helper processes (what they have not started is dropped)."""
    global _HELPER
    if _HELPER is not None:
        _HELPER.shutdown(wait=False, cancel_futures=True)
        _HELPER = None
    _PENDING.clear()


def game_report(game: str = TEACHING, exhaustive: bool = True):
    """Return (checks, table) of ``lowball verify`` on a built-in game; computed once per build.

    The teaching table gets every property (exhaustive or quick, as the build says); another game gets
    the properties of its table only, quick: its rankings are proved on the teaching table's report.
    """
    key = report_key(game, exhaustive)
    if key not in _REPORTS:
        pending = _PENDING.pop(key, None)
        if pending is not None:
            logger.info(f"lowball_docs: lowball verify on {game} (run beside the build)")
            _REPORTS[key] = pending.result()
        else:
            logger.info(f"lowball_docs: running lowball verify on {game} "
                        f"({'exhaustive' if key[1] else 'quick'}{'' if game == TEACHING else ', its table only'})")
            _REPORTS[key] = compute_report(game, key[1], only_for(game))
    return _REPORTS[key]


def teaching_report(exhaustive: bool):
    """Return (checks, table) of ``lowball verify`` on the shipped teaching table; computed once per build."""
    return game_report(TEACHING, exhaustive)


def applies(check) -> bool:
    """Return whether a property applies to the table it was checked on (every property did, once)."""
    return getattr(check, "applies", True)


def verdict(check) -> str:
    """Return "proved", "REFUTED" or "does not apply"."""
    if not applies(check):
        return "does not apply"
    return "proved" if check.holds else "REFUTED"


def property_descriptions() -> dict[int, str]:
    """Return each property's description: from the registry of properties, else the verify modules' docstrings."""
    try:
        from lowball.verify.properties import DESCRIPTIONS
        return dict(DESCRIPTIONS)
    except ImportError:
        pass
    import lowball.verify.game
    import lowball.verify.ranking

    found: dict[int, str] = {}
    for module in (lowball.verify.ranking, lowball.verify.game):
        for match in re.finditer(r"^(\d+)\. (.*?)(?=^\d+\. |\Z)", module.__doc__ or "", flags=re.M | re.S):
            found[int(match.group(1))] = " ".join(match.group(2).split())
    return found


# ---- the directives ----

class Digest(LowballDirective):
    """``lowball-digest ID``: the clause as the rules digest words it."""

    required_arguments = 1

    def run(self):
        clause = self.arguments[0]
        self.depend(DIGEST)
        wording = {found: words for _, found, words in digest_clauses()}
        if clause not in wording:
            self.warn(f"clause {clause} is not in {shown(DIGEST)}")
            return []
        lang = self.env.config.language or "en"
        words = translated_clauses(lang).get(clause, wording[clause])     # the Russian site: the digest's catalog
        quote = nodes.block_quote(classes=["lowball-digest"])
        para = nodes.paragraph()
        para += nodes.strong(f"{clause} ", f"{clause} ")
        inline, messages = self.state.inline_text(words, self.lineno)
        para.extend(inline)
        para += nodes.Text(" — ")
        para += doc_ref("docs/rules-digest", DIGEST_TITLE.get(lang, DIGEST_TITLE["en"]))
        quote += para
        return [quote, *messages]


# How a clause's quotation names the digest it comes from, by the site's language.
DIGEST_TITLE = {"en": "the rules digest", "ru": "конспект правил"}


def translated_clauses(lang: str) -> dict[str, str]:
    """Return each clause's wording in ``lang`` from the digest's catalog (``rules-digest.po``): the digest page
    is translated paragraph by paragraph, and a rules page quoting a clause shows the same Russian."""
    from lowball_docs.rulebook import split_clauses, translations

    return {clause: words for text in translations(lang).values() for clause, words in split_clauses(text)}


def digest_clauses() -> list[tuple[str, str, str]]:
    """Return (part letter, clause id, wording) for every clause of the rules digest, in order.

    A clause is a bullet ``- **T1** ...``, or an id in bold inside one (``**R2** ...``: razz's clauses
    share a bullet); its wording runs to the next id in bold or the end of the bullet.
    """
    found = []
    part = ""
    text = DIGEST.read_text(encoding="utf-8")
    for match in re.finditer(r"^## ([A-Z])\. |^- (\*\*[A-Z]\d+\*\* .*?)(?=^- \*\*|^\s*$|^#)", text, flags=re.M | re.S):
        if match.group(1):
            part = match.group(1)
            continue
        bullet = " ".join(match.group(2).split())
        pieces = re.split(r"\*\*([A-Z]\d+)\*\* ", bullet)[1:]
        for clause, words in zip(pieces[::2], pieces[1::2]):
            words = words.strip().rstrip(";").strip()
            found.append((part, clause, words if words.endswith(".") else words + "."))
    return found


class Clauses(LowballDirective):
    """``lowball-clauses``: every clause of the digest with a link to its page and what verify proves of it."""

    def run(self):
        self.depend(DIGEST)
        self.depend_on_spec()
        checks, _ = teaching_report(self.config.lowball_verify_exhaustive)
        rows = []
        for part, clause, words in digest_clauses():
            first = re.split(r"(?<=[.!?])\s", words, maxsplit=1)[0]
            inline, _ = self.state.inline_text(first, self.lineno)
            proofs: list[nodes.Node] = []
            numbers = [c.number for c in checks if clause in c.clauses]
            numbers += sorted({c.number for c in checks for f in c.proved if cites(f, clause)} - set(numbers))
            for i, number in enumerate(numbers):
                if i:
                    proofs.append(nodes.Text(", "))
                proofs.append(label_ref(PROPERTY_LABEL.format(number), str(number)))
            rows.append([part, clause_ref(clause), list(inline), proofs or "—"])
        return [table_node(["part", "clause", "the digest says", "verify property"], rows, widths=[1, 1, 12, 2])]


class Table(LowballDirective):
    """``lowball-table FILE``: the lines of ``:keys:`` as the table has them, comments included."""

    required_arguments = 1
    option_spec = {"keys": directives.unchanged_required, "clause": directives.unchanged}

    def run(self):
        path = rules_file(self.arguments[0])
        self.depend(path)
        keys = self.options.get("keys", "").split()
        try:
            text = excerpt(path.read_text(encoding="utf-8"), keys)
        except (OSError, ExcerptError) as err:
            self.warn(f"{shown(path)}: {err}")
            return []
        clause = self.options.get("clause")
        if clause and not cites(text, clause):
            self.warn(f"the excerpt of {shown(path)} ({', '.join(keys)}) does not cite {clause}")
        block = nodes.literal_block(text, text, language="toml")
        positions = [int(k.split(".")[1]) for k in keys if re.fullmatch(r"streets\.\d+", k)]
        where = ""
        if positions:
            named = ", ".join(f"streets.{n} is street {n + 1}" for n in positions)
            where = f" ({named}: positions count from 0, as in ``--set``)"
        return [self.caption(block, f"`{shown(path)}`{where}, read when this page was built")]


def _quoted(cards: str) -> str:
    return f'"{cards}"'


class Cases(LowballDirective):
    """``lowball-cases ID``: the worked cases and extreme hands of a clause, and what ``lowball`` says of them."""

    required_arguments = 1

    def run(self):
        import lowball
        from lowball.verify.ranking import WORKED_CASES

        clause = self.arguments[0]
        self.depend_on_spec()
        text = WORKED_CASES.read_text(encoding="utf-8")
        cases = [(v, b) for v, b in array_items(text, "case") if v.get("id") == clause]
        extremes = [(v, b) for v, b in array_items(text, "extreme") if v.get("id") == clause]
        if not cases and not extremes:
            self.warn(f"{shown(WORKED_CASES)} has no case or extreme with id {clause}")
            return []
        source = "\n\n".join(body for _, body in cases + extremes)
        out: list[nodes.Node] = [self.caption(nodes.literal_block(source, source, language="toml"),
                                              f"`{shown(WORKED_CASES)}`, read when this page was built")]
        lines = [">>> import lowball"]
        for values, _ in cases:
            better, worse, system = values["better"], values["worse"], values["system"]
            verdict = lowball.compare(better, worse, system)
            if verdict != 1:
                self.warn(f"case {clause} ({values['en']}): compare says {verdict} under {system}, not 1")
            lines += [f">>> lowball.compare({better!r}, {worse!r}, {system!r})", str(verdict),
                      f">>> print(lowball.explain({better!r}, {worse!r}, {system!r}))",
                      lowball.explain(better, worse, system)]
        for values, _ in extremes:
            for end in ("best", "worst"):
                value = lowball.evaluate(values[end], values["system"])
                lines += [f">>> lowball.evaluate({values[end]!r}, {values['system']!r})", repr(value)]
            count = lowball.class_count(values["system"])
            lines += [f">>> lowball.class_count({values['system']!r})", str(count)]
        text = "\n".join(lines)
        out.append(nodes.literal_block(text, text, language="pycon"))
        return out


class Run(LowballDirective):
    """``lowball-run``: each content line is a ``lowball`` command, run now.

    ``:returncode:`` is the exit code every command must have (0 by default); ``:expect:`` lists
    texts, separated by `` | ``, that the output must contain: the claims the prose around it makes.
    ``:speaks:`` runs each command in the site's language: on the Russian site with ``--lang ru`` added
    (every command takes it), so a page translated for a reader shows the reader's output too.
    """

    has_content = True
    option_spec = {"returncode": directives.nonnegative_int, "stderr": directives.flag,
                   "expect": directives.unchanged, "speaks": directives.flag}

    def run(self):
        self.depend_on_spec()
        expected = self.options.get("returncode", 0)
        lines: list[str] = []
        for command in (line.strip() for line in self.content):
            if not command:
                continue
            words = shlex.split(command)
            if words[0] != "lowball":
                self.warn(f"not a lowball command: {command}")
                continue
            language = self.env.config.language or "en"
            if "speaks" in self.options and language != "en" and "--lang" not in words:
                words.append(f"--lang={language}")
                command = shlex.join(words)
            code, stdout, stderr = run_cli(words[1:])
            if code != expected:
                self.warn(f"`{command}` exited {code}, expected {expected}: {(stderr or stdout).strip()[:500]}")
            lines.append(f"$ {command}")
            text = stdout + (stderr if code != 0 or "stderr" in self.options else "")
            lines.append(text.rstrip("\n"))
        shown_text = "\n".join(lines)
        if "speaks" not in self.options or (self.env.config.language or "en") == "en":
            self.check_claims(shown_text)      # the claims are the English prose's
        return [console(shown_text)]


class Replay(LowballDirective):
    """``lowball-replay``: a PHH hand history (the content, or ``:file:``); show it and replay it with ``--narrate``.

    ``:returncode:`` and ``:expect:`` as for ``lowball-run``; ``:name:`` is the file name shown;
    ``:file:`` a history file of the repository (``docs/examples/razz.phh``), shown by its path;
    ``:game:`` the table to replay it at (``lowball replay --game``), for a house table's history.
    """

    has_content = True
    option_spec = {"name": directives.unchanged, "returncode": directives.nonnegative_int,
                   "lang": directives.unchanged, "expect": directives.unchanged, "file": directives.unchanged,
                   "game": directives.unchanged}

    def run(self):
        self.depend_on_spec()
        expected = self.options.get("returncode", 0)
        if "file" in self.options:
            source = REPO / self.options["file"]
            self.depend(source)
            if self.content:
                self.warn("give the history as :file: or as the content, not both")
            try:
                phh = source.read_text(encoding="utf-8")
            except OSError as err:
                self.warn(f"cannot read {self.options['file']}: {err}")
                return []
            name = self.options.get("name", shown(source))
        else:
            name = self.options.get("name", "hand.phh")
            phh = "\n".join(self.content) + "\n"
        with tempfile.TemporaryDirectory(prefix="lowball-docs-") as folder:
            path = Path(folder) / Path(name).name
            path.write_text(phh, encoding="utf-8")
            options = (["--game", self.options["game"]] if "game" in self.options else []) + \
                (["--lang", self.options["lang"]] if "lang" in self.options else [])
            argv = ["replay", "--narrate", *options, str(path)]
            code, stdout, stderr = run_cli(argv)
        if code != expected:
            self.warn(f"replaying {name} exited {code}, expected {expected}: {(stderr or stdout).strip()[:500]}")
        stderr = stderr.replace(str(path), Path(name).name)
        self.check_claims(stdout + stderr)
        command = " ".join(["lowball replay --narrate", *options, name])
        history = self.caption(nodes.literal_block(phh, phh, language="toml"), f"`{name}`")
        return [history, console(f"$ {command}\n{(stdout + stderr).rstrip()}")]


class Python(LowballDirective):
    """``lowball-python``: Python code run now in a fresh namespace, shown with what it printed."""

    has_content = True

    def run(self):
        self.depend_on_spec()
        code = "\n".join(self.content)
        printed = io.StringIO()
        namespace = {"__name__": "__lowball_docs__"}
        try:
            with contextlib.chdir(REPO), contextlib.redirect_stdout(printed):
                exec(compile(code, f"<{self.env.docname} line {self.lineno}>", "exec"), namespace)
        except Exception as err:    # noqa: BLE001 - any failure of an example fails the build
            self.warn(f"the example raised {type(err).__name__}: {err}")
        out: list[nodes.Node] = [nodes.literal_block(code, code, language="python")]
        text = printed.getvalue().rstrip("\n")
        if text:
            out.append(nodes.literal_block(text, text, language="text", classes=["lowball-output"]))
        return out


def property_ref(number: int, text: str, exhaustive: bool) -> nodes.Node:
    """Return a link to a property's section of the report on the teaching table, or ``text`` if it has none."""
    reported = {check.number for check in teaching_report(exhaustive)[0]}
    return label_ref(PROPERTY_LABEL.format(number), text) if number in reported else nodes.Text(text)


class Trace(LowballDirective):
    """``lowball-trace ID``: the properties proved about a clause, and where it is implemented, tested, taught.

    ``:game: NAME`` takes the proofs from ``lowball verify`` on that built-in game (its table's properties)
    instead of the teaching table; ``:planned: WHY`` says the clause is not implemented yet, and why.
    """

    required_arguments = 1
    option_spec = {"planned": directives.unchanged, "game": directives.unchanged}

    def run(self):
        clause = self.arguments[0]
        self.depend_on_spec()
        sources = Sources(REPO)
        self.depend(*sources.tests(), *sources.notebooks())
        found = sources.trace(clause)
        game = self.options.get("game", TEACHING)
        exhaustive = self.config.lowball_verify_exhaustive
        try:
            checks, table = game_report(game, exhaustive)
        except Exception as err:      # noqa: BLE001 - a game that cannot be verified fails the build here
            self.warn(f"lowball verify --game {game} failed: {type(err).__name__}: {err}")
            return []
        out: list[nodes.Node] = []
        if "planned" in self.options:
            note = nodes.admonition(classes=["lowball-planned"])
            note += nodes.title("Planned", "Planned")
            para = nodes.paragraph()
            para += nodes.Text(f"{clause} is not implemented yet: {self.options['planned']}")
            note += para
            out.append(note)

        items = nodes.bullet_list(classes=["lowball-trace"])

        def item(label: str, content: list[nodes.Node]) -> nodes.list_item:
            li = nodes.list_item()
            para = nodes.paragraph()
            para += nodes.strong(label, label)
            para += nodes.Text(": ")
            para.extend(content)
            li += para
            items.append(li)
            return li

        on = "" if game == TEACHING else f" on {game}"
        proving = [c for c in checks if clause in c.clauses]
        facts = [(c, fact) for c in checks for fact in c.proved if cites(fact, clause)]
        if proving or facts:
            content: list[nodes.Node] = []
            for i, check in enumerate(proving):
                if i:
                    content.append(nodes.Text("; "))
                content.append(property_ref(check.number, f"property {check.number}", exhaustive))
                content.append(nodes.Text(f" ({check.title}): {verdict(check)}"))
            if not proving:
                content.append(nodes.Text("facts of "))
                numbers = sorted({c.number for c, _ in facts})
                for i, number in enumerate(numbers):
                    if i:
                        content.append(nodes.Text(", "))
                    content.append(property_ref(number, f"property {number}", exhaustive))
            li = item(f"Checked by lowball verify{on}", content)
            if facts:
                sub = nodes.bullet_list()
                for check, fact in facts:
                    fli = nodes.list_item()
                    fpara = nodes.paragraph()
                    fpara += nodes.Text(fact)
                    fli += fpara
                    sub += fli
                li += sub
        elif found["tests"]:
            item(f"Checked by lowball verify{on}", [nodes.Text("no property of lowball verify names this clause; "
                                                              "the tests below check it")])
        else:
            item(f"Checked by lowball verify{on}", [nodes.Text("nothing yet")])

        def names(citations, render) -> list[nodes.Node]:
            content: list[nodes.Node] = []
            for i, citation in enumerate(citations):
                if i:
                    content.append(nodes.Text(", "))
                content.append(render(citation))
            return content or [nodes.Text("none yet")]

        item("Rules tables", names(found["tables"], lambda c: nodes.literal(c.path, c.path)))
        item("Code", names(found["code"], lambda c: code_ref(c.obj) if c.obj else nodes.literal(c.path, c.path)))
        item("Tests", names(found["tests"], lambda c: nodes.literal(c.obj or c.path, c.obj or c.path)))

        def notebook(citation) -> nodes.Node:
            docname = citation.path.removesuffix(".ipynb")
            # A notebook added while the site is being built is not a page of this build.
            return doc_ref(docname) if docname in self.env.found_docs else nodes.literal(citation.path, citation.path)

        item("Notebooks", names(found["notebooks"], notebook))
        out.append(items)
        return out


class ClauseIndex(LowballDirective):
    """``lowball-clause-index``: every clause of the digest and the test files that cite it, as the traceability
    test computes them (``tests/support/clauses.py``, imported here: the page cannot say what the test does not).
    """

    HEAD = {"en": ("Clause", "Test files", "Which"), "ru": ("Пункт", "Файлов тестов", "Какие")}
    PLANNED = {"en": "planned: ", "ru": "в планах: "}

    def run(self):
        from tests.support.clauses import clause_index      # the traceability test's own functions

        self.depend_on_spec()
        self.depend(*sorted((REPO / "tests").rglob("*.py")))
        lang = "ru" if (self.env.config.language or "en") == "ru" else "en"
        table = nodes.table(classes=["lowball-clause-index"])
        group = nodes.tgroup(cols=3)
        table += group
        for width in (8, 8, 84):
            group += nodes.colspec(colwidth=width)

        def row(cells: list[list[nodes.Node]]) -> nodes.row:
            line = nodes.row()
            for content in cells:
                entry = nodes.entry()
                para = nodes.paragraph()
                para.extend(content)
                entry += para
                line += entry
            return line

        head = nodes.thead()
        head += row([[nodes.Text(text)] for text in self.HEAD[lang]])
        group += head
        body = nodes.tbody()
        for clause, tests, _, planned in clause_index():
            if planned:
                which: list[nodes.Node] = [nodes.emphasis(self.PLANNED[lang], self.PLANNED[lang]),
                                           nodes.Text(planned)]
            else:
                which = []
                for i, path in enumerate(tests):
                    if i:
                        which.append(nodes.Text(", "))
                    shown = path.removeprefix("tests/")
                    which.append(nodes.literal(shown, shown))
            body += row([[clause_ref(clause)], [nodes.Text(str(len(tests)))], which])
        group += body
        return [table]


class Systems(LowballDirective):
    """``lowball-systems``: every ranking system of ``rankings.toml`` side by side, and how each ranks two runs."""

    def run(self):
        from lowball.text.explain import category_name, describe
        from lowball.ranking import class_count
        from lowball.core.rankings import RANKINGS_FILE, load_rankings
        from lowball.verify.ranking import worked_cases

        self.depend_on_spec()
        rankings = load_rankings()
        systems = rankings.systems
        extremes = {e["system"]: e for e in worked_cases().get("extreme", [])}
        yes_no = lambda flag: "yes" if flag else "no"

        def system_head(row):
            return [nodes.literal(row.key, row.key)]

        rows = [
            ["English name"] + [row.en for row in systems],
            ["Russian name"] + [row.ru for row in systems],
            ["clauses: order, ties, ace"] + [with_clause_links(f"{row.category_clause}, {row.tie_break_clause}, "
                                                             f"{row.ace_clause}") for row in systems],
            ["a lower hand is"] + ["better" if row.better == "lower" else "worse" for row in systems],
            ["the ace counts"] + ["one (low)" if row.ace == "low" else "above the king (high)" for row in systems],
            ["straights count"] + [yes_no(row.straights_count) for row in systems],
            ["flushes count"] + [yes_no(row.flushes_count) for row in systems],
            ["A-2-3-4-5 (the wheel) is a straight"] + [yes_no(row.wheel_is_straight) for row in systems],
            ["A-K-Q-J-10 (broadway) is a straight"] + [yes_no(row.broadway_is_straight) for row in systems],
            ["classes of hands"] + [f"{class_count(row):,}" for row in systems],
            ["best hand"] + [extremes[row.key]["best"] if row.key in extremes else "" for row in systems],
            ["worst hand"] + [extremes[row.key]["worst"] if row.key in extremes else "" for row in systems],
            ["the wheel 5-4-3-2-A is"] + [describe("5s 4d 3c 2h Ad", row).split(": ", 1)[1] for row in systems],
            ["A-K-Q-J-10 offsuit is"] + [describe("As Kd Qh Jc Ts", row).split(": ", 1)[1] for row in systems],
        ]
        switches = table_node([""] + [system_head(row) for row in systems], rows, classes=("lowball-systems",))

        places = max(len(row.category_order) for row in systems)
        order_rows = []
        for place in range(places):
            cells: list = [str(place + 1)]
            for row in systems:
                cells.append(category_name(row.category_order[place]) if place < len(row.category_order) else "—")
            order_rows.append(cells)
        order = table_node(["place"] + [system_head(row) for row in systems], order_rows,
                           classes=("lowball-category-order",))

        caption = nodes.paragraph()
        caption += nodes.emphasis("", f"Generated from {shown(RANKINGS_FILE)} when this page was built; class "
                                      f"counts and the two runs are computed by the evaluator; the best and worst "
                                      f"hands are the extremes of {shown(rules_file('worked-cases.toml'))}, proved "
                                      f"by property 3.")
        heading = nodes.rubric("", "Category order, best first (H2, K1, F1, L1)")
        return [switches, caption, heading, order]


class VerifyReport(LowballDirective):
    """``lowball-verify-report``: ``lowball verify`` of the teaching table, one section a property.

    A refuted property fails the build; a property that does not apply to the teaching table says why.
    """

    def run(self):
        from lowball.core.rankings import RANKINGS_FILE
        from lowball.core.games import TEACHING_TABLE_FILE

        self.depend_on_spec()
        exhaustive = self.config.lowball_verify_exhaustive
        checks, table = teaching_report(exhaustive)
        described = property_descriptions()
        out: list[nodes.Node] = []
        intro = nodes.paragraph()
        holding = sum(c.holds for c in checks if applies(c))
        applying = sum(applies(c) for c in checks)
        command = "lowball verify" if exhaustive else "lowball verify --quick"
        intro += nodes.Text("Run when this page was built: ")
        intro += nodes.literal(command, command)
        intro += nodes.Text(f" on {table.en} ({shown(TEACHING_TABLE_FILE)} and {shown(RANKINGS_FILE)}): "
                            f"{holding} of the {applying} properties that apply hold"
                            + (f" ({len(checks) - applying} do not apply to this table)" if applying < len(checks)
                               else "")
                            + f", in {sum(c.seconds for c in checks):.1f} s.")
        out.append(intro)
        rows = []
        for check in checks:
            clauses: list[nodes.Node] = []
            for i, clause in enumerate(check.clauses):
                if i:
                    clauses.append(nodes.Text(", "))
                clauses.append(clause_ref(clause))
            rows.append([label_ref(PROPERTY_LABEL.format(check.number), str(check.number)), check.title, clauses,
                         verdict(check), f"{check.seconds:.1f} s"])
        out.append(table_node(["property", "what it guarantees", "clauses", "verdict", "time"], rows,
                              widths=[1, 8, 3, 2, 1]))
        for check in checks:
            if applies(check) and not check.holds:
                self.warn(f"lowball verify refutes property {check.number} of the teaching table: "
                          f"{check.counterexample}")
            label = PROPERTY_LABEL.format(check.number)
            section = nodes.section(ids=[label], names=[label])
            title = f"{check.number}. {check.title}"
            section += nodes.title(title, title)
            self.state.document.note_explicit_target(section)
            status = nodes.paragraph()
            status += nodes.strong("", verdict(check))
            status += nodes.Text(f" in {check.seconds:.1f} s · clauses ")
            for i, clause in enumerate(check.clauses):
                if i:
                    status += nodes.Text(", ")
                status += clause_ref(clause)
            section += status
            if check.number in described:
                claim = nodes.paragraph()
                claim += nodes.emphasis("", "The property: ")
                claim.extend(with_clause_links(described[check.number]))
                section += claim
            if not applies(check):
                why = nodes.paragraph()
                why += nodes.emphasis("", "Not for this table: ")
                why.extend(with_clause_links(getattr(check, "reason", "")))
                section += why
            facts = nodes.bullet_list()
            for fact in check.proved:
                li = nodes.list_item()
                para = nodes.paragraph()
                para.extend(with_clause_links(fact))
                li += para
                facts += li
            if check.proved:
                section += facts
            if applies(check) and not check.holds:
                warning = nodes.warning()
                para = nodes.paragraph()
                para += nodes.Text(f"Counterexample: {check.counterexample}")
                warning += para
                section += warning
            out.append(section)
        return out


class VerifyGames(LowballDirective):
    """``lowball-verify-games``: the properties of every built-in game's table, one row a game (quick).

    A refuted property is listed under the table; with ``lowball_verify_games_strict`` it fails the build.
    """

    def run(self):
        from lowball.core.games import builtin_paths

        self.depend_on_spec()
        exhaustive = self.config.lowball_verify_exhaustive
        numbers = [n for n in property_numbers() if n >= FIRST_GAME_PROPERTY]
        rows = []
        refuted: list[str] = []
        for game in builtin_paths():
            try:
                checks, table = game_report(game, exhaustive)
            except Exception as err:     # noqa: BLE001 - shown in the table and as a warning
                self.warn(f"lowball verify --game {game} failed: {type(err).__name__}: {err}")
                continue
            by_number = {c.number: c for c in checks}
            cells: list = [[label_ref(f"game-{game}", game)]]
            for number in numbers:
                check = by_number.get(number)
                cells.append("—" if check is None else verdict(check))
                if check is not None and applies(check) and not check.holds:
                    refuted.append(f"{game}: property {number}: {check.counterexample}")
                    if self.config.lowball_verify_games_strict:
                        self.warn(f"lowball verify refutes property {number} of {game}: {check.counterexample}")
            rows.append(cells)
        header = ["game"] + [property_ref(n, f"property {n}", exhaustive) for n in numbers]
        out: list[nodes.Node] = [table_node(header, rows, widths=[4] + [2] * len(numbers))]
        if refuted:
            note = nodes.admonition(classes=["lowball-refuted"])
            note += nodes.title("Refuted", "Refuted")
            items = nodes.bullet_list()
            for line in refuted:
                li = nodes.list_item()
                para = nodes.paragraph()
                para.extend(with_clause_links(line))
                li += para
                items += li
            note += items
            out.append(note)
        return out


class CliHelp(LowballDirective):
    """``lowball-cli-help``: ``lowball --help`` and each command's ``--help``, one section a command."""

    def run(self):
        from lowball.cli import build_parser

        self.depend_on_spec()
        with help_width():
            parser = build_parser()
            commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
            pages = [("lowball", parser.format_help())]
            pages += [(f"lowball {name}", sub.format_help()) for name, sub in commands.choices.items()]
        out = []
        for title, text in pages:
            ident = "cli-" + title.replace(" ", "-")
            section = nodes.section(ids=[ident], names=[ident])
            section += nodes.title("", "", nodes.literal(title, title))
            self.state.document.note_explicit_target(section)
            command = f"$ {title} --help\n{text.rstrip()}"
            section += console(command)
            out.append(section)
        return out


class Api(LowballDirective):
    """``lowball-api``: one section a module; autodoc of its members, or a list of what a package re-exports."""

    has_content = True

    def run(self):
        self.depend_on_spec()
        out: list[nodes.Node] = []
        for line in (line.strip() for line in self.content):
            if not line:
                continue
            optional = line.startswith("?")
            name = line.lstrip("?").strip()
            if importlib.util.find_spec(name) is None:
                if not optional:
                    self.warn(f"no module {name}")
                continue
            module = importlib.import_module(name)
            section = nodes.section(ids=[f"api-{name}"], names=[f"api-{name}"])
            section += nodes.title("", "", nodes.literal(name, name))
            self.state.document.note_explicit_target(section)
            exported = getattr(module, "__all__", None)
            # A package that only re-exports (lowball, lowball.verify): its docstring, then links to the homes.
            reexports = bool(exported) and all(getattr(getattr(module, n), "__module__", None) != name
                                               for n in exported)
            # autodoc writes reStructuredText: parse it as such inside this MyST page.
            body = ["```{eval-rst}", f".. automodule:: {name}"] + ([] if reexports else ["   :members:"]) + ["```"]
            self.state.nested_parse(StringList(body, source=self.get_source_info()[0]), self.content_offset, section)
            if reexports:
                para = nodes.paragraph()
                para += nodes.Text(f"{name} re-exports: ")
                for i, export in enumerate(sorted(exported, key=str.lower)):
                    if i:
                        para += nodes.Text(", ")
                    home = getattr(getattr(module, export), "__module__", None)
                    para += code_ref(f"{home}.{export}") if home else nodes.literal(export, export)
                section += para
            out.append(section)
        return out


class OptionalTocTree(TocTree):
    """``lowball-toctree``: a toctree in which an entry written ``?name`` is dropped when the page is missing."""

    def run(self):
        kept = []
        for line in self.content:
            entry = line.strip()
            if entry.startswith("?"):
                entry = entry[1:].strip()
                docname = entry if entry.startswith(SEP) else \
                    SEP.join([*self.env.docname.split(SEP)[:-1], entry])
                docname = docname.lstrip(SEP)
                # A missing file as a dependency makes Sphinx re-read this page until it appears.
                self.env.note_dependency(str(REPO / f"{docname}.md"))
                if docname not in self.env.found_docs:
                    continue
            kept.append(entry)
        self.content = StringList(kept, source=self.content.source(0) if self.content else "")
        return super().run()


DIRECTIVES = {
    "lowball-digest": Digest,
    "lowball-clauses": Clauses,
    "lowball-table": Table,
    "lowball-cases": Cases,
    "lowball-run": Run,
    "lowball-replay": Replay,
    "lowball-python": Python,
    "lowball-trace": Trace,
    "lowball-clause-index": ClauseIndex,
    "lowball-systems": Systems,
    "lowball-verify-report": VerifyReport,
    "lowball-verify-games": VerifyGames,
    "lowball-cli-help": CliHelp,
    "lowball-api": Api,
    "lowball-toctree": OptionalTocTree,
}
