"""A light table cell for long score-sheet tables: plain text wrapped at spaces, suit
symbols in colour, drawn straight onto the canvas (no markup is parsed, so nothing in the
text can act as markup)."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, black
from reportlab.platypus import Flowable

from scorekeeper.reports.fonts import FONT, text_width
from scorekeeper.reports.text import RED, RED_SUITS, visual

_RED = HexColor(RED)


class TextCell(Flowable):
    """``text`` wrapped to the cell's width; a word longer than a line is cut across lines."""

    def __init__(self, text: str, size: float = 8, color: Color = black, font: str = FONT) -> None:
        super().__init__()
        self.text = visual(text)
        self.size = size
        self.leading = size * 1.2
        self.color = color
        self.font = font
        self._lines: list[str] = []
        self._wrapped_for: float | None = None

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if self._wrapped_for != available_width:
            self._lines = self._break(available_width)
            self._wrapped_for = available_width
        self.width = available_width
        self.height = self.leading * len(self._lines)
        return self.width, self.height

    def _break(self, width: float) -> list[str]:
        if text_width(self.text, self.size, self.font) <= width:
            return [self.text]
        lines: list[str] = []
        line = ""
        for word in self.text.split(" "):
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, self.size, self.font) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = word
            while text_width(line, self.size, self.font) > width and len(line) > 1:
                cut = self._fit(line, width)
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
        return lines

    def _fit(self, word: str, width: float) -> int:
        """How many leading characters of ``word`` fit ``width`` (at least one)."""
        low, high = 1, len(word)
        while low < high:
            middle = (low + high + 1) // 2
            if text_width(word[:middle], self.size, self.font) <= width:
                low = middle
            else:
                high = middle - 1
        return low

    def draw(self) -> None:
        canvas = self.canv
        canvas.setFont(self.font, self.size)
        y = self.height - self.size
        for line in self._lines:
            if RED_SUITS.isdisjoint(line):
                canvas.setFillColor(self.color)
                canvas.drawString(0, y, line)
            else:
                self._draw_runs(line, y)
            y -= self.leading

    def _draw_runs(self, line: str, y: float) -> None:
        canvas = self.canv
        text = canvas.beginText(0, y)
        text.setFont(self.font, self.size)
        run = ""
        for char in line:
            if char in RED_SUITS:
                if run:
                    text.setFillColor(self.color)
                    text.textOut(run)
                    run = ""
                text.setFillColor(_RED)
                text.textOut(char)
            else:
                run += char
        if run:
            text.setFillColor(self.color)
            text.textOut(run)
        canvas.drawText(text)
