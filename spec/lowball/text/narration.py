"""Step-by-step narration of a hand, in English and Russian, each line citing its clause.

The engine records events (``lowball.engine.events``): a key and its fields,
the clause among them, read from the game's table. This module only turns
them into sentences.
"""

from __future__ import annotations

from typing import Iterable

from lowball.engine.events import Event, event
from lowball.ranking.names import hand_name, rank_text

ORDINALS = {
    "en": ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"],
    "ru": ["первое", "второе", "третье", "четвёртое", "пятое", "шестое", "седьмое", "восьмое"],
}
ROUND_ORDINALS = {
    "en": ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"],
    "ru": ["первый", "второй", "третий", "четвёртый", "пятый", "шестой", "седьмой", "восьмой"],
}
FINAL = {"en": "final", "ru": "последний"}
# The round a later opener opens: (not the last, the last).
OPENED_ROUND = {"en": ("{nth}", "final"), "ru": ("{nth} круг торгов", "последние торги")}
HALVES = {"en": {"high": "the high half of ", "low": "the low half of ", "whole": ""},
          "ru": {"high": "старшую половину: ", "low": "младшую половину: ", "whole": ""}}
POT_NAMES = {"en": {"the pot": "the pot", "the main pot": "the main pot"},
             "ru": {"the pot": "банк", "the main pot": "основной банк"}}
BEST = {"en": {"lowest": "lowest", "highest": "highest"}, "ru": {"lowest": "самой младшей", "highest": "самой старшей"}}

