"""The rest of the lowball family as tables (the rules digest, part F): London lowball (N1-N10), ace-to-five triple draw
(W1-W8), deuce-to-seven razz (Y1-Y6) and badugi (U1-U7), each extending a built-in table.

The rulebooks' own figures are the tests: BARGE's pot-limit sums for London lowball (N6), the bring-in cards and
the boards that act first (N3, N4, Y3, Y4), the odd chip by each source (N9), the cap of WSOP-T (W5), badugi's
deal and draws of four (U4). Each setting the sources leave open is a key, and each key is shown to change play.
"""

from __future__ import annotations

import random
import re

import pytest

from lowball import compare, evaluate
from lowball.core.behaviours import OddChip
from lowball.core.games import GAMES_DIR, load_game_table, table_from_text
from lowball.core.cards import SUIT_CHARS, parse_cards
from lowball.engine import openers, showdown
from lowball.engine.state import BET, OVER, Hand, deck_for
from lowball.errors import IllegalAction, RulesError
from lowball.phh.history import replay_hand, to_phh

LONDON = load_game_table("london-lowball")
RAZZ_27 = load_game_table("deuce-to-seven-razz")
A5TD = load_game_table("ace-to-five-triple-draw")
BADUGI = load_game_table("badugi")


# ---- Each table extends a built-in one and lists only what differs ----

@pytest.mark.parametrize("game, parent", [("london-lowball", "razz"), ("ace-to-five-triple-draw",
                                          "deuce-to-seven-triple-draw"), ("deuce-to-seven-razz", "razz"),
                                          ("badugi", "deuce-to-seven-triple-draw"), ("badugi-phh", "badugi")])
def test_each_new_game_extends_a_built_in_table(game, parent):
    table = load_game_table(game)
    assert table.extends == parent
    own = (GAMES_DIR / f"{game}.toml").read_text(encoding="utf-8")
    assert "players.min" not in own and "[players]\nmin" not in own        # what it inherits is not retyped


def test_london_lowball_is_razz_under_ace_to_six_pot_limit():
    """N1, N2, N5: ace-to-six with the ace always low on the best five of seven, razz's deal, pot-limit."""
    assert LONDON.ranking == "ace-to-six-ace-low" and LONDON.structure.value == "pot-limit"
    assert LONDON.hand_size == 7 and LONDON.players_max == 8 and LONDON.raises_per_round is None
    assert LONDON.bet_sizes == (LONDON.bring_in,) * 5          # N5: the least bet is the bring-in on every street
    broadway, pair = "K♣ Q♦ J♥ 10♠ A♣", "2♣ 2♦ 3♥ 4♠ 5♣"
    assert evaluate(broadway, LONDON.ranking).category == "no-pair"      # N1: A-K-Q-J-10 is king-high, no straight
    assert compare(broadway, pair, LONDON.ranking) == 1 and compare(broadway, pair, "ace-to-six") == -1      # H4
    assert load_game_table("london-lowball", overrides={"ranking": "ace-to-six"}).ranking == "ace-to-six"   # H4, C1


# ---- N6: BARGE's worked pot-limit figures ----

BARGE = {"forced.ante": "100", "forced.bring_in": "150", "small_bet": "150"}      # N6: BARGE's stakes


def _bring_in_posted(stacks: int = 10_000, **overrides) -> Hand:
    table = load_game_table("london-lowball", overrides=BARGE | overrides)
    hand = Hand([stacks] * 8, table=table, seed=4)
    hand.advance()
    hand.apply(f"p{hand.to_act + 1} pb")
    return hand


def test_barge_pot_limit_figures():
    """N6: eight players, ante 100, bring-in 150: the pot is 950; the next player may make it 300 to 1,250; after a
    raise to 650, a pot-sized raise goes to 2,900 (and the least to 650 + 500 = 1,150)."""
    hand = _bring_in_posted()
    assert hand.pot == 8 * 100 + 150 == 950
    assert hand.raise_range() == (300, 1250)
    hand.apply(f"p{hand.to_act + 1} cbr 650")
    assert hand.raise_range() == (1150, 2900)


