"""Kings Club histories judged by the rules (docs/rules-digest.md part G, O1-O5): the reader, the judge, PHH out.

The hands in tests/data/histories/kingsclub/ were written for the project in Kings Club's format (never copied from
a room's file); each one is verified, and a changed copy of it (a wrong amount paid, an illegal raise, a call of
the wrong total, a summary that does not add up, a hand run twice) is found to disagree or refused, naming the line
and the clause. The real files in the KingsClub folder of the rooms' real histories (third-party test data, read where they lie: tests/support/outside_data.py) are
judged hand by hand against a table of what each hand comes to, found by reading each hand.
"""

from __future__ import annotations

import collections
import io
from decimal import Decimal
from pathlib import Path

import pytest

from lowball.histories import kingsclub
from lowball.histories.importer import FileProblem, import_stream
from lowball.histories.judge import Status
from lowball.histories.kingsclub import read_hand
from lowball.histories.model import EventKind
from lowball.histories.phh_out import phh_text
from lowball.phh.history import replay

from tests.support.outside_data import real_histories

DATA = Path(__file__).resolve().parents[1] / "data" / "histories" / "kingsclub"
REAL = real_histories("KingsClub")


def judged(text: str, name: str = "test.txt"):
    """Return the judgement of every hand of a Kings Club history given as text."""
    return list(import_stream(io.BytesIO(text.encode("utf-8")), name, kingsclub))


def one(text: str):
    (judgement,) = judged(text)
    return judgement


def hands_of(text: str):
    """Return the hands of a text, read (not judged)."""
    return [judgement.site_hand for judgement in judged(text)]


TRIPLE = (DATA / "triple-draw.txt").read_text(encoding="utf-8")
FIRST = TRIPLE.split("\n\n")[0] + "\n"
BADACEY = (DATA / "badacey.txt").read_text(encoding="utf-8")
STUD = (DATA / "stud-hi-lo.txt").read_text(encoding="utf-8")
SINGLE = (DATA / "single-draw.txt").read_text(encoding="utf-8")
TWICE = (DATA / "run-twice.txt").read_text(encoding="utf-8")


def line_of(text: str, wanted: str) -> int:
    """Return the number (from 1) of the line of ``text`` that is ``wanted``."""
    return text.splitlines().index(wanted) + 1


# ---- the reader (O1, O2, O5) ----

def test_the_header_date_table_and_seats_are_read_with_exact_money():
    hand = read_hand(list(enumerate(FIRST.splitlines(), start=1)), "t.txt")
    assert (hand.site, hand.number, hand.game, hand.structure) == \
        ("Kings Club", "900000001", "deuce-to-seven-triple-draw", "fixed-limit")
    assert hand.stakes == (Decimal("20"), Decimal("40")) and hand.button == 3 and hand.table == "Project Table"
    assert (hand.date, hand.time, hand.currency) == ("2024/05/01", "12:00:00", None)
    assert [(s.number, s.player, s.stack) for s in hand.seats] == \
        [(1, "Anna", Decimal("1000")), (2, "Hero", Decimal("800.50")), (3, "Boris", Decimal("1200"))]   # O5


def test_a_call_states_the_rounds_total_like_a_raise():
    """Kings Club's "calls 40" after "raises to 40" over a big blind of 20 is the total, not 40 more (O1)."""
    hand = read_hand(list(enumerate(FIRST.splitlines(), start=1)), "t.txt")
    calls = [(e.player, e.amount, e.to) for e in hand.events if e.kind is EventKind.CALL]
    assert calls[0] == ("Hero", None, Decimal("40"))
    raises = [(e.player, e.to) for e in hand.events if e.kind is EventKind.RAISE]
    assert raises == [("Boris", Decimal("40")), ("Hero", Decimal("40")), ("Boris", Decimal("80"))]


