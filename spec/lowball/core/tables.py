"""Load the rules tables (TOML) and validate them into frozen dataclasses.

Every rule value lives in ``spec/lowball/rules/``; this module is the only place
that reads those files. A table that does not validate is refused with a
``RulesError`` whose one-line message names the file, the key and the problem.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lowball.errors import RulesError

RULES_DIR = Path(__file__).parent.parent / "rules"
RANKINGS_FILE = RULES_DIR / "rankings.toml"

# The categories the evaluator can recognise, and the parts each one is
# compared by (H3). This is vocabulary, not rule values: which categories a
# system uses, in which order, and which parts break ties first is in the table.
CATEGORY_PARTS: dict[str, frozenset[str]] = {
    "no-pair": frozenset({"cards"}),
    "pair": frozenset({"pair", "kickers"}),
    "two-pair": frozenset({"high-pair", "low-pair", "kickers"}),
    "trips": frozenset({"trips", "kickers"}),
    "straight": frozenset({"top-card"}),
    "flush": frozenset({"cards"}),
    "full-house": frozenset({"trips", "pair"}),
    "quads": frozenset({"quads", "kickers"}),
    "straight-flush": frozenset({"top-card"}),
}
CATEGORIES = tuple(CATEGORY_PARTS)
LANGUAGES = ("en", "ru")


@dataclass(frozen=True, kw_only=True)
class Category:
    """A hand category and its names, e.g. ``Category(key='pair', en='pair', ru='пара')``."""

    key: str
    en: str
    ru: str

    def name(self, lang: str = "en") -> str:
        """Return the category's name in ``lang``: ``Category(key='pair', en='pair', ru='пара').name('ru') == 'пара'``."""
        return getattr(self, lang)


@dataclass(frozen=True, kw_only=True)
class RankingSystem:
    """One row of the rankings table: how a system ranks five cards (H1-H4, K1, F1, L1)."""

    key: str
    en: str
    ru: str
    ace: str
    better: str
    straights_count: bool
    flushes_count: bool
    wheel_is_straight: bool
    broadway_is_straight: bool
    category_order: tuple[str, ...]
    tie_break: tuple[tuple[str, tuple[str, ...]], ...]
    category_clause: str
    tie_break_clause: str
    ace_clause: str

    def parts(self, category: str) -> tuple[str, ...]:
        """Return the tie-break parts of ``category`` in the order they are compared (H3)."""
        return dict(self.tie_break)[category]

    def title(self, lang: str = "en") -> str:
        """Return the system's display name in ``lang``."""
        return getattr(self, lang)


@dataclass(frozen=True, kw_only=True)
class Qualifier:
    """A low-hand qualifier (L1): five unpaired cards, none above ``max_rank``."""

    key: str
    en: str
    ru: str
    system: str
    max_rank: int
    clause: str


@dataclass(frozen=True, kw_only=True)
class Rankings:
    """The whole rankings table: categories, systems and qualifiers."""

    categories: tuple[Category, ...]
    systems: tuple[RankingSystem, ...]
    qualifiers: tuple[Qualifier, ...]

    def system(self, name: str) -> RankingSystem:
        """Return the system called ``name``, or raise ``RulesError`` listing the known names."""
        for row in self.systems:
            if row.key == name:
                return row
        known = ", ".join(row.key for row in self.systems)
        raise RulesError(f"unknown ranking system {name!r} (known: {known})")

    def category(self, key: str) -> Category:
        """Return the category called ``key``."""
        return next(c for c in self.categories if c.key == key)

    def qualifier(self, name: str) -> Qualifier:
        """Return the qualifier called ``name``, or raise ``RulesError``."""
        for row in self.qualifiers:
            if row.key == name:
                return row
        known = ", ".join(row.key for row in self.qualifiers)
        raise RulesError(f"unknown qualifier {name!r} (known: {known})")


