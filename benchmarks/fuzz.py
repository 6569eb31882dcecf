"""Fuzzing speed: random action sequences through the ledger and the store, every
invariant checked after each action (see ``tests/fuzzing.py``). The figures: sequences
checked per second, and the failures found (0 expected).

By default a short run, a few seconds per game in one process. ``--sequences N`` makes
the long run instead, N sequences per game over ``--workers`` processes: ``make fuzz``
runs it with 100,000."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench
from scorekeeper.storage import Store
from tests import fuzzing

SECONDS_PER_GAME = 3.0


def short_run() -> tuple[float, int]:
    """Sequences per second and failures of a few seconds per game, in this process."""
    sequences = failures = 0
    spent = 0.0
    with (
        tempfile.TemporaryDirectory(dir=fuzzing.scratch_folder()) as folder,
        Store(Path(folder) / "fuzz.sqlite3") as store,
    ):
        for game_id in fuzzing.GAMES:
            fuzzer = fuzzing.Fuzzer(game_id, store)
            start = time.perf_counter()
            while time.perf_counter() - start < SECONDS_PER_GAME:
                fuzzer.sequence(sequences, fuzzing.STEPS)
                sequences += 1
            spent += time.perf_counter() - start
            failures += len(fuzzer.failures)
    return sequences / spent, failures


def long_run(sequences: int, workers: int) -> tuple[float, int]:
    """Sequences per second and failures of ``sequences`` per game over ``workers``
    processes, progress said as it goes."""
    start = time.perf_counter()
    failures = fuzzing.run_parallel(fuzzing.GAMES, sequences, fuzzing.STEPS, workers)
    spent = time.perf_counter() - start
    return sequences * len(fuzzing.GAMES) / spent, sum(map(len, failures.values()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sequences", type=int, help="per game: the long run")
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args()
    if options.sequences:
        per_second, failures = long_run(options.sequences, options.workers)
        how = f"{options.sequences} per game, workers: {options.workers}"
    else:
        per_second, failures = short_run()
        how = "a few seconds per game, one process"
    bench("fuzz_sequences_per_s", per_second, f"{fuzzing.STEPS} actions each, {how}")
    bench("fuzz_failures", failures, "0 expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
