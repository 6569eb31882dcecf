"""The main window: start page, new match, the open match with its scoreboard, undo and redo
from the Edit menu, remembered geometry and view, rules help, error dialogs, and ``start``."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from scorekeeper.paths import database_path
from tests.shots import screenshot
from tests.ui.app_matches import euchre_info
from ui.app import start
from ui.main_window import MainWindow
from ui.theme import is_dark


def window_for(qtbot, store, settings) -> MainWindow:
    window = MainWindow(store, settings)
    qtbot.addWidget(window)
    window.show()
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def shortcut(qtbot, window: MainWindow, key: Qt.Key, modifiers: Qt.KeyboardModifier) -> None:
    """Press a key where the keyboard focus is, as the scorer would."""
    qtbot.keyClick(QApplication.focusWidget() or window, key, modifiers)


def test_a_new_match_from_the_keyboard_opens_its_hand_screen(qtbot, store, settings):
    window = window_for(qtbot, store, settings)
    assert window.pages.currentWidget() is window.start_page
    shortcut(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    page = window.new_match_page
    assert window.pages.currentWidget() is page
    while page.game.currentText() != "Euchre":
        qtbot.keyClick(page.game, Qt.Key.Key_Down)
    for seat, name in zip(page.seats, ["Ann", "Bo", "Cy", "Di"], strict=True):
        qtbot.keyClicks(seat.name, name)
    qtbot.keyClick(page.seats[-1].name, Qt.Key.Key_Return)
    assert window.session is not None
    assert window.pages.currentWidget() is window.match_page
    assert window.match_page.hand_screen.session is window.session
    [summary] = store.matches()
    assert summary.players == ("Ann", "Bo", "Cy", "Di")
    assert "Euchre" in window.windowTitle()


def test_resume_a_recent_match_and_undo_redo_a_hand_from_the_edit_menu(qtbot, store, settings):
    match_id = store.create_match(euchre_info("Tuesday"))
    window = window_for(qtbot, store, settings)
    assert window.start_page.model.rowCount() == 1
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    session = window.session
    assert session.match_id == match_id
    board = window.match_page.scores
    session.quick({"makers": 0, "tricks": 5})
    assert board.rowCount() == 1
    assert board.data(board.index(0, 1)) == "2  (+2)"
    window.match_page.scoreboard.setFocus()  # the card field keeps Ctrl+Z for its own text
    shortcut(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert board.rowCount() == 0
    assert store.load(match_id).hands == []
    qtbot.keyClick(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert board.rowCount() == 1
    assert session.ledger.totals == (2, 0)
    assert window.match_page.chart.totals(0) == [2]


def test_geometry_and_view_choices_are_remembered(qtbot, store, settings):
    window = window_for(qtbot, store, settings)
    window.resize(700, 500)
    window.large_action.trigger()
    window.chart_action.trigger()
    window.close()
    again = window_for(qtbot, store, settings)
    assert (again.size().width(), again.size().height()) == (700, 500)
    assert again.large_action.isChecked()
    assert not again.chart_action.isChecked()
    again.open_match(store.create_match(euchre_info()))
    assert again.match_page.hand_screen.large_cards
    assert not again.match_page.chart.isVisibleTo(again)
    assert again.match_page.scoreboard.isVisibleTo(again)


def test_the_ruling_banner_opens_the_rules_help_at_its_rule(qtbot, store, settings):
    window = window_for(qtbot, store, settings)
    window.open_match(store.create_match(euchre_info()))
    window.match_page.hand_screen.rule_help_requested.emit("euchre.play.follow-suit")
    help_ = window.rules_dialog.help
    assert window.rules_dialog.isVisible()
    assert help_.game.id == "euchre"
    assert 'name="euchre.play.follow-suit"' in help_.browser.toHtml()


def test_a_match_that_cannot_be_opened_is_explained(qtbot, store, settings):
    window = window_for(qtbot, store, settings)
    assert window.open_match(999) is None
    box = QApplication.activeModalWidget()
    assert isinstance(box, QMessageBox)
    assert "999" in box.informativeText()
    assert "Nothing already recorded was changed" in box.informativeText()
    box.close()
    assert window.pages.currentWidget() is window.start_page


def test_start_opens_the_data_folder_and_the_scheme_asked_for(qtbot, tmp_path):
    (tmp_path / "here").mkdir()
    app, window = start(["--data-dir", str(tmp_path / "here"), "--scheme", "dark"])
    qtbot.addWidget(window)
    assert window.isVisible()
    assert window.store.path == database_path(tmp_path / "here")
    assert is_dark(app.palette())
    assert QSettings().organizationName() == "Scorekeeper"
    window.store.close()
    start(["--data-dir", str(tmp_path / "here"), "--scheme", "light"])[1].store.close()
    assert not is_dark(app.palette())


def test_screenshot_main_window_with_a_match(qtbot, store, settings, scheme):
    match_id = store.create_match(euchre_info("Screenshot"))
    window = window_for(qtbot, store, settings)
    window.resize(1280, 800)
    window.open_match(match_id)
    for makers, tricks in [(0, 3), (1, 5), (0, 4)]:
        window.session.quick({"makers": makers, "tricks": tricks})
    assert window.match_page.scores.rowCount() == 3
    screenshot(window, f"main-window-{scheme}")
    window.show_start()
    assert window.pages.currentWidget() is window.start_page and window.session is None
    screenshot(window, f"start-page-{scheme}")
