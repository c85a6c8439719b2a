"""Hypothesis: the rankings are total, consistent and blind to card order and suit names (H2, H3, S2)."""

from hypothesis import example, given, strategies as st

from lowball import DECK, Card, compare, evaluate, parse_cards, winners
from lowball.ranking import as_system, class_count, is_flush, straight_top
from tests.support.independent_ranking import BEST_TO_WORST
from lowball.core.rankings import load_rankings

SYSTEMS = [row.key for row in load_rankings().systems]
systems = st.sampled_from(SYSTEMS)
hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True).map(tuple)


def dealt(count):
    """Return a strategy for ``count`` hands dealt from one deck: no card in two hands (T1), as ``compare`` wants."""
    return st.permutations(DECK).map(lambda deck: tuple(tuple(deck[5 * i:5 * i + 5]) for i in range(count)))


def text(cards):
    return " ".join(map(str, cards))


@given(hands, systems, st.randoms(use_true_random=False))
def test_card_order_does_not_matter(hand, system, rnd):
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert evaluate(hand, system) == evaluate(shuffled, system)
    assert evaluate(hand, system).name == evaluate(shuffled, system).name


@given(hands, systems, st.permutations("cdhs"))
def test_relabelling_suits_does_not_matter(hand, system, suits):
    """S2: suits have no rank, so renaming them changes nothing."""
    relabel = dict(zip("cdhs", suits))
    renamed = tuple(Card(c.rank, relabel[c.suit]) for c in hand)
    assert evaluate(hand, system) == evaluate(renamed, system)


@given(dealt(2), systems)
def test_compare_is_antisymmetric(pair, system):
    a, b = pair
    assert compare(a, b, system) == -compare(b, a, system)


@given(dealt(3), systems)
def test_compare_is_transitive(three, system):
    a, b, c = three
    ab, bc, ac = compare(a, b, system), compare(b, c, system), compare(a, c, system)
    if ab >= 0 and bc >= 0:
        assert ac >= 0
    if ab == 0 and bc == 0:
        assert ac == 0


@given(st.integers(1, 6).flatmap(dealt), systems)
def test_winners_agree_with_pairwise_compare(hand_list, system):
    won = winners(hand_list, system)
    assert won
    for i in range(len(hand_list)):
        beats_or_ties_all = all(compare(hand_list[i], other, system) >= 0 for other in hand_list
                                if other is not hand_list[i])
        assert (i in won) == beats_or_ties_all


@given(dealt(2))
@example((parse_cards("Kc Ad 2h 3s 4c"), parse_cards("Kd Qh Jc 9s 8d")))      # H4: K-A-2-3-4 wraps into no straight
@example((parse_cards("9c 9d 2h 2s Kc"), parse_cards("9h 9s 3h 3s 4c")))      # H3: the low pair before the kicker
@example((parse_cards("Ac Ad Kh Qs Jc"), parse_cards("2c 2d 3h 4s 5c")))      # H3: aces are the lowest pair
def test_a5_and_a6_agree_when_neither_hand_is_a_straight_or_flush(pair):
    """F1 vs H1: with straights and flushes out of the picture, A-5 and A-6 are the same ranking."""
    a, b = pair
    a6 = as_system("ace-to-six")
    if any(straight_top(h, a6) or is_flush(h, a6) for h in (a, b)):
        return
    assert compare(a, b, "ace-to-five") == compare(a, b, "ace-to-six")
    assert evaluate(a, "ace-to-five").category == evaluate(a, "ace-to-six").category


@given(hands, systems)
def test_rank_is_a_class_of_the_system(hand, system):
    """The rank lies between the ranks of the best and the worst hand of its category, written out from the
    clauses in ``test_independent_ranking`` (H2, K1, F1, L1): the categories are blocks of ranks in their order."""
    value = evaluate(hand, system)
    lists = BEST_TO_WORST[system]
    assert value.category in lists, f"{text(hand)}: {value.category} is no category of {system}"
    best, worst = (evaluate(lists[value.category][i], system).rank for i in (0, -1))
    assert best <= value.rank <= worst <= class_count(system), (
        f"{text(hand)} ({value.category}) has rank {value.rank} outside {best}..{worst} under {system}")
