"""Solved strategies on disk: one ``.npz`` per table in ``solutions/``, tied to the table's hash and abstraction.

A solution holds the average strategy (probabilities quantised to 16 bits per action, rows renormalised on
loading), the abstraction's deal, draw matrices and strengths (so that its tree is rebuilt in a second without
enumerating the cards again), the stacks, the table's name and hash (SHA-256 of the resolved table data), the
exploitability and seat values of the stored (quantised) strategy, and the convergence record. Loading it for
another table, or for a changed copy of the same one, is refused with an error naming both.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from lowball.core.games import GameTable
from lowball.errors import LowballError
from lowball.solve.game_tree import TableTree, build_tree
from lowball.solve.strategy import normalise

SOLUTIONS = Path(__file__).parent / "solutions"
LEVELS = 65535


class WrongTable(LowballError):
    """A stored strategy offered for a table it was not solved for."""


def table_hash(table: GameTable) -> str:
    """Return the SHA-256 of the table's resolved data, the same for every copy of the same rules.

    >>> from lowball.core.games import load_game_table
    >>> h = table_hash(load_game_table("teaching-table")); len(h), h == table_hash(load_game_table("teaching-table"))
    (64, True)
    """
    text = json.dumps(table.data, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def quantise(strategy) -> np.ndarray:
    """Return every probability as a 16-bit level, the tables flattened in decision order.

    >>> quantise([np.array([[0.25, 0.75]])]).tolist()
    [16384, 49151]
    """
    return np.concatenate([np.rint(np.asarray(table, dtype=float).ravel() * LEVELS) for table in strategy]
                          ).astype(np.uint16)


def dequantise(levels: np.ndarray, built: TableTree) -> tuple[np.ndarray, ...]:
    """Return the strategy tables of a tree from their 16-bit levels (each row renormalised).

    >>> from lowball.core.games import load_game_table
    >>> from lowball.solve.abstraction import toy_ranges
    >>> from lowball.solve.strategy import uniform
    >>> built = build_tree(load_game_table("teaching-table"), toy_ranges())
    >>> back = dequantise(quantise(uniform(built.tree)), built); back[0][0].tolist()
    [0.5, 0.5]
    """
    tables, at = [], 0
    for node, size in zip(built.tree.decisions, built.tree.sizes):
        count = size * len(node.actions)
        if at + count > len(levels):
            raise ValueError(f"the stored strategy is too short for the tree of {built.table.name}")
        tables.append(normalise(levels[at:at + count].reshape(size, -1).astype(float)))
        at += count
    if at != len(levels):
        raise ValueError(f"the stored strategy is longer than the tree of {built.table.name}")
    return tuple(tables)


@dataclass(frozen=True, kw_only=True, eq=False)
class StoredRanges:
    """An abstraction's deal, draw matrices and strengths as stored with a solution (enough to rebuild the tree)."""

    parameters: dict
    weights: np.ndarray = field(repr=False)
    transitions: dict[int, np.ndarray] = field(repr=False)
    strengths: np.ndarray = field(repr=False)


@dataclass(frozen=True, kw_only=True, eq=False)
class Solution:
    """A solved table: its tree, the stored strategy, and what was measured when it was written."""

    built: TableTree
    strategy: tuple[np.ndarray, ...] = field(repr=False)
    ranges: StoredRanges = field(repr=False)
    facts: dict


def path_of(name: str, folder: Path = SOLUTIONS) -> Path:
    """Return the file of a table's solution.

    >>> path_of("teaching-table").name
    'teaching-table.npz'
    """
    return Path(folder) / f"{name}.npz"


def save(path: Path, built: TableTree, strategy, ranges, facts: dict) -> Path:
    """Write a solution: the quantised strategy, the abstraction's matrices, the table's hash and the facts."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    head = {"table": built.table.name, "table_hash": table_hash(built.table), "stacks": built.stacks,
            "abstraction": dict(ranges.parameters), **facts}
    counts = sorted(ranges.transitions)
    np.savez_compressed(path, head=np.array(json.dumps(head)), strategy=quantise(strategy),
                        weights=ranges.weights, strengths=ranges.strengths, draw_counts=np.array(counts),
                        transitions=np.stack([ranges.transitions[k] for k in counts]))
    return path


def read_head(path: Path) -> dict:
    """Return what a solution file says about itself (table, hash, abstraction, figures), without its strategy."""
    with np.load(path) as data:
        return json.loads(str(data["head"]))


def load(table: GameTable, path: Path | None = None) -> Solution:
    """Load a table's solution, refusing it unless it was solved for exactly this table (name and hash).

    >>> from lowball.core.games import load_game_table
    >>> load(load_game_table("razz"), path_of("teaching-table"))
    Traceback (most recent call last):
    lowball.solve.store.WrongTable: the solution in teaching-table.npz was solved for teaching-table, not for razz
    """
    path = Path(path) if path is not None else path_of(table.name)
    if not path.exists():
        raise FileNotFoundError(f"no solution for {table.name}: {path} (run make solve)")
    head = read_head(path)
    if head["table"] != table.name:
        raise WrongTable(f"the solution in {path.name} was solved for {head['table']}, not for {table.name}")
    if head["table_hash"] != table_hash(table):
        raise WrongTable(f"the solution in {path.name} was solved for another version of {table.name} "
                         f"(table hash {head['table_hash'][:12]}, this table {table_hash(table)[:12]})")
    with np.load(path) as data:
        ranges = StoredRanges(parameters=head["abstraction"], weights=data["weights"], strengths=data["strengths"],
                              transitions={int(k): m for k, m in zip(data["draw_counts"], data["transitions"])})
        levels = data["strategy"]
    built = build_tree(table, ranges, head["stacks"])
    return Solution(built=built, strategy=dequantise(levels, built), ranges=ranges, facts=head)
