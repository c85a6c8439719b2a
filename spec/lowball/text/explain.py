"""Say in words why one hand beats another, naming the deciding rule (H2, H3, K1, F1, F8, S2).

A hand with the joker is explained as the hand it completes, with a note
saying what the joker plays as (F8: "the joker plays as a deuce").
"""

from __future__ import annotations

from typing import Iterable, Sequence

from lowball.text import words
from lowball.core.cards import Card, parse_cards, rank_value
from lowball.ranking import (
    BROADWAY, HAND_SIZE, WHEEL, as_system, hand_name, judge, rank_text, strength_key,
)
from lowball.ranking.joker import plays_as, resolve_joker
from lowball.ranking.literate import playing_cards
from lowball.core.rankings import RankingSystem, load_rankings


def _hand(cards: str | Iterable[Card | str], system: RankingSystem) -> tuple[Card, ...]:
    """Return exactly the cards a hand of ``system`` holds (five; four in badugi, U1), or raise ``CardError``."""
    return parse_cards(cards, count=system.hand_size)


def unplayed_notes(cards: Sequence[Card], system: RankingSystem, lang: str = "en") -> list[str]:
    """Return, for each card that does not play in badugi, why (U1): the card that plays beside it shares its rank
    or its suit. Every card left out clashes with one that plays, or the set that plays could be larger.

    >>> from lowball.core.cards import parse_cards
    >>> unplayed_notes(parse_cards("7s 3s 2h Ad"), as_system("badugi"))
    ['7s does not play: it shares a suit with 3s (U1)']
    >>> unplayed_notes(parse_cards("Kd Kc 2d 5h"), as_system("badugi"), "ru")
    ['карта K♦ не играет: она одного достоинства с K♣ и одной масти с 2♦ (U1)']
    """
    if system.five_cards:
        return []
    said = words.SENTENCES[lang]
    plays = playing_cards(cards, system)
    notes = []
    for card in cards:
        if card in plays:
            continue
        clashes = [said["pairs"].format(other=other) for other in plays if other.rank == card.rank]
        clashes += [said["shares-suit"].format(other=other) for other in plays if other.suit == card.suit]
        joined = f" {'and' if lang == 'en' else 'и'} ".join(clashes)
        note = f"{said['not-playing'].format(card=card, clashes=joined)} ({system.plays_clause})"
        notes.append(words.with_suit_symbols(note) if lang == "ru" else note)   # Russian writes cards K♥
    return notes