def test_the_first_raise_over_the_bring_in_is_a_raise_not_a_completion():
    """N5, N10: there is no completion; a raise to 299 is refused (pokerkit, measuring from the completion, would
    ask for 600 after 150 -> 300: P8)."""
    hand = _bring_in_posted()
    with pytest.raises(IllegalAction, match="at least 300"):
        hand.apply(f"p{hand.to_act + 1} cbr 299")
    hand.apply(f"p{hand.to_act + 1} cbr 300")
    assert hand.raise_range()[0] == 450                         # N5: the least raise is the last raise (150)


def test_the_bring_in_may_open_for_more_or_not_by_the_setting():
    """N7: BARGE is silent. Opening for more: at least a raise over the bring-in, at most the pot (800)."""
    hand = Hand([10_000] * 8, table=load_game_table("london-lowball", overrides=BARGE), seed=4)
    hand.advance()
    assert hand.raise_range() == (300, 800)
    strict = Hand([10_000] * 8, table=load_game_table("london-lowball",
                                                     overrides=BARGE | {"forced.bring_in_may_bet": "false"}), seed=4)
    strict.advance()
    assert [a.kind for a in strict.legal_actions()] == ["pb"] and strict.raise_range() is None
    with pytest.raises(IllegalAction, match="posted for exactly 150"):
        strict.apply(f"p{strict.to_act + 1} cbr 300")


def test_the_pot_may_be_rounded_up_when_the_largest_bet_is_sized():
    """N7 (L 186, RRP: an odd amount counts as the next unit): 950 + the call of 150 = 1,100 rounds up to 1,500 in
    units of 500, so the most is 150 + 1,500; RRP's own example, a pot of 80 in units of 25, counts as 100."""
    assert _bring_in_posted(**{"pot_rounding": "500"}).raise_range() == (300, 1650)
    from lowball.engine.betting import rounded_pot

    assert rounded_pot(load_game_table("london-lowball", overrides={"pot_rounding": "25"}), 80) == 100


# ---- N3, N4, Y3, Y4: who brings it in, who acts first ----

def _third_street(table, up_cards: list[str]) -> Hand:
    """Return a hand after third street with these up cards, one per player (the down cards from the deck)."""
    spare = [c for c in parse_cards("2c 3c 4c 5c 6c 7c 8c 9c 2d 3d 4d 5d 6d 7d 8d 9d")
             if str(c) not in " ".join(up_cards).split()]
    hand = Hand([500] * len(up_cards), table=table, replay=True)
    for seat, up in enumerate(up_cards):
        hand.apply(f"d dh p{seat + 1} {spare[2 * seat]}{spare[2 * seat + 1]}{up}")
    hand.advance()
    return hand


def test_the_highest_upcard_brings_it_in_the_king_of_spades_highest_in_london():
    """N3: the K♠ is the highest card, then K♥, K♦, K♣, Q♠, ...; the ace the lowest (razz's order, R2)."""
    assert _third_street(LONDON, ["Kh", "Ks", "Ac"]).to_act == 1
    assert _third_street(LONDON, ["As", "Qc", "Jd"]).to_act == 1


def test_aces_are_high_for_the_deuce_to_seven_razz_bring_in():
    """Y3 (BARGE): A♠, A♥, A♦, A♣, K♠ ... 2♣: an ace brings it in, the A♠ before any other; razz's own rule (the K♠
    highest) is the setting pokerkit plays (P9)."""
    assert _third_street(RAZZ_27, ["Ks", "Ac", "Qd"]).to_act == 1
    assert _third_street(RAZZ_27, ["Ah", "As", "Kd"]).to_act == 1
    low_ace = load_game_table("deuce-to-seven-razz", overrides={"forced.bring_in_by": "highest-upcard"})
    assert _third_street(low_ace, ["Ks", "Ac", "Qd"]).to_act == 0


