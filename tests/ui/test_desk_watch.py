"""A round watched at the director's desk while the tables play, driven as hands do: the
tables' laptops push their hands as their workers do (a hand played card by card arrives
first unfinished, at the revision its events reached, then finished); the desk counts
each table's hands against the round's (a hand too many is refused by the referee and
counted apart), stops a table's clock when it is done, warns in plain words (with the
table's number and its players' names, shown as typed) of a table that sent no hands,
too few or is past the round's time, and lists the standings; what it shows equals what
the club database holds."""

from __future__ import annotations

import random
from datetime import datetime

import psycopg

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials, create_event
from scorekeeper.club.record import hand_payload
from scorekeeper.club.server import DATABASE
from scorekeeper.games import get_game
from scorekeeper.games.euchre import club as progressive_euchre
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from tests.club.fixtures import code_for, connect_as
from tests.club.played import send_hand, send_match
from tests.ui.test_desk import click, open_tab, opened_desk
from tests.ui.test_desk_passes import screenshots
from tests.ui.test_desk_window import progress_rows
from ui.desk import TIME_COLUMN, DirectorDesk, elapsed_words

MARKUP = "<b>Ann</b> & <i>x</i>"  # a name that would read as markup
NAMES = [MARKUP, "Bob", "Cy O'Neil", "Dee", "Eve", "Fay", "Gus", "Hal"]


class Laptop:
    """A table's laptop playing Euchre with its own login, each hand pushed as its worker
    pushes it: once under way (its revision already past 1), then finished."""

    def __init__(self, conn: psycopg.Connection, event: str, table: int, names, seed: int):
        self.conn = conn
        game = get_game("euchre")
        self.ledger = Ledger(MatchInfo(f"Table {table}", game.id, game.settings(), tuple(names)))
        self.match = send_match(conn, event, 1, table, self.ledger)
        self.rng = random.Random(seed)

    def play(self, hands: int = 1) -> None:
        for _ in range(hands):
            ledger = self.ledger
            for event in ledger.game.deal(self.rng, ledger.settings, ledger.next_dealer):
                ledger.record(event)
            self._push()
            while not ledger.hands[-1].is_over:
                options = ledger.hands[-1].state.legal_events()
                ledger.record(options[self.rng.randrange(len(options))])
            self._push()

    def _push(self) -> None:
        number = len(self.ledger.hands) - 1
        revision = len(self.ledger.hands[number].events)
        send_hand(self.conn, self.match, number, hand_payload(self.ledger, number), revision)


def watched_night(admin) -> EventCredentials:
    """Progressive Euchre, rounds of 4 hands in 15 minutes; round 1 drawn and started."""
    event = create_event(admin, "Watched night", tables=2)
    chosen = {"rounds": 3, "hands": 4, "minutes": 15}
    t.configure(admin, event.event, progressive_euchre.FORMAT, chosen, seed=1)
    for name in NAMES:
        t.register(admin, event.event, name)
    t.draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    return event


def held_rows(admin, event: str) -> list[list[str]]:
    """Each table's row as the club database holds it, read with SQL of its own: the
    hands whose latest revision has players' lines, of the round's 4."""
    counts = dict(
        admin.execute(
            "SELECT m.table_no, count(*) FROM club.hands h JOIN club.matches m "
            "USING (match_id) WHERE m.event_id = %s AND m.round_no = 1 "
            "AND jsonb_array_length(h.record -> 'players') > 0 GROUP BY 1",
            (event,),
        ).fetchall()
    )
    return [
        [f"Table {p.table}", ", ".join(p.names), f"{counts.get(p.table, 0)} of 4"]
        for p in t.progress(admin, event, 1)
    ]


def shown_rows(desk: DirectorDesk) -> list[list[str]]:
    """The rows as the desk shows them, without where each table is in the round."""
    return [[*row[:2], row[2].split(" (")[0]] for row in progress_rows(desk)]


def finished_at(admin, event: str, table: int) -> datetime:
    """When the table's 4th hand was first on record finished, from the revisions kept."""
    row = admin.execute(
        "SELECT r.hand_no, min(r.received) FROM club.hand_revisions r "
        "JOIN club.matches m USING (match_id) WHERE m.event_id = %s AND m.table_no = %s "
        "AND jsonb_array_length(r.record -> 'players') > 0 GROUP BY 1 ORDER BY 2 "
        "OFFSET 3 LIMIT 1",
        (event, table),
    ).fetchone()
    return row[1]


def started_at(admin, event: str) -> datetime:
    row = admin.execute(
        "SELECT started FROM club.rounds WHERE event_id = %s AND round_no = 1", (event,)
    ).fetchone()
    return row[0]


