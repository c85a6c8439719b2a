"""Every setting of every built-in game table, shown by a hand played at that table (each once a surviving mutant of a table).

Mutation testing changed one value of a game table at a time (a number plus or minus one, a flag
flipped, a choice set to the next one) and found that many changes passed every test: the tests
played mostly the teaching table and the worked examples, so a cap of five bets instead of four at
California lowball, or no burn before the draw at triple draw, went unseen. Here each game plays
the same small probes, and what each probe must show is written down per game from the rules digest (the
clause is named beside each value), never read from the table or computed by the engine.

Seats: p1 (seat 0) sits on the dealer's left, the last seat deals (T6, K3, F4).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from lowball import IllegalAction
from lowball.core.cards import format_cards
from lowball.core.games import builtin_paths, load_game_table
from lowball.engine.state import BET, DRAW, OVER, Hand, deck_for
from lowball.text.narration import narrate


@dataclass(frozen=True, kw_only=True)
class Rules:
    """What the rules say a game does, each value with its clause (the rules digest), for the probes below."""

    players: tuple[int, int]          # the fewest and the most players
    forced: tuple[int, ...]           # 3 players, 100 chips each: each stack after the forced bets
    first: tuple[int, ...]            # 3 players, everyone calling: the seat that acts first in each round
    raises: int                       # 3 players, the first round: how many bets, completions and raises in all
    heads_up: bool                    # is the cap lifted once two are left (G2)? Also when three started
    check_raise: bool                 # may a player who checked in the last round raise a bet (B1, K7, F6)?
    sizes: tuple[int, ...]            # the bet of each round after the first (T3, K5, F4, L5): the least opening bet
    burns: tuple[int, ...]            # the burn before each draw's replacements or each later deal (D1, K8, L3)
    serve_in_turn: bool = True        # is each player served right after discarding (D1, K8), not after all (P3)?
    draw_games: bool = True
    board: str = ""                   # stud: which board showing acts first from 4th street, "high" (L6) or "low" (R3)
    odd_chip: str = "S2"              # who gets the odd chips of a tied pot: S2 (one each from the dealer's left),
                                      # P5 (all to the lowest seat) or L7 (one each by the highest card, then suit)
    bring_in: tuple[int, int] = (1, 2)   # stud: the bring-in, and the least its player may bet instead (L4: the
                                         # completion to the small bet; N5, N7: a raise over the bring-in)


DRAW_CR = dict(first=(2, 0, 0, 0), serve_in_turn=True)

RULES: dict[str, Rules] = {
    # T1: 2-5 players; T2: ante 1; B1, B2: the dealer's left opens, then the first round's opener (here p1, who
    # bet); T4: a bet and three raises, even heads-up; B1: check-raise; T3: 1 then 2; D1: no burn.
    "teaching-table": Rules(players=(2, 5), forced=(99, 99, 99), first=(0, 0), raises=4, heads_up=False,
                            check_raise=True, sizes=(2,), burns=(0,)),
    # F9: up to 6; F4: the dealer (p3) and p1 post 1 each; F4: left of the last post (p2) opens; F5: after the
    # draw, the dealer's left. G1: a bet and four raises in a two-round game (posts are no bet, F5); G2: RRP
    # lifts the cap heads-up; F6: no check-raise after the draw; F4: limit 2 doubled to 4; F3: a burn.
    "california-lowball": Rules(players=(2, 6), forced=(99, 100, 99), first=(1, 0), raises=5, heads_up=True,
                                check_raise=False, sizes=(4,), burns=(1,)),
    "california-lowball-sevens-rule": Rules(players=(2, 6), forced=(99, 100, 99), first=(1, 0), raises=5,
                                            heads_up=True, check_raise=False, sizes=(4,), burns=(1,)),
    # K9: 7 in no-limit single draw; K3: blinds 1 and 2 on p1 and p2, left of the big blind (p3) opens, the
    # dealer's left after the draw; G4: no cap; K7: check-raise; G4: the least bet is the big blind; K8: a burn.
    "deuce-to-seven-single-draw": Rules(players=(2, 7), forced=(99, 98, 100), first=(2, 0), raises=99, heads_up=True,
                                        check_raise=True, sizes=(2,), burns=(1,)),
    "deuce-to-seven-single-draw-pot-limit": Rules(players=(2, 7), forced=(99, 98, 100), first=(2, 0), raises=99,
                                                  heads_up=True, check_raise=True, sizes=(2,), burns=(1,)),
    # P3: pokerkit serves after everyone has discarded.
    "deuce-to-seven-single-draw-phh": Rules(odd_chip="P5", players=(2, 7), forced=(99, 98, 100), first=(2, 0), raises=99,
                                            heads_up=True, check_raise=True, sizes=(2,), burns=(1,),
                                            serve_in_turn=False),
    # K9: six in limit lowball; G1: the big blind is the bet, then four raises (RRP, two rounds); K5: 2 then 4.
    "deuce-to-seven-single-draw-limit": Rules(players=(2, 6), forced=(99, 98, 100), first=(2, 0), raises=4,
                                              heads_up=True, check_raise=True, sizes=(4,), burns=(1,)),
    # K9: six in limit triple draw; G1: the big blind is the bet, then three raises (RRP, 3+ rounds); K5: 2, 2, 4, 4.
    "deuce-to-seven-triple-draw": Rules(players=(2, 6), forced=(99, 98, 100), first=(2, 0, 0, 0), raises=3,
                                        heads_up=True, check_raise=True, sizes=(2, 4, 4), burns=(1, 1, 1)),
    # K4: antes, action from the dealer's left; a bet and three raises (G1).
    "deuce-to-seven-triple-draw-antes": Rules(players=(2, 6), forced=(99, 99, 99), first=(0, 0, 0, 0), raises=4,
                                              heads_up=True, check_raise=True, sizes=(2, 4, 4), burns=(1, 1, 1)),
    # P1: four bets or raises, blinds not counted (big blind + 4 raises), never lifted heads-up; P3: serve after all.
    "deuce-to-seven-triple-draw-phh": Rules(odd_chip="P5", players=(2, 6), forced=(99, 98, 100), first=(2, 0, 0, 0), raises=4,
                                            heads_up=False, check_raise=True, sizes=(2, 4, 4), burns=(1, 1, 1),
                                            serve_in_turn=False),
    # L3: up to 8; L4: antes of 1, the bring-in acts first; L6: then the best high board; G1: the completion and
    # three raises; L5: 2, 2, 4, 4, 4; L3: a burn before 4th to 7th street.
    "stud-high-low": Rules(odd_chip="L7", players=(2, 8), forced=(99, 99, 99), first=(), raises=4, heads_up=True, check_raise=True,
                           sizes=(2, 4, 4, 4), burns=(1, 1, 1, 1), draw_games=False, board="high"),
    "stud-high-low-phh": Rules(odd_chip="P5", players=(2, 8), forced=(99, 99, 99), first=(), raises=4, heads_up=False,
                               check_raise=True, sizes=(2, 4, 4, 4), burns=(1, 1, 1, 1), draw_games=False, board="high"),
    # R2-R4: as stud (L3-L5), the highest upcard brings in, the lowest board acts first.
    "razz": Rules(odd_chip="L7", players=(2, 8), forced=(99, 99, 99), first=(), raises=4, heads_up=True, check_raise=True,
                  sizes=(2, 4, 4, 4), burns=(1, 1, 1, 1), draw_games=False, board="low"),
    "razz-phh": Rules(odd_chip="P5", players=(2, 8), forced=(99, 99, 99), first=(), raises=4, heads_up=False, check_raise=True,
                      sizes=(2, 4, 4, 4), burns=(1, 1, 1, 1), draw_games=False, board="low"),
    # N2: razz's deal, up to 8; N6 in units of 50: ante 2, bring-in 3; N5: pot-limit, the least bet the bring-in on
    # every street, raises unlimited (the test stops at twelve), no completion: the bring-in may open for a raise
    # over it (N7), 3 + 3; N4: the lowest board acts first; N9 (BARGE): the highest card by suit, here the kings.
    "london-lowball": Rules(odd_chip="L7", players=(2, 8), forced=(98, 98, 98), first=(), raises=99, heads_up=True,
                            check_raise=True, sizes=(3, 3, 3, 3), burns=(1, 1, 1, 1), draw_games=False, board="low",
                            bring_in=(3, 6)),
    # Y2: razz's deal, antes and limits; Y4: the lowest board (two pair against two pair: the ace never shows);
    # Y5: the highest card by suit, the ace high, as L7.
    "deuce-to-seven-razz": Rules(odd_chip="L7", players=(2, 8), forced=(99, 99, 99), first=(), raises=4, heads_up=True,
                                 check_raise=True, sizes=(2, 4, 4, 4), burns=(1, 1, 1, 1), draw_games=False,
                                 board="low"),
    # W3, W4, W7: deuce-to-seven triple draw's blinds, openers, sizes and burns, six seats; W5 (WSOP-T 100): the big
    # blind is the bet, then four raises, even heads-up.
    "ace-to-five-triple-draw": Rules(players=(2, 6), forced=(99, 98, 100), first=(2, 0, 0, 0), raises=4,
                                     heads_up=False, check_raise=True, sizes=(2, 4, 4), burns=(1, 1, 1)),
    # U4: the same, up to eight, four cards; the cap as deuce-to-seven triple draw's (G1, G2 RRP).
    "badugi": Rules(players=(2, 8), forced=(99, 98, 100), first=(2, 0, 0, 0), raises=3, heads_up=True,
                    check_raise=True, sizes=(2, 4, 4), burns=(1, 1, 1)),
    # U7: FB as pokerkit plays it: P1, P3, P5 as at F2L3D.
    "badugi-phh": Rules(odd_chip="P5", players=(2, 8), forced=(99, 98, 100), first=(2, 0, 0, 0), raises=4,
                        heads_up=False, check_raise=True, sizes=(2, 4, 4), burns=(1, 1, 1), serve_in_turn=False),
    # Q2 as L3, L4: up to 8, antes, the bring-in first; Q3: the best high board from 4th street; G1: the completion
    # and three raises; Q4: 2, 2, 4, 4, 4 (the least opening bet: the open pair allows the big one, never less);
    # Q5: the high card by suit among the five played (here the aces: as L7).
    "seven-card-stud": Rules(odd_chip="L7", players=(2, 8), forced=(99, 99, 99), first=(), raises=4, heads_up=True,
                             check_raise=True, sizes=(2, 4, 4, 4), burns=(1, 1, 1, 1), draw_games=False, board="high"),
    # F7S as pokerkit plays it: P1 (four, never lifted), P5.
    "seven-card-stud-phh": Rules(odd_chip="P5", players=(2, 8), forced=(99, 99, 99), first=(), raises=4,
                                 heads_up=False, check_raise=True, sizes=(2, 4, 4, 4), burns=(1, 1, 1, 1),
                                 draw_games=False, board="high"),
    # X2, X3 as K3: blinds 1 and 2, left of the big blind opens, the dealer's left after the draw; seven seats as
    # deuce-to-seven single draw (K9); G4, G5: no cap, the least bet the big blind; X2: a burn before the draw.
    "five-card-draw-no-limit": Rules(players=(2, 7), forced=(99, 98, 100), first=(2, 0), raises=99, heads_up=True,
                                     check_raise=True, sizes=(2,), burns=(1,)),
    "five-card-draw-pot-limit": Rules(players=(2, 7), forced=(99, 98, 100), first=(2, 0), raises=99, heads_up=True,
                                      check_raise=True, sizes=(2,), burns=(1,)),
    # X2, K5: limit 2 then 4; G1: the big blind is the bet, then four raises (RRP, two rounds); G2: lifted heads-up.
    "five-card-draw": Rules(players=(2, 7), forced=(99, 98, 100), first=(2, 0), raises=4, heads_up=True,
                            check_raise=True, sizes=(4,), burns=(1,)),
    # M1: deuce-to-seven single draw at limit with the ace-to-five ranking: six seats, blinds, 2 then 4, check-raise.
    "ace-to-five-single-draw": Rules(players=(2, 6), forced=(99, 98, 100), first=(2, 0), raises=4, heads_up=True,
                                     check_raise=True, sizes=(4,), burns=(1,)),
    # Z1: dealt and bet as ace-to-five triple draw (W3-W5, W7).
    "badacey": Rules(players=(2, 6), forced=(99, 98, 100), first=(2, 0, 0, 0), raises=4, heads_up=False,
                     check_raise=True, sizes=(2, 4, 4), burns=(1, 1, 1)),
    "badeucey": Rules(players=(2, 6), forced=(99, 98, 100), first=(2, 0, 0, 0), raises=4, heads_up=False,
                      check_raise=True, sizes=(2, 4, 4), burns=(1, 1, 1)),
}
GAMES = sorted(RULES)
DRAW_GAMES = [game for game in GAMES if RULES[game].draw_games]
STUD_GAMES = [game for game in GAMES if not RULES[game].draw_games]


def test_every_built_in_game_is_probed():
    assert set(GAMES) == set(builtin_paths())


# ---- Driving a hand: the engine's legal actions choose the moves; the tests check what the rules say ----

def start(game: str, stacks, hands=None, then: str = "") -> Hand:
    table = load_game_table(game)
    deck = deck_for(hands, then=then, cards=table.deck_cards) if hands else None
    hand = Hand(list(stacks), table=table, deck=deck, deal_by_hand=True)       # the tests step the dealer
    hand.advance()
    return hand


def act(hand: Hand, line: str) -> None:
    hand.apply(line)
    hand.advance()


def passive(hand: Hand) -> None:
    """The player to act stands pat, posts the bring-in, calls or checks; the first round's first player bets."""
    seat = hand.to_act
    kinds = {action.kind for action in hand.legal_actions()}
    who = f"p{seat + 1}"
    if hand.phase == DRAW:
        act(hand, f"{who} sd")
    elif "pb" in kinds:
        act(hand, f"{who} pb")
    elif "cc" in kinds and not (hand.round == 0 and hand.level == 0):
        act(hand, f"{who} cc")
    else:
        act(hand, f"{who} cbr {hand.raise_range()[0]}")


