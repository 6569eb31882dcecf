"""Shared helpers for the benchmarks: timing loops and the ``BENCH name value`` lines."""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import psycopg

    from scorekeeper.club.server import EmbeddedServer


def bench(name: str, value: float, unit: str = "") -> None:
    """Print one figure in the form the reports are read from."""
    print(f"BENCH {name} {value:.4g}" + (f"  # {unit}" if unit else ""), flush=True)


def best_rates(
    works: dict[str, Callable[[], object]], rounds: int = 5, seconds: float = 0.5
) -> dict[str, float]:
    """Each work's best rate over ``rounds`` short windows of CPU time, the works taking
    turns, so that figures compared in a ratio were measured under the same load (CPU time
    leaves out the time other processes of a shared machine take)."""
    best = dict.fromkeys(works, 0.0)
    for _ in range(rounds):
        for name, work in works.items():
            best[name] = max(best[name], rate(work, seconds, time.process_time))
    return best


def rate(
    work: Callable[[], object],
    seconds: float = 2.0,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """How many times ``work`` runs per second of ``clock``, over at least ``seconds``.
    The clock is read after batches that double while under half the time, so reading it
    (a system call for CPU time) costs next to nothing per run."""
    work()  # warm up
    count = 0
    batch = 1
    start = clock()
    while True:
        for _ in range(batch):
            work()
        count += batch
        elapsed = clock() - start
        if elapsed >= seconds:
            return count / elapsed
        if elapsed < seconds / 2:
            batch *= 2


@contextmanager
def embedded_club_server(prefix: str) -> Iterator[tuple[EmbeddedServer, psycopg.Connection, Path]]:
    """A club server of its own in a temporary folder, migrated: the server, the
    administrator's connection and the folder (removed afterwards)."""
    import psycopg

    from scorekeeper.club.schema import migrate
    from scorekeeper.club.server import EmbeddedServer, free_port

    folder = Path(tempfile.mkdtemp(prefix=prefix))
    server = EmbeddedServer(folder / "server", host="127.0.0.1", port=free_port())
    try:
        server.start()
        with psycopg.connect(server.admin_url(), autocommit=True) as admin:
            migrate(admin)
            yield server, admin, folder
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
