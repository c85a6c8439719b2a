"""Fuzzing user game tables: every table either is refused at load in one line naming its key, or plays.

Hypothesis writes house tables the way a user might get them wrong: each built-in table and each table of
``docs/checks/`` with a few keys changed to odd values (every key of the format, each street's keys, streets
added, dropped or moved, keys that do not exist, values of the wrong type), and chains of tables that extend
each other from different folders. Each table is

- refused at once by the loader with one line that starts with the file and the key (a ``RulesError``), or
- played by the random and the sound bots at several player counts and stacks, with every invariant of
  ``table_support.play_checked`` checked after every action: chips conserved (S3), every card in exactly one
  place and no hand larger than the table deals (D1, T6), every hand ending (S1), every player at the showdown
  holding the table's hand, and the history replaying to the same stacks.

``make test`` tries a few tables (derandomized); ``make fuzz`` many (``tests/support/fuzz.py``);
``make fuzz FUZZ_ARGS=--hypothesis-show-statistics`` counts the tables loaded and the keys refused.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, strategies as st
from hypothesis.control import currently_in_test_context

from tests.support.fuzz import LONG, fuzz_count, fuzz_settings
from lowball.core.games import (
    GAME_KEYS, STREET_COMMON, STREET_KEYS, Key, builtin_paths, load_game_table, parse_game_table, resolve,
)
from lowball.core.rankings import load_rankings
from lowball.core.reader import TableReader
from lowball.engine.state import BET, DRAW
from lowball.errors import RulesError
from lowball.play.sessions import play_session
from lowball.text.rulebook import rules_text
from lowball.verify.game import check_card_bound, check_rounds, check_stack_guarantee
from lowball.verify.link import check_engine_link
from lowball.verify.rounds import clear_steps
from tests.support.table import play_checked

ROOT = Path(__file__).resolve().parents[2]
CHECKS = sorted((ROOT / "docs" / "checks").glob("*.toml"))
# Every table a user starts from: the built-in games and the house tables of the docs, resolved.
RESOLVED = {name: load_game_table(name).data for name in builtin_paths()}
RESOLVED.update({path.name: load_game_table(path).data for path in CHECKS})
# A table is refused or loaded at once: far below this (a table is a few dozen keys).
LOAD_SECONDS = 2.0
# What a refusal starts with: the file, then the key (dotted, a street by position).
NAMES_KEY = re.compile(r"^[^:\n]+\.toml: [a-z_]+(\[\d+\])?(\.[a-z_]+(\[\d+\])?)*: \S")

NUMBERS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13, 20, 26, 51, 52, 53, 60, 100, 10**9, 10**9 + 1, -1, 2**63)
CHOICES = sorted({c for key in GAME_KEYS for c in key.choices} |
                 {c for keys in STREET_KEYS.values() for key in keys for c in key.choices} |
                 {c for key in STREET_COMMON for c in key.choices} |
                 {"small", "big", "double", "total-posts", "unlimited", "ace-to-six", "deuce-to-seven",
                  "ace-to-five", "high", "eight-or-better", "teaching-table", "razz"})
ODD = (True, False, "", "x", "a\nb", 1.5, [], {}, [1, 2], {"x": 1}, "x" * 300)
STREET_ANY = sorted({key.path: key for keys in STREET_KEYS.values() for key in keys}.values(), key=lambda k: k.path)
TOP_KEYS = [key for key in GAME_KEYS if key.path not in ("name", "en", "ru", "variant", "extends")
            and not key.path.startswith("clauses.") and key.kind != "streets"]
SMALL = (0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13, 20)
SYSTEMS = tuple(row.key for row in load_rankings().systems)
OPENERS = [c for key in STREET_KEYS["bet"] for c in key.choices]


class Chooser:
    """Makes the random choices of a mutation: from Hypothesis (shrinkable) or from a seeded ``random.Random``."""

    def __init__(self, data=None, rng: random.Random | None = None):
        self.data, self.rng = data, rng

    def choice(self, items):
        items = list(items)
        return self.data.draw(st.sampled_from(items)) if self.data else self.rng.choice(items)

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high)) if self.data else self.rng.randint(low, high)


def odd_value(pick: Chooser, old: Any) -> Any:
    """Return any value a user might write instead of ``old``: a near number, another name, a wrong type."""
    kind = pick.integer(0, 9)
    if kind <= 3 and isinstance(old, int) and not isinstance(old, bool):
        return old + pick.choice((-1, 1, 2, old, -old, 10))
    if kind <= 4:
        return pick.choice(NUMBERS)
    if kind <= 6:
        return pick.choice(CHOICES)
    if kind == 7 and isinstance(old, list):
        return near_counts(pick, old)
    return pick.choice(ODD)


def near_counts(pick: Chooser, old: Any) -> list[int]:
    """Return a list of chips like ``old`` (blinds, posts): one entry changed, or a new short list."""
    items = list(old) if isinstance(old, list) else []
    if items and pick.integer(0, 1):
        items[pick.integer(0, len(items) - 1)] = pick.choice(SMALL)
        return items
    return [pick.choice(SMALL) for _ in range(pick.integer(0, 3))]


def plausible_value(pick: Chooser, key: Key, old: Any) -> Any:
    """Return a value of the right type for ``key``: another of its names, a number near or far, a flag."""
    if key.choices:
        return pick.choice(key.choices)
    if key.kind == "flag":
        return pick.choice((True, False))
    if key.kind in ("count", "chips"):
        if isinstance(old, int) and not isinstance(old, bool) and pick.integer(0, 1):
            return max(0, old + pick.choice((-1, 1, 2, old, 10)))
        return pick.choice(SMALL + (52, 53, 60, 100))
    if key.kind in ("counts", "seat-chips"):          # blinds and posts; antes seat by seat (0 allowed)
        return near_counts(pick, old)
    if key.kind == "raises":
        return pick.choice((0, 1, 2, 3, 4, 7, "unlimited"))
    if key.kind == "size":
        return pick.choice(("small", "big"))
    if key.kind == "ranking":
        return pick.choice(SYSTEMS + ({"high": "high", "low": "ace-to-five", "qualifier": "eight-or-better"},
                                      {"high": "high", "low": "ace-to-five"},
                                      {"high": "deuce-to-seven", "low": "ace-to-six"}))
    return old


def random_street(pick: Chooser) -> dict[str, Any]:
    """Return a street of any kind with its keys set to plausible values (a deal, a betting round or a draw)."""
    kind = pick.choice(("deal", "bet", "draw"))
    street: dict[str, Any] = {"kind": kind, "clause": "X1"}
    if kind == "deal":
        street[pick.choice(("down", "up"))] = pick.choice((1, 1, 1, 2, 3, 5))
    elif kind == "bet":
        street |= {"size": pick.choice(("small", "big")), "opener": pick.choice(OPENERS)}
    else:
        street["max_discard"] = pick.choice((0, 1, 3, 5))
    for _ in range(pick.integer(0, 2)):
        key = pick.choice(STREET_KEYS[kind])
        street[key.path] = plausible_value(pick, key, street.get(key.path))
    return street


def set_path(data: dict[str, Any], dotted: str, value: Any) -> None:
    node = data
    *parents, last = dotted.split(".")
    for part in parents:
        if not isinstance(node.get(part), dict):
            node[part] = {}
        node = node[part]
    node[last] = value


def get_path(data: dict[str, Any], dotted: str) -> Any:
    node: Any = data
    for part in dotted.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


def delete_path(data: dict[str, Any], dotted: str) -> None:
    *parents, last = dotted.split(".")
    node = get_path(data, ".".join(parents)) if parents else data
    if isinstance(node, dict):
        node.pop(last, None)


def mutate(data: dict[str, Any], pick: Chooser, changes: int, plausible: bool = True) -> dict[str, Any]:
    """Return ``data`` with ``changes`` random changes: of the right type (``plausible``), or of any value."""
    data = copy.deepcopy(data)
    for _ in range(changes):
        streets = data.get("streets") if isinstance(data.get("streets"), list) else None
        what = pick.integer(0, 9)
        if what <= 3:
            key = pick.choice(TOP_KEYS)
            old = get_path(data, key.path)
            set_path(data, key.path, plausible_value(pick, key, old) if plausible else odd_value(pick, old))
        elif what == 4:
            delete_path(data, pick.choice(TOP_KEYS).path)
        elif what <= 7 and streets:
            street = streets[pick.integer(0, len(streets) - 1)]
            if isinstance(street, dict):
                keys = STREET_KEYS.get(street.get("kind"), ()) if plausible else STREET_ANY
                if not keys:
                    continue
                key = pick.choice(keys)
                if pick.integer(0, 5) == 0:
                    street.pop(key.path, None)
                elif plausible:
                    street[key.path] = plausible_value(pick, key, street.get(key.path))
                else:
                    street[key.path] = odd_value(pick, street.get(key.path))
        elif what <= 8 and streets is not None:
            action = pick.integer(0, 3)
            at = pick.integer(0, len(streets))
            if action == 0 or not streets:
                streets.insert(at, random_street(pick))
            elif action == 1:
                streets.pop(min(at, len(streets) - 1))
            elif action == 2:
                streets.insert(at, copy.deepcopy(streets[pick.integer(0, len(streets) - 1)]))
            else:
                streets.insert(at, streets.pop(pick.integer(0, len(streets) - 1)))
        elif not plausible:
            set_path(data, pick.choice(("colour", "deck.colour", "forced.straddle", "showdown.colour")), 1)
        else:
            restructure(data, pick)
    return data


def restructure(data: dict[str, Any], pick: Chooser) -> None:
    """Change a table's betting structure, or its forced bets, with every key that goes with them (G1-G5,
    V1-V11): the coherent house rule."""
    if pick.integer(0, 1):
        return reforce(data, pick)
    structure = pick.choice(("no-limit", "pot-limit", "fixed-limit"))
    data["structure"] = structure
    if structure == "fixed-limit":
        data |= {"raises_per_round": pick.choice((0, 1, 3, 4)), "short_all_in": pick.choice(("half-bet-reopens",
                                                                                              "full-raise-only")),
                 "heads_up_cap": pick.choice(("kept", "lifted", "lifted-if-started-heads-up"))}
    else:
        data |= {"raises_per_round": "unlimited", "heads_up_cap": "kept", "cap_counts": "bets",
                 "short_all_in": pick.choice(("all-ins-add-up", "full-raise-only"))}
        if isinstance(data.get("clauses"), dict):
            data["clauses"]["heads_up"] = ""
        if isinstance(data.get("showdown"), dict):
            data["showdown"]["sevens_rule"] = "off"


def reforce(data: dict[str, Any], pick: Chooser) -> None:
    """Post the forced bets of a real table instead (V1-V11): a big-blind or a button ante, straddles, antes seat
    by seat, a short big blind's posting order."""
    forced = data.setdefault("forced", {})
    if not isinstance(forced, dict):
        return
    blinds = forced.get("blinds") or []
    choice = pick.integer(0, 4)
    if choice == 0 and blinds:
        forced |= {"ante_by": "big-blind", "ante": pick.choice((blinds[-1], 2 * blinds[-1], 1))}
    elif choice == 1:
        forced |= {"ante_by": "button", "ante": pick.choice((1, 2, 5))}
    elif choice == 2 and blinds:
        forced["blinds"] = list(blinds) + [2 * blinds[-1]] * pick.integer(1, 2)
    elif choice == 3:
        seats = get_path(data, "players.max") if isinstance(get_path(data, "players.max"), int) else 2
        forced |= {"ante_by": "by-seat", "ante": 0, "seat_antes": [pick.choice((0, 1, 2)) for _ in range(seats)]}
        if isinstance(data.get("players"), dict):
            data["players"]["min"] = seats
        if not any(forced["seat_antes"]):
            forced["seat_antes"][0] = 1
    elif blinds:
        forced |= {"posting_order": pick.choice(("blind-first", "ante-first")), "ante": pick.choice((1, 2))}