def to_round(hand: Hand, number: int) -> Hand:
    while not (hand.phase == BET and hand.round == number):
        assert hand.phase != OVER
        passive(hand)
    return hand


def raises_in_a_row(hand: Hand, limit: int = 12) -> int:
    """Return how many bets and raises the players make in turn before the cap refuses one (``limit``: no cap)."""
    made = 0
    while made < limit:
        least = hand.raise_range()
        if least is None:
            with pytest.raises(IllegalAction):
                hand.apply(f"p{hand.to_act + 1} cbr 99")
            return made
        act(hand, f"p{hand.to_act + 1} cbr {least[0]}")
        made += 1
    return made


# ---- The probes ----

@pytest.mark.parametrize("game", GAMES)
def test_the_fewest_and_the_most_players(game):
    """T1, F9, K9, L3: a hand starts with the fewest and the most players, and with one more or one fewer it does not."""
    low, high = RULES[game].players
    for count in (low, high):
        assert start(game, [100] * count).n == count
    for count in (low - 1, high + 1):
        with pytest.raises(IllegalAction, match=r"a hand needs \d+ to \d+ players"):
            Hand([100] * count, table=load_game_table(game))


@pytest.mark.parametrize("game", GAMES)
def test_the_forced_bets(game):
    """T2, K3, K4, F4, L4: what the antes, blinds or posts take from each of three stacks of 100."""
    hand = Hand([100] * 3, table=load_game_table(game))
    assert tuple(hand.stacks) == RULES[game].forced


