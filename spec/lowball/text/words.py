"""Words for names and explanations, in English and Russian.

Only language lives here; which hand beats which is decided from the rules
tables; the names of ranks and hands are in the rankings table itself
(``rules/rankings.toml``), since ``evaluate`` names every hand it ranks.
"""

from __future__ import annotations

import re

from lowball.core.rankings import LANGUAGE, LANGUAGES, RankingSystem, load_rankings

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


# ---- The command line's reports (``lowball odds``, ``play``, ``strategy``, ``solve``, ``games``) ----

# Each line a command prints, in both languages; a form that agrees with a number is a tuple (English: one, many;
# Russian: one, few, many, as ``lowball.text.plural.counted`` picks). The actions of the solved strategy are
# ``Advice.frequencies``'s own words (check, bet, call, raise, fold, pat, drawN).
COMMAND_WORDS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "en": {
        # odds
        "throwing": "throwing {cards}", "standing pat": "standing pat",
        "one discard": "{system}: {cards}, {action}: {draws}",
        "equally likely draws": ("equally likely draw", "equally likely draws"),
        "count of": "{count} of {total}", "goal mark": "<- goal",
        "within draws": "{system}: {cards}, {action}, within {draws} (kept cards held, the thrown ones redrawn "
                        "until the kind is made)",
        "draws": ("draw", "draws"),
        "best head": "{system}: {cards}, {goal} within {draws}",
        "best first": "best play: {throw} first{then}", "best asked": "best play: {throw} (as asked){then}",
        "then": ", then keep at each draw what gives the best chance",
        "fixed keep": "fixed keep: keep {kept} every draw and redraw the rest until it is made",
        "throw": "throw {cards}", "stand pat": "stand pat", "nothing": "nothing",
        "all discards": "{system}: {cards}, all {count} {discards}, best first for {goal}",
        "discards": ("discard", "discards"), "discard column": "discard", "draws column": "draws",
        "best discard": "best: {play} ({goal}: {count} of {total}, {percent})",
        # play
        "session": "{game}: {hands}, {players}, stacks of {stack}, seed {seed}",
        "hands": ("hand", "hands"), "players": ("player", "players"), "chips": ("chip", "chips"),
        "seed drawn": " (drawn: rerun with --seed {seed})",
        "summary columns": "player|bot|hands won|chips won|showdowns|rebuys",
        "note": "note: {note}", "as sound": "equilibrium plays as sound: {why}",
        "solved strategy": "equilibrium plays the solved strategy (a hand whose stacks it does not cover: as sound)",
        # games
        "seats": "{low}-{high} {players}", "tables": "tables: {folder}",
        # strategy
        "to act": "{table}: p{seat} to act {where}, holding {cards} ({bucket})",
        "after": "after {line}", "at the start": "at the start",
        "pre-draw bucket": "pre-draw bucket {bucket}", "final bucket": "final bucket {bucket}",
        "stage bucket": "bucket {bucket} after draw {draw}",
        "check": "check", "bet": "bet", "call": "call", "raise": "raise", "fold": "fold", "pat": "pat",
        "draw": "draw{count}", "throws": "throws {cards}",
        "pat hand": "a pat hand (standing pat is its best play against a random hand): breaks it {percent}",
        "weak hand": "a weak hand (in the worse half of all final hands): snows (stands pat) {percent}",
        "range above": "{share} of p{seat}'s range here is better",
        "bluff": "a bet or raise is a bluff; bluffs {percent}", "no bluff": "a bet or raise would not be a bluff",
        # solve
        "solved": "{table}: {iterations}{resumed}, exploitability {exploitability} mbb/hand (goal {goal})",
        "iterations": ("iteration", "iterations"), "resumed": " (resumed at {iteration})",
        "value": "  value to p{seat}: {chips} chips a hand ({mbb} mbb/hand)", "written": "written: {file}",
    },
    "ru": {
        "throwing": "меняем {cards}", "standing pat": "стоим пат",
        "one discard": "{system}: {cards}, {action}: {draws}",
        "equally likely draws": ("равновероятный прикуп", "равновероятных прикупа", "равновероятных прикупов"),
        "count of": "{count} из {total}", "goal mark": "<- цель",
        "within draws": "{system}: {cards}, {action}, за {draws} (оставленные карты держим, сброшенные прикупаем "
                        "снова, пока рука не собрана)",
        "draws": ("обмен", "обмена", "обменов"),
        "best head": "{system}: {cards}, {goal} за {draws}",
        "best first": "лучшая игра: {throw}{then}", "best asked": "лучшая игра: {throw} (как задано){then}",
        "then": " на первом обмене, затем на каждом следующем оставлять то, что даёт лучший шанс",
        "fixed keep": "одни и те же карты: держать {kept} на каждом обмене и прикупать остальные, пока рука не "
                      "собрана",
        "throw": "менять {cards}", "stand pat": "стоять пат", "nothing": "ничего",
        "all discards": "{system}: {cards}, все {count} {discards} сброса, лучшие первыми для цели «{goal}»",
        "discards": ("вариант", "варианта", "вариантов"), "discard column": "сброс", "draws column": "прикупы",
        "best discard": "лучше всего: {play} ({goal}: {count} из {total}, {percent})",
        "session": "{game}: {hands}, {players}, стартовый стек {stack}, сид {seed}",
        "hands": ("раздача", "раздачи", "раздач"), "players": ("игрок", "игрока", "игроков"),
        "chips": ("фишка", "фишки", "фишек"),
        "seed drawn": " (выбран случайно: повторить — --seed {seed})",
        "summary columns": "игрок|бот|выиграл раздач|выиграл фишек|вскрытий|докупок",
        "note": "примечание: {note}", "as sound": "equilibrium играет как sound: {why}",
        "solved strategy": "equilibrium играет решённую стратегию (раздачу со стеками, которых решение не покрывает, "
                           "— как sound)",
        "seats": "{low}–{high} {players}", "tables": "таблицы: {folder}",
        "to act": "{table}: ходит p{seat} {where}, на руках {cards} ({bucket})",
        "after": "после «{line}»", "at the start": "в начале раздачи",
        "pre-draw bucket": "корзина {bucket} до обмена", "final bucket": "корзина {bucket} после обмена",
        "stage bucket": "корзина {bucket} после {draw}-го обмена",
        "check": "чек", "bet": "ставка", "call": "колл", "raise": "рейз", "fold": "пас", "pat": "стоять пат",
        "draw": "поменять {count}", "throws": "сбрасывает {cards}",
        "pat hand": "готовая рука (против случайной руки лучше всего стоять пат): ломает её в {percent} случаев",
        "weak hand": "слабая рука (в худшей половине всех итоговых рук): стоит пат блефом (сноу) в {percent} случаев",
        "range above": "{share} диапазона p{seat} здесь сильнее",
        "bluff": "ставка или повышение — блеф; блефует в {percent} случаев",
        "no bluff": "ставка или повышение не были бы блефом",
        "solved": "{table}: {iterations}{resumed}, уязвимость {exploitability} mbb за раздачу (цель {goal})",
        "iterations": ("итерация", "итерации", "итераций"), "resumed": " (продолжено с итерации {iteration})",
        "value": "  выигрыш p{seat}: {chips} фишки за раздачу ({mbb} mbb за раздачу)", "written": "записано: {file}",
    },
}


