"""Correcting a past hand: its events in a player's words, the one to change, its new card
or value, and the adjudicator's word on what the correction changed.

The scorer picks an event (``Bo: Play Q♣``; for a quick-entry hand, a field of its
result such as ``tricks: 3``) and types what it should have been, in the notation used
everywhere (``qc``, ``10h``, ``th``, ``Q♣``; ``nil``, ``7``, ``pass``, ``up``…). The
correction goes through the session, so it is one undoable action written to the
database, and every later total is re-scored. A correction the adjudicator refuses
changes nothing and says why. One that would end the game before hands already on record
says so first, and the scorer chooses: keep those hands as played after the game ended
(on record, not scored), or leave the hand as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.adjudicator import HandLog, Refused
from scorekeeper.cards import Card, CardError, parse_cards
from scorekeeper.choices import Choice, choices, event_words, keyed
from scorekeeper.events import Event
from scorekeeper.games.actions import CARD, CARDS, CHOICE, DEAL, FIELDS, RESULT, Action
from scorekeeper.games.base import Game
from scorekeeper.games.quick import QuickField
from scorekeeper.ledger import CorrectionPreview
from scorekeeper.words import (
    TABLE_KINDS,
    card_hint,
    cards_hint,
    choices_hint,
    could_be,
    field_from_words,
    field_hint,
    one_named,
    player_hint,
    side_names,
)

from .screen_fit import fit_to_screen
from .session import MatchSession

NOT_CORRECTABLE = TABLE_KINDS
UNSEEN = "unseen"

Reader = Callable[[str], Event]


@dataclass(frozen=True)
class CorrectionItem:
    """One line of the list: the event at ``index`` in the hand's log (for a result or an
    answer, one of its fields), in words; what to type to correct it, as the hand screen
    or the form it was entered with takes it; and ``read``, the event the typed text
    makes of it (``ValueError`` naming what is wrong)."""

    index: int
    event: Event
    words: str
    hint: str
    read: Reader = field(compare=False)
    key: str | None = None  # a result's or an answer's field


def correctable_events(log: HandLog) -> list[tuple[int, Event]]:
    """The hand's events in play, corrections applied, with their places in the log."""
    return [(i, e) for i, e in log.effective_items() if e.kind not in NOT_CORRECTABLE]


def correction_items(
    log: HandLog, names: Sequence[str], sides: Sequence[Sequence[int]]
) -> list[CorrectionItem]:
    """The lines of the correction list, in the order the hand was recorded: each event
    read as its game declares it (a card, cards, a choice, a player, fields)."""
    items = []
    for index, event in sorted(correctable_events(log), key=lambda pair: pair[0]):
        action = log.game.action(event.kind)
        if action.takes == FIELDS:
            items += _field_items(log, index, event, names, sides)
        else:
            items.append(_item(log, index, event, action, names))
    return items


def event_line(game: Game[Any], event: Event, names: Sequence[str]) -> str:
    """``Bo: Play Q♣``, ``Ann: Bid nil``, ``Upcard J♦``."""
    words = event_words(game, event)
    if event.kind == DEAL.kind and event.seat is not None:
        return f"{names[event.seat]}'s hand: " + " ".join(str(card) for card in event.cards)
    return f"{names[event.seat]}: {words}" if event.seat is not None else words


def _item(
    log: HandLog, index: int, event: Event, action: Action, names: Sequence[str]
) -> CorrectionItem:
    """A line for an event that takes a card, cards, a choice or its player."""
    line = event_line(log.game, event, names)
    hidden = action.unseen
    if action.takes == CARD:

        def card(text: str) -> Event:
            return replace(event, card=None if _unseen(text, hidden) else Card.parse(text))

        return CorrectionItem(index, event, line, card_hint(action), card)
    if action.takes == CARDS:

        def cards(text: str) -> Event:
            return replace(event, cards=() if _unseen(text, hidden) else parse_cards(text))

        return CorrectionItem(index, event, line, cards_hint(action), cards)
    if action.takes == CHOICE:
        state = log.state_before(index)
        found = [c for c in choices(state) if c.event.seat == event.seat and c.key]
        keys = [choice.key for choice in found]
        return CorrectionItem(index, event, line, choices_hint(keys), _choice_reader(found))

    def player(text: str) -> Event:
        return replace(event, seat=one_named(text, names, "a player of this table"))

    return CorrectionItem(index, event, line, player_hint(action, names), player)


