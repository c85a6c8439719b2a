"""The best play of the questions notebook 9 asks as its page opens, answered ahead by the search and stored here.

Notebook 9 sets four starts side by side (one, two and three cards to a seven, one card to 8-5-3-2), a seven within
three draws in deuce-to-seven, each played best (``lowball.analysis.best_play``). The search takes about a dozen
seconds on the shared two-core machine for the four, most of them for three cards to 7-2 (55,000 positions): the
page took 16 to 26 s to open in Voilà. Answered once here, the page opens in a few seconds (docs/speed.md,
"Opening the notebooks"). ``best_play`` returns a stored answer only for the very question asked (the same cards
in the same order, system, goal, draws, deck and discard) and only where the budget would have let the search
answer it; any other question is searched.

``tests/cards/test_best_play.py`` answers every question again by the search and compares each field (the three-card
draw, six seconds, with the slow tests, as the search's own test of it). To rebuild after the search changed:

    .venv/bin/python -m lowball.analysis.stored_answers
"""

from __future__ import annotations

from fractions import Fraction

# (system, cards held, discard asked or None, goal, draws, deck) -> (first discard, chance, positions valued)
# The questions are notebook 9's STARTS (cell c21; the first is cell c17's too), in its order.
ANSWERS: dict[tuple[str, str, str | None, str, int, int], tuple[str, Fraction, int]] = {
    ("deuce-to-seven", "7c 5d 3h 2s Qd", None, "seven", 3, 52): ("Qd", Fraction(7076, 16215), 278),
    ("deuce-to-seven", "7c 5d 2s Ks Qd", None, "seven", 3, 52): ("Ks Qd", Fraction(670132, 2556565), 9019),
    ("deuce-to-seven", "7c 2s Kh Ks Qd", None, "seven", 3, 52): ("Kh Ks Qd", Fraction(84444656, 440240493), 55734),
    ("deuce-to-seven", "8c 5d 3h 2s Kd", None, "seven", 3, 52): ("8c Kd", Fraction(4148536, 23009085), 18658),
}


def main() -> None:  # pragma: no cover - run by hand to rebuild ANSWERS
    """Print ANSWERS as the search gives them now, for pasting above (add a question as a key, then run this)."""
    from lowball.analysis.best_play import best_play
    from lowball.core.cards import format_cards

    questions = list(ANSWERS)
    ANSWERS.clear()                                   # so that best_play searches every one
    print("ANSWERS: dict[tuple[str, str, str | None, str, int, int], tuple[str, Fraction, int]] = {")
    for system, cards, discard, goal, draws, deck in questions:
        play = best_play(cards, system, goal, draws=draws, deck=deck, discard=discard)
        chance = f"Fraction({play.chance.numerator}, {play.chance.denominator})"
        question = ", ".join(f'"{part}"' if isinstance(part, str) else str(part)
                             for part in (system, cards, discard, goal, draws, deck))
        print(f'    ({question}): ("{format_cards(play.discard)}", {chance}, {play.positions}),')
    print("}")


if __name__ == "__main__":  # pragma: no cover
    main()