def test_the_lowest_board_acts_first_read_with_the_ace_low_in_london_and_high_in_deuce_to_seven_razz():
    """N4: A-2 is the lowest board under ace-to-six; Y4: read with the ace high, K-Q is lower than A-2."""
    boards = [parse_cards("Ks Qd"), parse_cards("Ah 2c")]
    assert openers.board_key(boards[1], high=False) > openers.board_key(boards[0], high=False)                # N4
    assert openers.board_key(boards[0], high=False, ace_low=False) > openers.board_key(boards[1], high=False,
                                                                                      ace_low=False)   # Y4
    assert openers.board_key(parse_cards("9c 8d"), False, False) > openers.board_key(parse_cards("3c 3d"), False,
                                                                                    False)             # pairs worst


def test_a_deuce_to_seven_razz_hand_opens_fourth_street_by_the_ace_high_board():
    """Y4 in play: p1 shows K-Q, p2 A-2: p1 acts first on fourth street; at razz p2 would."""
    def fourth(table) -> int:
        hand = _third_street(table, ["Kh", "Ah", "Qs"])
        while hand.phase == BET:
            legal = hand.legal_actions()
            hand.apply(next(a for a in legal if a.kind in ("pb", "cc")))
            hand.advance()
        hand.apply("d dh p1 Qd")
        hand.apply("d dh p2 2s")
        hand.apply("d dh p3 Ks")
        hand.advance()
        return hand.to_act

    assert fourth(RAZZ_27) == 0 and fourth(load_game_table("razz")) == 1


def test_london_opens_every_later_street_by_the_lowest_board_read_with_the_ace_low():
    """N4 in play, street by street: p1 shows A-2, then A-2-3, then A-2-3-4 (and keeps that board on seventh street,
    dealt face down), the lowest boards under ace-to-six; p2 shows K-Q, K-Q-J, K-Q-J-9, lower only if the ace were
    read high (Y4). p1 acts first on fourth, fifth, sixth and seventh street."""
    hand = _third_street(LONDON, ["Ah", "Kh"])
    assert hand.to_act == 1                                  # N3: p2's king brings it in
    hand.apply(next(a for a in hand.legal_actions() if a.kind == "pb"))
    hand.apply("p1 cc")
    openers_seen = []
    for mine, his in [("2s", "Qd"), ("3d", "Jh"), ("4h", "9s"), ("5h", "8h")]:
        hand.apply(f"d dh p1 {mine}")
        hand.apply(f"d dh p2 {his}")
        hand.advance()
        openers_seen.append(hand.to_act)
        hand.apply(f"p{hand.to_act + 1} cc")
        hand.apply(f"p{hand.to_act + 1} cc")
    assert openers_seen == [0, 0, 0, 0]


# ---- N8: the community card ----

def _everyone_calls_down(table, seed: int) -> Hand:
    hand = Hand([10_000] * 8, table=table, seed=seed)
    hand.advance()
    while hand.phase != OVER:
        legal = hand.legal_actions()
        hand.apply(next(a for a in legal if a.kind == "pb") if legal[0].kind == "pb" else
                   next((a for a in legal if a.kind == "cc"), legal[0]))
        hand.advance()
    return hand


def test_eight_players_to_seventh_street_get_a_community_card_and_the_setting_says_if_it_shows():
    """N8, L8: 8 x 7 = 56 > 52: one community card for all. Where it shows on every board (the setting; pokerkit
    ignores it, P4), the seventh-street opener is the player whose five cards showing make the lowest ace-to-six
    hand; found on the first seed where the two readings pick different players."""
    counted = load_game_table("london-lowball", overrides={"deck.community_card_on_boards": "true"})
    for seed in range(40):
        hand = _everyone_calls_down(counted, seed)
        plain = _everyone_calls_down(LONDON, seed)
        assert len(hand.community) == 1
        last = [e for e in hand.events if e.key == "round"][-1].get("who")
        if last != [e for e in plain.events if e.key == "round"][-1].get("who"):
            break
    else:
        pytest.fail("no seed where the community card changes who acts first")
    shown = {hand.names[s]: openers.up_cards(hand, s) + list(hand.community) for s in hand.contenders}
    lowest = min(shown, key=lambda name: (evaluate(shown[name], "ace-to-six-ace-low").rank, name))
    assert last == lowest


