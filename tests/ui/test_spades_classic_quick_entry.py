"""Spades ``classic`` quick entry typed as hands type it: "Each team signs a contract" —
one contract of 1 to 13 per side, and a player's nil or blind nil — through the keys of
whatever has the focus; what the screen shows is what reopening the database shows."""

from __future__ import annotations

import math
import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox, QWidget

from scorekeeper.storage import Store
from tests.ui.hand_support import new_screen, new_session
from ui.hand.quick import QuickEntryDialog
from ui.hand.screen import HandScreen
from ui.session import MatchSession


def field_name(widget: QWidget | None) -> str:
    """The quick-entry field that has the focus (a spin box's line edit is its box's)."""
    while widget is not None and not widget.objectName().count("."):
        widget = widget.parentWidget()
    return "" if widget is None else widget.objectName()


_searched: dict[str, float] = {}  # when each list was last searched by keys (monotonic s)


def fill(qtbot, field: str, text: str) -> None:
    """Type ``text`` into the focused field, which must be ``field``, then Tab on (a
    number replaces the box's text; a list is searched by the letters typed)."""
    widget = QApplication.focusWidget()
    assert field_name(widget) == field
    is_list = isinstance(widget, QComboBox)
    if is_list:
        # a list typed into again within the keyboard interval would add to its last
        # search: wait until the letters begin a new one, as a person pausing would
        last = _searched.get(field, -math.inf)
        pause = last + (QApplication.keyboardInputInterval() + 50) / 1000 - time.monotonic()
        if pause > 0:
            qtbot.wait(math.ceil(pause * 1000))
    else:
        qtbot.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(widget, text)
    if is_list:
        _searched[field] = time.monotonic()
    qtbot.keyClick(widget, Qt.Key.Key_Tab)


def tab_back_to(qtbot, field: str) -> None:
    for _ in range(12):
        if field_name(QApplication.focusWidget()) == field:
            return
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab)
    raise AssertionError(f"Shift+Tab never reached {field}")


def open_quick_entry(qtbot, screen: HandScreen) -> QuickEntryDialog:
    qtbot.mouseClick(screen.quick_button, Qt.MouseButton.LeftButton)
    dialog = screen.findChild(QuickEntryDialog)
    qtbot.waitUntil(lambda: dialog.isVisible() and dialog.isAncestorOf(QApplication.focusWidget()))
    return dialog


def click_ok(qtbot, dialog: QuickEntryDialog) -> None:
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isVisible() and ok.isEnabled()
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)


def test_each_team_signs_a_contract_of_1_and_a_partner_declares_nil(qtbot, tmp_path):
    session = new_session(tmp_path, "spades", "classic")
    screen = new_screen(qtbot, session)
    dialog = open_quick_entry(qtbot, screen)
    assert not dialog.kind.isVisible()  # classic in partnerships: the one form of contracts
    fill(qtbot, "contracts.0", "1")  # Ann & Cy: a contract of 1, no 1 + 0 to write
    fill(qtbot, "contracts.1", "4")  # Bob & Di
    for seat in range(3):
        assert field_name(QApplication.focusWidget()) == f"nils.{seat}"
        assert QApplication.focusWidget().currentText() == "none"  # no nil unless chosen
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    offered = QApplication.focusWidget()
    # Di's side is not 100 behind at 0 – 0: a blind nil is not offered
    assert [offered.itemText(i) for i in range(offered.count())] == ["none", "nil"]
    fill(qtbot, "nils.3", "ni")  # Di: nil
    for seat, tricks in enumerate(("2", "6", "5", "0")):
        fill(qtbot, f"tricks.{seat}", tricks)
    click_ok(qtbot, dialog)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    data = {"contracts": [1, 4], "nils": ["none", "none", "none", "nil"], "tricks": [2, 6, 5, 0]}
    (stored,) = session.store.load(session.match_id).hands
    assert stored.events[0].data == data
    # the contract of 1 made with 7 tricks: 10 and 6 bags, not a nil's +60; Bob & Di: 4
    # made with 6 (42) and Di's nil made (+50)
    assert session.ledger.totals == (16, 92)
    assert screen.totals.text() == "Ann & Cy 16 · Bob & Di 92"

    session.store.close()
    again = MatchSession(Store(session.store.path), session.match_id)
    reopened = new_screen(qtbot, again)
    assert again.ledger.totals == (16, 92)
    assert reopened.totals.text() == screen.totals.text()
    assert again.ledger.hands[0].events == session.ledger.hands[0].events
