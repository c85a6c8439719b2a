"""Where online rooms depart from the card rooms' rulebooks (docs/rules-digest.md part G, O4), as table keys.

Two departures the rooms' histories show and no card-room table plays:

* a player facing no bet folds where he could check (B1: he checks or bets). The key ``fold_facing_no_bet`` lets
  him; the card-room tables keep it off, the PokerStars tables (rules/rooms/pokerstars/) and the PHH tables (as
  pokerkit's reader plays a cash game) turn it on;
* a player who joins or returns posts a big blind out of turn (``forced.seat_posts``, seat by seat, like the seat
  antes of V11): live, it counts toward his call and leaves him his option, and it moves nobody's turn; its dead
  part (a small blind posted with it) is his seat's ante.

Each key is played by the engine, read by the proofs (the one betting round, the one ``forced.post``), written to
PHH and read back, compared with pokerkit, and read out of a room's history by ``lowball import``.
"""

from __future__ import annotations

import io
import random
import warnings
from decimal import Decimal
from pathlib import Path

import pytest
import z3

from lowball.core.games import ROOMS_DIR, builtin_paths, load_game_table, table_from_text, with_stakes
from lowball.core.ops import Z3
from lowball.engine.rules import betting_round as rm
from lowball.engine.state import OVER, Hand
from lowball.errors import HistoryError, IllegalAction, RulesError
from lowball.histories.games import room_tables, rooms_table, table_name
from lowball.histories.importer import import_files, import_stream
from lowball.histories.judge import Status
from lowball.histories.phh_out import phh_text
from lowball.histories.walk import walk
from lowball.phh.history import read_history, replay, replay_hand, to_phh
from lowball.play.bots import BOTS
from lowball.text.narration import narrate
from lowball.verify import check_engine_link
from lowball.verify.game import GAME_CHECKS
from lowball.verify.proof import find

from tests.support.outside_data import real_histories

REAL = real_histories("PokerStars")
ROOM_BADUGI = ROOMS_DIR / "pokerstars" / "badugi.toml"


def judged(text: str):
    (judgement,) = import_stream(io.BytesIO(text.encode("utf-8")), "test.txt")
    return judgement


def to_the_big_blind(table, players: int = 3, seed: int = 1) -> Hand:
    """Return a hand of ``table`` in which everyone before the big blind has called: the big blind, facing no
    raise, is to act (K3)."""
    hand = Hand([100] * players, table=table, seed=seed)
    hand.advance()
    while hand.to_act != 1:
        hand.apply(f"p{hand.to_act + 1} cc")
        hand.advance()
    assert hand.owed(1) == 0
    return hand


# ---- a fold facing no bet (B1; O4) ----

def test_the_card_room_tables_keep_b1_and_the_rooms_and_pokerkits_tables_fold_facing_no_bet():
    """B1 at every card-room table; O4 at the PokerStars tables; the PHH tables as pokerkit's reader plays."""
    for name in builtin_paths():
        assert load_game_table(name).fold_facing_no_bet is name.endswith("-phh"), name
    rooms = room_tables()
    assert any(name.startswith("pokerstars/") for name in rooms)
    for name, path in rooms.items():
        table = load_game_table(path)
        assert table.extends in builtin_paths(), name
        assert table.fold_facing_no_bet is name.startswith("pokerstars/"), name     # Kings Club's shows no fold
        assert "#" in path.read_text(encoding="utf-8"), f"{name} names no hand that shows its departure"


def test_every_pokerstars_game_is_judged_at_the_rooms_table():
    """rooms.toml [rooms.pokerstars] names a room's table for each card-room table the room's files play."""
    for game, structures in rooms_table()["tables"].items():
        for structure, builtin in structures.items():
            own = table_name(game, structure, "PokerStars")
            if own != builtin:
                assert own == f"pokerstars/{builtin}.toml" and own in room_tables()
                assert load_table_of(own).extends == builtin
    assert table_name("badugi", "fixed-limit", "Kings Club") == "badugi"


def load_table_of(name: str):
    from lowball.histories.games import load_table

    return load_table(name)


