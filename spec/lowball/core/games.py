"""Game tables: every game (the teaching table, deuce-to-seven, California, stud, a house rule) as data.

A game table is a TOML file in ``rules/games/`` (or anywhere, for house rules).
It names everything a rulebook says: players, deck, forced bets, the streets in
order (deal, bet, draw), the betting structure and its cap, who opens each
round, how the pot is won, the odd chip, what happens when the deck runs out.
A table may ``extends`` another and list only what differs.

``GAME_KEYS`` below is the one description of the format: the loader reads
with it, and the docs page on the table format is generated from it. Every key
is either honoured by the engine, the proofs or the docs, or refused here.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, assert_never

from lowball.core.behaviours import (
    AnteBy, BringIn, CapCounts, HeadsUpCap, Joker, NobodyOpens, OddChip, OpenPair, Opener, PostingOrder, Pots, RunsOut, Serve, WrongCount, SevensRule, ShortAllIn,
    StreetKind, Structure,
)
from lowball.core.card_flow import COMMUNITY_RULES, shortfall
from lowball.core.cards import DECK, RANK_OF
from lowball.core.files import exists, quote
from lowball.core.arguments import LABEL, NAME_OR_PATH, TEXT, instance_of, mapping_of, optional, takes
from lowball.core.rankings import (HAND_SIZE, MOST_CARDS, RULES_DIR, known_systems, load_rankings,
                                   register_house_systems, resolve_systems)
from lowball.core.reader import (MAX_DEPTH, TableReader, apply_overrides, describe, merge_tables, parse_toml,
                                 read_toml)
from lowball.errors import RulesError

GAMES_DIR = RULES_DIR / "games"
# The clause of the online rooms' departures from the card rooms' rulebooks (docs/rules-digest.md part G), which
# the keys of those departures cite.
DEPARTURES = "O4"
# The tables of online rooms whose rules depart from the card rooms' (O4), each extending a built-in game; a room's
# table is named by its path in this folder ("pokerstars/badugi.toml").
ROOMS_DIR = RULES_DIR / "rooms"
DEFAULT_GAME = "teaching-table"
TEACHING_TABLE_FILE = GAMES_DIR / f"{DEFAULT_GAME}.toml"
# The engine plays at most this many seats. No rulebook seats more than ten at a poker table,
# and proofs and enumerations grow with the player count: a larger number is refused at once.
MAX_PLAYERS = 10
# A variant may extend a variant that extends another...; a longer chain is surely a loop.
MAX_EXTENDS = 8
# The largest chip amount a table may name (forced bets, bet sizes, the minimum stack).
MAX_CHIPS = 10**9
# The decks a table may deal (T1, F8): the 52 cards, or the 52 and the joker.
DECK_CARDS, JOKER_DECK_CARDS = len(DECK), len(DECK) + 1


# The type of the field a key fills in the loaded table, by the key's kind (a choice: its enum, ``Key.annotation``;
# raises: None where raising is unlimited).
KIND_TYPES = {"text": "str", "count": "int", "flag": "bool", "counts": "tuple[int, ...]",
              "seat-chips": "tuple[int, ...]", "chips": "int", "raises": "int | None", "ranking": "tuple[Side, ...]",
              "streets": "tuple[Street, ...]", "size": "str"}
# What a street's field holds where its street kind has no such key (a deal's ``opener``), by the key's kind.
KIND_EMPTY = {"count": 0, "size": "", "choice": None, "text": "", "flag": False}


@dataclass(frozen=True, kw_only=True)
class Key:
    """One key of the game-table format: where it lives, what it holds, its default, why (its clause), and the field
    of the loaded table it fills."""

    path: str
    kind: str            # "text", "count", "flag", "counts", "seat-chips", "choice", "ranking", "chips", ...
    doc: str
    clause: str = ""
    default: Any = ...
    choices: tuple[str, ...] = ()
    enum: type | None = None     # a choice's StrEnum: the loaded table holds its member
    # The field of ``GameTable`` (or ``Street``) the key fills: "" for the last part of its path; None for none (the
    # keys ``resolve`` applies, and the clauses, which fill one dict).
    attribute: str | None = ""
    holds: str = ""              # the field's type, where the kind does not say it

    @property
    def required(self) -> bool:
        """Return whether a table must give this key (or inherit it)."""
        return self.default is ...

    @property
    def field_name(self) -> str | None:
        """Return the name of the field the key fills in the loaded table (None: none).

        >>> Key(path="deck.runs_out", kind="choice", doc="").field_name
        'runs_out'
        """
        return self.path.split(".")[-1] if self.attribute == "" else self.attribute

    @property
    def annotation(self) -> str:
        """Return the type of the field the key fills, as a dataclass annotation."""
        if self.holds:
            return self.holds
        if self.enum is not None:
            return f"{self.enum.__name__} | None" if self.default == "" else self.enum.__name__
        return KIND_TYPES[self.kind]


def _choice(path: str, enum: type, doc: str, clause: str, default: Any = ...) -> Key:
    return Key(path=path, kind="choice", doc=doc, clause=clause, default=default,
               choices=tuple(member.value for member in enum), enum=enum)


# The rules the engine cites when it narrates or refuses an action, by aspect. Each game's table names
# the clause of its own rulebook for each (the teaching table: T3 for bet sizes; deuce-to-seven: K5).
CLAUSE_ASPECTS = {
    "players": "how many players a hand needs",
    "forced": "antes, blinds, posts or bring-in",
    "deal": "how the cards are dealt",
    "turn": "whose turn it is and what a player facing (or not facing) a bet may do",
    "size": "how much a bet or raise is",
    "cap": "how many raises a round allows",
    "stack": "the chips a player needs to sit in, and all-ins",
    "draw": "the draw: discarding and being served",
    "later_rounds": "who opens the rounds after the first, and how many draws there are",
    "ranking": "which hand wins (the ranking system)",
    "showdown": "when the hand ends and who wins",
    "split": "ties and odd chips",
    "result": "what a player's result is",
    "button": "how the dealer button moves",
    "round_end": "when a betting round ends",
    "heads_up": "whether the cap holds when two players are left",
    "check_raise": "whether a player who checked may raise later in the round",
    "runs_out": "what happens when the stub cannot serve a street",
    "sevens": "the sevens rule",
}
# The aspects a table may leave out: each then cites the clause of another aspect.
CLAUSE_FALLBACK = {"draw": None, "round_end": "turn", "heads_up": "cap", "check_raise": "turn",
                   "runs_out": "players", "sevens": "showdown"}

# The format, top to bottom. ``docs/reference/table-format.md`` shows this list.
GAME_KEYS: tuple[Key, ...] = (
    Key(path="name", kind="text", doc="the game's short name, used by --game and in file names"),
    Key(path="en", kind="text", doc="the game's title in English"),
    Key(path="ru", kind="text", doc="the game's title in Russian"),
    Key(path="variant", kind="text",
        doc="the PHH variant code of its hand histories (FA6L1D, F2L3D, ...); a house table that changes a built-in "
            "game's rules and names no code of its own gets one (the game's code, -H and a digest of its rules; "
            "docs/phh.md)"),
    Key(path="phh_stakes", kind="choice", default="from-history", choices=("from-history", "must-match"),
        clause="T2, T3", attribute="phh_stakes_vary", holds="bool",
        doc="whether a hand history may choose the stakes (antes, blinds, bets: the PHH standard's games) or must "
            "have the table's own (the teaching table, where they are rules)"),
    Key(path="extends", kind="text", default="",
        doc="a built-in game (or a .toml file beside this one) that this table changes; list only the differences"),
    Key(path="unset", kind="keys", default=(), attribute=None,
        doc="dotted keys of the table it extends that this one removes (a key of a rule it does not have: "
            "pot-limit London lowball drops razz's big bet and its heads-up clause)"),
    Key(path="change_streets", kind="street-changes", default=(), attribute=None,
        doc='changes to some of the streets of the table it extends, each a [[change_streets]] with "at" (a '
            'street\'s place, as errors name it: 0 is the first deal; or a kind, "deal", "bet" or "draw", for every '
            'street of it) and the street keys it sets; the other streets, and the other keys, stay as they are'),
    Key(path="rankings", kind="text", default="", attribute=None,
        doc="a rankings table of your own (a .toml file, found beside this table), whose systems the ranking may "
            "name and the engine then plays: a copy of the shipped rankings.toml with systems added; default: the "
            "shipped one"),
    Key(path="ranking", kind="ranking", clause="S1, L1, Z2", attribute="sides",
        doc='who wins the pot: a system ("ace-to-six": the best hand under it takes all), or a table '
            '{high = "high", low = "ace-to-five", qualifier = "eight-or-better"} for a high-low split (L2), or '
            '{five-card = "ace-to-five", badugi = "badugi"} for a five-card hand and a badugi of the same cards (Z2)'),
    _choice("structure", Structure, "how much a bet may be: fixed-limit, pot-limit or no-limit", "T3, G4, G5"),
    Key(path="small_bet", kind="chips", clause="T3, K5, L5, F4",
        doc='the bet of streets sized "small" (in pot-limit and no-limit: the smallest bet); '
            '"total-posts" for the sum of the forced posts (F4)'),
    Key(path="big_bet", kind="chips", clause="T3, K5, L5, F4", default=0,
        doc='the bet of streets sized "big" (only where a street is); "double" for twice the small bet (F4)'),
    Key(path="raises_per_round", kind="raises", clause="T4, G1",
        doc='raises allowed after the bet in one round, or "unlimited" (always so in pot-limit and no-limit)'),
    _choice("cap_counts", CapCounts, "what counts toward the cap: the bets (G1) or the players' actions (P1)",
            "G1, P1", CapCounts.BETS.value),
    _choice("heads_up_cap", HeadsUpCap, "whether two players left alone may raise without cap", "G2",
            HeadsUpCap.KEPT.value),
    _choice("short_all_in", ShortAllIn, "what an all-in raise of less than a full raise reopens", "G3, G4, P2",
            ShortAllIn.FULL_RAISE_ONLY.value),
    Key(path="check_raise", kind="flag", clause="B1, K7, F6",
        doc="whether a player who checked may raise later in the same round"),
    Key(path="fold_facing_no_bet", kind="flag", clause=f"B1, {DEPARTURES}", default=False,
        doc="whether a player facing no bet may fold as well as check or bet: an online room's rule (O4; pokerkit "
            "reading a PHH history allows it too); off: facing no bet a player checks or bets (B1)"),
    Key(path="pot_rounding", kind="count", clause="N7", default=0,
        doc="pot-limit only: the pot after calling is rounded up to a multiple of this many chips when the largest "
            "bet is sized (RRP, WSOP L 186: an odd amount counts as the next larger size); 0: not rounded"),
    Key(path="min_stack", kind="count", clause="T5", default=0,
        doc="every stack must hold at least this before a deal (0: no minimum); where it covers the most a "
            "player can put in, nobody is ever all-in (verify proves it)"),
    Key(path="players.min", kind="count", clause="T1, K9, L3", attribute="players_min",
        doc="the fewest players a hand may start with"),
    Key(path="players.max", kind="count", clause="T1, K9, L3", attribute="players_max",
        doc=f"the most players a hand may start with (the engine seats at most {MAX_PLAYERS})"),
    Key(path="deck.cards", kind="count", clause="T1, F8", attribute="deck_cards",
        doc=f"{DECK_CARDS}, or {JOKER_DECK_CARDS} with the joker"),
    _choice("deck.joker", Joker, f"what the joker counts as; only with {JOKER_DECK_CARDS} cards", "F2, F8", ""),
    _choice("deck.runs_out", RunsOut, "what happens when the deck cannot serve a street", "D1, K9, L8, P3"),
    Key(path="deck.community_card_on_boards", kind="flag", clause="N8, P4", default=False,
        doc="whether a community card (L8) shows on every board when the next opener is chosen (N8: unsettled; "
            "pokerkit ignores it, P4); five cards showing are read as the ranking reads a hand"),
    Key(path="forced.ante", kind="count", clause="T2, K4, L4, V1", default=0,
        doc="the ante: what each player posts, or what the one player forced.ante_by names posts for the table"),
    _choice("forced.ante_by", AnteBy, "who antes: every player, the big blind for the table (the BB ante), the "
            "button for the table, or each seat its own (forced.seat_antes)", "T2, V1, V8, V11",
            AnteBy.EVERY_PLAYER.value),
    Key(path="forced.seat_antes", kind="seat-chips", clause="V11", default=(),
        doc="with ante_by = \"by-seat\": each seat's ante from the dealer's left (a hand then seats exactly that "
            "many players)"),
    Key(path="forced.ante_trimming", kind="flag", clause="V5, V9", default=False,
        doc="whether a player short of the ante wins only in proportion to what he put in (PHH "
            "ante_trimming_status); off: every ante is dead money in the main pot, which every player may win"),
    _choice("forced.posting_order", PostingOrder, "what a player too short for both his blind and his ante "
            "posts first", "V4, P7", PostingOrder.BLIND_FIRST.value),
    Key(path="forced.blinds", kind="counts", clause="K3, V11", default=(),
        doc="[small, big], then any straddles: live bets posted in turn by the players on the dealer's left "
            "(heads-up the dealer posts the small, the other the big, and nobody straddles)"),
    Key(path="forced.seat_posts", kind="seat-chips", clause=DEPARTURES, default=(),
        doc="live posts of players who join or return, seat by seat from the dealer's left, as a room's history "
            "states them (a hand then seats exactly that many players): each counts toward a call and leaves the "
            "poster his option, and the first round still opens left of the big blind; the dead part of a post "
            "is that seat's ante (forced.seat_antes)"),
    Key(path="forced.posts", kind="counts", clause="F4", default=(),
        doc="California posts: the dealer first, then up to two players on the dealer's left"),
    Key(path="forced.bring_in", kind="count", clause="L4, R2", default=0,
        doc="the bring-in on the first betting street of stud"),
    _choice("forced.bring_in_by", BringIn, "who brings it in", "L4, R2, N3, Y3", ""),
    Key(path="forced.bring_in_may_bet", kind="flag", clause="L4, N7", default=True,
        doc="whether the player who brings it in may bet more instead: complete to the small bet in limit (L4), "
            "open for more, up to the pot, in pot-limit (N7: BARGE is silent)"),
    _choice("forced.nobody_opens", NobodyOpens, "what happens when the first round is checked through",
            "B2, K4", NobodyOpens.PLAY_ON.value),
    Key(path="streets", kind="streets", clause="T6, D1, B2, K5, K8, L3",
        doc="the streets in order: each a deal, a bet or a draw (see the street keys)"),
    _choice("draw.serve", Serve, "when a draw's replacements are dealt: each player in turn, or after everyone "
            "has discarded", "D1, K8, P3", Serve.IN_TURN.value),
    _choice("draw.wrong_count", WrongCount, "a serving of more or fewer cards than discarded: refused (D1), or "
            "the hand is dead (F9)", "D1, F9", WrongCount.REFUSED.value),
    _choice("showdown.odd_chip", OddChip, "who gets an odd chip of a split pot", "S2, L7, P5"),
    *(Key(path=f"clauses.{aspect}", kind="text", doc=f"the clause cited for {words}", attribute=None,
          default="" if aspect in CLAUSE_FALLBACK else ...) for aspect, words in CLAUSE_ASPECTS.items()),
    _choice("showdown.pots", Pots, "how the pots are formed at the showdown: each apart (G6), or after the hands "
            "that can win nothing are mucked (pokerkit)", "G6", Pots.EACH_APART.value),
    _choice("showdown.sevens_rule", SevensRule, "the California sevens rule", "F7", SevensRule.OFF.value),
    Key(path="showdown.sevens_top", kind="count", clause="F7", default=0,
        doc="the low the sevens rule is about: a no-pair low topped by this rank or lower (F7: a seven); needed "
            "where the rule is on"),
)

STREET_KEYS: dict[str, tuple[Key, ...]] = {
    "deal": (
        Key(path="down", kind="count", default=0, doc="cards dealt face down to each active player", clause="T6, L3"),
        Key(path="up", kind="count", default=0, doc="cards dealt face up to each active player", clause="L3"),
        Key(path="burn", kind="count", default=0, doc="cards burned before the deal", clause="D1, L3"),
    ),
    "bet": (
        Key(path="size", kind="size", doc='"small" or "big": the table\'s small_bet or big_bet', clause="T3, K5, L5"),
        _choice("opener", Opener, "who acts first", "B1, B2, K3, F4, L6"),
        Key(path="check", kind="flag", default=True, doc="whether a player facing no bet may check", clause="B1, F5"),
        _choice("open_pair", OpenPair, "fixed limit, a round sized \"small\": whether a pair showing face up lets "
                "any player bet or raise the big bet instead (Q4, RRP's fourth street); \"off\": the round's own "
                "bet (L5)", "Q4, L5", OpenPair.OFF.value),
    ),
    "draw": (
        Key(path="burn", kind="count", default=0, doc="cards burned before the replacements", clause="D1, K8"),
        Key(path="min_discard", kind="count", default=0, doc="the fewest cards a player may discard", clause="D1"),
        Key(path="max_discard", kind="count", doc="the most cards a player may discard", clause="D1, K8"),
    ),
}
STREET_COMMON = (
    _choice("kind", StreetKind, "deal, bet or draw", "T6, B1, D1"),
    Key(path="clause", kind="text", doc="the clause this street plays, cited in narration and docs"),
)


# ---- The loaded table ----

def _key_fields(required: tuple[Key, ...], optional: tuple[Key, ...] = ()) -> Callable[[type], type]:
    """Return a decorator that gives a class one field per key, before its own fields, and makes it a frozen
    keyword-only dataclass: a key's field, its type and its default are those its ``Key`` says, written once.

    A key of ``optional`` may be missing (a street's keys belong to one street kind): its field then holds the key's
    default, or the empty value of its kind where the key has none (``KIND_EMPTY``).
    """
    def build(cls: type) -> type:
        fields: dict[str, str] = {}
        for key in required + optional:
            name = key.field_name
            if name is None or name in fields:       # no field, or one that another street kind's key fills
                continue
            fields[name] = key.annotation
            if key in optional:
                default = KIND_EMPTY[key.kind] if key.required else key.default
                fields[name] += " | None" if default is None else ""
                setattr(cls, name, key.enum(default) if key.enum is not None and default is not None else default)
        cls.__annotations__ = fields | cls.__dict__.get("__annotations__", {})
        return dataclass(frozen=True, kw_only=True)(cls)
    return build


@_key_fields(STREET_COMMON, tuple(key for keys in STREET_KEYS.values() for key in keys))
class Street:
    """One street: a deal (face down / face up, after a burn), a betting round, or a draw.

    Its fields are the street keys (``STREET_COMMON``, then each kind's ``STREET_KEYS``).
    """

    @property
    def cards(self) -> int:
        """Return how many cards a deal street gives each player."""
        return self.down + self.up


# The two halves a split pot may be cut into, as ``ranking`` names them, each with the clause that splits so: the
# high and the low (L2), or the five-card hand and the badugi made of the same cards (Z2). Either half may rank by
# any system. The first of each pair takes the odd chip between the halves (L7: the high; Z4: the five-card hand,
# which BARGE treats as the high hand).
SPLITS: dict[tuple[str, str], str] = {("high", "low"): "L2", ("five-card", "badugi"): "Z2"}


@dataclass(frozen=True, kw_only=True)
class Side:
    """One way the pot (or half of it) is won: the best hand under ``system``, if it meets ``qualifier`` (L1)."""

    half: str                    # "whole", or a half of ``SPLITS``: "high" / "low" (L2), "five-card" / "badugi" (Z2)
    system: str
    qualifier: str = ""


@_key_fields(GAME_KEYS)
class GameTable:
    """A game, as its table says: every value the engine, the proofs and the docs read.

    Its fields are the keys of ``GAME_KEYS`` (each under ``Key.field_name``: ``deck.cards`` is ``deck_cards``,
    ``ranking`` the pot's ``sides``), then the few below that no one key fills.
    """

    source: str                      # the file the table was read from, as refusals name it
    clauses: dict[str, str]          # the clause cited for each aspect (CLAUSE_ASPECTS), fallbacks filled in
    data: dict[str, Any] = field(repr=False, compare=False, default_factory=dict)   # the resolved TOML
    path: str = field(repr=False, compare=False, default="")    # the file of a table loaded from one ("": built-in)

    # ---- derived facts, each read off the fields above ----

    @property
    def ranking(self) -> str:
        """Return the ranking system of the pot's first side (the whole pot in a one-sided game)."""
        return self.sides[0].system

    @property
    def split(self) -> bool:
        """Return whether the pot is split high and low (L2)."""
        return len(self.sides) > 1

    @functools.cached_property
    def bet_streets(self) -> tuple[Street, ...]:
        """Return the betting rounds in order."""
        return tuple(s for s in self.streets if s.kind is StreetKind.BET)

    @functools.cached_property
    def betting_rounds(self) -> int:
        """Return how many betting rounds a hand has."""
        return len(self.bet_streets)

    @functools.cached_property
    def draw_streets(self) -> tuple[Street, ...]:
        """Return the draws in order."""
        return tuple(s for s in self.streets if s.kind is StreetKind.DRAW)

    @functools.cached_property
    def draws(self) -> int:
        """Return how many draws a hand has (D1: one; K2: one or three)."""
        return len(self.draw_streets)

    @functools.cached_property
    def bet_sizes(self) -> tuple[int, ...]:
        """Return the bet size (in pot-limit and no-limit: the smallest bet) of each betting round, in chips."""
        return tuple(self.size_of(s) for s in self.bet_streets)

    def size_of(self, street: Street) -> int:
        """Return the chips a bet street's ``size`` names."""
        return self.small_bet if street.size == "small" else self.big_bet

    def most_size_of(self, street: Street) -> int:
        """Return the most one bet or raise of a bet street adds: its size, or the big bet where a pair showing lets
        any player bet it (Q4)."""
        match street.open_pair:
            case OpenPair.OFF:
                return self.size_of(street)
            case OpenPair.BIG_BET_OPTION:
                return self.big_bet
            case _:
                assert_never(street.open_pair)

    @functools.cached_property
    def player_counts(self) -> range:
        """Return every number of players a hand may start with (T1); forced bets stated seat by seat (V11, O4)
        seat exactly that many."""
        seats = len(self.seat_antes) or len(self.seat_posts)
        return range(seats, seats + 1) if seats else range(self.players_min, self.players_max + 1)

    @functools.cached_property
    def hand_size(self) -> int:
        """Return how many cards a player holds once every deal is done (five in draw games, seven in stud)."""
        return sum(s.cards for s in self.streets if s.kind is StreetKind.DEAL)

    @property
    def bets_per_round(self) -> int | None:
        """Return the cap on bets per round: the bet plus the raises (T4); None when raising is unlimited."""
        return None if self.raises_per_round is None else 1 + self.raises_per_round

    def title(self, lang: str = "en") -> str:
        """Return the game's title in ``lang``."""
        return self.ru if lang == "ru" else self.en


# ---- Reading a table ----

def builtin_paths() -> dict[str, Path]:
    """Return the built-in game tables by name (the file name without ``.toml``)."""
    return {path.stem: path for path in sorted(GAMES_DIR.glob("*.toml"), key=lambda p: p.stem)}


def resolve(reader: TableReader, folder: Path | None, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """Return a table's data with everything it ``extends`` filled in, nearest table last.

    A file named by ``extends`` is found in the folder of the table that names it (``folder``), so a chain of
    house tables may span folders. A chain that comes back to a table is a cycle; one of more than
    ``MAX_EXTENDS`` extends is refused as too long; both name the tables (``seen``: the chain so far, each a
    file's full path or a built-in game's name).
    """
    data = _with_rankings_path(reader, folder)
    parent = data.get("extends", "")
    if not seen:
        seen = (os.path.abspath(folder / reader.source) if folder is not None else Path(reader.source).stem,)
    if not parent:
        for key, does in (("unset", "removes keys from it"), ("change_streets", "changes its streets")):
            if key in data:
                raise reader.fail(key, f"only a table that extends another {does}")
        return data
    if not isinstance(parent, str):
        raise reader.fail("extends", f"expected a string, got {describe(parent)}")
    path = _parent_path(reader, parent, folder)
    where = str(path) if path is not None else parent
    chain = " -> ".join(Path(name).name for name in seen[seen.index(where) if where in seen else 0:] + (where,))
    if where in seen:
        raise reader.fail("extends", f"{quote(parent)} extends itself through {chain}")
    if len(seen) > MAX_EXTENDS:
        raise reader.fail("extends", f"a chain of {len(seen)} extends ({chain}) is longer than the {MAX_EXTENDS} "
                                     f"allowed; it has no cycle")
    parent_reader = _file_reader(reader, path) if path is not None else _builtin_reader(reader, parent)
    base = resolve(parent_reader, path.parent if path is not None else None, seen + (where,))
    base = _without(reader, base, parent)
    merged = merge_tables(base, data)     # the nearest table's keys win, its own ``extends`` included
    if "change_streets" in data:          # applied here, once: the resolved table lists its streets whole
        merged["streets"] = _changed_streets(reader, merged.get("streets"), data["change_streets"])
        del merged["change_streets"]
    return merged


def _with_rankings_path(reader: TableReader, folder: Path | None) -> dict[str, Any]:
    """Return a table's own data with its ``rankings`` file named by its full path, found beside the table."""
    data = reader.data
    value = data.get("rankings")
    if value is None or value == "":
        return data
    if not isinstance(value, str):
        raise reader.fail("rankings", f"expected the path of a rankings table, got {describe(value)}")
    if folder is None:                    # a built-in game, read by its name
        raise reader.fail("rankings", "a built-in game plays the shipped rankings")
    return dict(data, rankings=os.path.abspath((folder or Path(".")) / value))


def _changed_streets(reader: TableReader, streets: Any, changes: Any) -> list[dict[str, Any]]:
    """Return the streets with each ``[[change_streets]]`` laid over the streets its ``at`` names.

    >>> reader = TableReader("house.toml", {})
    >>> _changed_streets(reader, [{"kind": "deal"}, {"kind": "bet", "opener": "a"}], [{"at": "bet", "opener": "b"}])
    [{'kind': 'deal'}, {'kind': 'bet', 'opener': 'b'}]
    >>> _changed_streets(reader, [{"kind": "deal"}], [{"at": 3, "burn": 1}])
    Traceback (most recent call last):
    lowball.errors.RulesError: house.toml: change_streets[0].at: no street 3: the streets are 0 to 0
    """
    if not isinstance(streets, list) or not all(isinstance(street, dict) for street in streets):
        raise reader.fail("change_streets", "the table it extends has no streets to change")
    if not isinstance(changes, list) or not all(isinstance(change, dict) for change in changes):
        raise reader.fail("change_streets", f"expected an array of tables ([[change_streets]]), got "
                                            f"{describe(changes)}")
    streets = copy.deepcopy(streets)
    kinds = [kind.value for kind in StreetKind]
    for j, change in enumerate(changes):
        where = f"change_streets[{j}]"
        at = change.get("at")
        if type(at) is int:
            if not 0 <= at < len(streets):
                raise reader.fail(f"{where}.at", f"no street {at}: the streets are 0 to {len(streets) - 1}")
            chosen = [at]
        elif isinstance(at, str) and at in kinds:
            chosen = [i for i, street in enumerate(streets) if street.get("kind") == at]
            if not chosen:
                raise reader.fail(f"{where}.at", f"the table has no {at} street")
        else:
            raise reader.fail(f"{where}.at", f"expected a street's place (0 to {len(streets) - 1}) or a kind "
                                             f"({', '.join(kinds)}), got {describe(at)}")
        keys = {key: value for key, value in change.items() if key != "at"}
        if not keys:
            raise reader.fail(where, "names a street but changes nothing")
        if "kind" in keys:
            raise reader.fail(f"{where}.kind", "a street's kind is not changed: list the streets whole instead")
        for i in chosen:
            kind = streets[i].get("kind")
            allowed = {key.path for key in STREET_COMMON + STREET_KEYS.get(kind, ())}
            for key in keys:
                if key not in allowed:
                    raise reader.fail(f"{where}.{key}", f"not a key of a {kind} street (streets[{i}]; expected one "
                                                         f"of: {', '.join(sorted(allowed - {'kind'}))})")
            streets[i].update(copy.deepcopy(keys))
    return streets


def _without(reader: TableReader, base: dict[str, Any], parent: str) -> dict[str, Any]:
    """Return the parent's resolved data less the keys this table's ``unset`` names (each must be there)."""
    base = copy.deepcopy(base)
    base.pop("unset", None)              # a parent's own removals are done: they are not inherited
    paths = reader.data.get("unset", [])
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        raise reader.fail("unset", f"expected a list of dotted keys, got {describe(paths)}")
    for path in paths:
        *parents, last = path.split(".")
        node = base
        for part in parents:
            node = node.get(part) if isinstance(node, dict) else None
        if not isinstance(node, dict) or last not in node:
            raise reader.fail("unset", f"{quote(path)} is not a key of {quote(parent)}")
        del node[last]
    return base


def _parent_path(reader: TableReader, parent: str, folder: Path | None) -> Path | None:
    """Return the file a table extends, beside the table itself (None: a built-in game)."""
    if not parent.endswith(".toml"):
        return None
    if folder is None:
        raise reader.fail("extends", f"a built-in table can only extend built-in games, not {quote(parent)}")
    return Path(os.path.abspath(folder / parent))


def _file_reader(reader: TableReader, path: Path) -> TableReader:
    """Read the file a table extends; a file that cannot be read is the fault of the key that names it."""
    try:
        return read_toml(path)
    except RulesError as err:
        raise reader.fail("extends", str(err)) from None


def _builtin_reader(reader: TableReader, parent: str) -> TableReader:
    paths = builtin_paths()
    if parent not in paths:
        raise reader.fail("extends", f"no built-in game {quote(parent)} (known: {', '.join(paths)})")
    return read_toml(paths[parent])


class _Reader:
    """Reads the keys of ``GAME_KEYS`` from resolved data, with their defaults and choices."""

    def __init__(self, reader: TableReader):
        self.r = reader
        known = {key.path.split(".")[0] for key in GAME_KEYS}
        reader.only_keys("", known)
        sections = dict.fromkeys(key.path.split(".")[0] for key in GAME_KEYS if "." in key.path)
        for section in sections:
            if reader.has(section):
                reader.only_keys(section, {k.path.split(".")[1] for k in GAME_KEYS if k.path.startswith(section + ".")})

    def get(self, path: str) -> Any:
        key = next(k for k in GAME_KEYS if k.path == path)
        return self.read(key, path)

    def fields(self, checked: dict[str, Any]) -> dict[str, Any]:
        """Return every field a key of ``GAME_KEYS`` fills: the ``checked`` values (read and checked by the loader's
        own code, by field name), and each other key read as its kind says, in the format's order."""
        return {key.field_name: checked[key.field_name] if key.field_name in checked else self.get(key.path)
                for key in GAME_KEYS if key.field_name is not None}

    def read(self, key: Key, path: str) -> Any:
        r = self.r
        default = key.default
        if key.kind == "text":
            return r.text(path, default=default)
        if key.kind == "choice":
            if default == "" and not r.has(path):
                return None
            value = r.text(path, key.choices, default=default)
            return value if key.enum is None else key.enum(value)
        if key.kind == "count":
            return r.count(path, 0, MAX_CHIPS, default=default)
        if key.kind == "flag":
            return r.value(path, bool, default)
        if key.kind == "counts":
            return r.counts(path, 1, default=default, most=MAX_CHIPS)
        if key.kind == "seat-chips":
            return r.counts(path, 0, default=default, most=MAX_CHIPS)
        raise AssertionError(key.kind)


def parse_game_table(reader: TableReader, rankings_data: dict[str, Any] | None = None) -> GameTable:
    """Validate a resolved game table into ``GameTable``; refuse what the engine cannot run.

    ``rankings_data`` is the raw rankings table whose systems and qualifiers the ``ranking`` key may name
    (the shipped one by default).
    """
    g = _Reader(reader)
    r = reader
    _check_unset(r)
    house = r.data.get("rankings", "")
    if house and rankings_data is None:         # a house rankings file: its systems play too, once checked
        try:
            register_house_systems(load_rankings(house), house)
        except RulesError as err:
            raise r.fail("rankings", str(err)) from None
    systems, qualifiers, joker_systems, low, sizes = _ranking_names(rankings_data)
    sides = _read_sides(r, systems, qualifiers)
    structure = g.get("structure")
    players_min = r.count("players.min", 2, MAX_PLAYERS)
    players_max = r.count("players.max", 2, MAX_PLAYERS)
    if players_max < players_min:
        raise r.fail("players.max", f"{players_max} is less than players.min {players_min}")

    deck = r.count("deck.cards", 1)
    joker = g.get("deck.joker")
    if deck not in (DECK_CARDS, JOKER_DECK_CARDS):
        raise r.fail("deck.cards", f"the deck has {DECK_CARDS} cards, or {JOKER_DECK_CARDS} with the joker (T1, F8); "
                                   f"got {deck}")
    if (deck == JOKER_DECK_CARDS) != (joker is not None):
        raise r.fail("deck.joker", f"a {JOKER_DECK_CARDS}-card deck needs deck.joker (F8), and only a "
                                   f"{JOKER_DECK_CARDS}-card deck has a joker")
    if joker is not None and any(side.system not in joker_systems for side in sides):
        raise r.fail("deck.joker", f"the joker plays only in a system whose row takes it ({', '.join(joker_systems)}; "
                                   f"F2, F8)")

    posts = g.get("forced.posts")
    if len(posts) > 3:
        raise r.fail("forced.posts", f"at most three players post: the dealer and two on his left (F4); got {len(posts)}")
    blinds = g.get("forced.blinds")
    _check_blinds(r, blinds)
    ante, ante_by, seat_antes = g.get("forced.ante"), g.get("forced.ante_by"), g.get("forced.seat_antes")
    _check_antes(r, ante, ante_by, seat_antes, blinds, g.get("forced.ante_trimming"))
    if r.has("forced.posting_order") and not blinds:
        raise r.fail("forced.posting_order", "only a player who posts a blind can be short of a blind and an ante "
                                             "(V4): this table has no blinds")
    if blinds and posts:
        raise r.fail("forced.posts", "a table has blinds (K3) or California posts (F4), not both")
    seat_posts = g.get("forced.seat_posts")
    _check_seat_posts(r, seat_posts, blinds, seat_antes)
    _check_seats_listed(r, seat_antes, seat_posts, players_min, players_max)
    bring_in = g.get("forced.bring_in")
    bring_in_by = g.get("forced.bring_in_by")
    if bool(bring_in) != (bring_in_by is not None):
        raise r.fail("forced.bring_in_by", "a bring-in needs forced.bring_in_by, and bring_in_by needs a bring-in")

    small_bet = _size(r, "small_bet", posts=posts)
    big_bet = _size(r, "big_bet", small=small_bet) if r.has("big_bet") else _default("big_bet")
    raises = _raises(r, structure)
    short_all_in = g.get("short_all_in")
    if short_all_in is ShortAllIn.HALF_BET_REOPENS and structure is not Structure.FIXED_LIMIT:
        raise r.fail("short_all_in", "the half-bet rule is a fixed-limit rule (G3); in pot-limit and no-limit "
                                     "short all-ins add up (G4)")
    if short_all_in is ShortAllIn.ALL_INS_ADD_UP and structure is Structure.FIXED_LIMIT:
        raise r.fail("short_all_in", "all-ins-add-up is the no-limit rule (G4); fixed limit uses half-bet-reopens "
                                     "(G3) or full-raise-only (P2)")

    streets = _read_streets(r, structure, bring_in)
    # The keys read above by their own rules; every other field is its key read as its kind says (``_Reader.read``).
    checked = dict(sides=sides, small_bet=small_bet, big_bet=big_bet, raises_per_round=raises,
                   players_min=players_min, players_max=players_max, deck_cards=deck, streets=streets,
                   phh_stakes_vary=g.get("phh_stakes") == "from-history")
    table = GameTable(source=r.source, **g.fields(checked), clauses=_clauses(g), data=reader.data)
    _check_whole(r, table, low, sizes)
    _check_settings(r, table)
    return table


def _check_unset(r: TableReader) -> None:
    """Refuse an ``unset`` that is not a list of dotted keys, or names a key the resolved table still holds."""
    paths = r.value("unset", list, default=[])
    for path in paths:
        if not isinstance(path, str):
            raise r.fail("unset", f"expected a list of dotted keys, got {describe(path)} in it")
        if r.has(path):
            raise r.fail("unset", f"{quote(path)} is removed from the table it extends and set again here")


def _check_settings(r: TableReader, t: GameTable) -> None:
    """Refuse a setting given where it can mean nothing (N7, N8): each key is honoured or refused."""
    if r.has("pot_rounding") and t.structure is not Structure.POT_LIMIT:
        raise r.fail("pot_rounding", f"only pot-limit sizes a bet by the pot (G5, N7); this table is {t.structure}")
    if t.pot_rounding == 1:
        raise r.fail("pot_rounding", "a unit of 1 chip rounds nothing (N7): 0 for no rounding, or 2 or more")
    if r.has("forced.bring_in_may_bet") and not t.bring_in:
        raise r.fail("forced.bring_in_may_bet", "there is no bring-in (L4, N7)")
    if t.community_card_on_boards and t.runs_out not in (RunsOut.COMMUNITY_CARD, RunsOut.COMMUNITY_CARD_REUSE_FOLDED):
        raise r.fail("deck.community_card_on_boards", "this table never deals a community card (L8, N8)")


def _default(path: str) -> Any:
    """Return the default of a key of the format (what a table that leaves it out gets)."""
    return next(key.default for key in GAME_KEYS if key.path == path)


def _clauses(g: "_Reader") -> dict[str, str]:
    """Return the clause cited for each aspect; an aspect left out cites its fallback's (CLAUSE_FALLBACK)."""
    clauses = {aspect: g.get(f"clauses.{aspect}") for aspect in CLAUSE_ASPECTS}
    for aspect, fallback in CLAUSE_FALLBACK.items():
        if not clauses[aspect] and fallback:
            clauses[aspect] = clauses[fallback]
    return clauses


def _ranking_names(rankings_data: dict[str, Any] | None
                   ) -> tuple[set[str], dict[str, str], list[str], set[str], dict[str, int]]:
    """Return the system names, the qualifiers (name -> system), the systems with a joker a game may use, the
    systems where the lower hand wins, and the hand size of each system (five; badugi's four, U1)."""
    if rankings_data is None:
        rankings = load_rankings()
        rows = known_systems()
        return ({row.key for row in rows}, {q.key: q.system for q in rankings.qualifiers},
                [row.key for row in rows if row.joker is not None], {row.key for row in rows if row.better == "lower"},
                {row.key: row.hand_size for row in rows})
    try:                                  # each system written out; a broken extends is the rankings file's
        rankings_data = resolve_systems(TableReader("rankings", rankings_data)).data   # to report, when it is read
    except RulesError:
        pass
    systems = rankings_data.get("systems") if isinstance(rankings_data.get("systems"), dict) else {}
    quals = rankings_data.get("qualifiers") if isinstance(rankings_data.get("qualifiers"), dict) else {}
    jokers = [k for k, v in systems.items() if isinstance(v, dict) and v.get("joker")]
    low = {k for k, v in systems.items() if isinstance(v, dict) and v.get("better") == "lower"}
    sizes = {k: v.get("hand_size", HAND_SIZE) for k, v in systems.items()
             if isinstance(v, dict) and isinstance(v.get("hand_size", HAND_SIZE), int)}
    return set(systems), {k: v.get("system", "") for k, v in quals.items() if isinstance(v, dict)}, jokers, low, sizes


def _read_sides(r: TableReader, systems: set[str], qualifiers: dict[str, str]) -> tuple[Side, ...]:
    """Read ``ranking``: one system for the whole pot, or a split into the two halves of ``SPLITS``, each under any
    system, the second with an optional qualifier (S1, L1, L2, Z2)."""
    value = r.value("ranking", (str, dict))
    if isinstance(value, str):
        if value not in systems:
            raise r.fail("ranking", f"unknown ranking system {quote(value)} (known: {', '.join(sorted(systems))})")
        return (Side(half="whole", system=value),)
    named = set(value) - {"qualifier"}
    overlap = {pair: len(named & set(pair)) for pair in SPLITS}
    best = max(overlap.values())
    pair = next(pair for pair, n in overlap.items() if n == best)
    if not best or list(overlap.values()).count(best) > 1:
        halves = " or ".join(f"{a} and {b} ({clause})" for (a, b), clause in SPLITS.items())
        raise r.fail("ranking", f"a split pot names its two halves, {halves}; got {', '.join(sorted(named))}")
    r.only_keys("ranking", {*pair, "qualifier"})
    sides = []
    for half in pair:
        system = r.text(f"ranking.{half}")
        if system not in systems:
            raise r.fail(f"ranking.{half}", f"unknown ranking system {quote(system)}")
        sides.append(system)
    qualifier = r.text("ranking.qualifier", default="")
    if qualifier and qualifiers.get(qualifier) != sides[1]:
        known = ", ".join(k for k, s in qualifiers.items() if s == sides[1]) or "none"
        raise r.fail("ranking.qualifier", f"{quote(qualifier)} is not a qualifier of {sides[1]} (known: {known})")
    return (Side(half=pair[0], system=sides[0]), Side(half=pair[1], system=sides[1], qualifier=qualifier))


def _check_blinds(r: TableReader, blinds: tuple[int, ...]) -> None:
    """Refuse blinds that are not [small, big, straddles...], each at least the one before (K3, V11)."""
    if not blinds:
        return
    if len(blinds) < 2:
        raise r.fail("forced.blinds", f"expected [small, big] and any straddles (K3), got {len(blinds)} blind")
    if len(blinds) > MAX_PLAYERS:
        raise r.fail("forced.blinds", f"{len(blinds)} blinds and straddles; a table seats at most {MAX_PLAYERS}")
    if blinds[0] > blinds[1]:
        raise r.fail("forced.blinds", f"the small blind {blinds[0]} is more than the big blind {blinds[1]} (K3)")
    for i in range(2, len(blinds)):
        if blinds[i] < blinds[i - 1]:
            raise r.fail(f"forced.blinds[{i}]", f"a straddle of {blinds[i]} is less than the {blinds[i - 1]} posted "
                                                f"before it")


def _check_antes(r: TableReader, ante: int, ante_by: AnteBy, seat_antes: tuple[int, ...], blinds: tuple[int, ...],
                 trimming: bool) -> None:
    """Refuse an ante structure that says nothing or contradicts itself (V1, V5, V9, V11)."""
    if ante_by is AnteBy.BY_SEAT:
        if ante:
            raise r.fail("forced.ante", "with ante_by = \"by-seat\" each seat's ante is in forced.seat_antes")
        if not any(seat_antes):
            raise r.fail("forced.seat_antes", "ante_by = \"by-seat\" needs each seat's ante, one of them at least 1")
        if len(seat_antes) > MAX_PLAYERS:
            raise r.fail("forced.seat_antes", f"{len(seat_antes)} seats; a table seats at most {MAX_PLAYERS}")
    elif seat_antes:
        raise r.fail("forced.seat_antes", "seat antes need ante_by = \"by-seat\"")
    elif ante_by is not AnteBy.EVERY_PLAYER and not ante:
        raise r.fail("forced.ante_by", f"{quote(ante_by.value)} names who antes, but forced.ante is 0")
    if ante_by is AnteBy.BIG_BLIND and not blinds:
        raise r.fail("forced.ante_by", "the big-blind ante needs blinds (V1)")
    uneven = ante_by in (AnteBy.BIG_BLIND, AnteBy.BUTTON) or len(set(seat_antes)) > 1
    if trimming and uneven:
        raise r.fail("forced.ante_trimming", "ante trimming is for antes every player posts alike; PHH keeps it off "
                                             "for uneven antes, so that everyone may win them (V5, V9)")


def _check_seat_posts(r: TableReader, seat_posts: tuple[int, ...], blinds: tuple[int, ...],
                      seat_antes: tuple[int, ...]) -> None:
    """Refuse posts of joining players that say nothing or could not be posted (O4): each is a live big blind at
    most, from a seat that posts no blind or straddle, at a table of blinds; with seat antes, one list per seat."""
    if not seat_posts:
        return
    key = "forced.seat_posts"
    if not any(seat_posts):
        raise r.fail(key, "the posts of joining players, seat by seat: one of them at least 1 (O4)")
    if not blinds:
        raise r.fail(key, "a joining player posts a big blind out of turn (O4): the table needs blinds (K3)")
    if len(seat_posts) > MAX_PLAYERS:
        raise r.fail(key, f"{len(seat_posts)} seats; a table seats at most {MAX_PLAYERS}")
    if seat_antes and len(seat_antes) != len(seat_posts):
        raise r.fail(key, f"{len(seat_posts)} seats, and forced.seat_antes {len(seat_antes)}: a hand seats one "
                          f"number of players")
    n = len(seat_posts)
    blind_seats = set(range(min(len(blinds), n)))      # K3: the blinds and straddles, from the dealer's left
    for seat, amount in enumerate(seat_posts):
        if amount and seat in blind_seats:
            raise r.fail(f"{key}[{seat}]", f"seat {seat + 1} posts a blind or straddle already (K3); a joining "
                                           f"player's post is made from another seat (O4)")
        if amount > blinds[1]:
            raise r.fail(f"{key}[{seat}]", f"a post of {amount} is more than the big blind {blinds[1]}: the live "
                                           f"part of a joining player's post is the big blind (O4)")


def _check_seats_listed(r: TableReader, seat_antes: tuple[int, ...], seat_posts: tuple[int, ...], players_min: int,
                        players_max: int) -> None:
    """Refuse forced bets listed seat by seat for a number of players the table never seats (V11, O4): a hand then
    seats exactly that many, so a list of another length would make every hand refuse to start.

    >>> _check_seats_listed(TableReader("t.toml", {}), (1, 1, 1), (), 2, 5)
    >>> _check_seats_listed(TableReader("t.toml", {}), (1,) * 7, (), 2, 5)
    Traceback (most recent call last):
    lowball.errors.RulesError: t.toml: forced.seat_antes: 7 seats, but a hand seats 2 to 5 players (players.min, players.max): a hand here seats exactly one player for each seat listed (V11)
    """
    key, seats = ("forced.seat_antes", len(seat_antes)) if seat_antes else ("forced.seat_posts", len(seat_posts))
    if seats and not players_min <= seats <= players_max:
        raise r.fail(key, f"{seats} seats, but a hand seats {players_min} to {players_max} players (players.min, "
                          f"players.max): a hand here seats exactly one player for each seat listed "
                          f"({'V11' if seat_antes else DEPARTURES})")


def _size(r: TableReader, key: str, posts: tuple[int, ...] = (), small: int = 0) -> int:
    """Read a bet size: chips, or "total-posts" (F4: the posts set the limit) or "double" (F4: after the draw)."""
    value = r.value(key, (int, str))
    if isinstance(value, str):
        named = {"total-posts": sum(posts), "double": 2 * small}
        if value not in named or (value == "total-posts" and not posts) or (value == "double" and not small):
            allowed = '"total-posts" (with forced.posts)' if key == "small_bet" else '"double"'
            raise r.fail(key, f"expected a whole number of chips or {allowed}, got {quote(value)}")
        if named[value] > MAX_CHIPS:            # the limit holds for every amount, named or counted
            raise r.fail(key, f"{quote(value)} makes {named[value]}; a bet is at most {MAX_CHIPS}")
        return named[value]
    return r.count(key, 1, MAX_CHIPS)


def _raises(r: TableReader, structure: Structure) -> int | None:
    """Read ``raises_per_round``: a whole number in fixed limit, "unlimited" anywhere (T4, G1)."""
    value = r.value("raises_per_round", (int, str))
    if value == "unlimited":
        return None
    if isinstance(value, str):
        raise r.fail("raises_per_round", f"expected a whole number or 'unlimited', got {quote(value)}")
    if structure is not Structure.FIXED_LIMIT:
        raise r.fail("raises_per_round", f"{structure} betting has no raise cap (G4, G5): use 'unlimited'")
    return r.count("raises_per_round", 0, 100)


def _read_streets(r: TableReader, structure: Structure, bring_in: int) -> tuple[Street, ...]:
    items = r.value("streets", list)
    if not items:
        raise r.fail("streets", "a game needs at least one street")
    if len(items) > 64:
        raise r.fail("streets", f"{len(items)} streets; at most 64")
    streets = []
    for i, item in enumerate(items):
        at = f"streets[{i}]"
        if not isinstance(item, dict):
            raise r.fail(at, f"expected a table, got {describe(item)}")
        sub = TableReader(r.source, {at: item})
        kind = StreetKind(sub.text(f"{at}.kind", tuple(k.value for k in StreetKind)))
        keys = {k.path: k for k in STREET_COMMON + STREET_KEYS[kind.value]}
        sub.only_keys(at, set(keys))
        g = _Reader.__new__(_Reader)
        g.r = sub
        values = {path: g.read(key, f"{at}.{path}") for path, key in keys.items() if path not in ("kind", "size")}
        if kind is StreetKind.BET:
            values["size"] = sub.text(f"{at}.size", ("small", "big"))
        streets.append(Street(kind=kind, **values))
    if streets[0].kind is not StreetKind.DEAL or not streets[0].cards:
        raise r.fail("streets[0]", "the first street deals the cards (T6)")
    for i, street in enumerate(streets):
        at = f"streets[{i}]"
        if street.kind is StreetKind.DEAL and not street.cards:
            raise r.fail(at, "a deal street deals at least one card (down or up)")
        if street.kind is StreetKind.DRAW and street.min_discard > street.max_discard:
            raise r.fail(f"{at}.min_discard", f"{street.min_discard} is more than max_discard {street.max_discard}")
        if street.opener is Opener.BRING_IN and not bring_in:
            raise r.fail(f"{at}.opener", "the bring-in opens only where forced.bring_in is set (L4)")
    if streets[-1].kind is not StreetKind.BET:
        raise r.fail(f"streets[{len(streets) - 1}]", "the last street is a betting round before the showdown (S1)")
    return tuple(streets)


def _check_whole(r: TableReader, t: GameTable, low: set[str], sizes: dict[str, int]) -> None:
    """Refuse combinations the engine cannot play: checked after every key is read on its own."""
    held, shown = 0, False
    for i, street in enumerate(t.streets):
        at = f"streets[{i}]"
        if street.kind is StreetKind.DEAL:
            held += street.cards
            shown = shown or street.up > 0
        board_rule = street.opener in (Opener.BRING_IN, Opener.HIGHEST_BOARD, Opener.LOWEST_BOARD,
                                       Opener.LOWEST_BOARD_ACE_HIGH)
        if street.kind is StreetKind.BET and board_rule and not shown:
            raise r.fail(f"{at}.opener", f"{street.opener} needs cards dealt face up before this round (L4, L6)")
        if street.kind is StreetKind.BET and street.opener is Opener.BRING_IN and street is not t.bet_streets[0]:
            raise r.fail(f"{at}.opener", "the bring-in opens only the first betting round (L4)")
        if street.kind is StreetKind.DRAW and street.max_discard > held:
            raise r.fail(f"{at}.max_discard", f"{street.max_discard} is more than the {held} cards a player holds")
        if street.kind is StreetKind.BET and street.opener is Opener.FIRST_ROUND_OPENER and \
                street is t.bet_streets[0]:
            raise r.fail(f"{at}.opener", "the first betting round cannot be opened by its own opener (B2)")
        if street.kind is StreetKind.BET and street.opener is Opener.LEFT_OF_BIG_BLIND and not t.blinds:
            raise r.fail(f"{at}.opener", "left-of-big-blind needs blinds (K3)")
        if street.kind is StreetKind.BET and street.opener is Opener.LEFT_OF_LAST_POST and not t.posts:
            raise r.fail(f"{at}.opener", "left-of-last-post needs forced.posts (F4)")
        if street.kind is StreetKind.BET and street.open_pair is not OpenPair.OFF:
            _check_open_pair(r, t, street, at, shown)
    sized_big = any(s.size == "big" for s in t.bet_streets)
    if sized_big and not t.big_bet:
        raise r.fail("big_bet", "missing: a betting street is sized \"big\"")
    if t.big_bet and not sized_big:
        raise r.fail("big_bet", "no betting street is sized \"big\": remove the key")
    if t.cap_counts is CapCounts.ACTIONS and t.raises_per_round is None:
        raise r.fail("cap_counts", "raising is unlimited: there is no cap to count toward (G1, P1)")
    if r.has("clauses.heads_up") and r.text("clauses.heads_up") and t.raises_per_round is None:   # "": none
        raise r.fail("clauses.heads_up", "raising is unlimited: there is no cap to keep or lift heads-up")
    if bool(t.clauses["draw"]) != bool(t.draws):
        raise r.fail("clauses.draw", "a game with draws names the clause of its draw; a game without draws has none")
    if t.raises_per_round is None and t.heads_up_cap is not HeadsUpCap.KEPT:
        raise r.fail("heads_up_cap", "there is no cap to lift: raising is unlimited (G2)")
    if t.sevens_rule is not SevensRule.OFF and t.split:
        raise r.fail("showdown.sevens_rule", "the sevens rule is a rule of one-sided lowball (F7)")
    if (t.serve is not Serve.IN_TURN or t.wrong_count is not WrongCount.REFUSED) and not t.draws:
        raise r.fail("draw", "a game without draws serves no replacements")
    if t.split and t.sides[1].system == t.sides[0].system:
        raise r.fail(f"ranking.{t.sides[1].half}", "the two halves of a split pot need two different rankings (L1)")
    if t.split and t.sides[0].half == "five-card" and (sizes.get(t.sides[0].system, HAND_SIZE) != HAND_SIZE or
                                                        sizes.get(t.sides[1].system, HAND_SIZE) == HAND_SIZE):
        raise r.fail("ranking", "a five-card and a badugi half: the first a system of five cards, the second one "
                                "where the largest set of different ranks and suits plays (Z2, U1)")
    if t.nobody_opens is NobodyOpens.REDEAL and (not t.ante or t.ante_by is not AnteBy.EVERY_PLAYER):
        raise r.fail("forced.nobody_opens", "a redeal needs every player to ante again, so that the pot grows (K4)")
    if t.posts and (t.ante or t.seat_antes):
        raise r.fail("forced.ante", "California posts replace antes (F4)")
    if t.sevens_rule is not SevensRule.OFF and t.structure is not Structure.FIXED_LIMIT:
        raise r.fail("showdown.sevens_rule", "the sevens rule is a limit rule (F7)")
    if t.runs_out in COMMUNITY_RULES and t.draws:
        raise r.fail("deck.runs_out", "a community card is the stud rule (L8); a draw game reshuffles (K9)")
    _check_hand_size(r, t, sizes)
    _check_forced_bets(r, t, low)
    _check_cards(r, t)


def _check_open_pair(r: TableReader, t: GameTable, street: Street, at: str, shown: bool) -> None:
    """Refuse the open-pair option (Q4) where it can mean nothing: it lets a fixed-limit round of the small bet be
    bet at the big bet, once a pair shows face up, in a round after the bring-in's."""
    where = f"{at}.open_pair"
    if t.structure is not Structure.FIXED_LIMIT:
        raise r.fail(where, f"the open-pair option chooses between the two bets of fixed limit (Q4); this table is "
                            f"{t.structure}")
    if street.size != "small" or not t.big_bet:
        raise r.fail(where, "the open-pair option lets a round of the small bet be bet at the big bet: the round "
                            "is sized \"small\" and the table has a big_bet (Q4)")
    if not shown:
        raise r.fail(where, "an open pair needs cards dealt face up before this round (Q4, L3)")
    if street is t.bet_streets[0]:
        raise r.fail(where, "the first betting round is the bring-in's: the open pair is a later round's option "
                            "(Q4: fourth street)")


def _check_hand_size(r: TableReader, t: GameTable, sizes: dict[str, int]) -> None:
    """Refuse a hand the showdown cannot rank: more than seven cards (L3), fewer than the five a ranking reads (H2),
    a draw game not of five (D1, K2), or other than the hand of a ranking whose hand is its own (badugi: four, U1,
    U4)."""
    if t.hand_size > MOST_CARDS:
        raise r.fail("streets", f"a player is dealt {t.hand_size} cards; the best five are chosen from at most "
                                f"{MOST_CARDS} (L3)")
    for side in t.sides:
        size = sizes.get(side.system, HAND_SIZE)
        if size != HAND_SIZE:
            if t.hand_size != size and not (t.split and t.hand_size > size):    # Z2: the best badugi of the cards
                raise r.fail("streets", f"a player ends with {t.hand_size} cards; {side.system} ranks hands of "
                                        f"exactly {size} (U1)")
            continue
        if t.hand_size < HAND_SIZE:
            raise r.fail("streets", f"a player ends with {t.hand_size} cards; a hand is five (H2)")
        if t.draws and t.hand_size != HAND_SIZE:
            raise r.fail("streets", f"a player is dealt {t.hand_size} cards; a draw game deals each player "
                                    f"{HAND_SIZE} and replaces what is discarded (D1, K2, F9)")


def _check_forced_bets(r: TableReader, t: GameTable, low: set[str]) -> None:
    """Refuse forced bets the first betting round cannot play: a bring-in or a post already at the bet, a bring-in
    with blinds; and the sevens rule where there is no draw or no low (F7). (The blinds: ``_check_blinds``.)"""
    first = t.bet_sizes[0]
    # N5: in pot-limit the least bet is the bring-in itself, and nothing is completed; in limit it is less (L4).
    if t.bring_in and t.structure is not Structure.FIXED_LIMIT and t.bring_in > first:
        raise r.fail("forced.bring_in", f"{t.bring_in} is more than the first round's least bet of {first}: the "
                                        f"least bet is the bring-in (N5)")
    if t.bring_in and t.structure is Structure.FIXED_LIMIT and t.bring_in >= first:
        raise r.fail("forced.bring_in", f"{t.bring_in} is not less than the first round's bet of {first}: the "
                                        f"bring-in may complete to the bet, so it is less than the bet (L4, V10)")
    if t.bring_in and (t.blinds or t.posts):
        raise r.fail("forced.bring_in", "a bring-in opens the betting of stud, where nobody posts blinds (L4, V10)")
    if t.posts and max(t.posts) >= first:
        raise r.fail("forced.posts", f"a post of {max(t.posts)} is not less than the first round's bet of {first}: "
                                     f"the posts add up to the bet (F4)")
    if t.sevens_rule is not SevensRule.OFF and not t.draws:
        raise r.fail("showdown.sevens_rule", "the sevens rule is about a seven checked after the draw; this game "
                                             "has no draw (F7)")
    if t.sevens_rule is not SevensRule.OFF and t.ranking not in low:
        raise r.fail("showdown.sevens_rule", f"the sevens rule is about a seven-low; {t.ranking} ranks the higher "
                                             f"hand better (F7)")
    if t.sevens_top and (not t.draws or t.ranking not in low):
        raise r.fail("showdown.sevens_top", "the sevens rule is about a low checked after the draw; this game has "
                                            "no draw or no low: remove the key (F7)")
    # The lowest low of five different ranks is topped by its fifth rank (the ace counting one); the highest below
    # the ace by a king.
    if t.sevens_rule is not SevensRule.OFF and not HAND_SIZE <= t.sevens_top <= RANK_OF["K"]:
        raise r.fail("showdown.sevens_top", f"the sevens rule needs the top card of its low, {HAND_SIZE} (a five) "
                                            f"to {RANK_OF['K']} (a king); got {t.sevens_top or 'none'} (F7)")


def _check_cards(r: TableReader, t: GameTable) -> None:
    """Refuse a table whose stub can fail a street for some player count, even by its rule for a short stub."""
    for players in range(t.players_min, t.players_max + 1):
        failed = shortfall(t, players) or _short_draw_burn(t, players)
        if failed is None:
            continue
        index, key, problem = failed
        at = f"streets[{index}]" + (f".{key}" if key else "")
        if key == "burn":
            raise r.fail(at, f"with {players} players {problem} (D1, K8, L3)")
        rule = (f'deck.runs_out = "{t.runs_out}"' if t.runs_out is RunsOut.NEVER
                else f'even after the reshuffle of deck.runs_out = "{t.runs_out}"')
        raise r.fail(at, f"with {players} players {problem}, {rule} (T1, D1, L8): seat fewer players or choose "
                         f"another rule for a short stub")


def _short_draw_burn(t: GameTable, players: int) -> tuple[int, str, str] | None:
    """Return the first draw whose burn the stub cannot give with ``players`` players at a table that never
    reshuffles (D1, K8), as ``shortfall`` says it of a deal's burn; None where every burn is served.

    Nothing leaves the stub between a draw's start and its burn, so the burn meets the stub the worst case leaves
    there: ``shortfall``'s own walk up to that street, then a street that only burns. The engine would burn what is
    left and play on (``Stub.burn``), honouring less than the table says; a table that reshuffles (K9, P3) serves
    the draw after a reshuffle instead, so only a table whose stub never comes back is checked.

    >>> from lowball.core.games import table_from_text
    >>> house = 'extends = "teaching-table"\\nname = "burns"\\n[[change_streets]]\\nat = "draw"\\nburn = {}\\n'
    >>> _short_draw_burn(table_from_text(house.format(20)), 5) is None
    True
    >>> table_from_text(house.format(40))
    Traceback (most recent call last):
    lowball.errors.RulesError: table.toml: streets[2].burn: with 3 players this street burns 40 cards and the stub holds 37 (D1, K8, L3)
    """
    if t.runs_out is not RunsOut.NEVER:
        return None
    for index, street in enumerate(t.streets):
        if street.kind is StreetKind.DRAW and street.burn:
            burn_only = Street(kind=StreetKind.DEAL, clause=street.clause, burn=street.burn)
            failed = shortfall(dataclasses.replace(t, streets=t.streets[:index] + (burn_only,)), players)
            if failed is not None:
                return failed
    return None


def read_game_data(source: Path | str | None) -> tuple[TableReader, Path | None]:
    """Return the raw reader of a game given by built-in name, path, or None (the teaching table)."""
    if source is None:
        source = DEFAULT_GAME
    paths = builtin_paths()
    if isinstance(source, str) and source in paths:
        return read_toml(paths[source]), None
    path = Path(source)
    # ``exists`` answers a name the system refuses (over 255 characters) with False, not OSError.
    if isinstance(source, str) and not source.endswith(".toml") and not exists(source):
        raise RulesError(f"no game {quote(source)}: not a built-in game (see `lowball games`) and no such file")
    return read_toml(path), path.parent


# What an argument that takes a game table takes (None: the teaching table, or the call's own default).
TABLE = optional(instance_of(GameTable, "a game table (load_game_table)"))
# ``--set`` overrides as Python takes them: dotted keys to TOML text, e.g. {"players.max": "6"}.
OVERRIDES = optional(mapping_of(TEXT, TEXT, "a dict from dotted keys to TOML text, e.g. {'players.max': '6'}"))


@takes(game=optional(NAME_OR_PATH), overrides=OVERRIDES, rankings_data=optional(instance_of(dict, "a dict")))
def load_game_table(game: Path | str | None = None, overrides: dict[str, str] | None = None,
                    rankings_data: dict[str, Any] | None = None) -> GameTable:
    """Load a game table by built-in name or path (the teaching table when None), with ``--set`` overrides.

    >>> load_game_table().min_stack
    13
    >>> load_game_table(overrides={"raises_per_round": "4"}).bets_per_round
    5
    >>> load_game_table(overrides={"players.max": "six"})
    Traceback (most recent call last):
    lowball.errors.RulesError: teaching-table.toml: players.max: expected an integer, got 'six'
    """
    if overrides is None and rankings_data is None:
        return _cached(game if game is None or isinstance(game, str) else os.fspath(game))
    reader, folder = read_game_data(game)
    data = resolve(reader, folder)
    if overrides:
        data = apply_overrides(data, overrides, reader.source)
        if any(key == "extends" or key.startswith("extends.") for key in overrides):
            raise RulesError(f"{reader.source}: extends: cannot be changed with --set; write a table that extends it")
    table = parse_game_table(TableReader(reader.source, data), rankings_data)
    table = _with_path(table, game, folder)
    if folder is not None and _shipped(folder):
        return table                     # a room's table keeps its game's code (``_cached`` says why)
    # A code the file names is true of the file's rules; ``--set`` changes them, so only a code it sets is its own.
    own = "variant" in overrides if overrides else "variant" in reader.data
    return _with_code(table, own)


@functools.lru_cache(maxsize=64)
def _cached(game: str | None) -> GameTable:
    reader, folder = read_game_data(game)
    table = _with_path(parse_game_table(TableReader(reader.source, resolve(reader, folder))), game, folder)
    # A built-in game read by its name is the game of its code; a file of the package (a room's table, O4) keeps
    # the code of the game it extends, and names itself in its histories (``phh.history.room_table``).
    return table if folder is None or _shipped(folder) else _with_code(table, "variant" in reader.data)


def _with_path(table: GameTable, game: Path | str | None, folder: Path | None) -> GameTable:
    """Return the table with the path of its file, when it was loaded from a file of its own (a house table)."""
    return dataclasses.replace(table, path=str(game)) if folder is not None else table


def _shipped(folder: Path) -> bool:
    """Return whether a table's folder is in the package's rules (a built-in game's, or an online room's)."""
    return Path(os.path.abspath(folder)).is_relative_to(os.path.abspath(RULES_DIR))


# ---- a table's PHH code ----

# The keys that name a table rather than say its rules: tables that differ only in these play the same game.
NAMING_KEYS = ("name", "en", "ru", "variant", "extends", "unset")
# The keys of a table's stakes, which a hand history chooses where the table lets it (``phh_stakes =
# "from-history"``): a hand at other stakes is a hand of the same game.
STAKES_KEYS = ("forced", "small_bet", "big_bet")
# How many hexadecimal digits of the SHA-256 of its rules a house table's own code ends with (``-H`` and these).
CODE_DIGITS = 8
HOUSE_SUFFIX = re.compile(rf"-H[0-9A-F]{{{CODE_DIGITS}}}$")


def rules_of(table: GameTable) -> dict[str, Any]:
    """Return what a table's data says of its game: all but the keys that name it, its stakes where a history
    chooses them, and the keys it sets to their defaults (``cap_counts = "bets"`` says what leaving it out says).

    A house rankings file (``rankings``) counts by what it says, not by where it lies.

    >>> sorted(rules_of(load_game_table()))[:4]
    ['big_bet', 'check_raise', 'clauses', 'deck']
    >>> rules_of(load_game_table(overrides={"cap_counts": '"bets"'})) == rules_of(load_game_table())
    True
    """
    left_out = NAMING_KEYS + (STAKES_KEYS if table.phh_stakes_vary else ())
    rules = copy.deepcopy({key: value for key, value in table.data.items() if key not in left_out})
    for key in GAME_KEYS:
        *parents, last = key.path.split(".")
        node = rules
        for part in parents:
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, dict) and _is_default(key, node.get(last, ...)):
            del node[last]
    for street in rules.get("streets", []) if isinstance(rules.get("streets"), list) else []:
        for key in STREET_COMMON + STREET_KEYS.get(street.get("kind"), ()) if isinstance(street, dict) else ():
            if _is_default(key, street.get(key.path, ...)):
                del street[key.path]
    for section in [name for name, value in rules.items() if value == {}]:
        del rules[section]                # a section that held only defaults
    if isinstance(rules.get("rankings"), str):
        try:
            rules["rankings"] = hashlib.sha256(Path(rules["rankings"]).read_bytes()).hexdigest()
        except OSError:                   # gone since it was loaded: its name is all that is left to tell
            rules["rankings"] = Path(rules["rankings"]).name
    return rules


def _is_default(key: Key, value: Any) -> bool:
    """Return whether a table's ``value`` of ``key`` is the key's default (a list as the default's tuple)."""
    if key.required or value is ...:
        return False
    return value == (list(key.default) if isinstance(key.default, tuple) else key.default)


def house_code(table: GameTable) -> str:
    """Return the PHH code of a house table that plays other rules than the built-in game of its code: that code,
    ``-H``, and the first digits of the SHA-256 of its rules (``rules_of``), so the same rules get the same code on
    any machine.

    >>> house_code(load_game_table(overrides={"raises_per_round": "4"}))
    'FA6L1D-HCD7F3627'
    """
    text = json.dumps(rules_of(table), sort_keys=True, ensure_ascii=False, default=str)
    return f"{game_code(table.variant)}-H{hashlib.sha256(text.encode()).hexdigest()[:CODE_DIGITS].upper()}"


def game_code(code: str) -> str:
    """Return the code of the built-in game a house table's own code (``house_code``) was made from; any other code
    as it is.

    >>> game_code("FA6L1D-HCD7F3627"), game_code("F2L3D-CR")
    ('FA6L1D', 'F2L3D-CR')
    """
    return HOUSE_SUFFIX.sub("", code)


def _with_code(table: GameTable, own: bool) -> GameTable:
    """Return a table that carries the code of a built-in game whose rules it changes with a code of its own
    (``house_code``): a history's code then never claims a game it was not played at. A code the table's own file
    names so is refused instead: the file says something untrue.

    >>> table_from_text('extends = "teaching-table"\\nname = "club"\\nraises_per_round = 4\\n').variant
    'FA6L1D-HCD7F3627'
    >>> table_from_text('extends = "teaching-table"\\nname = "club"\\nvariant = "FA6L1D"\\nraises_per_round = 4\\n')
    Traceback (most recent call last):
    lowball.errors.RulesError: table.toml: variant: 'FA6L1D' is the code of the built-in game teaching-table, whose rules this table changes: leave the key out (the table then gets a code of its own) or name another code
    """
    builtin = {game.variant: game for game in builtin_games()}.get(table.variant)
    if builtin is None or rules_of(table) == rules_of(builtin):
        return table
    if own:
        raise RulesError(f"{table.source}: variant: {quote(table.variant)} is the code of the built-in game "
                         f"{builtin.name}, whose rules this table changes: leave the key out (the table then gets a "
                         f"code of its own) or name another code")
    return dataclasses.replace(table, variant=house_code(table))


def with_stakes(table: GameTable, stakes: dict[str, Any]) -> GameTable:
    """Return ``table`` played at other stakes (dotted keys such as ``forced.ante``), checked like any table."""
    data = copy.deepcopy(table.data)
    for key, value in stakes.items():
        current = getattr(table, key.split(".")[-1], None)
        if value == current or isinstance(value, list) and tuple(value) == current:
            continue                          # the table's own stakes (a big bet of 0 where no street is "big")
        named = data.get(key)                 # a dotted key names no top-level entry: None
        if isinstance(named, str) and value != getattr(table, key):      # F4: "total-posts", "double"
            raise RulesError(f"{table.source}: {key}: {value} contradicts the table, whose {key} is {named} "
                             f"({getattr(table, key)}; {table.clauses['size']})")
        node = data
        *parents, last = key.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value
    # The code stays the table's: it names the game, and a history chooses these stakes (phh_stakes).
    return dataclasses.replace(parse_game_table(TableReader(table.source, data)), path=table.path,
                               variant=table.variant)


def builtin_games() -> list[GameTable]:
    """Return every built-in game, in file-name order."""
    return [load_game_table(name) for name in builtin_paths()]


@takes(text=TEXT, source=LABEL)
def table_from_text(text: str, source: str = "table.toml") -> GameTable:
    """Return the game table written in ``text`` (for tests and notebooks: a house rule inline)."""
    reader = TableReader(source, parse_toml(text, source))
    return _with_code(parse_game_table(TableReader(source, resolve(reader, None))), "variant" in reader.data)


__all__ = ["GAME_KEYS", "GameTable", "MAX_DEPTH", "Side", "Street", "builtin_games", "builtin_paths",
           "load_game_table", "parse_game_table", "table_from_text"]
