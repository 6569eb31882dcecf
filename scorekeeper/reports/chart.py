"""The chart of running totals: one line per player or team, hand by hand."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors

from scorekeeper.reports.fonts import FONT, runs, text_width
from scorekeeper.reports.text import shorten, signed, visual

LINE_COLOURS = (
    colors.HexColor("#1f77b4"),
    colors.HexColor("#d62728"),
    colors.HexColor("#2ca02c"),
    colors.HexColor("#9467bd"),
    colors.HexColor("#ff7f0e"),
    colors.HexColor("#8c564b"),
)
DASHES = (None, (4, 2), (1, 1.5), (6, 2, 1, 2), (2, 3), (8, 3))
"""Each line's dash pattern, so lines that run together can still be told apart."""
MARKERS = ("FilledCircle", "FilledSquare", "FilledDiamond", "FilledTriangle", "Circle", "Square")
LEGEND_SIZE = 7
LEGEND_ROW = 11
LEGEND_COLUMNS = 3
SAMPLE = 18


def nice_step(span: float, most: int) -> int:
    """A whole, round step (1, 2, 5, 10, 20, …) giving at most ``most`` intervals over
    ``span``: axis labels are whole numbers, each printed once."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if span / (step * factor) <= most:
                return step * factor
        step *= 10


def hand_step(hands: int) -> int:
    """A whole, round number of hands between the labels of the hand axis (at most ~10)."""
    return nice_step(hands, 10)


def totals_chart(
    names: Sequence[str], totals: Sequence[Sequence[int]], width: float, height: float = 170
) -> Drawing:
    """Running totals after each hand (``totals[hand][side]``), starting from 0; the
    legend below reads across, a line sample (colour and dash) before each name."""
    sides = len(names)
    series = [
        [(0, 0)] + [(hand + 1, row[side]) for hand, row in enumerate(totals)]
        for side in range(sides)
    ]
    legend_rows = -(-sides // LEGEND_COLUMNS)
    legend_height = LEGEND_ROW * legend_rows + 4
    drawing = Drawing(width, height + legend_height)
    drawing.initialFontName = FONT  # no base-14 font in the file
    plot = LinePlot()
    plot.x, plot.y = 34, legend_height + 22
    plot.width, plot.height = width - 44, height - 30
    plot.data = series
    few = len(totals) <= 30
    for side in range(sides):
        line = plot.lines[side]
        line.strokeColor = LINE_COLOURS[side % len(LINE_COLOURS)]
        line.strokeWidth = 1.2
        line.strokeDashArray = DASHES[side % len(DASHES)]
        if few:
            line.symbol = makeMarker(MARKERS[side % len(MARKERS)], size=3.5)
            line.symbol.fillColor = line.strokeColor
            line.symbol.strokeColor = line.strokeColor
    values = [value for line in series for _, value in line]
    low, high = min(values), max(values)
    step = nice_step(max(high - low, 1), 6)
    plot.yValueAxis.valueMin = step * (low // step)
    plot.yValueAxis.valueMax = step * -(-high // step) if high > low else low + step
    plot.yValueAxis.valueStep = step
    plot.xValueAxis.valueMin = 0
    plot.xValueAxis.valueMax = max(1, len(totals))
    plot.xValueAxis.valueStep = hand_step(len(totals))
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = FONT
        axis.labels.fontSize = 7
        axis.strokeColor = colors.HexColor("#888888")
    plot.xValueAxis.labelTextFormat = "%d"
    plot.yValueAxis.labelTextFormat = signed_label
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = colors.HexColor("#e0e0e0")
    drawing.add(plot)
    if plot.yValueAxis.valueMin < 0 < plot.yValueAxis.valueMax:
        zero = plot.y + plot.height * (0 - plot.yValueAxis.valueMin) / (
            plot.yValueAxis.valueMax - plot.yValueAxis.valueMin
        )
        drawing.add(Line(plot.x, zero, plot.x + plot.width, zero, strokeColor=colors.grey))
    column = plot.width / LEGEND_COLUMNS
    for side, name in enumerate(names):
        row, col = divmod(side, LEGEND_COLUMNS)
        x = plot.x + col * column
        y = legend_height - LEGEND_ROW * (row + 1)
        line = plot.lines[side]
        drawing.add(
            Line(
                x,
                y + 2.5,
                x + SAMPLE,
                y + 2.5,
                strokeColor=line.strokeColor,
                strokeWidth=1.2,
                strokeDashArray=line.strokeDashArray,
            )
        )
        label = visual(shorten(name, column - SAMPLE - 8, LEGEND_SIZE))
        left = x + SAMPLE + 4
        for face, part in runs(label):
            drawing.add(String(left, y, part, fontName=face, fontSize=LEGEND_SIZE))
            left += text_width(part, LEGEND_SIZE, face)
    return drawing


def signed_label(value: float) -> str:
    """An axis label: a whole number, negative ones with the minus sign."""
    return signed(round(value), plus=False)