def test_a_player_facing_no_bet_folds_only_where_the_table_lets_him():
    """B1: the card-room badugi table refuses the big blind's fold facing no raise, in words; the PokerStars table
    lists it (O4), and the hand goes on without him."""
    strict = to_the_big_blind(load_game_table("badugi"))
    assert "p2 f" not in map(str, strict.legal_actions())
    with pytest.raises(IllegalAction, match="facing no bet a player may check or bet, not fold"):
        strict.apply("p2 f")
    room = to_the_big_blind(load_game_table(ROOM_BADUGI))
    assert [str(a) for a in room.legal_actions()] == ["p2 f", "p2 cc", "p2 cbr 4"]
    room.apply("p2 f")
    room.advance()
    assert room.folded[1] and room.phase == "draw"
    assert "p2 folds though nobody has bet, as this table allows (O4)" in narrate(room, "en")
    assert "p2 пасует, хотя ставки нет: за этим столом так можно (O4)" in narrate(room, "ru")


def test_a_bring_in_due_is_never_folded_even_where_folds_facing_no_bet_are_allowed():
    """L4: the player the cards choose brings it in or completes; the room's fold is no way out of it."""
    hand = Hand([100] * 3, table=load_game_table(ROOMS_DIR / "pokerstars" / "stud-high-low.toml"), seed=2)
    hand.advance()
    assert {a.kind for a in hand.legal_actions()} <= {"pb", "cbr"}


def test_the_bots_never_fold_where_a_check_is_free():
    """The random bot takes any legal action but a fold facing no bet; the sound bot checks what it would not
    bet. So at the room's table, as at the card rooms', a bot facing no bet never folds."""
    table = load_game_table(ROOM_BADUGI)
    rng = random.Random(4)
    facing_no_bet = 0
    for seed in range(12):
        hand = Hand([60] * 4, table=table, seed=seed, narrate=False)
        hand.advance()
        while hand.phase != OVER:
            seat = hand.to_act
            free = hand.phase == "bet" and hand.owed(seat) == 0
            action = BOTS["random" if seed % 2 else "sound"](hand, rng)
            if free:
                facing_no_bet += 1
                assert action.kind != "f", (seed, str(action))
            hand.apply(action)
            hand.advance()
    assert facing_no_bet > 20


def test_verify_proves_a_table_that_lets_players_fold_facing_no_bet():
    """B1, O4: with the flag on, the round is the one the engine plays and every property still holds (the stack
    guarantee, chips conserved, every round ends); Z3 finds a legal fold facing no bet in the round's model, and
    with the flag off proves there is none."""
    folds = table_from_text('extends = "teaching-table"\nname = "folds"\nfold_facing_no_bet = true\n')
    for number in (4, 6, 7):
        check = GAME_CHECKS[number](folds)
        assert check.holds, (number, check.counterexample)
    assert GAME_CHECKS[4](folds).figures["max_investment"] == 13               # T5: the same 13 chips
    for table, legal in ((folds, True), (load_game_table(), False)):
        r = rm.Rules.of(table, table.bet_streets[1], 3).kind
        s = rm.State.symbolic(3, f"fold{int(legal)}")
        found = find(rm.well_formed(Z3, r, s), rm.legal(Z3, r, s, s.actor, rm.FOLD),
                     rm.level(Z3, s) == z3.Sum(*[z3.If(s.actor == i, s.bets[i], 0) for i in range(3)]))
        assert (found is not None) is legal, table.name


def test_the_engine_plays_the_round_the_proofs_read_where_folds_facing_no_bet_are_allowed():
    """The engine link: at each decision of random play (folds facing no bet among them) the engine's listed
    actions and refusals are the model's."""
    report = check_engine_link(load_game_table(ROOM_BADUGI), hands=12, seed=3)
    assert report.agrees, report.mismatches
    assert report.decisions > 50


