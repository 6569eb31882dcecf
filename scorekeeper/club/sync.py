"""Pushing the outbox to the club database, from a thread of its own.

Each hand goes as ``(match id, hand, revision)`` with its record; the server ignores a
revision it already has (``ON CONFLICT DO NOTHING``), so a push repeated after a crash or
a lost reply stores nothing twice. A hand is marked pushed only after the server
committed it. Faults of the network or the server leave the hands waiting: the worker
retries with a growing, jittered pause, and recording never waits for it.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

import psycopg
from psycopg.types.json import Jsonb

from scorekeeper.club.admin import current_round
from scorekeeper.club.outbox import Outbox, Pending
from scorekeeper.club.record import hand_payload, match_payload
from scorekeeper.club.table import Seating, seating
from scorekeeper.ledger import Ledger
from scorekeeper.storage import Store

FOLLOW_EVERY = 5.0  # seconds between looks at the open round and this table's seats
REFUSED = "the club database refused it: the round is closed or the table's pass was withdrawn"


@dataclass(frozen=True)
class SyncStatus:
    online: bool
    waiting: int
    last_synced: float | None = None  # time.time() when nothing was left to push
    refused: int = 0
    problem: str | None = None
    seating: Seating | None = None  # who sits at this table in the open round


def _ago(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h"


def _hands(count: int) -> str:
    return "1 hand" if count == 1 else f"{count} hands"


def status_text(status: SyncStatus, now: float | None = None) -> str:
    """The status bar's words: "synced 2 s ago", "offline: 12 hands waiting"."""
    now = time.time() if now is None else now
    if not status.online:
        text = f"offline: {_hands(status.waiting)} waiting"
    elif status.waiting:
        text = f"sending: {_hands(status.waiting)} waiting"
    elif status.last_synced is not None:
        text = f"synced {_ago(now - status.last_synced)} ago"
    else:
        text = "connected"
    if status.refused:
        text += f"; {_hands(status.refused)} refused by the club database"
    return text


class Pusher:
    """Pushes waiting hands over one connection; used by :class:`SyncWorker`."""

    def __init__(self, database: Path, certificate_folder: Path) -> None:
        self.outbox = Outbox(database)
        self.store = Store(database)
        self.certificate_folder = certificate_folder
        self.conn: psycopg.Connection | None = None
        self.sent = 0  # revisions the server stored (or already had) through this pusher
        self.seating: Seating | None = None
        self._followed = float("-inf")  # time.monotonic() of the last look at the round

    def close(self) -> None:
        self.disconnect()
        self.store.close()
        self.outbox.close()

    def disconnect(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def connect(self) -> None:
        link = self.outbox.link()
        if link is None:
            raise psycopg.OperationalError("this table has not joined a club night")
        self.conn = psycopg.connect(link.code.conninfo(self.certificate_folder), autocommit=True)
        self._followed = float("-inf")
        self.follow_round()

    def follow_round(self) -> None:
        """When the director opens a new round, tag new matches with it; and read who sits
        at this table in it (again while its seats are not drawn). Every few seconds."""
        now = time.monotonic()
        if self.conn is None or now - self._followed < FOLLOW_EVERY:
            return
        self._followed = now
        link = self.outbox.link()
        if link is None or link.code.table is None:
            return
        round_no = current_round(self.conn, link.code.event)
        if round_no is None:
            return
        if round_no != link.round:
            self.outbox.set_round(round_no)
        if self.seating is None or self.seating.round != round_no or not self.seating.players:
            self.seating = seating(self.conn, link.code.event, round_no, link.code.table)

    def push_batch(self, limit: int = 100) -> int:
        """Push up to ``limit`` waiting hands, one transaction per match; how many."""
        if self.conn is None or self.conn.closed:
            self.connect()
        pushed = 0
        for match_id, items in groupby(self.outbox.pending(limit), key=lambda p: p.match_id):
            pushed += self._push_match(match_id, list(items))
        return pushed

    def _push_match(self, match_id: int, items: list[Pending]) -> int:
        assert self.conn is not None
        # replayed from the events, read-only (the outcome cache belongs to the app's writer)
        stored = self.store.load(match_id)
        ledger = Ledger(stored.info, stored.hands)
        # a revision that moved while the ledger was read is sent on the next round
        current = [
            item for item in items if self.outbox.revision(match_id, item.hand) == item.revision
        ]
        if not current:
            return 0
        rows = [
            (item.remote_id, item.hand, item.revision, Jsonb(hand_payload(ledger, item.hand)))
            for item in current
        ]
        try:
            with self.conn.transaction():
                if not current[0].match_pushed:
                    tagged = self.outbox.tagged(match_id)
                    assert tagged is not None  # only tagged matches have hands waiting
                    remote, event, round_no, table = tagged
                    self.conn.execute(
                        "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
                        "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (match_id) DO NOTHING",
                        (remote, event, round_no, table, Jsonb(match_payload(ledger))),
                    )
                with self.conn.cursor() as cursor:
                    cursor.executemany(
                        "INSERT INTO club.hand_revisions (match_id, hand_no, revision, record) "
                        "VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
                        rows,
                    )
        except psycopg.errors.InsufficientPrivilege:
            self.outbox.mark_refused(match_id, REFUSED)
            return 0
        self.outbox.mark_pushed(current)
        self.sent += len(current)
        return len(current)


class SyncWorker(threading.Thread):
    """Pushes the outbox until stopped; reports a :class:`SyncStatus` after each attempt."""

    def __init__(
        self,
        database: Path,
        certificate_folder: Path,
        on_status: Callable[[SyncStatus], None] | None = None,
        poll: float = 1.0,
        max_pause: float = 30.0,
    ) -> None:
        super().__init__(name="club sync", daemon=True)
        self.database = Path(database)
        self.certificate_folder = Path(certificate_folder)
        self.on_status = on_status
        self.poll = poll
        self.max_pause = max_pause
        self._stop_event = threading.Event()
        self._wake = threading.Event()
        self.status = SyncStatus(online=False, waiting=0)
        self.sent = 0

    def nudge(self) -> None:
        """Something was recorded: push it now rather than at the next poll."""
        self._wake.set()

    def stop(self, timeout: float = 10) -> None:
        self._stop_event.set()
        self._wake.set()
        self.join(timeout)

    def _publish(self, status: SyncStatus) -> None:
        self.status = status
        if self.on_status is not None:
            self.on_status(status)

    def run(self) -> None:
        pusher = Pusher(self.database, self.certificate_folder)
        failures = 0
        last_synced: float | None = None
        try:
            while not self._stop_event.is_set():
                pause = self.poll
                try:
                    pushed = pusher.push_batch()
                    pusher.follow_round()
                    failures, online, problem = 0, True, None
                    if pushed:
                        pause = 0
                except Exception as error:
                    pusher.disconnect()
                    failures += 1
                    online = not isinstance(error, psycopg.OperationalError)
                    problem = str(error).strip().splitlines()[0] if str(error) else None
                    pause = min(self.max_pause, 0.25 * 2**failures) * random.uniform(0.5, 1)
                waiting = pusher.outbox.waiting()
                if online and not waiting:
                    last_synced = time.time()
                self.sent = pusher.sent
                refused = len(pusher.outbox.refused())
                self._publish(
                    SyncStatus(online, waiting, last_synced, refused, problem, pusher.seating)
                )
                if failures:
                    self._stop_event.wait(pause)
                else:
                    self._wake.wait(pause)
                self._wake.clear()
        finally:
            pusher.close()
