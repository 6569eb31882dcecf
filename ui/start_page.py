"""The start page: recent matches to resume, a new match, or a match file to open."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:  # the storage code and the games load once the window is shown
    from scorekeeper.storage import MatchSummary

Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("Match", "Game", "Players", "Played on", "Hands", "Last changed")


def game_title(game_id: str) -> str:
    from scorekeeper.games import get_game

    return get_game(game_id).title


class RecentMatchesModel(QAbstractTableModel):
    """The stored matches, last changed first, one per row."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._matches: list[MatchSummary] = []

    def set_matches(self, matches: Sequence[MatchSummary]) -> None:
        self.beginResetModel()
        self._matches = list(matches)
        self.endResetModel()

    def match_id(self, row: int) -> int:
        return self._matches[row].id

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._matches)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(COLUMNS)
        ):
            return COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not self.checkIndex(index, QAbstractTableModel.CheckIndexOption.IndexIsValid):
            return None
        match = self._matches[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return (
                match.name,
                game_title(match.game),
                ", ".join(match.players),
                match.played_on,
                str(match.hands),
                match.updated[:16].replace("T", " "),
            )[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 4:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class StartPage(QWidget):
    """Resume a recent match (double-click, Enter or *Resume*), start a new one, or open a
    match file."""

    resumeRequested = Signal(int)  # a stored match's id
    newMatchRequested = Signal()
    openFileRequested = Signal()
    practiceRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPage")
        title = QLabel("Scorekeeper")
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        title.setFont(font)
        self.model = RecentMatchesModel(self)
        self.table = QTableView()
        self.table.setObjectName("recentMatches")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.activated.connect(lambda index: self._resume(index.row()))
        self.empty = QLabel("No matches yet: start a new one, or open a match file.")
        self.new_button = QPushButton("&New match")
        self.new_button.setObjectName("newMatch")
        self.open_button = QPushButton("&Open match file…")
        self.open_button.setObjectName("openMatchFile")
        self.practice_button = QPushButton("&Practice…")
        self.practice_button.setObjectName("practice")
        self.practice_button.setToolTip("Play one seat; the app deals and plays the others")
        self.practice_button.clicked.connect(self.practiceRequested)
        self.resume_button = QPushButton("&Resume")
        self.resume_button.setObjectName("resume")
        self.new_button.clicked.connect(self.newMatchRequested)
        self.open_button.clicked.connect(self.openFileRequested)
        self.resume_button.clicked.connect(self._resume_selected)
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.practice_button)
        buttons.addStretch()
        buttons.addWidget(self.resume_button)
        recent = QLabel("Recent &matches")
        recent.setBuddy(self.table)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(recent)
        layout.addWidget(self.table)
        layout.addWidget(self.empty)
        layout.addLayout(buttons)
        self.setTabOrder(self.table, self.resume_button)
        self.setTabOrder(self.resume_button, self.new_button)
        self.setTabOrder(self.new_button, self.open_button)
        self.setTabOrder(self.open_button, self.practice_button)
        self.table.hide()  # until the matches are listed, neither the list nor "No matches"
        self.empty.hide()
        self.resume_button.setEnabled(False)

    def set_matches(self, matches: Sequence[MatchSummary]) -> None:
        self.model.set_matches(matches)
        has_matches = bool(matches)
        self.table.setVisible(has_matches)
        self.empty.setVisible(not has_matches)
        self.resume_button.setEnabled(has_matches)
        if has_matches:
            self.table.selectRow(0)
            self.table.setFocus()
        else:
            self.new_button.setFocus()

    def _resume_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self._resume(rows[0].row())

    def _resume(self, row: int) -> None:
        self.resumeRequested.emit(self.model.match_id(row))
