"""What ``lowball verify`` found, as data, and in words: the templates of ``rules/proofs.toml``.

A proof names each fact and each counterexample by a key and its fields (``Verdict``); the words are data beside
the other tables, in English and Russian, so ``verify`` holds no prose and the Russian report words the very fact
the English one words. A template writes ``{field}`` for a field, ``{field:n}`` for a number as the language
writes it, ``{field:chip.gen}`` for a number and the Russian noun in the case the sentence needs
(``{field:chip.gen.word}``: the noun alone), ``{field:one/other}`` for the English noun's form and
``{field:@table}`` for the word the language's ``table`` gives the field's value; a field whose
value is itself worded (a ``Verdict``, a hand's story) is worded in the same language.

>>> Verdict("reached", {"story": "p1 bets 1"}).text(), Verdict("reached", {"story": "p1 ставит 1"}).text("ru")
('reached by: p1 bets 1', 'достигается так: p1 ставит 1')
>>> Verdict("unknown-key").text()
Traceback (most recent call last):
KeyError: "no words for the verdict 'unknown-key' in en (rules/proofs.toml)"
"""

from __future__ import annotations

import functools
import string
import tomllib
from dataclasses import dataclass, field
from typing import Any, Mapping

from lowball.core.cards import format_cards
from lowball.core.rankings import RULES_DIR, RankingSystem
from lowball.text import plural

PROOFS_FILE = RULES_DIR / "proofs.toml"
LANGUAGES = ("en", "ru")
# The Russian nouns a template may count, by the name it writes them with ({chips:chip.gen}).
NOUNS = {"card": plural.CARD, "chip": plural.CHIP, "class": plural.CLASS, "raise": plural.RAISE, "bet": plural.BET,
         "action": plural.ACTION, "player": plural.PLAYER, "draw": plural.DRAW,
         "redeal": plural.Noun(("пересдача", "пересдачи", "пересдаче", "пересдачу", "пересдачей", "пересдаче"),
                               ("пересдачи", "пересдач", "пересдачам", "пересдачи", "пересдачами", "пересдачах")),
         "time": plural.Noun(("раз", "раза", "разу", "раз", "разом", "разе"),
                             ("разы", "раз", "разам", "разы", "разами", "разах"))}


@dataclass(frozen=True)
class Verdict:
    """A proof's fact or counterexample as data: its ``key`` in ``rules/proofs.toml`` and the fields it names."""

    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """Return the verdict in words, in English or Russian."""
        return word(self.key, self.fields, lang)


@dataclass(frozen=True)
class Said:
    """Words a proof was handed already written, one text per language (the rankings' checks, a hand's story)."""

    en: str
    ru: str = ""

    def text(self, lang: str = "en") -> str:
        """Return the words in ``lang``: the Russian where given, else the English."""
        return (self.ru or self.en) if lang == "ru" else self.en


@dataclass(frozen=True)
class Listed:
    """Worded parts in a row, each in the verdict's language, joined by ``sep`` (punctuation both languages share).

    >>> Listed((Verdict("state-folded"), Verdict("state-all-in")), "; ").text("ru")
    'спасовал; ва-банк'
    """

    parts: tuple[Any, ...]
    sep: str = ", "

    def text(self, lang: str = "en") -> str:
        """Return the parts worded in ``lang``, joined."""
        return self.sep.join(part.text(lang) for part in self.parts)


@dataclass(frozen=True)
class SystemName:
    """A ranking system as a verdict names it: by its key in English, by its Russian name in Russian.

    >>> name = SystemName("ace-to-six", "от туза до шестёрки")
    >>> name.text(), name.text("ru")
    ('ace-to-six', '«от туза до шестёрки»')
    """

    key: str
    ru: str

    @classmethod
    def of(cls, row: RankingSystem) -> "SystemName":
        """Return the name of a rankings row."""
        return cls(row.key, row.ru)

    def text(self, lang: str = "en") -> str:
        """Return the name in ``lang``, as the template ``system`` writes it."""
        return word("system", {"name": self.ru if lang == "ru" else self.key}, lang)


@dataclass(frozen=True)
class Cards:
    """Cards a verdict shows, as the language writes them (suit symbols in Russian), and, with the ``system`` they
    are ranked by, what they make under it.

    >>> from lowball.core.cards import parse_cards
    >>> from lowball.ranking import as_system
    >>> hand = Cards(tuple(parse_cards("6c 4h 3s 2d Ac")), as_system("ace-to-six"))
    >>> hand.text(), Cards(hand.cards).text("ru")
    ('6c 4h 3s 2d Ac (6-4-3-2-A: no pair, six-four low)', '6♣ 4♥ 3♠ 2♦ A♣')
    """

    cards: tuple[Any, ...]
    system: RankingSystem | None = None

    def text(self, lang: str = "en") -> str:
        """Return the cards in ``lang``, and what they make where a system is named."""
        from lowball.text.explain import describe
        from lowball.text.words import with_suit_symbols

        shown = with_suit_symbols(format_cards(self.cards)) if lang == "ru" else format_cards(self.cards)
        return shown if self.system is None else f"{shown} ({describe(self.cards, self.system, lang)})"


