"""Nothing is lost when other programs open the database the app is writing.

A writer process holds the stores the app and a club table hold (``table_writer.py``) and
makes changes one at a time. Between and during its changes, other processes run every
command of the command line against the same folder, and a backup reader copies the
database through a read-only connection. The writer is killed with SIGKILL at random
moments and started again. Throughout:

- while the writer lives, its write-ahead log is never deleted under it and it keeps its
  lock on the database file (``/proc/<pid>/fd`` and ``/proc/locks``);
- after each kill, every change the writer reported done is in the database, the change
  it was in the middle of is there whole or not at all, and ``PRAGMA integrity_check``
  is ok.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.ledger import Ledger
from scorekeeper.matchfile import MatchFileError, load_match, write_match
from scorekeeper.outfile import OutputError
from scorekeeper.paths import DATA_DIR_VARIABLE, DATABASE_NAME
from scorekeeper.reports.layout import write
from scorekeeper.storage import Store
from tests.storage.samples import clean_match, euchre_info
from tests.test_cli import saved

ROOT = Path(__file__).resolve().parents[2]
WRITER = Path(__file__).with_name("table_writer.py")
BACKUP = """
import sqlite3, sys
source = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
copy = sqlite3.connect(sys.argv[2])
source.backup(copy)
assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
print(copy.execute("SELECT count(*) FROM events").fetchone()[0])
"""

Hands = list[list[dict[str, Any]]]
"""A match as the test expects it: each hand's events, as JSON."""


