"""Forced bets of real tables (the rules digest, part F, V1-V11): antes from every player, the big-blind ante, the button
ante, antes seat by seat, straddles, ante trimming, and a big blind too short for both blind and ante.

Three kinds of check. Worked figures from the rulebooks and pokerkit's documentation (V3: at 100/200 with a 200
big-blind ante the first player calls 200 into a pot of 500). Random hands that pokerkit, which nobody here wrote,
plays with each structure, replayed by ``lowball replay`` to pokerkit's stacks; and hands our bots play at the
same tables, read back by pokerkit's own reader to our stacks (both ways, identical stacks). And real tournament
hands: the seven no-limit deuce-to-seven single-draw hands of the televised final day of the 2023 WSOP $50,000
Poker Players Championship (big-blind ante), transcribed from pokerkit's WSOP test data into
``tests/data/wsop-2023-43-5/``, each with the stacks shown after the hand.
"""

from __future__ import annotations

import itertools
import random
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
import z3

from lowball.core.games import builtin_paths, load_game_table, with_stakes
from lowball.engine.rules import forced_bets as forced
from lowball.engine.rules.forced_bets import owed
from lowball.core.ops import PY, Z3
from lowball.engine.state import DRAW, OVER, Hand, deck_for
from lowball.errors import HistoryError, RulesError
from lowball.phh.history import read_history, replay_hand, table_for, to_phh
from lowball.play.bots import BOTS
from tests.support.pokerkit_games import pokerkit_finishing_stacks, random_history

DATA = Path(__file__).parents[1] / "data"
WSOP_2023 = sorted((DATA / "wsop-2023-43-5").glob("*.phh"))
HANDS = 60            # random hands per variant and structure, each way


def draw_structures(rng: random.Random, players: int) -> dict[str, dict]:
    """Return pokerkit's stakes for each forced-bet structure of a draw game (blinds 1-2, bets 2 and 4)."""
    ante = rng.randint(1, 4)
    return {
        "antes from every player": dict(ante=ante, trimming=rng.random() < 0.5),      # V9
        "big-blind ante": dict(ante={1: rng.randint(1, 6)}, trimming=False),           # V1-V5, V7
        "button ante": dict(ante={-1: rng.randint(1, 6)}, trimming=False),             # V1, V8
        "antes seat by seat": dict(ante=[rng.randint(0, 4) for _ in range(players)], trimming=False),   # V11
        "straddle": dict(ante=0, blinds=(1, 2, 4)),                                    # V11
        "antes and two straddles": dict(ante=ante, blinds=(1, 2, 4, 8), trimming=True),
    }


def stud_structures(rng: random.Random, players: int) -> dict[str, dict]:
    """Return pokerkit's stakes for each ante structure of a stud game (bring-in 1, bets 2 and 4)."""
    common = dict(bring_in=1, small_bet=2, big_bet=4)
    return {
        "antes from every player": dict(ante=rng.randint(1, 3), trimming=rng.random() < 0.5, **common),
        "button ante": dict(ante={-1: rng.randint(1, 6)}, trimming=False, **common),
        "antes seat by seat": dict(ante=[rng.randint(0, 3) for _ in range(players)], trimming=False, **common),
    }


VARIANTS = {"F2L3D": ("deuce-to-seven-triple-draw-phh", draw_structures, 6),
            "N2L1D": ("deuce-to-seven-single-draw-phh", draw_structures, 6),
            "F7S/8": ("stud-high-low-phh", stud_structures, 8),
            "FR": ("razz-phh", stud_structures, 8)}
CASES = [(variant, name) for variant, (_, structures, _) in VARIANTS.items()
         for name in structures(random.Random(0), 3)]


def short_or_deep(rng: random.Random, players: int) -> list[int]:
    """Return stacks from 1 chip (all in on a forced bet) to 60 (deep enough to raise)."""
    return [rng.randint(1, 8) if rng.random() < 0.4 else rng.randint(9, 60) for _ in range(players)]


