"""The rankings table: how each system ranks a hand (H1-H4, K1, F1, L1; badugi's four cards, U1-U3), loaded and validated.

Every ranking rule value, and the names of ranks and hands (English and
Russian), live in ``rules/rankings.toml``. A table that does not validate is
refused with a ``RulesError`` whose one-line message names the file, the key
and the problem.

Most systems rank five cards, all of which play (H2). A row may say instead
that the largest set of cards of different ranks and different suits plays
(``plays = "distinct-ranks-and-suits"``: badugi, U1), with a hand size of its
own (four); its categories are the sizes of that set (U2, U5).
"""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lowball.core.arguments import PATH, one_of, optional, takes
from lowball.core.files import quote
from lowball.core.behaviours import Joker, Plays
from lowball.core.reader import TableReader, merge_tables, read_toml
from lowball.errors import RulesError

RULES_DIR = Path(__file__).parent.parent / "rules"
# A poker hand is five cards (H2). The evaluator, the shape codes and the Z3 model are written for
# five; the table says so too (``hand_size``) and the loader refuses any other number.
HAND_SIZE = 5
# The most cards a player chooses the best five from: stud deals seven (L3); with the community card (L8) a
# player still plays from seven. A game dealing more is refused at load.
MOST_CARDS = 7
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
# Badugi's categories (U2, U5): how many cards play, from a hand of four down to one. Where the largest set of
# different ranks and suits plays (U1), every category is compared by its cards from the top (U3).
SET_SIZES: dict[str, int] = {"four-card": 4, "three-card": 3, "two-card": 2, "one-card": 1}
SET_PARTS = frozenset({"cards"})
LANGUAGES = ("en", "ru")
LANGUAGE = one_of(*LANGUAGES)          # what a ``lang`` argument takes


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
    """One row of the rankings table: how a system ranks five cards (H1-H4, K1, F1, L1), or four (badugi, U1)."""

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
    # What the joker counts as in this system (F2, F8), or None: the system refuses a joker.
    joker: Joker | None = None
    joker_clause: str = ""
    # Which cards play (H2: all five; U1: the largest set of different ranks and suits), and how many are held.
    plays: Plays = Plays.FIVE_CARDS
    plays_clause: str = ""
    hand_size: int = HAND_SIZE
    # The other names players write for it ("2-7", "27"): any case, resolved by ``Rankings.system``.
    aliases: tuple[str, ...] = ()

    @property
    def five_cards(self) -> bool:
        """Return whether the system ranks five cards that all play (H2), as every system but badugi does."""
        return self.plays is Plays.FIVE_CARDS

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
    """The whole rankings table: categories, systems and qualifiers.

    ``systems`` are the rows that rank five cards (H2), the ones every enumeration over five-card hands
    reads; ``all_systems`` adds those with a hand of their own (badugi's four cards, U1), in file order.
    """

    hand_size: int
    categories: tuple[Category, ...]
    all_systems: tuple[RankingSystem, ...]
    qualifiers: tuple[Qualifier, ...]
    rank_names: dict[str, dict[int, tuple[str, ...]]]   # lang -> value -> forms (see the [ranks] comments of rankings.toml)
    hand_names: dict[str, dict[str, str]]               # lang -> template key -> template

    @property
    def systems(self) -> tuple[RankingSystem, ...]:
        """Return the systems that rank five cards, all of which play (H2)."""
        return tuple(row for row in self.all_systems if row.five_cards)

    def system(self, name: str) -> RankingSystem:
        """Return the system called ``name`` (its key, or an alias in any case), or raise ``RulesError`` listing the
        known names.

        >>> load_rankings().system("2-7").key, load_rankings().system("A5").key
        ('deuce-to-seven', 'ace-to-five')
        """
        for row in self.all_systems:
            if row.key == name:
                return row
        found = find_system(name, self.all_systems)
        if found is not None:
            return found
        known = ", ".join(row.key for row in self.all_systems)
        raise RulesError(f"unknown ranking system {quote(name)} (known: {known})")

    def category(self, key: str) -> Category:
        """Return the category called ``key``."""
        return next(c for c in self.categories if c.key == key)

    def qualifier(self, name: str) -> Qualifier:
        """Return the qualifier called ``name``, or raise ``RulesError``."""
        for row in self.qualifiers:
            if row.key == name:
                return row
        known = ", ".join(row.key for row in self.qualifiers)
        raise RulesError(f"unknown qualifier {quote(name)} (known: {known})")


