"""A table's laptop is lost: the director withdraws its pass and may issue the table a new
one (a new login for the same table number). Every refusal here comes from PostgreSQL
itself, and every login is tried with a real connection."""

from __future__ import annotations

import psycopg
import pytest
from psycopg import sql

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import (
    Credentials,
    EventCredentials,
    TableLogin,
    add_tables,
    create_event,
    reissue_table,
    revoke_table,
    table_logins,
    withdrawn_tables,
)
from scorekeeper.club.director import Place, join_codes
from scorekeeper.club.joincode import parse
from scorekeeper.club.schema import migrate
from scorekeeper.club.server import DATABASE
from scorekeeper.club.table import JoinError, check
from tests.club.fixtures import code_for, connect_as
from tests.club.played import judged, play, send
from tests.club.test_schema import fresh  # noqa: F401  (a fixture)
from tests.club.test_table_logins import as_director
from tests.club.test_tournament import euchre_event

TWELVE = [f"Player {n:02}" for n in range(1, 13)]


def can_log_in(club_server, event, table: int) -> bool:
    try:
        with connect_as(code_for(club_server, event, table)) as conn:
            conn.execute("SELECT 1")
    except psycopg.OperationalError:
        return False
    return True


def test_a_withdrawn_pass_cannot_log_in_and_its_open_connection_is_ended(club_server, admin):
    event = create_event(admin, "Lost laptop", tables=2)
    stolen = connect_as(code_for(club_server, event, 2))
    with as_director(club_server, event) as director:
        revoke_table(director, event.event, 2)
        revoke_table(director, event.event, 2)  # twice is the same as once
        assert withdrawn_tables(director, event.event) == {2}
    with pytest.raises(psycopg.OperationalError):
        stolen.execute("SELECT 1")
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        connect_as(code_for(club_server, event, 2))
    assert can_log_in(club_server, event, 1)


def test_a_new_pass_is_a_new_login_for_the_same_table_and_the_old_stays_withdrawn(
    club_server, admin, tmp_path
):
    event = create_event(admin, "New laptop", tables=2)
    euchre_event(admin, event)
    t.draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    old = code_for(club_server, event, 2)
    with connect_as(old) as table:  # the lost laptop had sent a hand
        players = t.progress(admin, event.event, 1)[1].names
        send(table, event.event, 1, 2, play(players))
    with as_director(club_server, event) as director:
        with pytest.raises(psycopg.errors.ObjectInUse, match="table 2's pass is still in use"):
            reissue_table(director, event, 2)
        revoke_table(director, event.event, 2)
        event.tables[2] = reissue_table(director, event, 2)
        assert withdrawn_tables(director, event.event) == set()
        assert table_logins(director, event.event) == [
            TableLogin(event.tables[1].role, 1, withdrawn=False, current=True),
            TableLogin(old.user, 2, withdrawn=True, current=False),
            TableLogin(event.tables[2].role, 2, withdrawn=False, current=True),
        ]
    assert event.tables[2].role not in (old.user, event.tables[1].role)
    assert event.event not in event.tables[2].role  # a login's name says nothing
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        connect_as(old)
    with pytest.raises(JoinError) as refused:  # the old code pasted into the join dialog
        check(old, tmp_path)
    assert "withdrawn" in str(refused.value) and "new join code" in str(refused.value)
    assert old.user not in str(refused.value) and "sk_" not in str(refused.value)
    joined = check(code_for(club_server, event, 2), tmp_path)
    assert (joined.table, joined.round, joined.seating.players) == (2, 1, players)
    with connect_as(code_for(club_server, event, 2)) as table:  # the hands go on
        send(table, event.event, 1, 2, play(players))
    judged(club_server)
    assert t.progress(admin, event.event, 1)[1].hands == 2  # the lost laptop's hand stays

    revoke_table(admin, event.event, 2)  # lost again: a third pass
    third = reissue_table(admin, event, 2)
    assert third.role not in (old.user, event.tables[2].role)
    event.tables[2] = third
    assert can_log_in(club_server, event, 2)


