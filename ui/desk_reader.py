"""The desk's reader: reads a round's tables and the standings from the club database in
a thread of its own (see :mod:`.reader_thread`)."""

from __future__ import annotations

import psycopg
from PySide6.QtCore import Signal, Slot

from scorekeeper.club import tournament
from scorekeeper.club.director import Standings, first_line, round_tables, standings

from .reader_thread import Reader


class TablesReader(Reader):
    """Lives in its own thread: :meth:`read` answers with :attr:`tables_read` (a
    :class:`~scorekeeper.club.director.RoundTables`) and :attr:`standings_read` (the
    :class:`~scorekeeper.club.director.Standings`, or why there are none in words), or
    :attr:`failed` (in words)."""

    tables_read = Signal(object)
    standings_read = Signal(object)

    def __init__(self, conninfo: str, event: str) -> None:
        super().__init__(conninfo)
        self.event_id = event

    @Slot(int)
    def read(self, round_no: int) -> None:
        try:
            conn = self.connection()
            with conn.transaction():  # the tables and the standings at one moment
                conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                tables = round_tables(conn, self.event_id, round_no)
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