@pytest.mark.parametrize("variant, structure", CASES)
def test_pokerkits_random_hands_with_each_forced_bet_structure_replay_to_its_stacks(variant, structure):
    """V1-V11, P7: pokerkit plays random hands with the structure and short stacks (forced bets that put a player
    all in, blinds and antes short); ``lowball replay`` reaches pokerkit's finishing stacks on every one."""
    _, structures, most = VARIANTS[variant]
    short_forced = 0
    for seed in range(HANDS):
        rng = random.Random(seed)
        players = rng.randint(2 if seed % 4 == 0 else 3, most)
        stakes = structures(rng, players)[structure]
        text, theirs = random_history(variant, rng, players, short_or_deep(rng, players), **stakes)
        hand = replay_hand(text)
        assert list(hand.result.finishing_stacks) == theirs, f"seed {seed}: pokerkit {theirs}\n{text}"
        due = owed(hand.table, players)
        short_forced += any(stack < ante + blind for stack, ante, blind in
                            zip(hand.starting_stacks, due.antes, due.blinds))
    assert short_forced >= HANDS // 20, short_forced     # the hands reach stacks too short for their forced bets


@pytest.mark.parametrize("variant, structure", CASES)
def test_our_hands_with_each_forced_bet_structure_load_in_pokerkit_with_our_stacks(variant, structure):
    """The other way: our random bot plays at the PHH table with the structure (read from a pokerkit history of
    it, so both sides mean the same table), and pokerkit's own reader reaches our stacks on our history."""
    game, structures, most = VARIANTS[variant]
    for seed in range(HANDS):
        rng = random.Random(1000 + seed)
        players = rng.randint(2 if seed % 4 == 0 else 3, most)
        text, _ = random_history(variant, rng, players, [60] * players, **structures(rng, players)[structure])
        table = table_for(read_history(text))
        assert table.name == game
        hand = Hand(short_or_deep(rng, players), table=table, seed=seed, narrate=False)
        hand.advance()
        while hand.phase != OVER:
            hand.apply(BOTS["random"](hand, rng))
            hand.advance()
        ours = to_phh(hand)
        assert pokerkit_finishing_stacks(ours) == list(hand.result.finishing_stacks), f"seed {seed}\n{ours}"
        assert replay_hand(ours).result.finishing_stacks == hand.result.finishing_stacks


@pytest.mark.parametrize("path", WSOP_2023, ids=[p.stem for p in WSOP_2023])
def test_real_wsop_hands_with_a_big_blind_ante_replay_to_the_stacks_shown(path):
    """V2: the 2023 WSOP $50,000 PPC, no-limit 2-7 single draw: a big-blind ante of 1.5 big blinds. Each hand
    replays to the stacks shown after it (finishing_stacks, checked by the replay), and pokerkit agrees."""
    hand = replay_hand(path)
    shown = read_history(path)["finishing_stacks"]
    assert list(hand.result.finishing_stacks) == shown
    assert pokerkit_finishing_stacks(path.read_text()) == shown
    assert hand.table.ante_by.value == "big-blind"


def test_there_are_seven_real_single_draw_hands():
    assert len(WSOP_2023) == 7


# ---- worked figures ----

def big_blind_ante_table(**more):
    """Return no-limit 2-7 single draw (PHH) at 100/200 with a 200 big-blind ante (V2's usual size, BARGE)."""
    stakes = {"forced.blinds": [100, 200], "small_bet": 200, "forced.ante": 200, "forced.ante_by": "big-blind"}
    return with_stakes(load_game_table("deuce-to-seven-single-draw-phh"), stakes | more)


def test_the_big_blind_ante_is_dead_the_first_player_calls_two_hundred_into_five_hundred():
    """V3 (pokerkit's own figure): the big-blind ante goes into the pot and never counts toward a call; the big
    blind itself is live. At 100/200 with a 200 BB ante the first player calls 200 into a pot of 500."""
    hand = Hand([10_000] * 4, table=big_blind_ante_table(), seed=3)
    hand.advance()
    assert hand.pot == 500 and hand.to_act == 2 and hand.owed(2) == 200
    assert [e.key for e in hand.events[:3]] == ["table-ante", "small-blind", "big-blind"]


