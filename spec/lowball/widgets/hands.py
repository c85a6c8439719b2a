"""What notebooks 1 and 6 show of a hand at the table: the status line and the story so far."""

from __future__ import annotations

import html

from lowball.engine.state import Hand
from lowball.text.narration import narrate
from lowball.widgets.language import NAMES_RU, number, player_name, say


def status_html(hand: Hand, lang: str, you: str | None = None) -> str:
    """Return the status line: the pot, every stack from the dealer's left, and who deals (the last seat)."""
    stacks = ", ".join(f"{player_name(name, lang, you)} {number(stack, lang)}"
                       for name, stack in zip(hand.names, hand.stacks))
    dealer = player_name(hand.names[-1], lang, you)
    return (f"<p class='lowball-status'><b>{say(lang, 'pot')}</b> {number(hand.pot, lang)} · "
            f"<b>{say(lang, 'stacks')}</b> {html.escape(stacks)} · "
            f"<b>{say(lang, 'dealer')}</b> <span class='lowball-dealer'>{html.escape(dealer)}</span></p>")


def story_html(hand: Hand, lang: str, you: str | None = None, upto: int | None = None) -> str:
    """Return the hand's narration so far (its first ``upto`` lines) as a numbered list."""
    lines = narrate(hand, lang, you=you, names=NAMES_RU if lang == "ru" else None)[:upto]
    return "<ol>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ol>"
