"""A frameless area that scrolls what it holds up and down when there is not room for it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


def scrolling(widget: QWidget, parent: QWidget | None = None) -> QScrollArea:
    """``widget`` in a frameless area that scrolls it up and down (never sideways) when it
    is taller than the room it is given."""
    area = QScrollArea(parent)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(widget)
    area.viewport().setAutoFillBackground(False)
    widget.setAutoFillBackground(False)
    return area
