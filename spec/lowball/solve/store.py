"""Solved strategies on disk: one ``.npz`` per table in ``solutions/``, tied to the table's hash and abstraction.

A solution holds the average strategy (probabilities quantised to 16 bits per action, rows renormalised on
loading), the abstraction's deal, draw matrices and strengths (so that its tree is rebuilt in a second without
enumerating the cards again), the stacks, the table's name and hash (SHA-256 of the resolved table data), the
exploitability and seat values of the stored (quantised) strategy, and the convergence record. Loading it for
another table, or for a changed copy of the same one, is refused with an error naming both.

Every solver file (a solution, a checkpoint of ``lowball.solve.run``) is written atomically
(``lowball.core.files.write_atomically``) and read by ``read_arrays``: no pickle is ever loaded, and a file that is
cut short, damaged or of the other kind is refused in one line naming it and what is wrong (``BadSolverFile``);
``load`` then checks every array's type, shape and values against the head before the tree is built.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping

import numpy as np

from lowball.core.files import describe_os_error, not_a_file, path_text, write_atomically
from lowball.core.games import GameTable
from lowball.errors import LowballError
from lowball.solve.game_tree import TableTree, build_tree
from lowball.solve.strategy import normalise

SOLUTIONS = Path(__file__).parent / "solutions"
LEVELS = 65535
SOLUTION, CHECKPOINT = "solution", "checkpoint"
# The arrays that tell the two kinds of solver file apart, so that one put in the other's place is named as such.
SIGNATURES = {SOLUTION: ("head", "strategy"), CHECKPOINT: ("key", "regrets")}
# What a user does about a bad file of each kind: a checkpoint only saves time, a solution is re-created.
REMEDIES = {SOLUTION: "re-create it with lowball solve (a shipped one: reinstall the package)",
            CHECKPOINT: "delete it to start again"}
# Every .npz archive is a zip file, and every zip file starts with one of these.
ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")
# The errors numpy and zipfile raise for a damaged archive (a bad CRC, a cut member, a pickle refused...).
READ_ERRORS = (OSError, EOFError, ValueError, KeyError, TypeError, zipfile.BadZipFile, zlib.error)


class WrongTable(LowballError):
    """A stored strategy offered for a table it was not solved for."""


class BadSolverFile(LowballError):
    """A solver file (solution or checkpoint) that cannot be read, is cut short or damaged, or is of another kind."""


def bad_file(path: Path | str, what: str, reason: str) -> BadSolverFile:
    """Return the one-line refusal of a solver file: the file, what is wrong with it, and what to do.

    >>> print(bad_file("build/solve/razz.npz", CHECKPOINT, "the file is empty"))
    build/solve/razz.npz: not a usable lowball solver checkpoint (the file is empty); delete it to start again
    """
    return BadSolverFile(f"{path_text(path)}: not a usable lowball solver {what} ({reason}); {REMEDIES[what]}")


def read_arrays(path: Path | str, what: str, names: Iterable[str] | None = None) -> dict[str, np.ndarray]:
    """Return the named arrays of a solver file (None: all), or raise ``BadSolverFile`` naming it and what is wrong.

    No pickle is loaded (``allow_pickle=False``): a file someone hands over runs no code. Each array is read whole
    here, so a damaged member (a bad CRC) is found now, not later in the middle of a solve.

    >>> read_arrays(path_of("teaching-table"), SOLUTION, ["weights"])["weights"].shape
    (128,)
    >>> read_arrays(path_of("teaching-table"), CHECKPOINT, ["key", "regrets"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    lowball.solve.store.BadSolverFile: ...teaching-table.npz: ...checkpoint (it holds a solution, not a checkpoint)...
    """
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):          # a named pipe would wait for a writer forever
            raise bad_file(path, what, not_a_file(mode))
        with open(path, "rb") as handle:
            start = handle.read(4)
    except OSError as err:
        raise bad_file(path, what, f"cannot read it: {describe_os_error(err)}") from None
    if not start:
        raise bad_file(path, what, "the file is empty")
    if start not in ZIP_MAGIC:
        raise bad_file(path, what, "not a .npz archive")
    try:
        with np.load(path, allow_pickle=False) as data:
            names = list(data.files) if names is None else list(names)
            missing = [name for name in names if name not in data.files]
            if missing:
                other = next((kind for kind, keys in SIGNATURES.items()
                              if kind != what and all(key in data.files for key in keys)), None)
                raise bad_file(path, what, f"it holds a {other}, not a {what}" if other else
                               f"no {', '.join(map(repr, missing))} array in it")
            return {name: data[name] for name in names}
    except LowballError:
        raise
    except READ_ERRORS as err:
        reason = ("it holds pickled Python objects, which are never loaded" if "allow_pickle" in str(err) else
                  f"cut short or damaged: {path_text(err, 80)}")
        raise bad_file(path, what, reason) from None


def check_array(path: Path | str, what: str, name: str, array: np.ndarray, kinds: str,
                shape: tuple[int | None, ...]) -> np.ndarray:
    """Return ``array`` if its dtype kind is one of ``kinds`` ('f' float, 'iu' whole, 'U' text) and its shape is
    ``shape`` (None: any length) with finite numbers only, else raise ``BadSolverFile`` naming the array.

    >>> check_array("x.npz", SOLUTION, "weights", np.ones(3), "f", (None,)).shape
    (3,)
    >>> check_array("x.npz", SOLUTION, "weights", np.ones((3, 2)), "f", (3,))  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    lowball.solve.store.BadSolverFile: x.npz: not a usable lowball solver solution (its array 'weights' is float64
    of shape (3, 2), expected shape (3,)); re-create it with lowball solve (a shipped one: reinstall the package)
    """
    expected = tuple("any" if size is None else size for size in shape)
    shown = "(" + ", ".join(map(str, expected)) + ("," if len(expected) == 1 else "") + ")"
    if array.dtype.kind not in kinds:
        words = {"f": "numbers", "i": "whole numbers", "u": "whole numbers", "U": "text"}
        raise bad_file(path, what, f"its array {name!r} is {array.dtype}, expected {words[kinds[0]]}")
    if array.ndim != len(shape) or any(size is not None and size != got for size, got in zip(shape, array.shape)):
        raise bad_file(path, what, f"its array {name!r} is {array.dtype} of shape {array.shape}, "
                                   f"expected shape {shown}")
    if array.dtype.kind == "f" and not np.isfinite(array).all():
        raise bad_file(path, what, f"its array {name!r} holds a number that is not finite")
    return array


def read_json(path: Path | str, what: str, name: str, array: np.ndarray) -> dict:
    """Return the JSON object kept as text in the array ``name`` of a solver file (its head, a checkpoint's key)."""
    check_array(path, what, name, array, "U", ())
    try:
        value = json.loads(str(array))
    except ValueError as err:
        raise bad_file(path, what, f"its {name} is not JSON: {err}") from None
    if not isinstance(value, dict):
        raise bad_file(path, what, f"its {name} is not a JSON object")
    return value


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


def path_of(name: str, folder: Path | None = None) -> Path:
    """Return the file of a table's solution (in the shipped ``SOLUTIONS`` unless another folder is given).

    >>> path_of("teaching-table").name
    'teaching-table.npz'
    """
    return Path(SOLUTIONS if folder is None else folder) / f"{name}.npz"


def save(path: Path, built: TableTree, strategy, ranges, facts: dict,
         extra: Mapping[str, np.ndarray] | None = None) -> Path:
    """Write a solution (atomically): the quantised strategy, the abstraction's matrices, the table's hash, the facts,
    and ``extra`` arrays (the per-hand tables of ``lowball.solve.lookup``)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    head = {"table": built.table.name, "table_hash": table_hash(built.table), "stacks": built.stacks,
            "abstraction": dict(ranges.parameters), **facts}
    counts = sorted(ranges.transitions)
    arrays = dict(head=np.array(json.dumps(head)), strategy=quantise(strategy), weights=ranges.weights,
                  strengths=ranges.strengths, draw_counts=np.array(counts),
                  transitions=np.stack([ranges.transitions[k] for k in counts]), **(extra or {}))
    return write_atomically(path, lambda handle: np.savez_compressed(handle, **arrays))


def add_arrays(path: Path, arrays: Mapping[str, np.ndarray]) -> Path:
    """Rewrite a solution file (atomically) with ``arrays`` added or replaced, every other array kept unchanged."""
    kept = {**read_arrays(path, SOLUTION), **arrays}
    return write_atomically(path, lambda handle: np.savez_compressed(handle, **kept))


def read_head(path: Path) -> dict:
    """Return what a solution file says about itself (table, hash, abstraction, figures), without its strategy.

    A head without its table, hash, stacks or bucket counts is refused (``BadSolverFile``), so callers may read them.
    """
    head = read_json(path, SOLUTION, "head", read_arrays(path, SOLUTION, ["head"])["head"])
    abstraction = head.get("abstraction")
    whole = (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 1)
    problems = [key for key, fits in (("table", isinstance(head.get("table"), str)),
                                      ("table_hash", isinstance(head.get("table_hash"), str)),
                                      ("stacks", whole(head.get("stacks"))),
                                      ("abstraction", isinstance(abstraction, dict)
                                       and whole(abstraction.get("pre_buckets"))
                                       and whole(abstraction.get("post_buckets"))))
                if not fits]
    if problems:
        raise bad_file(path, SOLUTION, f"its head has no valid {', '.join(problems)}")
    return head


def load(table: GameTable, path: Path | None = None) -> Solution:
    """Load a table's solution, refusing it unless it was solved for exactly this table (name and hash).

    >>> from lowball.core.games import load_game_table
    >>> load(load_game_table("razz"), path_of("teaching-table"))
    Traceback (most recent call last):
    lowball.solve.store.WrongTable: the solution in teaching-table.npz was solved for teaching-table, not for razz
    """
    path = Path(path) if path is not None else path_of(table.name)
    if not path.exists():
        raise BadSolverFile(f"no solution for {table.name}: {path_text(path)} (run make solve)")
    head = read_head(path)
    if head["table"] != table.name:
        raise WrongTable(f"the solution in {path.name} was solved for {path_text(head['table'], 60)}, "
                         f"not for {table.name}")
    if head["table_hash"] != table_hash(table):
        raise WrongTable(f"the solution in {path.name} was solved for another version of {table.name} "
                         f"(table hash {path_text(head['table_hash'][:12])}, this table {table_hash(table)[:12]})")
    ranges, levels = _read_ranges(path, head)
    try:
        built = build_tree(table, ranges, head["stacks"])
    except LowballError:
        raise
    except ValueError as err:                   # the stored draw matrices lack a draw the table allows
        raise bad_file(path, SOLUTION, str(err)) from None
    expected = sum(size * len(node.actions) for node, size in zip(built.tree.decisions, built.tree.sizes))
    check_array(path, SOLUTION, "strategy", levels, "u", (expected,))
    return Solution(built=built, strategy=dequantise(levels, built), ranges=ranges, facts=head)


def _read_ranges(path: Path, head: dict) -> tuple[StoredRanges, np.ndarray]:
    """Return a solution's stored abstraction and strategy levels, each array checked against the head's sizes."""
    data = read_arrays(path, SOLUTION, ["strategy", "weights", "strengths", "draw_counts", "transitions"])
    pre, post = head["abstraction"]["pre_buckets"], head["abstraction"]["post_buckets"]
    weights = check_array(path, SOLUTION, "weights", data["weights"], "f", (pre,))
    strengths = check_array(path, SOLUTION, "strengths", data["strengths"], "f", (post,))
    counts = check_array(path, SOLUTION, "draw_counts", data["draw_counts"], "iu", (None,))
    matrices = check_array(path, SOLUTION, "transitions", data["transitions"], "f", (len(counts), pre, post))
    check_array(path, SOLUTION, "strategy", data["strategy"], "u", (None,))
    if data["strategy"].dtype != np.uint16:
        raise bad_file(path, SOLUTION, f"its array 'strategy' is {data['strategy'].dtype}, expected uint16 levels")
    # Probabilities: the deal and every row of every draw matrix sum to 1 (to rounding), nothing below 0.
    if (weights < 0).any() or abs(weights.sum() - 1) > 1e-6:
        raise bad_file(path, SOLUTION, "its deal ('weights') is not a probability distribution")
    if (matrices < 0).any() or not np.allclose(matrices.sum(axis=2), 1, atol=1e-6):
        raise bad_file(path, SOLUTION, "a row of its draw matrices ('transitions') is not a probability distribution")
    if len(set(counts.tolist())) != len(counts) or not all(0 <= k <= 5 for k in counts.tolist()):
        raise bad_file(path, SOLUTION, f"its draw counts {counts.tolist()} are not distinct counts of 0 to 5 cards")
    ranges = StoredRanges(parameters=head["abstraction"], weights=weights, strengths=strengths,
                          transitions={int(k): m for k, m in zip(counts.tolist(), matrices)})
    return ranges, data["strategy"]