def test_a_high_low_board_of_five_cards_is_read_as_a_high_hand():
    """N8, L6: at seven-card stud high-low where the community card shows on every board (a house setting), the
    seventh-street opener is the player whose five cards showing make the best *high* hand (rank 1 is best, ties to
    the first seat), not the best eight-or-better low; on some seeds the two readings pick different players."""
    table = table_from_text('extends = "stud-high-low"\nname = "stud-high-low-boards"\n'
                            '[deck]\ncommunity_card_on_boards = true\n')
    differ = 0
    for seed in range(12):
        hand = _everyone_calls_down(table, seed)
        last = [e for e in hand.events if e.key == "round"][-1].get("who")
        shown = {s: openers.up_cards(hand, s) + list(hand.community) for s in hand.contenders}
        high = min(shown, key=lambda s: (evaluate(shown[s], "high").rank, s))
        low = min(shown, key=lambda s: (evaluate(shown[s], "ace-to-five").rank, s))
        assert last == hand.names[high], f"seed {seed}"
        differ += high != low
    assert differ


def test_a_board_of_five_cards_is_read_by_the_half_the_opener_rule_asks_for():
    """N8, L6, R3: a board of five cards (four up and the community card) is read by the high half's ranking when
    the best high board opens, and by the low half's when the lowest board does: at stud high-low a full house
    beats a seven-low as a high hand, and loses to it as a low one."""
    hand = Hand([100] * 2, table=load_game_table("stud-high-low"), seed=1)
    seven_low, full_house = parse_cards("2c 3d 4h 5s 7c"), parse_cards("Kc Kd Kh Qs Qc")
    assert openers.five_card_board_key(hand, full_house, high=True) > \
        openers.five_card_board_key(hand, seven_low, high=True)
    assert openers.five_card_board_key(hand, seven_low, high=False) > \
        openers.five_card_board_key(hand, full_house, high=False)


# ---- N9, Y5: the odd chip ----

POT_LIMIT = 'variant = "PA6R"\nantes = [1, 1, 1]\nbring_in = 2\nmin_bet = 2\n'            # a pot of 7
FIXED_LIMIT = 'antes = [1, 1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n'               # a pot of 5


def called_down(header: str, cards: dict[int, str]) -> str:
    """Return a stud history: p1 brings it in, p2 calls, p3 folds his ante; then p2 and p1 check every street."""
    held = {seat: text.split() for seat, text in cards.items()}
    actions = [f"d dh p{seat} {''.join(held[seat][:3])}" for seat in held] + ["p1 pb", "p2 cc", "p3 f"]
    for street in range(3, 7):
        actions += [f"d dh p1 {held[1][street]}", f"d dh p2 {held[2][street]}", "p2 cc", "p1 cc"]
    return header + "starting_stacks = [50, 50, 50]\nactions = [" + ", ".join(f'"{a}"' for a in actions) + "]\n"


def tied(p1_ace: str, p2_ace: str, header: str = POT_LIMIT) -> str:
    """Return 6-4-3-2-A against 6-4-3-2-A: p1 holds K♣ up and the ace ``p1_ace``, p2 Q♠ up, A♠ and the ace
    ``p2_ace``; p3 folds his ante."""
    return called_down(header, {1: f"{p1_ace} 2d Kc 3c 4d 6h 9c", 2: f"{p2_ace} 2c Qs 3d 4c 6s As", 3: "9d 9h 5h"})