def test_heads_up_the_player_on_the_big_blind_posts_the_big_blind_ante():
    """V7: heads-up the button posts the small blind; the other player posts the big blind and the BB ante."""
    hand = Hand([10_000] * 2, table=big_blind_ante_table(), seed=3)
    assert hand.dead == (200, 0) and hand.invested == (400, 100)


@pytest.mark.parametrize("order, blind, ante", [("blind-first", 200, 50), ("ante-first", 50, 200)])
def test_a_big_blind_too_short_for_both_posts_the_tables_first_forced_bet_in_full(order, blind, ante):
    """V4, P7: 250 chips at 100/200 with a 200 BB ante. WSOP (2019), BARGE and the TDA (2024) post the blind
    first: 200 blind and 50 ante; pokerkit (and so the PHH table) the ante first: 200 ante and 50 blind."""
    hand = Hand([10_000, 250, 10_000], table=big_blind_ante_table(**{"forced.posting_order": order}), seed=3)
    assert hand.dead[1] == ante and hand.invested[1] - hand.dead[1] == blind and hand.stacks[1] == 0


@pytest.mark.parametrize("game, big", [("deuce-to-seven-single-draw-phh", None),
                                       ("deuce-to-seven-triple-draw-phh", 400)])
def test_the_phh_tables_post_the_ante_first_as_pokerkit_does(game, big):
    """P7 as the PHH tables set it (no setting changed): 250 chips at 100/200 with a 200 BB ante post the 200 ante
    and 50 of the blind; checked down, the hand ends where pokerkit's reader of the same history ends it."""
    stakes = {"forced.blinds": [100, 200], "small_bet": 200, "forced.ante": 200, "forced.ante_by": "big-blind"}
    table = with_stakes(load_game_table(game), stakes | ({"big_bet": big} if big else {}))
    hand = Hand([10_000, 250, 10_000], table=table, seed=3)
    assert hand.dead[1] == 200 and hand.invested[1] - hand.dead[1] == 50 and hand.stacks[1] == 0
    hand.advance()
    while hand.phase != OVER:
        hand.apply(f"p{hand.to_act + 1} {'sd' if hand.phase == DRAW else 'cc'}")
        hand.advance()
    assert pokerkit_finishing_stacks(to_phh(hand)) == list(hand.result.finishing_stacks)


def test_a_player_all_in_for_less_than_the_big_blind_ante_can_win_all_of_it():
    """V5: every player, however short, can win the whole BB ante; only the live chips make side pots. At 100/200
    with a 200 BB ante, p3 calls all in for 50 with 7-5-4-3-2 and the others check it down: p3 wins the main pot
    of the whole 200 ante and 50 from each, 350 (with the ante cut into layers he would win 200); the side pot of
    300 goes to p1's two pair over p2's trips (K1: two pair is the lower hand)."""
    hands = ["Kc Kd Qh Qs Jc", "Ac Ad Ah Ts 9c", "2c 3d 4h 5s 7c"]
    hand = Hand([10_000, 10_000, 50], table=big_blind_ante_table(), deck=deck_for(hands))
    hand.advance()
    while hand.phase != OVER:
        hand.apply(f"p{hand.to_act + 1} {'sd' if hand.phase == DRAW else 'cc'}")
        hand.advance()
    assert hand.result.finishing_stacks == (10_100, 9_600, 350)


def test_a_straddle_acts_last_before_the_draw():
    """V11: blinds 1-2 and a straddle of 4 from the third seat: the player on the straddler's left opens, and a
    call costs the straddle."""
    table = with_stakes(load_game_table("deuce-to-seven-single-draw-phh"), {"forced.blinds": [1, 2, 4]})
    hand = Hand([100] * 5, table=table, seed=1)
    hand.advance()
    assert hand.to_act == 3 and hand.owed(3) == 4 and [e.key for e in hand.events[:3]] == \
        ["small-blind", "big-blind", "straddle"]


