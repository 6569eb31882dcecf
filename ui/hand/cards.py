"""Card entry: the game's deck as a grid of buttons, and a field that reads typed cards."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QKeyCombination, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QKeySequence, QPalette
from PySide6.QtWidgets import QGridLayout, QLineEdit, QSizePolicy, QToolButton, QWidget

from scorekeeper.cards import Card, Suit

RED_ON_LIGHT = QColor("#c62828")
RED_ON_DARK = QColor("#ff7070")


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def suit_colour(suit: Suit, palette: QPalette) -> QColor:
    """Red suits in a red readable on the palette's background; black suits in its text colour."""
    if suit.is_red:
        return RED_ON_DARK if is_dark(palette) else RED_ON_LIGHT
    return palette.color(QPalette.ColorRole.WindowText)


class CardGrid(QWidget):
    """One button per card of the deck, a row per suit; cards out of play are dimmed.

    Only the buttons whose state changed are touched on :meth:`set_out_of_play`, so
    recording a card repaints two or three buttons, not the grid.
    """

    card_clicked = Signal(object)  # Card

    SUIT_ROWS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)

    def __init__(self, deck: Sequence[Card], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.buttons: dict[Card, QToolButton] = {}
        self._out = 0
        layout = QGridLayout(self)
        layout.setSpacing(3)
        layout.setContentsMargins(0, 0, 0, 0)
        suits = [suit for suit in self.SUIT_ROWS if any(card.suit == suit for card in deck)]
        for row, suit in enumerate(suits):
            cards = sorted((card for card in deck if card.suit == suit), key=lambda c: -c.rank)
            for column, card in enumerate(cards):
                button = QToolButton(self)
                button.setText(str(card))
                button.setToolTip(f"Record {card} (type {card.code.lower()})")
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
                button.setAccessibleName(str(card))
                button.clicked.connect(lambda _=False, c=card: self.card_clicked.emit(c))
                layout.addWidget(button, row, column)
                self.buttons[card] = button
        self.set_large(False)
        self._colour()

    def set_out_of_play(self, mask: int) -> None:
        """Dim the cards in ``mask`` (played, buried, discarded) and restore the others."""
        changed = mask ^ self._out
        self._out = mask
        for card, button in self.buttons.items():
            if changed >> card & 1:
                button.setEnabled(not mask >> card & 1)

    def set_large(self, large: bool) -> None:
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * (1.8 if large else 1.15))
        font.setBold(True)
        size = QSize(64, 56) if large else QSize(40, 30)
        for button in self.buttons.values():
            button.setFont(font)
            button.setMinimumSize(size)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == event.Type.PaletteChange:
            self._colour()
        super().changeEvent(event)

    def _colour(self) -> None:
        palette = self.palette()
        for card, button in self.buttons.items():
            own = QPalette(palette)
            colour = suit_colour(card.suit, palette)
            own.setColor(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText, colour)
            own.setColor(QPalette.ColorGroup.Inactive, QPalette.ColorRole.ButtonText, colour)
            dim = QColor(colour)
            dim.setAlphaF(0.3)
            own.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, dim)
            button.setPalette(own)


class MatchLineEdit(QLineEdit):
    """A line edit that leaves undo and redo to the match: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y
    reach the window's actions instead of undoing the typed text."""

    MATCH_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)

    def event(self, event: QEvent) -> bool:
        if (
            isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.ShortcutOverride
            and self._is_match_key(event)
        ):
            event.ignore()  # not overridden: the window's shortcut takes the key
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._is_match_key(event):
            event.ignore()
            return
        super().keyPressEvent(event)

    def _is_match_key(self, event: QKeyEvent) -> bool:
        combined = event.keyCombination()
        return any(event.matches(key) for key in self.MATCH_KEYS) or combined == QKeyCombination(
            Qt.KeyboardModifier.ControlModifier, Qt.Key.Key_Y
        )


class CardField(MatchLineEdit):
    """The keyboard field: a card (``qc``, ``10h``, ``th``, ``Q♣``), several cards for a
    known hand, or a choice's key (``pass``, ``3``); Enter emits ``submitted``.

    The screen clears the field once the entry is recorded; text it could not use stays
    in the field so it can be corrected.
    """

    submitted = Signal(str)
    PLACEHOLDER = "A card (qc, 10h, Q♣) or a choice"
    TOOLTIP = "Type a card (qc, 10h, th, Q♣) or a choice's key (shown on its button), then Enter"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPlaceholderText(self.PLACEHOLDER)
        self.setToolTip(self.TOOLTIP)
        self.setClearButtonEnabled(True)
        self.returnPressed.connect(self._submit)

    def _submit(self) -> None:
        text = self.text().strip()
        if text:
            self.submitted.emit(text)