@pytest.mark.parametrize("game", DRAW_GAMES)
def test_who_acts_first_in_each_round(game):
    """B1, B2, K3, K4, F4, F5: three players, everyone calls or checks (the first player of the first round bets)."""
    hand = start(game, [100] * 3)
    for number, seat in enumerate(RULES[game].first):
        to_round(hand, number)
        assert hand.to_act == seat, f"round {number + 1}"


@pytest.mark.parametrize("game", GAMES)
def test_the_cap_of_the_first_round_three_handed(game):
    """T4, G1, P1: the bets, completions and raises the first round allows with three players in (the bring-in and
    the blinds are no bet; the completion and the big blind are, as the clause says)."""
    hand = start(game, [500] * 3)
    if hand.current.bring_in_due:
        act(hand, f"p{hand.to_act + 1} pb")
    assert raises_in_a_row(hand) == min(RULES[game].raises, 12)


@pytest.mark.parametrize("game", GAMES)
def test_the_cap_once_two_are_left(game):
    """G2: RRP lifts the cap when play becomes heads-up, even in a round that began three-handed; T4 and P1 keep it.
    One player folds at the start of the round (after a bet if folding is not allowed yet)."""
    hand = start(game, [500] * 3)
    if hand.current.bring_in_due:
        act(hand, f"p{hand.to_act + 1} pb")
    made = 0
    if "f" not in {a.kind for a in hand.legal_actions()}:
        act(hand, f"p{hand.to_act + 1} cbr {hand.raise_range()[0]}")
        made = 1
    act(hand, f"p{hand.to_act + 1} f")
    made += raises_in_a_row(hand)
    rules = RULES[game]
    if rules.heads_up:
        assert made >= 12                 # no cap: the test stops counting at twelve
    else:
        assert made == rules.raises


