"""A simulated club night: 20 tables in separate processes record random legal hands,
with take-backs and corrections, through the real outbox and worker."""

from __future__ import annotations

import pytest

from scorekeeper.club.admin import create_event
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


def test_twenty_tables_standings_equal_the_sum_of_their_ledgers(club_server, admin, tmp_path):
    play_night(club_server, admin, tmp_path, tables=20, hands=2)


@pytest.mark.slow
def test_a_long_night_of_twenty_tables(club_server, admin, tmp_path):
    play_night(club_server, admin, tmp_path, tables=20, hands=24)
