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

COLUMNS = ("Match", "Game", "Preset", "Players", "Played on", "Hands", "Last changed")
HANDS_COLUMN = COLUMNS.index("Hands")


def game_title(game_id: str) -> str:
    from scorekeeper.games import get_game

    return get_game(game_id).title


def preset_title(game_id: str, preset_id: str) -> str:
    from scorekeeper.games import get_game

    return get_game(game_id).preset(preset_id).title


def local_time(stamp: str, seconds: bool = False) -> str:
    """A stored moment (UTC) as the clock on the wall read it: ``2026-11-25 19:02``."""
    from datetime import datetime  # loaded with the recent matches, after the first paint

    moment = datetime.fromisoformat(stamp).astimezone()
    return moment.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def distinguished(matches: Sequence[MatchSummary]) -> list[str]:
    """Each match's name, with when it was started added where rows would otherwise read
    the same (the same name, game, preset, players and day)."""
    groups: dict[tuple[Any, ...], list[MatchSummary]] = {}
    for match in matches:
        groups.setdefault(_alike(match), []).append(match)
    return [
        match.name
        if len(groups[_alike(match)]) == 1
        else f"{match.name} (started {_started(match, groups[_alike(match)])})"
        for match in matches
    ]


def _alike(match: MatchSummary) -> tuple[Any, ...]:
    return (match.name, match.game, match.preset, match.players, match.played_on)


def _started(match: MatchSummary, group: list[MatchSummary]) -> str:
    """When ``match`` was started, to the minute, else to the second where the minute is
    shared, and its number among those started in the same second."""
    for seconds in (False, True):
        mine = local_time(match.created, seconds)
        if [local_time(other.created, seconds) for other in group].count(mine) == 1:
            return mine[11:]
    order = sorted(group, key=lambda other: (other.created, other.id))
    return f"{local_time(match.created, seconds=True)[11:]}, no. {order.index(match) + 1}"


class RecentMatchesModel(QAbstractTableModel):
    """The stored matches, last changed first, one per row."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._matches: list[MatchSummary] = []
        self._names: list[str] = []

    def set_matches(self, matches: Sequence[MatchSummary]) -> None:
        self.beginResetModel()
        self._matches = list(matches)
        self._names = distinguished(self._matches)
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
        row = index.row()
        match = self._matches[row]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return (
                self._names[row],
                game_title(match.game),
                preset_title(match.game, match.preset),
                ", ".join(match.players),
                match.played_on,
                str(match.hands),
                local_time(match.updated),
            )[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == HANDS_COLUMN:
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
        self.table.horizontalHeader().setSectionResizeMode(
            COLUMNS.index("Players"), QHeaderView.ResizeMode.Stretch
        )
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
