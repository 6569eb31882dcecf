"""Security lives in PostgreSQL: each refusal here comes from the server, as the role."""

from __future__ import annotations

import uuid

import psycopg
import pytest
from psycopg.types.json import Jsonb

from scorekeeper.club.admin import close_round, create_event, open_round, revoke_table
from scorekeeper.club.server import DATABASE
from tests.club.fixtures import code_for, connect_as
from tests.club.played import judged, play, send, send_hand

PLAYERS = ("Ann", "Bob", "Cy", "Di")
HAND = {"dealer": 0, "events": [], "outcome": None, "score": None, "players": []}


def new_match(conn: psycopg.Connection, event: str, table: int, round_no: int = 1) -> str:
    match = str(uuid.uuid4())
    conn.execute(
        "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
        "VALUES (%s, %s, %s, %s, %s)",
        (match, event, round_no, table, Jsonb({"name": "m", "players": PLAYERS})),
    )
    return match


def push(conn: psycopg.Connection, match: str, hand: int = 0, revision: int = 1) -> None:
    send_hand(conn, match, hand, HAND, revision)


def test_a_table_records_its_own_match_in_the_open_round(club_server, event):
    with connect_as(code_for(club_server, event, 1)) as table:
        send(table, event.event, 1, 1, play(PLAYERS))
        judged(club_server)
        assert table.execute("SELECT count(*) FROM club.hands").fetchone() == (1,)


def test_a_table_cannot_write_another_tables_match(club_server, event):
    with connect_as(code_for(club_server, event, 1)) as one:
        match = new_match(one, event.event, 1)
    with connect_as(code_for(club_server, event, 2)) as two:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            new_match(two, event.event, 1)
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            push(two, match)


def test_a_table_cannot_write_into_a_closed_round(club_server, event, admin):
    with connect_as(code_for(club_server, event, 1)) as table:
        match = new_match(table, event.event, 1)
        close_round(admin, event.event, 1)
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            push(table, match)
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            new_match(table, event.event, 1)


def test_a_table_cannot_change_stored_hands_or_rounds(club_server, event):
    with connect_as(code_for(club_server, event, 1)) as table:
        match = new_match(table, event.event, 1)
        push(table, match)
        for statement in (
            "UPDATE club.hands SET revision = 99",
            "DELETE FROM club.hand_revisions",
            "UPDATE club.rounds SET open = true",
            "DELETE FROM club.hand_points",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
                table.execute(statement)


def test_a_table_sees_nothing_of_other_events(club_server, event, admin):
    other = create_event(admin, "Saturday sheepshead", tables=1)
    with connect_as(code_for(club_server, other, 1)) as stranger:
        push(stranger, new_match(stranger, other.event, 1))
    with connect_as(code_for(club_server, event, 1)) as table:
        for view in ("events", "matches", "hands", "hand_revisions", "hand_points"):
            seen = table.execute(
                f"SELECT count(*) FROM club.{view} WHERE {_event_column(view)} = %s", (other.event,)
            )
            assert seen.fetchone() == (0,), view
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            new_match(table, other.event, 1)


def _event_column(view: str) -> str:
    if view in ("hands", "hand_revisions"):
        return "club.event_of(match_id)"
    return "event_id"


def test_the_board_only_reads(club_server, event):
    with connect_as(code_for(club_server, event, None)) as board:
        assert board.execute("SELECT name FROM club.events").fetchall() == [("Friday euchre",)]
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            new_match(board, event.event, 1)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            board.execute("UPDATE club.rounds SET open = false")


def test_the_director_steers_only_its_own_event(club_server, event, admin):
    other = create_event(admin, "Another night", tables=1)
    director = event.director_code("127.0.0.1", club_server.port, DATABASE, None)
    with connect_as(director) as conn:
        assert open_round(conn, event.event) == 2
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            open_round(conn, other.event)
    with connect_as(code_for(club_server, event, 1)) as table:
        new_match(table, event.event, 1, round_no=2)
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            new_match(table, event.event, 1, round_no=1)


def test_revoked_credentials_cannot_log_in(club_server, event, admin):
    code = code_for(club_server, event, 3)
    with connect_as(code) as table:
        table.execute("SELECT 1")
    revoke_table(admin, event.event, 3)
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        connect_as(code)


def test_credentials_are_random_per_event(admin):
    one, two = (create_event(admin, "Same name", tables=2) for _ in range(2))
    secrets = [c.password for e in (one, two) for c in (e.director, e.board, *e.tables.values())]
    assert len(set(secrets)) == len(secrets)
    assert one.event != two.event


@pytest.mark.parametrize(
    "name",
    [
        "Robert'); DROP TABLE club.hands;--",
        '<script>alert("x")</script> & <b>bold</b>',
        "Zoë \\N 'quoted' \"double\" $$dollar$$ 🂡",
    ],
    ids=["SQL in a name", "markup in a name", "quotes, backslash, dollars and a card"],
)
def test_names_with_sql_and_markup_are_stored_and_read_back_exactly(club_server, admin, name):
    event = create_event(admin, name, tables=1)
    with connect_as(code_for(club_server, event, 1)) as table:
        match = send(table, event.event, 1, 1, play((name, "Bob", "Cy", "Di")))
        judged(club_server)
        assert table.execute("SELECT name FROM club.events").fetchone() == (name,)
        assert table.execute(
            "SELECT player FROM club.standings_individual WHERE player = %s", (name,)
        ).fetchone() == (name,)
        sides = table.execute("SELECT side FROM club.standings_sides ORDER BY 1").fetchall()
        assert (f"{name} & Cy",) in sides
    stored = admin.execute(
        "SELECT record -> 'players' -> 0 ->> 'player' FROM club.hands WHERE match_id = %s", (match,)
    )
    assert stored.fetchone() == (name,)
