"""Bots (random-legal and sound) and the play/replay commands."""

import json
import random

import pytest

from lowball.play.bots import BOTS, keep_for_draw
from lowball.core.cards import parse_cards
from lowball.core.games import builtin_paths, load_game_table
from lowball.cli import main
from lowball.engine.state import Hand, deck_for
from lowball.play.sessions import play_session


def test_sound_bot_draws_to_a_seven_low():
    hand = Hand([13, 13], deck=deck_for(["Kc 9d 5h 3s Ac", "8d 7h 5s 4c 2h"]))
    kept = keep_for_draw(parse_cards("Kc 9d 5h 3s Ac"), hand)
    assert sorted(map(str, kept)) == sorted(["5h", "3s", "Ac"])
    assert keep_for_draw(parse_cards("5c 5d 3h 2s Ac"), hand) == list(parse_cards("Ac 2s 3h 5c"))


def test_sound_bot_stands_pat_on_a_made_eight_and_bets_it():
    hand = Hand([13, 13], deck=deck_for(["8d 7h 5s 4c 2h", "Kc Qd Jh 9s 9c"]))
    hand.advance()
    assert str(BOTS["sound"](hand, random.Random(0))) == "p1 cbr 1"


def test_sound_bot_folds_a_weak_hand_to_a_raise():
    hand = Hand([13, 13], deck=deck_for(["Kc Qd Jh 9s 9c", "8d 7h 5s 4c 2h"]))
    hand.advance()
    hand.apply("p1 cbr 1")
    hand.apply("p2 cbr 2")
    assert str(BOTS["sound"](hand, random.Random(0))) == "p1 f"


def test_sound_bot_beats_random_over_a_session():
    summary = play_session(["p1", "p2"], ["sound", "random"], 1500, seed=11)
    assert summary.chips["p1"] > 0 > summary.chips["p2"]
    assert summary.chips["p1"] + summary.chips["p2"] == 0


# The claim, with its tolerance: over 3,000 heads-up hands (seed 3, sound in seat p1 at the first hand, random
# p2) the sound bot wins, the 95% confidence interval of its mean result per hand lying wholly above nothing. A
# bot that plays no better than chance fails it (see the test after); no figure of one run is kept to be matched.
SESSION_HANDS = 3000


@pytest.mark.parametrize("game", sorted(builtin_paths()))
def test_sound_bot_beats_random_at_every_game(game):
    summary = play_session(["p1", "p2"], ["sound", "random"], SESSION_HANDS, seed=3, table=load_game_table(game))
    low, high = summary.interval("p1")
    assert low > 0, f"{game}: the sound bot's result per hand lies in [{low:.2f}, {high:.2f}] chips"


def test_the_claim_fails_for_a_bot_no_better_than_its_opponent():
    """The tolerance is no rubber stamp: random against random, the interval takes in nothing either way."""
    summary = play_session(["p1", "p2"], ["random", "random"], SESSION_HANDS, seed=3)
    low, high = summary.interval("p1")
    assert low < 0 < high


@pytest.mark.parametrize("game, cards, thrown", [
    ("teaching-table", "5s 4d 3c 2h Ad", "5s"),          # E1: the wheel is a straight in ace-to-six; keep A-2-3-4
    ("teaching-table", "7s 5s 4s 3s As", "5s"),          # E2: the flush; A-3-4-7 has 12 non-spade outs to an eight
    ("deuce-to-seven-triple-draw", "6s 5d 4c 3h 2d", "6s"),   # K1: 6-5-4-3-2 is a straight; 7 or 8 makes it
    ("deuce-to-seven-triple-draw", "7s 6d 5c 4h 3d", "6d"),   # K1: keep 7-5-4-3, draw to 7-5-4-3-2
    ("deuce-to-seven-triple-draw", "Ad 5c 4h 3d 2s", "Ad"),   # K1: A-5-4-3-2 is ace high, not a wheel
])
def test_sound_bot_breaks_a_hand_that_only_looks_low(game, cards, thrown):
    """Issue: the bot stood pat on 5-4-3-2-A, 6-5-4-3-2, 7-6-5-4-3 and on flushes. It must draw by the table's
    own ranking: throw the card whose replacement best makes a real low."""
    from lowball.core.games import load_game_table

    hand = Hand([40, 40], table=load_game_table(game), seed=1)
    kept = keep_for_draw(parse_cards(cards), hand)
    assert sorted(map(str, set(parse_cards(cards)) - set(kept))) == sorted(thrown.split())