def test_the_owners_draw_names_both_groups_and_anothers_draw_is_a_count():
    """D1, O2: the owner's thrown and new cards; another player's draw is a number and his cards stay unknown."""
    hand = read_hand(list(enumerate(FIRST.splitlines(), start=1)), "t.txt")
    own = line_of(FIRST, "Hero discards [Kd Ks] draws [3s 8c]")
    draws = [(e.kind, e.player, e.count, tuple(str(c) for c in e.cards) if e.cards else None)
             for e in hand.events if e.line in (own, own + 1)]
    assert draws == [(EventKind.DISCARD, "Hero", 2, ("Kd", "Ks")), (EventKind.DEAL, "Hero", None, ("3s", "8c")),
                     (EventKind.DISCARD, "Boris", 1, None)]
    assert [e.player for e in hand.events if e.kind is EventKind.STAND_PAT] == ["Hero", "Hero", "Boris"]
    dealt = next(e for e in hand.events if e.kind is EventKind.DEAL and e.player == "Anna")
    assert dealt.cards == (None,) * 5                                                               # O2


def test_the_summary_gives_the_stacks_after_the_hand_the_rake_and_no_total():
    """O3: no total pot line, so the pot is what was paid plus the rake; each stack after the hand is kept."""
    hand = read_hand(list(enumerate(FIRST.splitlines(), start=1)), "t.txt")
    assert hand.total_pot is None and hand.rake == Decimal("2") and hand.pots == ()
    assert hand.finishing == (("Anna", Decimal("990")), ("Hero", Decimal("600.50")), ("Boris", Decimal("1408")))
    (paid,) = [e for e in hand.events if e.kind is EventKind.COLLECT]
    assert (paid.player, paid.amount, paid.pot) == ("Boris", Decimal("408"), "pot")


def test_shown_hands_carry_no_name():
    """Kings Club names no shown hand: the cards are judged, and there is no label to hold against them."""
    hand = read_hand(list(enumerate(FIRST.splitlines(), start=1)), "t.txt")
    shows = [e for e in hand.events if e.kind is EventKind.SHOW]
    assert [(e.player, e.label, len(e.cards)) for e in shows] == [("Hero", None, 5), ("Boris", None, 5)]


def test_a_stud_deal_hides_the_down_cards_and_the_first_bet_completes_the_bring_in():
    """L3, L4, O2: "[X X Kd]" is two unknown down cards and the door card; "bets 20" after a bring-in completes."""
    (hand,) = hands_of(STUD)
    gleb = [e.cards for e in hand.events if e.kind is EventKind.DEAL and e.player == "Gleb"]
    assert gleb[0][:2] == (None, None) and str(gleb[0][2]) == "Kd" and gleb[-1] == (None,)
    assert hand.button is None
    first = [(e.kind, e.player, e.amount, e.to) for e in hand.events
             if e.kind in (EventKind.BRING_IN, EventKind.COMPLETE, EventKind.BET)][:3]
    assert first == [(EventKind.BRING_IN, "Dina", Decimal("5"), None),
                     (EventKind.COMPLETE, "Hero", None, Decimal("20")),
                     (EventKind.BET, "Gleb", Decimal("20"), None)]


def test_the_side_pots_are_the_winners_sums_main_first():
    """O3: the room names the pot each winner took from; those sums are the pots after the rake, main first."""
    (hand,) = hands_of(SINGLE)
    assert hand.pots == (Decimal("895"), Decimal("2400"))
    assert [e.all_in for e in hand.events if e.kind is EventKind.RAISE] == [False, True, False]


def test_every_line_is_read_or_named():
    """A line the reader does not know refuses the hand, naming it: nothing is passed over in silence (O1)."""
    text = FIRST.replace("Anna folds\n", "Anna folds\nAnna does something new\n")
    judgement = one(text)
    assert judgement.status is Status.REFUSED and judgement.finding.key == "unread-line"
    assert "Anna does something new" in judgement.reason() and judgement.finding.line == 15


def test_a_summary_line_whose_change_does_not_add_up_is_named():
    """A seat's stack after the hand must be its stack before it and the change the line states (O1, O5)."""
    text = FIRST.replace("Seat 3: Boris (1,408) +208", "Seat 3: Boris (1,408) +209")
    judgement = one(text)
    assert judgement.status is Status.REFUSED and judgement.finding.key == "unread-line"
    assert judgement.finding.line == line_of(FIRST, "Seat 3: Boris (1,408) +208") and "1200 +209" in judgement.reason()


