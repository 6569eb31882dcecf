"""Club nights in the window: the Club night menu, the status bar line, and the join
dialog (:mod:`ui.join_dialog`, loaded when it is first opened).

While the table is in a club night, each new match is tagged with the event, round and
table, and a worker thread pushes its hands; the status bar says how that goes.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QLabel,
)

from .errors import show_error

if TYPE_CHECKING:  # the club's network side loads when a table joins, not at start-up
    from scorekeeper.club.joincode import JoinCode
    from scorekeeper.club.outbox import Outbox
    from scorekeeper.club.sync import SyncStatus, SyncWorker
    from scorekeeper.club.table import Seating
    from scorekeeper.storage import Store

    from .board import StandingsBoard
    from .board_open import OpenBoardDialog
    from .desk import DirectorDesk
    from .desk_open import OpenDeskDialog
    from .join_dialog import JoinDialog
    from .main_window import MainWindow
    from .new_match import NewMatchPage
    from .session import MatchSession


class ClubNight(QObject):
    """The window's part in a club night: its menu, its status line and the worker."""

    statusChanged = Signal(object)  # a SyncStatus, from the worker thread

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)  # the window is the parent, never held here (no cycle)
        self.worker: SyncWorker | None = None
        self.status: SyncStatus | None = None
        self.seating: Seating | None = None  # this table's players in the open round
        self.dialog: JoinDialog | None = None
        menu = window.menuBar().addMenu("&Club night")
        menu.setObjectName("clubMenu")
        self.join_action = window._action(
            menu, "&Join club night…", self.ask_join, "Ctrl+Shift+J", "joinClub"
        )
        self.leave_action = window._action(
            menu, "&Leave club night", self.leave, "Ctrl+Shift+L", "leaveClub"
        )
        menu.addSeparator()
        self.desk_action = window._action(
            menu, "&Director's desk…", self.ask_desk, "Ctrl+Shift+D", "directorDesk"
        )
        self.board_action = window._action(
            menu, "Standings &board…", self.ask_board, "Ctrl+Shift+B", "standingsBoard"
        )
        self.desk_dialog: OpenDeskDialog | None = None
        self.desk: DirectorDesk | None = None
        self.board_dialog: OpenBoardDialog | None = None
        self.boards: list[StandingsBoard] = []  # the boards open now
        self.label = QLabel()
        self.label.setObjectName("clubStatus")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        window.statusBar().addPermanentWidget(self.label)
        self.statusChanged.connect(self._show_status)
        self.clock = QTimer(self, interval=1000)
        self.clock.timeout.connect(self._refresh)
        window.matchOpened.connect(self._match_opened)
        self._update_actions()

    @property
    def window(self) -> MainWindow:
        return self.parent()  # type: ignore[return-value]

    @property
    def database(self) -> Path:
        return Path(self.window.store.path)

    def _outbox(self) -> Outbox:
        from scorekeeper.club.outbox import Outbox

        return Outbox(self.database)

    def joined(self) -> bool:
        if getattr(self.window, "store", None) is None:
            return False
        outbox = self._outbox()
        try:
            return outbox.link() is not None
        finally:
            outbox.close()

    def set_store(self, store: Store) -> None:
        """The database is open: resume syncing if the table is in a club night."""
        self.stop()
        if self.joined():
            self._start()
        self._update_actions()

    # -- actions -------------------------------------------------------------------------

    def ask_join(self) -> JoinDialog:
        from .join_dialog import JoinDialog  # loaded when first asked for, not at start-up

        self.dialog = JoinDialog(self, self.window)
        self.dialog.joined.connect(self._after_join)
        self.dialog.open()
        return self.dialog

    def ask_desk(self) -> OpenDeskDialog:
        """Open an event's desk: its director's login from the data folder."""
        from .desk_open import OpenDeskDialog

        self.desk_dialog = OpenDeskDialog(self.database.parent, self.window)
        self.desk_dialog.opened.connect(self._desk_opened)
        self.desk_dialog.open()
        return self.desk_dialog

    def ask_board(self) -> OpenBoardDialog:
        """Open a standings board: its code, or this machine's club night."""
        from .board_open import OpenBoardDialog

        self.board_dialog = OpenBoardDialog(self.database.parent, self.window)
        self.board_dialog.opened.connect(self._board_opened)
        self.board_dialog.open()
        return self.board_dialog

    def show_board(self, code: JoinCode) -> None:
        """Open the board with its ``code``, or a BoardError."""
        from .board_open import open_board

        self._board_opened(open_board(code, self.database.parent))

    def _board_opened(self, board: StandingsBoard) -> None:
        self.boards.append(board)
        board.destroyed.connect(lambda _obj=None: self.boards.remove(board))

    def _desk_opened(self, desk: DirectorDesk) -> None:
        self.desk = desk
        desk.destroyed.connect(lambda _obj=None: setattr(self, "desk", None))

    def _after_join(self, seating: Seating) -> None:
        self.stop()
        self.seating = None
        self._start()
        self._update_actions()
        self._seat(seating)

    def _seat(self, seating: Seating | None) -> None:
        """The director drew this table's seats (on joining, or for a new round): when no
        match is open, the new match form opens with them; else the next one has them."""
        if seating is None or seating == self.seating:
            return
        self.seating = seating
        if seating.players and self.window.session is None:
            self.window.show_new_match()

    def fill_new_match(self, page: NewMatchPage) -> None:
        """The new match form holds the game and players drawn to this table."""
        seating = self.seating
        if self.worker is None or seating is None or not seating.players:
            return
        name = f"{seating.event_name}, round {seating.round}, table {seating.table}"
        page.seat_players(seating.game, seating.players, name, seating.options)

    def leave(self) -> None:
        """Stop syncing; nothing recorded here is deleted."""
        from scorekeeper.club.table import leave

        self.stop()
        leave(self.database)
        self.label.setText("")
        self.seating = None
        self._update_actions()

    def _update_actions(self) -> None:
        joined = self.joined()
        self.leave_action.setEnabled(joined)
        self.join_action.setText("&Join another club night…" if joined else "&Join club night…")

    # -- syncing -------------------------------------------------------------------------

    def _start(self) -> None:
        from scorekeeper.club.sync import SyncWorker

        self.worker = SyncWorker(self.database, self.database.parent, self.statusChanged.emit)
        self.worker.start()
        self.label.setText("connecting to the club night…")
        self.clock.start()

    def stop(self) -> None:
        self.clock.stop()
        if self.worker is not None:
            self.worker.stop()
            self.worker = None
        self.status = None

    def _match_opened(self, session: MatchSession) -> None:
        """A new match while in a club night counts for it; every change is pushed."""
        if self.worker is None:
            return
        from scorekeeper.storage import StorageError

        outbox = self._outbox()
        try:
            fresh = not any(log.events for log in session.ledger.hands)
            if outbox.tagged(session.match_id) is None and fresh:
                outbox.tag(session.match_id)
        except StorageError as error:  # told, never hidden behind a "synced" status
            logging.getLogger("scorekeeper").warning("match not tagged: %s", error)
            show_error(self.window, "This match is not part of the club night", error)
        finally:
            outbox.close()
        session.undo_stack.indexChanged.connect(lambda _index: self._nudge())

    def _nudge(self) -> None:
        if self.worker is not None:
            self.worker.nudge()

    def _show_status(self, status: SyncStatus) -> None:
        self.status = status
        if self.worker is not None:
            self._seat(status.seating)
        self._refresh()

    def _refresh(self) -> None:
        from scorekeeper.club.sync import status_text

        if self.worker is not None and self.status is not None:
            where = ""
            if self.seating is not None:
                where = f", round {self.seating.round} at table {self.seating.table}"
            self.label.setText(f"Club night{where}: {status_text(self.status, time.time())}")
