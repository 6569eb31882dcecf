"""Tournament movements: the time to make the whole round-robin chart for 48 players
(goal: at most 1 s), and for 46 players, a count whose chart is searched."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench
from scorekeeper.club.formats.round_robin import round_robin


def seconds(players: int, repeats: int = 5) -> float:
    """The best of ``repeats`` fresh charts (nothing is cached between them)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        round_robin(players)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    bench("movement_48_players_s", seconds(48), "s, whole chart, goal <= 1")
    bench("movement_46_players_searched_s", seconds(46), "s, whole chart")


if __name__ == "__main__":
    main()
