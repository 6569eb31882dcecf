"""The main window: the start page, the new-match form and the open match, with menus.

The open match is the hand screen beside the scoreboard and the running-totals chart.
Undo and redo act on the open match's ``QUndoStack`` (through a ``QUndoGroup``, so the
actions follow whichever match is open). Window geometry, the splitters and the view
choices are kept in ``QSettings``. Report exports add their actions to the File menu
with :meth:`MainWindow.add_export_action`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QByteArray, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QApplication,
    QMainWindow,
    QMenu,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.adjudicator import Refused
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.base import Game
from scorekeeper.match import MatchInfo
from scorekeeper.storage import StorageError, Store
from ui.chart import RunningTotalsChart
from ui.errors import show_error
from ui.hand.screen import HandScreen
from ui.new_match import NewMatchPage
from ui.rules_help import RulesDialog
from ui.scoreboard import ScoreboardModel, ScoreboardView
from ui.session import MatchSession
from ui.start_page import StartPage
from ui.theme import SCHEMES, Scheme, apply_scheme

APP_TITLE = "Scorekeeper"


def all_games() -> list[Game]:
    return [get_game(game_id) for game_id in GAME_MODULES]


class MatchPage(QWidget):
    """An open match: the hand screen, and beside it the scoreboard over the chart."""

    def __init__(self, session: MatchSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("matchPage")
        self.session = session
        self.hand_screen = HandScreen(session)
        self.scores = ScoreboardModel(session.ledger, self)
        self.scoreboard = ScoreboardView(self.scores)
        self.chart = RunningTotalsChart(self.scores)
        self.side = QSplitter(Qt.Orientation.Vertical)
        self.side.setObjectName("scoreSplitter")
        self.side.addWidget(self.scoreboard)
        self.side.addWidget(self.chart)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("matchSplitter")
        self.splitter.addWidget(self.hand_screen)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        session.changed.connect(self.scores.refresh)


class MainWindow(QMainWindow):
    """Scorekeeper's one window. ``store`` is the open match database."""

    matchOpened = Signal(object)  # the MatchSession

    def __init__(
        self,
        store: Store,
        settings: QSettings | None = None,
        games: Sequence[Game] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle(APP_TITLE)
        self.store = store
        self.settings = settings or QSettings()
        self.games = list(games) if games is not None else all_games()
        self.session: MatchSession | None = None
        self.match_page: MatchPage | None = None
        self.rules_dialog: RulesDialog | None = None
        self.undo_group = QUndoGroup(self)

        self.pages = QStackedWidget()
        self.start_page = StartPage()
        self.new_match_page = NewMatchPage(self.games)
        self.pages.addWidget(self.start_page)
        self.pages.addWidget(self.new_match_page)
        self.setCentralWidget(self.pages)
        self.start_page.newMatchRequested.connect(self.show_new_match)
        self.start_page.resumeRequested.connect(self.open_match)
        self.new_match_page.matchRequested.connect(self.create_match)
        self.new_match_page.cancelled.connect(self.show_start)

        self._build_menus()
        self._restore()
        self.show_start()

    # -- menus -------------------------------------------------------------------------

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
        name: str = "",
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("&File")
        self.new_action = self._action(
            self.file_menu,
            "&New match…",
            self.show_new_match,
            QKeySequence.StandardKey.New,
            "newMatch",
        )
        self._exports_end = self.file_menu.addSeparator()
        self.match_actions: list[QAction] = []
        self.close_action = self._action(
            self.file_menu,
            "&Close match",
            self.show_start,
            QKeySequence.StandardKey.Close,
            "closeMatch",
        )
        self.match_actions.append(self.close_action)
        self._action(self.file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit, "quit")

        self.edit_menu = bar.addMenu("&Edit")
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setObjectName("undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setObjectName("redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)

        self.view_menu = bar.addMenu("&View")
        self.large_action = self._checkable(self.view_menu, "&Large cards", "largeCards", "Ctrl+L")
        self.large_action.toggled.connect(self._apply_large)
        self.scoreboard_action = self._checkable(
            self.view_menu, "&Scoreboard", "showScoreboard", "Ctrl+B", True
        )
        self.chart_action = self._checkable(
            self.view_menu, "&Chart of running totals", "showChart", "Ctrl+T", True
        )
        self.scoreboard_action.toggled.connect(self._apply_panels)
        self.chart_action.toggled.connect(self._apply_panels)
        scheme_menu = self.view_menu.addMenu("Colour &scheme")
        self.scheme_group = QActionGroup(self)
        for scheme in SCHEMES:
            action = QAction(
                scheme.capitalize(), self, checkable=True, objectName=f"scheme:{scheme}"
            )
            action.triggered.connect(lambda _checked=False, s=scheme: self.set_scheme(s))
            self.scheme_group.addAction(action)
            scheme_menu.addAction(action)

        self.help_menu = bar.addMenu("&Help")
        self.rules_action = self._action(
            self.help_menu,
            "&Rules…",
            self.show_rules,
            QKeySequence.StandardKey.HelpContents,
            "rules",
        )

    def _checkable(
        self, menu: QMenu, text: str, name: str, shortcut: str, default: bool = False
    ) -> QAction:
        action = QAction(text, self, checkable=True, objectName=name)
        action.setShortcut(QKeySequence(shortcut))
        action.setChecked(self.settings.value(f"view/{name}", default, type=bool))
        menu.addAction(action)
        return action

    def add_export_action(
        self, text: str, slot: Callable[[MatchSession], object], name: str = ""
    ) -> QAction:
        """Add an export to the File menu (score sheet, hand report…); ``slot`` gets the open
        match and the action is enabled only while a match is open."""
        action = QAction(text, self, objectName=name)
        action.triggered.connect(lambda _checked=False: self.session and slot(self.session))
        action.setEnabled(self.session is not None)
        self.file_menu.insertAction(self._exports_end, action)
        self.match_actions.append(action)
        return action

    # -- pages ---------------------------------------------------------------------------

    def show_start(self) -> None:
        self._close_session()
        try:
            self.start_page.set_matches(self.store.matches())
        except StorageError as error:
            show_error(self, "The match list cannot be read", error)
        self.pages.setCurrentWidget(self.start_page)
        self.setWindowTitle(APP_TITLE)

    def show_new_match(self) -> None:
        self._close_session()
        try:
            self.new_match_page.set_roster(self.store.roster())
        except StorageError as error:
            show_error(self, "The roster cannot be read", error)
        self.new_match_page.reset()
        self.pages.setCurrentWidget(self.new_match_page)
        self.setWindowTitle(f"New match — {APP_TITLE}")

    def create_match(self, info: MatchInfo) -> None:
        try:
            match_id = self.store.create_match(info)
        except (StorageError, ValueError) as error:
            show_error(self, "The match cannot be saved", error)
            return
        self.open_match(match_id)

    def open_match(self, match_id: int) -> MatchSession | None:
        """Open a stored match where it was left; an error dialog if it cannot be read."""
        try:
            session = MatchSession(self.store, match_id)
        except (StorageError, Refused, ValueError) as error:
            show_error(self, "The match cannot be opened", error)
            return None
        self._close_session()
        self.session = session
        self.match_page = MatchPage(session)
        self.pages.addWidget(self.match_page)
        self.pages.setCurrentWidget(self.match_page)
        self.undo_group.addStack(session.undo_stack)
        self.undo_group.setActiveStack(session.undo_stack)
        self.match_page.hand_screen.rule_help_requested.connect(self.show_rules)
        self._restore_splitters()
        self._apply_panels()
        self._apply_large(self.large_action.isChecked())
        for action in self.match_actions:
            action.setEnabled(True)
        self.setWindowTitle(f"{session.ledger.info.name} — {APP_TITLE}")
        self.matchOpened.emit(session)
        return session

    def _close_session(self) -> None:
        if self.match_page is not None:
            self._save_splitters()
            self.pages.removeWidget(self.match_page)
            self.match_page.deleteLater()
            self.match_page = None
        if self.session is not None:
            self.undo_group.removeStack(self.session.undo_stack)
            self.session.deleteLater()
            self.session = None
        for action in self.match_actions:
            action.setEnabled(False)

    # -- view ------------------------------------------------------------------------------

    def _apply_large(self, large: bool) -> None:
        self.settings.setValue("view/largeCards", large)
        if self.match_page is not None:
            self.match_page.hand_screen.set_large_cards(large)

    def _apply_panels(self) -> None:
        self.settings.setValue("view/showScoreboard", self.scoreboard_action.isChecked())
        self.settings.setValue("view/showChart", self.chart_action.isChecked())
        if self.match_page is not None:
            self.match_page.scoreboard.setVisible(self.scoreboard_action.isChecked())
            self.match_page.chart.setVisible(self.chart_action.isChecked())
            self.match_page.side.setVisible(
                self.scoreboard_action.isChecked() or self.chart_action.isChecked()
            )

    def set_scheme(self, scheme: Scheme) -> None:
        apply_scheme(QApplication.instance(), scheme)
        self.settings.setValue("view/scheme", scheme)
        for action in self.scheme_group.actions():
            action.setChecked(action.objectName() == f"scheme:{scheme}")

    def show_rules(self, rule_id: str | None = None) -> RulesDialog:
        """The rules help, at the open match's game, or at ``rule_id`` when given."""
        if self.rules_dialog is None:
            self.rules_dialog = RulesDialog(self.games, self)
        if rule_id is not None:
            self.rules_dialog.help.show_rule(rule_id)
        elif self.session is not None:
            self.rules_dialog.help.show_game(self.session.ledger.info.game)
        self.rules_dialog.show()
        self.rules_dialog.raise_()
        return self.rules_dialog

    # -- remembered state ------------------------------------------------------------------

    def _restore(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:
            self.resize(1200, 800)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        scheme = self.settings.value("view/scheme", "system")
        for action in self.scheme_group.actions():
            action.setChecked(action.objectName() == f"scheme:{scheme}")

    def _restore_splitters(self) -> None:
        for splitter in (self.match_page.splitter, self.match_page.side):
            state = self.settings.value(f"window/{splitter.objectName()}")
            if isinstance(state, QByteArray):
                splitter.restoreState(state)

    def _save_splitters(self) -> None:
        for splitter in (self.match_page.splitter, self.match_page.side):
            self.settings.setValue(f"window/{splitter.objectName()}", splitter.saveState())

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        if self.match_page is not None:
            self._save_splitters()
        self.settings.sync()
        super().closeEvent(event)
