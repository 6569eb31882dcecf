"""The standings board follows a tournament live: each hand the club database stores
reaches the board through LISTEN/NOTIFY, with the round, the next round's seats and the
latest big hands."""

from __future__ import annotations

from scorekeeper.club import tournament as t
from scorekeeper.club.server import DATABASE
from tests.club.test_tournament import NAMES, draw, euchre_event, new_match, push_hand
from ui.board import StandingsBoard
from ui.board_feed import BoardFeed

LONER = {"maker": 0, "alone": True, "result": "alone march"}


def test_the_board_follows_the_hands_as_they_are_stored(qtbot, club_server, admin, event):
    euchre_event(admin, event)
    draw(admin, event, 1)
    draw(admin, event, 2)
    t.start_round(admin, event.event, 1)
    board = StandingsBoard(t.board(admin, event.event))
    qtbot.addWidget(board)
    code = event.join_code("127.0.0.1", club_server.port, DATABASE, None, None)
    feed = BoardFeed(board, code.conninfo(), event.event)
    try:
        assert board.data.heading == "Progressive Euchre, round 1 of 3"
        assert {line[2] for line in board.data.standings} == {"0"}
        assert board.data.next_round[0].startswith("Table 1: ")
        seats = t.seating(admin, event.event, 1).tables[0].seats
        names = [NAMES[p] for p in seats]
        match = new_match(admin, event.event, 1, 1)
        push_hand(admin, match, 0, [(n, 4 * (k % 2 == 0)) for k, n in enumerate(names)], LONER)
        qtbot.waitUntil(lambda: board.data.standings[0][2] == "4", timeout=5000)
        assert board.data.big_hands == (f"{names[0]} made a loner, all five tricks",)
        leaders = {line[1] for line in board.data.standings if line[2] == "4"}
        assert leaders == {names[0], names[2]}
        assert [line[1:] for line in board.data.standings] == [
            (NAMES[s.player], str(s.points)) for s in t.event_standings(admin, event.event)
        ]
    finally:
        feed.stop()