class Folder:
    """The data folder the writer and the other programs share."""

    def __init__(self, tmp_path: Path) -> None:
        self.path = tmp_path / "data"
        self.path.mkdir()
        self.database = self.path / DATABASE_NAME
        self.files = tmp_path / "files"
        self.files.mkdir()
        self.env = {**os.environ, DATA_DIR_VARIABLE: str(self.path), "PYTHONPATH": str(ROOT)}
        self.match_file = saved(self.files / "friday.json", clean_match("euchre"))

    def commands(self, rng: random.Random) -> list[list[str]]:
        """Every command of the command line, on this folder (the match given by id)."""
        match = str(rng.randint(1, 4))
        out = self.files / f"out-{rng.randrange(10**6)}"
        return [
            ["list"],
            ["list", "--all"],
            ["export", match, "-o", f"{out}.json"],
            ["report", match, "-o", f"{out}.pdf"],
            ["import", str(self.match_file), "--as-new"],
            ["check", str(self.match_file)],
            ["rules", "euchre"],
            ["club", "check"],  # the club's own server is not running: it says so
        ]

    def run(self, argv: list[str]) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.cli", *argv],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def backup(self, rng: random.Random) -> subprocess.Popen[bytes]:
        copy = self.files / f"backup-{rng.randrange(10**6)}.sqlite3"
        return subprocess.Popen(
            [sys.executable, "-c", BACKUP, str(self.database), str(copy)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )


class WriterProcess:
    def __init__(self, folder: Folder, seed: int) -> None:
        self.child = subprocess.Popen(
            [sys.executable, str(WRITER), str(folder.database), str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
            env=folder.env,
        )
        assert self.read() == "ready"
        self.folder = folder
        self.doing: dict[str, Any] | None = None

    def read(self) -> str:
        assert self.child.stdout is not None
        return self.child.stdout.readline().decode().rstrip("\n")

    def go(self) -> None:
        assert self.child.stdin is not None
        self.child.stdin.write(b"go\n")
        self.child.stdin.flush()

    def finish(self) -> dict[str, Any]:
        """The change the writer reports done."""
        doing = self.read()
        assert doing.startswith("doing "), doing
        assert self.read() == "done"
        return json.loads(doing.removeprefix("doing "))

    def kill_during(self, rng: random.Random) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """Kill it a moment into a change: the changes it reported done, and the one it
        was in the middle of, if any."""
        time.sleep(rng.uniform(0, 0.004))
        self.child.send_signal(signal.SIGKILL)
        output, _ = self.child.communicate()
        done: list[dict[str, Any]] = []
        doing: dict[str, Any] | None = None
        for line in output.decode().split("\n")[:-1]:  # an unfinished line was not said
            if line.startswith("doing "):
                doing = json.loads(line.removeprefix("doing "))
            elif line == "done":
                assert doing is not None
                done.append(doing)
                doing = None
        return done, doing

    def kill(self) -> None:
        self.child.send_signal(signal.SIGKILL)
        self.child.communicate()

    def assert_whole(self) -> None:
        """Its log is not deleted under it and it holds its lock on the database."""
        assert deleted_files(self.child.pid) == []
        assert holds_lock(self.child.pid, self.folder.database)


def deleted_files(pid: int) -> list[str]:
    """The database's files the process has open that were deleted under it."""
    found = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except FileNotFoundError:
            continue
        if DATABASE_NAME in target and target.endswith("(deleted)"):
            found.append(target)
    return found


def holds_lock(pid: int, database: Path) -> bool:
    """Whether ``/proc/locks`` shows a lock of the process on the database file (a line
    ends ``<pid> <major>:<minor>:<inode> <start> <end>``)."""
    inode = os.stat(database).st_ino
    for line in Path("/proc/locks").read_text().splitlines():
        fields = line.split()
        if fields[-4] == str(pid) and fields[-3].endswith(f":{inode}"):
            return True
    return False


def apply(expected: dict[str, Hands], change: dict[str, Any]) -> None:
    """What a change the writer made does to the matches' events."""
    op, name = change["op"], change.get("match")
    if op == "create":
        expected[name] = []
    elif op == "append":
        assert change["hand"] == len(expected[name])
        expected[name].append([change["event"]])
    elif op == "undo" and expected[name]:
        expected[name].pop()
    elif op == "replace":
        expected[name][change["hand"]] = [change["event"]]
    elif op == "rewrite":
        expected[name][change["first"] :] = [[event] for event in change["events"]]


def stored(database: Path) -> tuple[dict[str, Hands], set[str]]:
    """The writer's matches as the database holds them, and which are club matches."""
    with Store(database) as store:
        assert store.integrity_problems() == []
        matches: dict[str, Hands] = {}
        for summary in store.matches(archived=None):
            if summary.name.startswith("W"):
                loaded = store.load(summary.id)
                kept = store.open_ledger(summary.id)  # from the outcomes kept, where kept
                replayed = Ledger(loaded.info, loaded.hands)
                assert [kept.outcome(n) for n in range(len(loaded.hands))] == [
                    replayed.outcome(n) for n in range(len(loaded.hands))
                ], "an outcome kept is not its hand's"
                matches[summary.name] = [[e.to_json() for e in h.events] for h in loaded.hands]
        tagged = {
            name
            for (name,) in store._db.execute(
                "SELECT name FROM matches JOIN club_matches ON match_id = id"
            )
        }
    return matches, tagged


def check_reopened(
    database: Path, expected: dict[str, Hands], doing: dict[str, Any] | None, club: set[str]
) -> dict[str, Hands]:
    """Every reported change is there; the one in flight whole or not at all; what the
    database now holds, as expected from here on. ``club``: the matches reported made,
    each of which is a club match."""
    matches, tagged = stored(database)
    if doing is not None:
        after = json.loads(json.dumps(expected))
        if doing["op"] != "create" or doing["match"] in matches:
            apply(after, doing)
        if matches == after:
            expected = after
    assert matches == expected
    assert club <= tagged, "a club match reported made is not in the outbox"
    return expected


def run_night(tmp_path: Path, kills: int, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    folder = Folder(tmp_path)
    Store(folder.database).close()
    expected: dict[str, Hands] = {}
    club: set[str] = set()

    def done(change: dict[str, Any]) -> None:
        apply(expected, change)
        if change["op"] == "create":
            club.add(change["match"])

    others: list[subprocess.Popen[bytes]] = []
    for life in range(kills):
        writer = WriterProcess(folder, seed * 1000 + life)
        for _ in range(rng.randint(1, steps)):
            writer.go()
            if rng.random() < 0.3:  # another program runs while the change is made
                others.append(folder.run(rng.choice(folder.commands(rng))))
            done(writer.finish())
            if rng.random() < 0.5:
                others.append(folder.run(rng.choice(folder.commands(rng))))
            elif rng.random() < 0.3:
                others.append(folder.backup(rng))
            for other in others:
                _, errors = other.communicate(timeout=120)
                assert b"Traceback" not in errors, errors.decode()
            others.clear()
            writer.assert_whole()
        if rng.random() < 0.7:  # killed during a change
            writer.go()
            reported, doing = writer.kill_during(rng)
        else:  # killed while it waits
            writer.kill()
            reported, doing = [], None
        for change in reported:
            done(change)
        expected = check_reopened(folder.database, expected, doing, club)
    assert any(hands for hands in expected.values()), "the writer did get to work"


def test_other_programs_and_kills_lose_nothing(tmp_path):
    run_night(tmp_path, kills=6, steps=10, seed=1)


@pytest.mark.slow
def test_other_programs_and_kills_lose_nothing_long(tmp_path):
    run_night(tmp_path, kills=120, steps=30, seed=2)


def test_a_second_store_in_the_same_process_keeps_the_first_ones_lock(tmp_path):
    """The app's store, then an outbox's and a second store on the same file: the process
    still holds its lock, and another program's close leaves the log alone."""
    from scorekeeper.club.outbox import Outbox

    database = tmp_path / DATABASE_NAME
    with Store(database) as store:
        store.create_match(euchre_info())
        Outbox(database).close()
        Store(database).close()
        assert holds_lock(os.getpid(), database)
        reader = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        reader.execute("SELECT count(*) FROM matches").fetchone()
        reader.close()
        subprocess.run(
            [sys.executable, "-m", "scorekeeper.cli", "list"],
            cwd=ROOT,
            env={**os.environ, DATA_DIR_VARIABLE: str(tmp_path)},
            check=True,
            capture_output=True,
        )
        assert Path(f"{database}-wal").exists()
        assert deleted_files(os.getpid()) == []
        assert holds_lock(os.getpid(), database)


@pytest.mark.parametrize("name", ["the database", "its -wal", "its -shm"])
def test_the_open_database_is_not_read_as_a_match_file(tmp_path, name):
    """Reading it by path would close a descriptor of it, dropping the process's locks."""
    database = tmp_path / DATABASE_NAME
    side = {"the database": "", "its -wal": "-wal", "its -shm": "-shm"}[name]
    with Store(database) as store:
        store.create_match(euchre_info())
        with pytest.raises(MatchFileError, match="the match database in use, not a match file"):
            load_match(f"{database}{side}")
        assert holds_lock(os.getpid(), database)


@pytest.mark.parametrize("writer", ["a match file", "a score sheet"])
def test_nothing_is_written_over_the_open_database(tmp_path, writer):
    database = tmp_path / DATABASE_NAME
    with Store(database) as store:
        match_id = store.create_match(euchre_info())
        before = store.load(match_id)
        with pytest.raises(OutputError, match="is the match database in use"):
            if writer == "a match file":
                write_match(database, before.info, before.hands)
            else:
                write(b"%PDF-1.4", database)
        assert holds_lock(os.getpid(), database)
        assert store.load(match_id) == before
