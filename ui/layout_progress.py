"""A bar over the window while a long score sheet is laid out: the page reached, since
how many pages there will be is known only at the end."""

from __future__ import annotations

from types import TracebackType

from PySide6.QtCore import QEventLoop, Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

SHOWN_FROM = 10
"""Pages: a shorter report is laid out in a blink, with no bar."""


class LayoutProgress:
    """Told each page's number as ``what`` is laid out (``score_sheet_bytes``'s ``pages``);
    from page :data:`SHOWN_FROM` on, a busy bar over the active window says which, and
    it is closed when the layout ends, however it ends."""

    def __init__(self, parent: QWidget, what: str) -> None:
        self.parent = QApplication.activeWindow() or parent
        self.what = what
        self.dialog: QProgressDialog | None = None

    def __call__(self, page: int) -> None:
        if page < SHOWN_FROM:
            return
        if self.dialog is None:
            self.dialog = QProgressDialog("", "", 0, 0, self.parent)  # busy: no end known
            self.dialog.setObjectName("layoutProgress")
            self.dialog.setWindowTitle(f"Making the {self.what}")
            self.dialog.setCancelButton(None)
            self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
            self.dialog.show()  # a bar with no end never shows itself
        self.dialog.setLabelText(f"Laying out the {self.what}: page {page:,}…")
        # painted now, keys and clicks left for later: the layout goes on on this thread
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)

    def __enter__(self) -> LayoutProgress:
        return self

    def __exit__(
        self,
        _kind: type[BaseException] | None,
        _error: BaseException | None,
        _trace: TracebackType | None,
    ) -> None:
        if self.dialog is not None:
            self.dialog.hide()
            self.dialog.deleteLater()
            self.parent.activateWindow()  # the keyboard back where it was
