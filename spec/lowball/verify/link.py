"""What the proofs assume of the engine, checked on the states the engine reaches.

The engine plays the very functions the proofs read: a betting round is
``engine/rules/betting_round.py`` (properties 4, 5 and 7 read it with Z3 terms, the
engine with numbers), the pots and their shares are ``engine/rules/pots.py``
(property 6), the forced bets and the redeal ``engine/rules/forced_bets.py`` (property 8).
So nothing here compares two copies of a rule. Random legal play of the
engine (``engine.state.Hand``) reaches states of every street, and this module
checks what a proof takes for granted about them:

- at each betting decision the round is in a state of its invariant
  (``well_formed``, which properties 6 and 7 assume of every state they
  reason about);
- the hand's face of the round (``engine/betting.py``: the listed legal
  actions and the refusals) allows exactly what the round's ``legal`` allows
  (every kind, and raises at and around the ends of the range);
- each round opens as ``betting_round.start`` opens it from the stacks before
  the forced bets (posted by ``forced.post``) and the seats the cards choose
  (B1, B2, K3, L4, L6); with ``symbolic=True``, each start is also found among
  the symbolic starts the proofs begin from (``symbolic_start``);
- at each showdown the highest total is a contender's (property 6 assumes
  it), and no hand creates or loses a chip.

The cards need no check here: the engine moves them by the moves of the walk
that property 5 reads (``core.card_flow``), and ``tests/cards/test_card_flow.py``
checks the engine's piles against the walk's counts after every step.

A mismatch is reported in words, naming the table, the hand's actions so far and
the two answers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

import z3

from lowball.core.games import GameTable
from lowball.engine import betting
from lowball.engine.actions import Action
from lowball.engine.openers import open_pair_shows
from lowball.engine.reducer import Draft
from lowball.engine.state import BET, OVER, Hand
from lowball.engine.rules import betting_round as rm
from lowball.core.ops import PY

Policy = Callable[[Hand, random.Random], Action]


@dataclass
class LinkReport:
    """What the engine-link check compared, and the first mismatches found (empty: the model is the engine's)."""

    table: str
    hands: int = 0
    decisions: int = 0
    actions_compared: int = 0
    rounds_started: int = 0
    showdowns: int = 0
    symbolic_starts: int = 0          # round starts found among the proofs' symbolic starts (``symbolic=True``)
    mismatches: list[str] = field(default_factory=list)
    symbolic: bool = False            # also find each round start among the proofs' symbolic starts (Z3: slower)

    @property
    def agrees(self) -> bool:
        return not self.mismatches

    def add(self, text: str) -> None:
        if len(self.mismatches) < 20:
            self.mismatches.append(text)


# ---- the engine's state, read into the model ----

def round_rules(hand: Hand) -> rm.Rules:
    """Return the model's rules of the betting round the hand is in (Q4: with the open-pair option where the street
    gives it and a pair showed when the round began, as ``compare_start`` checks: a fold later keeps the option)."""
    return rm.Rules.of(hand.table, hand.current.street, hand.n, open_pair=hand.current.rules.open_pair)


def round_state(hand: Hand) -> rm.State:
    """Return the state of the betting round the hand is in (plain values: the state the engine plays)."""
    return hand.current.state


def _comparable(state: rm.State) -> dict:
    """Return the parts of a state the engine also has (the actor only while someone is to act)."""
    values = state.values()
    values["pending_order"] = values.pop("actor") if any(state.pending) else rm.NOBODY
    return values


def candidates(hand: Hand) -> list[Action]:
    """Return the actions to try on the player to act: every kind, and raises at and around the range's ends."""
    rnd = hand.current
    seat = rnd.to_act
    level = rnd.level
    all_in = hand.stacks[seat] + rnd.bets[seat]
    amounts = {level, level + 1, all_in, all_in + 1, level + rnd.size, max(rnd.bets) + 2 * rnd.size}
    rules, state = round_rules(hand), round_state(hand)
    least, most = rm.raise_range(PY, rules, state, seat)
    amounts |= {least - 1, least, least + 1, most - 1, most, most + 1, (least + most) // 2}
    actions = [Action("cc", seat), Action("f", seat), Action("pb", seat)]
    actions += [Action("cbr", seat, amount=a) for a in sorted(amounts) if a >= 0]
    other = (seat + 1) % hand.n
    actions.append(Action("cc", other))           # out of turn: the model must refuse it too
    return actions


def compare_decision(hand: Hand, report: LinkReport, where: str) -> None:
    """Check a betting decision: the round's state is one the proofs reason about, and the hand's face of the round
    allows what the round's ``legal`` allows."""
    rules, state = round_rules(hand), round_state(hand)
    report.decisions += 1
    if not rm.well_formed(PY, rules, state):      # properties 6 and 7 prove things of these states only
        report.add(f"{where}: the engine is in a state outside the round's invariant (properties 6, 7): "
                   f"{_comparable(state)}")
    listed = {(a.kind, a.seat) for a in betting.legal(hand, hand.current) if a.kind != "cbr"}
    for action in candidates(hand):
        kind = betting.KIND_OF[action.kind]
        amount = action.amount or 0
        engine_ok = betting.refusal(hand, hand.current, action) is None
        model_ok = bool(rm.legal(PY, rules, state, action.seat, kind, amount))
        report.actions_compared += 1
        if engine_ok != model_ok:
            report.add(f"{where}: {action}: the engine says {'legal' if engine_ok else 'illegal'}, the model "
                       f"{'legal' if model_ok else 'illegal'}")
            continue
        if action.kind != "cbr" and engine_ok != ((action.kind, action.seat) in listed):
            report.add(f"{where}: {action}: refused or allowed, yet listed otherwise by legal_actions()")


def seats_of(hand: Hand) -> rm.Seats:
    """Return what the opener rules read from a hand that is about to start (or has started) a round."""
    first = hand.first_bettors[0] if hand.first_bettors else None
    return rm.Seats(first_round_bettor=rm.NOBODY if first is None else first)


def compare_start(hand: Hand, report: LinkReport, where: str, chips: list[int], pot: int) -> None:
    """Compare the model's start of the round the hand has just begun with the engine's (the opener above all).

    ``chips`` and ``pot`` are the stacks and the pot before the round: before the antes and forced bets in
    the first round (the model posts them), as they are in later rounds.
    """
    from lowball.engine import openers

    rnd = hand.current
    rules = round_rules(hand)
    shows = open_pair_shows(hand)
    if rules != rm.Rules.of(hand.table, rnd.street, hand.n, open_pair=shows):
        report.add(f"{where}: round {rnd.number + 1} starts {'with' if rules.open_pair else 'without'} the open-pair "
                   f"option (Q4), though a pair {'shows' if shows else 'does not show'}")
    seats = seats_of(hand)
    if rm.chosen_by_cards(rules.opener):
        chosen = openers.chosen_seat(hand, rules.opener)
        if hand.folded[chosen]:
            report.add(f"{where}: the engine's {rules.opener} seat p{chosen + 1} has folded; the model "
                       f"assumes a player still in")
        seats.chosen = chosen
    report.rounds_started += 1
    if rules.first:
        posted = rm.forced(PY, rules, list(chips), carried=pot)
        model = rm.start(PY, rules, posted.bets, posted.stacks, list(hand.folded), posted.pot, seats,
                         count=posted.count, full_level=posted.full_level)
    else:
        model = rm.start(PY, rules, [0] * hand.n, list(chips), list(hand.folded), pot, seats)
    engine = round_state(hand)
    if _comparable(model) != _comparable(engine):
        diff = {k: (v, _comparable(engine)[k]) for k, v in _comparable(model).items() if _comparable(engine)[k] != v}
        report.add(f"{where}: round {rnd.number + 1} starts differently (model, engine): {diff}")
    if report.symbolic:
        compare_symbolic_start(hand, report, where, chips, pot, seats)


def compare_symbolic_start(hand: Hand, report: LinkReport, where: str, chips: list[int], pot: int,
                           seats: rm.Seats) -> None:
    """Check that the round the hand has just begun starts in one of the states the proofs start from.

    Properties 4, 6 and 7 prove their claims of every state ``betting_round.symbolic_start`` allows, under what it
    says is known of them: a start the engine reaches outside those would be a start no proof is about. The start's
    chips, pot, folds, seats and bet size are given to Z3 with what is known; it must find them possible, and the
    symbolic state must then be the engine's.
    """
    # The proofs start from the round's kind (``start_kind``: a later round's bet of any size, one rule for every
    # opener the cards choose): the round's own size and seats are given like its chips.
    rules, tag = round_rules(hand), "link"
    kind = rm.start_kind(rules)
    state, known = rm.symbolic_start(kind, tag, hand.table.min_stack)
    given = [z3.Int(f"{tag}_chips{i}") == chips[i] for i in range(hand.n)] + [z3.Int(f"{tag}_pot0") == pot]
    given.append(z3.Int(f"{tag}_first_bettor") == seats.first_round_bettor)
    if not rules.first:
        given += [z3.Bool(f"{tag}_out{i}") == hand.folded[i] for i in range(hand.n)]
    if rm.chosen_by_cards(rules.opener):
        given.append(z3.Int(f"{tag}_chosen") == seats.chosen)
    if not isinstance(kind.size, int):
        given.append(kind.size == rules.size)
    solver = z3.Solver()
    solver.add(*known, *given)
    if solver.check() != z3.sat:
        report.add(f"{where}: round {hand.current.number + 1} starts from stacks {chips} and pot {pot}, a start the "
                   f"proofs never start from (betting_round.symbolic_start)")
        return
    symbolic = state.evaluate(solver.model())
    ours, engine = _comparable(symbolic), _comparable(round_state(hand))
    if ours != engine:
        diff = {k: (v, engine[k]) for k, v in ours.items() if engine[k] != v}
        report.add(f"{where}: round {hand.current.number + 1}: the proofs' start from the same chips differs "
                   f"(proofs, engine): {diff}")
        return
    report.symbolic_starts += 1


def random_action(hand: Hand, rng: random.Random) -> Action:
    """Return a random legal action (a bet anywhere in its range; at a draw, a random discard)."""
    if hand.phase == BET:
        action = rng.choice(hand.legal_actions())
        span = hand.raise_range()
        if action.kind == "cbr" and span is not None and span[1] > span[0]:
            return action._replace(amount=rng.choice((span[0], span[1], rng.randint(*span))))
        return action
    from lowball.engine import drawing

    held = hand.hands[hand.to_act]
    for _ in range(50):
        discard = Action("sd", hand.to_act, cards=tuple(card for card in held if rng.random() < 0.5))
        if drawing.refusal(hand, hand.current, discard) is None:
            return discard
    return hand.legal_actions()[0]


def check_engine_link(table: GameTable, hands: int = 40, seed: int = 0, policy: Policy | None = None,
                      stacks: Callable[[random.Random, int], list[int]] | None = None,
                      symbolic: bool = False) -> LinkReport:
    """Play ``hands`` random hands of ``table`` and compare the models with the engine at every step.

    >>> from lowball.core.games import load_game_table
    >>> report = check_engine_link(load_game_table(), hands=3)
    >>> report.agrees, report.mismatches
    (True, [])
    """
    policy = policy or random_action
    rng = random.Random(seed)
    report = LinkReport(table=table.name, symbolic=symbolic)
    for number in range(hands):
        players = rng.choice(table.player_counts)     # V11, O4: forced bets seat by seat seat that many
        chips = stacks(rng, players) if stacks else default_stacks(table, rng, players)
        hand = Hand(chips, table=table, seed=rng.randrange(2**32), narrate=False)
        report.hands += 1
        before_deal = (list(chips), 0)      # what the first round's forced bets are posted from
        seen_round = None
        hand.advance()
        while hand.phase != OVER:
            if hand.phase == BET:
                where = (f"{table.name}, hand {number + 1} ({players} players, stacks {chips}), after "
                         f"{'; '.join(map(str, hand.actions)) or 'no action'}")
                key = (hand.redeals, hand.current.number)
                if key != seen_round:
                    seen_round = key
                    if hand.current.number == 0:
                        compare_start(hand, report, where, *before_deal)
                    else:
                        compare_start(hand, report, where, list(hand.stacks), hand.pot)
                compare_decision(hand, report, where)
            action = policy(hand, rng)
            if hand.phase == BET:
                after = Draft(hand.state)           # the round's own step, as the reducer takes it
                after.current = betting.apply(after, after.current, action)
                if betting.over(after, after.current):
                    after.current = betting.finish(after, after.current)
                    before_deal = (list(after.stacks), after.pot)    # a redeal antes again from here (K4)
            hand.apply(action)
            hand.advance()
        check_settlement(hand, report)
    return report


def check_settlement(hand: Hand, report: LinkReport) -> None:
    """Check a finished hand against what property 6 assumes and proves: at a showdown, the highest total is a
    contender's; and the hand neither created nor lost a chip."""
    if hand.result is None:
        return
    if hand.result.showdown:
        report.showdowns += 1
        live, _ = hand.pot_chips()
        contenders = list(hand.contenders)
        if max(live) > max(live[seat] for seat in contenders):
            report.add(f"{hand.table.name}: a folded player put in more than anyone still in ({live}, in: "
                       f"{contenders}): the pots proof assumes the highest total is a contender's (property 6)")
    paid = sum(hand.result.finishing_stacks) - sum(hand.result.starting_stacks)
    if paid != 0:
        report.add(f"{hand.table.name}: the hand created or lost {paid} chips: {hand.result}")


def default_stacks(table: GameTable, rng: random.Random, players: int) -> list[int]:
    """Return stacks for a random hand: the table's minimum, or small and mixed stacks that go all in.

    The sizes are the largest bet, or the ante and the bring-in where they come to more (N6: London lowball's
    ante is two thirds of its bet), so that some stacks play past the forced bets."""
    small = max(1, table.min_stack)
    size = max(max(table.bet_sizes), table.ante + table.bring_in)
    choices = [small, small + rng.randint(0, 3 * size), small + 20 * size, small + rng.randint(0, 200 * size)]
    return [rng.choice(choices) for _ in range(players)]
