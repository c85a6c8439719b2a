"""Run every property on a game table and its rankings, and report in words (``lowball verify``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lowball.core.arguments import FLAG, NAME_OR_PATH, PATH, Kind, instance_of, is_whole, optional, takes
from lowball.core.games import OVERRIDES, GameTable, parse_game_table, read_game_data, resolve
from lowball.core.rankings import RANKINGS_FILE, parse_rankings, read_rankings, register_house_systems
from lowball.core.reader import TableReader, apply_overrides, read_toml
from lowball.errors import RulesError
from lowball.verify.checks import Check
from lowball.verify.game import GAME_CHECKS
from lowball.verify.limits import check_sizes
from lowball.verify.properties import NUMBERS
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
                          and all(is_whole(n) and n in NUMBERS for n in v))))
def verify(table: GameTable | None = None, rankings: TableReader | None = None, *,
           exhaustive: bool = True, only: set[int] | None = None) -> list[Check]:
    """Check every property of a game table and its rankings; each result says proved, refuted or not applicable.

    >>> table, rankings = load_for_verify()
    >>> [(c.number, c.verdict) for c in verify(table, rankings, only={5, 8})]
    [(5, 'proved'), (8, 'does not apply')]
    """
    if table is None or rankings is None:
        table, rankings = load_for_verify()
    clear_steps()
    wanted = only or set(NUMBERS)
    systems = systems_of(table)
    checks: list[Check] = []
    well_formed, parsed = check_well_formed(rankings.source, rankings.data, systems)
    checks.append(well_formed)
    if parsed is None:
        for number in (2, 3):
            check = Check.of(number, table)
            check.fail("not checked: the rankings table is malformed (property 1)")
            checks.append(check)
    else:
        if 2 in wanted:
            checks.append(check_order(parsed, exhaustive=exhaustive, systems=systems))
        if 3 in wanted:
            checks.append(check_cases(parsed, systems=systems))
    checks += [run(table) for number, run in GAME_CHECKS.items() if number in wanted]
    return [check for check in checks if check.number in wanted]


def holds(checks: list[Check]) -> bool:
    """Return whether every applicable property holds (what ``lowball verify`` exits 0 on)."""
    return all(c.holds for c in checks if c.applies)


def render(checks: list[Check], table: GameTable) -> str:
    """Return the report as text: one block per property, with its clauses, verdict, facts and time."""
    lines = [f"lowball verify: {table.en} ({table.source})", ""]
    for check in checks:
        lines.append(f"{check.number}. {check.title} [{', '.join(check.clauses)}]: {check.verdict} "
                     f"({check.seconds:.1f} s)")
        if not check.applies:
            lines.append(f"   - {check.reason}")
            lines.extend(f"   - {fact}" for fact in check.proved)
            continue
        for fact in check.proved:
            lines.append(f"   - {fact}")
        if not check.holds:
            lines.append(f"   counterexample: {check.counterexample}")
    failed = [c.number for c in checks if c.applies and not c.holds]
    skipped = [c.number for c in checks if not c.applies]
    lines.append("")
    summary = "all properties hold" if not failed else \
        f"{len(failed)} propert{'y' if len(failed) == 1 else 'ies'} refuted: {', '.join(map(str, failed))}"
    if skipped:
        summary += f" (not applicable: {', '.join(map(str, skipped))})"
    lines.append(summary)
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
