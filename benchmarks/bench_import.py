"""Benchmark: rooms' hand histories judged per second by ``lowball import``, beside pokerkit replaying the same hands.

What it measures
----------------
1. **Import speed** on one core: the hands of the rooms' history files (tests/support/outside_data.py, read where they
   lie; the project's own test hands where that folder is absent) read, replayed through the rules and checked
   (every action, pot, payout and shown hand), in hands per second, best of ``--repeat`` runs.
2. **pokerkit beside it**: the verified hands of the PHH standard's games (F2L3D, N2L1D, FB, F7S/8, F7S, FR) written
   as PHH, then replayed by pokerkit (``HandHistory.loads`` and every state) and by ``lowball replay``; the same
   hands in the same run, so that the ratio holds on a shared machine.
3. **Memory**: the peak resident memory of ``lowball import --json`` over a file of ``--hands`` hands (built by
   repeating the real ones with new hand numbers), against a file of a tenth as many: a stream in constant
   memory takes about the same for both.

    .venv/bin/python benchmarks/bench_import.py               # speed, and memory over 100,000 hands
    .venv/bin/python benchmarks/bench_import.py --quick       # speed only, one run
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.support.outside_data import HISTORIES  # noqa: E402  (the real histories: outside the repository)

from lowball.histories.importer import import_files, import_stream
from lowball.histories.judge import Status
from lowball.histories.phh_out import phh_text
from lowball.phh.history import replay

ROOT = Path(__file__).resolve().parent.parent
SHARED = HISTORIES
ROOMS = ("PokerStars", "FullTilt", "Winamax", "KingsClub")
OWN = ROOT / "tests" / "data" / "histories"
STANDARD = ("F2L3D", "N2L1D", "FB", "F7S/8", "F7S", "FR")
TARGET = 1000          # hands a second, the aim on one core


def history_files() -> list[Path]:
    """Return the files to judge: the rooms' real histories where they lie, else the project's own hands."""
    found = [path for room in ROOMS for path in sorted((SHARED / room).glob("*/*"))] if SHARED.is_dir() else []
    return found or sorted(OWN.rglob("*.txt"))


def time_import(files: list[Path], repeat: int) -> tuple[int, float]:
    """Return the hands judged and the best time of ``repeat`` runs over ``files``."""
    best, count = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        count = sum(1 for _ in import_files(files))
        best = min(best, time.perf_counter() - start)
    return count, best


def standard_phh(files: list[Path]) -> list[str]:
    """Return the PHH of every verified hand of a game pokerkit plays."""
    texts = []
    for judgement in import_files(files):
        if getattr(judgement, "status", None) is Status.VERIFIED:
            text = phh_text(judgement)
            code = re.match(r'variant = "([^"]+)"', text)[1]
            if code in STANDARD:
                texts.append(text)
    return texts


def time_pokerkit(texts: list[str], repeat: int) -> tuple[int, float, int]:
    """Return how many of the hands pokerkit replays, the best time over all of them, and how many it refuses."""
    import pokerkit

    best, done, refused = float("inf"), 0, 0
    for _ in range(repeat):
        done, refused = 0, 0
        start = time.perf_counter()
        for text in texts:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    for _state in pokerkit.HandHistory.loads(text):
                        pass
                    done += 1
                except (ValueError, KeyError):
                    refused += 1      # pokerkit's departures (P4, Q4): counted, not timed apart
        best = min(best, time.perf_counter() - start)
    return done, best, refused


def time_replay(texts: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for text in texts:
            replay(text)
        best = min(best, time.perf_counter() - start)
    return best


def big_file(files: list[Path], hands: int, path: Path) -> int:
    """Write a file of ``hands`` hands of one room, repeating its real hands with new hand numbers."""
    texts = []
    for file in files:
        data = file.read_bytes()
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if text.startswith("PokerStars"):
            texts += [t for t in re.split(r"\n\s*\n\s*\n", text) if t.startswith("PokerStars")]
    if not texts:
        raise SystemExit("no PokerStars hands to repeat")
    written = 0
    with path.open("w", encoding="utf-8") as out:
        while written < hands:
            for text in texts:
                if written == hands:
                    break
                written += 1
                out.write(re.sub(r"#\d+:", f"#{10**11 + written}:", text, count=1) + "\n\n\n")
    return written


def peak_memory(path: Path) -> tuple[float, float]:
    """Return the seconds and the peak resident memory (MiB) of ``lowball import --json`` over ``path``."""
    code = ("import resource, sys, time; from lowball.cli import main; start = time.perf_counter(); "
            "sys.stdout = open('/dev/null', 'w'); main(['import', '--json', sys.argv[1]]); "
            "sys.stderr.write(f'{time.perf_counter() - start} '"
            "f'{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}')")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=False)
    seconds, mib = done.stderr.split()[-2:]
    return float(seconds), float(mib)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--hands", type=int, default=100_000, help="hands in the memory test's big file")
    parser.add_argument("--quick", action="store_true", help="one run, no memory test")
    args = parser.parse_args()
    repeat = 1 if args.quick else args.repeat
    files = history_files()
    hands, seconds = time_import(files, repeat)
    rate = hands / seconds
    print(f"lowball import: {hands} hands of {len(files)} files in {seconds:.3f} s: {rate:,.0f} hands/s "
          f"(aim: {TARGET:,}/s on one core)")
    texts = standard_phh(files)
    done, pk_seconds, refused = time_pokerkit(texts, repeat)
    ours = time_replay(texts, repeat)
    print(f"the same {len(texts)} hands of pokerkit's games as PHH: pokerkit {len(texts) / pk_seconds:,.0f} hands/s "
          f"({refused} refused by its own rules), lowball replay {len(texts) / ours:,.0f} hands/s: "
          f"{pk_seconds / ours:.2f}x pokerkit")
    if args.quick:
        return
    with tempfile.TemporaryDirectory() as folder:
        for count in (args.hands // 10, args.hands):
            path = Path(folder) / f"{count}.txt"
            big_file(files, count, path)
            seconds, mib = peak_memory(path)
            print(f"a file of {count:,} hands ({path.stat().st_size / 2**20:,.0f} MiB): {seconds:,.1f} s, "
                  f"{count / seconds:,.0f} hands/s, peak memory {mib:,.0f} MiB")


if __name__ == "__main__":
    main()
