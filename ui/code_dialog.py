"""A dialog a club night's code is pasted into: a prompt, the code field, what came of
the code (plain text: event names are shown as typed), Close and one action button, which
Return in the code field presses too (the other buttons never take Return)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

PLACEHOLDER = "SKC1-… or scorekeeper-club://…"


class CodeDialog(QDialog):
    """``prompt`` over the code field; the button ``action`` names runs ``act``; ``more``
    (widgets) go under the code field."""

    def __init__(
        self,
        title: str,
        prompt: str,
        action: str,
        act: Callable[[], None],
        parent: QWidget | None = None,
        more: Sequence[QWidget] = (),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(560)
        asked = QLabel(prompt)
        asked.setWordWrap(True)
        self.code = QLineEdit()
        self.code.setPlaceholderText(PLACEHOLDER)
        asked.setBuddy(self.code)
        self.said = QLabel()  # what came of the code (not ``result``: QDialog's exit code)
        self.said.setWordWrap(True)
        self.said.setTextFormat(Qt.TextFormat.PlainText)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.action_button = self.buttons.addButton(action, QDialogButtonBox.ButtonRole.ActionRole)
        for button in self.buttons.buttons():
            if isinstance(button, QPushButton):
                button.setAutoDefault(False)
        self.action_button.clicked.connect(act)
        self.code.returnPressed.connect(act)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (asked, self.code, *more, self.said, self.buttons):
            layout.addWidget(widget)
        self.code.setFocus()

    def add_button(self, text: str) -> QPushButton:
        """Another button beside the action's (Return in the code field never presses it)."""
        button = self.buttons.addButton(text, QDialogButtonBox.ButtonRole.ActionRole)
        button.setAutoDefault(False)
        return button

    def say(self, text: str) -> None:
        """What came of the code, the dialog as tall as its words need."""
        self.said.setText(text)
        self.adjustSize()

    def refuse(self, text: str) -> None:
        """Say why the code did not do; typing replaces it."""
        self.say(text)
        self.code.setFocus()
        self.code.selectAll()
