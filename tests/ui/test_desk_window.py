"""The director's desk opened from the main window's Club night menu with a saved event,
driven as hands do: the tables' progress kept live with each table's time in the round,
a table's hands with a correction logged as the director's, and the score cards with
each player's own results code (the tables' join codes on a sheet for the director)."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials
from scorekeeper.club.director import round_times
from scorekeeper.club.joincode import parse
from scorekeeper.club.results import parse_results
from scorekeeper.club.server import DATABASE
from tests.club.fixtures import code_for, connect_as
from tests.club.played import play, seat_points, send
from tests.club.printed import qr_codes
from tests.shots import screenshot
from tests.ui.test_app_main_window import shortcut, window_for
from tests.ui.test_club_night import PLAYERS, progressive_night
from tests.ui.test_desk import click, focus, held_format, shown_format
from ui.desk import TIME_COLUMN, elapsed_words
from ui.theme import apply_scheme

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def seconds_of(text: str) -> int:
    parts = [int(part) for part in text.split(":")]
    return sum(value * 60**power for power, value in enumerate(reversed(parts)))


def progress_rows(desk) -> list[list[str]]:
    return [
        [desk.progress.item(row, column).text() for column in range(4)]
        for row in range(desk.progress.rowCount())
    ]


def test_elapsed_time_reads_as_a_clock():
    assert [elapsed_words(s) for s in (0, 65, 3599, 3729)] == ["0:00", "1:05", "59:59", "1:02:09"]


def test_the_desk_from_the_menu_follows_corrects_and_prints(
    qtbot, qapp, store, settings, club_server, admin, referee
):
    event = progressive_night(admin, "Friday <i>euchre</i>", seed=2)
    data = Path(store.path).parent
    event.save(data / "club" / "events")

    window = window_for(qtbot, store, settings)
    shortcut(qtbot, window, Qt.Key.Key_D, CTRL_SHIFT)
    dialog = window.club.desk_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.event_box)
    assert dialog.event_box.currentText() == "Friday <i>euchre</i>"
    click(qtbot, dialog.open_button)  # blank: this machine's club server, not running here
    assert dialog.said.text().startswith("Not opened: the club server on this machine is not")
    assert QApplication.focusWidget() is dialog.server
    QTest.keyClicks(QApplication.focusWidget(), f"postgresql://127.0.0.1:{club_server.port}/")
    QTest.keyClicks(QApplication.focusWidget(), DATABASE)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    desk = window.club.desk
    assert desk is not None and desk.isVisible() and not dialog.isVisible()
    assert desk.conn.info.user == event.director.role  # the director's own login
    assert shown_format(desk) == held_format(admin, event.event)
    assert shown_format(desk)[1]["Rounds"] == "3"
    qtbot.waitExposed(desk)
    desk.live.setInterval(300)  # the tables' progress is read again sooner than at a night

    # table 1 records a hand with its own login: the desk shows it without being asked
    seated = [p for p in t.progress(admin, event.event, 1)[0].names]
    ledger = play(seated)
    with connect_as(code_for(club_server, event, 1)) as table:
        send(table, event.event, 1, 1, ledger)
    qtbot.waitUntil(lambda: progress_rows(desk)[0][2] == "1 of 8 (playing)", timeout=12000)
    started, ended = round_times(admin, event.event, 1)
    assert ended is None
    shown = seconds_of(progress_rows(desk)[0][TIME_COLUMN])
    elapsed = (datetime.now(UTC) - started).total_seconds()
    assert elapsed - 2 <= shown <= elapsed + 1
    assert re.fullmatch(r"\d+:\d\d", progress_rows(desk)[1][TIME_COLUMN])
    before = progress_rows(desk)[1][TIME_COLUMN]
    qtbot.waitUntil(lambda: progress_rows(desk)[1][TIME_COLUMN] != before, timeout=3000)

    # the director looks at table 1's hands and corrects its only hand
    desk.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is desk)
    cell = desk.progress.visualItemRect(desk.progress.item(0, 1)).center()
    QTest.mouseClick(desk.progress.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    click(qtbot, desk.table_hands)
    hands = desk.hands_dialog
    assert hands.isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is hands.hands)
    rows = [[hands.hands.item(0, c).text() for c in range(4)]]
    played = zip(seated, seat_points(ledger), strict=True)
    assert rows == [["1", "1", ", ".join(f"{name} {p}" for name, p in played), "table 1"]]
    focus(qtbot, hands.points)
    QTest.keyClicks(QApplication.focusWidget(), "2 0 2")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert hands.message.text() == "Not corrected: hand 1 needs a score for each of the 4 players."
    assert len(t.changes(admin, event.event)) == 1  # nothing changed
    assert hands.points.text() == "2 0 2"  # nothing typed is lost
    QTest.keyClicks(QApplication.focusWidget(), " 0")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert hands.message.text() == "Hand 1 corrected: revision 2, recorded by the director."
    log = [(c.table, c.hand, c.revision, c.by) for c in t.changes(admin, event.event)]
    assert log == [(1, 1, 1, event.tables[1].role), (1, 1, 2, event.director.role)]
    shown_rows = [
        [hands.hands.item(r, c).text() for c in range(4)] for r in range(hands.hands.rowCount())
    ]
    assert shown_rows[1] == [
        "1",
        "2",
        ", ".join(f"{name} {p}" for name, p in zip(seated, [2, 0, 2, 0], strict=True)),
        "the director",
    ]
    hands.resize(1100, 500)
    screenshot(hands, "desk-table-hands")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not hands.isVisible()

    # score cards: each player's own results code, and no table's pass; the tables' join
    # codes on a sheet of their own, for the director
    click(qtbot, desk.save_cards)
    folder = data / "club" / "results"
    assert desk.message.text().startswith(
        "Saved Friday -i-euchre--i- score cards.pdf and Friday -i-euchre--i- join codes.pdf"
    )
    cards = (folder / "Friday -i-euchre--i- score cards.pdf").read_bytes()
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(cards)).pages)
    assert all(f"Score card: {name}" in text for name in PLAYERS)
    kept = EventCredentials.load(data / "club" / "events" / f"{event.event}.json")
    passes = [login.password for login in kept.tables.values()]
    held = [parse_results(text) for (text,) in qr_codes(cards)]
    assert len(held) == len(PLAYERS)
    assert all(code.login.user == kept.reader.role for code in held)
    assert not any(secret in code.url() for code in held for secret in passes)
    joins = (folder / "Friday -i-euchre--i- join codes.pdf").read_bytes()
    table_1 = parse(qr_codes(joins)[0][0])  # the director's sheet: table 1's own login
    assert (table_1.user, table_1.port, table_1.table) == (
        event.tables[1].role,
        club_server.port,
        1,
    )

    for scheme in ("light", "dark"):
        apply_scheme(qapp, scheme)
        for width, height in ((1366, 768), (1920, 1080)):
            desk.resize(width, height)
            screenshot(desk, f"desk-live-{width}x{height}-{scheme}")
    apply_scheme(qapp, "light")

    # the round ends: each table's clock stops
    click(qtbot, desk.end)
    assert desk.message.text() == "Round 1 ended."
    stopped = [row[TIME_COLUMN] for row in progress_rows(desk)]
    qtbot.wait(1200)
    assert [row[TIME_COLUMN] for row in progress_rows(desk)] == stopped
    conn = desk.conn
    desk.close()  # closing the desk lets go of the director's connection
    qtbot.waitUntil(lambda: conn.closed)
