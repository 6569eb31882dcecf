"""Joining a club night from the app, by keyboard, against the real club database."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from scorekeeper.club.admin import create_event
from scorekeeper.club.outbox import Outbox
from scorekeeper.storage import Store
from tests.club.fixtures import code_for
from tests.ui.conftest import screenshot
from tests.ui.test_app_main_window import shortcut, window_for

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def open_join_dialog(qtbot, window):
    shortcut(qtbot, window, Qt.Key.Key_J, CTRL_SHIFT)
    dialog = window.club.dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.code)
    return dialog


def type_code(qtbot, text: str) -> None:
    qtbot.keyClicks(QApplication.focusWidget(), text)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def new_euchre_match(qtbot, window) -> None:
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not window.club.dialog.isVisible()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    shortcut(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    page = window.new_match_page
    while page.game.currentText() != "Euchre":
        qtbot.keyClick(page.game, Qt.Key.Key_Down)
    for seat, name in zip(page.seats, ["Ann", "<b>Bo</b>", "Cy", "Di"], strict=True):
        qtbot.keyClicks(seat.name, name)
    qtbot.keyClick(page.seats[-1].name, Qt.Key.Key_Return)


def test_join_record_and_leave(qtbot, store, settings, club_server, admin, scheme):
    event = create_event(admin, "Friday <b>euchre</b>", tables=2)
    window = window_for(qtbot, store, settings)
    assert window.club.label.text() == ""
    assert not window.club.leave_action.isEnabled()
    dialog = open_join_dialog(qtbot, window)
    type_code(qtbot, "not a code")
    assert dialog.said.text().startswith("Not joined: this is not a club night code")
    assert QApplication.focusWidget() is dialog.code
    type_code(qtbot, code_for(club_server, event, 2).code())
    assert dialog.said.text() == (
        "Joined “Friday <b>euchre</b>”: round 1, table 2. "
        "New matches at this table now count for the club night."
    )
    screenshot(dialog, f"club_join_{scheme}")
    assert window.club.leave_action.isEnabled()

    new_euchre_match(qtbot, window)
    session = window.session
    outbox = Outbox(store.path)
    remote, event_id, round_no, table = outbox.tagged(session.match_id)
    assert (event_id, round_no, table) == (event.event, 1, 2)
    session.quick({"makers": 0, "tricks": 5})
    assert outbox.waiting() == 1

    def on_the_server() -> list:
        rows = admin.execute(
            "SELECT hand_no, record -> 'players' FROM club.hands WHERE match_id = %s", (remote,)
        )
        return [(hand, sorted(line["player"] for line in players)) for hand, players in rows]

    names = sorted(["Ann", "<b>Bo</b>", "Cy", "Di"])
    qtbot.waitUntil(lambda: on_the_server() == [(0, names)], timeout=15000)
    qtbot.waitUntil(lambda: outbox.waiting() == 0)
    qtbot.waitUntil(lambda: window.club.status.waiting == 0)
    assert window.club.label.text().startswith("Club night: synced")
    window.resize(1366, 768)
    screenshot(window, f"club_status_{scheme}")

    shortcut(qtbot, window, Qt.Key.Key_L, CTRL_SHIFT)
    assert window.club.label.text() == ""
    assert not window.club.leave_action.isEnabled()
    assert outbox.link() is None
    with Store(store.path) as reopened:  # nothing local was deleted
        assert len(reopened.load(session.match_id).hands) == 1
