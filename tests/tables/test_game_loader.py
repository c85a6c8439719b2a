"""The game loader: what a table may leave out (and what it then gets), and every malformed table it refuses.

The format (docs/reference/table-format.md) promises a default for each key a table may leave out, and a refusal
in one line, naming the key, for anything the engine cannot play. A house-rules file is the first thing a user
writes by hand, so each refusal is tried here on a small table of only the required keys.
"""

from __future__ import annotations

import copy
import tomllib

import pytest

from lowball.core.behaviours import (CapCounts, HeadsUpCap, NobodyOpens, Pots, Serve, SevensRule, ShortAllIn,
                                     WrongCount)
from lowball.core.games import (GAME_KEYS, GAMES_DIR, STREET_COMMON, STREET_KEYS, load_game_table, parse_game_table,
                                resolve, table_from_text, with_stakes)
from lowball.core.rankings import RULES_DIR
from lowball.core.reader import TableReader, read_toml
from lowball.errors import RulesError

# A five-card draw game with only the keys a table must give: no forced bets at all, a draw whose burn and
# fewest discards are left out, bet streets that do not say whether a player may check.
MINIMAL = """
name = "minimal"
en = "minimal draw"
ru = "минимальный обмен"
variant = "MIN"
ranking = "ace-to-five"
structure = "fixed-limit"
small_bet = 2
raises_per_round = 3
check_raise = true

[players]
min = 2
max = 6

[deck]
cards = 52
runs_out = "reshuffle-earlier"

[showdown]
odd_chip = "lowest-seat"

[clauses]
players = "T1"
forced = "T2"
deal = "T6"
turn = "B1"
size = "T3"
cap = "T4"
stack = "T5"
later_rounds = "B2"
ranking = "H1"
showdown = "S1"
split = "S2"
result = "S3"
button = "T7"
draw = "D1"

[[streets]]
kind = "deal"
down = 5
clause = "T6"

[[streets]]
kind = "bet"
size = "small"
opener = "dealer-left"
clause = "B1"

[[streets]]
kind = "draw"
max_discard = 5
clause = "D1"

[[streets]]
kind = "bet"
size = "small"
opener = "dealer-left"
clause = "B2"
"""


def minimal() -> dict:
    return tomllib.loads(MINIMAL)


def load(data: dict, source: str = "house.toml"):
    return parse_game_table(TableReader(source, data))


def test_a_table_of_only_the_required_keys_gets_the_documented_defaults():
    """The format's defaults: no big bet, no minimum stack, no ante, blinds, posts or bring-in; a cap counting the
    bets (G1) and kept heads-up; only a full raise reopens (P2); play on when nobody opens (B2); replacements in
    turn, a wrong count refused (D1); each pot apart (G6), no sevens rule; a draw burns nothing and may be
    refused (no fewest discard); a player may check; a left-out clause cites its fallback's."""
    table = load(minimal())
    assert (table.big_bet, table.min_stack, table.ante, table.blinds, table.posts, table.bring_in) == (0, 0, 0, (), (), 0)
    assert (table.bring_in_by, table.joker, table.extends) == (None, None, "")
    assert (table.cap_counts, table.heads_up_cap, table.short_all_in) == (
        CapCounts.BETS, HeadsUpCap.KEPT, ShortAllIn.FULL_RAISE_ONLY)
    assert (table.nobody_opens, table.serve, table.wrong_count) == (NobodyOpens.PLAY_ON, Serve.IN_TURN,
                                                                    WrongCount.REFUSED)
    assert (table.pots, table.sevens_rule, table.phh_stakes_vary) == (Pots.EACH_APART, SevensRule.OFF, True)
    deal, first, draw, last = table.streets
    assert (deal.down, deal.up, deal.burn) == (5, 0, 0)
    assert (draw.burn, draw.min_discard, draw.max_discard) == (0, 0, 5)
    assert first.check and last.check
    assert table.clauses["round_end"] == table.clauses["check_raise"] == "B1"       # the turn's clause
    assert table.clauses["heads_up"] == "T4" and table.clauses["runs_out"] == "T1" and table.clauses["sevens"] == "S1"
    assert table.title("en") == table.title() == "minimal draw" and table.title("ru") == "минимальный обмен"


@pytest.mark.parametrize("path", [key.path for key in GAME_KEYS if key.required])
def test_every_required_key_is_refused_when_left_out(path):
    """The format marks a key required exactly where a table without it is refused, with the key named."""
    with pytest.raises(RulesError, match=rf"house\.toml: {path}: "):
        load(changed(**{path.replace(".", "__"): None}))


