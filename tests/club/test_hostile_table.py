"""A hostile table: what one table's login could do to the whole night, each attack made
through the TLS gateway with the table's own login against the real club database. The
database holds the rules of the record, the server sets what only it knows, the referee
replays every hand before it counts, and no row can break the night."""

from __future__ import annotations

import copy
import random
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg import sql
from psycopg.types.json import Jsonb

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials, close_round, create_event, revoke_table
from scorekeeper.club.board import read_board
from scorekeeper.club.director import round_tables, table_history
from scorekeeper.club.outbox import Outbox
from scorekeeper.club.record import hand_payload, match_payload
from scorekeeper.club.referee import DIFFERS, NOT_DRAWN, judge_pending
from scorekeeper.club.replay import check_event
from scorekeeper.club.schema import DIRECTOR_FINAL, MAX_HAND_REVISIONS, TABLE_CONNECTIONS
from scorekeeper.club.server import free_port
from scorekeeper.club.simulate import Table
from scorekeeper.club.standings import follow
from scorekeeper.club.sync import Pusher, SyncWorker, status_text
from scorekeeper.club.table import join
from scorekeeper.games import get_game
from scorekeeper.games.euchre import club as progressive_euchre
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store
from tests.club.drawn import NAMES, Night, drawn_night
from tests.club.fixtures import code_for
from tests.club.played import play, send, send_hand, send_match


@pytest.fixture
def night(club_server, gateway, admin, tmp_path) -> Night:
    return drawn_night(admin, club_server, gateway, tmp_path, "Hostile night")


def standings_now(conn: psycopg.Connection, event: str) -> list[tuple[int, int]]:
    return [(s.player, s.points) for s in t.event_standings(conn, event)]


# -- 1. the database holds the shape of every record ---------------------------------------


def _line(record: dict, k: int) -> dict:
    return record["players"][k]


def _set(path: Callable[[dict], dict], key: str, value: Any) -> Callable[[dict], Any]:
    def change(record: dict) -> dict:
        path(record)[key] = value
        return record

    return change


MISSHAPEN: dict[str, Callable[[dict], Any]] = {
    "three players' lines at a four-seat night": lambda r: {**r, "players": r["players"][:3]},
    "five players' lines": lambda r: {**r, "players": [*r["players"], _line(r, 0)]},
    "players not a list": lambda r: {**r, "players": {"Player 1": 40}},
    "a line that is a number": lambda r: {**r, "players": [7, *r["players"][1:]]},
    "points in words": _set(lambda r: _line(r, 0), "points", "forty"),
    "points not whole": _set(lambda r: _line(r, 0), "points", 2.5),
    "points past any hand": _set(lambda r: _line(r, 0), "points", 10**9),
    "a seat past the table": _set(lambda r: _line(r, 0), "seat", 4),
    "one seat twice": lambda r: _set(lambda x: _line(x, 1), "seat", _line(r, 0)["seat"])(r),
    "one player twice": lambda r: _set(lambda x: _line(x, 1), "player", _line(r, 0)["player"])(r),
    "a player without a name": _set(lambda r: _line(r, 0), "player", ""),
    "a game won twice": _set(lambda r: _line(r, 0), "won", 2),
    "a line without its seat": lambda r: {
        **r,
        "players": [{k: v for k, v in _line(r, 0).items() if k != "seat"}, *r["players"][1:]],
    },
    "outcome details that are a list": lambda r: {**r, "outcome": {"details": [1, 2]}},
    "a record that is a list": lambda r: [r],
}


@pytest.mark.parametrize("change", MISSHAPEN.values(), ids=MISSHAPEN.keys())
def test_the_database_refuses_a_record_not_shaped_as_a_hand(night, change):
    ledger = play(night.names[1])
    record = change(copy.deepcopy(hand_payload(ledger, 0)))
    with night.login(1) as table:
        match = send_match(table, night.event.event, 1, 1, ledger)
        with pytest.raises(psycopg.errors.CheckViolation):
            send_hand(table, match, 0, record)
        stored = table.execute("SELECT count(*) FROM club.hand_revisions").fetchone()
    assert stored == (0,)


