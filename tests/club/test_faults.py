"""Faults: each converges with nothing lost or doubled (a server of their own)."""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from scorekeeper.club.admin import EventCredentials, create_event
from scorekeeper.club.outbox import Outbox
from scorekeeper.club.server import EmbeddedServer
from scorekeeper.club.simulate import Table
from scorekeeper.club.sync import SyncWorker
from scorekeeper.club.table import join
from scorekeeper.games import get_game
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store
from tests.club.converge import assert_table_matches_server, drain
from tests.club.fixtures import code_for, running_server
from tests.club.night import assert_converged, results, start_table


@pytest.fixture(scope="module")
def own_server() -> Iterator[EmbeddedServer]:
    with running_server() as server:
        yield server


@pytest.fixture
def own_admin(own_server) -> Iterator[psycopg.Connection]:
    with psycopg.connect(own_server.admin_url(), autocommit=True) as conn:
        yield conn


@pytest.fixture
def own_event(own_admin) -> EventCredentials:
    return create_event(own_admin, "Fault night", tables=4)


def test_server_killed_and_restarted_mid_round(own_server, own_event, own_admin, tmp_path):
    processes = [start_table(own_server, own_event, n, tmp_path, hands=3) for n in own_event.tables]
    _wait_until_every_table_pushed(own_admin, own_event.event, len(own_event.tables))
    own_admin.close()
    own_server.kill()
    time.sleep(1.0)
    own_server.start()
    played = results(processes)
    with psycopg.connect(own_server.admin_url(), autocommit=True) as conn:
        assert_converged(conn, own_event.event, played)
        for table in own_event.tables:
            database = tmp_path / f"table-{table}" / "scorekeeper.sqlite3"
            assert assert_table_matches_server(conn, database) > 0


def test_a_table_killed_mid_push_converges_when_it_comes_back(
    own_server, own_event, own_admin, tmp_path
):
    process = start_table(own_server, own_event, 1, tmp_path, hands=30)
    database = tmp_path / "table-1" / "scorekeeper.sqlite3"
    _wait_until_pushed(own_admin, own_event.event, 2)  # it has pushed and has more to push
    process.send_signal(signal.SIGKILL)
    process.wait()
    outbox = Outbox(database)
    waiting = outbox.waiting()
    outbox.close()
    assert waiting > 0 or _pushed(own_admin, own_event.event) >= 2
    drain(database)
    assert assert_table_matches_server(own_admin, database) >= 1


def _wait_until_every_table_pushed(conn: psycopg.Connection, event: str, tables: int) -> None:
    """Mid-round: every table has joined and pushed, and has more to push."""
    deadline = time.monotonic() + 60
    while (
        conn.execute(
            "SELECT count(DISTINCT table_no) FROM club.matches m "
            "JOIN club.hand_revisions USING (match_id) WHERE m.event_id = %s",
            (event,),
        ).fetchone()[0]
        < tables
    ):
        assert time.monotonic() < deadline
        time.sleep(0.05)


def _wait_until_pushed(conn: psycopg.Connection, event: str, count: int) -> None:
    deadline = time.monotonic() + 60
    while _pushed(conn, event) < count:
        assert time.monotonic() < deadline
        time.sleep(0.05)


def _pushed(conn: psycopg.Connection, event: str) -> int:
    return conn.execute(
        "SELECT count(*) FROM club.hand_revisions JOIN club.matches USING (match_id) "
        "WHERE event_id = %s",
        (event,),
    ).fetchone()[0]


def test_connection_dropped_during_a_transaction(own_server, own_event, own_admin, tmp_path):
    database = tmp_path / "table.sqlite3"
    join(database, code_for(own_server, own_event, 2).code(), tmp_path)
    game = get_game("euchre")
    table = Table(Store(database), MatchInfo("m", game.id, game.settings(), ("A", "B", "C", "D")))
    Outbox(database).tag(table.match_id)
    table.play_hand(random.Random(4), 0, 0)
    role = own_event.tables[2].role
    worker = SyncWorker(database, tmp_path, poll=0.05, max_pause=0.5)
    with own_admin.transaction():
        # hold the revisions table so that the table's push waits inside its transaction
        own_admin.execute("LOCK TABLE club.hand_revisions IN EXCLUSIVE MODE")
        worker.start()
        with psycopg.connect(own_server.admin_url(), autocommit=True) as watcher:
            assert _wait_for_lock_waiter(watcher, role)
            watcher.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s",
                (role,),
            )
    deadline = time.monotonic() + 20
    while worker.status.waiting or not worker.status.online:
        assert time.monotonic() < deadline, worker.status
        time.sleep(0.05)
    worker.stop()
    assert assert_table_matches_server(own_admin, database) == 1
    assert _pushed(own_admin, own_event.event) == 1


def _wait_for_lock_waiter(conn: psycopg.Connection, role: str, timeout: float = 20) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        row = conn.execute(
            "SELECT 1 FROM pg_stat_activity WHERE usename = %s AND wait_event_type = 'Lock' "
            "AND state = 'active'",
            (role,),
        ).fetchone()
        if row:
            return True
        time.sleep(0.02)
    return False


def test_the_embedded_server_resumes_its_data_after_a_clean_stop(own_server, own_event):
    own_server.stop()
    assert not own_server.running
    own_server.start()
    with psycopg.connect(own_server.admin_url()) as conn:
        assert conn.execute(
            "SELECT name FROM club.events WHERE event_id = %s", (own_event.event,)
        ).fetchone() == ("Fault night",)
    assert Path(own_server.pgdata, "PG_VERSION").exists()