def load_or_refuse(data: dict[str, Any], source: str = "house.toml"):
    """Return the loaded table, or None when it is refused in one line naming the key, quickly."""
    start = time.perf_counter()
    try:
        table = parse_game_table(TableReader(source, data))
    except RulesError as err:
        message = str(err)
        assert "\n" not in message, f"a refusal of more than one line: {message!r}"
        assert NAMES_KEY.match(message), f"a refusal that does not start with the file and the key: {message!r}"
        count(f"refused at {re.sub(r'[0-9]+', 'N', message.split(': ')[1])}")
        table = None
    seconds = time.perf_counter() - start
    assert seconds < LOAD_SECONDS, f"the table took {seconds:.1f} s to load or refuse"
    if table is not None:
        count("loaded and played")
    return table


def count(what: str) -> None:
    """Count a kind of table for ``--hypothesis-show-statistics`` (outside a test, as in a hunt script: nothing)."""
    if currently_in_test_context():
        event(what)


def play_table(table, seed: int, hands: int) -> None:
    """Play ``hands`` hands of ``table`` at random player counts and stacks, random and sound bots mixed (the
    first told in both languages), then a short session of them; write its rulebook in both languages."""
    rng = random.Random(seed)
    size = max(table.bet_sizes)
    for number in range(hands):
        players = rng.randint(table.players_min, table.players_max)
        stacks = [max(table.min_stack, rng.choice((1, 2, 3, size, 5 * size, 40 * size))) for _ in range(players)]
        bots = rng.choice((("random",), ("sound",), ("random", "sound"), ("sound", "random")))
        play_checked(table, stacks, seed=rng.randrange(2**32), bots=bots, story=number == 0)
    players = [f"p{seat + 1}" for seat in range(rng.randint(table.players_min, table.players_max))]
    summary = play_session(players, ["random", "sound"], 3, seed=seed, table=table)
    assert summary.hands == 3 and sum(summary.chips.values()) == 0
    assert all(rules_text(table, lang) for lang in ("en", "ru"))