def test_the_database_refuses_a_match_of_three_players_at_a_four_seat_night(night):
    ledger = play(night.names[1])
    info = {**match_payload(ledger), "players": night.names[1][:3]}
    with night.login(1) as table, pytest.raises(psycopg.errors.CheckViolation, match="4 players"):
        table.execute(
            "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
            "VALUES (%s, %s, 1, 1, %s)",
            (str(uuid.uuid4()), night.event.event, Jsonb(info)),
        )


# -- 2. the referee replays every hand before it counts ------------------------------------


def forty_points(ledger: Ledger, night: Night, record: dict) -> tuple[Ledger, dict]:
    """The table's own side writes itself 40 more points, its totals to match."""
    for line in record["players"]:
        if line["seat"] % 2 == 0:
            line["points"] += 40
    record["score"]["points"][0] += 40
    record["score"]["totals"][0] += 40
    return ledger, record


def other_players(ledger: Ledger, night: Night, record: dict) -> tuple[Ledger, dict]:
    """The hand of a match played by table 2's players, sent by table 1."""
    played = play(night.names[2], hands=2)
    return played, hand_payload(played, 1)


def another_game(ledger: Ledger, night: Night, record: dict) -> tuple[Ledger, dict]:
    """A game of Spades, not the night's Euchre."""
    played = play(night.names[1], hands=2, game_id="spades", seed=2)
    return played, hand_payload(played, 1)


FORGED = {
    "forty points for its own side": (forty_points, DIFFERS),
    "the players of another table": (other_players, NOT_DRAWN),
    "another game than the night's": (another_game, "the night plays Euchre"),
}


@pytest.mark.parametrize(("forge", "reason"), FORGED.values(), ids=FORGED.keys())
def test_a_hand_the_rules_do_not_make_is_kept_refused_with_its_reason_and_never_counts(
    night, admin, forge, reason
):
    honest = play(night.names[1], hands=2)
    played, forged = forge(honest, night, copy.deepcopy(hand_payload(honest, 1)))
    with night.login(1) as table:
        match = send_match(table, night.event.event, 1, 1, played)
        send_hand(table, match, 0, hand_payload(played, 0))
        send_hand(table, match, 1, forged)
        judge_pending(admin)
        verdicts = table.execute(  # what the table reads back of its own hands
            "SELECT hand_no, verdict, reason FROM club.hand_revisions WHERE match_id = %s "
            "ORDER BY hand_no",
            (match,),
        ).fetchall()
    assert verdicts[1][:2] == (1, "refused") and reason in verdicts[1][2]
    counted = 1 if played is honest else 0  # its first hand; else the whole match is refused
    assert t.progress(admin, night.event.event, 1)[0].hands == counted
    assert t.progress(admin, night.event.event, 1)[0].refused == 2 - counted
    history = table_history(admin, night.event.event, 1, 1)  # what the desk lists
    assert [r.verdict for r in history] == [
        *(["accepted"] * counted),
        *(["refused"] * (2 - counted)),
    ]
    assert reason in (history[-1].reason or "")
    with night.director() as director:
        judge_pending(admin)
        expected = honest_standings(admin, night, hand_payload(honest, 0) if counted else None)
        assert standings_now(director, night.event.event) == expected
        board = read_board(director, night.event.event)
        assert [line[2] for line in board.standings] == [str(p) for _, p in expected]


def honest_standings(admin, night: Night, record: dict | None) -> list[tuple[int, int]]:
    """The standings were only ``record`` (table 1's first hand) on record."""
    number = {p.name: p.number for p in t.players(admin, night.event.event)}
    points = {number[line["player"]]: line["points"] for line in (record or {}).get("players", [])}
    ranked = sorted(number.values(), key=lambda p: (-points.get(p, 0), p))
    return [(p, points.get(p, 0)) for p in ranked]


# -- 3. no row, however malformed, breaks the night -----------------------------------------


