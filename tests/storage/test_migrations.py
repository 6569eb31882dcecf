"""Schema versions: every earlier database is brought up to date; a newer one is left alone."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scorekeeper.cards import Card
from scorekeeper.events import Event, play
from scorekeeper.match import HandRecord
from scorekeeper.storage import MIGRATIONS, SCHEMA_VERSION, NewerDatabaseError, Store
from tests.storage.samples import euchre_info

SCHEMA_V1 = Path(__file__).with_name("schema_v1.sql")


def write_database(path: Path, script: str) -> None:
    db = sqlite3.connect(path)
    db.executescript(script)
    db.close()


def test_a_database_written_by_the_first_schema_opens_and_reads(tmp_path):
    path = tmp_path / "old.sqlite3"
    write_database(path, SCHEMA_V1.read_text(encoding="utf-8"))
    with Store(path) as store:
        listed = {summary.name: summary for summary in store.matches()}
        assert set(listed) == {"Friday euchre", "Jack night"}
        assert listed["Friday euchre"].hands == 2
        assert listed["Friday euchre"].updated == "2024-03-01T19:00:00+00:00"
        euchre = store.load(listed["Friday euchre"].id)
        assert euchre.info.players == ("Ann", "Ben", "Cy", "Di")
        assert euchre.info.place == ""
        assert euchre.hands == [
            HandRecord(
                0,
                [
                    Event("upcard", card=Card.parse("JH")),
                    Event("pass", seat=1),
                    Event("order_up", seat=2),
                ],
            ),
            HandRecord(1, [Event("result", data={"makers": 0, "tricks": 3})]),
        ]
        assert store.load(listed["Jack night"].id).hands[0].events[1] == play(0, "10H")
        assert sorted(store.roster()) == ["Ann", "Ben", "Cy", "Di", "Eve"]
        store.append_event(euchre.id, 2, 2, Event("pass", seat=3))
    with Store(path) as reopened:
        assert reopened._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert reopened.load(euchre.id).hands[2].events == [Event("pass", seat=3)]


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_every_earlier_version_migrates(tmp_path, version):
    path = tmp_path / f"v{version}.sqlite3"
    statements = [statement for step in MIGRATIONS[:version] for statement in step]
    write_database(path, ";\n".join([*statements, f"PRAGMA user_version = {version}"]) + ";")
    with Store(path) as store:
        match_id = store.create_match(euchre_info())
        assert store.load(match_id).info.place == "Kitchen table"


def test_a_newer_database_is_refused_and_left_byte_identical(tmp_path):
    path = tmp_path / "newer.sqlite3"
    write_database(path, f"CREATE TABLE future (x); PRAGMA user_version = {SCHEMA_VERSION + 1};")
    before = path.read_bytes()
    with pytest.raises(
        NewerDatabaseError, match=f"newer Scorekeeper \\(schema {SCHEMA_VERSION + 1}"
    ):
        Store(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["newer.sqlite3"]


def test_a_newer_version_only_in_the_write_ahead_log_is_refused_too(tmp_path):
    """The header may lag behind the log; the version is checked again through SQLite."""
    path = tmp_path / "newer-wal.sqlite3"
    Store(path).close()
    keeper = sqlite3.connect(path)
    keeper.execute("PRAGMA wal_autocheckpoint = 0")
    keeper.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    try:
        with pytest.raises(NewerDatabaseError):
            Store(path)
    finally:
        keeper.close()
