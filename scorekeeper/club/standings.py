"""Standings as the club database computes them, and a board that follows them.

Each scoring kind is one view (see :mod:`scorekeeper.club.schema`); a board connects with
the event's read-only role, reads the view, and waits for the ``NOTIFY`` the database
sends when a hand's latest revision changes the event.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

import psycopg
from psycopg import sql

from scorekeeper.club.schema import CHANNEL


class Kind(Enum):
    """A scoring kind: its view, the name column and the figure it ranks by."""

    INDIVIDUAL = ("standings_individual", "player", "points")
    SIDES = ("standings_sides", "side", "points")
    GAMES_WON = ("standings_games_won", "player", "games_won")
    MONEY = ("standings_money", "player", "cents")

    def __init__(self, view: str, name: str, figure: str) -> None:
        self.view, self.column, self.figure = view, name, figure


@dataclass(frozen=True)
class Line:
    name: str
    figure: int


def standings(conn: psycopg.Connection, event: str, kind: Kind = Kind.INDIVIDUAL) -> list[Line]:
    """The event's standings of ``kind``, best first (ties by name)."""
    query = sql.SQL("SELECT {}, {} FROM club.{} WHERE event_id = %s ORDER BY 2 DESC, 1").format(
        sql.Identifier(kind.column), sql.Identifier(kind.figure), sql.Identifier(kind.view)
    )
    return [Line(name, figure) for name, figure in conn.execute(query, (event,))]


def follow(conn: psycopg.Connection, event: str, timeout: float | None = None) -> Iterator[None]:
    """Yield each time the event's standings may have changed (``conn`` must be in
    autocommit; it is given over to listening). Stops after ``timeout`` seconds of quiet.

    Any login may send a notification on any channel, so one is only a hint: it counts
    when it carries the event's key (which only the event's own logins can read; the
    database sends it with every accepted hand), and the reader then reads afresh. The
    notifications already queued are taken together."""
    row = conn.execute("SELECT notify_key FROM club.events WHERE event_id = %s", (event,))
    found = row.fetchone()
    key = found[0] if found else None
    conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
    while True:
        notices = list(conn.notifies(timeout=timeout, stop_after=1))
        if not notices:
            return
        notices += conn.notifies(timeout=0)
        if key is not None and any(notice.payload == key for notice in notices):
            yield None
