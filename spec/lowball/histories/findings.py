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


@dataclass(frozen=True)
class Finding:
    """A hand's finding or refusal: its key in ``rules/verdicts.toml``, the clause, the fields, the line."""

    key: str
    clause: str = ""
    fields: Mapping[str, Any] = field(default_factory=dict)
    line: int | None = None

    def text(self, lang: str = "en") -> str:
        """Return the finding in words, with its line and its clause."""
        fields = {name: (value.text(lang) if isinstance(value, Refusal) else value)
                  for name, value in self.fields.items()}
        said = word(self.key, {**fields, "clause": self.clause}, lang, verdict_templates()[lang])
        if self.line is None:
            return said
        return word("at-line", {"line": self.line, "said": said}, lang, verdict_templates()[lang])
