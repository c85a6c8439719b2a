"""The proofs are about the code that runs: one definition of each rule, read with numbers and with Z3 terms.

The engine plays ``engine/rules/betting_round.py``, ``pots.py``, ``forced_bets.py`` and
``sevens.py``; the proofs read the same functions with Z3 terms. Here: the Z3
reading of each gives the values the plain reading gives, branch by branch;
two changes of the round's rules that leave every property "proved" (folding
without facing a bet; the final round opened from the dealer's left) change
what the engine plays, so the rules tests see them; random play of every
built-in game stays in the states the proofs assume (the engine-link check)
and never goes past the figures the proofs established; the card model, the
one piece still written twice, leaves the stub as the engine does.
"""

import functools
import random
from collections import Counter
from types import SimpleNamespace

import pytest
import z3
from hypothesis import given, settings, strategies as st

from lowball import DECK, evaluate
from lowball.core.behaviours import OddChip, Opener
from lowball.core.games import builtin_paths, load_game_table, table_from_text
from lowball.core.rankings import load_rankings
from lowball.engine import betting
from lowball.engine.rules import pots as pm
from lowball.engine.rules.pots import build_pots, halves, share
from lowball.engine.state import BET, OVER, Hand, deck_for
from lowball.errors import IllegalAction
from lowball.play.bots import BOTS
from lowball.verify.link import check_engine_link, round_rules, round_state
from lowball.engine.rules import forced_bets as forced
from lowball.core import card_flow
from tests.support.card_flow import follow
from lowball.engine.rules import betting_round as rm
from lowball.engine.rules.readings import compile_rules
from lowball.core.ops import PY, Z3
from lowball.verify.game import check_card_bound, check_rounds, check_stack_guarantee
from lowball.verify.hands import RANKS, SymHand, beats

TABLE = load_game_table()
SYSTEMS = [row.key for row in load_rankings().systems]
GAMES = list(builtin_paths())
hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


# ---- the ranking model ----

@functools.cache
def z3_order(system):
    """Return symbolic shapes a, b and the Z3 terms 'a beats b' and 'b beats a' for ``system``."""
    row = load_rankings().system(system)
    a, b = SymHand("a", row), SymHand("b", row)
    return a, b, beats(a, b), beats(b, a)


def pinned(shape, cards):
    """Return the substitution that gives ``shape`` the ranks and suitedness of ``cards``."""
    counts = Counter(card.rank for card in cards)
    pairs = [(shape.count[v], z3.IntVal(counts[v])) for v in RANKS]
    return pairs + [(shape.one_suit, z3.BoolVal(len({card.suit for card in cards}) == 1))]


@settings(max_examples=300, deadline=None)
@given(hands, hands, st.sampled_from(SYSTEMS))
def test_the_z3_model_orders_hands_as_the_evaluator_does(a, b, system):
    sym_a, sym_b, a_wins, b_wins = z3_order(system)
    values = pinned(sym_a, a) + pinned(sym_b, b)
    verdict = [z3.is_true(z3.simplify(z3.substitute(term, *values))) for term in (a_wins, b_wins)]
    value_a, value_b = evaluate(a, system), evaluate(b, system)        # classes: the hands may share a card
    expected = (value_a > value_b) - (value_a < value_b)
    assert verdict == [expected == 1, expected == -1], f"{a} vs {b} under {system}"


# ---- the betting and pot models against the engine, on every built-in game ----

@pytest.mark.parametrize("game", GAMES)
def test_the_models_are_the_engines_on_random_play(game):
    """B1, T3, T4, G1-G6, K3, F4, L4, L6, P1, P2: every decision, round start and pot; and
    every round starts in a state the proofs start from (``symbolic_start``: no proof is about fewer starts)."""
    report = check_engine_link(load_game_table(game), hands=12, seed=7, policy=BOTS["random"], symbolic=True)
    assert report.agrees, "\n".join(report.mismatches)
    assert report.decisions > 40 and report.actions_compared > 10 * report.decisions // 2
    assert report.rounds_started >= report.hands and report.symbolic_starts == report.rounds_started