@pytest.mark.parametrize("game", GAMES)
def test_check_raise_in_the_last_round(game):
    """B1, K7: a player who checked may raise a later bet; F6: not at California lowball."""
    hand = to_round(start(game, [500] * 2), load_game_table(game).betting_rounds - 1)
    first = hand.to_act
    act(hand, f"p{first + 1} cc")
    act(hand, f"p{hand.to_act + 1} cbr {hand.raise_range()[0]}")
    assert hand.to_act == first
    if RULES[game].check_raise:
        act(hand, f"p{first + 1} cbr {hand.raise_range()[0]}")
    else:
        assert hand.raise_range() is None
        with pytest.raises(IllegalAction, match=r"a player who checked may only call in this round \(F6\)"):
            hand.apply(f"p{first + 1} cbr 12")


@pytest.mark.parametrize("game", GAMES)
def test_the_bet_of_each_later_round(game):
    """T3, K5, F4, L5, G4: the least opening bet of each round after the first."""
    hand = start(game, [500] * 2)
    for number, size in enumerate(RULES[game].sizes, start=1):
        to_round(hand, number)
        assert hand.level == 0 and hand.raise_range()[0] == size, f"round {number + 1}"


# The deck after the deal: each draw, p1 throws all five and p2 stands pat.
REST = "2c 3d 4h 5s 7c 2d 3h 4s 5c 7d 2h 3s 4c 5d 7h 2s 3c 4d 5h 7s 6c 6d 6h 6s Ts"


