"""The chart of running totals: one line per player or team, hand by hand."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics.charts.legends import LineLegend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line
from reportlab.lib import colors

from scorekeeper.reports.fonts import FONT
from scorekeeper.reports.text import shorten, visual

LINE_COLOURS = (
    colors.HexColor("#1f77b4"),
    colors.HexColor("#d62728"),
    colors.HexColor("#2ca02c"),
    colors.HexColor("#9467bd"),
    colors.HexColor("#ff7f0e"),
    colors.HexColor("#8c564b"),
)
LEGEND_SIZE = 7


def hand_step(hands: int) -> int:
    """A whole, round number of hands between the labels of the hand axis (at most ~10)."""
    for step in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000):
        if hands / step <= 10:
            return step
    return 10_000


def totals_chart(
    names: Sequence[str], totals: Sequence[Sequence[int]], width: float, height: float = 170
) -> Drawing:
    """Running totals after each hand (``totals[hand][side]``), starting from 0."""
    sides = len(names)
    series = [
        [(0, 0)] + [(hand + 1, row[side]) for hand, row in enumerate(totals)]
        for side in range(sides)
    ]
    legend_height = 14 * ((sides + 2) // 3)
    drawing = Drawing(width, height + legend_height)
    plot = LinePlot()
    plot.x, plot.y = 34, legend_height + 22
    plot.width, plot.height = width - 44, height - 30
    plot.data = series
    for side in range(sides):
        plot.lines[side].strokeColor = LINE_COLOURS[side % len(LINE_COLOURS)]
        plot.lines[side].strokeWidth = 1.2
    values = [value for line in series for _, value in line]
    plot.yValueAxis.valueMin = min(values)
    plot.yValueAxis.valueMax = max(values) if max(values) > min(values) else min(values) + 1
    plot.xValueAxis.valueMin = 0
    plot.xValueAxis.valueMax = max(1, len(totals))
    plot.xValueAxis.valueStep = hand_step(len(totals))
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = FONT
        axis.labels.fontSize = 7
        axis.strokeColor = colors.HexColor("#888888")
    plot.xValueAxis.labelTextFormat = "%d"
    plot.yValueAxis.labelTextFormat = "%d"
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = colors.HexColor("#e0e0e0")
    drawing.add(plot)
    if plot.yValueAxis.valueMin < 0 < plot.yValueAxis.valueMax:
        zero = plot.y + plot.height * (0 - plot.yValueAxis.valueMin) / (
            plot.yValueAxis.valueMax - plot.yValueAxis.valueMin
        )
        drawing.add(Line(plot.x, zero, plot.x + plot.width, zero, strokeColor=colors.grey))
    legend = LineLegend()
    legend.x, legend.y = plot.x, legend_height - 4
    legend.fontName = FONT
    legend.fontSize = LEGEND_SIZE
    legend.columnMaximum = (sides + 2) // 3 or 1
    legend.dx, legend.dy = 14, 2
    legend.deltax = (width - 44) / 3
    legend.alignment = "right"
    label_room = legend.deltax - 24
    legend.colorNamePairs = [
        (
            LINE_COLOURS[side % len(LINE_COLOURS)],
            visual(shorten(names[side], label_room, LEGEND_SIZE)),
        )
        for side in range(sides)
    ]
    drawing.add(legend)
    return drawing
