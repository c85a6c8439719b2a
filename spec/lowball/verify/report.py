"""Run every property on a game table and its rankings, and report in words (``lowball verify``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lowball.errors import RulesError
from lowball.core.games import GameTable, parse_game_table, read_game_data, resolve
from lowball.core.rankings import RANKINGS_FILE
from lowball.core.reader import TableReader, apply_overrides, read_toml
from lowball.verify.checks import Check
from lowball.verify.game import check_card_bound, check_chips, check_rounds, check_stack_guarantee
from lowball.verify.ranking import check_cases, check_order, check_well_formed

RANKINGS_PREFIX = "rankings."


def load_for_verify(rules: Path | str | None = None, overrides: dict[str, str] | None = None,
                    rankings: Path | str | None = None) -> tuple[GameTable, TableReader]:
    """Load a game table (refusing a malformed one) and the raw rankings table, with ``--set`` overrides.

    Keys starting with ``rankings.`` change the rankings table, e.g.
    ``rankings.systems.ace-to-six.flushes_count=false``; the others change the game table.
    """
    overrides = overrides or {}
    game, folder = read_game_data(rules)
    ranks = read_toml(rankings if rankings is not None else RANKINGS_FILE)
    game_sets = {k: v for k, v in overrides.items() if not k.startswith(RANKINGS_PREFIX)}
    rank_sets = {k[len(RANKINGS_PREFIX):]: v for k, v in overrides.items() if k.startswith(RANKINGS_PREFIX)}
    if any(key == "extends" for key in game_sets):
        raise RulesError(f"{game.source}: extends: cannot be changed with --set; write a table that extends it")
    game = TableReader(game.source, apply_overrides(resolve(game, folder), game_sets, game.source))
    ranks = TableReader(ranks.source, apply_overrides(ranks.data, rank_sets, ranks.source))
    return parse_game_table(game, rankings_data=ranks.data), ranks


def verify(table: GameTable | None = None, rankings: TableReader | None = None, *,
           exhaustive: bool = True, only: set[int] | None = None) -> list[Check]:
    """Check all seven properties of a game table and its rankings; each result says proved or refuted.

    >>> [(c.number, c.holds) for c in verify(exhaustive=False)][3:]
    [(4, True), (5, True), (6, True), (7, True)]
    """
    if table is None or rankings is None:
        table, rankings = load_for_verify()
    wanted = only or set(range(1, 8))
    checks: list[Check] = []
    well_formed, parsed = check_well_formed(rankings.source, rankings.data)
    checks.append(well_formed)
    if parsed is None:
        for number, title, clauses in ((2, "each ranking orders all hands totally", ("H2", "H3", "S2")),
                                       (3, "best and worst hands and the seeds' worked cases", ("E1", "E2", "H2"))):
            checks.append(Check(number, title, clauses, holds=False,
                                counterexample="not checked: the rankings table is malformed (property 1)"))
    else:
        if 2 in wanted:
            checks.append(check_order(parsed, exhaustive=exhaustive))
        if 3 in wanted:
            checks.append(check_cases(parsed))
    game_checks = {4: check_stack_guarantee, 5: check_card_bound, 6: check_chips, 7: check_rounds}
    checks += [run(table) for number, run in game_checks.items() if number in wanted]
    return [check for check in checks if check.number in wanted]


def render(checks: list[Check], table: GameTable) -> str:
    """Return the report as text: one block per property, with its clauses, verdict, facts and time."""
    lines = [f"lowball verify: {table.en} ({table.source})", ""]
    for check in checks:
        verdict = "proved" if check.holds else "REFUTED"
        lines.append(f"{check.number}. {check.title} [{', '.join(check.clauses)}]: {verdict} "
                     f"({check.seconds:.1f} s)")
        for fact in check.proved:
            lines.append(f"   - {fact}")
        if not check.holds:
            lines.append(f"   counterexample: {check.counterexample}")
    failed = [c.number for c in checks if not c.holds]
    lines.append("")
    lines.append("all properties hold" if not failed else f"{len(failed)} propert{'y' if len(failed) == 1 else 'ies'} "
                 f"refuted: {', '.join(map(str, failed))}")
    return "\n".join(lines)


def as_json(checks: list[Check], table: GameTable) -> str:
    """Return the report as JSON."""
    data: dict[str, Any] = {
        "table": table.name, "source": table.source, "holds": all(c.holds for c in checks),
        "properties": [{"number": c.number, "title": c.title, "clauses": list(c.clauses), "holds": c.holds,
                        "proved": c.proved, "counterexample": c.counterexample, "seconds": round(c.seconds, 3),
                        "figures": c.figures}
                       for c in checks],
    }
    return json.dumps(data, ensure_ascii=False, indent=2)
