"""The app's speed and size: start-up against bare Qt, recording a card, a 10,000-hand match.

Prints these lines, and the first three again with ``_loaded`` names, measured while a
second process burns one core:
``BENCH startup_vs_bare_qt <ratio>`` (time to a shown and painted main window over a bare
QMainWindow started the same way, each in a fresh process, alternating, the medians compared;
the point measured in both is the end of the first ``processEvents`` that finds a main window
shown, and a comment line gives the app's time until ``start`` has returned with the
database open and the recent matches listed),
``BENCH record_card_p99_ms <ms>`` (a click on a card button of the real hand screen to
the repainted table, the database write included), ``BENCH end_of_hand_p99_ms <ms>`` (the
same for the click that ends a hand: scoring, the summary over the table, the scoreboard
and chart updated) and ``BENCH rss_10k_hands_mib <MiB>``
(peak resident size of the app with a 10,000-hand Sheepshead match open).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import bench, one_core_busy  # the benchmarks folder is not a package

ROOT = Path(__file__).resolve().parent.parent
RUNS = 9

SHOWN = """
import time; t = time.perf_counter()
from PySide6.QtWidgets import QApplication, QMainWindow
shown = []
process_events = QApplication.processEvents
def timed_process_events(*args):
    process_events(*args)
    if not shown and any(
        isinstance(top, QMainWindow) and top.isVisible() for top in QApplication.topLevelWidgets()
    ):
        shown.append(time.perf_counter() - t)
QApplication.processEvents = staticmethod(timed_process_events)
"""
BARE = (
    SHOWN
    + """
app = QApplication([]); w = QMainWindow(); w.show(); app.processEvents()
print(shown[0], time.perf_counter() - t)
"""
)
APP = (
    SHOWN
    + """
from ui.app import start
app, w = start(["--data-dir", {folder!r}]); app.processEvents()
print(shown[0], time.perf_counter() - t)
"""
)
NONE_GUARD = """
import ctypes, sys
if sys.version_info < (3, 12):
    # PySide6 6.12 on Python 3.11 drops a reference to None on every call of a method that
    # returns nothing (QLabel.setText, QWidget.setEnabled…), and to True or False on some
    # signals; before 3.12 made them immortal, a long run deallocates one and aborts. Give
    # them references to spare, so the figures are those of a working build.
    for constant in (None, True, False):
        ctypes.c_ssize_t.from_address(id(constant)).value += 1 << 40
"""
RECORD = (
    NONE_GUARD
    + """
import random, time
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from ui.app import start
from scorekeeper.games import get_game
from scorekeeper.match import MatchInfo
app, w = start(["--data-dir", {folder!r}])
w.resize(1280, 800)
game = get_game({game!r})
players = tuple("ABCDE"[: game.seats])
w.open_match(w.store.create_match(MatchInfo("bench", game.id, game.settings(), players)))
session, screen = w.session, w.match_page.hand_screen
app.processEvents()
times = []
rng = random.Random(1)
ends = []
for _ in range({hands}):
    if session.ledger.game_over:  # the next game, so every hand is measured
        w.open_match(w.store.create_match(MatchInfo("bench", game.id, game.settings(), players)))
        session, screen = w.session, w.match_page.hand_screen
    dealt = list(game.deal(rng, session.ledger.settings, session.ledger.next_dealer))
    session.record(dealt[0])
    number = len(session.ledger.hands) - 1  # the hand being played (not the next, once over)
    for event in dealt[1:]:
        session.record(event)
    while not session.ledger.hands[number].is_over:
        state = session.ledger.hands[number].state
        choices = state.legal_events()
        event = next((e for e in choices if e.kind not in ("claim", "pass")), choices[0])
        if event.kind != "play":
            session.record(event)
            continue
        began = time.perf_counter()
        QTest.mouseClick(screen.grid.buttons[event.card], Qt.MouseButton.LeftButton)
        screen.table.repaint()
        app.processEvents()
        took = time.perf_counter() - began
        (ends if session.ledger.hands[number].is_over else times).append(took)
        assert session.ledger.hands[number].events[-1] == event, "the click was recorded"
    assert screen.summary.isVisible(), "the end of the hand is summed up"
times.sort()
ends.sort()
print(len(times), times[int(len(times) * 0.99)] * 1000, len(ends), ends[int(len(ends) * 0.99)] * 1000)
"""
)
BIG = (
    NONE_GUARD
    + """
import resource
from scorekeeper.games import get_game
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.events import Event
from ui.app import start
app, w = start(["--data-dir", {folder!r}])
game = get_game("sheepshead")
info = MatchInfo("big", "sheepshead", game.settings(), ("A", "B", "C", "D", "E"))
hands = [
    HandRecord(n % 5, [Event("result", data={{"picker": n % 5, "partner": (n + 2) % 5,
        "call": "ace", "points": 31 + n * 7 % 89, "tricks": 1 + n % 5}})])
    for n in range(10000)
]
match = w.store.create_match(info, hands)
del hands
w.open_match(match)
assert w.match_page.scores.rowCount() == 10000
app.processEvents()
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""
)


def python(code: str, settings: str | None = None) -> list[float]:
    """Run ``code`` in a fresh interpreter (its settings in the folder ``settings`` when
    given); the numbers on its last line."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    if settings is not None:
        env["XDG_CONFIG_HOME"] = settings
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if out.returncode:
        raise SystemExit(f"benchmark process failed:\n{out.stderr}")
    return [float(word) for word in out.stdout.strip().splitlines()[-1].split()]


def startup_ratio(folder: str) -> tuple[float, float, float, float]:
    """Median seconds to a shown window, bare Qt and the app, alternating runs, with the
    user's settings left out; the app's median seconds until ready, and the ratio."""
    bare, app, ready = [], [], []
    settings = str(Path(folder) / "settings")
    python(APP.format(folder=folder), settings)  # creates the database, as a first run would
    for _ in range(RUNS):
        bare.append(python(BARE, settings)[0])
        shown, done = python(APP.format(folder=folder), settings)
        app.append(shown)
        ready.append(done)
    bare_s, app_s = statistics.median(bare), statistics.median(app)
    return bare_s, app_s, statistics.median(ready), app_s / bare_s


def waits(folder: str, suffix: str) -> None:
    """The start-up and the clicks' figures, their names ending in ``suffix``."""
    bare, app, ready, ratio = startup_ratio(folder)
    print(
        f"# start-up{suffix}: bare Qt {bare * 1000:.0f} ms, the app {app * 1000:.0f} ms "
        f"(ready, recent matches listed: {ready * 1000:.0f} ms)"
    )
    bench(f"startup_vs_bare_qt{suffix}", ratio, "target <= 1.5")
    plays, p99, ends, end_p99 = python(RECORD.format(folder=folder, game="euchre", hands=100))
    print(f"# {plays:.0f} cards clicked, {ends:.0f} of them ending a hand")
    bench(f"record_card_p99_ms{suffix}", p99, "target <= 16")
    bench(f"end_of_hand_p99_ms{suffix}", end_p99, "target <= 16")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        waits(folder, "")
        with one_core_busy():
            waits(folder, "_loaded")
        bench("rss_10k_hands_mib", python(BIG.format(folder=folder))[0])


if __name__ == "__main__":
    main()
