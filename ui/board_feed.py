"""Keeps a standings board live: a thread listens for the club database's NOTIFY about
the event, and the board is shown the tournament's board data read afresh."""

from __future__ import annotations

import threading

import psycopg
from PySide6.QtCore import QObject, Qt, Signal

from scorekeeper.club import tournament
from scorekeeper.club.standings import follow

from .board import StandingsBoard

QUIET_S = 0.3  # how often the listening thread looks whether it should stop


class BoardFeed(QObject):
    """Feeds ``board`` from the event at ``conninfo`` (the board's or director's login)
    until :meth:`stop`."""

    changed = Signal()  # from the listening thread: the standings may have moved

    def __init__(self, board: StandingsBoard, conninfo: str, event: str) -> None:
        super().__init__(board)
        self.board = board
        self.event_id = event
        self.reader = psycopg.connect(conninfo, autocommit=True)
        self.listener = psycopg.connect(conninfo, autocommit=True)
        self.stopped = threading.Event()
        self.changed.connect(self.refresh, Qt.ConnectionType.QueuedConnection)
        self.listening = threading.Thread(target=self._listen, daemon=True)
        self.listening.start()
        self.refresh()

    def refresh(self) -> None:
        if not self.stopped.is_set():
            self.board.show_data(tournament.board(self.reader, self.event_id))

    def stop(self) -> None:
        self.stopped.set()
        self.listening.join()
        self.listener.close()
        self.reader.close()

    def _listen(self) -> None:
        while not self.stopped.is_set():
            for _ in follow(self.listener, self.event_id, timeout=QUIET_S):
                self.changed.emit()
                if self.stopped.is_set():
                    return
