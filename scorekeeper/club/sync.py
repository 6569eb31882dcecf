"""Pushing the outbox to the club database, from a thread of its own.

Each hand goes as ``(match id, hand, the table's revision)`` with its record; the server
keeps a revision it already has once (the table's revision is its key), so a push
repeated after a crash or a lost reply stores nothing twice. The server sets who sent
it, when, and its own revision number, and its referee replays the hand before it
counts: the worker reads back each hand's verdict, keeps a refused one here with its
reason (not sent again until the hand changes), and says which hands the director has
corrected. Faults of the network or the server leave the hands waiting: the worker
retries with a growing, jittered pause, and recording never waits for it. A withdrawn
pass is not retried: the hands stay here until the table joins with a new code.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from scorekeeper.club.admin import current_round
from scorekeeper.club.outbox import Outbox, Pending
from scorekeeper.club.record import hand_payload, match_payload
from scorekeeper.club.table import REFUSED_LOGIN, Seating, seating
from scorekeeper.ledger import Ledger
from scorekeeper.storage import Store

FOLLOW_EVERY = 5.0  # seconds between looks at the open round and this table's seats
CLOSED = "its round is closed"
REFUSED_BY = {  # the constraints a record can fail, in words
    "hand_record_shape": "its record does not have one well-formed line per seat",
    "hand_record_size": "its record is too long",
    "hand_number": "the match has too many hands",
    "match_players": "its match does not name the night's number of players",
    "match_info_shape": "its match could not be read",
    "match_info_size": "its match is too long",
}
REFUSED_OTHERWISE = "the club database refused its record"


class PassWithdrawn(Exception):
    """The club database refuses this table's login: its pass was withdrawn (or is wrong)."""


@dataclass(frozen=True)
class SyncStatus:
    online: bool
    waiting: int
    last_synced: float | None = None  # time.time() when nothing was left to push
    refused: int = 0  # hands whose latest revision the club database refused
    problem: str | None = None
    seating: Seating | None = None  # who sits at this table in the open round
    checking: int = 0  # hands sent, waiting for the club database's referee
    notes: tuple[str, ...] = ()  # each hand whose record here is not the server's, and why
    withdrawn: bool = False  # the club database refuses this table's pass