@pytest.mark.parametrize("game", DRAW_GAMES)
def test_each_draw_burns_then_serves_in_turn_from_the_dealers_left(game):
    """D1, K8, F3, P3: p1 discards first and may throw five; the burn (none at the teaching table) comes off the top,
    then p1's five: served at once (D1, K8) or once everyone has discarded (P3)."""
    size = load_game_table(game).hand_size                   # five; badugi four (U4)
    first, second = "Kc Qc Jd 9h 8s"[:3 * size - 1], "Kd Qd Jh 9s 8c"[:3 * size - 1]
    hand = start(game, [500] * 2, [first, second], then=REST)
    rules, rest, at = RULES[game], REST.split(), 0
    for number, burn in enumerate(rules.burns):
        while hand.phase != DRAW:
            passive(hand)
        assert hand.to_act == 0, f"draw {number + 1}"
        hand.apply("p1 sd " + format_cards(hand.hands[0]).replace(" ", ""))
        assert hand.to_act == (None if rules.serve_in_turn else 1), f"draw {number + 1}"
        hand.advance()
        if hand.to_act == 1 and hand.phase == DRAW:
            act(hand, "p2 sd")
        assert format_cards(hand.hands[0]) == " ".join(rest[at + burn:at + burn + size]), f"draw {number + 1}"
        at += burn + size


# The deck after third street, two players: the cards of 4th to 7th street, burns among them.
STUD_REST = "2c 3d 4h 5s 7c 2d 3h 4s 5c 7d 2h 3s 4c 5d 7h"


@pytest.mark.parametrize("game", STUD_GAMES)
def test_each_later_street_burns_then_deals_one_card_each(game):
    """L3, R1: a burn (RRP, WSOP) comes off the top before each of 4th to 7th street, then one card to each player
    from the dealer's left: p1's new card is the one after the burn, p2's the next."""
    hand = start(game, [500] * 2, ["Kc Qc Jc", "Kd Qd Jd"], then=STUD_REST)
    rest, at = STUD_REST.split(), 0
    for number, burn in enumerate(RULES[game].burns, start=4):
        before = len(hand.hands[0])
        while len(hand.hands[0]) == before:
            passive(hand)
        assert str(hand.hands[0][-1]) == rest[at + burn], f"street {number}"
        assert str(hand.hands[1][-1]) == rest[at + burn + 1], f"street {number}"
        at += burn + 2


