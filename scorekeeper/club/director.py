"""The director's way in from the app, and what the desk reads beyond the tournament:
the events ``scorekeeper club serve`` saved in the data folder, a connection with the
event's director login, where tables reach the server (for their join codes), each
table's history of hands and revisions, when the round started, all the desk
shows of a round's tables in one read, and the standings as the desk lists them.
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
from scorekeeper.club.calls import Call, open_calls
from scorekeeper.club.formats import format_winning
from scorekeeper.club.formats.schedule import TEAMS
from scorekeeper.club.formats.standings import CRITERIA
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


# a hand record with its players' lines (a hand under way, or taken back, has none); read
# safely from any record, whatever its shape
HAS_PLAYERS = (
    "CASE WHEN jsonb_typeof({record} -> 'players') = 'array' "
    "THEN jsonb_array_length({record} -> 'players') > 0 ELSE false END"
)


def finished_tables(
    conn: psycopg.Connection, event: str, round_no: int, target: int | None
) -> dict[int, datetime]:
    """When each table that is done with ``round_no`` finished: when its round's
    ``target``-th hand (or the hand that ended its game) was first on record finished,
    however it was pushed (a hand played card by card arrives unfinished first) and
    whatever revision came after (a correction, a hand too many)."""
    played: dict[int, list[tuple[datetime, bool]]] = {}
    for table, complete, over in conn.execute(
        "SELECT h.table_no, (SELECT min(r.received) FROM club.hand_revisions r "
        "WHERE r.match_id = h.match_id AND r.hand_no = h.hand_no AND r.verdict <> 'refused' "
        f"AND {HAS_PLAYERS.format(record='r.record')}), "
        "coalesce(h.record #> '{score,game_over}' = 'true', false) "
        "FROM club.counted_hands h WHERE h.event_id = %s AND h.round_no = %s AND h.lines > 0 "
        "ORDER BY 1, 2",
        (event, round_no),
    ):
        played.setdefault(table, []).append((complete, over))
    finished = {}
    for table, hands in played.items():
        ends = [when for k, (when, over) in enumerate(hands, 1) if over or k == target]
        if ends:
            finished[table] = ends[0]
    return finished


@dataclass(frozen=True)
class RoundTables:
    """What the desk shows of a round's tables, read at one moment."""

    round_no: int
    tables: list[tournament.TableProgress]  # empty: not drawn yet
    started: datetime | None
    ended: datetime | None
    target: int | None  # the round's hands at each table (None: the round is a game)
    minutes: int | None  # the time the round is expected to take (None: no limit)
    finished: dict[int, datetime]  # when each table that is done finished, by table
    logins: list[TableLogin]  # every login the event's tables have had
    calls: tuple[Call, ...] = ()  # the tables' calls to the director, not yet answered


def round_tables(conn: psycopg.Connection, event: str, round_no: int) -> RoundTables:
    """Each table of ``round_no``: its players, its hands and when it finished, the
    round's clock, hands and expected time, the tables' logins and their calls."""
    try:
        fmt, settings, _ = tournament.event_format(conn, event)
    except tournament.TournamentError:  # no format yet: nothing is drawn
        tables, target, minutes = [], None, None
    else:
        tables = tournament.progress(conn, event, round_no)
        target, minutes = fmt.round_hands(settings), fmt.round_minutes(settings)
    started, ended = round_times(conn, event, round_no)
    finished = finished_tables(conn, event, round_no, target) if tables else {}
    logins = table_logins(conn, event)
    calls = tuple(open_calls(conn, event, round_no))
    return RoundTables(round_no, tables, started, ended, target, minutes, finished, logins, calls)


@dataclass(frozen=True)
class Standings:
    """The standings as the desk lists them, in words: a heading per column, and a
    row per player (or team) with its place ("2=" when tied), name and figures."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def standings(conn: psycopg.Connection, event: str) -> Standings:
    """The event's standings now, with a column for each key of the format's ranking."""
    fmt, _, _ = tournament.event_format(conn, event)
    names = {p.number: p.name for p in tournament.players(conn, event)}
    ranked = tournament.event_standings(conn, event)
    who = "Team" if fmt.seating == TEAMS else "Player"
    columns = ("Place", who, *(key.title.capitalize() for key in fmt.ranking))
    rows = []
    for standing in ranked:
        level = {s.player for s in ranked if s.place == standing.place} - {standing.player}
        history = list(standing.history)
        figures = [CRITERIA[key.id](history, level, format_winning(fmt)) for key in fmt.ranking]
        place = f"{standing.place}=" if standing.tied else str(standing.place)
        rows.append((place, names[standing.player], *(str(int(f)) for f in figures)))
    return Standings(columns, tuple(rows))
