"""A simulated club night: tables in separate processes record random legal hands, with
take-backs and corrections, through the real outbox and worker. A table plays the game
its number gives (:data:`scorekeeper.club.simulate.GAMES`), so a night of as many tables
as games plays each; the night of 20 tables is among the long runs."""

from __future__ import annotations

import pytest

from scorekeeper.club.admin import create_event
from scorekeeper.club.simulate import GAMES
from tests.club.night import assert_converged, results, start_table


def play_night(club_server, admin, tmp_path, tables: int, hands: int) -> None:
    event = create_event(admin, "Simulated night", tables=tables)
    processes = [start_table(club_server, event, n, tmp_path, hands) for n in event.tables]
    played = results(processes)
    assert_converged(admin, event.event, played)
    # every revision a table sent arrived exactly once: the server holds as many
    # revisions as the tables pushed, none twice (the key) and none missing
    (stored,) = admin.execute(
        "SELECT count(*) FROM club.hand_revisions r JOIN club.matches m USING (match_id) "
        "WHERE m.event_id = %s",
        (event.event,),
    ).fetchone()
    assert stored == sum(table["sent"] for table in played)


@pytest.mark.parametrize(
    "tables",
    [
        pytest.param(len(GAMES), id="a table of each game"),
        pytest.param(20, id="20 tables", marks=pytest.mark.slow),
    ],
)
def test_the_standings_equal_the_sum_of_the_tables_ledgers(club_server, admin, tmp_path, tables):
    play_night(club_server, admin, tmp_path, tables=tables, hands=2)


@pytest.mark.slow
def test_a_long_night_of_twenty_tables(club_server, admin, tmp_path):
    play_night(club_server, admin, tmp_path, tables=20, hands=24)