def test_only_the_events_director_issues_a_new_pass(club_server, admin):
    ours = create_event(admin, "Ours", tables=1)
    theirs = create_event(admin, "Theirs", tables=2)
    revoke_table(admin, theirs.event, 1)
    refused = psycopg.errors.InsufficientPrivilege
    with as_director(club_server, ours) as director, pytest.raises(refused, match="director"):
        reissue_table(director, theirs, 1)
    with connect_as(code_for(club_server, theirs, 2)) as table, pytest.raises(refused):
        reissue_table(table, theirs, 1)
    assert withdrawn_tables(admin, theirs.event) == {1}


def test_a_pass_is_withdrawn_only_with_its_record(club_server, admin):
    event = create_event(admin, "On record", tables=1)
    with as_director(club_server, event) as director:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            director.execute("SELECT club.revoke_table(%s, 1)", (event.event,))
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            director.execute(
                "INSERT INTO club.withdrawn_passes VALUES (%s, 1, 'x')", (event.event,)
            )
    assert can_log_in(club_server, event, 1)
    assert withdrawn_tables(admin, event.event) == set()


@pytest.mark.parametrize("issued", [False, True], ids=["no new pass yet", "a new pass issued"])
@pytest.mark.parametrize(
    "lost",
    [(1,), (2,), (3,), (1, 3), (1, 2, 3)],
    ids=["head table", "middle table", "foot table", "head and foot", "every table"],
)
def test_the_draw_after_a_withdrawal_never_seats_a_table_at_the_withdrawn_pass(
    club_server, admin, lost, issued
):
    event = create_event(admin, "Draw after a loss", tables=3)
    euchre_event(admin, event, names=TWELVE)
    with as_director(club_server, event) as director:
        t.draw(director, event, 1)
        t.start_round(director, event.event, 1)
        withdrawn = {number: event.tables[number] for number in lost}
        for number in lost:
            revoke_table(director, event.event, number)
            if issued:
                event.tables[number] = reissue_table(director, event, number)
        given = dict(event.tables)
        drawn = t.draw(director, event, 2)
        assert withdrawn_tables(director, event.event) == set()
        logins = {login.role: login for login in table_logins(director, event.event)}
    assert sorted(table.number for table in drawn.tables) == [1, 2, 3]
    assert sorted(event.tables) == [1, 2, 3]  # no table was added
    current = dict(
        admin.execute(
            "SELECT table_no, role_name FROM club.tables WHERE event_id = %s", (event.event,)
        ).fetchall()
    )
    for number, old in withdrawn.items():
        assert logins[old.role] == TableLogin(old.role, number, withdrawn=True, current=False)
        assert current[number] != old.role
        assert (event.tables[number] == given[number]) is issued  # a pass issued is kept
    for table in drawn.tables:
        assert current[table.number] == event.tables[table.number].role
        assert can_log_in(club_server, event, table.number)


def test_score_cards_carry_no_withdrawn_code(club_server, admin):
    event = create_event(admin, "Cards", tables=2)
    where = Place("", "127.0.0.1", club_server.port, DATABASE, None)
    revoke_table(admin, event.event, 2)
    codes = join_codes(event, where, withdrawn_tables(admin, event.event))
    assert sorted(codes) == [1]
    event.tables[2] = reissue_table(admin, event, 2)
    codes = join_codes(event, where, withdrawn_tables(admin, event.event))
    assert parse(codes[2]).user == event.tables[2].role


def test_a_pass_withdrawn_before_the_passes_were_kept_counts_as_withdrawn(fresh):  # noqa: F811
    migrate(fresh, target=5)
    event = EventCredentials(  # as that schema's Scorekeeper made it (its tables' logins real)
        "eold", "Older night", Credentials("sk_eold_director", ""), Credentials("sk_eold_board", "")
    )
    fresh.execute(
        "INSERT INTO club.events (event_id, name, director_role, board_role) "
        "VALUES ('eold', 'Older night', 'sk_eold_director', 'sk_eold_board')"
    )
    event.tables.update(add_tables(fresh, event, 2))
    role = sql.Identifier(event.tables[2].role)  # withdrawn as the command line did then
    fresh.execute(sql.SQL("ALTER ROLE {} NOLOGIN PASSWORD NULL").format(role))
    migrate(fresh)
    assert withdrawn_tables(fresh, event.event) == {2}
    event.tables[2] = reissue_table(fresh, event, 2)
    assert withdrawn_tables(fresh, event.event) == set()
