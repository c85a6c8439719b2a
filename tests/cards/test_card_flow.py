"""The stub serves every street of a table that loads (T1, T6, D1, K9, L8): or the table is refused at load.

Before these checks a razz table that never reshuffles dealt eight players calling down ``d dh p1`` with no
card, settled six-card hands and refused its own history; draw games dealing 6, 12 or 60 cards loaded and
stopped mid-session; a burn of 60 let players bet holding nothing; a ``min_discard`` the stub could not serve
left a player with no legal action. The loader now plays each table's worst case (``core.card_flow``: nobody
folds, everyone throws the most the engine lets them) for every player count.

The counting rules and the walk through a hand are one definition (``core.card_flow``) that the engine, the loader
and property 5 read. The engine's piles are real cards: the last tests count the engine's hands with the walk,
fed only the engine's folds and discards, on every fold and discard pattern (``card_flow_support.walk``) and on
random hands at every player count of every table (``card_flow_support.follow``), and compare the pile sizes
after every step.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import re

from pathlib import Path

import pytest

from lowball.core import card_flow
from lowball.core.behaviours import RunsOut, Serve, StreetKind
from lowball.core.card_flow import COMES_BACK, DISCARD, shortfall
from lowball.core.cards import DECK
from lowball.core.games import builtin_games, load_game_table, table_from_text
from lowball.core.ops import PY
from lowball.engine.state import OVER, Hand
from lowball.engine.stub import Stub
from lowball.errors import RulesError
from tests.support.card_flow import follow, walk
from tests.support.table import play_checked

RAZZ = load_game_table("razz")
TEACHING = load_game_table()


def house(game: str, text: str):
    return table_from_text(f'extends = "{game}"\nname = "house"\n{text}')


def test_razz_that_never_reshuffles_is_refused_for_players_its_deck_cannot_serve():
    """L3, L8: razz deals 7 cards each and burns 4: seven players need 53 of 52, so a razz table without a rule
    for a short stub seats at most six; at eight (razz's own maximum) it is refused, naming seventh street."""
    with pytest.raises(RulesError, match=r'streets\[8\]: with 7 players this deal needs 7 cards and the stub holds 6, '
                                         r'deck\.runs_out = "never" \(T1, D1, L8\)'):
        house("razz", '[deck]\nruns_out = "never"\n')
    six = house("razz", '[deck]\nruns_out = "never"\n[players]\nmax = 6\n')
    assert shortfall(six, 6) is None and shortfall(RAZZ, 8) is None          # L8: the community card serves 8


def test_the_engine_never_deals_from_nothing():
    """T6: were such a table let through, the engine stops at the short street instead of dealing no card."""
    table = house("razz", '[deck]\nruns_out = "never"\n[players]\nmax = 6\n')
    object.__setattr__(table, "players_max", 8)          # past the loader, as a table it refused would be
    hand = Hand([100] * 8, table=table, seed=1, narrate=False)
    hand.advance()
    with pytest.raises(AssertionError, match="the stub holds 0 cards for a deal of 8"):
        while hand.phase != OVER:
            hand.apply(next(a for a in hand.legal_actions() if a.kind in ("pb", "cc")))
            hand.advance()


@pytest.mark.parametrize("cards, refusal", [
    (6, r"streets: a player is dealt 6 cards; a draw game deals each player 5 and replaces what is discarded"),
    (4, r"streets: a player ends with 4 cards; a hand is five \(H2\)"),
    (12, r"streets: a player is dealt 12 cards; the best five are chosen from at most 7 \(L3\)"),
    (60, r"streets: a player is dealt 60 cards; the best five are chosen from at most 7 \(L3\)"),
])
def test_a_draw_game_deals_five_cards(cards, refusal):
    """D1, K2, L3: a draw game deals five and replaces what is thrown; no game plays from more than seven."""
    with pytest.raises(RulesError, match=refusal):
        house("teaching-table", f"[[streets]]\nkind = 'deal'\ndown = {cards}\nclause = 'T6'\n"
                                "[[streets]]\nkind = 'bet'\nsize = 'small'\nopener = 'dealer-left'\nclause = 'B1'\n"
                                "[[streets]]\nkind = 'draw'\nmax_discard = 4\nclause = 'D1'\n"
                                "[[streets]]\nkind = 'bet'\nsize = 'big'\nopener = 'first-round-opener'\n"
                                "clause = 'B2'\n")


@pytest.mark.parametrize("burn, runs_out", [(60, "never"), (60, "reshuffle-all"), (47, "reshuffle-earlier")])
def test_a_burn_larger_than_the_stub_is_refused(burn, runs_out):
    """D1, L3: a burn takes cards the stub holds: after third street two players leave 52 - 6 = 46, and a burn
    of 47 or 60 would burn fewer than it says (and, without a reshuffle, let the players bet on nothing)."""
    with pytest.raises(RulesError, match=rf"streets\[2\]\.burn: with 2 players this street burns {burn} cards and "
                                         rf"the stub holds 46 \(D1, K8, L3\)"):
        house("stud-high-low", f'[deck]\nruns_out = "{runs_out}"\n' + "".join(
            f"[[streets]]\n{line}\n" for line in (
                "kind = 'deal'\ndown = 2\nup = 1\nclause = 'L3'",
                "kind = 'bet'\nsize = 'small'\nopener = 'bring-in'\nclause = 'L4'",
                f"kind = 'deal'\nup = 1\nburn = {burn}\nclause = 'L3'",
                "kind = 'bet'\nsize = 'small'\nopener = 'highest-board'\nclause = 'L6'",
                "kind = 'deal'\nup = 3\nclause = 'L3'",
                "kind = 'bet'\nsize = 'big'\nopener = 'highest-board'\nclause = 'L6'")))


def test_a_least_discard_the_stub_cannot_serve_is_refused():
    """D1: six players who must each throw five need 30 + 30 cards of 52: the fifth may be left 2 to replace and
    would have no legal discard (the random bot looped for ever). Five players fit (25 + 25)."""
    with pytest.raises(RulesError, match=r'streets\[2\]\.min_discard: with 6 players p5 may find only 2 cards to '
                                         r'replace, fewer than the 5 every player must discard, deck\.runs_out = '
                                         r'"never"'):
        load_game_table(overrides={"players.max": "6", "streets.2.min_discard": "5"})
    table = load_game_table(overrides={"streets.2.min_discard": "5"})
    assert table.players_max == 5 and shortfall(table, 5) is None
    discards = [a for seed in range(8) for a in play_checked(table, [13] * 5, seed=seed).actions if a.kind == "sd"]
    assert discards and all(len(a.cards) == 5 for a in discards)


def test_with_six_players_the_teaching_table_loads_and_lets_nobody_discard_what_it_cannot_replace():
    """D1, T1: the draw limits the discards to what the stub serves (property 5 refutes the table instead)."""
    table = load_game_table(overrides={"players.max": "6"})
    for seed in range(5):
        play_checked(table, [13] * 6, seed=seed, bots=("random",))


@pytest.mark.parametrize("rule", list(RunsOut))
def test_the_stub_brings_back_the_piles_the_table_names(rule):
    """K9, P3, L8, P4: the cards the engine's stub shuffles back are the piles ``core.card_flow.COMES_BACK`` names,
    and as many as its counts say."""
    stub = Stub(frozenset(), 10, tuple(DECK[:10]), burns=(DECK[40],), folded=(DECK[41],),
                discards=((DECK[42],), (DECK[43],)))
    piles = {"burns": DECK[40], "folded": DECK[41], "earlier discards": DECK[42], "this draw's discards": DECK[43]}
    assert set(stub.recyclable(rule)) == {piles[name] for name in COMES_BACK[rule]}
    counted = card_flow.recycled(PY, rule, stub.counts())[1]
    assert stub.reshuffle(rule).counts() == counted



@pytest.mark.parametrize("serve", ["in-turn", "after-all-discards"])
def test_the_burn_before_a_draw_counts_in_the_worst_case(serve):
    """D1, K8, P3: five players who must each throw five cards at a table that never reshuffles: with no burn the
    stub serves all 25 (27 left after the deal); a burn of three leaves 24, so the last player could be served only
    four and the table is refused, naming the player and the key; whether each is served in turn or all after the
    last discard (what is owed to the players before is kept for them)."""
    text = (f'extends = "teaching-table"\nname = "house"\n[draw]\nserve = "{serve}"\n'
            f'[[change_streets]]\nat = "draw"\nmin_discard = 5\n')
    assert shortfall(table_from_text(text), 5) is None
    with pytest.raises(RulesError, match=r"min_discard: with 5 players p5 may find only 4 cards to replace"):
        table_from_text(text + "burn = 3\n")

def test_the_burn_counts_in_the_worst_case_when_each_player_throws_one_card():
    """D1, K8: five players who must each throw exactly one card at each of two draws, served in turn at a table
    that never reshuffles: the burn comes before the first replacement however few cards it is, so 27 cards after
    the deal serve two draws of five with burns of 8 (26 cards), and with burns of 9 the second draw leaves p5
    nothing to be served."""
    text = (Path(__file__).parents[2] / "docs" / "checks" / "two-draws.toml").read_text(encoding="utf-8")
    one_card = 'max_discard = 1\nmin_discard = 1\nburn = {burn}\nclause = "D1"'
    assert text.count('max_discard = 5\nclause = "D1"') == 2
    house = lambda burn: text.replace('max_discard = 5\nclause = "D1"', one_card.format(burn=burn))
    assert shortfall(table_from_text(house(8)), 5) is None
    with pytest.raises(RulesError, match=r"min_discard: with 5 players p5 may find only 0 cards to replace"):
        table_from_text(house(9))


@pytest.mark.parametrize("table", builtin_games(), ids=lambda t: t.name)
def test_every_built_in_table_serves_its_worst_case_at_every_player_count(table):
    assert all(shortfall(table, players) is None for players in range(table.players_min, table.players_max + 1))



# ---- the engine's piles against the walk's counts, after every step ----

# House tables whose stub runs short with two players (D1: three): big burns before every draw make the stub reshuffle
# (K9, P3) or, where it never may (D1), make the engine cut a discard to what it can still serve.
SHORT_STUBS = {
    "K9": ("deuce-to-seven-triple-draw", "", 14),
    "P3": ("deuce-to-seven-triple-draw-phh", "", 14),
    # A table that never reshuffles may burn no more than its stub holds at its most players (D1): these seat three.
    "D1": ("deuce-to-seven-triple-draw", '[deck]\nruns_out = "never"\n[players]\nmax = 3\n', 2),
    "D1-single": ("teaching-table", "[players]\nmax = 3\n", 35),
}


def short_stub(clause: str):
    base, extra, burn = SHORT_STUBS[clause]
    return table_from_text(f'extends = "{base}"\nname = "short-{clause}"\n{extra}'
                           f'[[change_streets]]\nat = "draw"\nburn = {burn}\n')


@pytest.mark.parametrize("table", builtin_games(), ids=lambda t: t.name)
def test_the_engine_moves_the_cards_property_5_counts_on_every_pattern_of_a_heads_up_hand(table):
    """T6, D1, K8, K9, L3, P3: every fold and every discard count of two players, through the engine and through
    the walk that property 5 proves things about: the same piles after every step."""
    seen = walk(table, 2)
    assert not seen.difference, seen.difference
    assert seen.hands >= 10


@pytest.mark.parametrize("table", builtin_games(), ids=lambda t: t.name)
def test_the_engine_piles_are_the_walks_counts_after_every_step_at_every_player_count(table):
    """T6, D1, K8, K9, L3, L8, P3, P4: random hands at every player count the table seats, the engine's pile sizes
    (stub, burns, folded, discards, reshuffles, community, the cards each player holds) equal to the walk's counts
    after every deal, discard, serving and betting round (the walk is fed only the engine's folds and discards)."""
    hands = 0
    for players in range(table.players_min, table.players_max + 1):
        for seed in range(3):
            seen = follow(table, players, seed)
            assert not seen.difference, seen.difference
            hands += seen.hands
    assert hands >= 3 * (table.players_max - table.players_min + 1)


def test_a_random_hand_reports_an_engine_that_moves_other_cards(monkeypatch):
    """The per-step check can fail: a stud engine whose burns take nothing is caught at the first burn, with the
    actions that show it."""
    monkeypatch.setattr(Stub, "burn", lambda self, count: self)
    seen = follow(load_game_table("razz"), 3, 1)
    assert "the engine's piles" in seen.difference and "the counted flow's" in seen.difference


@pytest.mark.parametrize("clause", SHORT_STUBS)
def test_a_short_stub_is_reshuffled_or_cut_as_property_5_counts_it(clause):
    """K9, P3, D1: where the stub runs short, the engine's reshuffles and the discards it refuses to serve agree
    with the count on every pattern (and the walk does reach them)."""
    seen = walk(short_stub(clause), 3 if clause == "D1" else 2)     # D1's small burns run short at three
    assert not seen.difference, seen.difference
    assert (seen.limited if clause.startswith("D1") else seen.reshuffles) > 0


def test_the_walk_reports_an_engine_that_moves_other_cards(monkeypatch):
    """The comparison can fail: an engine whose burns take nothing is caught, with the actions that show it."""
    monkeypatch.setattr(Stub, "burn", lambda self, count: self)
    seen = walk(load_game_table("deuce-to-seven-single-draw-limit"), 2)
    assert "the engine's piles" in seen.difference and "the counted flow's" in seen.difference


def test_the_walk_compares_after_every_decision_not_only_at_the_end(monkeypatch):
    """A count that slips one card into the stub at a discard is caught at the next decision of the same draw, with
    the discard that showed it last in the story (the walk compares the piles at every position, not only the
    finished hands)."""
    right = card_flow.draw_turn

    def slipped(o, table, drawn, turn, count=0, trace=None, name=None):
        after = right(o, table, drawn, turn, count, trace, name)
        if turn.step == DISCARD and count:
            after = dataclasses.replace(after, cards=after.cards._replace(stub=after.cards.stub + 1))
        return after

    monkeypatch.setattr(card_flow, "draw_turn", slipped)
    seen = walk(load_game_table("deuce-to-seven-triple-draw"), 3)
    assert seen.difference
    story = seen.difference.split("after ")[1].split(": the engine's")[0].split("; ")
    assert re.fullmatch(r"p\d sd \S+", story[-1]), story            # a discard, and the draw goes on


@pytest.mark.parametrize("name, players", [("teaching-table", 4), ("california-lowball", 4), ("razz", 5),
                                           ("deuce-to-seven-single-draw-phh", 4), ("D1", 3)])
def test_who_folds_changes_no_position_only_how_many(name, players):
    """The walk names a seat by its place among the players still in, so a betting round where some players fold
    leads to the same positions whichever of them fold: walking every set of folders and walking one set of each
    size reach the very same positions (here also where D1 cuts discards to what a short stub serves). Beyond
    three players the walk folds one set of each size."""
    table = short_stub(name) if name in SHORT_STUBS else load_game_table(name)
    every, some = walk(table, players, every_fold=True), walk(table, players, every_fold=False)
    assert not every.difference and not some.difference
    assert every.keys == some.keys and len(every.keys) == every.positions > 10
    assert every.hands > some.hands


# Every player count each table seats: the walk is compared after every decision (T6, D1, K8, K9, L3, L8, P3, P4),
# one set of folders of each size beyond three players (the test above shows it reaches the same positions). Where
# the dealer serves after all discards (P3) a reshuffle may fall between any two servings, so every order of the
# owed counts is a position of its own and the walk grows with the patterns: the triple draws served so stop at
# AFTER_ALL_MOST players (five at badugi-phh took 83 s; six took 8 minutes there and 29 at the PHH 2-7 triple draw,
# seven at badugi-phh an hour; each would more than double make test-full). LOWBALL_WALK_AFTER_ALL=6 (or 7)
# make test-full walks them further, once, by hand (docs/checks/index.md gives what those runs measured).
AFTER_ALL_MOST = int(os.environ.get("LOWBALL_WALK_AFTER_ALL", "5"))


def _most_walked(table) -> int:
    if table.serve is Serve.AFTER_ALL_DISCARDS and table.draws > 1:
        return min(AFTER_ALL_MOST, table.players_max)
    return table.players_max


EVERY_COUNT = [(table, players) for table in builtin_games()
               for players in range(max(3, table.players_min), _most_walked(table) + 1)]


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("LOWBALL_SLOW") != "1", reason="LOWBALL_SLOW=1 runs it (make test-full)")
@pytest.mark.parametrize("table, players", EVERY_COUNT, ids=lambda v: getattr(v, "name", str(v)))
def test_the_engine_moves_the_cards_property_5_counts_at_every_player_count_each_table_seats(table, players):
    """The same as heads-up, at every player count from three to the most each built-in table seats (six at the
    triple draws, eight at badugi and the stud tables: about twenty minutes in all, make test-full)."""
    seen = walk(table, players, every_fold=players <= 3)
    assert not seen.difference, seen.difference