def test_the_phh_tables_fold_facing_no_bet_as_pokerkits_reader_does():
    """pokerkit 0.7.7 lets a player facing no bet fold in a cash game (with a warning) and refuses it in a
    tournament; its PHH reader plays every history as a cash game. A hand of ours in which the big blind folds
    facing no raise loads in pokerkit with our stacks."""
    pokerkit = pytest.importorskip("pokerkit")
    hand = to_the_big_blind(load_game_table("badugi-phh"))
    hand.apply("p2 f")
    hand.advance()
    while hand.phase != OVER:
        hand.apply(next(a for a in hand.legal_actions() if a.kind in ("cc", "sd")))
        hand.advance()
    text = to_phh(hand)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        states = list(pokerkit.HandHistory.loads(text))
    assert list(states[-1].stacks) == list(hand.result.finishing_stacks)
    assert any("no reason for this player to fold" in str(w.message) for w in caught)
    automations = (pokerkit.Automation.ANTE_POSTING, pokerkit.Automation.BET_COLLECTION,
                   pokerkit.Automation.BLIND_OR_STRADDLE_POSTING, pokerkit.Automation.CARD_BURNING,
                   pokerkit.Automation.HOLE_DEALING)
    for mode, may in ((pokerkit.Mode.CASH_GAME, True), (pokerkit.Mode.TOURNAMENT, False)):
        state = pokerkit.FixedLimitBadugi(automations, False, 0, (1, 2), 2, 4, mode=mode)([50] * 3, 3)
        state.check_or_call()
        state.check_or_call()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert state.bets[state.actor_index] == max(state.bets) and state.can_fold() is may, mode


def test_pokerkit_cannot_read_a_hand_in_which_the_players_with_chips_fold_facing_no_bet_to_an_all_in_player():
    """pokerkit 0.7.7 fails an assertion of its own (a side pot left with nobody to push it to) where every player
    with chips folds facing no bet and leaves the pot to a player all in; the rules give the last player the pot
    (S1), and lowball replays it. (So the random bot, which never folds where it could check, stays clear of it.)"""
    pokerkit = pytest.importorskip("pokerkit")
    text = """variant = "F2L3D"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [52, 5, 34, 3]
actions = ["d dh p1 4s4c4h3h2s", "d dh p2 5dQs8s5h6d", "d dh p3 Jc3d7h9hJd", "d dh p4 KcAhAcAs8c", "p3 cbr 4",
           "p4 cc", "p1 f", "p2 cc", "p2 sd 5d", "p3 sd 3d7h", "p4 sd AhAs", "d dh p2 Jh", "d dh p3 9cTc",
           "d dh p4 Js2d", "p2 f", "p3 f"]
"""
    assert replay(text).finishing_stacks == (51, 1, 30, 12)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(AssertionError):
            list(pokerkit.HandHistory.loads(text))


# ---- a post of a player who joins or returns (O4) ----

def posted_table(seat_posts=(0, 0, 0, 2, 0), **more):
    return with_stakes(load_game_table("badugi"), {"forced.seat_posts": list(seat_posts), **more})


def test_a_joining_players_post_is_live_and_moves_nobodys_turn():
    """O4: p4 posts a big blind as he joins. The first round still opens left of the big blind (K3: p3, who owes
    the big blind); the post counts toward p4's call, so he owes nothing and keeps his option (check or raise)."""
    hand = Hand([100] * 5, table=posted_table(), seed=1)
    hand.advance()
    assert hand.to_act == 2 and hand.owed(2) == 2 and hand.invested == (1, 2, 0, 2, 0) and hand.dead == (0,) * 5
    hand.apply("p3 cc")
    hand.advance()
    assert hand.to_act == 3 and hand.owed(3) == 0
    assert [str(a) for a in hand.legal_actions()] == ["p4 cc", "p4 cbr 4"]
    english, russian = narrate(hand, "en"), narrate(hand, "ru")
    assert "p4 joins the game with a live post of 2: it counts toward a call and changes nobody's turn (O4)" in \
        english
    assert "p4 вступает в игру с живой ставкой 2: она идёт в счёт уравнивания и ничью очередь не сдвигает (O4)" in \
        russian


