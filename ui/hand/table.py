"""The table: seats around it, the dealer button, roles, tricks and points, the trick on it."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, QSizeF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import QScrollArea, QSizePolicy, QWidget

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
        self._pixmaps: dict[tuple[Any, ...], QPixmap] = {}  # seats' boxes and card faces, as drawn
        self._overlay: QScrollArea | None = None
        self._faces: list[QRectF] = []
        self._faces_key: tuple[Any, ...] = ()
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
        """A seat's box: its full size, or smaller on a small table so every seat fits (as
        low as one line: the name and its figures side by side)."""
        scale = 1.5 if self.large else 1.0
        room = self.height() - 2 * FELT_MARGIN
        height = min(60 * scale, room / 4.6)  # room left for the trick between the seats
        if height < self._two_lines():
            height = self._two_lines() if room / 3.4 >= self._two_lines() else self._one_line()
        return min(180 * scale, (self.width() - 2 * FELT_MARGIN) / 3.2), height

    def _one_line(self) -> float:
        """A seat's box of one line."""
        return QFontMetricsF(self._fonts()[0]).height() + 6

    def _two_lines(self) -> float:
        """A seat's box with the name over its figures."""
        name_font, small, _ = self._fonts()
        return QFontMetricsF(name_font).height() + QFontMetricsF(small).height() + 8

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

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == event.Type.PaletteChange:
            self._felt_cache = None
        if event.type() == event.Type.FontChange:
            self._pixmaps.clear()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._felt())
        if not self.view.seats:
            return
        if self.view.centre:
            painter.setFont(self._fonts()[1])
            painter.setPen(_TEXT)
            painter.drawText(self.centre_line(), Qt.AlignmentFlag.AlignCenter, self.view.centre)
        for seat, box, face in zip(
            self.view.seats, self.seat_boxes(), self.card_faces(), strict=True
        ):
            painter.drawPixmap(box.topLeft() - QPointF(_BLEED, _BLEED), self._plate(seat, box))
            self._draw_card(painter, seat, face)
        painter.end()

    def card_faces(self) -> list[QRectF]:
        """Where each seat's card on the trick is drawn, between its box and the centre:
        never over a seat's box, another card or the line in the middle (smaller cards
        on a small table)."""
        key = (self.size(), len(self.view.seats), self.large, self.view.centre, self.font().key())
        if self._faces_key != key:
            self._faces = self._place_faces()
            self._faces_key = key
        return self._faces

    def _place_faces(self) -> list[QRectF]:
        scale = 1.5 if self.large else 1.0
        centre = QPointF(self.width() / 2, self.height() / 2)
        positions = self._positions()
        felt, boxes = self.felt(), self.seat_boxes()
        faces: list[QRectF] = []
        for avoid in ([*boxes, self.centre_line()], boxes):
            for size in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):
                width, height = 44 * scale * size, 60 * scale * size
                for step in (0.45, 0.4, 0.5, 0.35, 0.55, 0.3, 0.6, 0.25, 0.65):
                    faces = [
                        QRectF(at.x() - width / 2, at.y() - height / 2, width, height)
                        for at in (centre + (pos - centre) * step for pos in positions)
                    ]
                    if _apart(faces, avoid, felt):
                        return faces
        return faces

    def centre_line(self) -> QRectF:
        """Where the line in the middle of the table (trump, the contract) is written."""
        if not self.view.centre:
            return QRectF()
        metrics = QFontMetricsF(self._fonts()[1])
        width = min(metrics.horizontalAdvance(self.view.centre) + 8, self.felt().width())
        place = QRectF(0, 0, width, metrics.height() + 4)
        place.moveCenter(QPointF(self.width() / 2, self.height() / 2))
        return place

    # -- a widget over the table (the end-of-hand summary) ---------------------------------

    def set_overlay(self, widget: QScrollArea) -> None:
        """Keep ``widget`` (a scrolling area, made a child) where it covers no seat and no
        card of the trick: placed again when the table is resized, and by
        :meth:`place_overlay` once the owner has changed the view or what it holds."""
        widget.setParent(self)
        self._overlay = widget

    def place_overlay(self) -> None:
        """Put the overlay, when shown, where :meth:`open_place` finds room."""
        widget = self._overlay
        if widget is None or widget.isHidden():
            return
        widget.setGeometry(self.open_place(widget).toAlignedRect())

    def open_place(self, area: QScrollArea) -> QRectF:
        """The first open place on the felt for what ``area`` holds: the centre, else a
        corner, as wide as fits there (its text wraps), whole if it can be; else the
        tallest such place, where it scrolls. A place over a seat or a card is taken only
        when no other is left, and one over a card last of all."""
        felt = self.felt().adjusted(12, 12, -12, -12)
        cards = [
            face for seat, face in zip(self.view.seats, self.card_faces(), strict=True) if seat.card
        ]
        taken = cards + self.seat_boxes()
        held = area.widget()
        least = 2 * area.fontMetrics().lineSpacing() + 16  # two lines and the margins
        fallback: QRectF | None = None
        sizes = []
        for wide in (360, 300, 250, 210, 170, 140):
            width = min(wide, int(felt.width()))
            whole = held.heightForWidth(width) if held is not None else least
            sizes.append(QSizeF(width, min(whole, felt.height())))
        for height in range(int(felt.height()), least - 1, -12):  # short: it scrolls
            for wide in (360, 300, 250, 210, 170, 140):
                sizes.append(QSizeF(min(wide, int(felt.width())), height))
        for size in sizes:
            for place in _places(felt, size):
                if not any(place.intersects(other) for other in taken):
                    return place
                if fallback is None and not any(place.intersects(card) for card in cards):
                    fallback = place
        return fallback if fallback is not None else next(_places(felt, sizes[0]))

    def resizeEvent(self, event: QResizeEvent) -> None:
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
        self, key: tuple[Any, ...], size: QSizeF, draw: Callable[[QPainter, QRectF], None]
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
        detail = " · ".join(seat_figures(seat))
        size = min(22 * scale, box.height() / 2 - 2, box.height() - 6)  # the dealer button
        inner = box.adjusted(6, 2, -6 - (size + 3 if seat.dealer else 0), -2)
        if box.height() >= self._two_lines():
            half = box.height() / 2
            _write(painter, inner.adjusted(0, 0, 0, -half + 2), name_font, seat.name)
            _write(painter, inner.adjusted(0, half - 2, 0, 0), small, detail)
        else:  # one line: the name, then its figures
            name = _fitted(name_font, seat.name, inner.width() * 0.5)
            name_width = QFontMetricsF(name).horizontalAdvance(seat.name) + 8
            _write(painter, inner.adjusted(0, 0, -(inner.width() - name_width), 0), name, seat.name)
            _write(painter, inner.adjusted(name_width, 0, 0, 0), small, detail)
        if seat.dealer:
            chip = QRectF(box.right() - size - 3, box.top() + 3, size, size)
            painter.setBrush(QColor("#fafafa"))
            painter.setPen(QPen(QColor("#424242"), 1))
            painter.drawEllipse(chip)
            painter.setPen(QColor("#212121"))
            painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, "D")

    def _face(self, card: Card, face: QRectF) -> QPixmap:
        """A card's face."""
        key = ("card", card, face.width(), face.height(), self.large, self.font().key())

        def draw(painter: QPainter, at: QRectF) -> None:
            painter.setBrush(QColor("#fdfdf8"))
            painter.setPen(QPen(QColor("#616161"), 1))
            painter.drawRoundedRect(at, 5, 5)
            font = QFont(self._fonts()[2])  # as large as the card is
            font.setPointSizeF(font.pointSizeF() * at.height() / (60 * (1.5 if self.large else 1)))
            painter.setFont(font)
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


