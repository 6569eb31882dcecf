"""Standings views, the board's notifications and the director's replay check."""

from __future__ import annotations

import random
import threading
import time

import pytest
from psycopg.types.json import Jsonb

from scorekeeper.club.outbox import Outbox
from scorekeeper.club.replay import check_event
from scorekeeper.club.server import DATABASE
from scorekeeper.club.simulate import Table, ledger_summary
from scorekeeper.club.standings import Kind, Line, follow, standings
from scorekeeper.club.table import join
from scorekeeper.games import get_game
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store
from tests.club.converge import drain
from tests.club.fixtures import code_for, connect_as
from tests.club.played import judged


def played_table(club_server, event, tmp_path, number, game_id, players, hands=3):
    database = tmp_path / f"t{number}.sqlite3"
    join(database, code_for(club_server, event, number).code(), tmp_path)
    game = get_game(game_id)
    options = {"point_value": 25} if any(o.id == "point_value" for o in game.options) else {}
    info = MatchInfo(f"Table {number}", game.id, game.settings(**options), players)
    table = Table(Store(database), info)
    Outbox(database).tag(table.match_id)
    rng = random.Random(number)
    for _ in range(hands):
        table.play_hand(rng, 0, 0)
    drain(database)
    judged(club_server)
    return table


def test_each_scoring_kind_sums_the_tables_ledgers(club_server, event, tmp_path):
    sheepshead = played_table(
        club_server, event, tmp_path, 1, "sheepshead", ("Al", "Bo", "Cy", "Di", "Ed")
    )
    euchre = played_table(club_server, event, tmp_path, 2, "euchre", ("Fay", "Gus", "Hal", "Ivy"))
    expected = {**ledger_summary(sheepshead.ledger), **ledger_summary(euchre.ledger)}
    with connect_as(code_for(club_server, event, None)) as board:
        individual = {line.name: line.figure for line in standings(board, event.event)}
        money = {line.name: line.figure for line in standings(board, event.event, Kind.MONEY)}
        won = {line.name: line.figure for line in standings(board, event.event, Kind.GAMES_WON)}
        sides = {line.name: line.figure for line in standings(board, event.event, Kind.SIDES)}
    assert individual == {name: f["points"] for name, f in expected.items()}
    assert money == {name: f["cents"] for name, f in expected.items()}
    assert any(money.values())  # Sheepshead at 25 cents a point
    assert won == {name: f["won"] for name, f in expected.items()}
    totals = euchre.ledger.totals
    assert sides["Fay & Hal"] == totals[0] and sides["Gus & Ivy"] == totals[1]
    assert sides["Al"] == individual["Al"]


def test_standings_rank_best_first(club_server, event, tmp_path):
    played_table(club_server, event, tmp_path, 1, "euchre", ("Ann", "Ben", "Cat", "Dan"))
    with connect_as(code_for(club_server, event, None)) as board:
        lines = standings(board, event.event)
    assert lines == sorted(lines, key=lambda line: (-line.figure, line.name))
    assert all(isinstance(line, Line) for line in lines)


def test_the_board_hears_of_each_change_without_polling(club_server, event, tmp_path):
    heard: list[float] = []
    listening = threading.Event()

    def board() -> None:
        with connect_as(code_for(club_server, event, None)) as conn:
            listening.set()
            for _ in follow(conn, event.event, timeout=15):
                heard.append(time.perf_counter())
                return

    listener = threading.Thread(target=board)
    listener.start()
    assert listening.wait(10)
    time.sleep(0.2)  # LISTEN is issued
    played_table(club_server, event, tmp_path, 1, "euchre", ("Jo", "Ka", "Li", "Mo"), hands=1)
    listener.join(20)
    assert heard


def test_replay_agrees_with_honest_tables_and_flags_a_changed_outcome(
    club_server, event, tmp_path, admin
):
    table = played_table(club_server, event, tmp_path, 1, "euchre", ("Ned", "Ola", "Pam", "Quin"))
    director = event.director_code("127.0.0.1", club_server.port, DATABASE, None)
    with connect_as(director) as conn:
        assert check_event(conn, event.event) == []
    remote = Outbox(table.store.path).tagged(table.match_id)[0]
    revision, record = admin.execute(
        "SELECT revision, record FROM club.hands WHERE match_id = %s AND hand_no = 1", (remote,)
    ).fetchone()
    record["players"][0]["points"] += 10  # a record that claims more than its events make,
    record["score"]["points"][0] += 10  # stored before the referee (or damaged since)
    admin.execute(
        "UPDATE club.hands SET record = %s WHERE match_id = %s AND hand_no = 1",
        (Jsonb(record), remote),
    )
    with connect_as(director) as conn:
        (flag,) = check_event(conn, event.event)
        assert (flag.table, flag.hand, flag.revision) == (1, 1, revision)
        assert flag.replayed["score"]["points"][0] == record["score"]["points"][0] - 10
        assert conn.execute("SELECT count(*) FROM club.flags").fetchone() == (1,)


@pytest.mark.parametrize("kind", list(Kind), ids=[kind.view for kind in Kind])
def test_each_view_is_readable_by_the_board_and_empty_for_a_new_event(club_server, event, kind):
    with connect_as(code_for(club_server, event, None)) as board:
        assert standings(board, event.event, kind) == []
