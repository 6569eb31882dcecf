"""A recording session: the match's ledger and its database kept as one.

Every action the scorer takes (a card, a bid, a pick, a decision on a ruling, a
quick-entry result, a correction) is one :class:`QUndoCommand`. The ledger rules on
it first (a refused event changes nothing); then the event is written to the
database; only then does the session announce it (``changed``), so what the screen
shows as recorded is on disk.

The database is the record. An undo or redo rewrites the hands it touches on disk and
reads the ledger back from the database, so the screen cannot drift from what reopening
shows. Undo reaches past the actions of this sitting into what an earlier one left on
disk: the last stored event is taken back (and kept for a redo). An action that fails
unexpectedly is logged, the ledger is read back from the database (whose transaction
did not commit), ``failed`` is emitted with the details, and :class:`ActionFailed` (a
:class:`Refused`, so every caller already handles it) is raised.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from scorekeeper.adjudicator import Correction, HandLog, Refused, Ruling
from scorekeeper.events import Event
from scorekeeper.games.base import HandScore, Violation
from scorekeeper.match import HandRecord
from scorekeeper.storage import Store

log = logging.getLogger(__name__)
T = TypeVar("T")


class ActionFailed(Refused):
    """An action that failed for a reason the rules do not name; nothing was changed."""

    def __init__(self, what: str, details: str) -> None:
        super().__init__(f"“{what}” could not be recorded; nothing was changed")
        self.what = what
        self.details = details


class MatchSession(QObject):
    """One open match: ``ledger``, ``store``, ``match_id`` and ``undo_stack``.

    Built from the database, so reopening after a crash resumes at the same card.
    ``changed`` is emitted after every action, undo and redo; ``reloaded`` when the
    ledger was read back from the database (a new ``ledger`` object); ``failed`` with a
    title and the details when an action failed unexpectedly.
    """

    changed = Signal()
    reloaded = Signal()
    failed = Signal(str, str)

    def __init__(self, store: Store, match_id: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.match_id = match_id
        self.ledger = store.open_ledger(match_id)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.indexChanged.connect(self.changed)  # signal to signal, no Python call
        self._earlier: list[tuple[int, int, Event]] = []  # (hand, dealer, event) undone from disk
        self._deferred: Exception | None = None

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

    def take_back_words(self, event_index: int | None) -> str:
        """What taking back event ``event_index`` of the pending hand does, in words:
        ``Take back`` for one event, ``Take back: 33 cards return to hands`` for more."""
        hand, _ = self.pending()
        if hand < 0 or event_index is None:
            return "Take back"
        removed = [
            e
            for e in self.ledger.hands[hand].events[event_index:]
            if e.kind not in ("decision", "correction")
        ]
        if len(removed) < 2:
            return "Take back"
        cards = sum(1 for e in removed if e.kind == "play")
        if cards == len(removed):
            return f"Take back: {cards} cards return to hands"
        return f"Take back: {len(removed)} recorded plays are removed"

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
        words = (
            self.take_back_words(event_index)
            if choice == "take_back"
            else "Let it stand with the penalty"
        )
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

    # -- undo and redo --------------------------------------------------------------

    def can_undo(self) -> bool:
        return self.undo_stack.canUndo() or self._last_stored_hand() >= 0

    def can_redo(self) -> bool:
        return bool(self._earlier) or self.undo_stack.canRedo()

    def undo_text(self) -> str:
        if self.undo_stack.canUndo():
            return self.undo_stack.undoText()
        hand = self._last_stored_hand()
        if hand < 0:
            return ""
        return _label(self.ledger.hands[hand].events[-1], self.names) or f"hand {hand + 1}"

    def redo_text(self) -> str:
        if self._earlier:
            hand, _, event = self._earlier[-1]
            return _label(event, self.names) or f"an event of hand {hand + 1}"
        return self.undo_stack.redoText()

    def undo(self) -> None:
        """Take back the last action of this sitting, or else the last event on disk."""
        if self.undo_stack.canUndo():
            self._guard("The undo", self.undo_stack.undo, refusals=False)
        elif (hand := self._last_stored_hand()) >= 0:
            dealer = self.ledger.hands[hand].dealer

            def take_back_stored() -> None:
                event = self.store.remove_last_event(self.match_id, hand)
                if event is not None:
                    self._earlier.append((hand, dealer, event))
                self.reload()

            self._guard("The undo", take_back_stored, refusals=False)
            self.changed.emit()

    def redo(self) -> None:
        """Put back what the last undo took back."""
        if self._earlier:

            def put_back_stored() -> None:
                hand, dealer, event = self._earlier[-1]
                self.store.append_event(self.match_id, hand, dealer, event)
                self._earlier.pop()
                self.reload()

            self._guard("The redo", put_back_stored, refusals=False)
            self.changed.emit()
        elif self.undo_stack.canRedo():
            self._guard("The redo", self.undo_stack.redo, refusals=False)

    def reload(self) -> None:
        """Read the ledger back from the database: the record, as reopening shows it."""
        self.ledger = self.store.open_ledger(self.match_id)
        self.reloaded.emit()

    # -- internals ------------------------------------------------------------------

    def _last_stored_hand(self) -> int:
        """The last hand with an event on record, or -1."""
        for number in range(len(self.ledger.hands) - 1, -1, -1):
            if self.ledger.hands[number].events:
                return number
        return -1

    def _run(self, text: str, hand: Callable[[], int], action: Callable[[], T]) -> T:
        def act() -> T:
            number = hand()
            before = self._records(number)
            result = action()  # raises Refused before anything is written
            tail = number == len(self.ledger.hands) - 1 and len(before) <= 1
            command = _LedgerCommand(self, text, number, before, tail)
            command.write()
            self._earlier.clear()
            self.undo_stack.push(command)
            return result

        return self._guard(text, act)

    def _guard(self, what: str, action: Callable[[], T], refusals: bool = True) -> T:
        """Run ``action``; an unexpected error reads the record back, is logged and told.
        A :class:`Refused` is the rules' answer (nothing changed) only when ``refusals``:
        an undo or redo that is refused means the record and the ledger parted."""
        try:
            result = action()
        except Refused as refusal:
            if refusals or isinstance(refusal, ActionFailed):
                raise
            self._fail(what, refusal)
        except Exception as error:
            self._fail(what, error)
        if self._deferred is not None:  # raised inside an undo command, called by Qt
            deferred, self._deferred = self._deferred, None
            self._fail(what, deferred)
        return result

    def _fail(self, what: str, error: Exception) -> NoReturn:
        details = "".join(traceback.format_exception(error))
        log.error("%s failed in match %s:\n%s", what, self.match_id, details)
        try:
            self.reload()
        except Exception:  # the record cannot be read: the window will say so
            log.exception("the match %s cannot be read back", self.match_id)
        self.undo_stack.clear()
        self.changed.emit()
        self.failed.emit(what, details)
        raise ActionFailed(what, details) from error

    def _records(self, first: int) -> list[HandRecord]:
        """Hands ``first`` on as stored (a hand just begun and still empty is not stored)."""
        return [
            HandRecord(log.dealer, list(log.events))
            for log in self.ledger.hands[first:]
            if log.events
        ]

    def _current_index(self) -> int:
        self.ledger.current  # noqa: B018 - starts the next hand when the last is over
        return len(self.ledger.hands) - 1


class _LedgerCommand(QUndoCommand):
    """One action, as the hands it changed were before and after it.

    The first redo (at push) finds the action recorded and written. Undo writes the hands
    back as they were, redo as they became; each reads the ledger back from the database.
    """

    def __init__(
        self, session: MatchSession, text: str, hand: int, before: list[HandRecord], tail: bool
    ) -> None:
        super().__init__(text)
        self.session = session
        self.hand = hand
        self.tail = tail
        self.before = before
        self.after: list[HandRecord] = []
        self.done = True

    def write(self) -> None:
        session = self.session
        self.after = session._records(self.hand)
        if self.tail:
            log = session.ledger.hands[self.hand]
            session.store.append_event(session.match_id, self.hand, log.dealer, log.events[-1])
        else:
            session.store.replace_hands(session.match_id, self.hand, self.after)

    def redo(self) -> None:
        if self.done:
            return
        self._put(self.after)
        self.done = True

    def undo(self) -> None:
        self._put(self.before)
        self.done = False

    def _put(self, records: list[HandRecord]) -> None:
        """Write the hands back; an error is kept for the session's guard (Qt calls undo and
        redo, so an exception raised here would not reach the caller)."""
        session = self.session
        try:
            session.store.replace_hands(session.match_id, self.hand, records)
            session.reload()
        except Exception as error:  # handed to the guard whole
            session._deferred = error


def _label(event: Event, names: tuple[str, ...]) -> str:
    """The undo stack's words for an event: ``Bob plays Q♣``."""
    who = names[event.seat] if event.seat is not None and event.seat < len(names) else ""
    what = event.kind.replace("_", " ")
    thing = str(event.card) if event.card is not None else " ".join(str(c) for c in event.cards)
    if event.kind in ("bid", "contract"):
        thing = "nil" if event.value == 0 else str(event.value)
    return " ".join(part for part in (who, what, thing) if part)


__all__ = ["ActionFailed", "MatchSession", "Refused"]
