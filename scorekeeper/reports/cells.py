"""A light table cell for long score-sheet tables: plain text wrapped at spaces, suit
symbols in colour, drawn straight onto the canvas (no markup is parsed, so nothing in the
text can act as markup)."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, black
from reportlab.platypus import Flowable

from scorekeeper.reports.fonts import FONT, printable, runs, text_width
from scorekeeper.reports.text import RED, RED_SUITS, shorten, text_out, visual

_RED = HexColor(RED)


class TextCell(Flowable):
    """``text`` wrapped to the cell's width; a word longer than a line is cut across lines.
    With ``wrap=False`` the text stays on one line (a name shortened to fit already); with
    ``most_lines`` a text that needs more lines ends its last one with an ellipsis (a cell
    never outgrows a page); with ``width`` the lines are that wide, running on over empty
    cells beside this one."""

    def __init__(
        self,
        text: str,
        size: float = 8,
        color: Color = black,
        font: str = FONT,
        wrap: bool = True,
        most_lines: int | None = None,
        width: float | None = None,
    ) -> None:
        super().__init__()
        self.text = printable(text)  # broken into lines in logical order, each then drawn
        # in visual order, so a right-to-left name cut over two lines reads on
        self.size = size
        self.leading = size * 1.2
        self.color = color
        self.font = font
        self.wraps = wrap
        self.most_lines = most_lines
        self.line_width = width
        self._lines: list[str] = [] if wrap else [visual(self.text)]
        self._wrapped_for: float | None = None

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        available_width = self.line_width or available_width
        if self._wrapped_for != available_width and self.wraps:
            lines = self._break(available_width)
            if self.most_lines and len(lines) > self.most_lines:
                last = " ".join(lines[self.most_lines - 1 :]) + "…"
                lines[self.most_lines - 1 :] = [
                    shorten(last, available_width, self.size, self.font)
                ]
            self._lines = [visual(line) for line in lines]
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
        canvas.setFillColor(self.color)
        y = self.height - self.size
        for line in self._lines:
            if line.isascii() or (
                RED_SUITS.isdisjoint(line) and runs(line, self.font) == [(self.font, line)]
            ):
                canvas.drawString(0, y, line)
            else:
                self._draw_runs(line, y)
            y -= self.leading

    def _draw_runs(self, line: str, y: float) -> None:
        """A line with red suits or characters from the fallback font."""
        canvas = self.canv
        text = canvas.beginText(0, y)
        for part in _colour_runs(line):
            text.setFillColor(_RED if part[0] in RED_SUITS else self.color)
            text_out(text, part, self.font, self.size)
        canvas.drawText(text)


def _colour_runs(line: str) -> list[str]:
    """``line`` cut so that each red suit symbol is a part of its own."""
    parts: list[str] = []
    for char in line:
        if char in RED_SUITS or not parts or parts[-1][0] in RED_SUITS:
            parts.append(char)
        else:
            parts[-1] += char
    return parts


NAME_LINES = 6
"""The most lines a wrapped name takes (a name of the longest a file allows takes fewer)."""


def wrapped_name(
    name: str, size: float = 8, font: str = FONT, width: float | None = None
) -> TextCell:
    """A player's or team's name wrapped at spaces to its cell (or to ``width``), never
    cut in a word."""
    return TextCell(name, size, font=font, most_lines=NAME_LINES, width=width)