_SYSTEM_KEYS = {
    "en", "ru", "aliases", "ace", "better", "straights_count", "flushes_count", "wheel_is_straight",
    "broadway_is_straight", "category_order", "tie_break", "clauses", "joker", "plays", "hand_size",
}
# The keys a badugi row (U1) has no use for: with at most four cards there is no five-card run or suit.
_FIVE_CARD_KEYS = ("straights_count", "flushes_count", "wheel_is_straight", "broadway_is_straight", "joker")
ALL_CATEGORIES = CATEGORIES + tuple(SET_SIZES)


def find_system(name: object, rows: tuple[RankingSystem, ...]) -> RankingSystem | None:
    """Return the row among ``rows`` whose key or alias is ``name`` in any case ("Deuce-To-Seven", "27"), or None.

    >>> find_system("27", load_rankings().all_systems).key, find_system("2-8", load_rankings().all_systems)
    ('deuce-to-seven', None)
    """
    if not isinstance(name, str):
        return None
    wanted = name.strip().casefold()
    return next((row for row in rows if wanted in {row.key.casefold(), *(a.casefold() for a in row.aliases)}), None)


def _read_aliases(reader: TableReader, at: str) -> tuple[str, ...]:
    """Read a row's ``aliases``: other names of the system, each printable text on one line."""
    aliases = reader.strings(f"{at}.aliases") if reader.has(f"{at}.aliases") else ()
    for i, alias in enumerate(aliases):
        if not alias.strip() or not alias.isprintable() or alias != alias.strip():
            raise reader.fail(f"{at}.aliases[{i}]", f"an alias is a name a player writes, got {quote(alias)}")
    return tuple(aliases)


def _check_names(reader: TableReader, systems: tuple[RankingSystem, ...]) -> None:
    """Refuse a name (key or alias, in any case) that two systems share: a name must say which system it means."""
    owner: dict[str, str] = {}
    for row in systems:
        for i, name in [(None, row.key), *enumerate(row.aliases)]:
            folded = name.casefold()
            other = owner.setdefault(folded, row.key)
            if other != row.key:
                where = f"systems.{row.key}" + ("" if i is None else f".aliases[{i}]")
                raise reader.fail(where, f"{quote(name)} already names the system {other}: a name means one system")


def _read_category(reader: TableReader, key: str) -> Category:
    reader.only_keys(f"categories.{key}", set(LANGUAGES))
    if key not in CATEGORY_PARTS and key not in SET_SIZES:
        raise reader.fail(f"categories.{key}", f"unknown category (known: {', '.join(ALL_CATEGORIES)})")
    return Category(key=key, en=reader.text(f"categories.{key}.en"), ru=reader.text(f"categories.{key}.ru"))


def _possible_categories(straights: bool, flushes: bool) -> set[str]:
    """Return the categories a hand can fall in when straights/flushes do or do not count."""
    possible = set(CATEGORIES)
    if not straights:
        possible -= {"straight", "straight-flush"}
    if not flushes:
        possible -= {"flush", "straight-flush"}
    return possible


def _read_system(reader: TableReader, name: str, categories: set[str], hand_size: int) -> RankingSystem:
    at = f"systems.{name}"
    reader.only_keys(at, _SYSTEM_KEYS)
    plays = Plays(reader.text(f"{at}.plays", tuple(Plays), default=Plays.FIVE_CARDS.value))
    if plays is Plays.DISTINCT_RANKS_AND_SUITS:
        return _read_set_system(reader, name, categories)
    if reader.has(f"{at}.hand_size"):
        raise reader.fail(f"{at}.hand_size", f"a five-card system ranks the table's {hand_size} cards (H2); only a "
                                             f"system where the largest set of different ranks and suits plays (U1) "
                                             f"names its own")
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

    tie_break = _tie_breaks(reader, at, order, CATEGORY_PARTS.__getitem__)

    reader.only_keys(f"{at}.clauses", {"category_order", "tie_break", "ace", "joker"})
    joker = _read_joker(reader, at, straights, flushes)
    if (joker is None) == reader.has(f"{at}.clauses.joker"):
        raise reader.fail(f"{at}.clauses.joker", "a system with a joker names its clause (F8), and only such a system")
    return RankingSystem(
        key=name,
        en=reader.text(f"{at}.en"),
        ru=reader.text(f"{at}.ru"),
        aliases=_read_aliases(reader, at),
        ace=reader.text(f"{at}.ace", ("low", "high")),
        better=reader.text(f"{at}.better", ("lower", "higher")),
        straights_count=straights,
        flushes_count=flushes,
        wheel_is_straight=wheel,
        broadway_is_straight=broadway,
        category_order=order,
        tie_break=tie_break,
        category_clause=reader.text(f"{at}.clauses.category_order"),
        tie_break_clause=reader.text(f"{at}.clauses.tie_break"),
        ace_clause=reader.text(f"{at}.clauses.ace"),
        joker=joker,
        joker_clause=reader.text(f"{at}.clauses.joker") if joker else "",
    )


