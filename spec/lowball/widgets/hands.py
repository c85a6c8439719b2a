"""What the panels show of a hand at the table: the status line, the seats and their cards, and the story so far."""

from __future__ import annotations

import html

from lowball.engine.state import OVER, Hand
from lowball.text.narration import narrate
from lowball.text.words import with_suit_symbols
from lowball.widgets.html import card_html
from lowball.widgets.language import names_in, number, player_name, say, signed


def status_html(hand: Hand, lang: str, you: str | None = None, turn: bool = False) -> str:
    """Return the status line: the pot, every stack from the dealer's left, and who deals (the last seat).

    With ``turn``, the line also says who acts next, or that the hand is over.
    """
    stacks = ", ".join(f"{player_name(name, lang, you)} {number(stack, lang)}"
                       for name, stack in zip(hand.names, hand.stacks))
    dealer = player_name(hand.names[-1], lang, you)
    parts = [f"<b>{say(lang, 'pot')}</b> {number(hand.pot, lang)}",
             f"<b>{say(lang, 'stacks')}</b> {html.escape(stacks)}",
             f"<b>{say(lang, 'dealer')}</b> <span class='lowball-dealer'>{html.escape(dealer)}</span>"]
    if turn and hand.phase == OVER:
        parts.append(f"<span class='lowball-over'>{say(lang, 'over')}</span>")
    elif turn and hand.to_act is not None:
        who = html.escape(player_name(hand.names[hand.to_act], lang, you))
        parts.append(f"<span class='lowball-next'>{say(lang, 'next_to_act', who=who)}</span>")
    return f"<p class='lowball-status'>{' · '.join(parts)}</p>"


def story_html(hand: Hand, lang: str, you: str | None = None, last: bool = False) -> str:
    """Return the hand's narration so far as a numbered list, cards with their suit symbols in either language
    (the English narration writes codes, Kh, for a terminal); with ``last``, the newest line in bold."""
    lines = [with_suit_symbols(line) for line in narrate(hand, lang, you=you, names=names_in(lang))]
    newest = len(lines) - 1 if last else -1
    return "<ol>" + "".join(f"<li{' class=lowball-last style=font-weight:bold' if i == newest else ''}>"
                            f"{html.escape(line)}</li>" for i, line in enumerate(lines)) + "</ol>"


def seats_html(hand: Hand, lang: str, you: str | None = None, stud: bool = False) -> str:
    """Return every player's cards as they are now (dealt, drawn, folded), one row a seat from the dealer's left,
    then the community card if one is out.

    With ``stud``, a face-down card is drawn apart from the face-up ones; once the hand is over, each row says
    what the seat won or lost.
    """
    rows = []
    for seat, name in enumerate(hand.names):
        cards = "".join(card_html(card, up or not stud) for card, up in zip(hand.hands[seat], hand.face_up[seat])
                        if card is not None)
        folded = f" <i>({say(lang, 'folded')})</i>" if hand.folded[seat] else ""
        change = ""
        if hand.result is not None:
            change = f" <b>{say(lang, 'result')} {signed(hand.result.changes[seat], lang)}</b>"
        rows.append(f"<tr class='lowball-seat'><td style='padding:1px 8px'>{html.escape(player_name(name, lang, you))}"
                    f"</td><td style='padding:1px 8px'>{cards}{folded}{change}</td></tr>")
    if hand.community:
        cards = "".join(card_html(card) for card in hand.community)
        rows.append(f"<tr><td style='padding:1px 8px'><i>{say(lang, 'community')}</i></td>"
                    f"<td style='padding:1px 8px'>{cards}</td></tr>")
    return f"<table class='lowball-seats-table'>{''.join(rows)}</table>"
