"""A progress bar over the window while a match's hands are replayed: a match imported
without its outcomes, or the first opening after an update that changed how hands are
scored. The outcomes are kept then, so the next opening is quick."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QProgressDialog, QWidget

SHOWN_FROM = 200
"""Fewer hands are replayed in a blink: no bar."""


class ReplayProgress:
    """``open_ledger``'s ``replaying(done, total)``: a bar over ``parent`` once the hands
    to replay are many, closed when they are done."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent
        self.dialog: QProgressDialog | None = None

    def __call__(self, done: int, total: int) -> None:
        if total < SHOWN_FROM:
            return
        if self.dialog is None:
            self.dialog = QProgressDialog(
                f"Reading the match's {total:,} hands once; it opens quickly next time…",
                "",
                0,
                total,
                self.parent,
            )
            self.dialog.setObjectName("replayProgress")
            self.dialog.setWindowTitle("Opening the match")
            self.dialog.setCancelButton(None)  # the match opens whole or not at all
            self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
            self.dialog.setMinimumDuration(0)
            self.dialog.setAutoClose(False)
            self.dialog.setAutoReset(False)
        if done % 50 == 0 or done == total:  # a modal bar's every step paints the window
            self.dialog.setValue(done)
        if done == total:
            self.dialog.hide()
            self.parent.activateWindow()  # the keyboard back where it was
