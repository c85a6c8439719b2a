"""Words for names and explanations, in English and Russian.

Only language lives here; which hand beats which is decided from the rules
tables; the names of ranks and hands are in the rankings table itself
(``rules/rankings.toml``), since ``evaluate`` names every hand it ranks.
"""

from __future__ import annotations

import re

from lowball.core.rankings import LANGUAGE, LANGUAGES

# How a hand of each category is named inside a sentence ("every straight").
EN_NOUNS = {
    "no-pair": ("a no-pair hand", "no-pair hands"),
    "pair": ("a pair", "pairs"),
    "two-pair": ("two pair", "two-pair hands"),
    "trips": ("three of a kind", "three-of-a-kind hands"),
    "straight": ("a straight", "straights"),
    "flush": ("a flush", "flushes"),
    "full-house": ("a full house", "full houses"),
    "quads": ("four of a kind", "four-of-a-kind hands"),
    "straight-flush": ("a straight flush", "straight flushes"),
    "four-card": ("a four-card badugi", "four-card badugis"),
    "three-card": ("a three-card hand", "three-card hands"),
    "two-card": ("a two-card hand", "two-card hands"),
    "one-card": ("a one-card hand", "one-card hands"),
}

# Russian names a category after "Обе руки —" by the category's own name ("без пары", "стрит"); the badugi
# categories are adjectives of "рука" and take the plural there (U2).
RU_PLURALS = {
    "four-card": "бадуги",
    "three-card": "трёхкарточные",
    "two-card": "двухкарточные",
    "one-card": "однокарточные",
}

# How Russian says "every hand of this category" as the subject and as the object of "бьёт" (H2): the category's
# name is not always a noun ("без пары"), and "любой" agrees with the noun's gender.
RU_ANY = {
    "no-pair": ("любая рука без пары", "любую руку без пары"),
    "pair": ("любая пара", "любую пару"),
    "two-pair": ("любые две пары", "любые две пары"),
    "trips": ("любая тройка", "любую тройку"),
    "straight": ("любой стрит", "любой стрит"),
    "flush": ("любой флеш", "любой флеш"),
    "full-house": ("любой фулл-хаус", "любой фулл-хаус"),
    "quads": ("любое каре", "любое каре"),
    "straight-flush": ("любой стрит-флеш", "любой стрит-флеш"),
    "four-card": ("любое бадуги", "любое бадуги"),                       # U2: size first
    "three-card": ("любая трёхкарточная рука", "любую трёхкарточную руку"),
    "two-card": ("любая двухкарточная рука", "любую двухкарточную руку"),
    "one-card": ("любая однокарточная рука", "любую однокарточную руку"),
}

# Labels of the tie-break parts (H3), as the explanation walks through them.
PARTS = {
    "en": {
        "cards": "comparing from the top",
        "top-card": "the top card decides",
        "pair": "the pair first",
        "high-pair": "the higher pair first",
        "low-pair": "then the lower pair",
        "trips": "the three of a kind first",
        "quads": "the four of a kind first",
        "kickers": "then the kickers from the top",
    },
    "ru": {
        "cards": "сравниваем карты сверху вниз",
        "top-card": "решает старшая карта",
        "pair": "сначала пара",
        "high-pair": "сначала старшая пара",
        "low-pair": "затем младшая пара",
        "trips": "сначала тройка",
        "quads": "сначала каре",
        "kickers": "затем кикеры сверху вниз",
    },
}

