"""Quick entry of a hand's result, for tables that do not record cards.

The form is built from the game's declared quick-entry forms (``Game.quick_forms``): one
page per kind of hand the match's settings play, one editor per field that applies,
each field's explanation as its tooltip and the form's "how to count" above it. Each
player is offered only what the field offers them at this point of the match (a blind nil
to a side 100 behind), and a list of words starts unchosen: no default that reads as a
bid. The engine says whether the result can have happened; the dialog stays open with its
message when it cannot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.games.quick import (
    FLAG,
    NUMBER,
    PER_SEAT,
    SET,
    TRUE,
    QuickField,
    QuickForm,
)
from scorekeeper.words import either

from ..screen_fit import keep_title_whole

if TYPE_CHECKING:
    from scorekeeper.games.settings import Settings

    from ..session import MatchSession

Value = Callable[[], Any]
NOT_SET = object()
UNBOUNDED = 9999


class QuickEntryDialog(QDialog):
    """The session's game's forms, one per kind of hand; OK records the result as one
    undoable action, or shows the engine's reason and stays open."""

    def __init__(self, session: MatchSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        ledger = session.ledger
        self.names: Sequence[str] = session.names
        self.sides: Sequence[str] = ledger.side_names
        self.settings = ledger.settings
        self.standing: Sequence[int] = ledger.totals  # each side's total before this hand
        self.lists: dict[str, tuple[str, Sequence[str]]] = {}  # a list's title and labels
        self.setWindowTitle(f"Quick entry: {ledger.game.title}, hand {len(ledger.hands)}")
        self.kind = QComboBox()
        self.kind.setAccessibleName("Kind of hand")
        self.pages = QStackedWidget()
        self.forms: list[dict[str, Value]] = []
        for form in ledger.game.quick_forms:
            if form.applies(ledger.settings) and form.offered(ledger.settings):
                self.kind.addItem(form.title, form.id)
                self.pages.addWidget(self._page(form, ledger.settings))
        self.kind.currentIndexChanged.connect(self.pages.setCurrentIndex)
        self.kind.setVisible(self.kind.count() > 1)
        self.message = QLabel()
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.kind)
        layout.addWidget(self.pages)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        keep_title_whole(self)

    def _page(self, form: QuickForm, settings: Settings) -> QWidget:
        page = QWidget()
        column = QVBoxLayout(page)
        if form.how_to_count:
            how = QLabel(form.how_to_count)
            how.setObjectName("howToCount")
            how.setWordWrap(True)
            column.addWidget(how)
        rows = QFormLayout()
        column.addLayout(rows)
        values: dict[str, Value] = {}
        for field in form.fields:
            if field.in_form and field.applies(settings):
                widget, value = self._editor(field)
                widget.setToolTip(field.explanation)
                rows.addRow(field.title, widget)
                values[field.id] = value
        self.forms.append(values)
        return page

    def _editor(self, field: QuickField) -> tuple[QWidget, Value]:
        if field.per is None:
            widget, value = self._single(field)
            widget.setObjectName(field.id)
            widget.setAccessibleName(field.title)
            return widget, value
        row = QWidget()
        row.setObjectName(field.id)
        box = QHBoxLayout(row)
        box.setContentsMargins(0, 0, 0, 0)
        parts = []
        labels = self.names if field.per == PER_SEAT else self.sides
        self.lists[field.id] = (field.title, labels)
        for index, name in enumerate(labels):
            widget, value = self._single(field, index)
            widget.setObjectName(f"{field.id}.{index}")
            widget.setAccessibleName(f"{field.title}: {name}")
            box.addWidget(QLabel(name))
            box.addWidget(widget)
            parts.append(value)
        return row, lambda: [value() for value in parts]

    def _single(self, field: QuickField, index: int | None = None) -> tuple[QWidget, Value]:
        """The editor of one entry (``index``: of a list, the seat's or side's)."""
        kind = field.kind
        if kind == TRUE:
            return QLabel("Yes"), lambda: True
        if kind == FLAG:
            check = QCheckBox()
            return check, check.isChecked
        if kind == SET:
            holder = QWidget()
            box = QHBoxLayout(holder)
            box.setContentsMargins(0, 0, 0, 0)
            checks = [QCheckBox(choice) for choice in field.choices]
            for check in checks:
                box.addWidget(check)
            return holder, lambda: [c.text() for c in checks if c.isChecked()]
        if kind == NUMBER and not field.words:
            return self._spin(field)
        combo = QComboBox()
        if field.starts_unchosen:
            combo.addItem("—", NOT_SET)
        for label, value in field.choices_for(
            self.names, self.sides, self.settings, self.standing, index
        ):
            combo.addItem(label, value)
        return combo, combo.currentData

    def _spin(self, field: QuickField) -> tuple[QWidget, Value]:
        low = -UNBOUNDED if field.low is None else field.low
        high = UNBOUNDED if field.high is None else field.high
        spin = QSpinBox()
        spin.setRange(low - (0 if field.required else 1), high)
        if not field.required:
            spin.setSpecialValueText("—")
            spin.setValue(spin.minimum())
        return spin, lambda: NOT_SET if spin.value() < low else spin.value()

    def data(self) -> dict[str, Any]:
        """The current form's result as the game's data keys (unset optional keys left out);
        ``ValueError`` naming a list with an entry left unchosen."""
        values = self.forms[self.kind.currentIndex()] if self.forms else {}
        data = {key: got for key, value in values.items() if (got := value()) is not NOT_SET}
        for key, got in data.items():
            if isinstance(got, list) and NOT_SET in got:
                title, labels = self.lists[key]
                left = [label for label, entry in zip(labels, got, strict=True) if entry is NOT_SET]
                raise ValueError(f"{title}: choose one for {either(left, 'and')}")
        return data

    def accept(self) -> None:
        try:
            self.session.quick(self.data())
        except ValueError as refusal:  # the engine's refusal, or a list left unchosen
            self.message.setText(f"Not recorded: {refusal}")
            return
        super().accept()
