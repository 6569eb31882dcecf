"""Ledger speed: re-scoring a 10,000-hand match after a correction to its first hand.

The match is Sheepshead (no game end), its first hand entered as a quick result and the
others played card by card (100 distinct hands repeated in dealer order). The figure is
the time from the correction to the new running totals of every hand. The baseline,
in the same run, is the bare work of adding up 10,000 hands' points in plain Python.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.playout import play_hand

HANDS = 10_000
DISTINCT = 100
FIRST = {"picker": 0, "partner": 1, "points": 78, "tricks": 4}
CORRECTED = {"picker": 0, "partner": 1, "points": 95, "tricks": 5}


def build() -> Ledger:
    game = get_game("sheepshead")
    settings = game.settings()
    info = MatchInfo("Ten thousand", "sheepshead", settings, ("A", "B", "C", "D", "E"))
    rng = random.Random(10)
    played = [play_hand(game, settings, rng, n % 5)[1] for n in range(1, DISTINCT + 1)]
    hands = [HandRecord(0, [Event("result", data=FIRST)])]
    hands += [HandRecord(n % 5, played[(n - 1) % DISTINCT]) for n in range(1, HANDS)]
    return Ledger(info, hands)


def main() -> int:
    ledger = build()
    before = ledger.totals
    start = time.perf_counter()
    ledger.correct(0, 0, Event("result", data=CORRECTED))
    totals = [score.totals for score in ledger.scores]
    seconds = time.perf_counter() - start
    if len(totals) != HANDS or totals[-1] == before:
        raise AssertionError("the correction did not re-score every hand")
    points = [score.points for score in ledger.scores]
    start = time.perf_counter()
    running = [0] * 5
    for hand in points:
        running = [total + point for total, point in zip(running, hand, strict=True)]
    bare = time.perf_counter() - start
    bench("rescore_10k_hands_s", seconds, "target < 0.5")
    bench("rescore_vs_bare_sum", seconds / bare, "bare: adding up the same points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
