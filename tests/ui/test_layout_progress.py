"""A long match's score sheet shows, while it is laid out, the page its layout has reached;
a short one opens its preview with no bar."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog

from tests.shots import screenshot
from tests.ui.test_report_preview import from_file_menu, long_sheepshead_match, open_window
from ui.layout_progress import SHOWN_FROM

LONG = 600  # hands: a sheet of well over SHOWN_FROM pages


def shown_bars() -> list[QProgressDialog]:
    return [
        bar
        for bar in QApplication.allWidgets()
        if isinstance(bar, QProgressDialog)
        and bar.objectName() == "layoutProgress"
        and bar.isVisible()
    ]


def test_a_long_score_sheet_shows_the_page_it_has_reached(qtbot, store, settings):
    window = open_window(qtbot, store, settings, long_sheepshead_match(store, LONG))
    seen: list[str] = []

    def look_at_the_bar() -> None:  # runs while the bar is up: its steps paint the window
        for bar in shown_bars():
            if not seen:
                screenshot(bar, "layout-progress")
            if bar.labelText() not in seen:
                seen.append(bar.labelText())

    watch = QTimer(window)
    watch.timeout.connect(look_at_the_bar)
    watch.start(1)
    preview = from_file_menu(qtbot, window, Qt.Key.Key_S)
    watch.stop()
    pages = [int(m.group(1)) for text in seen if (m := re.search(r"page (\d+)…$", text))]
    assert pages and pages[0] >= SHOWN_FROM and pages == sorted(pages)
    assert all(text.startswith("Laying out the score sheet: page ") for text in seen)
    assert shown_bars() == []  # closed once the preview opens
    assert pages[-1] <= preview.document.pageCount()
    assert QApplication.activeWindow() is preview


def test_a_short_score_sheet_opens_with_no_bar(qtbot, store, settings):
    window = open_window(qtbot, store, settings, long_sheepshead_match(store, 20))
    preview = from_file_menu(qtbot, window, Qt.Key.Key_S)
    assert preview.document.pageCount() < SHOWN_FROM
    assert window.findChildren(QProgressDialog, "layoutProgress") == []
