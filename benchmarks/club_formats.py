"""Tournament movements and the standings board: the time to make the whole round-robin
chart for 48 players (goal: at most 1 s) and for 46 players, a count whose chart is
searched; the time to draw the board for 200 players at 1920x1080 (goal: at most 16 ms)."""

from __future__ import annotations

import os
import random
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


def board_render_ms(players: int = 200, frames: int = 60) -> float:
    """Mean time to draw the board, full size, into an image (offscreen)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from scorekeeper.club.formats.board import Stage, board_data
    from scorekeeper.club.formats.progressive_euchre import FORMAT
    from scorekeeper.club.formats.standings import RoundResult, standings
    from ui.board import StandingsBoard

    app = QApplication.instance() or QApplication([])
    rng = random.Random(1)
    names = [f"Player number {p}" for p in range(players)]
    results = [RoundResult(r, p, rng.randrange(14)) for r in range(1, 4) for p in range(players)]
    table = standings(results, ["points", "wins"], range(players))
    stage = Stage(3, 3, 8)
    data = board_data(FORMAT, "Club night", stage, table, names, round_robin(players, 4).rounds[3])
    board = StandingsBoard(data)
    board.resize(1920, 1080)
    image = QImage(1920, 1080, QImage.Format.Format_ARGB32_Premultiplied)  # as on screen
    board.render(image)  # warm up: fonts
    start = time.perf_counter()
    for frame in range(frames):
        board.page = frame % board.pages()
        board.render(image)
    app.processEvents()
    return (time.perf_counter() - start) / frames * 1000


def main() -> None:
    bench("movement_48_players_s", seconds(48), "s, whole chart, goal <= 1")
    bench("movement_46_players_searched_s", seconds(46), "s, whole chart")
    bench("board_render_ms", board_render_ms(), "ms a frame, 200 players, 1920x1080, goal <= 16")


if __name__ == "__main__":
    main()