def test_the_hands_of_a_file_are_split_at_each_header_in_any_encoding():
    for encoding in ("utf-8", "utf-16"):
        hands = list(import_stream(io.BytesIO(TRIPLE.encode(encoding)), "x.txt", kingsclub))
        assert [j.site_hand.number for j in hands] == ["900000001", "900000002"], encoding
        assert [j.site_hand.game for j in hands] == ["deuce-to-seven-triple-draw", "ace-to-five-single-draw"]
        assert [j.status for j in hands] == [Status.VERIFIED, Status.VERIFIED], encoding


# ---- the judge: the project's hands are verified (K1-K9, M1, Z1-Z4, L1-L8, O3) ----

def test_a_triple_draw_hand_and_a_single_draw_hand_are_verified_with_their_rake():
    for judgement in judged(TRIPLE):
        assert judgement.status is Status.VERIFIED, judgement.reason()
    first, second = judged(TRIPLE)
    assert (first.pot, first.rake, first.collected) == (Decimal("410"), Decimal("2"), {"Boris": Decimal("408")})
    assert (second.pot, second.collected) == (Decimal("500"), {"Boris": Decimal("497")})


def test_a_badacey_pot_is_split_between_the_low_and_the_badugi():
    """Z2: Vera's 6-4-3-2-A takes the ace-to-five half, Hero's four-suit 5-3-2-A badugi the other."""
    judgement = one(BADACEY)
    assert judgement.status is Status.VERIFIED, judgement.reason()
    assert judgement.collected == {"Hero": Decimal("63"), "Vera": Decimal("63")}


def test_a_stud_high_low_pot_is_split_and_the_bring_in_is_the_lowest_door_card():
    """L4 (the 2c brings in), L1 (kings up take the high, 6-4-3-2-A the low)."""
    judgement = one(STUD)
    assert judgement.status is Status.VERIFIED, judgement.reason()
    assert judgement.collected == {"Gleb": Decimal("136"), "Hero": Decimal("136")}


def test_a_no_limit_side_pot_is_verified_pot_by_pot():
    """G6, S1: the short all-in wins the main pot, Hero the side pot, the rake out of the main pot."""
    judgement = one(SINGLE)
    assert judgement.status is Status.VERIFIED, judgement.reason()
    assert judgement.pot == Decimal("3300") and judgement.collected == {"Ivan": Decimal("895"),
                                                                        "Hero": Decimal("2400")}


# ---- the judge: changed copies disagree or are refused, naming the line ----

def test_a_payout_to_the_wrong_player_disagrees_naming_both_sums():
    text = BADACEY.replace("Hero wins (63) from pot", "Hero wins (64) from pot") \
        .replace("Vera wins (63) from pot", "Vera wins (62) from pot")
    judgement = one(text)
    assert judgement.status is Status.DISAGREES and judgement.finding.key == "collected", judgement.reason()
    assert "64" in judgement.reason() and "63" in judgement.reason()


def test_a_raise_of_the_wrong_size_disagrees_at_its_line():
    """K5 (fixed limit): after a bet of 40 the raise goes to 80, not 70."""
    text = FIRST.replace("Boris raises to 80", "Boris raises to 70")
    judgement = one(text)
    assert judgement.status is Status.DISAGREES and judgement.finding.key == "illegal"
    assert judgement.finding.line == line_of(FIRST, "Boris raises to 80") and "80" in judgement.reason()


def test_a_call_of_the_wrong_total_disagrees():
    text = FIRST.replace("Hero calls 80", "Hero calls 70")
    judgement = one(text)
    assert judgement.status is Status.DISAGREES and judgement.finding.key == "call-amount"
    assert judgement.finding.line == line_of(FIRST, "Hero calls 80")


def test_the_wrong_winner_disagrees():
    """K1: with a nine-five Boris loses to Hero's eight-seven, whom the rules pay."""
    text = FIRST.replace("Boris shows [2d 3h 4c 5s 7d]", "Boris shows [2d 3h 4c 5s 9d]")
    judgement = one(text)
    assert judgement.status is Status.DISAGREES and judgement.finding.key == "collected"
    assert "Hero" in judgement.reason()