@pytest.mark.parametrize("game", STUD_GAMES)
def test_the_board_showing_decides_who_acts_first_from_fourth_street(game):
    """L6: the best high board acts first in stud high-low; R3: the lowest board in razz. p1 shows kings and queens,
    p2 deuces and treys, street after street: p1 opens every later round at stud, p2 at razz."""
    hand = start(game, [500] * 2, ["9c 9d Kc", "8c 8d 2c"], then="Ts Kh 2d Th Qc 3h Tc Qd 3s 6s 8h 2h")
    first = 0 if RULES[game].board == "high" else 1
    for number in range(1, load_game_table(game).betting_rounds):
        to_round(hand, number)
        assert hand.to_act == first, f"round {number + 1}"


@pytest.mark.parametrize("game", STUD_GAMES)
def test_the_bring_in_posts_one_chip_and_may_complete_to_the_small_bet(game):
    """L4, R2: the bring-in is 1 at these 2/4 tables (L4 names no amount: the tables' stakes, as in the rules pages);
    the player may instead complete to the small bet, 2 (L5)."""
    rules = RULES[game]
    hand = start(game, [100] * 3)
    seat = hand.to_act
    options = {a.kind: a for a in hand.legal_actions()}
    assert set(options) == {"pb", "cbr"} and options["cbr"].amount == rules.bring_in[1]
    act(hand, f"p{seat + 1} pb")
    assert hand.stacks[seat] == rules.forced[seat] - rules.bring_in[0]     # the ante (L4), then the bring-in


# Three hands of the same ranks in other suits (p2's suits below p3's, below p4's), good in every system, and one
# for p1, who folds. Draw games: five cards; stud: seven, both halves tied (a qualifying low, L1), the upcards 7s.
TIED_DRAW = ["Kc Qs Js 9s 7s", "8c 6d 4c 3c 2c", "8d 6h 4d 3d 2d", "8h 6s 4h 3h 2h"]
TIED_STUD = {"high": ["9s Ts 2s", "Ac 2c 7c", "Ad 2d 7d", "Ah 2h 7h"],       # p1 shows the lowest upcard (L4)
             "low": ["9s Ts Js", "Ac 2c 7c", "Ad 2d 7d", "Ah 2h 7h"]}        # p1 shows the highest upcard (R2)
# Fourth street: a burn, then p1 to p4; p1 then folds, so fifth to seventh: a burn, then p2 to p4.
STUD_LATER = "5c 6c 3d 3h 3s 8c 4d 4h 4s 9c Kd Kh Ks Tc Qd Qh Qs"


def split_three_ways(chips: int, rule: str) -> list[int]:
    """Return the shares of seats 1, 2 and 3 (p2-p4) tying for ``chips`` under the odd-chip clause ``rule``."""
    base, odd = divmod(chips, 3)
    order = {"S2": [1, 2, 3], "P5": [1, 1, 1], "L7": [3, 2, 1]}[rule][:odd]    # who gets each odd chip
    return [base + order.count(seat) for seat in (1, 2, 3)]