def _tie_breaks(reader: TableReader, at: str, order: tuple[str, ...], allowed_of) -> tuple:
    """Read a row's ``tie_break``: for each category of ``order``, the parts compared in order (H3, U3)."""
    reader.only_keys(f"{at}.tie_break", set(order))
    tie_break = []
    for category in order:
        where = f"{at}.tie_break.{category}"
        if reader.value(where, list, default=None) is None:
            raise reader.fail(where, "missing: every category needs a tie-break rule (H3)")
        parts = reader.strings(where)
        allowed = allowed_of(category)
        for part in parts:
            if part not in allowed:
                raise reader.fail(where, f"unknown part {part!r} for {category} (allowed: {', '.join(sorted(allowed))})")
        if len(set(parts)) != len(parts):
            raise reader.fail(where, "lists a part twice")
        # A list that leaves a part out is accepted: it is a (strange) house rule, and
        # `lowball verify` shows which hands it makes tie (property 2).
        tie_break.append((category, parts))
    return tuple(tie_break)


def _read_set_system(reader: TableReader, name: str, categories: set[str]) -> RankingSystem:
    """Read a badugi row (U1-U3): four cards, the largest set of different ranks and suits plays, size first."""
    at = f"systems.{name}"
    for key in _FIVE_CARD_KEYS:
        if reader.has(f"{at}.{key}"):
            raise reader.fail(f"{at}.{key}", "has no meaning where the largest set of different ranks and suits "
                                             "plays (U1): no five cards ever run or share a suit")
    size = reader.count(f"{at}.hand_size", 1, len(SET_SIZES))
    order = reader.strings(f"{at}.category_order")
    seen: set[str] = set()
    for i, category in enumerate(order):
        where = f"{at}.category_order[{i}]"
        if category not in SET_SIZES or category not in categories:
            known = ", ".join(c for c in SET_SIZES if SET_SIZES[c] <= size)
            raise reader.fail(where, f"unknown category {category!r} for a hand of {size} (known: {known})")
        if category in seen:
            raise reader.fail(where, f"category {category!r} appears twice")
        if SET_SIZES[category] > size:
            raise reader.fail(where, f"category {category!r} cannot occur in a hand of {size} cards")
        seen.add(category)
    missing = [c for c in SET_SIZES if SET_SIZES[c] <= size and c not in seen]
    if missing:
        raise reader.fail(f"{at}.category_order", f"category {missing[0]!r} is missing (U5: every size down to one)")
    tie_break = _tie_breaks(reader, at, order, lambda category: SET_PARTS)
    reader.only_keys(f"{at}.clauses", {"category_order", "tie_break", "ace", "plays"})
    return RankingSystem(
        key=name, en=reader.text(f"{at}.en"), ru=reader.text(f"{at}.ru"), aliases=_read_aliases(reader, at),
        ace=reader.text(f"{at}.ace", ("low", "high")),
        better=reader.text(f"{at}.better", ("lower",)),
        straights_count=False, flushes_count=False, wheel_is_straight=False, broadway_is_straight=False,
        category_order=order, tie_break=tie_break,
        category_clause=reader.text(f"{at}.clauses.category_order"),
        tie_break_clause=reader.text(f"{at}.clauses.tie_break"),
        ace_clause=reader.text(f"{at}.clauses.ace"),
        plays=Plays.DISTINCT_RANKS_AND_SUITS, plays_clause=reader.text(f"{at}.clauses.plays"), hand_size=size,
    )


def _read_joker(reader: TableReader, at: str, straights: bool, flushes: bool) -> Joker | None:
    """Return the system's joker rule (F2, F8), or None when the row has no ``joker`` key.

    The one rule, "lowest-missing", gives the joker the lowest rank the hand lacks;
    with neither straights nor flushes (F1) that is also the best card it could be,
    which is what lets a joker be resolved before ranking. Where a run or a suit
    counts, the lowest missing card could make a straight or a flush, so the key
    is refused there.
    """
    if not reader.has(f"{at}.joker"):
        return None
    name = reader.text(f"{at}.joker", tuple(Joker))
    if straights or flushes:
        raise reader.fail(f"{at}.joker", "a joker needs a system where straights and flushes do not count (F1, F8)")
    return Joker(name)


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