class _EveryStep(type(PY)):
    """The plain operations, but taking the steps a Z3 reading takes (no shortcut for numbers)."""

    symbolic = True


@pytest.mark.parametrize("rule", list(RunsOut))
def test_the_usual_deal_read_with_numbers_is_the_deal_read_step_by_step(rule):
    """T6, L3: ``card_flow.deal`` with numbers skips its steps when the stub serves the street; the shortcut gives
    what the steps give, for every stub, burn, player count and street size (and the steps are taken otherwise)."""
    steps, taken = _EveryStep(), 0
    for stub, burns, burned, players, cards in itertools.product(range(0, 53, 3), (0, 4), (0, 1, 3), range(1, 9),
                                                                 (1, 2, 3, 5)):
        c = card_flow.Cards(stub=stub, burns=burns, folded=2, older=3, current=1)
        quick, slow = card_flow.deal(PY, rule, c, players, cards, burned), card_flow.deal(steps, rule, c, players,
                                                                                            cards, burned)
        assert tuple(quick) == tuple(slow), (stub, burns, burned, players, cards, quick, slow)
        taken += burned + players * cards <= stub
    assert taken > 100


@pytest.mark.parametrize("rule, piles, owed, burn, most", [
    # D1: nothing comes back. Five in the stub, one to burn: four may be thrown.
    (RunsOut.NEVER, dict(stub=5), 0, 1, 4),
    # K9: two in the stub, one to burn, three earlier discards: the burn and the three come back, 1 + 4 = 5.
    (RunsOut.RESHUFFLE_EARLIER, dict(stub=2, older=3), 0, 1, 5),
    # K9: this draw's discards stay out: two in the stub, both owed to the player before, nothing else to bring back.
    (RunsOut.RESHUFFLE_EARLIER, dict(stub=2, current=2), 2, 0, 0),
    # P3: this draw's discards come back, the player's own among them: the same stub serves every count.
    (RunsOut.RESHUFFLE_ALL, dict(stub=2, current=2), 2, 0, 5),
    # L8's rule (only the burns come back): one burned before, three in the stub, one to burn: 2 left, and the two
    # burns back, 4.
    (RunsOut.COMMUNITY_CARD, dict(stub=3, burns=1), 0, 1, 4),
])
def test_the_most_a_player_may_throw_is_what_the_clause_serves(rule, piles, owed, burn, most):
    """D1, K9, P3: how many cards a player may still discard when the stub runs short, worked out by hand from
    what each rule brings back (the burn just made included: it lands on its pile before the reshuffle)."""
    assert card_flow.most_served(rule, card_flow.Cards(**piles), owed, burn, 5) == most


