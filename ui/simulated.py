"""Seats the app plays: a :class:`~scorekeeper.advice.practice.PracticeTable` over an open
match's session, so each simulated event is ruled on, stored and undoable like a
person's. A practice match (with a seed) is also dealt by the app.

One event a tick, so the table shows each card. After an undo the app waits for the
people: it acts again once something new is recorded.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject, QTimer, Signal

from scorekeeper.adjudicator import Refused
from scorekeeper.advice import NoAdvice
from scorekeeper.advice.practice import PracticeTable
from scorekeeper.events import Event
from scorekeeper.words import player

from .session import MatchSession

DELAY_MS = 400
"""Between two simulated events, so the table shows each card."""


class SimulatedSeats(QObject):
    """Plays ``seats`` of the session's match by the advice; ``message`` says why it waits."""

    message = Signal(str)

    def __init__(
        self,
        session: MatchSession,
        seats: Iterable[int],
        seed: int | None = None,
        delay_ms: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent or session)
        self.session = session
        self.table = PracticeTable(session.ledger, seats, seed, record=session.record)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DELAY_MS if delay_ms is None else delay_ms)
        self.timer.timeout.connect(self.act)
        session.reloaded.connect(self._follow_reload)
        session.changed.connect(self.timer.start)
        self.timer.start()

    def _follow_reload(self) -> None:
        """The record was read back (an undo, a redo): play on from the new ledger."""
        self.table.ledger = self.session.ledger

    def act(self) -> Event | None:
        """Deal or play one simulated event, when it is the app's turn."""
        table = self.table
        if self.session.can_redo() or table.over:
            return None
        self.session.current()  # the next hand starts once the last is over
        try:
            if table.needs_deal and table.seed is not None:
                return table.deal()[-1]
            return table.step()
        except NoAdvice as reason:
            who = player(table.to_act, self.session.names)
            self.message.emit(f"{who} is played by the app, but {reason}")
        except Refused as refusal:
            self.message.emit(f"The app could not play: {refusal}")
        return None
