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

from collections.abc import Sequence
from dataclasses import dataclass, replace
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
from scorekeeper.cards import Card, parse_cards
from scorekeeper.events import Event
from scorekeeper.games.base import Game
from scorekeeper.ledger import CorrectionPreview

from .hand.choices import event_key, event_words
from .session import MatchSession

CARD_KINDS = ("play", "upcard", "trump_card", "discard", "draw")
"""Events that name one card: the correction is the card."""
CARDS_KINDS = ("deal", "blind", "bury", "exchange")
"""Events that name several cards: the correction is the cards."""
CHOICE_KINDS = ("pass", "pick", "order_up", "name_trump", "claim")
"""A seat's choice in the bidding: the correction is another choice, typed by its key."""
NOT_CORRECTABLE = ("decision", "correction")

HINTS = {
    **dict.fromkeys(CARD_KINDS, "Type the card it should have been: qc, 10h, th, Q♣"),
    **dict.fromkeys(CARDS_KINDS, "Type the cards it should have been: qc js 10h …"),
    **dict.fromkeys(
        CHOICE_KINDS, "Type the choice it should have been: pass, pick, up, alone, h (hearts), ha"
    ),
    "bid": "Type the bid it should have been: 1–13, nil, bn (blind nil), 7b (blind 7)",
    "contract": "Type the side's contract it should have been: 1–13",
    "call": "Type the card called (qc, 10h…), or alone",
    "result": "Type the value it should have been (a number, yes or no, or a list: 3, 4)",
}


@dataclass(frozen=True)
class CorrectionItem:
    """One line of the list: the event at ``index`` in the hand's log and, for a quick-entry
    result, the ``key`` of the field to change."""

    index: int
    event: Event
    words: str
    key: str | None = None

    @property
    def hint(self) -> str:
        return HINTS.get(self.event.kind, "Type what it should have been")


def correctable_events(log: HandLog) -> list[tuple[int, Event]]:
    """The hand's events in play, corrections applied, with their places in the log."""
    return [(i, e) for i, e in log.effective_items() if e.kind not in NOT_CORRECTABLE]


def correction_items(log: HandLog, names: Sequence[str]) -> list[CorrectionItem]:
    """The lines of the correction list, in the order the hand was recorded."""
    items = []
    for index, event in sorted(correctable_events(log), key=lambda pair: pair[0]):
        if event.kind == "result":
            lines = log.game.quick_lines(log.settings, event.data or {}, names)
            items += [CorrectionItem(index, event, line, key) for key, line in lines]
        else:
            items.append(CorrectionItem(index, event, event_line(event, names)))
    return items


def event_line(event: Event, names: Sequence[str]) -> str:
    """``Bo: Play Q♣``, ``Ann: Bid nil``, ``Upcard J♦``."""
    words = event_words(event)
    if event.kind == "deal" and event.seat is not None:
        return f"{names[event.seat]}'s hand: " + " ".join(str(card) for card in event.cards)
    return f"{names[event.seat]}: {words}" if event.seat is not None else words


def corrected_event(item: CorrectionItem, text: str, game: Game) -> Event:
    """The event ``item`` becomes with ``text`` typed; ``ValueError`` naming what is wrong."""
    event, text = item.event, text.strip()
    if not text:
        raise ValueError("Type what it should have been first")
    kind = event.kind
    if kind == "result":
        if item.key is None:
            raise ValueError("Choose which figure of the result to correct first")
        data = dict(event.data or {})
        data[item.key] = _value_like(data[item.key], text, item.key)
        return replace(event, data=data)
    if kind in CARD_KINDS:
        return replace(event, card=Card.parse(text))
    if kind in CARDS_KINDS:
        return replace(event, cards=parse_cards(text))
    if kind == "call":
        if text.lower() == "alone":
            return replace(event, value="alone", card=None, under=None)
        return replace(event, card=Card.parse(text))
    for candidate in game.choice_events(event.seat) if event.seat is not None else ():
        if event_key(candidate) == text.lower():
            return candidate
    raise ValueError(f"{text!r} is not a {kind.replace('_', ' ')} the table could have made")


def _value_like(old: Any, text: str, key: str) -> Any:
    """``text`` read as the kind of value ``old`` is (number, yes/no, text, or a list)."""
    if isinstance(old, list):
        parts = [part for part in text.replace(",", " ").split() if part]
        like = old[0] if old else 0
        return [_value_like(like, part, key) for part in parts]
    if isinstance(old, bool):
        word = text.lower()
        if word in ("yes", "y", "true", "1"):
            return True
        if word in ("no", "n", "false", "0"):
            return False
        raise ValueError(f"{key}: {text!r} is not yes or no")
    if isinstance(old, int):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{key}: {text!r} is not a whole number") from None
    return text


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
        self.resize(480, 520)
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
        self.items = correction_items(self.log, names)
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
            event = corrected_event(item, self.value.text(), ledger.game)
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
