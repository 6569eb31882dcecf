"""The table's side of a club night, in its own match database.

The tables ``club_link``, ``club_matches`` and ``club_outbox`` (a migration of
:mod:`scorekeeper.storage`) say which event the table joined, which of its matches belong
to it, and which hands changed since they were last pushed: triggers on the events raise
a hand's revision in the same transaction as the change, so nothing recorded can be
missed, and recording never waits for the network.
"""

from __future__ import annotations

import sqlite3
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from scorekeeper.club.joincode import JoinCode, parse
from scorekeeper.storage import Store, connect_database, database_problem


@dataclass(frozen=True)
class Link:
    code: JoinCode
    round: int


@dataclass(frozen=True)
class Sent:
    """A hand's latest revision, as the server has taken it."""

    match_id: int
    remote_id: str
    round: int
    hand: int
    revision: int


@dataclass(frozen=True)
class Refusal:
    """A hand whose latest revision the server refused, and why."""

    round: int
    hand: int
    reason: str


@dataclass(frozen=True)
class Pending:
    """A hand to push: its local match, the server's match id, and the revision."""

    match_id: int
    remote_id: str
    hand: int
    revision: int
    match_pushed: bool


class Outbox:
    """Reads and marks the outbox; one per thread (an SQLite connection of its own)."""

    def __init__(self, path: Path) -> None:
        Store(path).close()  # creates or migrates the database, refusing a newer one
        self.path = Path(path)
        self._db = connect_database(self.path, check_same_thread=False)
        self._db.execute("PRAGMA foreign_keys = ON")

    def close(self) -> None:
        self._db.close()

    # -- joining --------------------------------------------------------------------------

    def link(self) -> Link | None:
        """The club night this table is in, or None."""
        row = self._db.execute("SELECT code, round FROM club_link WHERE active").fetchone()
        return Link(parse(row[0]), row[1]) if row else None

    def join(self, code: JoinCode, round_no: int) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO club_link (id, code, round, active, joined) "
            "VALUES (1, ?, ?, 1, ?)",
            (code.url(), round_no, datetime.now(UTC).isoformat(timespec="seconds")),
        )

    def set_round(self, round_no: int) -> None:
        self._db.execute("UPDATE club_link SET round = ? WHERE id = 1", (round_no,))

    def leave(self) -> None:
        """Stop syncing; the matches and the outbox stay as they are."""
        self._db.execute("UPDATE club_link SET active = 0")

    def tag(self, match_id: int) -> str:
        """Make ``match_id`` one of the club night's matches (event, round, table) and queue
        every hand it already has; the id the server knows it by."""
        link = self.link()
        if link is None or link.code.table is None:
            raise ValueError("this table has not joined a club night")
        remote = str(uuid.uuid4())
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO club_matches (match_id, remote_id, event, round, table_no) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (match_id, remote, link.code.event, link.round, link.code.table),
                )
                self._db.execute(
                    "INSERT INTO club_outbox (match_id, hand, revision) "
                    "SELECT DISTINCT match_id, hand, 1 FROM events WHERE match_id = ?",
                    (match_id,),
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.Error as error:
            raise database_problem(self.path, error) from None
        return remote

    def tagged(self, match_id: int) -> tuple[str, str, int, int] | None:
        """``(remote id, event, round, table)`` of a club match, else None."""
        tag: tuple[str, str, int, int] | None = self._db.execute(
            "SELECT remote_id, event, round, table_no FROM club_matches WHERE match_id = ?",
            (match_id,),
        ).fetchone()
        return tag

    # -- pushing --------------------------------------------------------------------------

    def pending(self, limit: int = 100) -> list[Pending]:
        """The hands whose revision is newer than the last the server answered for."""
        rows = self._db.execute(
            "SELECT o.match_id, m.remote_id, o.hand, o.revision, m.pushed "
            "FROM club_outbox o JOIN club_matches m USING (match_id) "
            "WHERE o.revision > o.pushed ORDER BY o.match_id, o.hand LIMIT ?",
            (limit,),
        ).fetchall()
        return [Pending(m, r, h, rev, bool(p)) for m, r, h, rev, p in rows]

    def revision(self, match_id: int, hand: int) -> int:
        row = self._db.execute(
            "SELECT revision FROM club_outbox WHERE match_id = ? AND hand = ?", (match_id, hand)
        ).fetchone()
        return row[0] if row else 0

    def mark_pushed(self, done: list[Pending]) -> None:
        """The server stored these revisions (for the referee to judge)."""
        self._db.execute("BEGIN IMMEDIATE")
        for item in done:
            self._db.execute(
                "UPDATE club_outbox SET pushed = max(pushed, ?), refused = NULL "
                "WHERE match_id = ? AND hand = ?",
                (item.revision, item.match_id, item.hand),
            )
            self._db.execute(
                "UPDATE club_matches SET pushed = 1 WHERE match_id = ?", (item.match_id,)
            )
        self._db.execute("COMMIT")

    def mark_refused(self, refused: list[tuple[int, int, int, str]]) -> None:
        """The server refused these revisions ``(match, hand, revision, reason)``: they stay
        here, are not sent again, and the status says why; a later change of the hand is
        sent again."""
        self._db.executemany(
            "UPDATE club_outbox SET pushed = max(pushed, ?), refused = ? "
            "WHERE match_id = ? AND hand = ? AND revision = ?",
            [
                (revision, reason, match, hand, revision)
                for match, hand, revision, reason in refused
            ],
        )

    def send_again(self, match_id: int, hand: int, revision: int) -> None:
        """The server does not have this revision it was said to have: send it again."""
        self._db.execute(
            "UPDATE club_outbox SET pushed = 0 WHERE match_id = ? AND hand = ? AND revision = ?",
            (match_id, hand, revision),
        )

    def sent(self, event: str) -> list[Sent]:
        """The revisions of ``event``'s matches the server has taken (each hand's latest)
        and not refused."""
        rows = self._db.execute(
            "SELECT o.match_id, m.remote_id, m.round, o.hand, o.revision "
            "FROM club_outbox o JOIN club_matches m USING (match_id) "
            "WHERE m.event = ? AND o.revision = o.pushed AND o.refused IS NULL ORDER BY 1, 4",
            (event,),
        ).fetchall()
        return [Sent(*row) for row in rows]

    def waiting(self) -> int:
        (count,) = self._db.execute(
            "SELECT count(*) FROM club_outbox o JOIN club_matches m USING (match_id) "
            "WHERE o.revision > o.pushed"
        ).fetchone()
        return int(count)

    def refusals(self, event: str) -> list[Refusal]:
        """Each hand of ``event``'s matches whose latest revision the server refused:
        round, hand, why."""
        rows = self._db.execute(
            "SELECT m.round, o.hand, o.refused FROM club_outbox o "
            "JOIN club_matches m USING (match_id) WHERE m.event = ? "
            "AND o.refused IS NOT NULL AND o.revision = o.pushed ORDER BY 1, 2",
            (event,),
        ).fetchall()
        return [Refusal(*row) for row in rows]
