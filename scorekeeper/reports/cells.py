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
        """Greedy line breaking at spaces, measuring each word once."""
        words = self.text.split(" ")
        widths = [text_width(word, self.size, self.font) for word in words]
        space = text_width(" ", self.size, self.font)
        if sum(widths) + space * (len(words) - 1) <= width:
            return [self.text]
        lines: list[str] = []
        line: list[str] = []
        used = 0.0
        for word, word_width in zip(words, widths, strict=True):
            if line and used + space + word_width <= width:
                line.append(word)
                used += space + word_width
                continue
            if line:
                lines.append(" ".join(line))
            while word_width > width and len(word) > 1:
                cut = self._fit(word, width)
                lines.append(word[:cut])
                word = word[cut:]
                word_width = text_width(word, self.size, self.font)
            line, used = [word], word_width
        lines.append(" ".join(line))
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
