"""The desk's reader: reads a round's tables and the standings from the club database in
a thread of its own, with a connection of its own, and delivers them by signal, so that
a slow network (or a long night's standings) never freezes the desk's window."""

from __future__ import annotations

import psycopg
from PySide6.QtCore import QObject, QThread, Signal, Slot

from scorekeeper.club import tournament
from scorekeeper.club.director import Standings, first_line, round_tables, standings


class TablesReader(QObject):
    """Lives in its own thread: :meth:`read` answers with :attr:`tables_read` (a
    :class:`~scorekeeper.club.director.RoundTables`) and :attr:`standings_read` (the
    :class:`~scorekeeper.club.director.Standings`, or why there are none in words), or
    :attr:`failed` (in words)."""

    tables_read = Signal(object)
    standings_read = Signal(object)
    failed = Signal(str)

    def __init__(self, conninfo: str, event: str) -> None:
        super().__init__()
        self.conninfo, self.event_id = conninfo, event
        self.conn: psycopg.Connection | None = None  # opened, and used, in the thread only

    @Slot(int)
    def read(self, round_no: int) -> None:
        try:
            if self.conn is None:
                self.conn = psycopg.connect(self.conninfo, autocommit=True)
            with self.conn.transaction():  # the tables and the standings at one moment
                self.conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                tables = round_tables(self.conn, self.event_id, round_no)
                standing = self._standings()
            self.tables_read.emit(tables)
            self.standings_read.emit(standing)
        except psycopg.Error as error:
            self.close()  # the next read connects afresh
            self.failed.emit(first_line(error, "no answer"))

    def _standings(self) -> Standings | str:
        assert self.conn is not None
        try:
            return standings(self.conn, self.event_id)
        except tournament.TournamentError:
            return "The standings show once the event has a format."

    @Slot()
    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


class ReaderThread(QThread):
    """The thread a :class:`TablesReader` lives in; stopping it closes the reader's
    connection in the thread, once the read under way (if any) is over."""

    def __init__(self, reader: TablesReader) -> None:
        super().__init__()
        self.reader = reader
        reader.moveToThread(self)
        self.finished.connect(reader.close)  # emitted in the thread: closed there

    def stop(self) -> None:
        self.quit()
        self.wait()
