"""The administrator's side: events, their roles and credentials, rounds.

Runs with a role that may create roles (the embedded server's administrator, or the role
named by ``--db``). Every event gets random credentials of its own; revoking one stops it
from logging in and ends its open connections. Names reach SQL only as parameters; the
role names are random (they say nothing of the event), and passwords go in as literals
quoted by psycopg (``CREATE ROLE`` takes no parameters).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import asdict, dataclass, field
from pathlib import Path

import psycopg
from psycopg import sql

from scorekeeper.club.joincode import JoinCode
from scorekeeper.club.schema import BOARD_CONNECTIONS


@dataclass(frozen=True)
class Credentials:
    role: str
    password: str


@dataclass
class EventCredentials:
    """What the director keeps (in the data folder) to hand out join codes."""

    event: str
    name: str
    director: Credentials
    board: Credentials
    tables: dict[int, Credentials] = field(default_factory=dict)
    reader: Credentials | None = None  # the login players' results codes read with

    def save(self, folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self.event}.json"
        path.touch(mode=0o600)
        path.write_text(json.dumps(asdict(self), indent=1, ensure_ascii=False), encoding="utf-8")
        return path

    @staticmethod
    def load(path: Path) -> EventCredentials:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return EventCredentials(
            raw["event"],
            raw["name"],
            Credentials(**raw["director"]),
            Credentials(**raw["board"]),
            {int(number): Credentials(**cred) for number, cred in raw["tables"].items()},
            Credentials(**raw["reader"]) if raw.get("reader") else None,
        )

    def join_code(
        self, host: str, port: int, database: str, table: int | None, pin: str | None
    ) -> JoinCode:
        """A table's code (``table`` a number) or the board's (``table`` None)."""
        cred = self.board if table is None else self.tables[table]
        return JoinCode(host, port, database, self.event, cred.role, cred.password, table, pin)

    def director_code(self, host: str, port: int, database: str, pin: str | None) -> JoinCode:
        cred = self.director
        return JoinCode(host, port, database, self.event, cred.role, cred.password, None, pin)


def _new_login(conn: psycopg.Connection, group: str) -> Credentials:
    """A login in ``group`` whose name says nothing (not even its event), with a random
    password."""
    role = f"sk_{secrets.token_hex(12)}"
    password = secrets.token_urlsafe(18)
    conn.execute(
        sql.SQL("CREATE ROLE {} LOGIN PASSWORD {} IN ROLE {}").format(
            sql.Identifier(role), sql.Literal(password), sql.Identifier(group)
        )
    )
    conn.execute(
        sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(
            sql.Identifier(conn.info.dbname), sql.Identifier(role)
        )
    )
    return Credentials(role, password)


def create_event(conn: psycopg.Connection, name: str, tables: int) -> EventCredentials:
    """A new event with its director, its board, ``tables`` tables and round 1 open."""
    event = "e" + secrets.token_hex(5)
    with conn.transaction():
        director = _new_login(conn, "club_director")
        board = _new_login(conn, "club_board")
        conn.execute("SELECT club.bound_login(%s, %s)", (board.role, BOARD_CONNECTIONS))
        conn.execute(
            "INSERT INTO club.events (event_id, name, director_role, board_role) "
            "VALUES (%s, %s, %s, %s)",
            (event, name, director.role, board.role),
        )
        conn.execute("INSERT INTO club.rounds (event_id, round_no) VALUES (%s, 1)", (event,))
        credentials = EventCredentials(event, name, director, board)
        credentials.tables.update(add_tables(conn, credentials, tables))
        credentials.reader = add_reader(conn, event)
    return credentials


def add_reader(conn: psycopg.Connection, event: str) -> Credentials:
    """The login players' results codes read ``event`` with (it may only read one
    player's night, given the player's key); made by the database (``club.add_reader``),
    by the event's director as well as the administrator. An event that has one gets a
    new password for it (codes printed with the old one no longer read)."""
    row = conn.execute("SELECT * FROM club.add_reader(%s)", (event,)).fetchone()
    assert row is not None  # the function returns the login
    return Credentials(*row)


def ensure_reader(conn: psycopg.Connection, event: EventCredentials, folder: Path | None) -> None:
    """Give ``event`` (one made before players had results codes) its readers' login,
    kept with it in ``folder``."""
    if event.reader is None:
        event.reader = add_reader(conn, event.event)
        if folder is not None:
            event.save(folder)


def add_tables(
    conn: psycopg.Connection, event: EventCredentials, count: int
) -> dict[int, Credentials]:
    """``count`` more tables, numbered on from the last; their logins, by number. The
    database makes them (``club.add_table``), so the event's director may do this as well
    as the administrator; the caller adds them to ``event`` once its transaction holds."""
    made = {}
    with conn.transaction():
        for _ in range(count):
            row = conn.execute("SELECT * FROM club.add_table(%s)", (event.event,)).fetchone()
            assert row is not None  # the function returns the table it made
            number, role, password = row
            made[number] = Credentials(role, password)
    return made


def revoke_table(conn: psycopg.Connection, event: str, table: int) -> None:
    """Withdraw table ``table``'s pass: its login can no longer log in, its open
    connections are ended, and the withdrawn login is kept on record (the table may be
    issued a new pass). The event's director may do this as well as the administrator."""
    conn.execute("SELECT club.withdraw_table(%s, %s)", (event, table))