def held_standings(admin, event: str) -> list[list[str]]:
    """The standings as the tournament works them out, in the desk's words."""
    names = {p.number: p.name for p in t.players(admin, event)}
    return [
        [f"{s.place}=" if s.tied else str(s.place), names[s.player], str(s.points), str(s.wins)]
        for s in t.event_standings(admin, event)
    ]


def shown_standings(desk: DirectorDesk) -> list[list[str]]:
    table = desk.standings.table
    return [
        [table.item(row, column).text() for column in range(table.columnCount())]
        for row in range(table.rowCount())
    ]


def test_the_desk_warns_of_tables_behind_and_late_counts_a_hand_too_many_apart_and_stops_clocks(
    qtbot, qapp, club_server, admin, referee, tmp_path
):
    event = watched_night(admin)
    first, second = (p.names for p in t.progress(admin, event.event, 1))
    two = f"Table 2 ({', '.join(second)})"
    director = event.director_code("127.0.0.1", club_server.port, DATABASE, None)
    with (
        connect_as(director) as conn,
        connect_as(code_for(club_server, event, 1)) as laptop_1,
        connect_as(code_for(club_server, event, 2)) as laptop_2,
    ):
        desk = opened_desk(qtbot, conn, event, tmp_path)
        desk.live.setInterval(300)
        assert desk.warnings.shown() == []
        table_1 = Laptop(laptop_1, event.event, 1, first, seed=1)
        table_2 = Laptop(laptop_2, event.event, 2, second, seed=2)

        # table 1 plays two hands; table 2 sends nothing
        table_1.play(2)
        qtbot.waitUntil(lambda: shown_rows(desk)[0][2] == "2 of 4", timeout=5000)
        assert shown_rows(desk) == held_rows(admin, event.event)
        assert desk.warnings.shown() == [
            f"{two} has sent no hands yet in round 1, while another table has sent 2 hands."
        ]

        # the round has run twenty minutes, five past its time; table 1 finishes
        admin.execute(
            "UPDATE club.rounds SET started = started - interval '20 minutes' "
            "WHERE event_id = %s AND round_no = 1",
            (event.event,),
        )
        table_1.play(2)
        qtbot.waitUntil(lambda: progress_rows(desk)[0][2] == "4 of 4 (done)", timeout=5000)
        assert shown_rows(desk) == held_rows(admin, event.event)
        assert progress_rows(desk)[1][2] == "0 of 4 (playing)"
        assert desk.warnings.shown() == [
            f"{two} is past round 1's 15 minutes and still playing: no hands sent."
        ]
        # table 1's clock stopped when its last hand was first on record finished
        started = started_at(admin, event.event)
        done = elapsed_words((finished_at(admin, event.event, 1) - started).total_seconds())
        assert progress_rows(desk)[0][TIME_COLUMN] == done
        running = progress_rows(desk)[1][TIME_COLUMN]
        qtbot.waitUntil(lambda: progress_rows(desk)[1][TIME_COLUMN] != running, timeout=3000)
        assert progress_rows(desk)[0][TIME_COLUMN] == done

        # a fifth hand in a round of four: the referee refuses it, the desk counts it apart
        table_1.play()
        qtbot.waitUntil(
            lambda: progress_rows(desk)[0][2] == "4 of 4 (done, 1 refused)", timeout=5000
        )
        assert shown_rows(desk) == held_rows(admin, event.event)
        assert progress_rows(desk)[0][TIME_COLUMN] == done  # still its fourth hand's time

        # table 2 sends two hands before the director ends the round
        table_2.play(2)
        qtbot.waitUntil(lambda: progress_rows(desk)[1][2] == "2 of 4 (playing)", timeout=5000)
        click(qtbot, desk.end)
        assert desk.message.text() == "Round 1 ended."
        assert shown_rows(desk) == held_rows(admin, event.event)
        assert progress_rows(desk)[1][2] == "2 of 4 (unfinished)"
        assert desk.warnings.shown() == [f"{two} sent 2 of 4 hands in round 1."]
        ended = admin.execute(
            "SELECT ended FROM club.rounds WHERE event_id = %s AND round_no = 1", (event.event,)
        ).fetchone()[0]
        stopped = elapsed_words((ended - started).total_seconds())
        assert [row[TIME_COLUMN] for row in progress_rows(desk)] == [done, stopped]

        # the standings, read off the window's thread, equal the tournament's
        open_tab(qtbot, desk, "Standings")
        qtbot.waitUntil(
            lambda: shown_standings(desk) == held_standings(admin, event.event), timeout=5000
        )
        headings = desk.standings.table
        assert [headings.horizontalHeaderItem(c).text() for c in range(4)] == [
            "Place",
            "Player",
            "Points",
            "Rounds won",
        ]
        assert MARKUP in [row[1] for row in shown_standings(desk)]
        screenshots(qapp, desk, "desk-standings-1366x768")
        open_tab(qtbot, desk, "Players")
        screenshots(qapp, desk, "desk-warnings-1366x768")
        desk.close()
