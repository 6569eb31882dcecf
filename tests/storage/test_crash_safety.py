"""Killing the process mid-write loses nothing reported and leaves nothing half-written.

A separate process (forked from the test's, its code loaded already) records events as
fast as it can and writes each committed event's id to a pipe; it is killed with SIGKILL at a random moment, and the database is reopened and
checked: every reported event is there, every match written in one transaction is
whole, each hand's events are numbered without a gap, and ``PRAGMA integrity_check``
is ok.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from pathlib import Path

import pytest

from scorekeeper.storage import Store
from tests.storage import crash_writer


def _write(path: Path, seed: int, pipe: int) -> None:
    crash_writer.main(str(path), seed, os.fdopen(pipe, "w"))


def kill_at_random(path: Path, seed: int, rng: random.Random) -> list[str]:
    """Run the writer, kill it at a random moment; the lines it completed."""
    read_end, write_end = os.pipe()
    child = multiprocessing.get_context("fork").Process(target=_write, args=(path, seed, write_end))
    child.start()
    os.close(write_end)  # the child's is the only one: the pipe ends when the child does
    with os.fdopen(read_end, "rb") as pipe:
        assert pipe.readline() == b"ready\n"
        time.sleep(rng.uniform(0.0, 0.05))
        child.kill()
        output = pipe.read()
    child.join()
    assert child.exitcode == -signal.SIGKILL
    return output.decode().split("\n")[:-1]  # an unfinished last line was not reported


def check_after_crashes(tmp_path: Path, kills: int) -> None:
    path = tmp_path / "crash.sqlite3"
    rng = random.Random(20240504)
    reported_events: set[int] = set()
    reported_matches: dict[int, int] = {}
    for seed in range(kills):
        for line in kill_at_random(path, seed, rng):
            kind, number, *count = line.split()
            if kind == "event":
                reported_events.add(int(number))
            else:
                reported_matches[int(number)] = int(count[0])
        with Store(path) as store:
            assert store.integrity_problems() == []
            stored = {row[0] for row in store._db.execute("SELECT id FROM events")}
            assert reported_events <= stored
            for summary in store.matches(archived=None):
                hands = store.load(summary.id).hands  # refuses a gap or an unreadable event
                if summary.name.startswith("Batch"):
                    written = sum(len(hand.events) for hand in hands)
                    assert written == reported_matches.get(summary.id, written)
                    assert written % 3 == 0 and written > 0, "a match was half written"
    assert len(reported_events) > kills  # the writer did get to work before each kill


def test_sigkill_at_50_random_moments_loses_nothing(tmp_path):
    check_after_crashes(tmp_path, 50)


@pytest.mark.slow
def test_sigkill_at_500_random_moments_loses_nothing(tmp_path):
    check_after_crashes(tmp_path, 500)
