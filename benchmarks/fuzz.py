"""Fuzzing speed: random action sequences through the ledger and the store, every
invariant checked after each action (see ``tests/fuzzing.py``), for a few seconds per
game in one process. The figures: sequences checked per second, and the failures found
(0 expected). The long run spreads the same sequences over processes:
``python -m tests.fuzzing --sequences 100000 --workers 2``."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench
from scorekeeper.storage import Store
from tests import fuzzing

SECONDS_PER_GAME = 3.0


def main() -> int:
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
    bench(
        "fuzz_sequences_per_s",
        sequences / spent,
        f"{fuzzing.STEPS} actions each, every game, one process",
    )
    bench("fuzz_failures", failures, "0 expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