LINES = {
    "en": {
        "ante": "{who} posts an ante of {ante} ({clause})",
        "small-blind": "{who} posts the small blind of {amount} ({clause})",
        "big-blind": "{who} posts the big blind of {amount} ({clause})",
        "post": "{who} posts {amount} ({clause})",
        "bring-in": "{who} brings it in for {amount} ({clause})",
        "deal": "{who} is dealt {count} cards, one at a time, clockwise from the dealer's left ({clause})",
        "deal-up": "{who} is dealt {count} card(s), showing {shown} ({clause})",
        "community": "the stub is short: {card} is dealt face up for everyone ({clause})",
        "round": "the {name} betting round begins; {who} acts first ({clause})",
        "check": "{who} checks ({clause})",
        "bet": "{who} bets {amount}{all_in} ({clause})",
        "complete": "{who} completes to {amount}{all_in} ({clause})",
        "raise": "{who} raises to {to}{all_in}: the {nth} raise of {cap} allowed ({clause})",
        "raise-unlimited": "{who} raises to {to}{all_in}: the {nth} raise; there is no cap now ({clause})",
        "call": "{who} calls {amount}{all_in} ({clause})",
        "fold": "{who} folds ({clause})",
        "capped": "the round is capped: a bet and {cap} raises ({clause})",
        "round-over-checked": "everyone checked: the round ends ({clause})",
        "round-over-called": "every active player has matched the last bet: the round ends ({clause})",
        "uncalled": "nobody matched {amount} of {who}'s bet: it goes back to {who} ({clause})",
        "stand-pat": "{who} stands pat ({clause})",
        "discard": "{who} discards {count}: {cards} ({clause})",
        "replace": "{who} receives {count} new card(s) ({clause})",
        "reshuffle": "the stub is short: the cards set aside are shuffled into a new stub ({clause})",
        "redeal": "nobody opened: the cards are dealt again and everyone antes again ({clause})",
        "opens-opener": "{who} opens the {name} round: {who} opened the first round ({clause})",
        "opens-next": "{who} opens the {name} round because {opener}, who opened the first round, has folded ({clause})",
        "opens-checked": "{who} opens the {name} round: everyone checked in the first round, so the first active "
                         "player on the dealer's left opens ({clause})",
        "show": "{who} shows {hand}: {name}",
        "muck": "{who} mucks and gives up the pot ({clause})",
        "fold-win": "{who} takes the pot of {pot} at once: everyone else folded ({clause})",
        "win": "{who} wins {half}{pot_name} of {pot} with the {best} hand ({clause})",
        "split": "{who} split {half}{pot_name} of {pot}: {shares} ({clause})",
        "odd-chip": "the odd chip goes to {who}, the first winner on the dealer's left ({clause})",
        "odd-chip-lowest-seat": "the odd chips go to {who}, the winner in the lowest seat ({clause})",
        "odd-chip-high-card": "the odd chip goes to {who}, who holds the highest card by suit ({clause})",
        "result": "{who}: {change:+d} ({clause})",
        "dead-hand": "{who} holds {count} cards after the draw: the hand is dead ({clause})",
        "sevens-check": "{who} checks a seven-low or better ({clause})",
        "sevens-rule": "the sevens rule: {who} checked a seven or better; {chips} chip(s) put in after the check are "
                       "not {who}'s to win ({clause})",
    },
    "ru": {
        "ante": "{who} вносит анте {ante} ({clause})",
        "small-blind": "{who} ставит малый блайнд {amount} ({clause})",
        "big-blind": "{who} ставит большой блайнд {amount} ({clause})",
        "post": "{who} вносит {amount} ({clause})",
        "bring-in": "{who} делает вынужденную ставку {amount} ({clause})",
        "deal": "{who} получает {count} карт по одной, по часовой стрелке слева от сдающего ({clause})",
        "deal-up": "{who} получает карт: {count}, открыта {shown} ({clause})",
        "community": "колоды не хватает: {card} открывается для всех ({clause})",
        "round": "начинается {name} круг торгов; первым ходит {who} ({clause})",
        "check": "{who}: чек ({clause})",
        "bet": "{who} ставит {amount}{all_in} ({clause})",
        "complete": "{who} доводит ставку до {amount}{all_in} ({clause})",
        "raise": "{who} повышает до {to}{all_in}: {nth} повышение из {cap} разрешённых ({clause})",
        "raise-unlimited": "{who} повышает до {to}{all_in}: {nth} повышение; ограничения сейчас нет ({clause})",
        "call": "{who} уравнивает {amount}{all_in} ({clause})",
        "fold": "{who} сбрасывает руку ({clause})",
        "capped": "круг закрыт: ставка и {cap} повышения ({clause})",
        "round-over-checked": "все чекнули: круг окончен ({clause})",
        "round-over-called": "все действующие игроки уравняли последнюю ставку: круг окончен ({clause})",
        "uncalled": "{amount} из ставки {who} никто не уравнял: фишки возвращаются ({clause})",
        "stand-pat": "{who} оставляет руку целиком ({clause})",
        "discard": "{who} сбрасывает {count}: {cards} ({clause})",
        "replace": "{who} получает новых карт: {count} ({clause})",
        "reshuffle": "колоды не хватает: отложенные карты тасуются в новую колоду ({clause})",
        "redeal": "никто не открыл: карты сдаются заново, все снова вносят анте ({clause})",
        "opens-opener": "{who} начинает {name}: {who} открыл первый круг ({clause})",
        "opens-next": "{who} начинает {name}, потому что {opener}, открывший первый круг, вышел ({clause})",
        "opens-checked": "{who} начинает {name}: в первом круге все чекнули, поэтому начинает первый "
                         "действующий слева от сдающего ({clause})",
        "show": "{who} открывает {hand}: {name}",
        "muck": "{who} не показывает карты и отказывается от банка ({clause})",
        "fold-win": "{who} сразу забирает банк {pot}: остальные сбросили руки ({clause})",
        "win": "{who} выигрывает {half}{pot_name} {pot} {best} рукой ({clause})",
        "split": "{who} делят {half}{pot_name} {pot}: {shares} ({clause})",
        "odd-chip": "нечётная фишка — {who}, первому из победителей слева от сдающего ({clause})",
        "odd-chip-lowest-seat": "нечётные фишки — {who}, победителю на месте с меньшим номером ({clause})",
        "odd-chip-high-card": "нечётная фишка — {who}: у него старшая карта по масти ({clause})",
        "result": "{who}: {change:+d} ({clause})",
        "dead-hand": "у {who} после обмена карт: {count}; рука недействительна ({clause})",
        "sevens-check": "{who} чекает с семёркой или лучше ({clause})",
        "sevens-rule": "правило семёрок: {who} чекнул с семёркой или лучше; фишки, поставленные после чека "
                       "({chips}), {who} выиграть не может ({clause})",
    },
}
ODD_CHIP_KEYS = {"lowest-seat": "odd-chip-lowest-seat", "high-card-by-suit": "odd-chip-high-card"}
ALL_IN = {"en": " (all in)", "ru": " (ва-банк)"}