def test_antes_seat_by_seat_need_that_many_players():
    table = with_stakes(load_game_table("razz-phh"), {"forced.ante": 0, "forced.ante_by": "by-seat",
                                                       "forced.seat_antes": [1, 0, 2]})
    assert Hand([50, 50, 50], table=table).dead == (1, 0, 2)
    with pytest.raises(Exception, match="seat by seat for 3 players"):
        Hand([50, 50], table=table)


@pytest.mark.parametrize("change, message", [
    ({"forced.ante_by": "big-blind"}, "names who antes, but forced.ante is 0"),
    ({"forced.ante": 5, "forced.ante_by": "big-blind", "forced.ante_trimming": True}, "ante trimming"),
    ({"forced.seat_antes": [1, 1]}, "seat antes need ante_by"),
    ({"forced.blinds": [3, 2]}, "the small blind 3 is more than the big blind 2"),
    ({"forced.blinds": [1, 2, 1]}, "a straddle of 1 is less than the 2"),
    ({"forced.blinds": [2]}, "expected \\[small, big\\]"),
])
def test_forced_bet_structures_that_contradict_themselves_are_refused_naming_the_key(change, message):
    with pytest.raises(RulesError, match=message):
        with_stakes(load_game_table("deuce-to-seven-single-draw-phh"), change)


@pytest.mark.parametrize("fits, too_many, message", [
    ({"forced.blinds": [1, 2, 2, 4, 4, 8, 8, 16, 16, 32]}, {"forced.blinds": [1, 2, 2, 4, 4, 8, 8, 16, 16, 32, 32]},
     "forced.blinds: 11 blinds and straddles; a table seats at most 10"),
    ({"forced.ante_by": "by-seat", "forced.seat_antes": [1] * 7},
     {"forced.ante_by": "by-seat", "forced.seat_antes": [1] * 11}, "forced.seat_antes: 11 seats; a table seats at most"),
    ({"forced.ante_by": "by-seat", "forced.seat_antes": [1, 1, 1], "forced.ante_trimming": True},
     {"forced.ante_by": "by-seat", "forced.seat_antes": [1, 2, 1], "forced.ante_trimming": True},
     "forced.ante_trimming: ante trimming is for antes every player posts alike"),
])
def test_forced_bets_at_the_limit_load_and_one_past_it_is_refused(fits, too_many, message):
    """K3, V11: a blind and a straddle per seat, straddles equal to the blind before them; V9: trimming when
    every seat antes alike, by seat too (V5: uneven antes are not trimmed)."""
    table = load_game_table("deuce-to-seven-single-draw-phh")
    changed = with_stakes(table, fits)
    assert all(tuple(value) == getattr(changed, key.split(".")[-1]) if isinstance(value, list) else
               value == getattr(changed, key.split(".")[-1]) for key, value in fits.items())
    with pytest.raises(RulesError, match=message):
        with_stakes(table, too_many)


def test_a_tables_own_stakes_change_nothing():
    """What a history states that the table already has is no change, even where the table never writes the key:
    London's big bet of 0 (N2: pot-limit, razz's big bet removed) and California's small bet, its posts' total (F4)."""
    london, california = load_game_table("london-lowball"), load_game_table("california-lowball")
    assert with_stakes(london, {"big_bet": 0, "forced.bring_in": london.bring_in}) == london
    assert with_stakes(california, {"small_bet": sum(california.posts)}) == california


def test_a_big_blind_ante_needs_blinds():
    with pytest.raises(RulesError, match="forced.ante_by: the big-blind ante needs blinds"):
        with_stakes(load_game_table("razz-phh"), {"forced.ante": 5, "forced.ante_by": "big-blind"})


# ---- histories read and written ----

def test_a_button_blind_in_a_history_is_refused_in_one_line():
    text = ('variant = "N2L1D"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, -3]\nmin_bet = 2\n'
            'starting_stacks = [50, 50, 50]\nactions = []\n')
    with pytest.raises(HistoryError, match="button blind"):
        replay_hand(text)


