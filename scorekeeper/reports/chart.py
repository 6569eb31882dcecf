"""The chart of running totals: one line per player or team, hand by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.platypus import Table, TableStyle

from scorekeeper.reports.cells import wrapped_name
from scorekeeper.reports.fonts import FONT
from scorekeeper.reports.layout import Command
from scorekeeper.words import signed

LINE_COLOURS = (
    colors.HexColor("#1f77b4"),
    colors.HexColor("#d62728"),
    colors.HexColor("#2ca02c"),
    colors.HexColor("#9467bd"),
    colors.HexColor("#ff7f0e"),
    colors.HexColor("#8c564b"),
)
DASHES: tuple[tuple[float, ...], ...] = ((), (4, 2), (1, 1.5), (6, 2, 1, 2), (2, 3), (8, 3))
"""Each line's dash pattern (the first solid), so lines that run together can still be
told apart."""
MARKERS = ("FilledCircle", "FilledSquare", "FilledDiamond", "FilledTriangle", "Circle", "Square")
LEGEND_SIZE = 7
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
    key is :func:`chart_legend`."""
    sides = len(names)
    series = [
        [(0, 0)] + [(hand + 1, row[side]) for hand, row in enumerate(totals)]
        for side in range(sides)
    ]
    drawing = Drawing(width, height, initialFontName=FONT)  # no base-14 font in the file
    plot = LinePlot()
    plot.x, plot.y = 34, 22
    plot.width, plot.height = int(width - 44), int(height - 30)
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
    return drawing


def chart_legend(names: Sequence[str], width: float) -> Table:
    """The chart's key, reading across: a line sample (colour and dash) before each name."""
    column = (width - 44) / LEGEND_COLUMNS
    cells: list[Any] = []
    for side, name in enumerate(names):
        sample = Drawing(SAMPLE, LEGEND_SIZE, initialFontName=FONT)  # no base-14 font
        sample.add(
            Line(
                0,
                LEGEND_SIZE / 2,
                SAMPLE,
                LEGEND_SIZE / 2,
                strokeColor=LINE_COLOURS[side % len(LINE_COLOURS)],
                strokeWidth=1.2,
                strokeDashArray=DASHES[side % len(DASHES)],
            )
        )
        cells += [sample, wrapped_name(name, LEGEND_SIZE)]
    cells += [""] * (-len(cells) % (2 * LEGEND_COLUMNS))
    rows = [cells[i : i + 2 * LEGEND_COLUMNS] for i in range(0, len(cells), 2 * LEGEND_COLUMNS)]
    style: list[Command] = [
        ("FONT", (0, 0), (-1, -1), FONT, LEGEND_SIZE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
    widths = [SAMPLE + 6, column - SAMPLE - 6] * LEGEND_COLUMNS
    return Table(rows, colWidths=widths, style=TableStyle(style), hAlign="LEFT")


def signed_label(value: float) -> str:
    """An axis label: a whole number, negative ones with the minus sign."""
    return signed(round(value), plus=False)