def value_text(v: int) -> str:
    """Return how a card value is written in a comparison: 1 and 14 are 'A', 10 is '10'."""
    return {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(v, str(v))


def category_name(category: str, lang: str = "en") -> str:
    """Return the table's name of a category in ``lang``: ``category_name('two-pair', 'ru') == 'две пары'``."""
    return load_rankings().category(category).name(lang)


def system_name(row: RankingSystem, lang: str = "en") -> str:
    """Return how a sentence names a system: its key where the key is its name, else its title.

    >>> system_name(as_system("ace-to-six")), system_name(as_system("ace-to-six-ace-low"))
    ('ace-to-six', 'ace-to-six (ace always low)')
    >>> system_name(as_system("deuce-to-seven"), "ru")
    'от двойки до семёрки'
    """
    title = row.title(lang)
    return row.key if lang == "en" and title.startswith(row.key) else title


def _notes(cards: Sequence[Card], system: RankingSystem, lang: str) -> list[str]:
    """Return the remarks that explain a surprising category: the wheel, broadway, ignored runs or suits."""
    said = words.SENTENCES[lang]
    ranks = {card.rank for card in cards}
    notes = []
    looks_like_run = len(ranks) == HAND_SIZE and (max(ranks) - min(ranks) == HAND_SIZE - 1 or ranks in (WHEEL, BROADWAY))
    if looks_like_run and not system.straights_count:
        notes.append(f"{said['run-ignored']} ({system.category_clause})")
    elif ranks == WHEEL:
        key = "wheel-straight" if system.wheel_is_straight else \
            "wheel-no-straight" if system.ace == "high" else "wheel-not-straight"
        notes.append(f"{said[key]} ({system.category_clause if system.wheel_is_straight else system.ace_clause})")
    elif ranks == BROADWAY:
        key = "broadway-straight" if system.broadway_is_straight else "broadway-no-straight"
        notes.append(f"{said[key]} ({system.ace_clause})")
    if len({card.suit for card in cards}) == 1 and not system.flushes_count:
        notes.append(f"{said['suited-ignored']} ({system.category_clause})")
    return notes


def joker_note(cards: Sequence[Card], system: str | RankingSystem, lang: str = "en") -> str | None:
    """Return what the joker plays as in five cards, with its clause, or None when they hold no joker (F8).

    >>> from lowball.core.cards import parse_cards
    >>> joker_note(parse_cards("Ac 6d 5h 3s Jk"), "ace-to-five"), joker_note(parse_cards("Ac 6d 5h 3s Jk"), "ace-to-five", "ru")
    ('the joker plays as a deuce (F8)', 'джокер здесь — двойка (F8)')
    """
    row = as_system(system)
    rank = plays_as(cards, row)
    if rank is None:
        return None
    value = rank_value(rank, row.ace == "low")
    name = load_rankings().rank_names[lang][value][0]
    return f"{words.SENTENCES[lang]['joker'].format(rank=words.a_rank(name, lang))} ({row.joker_clause})"


def _steps(parts_w, parts_l, lang: str) -> str:
    """Walk the tie-break parts of winner and loser until the first difference, in words."""
    said = words.SENTENCES[lang]
    phrases = []
    for (part, vw), (_, vl) in zip(parts_w, parts_l):
        compared = []
        for x, y in zip(vw, vl):
            if x == y:
                compared.append(said["equal"].format(a=value_text(x), b=value_text(y)))
            else:
                beat = said["beats"].format(a=value_text(x), b=value_text(y))
                compared.append(f"{said['then']} {beat}" if compared else beat)
                phrases.append(f"{words.PARTS[lang][part]}: {', '.join(compared)}")
                return "; ".join(phrases)
        phrases.append(f"{words.PARTS[lang][part]}: {', '.join(compared)}")
    return "; ".join(phrases)


def _noun(category: str, lang: str, plural: bool) -> str:
    if lang == "ru":
        return words.RU_PLURALS.get(category, category_name(category, "ru")) if plural else category_name(category, "ru")
    return words.EN_NOUNS[category][1 if plural else 0]


def explain(a: str | Iterable[Card | str], b: str | Iterable[Card | str],
            system: str | RankingSystem | None = None, lang: str = "en") -> str:
    """Return why hand ``a`` beats, loses to or ties hand ``b`` under ``system``, naming the deciding rule.

    >>> explain("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-six")
    '6-4-3-2-A is a no-pair hand; 5-4-3-2-A is a straight, and under ace-to-six every no-pair hand beats every straight (H2). A-2-3-4-5 (the wheel) is a straight here (H2).'
    >>> explain("6c 5h 3s 2d Ac", "6s 4d 3c 2h Ad", "ace-to-six")
    '6-4-3-2-A beats 6-5-3-2-A. Both are no-pair hands (H3); comparing from the top: 6 = 6, then 4 beats 5.'
    >>> explain("6c 4h 3s 2d Ac", "6d 4s 3h 2c Ah", "ace-to-six", lang="ru")
    'Руки равны (6-4-3-2-A, без пары): масти старшинства не имеют, поэтому ничья и банк делят поровну (S2).'
    >>> explain("6c 5h 3s Jk Ac", "6d 4s 3h 2c Ah", "ace-to-five")
    '6-4-3-2-A beats 6-5-3-2-A. Both are no-pair hands (F1); comparing from the top: 6 = 6, then 4 beats 5. The joker plays as a deuce (F8).'
    >>> explain("Ac 2d 3h 4s", "7c 4d 2h Kh", "badugi")                 # U2: four cards beat three
    '4-3-2-A is a four-card badugi; 7-4-2 is a three-card hand, and under badugi every four-card badugi beats every three-card hand (U2). Kh does not play: it shares a suit with 2h (U1).'
    >>> explain("7s 3s 2h Ad", "3c 3d 2s Ah", "badugi")                 # U3: cards that do not play never break a tie
    'Both are three-card hands of the same value (3-2-A); suits have no rank, so they tie and split the pot (S2); cards that do not play never break a tie (U3). 7s does not play: it shares a suit with 3s (U1). 3d does not play: it pairs 3c (U1).'
    >>> explain("6c 4h 3s 2d Ac", "6d 4s 3h 2c Ah", "ace-to-six", lang="fr")
    Traceback (most recent call last):
    lowball.errors.ArgumentError: explain: lang: expected 'en' or 'ru', got 'fr'
    """
    words.check_lang(lang, "explain")
    row = as_system(system)
    given = _hand(a, row), _hand(b, row)
    jokers = [note for hand in given if (note := joker_note(hand, row, lang))]
    hands = tuple(resolve_joker(hand, row) for hand in given)       # F8: the joker resolved before ranking
    key_a, key_b = (strength_key(h, row) for h in hands)
    winner, loser = hands if key_a <= key_b else hands[::-1]
    (cat_w, parts_w), (cat_l, parts_l) = judge(winner, row), judge(loser, row)
    said = words.SENTENCES[lang]
    text_w, text_l = rank_text(winner, row), rank_text(loser, row)

    if cat_w != cat_l:
        sentence = said["categories"].format(
            w=text_w, l=text_l, system=system_name(row, lang),
            wcat=_noun(cat_w, lang, False), lcat=_noun(cat_l, lang, False),
            wnoun=words.EN_NOUNS[cat_w][0].removeprefix("a ") if lang == "en" else words.RU_ANY[cat_w][0],
            lnoun=words.EN_NOUNS[cat_l][0].removeprefix("a ") if lang == "en" else words.RU_ANY[cat_l][1],
            clause=row.category_clause,
        )
    elif key_a == key_b:
        sentence = said["tie"].format(nouns=_noun(cat_w, lang, True), hand=text_w)
        if not row.five_cards and sorted(c.rank for c in winner) != sorted(c.rank for c in loser):
            sentence += f"; {said['not-playing-no-tie-break']} ({row.tie_break_clause})"
    else:
        beats = said["beats"].format(a=text_w, b=text_l)
        sentence = f"{beats}. " + said["same-category"].format(
            nouns=_noun(cat_w, lang, True), clause=row.tie_break_clause, steps=_steps(parts_w, parts_l, lang),
        )
    if row.five_cards:
        notes = jokers + _notes(winner, row, lang) + _notes(loser, row, lang)
    else:                           # U1: say which cards do not play, and why
        notes = unplayed_notes(hands[0], row, lang) + unplayed_notes(hands[1], row, lang)
    notes = list(dict.fromkeys(notes))
    return ". ".join([sentence] + [n[0].upper() + n[1:] for n in notes]) + "."


def describe(cards: str | Iterable[Card | str], system: str | RankingSystem | None = None, lang: str = "en") -> str:
    """Return a one-line description of a hand: its ranks, category and name in ``lang``.

    >>> describe("Kh 9d 7c 4s 2h", "ace-to-six")
    'K-9-7-4-2: no pair, king-nine low'
    >>> describe("Kh 9d 7c 4s 2h", "ace-to-six", "ru")
    'K-9-7-4-2: без пары, король-девятка'
    >>> describe("Ac 6d 5h 3s Jk", "ace-to-five")
    '6-5-3-2-A: no pair, six-five low; the joker plays as a deuce (F8)'
    """
    words.check_lang(lang, "describe")
    row = as_system(system)
    hand = _hand(cards, row)
    if not row.five_cards:          # U1, U2: the set that plays names the hand; the others are left out, and why
        notes = unplayed_notes(hand, row, lang)
        return f"{rank_text(hand, row)}: {hand_name(hand, row, lang)}" + "".join(f"; {note}" for note in notes)
    cat, _ = judge(resolve_joker(hand, row), row)
    note = joker_note(hand, row, lang)
    return f"{rank_text(hand, row)}: {category_name(cat, lang)}, {hand_name(hand, row, lang)}" + (f"; {note}" if note else "")