def _unseen(text: str, allowed: bool) -> bool:
    return allowed and text.strip().lower() == UNSEEN


def _choice_reader(found: list[Choice]) -> Reader:
    """The choice typed by its key, or its start (``p`` for pass), or a called card in
    any notation (``Q♣`` for ``qc``)."""

    def read(text: str) -> Event:
        word = text.strip().lower()
        with suppress(CardError):  # a called card in any notation
            word = Card.parse(word).code.lower()
        named = keyed(word, found)
        if len(named) == 1:
            return named[0].event
        if named:
            raise ValueError(could_be(text.strip(), [choice.key for choice in named]))
        keys = ", ".join(choice.key for choice in found)
        raise ValueError(f"“{text.strip()}” is not one of the choices there were: {keys}")

    return read


def _field_items(
    log: HandLog, index: int, event: Event, names: Sequence[str], sides: Sequence[Sequence[int]]
) -> list[CorrectionItem]:
    """A line per field of a quick-entry result or an answer, read as its game declares
    the field (the form the result was entered with, the question the answer gave)."""
    game, data = log.game, event.data or {}
    if event.kind == RESULT.kind:
        lines = game.quick_lines(log.settings, data, names)
        declared = game.quick_field
    else:
        declared = game.answer_field
        labels = side_names(sides, names)
        lines = [
            (key, f"{declared(key).title}: {declared(key).in_words(value, names, labels)}")
            for key, value in data.items()
        ]
    return [
        CorrectionItem(
            index,
            event,
            line,
            field_hint(declared(key), data.get(key), names, sides),
            _field_reader(event, key, declared(key), names, sides),
            key,
        )
        for key, line in lines
    ]


def _field_reader(
    event: Event,
    key: str,
    declared: QuickField,
    names: Sequence[str],
    sides: Sequence[Sequence[int]],
) -> Reader:
    def read(text: str) -> Event:
        value: Any = field_from_words(declared, text, names, sides)
        data = {k: v for k, v in (event.data or {}).items() if k != key}
        return replace(event, data=data if value is None else {**data, key: value})

    return read


def corrected_event(item: CorrectionItem, text: str) -> Event:
    """The event ``item`` becomes with ``text`` typed; ``ValueError`` naming what is wrong."""
    if not text.strip():
        raise ValueError("Type what it should have been first")
    return item.read(text)