def test_the_dead_part_of_a_post_is_that_seats_ante():
    """O4, V3: "posts small & big blinds": the big blind live, the small blind dead money in the pot, never a
    call."""
    table = posted_table(**{"forced.ante_by": "by-seat", "forced.seat_antes": [0, 0, 0, 1, 0]})
    hand = Hand([100] * 5, table=table, seed=1)
    hand.advance()
    assert hand.invested[3] == 3 and hand.dead[3] == 1 and hand.pot == 6
    assert any("p4 puts 1 in dead as well" in line for line in narrate(hand, "en"))
    assert not any("p4 posts an ante" in line for line in narrate(hand, "en"))


@pytest.mark.parametrize("stakes, message", [
    ({"forced.seat_posts": [0, 2, 0, 0]}, r"forced.seat_posts\[1\]: seat 2 posts a blind or straddle already"),
    ({"forced.seat_posts": [0, 0, 3, 0]}, r"a post of 3 is more than the big blind 2"),
    ({"forced.seat_posts": [0, 0, 0, 0]}, r"one of them at least 1"),
    ({"forced.seat_posts": [0, 0, 2], "forced.ante_by": "by-seat", "forced.seat_antes": [1, 1, 1, 1]},
     r"3 seats, and forced.seat_antes 4"),
    ({"forced.seat_posts": [0, 0, 2, 0], "forced.blinds": [1, 2, 2]}, r"seat 3 posts a blind or straddle"),
])
def test_a_post_that_could_not_be_posted_is_refused_naming_the_key(stakes, message):
    with pytest.raises(RulesError, match=message):
        with_stakes(load_game_table("badugi"), stakes)


def test_a_post_needs_blinds_and_its_number_of_players():
    with pytest.raises(RulesError, match="the table needs blinds"):
        with_stakes(load_game_table("razz"), {"forced.seat_posts": [0, 0, 1]})
    with pytest.raises(IllegalAction, match=r"given seat by seat for 5 players \(forced.seat_posts, K3\); got 4"):
        Hand([100] * 4, table=posted_table())
    assert posted_table().player_counts == range(5, 6)


def test_verify_proves_a_table_with_posts_and_finds_the_same_bound():
    """Property 4's bound reads the forced bets the engine posts (``forced_bets.owed``, ``largest_ante``): a live post of
    the big blind adds nothing to what one player can put in; chips are conserved, every round ends, and the engine
    plays what the proofs read (for the one number of players the posts seat)."""
    base = table_from_text('extends = "deuce-to-seven-triple-draw"\nname = "capped"\nheads_up_cap = "kept"\n'
                           'min_stack = 200\n')
    posted = with_stakes(base, {"forced.seat_posts": [0, 0, 0, 2, 0]})
    bound = GAME_CHECKS[4](base)
    check = GAME_CHECKS[4](posted)
    assert check.holds and check.figures["max_investment"] == bound.figures["max_investment"] == 48
    assert "5 players" in " ".join(check.proved)
    for number in (6, 7):
        assert GAME_CHECKS[number](posted).holds, number
    report = check_engine_link(posted, hands=8, seed=2, symbolic=True)
    assert report.agrees and report.symbolic_starts, report.mismatches


def test_a_post_is_written_to_phh_and_read_back_exactly():
    """O4, V11: the post goes into its seat's entry of ``blinds_or_straddles``, and ``_lowball_posts`` marks the
    seat, so that ``lowball replay`` reads it back as a post (not a straddle) and ends with the same stacks."""
    table = posted_table(**{"forced.ante_by": "by-seat", "forced.seat_antes": [0, 0, 0, 1, 0]})
    rng = random.Random(2)
    hand = Hand([100] * 5, table=table, seed=2, narrate=False)
    hand.advance()
    while hand.phase != OVER:
        hand.apply(BOTS["random"](hand, rng))
        hand.advance()
    text = to_phh(hand)
    data = read_history(text)
    assert data["blinds_or_straddles"] == [1, 2, 0, 2, 0] and data["antes"] == [0, 0, 0, 1, 0]
    assert data["_lowball_posts"] == [False, False, False, True, False]
    again = replay_hand(text, table=load_game_table("badugi"))
    assert again.table.seat_posts == (0, 0, 0, 2, 0) and again.table.seat_antes == (0, 0, 0, 1, 0)
    assert again.result.finishing_stacks == hand.result.finishing_stacks
    with pytest.raises(HistoryError, match=r"expected \[small, big, any straddles, 0, ...\]"):
        replay_hand(text.replace("_lowball_posts = [false, false, false, true, false]\n", ""),
                    table=load_game_table("badugi"))
    with pytest.raises(HistoryError, match="_lowball_posts: a seat marked"):
        replay_hand(text.replace("[false, false, false, true, false]", "[false, false, true, false, false]"),
                    table=load_game_table("badugi"))


