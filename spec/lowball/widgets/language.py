"""The panels' words in English and Russian, and the switch between them.

Everything a panel shows that is not computed by the package below comes from
here: labels, buttons, messages, numbers written the way each language writes
them ("5,871" and "5 871"), the names of the ranking systems and of the kinds of
low (read from the rankings table), and card errors put into Russian. The
names of hands and the explanations come from the text layer in either
language already.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import ipywidgets as w

from lowball.core.rankings import load_rankings, ranking_system
from lowball.text.plural import THIN, digits

LANGS = ("en", "ru")
# Russian groups thousands with a narrow no-break space (THIN) and writes a decimal comma: 5 871; 8,9 %.

WORDS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "en": {
        # shared
        "static": "Static copy: this panel does not respond on this page. Open the notebook in JupyterLab "
                  "(make lab) or as an app (make app) to use it.",
        "system": "system", "verdict": "verdict", "why": "why",
        "a": "hand A wins", "b": "hand B wins", "tie": "tie",
        # notebook 2
        "hand_a": "Hand A", "hand_b": "Hand B", "examples": "Seed cases", "own": "(your own hands)",
        "deal2": "Deal two hands", "disagree": "The systems disagree on this pair.",
        "agree": "All systems agree.", "both": "{card} is in both hands: a deck holds each card once (T1)",
        # notebook 3
        "level": "Level", "easy": "easy", "tricky": "tricky", "mixed": "mixed",
        "any_system": "any system", "kind": "Questions", "any_kind": "both kinds", "which-wins": "which wins?",
        "rank": "rank these", "ask_which": "Which hand wins under <b>{system}</b>?",
        "ask_rank": "Under <b>{system}</b>, click the hands from the best to the worst.",
        "wins_a": "A wins", "wins_b": "B wins", "tie_button": "Tie", "clear": "Clear",
        "your_order": "Your order: {order}", "again": "Again: a question like one you missed.",
        "score": "Score: {right} of {asked}", "practise": "to practise again: {n}", "next": "Next question",
        # notebooks 1 and 6
        "step": "Next step", "restart": "Start again", "pot": "pot", "stacks": "stacks", "dealer": "dealer",
        "folded": "folded",
        "new": "New hand", "new_mid": "You gave up the last hand ({change}); the button moved.",
        "new_mid_won": "The last hand was checked down for you and you won it ({change}); the button moved.",
        "new_mid_even": "The last hand was checked down for you: no chips changed hands for you; the button moved.",
        "topped_up": "Topped up to the minimum stack of {stack} (T5): {who}.",
        "discard": "Discard the selected cards (none selected: stand pat)", "your_turn": "Your move.",
        "to_call": "To call: {owed}.", "over": "The hand is over.", "download": "Download the hand (PHH)",
        "your_cards": "Your cards", "f": "Fold", "check": "Check", "call": "Call {amount}", "bet": "Bet {amount}",
        "raise": "Raise to {amount}",
        # notebook 7
        "players": "Players at most", "raises": "Raises per round", "min_stack": "Minimum stack",
        "check_button": "Check the guarantees", "checking": "Checking…", "property": "property",
        "proved": "proved", "refuted": "REFUTED", "stale": "The table changed: press the button to prove it again.",
        "busy": "Z3 is checking the changed table…",
        # notebook 5
        "hand": "Hand", "throw": "Discard", "best": "Best discard", "for": "for", "goal": "aiming at",
        "kind_col": "kind of hand", "exact": "exact", "chance": "chance",
        "best_note": "Best discard under {system} for {goal}: {discard} ({chance}).", "nothing": "nothing (stand pat)",
        "chart_title": "Chance of each kind of hand after the draw",
        # notebook 12
        "plays": "plays", "family_note": "Badugi deals four cards: it reads here the best four of each five, as "
                                         "the split games with a badugi half do (U7).",
        # notebooks 9-12: a hand stepped through at a game table (the refusal's action words: do_<kind>)
        "table": "Table", "next_to_act": "next to act: {who}", "result": "result", "community": "community card",
        "refused": "{table}: {who} may not {action} — {reason}",
        "refused_short": "The hand stops here at this table: switch the table to see it go on.",
        "do_cbr": "raise to {amount}", "do_cc": "check or call", "do_f": "fold", "do_pb": "bring it in",
        "do_sd": "discard",
        # notebooks 9 and 10: odds over several draws, the joker's odds
        "draw_system": "System", "draws_col": "within {n} {draw_word}", "draw_word": ("draw", "draws"),
        "draws_title": "Chance of each kind within one, two and three draws",
        "draws_note": "The fixed-keep rule: the same cards kept every draw and the thrown ones redrawn until the "
                      "kind is made, each draw's misses out of play. Exact for a one-card draw; for a bigger one it "
                      "is too low, since a useful card caught is thrown again: the best play (best_play, lowball "
                      "odds --draws 3) keeps it.",
        "too_long": "These odds take too long to count exactly (a five-card draw over several draws): keep a card.",
        "deck52": "52 cards, no joker", "deck53": "53 cards with the joker",
        "joker_title": "Ace-to-five: the chance of each kind after one draw",
        "no52": "The hand holds the joker, so it comes from the 53-card deck only (F8).",
        "stands_pat": "Nothing thrown: the hand stands pat and draws no card, so there are no odds to count. "
                      "It stays {hand}.",
        # notebook 11: the split pot of stud high-low
        "deal7": "Deal seven cards", "high5": "high five", "low5": "low five", "both5": "in both",
        "shared": "{card} is dealt to two players: a deck holds each card once (L3)",
        "seven": "{who}: {count}; stud gives each player seven (L3)",
        "lows_title": "Seven-card hands by the top card of their best ace-to-five low",
        "qualifies": "eight or better: the low qualifies (L1)",
        "no_qualify": "nine or worse: no low", "top_card": "top card of the best low",
        "paired": "not shown: {n} {hands} without five different ranks (no low at all)",
    },
    "ru": {
        "static": "Это статичная копия панели: здесь она не отвечает. Чтобы с ней работать, откройте блокнот в "
                  "JupyterLab (make lab) или как приложение (make app).",
        "system": "система", "verdict": "итог", "why": "почему",
        "a": "выигрывает рука A", "b": "выигрывает рука B", "tie": "ничья",
        "hand_a": "Рука A", "hand_b": "Рука B", "examples": "Примеры из источников", "own": "(свои руки)",
        "deal2": "Сдать две руки", "disagree": "На этой паре системы расходятся.",
        "agree": "Все системы согласны.", "both": "{card} есть в обеих руках: в колоде каждая карта одна (T1)",
        "level": "Уровень", "easy": "простой", "tricky": "с ловушками", "mixed": "вперемешку",
        "any_system": "любая система", "kind": "Вопросы", "any_kind": "оба вида", "which-wins": "кто выиграет?",
        "rank": "упорядочить", "ask_which": "Какая рука выигрывает в системе «<b>{system}</b>»?",
        "ask_rank": "В системе «<b>{system}</b>» нажмите на руки от лучшей к худшей.",
        "wins_a": "Выигрывает A", "wins_b": "Выигрывает B", "tie_button": "Ничья", "clear": "Заново",
        "your_order": "Ваш порядок: {order}", "again": "Ещё раз: вопрос на ту же ловушку, на которой вы ошиблись.",
        "score": "Счёт: {right} из {asked}", "practise": "ещё повторить: {n}", "next": "Следующий вопрос",
        "step": "Следующий шаг", "restart": "Сначала", "pot": "банк", "stacks": "стеки", "dealer": "дилер",
        "folded": "пас",
        "new": "Новая раздача", "new_mid": "Прошлую раздачу вы отдали ({change}); баттон передвинулся.",
        "new_mid_won": "Прошлую раздачу за вас доиграли чеками, и вы её выиграли ({change}); баттон передвинулся.",
        "new_mid_even": "Прошлую раздачу за вас доиграли чеками: ваш стек не изменился; баттон передвинулся.",
        "topped_up": "Стеки доведены до наименьшего, {stack} (T5): {who}.",
        "discard": "Поменять выбранные карты (ни одной — не менять)", "your_turn": "Ваш ход.",
        "to_call": "Чтобы уравнять, нужно {owed}.", "over": "Раздача окончена.", "download": "Скачать раздачу (PHH)",
        "your_cards": "Ваши карты", "f": "Пас", "check": "Чек", "call": "Колл {amount}",
        "bet": "Ставка {amount}", "raise": "Рейз до {amount}",
        "players": "Игроков, не больше", "raises": "Повышений за круг", "min_stack": "Минимальный стек",
        "check_button": "Проверить гарантии", "checking": "Проверяю…", "property": "свойство",
        "proved": "доказано", "refuted": "ОПРОВЕРГНУТО",
        "stale": "Стол изменился: нажмите кнопку, чтобы доказать заново.",
        "busy": "Z3 проверяет изменённый стол…",
        "hand": "Рука", "throw": "Сброс", "best": "Лучший обмен", "for": "для", "goal": "цель",
        "kind_col": "вид руки", "exact": "точно", "chance": "шанс",
        "best_note": "Лучший обмен в системе «{system}» для цели «{goal}»: {discard} ({chance}).",
        "nothing": "ничего (не менять)",
        "chart_title": "Шанс каждого вида руки после обмена",
        "plays": "играет", "family_note": "В бадуги сдают четыре карты: здесь из каждой пятёрки берутся лучшие "
                                          "четыре, как в смешанных играх с половиной бадуги (U7).",
        "table": "Стол", "next_to_act": "ходит: {who}", "result": "итог", "community": "общая карта",
        "refused": "{table}: {who} не может {action} — {reason}",
        "refused_short": "За этим столом раздача на этом останавливается: переключите стол, чтобы она пошла дальше.",
        "do_cbr": "повысить до {amount}", "do_cc": "сказать «чек» или уравнять", "do_f": "спасовать",
        "do_pb": "поставить бринг-ин", "do_sd": "поменять карты",
        "draw_system": "Система", "draws_col": "за {n} {draw_word}", "draw_word": ("обмен", "обмена", "обменов"),
        "draws_title": "Шанс каждого вида руки за один, два и три обмена",
        "draws_note": "Правило «те же карты»: каждый обмен оставляем одни и те же карты и меняем сброшенные, пока "
                      "рука не собрана; промахи каждого обмена выходят из игры. Для обмена одной карты это точно, "
                      "для двух и больше — заниженно: пойманная полезная карта снова уходит в сброс, а лучшая игра "
                      "её оставляет (её шансы посчитаны выше в блокноте).",
        "too_long": "Точно сосчитать такие шансы слишком долго (пять карт на несколько обменов): оставьте "
                    "хотя бы одну карту.",
        "deck52": "52 карты, без джокера", "deck53": "53 карты с джокером",
        "joker_title": "От туза до пятёрки: шанс каждого вида руки после одного обмена",
        "no52": "В руке джокер, значит, рука только из колоды в 53 карты (F8).",
        "stands_pat": "Сброса нет: игрок стоит пат и карт не берёт, так что считать шансы не из чего. "
                      "Рука остаётся такой: {hand}.",
        "deal7": "Сдать по семь карт", "high5": "старшая пятёрка", "low5": "младшая пятёрка", "both5": "в обеих",
        "shared": "{card} сдана двум игрокам: в колоде каждая карта одна (L3)",
        "seven": "{who}: {count}, а в стаде у каждого по семь карт (L3)",
        "lows_title": "Руки из семи карт по старшей карте лучшей младшей руки (от туза до пятёрки)",
        "qualifies": "восьмёрка или лучше: младшая рука проходит (L1)",
        "no_qualify": "девятка или хуже: младшей руки нет", "top_card": "старшая карта лучшей младшей руки",
        "paired": "не показаны: {n} {hands} без пяти разных рангов (младшей руки нет вовсе)",
    },
}

# The project's characters (seed 000's Lena and Misha, the docs' Olga, up to eight at a stud table) as Russian
# writes them; PLAYERS seats them in this order when a panel is given no names.
NAMES_RU = {"Lena": "Лена", "Misha": "Миша", "Olga": "Оля", "Pasha": "Паша", "Sasha": "Саша", "Vera": "Вера",
            "Gleb": "Глеб", "Nina": "Нина"}
PLAYERS = tuple(NAMES_RU)


# Set to "en" or "ru" to choose the panels' language whatever the folder (the docs build, a test).
EDITION_VARIABLE = "LOWBALL_LANG"


def edition(folder: Path | str | None = None) -> str:
    """Return the language of the edition of the notebooks being read: "ru" for ``notebooks/ru/``, else "en".

    A notebook's kernel runs in the notebook's folder (JupyterLab, Voilà, nbval and the docs build all start
    it there), so the folder tells which edition is open; the environment variable ``LOWBALL_LANG`` overrides.

    >>> edition("notebooks/ru"), edition("notebooks"), edition("/tmp")
    ('ru', 'en', 'en')
    """
    forced = os.environ.get(EDITION_VARIABLE, "")
    if forced in LANGS:
        return forced
    name = Path(folder if folder is not None else Path.cwd()).name
    return name if name in LANGS else "en"


class Both(str):
    """A text in English (the string itself, as a cell prints it) that also knows its Russian: a chart's label.

    >>> label = Both("52 cards, no joker", "52 карты, без джокера")
    >>> str(label), in_language(label, "ru"), in_language("A-2-3-4", "ru")
    ('52 cards, no joker', '52 карты, без джокера', 'A-2-3-4')
    """

    ru: str

    def __new__(cls, en: str, ru: str):
        text = super().__new__(cls, en)
        text.ru = ru
        return text


def in_language(text: str, lang: str) -> str:
    """Return a label in ``lang``: the Russian of a ``Both``, any other text as it is."""
    return text.ru if lang == "ru" and isinstance(text, Both) else str(text)


def language_switch(value: str | None = None) -> w.ToggleButtons:
    """Return the English/Russian switch used by every panel, set to the edition's language (``edition``)."""
    switch = w.ToggleButtons(options=[("English", "en"), ("Русский", "ru")], value=value or edition(),
                             description="", style={"button_width": "90px"})
    switch.add_class("lowball-lang")
    return switch


