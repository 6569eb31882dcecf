"""Shared helpers for the benchmarks: timing loops, the ``BENCH name value`` lines, and
a club server behind its TLS gateway (the club's modules load only for the club's)."""

from __future__ import annotations

import multiprocessing
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.club.admin import EventCredentials
    from scorekeeper.club.joincode import JoinCode
    from scorekeeper.club.server import EmbeddedServer


@contextmanager
def one_core_busy() -> Iterator[None]:
    """A second process burns one core while the body runs: a laptop busy with something
    else, as at a club night."""
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        burner.kill()
        burner.wait()


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


@dataclass(frozen=True)
class Gate:
    """Where tables and boards on other machines reach a club server: the TLS gateway's
    port and the pin of the server's certificate."""

    port: int
    pin: str

    def code(self, event: EventCredentials, table: int | None) -> JoinCode:
        """Table ``table``'s join code (None: the board's) through the gateway."""
        from scorekeeper.club.server import DATABASE

        return event.join_code("127.0.0.1", self.port, DATABASE, table, self.pin)


def _gateway(port: int, backend: int, pgdata: Path, ready: Any, stop: Any) -> None:
    """The TLS gateway, in a process of its own as in ``club serve``, until ``stop``."""
    from scorekeeper.club.gateway import TlsGateway

    gateway = TlsGateway("127.0.0.1", port, backend, pgdata / "server.crt", pgdata / "server.key")
    gateway.start()
    ready.set()
    stop.wait()
    gateway.stop()


@contextmanager
def club_server() -> Iterator[tuple[Path, EmbeddedServer, Gate]]:
    """A club server started for the run in a folder of its own, with the TLS gateway of
    ``club serve`` in front of it, in a process of its own (as on the director's machine:
    the tables and boards are other machines); both stopped, and the folder removed, at
    the end."""
    from scorekeeper.club.server import EmbeddedServer, free_port, pem_fingerprint

    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-club-bench-"))
    server = EmbeddedServer(folder / "server", host="127.0.0.1", port=free_port())
    spawn = multiprocessing.get_context("spawn")
    ready, stop = spawn.Event(), spawn.Event()
    try:
        server.start()
        port = free_port()
        gateway = spawn.Process(
            target=_gateway, args=(port, server.port, server.pgdata, ready, stop), daemon=True
        )
        gateway.start()
        try:
            if not ready.wait(60):
                raise RuntimeError("the TLS gateway did not start")
            yield folder, server, Gate(port, pem_fingerprint(server.certificate_pem))
        finally:
            stop.set()
            gateway.join(30)
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
