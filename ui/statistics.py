"""The statistics beside the scoreboard: a row per player, the game's counts and rates,
as :func:`scorekeeper.words.statistics_table` tells :meth:`Ledger.statistics`."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from scorekeeper.words import statistics_table

Index = QModelIndex | QPersistentModelIndex


class StatisticsModel(QAbstractTableModel):
    """Players as rows; columns: the player, then each count or rate the match has."""

    def __init__(self, ledger: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ledger = ledger
        self._heads: list[str] = []
        self._rows: list[list[str]] = []
        self._read: tuple[Any, int, Any] | None = None  # ledger, hands and last score read
        self.refresh()

    def set_ledger(self, ledger: Any) -> None:
        """Follow another ledger (the match was read again from its database)."""
        self._ledger = ledger
        self.refresh()

    def refresh(self) -> None:
        """Read the ledger's statistics again (a hand finished, was undone or corrected);
        a card played mid-hand changes no score, and the match is not read again."""
        scores = self._ledger.scores if self._ledger is not None else []
        last = scores[-1] if scores else None
        if self._read is not None:
            ledger, count, seen = self._read
            if ledger is self._ledger and count == len(scores) and seen is last:
                return
        self._read = (self._ledger, len(scores), last)
        heads: list[str] = []
        rows: list[list[str]] = []
        if self._ledger is not None and scores:
            heads, rows = statistics_table(self._ledger.statistics())
        if (heads, rows) == (self._heads, self._rows):
            return
        self.beginResetModel()
        self._heads, self._rows = heads, rows
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._heads)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column():
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self._heads[section] if 0 <= section < len(self._heads) else None
        return str(section + 1)


class StatisticsView(QTableView):
    """The statistics table, read-only."""

    def __init__(self, model: StatisticsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statistics")
        self.setModel(model)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setAlternatingRowColors(True)
        self.verticalHeader().hide()
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