def say(lang: str, key: str, **fields: object) -> str:
    """Return the panel word ``key`` in ``lang``, with its fields filled in."""
    return WORDS[lang][key].format(**fields)


def number(n: int, lang: str = "en") -> str:
    r"""Return a whole number as the language writes it (``lowball.text.plural.digits``).

    >>> number(5871), number(5871, "ru"), number(-16, "ru")
    ('5,871', '5\u202f871', '−16')
    """
    return digits(n, lang)


def signed(n: int, lang: str = "en") -> str:
    """Return a change of chips with its sign: '+4', '-2'; in Russian '+4', '−2'."""
    return ("+" if n > 0 else "") + number(n, lang)


def percent(x: float, lang: str = "en", digits: int = 1) -> str:
    """Return a fraction as a percentage: ``percent(0.0888)`` is '8.9%', and '8,9\u202f%' in Russian."""
    text = f"{100 * x:.{digits}f}"
    return f"{text.replace('.', ',')}{THIN}%" if lang == "ru" else f"{text}%"


def fraction(count: int, total: int, lang: str = "en") -> str:
    """Return 'count/total' with the numbers written for the language: '544/16,215', '544/16 215'."""
    return f"{number(count, lang)}/{number(total, lang)}"


def system_title(key: str, lang: str = "en") -> str:
    """Return a ranking system's name from the rankings table: 'deuce-to-seven', 'от двойки до семёрки'."""
    return ranking_system(key).title(lang)


