"""Tournament movements and the standings board: the time to draw a round at 64 players
by each movement (the round-robin's 8-round night and its whole chart, winners move up
after 7 rounds, the Sheepshead mixing redraw after 7 rounds; goal: well under 1 s at
the desk) and to make the searched chart of 100 players; the time to draw the board for
200 players at 1920x1080 (goal: at most 16 ms)."""

from __future__ import annotations

import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench
from scorekeeper.club.formats.base import Past
from scorekeeper.club.formats.charts import night_chart, whole_chart
from scorekeeper.club.formats.move_up import first_round, next_round
from scorekeeper.club.formats.round_robin import round_robin
from scorekeeper.club.formats.schedule import PARTNERS, Schedule
from scorekeeper.games.euchre import club as progressive_euchre
from scorekeeper.games.sheepshead import club as sheepshead_tournament


def best_ms(work: Callable[[], object], repeats: int = 5) -> float:
    """The best of ``repeats`` runs of ``work``, in milliseconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def chart_ms(players: int, rounds: int | None = None) -> float:
    """A chart made afresh (the stored charts read again each time)."""

    def work() -> None:
        night_chart.cache_clear()
        whole_chart.cache_clear()
        round_robin(players, rounds)

    return best_ms(work)


def move_up_ms(players: int = 64, played: int = 7) -> float:
    """Round ``played + 1`` of winners move up, random results before it."""
    rng = random.Random(1)
    night = Schedule(players, (first_round(players, 1),), PARTNERS, "draw")
    for _ in range(played - 1):
        won = {t.number: rng.randrange(2) for t in night.rounds[-1].tables}
        night = Schedule(players, (*night.rounds, next_round(night, won)), PARTNERS, "draw")
    won = {t.number: rng.randrange(2) for t in night.rounds[-1].tables}
    return best_ms(lambda: next_round(night, won))


def sheepshead_ms(players: int = 64, played: int = 7) -> float:
    """Round ``played + 1`` of the mixing redraw, through the format's draw."""
    settings = sheepshead_tournament.FORMAT.settings({"rounds": 12})
    rounds: tuple = ()
    for number in range(1, played + 1):
        past = Past(Counter(p for r in rounds for p in r.byes), rounds)
        rounds += (sheepshead_tournament.draw_round(players, settings, 1, number, past),)
    past = Past(Counter(p for r in rounds for p in r.byes), rounds)
    return best_ms(lambda: sheepshead_tournament.draw_round(players, settings, 1, played + 1, past))


def euchre_draw_ms(players: int = 64) -> float:
    """Round 8 of the default night, through the format's draw."""
    settings = progressive_euchre.FORMAT.settings()
    return best_ms(lambda: progressive_euchre.draw_round(players, settings, 1, 8, Past()))


def board_render_ms(players: int = 200, frames: int = 60) -> float:
    """Mean time to draw the board, full size, into an image (offscreen)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from scorekeeper.club.formats.board import Stage, board_data
    from scorekeeper.club.formats.standings import RoundResult, standings
    from scorekeeper.games.euchre.club import FORMAT
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
    bench("draw_round_robin_64_players_ms", euchre_draw_ms(), "ms, round 8 of the default night")
    bench("round_robin_64_players_night_ms", chart_ms(64, 8), "ms, 8-round night chart")
    bench("round_robin_64_players_whole_ms", chart_ms(64), "ms, whole chart")
    bench("round_robin_100_players_searched_ms", chart_ms(100), "ms, whole chart, searched")
    bench("draw_move_up_64_players_ms", move_up_ms(), "ms, round 8")
    bench("draw_sheepshead_64_players_ms", sheepshead_ms(), "ms, round 8, mixing redraw")
    bench("board_render_ms", board_render_ms(), "ms a frame, 200 players, 1920x1080, goal <= 16")


if __name__ == "__main__":
    main()
