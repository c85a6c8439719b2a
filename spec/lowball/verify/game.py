"""Properties 4-7 of a game table, proved on Z3 models built from the table's values.

4. The stack guarantee (T4, T5): no player can put more than the minimum stack
   into one hand, so nobody is ever all-in and no side pot arises; the most a
   player can put in is reached by a legal sequence.
5. The card bound (T1, D1): dealing and every possible draw never need more
   cards than the deck holds, for every player count the table allows.
6. Chips are conserved (S2, S3): an action only moves the actor's chips into
   the pot, and every split pays out exactly the pot, the odd chips to named
   players.
7. Every betting round ends within a bounded number of actions, and the player
   asked to open a round is always still in the hand (B1, B2, S1).
"""

from __future__ import annotations

import z3

from lowball.core.games import GameTable
from lowball.verify.betting import BettingRound, round_length
from lowball.verify.checks import Check, timed
from lowball.verify.proof import find, maximize, prove

HEADS_UP = 2


def player_counts(table: GameTable) -> range:
    """Return every number of players the table allows (T1)."""
    return range(table.players_min, table.players_max + 1)


def _inductive(round_: BettingRound) -> bool:
    """Prove the round's invariant holds at the start and is kept by every legal action."""
    return (prove(round_.invariant(0), *round_.start()).proved
            and prove(round_.invariant(1), round_.invariant(0), *round_.transitions()).proved)


def _most_in_one_round(table: GameTable, size: int, index: int) -> tuple[int | None, list[str]]:
    """Return the most one player can put into a round heads-up, and the actions that do it.

    With unlimited raising there is no most: return None and a run that already
    exceeds the minimum stack.
    """
    cap = table.bets_per_round
    if cap is None:
        steps = table.min_stack // size + 3
        round_ = BettingRound(table, HEADS_UP, size, steps, f"u{index}")
        model = round_.canonical(round_.invested(0) > table.min_stack)
        return None, round_.story(model) if model is not None else []
    round_ = BettingRound(table, HEADS_UP, size, round_length(table, HEADS_UP), f"w{index}")
    most, _ = maximize(round_.invested(0), *round_.constraints())
    return most, round_.story(round_.canonical(round_.invested(0) == most))


def check_stack_guarantee(table: GameTable) -> Check:
    """Property 4: a player's total investment in one hand never exceeds the minimum stack (T4, T5)."""
    check = Check(4, f"no all-in: at most the {table.min_stack}-chip minimum stack is ever at risk",
                  ("T2", "T3", "T4", "T5"))
    with timed(check):
        most: list[int] = []
        stories: list[list[str]] = []
        for index, size in enumerate(table.bet_sizes):
            best, story = _most_in_one_round(table, size, index)
            if best is None:
                check.fail(f"with unlimited raises a player can put in more than {table.min_stack} chips in one "
                           f"round ({', '.join(story)}): any stack can be all-in, so side pots would be needed")
                return check
            for players in player_counts(table):
                round_ = BettingRound(table, players, size, 1, f"i{index}_{players}")
                capped = prove(z3.And([round_.var["put"][0][i] <= best for i in range(players)]), round_.invariant(0))
                if not (_inductive(round_) and capped.proved):
                    check.fail(f"round {index + 1} with {players} players: the betting invariant does not hold")
                    return check
            most.append(best)
            stories.append(story)
            check.record(f"round {index + 1}: every legal action keeps each player's total at most {best} "
                         f"(inductive invariant, {table.players_min}-{table.players_max} players); "
                         f"reached by: {', '.join(story)}")
        total = table.ante + sum(most)
        formula = " + ".join([str(table.ante)] + [f"{m // s} x {s}" for m, s in zip(most, table.bet_sizes)])
        if total > table.min_stack:
            raises = table.raises_per_round
            check.fail(f"with {raises} raise{'s' if raises != 1 else ''} per round a player can put in {formula} = "
                       f"{total} chips ({'; then '.join(', '.join(s) for s in stories)}): a stack of "
                       f"{table.min_stack} can be all-in; the minimum safe stack is {total}")
            return check
        check.figures["max_investment"] = total
        check.record(f"the most one player can put into a hand is {formula} = {total} <= minimum stack "
                     f"{table.min_stack}: nobody is ever all-in and no side pot arises")
    return check