def test_k9_brings_the_earlier_draws_discards_back_in_the_worst_case():
    """K9: five players who must each throw five at the second draw: 25 dealt, 27 left; the first draw's burn and
    25 discards leave one card, the second burn takes it, and the first draw's 25 discards (with the two burns)
    come back: the table loads."""
    text = ('extends = "deuce-to-seven-triple-draw"\nname = "house"\n[players]\nmax = 5\n'
            '[[change_streets]]\nat = 4\nmin_discard = 5\n')
    assert shortfall(table_from_text(text), 5) is None


def test_k9_leaves_this_draws_discards_out_in_the_worst_case():
    """K9: badugi with seven players who must each throw at least one card at the second draw. 28 dealt, 24 left;
    at the first draw p1-p6 throw four each (the burn comes back for p6) and p7 none; at the second the first
    draw's 24 come back for p1 and p1-p6 take them all; this draw's discards stay out, so p7 can be served
    nothing, and the table is refused."""
    with pytest.raises(RulesError, match=r"with 7 players p7 may find only 0 cards to replace, fewer than the 1"):
        table_from_text('extends = "badugi"\nname = "house"\n[players]\nmax = 7\n'
                        '[[change_streets]]\nat = 4\nmin_discard = 1\n')


def test_served_after_the_last_discard_the_worst_case_burns_and_serves_each_draw():
    """D1, P3: three players at a triple draw that never reshuffles and serves after the last discard: 15 dealt,
    37 left; the first two draws each take a burn and 15 replacements (5 left); at the third, after its burn, p1
    can be served four and p2 nothing, so a third draw where everyone must throw at least one is refused."""
    with pytest.raises(RulesError, match=r"with 3 players p2 may find only 0 cards to replace, fewer than the 1"):
        table_from_text('extends = "deuce-to-seven-triple-draw"\nname = "house"\n[players]\nmax = 3\n'
                        '[deck]\nruns_out = "never"\n[draw]\nserve = "after-all-discards"\n'
                        '[[change_streets]]\nat = 6\nmin_discard = 1\n')


