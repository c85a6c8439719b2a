"""The names a game table may give a behaviour (an opener rule, the odd-chip rule, ...), and nothing else.

A behaviour that is code (who opens a betting round, where an odd chip goes,
what happens when the deck runs out) is chosen in a table by one of these
names. The loader accepts only these names; the engine implements each one in
one small function (``match`` with ``assert_never``, so a new name cannot fall
through), and ``lowball verify`` models each one or lists it as not yet proved.
Each member's comment gives the clause it comes from.
"""

from __future__ import annotations

from enum import StrEnum


class Structure(StrEnum):
    """How much a bet or raise may be (T3, K5, G4, G5)."""

    FIXED_LIMIT = "fixed-limit"      # T3, K5: every bet and raise is the round's fixed size
    POT_LIMIT = "pot-limit"          # G5: at most the pot after calling
    NO_LIMIT = "no-limit"            # G4: at least the big blind (or the last raise), at most all in


class StreetKind(StrEnum):
    """What a street of a game does (T6, B1, D1, L3)."""

    DEAL = "deal"                    # T6, L3: cards face down and face up, after any burn
    BET = "bet"                      # B1, K5, L5: a betting round
    DRAW = "draw"                    # D1, K8: each active player discards and is served as many


class Serve(StrEnum):
    """When a draw's replacements are dealt (D1, K8, P3)."""

    IN_TURN = "in-turn"                        # D1, K8: each player is served right after discarding
    AFTER_ALL_DISCARDS = "after-all-discards"  # P3: everyone discards, one burn, then replacements in seat order


class WrongCount(StrEnum):
    """What a draw does with a serving of more or fewer cards than were discarded (D1, F9)."""

    REFUSED = "refused"          # D1: a player receives as many cards as they discard; anything else is refused
    DEAD_HAND = "dead-hand"      # F9: a hand of more or fewer than five cards after the draw is dead


class Opener(StrEnum):
    """Who acts first in a betting round (B1, B2, K3, K4, F4, F5, L4, L6, R3)."""

    DEALER_LEFT = "dealer-left"                  # B1, K3 after the draw, K4, F5 after the draw
    LEFT_OF_BIG_BLIND = "left-of-big-blind"      # K3 before the draw (heads-up: the dealer)
    LEFT_OF_LAST_POST = "left-of-last-post"      # F4: left of the last player who posted
    FIRST_ROUND_OPENER = "first-round-opener"    # B2: whoever made the first bet of the first round
    BRING_IN = "bring-in"                        # L4, R2: the player who must bring it in
    HIGHEST_BOARD = "highest-board"              # L6: the best high hand showing
    LOWEST_BOARD = "lowest-board"                # R3, N4: the lowest board showing, the ace low (razz, London)
    LOWEST_BOARD_ACE_HIGH = "lowest-board-ace-high"   # Y4: the lowest board read with the ace high (2-7 razz):
                                                 # a K-Q board is lower than A-2


class OpenPair(StrEnum):
    """What an open pair showing on a betting street allows (Q4, L5)."""

    OFF = "off"                          # L5 (stud high-low), Q4 (rooms that drop it), pokerkit: the street's own bet
    BIG_BET_OPTION = "big-bet-option"    # Q4 (RRP): when a player still in shows a pair face up, any player may bet
                                         # or raise the big bet instead; once the big bet is bet, every later bet
                                         # and raise of the round is the big bet


class BringIn(StrEnum):
    """Who brings it in on third street (L4, R2)."""

    LOWEST_UPCARD = "lowest-upcard"              # L4: ace high; ties by suit, clubs lowest
    HIGHEST_UPCARD = "highest-upcard"            # R2, N3: ace low (the K♠ highest); ties by suit, spades highest
    HIGHEST_UPCARD_ACE_HIGH = "highest-upcard-ace-high"   # Y3 (BARGE): aces high, the A♠ highest, then A♥, ...


class AnteBy(StrEnum):
    """Who posts the ante (T2, K4, L4, V1, V8, V11)."""

    EVERY_PLAYER = "every-player"    # T2, K4, L4, V1, V9: each player antes
    BIG_BLIND = "big-blind"          # V1, V2, V3, V5, V7: the big blind antes for the whole table (the BB ante)
    BUTTON = "button"                # V1, V8 (PHH, pokerkit): the dealer alone antes for the whole table
    BY_SEAT = "by-seat"              # V11: each seat's own ante, as a PHH history lists them (forced.seat_antes)


class PostingOrder(StrEnum):
    """What a player too short for both a blind and an ante posts first (V4, P7)."""

    BLIND_FIRST = "blind-first"      # V4: WSOP (2019), BARGE, the TDA (2024): the live blind, then the dead ante
    ANTE_FIRST = "ante-first"        # V4, P7: pokerkit (blind = min(blind, stack - ante)); the TDA in 2019


class CapCounts(StrEnum):
    """What counts toward the raise cap (G1, P1)."""

    BETS = "bets"            # G1: the bet (a full big blind, a completion) and the raises; the bring-in never
    ACTIONS = "actions"      # P1: only bets, completions and raises made by players; blinds never


class HeadsUpCap(StrEnum):
    """Whether the cap is lifted when two players remain (G2)."""

    KEPT = "kept"                                        # T4, G2 WSOP tournaments, P1
    LIFTED = "lifted"                                    # G2 RRP: once heads-up before the cap is reached
    LIFTED_IF_STARTED_HEADS_UP = "lifted-if-started-heads-up"   # G2 WSOP live games