def check_card_bound(table: GameTable) -> Check:
    """Property 5: the deal and every possible draw fit in the deck, for every allowed player count (T1, D1)."""
    check = Check(5, f"the {table.deck}-card deck never runs out", ("T1", "T6", "D1"))
    with timed(check):
        for players in player_counts(table):
            legal: list[z3.BoolRef] = []
            needed: list[z3.ArithRef] = []
            for k, street in enumerate(table.streets):
                needed.append(z3.IntVal(street.burn))
                if street.kind.value == "deal":
                    needed.append(z3.IntVal(players * street.cards))
                elif street.kind.value == "draw":
                    row = [z3.Int(f"d{k}_{i}") for i in range(players)]
                    legal += [z3.And(street.min_discard <= d, d <= street.max_discard) for d in row]
                    needed += row
            total = z3.Sum(needed)
            outcome = prove(total <= table.deck, *legal)
            if not outcome.proved:
                most, _ = maximize(total, *legal)
                check.fail(f"with {players} players a full draw needs {most} cards but the deck has {table.deck}: "
                           f"the table would need a reshuffle rule")
                return check
            most, _ = maximize(total, *legal)
            if players == table.players_max:
                check.figures["max_cards"] = most
                check.record(f"with {players} players the deal and the draw need at most {most} of {table.deck} "
                             f"cards; fewer players need fewer")
    return check


def _shares(pot: z3.ArithRef, winners: int, rule: str) -> list[z3.ArithRef]:
    """Return each winner's share of ``pot``, winners listed from the dealer's left, by the table's rule (S2)."""
    base = pot / winners
    if rule == "house-keeps":
        return [base] * winners
    if rule == "lowest-seat":
        return [base + z3.If(j == 0, pot % winners, 0) for j in range(winners)]
    return [base + z3.If(j < pot % winners, 1, 0) for j in range(winners)]


def check_chips(table: GameTable) -> Check:
    """Property 6: actions move chips only from the actor to the pot; splits pay out the whole pot (S2, S3)."""
    check = Check(6, "chips are conserved by every action and by settlement", ("S1", "S2", "S3"))
    with timed(check):
        players = table.players_max
        for size in table.bet_sizes:
            round_ = BettingRound(table, players, size, 1, f"c{size}")
            v = round_.var
            moved = z3.And([z3.Or(v["actor"][0] == i, v["put"][1][i] == v["put"][0][i]) for i in range(players)]
                           + [v["put"][1][i] >= v["put"][0][i] for i in range(players)])
            if not prove(moved, round_.invariant(0), *round_.transitions()).proved:
                check.fail("a betting action moves chips other than the actor's into the pot")
                return check
        check.record("every betting action moves chips only from the actor's stack into the pot")
        pot = z3.Int("pot")
        for winners in range(2, players + 1):
            shares = _shares(pot, winners, table.odd_chip)
            outcome = prove(z3.Sum(shares) == pot, pot >= winners * max(table.ante, 1))
            if not outcome.proved:
                value = outcome.model.eval(pot, model_completion=True).as_long()
                paid = sum(value // winners + (0 if table.odd_chip == "house-keeps" else int(j < value % winners))
                           for j in range(winners))
                check.fail(f"a pot of {value} split {winners} ways pays out {paid}: {value - paid} chip(s) go to "
                           f"nobody under the odd-chip rule '{table.odd_chip}' (S2, S3)")
                return check
            fair = z3.And([z3.Or(s == pot / winners, s == pot / winners + 1) for s in shares])
            first = z3.And([shares[j] >= shares[j + 1] for j in range(winners - 1)])
            if not prove(z3.And(fair, first), pot >= 0).proved:
                check.fail(f"a split among {winners} winners does not give the odd chips to the first winners on "
                           f"the dealer's left (S2)")
                return check
        check.record(f"every split among 2-{players} winners pays out exactly the pot; each odd chip goes to "
                     f"one named winner, the first on the dealer's left (S2)")
    return check


