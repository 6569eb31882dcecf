"""The director's desk: the event's format and rounds, the register of players, drawing
seats, starting and ending rounds, each table's progress and time in the round (kept
live), a table's hands with their corrections, withdrawing a lost laptop's pass and
issuing its table a new one, and the printouts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

import psycopg
from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.club import tournament
from scorekeeper.club.admin import (
    EventCredentials,
    TableLogin,
    reissue_table,
    revoke_table,
    withdrawn_tables,
)
from scorekeeper.club.director import (
    Place,
    RoundTables,
    conninfo_of,
    first_line,
    join_code,
    join_codes,
    round_tables,
)
from scorekeeper.club.formats import FORMATS

from .desk_reader import ReaderThread, TablesReader
from .report_preview import safe_file_name

STATUS_WORDS = {tournament.PRESENT: "here", tournament.NO_SHOW: "no-show", tournament.LEFT: "left"}
PROGRESS_COLUMNS = ["Table", "Players", "Hands", "Time in the round", "Pass"]
TIME_COLUMN = 3
PASS_WORDS = ("in use", "withdrawn", "new pass")  # a table's pass, as the Pass column says
IN_USE, WITHDRAWN, NEW_PASS = PASS_WORDS
LIVE_EVERY_MS = 5000  # how often the tables' progress is read again


def unanswered(said: str) -> str:
    """What the desk says when the club database does not answer: ``said`` is its error."""
    return f"The club database does not answer ({said})."


def application() -> QCoreApplication:
    """The running application (a widget lives in one)."""
    app = QCoreApplication.instance()
    assert app is not None
    return app


def pass_states(logins: Sequence[TableLogin]) -> dict[int, str]:
    """Each table's pass, in PASS_WORDS: withdrawn (no new one issued yet), a new pass
    issued after a withdrawal, or the first still in use."""
    replaced = {login.table for login in logins if login.withdrawn and not login.current}
    states = {}
    for login in logins:
        if login.current:
            fresh = NEW_PASS if login.table in replaced else IN_USE
            states[login.table] = WITHDRAWN if login.withdrawn else fresh
    return states


def elapsed_words(seconds: float) -> str:
    """A duration as a clock shows it: 7:05, or 1:02:09 past the hour."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


