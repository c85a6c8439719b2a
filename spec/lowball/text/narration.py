"""Step-by-step narration of a hand, in English and Russian, each line citing its clause."""

from __future__ import annotations

from typing import NamedTuple

ORDINALS = {
    "en": ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"],
    "ru": ["первое", "второе", "третье", "четвёртое", "пятое", "шестое", "седьмое", "восьмое"],
}

LINES = {
    "en": {
        "ante": "{who} posts an ante of {ante} (T2)",
        "deal": "{who} is dealt {count} cards, one at a time, clockwise from the dealer's left (T6)",
        "round": "the {name} betting round begins; {who} acts first ({clause})",
        "check": "{who} checks (B1)",
        "bet": "{who} bets {amount} (T3)",
        "raise": "{who} raises to {to}: the {nth} raise of {cap} allowed (T4)",
        "raise-unlimited": "{who} raises to {to}: the {nth} raise; this table has no cap",
        "call": "{who} calls {amount} (B1)",
        "fold": "{who} folds (B1)",
        "capped": "the round is capped: a bet and {cap} raises (T4)",
        "round-over-checked": "everyone checked: the round ends (S1)",
        "round-over-called": "every active player has matched the last bet: the round ends (S1)",
        "stand-pat": "{who} stands pat (D1)",
        "discard": "{who} discards {count}: {cards} (D1)",
        "replace": "{who} receives {count} new card(s) (D1)",
        "opens-opener": "{who} opens the final round: {who} opened the first round (B2)",
        "opens-next": "{who} opens the final round because {opener}, who opened the first round, has folded (B2)",
        "opens-checked": "{who} opens the final round: everyone checked in the first round, so the first active "
                         "player on the dealer's left opens (B2)",
        "show": "{who} shows {hand}: {name}",
        "fold-win": "{who} takes the pot of {pot} at once: everyone else folded (S1)",
        "win": "{who} wins the pot of {pot} with the lowest hand (S1)",
        "split": "{who} split the pot of {pot}: {shares} (S2)",
        "odd-chip": "the odd chip goes to {who}, the first winner on the dealer's left (S2)",
        "result": "{who}: {change:+d} (S3)",
    },
    "ru": {
        "ante": "{who} вносит анте {ante} (T2)",
        "deal": "{who} получает {count} карт по одной, по часовой стрелке слева от сдающего (T6)",
        "round": "начинается {name} круг торгов; первым ходит {who} ({clause})",
        "check": "{who}: чек (B1)",
        "bet": "{who} ставит {amount} (T3)",
        "raise": "{who} повышает до {to}: {nth} повышение из {cap} разрешённых (T4)",
        "raise-unlimited": "{who} повышает до {to}: {nth} повышение; ограничения за этим столом нет",
        "call": "{who} уравнивает {amount} (B1)",
        "fold": "{who} сбрасывает руку (B1)",
        "capped": "круг закрыт: ставка и {cap} повышения (T4)",
        "round-over-checked": "все чекнули: круг окончен (S1)",
        "round-over-called": "все действующие игроки уравняли последнюю ставку: круг окончен (S1)",
        "stand-pat": "{who} оставляет руку целиком (D1)",
        "discard": "{who} сбрасывает {count}: {cards} (D1)",
        "replace": "{who} получает новых карт: {count} (D1)",
        "opens-opener": "{who} начинает последние торги: {who} открыл первый круг (B2)",
        "opens-next": "{who} начинает последние торги, потому что {opener}, открывший первый круг, вышел (B2)",
        "opens-checked": "{who} начинает последние торги: в первом круге все чекнули, поэтому начинает первый "
                         "действующий слева от сдающего (B2)",
        "show": "{who} открывает {hand}: {name}",
        "fold-win": "{who} сразу забирает банк {pot}: остальные сбросили руки (S1)",
        "win": "{who} выигрывает банк {pot} самой младшей рукой (S1)",
        "split": "{who} делят банк {pot}: {shares} (S2)",
        "odd-chip": "нечётная фишка — {who}, первому из победителей слева от сдающего (S2)",
        "result": "{who}: {change:+d} (S3)",
    },
}

ROUND_NAMES = {"en": ["first", "final"], "ru": ["первый", "последний"]}


class Event(NamedTuple):
    """One narrated step: a template key and its fields; ``text(lang)`` renders it (a cheap named tuple)."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str = "en") -> str:
        """Return the narration line in ``lang`` ('en' or 'ru')."""
        fields = dict(self.fields)
        if "system" in fields:     # a shown hand: named when read, in the reader's language
            from lowball.ranking.literate import hand_name, rank_text

            cards, system = fields.pop("cards"), fields.pop("system")
            fields["hand"], fields["name"] = rank_text(cards, system), hand_name(cards, system, lang)
        if "nth" in fields:
            nth = int(fields["nth"])
            names = ORDINALS[lang]
            fields["nth"] = names[nth - 1] if nth <= len(names) else (f"{nth}th" if lang == "en" else f"{nth}-е")
        if "round" in fields:
            index = int(fields["round"])
            names = ROUND_NAMES[lang]
            fields["name"] = names[0] if index == 0 else names[-1] if fields.get("last") else ORDINALS[lang][index]
        return LINES[lang][self.key].format(**fields)


def say(key: str, **fields: object) -> Event:
    """Return an event for the narration line ``key`` with ``fields``.

    >>> say("raise", who="p2", to=3, nth=2, cap=3).text()
    'p2 raises to 3: the second raise of 3 allowed (T4)'
    >>> say("raise", who="p2", to=3, nth=2, cap=3).text("ru")
    'p2 повышает до 3: второе повышение из 3 разрешённых (T4)'
    """
    return Event(key, tuple(fields.items()))