@pytest.mark.parametrize("rule, aces, first", [
    ("high-card-by-suit-as-ranked", ("Ad", "Ac"), "p1"),   # N9 BARGE: p1's K♣ over p2's Q♠, the ace lowest under A-6
    ("high-card-by-suit-as-ranked", ("Ac", "Ad"), "p1"),   # ... the highest card, not the lowest (A♦ over A♣)
    ("high-card-played-by-suit", ("Ad", "Ac"), "p2"),      # N9 WSOP-T 73: among the 6-4-3-2-A each plays, 6♠ over 6♥
    ("low-card-by-suit", ("Ad", "Ac"), "p2"),              # N9 RRP: the lowest card of all, A♣ below A♦
    ("low-card-by-suit", ("Ac", "Ad"), "p1"),              # ... the lowest card, not the highest (K♣ over Q♠)
    ("high-card-by-suit", ("Ad", "Ac"), "p2"),             # L7: the ace high: p2's A♠
])
def test_the_odd_chip_between_tied_london_hands_by_each_source(rule, aces, first):
    """N9: 6-4-3-2-A against 6-4-3-2-A, a pot of 7: whoever the rule reads gets 4."""
    table = load_game_table("london-lowball", overrides={"showdown.odd_chip": rule})
    hand = replay_hand(tied(*aces), table)
    assert hand.result.finishing_stacks[int(first[1]) - 1] == 50 - 3 + 4
    assert OddChip(rule).by_card
    from lowball.text.narration import narrate

    said = [line for line in narrate(hand) if "odd chip" in line]
    assert len(said) == 1 and said[0].startswith(f"the odd chip goes to {first}, who ") and said[0].endswith("(N9)")
    assert any(line.startswith(f"лишнюю фишку получает {first}: ") for line in narrate(hand, "ru"))


@pytest.mark.parametrize("game, history, first", [
    ("london-lowball", tied("Ad", "Ac"), "p1"),                      # N9 BARGE: K♣ over Q♠, the ace lowest
    ("razz", tied("Ad", "Ac", 'variant = "FR-CR"\n' + FIXED_LIMIT), "p2"),   # L7: the ace high: p2's A♠
    ("deuce-to-seven-razz", called_down('variant = "F2R"\n' + FIXED_LIMIT, {   # Y5: BARGE, the ace high: K♠
        1: "8h 6d Ks 4d 3c 2h Jd", 2: "8s 6c Qs 4h 3d 2d Jc", 3: "9h 9d Tc"}), "p1"),
    # L7 in the low half: p2's A-K high takes the high 4 of 7; the 8-4-3-2-A lows split 3, the odd chip to the
    # highest card with the ace high, A♦ over A♣ (read as the low ranks it, p2's K♠ would beat p1's 10♣)
    ("stud-high-low", called_down('variant = "F7S/8-CR"\nantes = [1, 1, 1]\nbring_in = 2\nsmall_bet = 4\n'
                                  'big_bet = 8\n', {1: "Ad 2d 3c 4d 8h 9c Tc", 2: "Ac 2c Ks 3h 8s Qd 4h",
                                                    3: "9h 9d Th"}), "p1"),
])
def test_each_stud_table_gives_the_odd_chip_by_its_own_source(game, history, first):
    """N9, L7, Y5 as each table sets them (no setting changed): two tied hands split an odd pot, or an odd half of
    one, and the player the table's own rule reads gets the odd chip. Another rule would pick the other player:
    at London the five played (6♠ over 6♥), at razz and in stud high-low's low half the ace read low (K♣ over Q♠,
    K♠ over 10♣), at deuce-to-seven razz the five played (8♠ over 8♥)."""
    from lowball.text.narration import narrate

    hand = replay_hand(history, load_game_table(game))
    other = "p2" if first == "p1" else "p1"
    story = narrate(hand)
    odd = next(line for line in story if line.startswith("the odd chip goes to "))
    split = story[story.index(odd) - 1]                        # the split the odd chip belongs to
    shares = {who: int(chips) for who, chips in re.findall(r"(p\d) (\d+)", split.split(": ", 1)[1])}
    assert split.startswith("p1, p2 split ") and shares[first] == shares[other] + 1, split
    assert odd.startswith(f"the odd chip goes to {first}, who ")


