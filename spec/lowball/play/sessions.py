"""Sessions of bot play: hands dealt one after another, stacks carried over, the summary counted (T5, T7)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from lowball.core.arguments import (
    ANYTHING, FLAG, PATH, SEED, TEXT, Kind, as_path, mapping_of, one_of, optional, sequence_of, takes, whole,
)
from lowball.core.files import describe_os_error, not_a_folder, path_text, write_atomically
from lowball.core.games import TABLE, GameTable, load_game_table
from lowball.core.progress import progress_bar
from lowball.engine.session import Session
from lowball.engine.state import MAX_STACK, OVER, Hand, default_stack
from lowball.errors import ArgumentError, LowballError
from lowball.play.bots import BOTS, HAND, RNG, Bot


# A session longer than this is surely a typing mistake; it would run for hours.
MAX_HANDS = 10_000_000
BOT_OF = mapping_of(TEXT, Kind("a bot", callable), "a dict from each player's name to a bot (BOTS)")


@takes(hand=HAND, bots=BOT_OF, rng=RNG)
def play_hand(hand: Hand, bots: dict[str, Bot], rng: random.Random) -> Hand:
    """Play a hand to the end, asking each seat's bot for its actions."""
    missing = [name for name in hand.names if name not in bots]
    if missing:
        raise ArgumentError(f"play_hand: bots: no bot for {', '.join(missing)}")
    hand.advance()
    while hand.phase != OVER:
        hand.apply(bots[hand.names[hand.to_act]](hand, rng))
        hand.advance()
    return hand


@dataclass
class Summary:
    """What a session of bot play produced, per player."""

    hands: int = 0
    won: dict[str, int] = field(default_factory=dict)
    chips: dict[str, int] = field(default_factory=dict)
    showdowns: dict[str, int] = field(default_factory=dict)
    rebuys: dict[str, int] = field(default_factory=dict)
    squares: dict[str, int] = field(default_factory=dict)     # the sum of each hand's result squared, per player

    def interval(self, name: str, z: float = 1.96) -> tuple[float, float]:
        """Return the 95% confidence interval (``z`` standard errors) of a player's mean result per hand.

        >>> summary = Summary(hands=4, chips={"Ann": 8}, squares={"Ann": 4 * 4})     # +2 in each of four hands
        >>> summary.interval("Ann")
        (2.0, 2.0)
        """
        n = self.hands
        mean = self.chips[name] / n
        variance = max(0.0, self.squares.get(name, 0) / n - mean * mean) * n / max(n - 1, 1)
        half = z * (variance / n) ** 0.5
        return mean - half, mean + half


def hand_files(folder: Path) -> "HandFiles":
    """Return where a session writes its hands: ``folder``, numbered after any hand files already there."""
    return HandFiles(folder)


class HandFiles:
    """Numbered hand-history files in a folder; never overwrites a file that is already there."""

    def __init__(self, folder: Path):
        if not str(folder):
            raise LowballError("--phh-dir needs a folder name")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            existing = [int(p.stem.split("-")[-1]) for p in folder.glob("hand-*.phh")
                        if p.stem.split("-")[-1].isascii() and p.stem.split("-")[-1].isdigit()]
        # The folder is named in part when long (path_text), so that the reason stays on the one line.
        except FileExistsError:         # something that is not a folder is there: a file, a link loop...
            raise LowballError(f"cannot write hands into {path_text(folder)}: it {not_a_folder(folder)}") from None
        except OSError as err:
            raise LowballError(f"cannot write hands into {path_text(folder)}: {describe_os_error(err)}") from None
        except ValueError as err:       # a NUL byte in the name
            raise LowballError(f"cannot write hands into {path_text(folder)}: {err}") from None
        self.folder = folder
        self.next = max(existing, default=0) + 1
        self.first = self.next                  # the number of the first file this session writes

    @property
    def written(self) -> int:
        """Return how many hand files this session has written so far."""
        # Ctrl-C can come after a file is closed and before it is counted: a complete file, so it counts too.
        try:
            uncounted = self.path(self.next).exists()
        except OSError:                 # the folder cannot be read any more: only what was counted
            uncounted = False
        return self.next - self.first + uncounted

    def path(self, number: int) -> Path:
        """Return the path of the hand file numbered ``number``."""
        return self.folder / f"hand-{number:05d}.phh"

    def where(self) -> str:
        """Return where this session's hands went, in words: the files' names and their folder."""
        written = self.written
        if not written:
            return f"none written to {path_text(self.folder)}"
        first, last = self.path(self.first).name, self.path(self.first + written - 1).name
        return f"{written:,} written to {path_text(self.folder)} ({first}{f' to {last}' if written > 1 else ''})"

    def write(self, text: str) -> Path:
        """Write one hand as the next numbered file, whole or not at all; refuse to replace a file that appeared
        meanwhile."""
        path = self.path(self.next)
        try:
            # No fsync a hand: a power cut may lose the last few files of a session, never leave half of one.
            write_atomically(path, text, replace=False, durable=False)
        except FileExistsError:
            raise LowballError(f"{path_text(path)} already exists; not overwriting it") from None
        except OSError as err:
            raise LowballError(f"cannot write {path.name}: {describe_os_error(err)}") from None
        self.next += 1
        return path


