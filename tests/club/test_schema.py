"""The club schema's versions: each step applies once, a newer schema is left untouched."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import psycopg
import pytest
from psycopg import sql
from psycopg.types.json import Jsonb

from scorekeeper.club.schema import SCHEMA_VERSION, NewerSchemaError, migrate, schema_version


@pytest.fixture
def fresh(club_server, admin) -> Iterator[psycopg.Connection]:
    """An empty database of its own on the test server."""
    name = f"fresh_{secrets.token_hex(4)}"
    admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    url = club_server.admin_url(name)
    with psycopg.connect(url, autocommit=True) as conn:
        yield conn
    admin.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


def test_migrating_twice_changes_nothing(fresh):
    assert migrate(fresh) == 0
    assert migrate(fresh) == SCHEMA_VERSION
    assert schema_version(fresh) == SCHEMA_VERSION


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_an_older_club_database_is_brought_up_to_date_with_its_standings(fresh, version):
    migrate(fresh, target=version)
    event = "eold"  # its rows as that schema's Scorekeeper wrote them (roles aside)
    fresh.execute(
        "INSERT INTO club.events (event_id, name, director_role, board_role) "
        "VALUES (%s, 'Old night', 'sk_eold_director', 'sk_eold_board')",
        (event,),
    )
    fresh.execute("INSERT INTO club.rounds (event_id, round_no) VALUES (%s, 1)", (event,))
    fresh.execute(
        "INSERT INTO club.tables (event_id, table_no, role_name) VALUES (%s, 1, 'sk_eold_t1')",
        (event,),
    )
    fresh.execute(
        "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
        "VALUES ('00000000-0000-0000-0000-000000000001', %s, 1, 1, '{}')",
        (event,),
    )
    line = {"player": "Vi", "side": "Vi", "lead": True, "points": 7, "cents": 70, "won": 1}
    line["seat"] = 0  # a line has its seat since schema 7
    fresh.execute(
        "INSERT INTO club.hand_revisions (match_id, hand_no, revision, record) "
        "VALUES ('00000000-0000-0000-0000-000000000001', 0, 1, %s)",
        (Jsonb({"players": [line]}),),
    )
    assert migrate(fresh) == version
    row = fresh.execute(
        "SELECT i.points, m.cents, g.games_won, s.points FROM club.standings_individual i "
        "JOIN club.standings_money m USING (event_id, player) "
        "JOIN club.standings_games_won g USING (event_id, player) "
        "JOIN club.standings_sides s ON s.event_id = i.event_id AND s.side = i.player"
    ).fetchone()
    assert row == (7, 70, 1, 7)


def test_a_newer_club_database_is_refused_untouched(fresh):
    migrate(fresh)
    newer = f"scorekeeper club schema {SCHEMA_VERSION + 1}"
    fresh.execute(f"COMMENT ON SCHEMA club IS '{newer}'")
    fresh.execute("DROP VIEW club.standings_money")  # something a later step would restore
    with pytest.raises(NewerSchemaError, match=f"schema {SCHEMA_VERSION + 1}.*left unchanged"):
        migrate(fresh)
    assert schema_version(fresh) == SCHEMA_VERSION + 1
    assert fresh.execute("SELECT to_regclass('club.standings_money')").fetchone() == (None,)