SENTENCES = {
    "en": {
        "categories": "{w} is {wcat}; {l} is {lcat}, and under {system} every {wnoun} beats every {lnoun} ({clause})",
        "same-category": "Both are {nouns} ({clause}); {steps}",
        "tie": "Both are {nouns} of the same value ({hand}); suits have no rank, so they tie and split the pot (S2)",
        "equal": "{a} = {b}",
        "beats": "{a} beats {b}",
        "then": "then",
        "wheel-straight": "A-2-3-4-5 (the wheel) is a straight here",
        "wheel-no-straight": "the ace is high, so A-2-3-4-5 is not a straight",
        "wheel-not-straight": "A-2-3-4-5 is not a straight in this system",
        "broadway-straight": "A-K-Q-J-10 is the highest straight here",
        "broadway-no-straight": "the ace is always low, so A-K-Q-J-10 is not a straight",
        "run-ignored": "straights do not count in this system",
        "suited-ignored": "flushes do not count in this system",
        "joker": "the joker plays as {rank}",
        "not-playing": "{card} does not play: it {clashes}",
        "pairs": "pairs {other}",
        "shares-suit": "shares a suit with {other}",
        "not-playing-no-tie-break": "cards that do not play never break a tie",
    },
    "ru": {
        "categories": "{w} — {wcat}; {l} — {lcat}, а в системе «{system}» {wnoun} бьёт {lnoun} ({clause})",
        "same-category": "Обе руки — {nouns} ({clause}); {steps}",
        "tie": "Руки равны ({hand}, {nouns}): масти старшинства не имеют, поэтому ничья и банк делят поровну (S2)",
        "equal": "{a} = {b}",
        "beats": "{a} бьёт {b}",
        "then": "затем",
        "wheel-straight": "A-2-3-4-5 («колесо») здесь стрит",
        "wheel-no-straight": "туз здесь только старший, поэтому A-2-3-4-5 — не стрит",
        "wheel-not-straight": "A-2-3-4-5 в этой системе — не стрит",
        "broadway-straight": "A-K-Q-J-10 здесь — старший стрит",
        "broadway-no-straight": "туз всегда младший, поэтому A-K-Q-J-10 — не стрит",
        "run-ignored": "стриты в этой системе не считаются",
        "suited-ignored": "флеши в этой системе не считаются",
        "joker": "джокер здесь — {rank}",
        "not-playing": "карта {card} не играет: она {clashes}",
        "pairs": "одного достоинства с {other}",
        "shares-suit": "одной масти с {other}",
        "not-playing-no-tie-break": "карты, которые не играют, ничью не разбивают",
    },
}


# A split showdown in words (L1, L2): ``lowball.text.split``.
SPLIT = {
    "en": {
        "player": "player {n}",
        "high": "{who}: high {ranks} ({cards}), {name}",
        "low": "low {ranks} ({cards}), {name}",
        "no-low": "no low: none of its fives is {qualifier} ({clause})",
        "both": "{cards} play in both ({clause})",
        "and": "and",
        "wins-high": "{who} wins the high half",
        "split-high": "{who} split the high half",
        "wins-low": "{who} wins the low half",
        "split-low": "{who} split the low half",
        "scoop": "{who} wins the high half and the low half: a scoop (L2)",
        "no-low-at-all": "No one has a qualifying low, so the best high takes the whole pot: {who} (L2)",
    },
    "ru": {
        "player": "Игрок {n}",
        "high": "{who}: старшая рука {ranks} ({cards}), {name}",
        "low": "младшая рука {ranks} ({cards}), {name}",
        "no-low": "младшей руки нет: пяти разных карт не старше {limit} здесь не набрать ({clause})",
        "both": "{cards} играют в обеих ({clause})",
        "and": "и",
        "wins-high": "старшую половину банка забирает {who}",
        "split-high": "старшую половину банка делят {who}",
        "wins-low": "младшую половину забирает {who}",
        "split-low": "младшую половину делят {who}",
        "scoop": "{who} забирает обе половины, то есть весь банк (скуп, L2)",
        "no-low-at-all": "Ни у кого нет проходной младшей руки, поэтому весь банк забирает лучшая старшая рука: {who} (L2)",
    },
}


def a_rank(name: str, lang: str) -> str:
    """Return a rank's name as a sentence needs it after "plays as": 'a deuce', 'an ace' (Russian has no article).

    >>> a_rank("deuce", "en"), a_rank("eight", "en"), a_rank("двойка", "ru")
    ('a deuce', 'an eight', 'двойка')
    """
    if lang != "en":
        return name
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def check_lang(lang: str, where: str = "lang") -> str:
    """Return ``lang`` if it is a supported language, else raise ``ArgumentError`` naming the choices.

    >>> check_lang("xx", "explain")
    Traceback (most recent call last):
    lowball.errors.ArgumentError: explain: lang: expected 'en' or 'ru', got 'xx'
    """
    return LANGUAGE.check(where, "lang", lang)


SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
CARD_CODE = re.compile(r"\b(10|[2-9TJQKA])([cdhs])\b")


def with_suit_symbols(text: str) -> str:
    """Return text with every card code written as the seeds write cards: 'Kh Td' becomes 'K♥ 10♦'.

    >>> with_suit_symbols("Лена меняет 1 карту: Kc; показывает Ah 2d Th")
    'Лена меняет 1 карту: K♣; показывает A♥ 2♦ 10♥'
    """
    return CARD_CODE.sub(lambda m: ("10" if m.group(1) == "T" else m.group(1)) + SUIT_SYMBOLS[m.group(2)], text)
