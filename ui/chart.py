"""The running totals over the match, one line per side (QtCharts), fed by the scoreboard."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCharts import QChart, QChartView, QLineSeries, QValueAxis
from PySide6.QtCore import QEvent, QMargins, QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen, QPixmap, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from scorekeeper.palette import side_colour

from .flow import FlowLayout
from .scoreboard import TOTAL_ROLE, ScoreboardModel
from .theme import is_dark


def nice_step(span: int, ticks: int = 8) -> int:
    """A round tick interval (1, 2, 5, 10, 20, 50…) giving at most about ``ticks`` ticks."""
    magnitude = 1
    while True:
        for factor in (1, 2, 5):
            if factor * magnitude * ticks >= span:
                return factor * magnitude
        magnitude *= 10


_ROUND_ENDS = [factor * 10**power for power in range(1, 9) for factor in (1, 2, 5)]

DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine)


def side_pen(side: int, sides: int) -> QPen:
    """A side's line: its own colour and dash, the first drawn widest, so lines with equal
    totals show one over another instead of hiding each other."""
    pen = QPen(QColor(side_colour(side)))
    pen.setWidthF(2.0 + 1.5 * (sides - 1 - side))
    pen.setStyle(DASHES[side % len(DASHES)])
    return pen


class ChartKey(QWidget):
    """Each side's line and name, in full, under the chart: the names wrap onto another row
    rather than being cut short (as the chart's own legend cuts them)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chartKey")
        self.flow = FlowLayout(self, spacing=12)
        self.names: list[QLabel] = []

    def set_sides(self, names: Sequence[str], pens: Sequence[QPen]) -> None:
        while (item := self.flow.takeAt(0)) is not None:
            if (widget := item.widget()) is not None:
                widget.deleteLater()
        self.names = []
        for name, pen in zip(names, pens, strict=True):
            entry = QWidget(self)
            row = QHBoxLayout(entry)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(4)
            swatch = QLabel()
            swatch.setPixmap(_swatch(pen))
            label = QLabel(name)
            label.setTextFormat(Qt.TextFormat.PlainText)  # a name shows as typed
            row.addWidget(swatch)
            row.addWidget(label)
            self.flow.addWidget(entry)
            entry.show()
            self.names.append(label)


def _swatch(pen: QPen) -> QPixmap:
    """A short stretch of a side's line, with its point."""
    pixmap = QPixmap(30, 14)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    line = QPen(pen)
    line.setWidthF(min(pen.widthF(), 3.0))
    painter.setPen(line)
    painter.drawLine(1, 7, 29, 7)
    painter.setBrush(pen.color())
    painter.drawEllipse(QPointF(15, 7), 3.5, 3.5)
    painter.end()
    return pixmap


class RunningTotalsChart(QChartView):
    """A line per side: its total after each hand, from 0 before the first."""

    def __init__(self, model: ScoreboardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runningTotals")
        self.model = model
        self.chart_ = QChart()
        self.chart_.setTitle("Running totals")
        self.chart_.legend().hide()  # the key under the chart names the sides in full
        self.key = ChartKey(self)
        self.x_axis = QValueAxis()
        self.x_axis.setTitleText("Hand")
        self.x_axis.setLabelFormat("%d")
        self.y_axis = QValueAxis()
        self.y_axis.setLabelFormat("%d")
        for axis in (self.x_axis, self.y_axis):
            axis.setTickType(QValueAxis.TickType.TicksDynamic)
            axis.setTickAnchor(0)
        self.chart_.addAxis(self.x_axis, Qt.AlignmentFlag.AlignBottom)
        self.chart_.addAxis(self.y_axis, Qt.AlignmentFlag.AlignLeft)
        self.series: list[QLineSeries] = []
        self._totals: list[list[int]] = []  # each side's plotted totals, as the model gave them
        self.setChart(self.chart_)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(160)
        self._range: tuple[int, int, int, int] = (0, 0, 0, 0)  # the axes' ends and steps
        model.modelReset.connect(self.rebuild)
        model.rowsInserted.connect(lambda _parent, first, _last: self._follow(first))
        model.rowsRemoved.connect(lambda _parent, first, _last: self._follow(first))
        model.dataChanged.connect(lambda top_left, *_: self._follow(top_left.row()))
        self.rebuild()

    def rebuild(self) -> None:
        """New series for the model's sides (a match was opened), then the points."""
        for series in self.series:
            self.chart_.removeSeries(series)
        self.series = []
        for side in range(self.model.side_count):
            series = QLineSeries()
            series.setName(self.model.headerData(1 + side, Qt.Orientation.Horizontal))
            self.chart_.addSeries(series)
            series.attachAxis(self.x_axis)
            series.attachAxis(self.y_axis)
            self.series.append(series)
        self._follow_palette()  # new series take the theme's pens: the sides' pens again
        self.key.set_sides(
            [series.name() for series in self.series], [series.pen() for series in self.series]
        )
        self._place_key()
        self.refresh()

    def _place_key(self) -> None:
        """The key along the chart's foot, as many rows tall as its names need, with the
        plot kept above it."""
        margin = 8
        width = max(self.width() - 2 * margin, 1)
        height = self.key.heightForWidth(width)
        self.key.setGeometry(margin, self.height() - height - margin, width, height)
        self.chart_.setMargins(QMargins(margin, margin, margin, height + margin))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_key()

    def refresh(self) -> None:
        """Every point again from the model."""
        self._totals = [[] for _ in self.series]
        for series in self.series:
            series.clear()
            series.append(QPointF(0, 0))
        self._follow(0)

    def _follow(self, first: int) -> None:
        """The model changed from row ``first`` on: the points before it stay, the rest are
        read again (one point is added when a hand ends, not the whole line redrawn)."""
        model = self.model
        rows = model.rowCount()
        for side, (series, totals) in enumerate(zip(self.series, self._totals, strict=True)):
            if len(totals) > first:
                series.removePoints(first + 1, len(totals) - first)
                del totals[first:]
            column = model.side_column(side)
            added = [model.data(model.index(row, column), TOTAL_ROLE) for row in range(first, rows)]
            series.append([QPointF(row + 1, t) for row, t in enumerate(added, start=first)])
            totals += added
        low = min((min(totals, default=0) for totals in self._totals), default=0)
        high = max((max(totals, default=0) for totals in self._totals), default=0)
        self._set_range(rows, min(low, 0), max(high, 0))

    def _set_range(self, rows: int, low: int, high: int) -> None:
        """The axes' ends and ticks, set only when they change: the hands axis runs to a
        round number of hands (10, 20, 50, 100…), so most hands only add a point, while
        a new range lays out and labels the whole chart again."""
        right = next(end for end in _ROUND_ENDS if end >= rows)
        step = nice_step(high - low)
        wanted = (right, step * (low // step - (low % step == 0)), step * (high // step + 1), step)
        if wanted == self._range:
            return
        self._range = wanted
        _, bottom, top, _ = wanted
        self.x_axis.setRange(0, right)
        self.x_axis.setTickInterval(nice_step(right))
        self.y_axis.setRange(bottom, top)
        self.y_axis.setTickInterval(step)

    def totals(self, side: int) -> list[float]:
        """The plotted totals of one side, hand by hand (after the starting 0)."""
        return [point.y() for point in self.series[side].points()[1:]]

    def _follow_palette(self) -> None:
        """The scheme's background and text; the sides keep their colours in every scheme."""
        self.chart_.setTheme(
            QChart.ChartTheme.ChartThemeDark if is_dark() else QChart.ChartTheme.ChartThemeLight
        )
        self.chart_.setBackgroundBrush(self.palette().color(QPalette.ColorRole.Base))
        for side, series in enumerate(self.series):
            series.setPen(side_pen(side, len(self.series)))
            series.setPointsVisible(True)
            series.setMarkerSize(6.0 + 2.0 * (len(self.series) - 1 - side))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == event.Type.PaletteChange:
            self._follow_palette()
        super().changeEvent(event)
