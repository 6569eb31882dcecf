"""The desk's list of the tables' calls to the director (a renege claimed, the director
called, a hand not agreed), each with its evidence as the table sent it, and the button
that marks the chosen call answered."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from scorekeeper.club.calls import Call, call_words

from .desk_views import WarningList, plain_label


class CallList(WarningList):
    """Room for a call or two with their evidence."""

    LINES = 9


class CallsView(QWidget):
    """The calls not yet answered, oldest first, under a heading that counts them."""

    answered = Signal(int)  # the call's id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heading = plain_label()
        self.heading.setObjectName("deskCallsHeading")
        self.list = CallList()
        self.list.setObjectName("deskCalls")
        self.list.setWordWrap(True)
        self.answer = QPushButton("&Answered: take the chosen call off the list")
        self.answer.clicked.connect(self._answer)
        self.list.currentRowChanged.connect(lambda _: self._enable())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.answer)
        self.calls: tuple[Call, ...] = ()
        self.show_calls((), {})

    def show_calls(self, calls: Sequence[Call], names: Mapping[int, Sequence[str]]) -> None:
        """Show ``calls`` (``names``: each table's players, in seat order)."""
        if tuple(calls) == self.calls and self.heading.text():
            return
        chosen = self._chosen()
        self.calls = tuple(calls)
        self.heading.setText(
            f"Calls from the tables: {len(calls)}" if calls else "Calls from the tables: none"
        )
        self.list.clear()
        for call in calls:
            item = QListWidgetItem(call_words(call, names.get(call.table, ())))
            item.setData(Qt.ItemDataRole.UserRole, call.id)
            self.list.addItem(item)
            if call.id == chosen:
                self.list.setCurrentItem(item)
        self.setVisible(bool(calls))
        self._enable()

    def _chosen(self) -> int | None:
        item = self.list.currentItem()
        if item is None:
            return None
        chosen: int = item.data(Qt.ItemDataRole.UserRole)
        return chosen

    def _enable(self) -> None:
        self.answer.setEnabled(self._chosen() is not None)

    def _answer(self) -> None:
        chosen = self._chosen()
        if chosen is not None:
            self.answered.emit(chosen)