def test_the_lowest_card_is_read_by_rank_before_suit_and_the_joker_by_neither():
    """N9 RRP: the lowest card gets the odd chip, by rank first (2♣ before 3♣, on a high side too, where the ace
    is high), then by suit (A♣ before A♦); by any card rule the joker, which has no suit (F8), is not read:
    BARGE's highest card of Jk-5♠-4♥-3♦-2♣ is the 5♠."""
    stud = load_game_table("stud-high-low", overrides={"showdown.odd_chip": "low-card-by-suit"})
    hand = Hand([50, 50], table=stud, deck=deck_for(["2c 9d Kh", "3c 9h Kd"], cards=stud.deck_cards))
    hand.advance()
    high = stud.sides[0]
    assert showdown.odd_chip_card(hand, high, 0) > showdown.odd_chip_card(hand, high, 1)
    london = load_game_table("london-lowball", overrides={"showdown.odd_chip": "low-card-by-suit"})
    hand = Hand([50, 50], table=london, deck=deck_for(["Ad 9d Kh", "Ac 9h Kd"], cards=london.deck_cards))
    hand.advance()
    assert showdown.odd_chip_card(hand, london.sides[0], 1) > showdown.odd_chip_card(hand, london.sides[0], 0)
    california = load_game_table("california-lowball",
                                 overrides={"showdown.odd_chip": "high-card-by-suit-as-ranked"})
    hand = Hand([50, 50], table=california,
                deck=deck_for(["Jk 5s 4h 3d 2c", "5d 4c 3h 2s Ac"], cards=california.deck_cards))
    hand.advance()
    assert showdown.odd_chip_card(hand, california.sides[0], 0) == (5, SUIT_CHARS.index("s"))
    assert showdown.odd_chip_card(hand, california.sides[0], 0) > showdown.odd_chip_card(hand, california.sides[0], 1)


# ---- W1-W8: ace-to-five triple draw ----

def test_ace_to_five_triple_draw_ranks_by_ace_to_five_with_no_joker_and_caps_at_a_bet_and_four_raises():
    """W1: A-A-7-6-5 beats 2-2-5-4-3 (the lowest pair wins), the wheel is the best hand; no joker (52 cards).
    W2: no sevens rule. W5: WSOP-T 100, a bet and four raises even heads-up."""
    assert compare("Ac Ad 7h 6s 5c", "2c 2d 5h 4s 3c", A5TD.ranking) == 1
    assert evaluate("5c 4d 3h 2s Ac", A5TD.ranking).rank == 1 and A5TD.deck_cards == 52 and A5TD.joker is None
    assert A5TD.bets_per_round == 5 and A5TD.heads_up_cap.value == "kept" and A5TD.sevens_rule.value == "off"
    hand = Hand([500, 500], table=A5TD, seed=1)
    hand.advance()
    raises = 0
    while any(a.kind == "cbr" for a in hand.legal_actions()):
        hand.apply(next(a for a in hand.legal_actions() if a.kind == "cbr"))
        raises += 1
    assert raises == 4                       # the big blind is the bet; four raises follow, heads-up too


def test_the_house_table_of_the_docs_is_now_the_built_in_game_at_five_seats():
    """The house table docs/checks/ace-to-five-triple-draw.toml extends the built-in game and changes only the seats
    (so that the card bound holds, K9) and its names."""
    house = load_game_table(GAMES_DIR.parent.parent.parent.parent / "docs" / "checks" / "ace-to-five-triple-draw.toml")
    assert house.extends == "ace-to-five-triple-draw" and house.players_max == 5 and house.ranking == A5TD.ranking


# ---- U4: badugi ----

def test_badugi_deals_four_and_draws_up_to_four():
    """U4: four cards down from the small blind; three draws of 0-4, each followed by betting (small, small, big,
    big); up to eight players."""
    assert BADUGI.hand_size == 4 and BADUGI.draws == 3 and BADUGI.players_max == 8
    assert [d.max_discard for d in BADUGI.draw_streets] == [4, 4, 4]
    assert BADUGI.bet_sizes == (BADUGI.small_bet, BADUGI.small_bet, BADUGI.big_bet, BADUGI.big_bet)
    hand = Hand([100] * 3, table=BADUGI, seed=2)
    hand.advance()
    assert all(len(cards) == 4 for cards in hand.hands)