def _with_lines(change: Callable[[list[dict]], Any]) -> Callable[[dict], dict]:
    def damaged(record: dict) -> dict:
        record = copy.deepcopy(record)
        record["players"] = change(record["players"])
        return record

    return damaged


def _line_set(key: str, value: Any) -> Callable[[dict], dict]:
    return _with_lines(lambda lines: [{**lines[0], key: value}, *lines[1:]])


def _details(details: Any) -> Callable[[dict], dict]:
    return lambda record: {**record, "outcome": {"details": details}}


DAMAGED: dict[str, Callable[[dict], Any]] = {
    "three players' lines": _with_lines(lambda lines: lines[:3]),
    "five players' lines": _with_lines(lambda lines: [*lines, lines[0]]),
    "players an object": _with_lines(lambda lines: {"Player 1": 40}),
    "players a string": _with_lines(lambda lines: "everyone"),
    "players null": _with_lines(lambda lines: None),
    "a line that is a number": _with_lines(lambda lines: [7, *lines[1:]]),
    "a line without its seat": _with_lines(
        lambda lines: [{k: v for k, v in lines[0].items() if k != "seat"}, *lines[1:]]
    ),
    "a line without its player": _with_lines(
        lambda lines: [{k: v for k, v in lines[0].items() if k != "player"}, *lines[1:]]
    ),
    "points in words": _line_set("points", "forty"),
    "points not whole": _line_set("points", 2.5),
    "points past any integer": _line_set("points", 10**30),
    "a seat past the table": _line_set("seat", 9),
    "a seat in words": _line_set("seat", "north"),
    "one seat twice": _with_lines(lambda lines: [lines[0], {**lines[1], "seat": 0}, *lines[2:]]),
    "a player nobody registered": _line_set("player", "Nobody"),
    "a name that is a number": _line_set("player", 12),
    "outcome details a list": _details([1, 2]),
    "a loner made by seat 9": _details({"maker": 9, "alone": True, "result": "alone march"}),
    "a loner made by a word": _details({"maker": "north", "alone": True, "result": "euchred"}),
    "outcome a string": lambda record: {**record, "outcome": "won"},
    "a record that is a list": lambda record: [record],
    "a record that is null": lambda record: None,
    "a record that is a number": lambda record: 40,
    "a record without events": lambda record: {**record, "events": None, "dealer": "Ann"},
}


@pytest.mark.parametrize("damage", DAMAGED.values(), ids=DAMAGED.keys())
def test_no_damaged_row_breaks_the_standings_a_draw_the_board_or_the_check(night, admin, damage):
    """A row older than the constraints, or damaged since (written here by the
    administrator past every check, as no login can): each reader survives it, the
    referee refuses it, and it counts nowhere."""
    tables = {n: play(names, hands=2, seed=n) for n, names in night.names.items()}
    with night.login(1) as one, night.login(2) as two:
        matches = {
            n: send(conn, night.event.event, 1, n, tables[n]) for n, conn in ((1, one), (2, two))
        }
    judge_pending(admin)
    honest = standings_now(admin, night.event.event)
    bad = damage(hand_payload(tables[1], 1))
    with admin.transaction(force_rollback=True):
        for constraint in ("hand_record_shape", "hand_record_size"):
            admin.execute(f"ALTER TABLE club.hand_revisions DROP CONSTRAINT {constraint}")
        admin.execute("SET LOCAL session_replication_role = replica")  # no trigger either
        admin.execute(
            "UPDATE club.hands SET record = %s WHERE match_id = %s AND hand_no = 1",
            (Jsonb(bad), matches[1]),
        )
        admin.execute(
            "INSERT INTO club.hand_revisions (match_id, hand_no, revision, table_revision, "
            "record, pushed_by, verdict) VALUES (%s, 1, 2, 2, %s, 'x', 'pending')",
            (matches[1], Jsonb(bad)),
        )
        admin.execute("SET LOCAL session_replication_role = origin")
        judge_pending(admin)  # the referee refuses the waiting one
        (verdict,) = admin.execute(
            "SELECT verdict FROM club.hand_revisions WHERE match_id = %s AND revision = 2",
            (matches[1],),
        ).fetchone()
        assert verdict == "refused"
        without = standings_now(admin, night.event.event)
        assert {p for p, _ in without} == {p for p, _ in honest}
        board = read_board(admin, night.event.event)
        assert len(board.standings) == len(NAMES)
        assert len(t.progress(admin, night.event.event, 1)) == 2
        assert len(round_tables(admin, night.event.event, 1).tables) == 2  # the desk's read
        t.hands_csv(admin, night.event.event)
        table_history(admin, night.event.event, 1, 1)
        flags = check_event(admin, night.event.event)
        assert [(f.table, f.hand) for f in flags] == [(1, 1)]
        t.end_round(admin, night.event.event, 1)
        drawn = t.draw(admin, night.event, 2)  # winners move up: from the results
        assert len(drawn.tables) == 2


