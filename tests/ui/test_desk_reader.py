"""The desk reads the tables again every few seconds in a thread of its own: while the
club database is slow to answer (here a lock holds the read), the window goes on (its
clocks tick, typing works), and what the read brings is shown once it comes."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from psycopg.pq import TransactionStatus
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials
from scorekeeper.club.server import DATABASE
from tests.club.fixtures import code_for, connect_as
from tests.club.played import play, send
from tests.ui.test_club_night import progressive_night
from tests.ui.test_desk import focus, opened_desk
from ui.desk import TIME_COLUMN, DirectorDesk


def reads_waiting(admin, role: str) -> int:
    """How many of ``role``'s queries wait for a lock."""
    row = admin.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE usename = %s AND wait_event_type = 'Lock'",
        (role,),
    ).fetchone()
    return row[0]


def connections(admin, role: str) -> int:
    row = admin.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE usename = %s", (role,)
    ).fetchone()
    return row[0]


@contextmanager
def night_desk(
    qtbot, server, admin, name: str, folder
) -> Iterator[tuple[EventCredentials, psycopg.Connection, DirectorDesk]]:
    """A night of Progressive Euchre (round 1 started) and its desk, opened on the
    director's own connection."""
    event = progressive_night(admin, name, seed=3)
    with connect_as(event.director_code("127.0.0.1", server.port, DATABASE, None)) as conn:
        yield event, conn, opened_desk(qtbot, conn, event, folder)


def test_a_slow_club_database_does_not_freeze_the_desk(
    qtbot,
    club_server,
    admin,
    referee,
    tmp_path,
):
    with night_desk(qtbot, club_server, admin, "Slow night", tmp_path) as (event, _, desk):
        role = event.director.role
        desk.live.setInterval(200)
        qtbot.waitUntil(lambda: connections(admin, role) == 2)  # the desk's and the reader's

        seated = t.progress(admin, event.event, 1)[0].names
        locker = psycopg.connect(club_server.admin_url())  # the database is slow to answer
        locker.execute("LOCK TABLE club.seats IN ACCESS EXCLUSIVE MODE")
        safety = threading.Timer(30, locker.rollback)  # were the window frozen, it would thaw
        safety.start()
        try:
            qtbot.waitUntil(lambda: reads_waiting(admin, role) == 1, timeout=5000)
            with connect_as(code_for(club_server, event, 1)) as table:
                send(table, event.event, 1, 1, play(seated))
            clock = desk.progress.item(0, TIME_COLUMN).text()
            qtbot.waitUntil(
                lambda: desk.progress.item(0, TIME_COLUMN).text() != clock, timeout=3000
            )
            focus(qtbot, desk.name)
            QTest.keyClicks(QApplication.focusWidget(), "Zed")
            assert desk.name.text() == "Zed"
            assert desk.progress.item(0, 2).text() == "0 of 8 (playing)"  # as last read
            assert reads_waiting(admin, role) == 1  # the read still waits for the database
            assert locker.info.transaction_status == TransactionStatus.INTRANS
        finally:
            safety.cancel()
            locker.rollback()
            locker.close()
        qtbot.waitUntil(lambda: desk.progress.item(0, 2).text() == "1 of 8 (playing)", timeout=5000)
        assert t.progress(admin, event.event, 1)[0].hands == 1
        desk.close()  # the reader's thread stops and its connection is closed
        qtbot.waitUntil(lambda: connections(admin, role) == 1, timeout=3000)  # its server ends
