"""The ruling banner: the rule a play broke, its text and evidence, and the table's choice."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QColor, QKeySequence, QPalette
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from scorekeeper.games.base import Violation
from scorekeeper.words import evidence_text

from ..flow import FlowLayout
from ..scrolled import scrolling

TAKE_BACK = "take_back"
STAND = "stand"


def violation_heading(violation: Violation, names: Sequence[str]) -> str:
    """``Follow suit — Bob, trick 3, 7♥`` in a player's words."""
    parts = []
    if violation.seat is not None and violation.seat < len(names):
        parts.append(names[violation.seat])
    if violation.trick is not None:
        parts.append(f"trick {violation.trick}")
    if violation.card is not None:
        parts.append(str(violation.card))
    return violation.rule.title + (" — " + ", ".join(parts) if parts else "")


class RulingBanner(QFrame):
    """Shown while a ruled event awaits the table's decision; hidden otherwise.

    It never takes the keyboard: typing stays in the card box, and Enter never decides.
    A click or the button's own shortcut (shown on it) does: "Take back" (saying what it
    removes, counted) or "Let it stand with the penalty".
    A proven-later renege shows the same way, naming the play it proved.
    """

    decided = Signal(int, str)  # event index, TAKE_BACK or STAND
    rule_help_requested = Signal(str)

    TAKE_BACK_KEY = "Alt+B"
    STAND_KEY = "Alt+S"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulingBanner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.event_index: int | None = None
        self._colouring = False
        self.rule_id = ""
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setWordWrap(True)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.evidence = QLabel()
        self.evidence.setWordWrap(True)
        self.help_link = QLabel()
        self.help_link.setTextFormat(Qt.TextFormat.RichText)
        self.help_link.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.help_link.setAlignment(Qt.AlignmentFlag.AlignVCenter)
        self.help_link.setMinimumHeight(QPushButton().sizeHint().height())  # level with them
        self.help_link.linkActivated.connect(lambda rule_id: self.rule_help_requested.emit(rule_id))
        self.take_back = self._button(self.TAKE_BACK_KEY, TAKE_BACK)
        self.stand = self._button(self.STAND_KEY, STAND)
        self.stand.setText(f"Let it stand with the penalty  [{self.STAND_KEY}]")
        # the rule's words scroll when the place is short; the choices stay in view
        words = QWidget()
        column = QVBoxLayout(words)
        column.setContentsMargins(0, 0, 0, 0)
        for widget in (self.heading, self.text, self.evidence):
            widget.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            column.addWidget(widget)
        column.addStretch(1)
        buttons = QWidget()
        flow = FlowLayout(buttons)
        for part in (self.help_link, self.stand, self.take_back):
            flow.addWidget(part)
        layout = QVBoxLayout(self)
        layout.addWidget(scrolling(words), 1)
        layout.addWidget(buttons)
        self._colour()
        self.hide()

    def _button(self, key: str, choice: str) -> QPushButton:
        button = QPushButton()
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.setAutoDefault(False)
        button.setDefault(False)
        button.clicked.connect(lambda: self._decide(choice))
        shortcut = QAction(self)  # fires only while the banner is shown
        shortcut.setShortcut(QKeySequence(key))
        shortcut.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        shortcut.triggered.connect(lambda: self._decide(choice))
        self.addAction(shortcut)
        return button

    def show_violations(
        self, violations: Sequence[Violation], names: Sequence[str], take_back: str = "Take back"
    ) -> None:
        """Show the first pending violation (and how many more wait), or hide.
        ``take_back`` is what the take-back button says it does."""
        if not violations:
            self.event_index = None
            self.hide()
            return
        first = violations[0]
        self.event_index = first.event_index
        self.rule_id = first.rule.id
        more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
        proved = " — proved by a later play" if first.proved_by is not None else ""
        self.heading.setText(
            f"<b>Ruling: {escape(violation_heading(first, names))}</b>{escape(proved + more)}"
        )
        self.text.setText(first.rule.text)
        evidence = [
            evidence_text(item, names).strip().rstrip(".;").strip()
            for v in violations
            if v.event_index == first.event_index
            for item in v.evidence
        ]
        evidence = [line for line in evidence if line]
        self.evidence.setText("Evidence: " + "; ".join(evidence) + "." if evidence else "")
        self.evidence.setVisible(bool(evidence))
        self.help_link.setText(
            f'<a href="{escape(first.rule.id)}">About this rule: {escape(first.rule.title)}</a>'
        )
        self.take_back.setText(f"{take_back}  [{self.TAKE_BACK_KEY}]")
        self.show()

    def _decide(self, choice: str) -> None:
        if self.event_index is not None:
            self.decided.emit(self.event_index, choice)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == event.Type.PaletteChange and not self._colouring:
            self._colour()
        super().changeEvent(event)

    def _colour(self) -> None:
        self._colouring = True
        parent = self.parentWidget()
        palette = QPalette(parent.palette() if parent is not None else self.palette())
        dark = palette.color(QPalette.ColorRole.Window).lightness() < 128
        palette.setColor(
            QPalette.ColorRole.Window, QColor("#5a3a00") if dark else QColor("#fff3cd")
        )
        palette.setColor(
            QPalette.ColorRole.WindowText, QColor("#fff3cd") if dark else QColor("#3d2b00")
        )
        self.setPalette(palette)
        self._colouring = False