def test_the_required_keys_are_the_ones_the_minimal_table_gives():
    """Every key MINIMAL gives is required, but for the draw's clause, which a game with draws must name."""
    given = {f"{name}.{key}" if isinstance(value, dict) and name != "streets" else name
             for name, value in minimal().items() for key in (value if isinstance(value, dict) else [None])}
    assert {key.path for key in GAME_KEYS if key.required} == given - {"clauses.draw"}


def with_changes(data: dict, changes: dict) -> dict:
    """Return ``data`` with dotted keys set (``deck__joker`` for deck.joker; a number picks a street), ``None``
    deleting a key."""
    for dotted, value in changes.items():
        *parents, last = dotted.split("__")
        node = data
        for part in parents:
            node = node[int(part)] if part.isdigit() else node.setdefault(part, {})
        if value is None:
            del node[last]
        else:
            node[last] = value
    return data


def changed(**changes) -> dict:
    """Return MINIMAL with changes."""
    return with_changes(minimal(), changes)


def stud(**changes) -> dict:
    """Return the built-in stud high-low table's data, with changes."""
    return with_changes(copy.deepcopy(read_toml(GAMES_DIR / "stud-high-low.toml").data), changes)


BET = {"kind": "bet", "size": "small", "opener": "dealer-left", "clause": "B1"}
DRAW = {"kind": "draw", "max_discard": 5, "clause": "D1"}


@pytest.mark.parametrize("data, refused", [
    (changed(colour="red"), r"colour: unknown key"),
    (changed(deck__colour="red"), r"deck\.colour: unknown key"),
    (changed(streets__1__colour="red"), r"streets\[1\]\.colour: unknown key"),
    (stud(ranking={"high": "high", "low": "ace-to-five", "qualifier": "eight-or-better", "colour": "red"}),
     r"ranking\.colour: unknown key"),
    (stud(ranking={"high": "high", "low": "ace-to-five", "qualifier": "nine-or-better"}),
     r"'nine-or-better' is not a qualifier of ace-to-five \(known: eight-or-better\)"),
    (stud(deck={"cards": 53, "joker": "lowest-missing", "runs_out": "community-card"}),
     r"deck\.joker: the joker plays only in a system whose row takes it"),
    (changed(streets=[BET, {"kind": "deal", "down": 5, "clause": "T6"}, BET]),
     r"streets\[0\]: the first street deals the cards \(T6\)"),
    (changed(streets=[{"kind": "deal", "clause": "T6"}, BET]), r"streets\[0\]: the first street deals the cards"),
    (changed(streets__2__min_discard=6, streets__2__max_discard=5), r"streets\[2\]\.min_discard: 6 is more than"),
    (changed(streets=[{"kind": "deal", "down": 5, "clause": "T6"}, BET, DRAW]),
     r"streets\[2\]: the last street is a betting round"),
    (changed(streets__1__opener="highest-board"), r"streets\[1\]\.opener: highest-board needs cards dealt face up"),
    (changed(streets__3__opener="first-round-opener", streets__1__opener="first-round-opener"),
     r"streets\[1\]\.opener: the first betting round cannot be opened by its own opener"),
    (changed(streets__1__opener="left-of-big-blind"), r"streets\[1\]\.opener: left-of-big-blind needs blinds"),
    (changed(streets__1__opener="left-of-last-post"), r"streets\[1\]\.opener: left-of-last-post needs forced\.posts"),
    (stud(streets__3__opener="bring-in"), r"streets\[3\]\.opener: the bring-in opens only the first betting round"),
    (stud(draw={"serve": "after-all-discards"}), r"draw: a game without draws serves no replacements"),
    (stud(draw={"wrong_count": "dead-hand"}), r"draw: a game without draws serves no replacements"),
    (changed(deck__runs_out="community-card"), r"deck\.runs_out: a community card is the stud rule"),
    (changed(small_bet="double"), r"small_bet: expected a whole number of chips or \"total-posts\" \(with"),
    (changed(small_bet="total-posts"), r"small_bet: expected a whole number of chips or \"total-posts\""),
    (changed(big_bet="total-posts", streets__3__size="big"), r"big_bet: expected a whole number of chips or \"double\""),
    (changed(deck__cards=1), r"deck\.cards: the deck has 52 cards, or 53 with the joker"),
])
def test_a_malformed_table_is_refused_in_one_line_naming_the_key(data, refused):
    with pytest.raises(RulesError, match=refused) as error:
        load(data)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("data", [
    changed(players__max=2),                                      # a heads-up table
    changed(raises_per_round=0),                                  # a bet and no raise
    changed(streets__2__min_discard=2, streets__2__max_discard=2),   # exactly two cards, always
    changed(big_bet="double", streets__3__size="big"),            # F4: the later round bets twice the first
])
def test_a_table_at_the_edge_of_what_is_allowed_loads(data):
    table = load(data)
    assert table.players_max >= 2 and table.raises_per_round in (0, 3)
    assert table.bet_sizes[-1] == (4 if data.get("big_bet") == "double" else 2)