def reissue_table(conn: psycopg.Connection, event: EventCredentials, table: int) -> Credentials:
    """A new pass for table ``table`` of ``event``, whose pass was withdrawn: a new login
    for the same table number (the withdrawn one stays withdrawn). The database makes it
    (``club.reissue_table``) and refuses a table whose pass is still in use; the caller
    puts it in ``event`` once its transaction holds."""
    row = conn.execute("SELECT * FROM club.reissue_table(%s, %s)", (event.event, table)).fetchone()
    assert row is not None  # the function returns the login it made
    return Credentials(*row)


@dataclass(frozen=True)
class TableLogin:
    """A login one of an event's tables has had."""

    role: str
    table: int
    withdrawn: bool  # its pass was withdrawn: it can no longer log in
    current: bool  # the table's pass now (else one withdrawn before a new pass)


def table_logins(conn: psycopg.Connection, event: str) -> list[TableLogin]:
    """Every login ``event``'s tables have had, by table: those withdrawn, in the order
    they were, then the table's pass now."""
    rows = conn.execute(
        "SELECT l.role_name, l.table_no, w.role_name IS NOT NULL, t.role_name IS NOT NULL "
        "FROM (SELECT role_name, table_no FROM club.tables WHERE event_id = %s "
        "UNION SELECT role_name, table_no FROM club.withdrawn_passes WHERE event_id = %s) l "
        "LEFT JOIN club.withdrawn_passes w USING (role_name) "
        "LEFT JOIN club.tables t USING (role_name) ORDER BY 2, 4, w.withdrawn, 1",
        (event, event),
    )
    return [TableLogin(*row) for row in rows]


def withdrawn_tables(conn: psycopg.Connection, event: str) -> set[int]:
    """The tables of ``event`` whose pass is withdrawn and not yet issued again."""
    return {login.table for login in table_logins(conn, event) if login.current and login.withdrawn}


def open_round(conn: psycopg.Connection, event: str) -> int:
    """Close the open rounds of ``event`` (they end now) and open the next, started now;
    its number. The director's role (or the administrator) may do this."""
    with conn.transaction():
        conn.execute(
            "UPDATE club.rounds SET open = false, ended = coalesce(ended, now()) "
            "WHERE event_id = %s AND open",
            (event,),
        )
        made = conn.execute(
            "INSERT INTO club.rounds (event_id, round_no, started) "
            "SELECT %s, coalesce(max(round_no), 0) + 1, now() "
            "FROM club.rounds WHERE event_id = %s RETURNING round_no",
            (event, event),
        ).fetchone()
    assert made is not None  # INSERT … RETURNING gives the row it made
    return int(made[0])


def close_round(conn: psycopg.Connection, event: str, round_no: int) -> None:
    conn.execute(
        "UPDATE club.rounds SET open = false WHERE event_id = %s AND round_no = %s",
        (event, round_no),
    )


def current_round(conn: psycopg.Connection, event: str) -> int | None:
    """The event's open round, as the connected role sees it (None: none is open)."""
    row = conn.execute(
        "SELECT max(round_no) FROM club.rounds WHERE event_id = %s AND open", (event,)
    ).fetchone()
    return row[0] if row else None