def test_pokerkit_reads_a_joining_players_post_as_a_straddle():
    """pokerkit has no field for a joining post: given in ``blinds_or_straddles`` it is a straddle, after which the
    first turn comes (V11), so the opener moves from left of the big blind to left of the post. Its reader then
    "repairs" the history, folding or checking whoever it finds to act out of the history's order (here p5, who
    owes the big blind, is folded, and the small blind with him), and fails where no repair fits: pokerkit cannot
    replay a room's hand with a post (a departure of the rooms' hands from the PHH standard)."""
    pokerkit = pytest.importorskip("pokerkit")
    automations = (pokerkit.Automation.ANTE_POSTING, pokerkit.Automation.BET_COLLECTION,
                   pokerkit.Automation.BLIND_OR_STRADDLE_POSTING, pokerkit.Automation.CARD_BURNING,
                   pokerkit.Automation.HOLE_DEALING)
    state = pokerkit.FixedLimitBadugi(automations, False, 0, (1, 2, 0, 2, 0), 2, 4)([100] * 5, 5)
    ours = Hand([100] * 5, table=with_stakes(load_game_table("badugi-phh"), {"forced.seat_posts": [0, 0, 0, 2, 0]}),
                seed=1)
    ours.advance()
    assert (state.actor_index, ours.to_act) == (4, 2)
    ours.apply("p3 cc")                 # ours: p3 calls first; pokerkit waits for p5
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, read = pokerkit.HandHistory.loads(to_phh(ours))
        assert list(read.statuses) == [False, True, True, True, False]       # p1 and p5 folded by the "repair"
        with pytest.raises(ValueError, match="Unable to repair the hand history"):
            list(pokerkit.HandHistory.loads(phh_text(judged(POSTED))))


# ---- lowball import: the rooms' histories (O1, O4) ----

POSTED = """PokerStars Hand #900000000011:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2026/11/30 20:15:00 ET
Table 'Lowball Spec I' 6-max Seat #4 is the button
Seat 1: Lena ($5 in chips)
Seat 2: Misha ($4.20 in chips)
Seat 3: Hero ($6.35 in chips)
Seat 4: Olga ($3.10 in chips)
Lena: posts small blind $0.05
Misha: posts big blind $0.10
Olga: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [7c 5d 3h 2s Kd]
Hero: calls $0.10
Olga: checks
Lena: calls $0.05
Misha: checks
*** FIRST DRAW ***
Lena: discards 2 cards
Misha: discards 3 cards
Hero: discards 1 card [Kd]
Dealt to Hero [7c 5d 3h 2s] [8h]
Olga: discards 1 card
Lena: checks
Misha: folds
Hero: bets $0.10
Olga: folds
Lena: folds
Uncalled bet ($0.10) returned to Hero
Hero collected $0.40 from pot
*** SUMMARY ***
Total pot $0.40 | Rake $0
Seat 1: Lena (small blind) folded after the 1st Draw
Seat 2: Misha (big blind) folded after the 1st Draw
Seat 3: Hero collected ($0.40)
Seat 4: Olga (button) folded after the 1st Draw
"""