@pytest.mark.parametrize("game", GAMES)
def test_a_pot_tied_three_ways_gives_its_odd_chips_by_the_clause(game):
    """S2, P5, L7: p1 plays the first round and folds to a bet in the second; p2, p3 and p4 tie. The odd chips go
    one each from the dealer's left (S2), all to the lowest seat (P5), or one each by the highest card and its suit
    (L7: here p4's spades, then p3's hearts); in high-low each half is split so, the odd chip of the pot to the high
    half (L7). p1 leaves two chips behind (the forced bet and the first round's level), so two chips are odd in
    most games (one in each half at stud high-low; none at the ante game, whose first round costs three)."""
    table = load_game_table(game)
    rules = RULES[game]
    if rules.draw_games:
        hand = start(game, [500] * 4, TIED_DRAW)
    else:
        board = "high" if table.bring_in_by.value == "lowest-upcard" else "low"
        hand = start(game, [500] * 4, TIED_STUD[board], then=STUD_LATER)
    while hand.phase != OVER:
        if hand.to_act is None:
            hand.advance()
            continue
        who = f"p{hand.to_act + 1}"
        kinds = {action.kind for action in hand.legal_actions()}
        if hand.to_act == 0 and hand.round >= 1 and "f" in kinds:
            act(hand, f"{who} f")
        elif hand.phase == BET and hand.round >= 1 and hand.level == 0 and hand.to_act != 0:
            act(hand, f"{who} cbr {hand.raise_range()[0]}")             # a bet p1 must face
        else:
            passive(hand)
    invested = hand.invested
    pot, dropped = sum(invested), invested[0]
    assert hand.folded[0] and not any(hand.folded[1:]) and len(set(invested[1:])) == 1
    if table.split:
        halves = [pot - pot // 2, pot // 2]                 # L7: the pot's odd chip to the high half
    else:
        halves = [pot]
    shares = [sum(parts) for parts in zip(*(split_three_ways(half, rules.odd_chip) for half in halves))]
    assert hand.result.changes == (-dropped, *(share - invested[1] for share in shares)), (pot, halves)
    # The line on the odd chips names who got the first: p2, first from the dealer's left (S2) and the lowest seat
    # (P5); p4, whose spades hold the highest card (L7).
    first = {"S2": "p2", "P5": "p2", "L7": "p4"}[rules.odd_chip]
    lines = [line for line in narrate(hand) if "odd chip" in line]
    assert len(lines) == sum(half % 3 > 0 for half in halves) and all(f"go to {first}," in line
                                                                       or f"goes to {first}," in line for line in lines)


# Every player throws all five (badugi: all four) at the first draw, with the most players the game seats and nobody
# folded: how many each may throw. Worked by hand from the deal (5 per player; 4 in badugi), the burn (K8, F3) and
# the rule for a short stub.
# K9: the reshuffle brings back the burns, folded hands and earlier draws' discards, never this draw's; so once the
# stub and the burn are used up nobody may throw more. P3: this draw's discards come back too: everyone is served.
FIRST_DRAW_THROWS = {
    "teaching-table": [5] * 5,                       # D1: 25 dealt, 25 drawn: 50 of 52, no burn
    "california-lowball": [5, 5, 5, 5, 3, 0],        # 53 - 30 - 1 burn = 22: 4 x 5, then 2 + the burn = 3
    "california-lowball-sevens-rule": [5, 5, 5, 5, 3, 0],
    "deuce-to-seven-single-draw": [5, 5, 5, 2, 0, 0, 0],   # 52 - 35 - 1 = 16: 3 x 5, then 1 + the burn = 2
    "deuce-to-seven-single-draw-pot-limit": [5, 5, 5, 2, 0, 0, 0],
    "deuce-to-seven-single-draw-limit": [5, 5, 5, 5, 2, 0],  # 52 - 30 - 1 = 21: 4 x 5, then 1 + the burn
    "deuce-to-seven-triple-draw": [5, 5, 5, 5, 2, 0],
    "deuce-to-seven-triple-draw-antes": [5, 5, 5, 5, 2, 0],
    "deuce-to-seven-single-draw-phh": [5] * 7,      # P3
    "deuce-to-seven-triple-draw-phh": [5] * 6,      # P3
    "ace-to-five-triple-draw": [5, 5, 5, 5, 2, 0],   # W6, W7: as deuce-to-seven triple draw, six seats
    "badugi": [4, 4, 4, 4, 4, 0, 0, 0],             # U4: 52 - 32 - 1 = 19: 4 x 4, then 3 + the burn = 4
    "badugi-phh": [4] * 8,                          # P3
    "five-card-draw-no-limit": [5, 5, 5, 2, 0, 0, 0],      # X4 as K9: seven seats, as deuce-to-seven single draw
    "five-card-draw-pot-limit": [5, 5, 5, 2, 0, 0, 0],
    "five-card-draw": [5, 5, 5, 2, 0, 0, 0],
    "ace-to-five-single-draw": [5, 5, 5, 5, 2, 0],   # M1: six seats, as deuce-to-seven single draw at limit
    "badacey": [5, 5, 5, 5, 2, 0],                   # Z1: as ace-to-five triple draw
    "badeucey": [5, 5, 5, 5, 2, 0],
}


def test_every_draw_game_says_how_many_each_may_throw_at_a_full_first_draw():
    assert set(FIRST_DRAW_THROWS) == set(DRAW_GAMES)


@pytest.mark.parametrize("game", DRAW_GAMES)
def test_everyone_throwing_five_at_a_full_first_draw(game):
    """D1, K8, K9, P3: at the first draw of a full table each player throws five if the rule can serve them, and
    otherwise is refused with the most the stub and the reshuffle can still replace, which they then throw."""
    throws = FIRST_DRAW_THROWS[game]
    hand = start(game, [500] * len(throws))
    while hand.phase != DRAW:
        passive(hand)
    for seat, most in enumerate(throws):
        while hand.to_act != seat:
            hand.advance()
        cards = [str(card) for card in hand.hands[seat]]
        if most < len(cards):
            with pytest.raises(IllegalAction, match=rf"p{seat + 1} may discard at most {most} cards"):
                hand.apply(f"p{seat + 1} sd {''.join(cards)}")
        hand.apply(f"p{seat + 1} sd {''.join(cards[:most])}")
        hand.advance()


# The bets a round after the first allows (G1: a bet and three raises; in a two-round game a bet and four; P1: four
# bets or raises, whoever makes them), at the fixed-limit tables where a short all-in raise can arise (the teaching
# table's 13-chip minimum rules it out, T5).
LATER_CAP = {"california-lowball": 5, "california-lowball-sevens-rule": 5, "deuce-to-seven-single-draw-limit": 5,
             "deuce-to-seven-triple-draw": 4, "deuce-to-seven-triple-draw-antes": 4,
             "deuce-to-seven-triple-draw-phh": 4, "stud-high-low": 4, "stud-high-low-phh": 4, "razz": 4,
             "razz-phh": 4, "five-card-draw": 5, "ace-to-five-single-draw": 5, "seven-card-stud": 4,
             "seven-card-stud-phh": 4}


def short_all_in(table, number: int, bet: int, to: int) -> tuple[Hand, int, int]:
    """Three players of 500 play to betting round ``number`` (everyone calls); there the first to act (A) bets
    ``bet`` and the next (B), dealt the same cards but a stack just big enough, raises all in to ``to``. Return the
    hand, B's seat and the third player's (C)."""
    def deal(stacks):
        hand = Hand(stacks, table=table, seed=7)
        hand.advance()
        return to_round(hand, number)

    probe = deal([500] * 3)
    a = probe.to_act
    act(probe, f"p{a + 1} cbr {bet}")
    b = probe.to_act
    hand = deal([500 if seat != b else probe.invested[b] + to for seat in range(3)])
    act(hand, f"p{a + 1} cbr {bet}")
    act(hand, f"p{b + 1} cbr {to}")
    return hand, b, 3 - a - b


@pytest.mark.parametrize("game, counts", [(game, "") for game in sorted(LATER_CAP)]
                         + [("deuce-to-seven-triple-draw-phh", "bets")])
def test_a_short_all_in_raise_in_a_big_bet_round(game, counts):
    """G3 (card rooms): A bets the big bet, B raises all in by one chip, less than half a bet: C may complete it to
    a full bet over A's (2 x 4 = 8), and B's raise does not count toward the cap (G1): A and C then make the
    remaining raises. P2, P1 (PHH): C's raise goes a full bet over B's all-in (9), and B's raise counts; at a
    house table that plays P2 but counts only full bets and raises (G1), it does not."""
    rules, phh = RULES[game], game.endswith("-phh")
    number = 1 + list(rules.sizes).index(4)                # the first round of big bets
    table = load_game_table(game, overrides={"cap_counts": counts}) if counts else load_game_table(game)
    hand, b, c = short_all_in(table, number, bet=4, to=5)
    assert hand.stacks[b] == 0 and hand.to_act == c
    assert hand.raise_range()[0] == (9 if phh else 8)
    act(hand, f"p{c + 1} cbr {hand.raise_range()[0]}")
    assert raises_in_a_row(hand) == LATER_CAP[game] - (3 if phh and not counts else 2)


@pytest.mark.parametrize("over, least", [(2, 12), (3, 15)])
def test_half_a_bet_is_a_full_raise_at_a_three_six_table(over, least):
    """G3 at stakes 3 and 6 (single draw, limit): after the draw A bets 6 and B raises all in by ``over``. Less than
    half a bet (2) is completed from A's bet: C may raise to 6 + 6 = 12; half a bet (3) counts as a full raise:
    C raises a full bet over it, to 9 + 6 = 15."""
    table = load_game_table("deuce-to-seven-single-draw-limit", overrides={"small_bet": "3", "big_bet": "6"})
    hand, b, _ = short_all_in(table, 1, bet=6, to=6 + over)
    assert hand.stacks[b] == 0 and hand.raise_range()[0] == least
