"""Storage speed: opening a 10,000-hand match, and recording one event durably.

``open_10k_hands_first_s``: open the database and show the totals of a 10,000-hand
Sheepshead match played card by card (about 40 events a hand), the first time after it
was imported: an import keeps each hand's outcome, as recording a hand does, so finished
hands are not replayed and their events are read only when asked for.
``open_10k_hands_rebuild_s`` is the first open of a match whose outcomes are not kept (as
after an update that changed how hands are scored): every event is replayed through the
adjudicator, once, and the outcomes kept; ``open_10k_hands_s`` is the open after that.
Each runs in a child process with a time budget (``--budget``, seconds), ``nan`` when
over it. ``load_10k_hands_s`` reads every event of the match: the
storage part of a full replay.
``append_event_p99_ms``: one event recorded and committed (WAL, synchronous=FULL) as the
app records it, with its step of the undo history, the 99th percentile of 1,000; the
baseline is a bare SQLite insert and commit with the same settings.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench
from scorekeeper.events import play
from scorekeeper.ledger import Ledger
from scorekeeper.storage import Store
from tests.storage.samples import match_info, play_dealt_hand

HANDS = 10_000
DISTINCT = 100  # hands played by the rules, repeated in dealer order to make the match
APPENDS = 1000


def build_database(path: Path) -> tuple[int, int]:
    """The match imported (its outcomes kept), and the same match with none kept."""
    info = match_info("sheepshead")
    ledger = Ledger(info)
    rng = random.Random(10_000)
    for _ in range(DISTINCT):
        play_dealt_hand(ledger, rng, renege=False)
    played = ledger.records()  # DISTINCT is a multiple of the 5 seats: dealers stay in turn
    hands = [played[i % DISTINCT] for i in range(HANDS)]
    with Store(path) as store:
        return store.import_ledger(Ledger(info, hands)), store.create_match(info, hands)


def open_match(path: Path, match_id: int) -> tuple[float, tuple[int, ...]]:
    """Seconds from opening the database to the match's totals, and the totals."""
    start = time.perf_counter()
    with Store(path) as store:
        totals = store.open_ledger(match_id).totals
    return time.perf_counter() - start, totals


def load_match(path: Path, match_id: int) -> float:
    """Seconds to open the database and read the match: the storage part alone."""
    start = time.perf_counter()
    with Store(path) as store:
        store.load(match_id)
    return time.perf_counter() - start


def percentile_99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def append_latencies(path: Path) -> list[float]:
    with Store(path) as store:
        match_id = store.create_match(match_info("euchre"))
        samples = []
        for number in range(APPENDS):
            event = play(number % 4, "AS")
            start = time.perf_counter()
            store.record_step(match_id, number // 20, (number // 20) % 4, event)
            samples.append(time.perf_counter() - start)
    return samples


def baseline_latencies(path: Path) -> list[float]:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, event TEXT)")
    samples = []
    for _ in range(APPENDS):
        start = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.execute(
            "INSERT INTO events (event) VALUES (?)", ('{"kind":"play","seat":0,"card":"AS"}',)
        )
        db.execute("COMMIT")
        samples.append(time.perf_counter() - start)
    db.close()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--budget", type=float, default=120.0, help="seconds for the 10k open")
    parser.add_argument(
        "--open-only", nargs=2, metavar=("DATABASE", "MATCH"), help=argparse.SUPPRESS
    )
    options = parser.parse_args()
    if options.open_only:
        seconds, totals = open_match(Path(options.open_only[0]), int(options.open_only[1]))
        print(seconds, totals)
        return
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        imported, unkept = build_database(database)
        load_seconds = load_match(database, imported)
        bench("load_10k_hands_s", load_seconds, "open and read, storage alone")
        for name, match_id, note in (
            ("open_10k_hands_first_s", imported, "first open after the import; target <= 2"),
            ("open_10k_hands_rebuild_s", unkept, "outcomes not kept: every event replayed"),
            ("open_10k_hands_s", unkept, "the open after that; target <= 1.0"),
        ):
            try:
                child = subprocess.run(
                    [sys.executable, __file__, "--open-only", str(database), str(match_id)],
                    capture_output=True,
                    text=True,
                    timeout=options.budget,
                    check=True,
                )
                bench(name, float(child.stdout.split()[0]), note)
            except subprocess.TimeoutExpired:
                bench(name, float("nan"), f"over the {options.budget:g} s budget")
        appends = append_latencies(Path(folder) / "append.sqlite3")
        baseline = baseline_latencies(Path(folder) / "baseline.sqlite3")
        bench("append_event_p99_ms", percentile_99(appends) * 1000, "target <= 5")
        bench("append_event_baseline_p99_ms", percentile_99(baseline) * 1000, "bare SQLite")
        bench("append_event_vs_baseline_ratio", percentile_99(appends) / percentile_99(baseline))


if __name__ == "__main__":
    main()
