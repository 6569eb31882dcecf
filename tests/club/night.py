"""Tables of a simulated club night, each in a process of its own."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import psycopg

from scorekeeper.club.admin import EventCredentials
from scorekeeper.club.referee import judge_pending
from scorekeeper.club.server import EmbeddedServer
from tests.club.fixtures import code_for


def start_table(
    server: EmbeddedServer, event: EventCredentials, table: int, folder: Path, hands: int
) -> subprocess.Popen:
    database = folder / f"table-{table}" / "scorekeeper.sqlite3"
    database.parent.mkdir(parents=True, exist_ok=True)
    code = code_for(server, event, table).code()
    command = [sys.executable, "-m", "scorekeeper.club.simulate", str(database), code]
    command += ["--hands", str(hands), "--seed", str(table), "--take-back-rate", "0.1"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def results(processes: list[subprocess.Popen], timeout: float = 120) -> list[dict]:
    done = []
    for process in processes:
        out, err = process.communicate(timeout=timeout)
        assert process.returncode == 0, err[-3000:]
        done.append(json.loads(out))
    return done


def ledgers_total(tables: list[dict]) -> dict[str, dict[str, int]]:
    total: dict[str, Counter] = {}
    for table in tables:
        for player, figures in table["players"].items():
            total.setdefault(player, Counter()).update(figures)
    return {player: dict(figures) for player, figures in total.items()}


def server_standings(conn: psycopg.Connection, event: str) -> dict[str, dict[str, int]]:
    rows = conn.execute(
        "SELECT i.player, i.points, m.cents, g.games_won FROM club.standings_individual i "
        "JOIN club.standings_money m USING (event_id, player) "
        "JOIN club.standings_games_won g USING (event_id, player) WHERE event_id = %s",
        (event,),
    )
    return {p: {"points": pts, "cents": c, "won": w} for p, pts, c, w in rows}


def assert_converged(conn: psycopg.Connection, event: str, tables: list[dict]) -> None:
    """Once the referee has judged what arrived: standings equal the sum of the tables'
    ledgers; each hand's last revision is the table's last; nothing waits."""
    assert all(table["waiting"] == 0 for table in tables)
    judge_pending(conn)
    expected = {p: f for p, f in ledgers_total(tables).items() if any(f.values())}
    found = {p: f for p, f in server_standings(conn, event).items() if any(f.values())}
    differences = {
        p: (found.get(p), expected.get(p))
        for p in {*found, *expected}
        if found.get(p) != expected.get(p)
    }
    assert differences == {}
    for table in tables:
        latest = dict(
            conn.execute(
                "SELECT hand_no::text, r.table_revision FROM club.hands "
                "JOIN club.hand_revisions r USING (match_id, hand_no, revision) "
                "WHERE match_id = %s",
                (table["match"],),
            ).fetchall()
        )
        assert latest == table["revisions"]