def test_a_whole_hand_walked_gives_each_round_and_each_draw_its_own_choices():
    """Property 5 proves things about ``play``, the walk of a whole hand: round k must fold whom round k's choice
    says, and draw d throw what draw d's says. Three players at triple draw (K8, K9), each round and each draw
    choosing differently (p1 folds in the second round; the counts change from draw to draw), against the walk
    taken street by street with each street's choice named by its place in the table."""
    table = load_game_table("deuce-to-seven-triple-draw")
    folds = [[False] * 3, [True, False, False], [False] * 3, [False] * 3]
    discards = [[5, 4, 3], [3, 2, 1], [2, 0, 5]]       # p1 would throw at the later draws, had he not folded
    by_street = {1: folds[0], 2: discards[0], 3: folds[1], 4: discards[1], 5: folds[2], 6: discards[2], 7: folds[3]}
    assert [street.kind for street in table.streets][1:] == [StreetKind.BET, StreetKind.DRAW] * 3 + [StreetKind.BET]
    flow = card_flow.Flow.start(table, 3)
    for number, _ in enumerate(table.streets):
        flow = card_flow.step(PY, table, number, flow, by_street.get(number), None, card_flow.Naming())
    walked = card_flow.play(PY, table, 3, card_flow.Choices(folds=folds, discards=discards))
    assert walked == flow.cards, f"the whole walk {walked}, street by street {flow.cards}"
    assert walked.folded == 5