def test_a_badugi_beats_a_three_card_hand_at_the_showdown():
    """U2 in play: the lowest hand, by the badugi ranking, takes the pot; narrated with the cards that play."""
    text = """variant = "FB-CR"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ["d dh p1 KcQdJhTs", "d dh p2 Ac2d3h3s", "p2 cc", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc",
  "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc"]
"""
    hand = replay_hand(text)
    assert hand.result.finishing_stacks == (102, 98)
    from lowball.text.narration import narrate

    story = narrate(hand)
    assert any("KcQdJhTs" in line.replace(" ", "") or "K-Q-J-10: four-card badugi, king-high" in line for line in story)
    assert "p2 shows 3-2-A: three-card hand, three-high" in story


BET_STREETS = ('[[streets]]\nkind = "bet"\nsize = "small"\nopener = "dealer-left"\nclause = "U4"\n'
               '[[streets]]\nkind = "bet"\nsize = "big"\nopener = "dealer-left"\nclause = "U4"\n')


def test_badugi_refuses_a_draw_of_five_and_a_five_card_deal():
    """U4: a badugi hand is four cards, and a draw throws at most the four held (U1: nor does it deal five)."""
    with pytest.raises(RulesError, match="5 is more than the 4 cards a player holds"):
        table_from_text('extends = "badugi"\nname = "x"\n[[streets]]\nkind = "deal"\ndown = 4\nclause = "U4"\n'
                        '[[streets]]\nkind = "draw"\nmax_discard = 5\nclause = "U4"\n' + BET_STREETS)
    with pytest.raises(RulesError, match="badugi ranks hands of exactly 4"):
        table_from_text('extends = "badugi"\nname = "x"\n[[streets]]\nkind = "deal"\ndown = 5\nclause = "U4"\n'
                        '[[streets]]\nkind = "draw"\nmax_discard = 4\nclause = "U4"\n' + BET_STREETS)


# ---- The loader: unset, and the settings refused where they mean nothing ----

@pytest.mark.parametrize("text, problem", [
    ('extends = "razz"\nunset = ["no-such-key"]\n', "unset: 'no-such-key' is not a key of 'razz'"),
    ('name = "x"\nunset = ["big_bet"]\n', "only a table that extends another removes keys"),
    ('extends = "razz"\nunset = "big_bet"\n', "unset: expected a list of dotted keys, got 'big_bet'"),
    ('extends = "razz"\nunset = ["big_bet", 3]\n', "unset: expected a list of dotted keys, got"),
    ('extends = "razz"\nunset = ["big_bet"]\nbig_bet = 4\n', "'big_bet' is removed from the table it extends and set"),
    ('extends = "razz"\npot_rounding = 25\n', "only pot-limit sizes a bet by the pot"),
    ('extends = "london-lowball"\npot_rounding = 1\n', "a unit of 1 chip rounds nothing"),
    ('extends = "badugi"\n[forced]\nbring_in_may_bet = false\n', "there is no bring-in"),
    ('extends = "badugi"\n[deck]\ncommunity_card_on_boards = true\n', "never deals a community card"),
])
def test_the_loader_refuses_what_a_table_cannot_mean(text, problem):
    with pytest.raises(RulesError, match=problem.replace("(", r"\(")):
        table_from_text(text)


def test_unset_removes_an_inherited_key():
    assert LONDON.big_bet == 0 and "heads_up" not in LONDON.data.get("clauses", {})
    assert LONDON.clauses["heads_up"] == LONDON.clauses["cap"]          # the aspect falls back to the cap's clause


# ---- Every new game plays and replays ----

