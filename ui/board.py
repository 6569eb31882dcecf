"""The standings board: a full-screen page for a projector or TV, readable from across
the room. It shows the round, the standings a page at a time (turning by itself), the
next round's tables and the latest big hands; light or dark.

Keys: Right or Space shows the next page, Left the previous one, D switches light and
dark, F11 switches full screen, Escape leaves full screen."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from scorekeeper.club.formats.board import BoardData

ROWS = 14  # standings rows per column: about 5 cm letters on a 65-inch screen
COLUMNS = 2
TURN_MS = 10_000
LEFT = Qt.AlignmentFlag.AlignVCenter
LIGHT = {"back": "#ffffff", "text": "#111111", "soft": "#555555", "band": "#1f4e79",
         "band_text": "#ffffff", "stripe": "#eef3f8"}  # fmt: skip
DARK = {"back": "#101418", "text": "#f2f2f2", "soft": "#b8c0c8", "band": "#2d6da3",
        "band_text": "#ffffff", "stripe": "#1b222a"}  # fmt: skip


class StandingsBoard(QWidget):
    def __init__(self, data: BoardData, dark: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"{data.event}: standings")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)  # paintEvent fills it all
        self.data = data
        self.dark = dark
        self.page = 0
        self.timer = QTimer(self, interval=TURN_MS)
        self.timer.timeout.connect(lambda: self.turn(1))
        self.timer.start()

    # -- what the board shows --------------------------------------------

    def show_data(self, data: BoardData) -> None:
        self.data = data
        self.page = min(self.page, self.pages() - 1)
        self.update()

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
        row = height / (ROWS + 3.2)
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
        side = width * 0.34
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

    def _font(self, pixels: float, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(8, round(pixels)))
        font.setBold(bold)
        return font

    def _standings(self, painter: QPainter, colours: dict, area: QRectF, row: float) -> None:
        painter.setFont(self._font(row * 0.42))
        painter.setPen(colours["soft"])
        first = self.page * ROWS * COLUMNS + 1
        shown = self.visible()
        title = f"Standings {first}–{first + len(shown) - 1} of {len(self.data.standings)}"
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
        # one pass per font, text placed on its baseline: the board redraws in a frame
        for bold in (False, True):
            painter.setFont(self._font(row * 0.56, bold))
            metrics = painter.fontMetrics()
            drop = (row + metrics.ascent() - metrics.descent()) / 2
            for cell, (place, name, points) in zip(cells, shown, strict=True):
                baseline = cell.top() + drop
                if bold:
                    left = cell.right() - row * 0.15 - metrics.horizontalAdvance(points)
                    painter.drawText(QPointF(left, baseline), points)
                    continue
                painter.drawText(QPointF(cell.left() + row * 0.15, baseline), place)
                room = int(cell.width() - row * 4.1)
                elided = metrics.elidedText(name, Qt.TextElideMode.ElideRight, room)
                painter.drawText(QPointF(cell.left() + row * 1.9, baseline), elided)

    def _sidebar(self, painter: QPainter, colours: dict, area: QRectF, row: float) -> None:
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