def say(lang: str, key: str, **fields: object) -> str:
    """Return the command line's words ``key`` in ``lang`` with its fields filled in.

    >>> say("ru", "throwing", cards="Kc"), say("en", "standing pat")
    ('меняем Kc', 'standing pat')
    """
    return str(COMMAND_WORDS[lang][key]).format(**fields)


def many(n: int, key: str, lang: str) -> str:
    """Return the number ``n`` and the word ``key`` that agrees with it: '3 players', '3 игрока', '47 прикупов'.

    >>> many(1, "hands", "en"), many(3, "players", "ru"), many(2598960, "hands", "ru")
    ('1 hand', '3 игрока', '2\u202f598\u202f960 раздач')
    """
    from lowball.text.plural import counted, digits

    return f"{digits(n, lang)} {counted(n, COMMAND_WORDS[lang][key], lang)}"


def decimal(x: float, spec: str, lang: str) -> str:
    """Return a number formatted by ``spec`` as the language writes it: a decimal comma and a minus sign in Russian.

    >>> decimal(-0.25, "+.2f", "en"), decimal(-0.25, "+.2f", "ru")
    ('-0.25', '−0,25')
    """
    text = format(x, spec)
    return text.replace(".", ",").replace("-", "−") if lang == "ru" else text


def percent(x: float, lang: str, places: int = 1) -> str:
    """Return a fraction as a percentage: '17.0%'; in Russian '17,0 %' (a narrow space before the sign).

    >>> percent(0.17, "en"), percent(0.17, "ru") == "17,0\u202f%", percent(0.5, "en", 0)
    ('17.0%', True, '50%')
    """
    return decimal(100 * x, f".{places}f", lang) + ("\u202f%" if lang == "ru" else "%")


def kind_label(kind: object, system: RankingSystem, lang: str) -> str:
    """Return the label of a kind of final hand of ``lowball.analysis.odds`` ("seven-low or better") in ``lang``.

    The Russian is built from the rankings table's names, as the English label is: a low by its top card
    («семёрка или лучше»), a badugi by its top card («бадуги до восьмёрки или лучше»), a category by its name.
    """
    if lang == "en":
        return kind.label
    tables = load_rankings()
    if kind.key in {c.key for c in tables.categories}:
        name = tables.category(kind.key).name(lang)
        return name if kind.key == system.category_order[0] else f"{name} или лучше"
    value = next(v for v, forms in tables.rank_names["en"].items() if forms[0] == kind.key)
    forms = tables.rank_names[lang][value]
    return f"{forms[0]} или лучше" if system.five_cards else f"бадуги до {forms[1]} или лучше"


def kind_heading(kind: object, lang: str) -> str:
    """Return a kind's short name for a column heading: its key ('seven', 'no-pair'), in Russian its top card or
    category («семёрка», «без пары»)."""
    if lang == "en":
        return kind.key
    tables = load_rankings()
    if kind.key in {c.key for c in tables.categories}:
        return tables.category(kind.key).name(lang)
    value = next(v for v, forms in tables.rank_names["en"].items() if forms[0] == kind.key)
    return tables.rank_names[lang][value][0]


def rest_label(system: RankingSystem, english: str, lang: str) -> str:
    """Return the name of the hands that are none of the kinds ('pair or worse'; given in English) in ``lang``."""
    if lang == "en":
        return english
    tables = load_rankings()
    if system.better == "higher":
        return tables.category(system.category_order[-1]).name(lang)
    return f"{tables.category(system.category_order[1]).name(lang)} или хуже"
