"""What notebooks 1 and 6 show of a hand at the table: the status line, the cards and the story so far."""

from __future__ import annotations

import html

from lowball.engine.state import Hand
from lowball.text.narration import narrate
from lowball.text.words import with_suit_symbols
from lowball.widgets.html import cards_html
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
    """Return the hand's narration so far (its first ``upto`` lines) as a numbered list, cards with their suit
    symbols in either language (the English narration writes codes, Kh, for a terminal)."""
    lines = narrate(hand, lang, you=you, names=NAMES_RU if lang == "ru" else None)[:upto]
    return "<ol>" + "".join(f"<li>{html.escape(with_suit_symbols(line))}</li>" for line in lines) + "</ol>"


def seats_html(hand: Hand, lang: str, you: str | None = None) -> str:
    """Return every player's cards as they are now (dealt, drawn, folded), one row a seat from the dealer's left."""
    rows = []
    for seat, name in enumerate(hand.names):
        held = [card for card in hand.hands[seat] if card is not None]
        cards = cards_html(held) if held else "—"
        folded = f" <i>({say(lang, 'folded')})</i>" if hand.folded[seat] else ""
        rows.append(f"<tr class='lowball-seat'><td style='padding:1px 8px'>{html.escape(player_name(name, lang, you))}"
                    f"</td><td style='padding:1px 8px'>{cards}{folded}</td></tr>")
    return f"<table class='lowball-seats-table'>{''.join(rows)}</table>"
