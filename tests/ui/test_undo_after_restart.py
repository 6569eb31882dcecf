"""Undo after a restart is the undo before it: the database keeps each match's undo
history, so after quitting and reopening, Edit names the same actions in the same order
and each Ctrl+Z and Ctrl+Shift+Z does what it would have done before the restart. Driven
by keys through the main window, the screen checked against the record at every step."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store
from tests.ui.invariant import assert_screen_is_the_record, shown
from tests.ui.test_app_main_window import window_for
from tests.ui.test_correction import active, choose_line
from tests.ui.test_table_trust import CTRL, SHIFT, enter, key
from ui.main_window import MainWindow

PLAYERS = ("Ann", "Ben", "Cy", "Di", "Eve")
EARLIER_HANDS = (  # entered before this sitting: a stored match with no undo history
    {"picker": 1, "partner": 3, "points": 70, "tricks": 4},
    {"picker": 2, "partner": 0, "points": 50, "tricks": 2},
    {"picker": 4, "alone": True, "points": 91, "tricks": 5},
)


def stored_match(store: Store) -> None:
    """Friday's Sheepshead with three hands on record; hand 4 is Di's deal, Eve bids first."""
    game = get_game("sheepshead")
    ledger = Ledger(MatchInfo("Friday", "sheepshead", game.settings(), PLAYERS))
    for result in EARLIER_HANDS:
        ledger.quick(result)
    store.create_match(ledger.info, ledger.records())


def open_window(qtbot, store: Store, settings) -> MainWindow:
    window = window_for(qtbot, store, settings)
    window.resize(1366, 768)
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    assert window.session is not None
    return window


def edit_menu(window: MainWindow) -> tuple[str, str]:
    """What Edit's Undo and Redo say (with their enabled state)."""

    def said(action: QAction) -> str:
        return action.text() + ("" if action.isEnabled() else " (disabled)")

    return said(window.undo_action), said(window.redo_action)


def screen(window: MainWindow) -> dict[str, Any]:
    page = window.match_page
    return shown(page.hand_screen, page.scores)


def pass_(qtbot, window: MainWindow) -> None:
    """The player to act passes, typed into the card box."""
    hand_screen = window.match_page.hand_screen
    enter(qtbot, next(c.key for c in hand_screen._choices if c.event.kind == "pass"))


def correct(qtbot, window: MainWindow, hand: int, line: str, value: str) -> None:
    """Select the hand on the scoreboard, Enter, pick ``line``, type ``value``, Enter, Escape."""
    board = window.match_page.scoreboard
    board.setFocus()
    board.selectRow(hand - 1)
    qtbot.keyClick(board, Qt.Key.Key_Return)
    dialog = active(qtbot, window.correction_dialog)
    choose_line(qtbot, dialog, line)
    qtbot.keyClick(dialog.events, Qt.Key.Key_Return)
    qtbot.keyClicks(dialog.value, value)
    qtbot.keyClick(dialog.value, Qt.Key.Key_Return)
    assert dialog.report.text().startswith("Corrected:"), dialog.report.text()
    qtbot.keyClick(dialog.events, Qt.Key.Key_Escape)
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def test_after_a_restart_each_ctrl_z_and_ctrl_shift_z_says_and_does_what_it_did_before(
    qtbot, tmp_path, settings
):
    """Eve passes in hand 4, hand 3 is corrected, Ann passes, hand 2 is corrected; quit.
    Reopened, Edit reads "Undo correction of hand 2" as before quitting, and each Ctrl+Z takes
    the screen back through exactly the states the sitting went through, with the Edit
    menu of each, down to the match as it opened (whose last hand, entered before, is
    still undoable); each Ctrl+Shift+Z then goes forward through them again."""
    path = tmp_path / "scorekeeper.sqlite3"
    actions = (
        lambda window: pass_(qtbot, window),
        lambda window: correct(qtbot, window, 3, "Picking side's card points: 91", "60"),
        lambda window: pass_(qtbot, window),
        lambda window: correct(qtbot, window, 2, "Picking side's card points: 50", "70"),
    )
    with Store(path) as store:
        stored_match(store)
        window = open_window(qtbot, store, settings)
        seen = [(edit_menu(window), screen(window))]
        for action in actions:
            action(window)
            assert_screen_is_the_record(window)
            seen.append((edit_menu(window), screen(window)))
        window.close()
    assert [menu for menu, _ in seen] == [
        ("&Undo quick entry of hand 3", "&Redo (disabled)"),
        ("&Undo Eve pass", "&Redo (disabled)"),
        ("&Undo correction of hand 3", "&Redo (disabled)"),
        ("&Undo Ann pass", "&Redo (disabled)"),
        ("&Undo correction of hand 2", "&Redo (disabled)"),
    ]

    with Store(path) as store:
        window = open_window(qtbot, store, settings)
        assert (edit_menu(window), screen(window)) == seen[-1]
        for number in range(len(actions) - 1, -1, -1):
            key(qtbot, Qt.Key.Key_Z, CTRL)
            undo, _ = seen[number][0]
            redo = seen[number + 1][0][0].replace("&Undo", "&Redo")
            assert edit_menu(window) == (undo, redo)
            assert screen(window) == seen[number][1]
            assert_screen_is_the_record(window)
        for number in range(1, len(actions) + 1):
            key(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)
            assert edit_menu(window)[0] == seen[number][0][0]
            assert screen(window) == seen[number][1]
            assert_screen_is_the_record(window)
        assert edit_menu(window) == seen[-1][0]
