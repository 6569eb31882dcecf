"""The desk's choice of format: the format, and a field for every option the format
declares about itself (its movement, rounds, hands, byes, scoring…), each with its
explanation beneath, as the new match form shows a game's house options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.club.formats import formats
from scorekeeper.club.formats.base import Format, Option
from scorekeeper.games.base import HouseOption

from .new_match import OptionField


def house_option(option: Option) -> HouseOption:
    """A format's option as a field shows it: its values and the words for them."""
    values, labels = zip(*option.choices, strict=True)
    return HouseOption(option.id, option.title, option.explanation, option.default, values, labels)


class FormatChoice(QWidget):
    """The format, and its options below it (scrolling when they are more than fit)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.format_box = QComboBox()
        self.format_box.setObjectName("deskFormat")
        for fmt in formats():
            self.format_box.addItem(fmt.title)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setTextFormat(Qt.TextFormat.PlainText)
        self.fields: list[OptionField] = []
        self.fields_box = QWidget()
        self.fields_layout = QVBoxLayout(self.fields_box)
        self.fields_layout.addStretch(1)
        self.scrolling = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes on to the fields in it
        scroll.setWidget(self.fields_box)
        top = QFormLayout()
        top.addRow("For&mat", self.format_box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.about)
        layout.addWidget(scroll, 1)
        self.format_box.currentIndexChanged.connect(
            lambda index: self._fields(formats()[index], {})
        )
        self._fields(formats()[0], {})

    def chosen_format(self) -> Format:
        return formats()[self.format_box.currentIndex()]

    def chosen(self) -> dict[str, Any]:
        """Every option's value as the fields show it."""
        return {field.option.id: field.value for field in self.fields}

    def show_settings(self, fmt: Format, settings: Mapping[str, Any]) -> None:
        """Show ``fmt`` with ``settings`` (an option not among them at its default)."""
        self.format_box.blockSignals(True)
        self.format_box.setCurrentIndex(formats().index(fmt))
        self.format_box.blockSignals(False)
        self._fields(fmt, settings)

    def _fields(self, fmt: Format, settings: Mapping[str, Any]) -> None:
        for field in self.fields:
            self.fields_layout.removeWidget(field)
            field.hide()
            field.deleteLater()
        self.about.setText(fmt.description)
        self.fields = []
        for option in fmt.options:
            field = OptionField(house_option(option))
            value = settings.get(option.id, option.default)
            field.set_value(value if value in field.option.choices else option.default)
            self.fields_layout.insertWidget(len(self.fields), field)
            field.show()  # at once: Tab reaches it before the window's next paint
            self.fields.append(field)
        # never narrower than its fields: it scrolls up and down only
        bar = self.scrolling.verticalScrollBar().sizeHint().width()
        self.scrolling.setMinimumWidth(self.fields_box.minimumSizeHint().width() + bar)
