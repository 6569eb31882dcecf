"""The hand screen's places of fixed size, so that nothing under the scorer's hand moves
from bidding to play, when a ruling waits or when a question is asked.

:class:`HeaderRow` keeps two lines for the heading and the totals, each wrapping within
its part of the row. :class:`EntryArea`, under the table, keeps the height of the phase's
choices (two rows of buttons, scrolled when a phase offers more) over the card grid: a
ruling takes that whole place, as does a question that asks for more than cards, and a
question about cards takes the choices' rows over the grid. The table above them keeps
its place whatever they show.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QWidget

from ..scrolled import scrolling
from .question import QuestionPanel

GAP = 6  # between the choices' rows and the grid


def wrapped_label(lines: int, bold: bool = False, scale: float = 1.0) -> QLabel:
    """A label that wraps its text in a fixed height of ``lines`` lines and never asks
    for width."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(bold)
    label.setFont(font)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    label.setFixedHeight(lines * label.fontMetrics().lineSpacing() + 2)
    return label


class HeaderRow(QWidget):
    """The heading on the left and the totals on the right, each wrapped in two lines:
    the totals take the width their one line needs, up to two fifths of the row."""

    LINES = 2
    TOTALS_SHARE = 0.4

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heading = wrapped_label(self.LINES, bold=True, scale=1.1)
        self.heading.setParent(self)
        self.totals = wrapped_label(self.LINES)
        self.totals.setParent(self)
        self.totals.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(max(self.heading.height(), self.totals.height()))

    def sizeHint(self) -> QSize:
        return QSize(0, self.height())

    def set_totals(self, text: str) -> None:
        self.totals.setText(text)
        self._place()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def _place(self) -> None:
        one_line = self.totals.fontMetrics().horizontalAdvance(self.totals.text()) + 4
        totals = min(one_line, int(self.width() * self.TOTALS_SHARE))
        self.totals.setGeometry(self.width() - totals, 0, totals, self.totals.height())
        self.heading.setGeometry(0, 0, max(0, self.width() - totals - GAP), self.heading.height())


class EntryArea(QWidget):
    """The place under the table: the choices over the grid, a ruling or a question in
    their place. Its height is the same whatever it shows (set by the grid's size)."""

    ROWS = 2  # the choices' rows kept in every phase

    def __init__(
        self,
        choices: QWidget,
        question: QuestionPanel,
        banner: QWidget,
        grid: QWidget,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.choices = scrolling(choices, self)
        self.choices.setObjectName("choiceRows")
        self.question = question
        self.asking = scrolling(question, self)
        self.asking.setObjectName("questionPlace")
        question.hide()  # until a question is asked
        self.banner = banner
        banner.setParent(self)
        self.grid = grid
        grid.setParent(self)
        row = QPushButton("Pass").sizeHint().height()
        self.rows_height = self.ROWS * row + (self.ROWS - 1) * GAP
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._fit_height()

    def _fit_height(self) -> None:
        self.setFixedHeight(self.rows_height + GAP + self.grid.sizeHint().height())

    def grid_changed(self) -> None:
        """The grid's size changed (large cards): the place follows it."""
        self._fit_height()
        self.arrange()

    def sizeHint(self) -> QSize:
        return QSize(self.grid.sizeHint().width(), self.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.grid.minimumSizeHint().width(), self.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.arrange()

    def arrange(self) -> None:
        """Show what the hand needs now in its part of the place: a ruling in all of it; a
        question in all of it, or in the choices' rows when it asks for cards; else the
        choices over the grid."""
        ruling = not self.banner.isHidden()
        asking = not ruling and not self.question.isHidden()
        cards = asking and bool(self.question.wants_cards)
        whole = self.rect()
        rows = QRect(0, 0, self.width(), self.rows_height)
        below = QRect(
            0, self.rows_height + GAP, self.width(), self.height() - self.rows_height - GAP
        )
        self.banner.setGeometry(whole)
        self.asking.setGeometry(rows if cards else whole)
        self.choices.setGeometry(rows)
        self.grid.setGeometry(below)
        self.asking.setVisible(asking)
        self.choices.setVisible(not ruling and not asking)
        self.grid.setVisible(not ruling and (cards or not asking))
