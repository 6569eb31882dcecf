"""An open match: the hand screen, and beside it the scoreboard, the running-totals chart
and the players' statistics.

Kept apart from the main window so that the hand screen, the games and QtCharts are
loaded only when a match is opened, not when the app starts.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from .chart import RunningTotalsChart
from .hand.screen import HandScreen
from .scoreboard import ScoreboardModel, ScoreboardView
from .scrolled import scrolling
from .session import MatchSession
from .statistics import StatisticsModel, StatisticsView

SIDE_MINIMUM_WIDTH = 260  # the scoreboard's dealer, two sides and notes stay readable


class MatchPage(QWidget):
    """The hand screen, and beside it the scoreboard over the chart."""

    def __init__(self, session: MatchSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("matchPage")
        self.session = session
        self.hand_screen = HandScreen(session)
        # on a short screen the hand screen scrolls rather than squeezing its rows together
        self.hand_place = scrolling(self.hand_screen)
        self.hand_place.setObjectName("handPlace")
        self.scores = ScoreboardModel(session.ledger, self)
        self.scoreboard = ScoreboardView(self.scores)
        self.chart = RunningTotalsChart(self.scores)
        self.statistics_model = StatisticsModel(session.ledger, self)
        self.statistics = StatisticsView(self.statistics_model)
        self.side = QSplitter(Qt.Orientation.Vertical)
        self.side.setObjectName("scoreSplitter")
        self.side.addWidget(self.scoreboard)
        self.side.addWidget(self.chart)
        self.side.addWidget(self.statistics)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("matchSplitter")
        self.splitter.addWidget(self.hand_place)
        self.splitter.addWidget(self.side)
        self.splitter.setChildrenCollapsible(False)  # the scoreboard is never a strip
        self.side.setMinimumWidth(SIDE_MINIMUM_WIDTH)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        session.reloaded.connect(lambda: self.scores.set_match(session.ledger))
        session.reloaded.connect(lambda: self.statistics_model.set_ledger(session.ledger))
        session.changed.connect(self.scores.refresh)
        session.changed.connect(self.statistics_model.refresh)
        self.setFocusProxy(self.hand_screen)
        self._keep_hand_width()

    def set_large_cards(self, large: bool) -> None:
        """Bigger cards and table (a tablet at arm's length); the pane follows the grid."""
        self.hand_screen.set_large_cards(large)
        self._keep_hand_width()

    def _keep_hand_width(self) -> None:
        """The hand screen's place is never narrower than the hand screen needs (its card
        grid) with room for the scroll bar: a pane of one width, whatever the phase."""
        bar = self.hand_place.verticalScrollBar().sizeHint().width()
        self.hand_place.setMinimumWidth(self.hand_screen.minimumSizeHint().width() + bar)