def _first_active(folded: list[z3.BoolRef], start: int) -> z3.ArithRef:
    """Return the first seat at or clockwise after ``start`` that has not folded."""
    n = len(folded)
    seat: z3.ArithRef = z3.IntVal(-1)
    for step in reversed(range(n)):
        j = (start + step) % n
        seat = z3.If(z3.Not(folded[j]), j, seat)
    return seat


def final_round_opener(table: GameTable, opener: z3.ArithRef, folded: list[z3.BoolRef]) -> z3.ArithRef:
    """Return who opens a later betting round by the table's rule (B2), as a Z3 term."""
    if table.bet_streets[-1].opener.value == "dealer-left":
        return _first_active(folded, 0)
    n = len(folded)
    next_after = z3.IntVal(-1)
    for seat in reversed(range(n)):
        next_after = z3.If(opener == seat, _first_active(folded, (seat + 1) % n), next_after)
    opener_folded = z3.Or([z3.And(opener == i, folded[i]) for i in range(n)])
    return z3.If(opener == -1, _first_active(folded, 0), z3.If(opener_folded, next_after, opener))


def check_rounds(table: GameTable) -> Check:
    """Property 7: every round ends within a bounded number of actions; openers are active (B1, B2, S1)."""
    check = Check(7, "every betting round ends, and its opener is still in the hand", ("B1", "B2", "S1"))
    with timed(check):
        if table.bets_per_round is None:
            steps = 4 * table.players_max
            round_ = BettingRound(table, HEADS_UP, table.bet_sizes[0], steps, "open")
            model = round_.canonical(z3.Not(round_.done(steps)))
            story = round_.story(model) if model is not None else []
            check.fail(f"with unlimited raises two players can keep raising: after {steps} actions the round is "
                       f"still open ({', '.join(story[:6])}, ...)")
            return check
        for players in player_counts(table):
            round_ = BettingRound(table, players, table.bet_sizes[0], 1, f"m{players}")
            ends = z3.Implies(z3.Not(round_.done(0)),
                              z3.And(round_.measure(1) < round_.measure(0), round_.measure(1) >= 0))
            if not (_inductive(round_) and prove(ends, round_.invariant(0), *round_.transitions()).proved):
                check.fail(f"with {players} players a betting round need not end")
                return check
        bound = (table.bets_per_round + 1) * table.players_max
        check.figures["round_bound"] = bound
        check.record(f"every action lowers (bets left) x players + players to act, so a round of "
                     f"{table.players_max} players ends within {bound} actions (S1)")
        check.record("the first round is opened by the player on the dealer's left, who cannot have folded (B1)")
        for players in player_counts(table):
            folded = [z3.Bool(f"f{players}_{i}") for i in range(players)]
            opener = z3.Int(f"o{players}")
            chosen = final_round_opener(table, opener, folded)
            still_in = z3.Sum([z3.If(f, 0, 1) for f in folded]) >= 2
            claim = z3.And([z3.Implies(chosen == i, z3.Not(folded[i])) for i in range(players)]
                           + [z3.And(0 <= chosen, chosen < players)])
            if not prove(claim, still_in, -1 <= opener, opener < players).proved:
                check.fail(f"with {players} players the final round can be opened by a player who folded (B2)")
                return check
        check.record("whoever opened the first round, whoever folded since, the final round's opener is "
                     "an active player (B2)")
    return check
