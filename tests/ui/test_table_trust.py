"""The faults a table met, each reproduced through the real window with real keys and clicks:
an action that fails rolls back and says so, Ctrl+Z in the card box undoes the match, and
undo reaches back past a restart into what is on disk."""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from scorekeeper.games import get_game
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store
from tests.ui.invariant import assert_screen_is_the_record, recorded_events
from tests.ui.test_app_main_window import window_for
from ui.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def open_new_match(qtbot, store, settings, game_id: str) -> MainWindow:
    game = get_game(game_id)
    names = ("Ann", "Bob", "Cy", "Di", "Eve")[: game.seats]
    store.create_match(MatchInfo("Table", game_id, game.settings(None), names))
    window = window_for(qtbot, store, settings)
    window.resize(1366, 768)
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    assert window.session is not None
    return window


def enter(qtbot, text: str) -> None:
    """Type into whatever has the keyboard focus, then Enter."""
    qtbot.keyClicks(QApplication.focusWidget(), text)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def key(qtbot, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)


def test_a_failing_action_rolls_back_and_shows_its_details(qtbot, store, settings, caplog):
    """Sheepshead, all five pass: the engine cannot score the hand yet. The fifth pass is
    not recorded, a plain dialog says so with its details to copy, the error is logged,
    and the screen is still the record (which reopens)."""
    window = open_new_match(qtbot, store, settings, "sheepshead")
    screen = window.match_page.hand_screen
    pass_key = next(c.key for c in screen._choices if c.event.kind == "pass")
    for _ in range(4):
        enter(qtbot, pass_key)
        assert screen.field.text() == "", screen.status.text()
    with caplog.at_level(logging.ERROR):
        enter(qtbot, pass_key)
    box = QApplication.activeModalWidget()
    assert isinstance(box, QMessageBox) and box.objectName() == "failureBox"
    assert "could not be recorded" in box.text()
    assert "Traceback" not in box.text() + box.informativeText()
    assert "Traceback" in box.detailedText()
    copy = next(b for b in box.buttons() if b.objectName() == "copyDetails")
    qtbot.mouseClick(copy, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text() == box.detailedText()
    assert box.isVisible()  # copying leaves the dialog open
    box.close()
    assert any("failed" in record.getMessage() for record in caplog.records)
    assert [len(events) for events in recorded_events(window.session)] == [4]
    assert "Not recorded" in screen.status.text()
    assert_screen_is_the_record(window)


def test_ctrl_z_in_the_card_box_undoes_the_match_not_the_text(qtbot, store, settings):
    window = open_new_match(qtbot, store, settings, "spades")
    screen = window.match_page.hand_screen
    for bid in ("3", "4", "2"):
        enter(qtbot, bid)
    assert QApplication.focusWidget() is screen.field
    qtbot.keyClicks(screen.field, "qh")  # typed, not entered
    key(qtbot, Qt.Key.Key_Z, CTRL)
    assert [len(e) for e in recorded_events(window.session)] == [2]
    assert screen.field.text() == "qh"  # the box's own text is left alone
    key(qtbot, Qt.Key.Key_Z, CTRL)
    key(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)
    key(qtbot, Qt.Key.Key_Y, CTRL)
    assert [len(e) for e in recorded_events(window.session)] == [3]
    assert screen.field.text() == "qh"
    assert_screen_is_the_record(window)


def test_undo_survives_a_restart(qtbot, tmp_path, settings):
    """After reopening, Ctrl+Z takes back the last event on disk, hand after hand, and
    Ctrl+Shift+Z puts them back."""
    path = tmp_path / "night.sqlite3"
    with Store(path) as store:
        window = open_new_match(qtbot, store, settings, "euchre")
        window.session.quick({"makers": 0, "tricks": 5})
        for text in ("9h", "up"):
            enter(qtbot, text)
        before = recorded_events(window.session)
        window.close()
    with Store(path) as store:
        window = window_for(qtbot, store, settings)
        qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
        assert recorded_events(window.session) == before
        assert window.undo_action.isEnabled()
        for _ in range(3):  # the two events of hand 2, then hand 1's quick entry
            key(qtbot, Qt.Key.Key_Z, CTRL)
            assert_screen_is_the_record(window)
        assert recorded_events(window.session) == []
        assert window.match_page.scores.rowCount() == 0
        for _ in range(3):
            key(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)
            assert_screen_is_the_record(window)
        assert recorded_events(window.session) == before
        assert window.match_page.scores.rowCount() == 1
        assert not window.redo_action.isEnabled()
