"""A recording session: the match's ledger and its database kept as one.

Every action the scorer takes (a card, a bid, a pick, a decision on a ruling, a
quick-entry result, a correction) records one event, as one :class:`QUndoCommand`. The
ledger rules on it first (a refused event changes nothing); then the event is written
to the database together with its step of the match's undo history; only then does the
session announce it (``changed``), so what the screen shows as recorded is on disk.

The database is the record, and it keeps the undo history (the newest
:data:`~scorekeeper.storage.UNDO_STEPS` steps of each match, done and undone), so the
stack is built from it when the match opens: after a restart Undo and Redo say and do
what they did before it. An undo or redo takes back or puts back its step's event on disk
and reads the ledger back from the database, so the screen cannot drift from what
reopening shows. Past the kept history (a match imported from a file), undo takes back
the last stored event, kept as the oldest step for a redo. An action that fails
unexpectedly is logged, the ledger and the history are read back from the database
(whose transaction did not commit), ``failed`` is emitted with the details, and
:class:`ActionFailed` (a :class:`Refused`, so every caller already handles it) is raised.
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
from scorekeeper.storage import UNDO_STEPS, Store, UndoStep
from scorekeeper.words import step_words, take_back_words

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

    Built from the database, so reopening after a crash resumes at the same card with the
    same undo history. ``changed`` is emitted after every action, undo and redo;
    ``reloaded`` when the ledger was read back from the database (a new ``ledger``
    object); ``failed`` with a title and the details when an action failed unexpectedly.
    """

    changed = Signal()
    reloaded = Signal()
    failed = Signal(str, str)

    def __init__(
        self,
        store: Store,
        match_id: int,
        parent: QObject | None = None,
        replaying: Callable[[int, int], object] | None = None,
    ) -> None:
        """The stored match ``match_id``; ``replaying(done, total)`` is told of the hands
        replayed to open it (those whose outcome is not kept)."""
        super().__init__(parent)
        self.store = store
        self.match_id = match_id
        self.ledger = store.open_ledger(match_id, replaying)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(UNDO_STEPS)
        self._deferred: Exception | None = None
        self._stored = False  # commands being pushed or moved are already on disk
        self._read_history()
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

    def take_back_words(self, event_index: int | None) -> str:
        """What taking back event ``event_index`` of the pending hand does, in words:
        ``Take back: 1 card returns to its hand``, ``Take back: 33 cards return to hands``."""
        hand, _ = self.pending()
        if hand < 0 or event_index is None:
            return "Take back"
        return take_back_words(self.ledger.game, self.ledger.hands[hand].events[event_index:])

    # -- actions ------------------------------------------------------------------

    def record(self, event: Event) -> Ruling:
        """Record one event into the hand being played; :class:`Refused` leaves all as it was."""
        ledger = self.ledger
        return self._run(self._current_index, event, lambda: ledger.record(event))

    def decide(self, event_index: int, choice: str, hand_index: int | None = None) -> Ruling:
        """The table's decision on a ruled event: ``take_back`` or ``stand``."""
        hand = self.pending()[0] if hand_index is None else hand_index
        return self._run(
            lambda: hand,
            Event("decision", value=choice, ref=event_index),
            lambda: self.ledger.decide(hand, event_index, choice),
        )

    def quick(self, data: dict[str, Any]) -> HandScore:
        """A whole hand entered from its result."""
        return self._run(
            self._current_index, Event("result", data=data), lambda: self.ledger.quick(data)
        )

    def correct(
        self, hand_index: int, event_index: int, event: Event, keep_after_end: bool = False
    ) -> Correction:
        """Correct an event of a past or current hand; later totals are re-scored (hands
        it puts after the end of the game stay on record only with ``keep_after_end``)."""
        return self._run(
            lambda: hand_index,
            Event("correction", ref=event_index, data=event.to_json()),
            lambda: self.ledger.correct(hand_index, event_index, event, keep_after_end),
        )

    # -- undo and redo --------------------------------------------------------------

    def can_undo(self) -> bool:
        return self.undo_stack.canUndo() or self._last_stored_hand() >= 0

    def can_redo(self) -> bool:
        return self.undo_stack.canRedo()

    def undo_text(self) -> str:
        if self.undo_stack.canUndo():
            return self.undo_stack.undoText()
        hand = self._last_stored_hand()
        if hand < 0:
            return ""
        events = self.ledger.hands[hand].events
        return self._words(hand, events[-1], len(events) - 1)

    def redo_text(self) -> str:
        return self.undo_stack.redoText()

    def undo(self) -> None:
        """Take back the last step of the history, or else the last event on disk."""
        if self.undo_stack.canUndo():
            self._guard("The undo", self.undo_stack.undo, refusals=False)
        elif self._last_stored_hand() >= 0:

            def take_back_stored() -> None:
                self.store.undo_step(self.match_id)
                self.reload()
                self._read_history()

            self._guard("The undo", take_back_stored, refusals=False)
            self.changed.emit()

    def redo(self) -> None:
        """Put back what the last undo took back."""
        if self.undo_stack.canRedo():
            self._guard("The redo", self.undo_stack.redo, refusals=False)

    def reload(self) -> None:
        """Read the ledger back from the database: the record, as reopening shows it."""
        self.ledger = self.store.open_ledger(self.match_id)
        self.reloaded.emit()

    # -- internals ------------------------------------------------------------------

    def _read_history(self) -> None:
        """The undo stack as the database keeps the history: its steps in order, the index
        after the last one done. Nothing is written."""
        stack = self.undo_stack
        steps = self.store.undo_steps(self.match_id)
        self._stored = True
        try:
            stack.clear()
            for step in steps:
                stack.push(_StepCommand(self, step))
            stack.setIndex(sum(step.done for step in steps))
        finally:
            self._stored = False

    def _words(self, hand: int, event: Event, seq: int) -> str:
        """What the action that records ``event`` at ``hands[hand].events[seq]`` does (a
        take-back is told by what it removes, so a decision reads the events before it)."""
        before = self.ledger.hands[hand].events[:seq] if event.kind == "decision" else []
        return step_words(self.ledger.game, hand, event, self.names, before)

    def _move(self, step: int, forward: bool) -> None:
        """Put back (``forward``) or take back step ``step`` on disk and read the ledger
        back; an error is kept for the session's guard (Qt calls undo and redo, so an
        exception raised here would not reach the caller)."""
        if self._stored:
            return
        try:
            if forward:
                self.store.redo_step(self.match_id, step)
            else:
                self.store.undo_step(self.match_id, step)
            self.reload()
        except Exception as error:  # handed to the guard whole
            self._deferred = error

    def _last_stored_hand(self) -> int:
        """The last hand with an event on record, or -1."""
        for number in range(len(self.ledger.hands) - 1, -1, -1):
            if self.ledger.hands[number].events:
                return number
        return -1

    def _run(self, hand: Callable[[], int], event: Event, action: Callable[[], T]) -> T:
        """Run ``action``, which records ``event`` at the end of hand ``hand()``; then write
        the event and its step of the undo history in one transaction."""
        number = hand()
        what = self._words(number, event, len(self.ledger.hands[number].events))

        def act() -> T:
            result = action()  # raises Refused before anything is written
            log = self.ledger.hands[number]
            step = self.store.record_step(
                self.match_id, number, log.dealer, log.events[-1], self.ledger.outcome(number)
            )
            self._stored = True
            try:
                self.undo_stack.push(_StepCommand(self, step))
            finally:
                self._stored = False
            return result

        return self._guard(what, act)

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
            self._read_history()
        except Exception:  # the record cannot be read: the window will say so
            log.exception("the match %s cannot be read back", self.match_id)
        self.changed.emit()
        self.failed.emit(what, details)
        raise ActionFailed(what, details) from error

    def _current_index(self) -> int:
        self.ledger.current  # noqa: B018 - starts the next hand when the last is over
        return len(self.ledger.hands) - 1


class _StepCommand(QUndoCommand):
    """One step of the match's undo history, as the database keeps it (see
    :meth:`MatchSession._move`); its text is made from the step's data."""

    def __init__(self, session: MatchSession, step: UndoStep) -> None:
        super().__init__(session._words(step.hand, step.event, step.seq))
        self.session = session
        self.step = step.number

    def redo(self) -> None:
        self.session._move(self.step, forward=True)

    def undo(self) -> None:
        self.session._move(self.step, forward=False)


__all__ = ["ActionFailed", "MatchSession", "Refused"]
