"""A judged hand line by line: what the room printed beside what the rules did with it (O1), for a reader.

Each line of the room's history that the replay reached comes with the engine's narration of what that line
set off: the action, and the dealer's steps and the showdown it led to, in English or Russian, with the clause of
each rule. The end of the hand follows: what the rules paid, and what the room raked and paid (O3), or the
finding.

>>> import io
>>> from lowball.histories.importer import import_stream
>>> text = open("tests/data/histories/pokerstars/triple-draw.txt", encoding="utf-8").read()
>>> first = next(iter(import_stream(io.BytesIO(text.encode()), "t.txt")))
>>> line = next(step for step in walk(first) if step.text == "Hero: raises $0.10 to $0.20")
>>> line.number, line.rules
(11, ['Hero raises to 0.20: the first raise of 3 allowed (G1)'])
"""

from __future__ import annotations

from dataclasses import dataclass

from lowball.histories.judge import POSTS, Judgement
from lowball.histories.model import EventKind
from lowball.text.narration import narrate


# The engine's narration of the forced bets a hand starts with (engine.forced).
FORCED = frozenset({"ante", "table-ante", "small-blind", "big-blind", "straddle", "post", "joining-post",
                    "joining-dead"})


@dataclass(frozen=True)
class Step:
    """One line of a room's history (or the dealer, with no line: ``number`` 0), and what the rules did with it."""

    number: int
    text: str
    rules: list[str]


def walk(judgement: Judgement, lang: str = "en") -> list[Step]:
    """Return the hand's lines, each with the rules' narration of what it set off, the dealer's steps between them
    (the forced bets and the deal first, the draws' replacements, the showdown), then the hand's end: the payout
    after the rake, or the finding."""
    hand = judgement.hand
    end = judgement.reason(lang) or judgement.paid_line(lang)
    if hand is None:
        return [Step(0, "", [end] if end else [])]
    told = narrate(hand, lang, unit=judgement.unit)
    # The forced bets are posted before any line is read (the hand starts with them): each is told beside the line
    # that posts it.
    posted = {index: item.get("who") for index, item in enumerate(hand.events) if item.key in FORCED}
    placed: set[int] = set()
    steps: list[Step] = []
    done = 0
    for event, own, upto in judgement.steps:
        mine = [index for index, who in posted.items() if who == event.player and index not in placed] \
            if event.kind in POSTS else []
        if mine:
            # O4: a joining player's post with a dead part is told as two: the live post, then the dead part
            mine = mine[:2] if event.kind is EventKind.POST and event.dead else mine[:1]
            steps.append(Step(event.line, event.text, [told[index] for index in mine]))
            placed.update(mine)
            continue
        waiting = [told[index] for index in range(done, own) if index not in placed]
        if waiting:
            steps.append(Step(0, "", waiting))
        steps.append(Step(event.line, event.text, told[own:upto] if upto > own else []))
        done = max(done, upto)
    if done < len(told):
        steps.append(Step(0, "", [line for index, line in enumerate(told[done:], done) if index not in placed]))
    if end:
        steps.append(Step(0, "", [end]))
    return steps