def test_user_fields_and_pokerkits_metadata_are_read():
    """PHH allows any field that starts with "_", and pokerkit writes metadata (event, seats, time...)."""
    hand = replay_hand(WSOP_2023[0])
    text = to_phh(hand).replace('variant =', '_note = "a user field"\nevent = "PPC"\nseat_count = 5\nvariant =')
    assert replay_hand(text).result.finishing_stacks == hand.result.finishing_stacks


def test_an_empty_history_says_the_variant_is_missing():
    with pytest.raises(HistoryError, match="variant: missing"):
        replay_hand("starting_stacks = [13, 13]\n")


# ---- hands of house tables ----

HOUSE = Path(__file__).parents[2] / "docs" / "checks" / "two-draws.toml"


def two_draws_hand(seed: int, table=None) -> Hand:
    table = table or load_game_table(HOUSE)
    rng = random.Random(seed)
    hand = Hand([table.min_stack] * 3, table=table, seed=seed, narrate=False)
    hand.advance()
    while hand.phase != OVER:
        hand.apply(BOTS["random"](hand, rng))
        hand.advance()
    return hand


def test_a_hand_of_a_house_table_names_its_table_and_replays_at_it(tmp_path):
    """A history written at a house table (here docs/checks/two-draws.toml) names its table in PHH user fields, by
    its file's name only (no path of the machine that wrote it), and ``replay`` finds the table beside it."""
    shutil.copy(HOUSE, tmp_path / HOUSE.name)
    for seed in range(30):
        hand = two_draws_hand(seed)
        text = to_phh(hand)
        assert '_lowball_table = "two-draws"' in text and f'"{HOUSE.name}"' in text
        assert str(HOUSE.parent) not in text, "a history carries a path of the machine that wrote it"
        history = tmp_path / f"hand-{seed}.phh"
        history.write_text(text, encoding="utf-8")
        assert replay_hand(history).result.finishing_stacks == hand.result.finishing_stacks


def test_a_hand_of_a_house_table_whose_file_is_not_beside_it_says_what_to_pass(tmp_path):
    history = tmp_path / "hand.phh"
    history.write_text(to_phh(two_draws_hand(1)), encoding="utf-8")
    with pytest.raises(HistoryError, match="played at the house table 'two-draws' .*replay it with --game FILE"):
        replay_hand(history)
    assert replay_hand(history, load_game_table(HOUSE)).result is not None
    with pytest.raises(HistoryError, match="not at 'teaching-table'"):
        replay_hand(history, load_game_table("teaching-table"))


def test_a_house_table_with_a_built_in_games_name_replays_at_itself(tmp_path):
    """A house table that extends the teaching table and keeps its name (no ``name`` of its own) is not the
    teaching table: its hands replay at the house file, never silently at the built-in game."""
    house = tmp_path / "no-name.toml"
    house.write_text('extends = "teaching-table"\nranking = "deuce-to-seven"\nraises_per_round = 1\n')
    table = load_game_table(house)
    assert table.name == "teaching-table"
    history = tmp_path / "hand.phh"
    for seed in range(30):
        hand = two_draws_hand(seed, table)
        text = to_phh(hand)
        assert '_lowball_table = "teaching-table"' in text
        history.write_text(text, encoding="utf-8")
        assert replay_hand(history).result.finishing_stacks == hand.result.finishing_stacks
    house.unlink()
    with pytest.raises(HistoryError,
                       match=r"changed copy of the built-in game 'teaching-table' \(.*no-name.toml\).*--game FILE"):
        replay_hand(history)


def test_a_changed_copy_of_a_built_in_game_is_not_replayed_at_the_game():
    """``--set`` on a built-in game gives a table whose file is the game's own: its hands are refused with what to
    pass, not replayed at the unchanged game."""
    table = load_game_table("teaching-table", overrides={"raises_per_round": "1"})
    text = to_phh(two_draws_hand(3, table))
    with pytest.raises(HistoryError, match="changed copy of the built-in game 'teaching-table'"):
        replay_hand(text)
    assert replay_hand(text, table).result is not None