def test_a_loner_by_a_seat_the_table_has_not_breaks_nothing_when_the_director_enters_it(
    night, admin
):
    """Past the constraints' shape, the director's own record may carry outcome details
    the format cannot read: it is left out of the standings, and nothing fails."""
    chosen = {"rounds": 3, "movement": progressive_euchre.MOVE_UP.id, "loner_five_four": True}
    t.configure(admin, night.event.event, progressive_euchre.FORMAT, chosen, seed=2)
    with night.director() as director:
        match = str(uuid.uuid4())
        director.execute(
            "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
            "VALUES (%s, %s, 1, 1, %s)",
            (match, night.event.event, Jsonb({"name": "card", "players": night.names[1]})),
        )
        lines = [
            {
                "player": name,
                "seat": k,
                "side": name,
                "lead": True,
                "points": 4,
                "cents": 0,
                "won": 0,
            }
            for k, name in enumerate(night.names[1])
        ]
        details = {"maker": 9, "alone": True, "result": "alone march"}
        director.execute(
            "INSERT INTO club.hand_revisions (match_id, hand_no, record) VALUES (%s, 0, %s)",
            (match, Jsonb({"players": lines, "outcome": {"details": details}})),
        )
        assert all(points == 0 for _, points in standings_now(director, night.event.event))
        assert read_board(director, night.event.event).big_hands == ()


# -- 4. one table cannot lock everyone out ---------------------------------------------------


def test_one_tables_292_connections_lock_out_no_other_table_nor_the_director(night):
    code = night.code(1).conninfo(night.folder)

    def attempt(_: int) -> psycopg.Connection | str:
        try:
            return psycopg.connect(code, autocommit=True)
        except psycopg.OperationalError as error:
            return str(error)

    with ThreadPoolExecutor(8) as pool:
        tried = list(pool.map(attempt, range(292)))
    opened = [c for c in tried if isinstance(c, psycopg.Connection)]
    refused = [c for c in tried if isinstance(c, str)]
    try:
        assert len(opened) == TABLE_CONNECTIONS
        assert all("too many connections for role" in said for said in refused)
        with night.login(2) as other, night.director() as director:
            assert other.execute("SELECT 1").fetchone() == (1,)
            assert director.execute("SELECT 1").fetchone() == (1,)
            reserved = director.execute(
                "SELECT current_setting('reserved_connections')::integer, "
                "pg_has_role(current_user, 'pg_use_reserved_connections', 'USAGE')"
            ).fetchone()
        assert reserved == (10, True)  # and the director has slots no table can take
    finally:
        for conn in opened:
            conn.close()


def test_a_tables_login_has_its_timeouts_and_no_temporary_tables(night):
    with night.login(1) as table:
        assert table.execute("SHOW statement_timeout").fetchone() == ("15s",)
        assert table.execute("SHOW idle_in_transaction_session_timeout").fetchone() == ("1min",)
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="temporary"):
            table.execute("CREATE TEMPORARY TABLE hoard (x text)")


