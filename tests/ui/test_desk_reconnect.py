"""The desk's own connection, once cut (the club server restarted, the network dropped),
is opened again by the next action, which is then done; while the server does not
answer, the desk says so in words and what it shows stays."""

from __future__ import annotations

import threading

import psycopg
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from scorekeeper.club import tournament as t
from tests.club.fixtures import running_server
from tests.ui.test_club_night import PLAYERS
from tests.ui.test_desk import click, focus, shown_players
from tests.ui.test_desk_reader import night_desk, reads_waiting
from ui.desk import STATUS_WORDS, DirectorDesk


def held_players(admin, event: str) -> list[str]:
    """The register as the database holds it, in the desk's words."""
    return [f"{p.name} ({STATUS_WORDS[p.status]})" for p in t.players(admin, event)]


def register(qtbot, desk: DirectorDesk, name: str) -> None:
    """Type ``name`` into the register's field and press Enter."""
    focus(qtbot, desk.name)
    QTest.keyClicks(QApplication.focusWidget(), name)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def cut(admin, conn: psycopg.Connection) -> None:
    """End ``conn``'s backend from the server's side, as a restart would."""
    admin.execute("SELECT pg_terminate_backend(%s)", (conn.info.backend_pid,))


def test_a_desk_whose_connection_is_cut_connects_again_and_does_the_next_action(
    qtbot,
    club_server,
    admin,
    tmp_path,
):
    with night_desk(qtbot, club_server, admin, "Cut night", tmp_path) as (event, conn, desk):
        cut(admin, conn)
        register(qtbot, desk, "Zed")
        assert desk.message.text() == "Zed registered."
        assert shown_players(desk) == held_players(admin, event.event)
        assert [p.name for p in t.players(admin, event.event)] == [*PLAYERS, "Zed"]
        assert conn.broken and desk.conn is not conn and not desk.conn.closed

        cut(admin, desk.conn)  # cut again: a table's hands are read on a new connection
        cell = desk.progress.visualItemRect(desk.progress.item(0, 1)).center()
        QTest.mouseClick(desk.progress.viewport(), Qt.MouseButton.LeftButton, pos=cell)
        click(qtbot, desk.table_hands)
        dialog = desk.hands_dialog
        qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.hands)
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
        assert not dialog.isVisible()
        own = desk.conn
        desk.close()  # the connection the desk opened itself is closed with it
        assert own.closed


def test_an_action_whose_connection_is_cut_while_it_runs_is_not_run_again(
    qtbot,
    club_server,
    admin,
    tmp_path,
):
    with night_desk(qtbot, club_server, admin, "Mid-action night", tmp_path) as (
        event,
        conn,
        desk,
    ):
        role = event.director.role
        shown = shown_players(desk)
        locker = psycopg.connect(club_server.admin_url())  # the register waits for this lock
        locker.execute("LOCK TABLE club.players IN ACCESS EXCLUSIVE MODE")

        def cut_while_waiting() -> None:
            with psycopg.connect(club_server.admin_url(), autocommit=True) as watcher:
                while reads_waiting(watcher, role) == 0:
                    threading.Event().wait(0.05)
                cut(watcher, conn)
            locker.rollback()  # a second try would now go through

        cutter = threading.Thread(target=cut_while_waiting)
        cutter.start()
        try:
            register(qtbot, desk, "Zed")
        finally:
            cutter.join(10)
            locker.close()
        said = desk.message.text()
        assert said.startswith("Not done: the club database said terminating connection")
        assert shown_players(desk) == shown == held_players(admin, event.event)
        assert desk.name.text() == "Zed"

        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # the director's try
        assert desk.message.text() == "Zed registered."
        assert shown_players(desk) == held_players(admin, event.event)


def test_a_desk_whose_server_is_down_says_so_and_acts_again_once_it_is_back(qtbot, tmp_path):
    with (
        running_server() as server,
        psycopg.connect(server.admin_url(), autocommit=True) as admin,
        night_desk(qtbot, server, admin, "Down night", tmp_path) as (event, _, desk),
    ):
        desk.live.setInterval(3_600_000)  # the reader's own notice is not this test's
        shown = shown_players(desk)
        progress = [desk.progress.item(0, c).text() for c in range(2)]
        server.stop()
        register(qtbot, desk, "Zed")
        said = desk.message.text()
        assert said.startswith("Not done: the club database said connection failed: ")
        assert said.endswith("The club database does not answer (the connection is closed).")
        assert "Traceback" not in said and "psycopg" not in said
        assert shown_players(desk) == shown
        assert [desk.progress.item(0, c).text() for c in range(2)] == progress
        assert desk.name.text() == "Zed"  # what was typed stays, to send again

        server.start()
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        assert desk.message.text() == "Zed registered."
        with psycopg.connect(server.admin_url(), autocommit=True) as back:
            assert shown_players(desk) == held_players(back, event.event)
            assert [p.name for p in t.players(back, event.event)] == [*PLAYERS, "Zed"]
        desk.close()
