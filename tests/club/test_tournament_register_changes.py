"""Winners move up in the real club database when the register changes mid-night: a
late arrival and players who leave, drawn through the tournament as the director's desk
draws."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.club import tournament as t
from scorekeeper.club.formats.schedule import Table
from scorekeeper.games.euchre import club as progressive_euchre
from tests.club.test_tournament import NAMES
from tests.club.test_tournament_draws import play_round

FIRST_SEATS_WIN = [(1, 0, 1, 0)] * 3


def stored(admin, event: str, round_no: int) -> tuple[int, list[int]]:
    """Seats kept for ``round_no`` and who sits out, read straight from the tables."""
    (seats,) = admin.execute(
        "SELECT count(*) FROM club.seats WHERE event_id = %s AND round_no = %s", (event, round_no)
    ).fetchone()
    byes = admin.execute(
        "SELECT player_no FROM club.byes WHERE event_id = %s AND round_no = %s ORDER BY 1",
        (event, round_no),
    ).fetchall()
    return seats, [player for (player,) in byes]


def test_a_late_arrival_and_players_who_leave_are_drawn_mid_night(admin, event):
    t.configure(admin, event.event, progressive_euchre.FORMAT, {"movement": "move-up"}, seed=5)
    for name in [*NAMES[:10], "Kay", "Lee"]:
        t.register(admin, event.event, name)
    for round_no in (1, 2):
        t.draw(admin, event, round_no)
        play_round(admin, event, round_no, FIRST_SEATS_WIN)
    everyone = t.draw(admin, event, 3)
    name = {p.number: p.name for p in t.players(admin, event.event)}

    leaver = t.seating(admin, event.event, 2).tables[1].seats[0]  # won table 2: goes up
    t.set_status(admin, event.event, name[leaver], t.LEFT)
    larry = t.register(admin, event.event, "Late Larry", first_round=3)
    drawn = t.draw(admin, event, 3)
    in_the_seat = tuple(
        Table(table.number, tuple(larry.number if p == leaver else p for p in table.seats))
        for table in everyone.tables
    )
    assert drawn == replace(everyone, tables=in_the_seat)
    assert drawn.table_of(larry.number).number == 1
    assert t.seating(admin, event.event, 3) == drawn
    assert stored(admin, event.event, 3) == (12, [])
    assert t.draw(admin, event, 3) == drawn  # drawn again: the same seats

    play_round(admin, event, 3, FIRST_SEATS_WIN)
    head_winner = drawn.tables[0].seats[0]
    t.set_status(admin, event.event, name[head_winner], t.LEFT)
    fourth = t.draw(admin, event, 4)
    head_losers = {drawn.tables[0].seats[1], drawn.tables[0].seats[3]}
    foot_losers = {drawn.tables[2].seats[1], drawn.tables[2].seats[3]}
    assert len(fourth.tables) == 2  # eleven players: the foot table closes
    assert head_winner not in fourth.seated() + list(fourth.byes)
    filler = fourth.tables[0].seats[0]  # the head winner's seat: the foot table's last player
    assert filler in head_losers
    assert set(fourth.byes) == foot_losers | head_losers - {filler}
    assert stored(admin, event.event, 4) == (8, list(fourth.byes))
    assert t.seating(admin, event.event, 4) == fourth