def test_the_models_follow_all_ins_and_side_pots():
    """G3, G4, G6: short stacks that go all in, in limit and in no-limit, with side pots at the showdown."""
    short = lambda rng, players: [rng.choice([1, 2, 3, 5, 8, 40]) for _ in range(players)]
    for game in ("deuce-to-seven-triple-draw", "deuce-to-seven-single-draw", "stud-high-low-phh"):
        report = check_engine_link(load_game_table(game), hands=25, seed=11, policy=BOTS["random"], stacks=short,
                                   symbolic=True)
        assert report.agrees, "\n".join(report.mismatches)
        assert report.showdowns > 5 and report.symbolic_starts == report.rounds_started


def test_a_later_round_of_one_chip_bets_starts_where_the_proofs_start():
    """T3: the proofs of a later round hold for a bet of any size from one chip (``start_kind``); a table whose
    second round bets one chip (the teaching table with ``big_bet = 1``) starts every round among those starts."""
    table = load_game_table("teaching-table", overrides={"big_bet": "1"})
    report = check_engine_link(table, hands=12, seed=3, policy=BOTS["random"], symbolic=True)
    assert report.agrees, "\n".join(report.mismatches)
    assert report.rounds_started > report.hands and report.symbolic_starts == report.rounds_started


@pytest.mark.parametrize("known", ["the pot was empty", "the first round's bettor was p1", "the chosen seat was p1"])
def test_a_start_the_proofs_never_start_from_is_reported(monkeypatch, known):
    """The symbolic start can fail to cover the engine: proofs that assume more of a round's start than the engine
    promises (an empty pot: the antes table carries one over a redeal, K4; the first round's bettor or the seat the
    cards choose always p1) are about too few starts, and the link check says so."""
    real = rm.symbolic_start

    def narrower(r, tag, min_stack=0):
        state, facts = real(r, tag, min_stack)
        extra = {"the pot was empty": z3.Int(f"{tag}_pot0") == 0,
                 "the first round's bettor was p1": z3.Int(f"{tag}_first_bettor") == 0,
                 "the chosen seat was p1": z3.Int(f"{tag}_chosen") == 0}[known]
        return state, [*facts, extra]

    monkeypatch.setattr(rm, "symbolic_start", narrower)
    game = {"the pot was empty": "deuce-to-seven-triple-draw-antes", "the first round's bettor was p1":
            "deuce-to-seven-triple-draw", "the chosen seat was p1": "razz"}[known]
    report = check_engine_link(load_game_table(game), hands=30, seed=5, policy=BOTS["random"], symbolic=True)
    assert any("a start the proofs never start from" in line for line in report.mismatches), report.mismatches


def never_fold(hand, rng):
    """Check, call or bring in; at a draw, throw every card (the most the stub must serve)."""
    if hand.phase == BET:
        return next(a for a in hand.legal_actions() if a.kind in ("cc", "pb"))
    held = hand.hands[hand.to_act]
    street = hand.current.street
    from lowball.engine.actions import Action
    return Action("sd", hand.to_act, cards=tuple(held[:street.max_discard]))


def played_never_folding(table, stacks: list[int], seed: int) -> Hand:
    """Return a whole hand of ``table`` in which every player plays ``never_fold``."""
    hand = Hand(stacks, table=table, seed=seed, narrate=False)
    hand.advance()
    while hand.phase != OVER:
        hand.apply(never_fold(hand, None))
        hand.advance()
    return hand


def test_the_card_walk_follows_eight_stud_players_to_the_community_card():
    """L8, P4: eight players to seventh street: the burns come back, then one community card for everyone; the
    engine's piles are the walk's after every step."""
    for game in ("stud-high-low", "razz-phh"):
        table = load_game_table(game)
        for seed in range(3):
            seen = follow(table, 8, seed, policy=never_fold, stacks=100)
            assert not seen.difference, seen.difference
        hand = played_never_folding(table, [100] * 8, seed=5)
        assert len(hand.community) == 1


def test_the_card_walk_follows_a_stud_table_without_burns_to_the_community_card():
    """L8: with no burns, eight players leave four cards for seventh street and nothing comes back: no reshuffle
    is counted, one community card is dealt."""
    table = table_from_text('extends = "razz"\nname = "no-burns"\n[players]\nmin = 8\n'
                            '[[change_streets]]\nat = "deal"\nburn = 0\n')
    for seed in range(2):
        seen = follow(table, 8, seed, policy=never_fold, stacks=100)
        assert not seen.difference, seen.difference
    hand = played_never_folding(table, [100] * 8, seed=5)
    assert len(hand.community) == 1 and hand.stub.reshuffles == 0