@fuzz_settings(fast=40, long=4000)
@given(st.sampled_from(sorted(RESOLVED)), st.integers(1, 4), st.data())
def test_a_changed_table_is_refused_at_load_or_plays(name, changes, data):
    """Plausible changes (values of the right type) to every table: refused in one line naming the key, or
    played with every invariant."""
    table = load_or_refuse(mutate(RESOLVED[name], Chooser(data=data), changes))
    if table is not None:
        play_table(table, seed=data.draw(st.integers(0, 2**32 - 1)), hands=fuzz_count(4, 12))


@fuzz_settings(fast=60, long=3000)
@given(st.sampled_from(sorted(RESOLVED)), st.integers(1, 4), st.data())
def test_a_table_with_any_value_anywhere_is_refused_or_plays(name, changes, data):
    """Any value of any type at any key, unknown keys included: refused in one line naming the key, or played."""
    table = load_or_refuse(mutate(RESOLVED[name], Chooser(data=data), changes, plausible=False))
    if table is not None:
        play_table(table, seed=data.draw(st.integers(0, 2**32 - 1)), hands=fuzz_count(2, 8))


@fuzz_settings(fast=10, long=1500)
@given(st.sampled_from(sorted(RESOLVED)), st.integers(1, 3), st.data())
def test_the_proofs_assumptions_hold_where_the_engine_plays_a_changed_table(name, changes, data):
    """Properties 5-7 reason about the rules the engine plays (``engine/rules/``, ``core/card_flow.py``), and
    assume what the engine's states are like. On every changed table that loads, the engine link (``verify.link``) finds the engine in the round's
    invariant at every decision (properties 6 and 7 assume it), the highest total a contender's at every
    showdown (property 6), and the models allowing exactly what the engine allows, opening each round with the
    engine's opener, forming its pots and counting its cards (properties 5-7)."""
    table = load_or_refuse(mutate(RESOLVED[name], Chooser(data=data), changes))
    if table is not None:
        report = check_engine_link(table, hands=fuzz_count(3, 8), seed=data.draw(st.integers(0, 2**32 - 1)))
        assert report.agrees, "\n".join(report.mismatches)