def test_a_short_stud_street_is_told_by_its_place_in_the_table():
    """L8: eight razz players called down need 56 cards; the walk's story names the street that runs short by its
    place in the table's list of streets (the words of property 5: "street 9: ..."). That place must be the deal of
    the seventh card, the first street the stub cannot serve, and it needs a card for each of the eight."""
    trace: list = []
    card_flow.play(PY, RAZZ, 8, card_flow.Choices.plain(RAZZ, 8), trace)
    short = [event for event in trace if event.key in ("street-community", "street-reshuffle", "street-stuck")]
    assert short, trace
    place = short[0].fields["street"]
    street = RAZZ.streets[place - 1]
    dealt_before = sum(s.cards for s in RAZZ.streets[:place - 1] if s.kind is StreetKind.DEAL)
    assert street.kind is StreetKind.DEAL and dealt_before == 6, f"street {place} is {street.kind}, after {dealt_before}"
    assert short[0].fields["need"] == 8, short[0]          # one card to each of the eight still in


@pytest.mark.parametrize("name, folded", [("razz", False), ("razz-phh", True)])
def test_a_short_seventh_street_is_told_reshuffled_then_dealt_one_community_card(name, folded):
    """L8: eight razz players short on seventh street: the burns come back (at pokerkit's table the folded hands
    too, P4), and the stub still cannot give each his card, so one community card is dealt for everyone. The story
    tells both, in that order, at the same street, the stub short of the need."""
    table = load_game_table(name)
    trace: list = []
    card_flow.play(PY, table, 8, card_flow.Choices.plain(table, 8), trace)
    assert [event.key for event in trace] == ["street-reshuffle", "street-community"], trace
    for event in trace:
        assert event.fields["folded"] is folded and event.fields["stub"] < event.fields["need"] == 8, event
    assert trace[0].fields["street"] == trace[1].fields["street"]


@pytest.mark.parametrize("pat_first, draw", [(False, 1), (True, 2)])
def test_a_draws_reshuffle_is_told_by_the_draws_number(pat_first, draw):
    """K9: six triple-draw players throwing five cards run the stub out at the draw where they first throw: the
    first draw, or the second when everyone stood pat at the first. The story names that draw and the player
    waiting (p5: 22 cards left after the deal serve four players and part of the fifth's, the burn first)."""
    table = load_game_table("deuce-to-seven-triple-draw")
    discards = [[0 if pat_first else 5] * 6, [5] * 6, [5] * 6]
    trace: list = []
    card_flow.play(PY, table, 6, card_flow.Choices(folds=[[False] * 6] * 4, discards=discards), trace)
    reshuffles = [event for event in trace if event.key == "draw-reshuffle"]
    assert reshuffles and reshuffles[0].fields["draw"] == draw and reshuffles[0].fields["seat"] == 5, trace