def test_a_stack_after_the_hand_that_the_rules_do_not_leave_disagrees():
    """O3: the room's stack after the hand is checked against what the rules leave (here Anna lost 10, not 20)."""
    text = FIRST.replace("Seat 1: Anna (990) -10", "Seat 1: Anna (980) -20")
    judgement = one(text)
    assert judgement.status is Status.DISAGREES and judgement.finding.key == "finishing"
    assert "Anna" in judgement.reason() and "990" in judgement.reason()


def test_a_blind_posted_out_of_turn_is_a_live_post_of_that_hand():
    """O4: "posts blind 20" is a player joining or returning: a live post of his seat, which counts toward his
    raise to 40 (the button's 20 more, not 40), so the hand adds up as the room wrote it."""
    text = FIRST.replace("Hero: posts the big blind 20\n", "Hero: posts the big blind 20\nBoris: posts blind 20\n")
    judgement = one(text)
    assert judgement.status is Status.VERIFIED, judgement.reason()
    assert judgement.table.seat_posts == (0, 0, 20 * 100)      # in cents: the hand holds amounts like 800.50
    assert one(text.replace("Boris raises to 40", "Boris raises to 60")).status is Status.DISAGREES


@pytest.mark.parametrize("change", [
    None,                                                                      # "Run 1: Hero shows [...]"
    ("Hero discards [Qd] draws [7c]", "Hero discards [Qd] draws [7c] [Kd]"),    # one group of new cards a run
    ("Hero discards [Qd] draws [7c]", "Dealt to Hero: [7c Kd]"),                 # the room's older listing
])
def test_a_hand_run_twice_is_refused_at_its_first_sign(change):
    """O4: the rest of the cards dealt twice after an all-in; no table plays it."""
    text = TWICE
    if change is not None:
        text = text.replace(*change).replace("Run 1: Hero shows [2s 3d 4c 8h 7c]\nRun 2: ", "")
    judgement = one(text)
    assert judgement.status is Status.REFUSED and judgement.finding.key == "run-it-twice"
    wanted = "Run 1: Hero shows [2s 3d 4c 8h 7c]" if change is None else change[1]
    assert judgement.finding.line == line_of(text, wanted)


# ---- PHH out ----

def test_a_verified_hand_is_written_as_phh_that_replays_to_the_stacks_before_the_rake():
    """The PHH replays to the rules' stacks; the room's stacks after the hand are those less the rake (O3)."""
    for judgement in judged(TRIPLE) + [one(BADACEY), one(STUD), one(SINGLE)]:
        stacks = replay(phh_text(judgement)).finishing_stacks
        room = dict(judgement.site_hand.finishing)
        assert sum(stacks) - sum(room[name] for name in judgement.names) == judgement.rake, \
            judgement.site_hand.number


# ---- the real files (third-party test data, read where they lie) ----

