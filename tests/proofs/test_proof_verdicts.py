"""What ``lowball verify`` finds is data (``Verdict``: a key and its fields), worded in rules/proofs.toml: every key
has words in English and in Russian, an unknown key or a missing field fails loudly, and a broken table's
refutation carries its figures as fields."""

from __future__ import annotations

import re
import string

import pytest

from lowball.text.verdicts import ChipSum, Said, Verdict, templates, word
from lowball.verify import load_for_verify, verify
from lowball.verify.report import check_lines

LATIN_WORD = re.compile(r"\b[A-Za-z]{4,}\b")
# What a Russian template may keep in Latin letters: Z3 and its Optimize, pokerkit, the table's own keys and values
# (forced.nobody_opens = "{rule}", house-keeps) and file names (engine/drawing.py).
ALLOWED = re.compile(r"\bOptimize\b|\bpokerkit\b|[a-z_.]+ = \"?[{}a-z0-9-]+\"?|\b[a-z]+(?:-[a-z]+)+\b"
                     r"|\b[a-z_]+/[a-z_]+\.py\b|\{[^}]*\}")


def fields_of(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def templates_of(lang: str) -> dict[str, str]:
    """Return every template of ``lang``, the word tables' ({field:@table}) included, by a dotted key."""
    words = templates()[lang]
    flat = {key: text for key, text in words.items() if isinstance(text, str)}
    flat |= {f"{name}.{key}": text for name, table in words.items() if isinstance(table, dict)
             for key, text in table.items()}
    return flat


def test_every_verdict_key_is_worded_in_both_languages():
    english, russian = templates_of("en"), templates_of("ru")
    plain = {key for key in english if "." not in key}
    assert plain == {key for key in russian if "." not in key}
    for key in plain:
        # Russian agrees a noun with a count English leaves unsaid: the total, or the last of a list of counts
        assert fields_of(russian[key]) <= fields_of(english[key]) | {"total", "last"}, key
    # a word table a template of either language reads holds a word for every value the other's does
    for lang, words in (("en", english), ("ru", russian)):
        for template in words.values():
            for table in re.findall(r":@([\w-]+)\}", template):
                assert any(key.startswith(table + ".") for key in words), (lang, table)


def test_no_english_is_left_in_the_russian_words():
    for key, template in templates_of("ru").items():
        text = ALLOWED.sub("", template)
        assert not LATIN_WORD.findall(text), (key, template)


def test_an_unknown_key_fails_loudly():
    with pytest.raises(KeyError, match="no words for the verdict 'no-such-verdict' in ru"):
        Verdict("no-such-verdict").text("ru")


def test_a_missing_field_fails_loudly():
    with pytest.raises(KeyError, match="'min_stack'"):
        Verdict("stack-safe", {"sum": ChipSum(1, ((4, 1), (8, 2)), 13)}).text()


def test_a_verdict_words_its_nouns_as_russian_agrees():
    counts = [word("no-bound-yet", {"why": Verdict("why-unlimited"), "actions": n, "story": Said("p1 bets 1")},
                   "ru") for n in (1, 3, 5)]
    assert ["после 1 действия", "после 3 действий", "после 5 действий"] == [re.search(r"после \d \w+", c)[0]
                                                                          for c in counts]


def check_of(number: int, **sets: str):
    table, rankings = load_for_verify(overrides=sets)
    (check,) = verify(table, rankings, only={number})
    return check, table


def test_property_4_refuted_as_data():
    check, table = check_of(4, raises_per_round="4")
    assert not check.holds and check.refuted.key == "stack-too-small"
    fields = check.refuted.fields
    assert (fields["raises"], fields["total"], fields["min_stack"]) == (4, 16, 13)
    assert check.figures["max_investment"] == 16
    assert "наименьший безопасный стек — 16" in check.refutation("ru")
    assert "the minimum safe stack is 16" in check.counterexample


def test_property_4_proved_as_data():
    check, _ = check_of(4)
    assert check.holds and check.verdicts[-1].key == "stack-safe"
    assert check.verdicts[-1].fields["sum"].total == 13


def test_property_7_facts_as_data():
    check, table = check_of(7)
    keys = [fact.key for fact in check.verdicts]
    assert keys[0] == "invariant-holds" and keys[-1] == "round-ends-within"
    assert check.verdicts[-1].fields == {"players": 5, "most": 50} and check.figures["round_bound"] == 50
    assert "не более чем за 50 действий" in check_lines(check, table, "ru")[-1]


def test_property_7_refuted_as_data(monkeypatch):
    """A round whose measure does not fall (every action free) is refuted by a keyed verdict with its figures."""
    from lowball.verify import rounds

    monkeypatch.setattr(rounds, "measure", lambda r, s: __import__("z3").IntVal(0))
    rounds.clear_steps()
    try:
        check, _ = check_of(7)
    finally:
        rounds.clear_steps()
    assert not check.holds and check.refuted.key == "round-need-not-end"
    assert check.refuted.fields["round"] == 1 and check.refuted.fields["players"] >= 2
    assert "может не закончиться" in check.refutation("ru") and "need not end" in check.counterexample
    story = check.refuted.fields["story"]          # the state and the action are data too (rounds.Step.told)
    assert story.key == "step-may" and story.fields["state"].key == "state"
    assert story.fields["move"].key.startswith("move-")
    assert " may " in check.counterexample and " может " in check.refutation("ru") and "банк " in check.refutation("ru")


def test_the_proofs_panel_reads_the_verdicts_words():
    from lowball.widgets.proofs import reason

    check, table = check_of(4, raises_per_round="4")
    assert reason(check, table, "en") == check.counterexample
    assert reason(check, table, "ru").endswith("безопасный минимум — 16 фишек")


def test_property_5_refuted_as_data():
    """Ten players of the teaching table (whose deck must never run out, D1) need more than 52 cards."""
    check, _ = check_of(5, **{"players.max": "10"})
    assert not check.holds and check.refuted.key == "deck-too-small"
    fields = check.refuted.fields
    assert fields["deck"] == 52 and fields["most"] > 52 and fields["players"] <= 10
    assert f"needs {fields['most']} cards but the deck has 52" in check.counterexample
    assert "столу нужно правило перемешивания сброса" in check.refutation("ru")


def test_property_6_refuted_as_data(monkeypatch):
    """Shares that drop the odd chip lose it: the smallest such pot is the verdict's figure."""
    from lowball.engine.rules import pots

    monkeypatch.setattr(pots, "shares", lambda chips, winners, rule, order, o: [chips / winners] * winners)
    check, _ = check_of(6)
    assert not check.holds and check.refuted.key == "odd-chips-lost"
    assert {k: check.refuted.fields[k] for k in ("chips", "winners", "paid", "lost")} == \
        {"chips": 3, "winners": 2, "paid": 2, "lost": 1}
    assert check.refutation("ru").startswith("банк в 3 фишки, поделённый на 2, выплачивает 2: 1 фишка никому не "
                                             "достаётся")


def test_property_8_refuted_as_data(monkeypatch):
    """Redeals allowed whatever the stacks never stop: the verdict names the stacks of the run that shows it."""
    from lowball.engine.rules import forced_bets as forced

    monkeypatch.setattr(forced, "may_redeal", lambda o, stacks, ante: True)
    table, rankings = load_for_verify("deuce-to-seven-triple-draw-antes")
    (check,) = verify(table, rankings, only={8})
    assert not check.holds and check.refuted.key in ("redeal-keeps-stacks", "redeals-unbounded")
    assert check.refuted.fields["players"] >= 2
    assert re.search(r"[а-я]", check.refutation("ru")) and not re.search(r"[а-я]", check.counterexample)


def sample_fields(template: str, lang: str) -> dict:
    """Return a value for each field a template asks for: a word of the table it reads, else a number."""
    fields: dict = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name and spec and spec.startswith("@"):
            fields[name] = next(iter(templates()[lang][spec[1:]]))
        elif name:
            fields.setdefault(name, 3)
    return fields


def test_every_template_words_its_fields_in_both_languages():
    """Every template fills: no spec a number cannot take, no word table without the value a template asks for."""
    for lang in ("en", "ru"):
        for key, template in templates_of(lang).items():
            if "." not in key:
                english = templates_of("en")[key]
                fields = {**sample_fields(english, "en"), **sample_fields(template, lang)}
                assert "{" not in word(key, fields, lang), key


# ---- properties 1-3: the rankings, as data ----

def test_property_1_proved_as_data():
    check, _ = check_of(1)
    (fact,) = check.verdicts
    assert fact.key == "categories-in-order" and fact.fields["n"] == 9
    assert fact.fields["system"].key == "ace-to-six"
    assert check.facts("ru")[0].endswith(": 9 категорий по порядку, у каждой своё правило сравнения рук внутри категории")


def test_property_1_refused_as_data():
    """H2: a category named twice is the loader's refusal, kept whole as the verdict's field."""
    order = '["no-pair","no-pair","two-pair","trips","straight","flush","full-house","quads","straight-flush"]'
    check, _ = check_of(1, **{"rankings.systems.ace-to-six.category_order": order})
    assert not check.holds and check.refuted.key == "rankings-refused"
    assert check.refuted.fields["refusal"] == check.counterexample
    assert "category 'no-pair' appears twice" in check.counterexample
    assert check.refutation("ru") == "таблица рангов отвергнута: " + check.counterexample


def test_property_2_refuted_as_data():
    """H3: a tie-break that forgets the kickers ties two pairs of one rank; the hands are fields, worded per language."""
    check, _ = check_of(2, **{"rankings.systems.ace-to-six.tie_break.pair": '["pair"]'})
    assert not check.holds and check.refuted.key == "ties-unequal-ranks"
    first = check.refuted.fields["first"]
    assert first.system.key == "ace-to-six" and len(first.cards) == 5
    assert "tie, though they hold different ranks" in check.counterexample
    assert "равны, хотя ранги карт у них разные" in check.refutation("ru") and "♣" in check.refutation("ru")


def test_property_2_a_broken_law_names_it_in_both_languages():
    from lowball.core.cards import parse_cards
    from lowball.ranking import as_system
    from lowball.text.verdicts import SystemName
    from lowball.verify.ranking import _law_broken

    row = as_system("ace-to-six")
    x, y = parse_cards("6c 4h 3s 2d Ac"), parse_cards("Kc Qh Js Td 9c")
    verdict = _law_broken("transitive", "ties-unequal-ranks", SystemName.of(row), row, x, y)
    assert verdict.text() == "ace-to-six: the order is not transitive at 6c 4h 3s 2d Ac / Kc Qh Js Td 9c"
    assert verdict.text("ru").endswith(": порядок не транзитивный на руках 6♣ 4♥ 3♠ 2♦ A♣ / K♣ Q♥ J♠ 10♦ 9♣")


def test_property_3_facts_and_refutation_as_data():
    check, _ = check_of(3)
    assert {fact.key for fact in check.verdicts} == {"case-proved", "best-proved", "worst-proved"}
    broken, _ = check_of(3, **{"rankings.systems.ace-to-six.wheel_is_straight": "false"})
    assert not broken.holds and broken.refuted.key == "case-fails" and broken.refuted.fields["id"] == "E1"
    assert broken.counterexample.startswith("E1 fails under ace-to-six: the seed says ")
    assert broken.refutation("ru").startswith("E1 не выполняется в системе «")


# ---- the stories: a witness's actions, as data ----

def test_a_witness_action_is_data():
    from lowball.engine.state import Hand
    from lowball.verify.witness import raise_most, told

    hand = Hand([13, 13], seed=0, narrate=False)
    hand.advance()
    act = told(hand, raise_most(hand))
    assert (act.key, act.fields["seat"], act.fields["amount"]) == ("act-bet", 1, 1)
    assert (act.text(), act.text("ru")) == ("p1 bets 1", "p1 ставит 1")
