"""Run every property on a game table and its rankings, and report in words (``lowball verify``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from lowball.core.arguments import FLAG, NAME_OR_PATH, PATH, Kind, instance_of, is_whole, optional, takes
from lowball.core.games import OVERRIDES, GameTable, parse_game_table, read_game_data, resolve
from lowball.core.rankings import RANKINGS_FILE, parse_rankings, read_rankings, register_house_systems
from lowball.core.reader import TableReader, apply_overrides, read_toml
from lowball.errors import RulesError
from lowball.text.verdicts import Verdict, word
from lowball.verify.checks import Check
from lowball.verify.game import GAME_CHECKS
from lowball.verify.limits import check_sizes
from lowball.verify.properties import BY_NUMBER, NUMBERS
from lowball.verify.ranking import check_cases, check_order, check_well_formed
from lowball.verify.rounds import clear_steps

RANKINGS_PREFIX = "rankings."


@takes(rules=optional(NAME_OR_PATH), overrides=OVERRIDES, rankings=optional(PATH))
def load_for_verify(rules: Path | str | None = None, overrides: dict[str, str] | None = None,
                    rankings: Path | str | None = None) -> tuple[GameTable, TableReader]:
    """Load a game table by built-in name or path (refusing a malformed one) and the raw rankings table: the file
    ``rankings`` names, else the table's own (its ``rankings`` key), else the shipped one.

    ``overrides`` are ``--set`` values: keys starting with ``rankings.`` change
    the rankings table (e.g. ``rankings.systems.ace-to-six.flushes_count=false``),
    the others the game table. A table too large to prove in seconds is refused
    here too (``limits``), naming the largest value that is supported.
    """
    overrides = overrides or {}
    game, folder = read_game_data(rules)
    house = resolve(game, folder).get("rankings") or None      # a house table's own rankings file, if it names one
    # Each system written out whole before --set changes one: a change to a system is to that system alone.
    ranks = read_rankings(rankings if rankings is not None else house or RANKINGS_FILE)
    ranks.table("systems")          # a rankings table names its systems: without any, nothing can be checked
    game_sets = {k: v for k, v in overrides.items() if not k.startswith(RANKINGS_PREFIX)}
    rank_sets = {k[len(RANKINGS_PREFIX):]: v for k, v in overrides.items() if k.startswith(RANKINGS_PREFIX)}
    if any(key == "extends" for key in game_sets):
        raise RulesError(f"{game.source}: extends: cannot be changed with --set; write a table that extends it")
    game = TableReader(game.source, apply_overrides(resolve(game, folder), game_sets, game.source))
    ranks = TableReader(ranks.source, apply_overrides(ranks.data, rank_sets, ranks.source))
    table = parse_game_table(game, rankings_data=ranks.data)
    if house and rankings is None and not rank_sets:      # the engine plays the house systems, as ``play`` does
        try:
            register_house_systems(parse_rankings(ranks), house)
        except RulesError as err:
            raise RulesError(f"{game.source}: rankings: {err}") from None
    check_sizes(table)
    return table, ranks


def systems_of(table: GameTable) -> set[str]:
    """Return the ranking systems a game uses (its pot's one system, or the high and the low of a split)."""
    return {side.system for side in table.sides}


@takes(table=optional(instance_of(GameTable, "a game table (load_for_verify)")),
       rankings=optional(instance_of(TableReader, "a rankings table (load_for_verify)")), exhaustive=FLAG,
       only=optional(Kind(f"a set of property numbers ({min(NUMBERS)} to {max(NUMBERS)}; None for all)",
                          lambda v: isinstance(v, (set, frozenset, list, tuple)) and len(v) > 0
                          and all(is_whole(n) and n in NUMBERS for n in v))),
       on_check=optional(Kind("a function to call with each check as it is settled", callable)))
def verify(table: GameTable | None = None, rankings: TableReader | None = None, *,
           exhaustive: bool = True, only: set[int] | None = None,
           on_check: Callable[[Check], Any] | None = None) -> list[Check]:
    """Check every property of a game table and its rankings; each result says proved, refuted or not applicable.

    ``on_check`` is told of each check as soon as it is settled, in the report's order (``lowball verify`` prints
    it then, rather than everything at the end).

    >>> table, rankings = load_for_verify()
    >>> [(c.number, c.verdict) for c in verify(table, rankings, only={5, 8}, on_check=lambda c: print(c.number))]
    5
    8
    [(5, 'proved'), (8, 'does not apply')]
    """
    if table is None or rankings is None:
        table, rankings = load_for_verify()
    clear_steps()
    wanted = only or set(NUMBERS)
    systems = systems_of(table)
    checks: list[Check] = []

    def settled(check: Check) -> None:
        if check.number in wanted:
            checks.append(check)
            if on_check is not None:
                on_check(check)

    well_formed, parsed = check_well_formed(rankings.source, rankings.data, systems)
    settled(well_formed)
    if parsed is None:
        for number in (2, 3):
            check = Check.of(number, table)
            check.fail(Verdict("rankings-malformed"))
            settled(check)
    else:
        if 2 in wanted:
            settled(check_order(parsed, exhaustive=exhaustive, systems=systems))
        if 3 in wanted:
            settled(check_cases(parsed, systems=systems))
    for number, run in GAME_CHECKS.items():
        if number in wanted:
            settled(run(table))
    return checks


def holds(checks: list[Check]) -> bool:
    """Return whether every applicable property holds (what ``lowball verify`` exits 0 on)."""
    return all(c.holds for c in checks if c.applies)


# The report's own words are keys of rules/proofs.toml; the verdict of a check ("proved", "REFUTED", "does not
# apply") names its word there.
VERDICT_WORDS = {"proved": "report-proved", "REFUTED": "report-refuted", "does not apply": "report-does-not-apply"}


def check_lines(check: Check, table: GameTable, lang: str = "en") -> list[str]:
    """Return one property's block of the text report in ``lang``: title, clauses, verdict, time, facts.

    >>> table, rankings = load_for_verify()
    >>> check_lines(verify(table, rankings, only={8})[0], table, "ru")[0]
    '8. пересдача, когда торги никто не открыл, случается ограниченное число раз [K4]: неприменимо (0,0 с)'
    """
    prop = BY_NUMBER[check.number]
    # a check titled without its table (the rankings' checks) keeps that title; one retitled by hand stays as is
    title = next((prop.title(t, lang) for t in (table, None) if check.title == prop.title(t)), check.title)
    seconds = f"{check.seconds:.1f}" if lang == "en" else f"{check.seconds:.1f}".replace(".", ",")
    lines = [f"{check.number}. {title} [{', '.join(check.clauses)}]: {word(VERDICT_WORDS[check.verdict], {}, lang)} "
             f"({seconds} {word('report-seconds', {}, lang)})"]
    if not check.applies:
        reason = prop.not_applicable(table, lang) if check.reason == prop.not_applicable(table) else check.reason
        lines.append(f"   - {reason}")
        lines.extend(f"   - {fact}" for fact in check.facts(lang))
        return lines
    lines.extend(f"   - {fact}" for fact in check.facts(lang))
    if not check.holds:
        lines.append(f"   {word('report-counterexample', {}, lang)}: {check.refutation(lang)}")
    return lines


def summary_line(checks: list[Check], lang: str = "en") -> str:
    """Return the report's last line: all hold, or which properties are refuted, and which do not apply.

    >>> summary_line([], "ru")
    'все свойства выполняются'
    """
    failed = [c.number for c in checks if c.applies and not c.holds]
    skipped = [c.number for c in checks if not c.applies]
    summary = word("report-all-hold", {}, lang) if not failed else \
        word("report-refuted-one" if len(failed) == 1 else "report-refuted-many",
             {"n": len(failed), "numbers": ", ".join(map(str, failed))}, lang)
    if skipped:
        summary += word("report-skipped", {"numbers": ", ".join(map(str, skipped))}, lang)
    return summary


def render(checks: list[Check], table: GameTable, lang: str = "en") -> str:
    """Return the report as text in ``lang``: one block per property, with its clauses, verdict, facts and time."""
    lines = [f"lowball verify: {getattr(table, lang)} ({table.source})", ""]
    for check in checks:
        lines.extend(check_lines(check, table, lang))
    lines += ["", summary_line(checks, lang)]
    return "\n".join(lines)


def as_json(checks: list[Check], table: GameTable) -> str:
    """Return the report as JSON."""
    data: dict[str, Any] = {
        "table": table.name, "source": table.source, "holds": holds(checks),
        "properties": [{"number": c.number, "title": c.title, "clauses": list(c.clauses), "applies": c.applies,
                        "holds": c.holds, "verdict": c.verdict, "reason": c.reason, "proved": c.proved,
                        "counterexample": c.counterexample, "seconds": round(c.seconds, 3), "figures": c.figures}
                       for c in checks],
    }
    return json.dumps(data, ensure_ascii=False, indent=2)