def _ago(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h"


def _hands(count: int) -> str:
    return "1 hand" if count == 1 else f"{count} hands"


def hand_words(round_no: int, hand: int) -> str:
    """A hand of a club match as the table's status names it (``hand`` from 0)."""
    return f"round {round_no}, hand {hand + 1}"


def status_text(status: SyncStatus, now: float | None = None) -> str:
    """The status bar's words: "synced 2 s ago", "offline: 12 hands waiting"; then
    what the club database holds differently from this table, if anything."""
    now = time.time() if now is None else now
    if status.withdrawn:
        return (
            "refused: this table's pass was withdrawn; "
            f"{_hands(status.waiting)} kept here (ask the director for a new join code)"
        )
    if not status.online:
        text = f"offline: {_hands(status.waiting)} waiting"
    elif status.waiting:
        text = f"sending: {_hands(status.waiting)} waiting"
    elif status.last_synced is not None:
        text = f"synced {_ago(now - status.last_synced)} ago"
    else:
        text = "connected"
    if status.checking:
        text += f"; {_hands(status.checking)} being checked"
    if status.refused:
        text += f"; {_hands(status.refused)} refused by the club database"
    if status.notes:
        shown = "; ".join(status.notes[:2])
        more = len(status.notes) - 2
        text += f" ({shown}{f'; and {more} more' if more > 0 else ''})"
    return text


REFUSABLE = (psycopg.IntegrityError, psycopg.DataError, psycopg.errors.ProgramLimitExceeded)
"""What the club database answers a record it will never take (not a fault to retry)."""


def _refusal(error: psycopg.Error) -> str:
    """What the club database refused a record for, in words: a constraint's, or the
    limit its own message names."""
    if isinstance(error, psycopg.errors.ProgramLimitExceeded) and error.diag.message_primary:
        return error.diag.message_primary
    return REFUSED_BY.get(error.diag.constraint_name or "", REFUSED_OTHERWISE)


@dataclass(frozen=True)
class Review:
    """What the server holds of the hands it has taken from this table."""

    checking: int = 0  # waiting for the referee
    corrected: tuple[tuple[int, int], ...] = ()  # (round, hand) the director corrected


class Pusher:
    """Pushes waiting hands over one connection; used by :class:`SyncWorker`."""

    def __init__(self, database: Path, certificate_folder: Path) -> None:
        self.outbox = Outbox(database)
        self.store = Store(database)
        self.certificate_folder = certificate_folder
        self.conn: psycopg.Connection | None = None
        self.sent = 0  # revisions the server stored (or already had) through this pusher
        self.seating: Seating | None = None
        self.review = Review()
        self._followed = float("-inf")  # time.monotonic() of the last look at the round
        self._reviewed = float("-inf")  # and at the verdicts

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
        try:
            self.conn = psycopg.connect(
                link.code.conninfo(self.certificate_folder), autocommit=True
            )
        except psycopg.OperationalError as error:
            if any(words in str(error) for words in REFUSED_LOGIN):
                raise PassWithdrawn(str(error)) from None
            raise
        self._followed = self._reviewed = float("-inf")
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

    def read_verdicts(self, now: bool = False) -> Review:
        """Read what became of the hands the server has taken (at once when ``now``, while
        some wait for the referee, else every few seconds): a refused one is kept here
        with its reason, one the server does not have is sent again."""
        due = time.monotonic() - self._reviewed >= FOLLOW_EVERY
        if self.conn is None or not (now or self.review.checking or due):
            return self.review
        self._reviewed = time.monotonic()
        link = self.outbox.link()
        sent = self.outbox.sent(link.code.event) if link is not None else []
        rows = self.conn.execute(
            "SELECT r.verdict, r.reason, (SELECT c.table_revision IS NULL FROM club.hands h "
            "JOIN club.hand_revisions c USING (match_id, hand_no, revision) "
            "WHERE h.match_id = l.match_id AND h.hand_no = l.hand_no) "
            "FROM unnest(%s::uuid[], %s::integer[], %s::integer[]) WITH ORDINALITY "
            "AS l(match_id, hand_no, table_revision, k) "
            "LEFT JOIN club.hand_revisions r USING (match_id, hand_no, table_revision) "
            "ORDER BY l.k",
            (
                [s.remote_id for s in sent],
                [s.hand for s in sent],
                [s.revision for s in sent],
            ),
        ).fetchall()
        refused, checking, corrected = [], 0, []
        for item, (verdict, reason, by_director) in zip(sent, rows, strict=True):
            if verdict is None:
                self.outbox.send_again(item.match_id, item.hand, item.revision)
            elif verdict in ("refused", "superseded"):
                refused.append((item.match_id, item.hand, item.revision, reason or ""))
            elif verdict == "pending":
                checking += 1
            if by_director and verdict != "refused":
                corrected.append((item.round, item.hand))
        self.outbox.mark_refused(refused)
        self.review = Review(checking, tuple(corrected))
        return self.review

    def push_batch(self, limit: int = 100) -> int:
        """Push up to ``limit`` waiting hands, one transaction per match; how many."""
        if self.conn is None or self.conn.closed:
            self.connect()
        pushed = 0
        for match_id, items in groupby(self.outbox.pending(limit), key=lambda p: p.match_id):
            pushed += self._push_match(match_id, list(items))
        return pushed

    def _push_match(self, match_id: int, items: list[Pending]) -> int:
        # replayed from the events, read-only (the outcome cache belongs to the app's writer)
        stored = self.store.load(match_id)
        ledger = Ledger(stored.info, stored.hands)
        # a revision that moved while the ledger was read is sent on the next round
        current = [
            item for item in items if self.outbox.revision(match_id, item.hand) == item.revision
        ]
        if not current:
            return 0
        payloads = [hand_payload(ledger, item.hand) for item in current]
        try:
            self._send(match_id, current, payloads, match_payload(ledger))
        except psycopg.errors.InsufficientPrivilege:
            self.outbox.mark_refused([(i.match_id, i.hand, i.revision, CLOSED) for i in current])
            return 0
        except REFUSABLE as error:
            if len(current) > 1:  # one of them is refused: each on its own, the rest are taken
                return sum(self._push_match(match_id, [item]) for item in current)
            item = current[0]
            self.outbox.mark_refused([(item.match_id, item.hand, item.revision, _refusal(error))])
            return 0
        self.outbox.mark_pushed(current)
        self.sent += len(current)
        return len(current)

    def _send(
        self,
        match_id: int,
        items: list[Pending],
        payloads: list[dict[str, Any]],
        match: dict[str, Any],
    ) -> None:
        assert self.conn is not None
        with self.conn.transaction():
            if not items[0].match_pushed:
                tagged = self.outbox.tagged(match_id)
                assert tagged is not None  # only tagged matches have hands waiting
                remote, event, round_no, table = tagged
                self.conn.execute(
                    "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
                    "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (match_id) DO NOTHING",
                    (remote, event, round_no, table, Jsonb(match)),
                )
            with self.conn.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO club.hand_revisions (match_id, hand_no, table_revision, record) "
                    "VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
                    [
                        (item.remote_id, item.hand, item.revision, Jsonb(payload))
                        for item, payload in zip(items, payloads, strict=True)
                    ],
                )


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
        online, problem = False, None
        due = 0.0  # time.monotonic() of the next attempt
        withdrawn: str | None = None  # the join code whose pass the server refused
        try:
            while not self._stop_event.is_set():
                link = pusher.outbox.link()
                if withdrawn is not None and (link is None or link.code.url() != withdrawn):
                    withdrawn, due = None, 0.0  # joined again, with another code: try it
                if withdrawn is None and time.monotonic() >= due:
                    pause = self.poll
                    try:
                        pushed = pusher.push_batch()
                        pusher.read_verdicts(now=bool(pushed))
                        pusher.follow_round()
                        failures, online, problem = 0, True, None
                        if pushed:
                            pause = 0
                    except PassWithdrawn:
                        pusher.disconnect()
                        withdrawn = link.code.url() if link is not None else ""
                        online, problem = False, None
                    except Exception as error:
                        pusher.disconnect()
                        failures += 1
                        online = not isinstance(error, psycopg.OperationalError)
                        problem = str(error).strip().splitlines()[0] if str(error) else None
                        pause = min(self.max_pause, 0.25 * 2**failures) * random.uniform(0.5, 1)
                    due = time.monotonic() + pause
                waiting = pusher.outbox.waiting()
                if online and not waiting:
                    last_synced = time.time()
                self.sent = pusher.sent
                self._publish(
                    self._status(pusher, online, waiting, last_synced, problem, withdrawn)
                )
                wait = self.poll if withdrawn is not None else max(0.0, due - time.monotonic())
                if self._wake.wait(wait) and not failures:
                    due = 0.0  # something was recorded: push it now
                self._wake.clear()
        finally:
            pusher.close()

    @staticmethod
    def _status(
        pusher: Pusher,
        online: bool,
        waiting: int,
        last_synced: float | None,
        problem: str | None,
        withdrawn: str | None,
    ) -> SyncStatus:
        """The status now, counted afresh from the outbox (also while a retry waits, so
        that a hand recorded meanwhile is counted at once)."""
        link = pusher.outbox.link()  # this night's hands (not those of a night before)
        refusals = pusher.outbox.refusals(link.code.event) if link is not None else []
        notes = [f"{hand_words(r.round, r.hand)}: {r.reason}" for r in refusals]
        notes += [
            f"{hand_words(round_no, hand)}: as the director corrected it"
            for round_no, hand in pusher.review.corrected
        ]
        return SyncStatus(
            online and withdrawn is None,
            waiting,
            last_synced,
            len(refusals),
            problem,
            pusher.seating,
            pusher.review.checking,
            tuple(notes),
            withdrawn is not None,
        )
