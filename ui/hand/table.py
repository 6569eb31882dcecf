"""The table: seats around it, the dealer button, roles, tricks and points, the trick on it."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from scorekeeper.cards import Card
from scorekeeper.words import counted

from .cards import suit_colour


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
        self._pixmaps: dict[tuple, QPixmap] = {}  # seats' boxes and card faces, as drawn
        self._overlay: QWidget | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(420, 200)  # the table still reads in a 1024×600 window
        self.setAccessibleName("Table")
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)  # the felt covers it all

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
            window = self.palette().color(QPalette.ColorRole.Window)
            pixmap.fill(window)  # opaque: the table is copied, not blended, on each repaint
            light = window.lightness() >= 128
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
        if event.type() == event.Type.FontChange:
            self._pixmaps.clear()
        super().changeEvent(event)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._felt())
        if not self.view.seats:
            return
        centre = QPointF(self.width() / 2, self.height() / 2)
        if self.view.centre:
            painter.setFont(self._fonts()[1])
            painter.setPen(_TEXT)
            painter.drawText(
                QRectF(centre.x() - 150, centre.y() - 12, 300, 24),
                Qt.AlignmentFlag.AlignCenter,
                self.view.centre,
            )
        for seat, box, face in zip(
            self.view.seats, self.seat_boxes(), self.card_faces(), strict=True
        ):
            painter.drawPixmap(box.topLeft() - QPointF(_BLEED, _BLEED), self._plate(seat, box))
            self._draw_card(painter, seat, face)
        painter.end()

    def card_faces(self) -> list[QRectF]:
        """Where each seat's card on the trick is drawn, between its box and the centre."""
        scale = 1.5 if self.large else 1.0
        card_w, card_h = 44 * scale, 60 * scale
        centre = QPointF(self.width() / 2, self.height() / 2)
        return [
            QRectF(toward.x() - card_w / 2, toward.y() - card_h / 2, card_w, card_h)
            for toward in (centre + (pos - centre) * 0.45 for pos in self._positions())
        ]

    # -- a widget over the table (the end-of-hand summary) ---------------------------------

    def set_overlay(self, widget: QWidget) -> None:
        """Keep ``widget`` (a child) where it covers no seat and no card of the trick: placed
        again when the table is resized, and by :meth:`place_overlay` once the owner has
        changed the view or the widget."""
        widget.setParent(self)
        self._overlay = widget

    def place_overlay(self) -> None:
        """Put the overlay, when shown, where :meth:`open_place` finds room."""
        widget = self._overlay
        if widget is None or widget.isHidden():
            return
        widget.setGeometry(self.open_place(widget).toAlignedRect())

    def open_place(self, widget: QWidget) -> QRectF:
        """The first open place for ``widget`` on the felt: the centre, else a corner, as
        wide as fits there (its text wraps). A place over a card is never chosen while one
        that covers no card exists."""
        felt = self.felt().adjusted(12, 12, -12, -12)
        cards = [
            face for seat, face in zip(self.view.seats, self.card_faces(), strict=True) if seat.card
        ]
        taken = cards + self.seat_boxes()
        fallback: QRectF | None = None
        for wide in (360, 300, 250, 210):
            width = min(wide, int(felt.width()))
            size = QSizeF(width, min(widget.heightForWidth(width), felt.height()))
            for place in _places(felt, size):
                if not any(place.intersects(other) for other in taken):
                    return place
                if fallback is None and not any(place.intersects(card) for card in cards):
                    fallback = place
        return fallback if fallback is not None else next(_places(felt, size))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.place_overlay()

    # Each seat's box and each card face is drawn once into a pixmap and reused while it
    # looks the same: a card played redraws one or two seats, not the whole table.

    def _fonts(self) -> tuple[QFont, QFont, QFont]:
        """The seat name's, the small print's and the card face's fonts."""
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
        return name_font, small, card_font

    def _cached(
        self, key: tuple, size: QSizeF, draw: Callable[[QPainter, QRectF], None]
    ) -> QPixmap:
        """The pixmap ``draw`` paints into a ``size`` rectangle (with room for a wide pen
        round it), drawn on first use."""
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            if len(self._pixmaps) > 200:  # names, tricks and cards seen lately are enough
                self._pixmaps.clear()
            ratio = self.devicePixelRatioF()
            outer = QSizeF(size.width() + 2 * _BLEED, size.height() + 2 * _BLEED)
            pixmap = QPixmap((outer * ratio).toSize())
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            draw(painter, QRectF(QPointF(_BLEED, _BLEED), size))
            painter.end()
            self._pixmaps[key] = pixmap
        return pixmap

    def _plate(self, seat: SeatView, box: QRectF) -> QPixmap:
        """A seat's box: its name, roles, tricks and points, the dealer button."""
        shown = replace(seat, card=None, won_last=False)
        key = ("seat", shown, box.width(), box.height(), self.large, self.font().key())
        return self._cached(
            key, box.size(), lambda painter, at: self._draw_seat(painter, shown, at)
        )

    def _draw_seat(self, painter: QPainter, seat: SeatView, box: QRectF) -> None:
        scale = 1.5 if self.large else 1.0
        name_font, small, _ = self._fonts()
        if seat.to_act:
            painter.setPen(QPen(QColor("#ffd54f"), 3))
            painter.setBrush(QColor(255, 213, 79, 40))
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 60))
        painter.drawRoundedRect(box, 10, 10)
        painter.setPen(QColor("#9e9e9e") if seat.sitting_out else _TEXT)
        painter.setFont(name_font)
        painter.drawText(
            box.adjusted(6, 2, -6, -box.height() / 2), Qt.AlignmentFlag.AlignCenter, seat.name
        )
        painter.setFont(small)
        detail = [*seat.roles, counted(seat.tricks, "trick")]
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

    def _face(self, card: Card, face: QRectF) -> QPixmap:
        """A card's face."""
        key = ("card", card, face.width(), self.large, self.font().key())

        def draw(painter: QPainter, at: QRectF) -> None:
            painter.setBrush(QColor("#fdfdf8"))
            painter.setPen(QPen(QColor("#616161"), 1))
            painter.drawRoundedRect(at, 5, 5)
            painter.setFont(self._fonts()[2])
            painter.setPen(suit_colour(card.suit, _LIGHT))
            painter.drawText(at, Qt.AlignmentFlag.AlignCenter, str(card))

        return self._cached(key, face.size(), draw)

    def _draw_card(self, painter: QPainter, seat: SeatView, face: QRectF) -> None:
        """The card in front of a seat: dimmed once the trick is complete, ringed for the
        seat that took it."""
        if seat.card is None:
            return
        painter.drawPixmap(face.topLeft() - QPointF(_BLEED, _BLEED), self._face(seat.card, face))
        if self.view.last_trick or seat.won_last:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setBrush(QColor(0, 0, 0, 38) if self.view.last_trick else Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor("#ffd54f"), 3) if seat.won_last else Qt.PenStyle.NoPen)
            painter.drawRoundedRect(face, 5, 5)


def _places(felt: QRectF, size: QSizeF) -> Iterator[QRectF]:
    """Places for a ``size`` box on the felt: its centre, then its four corners."""
    place = QRectF(QPointF(0, 0), size)
    place.moveCenter(felt.center())
    yield place
    for x in (felt.left(), felt.right() - size.width()):
        for y in (felt.top(), felt.bottom() - size.height()):
            yield QRectF(QPointF(x, y), size)


_BLEED = 2  # room round a cached box for its pen
_TEXT = QColor("#f4f4f0")
_LIGHT = QPalette(QColor("#eeeeee"))