def test_a_room_hand_with_a_joining_post_and_a_fold_facing_no_bet_is_verified():
    """O4: Olga posts a big blind as she joins and checks her option; after the draw Misha folds though nobody has
    bet. The PokerStars table plays both; the post is told beside its line."""
    judgement = judged(POSTED)
    assert judgement.status is Status.VERIFIED, judgement.reason()
    assert judgement.table.name == "pokerstars-deuce-to-seven-triple-draw"
    assert judgement.table.seat_posts == (0, 0, 0, 10) and judgement.table.blinds == (5, 10)
    step = next(step for step in walk(judgement) if step.text == "Olga: posts big blind $0.10")
    assert step.rules == ["Olga joins the game with a live post of 0.10: it counts toward a call and changes "
                          "nobody's turn (O4)"]


def test_both_blinds_posted_together_are_the_big_blind_live_and_the_small_blind_dead():
    """PokerStars's "posts small & big blinds $0.15" at blinds of 0.05 and 0.10: 0.10 live, 0.05 dead (O4)."""
    text = POSTED.replace("Olga: posts big blind $0.10", "Olga: posts small & big blinds $0.15") \
        .replace("$0.40", "$0.45")
    judgement = judged(text)
    assert judgement.status is Status.VERIFIED, judgement.reason()
    assert judgement.table.seat_posts == (0, 0, 0, 10) and judgement.table.seat_antes == (0, 0, 0, 5)
    step = next(step for step in walk(judgement) if step.text.startswith("Olga: posts small & big"))
    assert len(step.rules) == 2 and "0.05 in dead" in step.rules[1]
    post = next(e for e in judgement.site_hand.events if e.player == "Olga")
    assert (post.amount, post.dead) == (Decimal("0.10"), Decimal("0.05"))


def test_a_room_hand_is_written_as_phh_that_lowball_replay_judges_at_the_rooms_table(tmp_path):
    """The PHH names the room's table by its path in rules/rooms (``_lowball_rules``), so `lowball replay` finds it
    wherever the file lies, and reads the post back (``_lowball_posts``)."""
    from lowball.cli.main import main

    text = phh_text(judged(POSTED))
    data = read_history(text)
    assert data["variant"] == "F2L3D" and data["_lowball_rules"] == "pokerstars/deuce-to-seven-triple-draw.toml"
    assert data["_lowball_posts"] == [False, False, False, True] and "_lowball_table" not in data
    hand = replay_hand(text)
    assert hand.table.name == "pokerstars-deuce-to-seven-triple-draw" and hand.table.seat_posts == (0, 0, 0, 10)
    path = tmp_path / "hand.phh"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    with pytest.raises(HistoryError, match="_lowball_rules: expected the name of a built-in game"):
        replay_hand(text.replace("pokerstars/deuce-to-seven-triple-draw.toml", "pokerstars/../../games/x.toml"))


@pytest.fixture(scope="module")
def real():
    if not REAL.is_dir():
        pytest.skip(f"{REAL} is not here (the rooms' histories are third-party test data beside the checkout)")
    wanted = {"badugi/Badugi-USD-0.25-0.50-201009.txt", "badugi/LBad-USD-SNG8-201011.txt",
              "stud-hi-lo/7-StudHL-USD-0.04-0.08-200911.txt", "five-card-draw/5-Carddraw-USD-0.10-0.20-200911.txt"}
    return {j.site_hand.number: j for j in import_files([REAL / name for name in sorted(wanted)])}


@pytest.mark.parametrize("number, seat_posts", [
    ("49164255772", (0, 0, 0, 25, 0, 0)),          # a joining player's big blind (line 115)
    ("49164287914", (0, 0, 0, 0, 0, 25, 0)),
    ("35839492817", (0, 0, 0, 0, 10, 0)),
])
def test_the_real_joining_posts_are_verified(real, number, seat_posts):
    judgement = real[number]
    assert judgement.status is Status.VERIFIED, judgement.reason()
    assert judgement.table.seat_posts == seat_posts
    assert replay_hand(phh_text(judgement)).result.finishing_stacks == judgement.hand.result.finishing_stacks


@pytest.mark.parametrize("number", ["52588453597", "52588496813", "35874676388"])
def test_the_real_folds_facing_no_bet_are_verified(real, number):
    judgement = real[number]
    assert judgement.status is Status.VERIFIED, judgement.reason()
    assert judgement.table.fold_facing_no_bet and judgement.table.name.startswith("pokerstars-")