def test_the_card_walk_follows_reshuffles_of_every_rule():
    """K9, P3: five players throwing everything at each of three draws (K9 serves five; P3 six)."""
    for game, players in (("deuce-to-seven-triple-draw", 5), ("deuce-to-seven-triple-draw-phh", 6)):
        table = load_game_table(game)
        seen = follow(table, players, 3, policy=never_fold, stacks=200)
        assert not seen.difference and seen.reshuffles, seen.difference
        hand = played_never_folding(table, [200] * players, seed=3)
        assert hand.stub.reshuffles >= 1
        end = card_flow.play(PY, table, players, card_flow.Choices.plain(table, players))
        assert (end.stub, end.reshuffles) == (hand.stub.size, hand.stub.reshuffles) and not end.short


def test_the_engine_cannot_serve_the_discard_property_5_refutes_k9():
    """K9: six players, the first four discarding five in the first draw: p5 may not be served five (see
    property 5): the two cards the stub and the reshuffle hold are all the engine can give."""
    table = load_game_table("deuce-to-seven-triple-draw")
    hand = Hand([200] * 6, table=table, seed=3, narrate=False)
    hand.advance()
    while hand.phase == BET:
        hand.apply(next(a for a in hand.legal_actions() if a.kind == "cc"))
        hand.advance()
    for seat in range(4):
        hand.apply(never_fold(hand, None))
        hand.advance()
    with pytest.raises(Exception, match=r"p5|receives as many|at most 2"):
        hand.apply(never_fold(hand, None))               # five thrown by p5: the deck cannot replace them
        hand.advance()
        hand.apply(hand.legal_actions()[0])
    choices = card_flow.Choices.plain(table, 6, discard=0)
    choices.discards[0] = [5] * 6
    assert card_flow.play(PY, table, 6, choices).short


# ---- mutations of the model that every property would still "prove" ----

@pytest.fixture(autouse=True)
def fresh_model():
    """The steps of a round are built once per model: a test that changes the model must not see old ones."""
    from lowball.verify.rounds import clear_steps

    clear_steps()
    yield
    clear_steps()


def recompiled(monkeypatch, **rules) -> None:
    """Put ``rules`` in the betting round's text and compile its plain readings again, as the module does when it
    loads, so that the proofs read the new text and the engine plays it, until the test ends."""
    namespace = {name: value.symbolic if hasattr(value, "plain") else value for name, value in vars(rm).items()}
    for name, rule in rules.items():
        rule.__module__ = rm.__name__           # a rule of the round's text, as if written there
        namespace[name] = rule
    names = compile_rules(namespace, PY)
    plain = SimpleNamespace(**{name: namespace[name].plain for name in names})
    for name in names:
        monkeypatch.setattr(rm, name, namespace[name])
    monkeypatch.setattr(rm, "PLAIN", plain)
    monkeypatch.setattr(betting, "plain", plain)


def test_a_round_that_lets_players_fold_facing_no_bet_is_what_the_engine_plays(monkeypatch):
    """B1, one definition: dropping "fold only when facing a bet" from the round's rules changes what the engine
    allows (the engine plays ``betting_round``), while the proofs alone do not notice."""
    hand = Hand([13, 13], seed=1)
    hand.advance()
    assert "p1 f" not in map(str, hand.legal_actions())
    with pytest.raises(IllegalAction, match="facing no bet a player may check or bet, not fold"):
        hand.apply("p1 f")
    def may_fold(o, r, s, i, raising=None):
        return o.Not(s.bring_in_due)

    recompiled(monkeypatch, may_fold=may_fold)  # one text, two readings: the proofs' and the engine's
    assert check_rounds(TABLE).holds
    hand = Hand([13, 13], seed=1)
    hand.advance()
    assert "p1 f" in map(str, hand.legal_actions())
    hand.apply("p1 f")
    assert hand.phase == OVER and hand.result.finishing_stacks == (12, 14)


def test_a_round_that_opens_the_final_round_from_the_dealers_left_is_what_the_engine_plays(monkeypatch):
    """B2, one definition: the final round opened by the dealer's left in the round's rules is opened there by
    the engine too (without the change, the first round's opener opens it)."""
    def final_round_opener() -> int:
        hand = Hand([13, 13, 13], seed=2, narrate=False)
        hand.advance()
        for action in ["p1 cc", "p2 cbr 1", "p3 cc", "p1 cc", "p1 sd", "p2 sd", "p3 sd"]:
            hand.apply(action)
            hand.advance()
        return hand.to_act

    assert final_round_opener() == 1                        # B2: p2 bet first
    monkeypatch.setitem(rm.RULE_SEATS, Opener.FIRST_ROUND_OPENER, lambda o, n, r, seats: 0)
    assert check_rounds(TABLE).holds                        # every opener is still a player who can act
    assert final_round_opener() == 0


