"""The faults a table met, each reproduced through the real window with real keys and clicks:
an action that fails rolls back and says so, Ctrl+Z in the card box undoes the match, and
undo reaches back past a restart into what the earlier sitting recorded."""

from __future__ import annotations

import logging

import pytest
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


def open_new_match(qtbot, store, settings, game_id: str, preset: str | None = None) -> MainWindow:
    game = get_game(game_id)
    names = ("Ann", "Bob", "Cy", "Di", "Eve")[: game.seats]
    store.create_match(MatchInfo("Table", game_id, game.settings(preset), names))
    window = window_for(qtbot, store, settings)
    window.resize(1366, 768)
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    assert window.session is not None
    return window


def enter(qtbot, text: str) -> None:
    """Type into whatever has the keyboard focus, then Enter."""
    qtbot.keyClicks(QApplication.focusWidget(), text)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


@pytest.fixture
def failing_schwanzer(monkeypatch):
    """An engine fault to show how the app meets one: scoring a Schwanzer fails."""
    game = type(get_game("sheepshead"))
    score_hand = game.score_hand

    def fail(self, state):
        if state.mode == "schwanzer":
            raise RuntimeError("scoring failed")
        return score_hand(self, state)

    monkeypatch.setattr(game, "score_hand", fail)


def key(qtbot, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)


def test_a_failing_action_rolls_back_and_shows_its_details(
    qtbot, store, settings, caplog, failing_schwanzer
):
    """Sheepshead, all five pass, and scoring the Schwanzer fails. The fifth pass is
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
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert not box.isVisible()
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
    """After reopening, Ctrl+Z takes back what the earlier sitting recorded, hand after
    hand, and Ctrl+Shift+Z puts it back."""
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


def test_after_a_failed_pass_undo_and_a_restart_still_work(
    qtbot, tmp_path, settings, failing_schwanzer
):
    """The fifth pass failed: Ctrl+Z then takes back the fourth pass (the label says what),
    and the match reopens after a restart exactly as the screen showed it."""
    path = tmp_path / "night.sqlite3"
    with Store(path) as store:
        window = open_new_match(qtbot, store, settings, "sheepshead")
        screen = window.match_page.hand_screen
        pass_key = next(c.key for c in screen._choices if c.event.kind == "pass")
        for _ in range(5):
            enter(qtbot, pass_key)
        QApplication.activeModalWidget().close()
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is screen.field)
        assert window.undo_action.isEnabled()
        assert window.undo_action.text() == f"&Undo {window.session.undo_text()}"
        assert "pass" in window.session.undo_text()
        key(qtbot, Qt.Key.Key_Z, CTRL)
        assert [len(events) for events in recorded_events(window.session)] == [3]
        assert_screen_is_the_record(window)
        shown = recorded_events(window.session)
        window.close()
    with Store(path) as store:
        window = window_for(qtbot, store, settings)
        qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
        assert window.session is not None, "the match opens after the failure"
        assert recorded_events(window.session) == shown


def test_a_clicked_choice_leaves_the_keyboard_in_the_card_box(qtbot, store, settings):
    window = open_new_match(qtbot, store, settings, "spades")
    screen = window.match_page.hand_screen
    bid = next(b for b in screen.choice_buttons() if b.accessibleName() == "Bid 4")
    qtbot.mouseClick(bid, Qt.MouseButton.LeftButton)
    assert QApplication.focusWidget() is screen.field
    enter(qtbot, "3")  # the next bid typed at once goes where the keys go
    assert [e.value for e in recorded_events(window.session)[0]] == [4, 3]


def test_an_unexpected_failure_is_written_to_the_log_in_the_data_folder(
    qtbot, tmp_path, failing_schwanzer
):
    from scorekeeper.events import Event
    from tests.ui.hand_support import new_session
    from ui.app import LOG_FILE, log_to
    from ui.session import ActionFailed

    log_to(tmp_path / LOG_FILE)
    root = logging.getLogger()
    try:
        session = new_session(tmp_path, "sheepshead")
        for seat in (1, 2, 3, 4):
            session.record(Event("pass", seat=seat))
        with pytest.raises(ActionFailed):
            session.record(Event("pass", seat=0))
    finally:
        for handler in [h for h in root.handlers if h.get_name() == LOG_FILE]:
            root.removeHandler(handler)
            handler.close()
    written = (tmp_path / LOG_FILE).read_text(encoding="utf-8")
    assert "Ann pass" in written and "Traceback" in written