def _round_name(index: int, rounds: int, last: bool, lang: str) -> str:
    if last or (rounds and index == rounds - 1 and index > 0):
        return FINAL[lang]
    return ROUND_ORDINALS[lang][index] if index < len(ROUND_ORDINALS[lang]) else f"{index + 1}"


def render(item: Event, lang: str = "en") -> str:
    """Return the narration line of one event in ``lang`` ('en' or 'ru')."""
    fields = dict(item.fields)
    key = item.key
    if key == "show":
        cards, systems = fields.pop("cards"), fields.pop("systems")
        from lowball.ranking.best import best_five

        names = []
        for system in systems if len(cards) >= 5 else ():
            five = best_five(cards, system)
            names.append(f"{rank_text(five, system)}: {hand_name(five, system, lang)}")
        if not names:                       # an all-in show before the last cards: no five-card hand yet
            names = [" ".join(map(str, cards)) + ": " + ("no hand yet" if lang == "en" else "руки ещё нет")]
        fields["hand"], fields["name"] = names[0].split(": ", 1) if len(systems) == 1 else \
            (" ".join(map(str, cards)), "; ".join(n for n in names if n))
    if key == "deal" and fields.get("up"):
        key = "deal-up"
    if key == "odd-chip":
        key = ODD_CHIP_KEYS.get(str(fields.get("rule")), "odd-chip")
    if "nth" in fields:
        nth = int(fields["nth"])
        names = ORDINALS[lang]
        fields["nth"] = names[nth - 1] if 0 < nth <= len(names) else (f"{nth}th" if lang == "en" else f"{nth}-е")
    if "round" in fields:
        fields["name"] = _round_name(int(fields["round"]), int(fields.get("rounds", 0)), False, lang)
    elif key.startswith("opens-"):
        fields["name"] = OPENED_ROUND[lang][bool(fields.get("last"))].format(
            nth=ROUND_ORDINALS[lang][min(int(fields.get("number", 1)), 7)])
    if "all_in" in fields:
        fields["all_in"] = ALL_IN[lang] if fields["all_in"] else ""
    if "half" in fields:
        fields["half"] = HALVES[lang].get(str(fields["half"]), "")
        name = str(fields.get("pot_name", "the pot"))
        fields["pot_name"] = POT_NAMES[lang].get(name, name if lang == "en" else name.replace("side pot", "побочный банк"))
    if "best" in fields:
        fields["best"] = BEST[lang][str(fields["best"])]
    return LINES[lang][key].format(**fields)


def narrate(events: Iterable[Event] | object, lang: str = "en") -> list[str]:
    """Return the narration of a hand (or of a list of events), one line per step, in ``lang``.

    >>> narrate([event("check", who="p1", clause="B1")], "ru")
    ['p1: чек (B1)']
    """
    items = getattr(events, "events", events)
    return [render(item, lang) for item in items]


def say(key: str, **fields: object) -> Event:
    """Return an event for the narration line ``key`` with ``fields`` (for docs and lessons).

    >>> render(say("raise", who="p2", to=3, nth=2, cap=3, all_in="", clause="T4"))
    'p2 raises to 3: the second raise of 3 allowed (T4)'
    >>> render(say("raise", who="p2", to=3, nth=2, cap=3, all_in="", clause="T4"), "ru")
    'p2 повышает до 3: второе повышение из 3 разрешённых (T4)'
    """
    return event(key, **fields)