def test_a_model_that_raises_without_putting_chips_in_is_refuted_by_property_7(monkeypatch):
    """S1: a model where a raise need not add to the level: property 7 finds the round that never ends."""
    original = rm.legal_raise
    monkeypatch.setattr(rm, "legal_raise", lambda o, r, s, i, amount: o.Or(
        original(o, r, s, i, amount), o.And(amount == rm.level(o, s), rm.may_raise(o, r, s, i))))
    check = check_rounds(TABLE)
    assert not check.holds and "need not end" in check.counterexample and "may bet or raise to" \
        in check.counterexample


def test_a_redeal_rule_that_deals_again_for_ever_is_refuted_by_property_8(monkeypatch):
    """K4: without "every player can ante again" the redeals need not stop (the engine's own rule, broken)."""
    from lowball.verify.redeals import check_redeals

    monkeypatch.setattr(forced, "may_redeal", lambda o, stacks, ante: True)
    check = check_redeals(load_game_table("deuce-to-seven-triple-draw-antes"))
    assert not check.holds and "the redeals need not stop" in check.counterexample


def test_a_model_whose_opener_may_have_folded_is_refuted_by_property_7(monkeypatch):
    """B2: an opener rule that does not skip players who cannot act: property 7's opener claim fails."""
    monkeypatch.setattr(rm, "first_from", lambda o, flags, start: o.If(start == rm.NOBODY, 0, start))
    check = check_rounds(TABLE)
    assert not check.holds and "who has folded or has no chips" in check.counterexample


# ---- one model, two readings: the Z3 terms give the values the engine is compared with ----

def _pin(symbolic: rm.State, values: rm.State) -> list:
    pairs = []
    for (_, terms), (_, vals) in zip(symbolic.values().items(), values.values().items()):
        for term, val in zip(terms if isinstance(terms, list) else [terms], vals if isinstance(vals, list) else [vals]):
            pairs.append((term, z3.BoolVal(val) if isinstance(val, bool) else z3.IntVal(val)))
    return pairs


def _value(term, pairs):
    got = z3.simplify(z3.substitute(term, *pairs)) if z3.is_expr(term) else term
    if z3.is_expr(got):
        return z3.is_true(got) if z3.is_bool(got) else got.as_long()
    return got


def compare_readings(hand: Hand) -> None:
    """Check that every function of the round the hand is in gives on its state, in the Z3 reading, what the plain
    reading (the one the engine plays) gives (see the test below)."""
    rules, plain = round_rules(hand), round_state(hand)
    s = rm.State.symbolic(hand.n, "zs")
    pairs = _pin(s, plain)
    least, most = rm.raise_range(PY, rules, plain, plain.actor)
    i = plain.actor
    for name, function in (("done", lambda o, st: rm.done(o, st)),
                            ("may_raise", lambda o, st: rm.may_raise(o, rules, st, i)),
                            ("may_fold", lambda o, st: rm.may_fold(o, rules, st, i)),
                            ("may_call", lambda o, st: rm.may_call(o, rules, st, i)),
                            ("raise_range", lambda o, st: list(rm.raise_range(o, rules, st, i)))):
        z3_reading, plain_reading = function(Z3, s), function(PY, plain)
        got = [_value(t, pairs) for t in z3_reading] if isinstance(z3_reading, list) \
            else _value(z3_reading, pairs)
        assert got == plain_reading, f"{name}: Z3 reads {got}, the plain reading {plain_reading}"
    for (name, z3_bar), (_, plain_bar) in zip(rm.raise_bars(Z3, rules, s, i),
                                              rm.raise_bars(PY, rules, plain, i)):
        assert _value(z3_bar, pairs) == bool(plain_bar), f"the raise bar {name}"
    finished_z3, finished_py = rm.finish(Z3, s), rm.finish(PY, plain)
    assert {k: ([_value(t, pairs) for t in v] if isinstance(v, list) else _value(v, pairs))
            for k, v in finished_z3.values().items()} == finished_py.values()
    for kind, amount in ((rm.CALL, 0), (rm.FOLD, 0), (rm.BRING_IN, 0), (rm.RAISE, least), (rm.RAISE, most)):
        assert _value(rm.legal(Z3, rules, s, plain.actor, kind, amount), pairs) == \
            rm.legal(PY, rules, plain, plain.actor, kind, amount)
        after_z3 = rm.step(Z3, rules, s, kind, amount)
        after_py = rm.step(PY, rules, plain, kind, amount)
        assert {k: ([_value(t, pairs) for t in v] if isinstance(v, list) else _value(v, pairs))
                for k, v in after_z3.values().items()} == after_py.values()
    _same_choices(rules, s, plain, pairs)