# -- 5. the server sets who pushed, when, and the revision ----------------------------------


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("pushed_by", "the director"),
        ("received", datetime(2000, 1, 1, tzinfo=UTC)),
        ("revision", 2147483647),
        ("verdict", "accepted"),
    ],
    ids=["who pushed", "when it arrived", "the server's revision", "the verdict"],
)
def test_a_table_cannot_write_what_only_the_server_knows(night, column, value):
    ledger = play(night.names[1])
    with night.login(1) as table:
        match = send_match(table, night.event.event, 1, 1, ledger)
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
            table.execute(
                f"INSERT INTO club.hand_revisions (match_id, hand_no, table_revision, record, "
                f"{column}) VALUES (%s, 0, 1, %s, %s)",
                (match, Jsonb(hand_payload(ledger, 0)), value),
            )


def test_who_pushed_and_when_are_the_servers_and_so_is_the_csv(night, admin):
    before = admin.execute("SELECT now()").fetchone()[0]
    with night.login(1) as table:
        match = send(table, night.event.event, 1, 1, play(night.names[1]))
    judge_pending(admin)
    by, when, revision = admin.execute(
        "SELECT pushed_by, received, revision FROM club.hand_revisions WHERE match_id = %s",
        (match,),
    ).fetchone()
    assert by == night.event.tables[1].role and when >= before and revision == 1
    csv = t.hands_csv(admin, night.event.event).splitlines()[1]
    assert csv.split(",")[4] == night.event.tables[1].role


def test_a_table_revision_of_2147483647_does_not_break_the_directors_correction(night, admin):
    ledger = play(night.names[1])
    with night.login(1) as table:
        match = send_match(table, night.event.event, 1, 1, ledger)
        send_hand(table, match, 0, hand_payload(ledger, 0), table_revision=2147483647)
    judge_pending(admin)
    with night.director() as director:
        made = t.correct(director, match, 1, [3, 1, 3, 1])
    assert made == 2
    assert [p for _, p in standings_now(admin, night.event.event)][:2] == [3, 3]


# -- 6. a director's correction is final; nothing is dropped silently -----------------------


def real_table(night: Night, folder: Path, hands: int) -> tuple[Table, Outbox]:
    """Table 1's laptop: joined through the gateway, ``hands`` hands recorded."""
    database = folder / "table-1.sqlite3"
    join(database, night.code(1).url(), folder)
    game = get_game("euchre")
    table = Table(Store(database), MatchInfo("m", game.id, game.settings(), tuple(night.names[1])))
    outbox = Outbox(database)
    outbox.tag(table.match_id)
    rng = random.Random(7)
    for _ in range(hands):
        table.play_hand(rng, 0, 0)
    return table, outbox


def take_back_last_hand(table: Table) -> None:
    hands = len(table.ledger.hands)
    while len(table.ledger.hands) == hands:
        table.take_back()


@pytest.mark.parametrize(
    "corrected", [True, False], ids=["after the director's correction", "on its own"]
)
def test_a_tables_take_back_is_never_dropped_silently(night, admin, corrected):
    table, outbox = real_table(night, night.folder, hands=4)
    pusher = Pusher(table.store.path, night.folder)
    try:
        assert pusher.push_batch() == 4
        judge_pending(admin)
        remote = outbox.tagged(table.match_id)[0]
        if corrected:
            with night.director() as director:
                assert t.correct(director, remote, 4, [2, 0, 2, 0]) == 2
        take_back_last_hand(table)  # the table has 3 hands
        assert pusher.push_batch() == 1
        judge_pending(admin)
        review = pusher.read_verdicts(now=True)
        status = SyncWorker._status(pusher, True, outbox.waiting(), time.time(), None, None)
    finally:
        pusher.close()
    counted = admin.execute(
        "SELECT count(*) FROM club.counted_hands WHERE match_id = %s AND lines > 0",
        (remote,),
    ).fetchone()[0]
    if corrected:
        assert counted == 4  # the director's correction stands
        assert status.refused == 1 and review.checking == 0
        assert status_text(status, time.time()).endswith(
            f"1 hand refused by the club database (round 1, hand 4: {DIRECTOR_FINAL})"
        )
    else:
        assert counted == 3  # as the table has it
        assert status.refused == 0 and status.notes == ()


