"""Says why a table refuses an action, in English or Russian, keeping the clause ids."""

from __future__ import annotations

import re

from lowball.engine.actions import Action
from lowball.errors import IllegalAction
from lowball.widgets.language import WORDS, say

__all__ = ["action_text", "refusal_text"]

CLAUSE_IDS = re.compile(r"\b[A-Z]\d{1,2}\b")


def refusal_text(error: IllegalAction, lang: str = "en") -> str:
    """Return why a table refuses an action, in ``lang``, keeping the clause ids.

    The engine names the rule as data (``error.refusal``, worded from ``rules/refusals.toml``); a refusal it still
    gives only in English words is said in Russian as "the table's rules do not allow it", with its clauses.

    >>> from lowball.engine.state import Hand
    >>> hand = Hand([13, 13]); hand.advance()
    >>> try:
    ...     hand.apply("p2 cc")
    ... except IllegalAction as err:
    ...     print(refusal_text(err)); print(refusal_text(err, "ru"))
    out of turn: it is p1's turn, not p2's (B1)
    не в свою очередь: ходит игрок 1, а не игрок 2 (B1)
    """
    refusal = getattr(error, "refusal", None)
    if refusal is not None:
        return refusal.text(lang)
    reason = getattr(error, "reason", None) or str(error)
    if lang == "en":
        return reason
    clauses = CLAUSE_IDS.findall(reason)
    tail = f" ({', '.join(dict.fromkeys(clauses))})" if clauses else ""
    return "правила стола не разрешают этот ход" + tail


def action_text(action: Action | str, lang: str) -> str:
    """Return a player's action in words, for a refusal: 'raise to 10', 'повысить до 10'.

    >>> action_text("p1 cbr 10", "en"), action_text("p1 cbr 10", "ru"), action_text("p1 sm", "en")
    ('raise to 10', 'повысить до 10', 'sm')
    """
    if isinstance(action, str):
        parts = action.split()
        kind, amount = parts[1], (parts[2] if len(parts) > 2 else "")
    else:
        kind, amount = action.kind, action.amount
    return say(lang, f"do_{kind}", amount=amount) if f"do_{kind}" in WORDS[lang] else kind