class ShortAllIn(StrEnum):
    """What an all-in raise of less than a full raise does (G3, G4, P2)."""

    HALF_BET_REOPENS = "half-bet-reopens"    # G3 (limit): half a bet or more counts as a full raise; less may be completed
    FULL_RAISE_ONLY = "full-raise-only"      # P2: only a full raise reopens the betting; no completion
    ALL_INS_ADD_UP = "all-ins-add-up"        # G4 (no-limit): short all-ins reopen once together a full raise


class OddChip(StrEnum):
    """Who gets the odd chip of a split pot (S2, L7, P5)."""

    FIRST_WINNER_LEFT_OF_DEALER = "first-winner-left-of-dealer"   # S2: odd chips one each, from the dealer's left
    LOWEST_SEAT = "lowest-seat"                                   # P5: every odd chip to the lowest seat index
    HIGH_CARD_BY_SUIT = "high-card-by-suit"                       # L7: RRP and WSOP in stud (the ace high)
    HIGH_CARD_BY_SUIT_AS_RANKED = "high-card-by-suit-as-ranked"   # N9 BARGE, Y5: the highest of all a winner's
                                                                  # cards by suit, the ace where the ranking counts
                                                                  # it (A-6: the king highest, the ace lowest)
    HIGH_CARD_PLAYED_BY_SUIT = "high-card-played-by-suit"         # N9 WSOP-T 73: the high card by suit among the
                                                                  # five cards played, the ace as ranked
    LOW_CARD_BY_SUIT = "low-card-by-suit"                         # N9 RRP: the lowest card by suit of all seven
                                                                  # (clubs lowest), the ace as ranked
    HOUSE_KEEPS = "house-keeps"                                   # some card rooms; breaks S3 (verify refutes it)

    @property
    def by_card(self) -> bool:
        """Return whether the rule gives odd chips by the winners' cards (L7, N9), not by their seats."""
        return self in (OddChip.HIGH_CARD_BY_SUIT, OddChip.HIGH_CARD_BY_SUIT_AS_RANKED,
                        OddChip.HIGH_CARD_PLAYED_BY_SUIT, OddChip.LOW_CARD_BY_SUIT)


class Pots(StrEnum):
    """How the pots are formed at the showdown (G6, and pokerkit's practice)."""

    EACH_APART = "each-apart"                    # G6: every main and side pot is awarded and split on its own
    LOSERS_MUCKED_FIRST = "losers-mucked-first"  # pokerkit: hands that can win nothing are mucked first, then the
                                                 # pots are formed again among the rest (equal pots merge)


class RunsOut(StrEnum):
    """What happens when the deck cannot serve every card a street needs (D1, K9, L8, P3, P4)."""

    NEVER = "never"                                  # D1: the table promises it cannot happen; verify proves it
    RESHUFFLE_EARLIER = "reshuffle-earlier"          # K9: earlier discards, folded cards and burns, not this draw's
    RESHUFFLE_ALL = "reshuffle-all"                  # P3: every discard, burn and folded card, this draw's too
    COMMUNITY_CARD = "community-card"                # L8: burns added; if still short, one card face up for all
    COMMUNITY_CARD_REUSE_FOLDED = "community-card-reuse-folded"   # P4: burns and folded cards first, then L8


class NobodyOpens(StrEnum):
    """What happens when the first betting round is checked through (B2, K4)."""

    PLAY_ON = "play-on"      # B2: the draw follows; the first active player on the dealer's left opens later
    REDEAL = "redeal"        # K4 (seed 001): the cards are redealt and everyone antes again; the pot grows


class Joker(StrEnum):
    """What the joker of a 53-card deck counts as (F2, F8)."""

    LOWEST_MISSING = "lowest-missing"        # F8: the lowest rank not already in the hand


class Plays(StrEnum):
    """Which of a hand's cards play in a ranking system (H2, U1)."""

    FIVE_CARDS = "five-cards"                            # H2: a poker hand is five cards, and all five play
    DISTINCT_RANKS_AND_SUITS = "distinct-ranks-and-suits"   # U1 (badugi): the largest set with no two of one rank
                                                         # and no two of one suit; among those, the lowest


class SevensRule(StrEnum):
    """The California sevens rule (F7)."""

    OFF = "off"                      # no sevens rule: a checked seven plays like any hand (RRP, WSOP)
    SEED_004 = "seed-004"            # F7 seed 004: a checked seven or better that loses forfeits further action;
                                     # if it wins, the bettor takes the bet back
    RRP = "rrp"                      # F7 RRP: a checked best seven wins only the pot before the draw
    WHOLE_POT = "whole-pot"          # F7 some clubs: a checked seven or better forfeits the whole pot


BEHAVIOURS: dict[str, type[StrEnum]] = {
    "structure": Structure, "street kind": StreetKind, "serve": Serve, "wrong count": WrongCount, "opener": Opener, "open pair": OpenPair, "bring-in": BringIn,
    "ante by": AnteBy, "posting order": PostingOrder, "cap counts": CapCounts, "heads-up cap": HeadsUpCap, "short all-in": ShortAllIn, "odd chip": OddChip,
    "deck runs out": RunsOut, "pots": Pots, "nobody opens": NobodyOpens, "joker": Joker, "sevens rule": SevensRule,
}