@pytest.mark.parametrize("game, overrides, unit", [
    ("teaching-table", {}, 1), ("deuce-to-seven-single-draw-pot-limit", {}, 1), ("stud-high-low-phh", {}, 1),
    ("deuce-to-seven-single-draw", {}, 1), ("california-lowball", {}, 1),
    ("london-lowball", {"pot_rounding": "25"}, 3),          # N7: the pot-limit raise rounded up (Z3 divides)
])
def test_the_z3_round_reads_as_the_plain_one_branch_by_branch(game, overrides, unit):
    """Every function of the round the engine plays (the plain reading, which branches and stops early) gives on
    reachable states what its Z3 reading (which muxes every branch) gives there: the actions, the next state for
    each kind of action, the end of the round, the raise range and each bar to a raise."""
    table = load_game_table(game, overrides=overrides)
    rng = random.Random(3)
    compared = 0
    for _ in range(6):
        chips = [max(table.min_stack, unit * rng.choice([3, 9, 40])) for _ in range(3)]
        hand = Hand(chips, table=table, seed=rng.randrange(99), narrate=False)
        hand.advance()
        while hand.phase != OVER and compared < 25:
            if hand.phase == BET:
                compare_readings(hand)
                compared += 1
            hand.apply(BOTS["random"](hand, rng))
            hand.advance()
    assert compared > 10


def test_the_z3_round_reads_the_open_pair_as_the_plain_one():
    """Q4: on fourth street p2 shows a pair of fives: a small bet, a raise of the big bet, a raise after it and the
    calls, each state read by Z3 as the plain reading and the engine read it (the big bet made or not)."""
    table = load_game_table("seven-card-stud")
    hand = Hand([100] * 3, table=table, deck=deck_for(["2c 3c Ah", "2d 4d 5s", "7h 8h 9c"], then="9d Kh 5h Ts"))
    hand.advance()
    for line in ("p2 pb", "p3 cc", "p1 cc", "p2 cbr 2", "p3 cbr 6", "p1 cbr 10", "p2 cc", "p3 cc"):
        assert hand.phase == BET and hand.current.rules.open_pair == (hand.round == 1)
        compare_readings(hand)
        hand.apply(line)
        hand.advance()
    assert hand.round == 2 and hand.invested == (12, 12, 12)


def _same_choices(rules, s, plain, pairs):
    """The choices of the player to act, as the engine lists them (the plain reading), are the Z3 reading's of
    each rule (bring in, fold, check or call, bet or raise, the raise range) and of ``choices`` itself."""
    i = plain.actor
    got = rm.choices(PY, rules, plain, i)
    whole = [_value(t, pairs) for t in rm.choices(Z3, rules, s, i)]
    each = [_value(rm.may_bring_in(Z3, rules, s, i), pairs), _value(rm.may_fold(Z3, rules, s, i), pairs),
            _value(rm.may_call(Z3, rules, s, i), pairs), _value(rm.may_raise(Z3, rules, s, i), pairs),
            *[_value(t, pairs) for t in rm.raise_range(Z3, rules, s, i)]]
    assert [bool(v) if k < 4 else v for k, v in enumerate(got)] == whole == each, f"choices: {got} {whole} {each}"


# ---- the pots: one definition (engine/rules/pots.py), read with numbers by the engine and with terms by Z3 ----

def _reference_pots(invested, contenders):
    """G6 as a card room cuts side pots by hand: at each distinct total of a player still in, what everyone put in
    up to it and not yet in a pot, won by those who reached it. Written apart from ``layers`` to check it."""
    pots, floor = [], 0
    for top in sorted({invested[seat] for seat in contenders}):
        chips = sum(max(0, min(put, top) - floor) for put in invested)
        if chips:
            pots.append((chips, tuple(seat for seat in sorted(contenders) if invested[seat] >= top)))
        floor = top
    return pots