@dataclass(frozen=True)
class Comparison:
    """Why one hand beats another under a system, as ``lowball compare`` explains it (``text.explain``)."""

    better: str
    worse: str
    system: RankingSystem

    def text(self, lang: str = "en") -> str:
        """Return the explanation in ``lang``."""
        from lowball.text.explain import explain

        return explain(self.better, self.worse, self.system, lang)


@dataclass(frozen=True)
class ChipSum:
    """The most a player can put into a hand, as the sum the proof found: the ante, then each betting round's most
    (as bets of the round's size where it is a whole number of them).

    >>> chips = ChipSum(1, ((4, 1), (8, 2)), 13)
    >>> chips.text(), chips.text("ru")
    ('1 + 4 x 1 + 4 x 2 = 13', '1 + 4 × 1 + 4 × 2 = 13')
    """

    ante: int
    rounds: tuple[tuple[int, int], ...]       # (the round's most, its bet size)
    total: int

    def text(self, lang: str = "en") -> str:
        """Return the sum and its total, as the language writes numbers and times."""
        times = " x " if lang == "en" else " × "
        number = str if lang == "en" else (lambda n: plural.digits(n, "ru"))
        parts = [number(self.ante)] if self.ante else []
        parts += [f"{number(most // size)}{times}{number(size)}" if most % size == 0 else number(most)
                  for most, size in self.rounds]
        return f"{' + '.join(parts) if parts else '0'} = {number(self.total)}"


@functools.cache
def templates() -> dict[str, dict[str, Any]]:
    """Return the templates of ``rules/proofs.toml`` by language, and the panel's short readings (read once)."""
    with PROOFS_FILE.open("rb") as handle:
        data = tomllib.load(handle)
    return {**{lang: data[lang] for lang in LANGUAGES}, "gist": data.get("gist", {})}


class _Filler(string.Formatter):
    """Fill a template in one language: numbers as it writes them, nouns that agree, worded fields worded."""

    def __init__(self, lang: str):
        self.lang = lang

    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if key not in kwargs:
            raise KeyError(f"the verdict's template asks for the field {key!r}, which it lacks")
        return kwargs[key]

    def format_field(self, value: Any, spec: str) -> str:
        if hasattr(value, "text"):
            return value.text(self.lang)
        if spec.startswith("@"):            # a word of the language's table named after the @
            return templates()[self.lang][spec[1:]][str(value)]
        if spec == "n":
            return plural.digits(value, self.lang)
        if "/" in spec:                     # one/other, or in Russian one/few/many, as the number agrees
            forms = spec.split("/")
            if len(forms) == 3:
                return plural.counted(value, tuple(forms), "ru")
            return forms[0] if (value == 1 if self.lang == "en" else plural.category(value) == "one") else forms[1]
        if spec and spec.split(".")[0] in NOUNS:
            noun, case, *alone = spec.split(".") + ["nom"] * (spec.count(".") == 0)
            form = NOUNS[noun].form(value, case)
            return form if alone else f"{plural.digits(value, 'ru')} {form}"
        return format(value, spec)


def word(key: str, fields: Mapping[str, Any], lang: str = "en", part: str | None = None) -> str:
    """Return the template ``key`` of ``lang`` (of the table ``part`` of it, e.g. the panel's ``gist``) filled with
    ``fields``; an unknown key or a field the template needs and lacks raises ``KeyError``.

    >>> word("stack-guarantee.proved", {"most": 13, "min_stack": 21}, "ru", part="gist")[:34]
    'больше 13 фишек игрок в раздачу вл'
    """
    table = templates()[lang] if part is None else templates()[part].get(lang, {})
    if key not in table:
        raise KeyError(f"no words for the verdict {key!r} in {lang}{'' if part is None else ' ' + part} "
                       f"(rules/proofs.toml)")
    return _Filler(lang).format(table[key], **fields)


def gist(keys: list[str], fields: Mapping[str, Any], lang: str) -> str | None:
    """Return the panel's short reading: the first of ``keys`` the language words with the fields given (None:
    none, and the full verdict is shown)."""
    for key in keys:
        try:
            return word(key, fields, lang, part="gist")
        except KeyError:
            continue
    return None
