"""What a hand that ended needs before it can be scored, asked in the hand screen.

The engine says what it needs as data (:class:`~scorekeeper.games.base.NeedsAnswer`'s
``question``), naming the field its game declares for the answer (``Game.answers``): each
seat's number, which of some seats held a card, or cards. The panel asks for it in words
with the players' names, with the controls the field's kind calls for and within its
bounds, and hands the answer, as the data the engine reads, to ``answered``; the hand
screen records it through the session. A correction of the answer reads the same field.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.cards import Card
from scorekeeper.games.base import Game
from scorekeeper.games.quick import CARD_LIST, NUMBER, PER_SEAT, SEAT, QuickField
from scorekeeper.words import question_words

from ..flow import FlowLayout
from .cards import MatchLineEdit


class QuestionPanel(QFrame):
    """The question of the hand that ended, with a field for each player's number or a
    button for each player it can be; ``answered`` carries the answer's data."""

    answered = Signal(dict)

    def __init__(
        self, names: tuple[str, ...], game: Game[Any], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("handQuestion")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.names = names
        self.game = game
        self.answers = {field.id: field for field in game.answers}
        self.question: dict[str, Any] | None = None
        self.asked: QuickField | None = None  # the declared field the question asks for
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.heading.setWordWrap(True)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.fields: list[MatchLineEdit] = []
        self.buttons: list[QPushButton] = []
        self.controls = QWidget(self)
        self.flow = FlowLayout(self.controls)
        self.score_button: QPushButton | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.controls)
        self.hide()

    def ask(self, question: dict[str, Any] | None) -> bool:
        """Show ``question`` (or nothing); whether it is newly asked (one already asked
        keeps what was typed)."""
        if question == self.question:
            return False
        self.question = question
        self._clear()
        self.setVisible(question is not None)
        if question is None:
            return False
        self.heading.setText(question_words(self.game, question))
        asked = self.asked = self.answers[question["answer"]]
        if asked.kind == NUMBER and asked.per == PER_SEAT:
            for name in self.names:
                self.flow.addWidget(self._number_field(asked, name))
            # made after the fields, so Tab goes from field to field and then to it
            self.score_button = QPushButton("&Score the hand")
            self.score_button.clicked.connect(self._submit_numbers)
            self.flow.addWidget(self.score_button)
        elif asked.kind == SEAT:
            card = Card.parse(question["card"])
            for seat in question.get("seats", ()):
                button = QPushButton(f"{self.names[seat]} held {card}")
                button.clicked.connect(
                    lambda _=False, seat=seat: self.answered.emit({asked.id: seat})
                )
                self.buttons.append(button)
                self.flow.addWidget(button)
        for index in range(self.flow.count()):  # shown now, so Tab finds them at once
            item = self.flow.itemAt(index)
            if item is not None and (widget := item.widget()) is not None:
                widget.show()
        return True

    @property
    def wants_cards(self) -> int:
        """How many cards the question asks for (0 when its answer is not cards)."""
        if self.question is None or self.asked is None or self.asked.kind != CARD_LIST:
            return 0
        return int(self.question.get("count", self.asked.high or 0))

    def cards_answer(self, cards: tuple[Card, ...]) -> dict[str, Any]:
        """The answer's data for the cards entered."""
        if self.asked is None:
            raise ValueError("no question asks for cards")
        return {self.asked.id: [card.code for card in cards]}

    def take_focus(self) -> bool:
        """Put the keyboard in the first field, if the question has fields."""
        if self.fields:
            self.fields[0].setFocus()
            self.fields[0].selectAll()
            return True
        return False

    def _number_field(self, asked: QuickField, name: str) -> QWidget:
        box = QWidget(self.controls)
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        label = QLabel(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        field = MatchLineEdit("0")  # Ctrl+Z undoes the match here too
        low, high = asked.low or 0, 99 if asked.high is None else asked.high
        field.setValidator(QIntValidator(low, high, field))
        field.setMaximumWidth(field.fontMetrics().horizontalAdvance("0000") + 16)
        field.setAccessibleName(f"{name}'s {asked.title}")
        field.setToolTip(asked.explanation)
        field.returnPressed.connect(self._submit_numbers)
        label.setBuddy(field)
        row.addWidget(label)
        row.addWidget(field)
        self.fields.append(field)
        return box

    def _submit_numbers(self) -> None:
        if self.asked is not None:
            self.answered.emit({self.asked.id: [int(field.text() or 0) for field in self.fields]})

    def _clear(self) -> None:
        while self.flow.count():
            item = self.flow.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.score_button = None
        self.asked = None
        self.fields.clear()
        self.buttons.clear()