def test_a_game_has_at_most_64_streets():
    """Sizes are checked before anything is built: 64 streets load, 65 are refused with the count."""
    deal = {"kind": "deal", "down": 5, "clause": "T6"}
    assert len(load(changed(streets=[deal] + [BET] * 61 + [DRAW, BET])).streets) == 64
    with pytest.raises(RulesError, match=r"streets: 65 streets; at most 64"):
        load(changed(streets=[deal] + [BET] * 62 + [DRAW, BET]))


def test_a_chain_of_extends_that_loops_is_refused(tmp_path):
    """A variant extending a variant that extends it back is refused by name, not followed forever."""
    (tmp_path / "a.toml").write_text('extends = "b.toml"\nname = "a"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('extends = "a.toml"\nname = "b"\n', encoding="utf-8")
    with pytest.raises(RulesError, match=r"b\.toml: extends: 'a\.toml' extends itself through a\.toml -> b\.toml -> "
                                         r"a\.toml"):
        load_game_table(tmp_path / "a.toml")


def test_a_house_table_extends_a_file_beside_it_and_keeps_its_own_extends(tmp_path):
    """A house table may extend a .toml beside it, which extends a built-in game; each nearer table's keys win."""
    (tmp_path / "base.toml").write_text('extends = "razz"\nname = "base"\nmin_stack = 7\n', encoding="utf-8")
    (tmp_path / "top.toml").write_text('extends = "base.toml"\nname = "top"\n', encoding="utf-8")
    table = load_game_table(tmp_path / "top.toml")
    assert (table.name, table.extends, table.min_stack, table.ranking) == ("top", "base.toml", 7, "ace-to-five")
    with pytest.raises(RulesError, match=r"extends: a built-in table can only extend built-in games, not 'base\.toml'"):
        table_from_text('extends = "base.toml"\nname = "x"\n')


def test_the_extends_key_cannot_be_changed_with_set():
    with pytest.raises(RulesError, match=r"extends: cannot be changed with --set"):
        load_game_table("razz-phh", overrides={"forced.ante": "2", "extends": "stud-high-low"})


def test_a_game_that_is_neither_built_in_nor_a_file_is_refused_by_name():
    with pytest.raises(RulesError, match=r"no game 'no-such-game': not a built-in game \(see `lowball games`\)"):
        load_game_table("no-such-game")


def test_a_table_is_checked_against_the_rankings_it_is_given():
    """verify --rankings: the systems a table may name come from the rankings file in use, not the shipped one;
    and only a system whose row takes the joker may be played with it (F2, F8)."""
    raw = tomllib.loads((RULES_DIR / "rankings.toml").read_text(encoding="utf-8"))
    assert load_game_table("teaching-table", rankings_data=raw).ranking == "ace-to-six"
    without = copy.deepcopy(raw)
    del without["systems"]["ace-to-six"]
    with pytest.raises(RulesError, match=r"ranking: unknown ranking system 'ace-to-six'"):
        load_game_table("teaching-table", rankings_data=without)
    with pytest.raises(RulesError, match=r"deck\.joker: the joker plays only in a system whose row takes it"):
        load_game_table("california-lowball", overrides={"ranking": "deuce-to-seven"}, rankings_data=raw)


def test_a_house_file_gets_its_code_alike_with_no_overrides_an_empty_set_or_the_rankings_given(tmp_path):
    """A house table that changes a built-in game's rules gets a code of its own; one whose file names the built-in
    game's code while changing its rules is refused: the same whether the caller passes no overrides, an empty set
    of them, or the rankings to check it against (``lowball verify --rankings``)."""
    raw = tomllib.loads((RULES_DIR / "rankings.toml").read_text(encoding="utf-8"))
    plain = tmp_path / "club.toml"
    plain.write_text('extends = "teaching-table"\nname = "club"\nraises_per_round = 4\n', encoding="utf-8")
    codes = {load_game_table(str(plain)).variant, load_game_table(str(plain), overrides={}).variant,
             load_game_table(str(plain), rankings_data=raw).variant}
    assert len(codes) == 1 and codes != {load_game_table("teaching-table").variant}
    builtin = load_game_table("teaching-table").variant
    claims = tmp_path / "claims.toml"
    claims.write_text(f'extends = "teaching-table"\nname = "claims"\nvariant = "{builtin}"\nraises_per_round = 4\n',
                      encoding="utf-8")
    for extra in ({}, {"overrides": {}}, {"rankings_data": raw}):
        with pytest.raises(RulesError, match=rf"variant: '{builtin}' is the code of the built-in game teaching-table"):
            load_game_table(str(claims), **extra)


def test_stakes_that_contradict_the_posts_are_refused():
    """F4: at California lowball the small bet is the posts' total; a history may not name another."""
    table = load_game_table("california-lowball")
    assert with_stakes(table, {"small_bet": table.small_bet}).small_bet == table.small_bet
    with pytest.raises(RulesError, match=r"small_bet: 3 contradicts the table, whose small_bet is total-posts"):
        with_stakes(table, {"small_bet": 3})
    assert with_stakes(table, {"forced.posts": [2, 2]}).small_bet == 4


def test_resolve_leaves_the_nearest_extends():
    """The resolved data of a variant names the table it extends (the docs and `lowball games` show it)."""
    data = resolve(read_toml(GAMES_DIR / "razz-phh.toml"), None)
    assert data["extends"] == "razz" and data["name"] == "razz-phh"


def test_a_fields_type_admits_none_exactly_where_a_loaded_table_holds_none():
    """A choice key that may be left out with nothing chosen (the deck's joker, the bring-in: "" in the format)
    loads as None, and its field's type says so (``Joker | None``); so does a street's key that belongs to another
    street kind (a deal's opener); every other choice always holds a member of its enum, and its type admits no
    None. Read from the tables themselves: every built-in table and the minimal one."""
    import typing

    from lowball.core.games import GameTable, Street, builtin_games

    tables = [*builtin_games(), table_from_text(MINIMAL)]
    streets = [street for table in tables for street in table.streets]
    street_keys = [key for keys in STREET_KEYS.values() for key in keys] + list(STREET_COMMON)
    for cls, keys, loaded in ((GameTable, GAME_KEYS, tables), (Street, street_keys, streets)):
        hints = typing.get_type_hints(cls)
        for key in keys:
            if key.kind != "choice" or key.enum is None or key.holds:      # a choice read as another type
                continue
            name = key.field_name
            held_none = any(getattr(item, name) is None for item in loaded)
            admits_none = type(None) in typing.get_args(hints[name])
            assert admits_none == held_none, (f"{cls.__name__}.{name}: the type {hints[name]} "
                                              f"{'admits' if admits_none else 'refuses'} None, and "
                                              f"{'some' if held_none else 'no'} loaded one holds None")


def test_a_loaded_table_and_its_streets_cannot_be_changed():
    """The engine, the proofs and the docs read one table: a caller who sets a field of it, or of one of its
    streets, would change a rule under a hand in play. Both are frozen."""
    import dataclasses

    table = load_game_table("deuce-to-seven-triple-draw")
    bet, size = table.small_bet, table.streets[1].size
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.small_bet = bet + 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.streets[1].size = size + "er"
    assert (table.small_bet, table.streets[1].size) == (bet, size)


def test_a_street_is_built_by_keyword_only():
    """A street's fields follow the key list, whose order is no promise: a street built by position would change
    meaning when a key is added, so only keywords build one."""
    from lowball.core.behaviours import StreetKind
    from lowball.core.games import Street

    with pytest.raises(TypeError):
        Street(StreetKind.BET, "B1")
    assert Street(kind=StreetKind.BET, clause="B1").clause == "B1"


def test_antes_seat_by_seat_for_the_most_players_a_table_seats_load_and_one_more_is_refused():
    """V11: a table that seats up to the most players any table seats (ten) may list an ante for each of them, and
    a hand there seats exactly that many; an eleventh seat is refused, naming the key and the limit."""
    from lowball.core.games import MAX_PLAYERS

    def antes(seats: int):
        listed = ", ".join(["1"] * seats)
        return table_from_text(f'extends = "badugi"\n[players]\nmax = {MAX_PLAYERS}\n[forced]\nante_by = "by-seat"\n'
                               f'seat_antes = [{listed}]\n', "house.toml")

    assert antes(MAX_PLAYERS).player_counts == range(MAX_PLAYERS, MAX_PLAYERS + 1)
    assert antes(3).player_counts == range(3, 4)
    with pytest.raises(RulesError, match=rf"forced\.seat_antes: {MAX_PLAYERS + 1} seats; a table seats at most "
                                         rf"{MAX_PLAYERS}"):
        antes(MAX_PLAYERS + 1)


def test_a_hand_may_seat_from_the_fewest_to_the_most_players_a_table_names():
    """T1: players.min and players.max are both seated (with no forced bets listed seat by seat)."""
    from lowball.core.games import builtin_games
    from lowball.engine.state import Hand

    for table in builtin_games():
        if table.seat_antes or table.seat_posts:
            continue
        counts = table.player_counts
        assert (counts[0], counts[-1], len(counts)) == (table.players_min, table.players_max,
                                                        table.players_max - table.players_min + 1), table.name
        assert Hand(table, players=table.players_max, seed=1).n == table.players_max, table.name
