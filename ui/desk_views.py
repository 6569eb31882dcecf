"""Two of the desk's lists, as text (names never read as markup): the standings, as the
desk's reader last read them, and the warnings about the round's tables."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QListWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.club.director import Standings


def plain_label(text: str = "") -> QLabel:
    """A label that shows its text as typed, wrapped."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


class StandingsView(QWidget):
    """The standings: place, name and a column per key of the format's ranking."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.said = plain_label("The standings are read with the tables.")
        self.said.setObjectName("deskStandingsSaid")
        self.table = QTableWidget(0, 0)
        self.table.setObjectName("deskStandings")
        self.table.verticalHeader().hide()
        self.table.setTabKeyNavigation(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.said)

    def show_standings(self, read: Standings | str) -> None:
        """Show ``read``, or say why there are none (``read`` in words)."""
        self.said.setText(read if isinstance(read, str) else "")
        self.said.setVisible(isinstance(read, str))
        if isinstance(read, str):
            return
        self.table.setColumnCount(len(read.columns))
        self.table.setHorizontalHeaderLabels(list(read.columns))
        self.table.setRowCount(len(read.rows))
        for row, cells in enumerate(read.rows):
            for column, text in enumerate(cells):
                item = self.table.item(row, column)
                if item is None:
                    self.table.setItem(row, column, QTableWidgetItem(text))
                elif item.text() != text:
                    item.setText(text)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        if len(read.columns) > 1:
            header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)


class WarningList(QListWidget):
    """A list as tall as a few warnings (it scrolls for more): the tables get the rest."""

    LINES = 5

    def sizeHint(self) -> QSize:
        lines = self.LINES * self.fontMetrics().lineSpacing() + 2 * self.frameWidth() + 4
        return QSize(super().sizeHint().width(), lines)


class WarningsView(QWidget):
    """The warnings about the round's tables, one per line, under a heading that counts
    them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heading = plain_label()
        self.heading.setObjectName("deskWarningsHeading")
        self.list = WarningList()
        self.list.setObjectName("deskWarnings")
        self.list.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.list, 1)
        self.show_warnings([])

    def show_warnings(self, texts: Sequence[str]) -> None:
        if self.shown() == list(texts) and self.heading.text():
            return
        self.heading.setText(f"Warnings: {len(texts)}" if texts else "Warnings: none")
        self.list.clear()
        self.list.addItems(list(texts))

    def shown(self) -> list[str]:
        return [self.list.item(row).text() for row in range(self.list.count())]
