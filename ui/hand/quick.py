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
    QVBoxLayout,
    QWidget,
)

from scorekeeper.adjudicator import Refused

Value = Callable[[], Any]
NOT_SET = object()


@dataclass(frozen=True)
class Field:
    """One data key: ``kind`` is ``flag``, ``number`` (``low``–``high``), ``seat``, ``side``
    or ``choice`` (``options``); ``per_seat`` makes it a list by seat; ``optional`` leaves
    the key out unless set."""

    key: str
    label: str
    kind: str
    low: int = 0
    high: int = 0
    options: tuple[str, ...] = ()
    per_seat: bool = False
    optional: bool = False
    exclusive: bool = False  # when set, the result is this key alone (everyone passed)


FORMS: dict[str, tuple[Field, ...]] = {
    "euchre": (
        Field("passed", "Everyone passed", "flag", optional=True, exclusive=True),
        Field("makers", "Makers", "side"),
        Field("tricks", "Tricks the makers took", "number", 0, 5),
        Field("alone", "Maker went alone", "flag"),
        Field("defender_alone", "A defender defended alone", "flag"),
        Field(
            "trump",
            "Trump",
            "choice",
            options=("clubs", "diamonds", "hearts", "spades"),
            optional=True,
        ),
        Field("renege", "Renege let stand by", "side", optional=True),
    ),
    "spades": (
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
    "sheepshead": (
        Field("picker", "Picker", "seat", optional=True),
        Field("partner", "Partner", "seat", optional=True),
        Field("alone", "Picker went alone", "flag"),
        Field("points", "Picking side's card points", "number", 0, 120, optional=True),
        Field("tricks", "Tricks the picking side took", "number", 0, 6, optional=True),
        Field("schwanzer", "Schwanzer points", "number", 0, 30, per_seat=True, optional=True),
    ),
    "california_jack": (Field("points", "Points won", "number", 0, 30, per_seat=True),),
}


def _number_or_text(text: str) -> int | str:
    return int(text) if text.isdigit() else text


class QuickEntryDialog(QDialog):
    """The form of the session's game; OK records the result as one undoable action."""

    def __init__(self, session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        ledger = session.ledger
        self.setWindowTitle(f"Quick entry: {ledger.game.title}, hand {len(ledger.hands)}")
        self.values: dict[str, tuple[Field, Value]] = {}
        form = QFormLayout()
        for field in FORMS.get(ledger.game.id, ()):
            widget, value = self._editor(field, session.names, ledger.side_names)
            form.addRow(field.label, widget)
            self.values[field.key] = (field, value)
        self.message = QLabel()
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)

    def _editor(
        self, field: Field, names: Sequence[str], sides: Sequence[str]
    ) -> tuple[QWidget, Value]:
        if field.per_seat:
            row = QWidget()
            box = QHBoxLayout(row)
            box.setContentsMargins(0, 0, 0, 0)
            parts = []
            for name in names:
                single = Field(field.key, name, field.kind, field.low, field.high, field.options)
                widget, value = self._editor(single, names, sides)
                widget.setAccessibleName(f"{field.label}: {name}")
                box.addWidget(QLabel(name))
                box.addWidget(widget)
                parts.append(value)
            return row, lambda: [value() for value in parts]
        if field.kind == "flag":
            check = QCheckBox()
            return check, lambda: check.isChecked() or (NOT_SET if field.optional else False)
        if field.kind == "number":
            spin = QSpinBox()
            spin.setRange(field.low - (1 if field.optional else 0), field.high)
            if field.optional:
                spin.setSpecialValueText("—")
                spin.setValue(spin.minimum())
            return (
                spin,
                lambda: NOT_SET if field.optional and spin.value() < field.low else spin.value(),
            )
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
        """The result as the game's quick-entry keys (unset optional keys left out)."""
        out = {}
        for key, (field, value) in self.values.items():
            got = value()
            if got is NOT_SET:
                continue
            if field.exclusive:
                return {key: got}
            out[key] = got
        return out

    def accept(self) -> None:
        try:
            self.session.quick(self.data())
        except Refused as refusal:
            self.message.setText(f"Not recorded: {refusal}")
            return
        super().accept()
