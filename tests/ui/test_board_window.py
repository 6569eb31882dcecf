"""The standings board as a window of its own, opened as hands do against the real club
database through the TLS gateway: from the Club night menu with the code `serve` prints,
from the join dialog when the board's code is pasted there, and from `scorekeeper club
board`. It shows what the database says as hands arrive and rounds end, read off the
window's thread; light and dark at 1920x1080 and 1366x768 (tests/screenshots/)."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt, QThread, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu, QWidget

import ui.board_feed
from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials, create_event
from scorekeeper.club.board import read_board
from scorekeeper.club.gateway import TlsGateway
from scorekeeper.club.joincode import JoinCode
from scorekeeper.club.server import DATABASE, pem_fingerprint
from scorekeeper.games.euchre import club as progressive_euchre
from tests.club.fixtures import code_for, connect_as, start_gateway
from tests.club.played import judged, play, send
from tests.shots import screenshot
from tests.ui.test_app_main_window import shortcut, window_for
from tests.ui.test_club_night import open_join_dialog, progressive_night, type_code
from tests.ui.test_desk import click
from ui.board import StandingsBoard
from ui.board_feed import BoardFeed, BoardReading
from ui.board_open import open_board

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def quick(monkeypatch):
    """Boards read every 0.3 s when nothing is heard (a night's is every few seconds)."""
    monkeypatch.setattr(ui.board_feed, "READ_EVERY_MS", 300)


def board_code(club_server, gateway: TlsGateway, event: EventCredentials) -> JoinCode:
    """The board's code as `serve` prints it for another machine: through the gateway,
    the certificate pinned."""
    pin = pem_fingerprint(club_server.certificate_pem)
    return event.join_code("127.0.0.1", gateway.port, DATABASE, None, pin)


def the_board() -> StandingsBoard:
    [board] = [w for w in QApplication.topLevelWidgets() if isinstance(w, StandingsBoard)]
    return board


def shown_as_stored(board: StandingsBoard, admin, event: EventCredentials) -> bool:
    """The board shows what reading the database afresh gives."""
    return board.data == read_board(admin, event.event)


def table_pushes(club_server, admin, event: EventCredentials, table: int, seed: int) -> None:
    """Table ``table`` sends two real hands with its own login, and the referee judges
    them as `club serve` does when they arrive."""
    seated = list(t.progress(admin, event.event, 1)[table - 1].names)
    with connect_as(code_for(club_server, event, table)) as conn:
        send(conn, event.event, 1, table, play(seated, hands=2, seed=seed))
    assert judged(club_server) == 2


def some_points(board: StandingsBoard) -> bool:
    return any(line[2] != "0" for line in board.data.standings)


def board_connections(admin, event: EventCredentials) -> int:
    row = admin.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE usename = %s", (event.board.role,)
    ).fetchone()
    return row[0]


def press(qtbot, board: StandingsBoard, key: Qt.Key) -> None:
    board.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is board)
    QTest.keyClick(QApplication.focusWidget(), key)


