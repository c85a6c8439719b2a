"""Findings of the fuzzers about tables, the engine's API and PHH (issue 37), each held by a test named by its rule.

- A table that loads plays (DESIGN: "fuzz the tables"): antes listed seat by seat for a number of players the table
  never seats, a money value past the loader's own limit, a draw's burn the stub cannot give are refused at load,
  in one line naming the key; what the loader lets through plays.
- ``Hand.then`` applies a list of actions whole or not at all, and refuses what is no list in one line.
- The OpenSpiel state refuses an action id that is no legal action, at a chance node or a player's, in one line,
  changing nothing.
- A house table's histories carry a code of their own, never a built-in game's for other rules, and no folder of
  the machine that wrote them; they still replay.
- Where a history is written with a code pokerkit cannot read, the command that wrote it says so, once; the codes
  pokerkit reads come from the ``-phh`` tables.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from lowball.cli import main
from lowball.core.games import MAX_CHIPS, builtin_games, game_code, house_code, load_game_table, table_from_text
from lowball.engine.state import OVER, Hand
from lowball.errors import ArgumentError, IllegalAction, LowballError, RulesError
from lowball.phh.history import (HOUSE_TABLE_FILE, games_by_variant, phh_code, pokerkit_codes, pokerkit_note,
                                 replay_hand, to_phh)
from lowball.play.bots import BOTS

ROOT = Path(__file__).resolve().parents[2]
TWO_DRAWS = ROOT / "docs" / "checks" / "two-draws.toml"


def house(text: str, game: str = "teaching-table"):
    return table_from_text(f'extends = "{game}"\nname = "house"\n{text}', "house.toml")


def played(table, players: int, seed: int = 1) -> Hand:
    """Return a hand of random bots at ``table``, played to its end."""
    rng = random.Random(seed)
    hand = Hand([max(table.min_stack, 40)] * players, table=table, seed=seed, narrate=False)
    hand.advance()
    while hand.phase != OVER:
        hand.apply(BOTS["random"](hand, rng))
        hand.advance()
    return hand


# ---- 1a. V11, O4: forced bets listed seat by seat seat exactly that many players ----

@pytest.mark.parametrize("seats", [1, 6, 7])
def test_seat_antes_for_a_number_of_players_the_table_never_seats_are_refused(seats):
    """V11: a hand seats one player for each seat ante, so a list of 7 at a table of 2 to 5 made every hand refuse
    to start (``play`` refused it, ``verify`` passed it)."""
    antes = ", ".join(["1"] * seats)
    with pytest.raises(RulesError, match=rf"^house\.toml: forced\.seat_antes: {seats} seats, but a hand seats 2 to "
                                         rf"5 players \(players\.min, players\.max\).*\(V11\)$"):
        house(f'[forced]\nante = 0\nante_by = "by-seat"\nseat_antes = [{antes}]\n')


def test_seat_antes_of_a_number_the_table_seats_load_and_play():
    table = house('[forced]\nante = 0\nante_by = "by-seat"\nseat_antes = [1, 2, 1]\n')
    assert list(table.player_counts) == [3]
    hand = played(table, 3)
    assert sum(hand.result.changes) == 0


def test_posts_of_joining_players_for_too_many_seats_are_refused():
    """O4: the posts of joining players, seat by seat, seat that many too."""
    with pytest.raises(RulesError, match=r"forced\.seat_posts: 7 seats, but a hand seats 2 to 6 players .*\(O4\)$"):
        house("[forced]\nseat_posts = [0, 0, 0, 2, 0, 0, 0]\n", "deuce-to-seven-triple-draw")


def test_a_history_of_more_players_than_the_game_seats_is_refused_as_the_hand_would_be():
    """A history's antes, seat by seat, are stakes the game lets it choose; eight of them at a game of 2 to 7 are
    refused as the hand itself refuses eight players (T1, K9: ``IllegalAction``), not as a table's key."""
    text = ('variant = "N2L1D"\nantes = [1, 2, 1, 1, 1, 1, 1, 1]\nblinds_or_straddles = [1, 2, 0, 0, 0, 0, 0, 0]\n'
            'min_bet = 2\nstarting_stacks = [100, 100, 100, 100, 100, 100, 100, 100]\nactions = []\n')
    with pytest.raises(IllegalAction, match=r"^a hand needs 2 to 7 players \(K9\); got 8$"):
        replay_hand(text)


