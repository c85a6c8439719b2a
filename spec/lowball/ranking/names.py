"""Showing hands: the order a system reads the cards in, the ranks as the seeds write them, and short names.

The words come from the rankings table (``[ranks]`` and ``[hand_names]`` in
``rules/rankings.toml``), in English and Russian; only the choice of template
and fields is made here. A hand with the joker reads as the hand it completes
(F8: A-6-5-3-joker reads 6-5-3-2-A).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from lowball.core.cards import ACE, Card
from lowball.core.rankings import RankingSystem, load_rankings
from lowball.ranking.joker import resolve_joker
from lowball.ranking.literate import as_system, groups, judge, playing_cards, straight_top, value


def display_order(cards: Sequence[Card], system: RankingSystem) -> tuple[Card, ...]:
    """Return the cards as the system reads them: biggest group first, then from the top card down.

    >>> from lowball.core.cards import format_cards, parse_cards
    >>> format_cards(display_order(parse_cards("Ac 6d 5h 3s Jk"), as_system("ace-to-five")))   # F8
    '6d 5h 3s 2c Ac'
    >>> format_cards(display_order(parse_cards("Ts Jd Qh Kc Ac"), as_system("ace-to-six")))    # H4
    'Ac Kc Qh Jd Ts'
    """
    cards = resolve_joker(cards, system)
    if not system.five_cards:                     # U1: the cards that play from the top, then those that do not
        plays = playing_cards(cards, system)
        rest = [card for card in cards if card not in plays]
        return tuple(sorted(plays, key=lambda c: value(c, system), reverse=True)) + \
            tuple(sorted(rest, key=lambda c: value(c, system), reverse=True))
    counts = Counter(value(card, system) for card in cards)
    if straight_top(cards, system) == ACE:        # H4: A-K-Q-J-10 reads from the ace even where the ace counts low
        return tuple(sorted(cards, key=lambda c: c.rank, reverse=True))
    return tuple(sorted(cards, key=lambda c: (counts[value(c, system)], value(c, system)), reverse=True))


def rank_text(cards: Sequence[Card], system: str | RankingSystem) -> str:
    """Return the ranks as the seeds write them, from the top: ``'6-4-3-2-A'`` (suits dropped).

    >>> from lowball.core.cards import parse_cards
    >>> rank_text(parse_cards("Ac 2d 3h 4s 6c"), "ace-to-six"), rank_text(parse_cards("Ac 2d 3h 4s 6c"), "high")
    ('6-4-3-2-A', 'A-6-4-3-2')
    >>> rank_text(parse_cards("Ac 6d 5h 3s Jk"), "ace-to-five")     # F8: the joker reads as the deuce
    '6-5-3-2-A'
    >>> rank_text(parse_cards("7s 3s 2h Ad"), "badugi")             # U3: only the cards that play
    '3-2-A'
    """
    row = as_system(system)
    shown = display_order(cards, row)
    if not row.five_cards:
        shown = shown[:len(playing_cards(cards, row))]
    return "-".join("10" if c.rank == 10 else c.rank_char for c in shown)


def hand_name(cards: Sequence[Card], system: str | RankingSystem, lang: str = "en") -> str:
    """Return a short name of the hand such as 'six-four low' or 'five-high straight'.

    >>> from lowball.core.cards import parse_cards
    >>> hand_name(parse_cards("6c 4h 3s 2d Ac"), "ace-to-six"), hand_name(parse_cards("6c 4h 3s 2d Ac"), "ace-to-six", "ru")
    ('six-four low', 'шестёрка-четвёрка')
    >>> hand_name(parse_cards("5s 4d 3c 2h Ad"), "deuce-to-seven")         # K1: it loses to every king-high hand
    'ace-five high'
    >>> hand_name(parse_cards("7c 4d 3h 2s"), "badugi"), hand_name(parse_cards("7c 4d 3h 2s"), "badugi", "ru")   # U2
    ('four-card badugi, seven-high', 'бадуги до семёрки')
    """
    row = as_system(system)
    cards = resolve_joker(cards, row)
    tables = load_rankings()
    forms = tables.rank_names[lang]
    if not row.five_cards:              # U2: the size of the set that plays, then its top card
        cat, _ = judge(cards, row)
        top = value(display_order(cards, row)[0], row)
        gen = 1 if lang == "ru" else 0
        return tables.hand_names[lang][cat].format(r1=forms[top][0], top=forms[top][gen])
    cat, parts = judge(cards, row)
    values = dict(parts)
    ordered = [value(c, row) for c in display_order(cards, row)]
    grouped = groups(cards, row)
    ru = lang == "ru"
    # The forms of each rank's name (rankings.toml, [ranks]): English (singular, plural); Russian (nominative,
    # genitive singular, genitive plural, nominative plural). A low is named by the nominative: "шестёрка-четвёрка".
    said = {v: names[0] for v, names in forms.items()}
    gen_sing = {v: names[1] if ru else names[0] for v, names in forms.items()}
    plural = {v: names[2] if ru else names[1] for v, names in forms.items()}
    nom_plural = {v: names[3] if ru else names[1] for v, names in forms.items()}
    after_three = {v: names[1] for v, names in forms.items()}      # "three kings", "три короля"
    template = cat
    if cat == "no-pair":
        template = "no-pair-low" if row.better == "lower" else "no-pair-high"
        if row.better == "lower" and ordered[0] == ACE:
            template = "no-pair-ace-high"     # K1: in deuce-to-seven an ace tops the hand: it is no low at all
    top = values.get("top-card", (ordered[0],))[0]
    pairs = [v for n, v in grouped if n == 2]
    big = [v for n, v in grouped if n >= 3]
    return tables.hand_names[lang][template].format(
        r1=said[ordered[0]], r2=said[ordered[1]], top=gen_sing[top],
        p=plural[pairs[0]] if pairs else "", hi=plural[max(pairs)] if pairs else "",
        lo=plural[min(pairs)] if pairs else "", t=plural[big[0]] if big else "",
        hi_nom=nom_plural[max(pairs)] if pairs else "", lo_nom=nom_plural[min(pairs)] if pairs else "",
        t_one=after_three[big[0]] if big else "",
    )