def test_the_board_from_the_menu_shows_the_database_as_hands_arrive_and_rounds_end(
    qtbot, store, settings, club_server, admin, gateway, quick
):
    event = progressive_night(admin, "Friday <b>euchre</b>", seed=3)
    window = window_for(qtbot, store, settings)
    club_menu = window.findChild(QMenu, "clubMenu")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is club_menu)
    assert "Standings &board…" in [action.text() for action in club_menu.actions()]
    qtbot.keyClick(club_menu, Qt.Key.Key_B)  # Club night → Standings board…
    dialog = window.club.board_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.code)
    screenshot(dialog, "board_open_dialog")
    QTest.keyClicks(QApplication.focusWidget(), code_for(club_server, event, 1).code())
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert dialog.said.text() == (
        "Not opened: this is table 1's join code, not the standings board's: the board's is "
        "the last code `scorekeeper club serve` prints, after “Standings board”."
    )
    assert QApplication.focusWidget() is dialog.code and dialog.code.selectedText()
    QTest.keyClicks(QApplication.focusWidget(), board_code(club_server, gateway, event).code())
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert not dialog.isVisible()
    board = the_board()
    qtbot.waitExposed(board)
    assert window.club.boards == [board] and board.isFullScreen()
    feed = board.findChild(BoardFeed)
    reading = feed.reader.reader
    assert isinstance(reading, BoardReading)
    assert reading.thread() is feed.reader and feed.reader is not QThread.currentThread()
    qtbot.waitUntil(lambda: shown_as_stored(board, admin, event), timeout=10000)
    assert board.data.heading == "Progressive Euchre, round 1 of 3 playing"
    assert board.windowTitle() == "Friday <b>euchre</b>: standings"
    assert {line[2] for line in board.data.standings} == {"0"}
    assert "<b>Bo</b>" in {line[1] for line in board.data.standings}  # as typed

    table_pushes(club_server, admin, event, 1, seed=4)
    table_pushes(club_server, admin, event, 2, seed=5)
    qtbot.waitUntil(lambda: some_points(board), timeout=10000)
    qtbot.waitUntil(lambda: shown_as_stored(board, admin, event), timeout=10000)
    names = [p.name for p in t.players(admin, event.event)]
    expected = [(names[s.player], str(s.points)) for s in t.event_standings(admin, event.event)]
    assert [line[1:] for line in board.data.standings] == expected

    t.draw(admin, event, 2)
    t.end_round(admin, event.event, 1)
    qtbot.waitUntil(
        lambda: board.data.heading == "Progressive Euchre, round 1 of 3 over, round 2 next",
        timeout=10000,
    )
    assert shown_as_stored(board, admin, event)

    press(qtbot, board, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not board.isFullScreen())
    for width, height in ((1920, 1080), (1366, 768)):
        board.resize(width, height)
        for scheme in ("light", "dark"):
            assert board.dark == (scheme == "dark")
            screenshot(board, f"board_live_{width}x{height}_{scheme}")
            press(qtbot, board, Qt.Key.Key_D)

    board.close()  # as the window manager does
    qtbot.waitUntil(lambda: window.club.boards == [])
    qtbot.waitUntil(lambda: board_connections(admin, event) == 0, timeout=5000)

    window.activateWindow()  # the menu item's shortcut opens the dialog again
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    shortcut(qtbot, window, Qt.Key.Key_B, CTRL_SHIFT)
    again = window.club.board_dialog
    assert again is not dialog and again.isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is again.code)
    assert again.code.text() == ""
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not again.isVisible() and window.club.boards == []


def test_a_board_code_pasted_to_join_says_so_and_opens_the_board(
    qtbot, store, settings, club_server, admin, gateway, quick
):
    event = progressive_night(admin, "Board or table", seed=4)
    window = window_for(qtbot, store, settings)
    dialog = open_join_dialog(qtbot, window)
    assert not dialog.board_button.isVisible()
    type_code(qtbot, board_code(club_server, gateway, event).url())
    assert dialog.said.text() == (
        "Not joined: this is the standings board's code, not a table's: a table joins with "
        "its own code, and the board opens with this one (Club night → Standings board)."
    )
    assert window.club.worker is None and not window.club.joined()  # nothing was joined
    screenshot(dialog, "join_board_code")
    click(qtbot, dialog.board_button)
    assert not dialog.isVisible()
    board = the_board()
    qtbot.waitUntil(lambda: shown_as_stored(board, admin, event), timeout=10000)
    assert board.data.event == "Board or table"
    board.close()
    qtbot.waitUntil(lambda: board_connections(admin, event) == 0, timeout=5000)


def test_a_board_cut_off_says_since_when_and_reads_on_when_the_server_is_back(
    qtbot, club_server, admin, quick, tmp_path
):
    event = progressive_night(admin, "Cut off", seed=5)
    gate = start_gateway(club_server)
    port = gate.port
    board = open_board(board_code(club_server, gate, event), tmp_path)
    qtbot.addWidget(board)
    qtbot.waitUntil(lambda: shown_as_stored(board, admin, event), timeout=10000)
    shown = board.data
    gate.stop()  # the network goes: the board's connections are cut
    table_pushes(club_server, admin, event, 1, seed=3)
    qtbot.waitUntil(lambda: board.note != "", timeout=10000)
    last = time.localtime(board.findChild(BoardFeed).shown_at)
    assert board.note.startswith(f"Not read again since {time.strftime('%H:%M', last)}: ")
    assert board.note.endswith(": the club database does not answer. Trying again.")
    assert board.data == shown  # what was read stays on the screen
    press(qtbot, board, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not board.isFullScreen())
    board.resize(1366, 768)
    screenshot(board, "board_cut_off_1366x768")
    gate = start_gateway(club_server, port)  # the network is back
    try:
        qtbot.waitUntil(lambda: shown_as_stored(board, admin, event), timeout=15000)
        assert board.note == "" and board.data != shown and some_points(board)
    finally:
        board.close()
        gate.stop()