def test_a_tables_later_revision_is_refused_after_the_directors_correction(night, admin):
    ledger = play(night.names[1], hands=1)
    with night.login(1) as table:
        match = send(table, night.event.event, 1, 1, ledger)
        judge_pending(admin)
        with night.director() as director:
            t.correct(director, match, 1, [1, 0, 1, 0])
        send_hand(table, match, 0, hand_payload(ledger, 0), table_revision=2)
        verdict = table.execute(
            "SELECT verdict, reason FROM club.hand_revisions WHERE match_id = %s "
            "AND table_revision = 2",
            (match,),
        ).fetchone()
    assert verdict == ("refused", DIRECTOR_FINAL)
    judge_pending(admin)
    assert sorted(p for _, p in standings_now(admin, night.event.event))[-2:] == [1, 1]


# -- 7. a table sees only what it needs ------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "SELECT rolname FROM pg_roles",
        "SELECT usename FROM pg_user",
        "SELECT usename FROM pg_stat_activity",
        "SELECT usesysid FROM pg_stat_get_activity(NULL)",
    ],
    ids=["the logins", "the users", "who is connected", "who is connected, underneath"],
)
def test_a_table_cannot_list_the_logins_or_who_is_connected(night, query):
    with night.login(1) as table, pytest.raises(psycopg.errors.InsufficientPrivilege):
        table.execute(query)


def test_no_name_a_table_can_read_reveals_another_event(night, admin):
    other = create_event(admin, "Another night", tables=2)
    with night.login(1) as table:
        seen = table.execute(
            "SELECT datacl::text FROM pg_database UNION ALL SELECT role_name FROM club.tables "
            "UNION ALL SELECT director_role || board_role FROM club.events"
        ).fetchall()
    assert seen and not any(other.event in text for (text,) in seen)
    assert not any(night.event.event in cred.role for cred in night.event.tables.values())
    with pytest.raises(psycopg.OperationalError):  # nor another database of the server
        psycopg.connect(replace(night.code(1), database="postgres").conninfo(night.folder))


def test_a_tables_notify_cannot_move_another_events_board(night, admin, club_server):
    other = create_event(admin, "Another night", tables=1)
    heard: list[float] = []
    listening = threading.Event()

    def board() -> None:
        with psycopg.connect(
            code_for(club_server, other, None).conninfo(), autocommit=True
        ) as conn:
            following = follow(conn, other.event, timeout=1.5)
            listening.set()
            for _ in following:
                heard.append(time.monotonic())

    listener = threading.Thread(target=board)
    listener.start()
    try:
        assert listening.wait(10)
        time.sleep(0.3)  # its LISTEN is issued
        with night.login(1) as table:
            table.execute("LISTEN club_standings")
            for payload in (other.event, "", night.event.event, "x" * 32):
                table.execute("SELECT pg_notify('club_standings', %s)", (payload,))
            time.sleep(0.5)
            forged = list(heard)
            with connect_table(club_server, other) as theirs:
                send(theirs, other.event, 1, 1, play(NAMES[:4]))
            judge_pending(admin)
            own = table.info.backend_pid
            overheard = [n.payload for n in table.notifies(timeout=0.5) if n.pid != own]
    finally:
        listener.join(10)
    assert forged == []  # the forged ones were not taken for the event's
    assert len(heard) == 1  # the hand the event's table sent was
    assert overheard and other.event not in overheard  # a key, not the event's id


def connect_table(server, event: EventCredentials) -> psycopg.Connection:
    return psycopg.connect(code_for(server, event, 1).conninfo(), autocommit=True)


# -- 8. at the table: the status bar says what is so -----------------------------------------


def worker_status(worker: SyncWorker, ready: Callable, timeout: float = 15):
    deadline = time.monotonic() + timeout
    while not ready(worker.status):
        assert time.monotonic() < deadline, worker.status
        time.sleep(0.05)
    return worker.status


