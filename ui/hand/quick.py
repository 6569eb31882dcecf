"""Quick entry of a hand's result, for tables that do not record cards.

Each game's form lists the quick-entry data keys its module documents; the engine
(``quick_outcome``) says whether the result can have happened, and the dialog stays
open with its message when it cannot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

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

from scorekeeper.adjudicator import Refused

Value = Callable[[], Any]
SUITS = ("clubs", "diamonds", "hearts", "spades")
NOT_SET = object()


@dataclass(frozen=True)
class Field:
    """One data key: ``kind`` is ``flag``, ``true`` (always set), ``number``
    (``low``–``high``), ``seat``, ``side``, ``choice`` (one of ``options``) or ``set`` (any
    of ``options``, as a list); ``per_seat`` makes it a list by seat; ``optional`` leaves
    the key out unless set."""

    key: str
    label: str
    kind: str
    low: int = 0
    high: int = 0
    options: tuple[str, ...] = ()
    per_seat: bool = False
    optional: bool = False


FORMS: dict[str, dict[str, tuple[Field, ...]]] = {
    "euchre": {
        "Played": (
            Field("makers", "Makers", "side"),
            Field("tricks", "Tricks the makers took", "number", 0, 5),
            Field("alone", "Maker went alone", "flag"),
            Field("defender_alone", "A defender defended alone", "flag"),
            Field("trump", "Trump", "choice", options=SUITS, optional=True),
            Field("renege", "Renege let stand by", "side", optional=True),
        ),
        "Everyone passed": (Field("passed", "Everyone passed", "true"),),
    },
    "spades": {
        "Played": (
            Field(
                "bids",
                "Bid",
                "choice",
                options=("nil", "blind nil", *map(str, range(1, 14))),
                per_seat=True,
            ),
            Field("tricks", "Tricks won", "number", 0, 13, per_seat=True),
            Field("renege", "Renege let stand by", "seat", optional=True),
        ),
    },
    "sheepshead": {
        "A player picked": (
            Field("picker", "Picker", "seat"),
            Field("partner", "Partner", "seat", optional=True),
            Field("alone", "Picker went alone", "flag"),
            Field(
                "call", "Call", "choice", options=("ace", "under", "ten", "alone"), optional=True
            ),
            Field("points", "Picking side's card points (buried included)", "number", 0, 120),
            Field("tricks", "Tricks the picking side took", "number", 0, 6),
            Field("crack", "Cracked by", "seat", optional=True),
            Field("recrack", "Re-cracked", "flag"),
            Field("blitz", "Blitz", "flag"),
            Field("misplay", "Misplay let stand by", "seat", optional=True),
        ),
        "Schwanzer": (Field("schwanzer", "Schwanzer points", "number", 0, 18, per_seat=True),),
        "Leaster": (
            Field("leaster_points", "Card points", "number", 0, 120, per_seat=True),
            Field("leaster_tricks", "Tricks", "number", 0, 6, per_seat=True),
            Field("misplay", "Misplay let stand by", "seat", optional=True),
        ),
        "Doubler": (Field("doubler", "Everyone passed: the next hand counts double", "true"),),
    },
    "california_jack": {
        "Played": (
            Field("card_points", "Card points captured", "number", 0, 80, per_seat=True),
            Field(
                "honours", "Honours captured", "set", options=("high", "low", "jack"), per_seat=True
            ),
        ),
    },
}
"""Each game's quick-entry forms (the data keys its module documents), by kind of hand."""


def _number_or_text(text: str) -> int | str:
    return int(text) if text.isdigit() else text


class QuickEntryDialog(QDialog):
    """The session's game's forms, one per kind of hand; OK records the result as one
    undoable action, or shows the engine's reason and stays open."""

    def __init__(self, session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        ledger = session.ledger
        self.setWindowTitle(f"Quick entry: {ledger.game.title}, hand {len(ledger.hands)}")
        self.kind = QComboBox()
        self.kind.setAccessibleName("Kind of hand")
        self.pages = QStackedWidget()
        self.forms: list[dict[str, tuple[Field, Value]]] = []
        for title, fields in FORMS.get(ledger.game.id, {}).items():
            page = QWidget()
            form = QFormLayout(page)
            values: dict[str, tuple[Field, Value]] = {}
            for field in fields:
                widget, value = self._editor(field, session.names, ledger.side_names)
                form.addRow(field.label, widget)
                values[field.key] = (field, value)
            self.kind.addItem(title)
            self.pages.addWidget(page)
            self.forms.append(values)
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

    def _editor(
        self, field: Field, names: Sequence[str], sides: Sequence[str]
    ) -> tuple[QWidget, Value]:
        widget, value = self._single(field, names, sides)
        widget.setObjectName(field.key)
        return widget, value

    def _single(
        self, field: Field, names: Sequence[str], sides: Sequence[str]
    ) -> tuple[QWidget, Value]:
        if field.per_seat:
            row = QWidget()
            box = QHBoxLayout(row)
            box.setContentsMargins(0, 0, 0, 0)
            parts = []
            for seat, name in enumerate(names):
                single = Field(
                    f"{field.key}.{seat}", name, field.kind, field.low, field.high, field.options
                )
                widget, value = self._editor(single, names, sides)
                widget.setAccessibleName(f"{field.label}: {name}")
                box.addWidget(QLabel(name))
                box.addWidget(widget)
                parts.append(value)
            return row, lambda: [value() for value in parts]
        if field.kind == "true":
            return QLabel("Yes"), lambda: True
        if field.kind == "flag":
            check = QCheckBox()
            return check, check.isChecked
        if field.kind == "set":
            holder = QWidget()
            box = QHBoxLayout(holder)
            box.setContentsMargins(0, 0, 0, 0)
            checks = [QCheckBox(option) for option in field.options]
            for check in checks:
                box.addWidget(check)
            return holder, lambda: [c.text() for c in checks if c.isChecked()]
        if field.kind == "number":
            spin = QSpinBox()
            spin.setRange(field.low - (1 if field.optional else 0), field.high)
            if field.optional:
                spin.setSpecialValueText("—")
                spin.setValue(spin.minimum())
            return spin, lambda: NOT_SET if spin.value() < field.low else spin.value()
        combo = QComboBox()
        labels = {"seat": list(names), "side": list(sides)}.get(field.kind, list(field.options))
        if field.optional:
            combo.addItem("—", NOT_SET)
        for index, label in enumerate(labels):
            combo.addItem(
                label, index if field.kind in ("seat", "side") else _number_or_text(label)
            )
        return combo, combo.currentData

    def data(self) -> dict[str, Any]:
        """The current form's result as the game's data keys (unset optional keys left out)."""
        values = self.forms[self.kind.currentIndex()] if self.forms else {}
        return {
            key: got for key, (_field, value) in values.items() if (got := value()) is not NOT_SET
        }

    def accept(self) -> None:
        try:
            self.session.quick(self.data())
        except Refused as refusal:
            self.message.setText(f"Not recorded: {refusal}")
            return
        super().accept()
