"""Refusals are data (the rule's key, its clause, its fields) worded from rules/refusals.toml in English and Russian.

The engine names each rule it refuses by a key; the table of words must have that key in both languages, with no
template left over, and every template must be filled by the fields the engine gives. Random illegal actions at
every built-in table reach the refusals, and each is worded in both languages.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from lowball.core.games import builtin_paths, load_game_table
from lowball.core.refusals import LANGUAGES, Refusal, templates, word
from lowball.engine.state import OVER, Hand, stacked_deck
from lowball.errors import IllegalAction

ENGINE = Path(__file__).resolve().parents[2] / "spec" / "lowball" / "engine"
NAMED = re.compile(r'Refusal\(\s*"([a-z-]+)"')
FIELDS = re.compile(r"\{(\w+)")


def engine_keys() -> set[str]:
    """Return the refusal keys the engine's source names: its Refusal("...") calls, and the raise bars of the
    betting round (``yield "name"``), which the betting phase turns into refusals (a cap counted in actions has
    words of its own)."""
    keys = {"capped-actions"}
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        keys |= set(NAMED.findall(text))
        if path.name == "betting_round.py":
            keys |= set(re.findall(r'yield "([a-z-]+)"', text))
    return keys


def test_both_languages_word_the_same_rules():
    en, ru = (templates()[lang] for lang in LANGUAGES)
    assert set(en) == set(ru)
    assert set(en["words"]) == set(ru["words"])


def test_every_rule_the_engine_names_has_words_and_every_word_a_rule():
    table = set(templates()["en"]) - {"words"}
    keys = engine_keys()
    assert keys - table == set(), f"refusals without words: {sorted(keys - table)}"
    assert table - keys == set(), f"words of no refusal: {sorted(table - keys)}"


def test_the_russian_words_ask_for_no_field_the_english_do_not():
    """The English template names every field the engine gives; Russian may leave one out (it says "ставят"
    where English says "the bet" or "the raise"), never ask for another."""
    en, ru = (templates()[lang] for lang in LANGUAGES)
    for key in set(en) - {"words"}:
        assert set(FIELDS.findall(ru[key])) <= set(FIELDS.findall(en[key])), key


def _refusals(rng: random.Random, table, hands: int) -> list[Refusal]:
    """Play random hands and try wrong actions at every step (a try that is legal is taken back); return the
    refusals met."""
    found = []
    for _ in range(hands):
        stack = max(table.min_stack, rng.choice([3, 20, 100]))
        hand = Hand([stack, stack], table=table, seed=rng.randrange(99), narrate=False)
        hand.advance()
        while hand.phase != OVER and hand.to_act is not None:
            seat = hand.to_act
            for text in (f"p{seat + 1} f", f"p{seat + 1} cc", f"p{2 - seat} cc", f"p{seat + 1} pb",
                         f"p{seat + 1} cbr {rng.randint(0, 30)}", f"p{seat + 1} sm -", f"p{seat + 1} sd"):
                try:
                    hand.push(text)
                except IllegalAction as err:
                    if err.refusal is not None:
                        found.append(err.refusal)
                else:
                    hand.pop()
            hand.push(rng.choice(hand.legal_actions()))
    return found


def test_every_refusal_met_in_play_is_worded_in_both_languages():
    rng = random.Random(5)
    met: dict[str, Refusal] = {}
    for game in builtin_paths():
        for refusal in _refusals(rng, load_game_table(game), 2):
            met.setdefault(refusal.key, refusal)
    assert len(met) >= 10, sorted(met)
    for refusal in met.values():
        english, russian = refusal.text(), refusal.text("ru")
        assert refusal.clause in english and refusal.clause in russian
        assert "{" not in english + russian
        latin = set(re.findall(r"[a-z]{3,}", russian)) - {"all", "in"}
        assert not latin - set(str(v) for v in refusal.fields.values()), f"{refusal.key}: English in {russian!r}"


def test_a_template_that_names_a_field_the_engine_does_not_give_is_caught(monkeypatch):
    broken = {lang: {**templates()[lang], "checked": "a player who checked {at} ({clause})"} for lang in LANGUAGES}
    monkeypatch.setattr("lowball.core.refusals.templates", lambda: broken)
    with pytest.raises(KeyError):
        word("checked", {"clause": "B1"})


@pytest.mark.parametrize("build, key", [
    (lambda: Hand([13]), "players-count"),
    (lambda: Hand([13, 1.5]), "stack-not-whole"),
    (lambda: Hand([13, 0]), "stack-range"),
    (lambda: Hand([13, 13], names=["Ann", "Ann"]), "names-repeat"),
    (lambda: Hand([13, 13], names=["Ann"]), "names-count"),
    (lambda: Hand([13, 13], names=["Ann", "\x1b[31m"]), "bad-name"),
    (lambda: Hand([13, 13], deck=stacked_deck(seed=1)[:51]), "deck-cards"),
    (lambda: Hand([12, 13]), "stack-short"),
    (lambda: Hand([13, 13]).apply("p3 f"), "no-such-seat"),
])
def test_a_hand_that_cannot_be_built_is_refused_as_data_in_both_languages(build, key):
    """Who sits down, with what chips and which deck: refused as data too, so a Russian panel words the very
    rule (T1, T5), not the English message."""
    with pytest.raises(IllegalAction) as refused:
        build()
    refusal = refused.value.refusal
    assert refusal is not None and refusal.key == key
    english, russian = refusal.text(), refusal.text("ru")
    assert str(refused.value).endswith(english)
    assert "{" not in english + russian and re.search("[а-я]", russian), russian
    latin = set(re.findall(r"[a-z]{3,}", russian)) - {"forced", "seat", "antes"}
    assert not latin - set(re.findall(r"[a-z]{3,}", " ".join(map(str, refusal.fields.values())))), russian