class CorrectionDialog(QDialog):
    """Correct one event of hand ``hand_index``; stays open for more corrections."""

    def __init__(
        self, session: MatchSession, hand_index: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.hand_index = hand_index
        self.items: list[CorrectionItem] = []
        self.setObjectName("correctionDialog")
        self.setWindowTitle(f"Correct hand {hand_index + 1}")
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.events = QListWidget()
        self.events.setObjectName("correctionEvents")
        self.events.setAccessibleName("Events of the hand")
        events_label = QLabel("&Event to correct")
        events_label.setBuddy(self.events)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.value = QLineEdit()
        self.value.setObjectName("correctionValue")
        value_label = QLabel("Corrected &card or value")
        value_label.setBuddy(self.value)
        self.apply_button = QPushButton("&Apply correction")
        self.apply_button.setObjectName("applyCorrection")
        self.report = QLabel()
        self.report.setObjectName("correctionReport")
        self.report.setWordWrap(True)
        self.report.setTextFormat(Qt.TextFormat.PlainText)
        self.report.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.apply_button, QDialogButtonBox.ButtonRole.ApplyRole)
        buttons.rejected.connect(self.reject)
        self.apply_button.clicked.connect(self.apply)
        self.events.currentRowChanged.connect(self._chosen)
        self.events.itemDoubleClicked.connect(lambda _item: self.value.setFocus())

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(events_label)
        layout.addWidget(self.events, 1)
        layout.addWidget(self.hint)
        layout.addWidget(value_label)
        layout.addWidget(self.value)
        layout.addWidget(self.report)
        layout.addWidget(buttons)
        self.setTabOrder(self.events, self.value)
        self.apply_button.setDefault(True)  # Enter applies (set once it is in the dialog)
        fit_to_screen(self, 480, 520)
        self.refresh()
        self.events.setCurrentRow(0)
        self.events.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter on the list goes on to the value; Enter in the value applies (the default)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.events.hasFocus():
            self.value.setFocus()
            return
        super().keyPressEvent(event)

    @property
    def log(self) -> HandLog:
        return self.session.ledger.hands[self.hand_index]

    def refresh(self) -> None:
        """The heading and the list as the hand now stands (the selection kept)."""
        names = self.session.names
        row = self.events.currentRow()
        self.heading.setText(
            f"Hand {self.hand_index + 1} · {names[self.log.dealer]} dealt · {self._points()}"
        )
        self.items = correction_items(self.log, names, self.session.ledger.sides)
        self.events.blockSignals(True)
        self.events.clear()
        self.events.addItems([item.words for item in self.items])
        self.events.blockSignals(False)
        if self.items:
            self.events.setCurrentRow(min(max(row, 0), len(self.items) - 1))
        self._chosen(self.events.currentRow())

    def _points(self) -> str:
        scores = self.session.ledger.scores
        if self.hand_index >= len(scores):
            return "not scored"
        points = scores[self.hand_index].points
        return ", ".join(
            f"{side} {point:+d}"
            for side, point in zip(self.session.ledger.side_names, points, strict=True)
        )

    def _chosen(self, row: int) -> None:
        self.hint.setText(self.items[row].hint if 0 <= row < len(self.items) else "")

    def apply(self) -> bool:
        """Correct the chosen event with the typed value; the report says what changed."""
        row = self.events.currentRow()
        if not 0 <= row < len(self.items):
            self._problem("Choose the event to correct first")
            return False
        item = self.items[row]
        ledger = self.session.ledger
        try:
            event = corrected_event(item, self.value.text())
            before = ledger.totals
            preview = ledger.preview_correction(self.hand_index, item.index, event)
            keep = bool(preview.after_end)
            if keep and not self._keep_after_end(preview):
                self._problem("Not corrected: the hand is as it was")
                return False
            correction = self.session.correct(self.hand_index, item.index, event, keep)
        except Refused as refusal:
            self._problem(f"Not corrected: {refusal}")
            return False
        except ValueError as error:
            self._problem(str(error))
            return False
        old_words = item.words
        self.refresh()
        new_words = self.items[row].words if row < len(self.items) else ""
        lines = [f"Corrected: {old_words} → {new_words}"]
        lines += [_sentence(change) for change in correction.changes]
        if ledger.totals != before:
            lines.append(
                "Totals now: "
                + ", ".join(
                    f"{side} {after} (was {was})"
                    for side, was, after in zip(
                        ledger.side_names, before, ledger.totals, strict=True
                    )
                )
            )
        else:
            lines.append("The totals are unchanged.")
        self.report.setStyleSheet("")
        self.report.setText("\n".join(lines))
        self.value.clear()
        self.events.setFocus()
        return True

    def _keep_after_end(self, preview: CorrectionPreview) -> bool:
        """Ask whether to keep a correction that ends the game before hands on record."""
        ledger = self.session.ledger
        first, last = preview.after_end[0] + 1, preview.after_end[-1] + 1
        which = f"Hand {first} was" if first == last else f"Hands {first} to {last} were"
        winners = " and ".join(ledger.side_names[side] for side in preview.winners)
        totals = ", ".join(
            f"{side} {total}"
            for side, total in zip(ledger.side_names, preview.totals_after, strict=True)
        )
        box = QMessageBox(self)
        box.setObjectName("correctionEndsGame")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("The correction ends the game sooner")
        box.setText(f"With this correction {winners} win after hand {first - 1} ({totals}).")
        box.setInformativeText(
            f"{which} played after that. Keep the correction, and those hands stay on "
            "record as played after the game ended, without a score; or leave the hand "
            "as it was."
        )
        keep = box.addButton("&Keep the correction", QMessageBox.ButtonRole.AcceptRole)
        leave = box.addButton("&Leave the hand as it was", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(leave)
        box.exec()
        return box.clickedButton() is keep

    def _problem(self, text: str) -> None:
        self.report.setStyleSheet("color: #d03030; font-weight: bold")
        self.report.setText(text)
        self.value.setFocus()
        self.value.selectAll()


def _sentence(change: str) -> str:
    return change[:1].upper() + change[1:]