class TableReader:
    """Reads values out of a parsed TOML table, naming file and key in every error."""

    def __init__(self, source: str, data: dict[str, Any]):
        self.source = source
        self.data = data

    def fail(self, key: str, problem: str) -> RulesError:
        """Return the error for ``problem`` at ``key``: ``'rankings.toml: systems.x.ace: ...'``."""
        return RulesError(f"{self.source}: {key}: {problem}")

    def table(self, key: str) -> dict[str, Any]:
        """Return the sub-table at dotted ``key``."""
        return self.value(key, dict)

    def value(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        """Return the value at dotted ``key``, checking its type."""
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                if default is not ...:
                    return default
                raise self.fail(key, "missing")
            node = node[part]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        # bool is an int in Python; a table saying `max_rank = true` is still wrong.
        if isinstance(node, bool) and bool not in kinds:
            node_ok = False
        else:
            node_ok = isinstance(node, kinds)
        if not node_ok:
            wanted = " or ".join(_TYPE_WORDS.get(k, k.__name__) for k in kinds)
            raise self.fail(key, f"expected {wanted}, got {_describe(node)}")
        return node

    def text(self, key: str, choices: tuple[str, ...] | None = None) -> str:
        """Return the string at ``key``, optionally one of ``choices``."""
        value = self.value(key, str)
        if choices is not None and value not in choices:
            raise self.fail(key, f"{value!r} is not one of {', '.join(choices)}")
        return value

    def strings(self, key: str) -> tuple[str, ...]:
        """Return the list of strings at ``key`` as a tuple."""
        items = self.value(key, list)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise self.fail(f"{key}[{i}]", f"expected a string, got {_describe(item)}")
        return tuple(items)

    def only_keys(self, key: str, allowed: set[str]) -> None:
        """Refuse keys of the table at ``key`` that are not in ``allowed`` (typos in house rules)."""
        table = self.table(key) if key else self.data
        for name in table:
            if name not in allowed:
                where = f"{key}.{name}" if key else name
                raise self.fail(where, f"unknown key (expected one of: {', '.join(sorted(allowed))})")


_TYPE_WORDS = {str: "a string", bool: "true or false", int: "an integer", list: "a list", dict: "a table"}


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def read_toml(path: Path | str) -> TableReader:
    """Parse the TOML file at ``path`` into a ``TableReader``, refusing unreadable files in one line."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RulesError(f"{path.name}: file not found: {path}") from None
    except tomllib.TOMLDecodeError as err:
        raise RulesError(f"{path.name}: not valid TOML: {err}") from None
    return TableReader(path.name, data)


_SYSTEM_KEYS = {
    "en", "ru", "ace", "better", "straights_count", "flushes_count", "wheel_is_straight",
    "broadway_is_straight", "category_order", "tie_break", "clauses",
}


def _read_category(reader: TableReader, key: str) -> Category:
    reader.only_keys(f"categories.{key}", set(LANGUAGES))
    if key not in CATEGORY_PARTS:
        raise reader.fail(f"categories.{key}", f"unknown category (known: {', '.join(CATEGORIES)})")
    return Category(key=key, en=reader.text(f"categories.{key}.en"), ru=reader.text(f"categories.{key}.ru"))


def _possible_categories(straights: bool, flushes: bool) -> set[str]:
    """Return the categories a hand can fall in when straights/flushes do or do not count."""
    possible = set(CATEGORIES)
    if not straights:
        possible -= {"straight", "straight-flush"}
    if not flushes:
        possible -= {"flush", "straight-flush"}
    return possible


def _read_system(reader: TableReader, name: str, categories: set[str]) -> RankingSystem:
    at = f"systems.{name}"
    reader.only_keys(at, _SYSTEM_KEYS)
    straights = reader.value(f"{at}.straights_count", bool)
    flushes = reader.value(f"{at}.flushes_count", bool)
    wheel = reader.value(f"{at}.wheel_is_straight", bool)
    broadway = reader.value(f"{at}.broadway_is_straight", bool)
    if not straights and (wheel or broadway):
        key = f"{at}.wheel_is_straight" if wheel else f"{at}.broadway_is_straight"
        raise reader.fail(key, "cannot be true when straights_count is false")

    order = reader.strings(f"{at}.category_order")
    possible = _possible_categories(straights, flushes)
    seen: set[str] = set()
    for i, category in enumerate(order):
        where = f"{at}.category_order[{i}]"
        if category not in categories:
            raise reader.fail(where, f"unknown category {category!r} (known: {', '.join(CATEGORIES)})")
        if category in seen:
            raise reader.fail(where, f"category {category!r} appears twice")
        if category not in possible:
            why = "straights_count" if category in ("straight", "straight-flush") and not straights else "flushes_count"
            raise reader.fail(where, f"category {category!r} cannot occur when {why} is false")
        seen.add(category)
    missing = [c for c in CATEGORIES if c in possible and c not in seen]
    if missing:
        raise reader.fail(f"{at}.category_order", f"category {missing[0]!r} is missing")

    reader.only_keys(f"{at}.tie_break", set(order))
    tie_break = []
    for category in order:
        where = f"{at}.tie_break.{category}"
        if reader.value(where, list, default=None) is None:
            raise reader.fail(where, "missing: every category needs a tie-break rule (H3)")
        parts = reader.strings(where)
        allowed = CATEGORY_PARTS[category]
        for part in parts:
            if part not in allowed:
                raise reader.fail(where, f"unknown part {part!r} for {category} (allowed: {', '.join(sorted(allowed))})")
        if len(set(parts)) != len(parts):
            raise reader.fail(where, "lists a part twice")
        # A list that leaves a part out is accepted: it is a (strange) house rule, and
        # `lowball verify` shows which hands it makes tie (property 2).
        tie_break.append((category, parts))

    reader.only_keys(f"{at}.clauses", {"category_order", "tie_break", "ace"})
    return RankingSystem(
        key=name,
        en=reader.text(f"{at}.en"),
        ru=reader.text(f"{at}.ru"),
        ace=reader.text(f"{at}.ace", ("low", "high")),
        better=reader.text(f"{at}.better", ("lower", "higher")),
        straights_count=straights,
        flushes_count=flushes,
        wheel_is_straight=wheel,
        broadway_is_straight=broadway,
        category_order=order,
        tie_break=tuple(tie_break),
        category_clause=reader.text(f"{at}.clauses.category_order"),
        tie_break_clause=reader.text(f"{at}.clauses.tie_break"),
        ace_clause=reader.text(f"{at}.clauses.ace"),
    )


def _read_qualifier(reader: TableReader, name: str, systems: set[str]) -> Qualifier:
    at = f"qualifiers.{name}"
    reader.only_keys(at, {"en", "ru", "system", "max_rank", "clause"})
    system = reader.text(f"{at}.system")
    if system not in systems:
        raise reader.fail(f"{at}.system", f"unknown ranking system {system!r}")
    max_rank = reader.value(f"{at}.max_rank", int)
    if not 6 <= max_rank <= 13:
        raise reader.fail(f"{at}.max_rank", f"{max_rank} is not a card rank from 6 to 13")
    return Qualifier(
        key=name, en=reader.text(f"{at}.en"), ru=reader.text(f"{at}.ru"),
        system=system, max_rank=max_rank, clause=reader.text(f"{at}.clause"),
    )


def parse_rankings(reader: TableReader) -> Rankings:
    """Validate a parsed rankings table into ``Rankings``."""
    reader.only_keys("", {"categories", "systems", "qualifiers"})
    categories = tuple(_read_category(reader, key) for key in reader.table("categories"))
    missing = [c for c in CATEGORIES if c not in {cat.key for cat in categories}]
    if missing:
        raise reader.fail(f"categories.{missing[0]}", "missing: every category needs its English and Russian names")
    known = {c.key for c in categories}
    systems = tuple(_read_system(reader, name, known) for name in reader.table("systems"))
    if not systems:
        raise reader.fail("systems", "no ranking system defined")
    names = {s.key for s in systems}
    qualifiers = tuple(
        _read_qualifier(reader, name, names) for name in reader.value("qualifiers", dict, default={})
    )
    return Rankings(categories=categories, systems=systems, qualifiers=qualifiers)


def load_rankings(path: Path | str | None = None) -> Rankings:
    """Load and validate a rankings table; the shipped one when ``path`` is None.

    >>> [s.key for s in load_rankings().systems][:3]
    ['ace-to-six', 'ace-to-six-ace-low', 'deuce-to-seven']
    >>> load_rankings("no-such-file.toml")
    Traceback (most recent call last):
    lowball.errors.RulesError: no-such-file.toml: file not found: no-such-file.toml
    """
    if path is None:
        return _shipped_rankings()
    return parse_rankings(read_toml(path))


@functools.cache
def _shipped_rankings() -> Rankings:
    return parse_rankings(read_toml(RANKINGS_FILE))


def ranking_system(name: str) -> RankingSystem:
    """Return the shipped ranking system called ``name``.

    >>> ranking_system("deuce-to-seven").ace
    'high'
    >>> ranking_system("ace-to-seven")
    Traceback (most recent call last):
    lowball.errors.RulesError: unknown ranking system 'ace-to-seven' (known: ace-to-six, ace-to-six-ace-low, deuce-to-seven, ace-to-five, high)
    """
    return _shipped_rankings().system(name)


# ---- Game tables: the teaching table and house rules written like it ----

TEACHING_TABLE_FILE = RULES_DIR / "teaching-table.toml"
OPENERS = ("dealer-left",)
LATER_OPENERS = ("first-round-opener", "dealer-left")
# "house-keeps" (the odd chip of a split is not paid out) exists in some card rooms;
# `lowball verify` shows that it breaks chip conservation (S3).
ODD_CHIP_RULES = ("first-winner-left-of-dealer", "house-keeps")
UNLIMITED = "unlimited"


@dataclass(frozen=True, kw_only=True)
class GameTable:
    """A game table (T1-T7, B1, D1, B2, S1-S3): players, deck, ante, betting, draw and turn order."""

    name: str
    en: str
    ru: str
    variant: str
    ranking: str
    deck: int
    players_min: int
    players_max: int
    ante: int
    blinds: bool
    bet_sizes: tuple[int, ...]
    raises_per_round: int | None     # None: unlimited raising (some card rooms, heads-up)
    check_raise: bool
    min_stack: int
    hand_size: int
    burn: int
    draws: int
    min_discard: int
    max_discard: int
    first_round: str
    later_rounds: str
    draw_order: str
    odd_chip: str
    button: str
    source: str = "teaching-table.toml"

    @property
    def betting_rounds(self) -> int:
        """Return how many betting rounds a hand has: one before each draw and one after the last (B2)."""
        return self.draws + 1

    def bet_size(self, betting_round: int) -> int:
        """Return the fixed bet and raise size of a betting round (T3), counting rounds from 0."""
        return self.bet_sizes[betting_round]

    @property
    def bets_per_round(self) -> int | None:
        """Return the cap on bets per round: the bet plus the raises (T4); None when raising is unlimited."""
        return None if self.raises_per_round is None else 1 + self.raises_per_round


_GAME_KEYS = {
    "name", "en", "ru", "variant", "ranking", "deck", "ante", "blinds", "bet_sizes", "raises_per_round",
    "check_raise", "min_stack", "players", "deal", "draw", "order",
}


def apply_overrides(data: dict[str, Any], overrides: dict[str, str], source: str) -> dict[str, Any]:
    """Return ``data`` with dotted ``key=value`` overrides applied; values are TOML literals (``players.max=6``)."""
    import copy

    data = copy.deepcopy(data)
    for key, text in overrides.items():
        try:
            parsed = tomllib.loads(f"value = {text}")["value"]
        except tomllib.TOMLDecodeError:
            parsed = text  # a bare word such as dealer-left is meant as a string
        node = data
        parts = key.split(".")
        for part in parts[:-1]:
            if not isinstance(node.get(part), dict):
                raise RulesError(f"{source}: {key}: no such key to set")
            node = node[part]
        if parts[-1] not in node:
            raise RulesError(f"{source}: {key}: no such key to set")
        node[parts[-1]] = parsed
    return data


def parse_game_table(reader: TableReader, rankings_data: dict[str, Any] | None = None) -> GameTable:
    """Validate a parsed game table into ``GameTable``; refuse what the engine cannot run.

    ``rankings_data`` is the raw rankings table the ``ranking`` key must name a system of (the shipped one
    by default).
    """
    from lowball.core.cards import DECK, HAND_SIZE

    reader.only_keys("", _GAME_KEYS)
    for section, keys in (("players", {"min", "max"}), ("deal", {"hand_size", "burn"}),
                          ("draw", {"draws", "min_discard", "max_discard"}),
                          ("order", {"first_round", "later_rounds", "draw", "odd_chip", "button"})):
        reader.only_keys(section, keys)

    def count(key: str, least: int = 0) -> int:
        number = reader.value(key, int)
        if number < least:
            raise reader.fail(key, f"must be at least {least}, got {number}")
        return number

    raises = reader.value("raises_per_round", (int, str))
    if isinstance(raises, str) and raises != UNLIMITED:
        raise reader.fail("raises_per_round", f"expected a whole number or {UNLIMITED!r}, got {raises!r}")
    raises_per_round = None if raises == UNLIMITED else count("raises_per_round")

    ranking = reader.text("ranking")
    if rankings_data is None:
        systems = {row.key for row in _shipped_rankings().systems}
    else:
        systems = set(rankings_data.get("systems") or {})
    if ranking not in systems:
        raise reader.fail("ranking", f"unknown ranking system {ranking!r}")
    deck = count("deck", 1)
    if deck != len(DECK):
        raise reader.fail("deck", f"only the standard {len(DECK)}-card deck is supported, got {deck}")
    draws = count("draw.draws")
    bet_sizes = tuple(reader.value("bet_sizes", list))
    for i, size in enumerate(bet_sizes):
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise reader.fail(f"bet_sizes[{i}]", f"expected a positive integer, got {_describe(size)}")
    if len(bet_sizes) != draws + 1:
        raise reader.fail("bet_sizes", f"needs one size per betting round: {draws} draw(s) make {draws + 1} rounds, "
                                       f"got {len(bet_sizes)} size(s)")
    players_min, players_max = count("players.min", 2), count("players.max", 2)
    if players_max < players_min:
        raise reader.fail("players.max", f"{players_max} is less than players.min {players_min}")
    hand_size = count("deal.hand_size", 1)
    if hand_size != HAND_SIZE:
        raise reader.fail("deal.hand_size", f"the rankings rank {HAND_SIZE}-card hands, got {hand_size}")
    min_discard, max_discard = count("draw.min_discard"), count("draw.max_discard")
    if max_discard > hand_size or min_discard > max_discard:
        raise reader.fail("draw.max_discard", f"discards must lie within 0..{hand_size} with min <= max")
    if reader.value("blinds", bool):
        raise reader.fail("blinds", "blinds are not supported yet (the teaching table has none, T2)")
    return GameTable(
        name=reader.text("name"), en=reader.text("en"), ru=reader.text("ru"), variant=reader.text("variant"),
        ranking=ranking, deck=deck, players_min=players_min, players_max=players_max,
        ante=count("ante"), blinds=False, bet_sizes=bet_sizes, raises_per_round=raises_per_round,
        check_raise=reader.value("check_raise", bool), min_stack=count("min_stack"), hand_size=hand_size,
        burn=count("deal.burn"), draws=draws, min_discard=min_discard, max_discard=max_discard,
        first_round=reader.text("order.first_round", OPENERS),
        later_rounds=reader.text("order.later_rounds", LATER_OPENERS),
        draw_order=reader.text("order.draw", OPENERS), odd_chip=reader.text("order.odd_chip", ODD_CHIP_RULES),
        button=reader.text("order.button", ("clockwise",)), source=reader.source,
    )


def load_game_table(path: Path | str | None = None, overrides: dict[str, str] | None = None) -> GameTable:
    """Load and validate a game table (the teaching table when ``path`` is None), with ``--set`` style overrides.

    >>> load_game_table().min_stack
    13
    >>> load_game_table(overrides={"raises_per_round": "4"}).bets_per_round
    5
    >>> load_game_table(overrides={"players.max": "six"})
    Traceback (most recent call last):
    lowball.errors.RulesError: teaching-table.toml: players.max: expected an integer, got 'six'
    """
    if path is None and not overrides:
        return _shipped_game_table()
    reader = read_toml(path if path is not None else TEACHING_TABLE_FILE)
    if overrides:
        reader = TableReader(reader.source, apply_overrides(reader.data, overrides, reader.source))
    return parse_game_table(reader)


@functools.cache
def _shipped_game_table() -> GameTable:
    return parse_game_table(read_toml(TEACHING_TABLE_FILE))
