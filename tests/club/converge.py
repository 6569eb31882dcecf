"""Whether a table's match database and the club database agree, hand by hand."""

from __future__ import annotations

import time
from pathlib import Path

import psycopg

from scorekeeper.club.outbox import Outbox
from scorekeeper.club.record import hand_payload
from scorekeeper.club.referee import judge_pending
from scorekeeper.club.sync import SyncWorker
from scorekeeper.ledger import Ledger
from scorekeeper.storage import Store


def drain(database: Path, timeout: float = 60) -> SyncWorker:
    """Run a worker on ``database`` until its outbox is empty."""
    worker = SyncWorker(database, database.parent, poll=0.1, max_pause=1)
    worker.start()
    outbox = Outbox(database)
    try:
        deadline = time.monotonic() + timeout
        while outbox.waiting() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert outbox.waiting() == 0, worker.status
    finally:
        outbox.close()
        worker.stop()
    return worker


def assert_table_matches_server(conn: psycopg.Connection, database: Path) -> int:
    """Every club match of the table, once the referee has judged what arrived: the
    server's latest record of each hand is the table's own record at the table's
    revision. The number of hands compared."""
    judge_pending(conn)
    store, outbox = Store(database), Outbox(database)
    compared = 0
    try:
        for summary in store.matches(archived=None):
            tagged = outbox.tagged(summary.id)
            if tagged is None:
                continue
            stored = store.load(summary.id)
            ledger = Ledger(stored.info, stored.hands)
            server = {
                hand: (revision, record)
                for hand, revision, record in conn.execute(
                    "SELECT hand_no, r.table_revision, h.record FROM club.hands h "
                    "JOIN club.hand_revisions r USING (match_id, hand_no, revision) "
                    "WHERE match_id = %s",
                    (tagged[0],),
                )
            }
            for hand, (revision, record) in server.items():
                assert revision == outbox.revision(summary.id, hand), hand
                assert record == hand_payload(ledger, hand), hand
            assert set(range(len(ledger.hands))) <= set(server)
            compared += len(server)
    finally:
        store.close()
        outbox.close()
    return compared
