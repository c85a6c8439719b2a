"""Say in words how a high-low pot splits: each player's best high five, best qualifying low five, who wins (L1, L2).

L1: each player makes a best high hand and a best low hand from their cards,
using different cards if they like (a card may play in both); the low must
qualify. L2: high and low split the pot, one player may win both ("scoop"),
and with no qualifying low the best high takes it all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from lowball.core.arguments import ANYTHING, NAME, either, mapping_of, sequence_of, takes
from lowball.core.cards import Card, check_disjoint, format_cards, parse_cards
from lowball.core.rankings import load_rankings
from lowball.ranking import as_system, best_five, best_low_five, hand_name, rank_text
from lowball.ranking.lookup import rank_of
from lowball.ranking.literate import _qualifier
from lowball.text import words


@dataclass(frozen=True)
class SplitHand:
    """One player's side of a split showdown: the five for the high, and the five for the low (or None)."""

    name: str
    cards: tuple[Card, ...]
    high: tuple[Card, ...]
    high_rank: int
    low: tuple[Card, ...] | None
    low_rank: int | None


# What the hands of a split take: a list (players numbered) or a mapping from names to hands; at least one.
PLAYERS = either(sequence_of(ANYTHING, least=1), mapping_of(NAME, ANYTHING, least=1)).named(
    "a list of hands, or a mapping from players' names (1 to 40 printable characters) to hands")


@takes(hands=PLAYERS)
def split_hands(hands: Sequence[str | Iterable[Card | str]] | Mapping[str, str | Iterable[Card | str]],
                high: str, qualifier: str, lang: str = "en") -> list[SplitHand]:
    """Return each player's best high five and best qualifying low five (L1); players unnamed are numbered.

    >>> [(format_cards(p.high), format_cards(p.low or ())) for p in split_hands(
    ...     ["Ac Kc Qc Jc Tc 2d 3h", "8s 6d 4h 3c 2s Kd Kh"], "high", "eight-or-better")]
    [('Ac Kc Qc Jc Tc', ''), ('8s 6d 4h Kd Kh', '8s 6d 4h 3c 2s')]
    """
    words.check_lang(lang, "split_hands")
    named = list(hands.items()) if isinstance(hands, Mapping) else [
        (words.SPLIT[lang]["player"].format(n=i + 1), cards) for i, cards in enumerate(hands)]
    low_system, _ = _qualifier(qualifier)
    held_by = [parse_cards(cards) for _, cards in named]
    check_disjoint(held_by)                 # one deck: no card in two hands (T1)
    found = []
    for (name, _), held in zip(named, held_by):
        top = best_five(held, high)
        low = best_low_five(held, qualifier)
        found.append(SplitHand(name=name, cards=held, high=top, high_rank=rank_of(top, high),
                               low=low, low_rank=None if low is None else rank_of(low, low_system)))
    return found


@takes(hands=PLAYERS)
def explain_split(hands: Sequence[str | Iterable[Card | str]] | Mapping[str, str | Iterable[Card | str]],
                  high: str, qualifier: str, lang: str = "en") -> str:
    """Return which five make each player's high and low, who wins each half, and who scoops (L1, L2).

    Hands are five to seven cards each, as a list (players numbered) or a
    mapping from names to cards.

    >>> print(explain_split({"Lena": "Ah 2h 3d 4c 9h Kh 7h", "Misha": "As Ks Qd Qc 9s 8s 2s"}, "high", "eight-or-better"))
    Lena: high A-K-9-7-2 (Ah 2h 9h Kh 7h), ace-high flush; low 7-4-3-2-A (Ah 2h 3d 4c 7h), seven-four low; Ah 2h 7h play in both (L1).
    Misha: high A-K-9-8-2 (As Ks 9s 8s 2s), ace-high flush; no low: none of its fives is eight or better (L1).
    Misha wins the high half; Lena wins the low half (L2).
    >>> print(explain_split(["Ah 2h 3h 4h 5h Kd Kc", "Ac Ad Th 7s 6c Jc Qs"], "high", "eight-or-better", lang="ru"))
    Игрок 1: старшая рука A-5-4-3-2 (A♥ 2♥ 3♥ 4♥ 5♥), стрит-флеш до пятёрки; младшая рука 5-4-3-2-A (A♥ 2♥ 3♥ 4♥ 5♥), пятёрка-четвёрка; A♥ 2♥ 3♥ 4♥ 5♥ играют в обеих (L1).
    Игрок 2: старшая рука A-A-Q-J-10 (A♣ A♦ 10♥ J♣ Q♠), пара тузов; младшей руки нет: пяти разных карт не старше восьмёрки здесь не набрать (L1).
    Игрок 1 забирает обе половины, то есть весь банк (скуп, L2).
    """
    said = words.SPLIT[words.check_lang(lang, "explain_split")]
    rule = load_rankings().qualifier(qualifier)
    low_system, _ = _qualifier(qualifier)
    players = split_hands(hands, high, qualifier, lang)
    lines = []
    for p in players:
        text = said["high"].format(who=p.name, ranks=rank_text(p.high, high), cards=format_cards(p.high),
                                   name=hand_name(p.high, as_system(high), lang))
        if p.low is None:
            limit = load_rankings().rank_names[lang][rule.max_rank][1]
            text += "; " + said["no-low"].format(qualifier=getattr(rule, lang), limit=limit, clause=rule.clause)
        else:
            text += "; " + said["low"].format(ranks=rank_text(p.low, low_system), cards=format_cards(p.low),
                                              name=hand_name(p.low, as_system(low_system), lang))
            both = [card for card in p.low if card in p.high]
            if both:
                text += "; " + said["both"].format(cards=format_cards(both), clause=rule.clause)
        lines.append(text[0].upper() + text[1:] + ".")
    lines.append(_verdict(players, said) + ".")
    text = "\n".join(lines)
    return words.with_suit_symbols(text) if lang == "ru" else text      # a Russian sentence writes cards K♥


def _names(players: list[SplitHand], said: dict[str, str]) -> str:
    names = [p.name for p in players]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {said['and']} {names[-1]}"


def _verdict(players: list[SplitHand], said: dict[str, str]) -> str:
    """Return who wins each half (ties split it, S2), a scoop, or the whole pot to the high (L2)."""
    best_high = min(p.high_rank for p in players)
    highs = [p for p in players if p.high_rank == best_high]
    lows_held = [p for p in players if p.low_rank is not None]
    if not lows_held:
        return said["no-low-at-all"].format(who=_names(highs, said))
    best_low = min(p.low_rank for p in lows_held)
    lows = [p for p in lows_held if p.low_rank == best_low]
    if len(highs) == len(lows) == 1 and highs[0] is lows[0]:
        return said["scoop"].format(who=highs[0].name)
    high_text = said["wins-high" if len(highs) == 1 else "split-high"].format(who=_names(highs, said))
    low_text = said["wins-low" if len(lows) == 1 else "split-low"].format(who=_names(lows, said))
    return f"{high_text[0].upper()}{high_text[1:]}; {low_text} (L2)"
