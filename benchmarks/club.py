"""Club night speed, against a real embedded PostgreSQL started for the run, reached as
tables and boards on other machines reach it: through the TLS gateway of ``club serve``,
the server's certificate pinned.

``club_100_tables_sync_s``: 100 tables, each with 8 hands recorded card by card while
offline, start their sync workers at once; seconds until the server has all 800 hands,
each replayed and accepted by the referee ``club serve`` runs.
``sync_push_p99_ms``: one table pushes one changed hand (its ledger replayed, the
revision sent and committed), the 99th percentile of 300.
``standings_view_1000_players_ms``: the view ``club.standings_individual`` (each
player's points, from the totals the server keeps) of an event with 1,000 players and
100,000 stored hands, read by the board's role through its row-level security; median
of 20. The tournament board reads more than this view: ``benchmarks/board.py`` times it.
``board_update_ms``: from a table starting to push a hand until the board listening on
``LISTEN/NOTIFY`` hears of it (the referee having replayed and accepted it), the 95th
percentile of 50.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import random
import shutil
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import Gate, bench, club_server
from scorekeeper.club.admin import EventCredentials, create_event
from scorekeeper.club.outbox import Outbox
from scorekeeper.club.referee import Referee
from scorekeeper.club.schema import migrate
from scorekeeper.club.simulate import Table
from scorekeeper.club.standings import follow, standings
from scorekeeper.club.sync import Pusher, SyncWorker
from scorekeeper.games import get_game
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store

TABLES, HANDS = 100, 8


def recorded_table(folder: Path, gate: Gate, event: EventCredentials) -> Path:
    """One table's database: joined, one match of ``HANDS`` hands waiting to be pushed."""
    database = folder / "template.sqlite3"
    outbox = Outbox(database)
    outbox.join(gate.code(event, 1), 1)
    game = get_game("euchre")
    table = Table(Store(database), MatchInfo("m", game.id, game.settings(), ("A", "B", "C", "D")))
    outbox.tag(table.match_id)
    rng = random.Random(1)
    for _ in range(HANDS):
        table.play_hand(rng, 0.05, 0.05)
    table.store.close()
    outbox.close()
    return database


def copies(template: Path, folder: Path, gate: Gate, event) -> list[Path]:
    """The template as each table's own database: its code, table number, match id."""
    databases = []
    for number in range(1, TABLES + 1):
        database = folder / f"table-{number}.sqlite3"
        shutil.copyfile(template, database)
        outbox = Outbox(database)
        outbox.join(gate.code(event, number), 1)
        outbox._db.execute(
            "UPDATE club_matches SET table_no = ?, remote_id = ?", (number, str(uuid.uuid4()))
        )
        outbox.close()
        databases.append(database)
    return databases


def stored_hands(conn: psycopg.Connection, event: str) -> int:
    return conn.execute(
        "SELECT count(*) FROM club.hands JOIN club.matches USING (match_id) WHERE event_id = %s",
        (event,),
    ).fetchone()[0]


def hundred_tables(gate: Gate, admin, folder: Path) -> float:
    event = create_event(admin, "Hundred tables", TABLES)
    databases = copies(recorded_table(folder, gate, event), folder, gate, event)
    workers = [SyncWorker(database, folder, poll=0.2) for database in databases]
    start = time.perf_counter()
    for worker in workers:
        worker.start()
    while stored_hands(admin, event.event) < TABLES * HANDS:
        time.sleep(0.01)
    elapsed = time.perf_counter() - start
    for worker in workers:
        worker.stop()
    return elapsed


def push_latencies(gate: Gate, admin, folder: Path, count: int, board: bool = False) -> list[float]:
    """Milliseconds of ``count`` pushes of one changed hand; with ``board``, until the
    event's board hears of it instead."""
    event = create_event(admin, "Push", 1)
    table_folder = folder / f"push-{event.event}"
    table_folder.mkdir()
    database = recorded_table(table_folder, gate, event)
    pusher = Pusher(database, folder)
    pusher.push_batch()
    heard = threading.Event()
    if board:

        def listen() -> None:
            with (
                contextlib.suppress(psycopg.OperationalError),  # the server stops at the end
                psycopg.connect(gate.code(event, None).conninfo(folder), autocommit=True) as conn,
            ):
                for _ in follow(conn, event.event, timeout=30):
                    heard.set()

        threading.Thread(target=listen, daemon=True).start()
        time.sleep(0.5)
    latencies = []
    for round_ in range(count):
        pusher.outbox._db.execute(
            "UPDATE club_outbox SET revision = revision + 1 WHERE hand = ?", (round_ % HANDS,)
        )
        heard.clear()
        start = time.perf_counter()
        pusher.push_batch()
        if board:
            heard.wait(5)
        latencies.append((time.perf_counter() - start) * 1000)
    pusher.close()
    return latencies


def big_event(admin: psycopg.Connection) -> EventCredentials:
    """1,000 players at 250 four-player tables, 100,000 hands with their points."""
    event = create_event(admin, "Big night", 250)
    with admin.transaction():
        admin.execute(
            "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
            "SELECT gen_random_uuid(), %s, 1, t, '{}' FROM generate_series(1, 250) t",
            (event.event,),
        )
        admin.execute(
            "INSERT INTO club.hands (match_id, hand_no, revision, record) "
            "SELECT match_id, h, 1, '{}' FROM club.matches, generate_series(0, 399) h "
            "WHERE event_id = %s",
            (event.event,),
        )
        admin.execute(
            "INSERT INTO club.hand_points "
            "(event_id, match_id, hand_no, player, side, lead, points, cents, won) "
            "SELECT m.event_id, m.match_id, h.hand_no, 'Player ' || (m.table_no * 4 + s), "
            "'Side ' || (m.table_no * 2 + s %% 2), s < 2, (h.hand_no + s) %% 5 - 1, 0, 0 "
            "FROM club.matches m JOIN club.hands h USING (match_id), generate_series(0, 3) s "
            "WHERE m.event_id = %s",
            (event.event,),
        )
    admin.execute("ANALYZE club.hand_points")
    return event


def _judge(conninfo: str) -> None:
    Referee(conninfo).run()


def referee_process(conninfo: str) -> multiprocessing.Process:
    """The referee in a process of its own, as ``club serve`` runs it on the director's
    machine (the tables are other machines)."""
    process = multiprocessing.get_context("spawn").Process(
        target=_judge, args=(conninfo,), daemon=True
    )
    process.start()
    return process


def main() -> int:
    with (
        club_server() as (folder, server, gate),
        psycopg.connect(server.admin_url(), autocommit=True) as admin,
    ):
        migrate(admin)
        referee = referee_process(server.admin_url())  # a hand counts once judged
        bench("club_100_tables_sync_s", hundred_tables(gate, admin, folder), "s")
        pushes = push_latencies(gate, admin, folder, 300)
        bench("sync_push_p99_ms", statistics.quantiles(pushes, n=100)[98], "ms")
        event = big_event(admin)
        with psycopg.connect(gate.code(event, None).conninfo(folder), autocommit=True) as board:
            assert len(standings(board, event.event)) == 1000
            times = []
            for _ in range(20):
                start = time.perf_counter()
                standings(board, event.event)
                times.append((time.perf_counter() - start) * 1000)
        bench("standings_view_1000_players_ms", statistics.median(times), "ms")
        updates = push_latencies(gate, admin, folder, 50, board=True)
        bench("board_update_ms", statistics.quantiles(updates, n=20)[18], "ms")
        referee.terminate()
        referee.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