def resolve_systems(reader: TableReader) -> TableReader:
    """Return the rankings table with each system that ``extends`` another written out whole.

    A system names another in ``extends`` and lists only what differs: its tables (``tie_break``, ``clauses``)
    merge key by key with the other's, any other value replaces, and its ``aliases`` are its own. A chain is
    followed; a loop, or a system that is not there, is refused naming it.

    >>> data = {"systems": {"a": {"ace": "low", "clauses": {"ace": "H4", "order": "H2"}},
    ...                     "b": {"extends": "a", "clauses": {"ace": "C1"}}}}
    >>> resolve_systems(TableReader("r.toml", data)).data["systems"]["b"]
    {'ace': 'low', 'clauses': {'ace': 'C1', 'order': 'H2'}}
    >>> resolve_systems(TableReader("r.toml", {"systems": {"b": {"extends": "b"}}}))
    Traceback (most recent call last):
    lowball.errors.RulesError: r.toml: systems.b.extends: 'b' extends itself through b -> b
    """
    systems = reader.data.get("systems")
    if not isinstance(systems, dict) or not any(isinstance(row, dict) and "extends" in row
                                                for row in systems.values()):
        return reader
    done: dict[str, Any] = {}

    def whole(name: str, chain: tuple[str, ...]) -> Any:
        row = systems[name]
        if name in done or not isinstance(row, dict) or "extends" not in row:
            return done.get(name, row)
        parent = row["extends"]
        where = f"systems.{name}.extends"
        if not isinstance(parent, str) or parent not in systems:
            raise reader.fail(where, f"no system {quote(parent)} to extend (known: {', '.join(systems)})")
        if parent in chain + (name,):
            raise reader.fail(where, f"{quote(parent)} extends itself through {' -> '.join(chain + (name, parent))}")
        base = whole(parent, chain + (name,))
        if not isinstance(base, dict):
            raise reader.fail(where, f"{quote(parent)} is not a system table")
        # a copy: a later change to one system (--set) must not reach another through a shared table; a system's
        # aliases are its own, never inherited (two systems answering to "2-7" would be refused)
        done[name] = merge_tables(copy.deepcopy({key: value for key, value in base.items() if key != "aliases"}),
                                  {key: value for key, value in row.items() if key != "extends"})
        return done[name]

    return TableReader(reader.source, dict(reader.data, systems={name: whole(name, ()) for name in systems}))


def read_rankings(path: Path | str) -> TableReader:
    """Read a rankings table with every system written out whole (``resolve_systems``), ready to change one."""
    return resolve_systems(read_toml(path))


def parse_rankings(reader: TableReader) -> Rankings:
    """Validate a parsed rankings table into ``Rankings`` (each system that ``extends`` another written out)."""
    reader = resolve_systems(reader)
    reader.only_keys("", {"hand_size", "categories", "systems", "qualifiers", "ranks", "hand_names"})
    hand_size = reader.count("hand_size", 1)
    if hand_size != HAND_SIZE:
        raise reader.fail("hand_size", f"the evaluator ranks {HAND_SIZE}-card hands (H2), got {hand_size}")
    categories = tuple(_read_category(reader, key) for key in reader.table("categories"))
    missing = [c for c in ALL_CATEGORIES if c not in {cat.key for cat in categories}]
    if missing:
        raise reader.fail(f"categories.{missing[0]}", "missing: every category needs its English and Russian names")
    known = {c.key for c in categories}
    systems = tuple(_read_system(reader, name, known, hand_size) for name in reader.table("systems"))
    if not systems:
        raise reader.fail("systems", "no ranking system defined")
    _check_names(reader, systems)
    names = {s.key for s in systems if s.five_cards}      # a qualifier reads five cards (L1)
    qualifiers = tuple(
        _read_qualifier(reader, name, names) for name in reader.value("qualifiers", dict, default={})
    )
    return Rankings(hand_size=hand_size, categories=categories, all_systems=systems, qualifiers=qualifiers,
                    rank_names=_read_rank_names(reader), hand_names=_read_hand_names(reader))


# How many forms of a rank's name each language needs (see the comment above [ranks] in rankings.toml).
RANK_FORMS = {"en": 2, "ru": 4}
HAND_NAME_KEYS = ("no-pair-low", "no-pair-ace-high", "no-pair-high") + CATEGORIES[1:] + tuple(SET_SIZES)


