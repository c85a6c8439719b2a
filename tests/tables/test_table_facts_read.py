"""Table facts are read, not retyped: the loaded table is built from its key list, and the hand size and the deck
are read from the table (or the rankings row) by the sevens rule, the card abstraction and the ranking proofs.

Each test changes the table (a copy made with ``dataclasses.replace``) and shows the code follow the change, or
refuse it in one line where the code is written for the built-in value only.
"""

from __future__ import annotations

import dataclasses
import math
from types import SimpleNamespace

import pytest

from lowball.core.behaviours import Joker, OpenPair, StreetKind
from lowball.core.cards import DECK, parse_cards
from lowball.core.games import GAME_KEYS, STREET_COMMON, STREET_KEYS, GameTable, Street, builtin_games, load_game_table
from lowball.core.rankings import HAND_SIZE
from lowball.errors import LowballError, RulesError
from lowball.ranking import as_system

SEVENS = load_game_table("california-lowball-sevens-rule")


# ---- GameTable and Street are built from their keys ----

def test_every_field_of_the_table_is_a_key_or_one_of_its_own():
    """A key is written once, in GAME_KEYS: the table's fields are the keys' fields, then the few no key fills."""
    own = {"source", "clauses", "data", "path"}
    fields = [f.name for f in dataclasses.fields(GameTable)]
    assert fields == [key.field_name for key in GAME_KEYS if key.field_name is not None] + [
        name for name in fields if name in own]
    assert {"deck_cards", "players_min", "sides", "phh_stakes_vary"} <= set(fields)


def test_a_street_field_takes_its_keys_default():
    street = Street(kind=StreetKind.DEAL, clause="T6")
    keys = {key.path: key for keys in STREET_KEYS.values() for key in keys}
    assert street.check is keys["check"].default and street.open_pair is OpenPair.OFF
    assert (street.down, street.burn, street.size, street.opener) == (0, 0, "", None)
    assert [f.name for f in dataclasses.fields(Street)][:len(STREET_COMMON)] == [key.path for key in STREET_COMMON]


def test_a_choice_is_loaded_as_its_enum():
    """A choice key's field holds a member of its enum (``is`` comparisons in the engine rely on it)."""
    for table in builtin_games():
        for key in GAME_KEYS:
            if key.enum is not None:
                value = getattr(table, key.field_name)
                assert value is None or isinstance(value, key.enum), (table.name, key.path, value)
        for street in table.streets:
            assert isinstance(street.open_pair, OpenPair) and isinstance(street.kind, StreetKind)


# ---- the sevens rule reads the table's hand ----

def _hand_at(table: GameTable, cards: str) -> SimpleNamespace:
    """Return what ``note_check`` reads of a hand: seat 0 holds ``cards`` at the last betting round."""
    told, checks = [], {}
    hand = SimpleNamespace(table=table, hands=[parse_cards(cards)], sevens_checks=checks, invested=(3, 3),
                           names=["p1"], tell=lambda *args, **kwargs: told.append(args), told=told)
    hand.note_sevens_check = lambda seat: checks.__setitem__(seat, hand.invested)     # as the reducer's draft does
    return hand


def _dealing(table: GameTable, down: int) -> GameTable:
    """Return a copy of ``table`` whose first deal gives ``down`` cards face down."""
    return dataclasses.replace(table, streets=(dataclasses.replace(table.streets[0], down=down),) + table.streets[1:])


def test_the_sevens_rule_notes_a_check_of_the_tables_whole_hand():
    from lowball.engine.sevens import note_check

    hand = _hand_at(SEVENS, "7c 5d 4h 2s Ac")
    note_check(hand, 0, last_round=True)
    assert hand.sevens_checks == {0: (3, 3)}


def test_the_sevens_rule_follows_the_tables_hand_size():
    """A hand of five at a table that deals six is not the player's whole hand: no check of a low is noted."""
    from lowball.engine.sevens import note_check

    six = _dealing(SEVENS, 6)
    assert six.hand_size == 6
    hand = _hand_at(six, "7c 5d 4h 2s Ac")
    note_check(hand, 0, last_round=True)
    assert hand.sevens_checks == {}


def test_the_sevens_rule_refuses_a_hand_its_ranking_does_not_read():
    """The low is a hand of the ranking's five cards (F7): a table dealing four is refused in one line."""
    from lowball.engine.sevens import note_check

    four = _dealing(SEVENS, 4)
    with pytest.raises(RulesError, match=r"^the sevens rule reads a low of 5 cards \(F7\); got 4$"):
        note_check(_hand_at(four, "7c 5d 4h 2s"), 0, last_round=True)


# ---- the card abstraction: the rules' deck and hand ----

def test_the_abstraction_reads_the_deck_and_the_hand():
    from lowball.solve import abstraction

    assert (abstraction.CARDS, abstraction.HAND, abstraction.UNSEEN) == (len(DECK), HAND_SIZE, len(DECK) - HAND_SIZE)


def test_the_abstraction_refuses_a_ranking_of_another_hand():
    from lowball.solve.abstraction import Abstraction

    with pytest.raises(RulesError, match=r"^badugi ranks hands of 4 cards; the card abstraction enumerates hands of "
                                         r"5 \(H2\)$"):
        Abstraction.build("badugi", 6, 8)


def test_a_table_of_another_deck_is_refused_before_its_abstraction():
    """A solve reads the table's deck: a 53-card copy of a solvable table is refused, naming the deck."""
    from lowball.solve.game_tree import refusal

    table = load_game_table("teaching-table")
    assert refusal(table) is None
    joker = dataclasses.replace(table, deck_cards=len(DECK) + 1, joker=Joker.LOWEST_MISSING)
    assert refusal(joker) == f"teaching-table: a 53-card deck; the abstraction needs {len(DECK)} cards"
    assert "five cards" in refusal(_dealing(table, HAND_SIZE - 1))


def test_one_card_draw_follows_its_deck():
    """The toy game's deck is a parameter (no table describes it): its states follow the number of cards."""
    from lowball.solve.draw_one import hands

    for cards in (3, 4, 5, 6):
        assert len(hands(False, cards)) == cards and len(hands(True, cards)) == cards * (cards - 1)


# ---- the ranking proofs: the rows' hand and the deck ----

def test_the_exhaustive_confirmation_counts_the_decks_hands():
    from lowball.verify.ranking import ALL_HANDS

    assert ALL_HANDS == math.comb(len(DECK), HAND_SIZE) == 2_598_960


@pytest.mark.parametrize("step", ["check_total_order", "prove_shapes_cover_hands", "confirm_exhaustively"])
def test_the_five_card_proofs_refuse_a_row_of_another_hand(step):
    """The Z3 model of a five-card system is written for five cards: a row of four is refused, not proved wrong."""
    from lowball.verify import ranking
    from lowball.verify.checks import Check

    row = dataclasses.replace(as_system("ace-to-six"), hand_size=HAND_SIZE - 1)
    run = getattr(ranking, step)
    with pytest.raises(LowballError, match=r"^ace-to-six: a hand of 4 cards; the Z3 model of a five-card system "
                                           r"and its shapes are written for 5 \(H2\)$"):
        run(Check.of(2), row) if step == "prove_shapes_cover_hands" else run(row, Check.of(2))


def test_the_five_card_proofs_hold_for_the_built_in_hand():
    from lowball.verify.checks import Check
    from lowball.verify.ranking import prove_shapes_cover_hands

    check = Check.of(2)
    prove_shapes_cover_hands(check, as_system("ace-to-six"))
    assert check.holds
