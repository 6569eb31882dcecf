"""A hand the referee refused, at the director's desk: the table's line counts it apart,
and the table's hands say why it does not count; the standings leave it out."""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from scorekeeper.club import tournament as t
from scorekeeper.club.record import hand_payload
from scorekeeper.club.referee import DIFFERS
from scorekeeper.club.server import DATABASE
from tests.club.fixtures import code_for, connect_as
from tests.club.played import play, seat_points, send_hand, send_match
from tests.ui.test_club_night import progressive_night
from tests.ui.test_desk import click, opened_desk

COUNTED = 5  # the column of the table's hands that says whether a revision counts


def test_the_desk_shows_a_refused_hand_and_why(qtbot, club_server, admin, referee, tmp_path):
    event = progressive_night(admin, "Refused night", seed=4)
    seated = list(t.progress(admin, event.event, 1)[0].names)
    ledger = play(seated, hands=2)
    forged = copy.deepcopy(hand_payload(ledger, 1))
    forged["players"][0]["points"] += 40  # the table writes itself 40 points
    with connect_as(code_for(club_server, event, 1)) as table:
        match = send_match(table, event.event, 1, 1, ledger)
        send_hand(table, match, 0, hand_payload(ledger, 0))
        send_hand(table, match, 1, forged)
    code = event.director_code("127.0.0.1", club_server.port, DATABASE, None)
    with connect_as(code) as director:
        desk = opened_desk(qtbot, director, event, tmp_path)
        desk.live.setInterval(200)
        qtbot.waitUntil(lambda: desk.progress.item(0, 2).text() == "1 of 8 (playing, 1 refused)")
        cell = desk.progress.visualItemRect(desk.progress.item(0, 1)).center()
        QTest.mouseClick(desk.progress.viewport(), Qt.MouseButton.LeftButton, pos=cell)
        click(qtbot, desk.table_hands)
        hands = desk.hands_dialog
        qtbot.waitUntil(lambda: QApplication.focusWidget() is hands.hands)
        counted = [hands.hands.item(row, COUNTED).text() for row in range(2)]
        assert counted == ["yes", f"no: {DIFFERS}"]
        assert hands.hands.horizontalHeaderItem(COUNTED).text() == "Counted"
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
        assert t.progress(director, event.event, 1)[0].refused == 1  # as the desk shows
        standing = sum(s.points for s in t.event_standings(director, event.event))
        assert standing == sum(seat_points(ledger, 0))  # the first hand only
        desk.close()
