"""A player's name is shown as typed: a name that looks like markup is not read as markup."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from scorekeeper.games import get_game
from scorekeeper.match import MatchInfo
from tests.shots import screenshot
from tests.ui.invariant import assert_screen_is_the_record
from tests.ui.test_app_main_window import window_for
from tests.ui.test_table_trust import enter

NAME = "<b>Bo</b>"


def test_a_name_that_looks_like_markup_shows_as_typed(qtbot, store, settings):
    game = get_game("spades")
    store.create_match(MatchInfo("Table", "spades", game.settings(None), ("Ann", NAME, "Cy", "Di")))
    window = window_for(qtbot, store, settings)
    window.resize(1366, 768)
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    window.session.quick({"bids": [3, 4, 3, 3], "tricks": [3, 4, 3, 3]})
    enter(qtbot, "3")
    assert_screen_is_the_record(window)
    named = [label for label in window.findChildren(QLabel) if NAME in label.text()]
    assert named, "the name is shown somewhere"
    for label in named:
        assert label.textFormat() == Qt.TextFormat.PlainText, label.text()
    legend = [label.text() for label in window.match_page.chart.key.names]
    assert any(NAME in text for text in legend), legend
    screenshot(window, "name-as-typed-light")
