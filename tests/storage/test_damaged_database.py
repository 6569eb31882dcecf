"""Damaged and foreign files: a clear message, and the file left byte-identical."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from scorekeeper.storage import StorageError, Store
from tests.storage.samples import euchre_info, two_hands


def saved_database(path: Path, matches: int = 30) -> Path:
    with Store(path) as store:
        for number in range(matches):
            store.create_match(euchre_info(f"Match {number}"), two_hands() * 20)
    return path


def cut_to_half(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def cut_to_50_bytes(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:50])


def text_file(path: Path) -> None:
    path.write_text("Ann 12, Ben 9, Cy 4\n", encoding="utf-8")


def random_bytes(path: Path) -> None:
    path.write_bytes(os.urandom(8192))


def another_programs_database(path: Path) -> None:
    path.unlink()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        pytest.param(cut_to_half, "is damaged: it is cut short", id="truncated to half its size"),
        pytest.param(
            cut_to_50_bytes, "is damaged: it is cut short", id="truncated inside its header"
        ),
        pytest.param(text_file, "is not a Scorekeeper database", id="a text file"),
        pytest.param(random_bytes, "is not a Scorekeeper database", id="random bytes"),
        pytest.param(
            another_programs_database,
            "SQLite file but not a Scorekeeper database",
            id="another program's SQLite file",
        ),
    ],
)
def test_a_damaged_or_foreign_file_is_refused_unchanged(tmp_path, damage, message):
    path = saved_database(tmp_path / "scorekeeper.sqlite3")
    damage(path)
    before = path.read_bytes()
    with pytest.raises(StorageError, match=message):
        Store(path)
    assert path.read_bytes() == before


def test_a_page_scribbled_over_is_reported_when_read(tmp_path):
    path = saved_database(tmp_path / "scorekeeper.sqlite3")
    data = bytearray(path.read_bytes())
    page = 4096
    data[3 * page : 6 * page] = os.urandom(3 * page)
    path.write_bytes(bytes(data))
    before = path.read_bytes()
    with pytest.raises(StorageError, match="is damaged"), Store(path) as store:
        for summary in store.matches(archived=None):
            store.load(summary.id)
        assert store.integrity_problems() == []
    assert path.read_bytes() == before


def test_a_folder_in_place_of_the_database_is_refused(tmp_path):
    (tmp_path / "scorekeeper.sqlite3").mkdir()
    with pytest.raises(StorageError, match="cannot be"):
        Store(tmp_path / "scorekeeper.sqlite3")