class DirectorDesk(QWidget):
    """Steers one event through ``conn`` (the director's or the administrator's login);
    while shown, the tables are read again every few seconds by a reader in a thread of
    its own (with its own connection)."""

    wanted = Signal(int)  # the round whose tables the reader is to read

    def __init__(
        self,
        conn: psycopg.Connection,
        event: EventCredentials,
        folder: Path,
        place: Place | None = None,
        events: Path | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("directorDesk")
        self.given = conn  # the caller's to close
        self.conn = conn  # the director's actions; opened again when found cut
        self.conninfo = conninfo_of(conn)  # how to open it again, with the same login
        self.folder = folder  # where the results are saved
        self.credentials = event
        self.place = place  # where tables reach the database (their join codes); None: unknown
        self.events = events  # where the event's logins are saved; None: kept in memory only
        self.times: list[tuple[datetime | None, datetime | None]] = []  # each row's clock
        self.tables: list[tournament.TableProgress] = []  # each row's table
        self.passes: dict[int, str] = {}  # each table's pass, in PASS_WORDS
        self.logins: dict[str, TableLogin] = {}  # every login the tables have had, by role
        self.confirm: QMessageBox | None = None  # the question before a pass is withdrawn
        self.reader: ReaderThread | None = None  # reads the tables while the desk is shown
        self.reading = False  # a read asked of the reader is under way
        self.shown = self.asked = 0  # how many reads were shown: now, and when last asked
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
        self.progress = QTableWidget(0, len(PROGRESS_COLUMNS))
        self.progress.setHorizontalHeaderLabels(PROGRESS_COLUMNS)
        self.progress.verticalHeader().hide()
        self.progress.setTabKeyNavigation(False)  # Tab moves on to the score card
        self.progress.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.progress.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.progress.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table_hands = QPushButton("Table's hands and corrections…")
        self.withdraw_pass = QPushButton("Withdraw a table's pass…")
        self.new_pass = QPushButton("Give a table a new pass")
        self.save_cards = QPushButton("Save score cards with join codes")
        self.save_cards.setEnabled(place is not None)
        header = self.progress.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.card_table = QSpinBox(minimum=1, maximum=99, prefix="Table ")
        self.card = QLineEdit(placeholderText="Each hand's points by seat: 1 0 1 0; 0 2 0 2")
        self.enter_card = QPushButton("Enter score card")
        self.save = QPushButton("Save movement, standings and hands")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # names are shown as typed

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
        tables = QHBoxLayout()
        tables.addWidget(self.table_hands)
        tables.addWidget(self.withdraw_pass)
        tables.addWidget(self.new_pass)
        tables.addWidget(self.save_cards)
        tables.addStretch(1)
        layout.addLayout(tables)
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
        self.table_hands.clicked.connect(self.show_table_hands)
        self.withdraw_pass.clicked.connect(self.ask_to_withdraw)
        self.new_pass.clicked.connect(lambda: self._do(self._new_pass))
        self.progress.itemSelectionChanged.connect(self._show_pass_actions)
        self.save_cards.clicked.connect(lambda: self._do(self._save_cards))
        self.round_no.valueChanged.connect(lambda _: self.refresh())
        self.clock = QTimer(self, interval=1000)  # each table's time in the round
        self.clock.timeout.connect(self._tick)
        self.live = QTimer(self, interval=LIVE_EVERY_MS)  # hands arriving from the tables
        self.live.timeout.connect(self._follow)
        self._show_format()
        self.refresh()

    def _show_format(self) -> None:
        """The format and rounds the event already has, if any."""
        try:
            fmt, settings, _ = tournament.event_format(self.conn, self.credentials.event)
        except tournament.TournamentError:
            return
        self.format_box.setCurrentIndex(self.format_box.findData(fmt.id))
        self.rounds.setValue(int(settings.get("rounds", self.rounds.value())))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._start_reading()
        self.clock.start()
        self.live.start()

    def hideEvent(self, event: QHideEvent) -> None:
        self.clock.stop()
        self.live.stop()
        self._stop_reading()
        super().hideEvent(event)

    def _start_reading(self) -> None:
        if self.reader is not None:
            return
        reader = TablesReader(self.conninfo, self.credentials.event)
        self.wanted.connect(reader.read)
        reader.tables_read.connect(self._tables_read)
        reader.failed.connect(self._read_failed)
        self.reader = ReaderThread(reader)
        self.reader.start()
        application().aboutToQuit.connect(self._stop_reading)

    def _stop_reading(self) -> None:
        """Stop the reader's thread (after the read under way, if any)."""
        if self.reader is None:
            return
        application().aboutToQuit.disconnect(self._stop_reading)
        self.wanted.disconnect(self.reader.reader.read)
        self.reader.stop()
        self.reader, self.reading = None, False

    def _follow(self) -> None:
        """Ask the reader to read the tables again, unless a read is still under way."""
        if self.reader is None or self.reading:
            return
        self.reading, self.asked = True, self.shown
        self.wanted.emit(self.round_no.value())

    def _tables_read(self, tables: RoundTables) -> None:
        """Show what the reader read, unless the desk has shown something newer since."""
        self.reading = False
        if self.asked == self.shown and tables.round_no == self.round_no.value():
            self.show_tables(tables)

    def _read_failed(self, said: str) -> None:
        """A database that does not answer is said so, and what was shown stays."""
        self.reading = False
        self.message.setText(f"{unanswered(said)} The desk tries again in a few seconds.")

    def _answering(self) -> None:
        """Open ``self.conn`` again (same login) if it was cut: closed, broken, or not
        answering an empty query. Nothing of an action is sent before this, so no action is
        ever run twice; a server that still does not answer raises psycopg's error."""
        if not (self.conn.closed or self.conn.broken):
            try:
                self.conn.execute("")
                return
            except psycopg.OperationalError:
                pass
        self.conn.close()
        self.conn = psycopg.connect(self.conninfo, autocommit=True)

    def closeEvent(self, event: QCloseEvent) -> None:
        """A connection the desk opened again is the desk's own to close."""
        if self.conn is not self.given:
            self.conn.close()
        super().closeEvent(event)

    def _do(self, action: Callable, round_no: int | None = None, done: str = "") -> None:
        """Run a director's action on an answering connection; a refusal is shown in
        words and changes nothing."""
        try:
            self._answering()
            if round_no is None:
                said = action()
            else:
                action(self.conn, self.credentials.event, round_no)
                said = f"Round {round_no} {done}."
        except tournament.TournamentError as error:
            said = f"Not done: {error}."
        except psycopg.Error as error:
            said = f"Not done: the club database said {first_line(error, 'no')}."
        except OSError as error:
            said = f"Not saved: {error.strerror or error} ({error.filename or self.folder})."
        self.refresh(said or "")

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
        had = dict(self.credentials.tables)
        drawn = tournament.draw(self.conn, self.credentials, self.round_no.value())
        tables = len(drawn.tables)
        said = f"Round {drawn.number} drawn: {tables} table{'s' if tables != 1 else ''}."
        added = len(self.credentials.tables) - len(had)
        renewed = [n for n, login in had.items() if self.credentials.tables[n] != login]
        if (added > 0 or renewed) and self.events is not None:
            self.credentials.save(self.events)
        if added > 0:
            more = f"{added} more table{'s' if added != 1 else ''}"
            said += f" {more} can now join: the score cards carry the join codes."
        if renewed:
            which = " and ".join(f"table {n}" for n in renewed)
            said += (
                f" The withdrawn pass of {which} was replaced by a new one: "
                "the score cards carry the new join code."
            )
        return said

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
        name = safe_file_name(self.credentials.name)
        movement = self.folder / f"{name} movement.pdf"
        movement.write_bytes(tournament.movement_pdf(self.conn, self.credentials.event))
        pdf = self.folder / f"{name} standings.pdf"
        pdf.write_bytes(tournament.standings_pdf(self.conn, self.credentials.event))
        hands = self.folder / f"{name} hands.csv"
        hands.write_text(tournament.hands_csv(self.conn, self.credentials.event), "utf-8")
        return f"Saved {movement.name}, {pdf.name} and {hands.name} in {self.folder}."

    def _save_cards(self) -> str:
        if self.place is None:
            return "Not done: the desk does not know where tables reach the club database."
        withdrawn = withdrawn_tables(self.conn, self.credentials.event)
        codes = join_codes(self.credentials, self.place, withdrawn)
        pdf = tournament.score_cards_pdf(self.conn, self.credentials.event, codes)
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{safe_file_name(self.credentials.name)} score cards.pdf"
        path.write_bytes(pdf)
        return f"Saved {path.name} in {self.folder}: each round's table with its join code."

    def who(self, role: str) -> str:
        """Who a login is, in words: the director, a table (by a pass since withdrawn),
        or the club's administrator."""
        if role == self.credentials.director.role:
            return "the director"
        login = self.logins.get(role)
        if login is not None:
            withdrawn = " (a pass since withdrawn)" if login.withdrawn else ""
            return f"table {login.table}{withdrawn}"
        return "the club's administrator"

    def chosen_table(self) -> int | None:
        """The table chosen in the list (None: none is)."""
        rows = self.progress.selectionModel().selectedRows()
        row = rows[0].row() if rows else -1
        return self.tables[row].table if 0 <= row < len(self.tables) else None

    def _show_pass_actions(self) -> None:
        """The pass buttons name the chosen table and are enabled when they apply."""
        table = self.chosen_table()
        state = self.passes.get(table) if table is not None else None
        self.withdraw_pass.setText(
            f"Withdraw table {table}'s pass…" if table else "Withdraw a table's pass…"
        )
        self.new_pass.setText(
            f"Give table {table} a new pass" if table else "Give a table a new pass"
        )
        self.withdraw_pass.setEnabled(state in (IN_USE, NEW_PASS))
        self.new_pass.setEnabled(state == WITHDRAWN)

    def ask_to_withdraw(self) -> None:
        """Ask, in plain words, before the chosen table's pass is withdrawn."""
        table = self.chosen_table()
        if table is None:
            return
        names = ", ".join(next(t.names for t in self.tables if t.table == table))
        self.confirm = box = QMessageBox(self)
        box.setObjectName("withdrawPassQuestion")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Withdraw a table's pass")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(f"Withdraw table {table}'s pass?")
        box.setInformativeText(
            f"The laptop at table {table} ({names}) will no longer be able to send hands: "
            "the club database refuses its login from now on and ends its connection. "
            "The hands it has already sent stay recorded.\n\n"
            f"Afterwards you can give table {table} a new pass, so that its players carry "
            "on from another laptop."
        )
        withdraw = box.addButton("&Withdraw the pass", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("&Keep the pass", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)

        def answered(button: QAbstractButton) -> None:
            if button is withdraw:
                self._do(lambda: self._withdraw(table))

        box.buttonClicked.connect(answered)
        box.open()

    def _withdraw(self, table: int) -> str:
        revoke_table(self.conn, self.credentials.event, table)
        return (
            f"Table {table}'s pass is withdrawn: its laptop can no longer send hands. "
            f"Give table {table} a new pass to carry on from another laptop."
        )

    def _new_pass(self) -> str:
        table = self.chosen_table()
        if table is None:
            return "Pick a table in the list first."
        self.credentials.tables[table] = reissue_table(self.conn, self.credentials, table)
        if self.events is not None:
            self.credentials.save(self.events)
        if self.place is None:
            return f"Table {table} has a new pass."
        QApplication.clipboard().setText(join_code(self.credentials, self.place, table))
        return (
            f"Table {table} has a new pass. Its join code is copied: paste it into Club "
            "night → Join club night… on the other laptop. The score cards carry it too."
        )

    def show_table_hands(self) -> None:
        """The chosen table's hands in the round, to look at and to correct."""
        from .desk_table import TableHandsDialog

        table = self.chosen_table()
        if table is None:
            self.message.setText("Pick a table in the list first.")
            return
        try:
            self._answering()
            self.hands_dialog = TableHandsDialog(
                self.conn, self.credentials.event, self.round_no.value(), table, self.who, self
            )
        except psycopg.Error as error:
            self.message.setText(unanswered(first_line(error, "no answer")))
            return
        self.hands_dialog.finished.connect(lambda _result: self.refresh())
        self.hands_dialog.open()

    def refresh(self, said: str | None = None) -> None:
        """Show what the database holds now, and ``said`` (when given) below. A database
        that does not answer is said so, and what was shown stays."""
        try:
            players = tournament.players(self.conn, self.credentials.event)
            tables = round_tables(self.conn, self.credentials.event, self.round_no.value())
        except psycopg.Error as error:
            notice = unanswered(first_line(error, "no answer"))
            self.message.setText(f"{said} {notice}" if said else notice)
            return
        if said is not None:
            self.message.setText(said)
        self.players.clear()
        for player in players:
            self.players.addItem(f"{player.name} ({STATUS_WORDS[player.status]})")
            self.players.item(self.players.count() - 1).setData(
                Qt.ItemDataRole.UserRole, player.name
            )
        self.show_tables(tables)

    def show_tables(self, read: RoundTables) -> None:
        """Show the round's tables as ``read``."""
        self.shown += 1
        self.logins = {login.role: login for login in read.logins}
        self.passes = pass_states(read.logins)
        row_before = self.progress.currentRow()
        tables = self.tables = read.tables
        self.progress.setRowCount(len(tables))
        self.times = []
        for row, table in enumerate(tables):
            still = "playing" if table.playing else "done"
            refused = f", {table.refused} refused" if table.refused else ""
            hands = f"{table.hands} ({still}{refused})"
            cells = (f"Table {table.table}", ", ".join(table.names), hands)
            for column, text in enumerate(cells):
                self.progress.setItem(row, column, QTableWidgetItem(text))
            state = self.passes.get(table.table, IN_USE)
            self.progress.setItem(row, len(PROGRESS_COLUMNS) - 1, QTableWidgetItem(state))
            # a table still playing runs on; one done stops at its last hand, or at the end
            stop = None if table.playing else (read.last_hands.get(table.table) or read.ended)
            self.times.append((read.started, stop))
        if 0 <= row_before < len(tables):
            self.progress.selectRow(row_before)
        self._show_pass_actions()
        self._tick()

    def _tick(self) -> None:
        now = datetime.now(UTC)
        for row, (started, stop) in enumerate(self.times):
            if started is None:
                text = "not started"
            else:
                text = elapsed_words(((stop or now) - started).total_seconds())
            item = self.progress.item(row, TIME_COLUMN)
            if item is None:
                self.progress.setItem(row, TIME_COLUMN, QTableWidgetItem(text))
            elif item.text() != text:
                item.setText(text)
