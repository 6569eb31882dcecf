"""Fuzzing speed: random action sequences through the ledger and the store, every
invariant checked after each action (see ``tests/fuzzing.py``), for a few seconds per
game. The figures: sequences checked per second, and the failures found (0 expected)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench
from scorekeeper.storage import Store
from tests import fuzzing

SECONDS_PER_GAME = 2.0
STEPS = 40


def main() -> int:
    sequences = failures = 0
    spent = 0.0
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "fuzz.sqlite3") as store:
        for seed, game_id in enumerate(fuzzing.GAMES):
            start = time.perf_counter()
            while time.perf_counter() - start < SECONDS_PER_GAME:
                failures += len(fuzzing.run(game_id, store, seed + sequences, 1, STEPS))
                sequences += 1
            spent += time.perf_counter() - start
    bench("fuzz_sequences_per_s", sequences / spent, f"{STEPS} actions each, every game")
    bench("fuzz_failures", failures, "0 expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
