"""Why a room's hand disagrees with the rules or is refused, as data, and in words (``rules/verdicts.toml``).

The judge names each finding by a key with its clause and fields; the words are data beside the engine's own
refusals, in English and Russian, so that ``lowball import --lang ru`` says the same finding as the English.

>>> Finding("cancelled", "O4").text()
'the room cancelled the hand (O4)'
>>> Finding("cancelled", "O4").text("ru")
'рум отменил раздачу (O4)'
"""

from __future__ import annotations

import functools
import tomllib
from decimal import Decimal
from dataclasses import dataclass, field
from typing import Any, Mapping

from lowball.core.rankings import RULES_DIR
from lowball.core.refusals import LANGUAGES, Refusal, word

VERDICTS_FILE = RULES_DIR / "verdicts.toml"


@functools.cache
def verdict_templates() -> dict[str, dict[str, Any]]:
    """Return the importer's templates by language (read once)."""
    with VERDICTS_FILE.open("rb") as handle:
        data = tomllib.load(handle)
    return {lang: data[lang] for lang in LANGUAGES}


# The fields of the engine's refusals that hold chips: told as money in a hand played for money (O5); but in the
# refusals that count cards or players, not chips.
MONEY_FIELDS = ("least", "most", "size", "level", "all_in", "bring_in", "big", "amount", "stack", "short")
COUNTING = frozenset({"discard-count", "not-a-discard", "players-count", "serve-at-most", "deck-short",
                      "receives-as-many", "waiting-replacements", "capped", "capped-actions", "deal-count",
                      "seat-antes-count", "names-count", "holds-count"})


@dataclass(frozen=True)
class Finding:
    """A hand's finding or refusal: its key in ``rules/verdicts.toml``, the clause, the fields, the line; ``unit``:
    what one of the engine's chips is worth where a refusal of the engine is quoted (a cent, O5)."""

    key: str
    clause: str = ""
    fields: Mapping[str, Any] = field(default_factory=dict)
    line: int | None = None
    unit: Decimal = Decimal(1)

    def text(self, lang: str = "en") -> str:
        """Return the finding in words, with its line and its clause."""
        fields = {name: (self._in_money(value).text(lang) if isinstance(value, Refusal) else value)
                  for name, value in self.fields.items()}
        said = word(self.key, {**fields, "clause": self.clause}, lang, verdict_templates()[lang])
        if self.line is None:
            return said
        return word("at-line", {"line": self.line, "said": said}, lang, verdict_templates()[lang])

    def _in_money(self, refusal: Refusal) -> Refusal:
        """Return an engine's refusal with its chips as money where the hand was played for money."""
        if self.unit == 1 or refusal.key in COUNTING:
            return refusal
        fields = {name: (str((Decimal(value) * self.unit).quantize(self.unit))
                         if name in MONEY_FIELDS and isinstance(value, int) else value)
                  for name, value in refusal.fields.items()}
        return Refusal(refusal.key, refusal.clause, fields)
