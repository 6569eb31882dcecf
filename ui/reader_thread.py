"""Reading the club database off the window's thread: a reader lives in a thread of its
own, with a connection of its own, and answers by signal, so that a slow network (or a
long night's standings) never freezes a window."""

from __future__ import annotations

from typing import Generic, TypeVar

import psycopg
from PySide6.QtCore import QObject, QThread, Signal, Slot


class Reader(QObject):
    """Reads with its own connection, opened in its thread on the first read (and again
    after a failure); says what failed, in words, by :attr:`failed`."""

    failed = Signal(str)

    def __init__(self, conninfo: str) -> None:
        super().__init__()
        self.conninfo = conninfo
        self.conn: psycopg.Connection | None = None  # opened, and used, in the thread only

    def connection(self) -> psycopg.Connection:
        if self.conn is None:
            self.conn = psycopg.connect(self.conninfo, autocommit=True)
        return self.conn

    @Slot()
    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


R = TypeVar("R", bound=Reader)


class ReaderThread(QThread, Generic[R]):
    """The thread a :class:`Reader` lives in; stopping it closes the reader's connection
    in the thread, once the read under way (if any) is over."""

    def __init__(self, reader: R) -> None:
        super().__init__()
        self.reader = reader
        reader.moveToThread(self)
        self.finished.connect(reader.close)  # emitted in the thread: closed there

    def stop(self) -> None:
        self.quit()
        self.wait()
