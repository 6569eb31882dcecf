"""The scoreboard: a table model over the ledger's scores and the view that shows it.

Rows are finished hands, columns the dealer, each side (a player or a team) and the
hand's notes. A side's cell shows its running total and, in brackets, the hand's
points; penalties the table let stand are marked on the row and the offending side.
Activating a row (double-click or Enter) asks for that hand to be opened for correction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from scorekeeper.games.base import HandScore
from scorekeeper.words import over_words, penalty_line, told

POINTS_ROLE = Qt.ItemDataRole.UserRole + 1
"""A side's points for the hand (int)."""
TOTAL_ROLE = Qt.ItemDataRole.UserRole + 2
"""A side's running total after the hand (int)."""

PENALTY_MARK = "⚠"
PENALTY_TINT = QColor(230, 120, 40, 70)


class ScoredMatch(Protocol):
    """What the scoreboard reads: the ledger's side names, sides, hands, scores and what
    its game's reports say of it."""

    @property
    def side_names(self) -> tuple[str, ...]: ...

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def scores(self) -> list[HandScore]: ...

    @property
    def hands(self) -> list[Any]: ...

    @property
    def info(self) -> Any: ...

    @property
    def report(self) -> Any: ...


Index = QModelIndex | QPersistentModelIndex


@dataclass
class _Row:
    """What a scoreboard row shows besides its scores."""

    dealer: str
    penalties: tuple[Any, ...]
    penalised: frozenset[int | None]
    notes: str = ""


class ScoreboardModel(QAbstractTableModel):
    """Finished hands as rows; columns: dealer, one per side, notes."""

    def __init__(self, match: ScoredMatch | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._match: ScoredMatch | None = None
        self._side_names: tuple[str, ...] = ()
        self._scores: list[HandScore] = []
        self._rows: dict[int, _Row] = {}  # what each row shows, worked out once
        self.set_match(match)

    # -- feeding ---------------------------------------------------------------

    def set_match(self, match: ScoredMatch | None) -> None:
        self.beginResetModel()
        self._match = match
        self._side_names = match.side_names if match is not None else ()  # read once
        self._scores = list(match.scores) if match is not None else []
        self._rows.clear()
        self.endResetModel()

    def refresh(self) -> None:
        """Take the ledger's scores again, telling views only what changed: new hands
        are inserted, re-scored hands (a correction) updated from the first change on."""
        if self._match is None:
            return
        old, scores = self._scores, self._match.scores
        # a change re-scores from the hand it touches to the last: the same last HandScore
        # object means nothing changed (a card played mid-hand), found without a copy
        if len(scores) == len(old) and (not old or scores[-1] is old[-1]):
            return
        new = list(scores)
        common = min(len(old), len(new))
        first = next((row for row in range(common) if old[row] != new[row]), common)
        self._rows = {row: shown for row, shown in self._rows.items() if row < first}
        if len(new) < len(old):
            self.beginRemoveRows(QModelIndex(), len(new), len(old) - 1)
            self._scores = old[: len(new)]
            self.endRemoveRows()
        self._scores[first:] = new[first : len(self._scores)]
        if first < len(self._scores):
            self.dataChanged.emit(
                self.index(first, 0), self.index(len(self._scores) - 1, self.columnCount() - 1)
            )
        if len(new) > len(self._scores):
            self.beginInsertRows(QModelIndex(), len(self._scores), len(new) - 1)
            self._scores = new
            self.endInsertRows()

    # -- shape -----------------------------------------------------------------

    @property
    def side_count(self) -> int:
        return len(self._side_names)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._scores)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid() or self._match is None:
            return 0
        return self.side_count + 2

    def side_column(self, side: int) -> int:
        return 1 + side

    @property
    def notes_column(self) -> int:
        return self.side_count + 1

    # -- data ------------------------------------------------------------------

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if self._match is None:
            return None
        if orientation == Qt.Orientation.Vertical:
            if not 0 <= section < len(self._scores):
                return None
            if role == Qt.ItemDataRole.DisplayRole:
                mark = f" {PENALTY_MARK}" if self.penalties(section) else ""
                return f"{section + 1}{mark}"
            return None
        if role != Qt.ItemDataRole.DisplayRole or not 0 <= section < self.columnCount():
            return None
        if section == 0:
            return "Dealer"
        if section == self.notes_column:
            return "Notes"
        return self._side_names[section - 1]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row, column = index.row(), index.column()
        if not index.isValid() or row >= len(self._scores):  # cheaper than checkIndex
            return None
        score = self._scores[row]
        if column == 0:
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                return self.dealer_name(row)
            return None
        if column == self.notes_column:
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                return self.notes(row)
            return None
        side = column - 1
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{score.totals[side]}  ({score.points[side]:+d})"
        if role == POINTS_ROLE:
            return score.points[side]
        if role == TOTAL_ROLE:
            return score.totals[side]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            return PENALTY_TINT if side in self.penalised_sides(row) else None
        if role == Qt.ItemDataRole.FontRole and score.game_over and side in score.winners:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [f"{self._side_names[side]}: {score.points[side]:+d} this hand"]
            lines += [
                f"{PENALTY_MARK} {v.rule.title}"
                for v in self.penalties(row)
                if self._side_of(v.seat) == side
            ]
            return "\n".join(lines)
        return None

    # -- what a row says ---------------------------------------------------------

    @property
    def _shown(self) -> ScoredMatch:
        """The match shown (rows exist only while there is one)."""
        if self._match is None:
            raise LookupError("the scoreboard shows no match")
        return self._match

    def _row(self, row: int) -> _Row:
        """What ``row`` shows, worked out when first asked (a view asks for every role of
        every cell it paints) and kept until the row changes."""
        shown = self._rows.get(row)
        if shown is None:
            hand = self._shown.hands[row]
            penalties = tuple(hand.state.penalties)
            shown = _Row(
                self._shown.info.players[hand.dealer],
                penalties,
                frozenset(self._side_of(v.seat) for v in penalties),
            )
            shown.notes = self._notes(row, penalties)
            self._rows[row] = shown
        return shown

    def dealer_name(self, row: int) -> str:
        return self._row(row).dealer

    def penalties(self, row: int) -> list[Any]:
        """The violations the table let stand in this hand."""
        return list(self._row(row).penalties)

    def penalised_sides(self, row: int) -> frozenset[int | None]:
        return self._row(row).penalised

    def notes(self, row: int) -> str:
        """The hand's notes (penalties among them, marked), and the game's end."""
        return self._row(row).notes

    def _notes(self, row: int, penalties: tuple[Any, ...]) -> str:
        score = self._scores[row]
        players = self._shown.info.players
        lines = [told(note, players) for note in score.notes]
        if penalties:  # the mark never stands alone
            lines += [f"penalty: {v.rule.title}" for v in penalties]
        elif penalty := self._shown.hands[row].outcome().penalty:  # entered with its result
            lines.append(penalty_line(penalty, players))
        if score.game_over:
            winners = [self._side_names[side] for side in score.winners]
            lines.append(over_words(self._shown.report.whole, winners))
        mark = f"{PENALTY_MARK} " if penalties else ""
        return mark + "; ".join(lines)

    def _side_of(self, seat: int | None) -> int | None:
        return next((i for i, side in enumerate(self._shown.sides) if seat in side), None)