@pytest.mark.parametrize("game", ["london-lowball", "ace-to-five-triple-draw", "deuce-to-seven-razz", "badugi",
                                  "badugi-phh"])
def test_bots_play_and_every_history_replays_to_the_same_stacks(game):
    from lowball.play.bots import BOTS

    table = load_game_table(game)
    rng = random.Random(7)
    for seed in range(12):
        hand = Hand([table.small_bet * 30] * rng.randint(2, table.players_max), table=table, seed=seed)
        hand.advance()
        while hand.phase != OVER:
            hand.apply(BOTS["random" if hand.to_act % 2 else "sound"](hand, rng))
            hand.advance()
        again = replay_hand(to_phh(hand))
        assert again.result.finishing_stacks == hand.result.finishing_stacks
        assert sum(hand.result.changes) == 0


# ---- lowball census --game: the game's ranking over the seven cards a stud player ends with ----

def _containing(ranks: int) -> int:
    """Return how many seven-card hands hold at least one card of each of ``ranks`` given ranks (inclusion-exclusion)."""
    from math import comb

    return sum((-1) ** k * comb(ranks, k) * comb(52 - 4 * k, 7) for k in range(ranks + 1))


@pytest.mark.parametrize("game, best", [("london-lowball", "6-4-3-2-A"), ("deuce-to-seven-razz", "7-5-4-3-2")])
def test_census_of_a_stud_game_counts_its_seven_card_hands(game, best, capsys):
    """N1, Y1: `lowball census --game` counts the 133,784,560 seven-card hands by the best five under the game's
    ranking. The best class worked out by hand: the hands holding each of the five ranks, less those whose only
    such five is one suit (a flush: four suits, and two more cards from the 32 of other ranks)."""
    import json

    from lowball.cli import main

    assert main(["census", "--game", game, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["system"] == load_game_table(game).ranking and report["cards"] == 7
    assert report["hands"] == 133_784_560 and report["best_class"] == best
    assert report["best_class_hands"] == _containing(5) - 4 * 496 == 779_840


def test_verify_says_there_is_no_most_a_london_player_can_put_in():
    """N5, property 4: pot-limit with unlimited raising promises no largest investment; in poker terms, a bet may be
    all of a player's chips."""
    from lowball.verify.game import check_stack_guarantee

    check = check_stack_guarantee(LONDON)
    assert not check.applies and "max_investment" not in check.figures
    assert any("there is no most a player can put in: in pot-limit" in fact for fact in check.proved)


@pytest.mark.parametrize("game, deals, rounds", [
    ("london-lowball", "N2", ["N3", "N4", "N4", "N4", "N4"]),          # N2-N4: razz's streets, London's clauses
    ("deuce-to-seven-razz", "Y2", ["Y3", "Y4", "Y4", "Y4", "Y4"]),     # Y2-Y4
    ("badugi", "U4", ["K3", "U4", "U4", "U4"]),                        # U4; the blinds' round as 2-7's (K3)
    ("deuce-to-seven-single-draw-limit", "K2", ["K3", "K5"]),          # K5: the big bet after the draw
])
def test_each_street_a_table_changes_cites_its_own_clause(game, deals, rounds):
    """The tables that change their parent's streets ([[change_streets]]) tell every street by the clause that
    governs it in their own game: each deal, and each betting round as it begins (checked down, three players)."""
    hand = Hand([500] * 3, table=load_game_table(game), seed=4)
    hand.advance()
    while hand.phase != OVER:
        legal = hand.legal_actions()
        if hand.phase == BET:
            hand.apply(next((a for a in legal if a.kind == "pb"), None) or next(a for a in legal if a.kind == "cc"))
        else:
            hand.apply(next(a for a in legal if not a.cards))       # every player stands pat
        hand.advance()
    from lowball.text.narration import narrate

    story = narrate(hand)
    assert {re.search(r"\((\w+)\)$", line)[1] for line in story if " is dealt " in line} == {deals}
    assert [re.search(r"\((\w+)\)$", line)[1] for line in story if " betting round begins; " in line] == rounds
