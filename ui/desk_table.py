"""One table's hands in a round, at the director's desk: every revision of every hand
with who recorded it and when, and a line to correct the chosen hand's points."""

from __future__ import annotations

from collections.abc import Callable

import psycopg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.club import tournament
from scorekeeper.club.director import Revision, first_line, table_history

COLUMNS = ["Hand", "Revision", "Points", "Recorded by", "At", "Counted"]
VERDICT_WORDS = {
    "accepted": "yes",
    "pending": "not yet: being checked",
    "superseded": "no: a later revision replaced it",
}


def verdict_words(revision: Revision) -> str:
    """What the referee made of a revision, in words."""
    if revision.verdict == "refused":
        return f"no: {revision.reason or 'refused'}"
    return VERDICT_WORDS.get(revision.verdict, revision.verdict)


class TableHandsDialog(QDialog):
    """Table ``table``'s hands in ``round_no``; a correction is a new revision made with
    the desk's login, and the list shows it with the others."""

    def __init__(
        self,
        conn: psycopg.Connection,
        event: str,
        round_no: int,
        table: int,
        who: Callable[[str], str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.conn, self.event_id, self.round_no, self.table = conn, event, round_no, table
        self.who = who  # a login's name in words
        self.revisions: list[Revision] = []
        self.setObjectName("tableHandsDialog")
        self.setWindowTitle(f"Table {table}, round {round_no}: hands and corrections")
        self.setMinimumSize(760, 480)
        self.hands = QTableWidget(0, len(COLUMNS))
        self.hands.setObjectName("tableHands")
        self.hands.setHorizontalHeaderLabels(COLUMNS)
        self.hands.verticalHeader().hide()
        self.hands.setTabKeyNavigation(False)
        self.hands.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.hands.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.hands.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.hands.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.points = QLineEdit(placeholderText="The chosen hand's points, one per seat: 2 0 2 0")
        self.points.setObjectName("correctedPoints")
        self.correct = QPushButton("&Correct the chosen hand")
        self.correct.setObjectName("correctHand")
        self.correct.setAutoDefault(False)
        self.message = QLabel()
        self.message.setObjectName("tableHandsMessage")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        for button in buttons.buttons():
            if isinstance(button, QPushButton):
                button.setAutoDefault(False)  # Return in the points line corrects
        entry = QHBoxLayout()
        entry.addWidget(self.points, 1)
        entry.addWidget(self.correct)
        layout = QVBoxLayout(self)
        layout.addWidget(self.hands, 1)
        layout.addLayout(entry)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.correct.clicked.connect(self._correct)
        self.points.returnPressed.connect(self._correct)
        self.refresh()
        if self.revisions:
            self.hands.selectRow(len(self.revisions) - 1)
        self.hands.setFocus()

    def _hand_label(self, revision: Revision) -> str:
        matches = list(dict.fromkeys(r.match for r in self.revisions))
        if len(matches) == 1:
            return str(revision.hand)
        return f"game {matches.index(revision.match) + 1}, hand {revision.hand}"

    def refresh(self) -> None:
        """Show what the club database holds now."""
        self.revisions = table_history(self.conn, self.event_id, self.round_no, self.table)
        self.hands.setRowCount(len(self.revisions))
        for row, revision in enumerate(self.revisions):
            if revision.points is None:
                points = "a record that cannot be read"
            else:
                points = ", ".join(f"{name} {n}" for name, n in revision.points.items())
            cells = (
                self._hand_label(revision),
                str(revision.revision),
                points or "taken back",
                self.who(revision.by),
                revision.when.astimezone().strftime("%H:%M:%S"),
                verdict_words(revision),
            )
            for column, text in enumerate(cells):
                self.hands.setItem(row, column, QTableWidgetItem(text))
        if not self.revisions:
            self.message.setText("This table has no hands on record in this round yet.")

    def _correct(self) -> None:
        row = self.hands.currentRow()
        if not 0 <= row < len(self.revisions):
            self.message.setText("Pick the hand to correct in the list first.")
            return
        chosen = self.revisions[row]
        try:
            points = [int(figure) for figure in self.points.text().split()]
        except ValueError:
            self.message.setText("Not corrected: type whole numbers, one per seat.")
            return
        try:
            made = tournament.correct(self.conn, chosen.match, chosen.hand, points)
        except tournament.TournamentError as error:
            self.message.setText(f"Not corrected: {error}.")
            return
        except psycopg.Error as error:
            said = first_line(error, "no")
            self.message.setText(f"Not corrected: the club database said {said}.")
            return
        self.points.clear()
        self.refresh()
        label = self._hand_label(chosen)
        newest = next(
            k
            for k, r in enumerate(self.revisions)
            if (r.match, r.hand, r.revision) == (chosen.match, chosen.hand, made)
        )
        self.hands.selectRow(newest)
        self.message.setText(
            f"Hand {label} corrected: revision {made}, recorded by "
            f"{self.who(self.revisions[newest].by)}."
        )
