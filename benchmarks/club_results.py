"""Players' results codes, against a real embedded PostgreSQL started for the run: a
Progressive Euchre night of 200 players (50 tables, winners move up, 8 rounds of 8
hands: 3,200 hands entered as score cards).

``results_publish_200_players_ms``: every player's night written again after one more
hand (the standings computed by the format, each night that changed rewritten), as
``club serve`` does on a standings notification; median of 5.
``results_read_p95_ms``: a player's results read with the code on the card, as a phone
will: connect through the TLS gateway (in a process of its own, as in ``club serve``;
the certificate pinned), call, close; the 95th percentile of 100.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench, club_server
from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials, create_event
from scorekeeper.club.results import (
    parse_results,
    player_keys,
    publish,
    read_night,
    results_codes,
)
from scorekeeper.club.schema import migrate
from scorekeeper.club.server import DATABASE
from scorekeeper.games.euchre import club as progressive_euchre

PLAYERS, ROUNDS, HANDS = 200, 8, 8
POSSIBLE = ([1, 0, 1, 0], [0, 1, 0, 1], [2, 0, 2, 0], [0, 2, 0, 2], [4, 0, 4, 0], [0, 4, 0, 4])


def played_night(admin: psycopg.Connection) -> EventCredentials:
    """The night: each round drawn from the one before, its cards entered, ended."""
    event = create_event(admin, "Results benchmark", tables=PLAYERS // 4)
    chosen = {"rounds": ROUNDS, "movement": progressive_euchre.MOVE_UP.id, "hands": HANDS}
    t.configure(admin, event.event, progressive_euchre.FORMAT, chosen, seed=3)
    for number in range(PLAYERS):
        t.register(admin, event.event, f"Player {number + 1}")
    rng = random.Random(3)
    for round_no in range(1, ROUNDS + 1):
        drawn = t.draw(admin, event, round_no)
        t.start_round(admin, event.event, round_no)
        for table in drawn.tables:
            card = [rng.choice(POSSIBLE) for _ in range(HANDS)]
            t.enter_card(admin, event.event, round_no, table.number, card)
        t.end_round(admin, event.event, round_no)
    return event


def main() -> int:
    with (
        club_server() as (folder, server, gate),
        psycopg.connect(server.admin_url(), autocommit=True) as admin,
    ):
        migrate(admin)
        event = played_night(admin)
        keys = player_keys(admin, event.event)
        publish(admin, event.event)
        times = []
        for round_no in range(5):  # one more hand each time: places move
            match = admin.execute(
                "SELECT match_id::text FROM club.matches WHERE event_id = %s "
                "ORDER BY created LIMIT 1 OFFSET %s",
                (event.event, round_no),
            ).fetchone()
            assert match is not None
            t.correct(admin, match[0], 1, [4, 0, 4, 0])
            start = time.perf_counter()
            publish(admin, event.event)
            times.append((time.perf_counter() - start) * 1000)
        bench("results_publish_200_players_ms", statistics.median(times), "ms")
        where = ("127.0.0.1", gate.port, DATABASE, gate.pin)
        codes = list(results_codes(event, where, keys).values())
        reads = []
        for k in range(100):
            code = parse_results(codes[k % len(codes)])
            start = time.perf_counter()
            read_night(code, folder)
            reads.append((time.perf_counter() - start) * 1000)
        bench("results_read_p95_ms", statistics.quantiles(reads, n=20)[18], "ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
