"""The tables' logins as the web pages use them: a connection kept open per table for
its next request (a login's connections are few: the database allows a table 4)."""

from __future__ import annotations

import select
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from psycopg.conninfo import make_conninfo
from psycopg.pq import TransactionStatus

from scorekeeper.club.admin import Credentials

KEPT = 1  # idle connections kept per login


def _open(conn: psycopg.Connection) -> bool:
    """Whether an idle connection is still open, asked of its socket alone (no query):
    the database sends an idle connection nothing unless it ends it, so one with
    something to read is taken as ended (at worst a sound one is opened again)."""
    if conn.closed:
        return False
    readable, _, _ = select.select([conn.fileno()], [], [], 0)
    return not readable


class Logins:
    """Connections with the tables' own logins to the club database at ``conninfo``."""

    def __init__(self, conninfo: str) -> None:
        self.conninfo = conninfo
        self._idle: dict[str, list[psycopg.Connection]] = {}
        self._lock = threading.Lock()

    @contextmanager
    def connection(self, login: Credentials) -> Iterator[psycopg.Connection]:
        """A live connection as ``login`` (kept for the next request if it stays sound);
        ``psycopg.OperationalError`` when the login cannot log in (a withdrawn pass)."""
        conn = self._kept(login.role) or psycopg.connect(
            make_conninfo(self.conninfo, user=login.role, password=login.password),
            autocommit=True,
        )
        sound = False
        try:
            yield conn
            sound = conn.info.transaction_status == TransactionStatus.IDLE
        finally:
            self._give_back(login.role, conn, sound)

    def _kept(self, role: str) -> psycopg.Connection | None:
        """A kept connection of ``role`` that the database has not ended (it ends a
        withdrawn pass's connections), or None."""
        with self._lock:
            idle = self._idle.get(role, [])
            conn = idle.pop() if idle else None
        if conn is None:
            return None
        if not _open(conn):
            conn.close()
            return None
        return conn

    def _give_back(self, role: str, conn: psycopg.Connection, sound: bool) -> None:
        with self._lock:
            idle = self._idle.setdefault(role, [])
            if sound and not conn.closed and len(idle) < KEPT:
                idle.append(conn)
                return
        conn.close()

    def close(self) -> None:
        """Close every kept connection."""
        with self._lock:
            kept = [conn for idle in self._idle.values() for conn in idle]
            self._idle.clear()
        for conn in kept:
            conn.close()
