"""Keeps a standings board live, off the window's thread.

A reader in a thread of its own (see :mod:`.reader_thread`) reads the board with its own
connection, each time only what changed since its read before
(:class:`~scorekeeper.club.board.BoardReader`), and the board is shown what it read by
signal. It reads every few seconds (a round starting or ending sends no notification)
and soon after the club database notifies the event's channel; a notification is only a
hint to read, whoever sent it and whatever it says, and many at once make one read.
"""

from __future__ import annotations

import threading
import time

import psycopg
from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot

from scorekeeper.club.board import BoardReader
from scorekeeper.club.director import first_line
from scorekeeper.club.formats.board import BoardData
from scorekeeper.club.standings import follow
from scorekeeper.club.tournament import TournamentError

from .board import StandingsBoard
from .reader_thread import Reader, ReaderThread

READ_EVERY_MS = 5000  # a read when nothing was heard
HINT_DELAY_MS = 200  # a read this soon after a notification (those meanwhile join it)
QUIET_S = 0.3  # how often the listening thread looks whether it should stop
RETRY_S = 5.0  # how long the listening thread waits before connecting again


class BoardReading(Reader):
    """Reads the board in its thread: :attr:`board_read` (the
    :class:`~scorekeeper.club.formats.board.BoardData`) or :attr:`failed` (in words)."""

    board_read = Signal(object)

    def __init__(self, conninfo: str, event: str) -> None:
        super().__init__(conninfo)
        self.board = BoardReader(event)

    @Slot()
    def read(self) -> None:
        try:
            data = self.board.read(self.connection())
        except psycopg.OperationalError:
            self.close()  # the next read connects afresh, and reads on from where it was
            self.failed.emit("the club database does not answer")
        except psycopg.Error as error:
            self.close()
            self.failed.emit(f"the club database refused the read ({first_line(error, '')})")
        except TournamentError as error:
            self.failed.emit(f"{error}: the standings show once the director has set it up")
        else:
            self.board_read.emit(data)


class BoardFeed(QObject):
    """Feeds ``board`` from the event at ``conninfo`` (the board's login) until
    :meth:`stop` (or the board is closed)."""

    wanted = Signal()  # to the reader: read now
    heard = Signal()  # from the listening thread: the database notified the channel

    def __init__(self, board: StandingsBoard, conninfo: str, event: str) -> None:
        super().__init__(board)
        self.board = board
        self.conninfo, self.event_id = conninfo, event
        self.reading = False  # a read asked of the reader is under way
        self.again = False  # and another is wanted once it is over
        self.shown_at: float | None = None  # when the board was last shown a read
        reader = BoardReading(conninfo, event)
        self.wanted.connect(reader.read)
        reader.board_read.connect(self._read)
        reader.failed.connect(self._failed)
        self.reader = ReaderThread(reader)
        self.reader.start()
        self.soon = QTimer(self, singleShot=True, interval=HINT_DELAY_MS)
        self.soon.timeout.connect(self.request)
        self.heard.connect(self._hint, Qt.ConnectionType.QueuedConnection)
        self.every = QTimer(self, interval=READ_EVERY_MS)
        self.every.timeout.connect(self.request)
        self.every.start()
        self.stopped = threading.Event()
        self.listening = threading.Thread(target=self._listen, daemon=True)
        self.listening.start()
        board.closed.connect(self.stop)
        self.request()

    def request(self) -> None:
        """Read now, or once the read under way is over."""
        if self.stopped.is_set():
            return
        if self.reading:
            self.again = True
            return
        self.reading = True
        self.wanted.emit()

    def stop(self) -> None:
        """Stop reading and listening; the connections are closed."""
        if self.stopped.is_set():
            return
        self.stopped.set()
        self.every.stop()
        self.soon.stop()
        self.listening.join(2 * QUIET_S)  # else it ends by itself once its connection does
        self.reader.stop()

    def _hint(self) -> None:
        if not self.soon.isActive():
            self.soon.start()

    def _done(self) -> None:
        self.reading = False
        if self.again:
            self.again = False
            self.request()

    def _read(self, data: BoardData) -> None:
        if not self.stopped.is_set():
            self.board.show_data(data)
            self.shown_at = time.time()
        self._done()

    def _failed(self, why: str) -> None:
        if not self.stopped.is_set():
            since = time.strftime("%H:%M", time.localtime(self.shown_at)) if self.shown_at else None
            shown = f"Not read again since {since}" if since else "Not read yet"
            self.board.show_note(f"{shown}: {why}. Trying again.")
        self._done()

    def _listen(self) -> None:
        """Until stopped: listen for the database's notifications, connecting (again)
        when the connection is not there."""
        while not self.stopped.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as conn:
                    while not self.stopped.is_set():
                        for _ in follow(conn, self.event_id, timeout=QUIET_S):
                            if self.stopped.is_set():
                                return
                            self.heard.emit()
            except psycopg.Error:
                self.stopped.wait(RETRY_S)
