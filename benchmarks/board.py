"""The standings board's reads, against a real embedded PostgreSQL started for the run,
by the board's own login through the TLS gateway (as a board on another machine reads).

A Progressive Euchre night of 8 rounds of 8 hands, the last round still playing: 48
players (768 hands) and 200 players (3,200 hands), each hand the record of a real Euchre
hand with the seated players' names.

``board_first_read_<n>_players_ms``: everything the board shows, read from nothing (as
when it opens), median of 5.
``board_refresh_<n>_players_ms``: one hand arrives (the director corrects it, so that it
counts at once) and the board reads again, only what changed since its read before;
median of 30 (goal at 200 players: at most 50).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench, club_server
from scorekeeper.club import tournament
from scorekeeper.club.admin import EventCredentials, create_event
from scorekeeper.club.board import BoardReader, read_board
from scorekeeper.club.formats.schedule import Round, Table
from scorekeeper.club.joincode import JoinCode
from scorekeeper.club.record import hand_payload
from scorekeeper.club.schema import migrate
from scorekeeper.club.simulate import Table as PlayedTable
from scorekeeper.games import get_game
from scorekeeper.games.euchre import club as progressive_euchre
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store

ROUNDS, HANDS = 8, 8


def real_hands(folder: Path, count: int = 64) -> list[dict[str, Any]]:
    """Records of ``count`` random Euchre hands played through the engine, a new match
    whenever a game ends."""
    game = get_game("euchre")
    info = MatchInfo("templates", game.id, game.settings(), ("A", "B", "C", "D"))
    rng = random.Random(7)
    records: list[dict[str, Any]] = []
    with Store(folder / "templates.sqlite3") as store:
        while len(records) < count:
            played = PlayedTable(store, info)
            while not (played.ledger.scores and played.ledger.scores[-1].game_over):
                played.play_hand(rng, 0, 0)
                records.append(hand_payload(played.ledger, len(played.ledger.hands) - 1))
    return records[:count]


def sit(record: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """``record`` with the players' lines naming ``names`` (in seat order)."""
    lines = [{**line, "player": names[line["seat"]]} for line in record["players"]]
    return {**record, "players": lines}


def night(
    admin: psycopg.Connection, players: int, templates: list[dict[str, Any]]
) -> EventCredentials:
    """``players`` at ``players // 4`` tables for ``ROUNDS`` rounds of ``HANDS`` hands,
    each round ended but the last."""
    event = create_event(admin, f"Board night of {players}", players // 4)
    chosen = {"rounds": ROUNDS, "hands": HANDS}
    tournament.configure(admin, event.event, progressive_euchre.FORMAT, chosen, seed=1)
    names = [f"Player number {n}" for n in range(players)]
    for name in names:
        tournament.register(admin, event.event, name)
    rng = random.Random(players)
    for number in range(1, ROUNDS + 1):
        order = rng.sample(range(players), players)
        tables = tuple(Table(k + 1, tuple(order[4 * k : 4 * k + 4])) for k in range(players // 4))
        tournament.store_round(admin, event, Round(number, tables))
        tournament.start_round(admin, event.event, number)
        with admin.transaction(), admin.cursor() as cursor:
            for table in tables:
                seated = [names[p] for p in table.seats]
                match = str(uuid.uuid4())
                cursor.execute(
                    "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
                    "VALUES (%s, %s, %s, %s, '{}')",
                    (match, event.event, number, table.number),
                )
                cursor.executemany(
                    "INSERT INTO club.hand_revisions (match_id, hand_no, revision, record) "
                    "VALUES (%s, %s, 1, %s)",
                    [(match, n, Jsonb(sit(rng.choice(templates), seated))) for n in range(HANDS)],
                )
        if number < ROUNDS:
            tournament.end_round(admin, event.event, number)
    admin.execute("ANALYZE")
    return event


def median_ms(work: Callable[[], object], times: int) -> float:
    laps = []
    for _ in range(times):
        start = time.perf_counter()
        work()
        laps.append((time.perf_counter() - start) * 1000)
    return statistics.median(laps)


def refreshes(admin: psycopg.Connection, board: psycopg.Connection, event: str) -> float:
    """Median milliseconds of a read after one hand arrived (a new revision of a hand of
    the round being played, its first player's points one more)."""
    reader = BoardReader(event)
    reader.read(board)
    match, hand, record = admin.execute(
        "SELECT h.match_id, h.hand_no, h.record FROM club.hands h JOIN club.matches m "
        "USING (match_id) WHERE m.event_id = %s AND m.round_no = %s LIMIT 1",
        (event, ROUNDS),
    ).fetchone()
    points = [line["points"] for line in sorted(record["players"], key=lambda x: x["seat"])]
    laps = []
    for _ in range(30):
        points[0] += 1
        tournament.correct(admin, match, hand + 1, points)
        start = time.perf_counter()
        reader.read(board)
        laps.append((time.perf_counter() - start) * 1000)
    return statistics.median(laps)


def measure(
    admin: psycopg.Connection, code: JoinCode, folder: Path, players: int, event: str
) -> None:
    """The board's figures at ``players``, read with ``code`` (the board's)."""
    with psycopg.connect(code.conninfo(folder), autocommit=True) as board:
        first = median_ms(lambda: read_board(board, event), 5)
        bench(f"board_first_read_{players}_players_ms", first, "ms")
        figure = refreshes(admin, board, event)
    goal = ", goal <= 50" if players == 200 else ""
    bench(f"board_refresh_{players}_players_ms", figure, f"ms{goal}")


def main() -> int:
    with (
        club_server() as (folder, server, gate),
        psycopg.connect(server.admin_url(), autocommit=True) as admin,
    ):
        migrate(admin)
        templates = real_hands(folder)
        for players in (48, 200):
            event = night(admin, players, templates)
            measure(admin, gate.code(event, None), folder, players, event.event)
    return 0


if __name__ == "__main__":
    sys.exit(main())