def test_a_notification_is_only_a_hint_to_read(qtbot, club_server, admin, monkeypatch, tmp_path):
    monkeypatch.setattr(ui.board_feed, "READ_EVERY_MS", 600_000)  # only notifications
    event = progressive_night(admin, "Heard", seed=6)
    board = open_board(code_for(club_server, event), tmp_path)
    qtbot.addWidget(board)
    qtbot.waitUntil(lambda: shown_as_stored(board, admin, event), timeout=10000)
    shown = board.data
    with connect_as(code_for(club_server, event, 2)) as table:  # a table says the board changed
        table.execute("SELECT pg_notify('club_standings', %s)", (event.event,))
        table.execute("SELECT pg_notify('club_standings', 'the board is mine')")
    QTest.qWait(1000)
    assert board.data == shown == read_board(admin, event.event)  # it read: nothing changed
    table_pushes(club_server, admin, event, 2, seed=6)  # the database's own notification
    qtbot.waitUntil(lambda: shown_as_stored(board, admin, event), timeout=5000)
    assert board.data != shown
    board.close()


def test_club_board_opens_the_window_and_a_table_code_is_refused(
    qtbot, club_server, admin, gateway, capsys, tmp_path
):
    from ui import launcher

    event = progressive_night(admin, "From the command", seed=7)
    data = tmp_path / "board"  # a data folder with no club night served
    data.mkdir()
    table = code_for(club_server, event, 1).code()
    assert launcher.main(["club", "board", table, "--data-dir", str(data)]) == 2
    assert capsys.readouterr().err == (
        "scorekeeper club board: this is table 1's join code, not the standings board's: the "
        "board's is the last code `scorekeeper club serve` prints, after “Standings board”\n"
    )
    assert launcher.main(["club", "board", "--data-dir", str(data)]) == 2
    assert "no club night was served on this machine" in capsys.readouterr().err

    seen: list = []

    def look() -> None:  # once the board shows the standings, close it: the command ends
        boards = [w for w in QApplication.topLevelWidgets() if isinstance(w, StandingsBoard)]
        if boards and boards[0].data.standings:
            seen.append((boards[0].data, boards[0].dark, boards[0].isFullScreen()))
            boards[0].close()
        else:
            QTimer.singleShot(100, look)

    other = QWidget()  # another window open: the command still ends with its board
    qtbot.addWidget(other)
    other.show()
    QTimer.singleShot(100, look)
    code = board_code(club_server, gateway, event).code()
    argv = ["club", "board", code, "--window", "--dark", "--data-dir", str(data)]
    assert launcher.main(argv) == 0
    [(data_shown, dark, full)] = seen
    assert data_shown == read_board(admin, event.event) and dark and not full
    assert (data / f"club-server-{pem_fingerprint(club_server.certificate_pem)}.pem").exists()
    qtbot.waitUntil(lambda: board_connections(admin, event) == 0, timeout=5000)


def test_the_board_opens_with_a_note_until_the_night_has_a_format(
    qtbot, club_server, admin, quick, tmp_path
):
    event = create_event(admin, "Not set up", tables=2)
    board = open_board(code_for(club_server, event), tmp_path)
    qtbot.addWidget(board)
    qtbot.waitUntil(lambda: board.note != "", timeout=10000)
    assert board.note == (
        "Not read yet: this event has no tournament format yet: the standings show once the "
        "director has set it up. Trying again."
    )
    t.configure(admin, event.event, progressive_euchre.FORMAT, {"rounds": 2})
    qtbot.waitUntil(lambda: board.data.heading == "Progressive Euchre, round 1 of 2 next")
    assert board.note == ""
    board.close()
