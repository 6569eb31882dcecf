"""`scorekeeper club serve` and the TLS gateway that faces the network."""

from __future__ import annotations

import hashlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from scorekeeper.club.gateway import TlsGateway
from scorekeeper.club.joincode import JoinCodeError, parse
from scorekeeper.club.server import free_port, pem_fingerprint
from scorekeeper.club.table import check
from tests.club.fixtures import code_for, running_gateway
from tests.club.played import play, send


@pytest.fixture
def data_dir() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-serve-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def serve(data_dir: Path, port: int, *options: str) -> tuple[subprocess.Popen, list[str]]:
    command = [
        sys.executable,
        "-m",
        "scorekeeper.cli",
        "club",
        "serve",
        "--data-dir",
        str(data_dir),
    ]
    command += [
        "--tables",
        "2",
        "--port",
        str(port),
        "--web-port",
        str(free_port()),
        "--listen",
        "127.0.0.1",
        "--name",
        "Ça <b>va</b>",
        *options,
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    for line in process.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("Press Ctrl+C"):
            return process, lines
    raise AssertionError(process.stderr.read())


def stop(process: subprocess.Popen) -> str:
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    return out


def scorekeeper(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args], capture_output=True, text=True, timeout=60
    )


def test_serve_prints_codes_stops_cleanly_and_resumes_the_same_night(data_dir, tmp_path):
    port = free_port()
    process, lines = serve(data_dir, port)
    try:
        assert lines[0] == f"Club night “Ça <b>va</b>” on 127.0.0.1:{port}"
        code_line = next(line for line in lines if line.strip().startswith("Table 1:"))
        url_line = lines[lines.index(code_line) + 1].strip()
        code = parse(code_line.split(":", 1)[1])
        assert parse(url_line) == code
        joined = check(code, tmp_path)
        assert (joined.event_name, joined.round, joined.table) == ("Ça <b>va</b>", 1, 1)
        with psycopg.connect(code.conninfo(tmp_path), autocommit=True) as table:
            send(table, code.event, 1, 1, play(("Ann", "Bob", "Cy", "Di")))
            assert wait_for_verdict(table) == "accepted"  # serve's referee replayed it
        assert any(
            re.fullmatch(r"  Table 1: http://127\.0\.0\.1:\d+/t/1-1-\S+", line) for line in lines
        )
        opened = scorekeeper("club", "round", "--data-dir", str(data_dir))
        said = opened.stdout.strip().splitlines()
        assert said[:2] == [
            "Round 2 is open; the others are closed.",
            "Table pages for the players' phones, this round only (on the local network):",
        ], opened.stderr
        page = said[2].split(": ", 1)[1]  # the page serve serves for table 1, round 2
        with urllib.request.urlopen(page, timeout=10) as answer:
            assert "<h1>Table 1 <span>round 2</span></h1>" in answer.read().decode()
        assert re.fullmatch(r"  Standings board \(for a TV\): http://\S+/b/board-\S+", said[4])
        revoked = scorekeeper("club", "revoke", "2", "--data-dir", str(data_dir))
        assert revoked.stdout.strip() == (
            "Table 2's pass is withdrawn: it can no longer send hands."
        ), revoked.stderr
    finally:
        out = stop(process)
    assert "The club server stopped." in out
    assert scorekeeper("club", "round", "--data-dir", str(data_dir)).returncode == 2
    process, again = serve(data_dir, port)
    try:
        assert code_line in again  # the same event and credentials
        assert "  Table 2: its pass is withdrawn (the director's desk issues a new one)" in again
        assert check(code, tmp_path).round == 2  # and the same data
    finally:
        stop(process)


def wait_for_verdict(table: psycopg.Connection, timeout: float = 20) -> str:
    """What the referee made of the table's one hand, once it has judged it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        (verdict,) = table.execute("SELECT verdict FROM club.hand_revisions").fetchone()
        if verdict != "pending":
            return verdict
        time.sleep(0.05)
    return "pending"


def test_commands_without_a_night_say_so(data_dir):
    result = scorekeeper("club", "check", "--data-dir", str(data_dir))
    assert result.returncode == 2
    assert "no club night yet" in result.stderr and "Traceback" not in result.stderr


@pytest.fixture
def gateway(club_server) -> Iterator[TlsGateway]:
    with running_gateway(club_server) as gate:
        yield gate


def test_through_the_gateway_the_connection_is_encrypted_and_pinned(
    club_server, event, gateway, tmp_path
):
    pin = pem_fingerprint(club_server.certificate_pem)
    code = replace(code_for(club_server, event, 1), port=gateway.port, pin=pin)
    with psycopg.connect(parse(code.code()).conninfo(tmp_path)) as conn:
        assert conn.info.pgconn.ssl_in_use
        assert conn.execute("SELECT name FROM club.events").fetchone() == ("Friday euchre",)


def test_a_server_showing_another_certificate_is_refused(club_server, event, gateway, tmp_path):
    wrong = hashlib.sha256(b"another server").hexdigest()
    code = replace(code_for(club_server, event, 1), port=gateway.port, pin=wrong)
    with pytest.raises(JoinCodeError, match="different certificate"):
        code.conninfo(tmp_path)


def test_the_gateway_refuses_connections_in_clear(club_server, event, gateway):
    code = replace(code_for(club_server, event, 1), port=gateway.port)
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(code.conninfo() + " sslmode=disable")