def test_play_prints_a_summary_and_writes_histories(tmp_path, capsys):
    code = main(["play", "--players", "3", "--hands", "20", "--seed", "1", "--phh-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0 and "hands won" in out and "chips won" in out and "showdowns" in out
    files = sorted(tmp_path.glob("*.phh"))
    assert len(files) == 20
    assert main(["replay", "--json", str(files[0])]) == 0
    record = json.loads(capsys.readouterr().out)
    assert sum(record["changes"]) == 0 and len(record["finishing_stacks"]) == 3


def test_replay_text_shows_stacks(tmp_path, capsys):
    path = tmp_path / "e1.phh"
    path.write_text('variant = "FA6L1D"\nantes = [1, 1]\nsmall_bet = 1\nbig_bet = 2\nstarting_stacks = [13, 13]\n'
                    'actions = ["d dh p1 6c4h3s2dAc", "d dh p2 5s4d3c2hAd", "p1 cbr 1", "p2 cc", "p1 sd", "p2 sd",'
                    ' "p1 cbr 2", "p2 cc"]\nplayers = ["Lena", "Misha"]\n', encoding="utf-8")
    assert main(["replay", "--narrate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Lena wins the pot of 8" in out
    assert out.splitlines()[-2].split() == ["Lena", "13", "17", "+4"]


@pytest.mark.parametrize("body, message", [
    ('variant = "FA6L1D"\nantes = [1, 1]\nsmall_bet = 1\nbig_bet = 2\nstarting_stacks = [13, 13]\n'
     'actions = ["d dh p1 6c4h3s2dAc", "d dh p2 5s4d3c2hAd", "p2 cc"]\n', "action 3 'p2 cc': out of turn"),
    ('variant = "NT"\n', "unknown variant 'NT'"),
    ("variant = \n", "not valid TOML"),
])
def test_replay_refuses_bad_histories_with_exit_2(tmp_path, capsys, body, message):
    path = tmp_path / "bad.phh"
    path.write_text(body, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_play_refuses_unknown_bots(capsys):
    assert main(["play", "--bots", "shark", "--hands", "1"]) == 2
    assert "unknown bot 'shark' (known: random, sound, equilibrium)" in capsys.readouterr().err


def after_the_draw(cards: str, other: str) -> Hand:
    """Return a heads-up teaching-table hand checked and called to after the draw, both standing pat, p2 to bet
    first and betting, p1 to answer."""
    hand = Hand([13, 13], deck=deck_for([cards, other]))
    hand.advance()
    while hand.phase != "draw":
        hand.apply(next(a for a in hand.legal_actions() if a.kind == "cc"))
        hand.advance()
    while hand.phase == "draw":
        hand.apply(f"p{hand.to_act + 1} sd")
        hand.advance()
    while hand.names[hand.to_act] != "p2":
        hand.apply(next(a for a in hand.legal_actions() if a.kind == "cc"))
        hand.advance()
    hand.apply(next(a for a in hand.legal_actions() if a.kind == "cbr"))
    hand.advance()
    return hand


@pytest.mark.parametrize("cards, kind", [("Qc 7d 5h 3s 2c", "cc"), ("Jc 10d 5h 3s 2c", "cc"),
                                         ("8c 6d 4h 3s 2c", "cbr")])
def test_after_the_last_draw_the_sound_bot_raises_only_a_made_eight(cards, kind):
    """Notebook 6: the sound bots capped the betting with Q-7 and J-10 lows, which beat most random
    hands but few hands that stayed to the end. After the last draw it raises an eight or better and calls the
    rest when the pot pays."""
    hand = after_the_draw(cards, "Kc Kd 9h 9s 4c")
    assert hand.names[hand.to_act] == "p1"
    assert BOTS["sound"](hand, random.Random(0)).kind == kind