def seat_figures(seat: SeatView) -> list[str]:
    """What a seat's box says under its name: roles, tricks, points."""
    figures = [*seat.roles, counted(seat.tricks, "trick")]
    if seat.points is not None:
        figures.append(f"{seat.points} pts")
    return figures


def _fitted(font: QFont, text: str, width: float) -> QFont:
    """``font``, made smaller (to seven tenths at most) when ``text`` is wider than ``width``."""
    wide = QFontMetricsF(font).horizontalAdvance(text)
    if wide <= width or wide <= 0:
        return font
    smaller = QFont(font)
    smaller.setPointSizeF(font.pointSizeF() * max(0.7, width / wide))
    return smaller


def _write(painter: QPainter, place: QRectF, font: QFont, text: str) -> None:
    """``text`` centred in ``place``, whole: its font made smaller when it is too wide."""
    painter.setFont(_fitted(font, text, place.width()))
    painter.drawText(place, Qt.AlignmentFlag.AlignCenter, text)


def _apart(faces: list[QRectF], taken: list[QRectF], felt: QRectF) -> bool:
    """The card faces lie on the felt, clear of each other and of what is ``taken``."""
    for number, face in enumerate(faces):
        if not felt.contains(face) or any(face.intersects(other) for other in taken):
            return False
        if any(face.intersects(other) for other in faces[number + 1 :]):
            return False
    return True


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