def test_a_withdrawn_pass_reads_refused_and_is_not_tried_again(night, admin):
    table, outbox = real_table(night, night.folder, hands=1)
    worker = SyncWorker(table.store.path, night.folder, poll=0.05, max_pause=0.2)
    worker.start()
    try:
        worker_status(worker, lambda s: s.online and s.waiting == 0)
        revoke_table(admin, night.event.event, 1)
        table.play_hand(random.Random(8), 0, 0)
        worker.nudge()
        status = worker_status(worker, lambda s: s.withdrawn)
        assert status_text(status) == (
            "refused: this table's pass was withdrawn; 1 hand kept here "
            "(ask the director for a new join code)"
        )
        login = night.event.tables[1]
        admin.execute(  # were the worker still trying, it would now get through
            sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(
                sql.Identifier(login.role), sql.Literal(login.password)
            )
        )
        time.sleep(0.5)
        assert outbox.waiting() == 1 and worker.status.withdrawn
    finally:
        worker.stop()


def test_every_refused_hand_is_counted(night, admin):
    table, outbox = real_table(night, night.folder, hands=0)
    close_round(admin, night.event.event, 1)
    rng = random.Random(2)
    for _ in range(3):
        table.play_hand(rng, 0, 0)
    pusher = Pusher(table.store.path, night.folder)
    try:
        assert pusher.push_batch() == 0
        status = SyncWorker._status(pusher, True, outbox.waiting(), time.time(), None, None)
    finally:
        pusher.close()
    assert (status.refused, status.waiting) == (3, 0)
    assert "3 hands refused by the club database" in status_text(status)


def test_hands_recorded_while_offline_are_counted_at_once(night):
    table, outbox = real_table(night, night.folder, hands=0)
    link = outbox.link()
    outbox.join(replace(link.code, port=free_port()), link.round)  # the network is gone
    worker = SyncWorker(table.store.path, night.folder, poll=0.05)  # retries up to 30 s apart
    worker.start()
    try:
        time.sleep(2)  # long enough offline that the next try is seconds away
        rng = random.Random(4)
        for recorded in (1, 2, 3):
            table.play_hand(rng, 0, 0)
            worker.nudge()
            status = worker_status(worker, lambda s, n=recorded: s.waiting == n, timeout=0.5)
        assert status_text(status) == "offline: 3 hands waiting"
    finally:
        worker.stop()


def test_a_ninth_hand_in_an_eight_hand_round_is_refused_and_the_table_says_so(night, admin):
    table, _ = real_table(night, night.folder, hands=9)
    pusher = Pusher(table.store.path, night.folder)
    try:
        assert pusher.push_batch() == 9
        judge_pending(admin)
        pusher.read_verdicts(now=True)
        status = SyncWorker._status(pusher, True, 0, time.time(), None, None)
    finally:
        pusher.close()
    assert t.progress(admin, night.event.event, 1)[0].hands == 8
    assert status.notes == ("round 1, hand 9: the round is 8 hands",)


def test_a_table_sends_a_bounded_number_of_revisions_of_one_hand(night, admin):
    ledger = play(night.names[1])
    record = Jsonb(hand_payload(ledger, 0))
    with night.login(1) as table:
        match = send_match(table, night.event.event, 1, 1, ledger)
        with table.transaction(), table.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO club.hand_revisions (match_id, hand_no, table_revision, record) "
                "VALUES (%s, 0, %s, %s)",
                [(match, revision, record) for revision in range(1, MAX_HAND_REVISIONS + 1)],
            )
        with pytest.raises(psycopg.errors.ProgramLimitExceeded, match="at most 500 revisions"):
            send_hand(table, match, 0, hand_payload(ledger, 0), MAX_HAND_REVISIONS + 1)
        newest = table.execute(
            "SELECT max(revision) FROM club.hand_revisions WHERE match_id = %s", (match,)
        ).fetchone()
    assert newest == (MAX_HAND_REVISIONS,)  # numbered by the server, one by one
    judge_pending(admin)  # the newest counts, the others were superseded
    verdicts = admin.execute(
        "SELECT verdict, count(*) FROM club.hand_revisions WHERE match_id = %s GROUP BY 1",
        (match,),
    ).fetchall()
    assert sorted(verdicts) == [("accepted", 1), ("superseded", MAX_HAND_REVISIONS - 1)]
