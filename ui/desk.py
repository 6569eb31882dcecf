"""The director's desk: the event's format and every option it declares, the register
of players, the standings, drawing seats, starting and ending rounds, each table's
progress and time in the round with warnings about the tables (kept live), a table's
hands with their corrections, withdrawing a lost laptop's pass and issuing its table a
new one, and the printouts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.club import tournament
from scorekeeper.club.admin import (
    EventCredentials,
    TableLogin,
    ensure_reader,
    reissue_table,
    revoke_table,
    withdrawn_tables,
)
from scorekeeper.club.calls import answer_call
from scorekeeper.club.director import (
    Place,
    RoundTables,
    conninfo_of,
    first_line,
    join_code,
    join_codes,
    round_tables,
)
from scorekeeper.club.results import player_keys, publish, results_codes, served_pages
from scorekeeper.club.watch import round_warnings, warning_words

from .desk_calls import CallsView
from .desk_options import FormatChoice
from .desk_reader import TablesReader
from .desk_views import StandingsView, WarningsView, plain_label
from .reader_thread import ReaderThread
from .report_preview import safe_file_name

STATUS_WORDS = {tournament.PRESENT: "here", tournament.NO_SHOW: "no-show", tournament.LEFT: "left"}
PROGRESS_COLUMNS = ["Table", "Players", "Hands", "Time in the round", "Pass"]
TIME_COLUMN = 3
PASS_WORDS = ("in use", "withdrawn", "new pass")  # a table's pass, as the Pass column says
IN_USE, WITHDRAWN, NEW_PASS = PASS_WORDS
LIVE_EVERY_MS = 5000  # how often the tables' progress is read again
SAVE_CARDS = "Save score cards and join codes"


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


def table_hands(table: tournament.TableProgress, target: int | None) -> str:
    """A table's hands on record: ``5 of 8``, or ``5`` in a round that is a game."""
    return str(table.hands) if target is None else f"{table.hands} of {target}"


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
        self.reader: ReaderThread[TablesReader] | None = None  # reads while the desk is shown
        self.reading = False  # a read asked of the reader is under way
        self.again = False  # another read is wanted once the one under way is over
        self.shown = self.asked = 0  # how many reads were shown: now, and when last asked
        self.read: RoundTables | None = None  # the round's tables as last shown
        self.setWindowTitle(f"{event.name}: director's desk")
        self.format_choice = FormatChoice()
        self.set_format = QPushButton("Use this format")
        self.name = QLineEdit(placeholderText="Player's name, then Enter")
        self.register = QPushButton("Register")
        self.no_show = QPushButton("Mark no-show")
        self.players = QListWidget()
        self.standings = StandingsView()
        current = tournament.current(conn, event.event)  # the round being played
        self.round_no = QSpinBox(minimum=1, maximum=47, value=current)
        self.draw = QPushButton("Draw seats")
        self.start = QPushButton("Start round")
        self.end = QPushButton("End round")
        self.progress = QTableWidget(0, len(PROGRESS_COLUMNS))
        self.progress.setHorizontalHeaderLabels(PROGRESS_COLUMNS)
        self.progress.verticalHeader().hide()
        self.progress.setTabKeyNavigation(False)  # Tab moves on to the buttons
        self.progress.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.progress.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.progress.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        header = self.progress.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.warnings = WarningsView()
        self.calls = CallsView()
        self.table_hands = QPushButton("Table's hands and corrections…")
        self.withdraw_pass = QPushButton("Withdraw a table's pass…")
        self.new_pass = QPushButton("Give a table a new pass")
        self.table_page = QPushButton("Table's page for phones…")
        self.card_table = QSpinBox(minimum=1, maximum=99, prefix="Table ")
        self.card = QLineEdit(placeholderText="Each hand's points by seat: 1 0 1 0; 0 2 0 2")
        self.enter_card = QPushButton("Enter score card")
        self.save_cards = QPushButton(SAVE_CARDS)
        self.save_cards.setEnabled(place is not None)
        self.save = QPushButton("Save movement, standings and hands")
        self.message = plain_label()  # names are shown as typed
        self.message.setObjectName("deskMessage")
        self._lay_out()

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
        self.table_page.clicked.connect(self.show_table_page)
        self.progress.itemSelectionChanged.connect(self._show_pass_actions)
        self.calls.answered.connect(lambda call: self._do(lambda: self._answer_call(call)))
        self.save_cards.clicked.connect(lambda: self._do(self._save_cards))
        self.round_no.valueChanged.connect(lambda _: self.refresh())
        self.clock = QTimer(self, interval=1000)  # each table's time in the round
        self.clock.timeout.connect(self._tick)
        self.live = QTimer(self, interval=LIVE_EVERY_MS)  # hands arriving from the tables
        self.live.timeout.connect(self._follow)
        self.tabs.setCurrentIndex(1 if self._show_format() else 0)
        self.refresh()

    def _lay_out(self) -> None:
        """The night's setup in tabs at the left (format, players, standings); the
        round's tables, their warnings and the actions at the right; the message below."""
        setup = QWidget()
        format_layout = QVBoxLayout(setup)
        format_layout.addWidget(self.format_choice, 1)
        format_layout.addWidget(self.set_format)
        register = QWidget()
        entry = QHBoxLayout()
        entry.addWidget(self.name, 1)
        entry.addWidget(self.register)
        entry.addWidget(self.no_show)
        register_layout = QVBoxLayout(register)
        register_layout.addLayout(entry)
        register_layout.addWidget(self.players, 1)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("deskTabs")
        self.tabs.addTab(setup, "&Format")
        self.tabs.addTab(register, "&Players")
        self.tabs.addTab(self.standings, "S&tandings")

        control = QHBoxLayout()
        round_label = QLabel("&Round")
        round_label.setBuddy(self.round_no)
        control.addWidget(round_label)
        for widget in (self.round_no, self.draw, self.start, self.end):
            control.addWidget(widget)
        control.addStretch(1)
        tables = QHBoxLayout()
        for button in (self.table_hands, self.withdraw_pass, self.new_pass):
            tables.addWidget(button)
        tables.addStretch(1)
        card = QHBoxLayout()
        card.addWidget(self.card_table)
        card.addWidget(self.card, 1)
        card.addWidget(self.enter_card)
        saving = QHBoxLayout()
        saving.addWidget(self.save_cards)
        saving.addWidget(self.save)
        saving.addWidget(self.table_page)  # with the printed codes: what tables are handed
        saving.addStretch(1)
        night = QWidget()
        right = QVBoxLayout(night)
        right.addLayout(control)
        right.addWidget(self.progress, 1)
        right.addWidget(self.calls)
        right.addWidget(self.warnings)
        for row in (tables, card, saving):
            right.addLayout(row)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.setChildrenCollapsible(False)
        split.addWidget(self.tabs)
        split.addWidget(night)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.message)

    def _show_format(self) -> bool:
        """Show the format and options the event has; False when it has none yet."""
        try:
            fmt, settings, _ = tournament.event_format(self.conn, self.credentials.event)
        except tournament.TournamentError:
            return False
        self.format_choice.show_settings(fmt, settings)
        return True

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
        reader.standings_read.connect(self.standings.show_standings)
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
        """Ask the reader to read the tables and standings again; once the read under way
        is over, if there is one."""
        if self.reader is None:
            return
        if self.reading:
            self.again = True
            return
        self.reading, self.again, self.asked = True, False, self.shown
        self.wanted.emit(self.round_no.value())

    def _tables_read(self, tables: RoundTables) -> None:
        """Show what the reader read, unless the desk has shown something newer since."""
        self.reading = False
        if self.asked == self.shown and tables.round_no == self.round_no.value():
            self.show_tables(tables)
        if self.again:
            self._follow()

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

    def _do(self, action: Callable[..., Any], round_no: int | None = None, done: str = "") -> None:
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
        self._follow()  # the standings too, in the reader's thread

    def _answer_call(self, call: int) -> str:
        answer_call(self.conn, call)
        return "The call is answered: it is off the list."

    def _set_format(self) -> str:
        """The chosen format with every option as shown, keeping the event's seed (the
        rounds drawn from its chart so far stay those of the same chart)."""
        event = self.credentials.event
        try:
            _, _, seed = tournament.event_format(self.conn, event)
        except tournament.TournamentError:
            seed = 0
        fmt = self.format_choice.chosen_format()
        settings = tournament.configure(self.conn, event, fmt, self.format_choice.chosen(), seed)
        self._show_format()
        chosen = "; ".join(f"{o.title}: {o.label(settings[o.id])}" for o in fmt.options)
        return f"{fmt.title}. {chosen}."

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
            said += f" {more} can now join: their join codes print with {SAVE_CARDS}."
        if renewed:
            which = " and ".join(f"table {n}" for n in renewed)
            said += (
                f" The withdrawn pass of {which} was replaced by a new one: "
                f"its join code prints with {SAVE_CARDS}."
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
        event = self.credentials.event
        movement.write_bytes(tournament.movement_pdf(self.conn, event, self.table_pages()))
        pdf = self.folder / f"{name} standings.pdf"
        pdf.write_bytes(tournament.standings_pdf(self.conn, self.credentials.event))
        hands = self.folder / f"{name} hands.csv"
        hands.write_text(tournament.hands_csv(self.conn, self.credentials.event), "utf-8")
        return f"Saved {movement.name}, {pdf.name} and {hands.name} in {self.folder}."

    def _save_cards(self) -> str:
        if self.place is None:
            return "Not done: the desk does not know where tables reach the club database."
        event, where = self.credentials.event, self.place
        ensure_reader(self.conn, self.credentials, self.events)
        at = (where.host, where.port, where.database, where.pin)
        web = served_pages(self.events.parent) if self.events else None  # the players' pages
        codes = results_codes(self.credentials, at, player_keys(self.conn, event), web)
        publish(self.conn, event)  # each code reads its player's night at once
        self.folder.mkdir(parents=True, exist_ok=True)
        name = safe_file_name(self.credentials.name)
        cards = self.folder / f"{name} score cards.pdf"
        cards.write_bytes(tournament.score_cards_pdf(self.conn, event, codes))
        withdrawn = withdrawn_tables(self.conn, event)
        joins = self.folder / f"{name} join codes.pdf"
        joins.write_bytes(
            tournament.join_codes_pdf(
                self.conn, event, join_codes(self.credentials, where, withdrawn), self.table_pages()
            )
        )
        return (
            f"Saved {cards.name} and {joins.name} in {self.folder}: each player's card "
            "carries a code that reads only that player's results; the join codes are "
            "for the tables' laptops (keep them with you)."
        )

    def table_pages(self) -> dict[int, str]:
        """Each table's page for the players' phones, by table (empty: ``club serve``
        serves no pages from this machine's data folder)."""
        if self.events is None:
            return {}
        from scorekeeper.club.web.entrance import entrances  # the web layer, when used

        withdrawn = withdrawn_tables(self.conn, self.credentials.event)
        return entrances(self.events.parent, self.credentials, withdrawn)

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
            "night → Join club night… on the other laptop."
        )

    def show_table_page(self) -> None:
        """The chosen table's page for the players' phones, as a QR code to scan."""
        from .desk_table_page import TablePageDialog

        table = self.chosen_table()
        if table is None:
            self.message.setText("Pick a table in the list first.")
            return
        try:
            address = self.table_pages().get(table)
        except psycopg.Error as error:
            self.message.setText(unanswered(first_line(error, "no answer")))
            return
        if address is None:
            self.message.setText(
                f"Table {table} has no page for phones: `scorekeeper club serve` serves "
                "the pages from this machine, and a withdrawn pass has none."
            )
            return
        self.page_dialog = TablePageDialog(table, address, self)
        self.page_dialog.show()

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
        """Show the round's tables as ``read``, and what to warn about."""
        self.shown += 1
        self.read = read
        self.logins = {login.role: login for login in read.logins}
        self.passes = pass_states(read.logins)
        row_before = self.progress.currentRow()
        tables = self.tables = read.tables
        self.progress.setRowCount(len(tables))
        self.times = []
        for row, table in enumerate(tables):
            state = self.passes.get(table.table, IN_USE)
            refused = f", {table.refused} refused" if table.refused else ""
            cells = (
                f"Table {table.table}",
                ", ".join(table.names),
                f"{table_hands(table, read.target)} "
                f"({self._still(read, table.table, state)}{refused})",
            )
            for column, text in enumerate(cells):
                self.progress.setItem(row, column, QTableWidgetItem(text))
            self.progress.setItem(row, len(PROGRESS_COLUMNS) - 1, QTableWidgetItem(state))
            # a table still playing runs on; one done stops at its round's last hand, and
            # one that did not finish when the round ends
            self.times.append((read.started, read.finished.get(table.table) or read.ended))
        if 0 <= row_before < len(tables):
            self.progress.selectRow(row_before)
        self.calls.show_calls(read.calls, {table.table: table.names for table in tables})
        self._show_pass_actions()
        self._tick()

    @staticmethod
    def _still(read: RoundTables, table: int, state: str) -> str:
        """Where the table is in the round, in a word or two."""
        if table in read.finished:
            return "done"
        if read.started is None:
            return "not started"
        if read.ended is not None:
            return "unfinished"
        return "refused" if state == WITHDRAWN else "playing"

    def _tick(self) -> None:
        """Each table's time in the round, and the warnings as they stand now."""
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
        if self.read is not None:
            withdrawn = {table for table, state in self.passes.items() if state == WITHDRAWN}
            found = round_warnings(self.read, withdrawn, now)
            self.warnings.show_warnings([warning_words(item) for item in found])
