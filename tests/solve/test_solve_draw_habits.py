"""How the triple-draw equilibrium plays its draws over real deals (``lowball.play.draw_habits``, notebook 13).

The deals are played with real cards by code that shares nothing with the solver's sweeps; each check compares it
with something it did not compute: the answer ``DrawsEquilibrium.advise`` gives for the same cards and line, the
cards a deck can hold, the frequencies of the abstract game walked exactly (ranges down the rounds through the draw
matrices, as the solver sees them), and figures worked by hand on decisions made up for the purpose.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from lowball.core.cards import DECK
from lowball.errors import ArgumentError
from lowball.ranking.fast import DECK_INDEX, hand_index, hand_indices
from lowball.ranking.value import hand_cards
from lowball.play.draw_habits import KINDS, Visits, habits, play
from lowball.solve.full import down_round, ways_on
from lowball.solve.policy import DRAW, PAT
from lowball.solve.policy_draws import DrawsEquilibrium

from tests.support.solving import triple_equilibrium

TABLE = "deuce-to-seven-triple-draw-phh"


@pytest.fixture(scope="module")
def equilibrium() -> DrawsEquilibrium:
    return triple_equilibrium()


@pytest.fixture(scope="module")
def visits(equilibrium) -> Visits:
    return play(equilibrium, 400, seed=3)


def text(row) -> str:
    return " ".join(str(DECK[i]) for i in row)


def test_hand_indices_number_hands_as_hand_index_does():
    rng = np.random.default_rng(0)
    rows = np.sort(rng.random((3000, len(DECK))).argsort(axis=1)[:, :5], axis=1)
    rows = np.vstack([rows, [[0, 1, 2, 3, 4], [47, 48, 49, 50, 51]]])
    assert hand_indices(rows).tolist() == [hand_index(text(row)) for row in rows]


def test_each_draw_decision_is_the_equilibriums_answer_for_those_cards_and_that_line(equilibrium, visits):
    rng = np.random.default_rng(1)
    for n in rng.choice(len(visits.draw), 40, replace=False):
        cards, line = text(visits.cards[n]), visits.lines[n]
        advice = equilibrium.advise(cards, line=line)
        assert advice.stage == visits.draw[n], (cards, line)
        for throw in advice.throws:
            assert math.isclose(throw.probability, visits.rows[n, throw.count], abs_tol=1e-12), (cards, line, throw)
        allowed = {throw.count for throw in advice.throws}
        assert not visits.rows[n, [c for c in range(visits.rows.shape[1]) if c not in allowed]].any()
        assert visits.seat[n] == 0 or line[-1] == PAT or line[-1].startswith(DRAW), "seat 1 draws after seat 0"


def test_the_cards_kept_stay_and_no_card_is_dealt_twice(equilibrium, visits):
    seen: dict[int, set[int]] = {}
    last: dict[tuple[int, int], int] = {}
    for n in range(len(visits.draw)):
        deal, seat, cards = int(visits.deal[n]), int(visits.seat[n]), set(visits.cards[n].tolist())
        earlier = last.get((deal, seat))
        if earlier is None:
            assert visits.draw[n] == 0, "a seat's first draw decision is at the first draw"
            assert not cards & seen.get(deal, set()), f"deal {deal}: the two seats share a dealt card"
        else:
            before = visits.cards[earlier]
            thrown = {DECK_INDEX[card] for card in equilibrium.lookup.throw(
                text(before), int(visits.draw[earlier]), int(visits.drawn[earlier]))}
            assert len(thrown) == visits.drawn[earlier]
            kept = set(before.tolist()) - thrown
            assert kept <= cards, f"deal {deal}, seat {seat}: a kept card is gone"
            assert not (cards - kept) & seen[deal], f"deal {deal}: a card drawn was already dealt or thrown"
        seen.setdefault(deal, set()).update(cards)
        last[deal, seat] = n


def abstract_frequencies(eq: DrawsEquilibrium) -> list[tuple[float, np.ndarray]]:
    """Return, per draw, the chance a deal reaches it and the chance of each count thrown there, both seats
    pooled: the abstract game walked exactly, each seat's range times the other's reach at every draw spot."""
    game, kernels = eq.game, eq.kernels
    start = [kernels.weights[None, :], kernels.weights[None, :]]
    result = []
    for r in range(eq.last):
        rnd = game.rounds[r]
        at = down_round(rnd, start, {i: eq.strategy[r][i] for i in rnd.decisions})
        thrown, mass, reached = np.zeros(4), 0.0, 0.0
        for i in rnd.decisions:
            spot = rnd.spots[i]
            if not spot.actions[0].startswith(DRAW):
                continue
            mine, theirs = at[i][spot.player], at[i][1 - spot.player].sum(axis=1)
            for a, label in enumerate(spot.actions):
                chance = (mine * eq.strategy[r][i][:, :, a]).sum(axis=1)
                thrown[int(label[len(DRAW):])] += float((chance * theirs).sum())
            here = float((mine.sum(axis=1) * theirs).sum())
            mass += here
            reached += here if spot.player == 0 else 0.0
        result.append((reached, thrown / mass))
        start = ways_on(np, rnd, at, kernels.moves[r], game.buckets[r + 1])
    return result


def test_real_deals_draw_as_often_as_the_abstract_game_says(equilibrium):
    """Real cards differ from the abstract game only by the two hands' shared deck and the mix of hands in a
    bucket; 20,000 deals put the sampling error near 0.003."""
    found = habits(equilibrium, play(equilibrium, 20_000, seed=5))
    for draw, (reached, counts) in zip(found, abstract_frequencies(equilibrium)):
        assert abs(draw.reached - reached) < 0.015, (draw.draw, draw.reached, reached)
        for count, share in draw.counts.items():
            assert abs(share - counts[count]) < 0.015, (draw.draw, count, share, counts[count])
        assert not counts[[c for c in range(4) if c not in draw.counts]].any()


def made_up(hands: list[str], rows: list[list[float]], draw: int = 0) -> Visits:
    """Return decisions made up at one draw: these hands, these rows (seat 0, one deal each)."""
    n = len(hands)
    held = np.array([sorted(DECK_INDEX[card] for card in hand_cards(hand)) for hand in hands])
    return Visits(deals=n, deal=np.arange(n), draw=np.full(n, draw), seat=np.zeros(n, dtype=int), cards=held,
                  rows=np.array(rows, dtype=float), drawn=np.zeros(n, dtype=int), lines=((),) * n)


def test_the_habits_of_decisions_made_up_are_the_figures_worked_by_hand(equilibrium):
    hands = ["7c 5d 4h 3s 2c",        # seven or better: the book stands pat
             "9c 6d 4h 3s 2c",        # a smooth nine: the book draws one (it is no eight)
             "9c 8d 4h 3s 2c",        # a rough nine: the book keeps 4-3-2, draws two
             "Kc Kd 9h 8s 2c"]        # not made: the book keeps the deuce, draws four; the solution throws three
    rows = [[1.0, 0.0, 0.0, 0.0], [0.5, 0.5, 0.0, 0.0], [0.25, 0.75, 0.0, 0.0], [0.5, 0.0, 0.0, 0.5]]
    first, *_ = habits(equilibrium, made_up(hands, rows))
    assert first.draw == 1 and first.decisions == 4 and first.reached == 1.0
    assert first.counts == {0: (1 + 0.5 + 0.25 + 0.5) / 4, 1: (0.5 + 0.75) / 4, 2: 0.0, 3: 0.5 / 4}
    assert first.pat == pytest.approx(2.25 / 4)
    assert first.breaking == 0.0                                   # the only made eight or better stood pat
    assert first.snow == pytest.approx(0.5 / 4)                    # the kings stood pat half the time
    assert first.kinds["seven or better"].pat == 1.0 and first.kinds["nine, smooth"].pat == 0.5
    assert first.kinds["nine, rough"].pat == 0.25 and first.kinds["not made"].pat == 0.5
    assert math.isnan(first.kinds["eight"].pat) and first.kinds["eight"].decisions == 0
    assert sum(kind.share for kind in first.kinds.values()) == pytest.approx(1.0) and len(first.kinds) == len(KINDS)
    assert first.book == pytest.approx((1.0 + 0.5 + 0.0 + 0.5) / 4)    # the book's four thrown is three here
    assert first.versus == {0: {0: 0.25, 1: 0.0, 2: 0.0, 3: 0.0}, 1: {0: 0.125, 1: 0.125, 2: 0.0, 3: 0.0},
                            2: {0: 0.0625, 1: 0.1875, 2: 0.0, 3: 0.0}, 3: {0: 0.125, 1: 0.0, 2: 0.0, 3: 0.125}}


def test_a_play_of_no_deals_is_refused(equilibrium):
    with pytest.raises(ArgumentError, match="deals"):
        play(equilibrium, 0)