def test_the_engines_pots_are_a_card_rooms_on_random_contributions():
    """G6: 3,000 random contribution vectors, 2 to 10 players, any folded: the same pots, main first."""
    rng = random.Random(5)
    for _ in range(3000):
        n = rng.randint(2, 10)
        invested = [rng.choice([0, 1, 2, 5, rng.randint(0, 60)]) for _ in range(n)]
        contenders = sorted(rng.sample(range(n), rng.randint(1, n)))
        engine = [(p.chips, p.eligible) for p in build_pots(invested, contenders)]
        assert engine == _reference_pots(invested, contenders), (invested, contenders)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 500), min_size=2, max_size=10), st.data())
def test_z3_reads_the_pots_the_engine_plays_the_same_way(invested, data):
    """G6: Hypothesis over contributions; the Z3 terms of ``layers`` give the pots its plain reading gives (the
    totals sorted, as the proof takes them), and both are a card room's."""
    n = len(invested)
    contenders = sorted(data.draw(st.sets(st.integers(0, n - 1), min_size=1)))
    assert [(p.chips, p.eligible) for p in build_pots(invested, contenders)] == _reference_pots(invested, contenders)
    ordered = sorted(invested)
    put = [z3.Int(f"hp{i}") for i in range(n)]
    still = [z3.Bool(f"hs{i}") for i in range(n)]
    flags = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    pairs = [(p, z3.IntVal(v)) for p, v in zip(put, ordered)] + [(s, z3.BoolVal(f)) for s, f in zip(still, flags)]
    symbolic = pm.layers(put, still, list(range(n)), o=Z3)
    plain = pm.layers(ordered, flags, list(range(n)))
    for a, b in zip(symbolic, plain):
        assert (_value(a.exists, pairs), _value(a.chips, pairs)) == (b.exists, b.chips)
        assert [_value(e, pairs) for e in a.eligible] == b.eligible


@given(st.integers(0, 500), st.integers(1, 10),
       st.sampled_from([OddChip.FIRST_WINNER_LEFT_OF_DEALER, OddChip.LOWEST_SEAT, OddChip.HOUSE_KEEPS]))
def test_a_pot_is_shared_as_the_clause_says_and_z3_reads_it_the_same(chips, winners, rule):
    """S2, P5: an even share each; the odd chips one each from the dealer's left (S2), all to the lowest seat (P5)
    or kept by the house; the Z3 terms of ``shares`` give the same shares."""
    seats = list(range(0, 2 * winners, 2))
    paid = share(chips, seats, rule)
    base, odd = divmod(chips, winners)
    expected = {OddChip.FIRST_WINNER_LEFT_OF_DEALER: [base + (j < odd) for j in range(winners)],
                OddChip.LOWEST_SEAT: [base + (odd if j == 0 else 0) for j in range(winners)],
                OddChip.HOUSE_KEEPS: [base] * winners}[rule]
    assert [paid[s] for s in seats] == expected
    x = z3.Int("x")
    assert [_value(t, [(x, z3.IntVal(chips))]) for t in pm.shares(x, winners, rule, o=Z3)] == expected


