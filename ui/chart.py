"""The running totals over the match, one line per side (QtCharts), fed by the scoreboard."""

from __future__ import annotations

from PySide6.QtCharts import QChart, QChartView, QLineSeries, QValueAxis
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QWidget

from scorekeeper.palette import side_colour

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


DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine)


def side_pen(side: int, sides: int) -> QPen:
    """A side's line: its own colour and dash, the first drawn widest, so lines with equal
    totals show one over another instead of hiding each other."""
    pen = QPen(QColor(side_colour(side)))
    pen.setWidthF(2.0 + 1.5 * (sides - 1 - side))
    pen.setStyle(DASHES[side % len(DASHES)])
    return pen


class RunningTotalsChart(QChartView):
    """A line per side: its total after each hand, from 0 before the first."""

    def __init__(self, model: ScoreboardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runningTotals")
        self.model = model
        self.chart_ = QChart()
        self.chart_.setTitle("Running totals")
        self.chart_.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
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
        self.setChart(self.chart_)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(160)
        model.modelReset.connect(self.rebuild)
        model.rowsInserted.connect(self.refresh)
        model.rowsRemoved.connect(self.refresh)
        model.dataChanged.connect(self.refresh)
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
        self.refresh()

    def refresh(self) -> None:
        model = self.model
        rows = model.rowCount()
        low, high = 0, 0
        for side, series in enumerate(self.series):
            column = model.side_column(side)
            totals = [model.data(model.index(row, column), TOTAL_ROLE) for row in range(rows)]
            series.replace([QPointF(0, 0)] + [QPointF(row + 1, t) for row, t in enumerate(totals)])
            if totals:
                low, high = min(low, *totals), max(high, *totals)
        self.x_axis.setRange(0, max(rows, 1))
        self.x_axis.setTickInterval(nice_step(rows))
        step = nice_step(high - low)
        self.y_axis.setRange(step * (low // step - (low % step == 0)), step * (high // step + 1))
        self.y_axis.setTickInterval(step)
        self._follow_palette()

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

    def changeEvent(self, event) -> None:
        if event.type() == event.Type.PaletteChange:
            self._follow_palette()
        super().changeEvent(event)
