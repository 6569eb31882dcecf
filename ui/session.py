"""A recording session: the match's ledger, its database and the undo stack in step.

Every action the scorer takes (a card, a bid, a pick, a decision on a ruling, a
quick-entry result, a correction) is one :class:`QUndoCommand`. The ledger rules on
it first (a refused event changes nothing); then the event is written to the
database; only then does the session announce it (``changed``), so what the screen
shows as recorded is on disk. Undo and redo go through the ledger and the database
the same way, across hands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from scorekeeper.adjudicator import Correction, HandLog, Refused, Ruling
from scorekeeper.events import Event
from scorekeeper.games.base import HandScore, Violation
from scorekeeper.match import HandRecord
from scorekeeper.storage import Store


class MatchSession(QObject):
    """One open match: ``ledger``, ``store``, ``match_id`` and ``undo_stack``.

    Built from the database, so reopening after a crash resumes at the same card.
    ``changed`` is emitted after every action, undo and redo.
    """

    changed = Signal()

    def __init__(self, store: Store, match_id: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.match_id = match_id
        self.ledger = store.open_ledger(match_id)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.indexChanged.connect(self.changed)  # signal to signal, no Python call

    @property
    def names(self) -> tuple[str, ...]:
        return self.ledger.info.players

    # -- reading ------------------------------------------------------------------

    def current(self) -> HandLog | None:
        """The hand being recorded (a new one once the last is over), or ``None`` when the
        game is over."""
        if self.ledger.game_over and (not self.ledger.hands or self.ledger.hands[-1].is_over):
            return None
        return self.ledger.current

    def pending(self) -> tuple[int, list[Violation]]:
        """The hand whose rulings wait for the table's decision, and those violations.
        A hand with a ruling waiting is not over, so it can only be the last hand."""
        hands = self.ledger.hands
        if hands and (waiting := hands[-1].pending):
            return len(hands) - 1, waiting
        return -1, []

    # -- actions ------------------------------------------------------------------

    def record(self, event: Event) -> Ruling:
        """Record one event into the hand being played; :class:`Refused` leaves all as it was."""
        ledger = self.ledger
        return self._run(
            _label(event, self.names), self._current_index, lambda: ledger.record(event)
        )

    def decide(self, event_index: int, choice: str, hand_index: int | None = None) -> Ruling:
        """The table's decision on a ruled event: ``take_back`` or ``stand``."""
        hand = self.pending()[0] if hand_index is None else hand_index
        words = "Take back" if choice == "take_back" else "Let it stand with the penalty"
        return self._run(words, lambda: hand, lambda: self.ledger.decide(hand, event_index, choice))

    def quick(self, data: dict[str, Any]) -> HandScore:
        """A whole hand entered from its result."""
        return self._run(
            "Quick entry of a hand", self._current_index, lambda: self.ledger.quick(data)
        )

    def correct(
        self, hand_index: int, event_index: int, event: Event, keep_after_end: bool = False
    ) -> Correction:
        """Correct an event of a past or current hand; later totals are re-scored (hands
        it puts after the end of the game stay on record only with ``keep_after_end``)."""
        return self._run(
            f"Correct hand {hand_index + 1}",
            lambda: hand_index,
            lambda: self.ledger.correct(hand_index, event_index, event, keep_after_end),
        )

    def _run(self, text: str, hand: Callable[[], int], action: Callable[[], Any]) -> Any:
        number = hand()
        result = action()  # raises Refused before anything is written
        command = _LedgerCommand(self, text, number, tail=number == len(self.ledger.hands) - 1)
        try:
            command.write()
        except Exception:
            self.ledger.undo()
            raise
        self.undo_stack.push(command)
        return result

    def _current_index(self) -> int:
        self.ledger.current  # noqa: B018 - starts the next hand when the last is over
        return len(self.ledger.hands) - 1


class _LedgerCommand(QUndoCommand):
    """One event the ledger recorded, mirrored in the database.

    An event at the end of the match (``tail``) is appended and, on undo, removed; one
    that went into an earlier hand (a correction, a late decision) rewrites the hands
    from that one on, so the database always holds the ledger's records.
    """

    def __init__(self, session: MatchSession, text: str, hand: int, tail: bool) -> None:
        super().__init__(text)
        self.session = session
        self.hand = hand
        self.tail = tail
        self.done = True  # the first redo (at push) finds the event already recorded

    def write(self) -> None:
        session = self.session
        if self.tail:
            log = session.ledger.hands[self.hand]
            session.store.append_event(session.match_id, self.hand, log.dealer, log.events[-1])
        else:
            self._rewrite()

    def _rewrite(self) -> None:
        session = self.session
        hands = session.ledger.hands[self.hand :]
        records = [HandRecord(log.dealer, list(log.events)) for log in hands]
        session.store.replace_hands(session.match_id, self.hand, records)

    def redo(self) -> None:
        if self.done:
            return
        self.session.ledger.redo()
        self.write()
        self.done = True

    def undo(self) -> None:
        self.session.ledger.undo()
        if self.tail:
            self.session.store.remove_last_event(self.session.match_id)
        else:
            self._rewrite()
        self.done = False


def _label(event: Event, names: tuple[str, ...]) -> str:
    """The undo stack's words for an event: ``Bob plays Q♣``."""
    who = names[event.seat] if event.seat is not None and event.seat < len(names) else ""
    what = event.kind.replace("_", " ")
    thing = str(event.card) if event.card is not None else " ".join(str(c) for c in event.cards)
    if event.kind == "bid":
        thing = "nil" if event.value == 0 else str(event.value)
    return " ".join(part for part in (who, what, thing) if part)


__all__ = ["MatchSession", "Refused"]