@given(st.integers(0, 500), st.integers(2, 8), st.randoms(use_true_random=False))
def test_the_odd_chips_go_to_the_highest_cards(chips, winners, rng):
    """L7: the odd chips one each to the winners with the highest cards; the narration names the first of them."""
    seats = list(range(winners))
    cards = rng.sample(range(100), winners)
    paid = share(chips, seats, OddChip.HIGH_CARD_BY_SUIT, high_card=lambda seat: (cards[seat], 0))
    odd = chips % winners
    favoured = sorted(seats, key=lambda seat: cards[seat], reverse=True)[:odd]
    assert [paid[s] for s in seats] == [chips // winners + (s in favoured) for s in seats]
    first = pm.first_odd_chip(paid, lambda seat: (cards[seat], 0))
    assert first == (favoured[0] if favoured else None)


@given(st.integers(0, 500), st.booleans())
def test_the_halves_are_the_clauses_and_z3_reads_them_the_same(chips, qualifies):
    """L7, L2: the high and low halves of a split pot, the odd chip to the high; no low, the high takes it all;
    pokerkit's parts likewise."""
    high, low = halves(chips, qualifies)
    assert (high, low) == (((chips + 1) // 2, chips // 2) if qualifies else (chips, 0))
    x, q = z3.Int("x"), z3.Bool("q")
    pairs = [(x, z3.IntVal(chips)), (q, z3.BoolVal(qualifies))]
    assert tuple(_value(t, pairs) for t in halves(x, q, o=Z3)) == (high, low)
    for sides in (1, 2):              # pokerkit's parts: as many as the halves anyone left can win, odd chips first
        plain = pm.parts(chips, sides)
        assert sum(plain) == chips and plain[0] - plain[-1] == chips % sides
        assert [_value(t, pairs) for t in pm.parts(x, sides, o=Z3)] == plain


# ---- the redeal: the engine stops where the model's bound says ----

@pytest.mark.parametrize("stacks", [[5, 5, 7], [3, 9], [8, 8, 8, 8]])
def test_the_engine_redeals_exactly_as_often_as_the_proved_bound(stacks):
    """K4: everyone checks every first round: floor(smallest stack / ante) - 1 redeals, then the hand plays on."""
    table = load_game_table("deuce-to-seven-triple-draw-antes")
    hand = Hand(stacks, table=table, seed=1, narrate=False)
    hand.advance()
    while hand.phase != OVER:
        if hand.phase == BET:
            hand.apply(next(a for a in hand.legal_actions() if a.kind == "cc"))
        else:
            hand.apply(never_fold(hand, None)._replace(cards=()))
        hand.advance()
    assert hand.redeals == min(stacks) // table.ante - 1
    assert forced.may_redeal(PY, [table.ante] * 3, table.ante) and not forced.may_redeal(PY, [table.ante, 0], table.ante)


# ---- random play never goes past the proved figures ----

@pytest.fixture(scope="module")
def proved():
    return {"max_investment": check_stack_guarantee(TABLE).figures["max_investment"],
            "max_cards": check_card_bound(TABLE).figures["max_cards"],
            "round_bound": check_rounds(TABLE).figures["round_bound"]}


def test_random_play_stays_within_the_proved_bounds(proved):
    """T5, D1, S1: random hands: investment, cards dealt and round length never exceed what Z3 proved."""
    rng = random.Random(4)
    for _ in range(600):
        players = rng.randint(TABLE.players_min, TABLE.players_max)
        hand = Hand([TABLE.min_stack] * players, seed=rng.randrange(2**32), narrate=False)
        hand.advance()
        actions_this_round, current = 0, None
        while hand.phase != OVER:
            if hand.phase == BET:
                if hand.round != current:
                    actions_this_round, current = 0, hand.round
                actions_this_round += 1
                assert actions_this_round <= proved["round_bound"]
            hand.apply(BOTS["random"](hand, rng))
            hand.advance()
            assert len(DECK) - hand.stub.size <= proved["max_cards"]
        assert max(hand.invested) <= proved["max_investment"]
        assert min(hand.stacks) >= 0


@given(st.lists(st.tuples(st.integers(0, 50), st.integers(0, 50)), min_size=2, max_size=6),
       st.sampled_from(["off", "seed-004", "rrp", "whole-pot"]))
def test_the_sevens_rule_cuts_the_pot_as_its_setting_says(pairs, rule):
    """F7: the chips moved by each setting (none; put in after the check; all of them), kept plus moved is what
    each player put in, and the engine's reading bars the checker exactly when the setting does."""
    from types import SimpleNamespace

    from lowball.core.behaviours import SevensRule
    from lowball.engine import sevens

    before = [min(a, b) for a, b in pairs]
    invested = [max(a, b) for a, b in pairs]
    hand = SimpleNamespace(invested=invested, n=len(invested), table=SimpleNamespace(sevens_rule=SevensRule(rule)))
    moved, barred = sevens.apply_rule(hand, 0, tuple(before))
    after = [now - then for now, then in zip(invested, before)]
    assert moved == {"off": [0] * len(invested), "seed-004": after, "rrp": after, "whole-pot": invested}[rule]
    assert barred == ({0} if rule in ("rrp", "whole-pot") else set())
    kept, _, _ = sevens.cut(SevensRule(rule), invested, before)
    assert [k + m for k, m in zip(kept, moved)] == invested