@pytest.mark.skipif(not LONG, reason="Z3 on every table: make fuzz only")
@fuzz_settings(fast=1, long=60)
@given(st.sampled_from(sorted(RESOLVED)), st.integers(1, 2), st.data())
def test_what_verify_proves_of_a_changed_table_holds_in_play(name, changes, data):
    """Properties 4, 5 and 7 of a changed table, proved by Z3, against the engine: where the stack guarantee is
    proved nobody puts in more than the minimum stack nor goes all in; where the card bound is proved nobody
    is ever refused a discard for want of cards; where a round bound is proved no round takes longer."""
    table = load_or_refuse(mutate(RESOLVED[name], Chooser(data=data), changes))
    if table is None or len(table.streets) > 9 or table.players_max > 6:
        return                                      # Z3 takes long on the largest tables
    clear_steps()
    stack, cards, rounds = check_stack_guarantee(table), check_card_bound(table), check_rounds(table)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    for _ in range(20):
        players = rng.randint(table.players_min, table.players_max)
        chips = [max(table.min_stack, 1) + rng.choice((0, 0, 5, 50)) for _ in range(players)]
        watch = ProvedFigures(stack, cards, rounds)
        hand = play_checked(table, chips, seed=rng.randrange(2**32), listing=False, replay=False, watch=watch)
        if stack.applies and stack.holds:
            assert max(hand.invested) <= table.min_stack, f"{table.name}: property 4 proved, yet {hand.invested}"