@takes(players=sequence_of(ANYTHING, "a list of the players' names", least=1),
       bot_names=sequence_of(one_of(*BOTS), f"a list of bot names ({', '.join(BOTS)})", least=1),
       hands=whole(1, MAX_HANDS), seed=SEED, stack=optional(whole(1, MAX_STACK)), phh_dir=optional(PATH), progress=FLAG,
       table=TABLE)
def play_session(players: Sequence[str], bot_names: Sequence[str], hands: int, seed: int = 0,
                 stack: int | None = None, phh_dir: Path | None = None, progress: bool = False,
                 table: GameTable | None = None) -> Summary:
    """Play ``hands`` hands between bots; a stack too short for the next deal is topped up; return the summary.

    Short stacks are topped up to the starting stack (to the table's minimum, T5, when it has one). A session cut
    short (a hand file that cannot be written, Ctrl-C) says how many hands it played and wrote, and where
    (``stopped``): in its error's message, or in a note on the ``KeyboardInterrupt``.
    """
    from lowball.phh.history import to_phh

    table = table or load_game_table()
    start = stack if stack is not None else default_stack(table)
    if start < max(table.min_stack, 1):
        raise LowballError(f"a starting stack of {start} is below the table's minimum of {max(table.min_stack, 1)}")
    session = Session(list(players), start, seed=seed, table=table)
    bots = {name: BOTS[bot_names[i % len(bot_names)]] for i, name in enumerate(players)}
    summary = Summary(won=dict.fromkeys(players, 0), chips=dict.fromkeys(players, 0),
                      showdowns=dict.fromkeys(players, 0), rebuys=dict.fromkeys(players, 0),
                      squares=dict.fromkeys(players, 0))
    rng = random.Random(seed)
    files = HandFiles(as_path(phh_dir)) if phh_dir is not None else None
    refill = table.min_stack or start
    try:
        for _ in progress_bar(range(1, hands + 1), unit="hand", enabled=progress):
            for name in players:        # rebuy so the session can go on (T5)
                if session.stacks[name] < max(table.min_stack, 1):
                    summary.rebuys[name] += refill - session.stacks[name]
                    session.top_up(name, refill - session.stacks[name])
            hand = play_hand(session.new_hand(narrate=False), bots, rng)
            for name, change in zip(hand.names, hand.result.changes):
                summary.chips[name] += change
                summary.squares[name] += change * change
            for seat in hand.result.winners:
                summary.won[hand.names[seat]] += 1
            if hand.result.showdown:
                for seat in hand.contenders:
                    summary.showdowns[hand.names[seat]] += 1
            if files is not None:
                try:
                    files.write(to_phh(hand))
                except LowballError as err:     # the folder went away, the disk is full: say what is done, and where
                    raise LowballError(f"{err}; {stopped(summary, hands, files)}") from None
            session.finish(hand)
            summary.hands += 1
    except KeyboardInterrupt as err:    # Ctrl-C: the command says "interrupted"; this note says what is done
        err.add_note(stopped(summary, hands, files))
        raise
    return summary


def stopped(summary: Summary, hands: int, files: HandFiles | None) -> str:
    """Return, for a session cut short, how many hands it played of how many, and how many it wrote where.

    >>> stopped(Summary(hands=586), 3000, None)
    'stopped after 586 of 3,000 hands'
    """
    if files is None:
        return f"stopped after {summary.hands:,} of {hands:,} hands"
    # A hand is written once it is played, so a file counted but not its hand was still played.
    return f"stopped after {max(summary.hands, files.written):,} of {hands:,} hands; {files.where()}"