def _read_rank_names(reader: TableReader) -> dict[str, dict[int, tuple[str, ...]]]:
    names: dict[str, dict[int, tuple[str, ...]]] = {lang: {} for lang in LANGUAGES}
    for value in range(1, 15):
        at = f"ranks.{value}"
        reader.only_keys(at, set(LANGUAGES))
        for lang in LANGUAGES:
            forms = reader.strings(f"{at}.{lang}")
            if len(forms) != RANK_FORMS[lang]:
                raise reader.fail(f"{at}.{lang}", f"expected {RANK_FORMS[lang]} forms of the name, got {len(forms)}")
            names[lang][value] = forms
    reader.only_keys("ranks", {str(v) for v in range(1, 15)})
    return names


def _read_hand_names(reader: TableReader) -> dict[str, dict[str, str]]:
    reader.only_keys("hand_names", set(LANGUAGES))
    names = {}
    for lang in LANGUAGES:
        reader.only_keys(f"hand_names.{lang}", set(HAND_NAME_KEYS))
        names[lang] = {key: reader.text(f"hand_names.{lang}.{key}") for key in HAND_NAME_KEYS}
    return names


@takes(path=optional(PATH))
def load_rankings(path: Path | str | None = None) -> Rankings:
    """Load and validate a rankings table; the shipped one when ``path`` is None.

    >>> [s.key for s in load_rankings().systems][:3]
    ['ace-to-six', 'ace-to-six-ace-low', 'deuce-to-seven']
    >>> load_rankings("no-such-file.toml")
    Traceback (most recent call last):
    lowball.errors.RulesError: cannot read rules file no-such-file.toml: no such file
    """
    if path is None:
        return _shipped_rankings()
    return parse_rankings(read_toml(path))


@functools.cache
def _shipped_rankings() -> Rankings:
    return parse_rankings(read_toml(RANKINGS_FILE))


# The systems of house rankings tables that a loaded game table names (its ``rankings`` key), by name, with the
# file each came from: a house table plays them as it plays the shipped ones (``register_house_systems``).
_HOUSE_SYSTEMS: dict[str, tuple[RankingSystem, str]] = {}


def ranking_system(name: str) -> RankingSystem:
    """Return the ranking system called ``name``: a shipped one, or one a house table's rankings file brought in.

    >>> ranking_system("deuce-to-seven").ace
    'high'
    >>> ranking_system("ace-to-seven")
    Traceback (most recent call last):
    lowball.errors.RulesError: unknown ranking system 'ace-to-seven' (known: ace-to-six, ace-to-six-ace-low, deuce-to-seven, ace-to-five, high, badugi, badugi-ace-high)
    """
    if isinstance(name, str) and name in _HOUSE_SYSTEMS:
        return _HOUSE_SYSTEMS[name][0]
    house = find_system(name, tuple(row for row, _ in _HOUSE_SYSTEMS.values())) if _HOUSE_SYSTEMS else None
    return house or _shipped_rankings().system(name)


def known_systems() -> tuple[RankingSystem, ...]:
    """Return every system a game table may name: the shipped ones, then those of house rankings files loaded."""
    return _shipped_rankings().all_systems + tuple(row for row, _ in _HOUSE_SYSTEMS.values())


def register_house_systems(rankings: Rankings, source: str) -> None:
    """Make the systems of a house rankings table (``source``) playable by name, next to the shipped ones.

    A system that has a shipped one's name must be that system (a copy of the shipped table keeps them); one
    whose name another house file gave other rules is refused too: a name means one ranking in a process.
    """
    shipped = {row.key: row for row in _shipped_rankings().all_systems}
    for row in rankings.all_systems:
        if row.key in shipped:
            if row != shipped[row.key]:
                raise RulesError(f"{source}: systems.{row.key}: ranks hands otherwise than the shipped system of "
                                 f"that name; give a house system a name of its own")
            continue
        named = [(name, find_system(name, tuple(shipped.values()))) for name in (row.key, *row.aliases)]
        taken = next(((name, other) for name, other in named if other is not None), None)
        if taken is not None:
            raise RulesError(f"{source}: systems.{row.key}: {quote(taken[0])} already names the shipped system "
                             f"{taken[1].key}; give a house system a name of its own")
        known = _HOUSE_SYSTEMS.get(row.key)
        if known is not None and known[0] != row:
            raise RulesError(f"{source}: systems.{row.key}: {known[1]} already named a system so, with other rules; "
                             f"give it a name of its own")
        _HOUSE_SYSTEMS[row.key] = (row, source)


