"""The properties ``lowball verify`` checks: number, title, clauses, what each claims, and where it applies.

The one home of every property's words: the report, the JSON, the docs and the
tests read them from here. A title may name a value of the table (the minimum
stack, the deck) and is then written from that table, never retyped.

1. Every category order is a permutation of the categories that can occur, and
   every category has a tie-break rule (H2, H3): the loader's checks.
2. Each ranking system the game uses orders all five-card hands totally (a
   total preorder), proved in Z3 over symbolic hands; two hands tie exactly
   when they hold the same ranks and, where flushes count, the same flush
   status; suits never break ties (S2). Confirmed by enumerating all 2,598,960
   hands with the evaluator.
3. The best and the worst hand of each system the game uses, and the seeds'
   worked cases of those systems (E1, E2, H2, H3, H4, K1, F1, L1), are theorems
   of the Z3 model.
4. The stack guarantee (T4, T5), where the table promises a minimum stack: no
   player can put more than the minimum stack into one hand (the antes and forced
   bets, then each betting round by the table's structure, cap, what counts
   toward it and the blinds as its first bet), so nobody is ever all-in and no
   side pot arises. The most is found by Z3 Optimize over the betting model,
   proved a bound by an inductive invariant for every player count, and reached
   by a legal sequence the engine plays.
5. The card bound (T1, D1, K9, L8): for every player count, the deals, burns and
   every possible discard need at most the deck; where they can need more, the
   table's rule for a short stub (none, a reshuffle of exactly what
   ``engine/stub.py`` takes back, a community card) serves every card.
6. Chips are conserved (S2, S3, G6): every betting action moves chips only from
   the actor's stack into the pot, and an unmatched bet only back to its owner
   (in every state of the rounds' invariant, which property 7 proves and this
   property needs: where it fails, so does this one);
   the side pots of any contributions pay out exactly what was put in, nobody is
   eligible for more than their chips matched, and every share and half pays out
   its pot exactly under the table's odd-chip rule.
7. Every betting round ends (B1, B2, S1) within a bounded number of actions, for
   any cap, unlimited raising and pot- and no-limit included (each action lowers
   a measure of the cap, the chips behind and the players still to act); the
   player to act always has a legal action; and every round is opened by a
   player still in the hand who can act, under each opener rule the table uses.
8. The redeal when nobody opens (K4) ends: a redeal happens only while every
   player can post the ante again, so each lowers every stack by the ante and
   there are at most floor(s / ante) - 1 of them for a smallest stack s: a
   bound, not merely an end with probability one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from lowball.core.behaviours import NobodyOpens, RunsOut
from lowball.core.games import GameTable
from lowball.errors import LowballError
from lowball.text.verdicts import Verdict


@dataclass(frozen=True)
class Property:
    """One property: its number, its title (from the table), the clauses it proves, and where it applies.

    Its title and the reason it does not apply are data (a ``Verdict``), worded in English or Russian (``lang``) by
    ``lowball.text.verdicts``.
    """

    number: int
    name: str                                               # a short key, used in JSON and tests
    clauses: tuple[str, ...]
    _title: Callable[[GameTable | None], Verdict]
    # the reason it does not apply, or None
    _applies: Callable[[GameTable], Verdict | None] = lambda table: None

    def title(self, table: GameTable | None = None, lang: str = "en") -> str:
        """Return the title in ``lang``, naming the table's values where it has any.

        >>> BY_NUMBER[4].title(), BY_NUMBER[1].title(lang="ru")
        ('no all-in: at most the minimum stack is ever at risk', 'таблицы рангов составлены правильно')
        """
        return self._title(table).text(lang)

    def not_applicable(self, table: GameTable, lang: str = "en") -> str | None:
        """Return why the property does not apply to ``table``, in ``lang`` (None: it applies)."""
        why = self._applies(table)
        return None if why is None else why.text(lang)

    @property
    def description(self) -> str:
        """Return the property's description from this module's numbered list."""
        return DESCRIPTIONS[self.number]


def _titled(key: str) -> Callable[[GameTable | None], Verdict]:
    """Return a title that names no value of the table."""
    return lambda table: Verdict(key)


def _stack_title(table: GameTable | None) -> Verdict:
    if table is None or not table.min_stack:
        return Verdict("title-stack-guarantee")
    return Verdict("title-stack-guarantee-of", {"min_stack": table.min_stack})


def _deck_title(table: GameTable | None) -> Verdict:
    if table is None:
        return Verdict("title-card-bound")
    never = table.runs_out is RunsOut.NEVER
    return Verdict("title-card-bound-never" if never else "title-card-bound-stub", {"deck": table.deck_cards})


def _no_min_stack(table: GameTable) -> Verdict | None:
    return None if table.min_stack > 0 else Verdict("no-min-stack")


def _no_redeal(table: GameTable) -> Verdict | None:
    if table.nobody_opens is NobodyOpens.REDEAL:
        return None
    return Verdict("no-redeal", {"rule": str(table.nobody_opens)})


PROPERTIES: tuple[Property, ...] = (
    Property(1, "rankings-well-formed", ("H2", "H3"), _titled("title-rankings-well-formed")),
    Property(2, "total-order", ("H2", "H3", "S2"), _titled("title-total-order")),
    Property(3, "worked-cases", ("E1", "E2", "H2", "H4", "K1", "F1", "L1"), _titled("title-worked-cases")),
    Property(4, "stack-guarantee", ("T2", "T3", "T4", "T5"), _stack_title, _no_min_stack),
    Property(5, "card-bound", ("T1", "T6", "D1", "K8", "K9", "L8", "P3"), _deck_title),
    Property(6, "chips-conserved", ("S1", "S2", "S3", "G6"), _titled("title-chips-conserved")),
    Property(7, "rounds-end", ("B1", "B2", "S1"), _titled("title-rounds-end")),
    Property(8, "redeals-end", ("K4",), _titled("title-redeals-end"), _no_redeal),
)
NUMBERS = tuple(p.number for p in PROPERTIES)
BY_NUMBER = {p.number: p for p in PROPERTIES}
DESCRIPTIONS = {int(m.group(1)): " ".join(m.group(2).split())
                for m in re.finditer(r"^(\d+)\. (.*?)(?=^\d+\. |\Z)", __doc__ or "", flags=re.M | re.S)}


def parse_only(text: str) -> set[int] | None:
    """Return the property numbers of ``--only`` ("4,5"), or None for all; refuse unknown numbers.

    >>> sorted(parse_only("4, 5"))
    [4, 5]
    >>> parse_only("9")
    Traceback (most recent call last):
    lowball.errors.LowballError: --only: properties are numbered 1 to 8, got '9'
    """
    if not text:
        return None
    try:
        wanted = {int(n) for n in text.split(",")}
    except ValueError:
        raise LowballError(f"--only takes property numbers such as 4,5, got {text!r}") from None
    if not wanted <= set(NUMBERS):
        raise LowballError(f"--only: properties are numbered {NUMBERS[0]} to {NUMBERS[-1]}, got {text!r}")
    return wanted