class ScoreboardView(QTableView):
    """The scoreboard table; ``handActivated(row)`` asks to open a past hand for correction."""

    handActivated = Signal(int)

    def __init__(self, model: ScoreboardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scoreboard")
        self.setModel(model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        # fitted by the view (below), not by Qt on every change: a new hand widens a
        # column from its own row, never by measuring every row again
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setStretchLastSection(True)  # the notes: the whole note in the cell's tooltip
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.activated.connect(lambda index: self.handActivated.emit(index.row()))
        model.rowsInserted.connect(lambda *_: self.scrollToBottom())
        model.modelReset.connect(self.scrollToBottom)
        # a total never shown short: the columns follow every change of the figures
        model.rowsInserted.connect(lambda _parent, first, last: self._widen_columns(first, last))
        for changed in (model.rowsRemoved, model.dataChanged, model.modelReset):
            changed.connect(self._fit_columns)
        self._fit_columns()

    def _fit_columns(self, *_changed: object) -> None:
        """Every column but the notes as wide as its heading and its widest cell (as Qt
        measures them: the rows in view, and as many again up to its precision)."""
        header = self.horizontalHeader()
        for column in range(header.count() - 1):
            fitted = max(header.sectionSizeHint(column), self.sizeHintForColumn(column))
            header.resizeSection(column, fitted)

    def _widen_columns(self, first: int, last: int) -> None:
        """Rows ``first`` to ``last`` were added: a column narrower than one of their
        cells is widened to it; the others keep their widths."""
        header, model = self.horizontalHeader(), self.model()
        grid = 1 if self.showGrid() else 0  # as QTableView counts a cell's width
        for column in range(header.count() - 1):
            widest = max(
                self.sizeHintForIndex(model.index(row, column)).width() + grid
                for row in range(first, last + 1)
            )
            if widest > header.sectionSize(column):
                header.resizeSection(column, widest)
