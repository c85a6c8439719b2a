"""The house tables of the docs (docs/checks/*.toml) load, play, and replay: a house game is a real game.

``docs/checks/ace-to-five-triple-draw.toml`` is the guide's example of a game of one's own: it
extends the built-in ace-to-five triple draw (W1-W8: deuce-to-seven triple draw's deal, K2-K9, played for
the ace-to-five low, F1) and seats five, so that the card bound holds (K9, W6). Bots
play it through ``lowball play --game FILE``, and every hand is replayed from its history with the
same stacks. A house table's variant code is not a built-in one, so its histories are replayed with
the table given: ``lowball replay --game FILE``, or ``replay_hand(text, table)``.
"""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest

from lowball.cli import main
from lowball.core.games import load_game_table
from lowball.engine.state import OVER, Hand, deck_for
from lowball.phh.history import games_by_variant, replay_hand, to_phh
from lowball.play.bots import BOTS

CHECKS = Path(__file__).resolve().parents[2] / "docs" / "checks"
ACE_TO_FIVE = CHECKS / "ace-to-five-triple-draw.toml"
HOUSE_TABLES = sorted(CHECKS.glob("*.toml"))


@pytest.mark.parametrize("path", HOUSE_TABLES, ids=lambda p: p.name)
def test_every_house_table_of_the_docs_loads_and_extends_a_built_in_game(path):
    table = load_game_table(path)
    assert table.extends in {game.name for game in games_by_variant().values()}
    assert table.source == path.name


def test_the_ace_to_five_table_changes_only_the_seats_of_the_built_in_game():
    """W1-W8 at five seats: the built-in game's streets, blinds, sizes, cap, reshuffle and ranking (F1, no joker)."""
    house, base = load_game_table(ACE_TO_FIVE), load_game_table("ace-to-five-triple-draw")
    assert house.ranking == base.ranking == "ace-to-five" and house.players_max == 5 < base.players_max
    assert house.deck_cards == 52 and house.joker is None
    for field in ("streets", "blinds", "small_bet", "big_bet", "raises_per_round", "heads_up_cap", "short_all_in",
                  "runs_out", "players_min", "odd_chip"):
        assert getattr(house, field) == getattr(base, field), field
    assert house.players_max == 5           # K9: verify refutes the card bound for six (docs/checks/house-rules.md)
    assert house.variant not in games_by_variant()         # its own code, not the card-room game's


def test_the_wheel_wins_at_the_house_table_and_loses_at_deuce_to_seven():
    """F1 against K1: the same showdown, A-2-3-4-5 against 8-6-4-3-2, both standing pat and checking."""
    actions = ["p2 cc", "p1 cc"] + ["p1 sd", "p2 sd", "p1 cc", "p2 cc"] * 3
    for game, winner in ((ACE_TO_FIVE, 0), ("deuce-to-seven-triple-draw", 1)):
        hand = Hand([50, 50], table=load_game_table(game), deck=deck_for(["5c 4d 3h 2s Ac", "8d 6h 4c 3s 2d"]))
        hand.advance()
        for action in actions:
            hand.apply(action)
            hand.advance()
        assert hand.result.winners == (winner,), game


def test_bots_play_the_house_table_from_the_command_line_and_every_hand_replays(tmp_path, capsys):
    """lowball play --game FILE writes every hand; each history replays at the house table to the same stacks."""
    code = main(["play", "--game", str(ACE_TO_FIVE), "--players", "4", "--hands", "60", "--seed", "3",
                 "--phh-dir", str(tmp_path)])
    assert code == 0 and "ace-to-five-triple-draw-five-seats: 60 hands" in capsys.readouterr().out
    table = load_game_table(ACE_TO_FIVE)
    histories = sorted(tmp_path.glob("*.phh"))
    assert len(histories) == 60
    showdowns = 0
    for path in histories:
        text = path.read_text(encoding="utf-8")
        assert f'variant = "{table.variant}"' in text
        hand = replay_hand(text, table)                   # finishing_stacks in the file are checked by the replay
        assert sum(hand.result.changes) == 0
        showdowns += hand.result.showdown
    assert showdowns >= 5


def test_many_bot_hands_replay_with_identical_stacks():
    """Random and sound bots, 2 to 6 players, short stacks so that all-ins and side pots happen (G6, K9)."""
    table = load_game_table(ACE_TO_FIVE)
    for seed in range(300):
        rng = random.Random(seed)
        players = rng.randint(table.players_min, table.players_max)
        hand = Hand([rng.randint(3, 60) for _ in range(players)], table=table, seed=seed, narrate=False)
        hand.advance()
        bots = [BOTS[rng.choice(["random", "sound"])] for _ in range(players)]
        while hand.phase != OVER:
            seat = hand.to_act
            bot = bots[seat] if seat is not None else BOTS["random"]
            hand.apply(bot(hand, rng))
            hand.advance()
        again = replay_hand(to_phh(hand), table)
        assert again.result.finishing_stacks == hand.result.finishing_stacks, f"seed {seed}\n{to_phh(hand)}"


def test_the_house_hand_of_the_docs_replays_with_replay_game(capsys):
    """F1 against K1: Lena's A-2-3-4-5 wins 12 at the house table (each put in 2 + 2 + 4 + 4)."""
    history = CHECKS.parent / "examples" / "ace-to-five-triple-draw.phh"
    assert main(["replay", "--json", "--game", str(ACE_TO_FIVE), str(history)]) == 0
    assert '"finishing_stacks": [\n    112,\n    88\n  ]' in capsys.readouterr().out
    assert main(["replay", str(history)]) == 2          # its code is the house table's own


CLUB = Path(__file__).resolve().parents[1] / "data" / "house" / "club-rules-in-russian.toml"


def test_a_hand_written_at_a_house_table_that_cites_its_rules_in_russian_replays_there(capsys):
    """A club's file may cite its own rulebook in its own letters (``clauses.cap`` in Russian): the table's code
    is a digest of its rules as written, so a hand written at it before (the ``.phh`` beside the file) keeps its
    code and replays at the same file with the stacks it finished with; the file changed, it is refused."""
    history = CLUB.with_suffix(".phh")
    table = load_game_table(str(CLUB))
    assert any(ord(letter) > 127 for letter in table.data["clauses"]["cap"])
    assert main(["replay", "--json", "--game", str(CLUB), str(history)]) == 0
    written = tomllib.loads(history.read_text(encoding="utf-8"))["finishing_stacks"]
    assert json.loads(capsys.readouterr().out)["finishing_stacks"] == written
    changed = load_game_table(str(CLUB), overrides={"clauses.cap": '"Правила клуба, п. 3.3"'})
    assert changed.variant != table.variant
