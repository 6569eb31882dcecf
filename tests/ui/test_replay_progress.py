"""A match whose hands must be replayed to open (imported without outcomes, or after an
update) shows a progress bar, once: the outcomes are kept and the next opening is quick."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog

from tests.shots import screenshot
from tests.ui.test_app_main_window import window_for
from tests.ui.test_report_preview import long_sheepshead_match
from ui.replay_progress import SHOWN_FROM

HANDS = SHOWN_FROM + 50


def bars(window) -> list[QProgressDialog]:
    return window.findChildren(QProgressDialog, "replayProgress")


def open_first_recent(qtbot, window) -> None:
    """On the start page, the newest match opened by keys."""
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.start_page.table)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Home)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def test_a_long_match_replayed_shows_its_progress_once(qtbot, store, settings):
    match_id = long_sheepshead_match(store, HANDS)  # stored without outcomes
    window = window_for(qtbot, store, settings)
    seen: list[str] = []

    def look_at_the_bar() -> None:  # runs while the bar is up: its steps paint the window
        shown = [bar for bar in bars(window) if bar.isVisible()]
        if shown and not seen:
            seen.append(shown[0].labelText())
            screenshot(shown[0], "replay-progress")

    watch = QTimer(window)
    watch.timeout.connect(look_at_the_bar)
    watch.start(1)
    open_first_recent(qtbot, window)
    watch.stop()
    assert window.session is not None and window.session.match_id == match_id
    assert seen == [f"Reading the match's {HANDS} hands once; it opens quickly next time…"]
    [bar] = bars(window)
    assert (bar.maximum(), bar.value()) == (HANDS, HANDS)
    assert not bar.isVisible()
    totals = window.session.ledger.totals

    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F4, Qt.KeyboardModifier.ControlModifier)
    open_first_recent(qtbot, window)  # the outcomes were kept: nothing replayed, no bar
    assert len(bars(window)) == 1
    assert window.session.ledger.totals == totals


def test_a_short_match_opens_without_a_bar(qtbot, store, settings):
    long_sheepshead_match(store, SHOWN_FROM - 1)
    window = window_for(qtbot, store, settings)
    open_first_recent(qtbot, window)
    assert window.session is not None
    assert bars(window) == []