def test_verify_refuses_the_table_in_one_line(tmp_path, capsys):
    path = tmp_path / "seats.toml"
    path.write_text('extends = "teaching-table"\nname = "seats"\n[forced]\nante = 0\nante_by = "by-seat"\n'
                    'seat_antes = [1, 1, 1, 1, 1, 1, 1]\n', encoding="utf-8")
    assert main(["verify", "--quick", "--only", "5", "--rules", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "forced.seat_antes: 7 seats" in err


# ---- 1b. every amount a table names is at most MAX_CHIPS ----

@pytest.mark.parametrize("game, text, key", [
    ("deuce-to-seven-triple-draw", "[forced]\nblinds = [1, 1000000000000]\n", r"forced\.blinds\[1\]"),
    ("deuce-to-seven-triple-draw", "[forced]\nblinds = [1, 2, 1000000000001]\n", r"forced\.blinds\[2\]"),
    ("teaching-table", '[forced]\nante = 0\nante_by = "by-seat"\nseat_antes = [1, 1000000000000]\n',
     r"forced\.seat_antes\[1\]"),
    ("deuce-to-seven-triple-draw", "[forced]\nseat_posts = [0, 0, 1000000000000]\n", r"forced\.seat_posts\[2\]"),
    ("california-lowball", "[forced]\nposts = [1000000000000, 1]\n", r"forced\.posts\[0\]"),
    ("teaching-table", "[forced]\nante = 1000000000000\n", r"forced\.ante"),
    ("razz", "[forced]\nbring_in = 1000000000000\n", r"forced\.bring_in"),
    ("teaching-table", "small_bet = 1000000000000\n", r"small_bet"),
    ("teaching-table", "big_bet = 1000000000000\n", r"big_bet"),
    ("teaching-table", "min_stack = 1000000000000\n", r"min_stack"),
])
def test_an_amount_past_the_loaders_limit_is_refused_wherever_it_is(game, text, key):
    """The loader states one limit for every amount a table names (``MAX_CHIPS``, 10**9); a big blind of 10**12
    loaded because a list of amounts was read without it."""
    with pytest.raises(RulesError, match=rf"^house\.toml: {key}: must be at most {MAX_CHIPS}, got 100000000000\d$"):
        house(text, game)


def test_a_named_bet_past_the_limit_is_refused_too():
    """F4: "double" of a small bet of 10**9 is 2 x 10**9, past the limit however it is written."""
    with pytest.raises(RulesError, match=rf"big_bet: 'double' makes 2000000000; a bet is at most {MAX_CHIPS}$"):
        house(f'small_bet = {MAX_CHIPS}\nbig_bet = "double"\nmin_stack = 0\n')


def test_a_named_bet_of_exactly_the_limit_loads():
    """F4: "double" of half the limit is the limit itself, which a bet may be, named or counted."""
    table = house(f'small_bet = {MAX_CHIPS // 2}\nbig_bet = "double"\nmin_stack = 0\n')
    assert (table.small_bet, table.big_bet) == (MAX_CHIPS // 2, MAX_CHIPS)


def test_the_largest_amount_loads_and_plays():
    table = house(f"[forced]\nblinds = [1, {MAX_CHIPS}]\n", "deuce-to-seven-triple-draw")
    hand = Hand([MAX_CHIPS * 3] * 2, table=table, seed=3, narrate=False)
    hand.advance()
    assert hand.stacks == (MAX_CHIPS * 2, MAX_CHIPS * 3 - 1)     # heads-up the dealer (p2) posts the small blind
    rng = random.Random(3)
    while hand.phase != OVER:
        hand.apply(BOTS["random"](hand, rng))
        hand.advance()
    assert sum(hand.result.changes) == 0


# ---- 1c. D1, K8: a draw's burn the stub cannot give ----

DRAW_BURN = '[[change_streets]]\nat = "draw"\nburn = {}\n'


def test_a_draw_burn_the_stub_cannot_give_is_refused_at_load():
    """D1, K8: after dealing three players 15 cards the stub holds 37; a burn of 40 before the draw would burn fewer
    than it says, and leave nothing to serve. ``verify`` refuted it (property 5) while ``play`` played it; the
    loader refuses it now, as it refuses a deal's burn the stub cannot give."""
    with pytest.raises(RulesError, match=r"^house\.toml: streets\[2\]\.burn: with 3 players this street burns 40 "
                                         r"cards and the stub holds 37 \(D1, K8, L3\)$"):
        house(DRAW_BURN.format(40))


def test_a_draw_burn_refused_at_a_later_draw_names_that_draw():
    """Two players, no reshuffle (D1), burns of 14: the second draw is cut to the 4 cards left, and the third draw's
    burn (streets[6]) finds the stub empty."""
    with pytest.raises(RulesError, match=r"streets\[6\]\.burn: with 2 players this street burns 14 cards and the "
                                         r"stub holds 0"):
        house('[deck]\nruns_out = "never"\n' + DRAW_BURN.format(14), "deuce-to-seven-triple-draw")


def test_a_draw_burn_the_stub_can_give_loads_and_plays():
    """A burn of 27 fits five players (52 - 25); what is left of the draw is served as far as it goes, and property
    5 says the deck can run short (the engine cuts a discard to what it can serve, as it does at six players)."""
    table = house(DRAW_BURN.format(27))
    for players in (2, 5):
        assert sum(played(table, players).result.changes) == 0


def test_a_table_that_reshuffles_burns_what_the_stub_holds_and_reshuffles():
    """K9: a triple draw's burns may meet an empty stub at six players, and the reshuffle serves the draw (every
    built-in triple draw does so): not refused."""
    table = house(DRAW_BURN.format(14), "deuce-to-seven-triple-draw")
    assert sum(played(table, 2).result.changes) == 0


def test_verify_and_play_refuse_the_big_burn_alike(tmp_path, capsys):
    path = tmp_path / "burn.toml"
    path.write_text('extends = "teaching-table"\nname = "burn"\n' + DRAW_BURN.format(40), encoding="utf-8")
    for argv in (["verify", "--quick", "--only", "5", "--rules", str(path)],
                 ["play", "--game", str(path), "--players", "2", "--hands", "1"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "streets[2].burn: with 3 players" in err, err


# ---- 2. Hand.then: a list of actions, whole or not at all ----

def test_a_list_with_a_refused_action_leaves_the_hand_as_it_was():
    hand = Hand([13, 13])
    hand.advance()
    before = repr(hand), list(hand.stacks), len(hand.events)
    with pytest.raises(IllegalAction, match=r"^p2 cbr 9: "):
        hand.then(["p1 cbr 1", "p2 cbr 9"])
    assert (repr(hand), list(hand.stacks), len(hand.events)) == before
    hand.then(["p1 cbr 1", "p2 cc"])                             # the same hand goes on as if nothing was tried
    assert hand.stacks == (11, 11) and hand.to_act == 0


@pytest.mark.parametrize("actions", [5, "p1 cbr 1", None, {"p1 cbr 1"}, (a for a in ["p1 cbr 1"])])
def test_what_is_no_list_of_actions_is_refused_in_one_line(actions):
    hand = Hand([13, 13])
    hand.advance()
    with pytest.raises(ArgumentError, match=r"^Hand\.then: actions: expected a list of actions"):
        hand.then(actions)
    assert hand.actions and all(a.kind == "dh" for a in hand.actions)


def test_a_tuple_or_an_empty_list_is_a_list_of_actions():
    hand = Hand([13, 13])
    hand.advance()
    assert hand.then(()) is hand and hand.then(("p1 cbr 1",)).stacks == (11, 12)


# ---- 3. OpenSpiel: an illegal action id ----

@pytest.fixture
def state():
    pyspiel = pytest.importorskip("pyspiel")
    import lowball.openspiel.register  # noqa: F401

    return pyspiel.load_game("python_lowball_teaching_table").new_initial_state()


def test_an_action_id_that_is_no_card_is_refused_at_a_chance_node(state):
    with pytest.raises(IllegalAction, match=r"^chance action 1000000: no card has this id \(the deck's cards are 0 "
                                            r"to 51\)$"):
        state.apply_action(10**6)
    assert state.history() == [] and state.progress.picked == [] and len(state.chance_outcomes()) == 52


def test_a_card_already_picked_is_refused_at_a_chance_node(state):
    state.apply_action(51)
    with pytest.raises(IllegalAction, match=r"^chance action 51: As is dealt already; the next card is one of the "
                                            r"51 nobody has seen$"):
        state.apply_action(51)
    assert state.history() == [51] and len(state.progress.picked) == 1


def test_an_illegal_code_is_refused_at_a_players_node(state):
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    before = str(state)
    with pytest.raises(IllegalAction, match=r"^p1: no action has the code 1000000 at this table \(0 to 54\)$"):
        state.apply_action(10**6)
    with pytest.raises(IllegalAction, match=r"^p1 f: facing no bet"):
        state.apply_action(0)
    assert str(state) == before and state.legal_actions() == [1, 35]


def test_naming_an_action_id_that_is_no_action_is_refused_too(state):
    pyspiel = pytest.importorskip("pyspiel")
    with pytest.raises(IllegalAction, match=r"^chance action 99: no card has this id"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 99)
    with pytest.raises(IllegalAction, match=r"^p1: no action has the code 55 at this table"):
        state.action_to_string(0, 55)


def test_an_action_after_the_end_is_refused(state):
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match=r"^action 0: the hand is over \(S1\)$"):
        state.apply_action(0)


# ---- 4. a house table's code, and no path of the writing machine ----

def test_a_house_table_that_changes_the_rules_gets_a_code_of_its_own():
    """A house table of two draws that extends the teaching table wrote FA6L1D, the teaching table's code, into its
    histories; its code is its own now, the same however the same rules are written."""
    two_draws = load_game_table(TWO_DRAWS)
    assert two_draws.variant not in games_by_variant() and game_code(two_draws.variant) == "FA6L1D"
    assert two_draws.variant == house_code(two_draws)
    by_text = table_from_text(TWO_DRAWS.read_text(encoding="utf-8").replace('name = "two-draws"', 'name = "x"'))
    assert by_text.variant == two_draws.variant                      # names are no rules
    by_set = load_game_table(overrides={"raises_per_round": "4"})
    by_file = house("raises_per_round = 4\n")
    assert by_set.variant == by_file.variant != "FA6L1D"
    assert house("raises_per_round = 3\n").variant == "FA6L1D"      # the teaching table's rules, under a new name


def test_a_house_table_that_only_changes_the_stakes_keeps_the_standard_code():
    """F2L3D lets a history choose its stakes: a house table at other blinds plays the game pokerkit reads."""
    assert house("[forced]\nblinds = [5, 10]\n", "deuce-to-seven-triple-draw-phh").variant == "F2L3D"
    assert house("[players]\nmax = 4\n", "deuce-to-seven-triple-draw-phh").variant.startswith("F2L3D-H")


def test_a_house_file_that_claims_a_built_in_code_for_other_rules_is_refused():
    with pytest.raises(RulesError, match=r"^house\.toml: variant: 'FA6L1D' is the code of the built-in game "
                                         r"teaching-table, whose rules this table changes"):
        house('variant = "FA6L1D"\nraises_per_round = 4\n')
    assert house('variant = "FA6L1D-CLUB"\nraises_per_round = 4\n').variant == "FA6L1D-CLUB"


def test_the_tables_of_the_package_keep_their_codes():
    """Built-in games and the online rooms' tables (which name themselves in ``_lowball_rules``, O4) are untouched."""
    assert len({game.variant for game in builtin_games()}) == len(builtin_games())
    room = load_game_table(ROOT / "spec" / "lowball" / "rules" / "rooms" / "pokerstars" / "badugi.toml")
    assert room.variant == load_game_table("badugi").variant


def test_a_house_history_names_its_table_file_without_a_folder_and_replays_beside_it(tmp_path):
    """The history named the absolute path of the table on the machine that wrote it; now the file's name only,
    and ``replay`` finds the table beside the history (or is told it with --game)."""
    shutil.copy(TWO_DRAWS, tmp_path / "two-draws.toml")
    table = load_game_table(tmp_path / "two-draws.toml")
    hand = played(table, 3, seed=5)
    text = to_phh(hand)
    assert f'{HOUSE_TABLE_FILE} = "two-draws.toml"' in text and str(tmp_path) not in text
    assert f'variant = "{table.variant}"' in text
    (tmp_path / "hand.phh").write_text(text, encoding="utf-8")
    assert replay_hand(tmp_path / "hand.phh").result.finishing_stacks == hand.result.finishing_stacks
    assert replay_hand(text, table).result.finishing_stacks == hand.result.finishing_stacks
    with pytest.raises(LowballError, match=r"house table 'two-draws' \(two-draws.toml\).*--game FILE"):
        replay_hand(text)                                          # the text alone, the table not in this folder


def test_a_history_of_a_table_changed_since_is_refused_saying_so(tmp_path):
    path = tmp_path / "two-draws.toml"
    shutil.copy(TWO_DRAWS, path)
    text = to_phh(played(load_game_table(path), 2))
    text_of_table = path.read_text(encoding="utf-8")
    path.write_text(text_of_table.replace('name = "two-draws"\n', 'name = "two-draws"\nraises_per_round = 2\n'),
                    encoding="utf-8")
    changed = load_game_table(path, overrides={})            # a fresh load of the changed file
    with pytest.raises(LowballError, match=r"this table replays 'FA6L1D-H[0-9A-F]{8}' .*; the table's rules have "
                                           r"changed since the hand was played$"):
        replay_hand(text, changed)


# ---- 5. histories pokerkit cannot read are said to be so ----

def test_the_codes_pokerkit_reads_are_those_of_the_phh_tables():
    phh_tables = {game.variant for game in builtin_games() if game.name.endswith("-phh")}
    assert set(pokerkit_codes()) == phh_tables == {"F2L3D", "N2L1D", "F7S", "F7S/8", "FR", "FB"}
    assert pokerkit_note(pokerkit_codes()) is None
    assert "F2L3D-CR" in pokerkit_note(["F2L3D-CR", "F2L3D"]) and "F2L3D;" not in pokerkit_note(["F2L3D-CR"])


def test_pokerkit_reads_the_phh_tables_histories_and_no_other():
    """What the note says, checked against pokerkit itself: each -phh table's history loads, a card room's does not
    (its code is no key of pokerkit's)."""
    pokerkit = pytest.importorskip("pokerkit")
    for code in pokerkit_codes():
        text = to_phh(played(games_by_variant()[code], 2))
        assert list(pokerkit.HandHistory.loads(text)), code
    text = to_phh(played(load_game_table("deuce-to-seven-triple-draw"), 2))
    assert phh_code(load_game_table("deuce-to-seven-triple-draw")) == "F2L3D-CR"
    with pytest.raises(KeyError):
        list(pokerkit.HandHistory.loads(text))


def test_play_says_once_when_its_histories_are_not_pokerkits(tmp_path, capsys):
    argv = ["play", "--players", "2", "--hands", "3", "--phh-dir"]
    assert main(argv + [str(tmp_path / "cr"), "--game", "deuce-to-seven-triple-draw"]) == 0
    err = capsys.readouterr().err
    assert err.count("note:") == 1 and "own code F2L3D-CR; pokerkit reads only the -phh tables' codes" in err
    assert main(argv + [str(tmp_path / "phh"), "--game", "deuce-to-seven-triple-draw-phh"]) == 0
    assert "note:" not in capsys.readouterr().err
    assert main(argv + [str(tmp_path / "json"), "--game", "razz", "--json"]) == 0
    out, err = capsys.readouterr()
    assert not err and any("FR-CR" in note for note in json.loads(out)["notes"])


def test_import_says_once_when_its_histories_are_not_pokerkits(tmp_path, capsys):
    """Badacey has no code in the PHH standard: its hands are written as FA5B3D, and the import says so."""
    history = ROOT / "tests" / "data" / "histories" / "kingsclub" / "badacey.txt"
    main(["import", "--phh-dir", str(tmp_path), str(history)])
    err = capsys.readouterr().err
    assert err.count("note:") == 1 and "own code FA5B3D" in err
    assert all(path.read_text(encoding="utf-8").startswith('variant = "FA5B3D"') for path in tmp_path.glob("*.phh"))


def test_the_phh_page_lists_the_codes_from_the_tables():
    """docs/phh.md says which tables interchange with pokerkit by asking the tables, not by a list typed there."""
    page = (ROOT / "docs" / "phh.md").read_text(encoding="utf-8")
    assert "pokerkit_codes()" in page and "## Which histories pokerkit reads" in page
    assert 'STANDARD = {"F2L3D"' not in page
