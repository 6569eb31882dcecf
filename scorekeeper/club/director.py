"""The director's way in from the app, and what the desk reads beyond the tournament:
the events ``scorekeeper club serve`` saved in the data folder, a connection with the
event's director login, where tables reach the server (for their join codes), each
table's history of hands and revisions, when the round started, and all the desk
shows of a round's tables in one read.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from scorekeeper.club import tournament
from scorekeeper.club.admin import EventCredentials, TableLogin, table_logins
from scorekeeper.club.joincode import is_local
from scorekeeper.club.server import DATABASE, EmbeddedServer, lan_address, pem_fingerprint


class DirectorError(Exception):
    """The desk could not open; the message says why in plain words."""


def first_line(error: BaseException, otherwise: str) -> str:
    """What a database error says, its first line (``otherwise`` when it says nothing)."""
    text = str(error).strip()
    return text.splitlines()[0] if text else otherwise


def club_folder(data_folder: Path) -> Path:
    """Where ``club serve`` keeps its server and its events, in the data folder."""
    return Path(data_folder) / "club"


def saved_events(data_folder: Path) -> list[EventCredentials]:
    """The events saved in the data folder, the newest first."""
    folder = club_folder(data_folder) / "events"
    paths = sorted(folder.glob("*.json"), key=lambda path: path.stat().st_mtime, reverse=True)
    return [EventCredentials.load(path) for path in paths]


@dataclass(frozen=True)
class Place:
    """How the director connects, and where tables reach the same database."""

    conninfo: str
    host: str
    port: int
    database: str
    pin: str | None  # the certificate fingerprint tables pin; None on a club's own server


def place(event: EventCredentials, data_folder: Path, server: str = "") -> Place:
    """The club server on this machine when ``server`` is blank, else the club's own
    PostgreSQL at ``server`` (``postgresql://host:port/database``); the login is always the
    event's director."""
    login = {"user": event.director.role, "password": event.director.password}
    if server.strip():
        try:
            given = conninfo_to_dict(server.strip())
        except psycopg.ProgrammingError:
            raise DirectorError(
                "the club database's address should read postgresql://host:port/database"
            ) from None
        host = str(given.get("host") or "localhost")
        port = int(given.get("port") or 5432)
        database = str(given.get("dbname") or DATABASE)
        tls = {} if is_local(host) else {"sslmode": "require"}
        conninfo = make_conninfo(
            host=host, port=port, dbname=database, connect_timeout=5, **login, **tls
        )
        return Place(conninfo, host, port, database, None)
    embedded = EmbeddedServer(club_folder(data_folder) / "server", host="127.0.0.1")
    if not embedded.running:
        raise DirectorError(
            "the club server on this machine is not running: start it with "
            "`scorekeeper club serve`, or give the club database's address"
        )
    port = embedded.running_port
    conninfo = make_conninfo(
        host="127.0.0.1", port=port, dbname=DATABASE, connect_timeout=5, **login
    )
    host = lan_address()
    pin = None if is_local(host) else pem_fingerprint(embedded.certificate_pem)
    return Place(conninfo, host, port, DATABASE, pin)


def connect(where: Place) -> psycopg.Connection:
    """The director's connection (autocommit), or a :class:`DirectorError` in words."""
    try:
        return psycopg.connect(where.conninfo, autocommit=True)
    except psycopg.OperationalError as error:
        raise DirectorError(
            f"the club database at {where.host}:{where.port} refused or did not answer "
            f"({first_line(error, 'no answer')})"
        ) from None


def conninfo_of(conn: psycopg.Connection) -> str:
    """How to open another connection like ``conn``, with the same login."""
    return make_conninfo(conn.info.dsn, password=conn.info.password)


def join_codes(event: EventCredentials, where: Place, withdrawn: Collection[int]) -> dict[int, str]:
    """Each table's join code, as the score cards print it; none for the tables whose
    pass is ``withdrawn`` (until they are issued a new one)."""
    return {
        number: join_code(event, where, number)
        for number in sorted(event.tables)
        if number not in withdrawn
    }


def join_code(event: EventCredentials, where: Place, table: int) -> str:
    """Table ``table``'s join code as the tables paste it."""
    return event.join_code(where.host, where.port, where.database, table, where.pin).code()


@dataclass(frozen=True)
class Revision:
    """One revision of one hand at a table, with who recorded it and when, and what the
    referee made of it."""

    match: str
    hand: int  # from 1, within its match
    revision: int
    points: Mapping[str, int] | None  # player's name: points, in seat order (None: unreadable)
    by: str  # the login that recorded it
    when: datetime
    verdict: str = "accepted"  # pending, accepted, refused or superseded
    reason: str | None = None  # why it was refused


def table_history(
    conn: psycopg.Connection, event: str, round_no: int, table: int
) -> list[Revision]:
    """Every revision of every hand recorded for ``table`` in ``round_no``, in the order
    the hands were played, each hand's revisions oldest first. A record that does not
    have the shape of a hand (one older than the constraints, or damaged) has no points."""
    rows = conn.execute(
        "SELECT r.match_id::text, r.hand_no + 1, r.revision, "
        "CASE WHEN club.hand_record_ok(r.record, NULL) THEN r.record -> 'players' END, "
        "r.pushed_by, r.received, r.verdict, r.reason "
        "FROM club.hand_revisions r JOIN club.matches m USING (match_id) "
        "WHERE m.event_id = %s AND m.round_no = %s AND m.table_no = %s "
        "ORDER BY min(r.received) OVER (PARTITION BY r.match_id), r.match_id, r.hand_no, "
        "r.revision",
        (event, round_no, table),
    )
    history = []
    for match, hand, revision, lines, by, when, verdict, reason in rows:
        points = (
            None
            if lines is None
            else {line["player"]: line["points"] for line in sorted(lines, key=lambda x: x["seat"])}
        )
        history.append(Revision(match, hand, revision, points, by, when, verdict, reason))
    return history


def round_times(
    conn: psycopg.Connection, event: str, round_no: int
) -> tuple[datetime | None, datetime | None]:
    """When ``round_no`` started and ended (None: not yet)."""
    row = conn.execute(
        "SELECT started, ended FROM club.rounds WHERE event_id = %s AND round_no = %s",
        (event, round_no),
    ).fetchone()
    return (row[0], row[1]) if row else (None, None)


def last_hands(conn: psycopg.Connection, event: str, round_no: int) -> dict[int, datetime]:
    """When each table of ``round_no`` recorded its last hand (its first revision: a later
    correction does not make the table's play longer)."""
    rows = conn.execute(
        "SELECT m.table_no, max(r.received) FROM club.hand_revisions r "
        "JOIN club.matches m USING (match_id) WHERE m.event_id = %s AND m.round_no = %s "
        "AND r.revision = 1 GROUP BY m.table_no",
        (event, round_no),
    )
    return dict(rows.fetchall())


@dataclass(frozen=True)
class RoundTables:
    """What the desk shows of a round's tables, read at one moment."""

    round_no: int
    tables: list[tournament.TableProgress]  # empty: not drawn yet
    started: datetime | None
    ended: datetime | None
    last_hands: dict[int, datetime]  # by table
    logins: list[TableLogin]  # every login the event's tables have had


def round_tables(conn: psycopg.Connection, event: str, round_no: int) -> RoundTables:
    """Each table of ``round_no``: its players and hands, the round's clock, each table's
    last hand, and the tables' logins."""
    try:
        tables = tournament.progress(conn, event, round_no)
    except tournament.TournamentError:  # no format yet
        tables = []
    started, ended = round_times(conn, event, round_no)
    return RoundTables(
        round_no,
        tables,
        started,
        ended,
        last_hands(conn, event, round_no),
        table_logins(conn, event),
    )
