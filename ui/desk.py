"""The director's desk: the event's format and rounds, the register of players, drawing
seats, starting and ending rounds, and each table's progress in the round."""

from __future__ import annotations

from pathlib import Path

import psycopg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.club import tournament
from scorekeeper.club.admin import EventCredentials
from scorekeeper.club.formats import FORMATS

STATUS_WORDS = {tournament.PRESENT: "here", tournament.NO_SHOW: "no-show", tournament.LEFT: "left"}


class DirectorDesk(QWidget):
    """Steers one event through ``conn`` (the director's or the administrator's login)."""

    def __init__(
        self,
        conn: psycopg.Connection,
        event: EventCredentials,
        folder: Path,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.conn = conn
        self.folder = folder  # where the results are saved
        self.credentials = event
        self.setWindowTitle(f"{event.name}: director's desk")
        self.format_box = QComboBox()
        for fmt in FORMATS:
            self.format_box.addItem(fmt.title, fmt.id)
        self.rounds = QSpinBox(minimum=1, maximum=47, value=8)
        self.set_format = QPushButton("Use this format")
        self.name = QLineEdit(placeholderText="Player's name, then Enter")
        self.register = QPushButton("Register")
        self.no_show = QPushButton("Mark no-show")
        self.players = QListWidget()
        self.round_no = QSpinBox(minimum=1, maximum=47, value=1)
        self.draw = QPushButton("Draw seats")
        self.start = QPushButton("Start round")
        self.end = QPushButton("End round")
        self.progress = QTableWidget(0, 3)
        self.progress.setHorizontalHeaderLabels(["Table", "Players", "Hands"])
        self.progress.verticalHeader().hide()
        self.progress.setTabKeyNavigation(False)  # Tab moves on to the score card
        self.progress.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.progress.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.card_table = QSpinBox(minimum=1, maximum=99, prefix="Table ")
        self.card = QLineEdit(placeholderText="Each hand's points by seat: 1 0 1 0; 0 2 0 2")
        self.enter_card = QPushButton("Enter score card")
        self.save = QPushButton("Save movement, standings and hands")
        self.message = QLabel()
        self.message.setWordWrap(True)

        setup = QFormLayout()
        setup.addRow("Format", self.format_box)
        setup.addRow("Rounds", self.rounds)
        setup.addRow("", self.set_format)
        entry = QHBoxLayout()
        entry.addWidget(self.name, 1)
        entry.addWidget(self.register)
        entry.addWidget(self.no_show)
        control = QHBoxLayout()
        control.addWidget(QLabel("Round"))
        for widget in (self.round_no, self.draw, self.start, self.end):
            control.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.addLayout(setup)
        layout.addLayout(entry)
        layout.addWidget(self.players, 1)
        layout.addLayout(control)
        layout.addWidget(self.progress, 2)
        card = QHBoxLayout()
        card.addWidget(self.card_table)
        card.addWidget(self.card, 1)
        card.addWidget(self.enter_card)
        card.addWidget(self.save)
        layout.addLayout(card)
        layout.addWidget(self.message)

        self.set_format.clicked.connect(lambda: self._do(self._set_format))
        self.name.returnPressed.connect(lambda: self._do(self._register))
        self.register.clicked.connect(lambda: self._do(self._register))
        self.no_show.clicked.connect(lambda: self._do(self._mark_no_show))
        self.draw.clicked.connect(lambda: self._do(self._draw))
        self.start.clicked.connect(
            lambda: self._do(tournament.start_round, self.round_no.value(), "started")
        )
        self.end.clicked.connect(
            lambda: self._do(tournament.end_round, self.round_no.value(), "ended")
        )
        self.card.returnPressed.connect(lambda: self._do(self._enter_card))
        self.enter_card.clicked.connect(lambda: self._do(self._enter_card))
        self.save.clicked.connect(lambda: self._do(self._save))
        self.round_no.valueChanged.connect(lambda _: self.refresh())
        self.refresh()

    def _do(self, action, round_no: int | None = None, done: str = "") -> None:
        """Run a director's action; a refusal is shown in words and changes nothing."""
        try:
            if round_no is None:
                said = action()
            else:
                action(self.conn, self.credentials.event, round_no)
                said = f"Round {round_no} {done}."
        except tournament.TournamentError as error:
            said = f"Not done: {error}."
        self.message.setText(said or "")
        self.refresh()

    def _set_format(self) -> str:
        fmt = FORMATS[self.format_box.currentIndex()]
        if not any(option.id == "rounds" for option in fmt.options):  # a league: all rounds
            tournament.configure(self.conn, self.credentials.event, fmt, {})
            return f"{fmt.title}."
        tournament.configure(
            self.conn, self.credentials.event, fmt, {"rounds": self.rounds.value()}
        )
        return f"{fmt.title}, {self.rounds.value()} rounds."

    def _register(self) -> str:
        player = tournament.register_entry(self.conn, self.credentials.event, self.name.text())
        self.name.clear()
        return f"{player.name} registered."

    def _mark_no_show(self) -> str:
        item = self.players.currentItem()
        if item is None:
            return "Pick a player in the list first."
        name = item.data(Qt.ItemDataRole.UserRole)
        tournament.set_status(self.conn, self.credentials.event, name, tournament.NO_SHOW)
        return f"{name} marked as a no-show."

    def _draw(self) -> str:
        drawn = tournament.draw(self.conn, self.credentials, self.round_no.value())
        tables = len(drawn.tables)
        return f"Round {drawn.number} drawn: {tables} table{'s' if tables != 1 else ''}."

    def _enter_card(self) -> str:
        try:
            hands = [[int(n) for n in hand.split()] for hand in self.card.text().split(";")]
        except ValueError:
            return "Not done: a score card holds whole numbers, hands separated by ;."
        round_no, table = self.round_no.value(), self.card_table.value()
        tournament.enter_card(self.conn, self.credentials.event, round_no, table, hands)
        self.card.clear()
        return f"Score card of table {table}, round {round_no}: {len(hands)} hands entered."

    def _save(self) -> str:
        self.folder.mkdir(parents=True, exist_ok=True)
        name = self.credentials.name
        movement = self.folder / f"{name} movement.pdf"
        movement.write_bytes(tournament.movement_pdf(self.conn, self.credentials.event))
        pdf = self.folder / f"{name} standings.pdf"
        pdf.write_bytes(tournament.standings_pdf(self.conn, self.credentials.event))
        hands = self.folder / f"{name} hands.csv"
        hands.write_text(tournament.hands_csv(self.conn, self.credentials.event), "utf-8")
        return f"Saved {movement.name}, {pdf.name} and {hands.name} in {self.folder}."

    def refresh(self) -> None:
        """Show what the database holds now."""
        self.players.clear()
        for player in tournament.players(self.conn, self.credentials.event):
            self.players.addItem(f"{player.name} ({STATUS_WORDS[player.status]})")
            self.players.item(self.players.count() - 1).setData(
                Qt.ItemDataRole.UserRole, player.name
            )
        try:
            tables = tournament.progress(self.conn, self.credentials.event, self.round_no.value())
        except tournament.TournamentError:
            tables = []
        self.progress.setRowCount(len(tables))
        for row, table in enumerate(tables):
            still = "playing" if table.playing else "done"
            cells = (f"Table {table.table}", ", ".join(table.names), f"{table.hands} ({still})")
            for column, text in enumerate(cells):
                self.progress.setItem(row, column, QTableWidgetItem(text))
