"""Opening with SQLite, not around it: a full disk, a lock, a read-only file and a newer
schema each get their own true message, and only real damage is called damage."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from scorekeeper.storage import SCHEMA_VERSION, NewerDatabaseError, StorageError, Store
from tests.storage.samples import euchre_info, two_hands

ROOT = Path(__file__).resolve().parents[2]


def run_child(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def fill_the_disk(path: Path, limit_bytes: int = 200 * 1024) -> int:
    """Create matches in a child whose files may not grow past ``limit_bytes`` (as a full
    disk would stop them) until the store refuses; how many were stored, and the message."""
    child = run_child(
        f"""
        import resource
        from scorekeeper.storage import StorageError, Store
        from tests.storage.samples import euchre_info, two_hands

        resource.setrlimit(resource.RLIMIT_FSIZE, ({limit_bytes}, {limit_bytes}))
        stored = 0
        for attempt in range(400):
            try:
                with Store({str(path)!r}) as store:
                    store.create_match(euchre_info(f"Match {{attempt}}"), two_hands() * 10)
                stored += 1
            except StorageError as error:
                print("REFUSED", error)
        print("STORED", stored)
        """
    )
    assert child.returncode == 0, child.stderr
    lines = child.stdout.splitlines()
    refusals = [line for line in lines if line.startswith("REFUSED")]
    assert refusals, "the limit was never reached"
    assert all("the disk is full" in line and "damaged" not in line for line in refusals)
    return int(lines[-1].split()[1])


def test_after_a_full_disk_the_database_opens_with_every_match_and_passes_integrity(tmp_path):
    path = tmp_path / "scorekeeper.sqlite3"
    stored = fill_the_disk(path)
    with Store(path) as store:
        assert len(store.matches()) == stored
        assert store.integrity_problems() == []
        store.create_match(euchre_info("After the disk was freed"), two_hands())
        assert len(store.matches()) == stored + 1


def test_a_locked_database_is_said_to_be_in_use_not_damaged(tmp_path, monkeypatch):
    path = tmp_path / "scorekeeper.sqlite3"
    Store(path).close()
    monkeypatch.setattr(Store, "busy_timeout_s", 0.1)
    keeper = sqlite3.connect(path, isolation_level=None)
    keeper.execute("PRAGMA locking_mode = EXCLUSIVE")
    keeper.execute("BEGIN EXCLUSIVE")
    keeper.execute("CREATE TABLE held (x)")
    try:
        with (
            pytest.raises(StorageError, match="in use by another program") as refused,
            Store(path) as store,
        ):
            store.matches()
        assert "damaged" not in str(refused.value)
    finally:
        keeper.execute("ROLLBACK")
        keeper.close()


def test_a_read_only_database_is_said_to_be_read_only_not_damaged():
    folder = Path(tempfile.mkdtemp())  # under the shared temporary folder: others may enter
    path = folder / "scorekeeper.sqlite3"
    with Store(path) as store:
        store.create_match(euchre_info(), two_hands())
    os.chmod(path, 0o444)
    os.chmod(folder, 0o555)
    try:
        # root may write anyway, so the child gives up root's rights first
        child = run_child(
            f"""
            import os
            from scorekeeper.storage import StorageError, Store
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(65534)
            try:
                Store({str(path)!r}).close()
            except StorageError as error:
                print(error)
            """
        )
    finally:
        os.chmod(folder, 0o755)
        shutil.rmtree(folder)
    assert child.returncode == 0, child.stderr
    assert "is read-only" in child.stdout
    assert "damaged" not in child.stdout


def test_a_newer_schema_only_in_the_log_leaves_file_and_log_byte_identical(tmp_path):
    path = tmp_path / "newer-wal.sqlite3"
    Store(path).close()
    keeper = sqlite3.connect(path, isolation_level=None)
    keeper.execute("PRAGMA wal_autocheckpoint = 0")
    keeper.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    log = Path(f"{path}-wal")
    try:
        before = (path.read_bytes(), log.read_bytes())
        assert log.stat().st_size > 0
        with pytest.raises(NewerDatabaseError, match="left unchanged"):
            Store(path)
        assert (path.read_bytes(), log.read_bytes()) == before
    finally:
        keeper.close()


@pytest.mark.parametrize(
    ("make", "words"),
    [
        pytest.param(lambda p: p.mkdir(), "it is a folder", id="a folder"),
        pytest.param(lambda p: os.mkfifo(p), "named pipe", id="a named pipe"),
    ],
)
def test_only_a_regular_file_is_opened(tmp_path, make, words):
    path = tmp_path / "scorekeeper.sqlite3"
    make(path)
    with pytest.raises(StorageError, match=words):
        Store(path)


def test_a_file_cut_short_beside_its_log_is_still_called_damaged(tmp_path):
    """With a log beside it, SQLite recovers first; real damage is then found by the check."""
    source = tmp_path / "source.sqlite3"
    with Store(source) as store:
        for number in range(30):
            store.create_match(euchre_info(f"Match {number}"), two_hands() * 20)
    keeper = sqlite3.connect(source, isolation_level=None)
    keeper.execute("PRAGMA wal_autocheckpoint = 0")
    keeper.execute("UPDATE matches SET place = 'Back room'")
    path = tmp_path / "scorekeeper.sqlite3"
    try:
        data = source.read_bytes()
        path.write_bytes(data[: len(data) // 2])
        Path(f"{path}-wal").write_bytes(Path(f"{source}-wal").read_bytes())
    finally:
        keeper.close()
    with pytest.raises(StorageError, match="is damaged"), Store(path) as store:
        for summary in store.matches(archived=None):
            store.load(summary.id)