def names_in(lang: str) -> dict[str, str] | None:
    """Return how ``lang`` writes the players' names, for the narration (None: as they are)."""
    return NAMES_RU if lang == "ru" else None


def player_name(name: str, lang: str, you: str | None = None) -> str:
    """Return a player's name as the language writes it ("you" becomes "вы" in Russian)."""
    if name == you:
        return "you" if lang == "en" else "вы"
    return NAMES_RU.get(name, name) if lang == "ru" else name


def kind_label(kind, lang: str = "en") -> str:
    """Return the label of a kind of low ("seven-low or better") in ``lang``, from the rankings table's words."""
    if lang == "en":
        return kind.label
    tables = load_rankings()
    if kind.key in {c.key for c in tables.categories}:
        return tables.category(kind.key).name("ru")
    value = next(v for v, forms in tables.rank_names["en"].items() if forms[0] == kind.key)
    return f"{tables.rank_names['ru'][value][0]} или лучше"


# A card error (lowball.CardError) in Russian: its English wording, matched, and said again.
CARD_ERRORS_RU = (
    (r"unknown rank '(.+)' in '(.+)' \(.*\)", "неизвестный ранг «{0}» в «{1}» (ранги: 2-9, T или 10, J, Q, K, A; джокер Jk)"),
    (r"card '(.+)' has no suit \(.*\)", "у карты «{0}» нет масти (масти: c d h s или ♣ ♦ ♥ ♠)"),
    (r"unknown suit '(.+)' in '(.+)' \(.*\)", "неизвестная масть «{0}» в «{1}» (масти: c d h s или ♣ ♦ ♥ ♠)"),
    (r"duplicate card '(.+)'", "карта {0} указана дважды"),
    (r"expected (\d+) cards, got (\d+): (.*)", "нужно карт: {0}, а указано: {1} ({2})"),
    (r"cannot discard (\S+): it is not in the hand (.*)", "нельзя поменять {0}: этой карты нет в руке {1}"),
    (r"not a card: (.*)", "это не карта: {0}"),
)


def error_text(error: Exception, lang: str = "en") -> str:
    """Return an error's one-line message in ``lang`` (Russian for the card errors a reader can make)."""
    text = str(error)
    if lang == "en":
        return text
    for pattern, russian in CARD_ERRORS_RU:
        match = re.fullmatch(pattern, text)
        if match:
            return russian.format(*(g.replace("nothing", "ничего") for g in match.groups()))
    return f"ошибка ввода: {text}"
