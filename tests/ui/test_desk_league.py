"""A Spades league set up at the director's desk as hands do: the format chosen with the
keys, teams typed as "name: player & player", the Berger draw, each match's four players
in their seats; the desk shows what the database holds."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from scorekeeper.club import tournament as t
from scorekeeper.club.formats.berger import berger
from tests.shots import screenshot
from tests.ui.test_desk import click, focus, open_tab, opened_desk, shown_players

TEAMS = ["Aces: Ann Ødegård & Bob", "Bowers: Cy O'Neil & Dee", "Clubs: Eve & Fay"]


def test_the_director_registers_teams_and_draws_the_league(qtbot, admin, event, tmp_path):
    desk = opened_desk(qtbot, admin, event, tmp_path)
    focus(qtbot, desk.format_choice.format_box)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_End)
    click(qtbot, desk.set_format)
    assert desk.message.text().startswith("Spades league. A match ends: at the target score;")
    assert t.event_format(admin, event.event)[0].title == "Spades league"

    open_tab(qtbot, desk, "Players")
    focus(qtbot, desk.name)
    for entry in [*TEAMS, "Deuces: Gus", "Eights: bob & Hal"]:
        QTest.keyClicks(QApplication.focusWidget(), entry)
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        if entry == "Deuces: Gus":
            assert desk.message.text().startswith(
                "Not done: a team is typed as its name, a colon and its two players"
            )
            desk.name.clear()
    assert desk.message.text() == "Not done: Bob already plays for Aces."
    assert shown_players(desk) == ["Aces (here)", "Bowers (here)", "Clubs (here)"]
    assert t.partners(admin, event.event)[1] == ("Cy O'Neil", "Dee")

    click(qtbot, desk.draw)
    assert desk.message.text() == "Round 1 drawn: 1 table."
    drawn = t.seating(admin, event.event, 1)
    assert drawn == berger(3).rounds[0]
    shown = desk.progress.item(0, 1).text()
    assert shown == ", ".join(t.table_players(admin, event.event, drawn.tables[0]))
    assert len(shown.split(", ")) == 4
    screenshot(desk, "desk-league-1366x768")
