"""The standings board: a full-screen page for a projector or TV, readable from across
the room. It shows the round, the standings a page at a time (turning by itself), the
next round's tables and the latest big hands; light or dark.

Keys: Right or Space shows the next page, Left the previous one, D switches light and
dark, F11 switches full screen, Escape leaves full screen. A note at the foot of the
sidebar says when what is shown could not be read afresh."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QPainter,
    QPaintEvent,
)
from PySide6.QtWidgets import QWidget

from scorekeeper.club.formats.board import BoardData

ROWS = 14  # standings rows per column: about 5 cm letters on a 65-inch screen
COLUMNS = 2
TURN_MS = 10_000
SIDEBAR = 0.34  # the next round and big hands, as a part of the width
NAME_SIZE = 0.56  # a name's letters, as a part of the row's height
LONG_NAME_SIZE = 0.4  # a name too long for its line goes on two lines this size
LEFT = Qt.AlignmentFlag.AlignVCenter
LIGHT = {"back": "#ffffff", "text": "#111111", "soft": "#555555", "band": "#1f4e79",
         "band_text": "#ffffff", "stripe": "#eef3f8"}  # fmt: skip
DARK = {"back": "#101418", "text": "#f2f2f2", "soft": "#b8c0c8", "band": "#2d6da3",
        "band_text": "#ffffff", "stripe": "#1b222a"}  # fmt: skip


class StandingsBoard(QWidget):
    closed = Signal()

    def __init__(self, data: BoardData, dark: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"{data.event}: standings")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)  # paintEvent fills it all
        self.data = data
        self.dark = dark
        self.page = 0
        self.note = ""  # why what is shown is not the latest (empty: it is)
        self.layouts: dict[tuple[str, int, int], list[str] | None] = {}  # see _lines
        self.timer = QTimer(self, interval=TURN_MS)
        self.timer.timeout.connect(lambda: self.turn(1))
        self.timer.start()

    # -- what the board shows --------------------------------------------

    def show_data(self, data: BoardData) -> None:
        self.data = data
        self.setWindowTitle(f"{data.event}: standings")
        self.page = min(self.page, self.pages() - 1)
        self.note = ""
        self.update()

    def show_note(self, note: str) -> None:
        self.note = note
        self.update()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.closed.emit()
        super().closeEvent(event)

    def pages(self) -> int:
        return max(1, -(-len(self.data.standings) // (ROWS * COLUMNS)))

    def visible(self) -> tuple[tuple[str, str, str], ...]:
        """The standings rows on the page shown now."""
        first = self.page * ROWS * COLUMNS
        return self.data.standings[first : first + ROWS * COLUMNS]

    def turn(self, by: int) -> None:
        self.page = (self.page + by) % self.pages()
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Space):
            self.turn(1)
        elif key == Qt.Key.Key_Left:
            self.turn(-1)
        elif key == Qt.Key.Key_D:
            self.dark = not self.dark
            self.update()
        elif key == Qt.Key.Key_F11:
            self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)
        elif key == Qt.Key.Key_Escape:
            self.setWindowState(self.windowState() & ~Qt.WindowState.WindowFullScreen)
        else:
            super().keyPressEvent(event)

    # -- drawing ----------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        colours = {k: QColor(v) for k, v in (DARK if self.dark else LIGHT).items()}
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        width, height = self.width(), self.height()
        row = self._row()
        painter.fillRect(self.rect(), colours["back"])
        band = QRectF(0, 0, width, row * 1.5)
        painter.fillRect(band, colours["band"])
        painter.setPen(colours["band_text"])
        painter.setFont(self._font(row * 0.62, bold=True))
        pad = row * 0.4
        painter.drawText(
            band.adjusted(pad, 0, -pad, 0), Qt.AlignmentFlag.AlignVCenter, self.data.event
        )
        painter.setFont(self._font(row * 0.5))
        painter.drawText(
            band.adjusted(pad, 0, -pad, 0),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
            self.data.heading,
        )
        side = width * SIDEBAR
        self._standings(
            painter, colours, QRectF(pad, band.bottom() + pad, width - side - 2 * pad, height), row
        )
        self._sidebar(
            painter,
            colours,
            QRectF(width - side, band.bottom() + pad, side - pad, height - band.bottom() - 2 * pad),
            row,
        )
        painter.end()

    def _row(self) -> float:
        """A standings row's height in pixels."""
        return self.height() / (ROWS + 3.2)

    def _name_room(self, row: float) -> int:
        """How wide a name may be in pixels, between its place and its points."""
        standings_width = self.width() * (1 - SIDEBAR) - 2 * row * 0.4
        return int(standings_width / COLUMNS - row * 0.3 - row * 4.1)

    def shown_name(self, name: str) -> tuple[QFont, list[str]]:
        """How the board at its size shows ``name``: the font and the lines (one line in
        the standings' letters when it fits, else two in smaller ones)."""
        row = self._row()
        lines = self._lines(name, row, self._name_room(row))
        if lines is None:
            return self._font(row * NAME_SIZE), [name]
        return self._font(row * LONG_NAME_SIZE), lines

    def _lines(self, name: str, row: float, room: int) -> list[str] | None:
        """None when ``name`` fits on one line in the standings' letters, else its lines in
        the smaller ones; kept, as names repeat from frame to frame."""
        key = (name, self.width(), self.height())
        if key not in self.layouts:
            fits = QFontMetrics(self._font(row * NAME_SIZE)).horizontalAdvance(name) <= room
            small = self._font(row * LONG_NAME_SIZE)
            self.layouts[key] = None if fits else self.name_lines(name, small, room)
        return self.layouts[key]

    def _font(self, pixels: float, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(8, round(pixels)))
        font.setBold(bold)
        return font

    def _standings(
        self, painter: QPainter, colours: dict[str, Any], area: QRectF, row: float
    ) -> None:
        painter.setFont(self._font(row * 0.42))
        painter.setPen(colours["soft"])
        first = self.page * ROWS * COLUMNS + 1
        shown = self.visible()
        title = f"Standings {first}–{first + len(shown) - 1} of {len(self.data.standings)}"
        if not shown:
            title = "No standings yet"
        if self.pages() > 1:
            title += f"  (page {self.page + 1} of {self.pages()})"
        painter.drawText(
            QRectF(area.left(), area.top(), area.width(), row * 0.8),
            Qt.AlignmentFlag.AlignVCenter,
            title,
        )
        column = area.width() / COLUMNS
        cells = []
        for index in range(len(shown)):
            x = area.left() + (index // ROWS) * column
            y = area.top() + row * 0.9 + (index % ROWS) * row
            cells.append(QRectF(x, y, column - row * 0.3, row))
            if index % 2:
                painter.fillRect(cells[-1], colours["stripe"])
        painter.setPen(colours["text"])
        room = self._name_room(row)
        long_names: list[tuple[QRectF, list[str]]] = []
        # one pass per font, text placed on its baseline: the board redraws in a frame
        for bold in (False, True):
            painter.setFont(self._font(row * NAME_SIZE, bold))
            metrics = painter.fontMetrics()
            drop = (row + metrics.ascent() - metrics.descent()) / 2
            for cell, (place, name, points) in zip(cells, shown, strict=True):
                baseline = cell.top() + drop
                if bold:
                    left = cell.right() - row * 0.15 - metrics.horizontalAdvance(points)
                    painter.drawText(QPointF(left, baseline), points)
                    continue
                painter.drawText(QPointF(cell.left() + row * 0.15, baseline), place)
                lines = self._lines(name, row, room)
                if lines is None:
                    painter.drawText(QPointF(cell.left() + row * 1.9, baseline), name)
                else:
                    long_names.append((cell, lines))
        if long_names:  # on two lines in smaller letters, whole where they fit
            painter.setFont(self._font(row * LONG_NAME_SIZE))
            metrics = painter.fontMetrics()
            for cell, lines in long_names:
                top = cell.top() + (row - len(lines) * metrics.lineSpacing()) / 2
                for number, line in enumerate(lines):
                    baseline = top + number * metrics.lineSpacing() + metrics.ascent()
                    painter.drawText(QPointF(cell.left() + row * 1.9, baseline), line)

    @staticmethod
    def name_lines(name: str, font: QFont, room: int) -> list[str]:
        """``name`` in at most two lines of ``font`` no wider than ``room`` pixels, broken
        between words or after a hyphen (inside a word only when it is wider than a line);
        what still does not fit ends the second line with an ellipsis."""
        metrics = QFontMetrics(font)
        lines: list[str] = []
        for word in name.split():
            parts = re.findall(r"[^-]+-+|[^-]+|-+", word)  # Smith-Jones: "Smith-" "Jones"
            for number, part in enumerate(parts):
                joined = f"{lines[-1]}{' ' if number == 0 else ''}{part}" if lines else part
                if lines and metrics.horizontalAdvance(joined) <= room:
                    lines[-1] = joined
                    continue
                while metrics.horizontalAdvance(part) > room and len(part) > 1:
                    cut = len(part) - 1
                    while cut > 1 and metrics.horizontalAdvance(part[:cut]) > room:
                        cut -= 1
                    lines.append(part[:cut])
                    part = part[cut:]
                lines.append(part)
        if len(lines) > 2:
            rest = "".join(
                line if line.endswith("-") else f"{line} " for line in lines[1:]
            ).rstrip()
            lines = [lines[0], metrics.elidedText(rest, Qt.TextElideMode.ElideRight, room)]
        return lines

    def _sidebar(
        self, painter: QPainter, colours: dict[str, Any], area: QRectF, row: float
    ) -> None:
        y = area.top()
        line = row * 0.62
        for title, entries, room in (
            ("Next round", self.data.next_round, 5),
            ("Big hands", self.data.big_hands, 4),
        ):
            painter.setPen(colours["soft"])
            painter.setFont(self._font(row * 0.42, bold=True))
            painter.drawText(QRectF(area.left(), y, area.width(), row * 0.8), LEFT, title)
            y += row * 0.8
            painter.setPen(colours["text"])
            painter.setFont(self._font(row * 0.4))
            metrics = painter.fontMetrics()
            start = (self.page * room) % len(entries) if len(entries) > room else 0
            for entry in entries[start : start + room] or ("none yet",):
                # a table's two sides on two lines, so every name stays whole
                first, *rest = entry.split(" against ", 1)
                for words, indent in [(first, 0.0), *((f"against {r}", row * 0.5) for r in rest)]:
                    width = int(area.width() - indent)
                    shown = metrics.elidedText(words, Qt.TextElideMode.ElideRight, width)
                    painter.drawText(QRectF(area.left() + indent, y, width, line), LEFT, shown)
                    y += line
            if len(entries) > room:  # the rest shows as the pages turn
                painter.setPen(colours["soft"])
                rest_words = f"{start + 1}–{min(start + room, len(entries))} of {len(entries)}"
                painter.drawText(QRectF(area.left(), y, area.width(), line), LEFT, rest_words)
                y += line
            y += row * 0.5
        if self.note:  # at the foot, on up to two lines, over whatever is above it
            painter.setPen(colours["soft"])
            painter.setFont(self._font(row * 0.32))
            tall = 2 * painter.fontMetrics().lineSpacing()
            foot = QRectF(area.left(), area.bottom() - tall, area.width(), tall)
            painter.fillRect(foot, colours["back"])
            painter.setClipRect(foot)
            painter.drawText(foot, Qt.TextFlag.TextWordWrap, self.note)
            painter.setClipping(False)