def test_a_hand_of_a_built_in_table_names_no_table():
    hand = Hand([13, 13], seed=2)
    hand.advance()
    assert "_lowball_table" not in to_phh(hand)


def test_in_stud_the_antes_are_dead_and_the_bring_in_live():
    """V10, L4: every player antes (dead money: nobody owes for it), the bring-in is live (the next player owes
    exactly the bring-in to call), and completing to the small bet is the round's bet, not a raise: a bet and
    every raise of the cap are still to come."""
    table = load_game_table("razz")
    hand = Hand([100] * 3, table=table, seed=4)
    hand.advance()
    assert hand.pot == 3 * table.ante and hand.dead == (table.ante,) * 3
    hand.apply(f"p{hand.to_act + 1} pb")
    hand.advance()
    assert hand.owed(hand.to_act) == table.bring_in
    hand.apply(f"p{hand.to_act + 1} cbr {table.small_bet}")
    assert hand.cap_count == 1 and table.bets_per_round - hand.cap_count == table.raises_per_round


def test_the_forced_bets_the_engine_posts_are_the_rule_as_written_and_as_z3_reads_it():
    """One definition (``engine/rules/forced_bets.py``): ``post`` read with numbers, as the engine runs it, gives what its Z3
    reading evaluates to, and ``may_redeal`` read with numbers agrees with its Z3 reading, on short and deep
    stacks at every built-in table and seating, with the blind or the ante posted first (V4, P7) and with and
    without ante trimming (V9)."""
    rng = random.Random(5)
    compared = 0
    for path in builtin_paths():
        table = load_game_table(path)
        for players in range(table.players_min, min(table.players_max, 6) + 1):
            if table.seat_antes and players != len(table.seat_antes):
                continue
            for blind_first, trimming in itertools.product((True, False), repeat=2):
                due = replace(owed(table, players), blind_first=blind_first, trimming=trimming)
                most = 3 * max(1, max(due.blinds) + max(due.antes))
                for _ in range(3):
                    chips = [rng.randint(1, most) for _ in range(players)]
                    where = f"{table.name}, {players} players, blind first {blind_first}, trimming {trimming}, " \
                            f"stacks {chips}"
                    plain = forced.post(PY, due, chips, 2)
                    assert _z3_posted(due, chips) == (plain.bets, plain.stacks, plain.antes, plain.pot), where
                    for ante in (0, 1, 3):
                        assert forced.may_redeal(PY, chips, ante) == _z3_may_redeal(chips, ante), where
                    compared += 1
    assert compared > 500


def _z3_may_redeal(chips: list[int], ante: int) -> bool:
    """Return what the Z3 reading of ``may_redeal`` gives for these stacks and ante, evaluated."""
    terms = [z3.Int(f"chips{i}") for i in range(len(chips))]
    term = forced.may_redeal(Z3, terms, ante)
    if isinstance(term, bool):
        return term
    got = z3.simplify(z3.substitute(term, *[(t, z3.IntVal(c)) for t, c in zip(terms, chips)]))
    assert z3.is_true(got) or z3.is_false(got), got
    return z3.is_true(got)


def _z3_posted(due, chips: list[int]) -> tuple:
    """Return what the Z3 reading of ``post`` gives for these stacks, evaluated: bets, stacks, antes, pot."""
    terms = [z3.Int(f"chips{i}") for i in range(len(chips))]
    posted = forced.post(Z3, due, terms, 2)
    solver = z3.Solver()
    solver.add(*[term == chip for term, chip in zip(terms, chips)])
    assert solver.check() == z3.sat
    model = solver.model()
    value = lambda term: term if isinstance(term, int) else model.eval(term, model_completion=True).as_long()
    return [value(b) for b in posted.bets], [value(s) for s in posted.stacks], [value(a) for a in posted.antes], \
        value(posted.pot)