# What each real Kings Club hand comes to, and why (each hand read, the reasons checked by hand): status, the
# finding's key and line.
REAL_HANDS = {
    "37732805": ("verified", None, None),                  # badugi
    "40201390": ("verified", None, None),                  # badacey, split between the low and the badugi (Z2)
    "41388325": ("verified", None, None),                  # A-5 single draw (M1)
    "39969256": ("verified", None, None),                  # 2-7 triple draw, heads-up
    "39969428": ("verified", None, None),                  # stud high-low, no low
    "49595550": ("verified", None, None),                  # stud high-low, the 2022 export with its streets fixed
    "45381014": ("refused", "unplayed-game", None),        # 2-7 drawmaha (games.unplayed)
    "45394277": ("refused", "unplayed-game", None),
    # Badeucey dealt seven-handed: the card rooms seat 2-6 (W7); the room seats 7, its table says so (O4).
    "40200897": ("verified", None, None),
    # A player returning posts "blind 44" out of turn (O4), a live post; the stacks after the hand say he paid 66,
    # and the pot is 22 more than the lines put in.
    "39879543": ("disagrees", "pot", None),
    # Run twice: "Run 1: ... shows", "draws [8c] [Qs]", and the older "Dealt to Hero: [6h Ks Ks]" on the draw.
    "3857875": ("refused", "run-it-twice", 29),
    "45393683": ("refused", "run-it-twice", 40),
    "45383142": ("refused", "run-it-twice", 29),
    "45383178": ("refused", "run-it-twice", 25),
    "45383120": ("refused", "run-it-twice", 32),
    # Stud 44/88: after the completion to 44 the room lets a raise go to 77.16 (the bring-in 33.16 + 44), where the
    # rules raise to 88 (Q4); the stacks after the hand show the chips were real (O4).
    "37581152": ("disagrees", "illegal", 25),
    # Razz 500/1,000: after a short all-in of 225 the room raises to 625 (the bring-in 125 + 500), the rules
    # complete to 500 (L4, G6).
    "3537921": ("disagrees", "illegal", 31),
    # 2-7 razz: the hands are shown before the seventh street, whose down cards are never shown (O2).
    "3703449": ("refused", "unshown", 44),
    # Everyone folds to a raise (the room prints no return of an uncalled bet: its stacks after the hand say it),
    # and the room pays a pot of 1,350 where the lines put in 1,225: the small blind the file's name says was
    # missed, posted without a line.
    "3516416": ("disagrees", "pot", None),
}
HANDS_PER_FILE = {path: 1 for path in (
    "Badugi-Limit-USD-30-60-202010.txt", "2-7 Drawmaha-FL-USD-60-120-202108.showdown.txt",
    "2-7 Drawmaha-FL-USD-60-120-202108.txt", "Badacey-Limit-USD-22-44-202101.txt",
    "Badeucey-Limit-USD-22-44-202101.txt", "2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt",
    "A5-1-Draw-Limit-USD-50-100-202102.txt", "Razz-USD-500-100-202101.multi.pot.failure.txt",
    "NL-2-7-SD-USD-125-250-202103.RIT.txt", "NL-2-7-SD-USD-125-250-202103.missed.sb.txt",
    "NL-2-7-SD-USD-25-50-202108.1.RIT.txt", "NL-2-7-SD-USD-25-50-202108.2.RIT.txt",
    "NL-2-7-SD-USD-25-50-202108.3.RIT.txt", "NL-2-7-SD-USD-25-50-202108.4.RIT.txt",
    "7-StudHL-USD-40-80-202101.txt", "7-StudHL-USD-44-88-202203.fixed.streets.txt",
    "7-Stud-USD-44-88-202010.txt", "2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt",
    "2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt")}


@pytest.fixture(scope="module")
def real():
    if not REAL.is_dir():
        pytest.skip(f"{REAL} is not here (the rooms' histories are third-party test data beside the checkout)")
    judgements = []
    for path in sorted(REAL.glob("*/*")):
        with path.open("rb") as stream:
            judgements += import_stream(stream, str(path), kingsclub)
    return judgements


def test_every_real_kings_club_hand_is_judged_as_expected(real):
    problems = [j for j in real if isinstance(j, FileProblem)]
    assert not problems, problems[0].message
    for judgement in real:
        number = judgement.site_hand.number
        assert not judgement.site_hand.unread, (number, judgement.site_hand.unread)
        found = (judgement.status.value, judgement.finding.key if judgement.finding else None,
                 judgement.finding.line if judgement.finding else None)
        assert found == REAL_HANDS[number], f"#{number}: {judgement.reason()}"


def test_the_real_files_hold_the_hands_they_hold(real):
    counts = collections.Counter(Path(j.site_hand.file).name for j in real)
    assert counts == HANDS_PER_FILE
    assert sorted(j.site_hand.number for j in real) == sorted(REAL_HANDS)


def test_the_real_stacks_after_the_hand_agree_with_what_each_seat_put_in_and_won(real):
    """O3: the summary's stack of every seat is its stack before the hand and the change it states (the reader
    checks each line); every seat is listed."""
    for judgement in real:
        hand = judgement.site_hand
        assert [name for name, _ in hand.finishing] == [seat.player for seat in hand.seats], hand.number


def test_every_verified_real_hand_replays_from_its_phh(real):
    for judgement in real:
        if judgement.status is Status.VERIFIED:
            stacks = replay(phh_text(judgement)).finishing_stacks
            room = dict(judgement.site_hand.finishing)
            assert sum(stacks) - sum(room[name] for name in judgement.names) == judgement.rake, \
                judgement.site_hand.number