class ProvedFigures:
    """Before each step of a hand, what the proofs of its table say of the state: checked."""

    def __init__(self, stack, cards, rounds):
        self.stack, self.cards, self.rounds = stack, cards, rounds
        self.round, self.actions = None, 0

    def __call__(self, hand) -> None:
        from lowball.engine.drawing import most_served

        if hand.phase == DRAW and hand.to_act is not None and self.cards.holds:
            assert most_served(hand, hand.current) >= hand.current.street.max_discard, \
                f"{hand.table.name}: property 5 proved, yet a discard is cut short: {hand.actions}"
        if self.stack.applies and self.stack.holds:
            assert all(hand.stacks[seat] > 0 for seat in hand.contenders), \
                f"{hand.table.name}: property 4 proved, yet a player is all in: {hand.actions}"
        bound = self.rounds.figures.get("round_bound")
        if hand.phase == BET and bound is not None and self.rounds.holds:
            key = (hand.redeals, hand.current.number)
            self.round, self.actions = key, (self.actions + 1 if key == self.round else 1)
            assert self.actions <= bound, f"{hand.table.name}: a round longer than the proved {bound}: {hand.actions}"


def toml_literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_literal(v) for v in value) + "]"
    return "{ " + ", ".join(f"{toml_key(k)} = {toml_literal(v)}" for k, v in value.items()) + " }"


def toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def toml_text(data: dict[str, Any]) -> str:
    """Return TOML for a table's data: keys, then sections, then arrays of tables (the streets)."""
    tables = lambda v: isinstance(v, list) and v and all(isinstance(item, dict) for item in v)
    lines = [f"{toml_key(k)} = {toml_literal(v)}" for k, v in data.items() if not isinstance(v, dict) and not tables(v)]
    for key, value in data.items():
        if isinstance(value, dict):
            lines += [f"[{toml_key(key)}]"] + [f"{toml_key(k)} = {toml_literal(v)}" for k, v in value.items()]
    for key, value in data.items():
        if tables(value):
            for item in value:
                lines += [f"[[{toml_key(key)}]]"] + [f"{toml_key(k)} = {toml_literal(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"


def merged(base: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """Return ``base`` with ``change`` laid over it, as the table format says: tables key by key, else replaced."""
    out = copy.deepcopy(base)
    for key, value in change.items():
        out[key] = merged(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def difference(pick: Chooser, base: dict[str, Any]) -> dict[str, Any]:
    """Return a house table's own keys over ``base``: a few plausible changes, the streets whole if they change."""
    changed = mutate(base, pick, pick.integer(1, 2))
    diff: dict[str, Any] = {}
    for key in changed:
        if changed[key] == base.get(key):
            continue
        if isinstance(changed[key], dict) and isinstance(base.get(key), dict):
            diff[key] = {k: v for k, v in changed[key].items() if base[key].get(k) != v}
        else:
            diff[key] = changed[key]
    return diff


@fuzz_settings(fast=5, long=800)
@given(st.sampled_from(sorted(builtin_paths())), st.integers(1, 4), st.booleans(), st.data())
def test_a_chain_of_house_tables_in_several_folders_loads_as_its_merge(game, depth, cycle, data):
    """A chain of house tables, each in a folder of its own, each extending the one before by a path relative
    to itself (the first a built-in game), sometimes closed into a cycle: loaded from the last file, it is the
    tables merged in order (or refused as the merge is), or a cycle refused as one, in one line."""
    pick = Chooser(data=data)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        resolved = load_game_table(game).data
        paths = [root.joinpath(*[f"d{level}"] + ["sub"] * pick.integer(0, 1), f"table{level}.toml")
                 for level in range(depth)]
        parent = game
        for level, path in enumerate(paths):
            path.parent.mkdir(parents=True, exist_ok=True)
            own = difference(pick, resolved) | {"extends": parent, "name": f"house{level}"}
            path.write_text(toml_text(own), encoding="utf-8")
            resolved = merged(resolved, own)
            if level + 1 < depth:
                parent = os.path.relpath(path, paths[level + 1].parent)
        if cycle and depth > 1:                      # close the chain: the first table extends the last
            first = paths[0]
            text = first.read_text(encoding="utf-8").replace(
                f'extends = "{game}"', f'extends = "{os.path.relpath(paths[-1], first.parent)}"', 1)
            first.write_text(text, encoding="utf-8")
        try:
            table = load_game_table(paths[-1])
        except RulesError as err:
            assert "\n" not in str(err) and NAMES_KEY.match(str(err)), str(err)
            if cycle and depth > 1:
                assert "extends itself through" in str(err), str(err)
                return
            expected = load_or_refuse(resolved, source=paths[-1].name)
            assert expected is None, f"the chain is refused ({err}) but its merge loads"
            return
        assert not (cycle and depth > 1), "a cycle of extends loaded"
        assert table.data == resolved
        play_table(table, seed=data.draw(st.integers(0, 2**32 - 1)), hands=fuzz_count(1, 4))
