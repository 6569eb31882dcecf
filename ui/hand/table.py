"""The table: seats around it, the dealer button, roles, tricks and points, the trick on it."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from scorekeeper.cards import Card

from .cards import suit_colour
from .summary import plural


@dataclass(frozen=True)
class SeatView:
    """What the table shows for one seat."""

    name: str
    dealer: bool = False
    to_act: bool = False
    sitting_out: bool = False
    roles: tuple[str, ...] = ()
    tricks: int = 0
    points: int | None = None
    card: Card | None = None  # in front of the seat on the current trick
    won_last: bool = False  # took the trick whose cards are shown


@dataclass(frozen=True)
class TableView:
    seats: tuple[SeatView, ...]
    centre: str = ""  # trump, upcard, contract: a line in the middle of the table
    last_trick: bool = False  # the cards shown are the trick just completed


FELT_MARGIN = 8


class TableWidget(QWidget):
    """Paints a :class:`TableView`; :meth:`show_view` repaints only when the view changed.
    A click on a seat emits ``seat_clicked`` with its number."""

    seat_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = TableView(())
        self.large = False
        self._felt_cache: QPixmap | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(420, 200)  # the table still reads in a 1024×600 window
        self.setAccessibleName("Table")

    def sizeHint(self) -> QSize:
        return QSize(560, 380)

    def show_view(self, view: TableView) -> None:
        if view != self.view:
            self.view = view
            self.setAccessibleDescription(self.describe())
            self.update()

    def set_large(self, large: bool) -> None:
        self.large = large
        self.update()

    def describe(self) -> str:
        """The table in words (for screen readers and tests)."""
        parts = []
        for seat in self.view.seats:
            words = [seat.name]
            if seat.dealer:
                words.append("dealer")
            words += list(seat.roles)
            if seat.to_act:
                words.append("to play")
            if seat.card is not None:
                words.append(str(seat.card))
            parts.append(" ".join(words))
        return "; ".join(parts)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        for seat, box in enumerate(self.seat_boxes()):
            if box.contains(point):
                self.seat_clicked.emit(seat)
                return
        super().mousePressEvent(event)

    # -- painting -------------------------------------------------------------

    def _seat_size(self) -> tuple[float, float]:
        """A seat's box: its full size, or smaller on a small table so every seat fits."""
        scale = 1.5 if self.large else 1.0
        return (
            min(180 * scale, (self.width() - 2 * FELT_MARGIN) / 3.2),
            min(60 * scale, (self.height() - 2 * FELT_MARGIN) / 3.4),
        )

    def felt(self) -> QRectF:
        return QRectF(self.rect()).adjusted(FELT_MARGIN, FELT_MARGIN, -FELT_MARGIN, -FELT_MARGIN)

    def seat_boxes(self) -> list[QRectF]:
        """Where each seat's box is drawn (its dealer button inside it)."""
        width, height = self._seat_size()
        return [
            QRectF(pos.x() - width / 2, pos.y() - height / 2, width, height)
            for pos in self._positions()
        ]

    def _positions(self) -> list[QPointF]:
        """Seat centres round the table, each box (and its dealer button) inside the felt."""
        count = len(self.view.seats)
        centre = QPointF(self.width() / 2, self.height() / 2)
        width, height = self._seat_size()
        room = FELT_MARGIN + 6
        rx = max(0.0, min(self.width() * 0.36, self.width() / 2 - room - width / 2))
        ry = max(0.0, min(self.height() * 0.36, self.height() / 2 - room - height / 2))
        # seat 0 at the bottom, then clockwise (left, top, right for four)
        return [
            centre
            + QPointF(
                -rx * math.sin(2 * math.pi * i / count), ry * math.cos(2 * math.pi * i / count)
            )
            for i in range(count)
        ]

    def _felt(self) -> QPixmap:
        """The table top, drawn once per size and palette (the costly part of a repaint)."""
        ratio = self.devicePixelRatioF()
        if self._felt_cache is None or self._felt_cache.size() != self.size() * ratio:
            pixmap = QPixmap(self.size() * ratio)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            light = self.palette().color(QPalette.ColorRole.Window).lightness() >= 128
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#1f5f3a") if light else QColor("#17402a"))
            painter.drawRoundedRect(self.felt(), 40, 40)
            painter.end()
            self._felt_cache = pixmap
        return self._felt_cache

    def changeEvent(self, event) -> None:
        if event.type() == event.Type.PaletteChange:
            self._felt_cache = None
        super().changeEvent(event)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._felt())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.view.seats:
            return
        scale = 1.5 if self.large else 1.0
        base = QFont(self.font())
        name_font = QFont(base)
        name_font.setPointSizeF(base.pointSizeF() * 1.1 * scale)
        name_font.setBold(True)
        small = QFont(base)
        small.setPointSizeF(base.pointSizeF() * 0.95 * scale)
        card_font = QFont(base)
        card_font.setPointSizeF(base.pointSizeF() * 1.6 * scale)
        card_font.setBold(True)
        light = QColor("#f4f4f0")
        centre = QPointF(self.width() / 2, self.height() / 2)
        if self.view.centre:
            painter.setFont(small)
            painter.setPen(light)
            painter.drawText(
                QRectF(centre.x() - 150, centre.y() - 12, 300, 24),
                Qt.AlignmentFlag.AlignCenter,
                self.view.centre,
            )
        card_w, card_h = 44 * scale, 60 * scale
        for seat, pos, box in zip(
            self.view.seats, self._positions(), self.seat_boxes(), strict=True
        ):
            if seat.to_act:
                painter.setPen(QPen(QColor("#ffd54f"), 3))
                painter.setBrush(QColor(255, 213, 79, 40))
            else:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(0, 0, 0, 60))
            painter.drawRoundedRect(box, 10, 10)
            painter.setPen(QColor("#9e9e9e") if seat.sitting_out else light)
            painter.setFont(name_font)
            painter.drawText(
                box.adjusted(6, 2, -6, -box.height() / 2), Qt.AlignmentFlag.AlignCenter, seat.name
            )
            painter.setFont(small)
            detail = [*seat.roles, plural(seat.tricks, "trick")]
            if seat.points is not None:
                detail.append(f"{seat.points} pts")
            painter.drawText(
                box.adjusted(6, box.height() / 2, -6, -2),
                Qt.AlignmentFlag.AlignCenter,
                " · ".join(detail),
            )
            if seat.dealer:
                size = min(22 * scale, box.height() / 2 - 2)  # inside the box: never clipped
                chip = QRectF(box.right() - size - 3, box.top() + 3, size, size)
                painter.setBrush(QColor("#fafafa"))
                painter.setPen(QPen(QColor("#424242"), 1))
                painter.drawEllipse(chip)
                painter.setPen(QColor("#212121"))
                painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, "D")
            if seat.card is not None:
                toward = centre + (pos - centre) * 0.45
                face = QRectF(toward.x() - card_w / 2, toward.y() - card_h / 2, card_w, card_h)
                painter.setBrush(
                    QColor("#fdfdf8") if not self.view.last_trick else QColor("#d8d8d0")
                )
                painter.setPen(
                    QPen(QColor("#ffd54f"), 3) if seat.won_last else QPen(QColor("#616161"), 1)
                )
                painter.drawRoundedRect(face, 5, 5)
                painter.setFont(card_font)
                painter.setPen(suit_colour(seat.card.suit, _LIGHT))
                painter.drawText(face, Qt.AlignmentFlag.AlignCenter, str(seat.card))
        painter.end()


_LIGHT = QPalette(QColor("#eeeeee"))
