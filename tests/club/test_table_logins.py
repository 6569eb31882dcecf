"""A director runs a night with more tables than it began with: the database makes (and
revokes) its own event's table logins, as the director's role and for that event only;
each refusal here comes from PostgreSQL itself."""

from __future__ import annotations

import psycopg
import pytest

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import add_tables, create_event, revoke_table
from scorekeeper.club.server import DATABASE
from scorekeeper.club.table import check
from tests.club.fixtures import code_for, connect_as
from tests.club.played import judged, play, send
from tests.club.test_tournament import NAMES, euchre_event


def as_director(club_server, event) -> psycopg.Connection:
    return connect_as(event.director_code("127.0.0.1", club_server.port, DATABASE, None))


def test_a_draw_needing_one_more_table_makes_its_login_and_the_table_joins_and_records(
    club_server, admin, tmp_path
):
    event = create_event(admin, "Short of tables", tables=1)
    euchre_event(admin, event, names=NAMES[:8])
    with as_director(club_server, event) as director:
        drawn = t.draw(director, event, 1)
        t.start_round(director, event.event, 1)
    assert [table.number for table in drawn.tables] == [1, 2]
    assert sorted(event.tables) == [1, 2]
    assert event.tables[2].role.startswith("sk_") and event.event not in event.tables[2].role
    assert len(event.tables[2].password) >= 32

    joined = check(code_for(club_server, event, 2), tmp_path)
    names = {p.number: p.name for p in t.players(admin, event.event)}
    assert (joined.table, joined.round) == (2, 1)
    assert joined.seating.players == tuple(names[seat] for seat in drawn.tables[1].seats)
    with connect_as(code_for(club_server, event, 2)) as table:
        send(table, event.event, 1, 2, play(joined.seating.players))
    judged(club_server)
    assert t.progress(admin, event.event, 1)[1].hands == 1


def test_a_redraw_makes_no_more_tables_than_it_needs(club_server, admin):
    event = create_event(admin, "Drawn twice", tables=1)
    euchre_event(admin, event, names=NAMES[:8])
    with as_director(club_server, event) as director:
        t.draw(director, event, 1)
        t.draw(director, event, 1)
    tables = admin.execute(
        "SELECT table_no FROM club.tables WHERE event_id = %s ORDER BY 1", (event.event,)
    ).fetchall()
    assert tables == [(1,), (2,)] and sorted(event.tables) == [1, 2]


def test_the_director_revokes_its_own_table_and_that_table_can_no_longer_log_in(club_server, admin):
    event = create_event(admin, "Revoked", tables=2)
    with as_director(club_server, event) as director:
        revoke_table(director, event.event, 2)
        with pytest.raises(psycopg.errors.InvalidParameterValue, match="no such table"):
            revoke_table(director, event.event, 9)
    with pytest.raises(psycopg.OperationalError):
        connect_as(code_for(club_server, event, 2))
    with connect_as(code_for(club_server, event, 1)) as table:  # the other table plays on
        assert table.execute("SELECT count(*) FROM club.tables").fetchone() == (2,)


def test_a_director_cannot_add_or_revoke_another_events_tables(club_server, admin):
    ours = create_event(admin, "Ours", tables=1)
    theirs = create_event(admin, "Theirs", tables=1)
    with as_director(club_server, ours) as director:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="director"):
            add_tables(director, theirs, 1)
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="director"):
            revoke_table(director, theirs.event, 1)
    with connect_as(code_for(club_server, theirs, 1)):  # still logs in
        pass
    count = admin.execute(
        "SELECT count(*) FROM club.tables WHERE event_id = %s", (theirs.event,)
    ).fetchone()
    assert count == (1,)


@pytest.mark.parametrize("who", ["a table", "the board"])
def test_a_table_or_the_board_still_cannot_make_logins(club_server, admin, event, who):
    code = code_for(club_server, event, 1 if who == "a table" else None)
    with connect_as(code) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("CREATE ROLE intruder LOGIN PASSWORD 'x'")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            add_tables(conn, event, 1)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            revoke_table(conn, event.event, 1)
    count = admin.execute(
        "SELECT count(*) FROM club.tables WHERE event_id = %s", (event.event,)
    ).fetchone()
    assert count == (3,)
    assert admin.execute("SELECT 1 FROM pg_roles WHERE rolname = 'intruder'").fetchone() is None


def test_a_director_cannot_make_a_login_directly(club_server, event):
    with (
        as_director(club_server, event) as director,
        pytest.raises(psycopg.errors.InsufficientPrivilege),
    ):
        director.execute("CREATE ROLE intruder LOGIN PASSWORD 'x'")
