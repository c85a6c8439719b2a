"""Why an action is refused, as data, and in words: the templates of ``rules/refusals.toml``.

The engine decides each refusal and names it (``Refusal``: the rule's key, the clause the table cites
for it, and the fields the sentence needs); the words are data beside the other tables, in English and
Russian, so the engine holds no prose and a Russian panel words the very rule the English message
words. A template writes ``{field}`` for a field, the fields of ``WORD_FIELDS`` hold a key of the language's
``words`` (``bet``, ``final-round``) and read as that word, and ``{count|one|other}`` (``{count|one|few|many}``
in Russian) for the form of a noun after the number ``count``.

>>> refusal = Refusal("capped", "T4", {"raises": 3})
>>> refusal.text(), refusal.text("ru")
('the round is capped at a bet and 3 raises (T4)', 'повышать больше нельзя: в этом круге уже были ставка и 3 повышения (T4)')
>>> Refusal("fixed-size", "T3", {"act": "raise", "least": 4, "size": 2, "round": "final-round"}).text()
'the raise must go to 4 in this round (T3: the bet size is 2 in the final round)'
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass, field
from typing import Any, Mapping

from lowball.core.counts import category
from lowball.core.rankings import RULES_DIR

REFUSALS_FILE = RULES_DIR / "refusals.toml"
LANGUAGES = ("en", "ru")
# The fields whose value is a key of the language's words (a bet or a raise, a round's name, what comes back).
WORD_FIELDS = ("act", "round", "back")
# {count|one|other} or {count|one|few|many}: a noun's forms after the number in the field ``count``.
FORMS = re.compile(r"\{(\w+)((?:\|[^{}|]+)+)\}")


@dataclass(frozen=True)
class Refusal:
    """A refused action's reason as data: the rule (``key`` of ``rules/refusals.toml``), the clause, the fields."""

    key: str
    clause: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """Return the refusal in words, in English or Russian, with its clause."""
        return word(self.key, {**self.fields, "clause": self.clause}, lang)


@functools.cache
def templates() -> dict[str, dict[str, Any]]:
    """Return the templates of ``rules/refusals.toml`` by language (read once)."""
    with REFUSALS_FILE.open("rb") as handle:
        data = tomllib.load(handle)
    return {lang: data[lang] for lang in LANGUAGES}


def form(n: int, forms: list[str]) -> str:
    """Return the form of a noun that follows the number ``n``: of two forms (one, other) as English chooses, of
    three (one, few, many) as Russian does.

    >>> [form(n, ["raise", "raises"]) for n in (1, 3)], [form(n, ["карта", "карты", "карт"]) for n in (1, 3, 5, 11, 21)]
    (['raise', 'raises'], ['карта', 'карты', 'карт', 'карт', 'карта'])
    """
    kinds = ("one", "other") if len(forms) == 2 else ("one", "few", "many")
    return forms[kinds.index(category(n, "en" if len(forms) == 2 else "ru"))]


def word(key: str, fields: Mapping[str, Any], lang: str = "en",
         table: Mapping[str, Any] | None = None) -> str:
    """Return the template ``key`` of ``lang`` filled with ``fields`` (see the module's docstring); ``table``: the
    templates of one language from another file of words written the same way (the importer's verdicts)."""
    table = templates()[lang] if table is None else table
    words = table.get("words", {})
    values = {name: words[value].format(**fields) if name in WORD_FIELDS else value for name, value in fields.items()}
    template = FORMS.sub(lambda m: form(int(values[m.group(1)]), m.group(2).split("|")[1:]), table[key])
    return template.format(**values)
