"""The main window: the start page, the new-match form and the open match, with menus.

The open match is the hand screen beside the scoreboard and the running-totals chart;
double-clicking a hand on the scoreboard opens it for correction. Match files are opened
(imported into the database) and exported from the File menu and the start page. Undo
and redo (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y, wherever the focus is) act on the open match,
back past this sitting into what is on disk; an action that fails unexpectedly is shown
in a dialog whose details can be copied. Window geometry, the splitters and the view
choices are kept in ``QSettings``. Report exports add their actions to the File menu
with :meth:`MainWindow.add_export_action`.

Start-up stays quick: the window can be shown before the database is open (it is given
with :meth:`MainWindow.set_store`, which lists the recent matches), and the storage code,
the games, the hand screen, QtCharts and the file dialogs are loaded when first needed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QStackedWidget, QWidget

from .errors import show_error
from .report_exports import export_hand_report, export_score_sheet
from .screen_fit import fit_to_screen
from .start_page import StartPage
from .theme import SCHEMES, Scheme, apply_scheme, running_app

if TYPE_CHECKING:  # loaded when first needed, not at start-up
    from PySide6.QtGui import QCloseEvent

    from scorekeeper.games.base import Game
    from scorekeeper.match import MatchInfo
    from scorekeeper.storage import Store

    from .correction import CorrectionDialog
    from .match_page import MatchPage
    from .new_match import NewMatchPage
    from .rules_help import RulesDialog
    from .session import MatchSession

APP_TITLE = "Scorekeeper"
MATCH_FILES = "Scorekeeper match files (*.json);;All files (*)"


def next_game_name(name: str) -> str:
    """``Friday`` → ``Friday (game 2)`` → ``Friday (game 3)``."""
    import re

    found = re.fullmatch(r"(.*) \(game (\d+)\)", name)
    if found:
        return f"{found.group(1)} (game {int(found.group(2)) + 1})"
    return f"{name} (game 2)"


def all_games() -> list[Game[Any]]:
    from scorekeeper.games import GAME_MODULES, get_game

    return [get_game(game_id) for game_id in GAME_MODULES]


class MainWindow(QMainWindow):
    """Scorekeeper's one window. ``store`` is the open match database; when it is ``None``
    (the window shown while the database opens) it is given with :meth:`set_store`."""

    matchOpened = Signal(object)  # the MatchSession
    store: Store

    def __init__(
        self,
        store: Store | None,
        settings: QSettings | None = None,
        games: Sequence[Game[Any]] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle(APP_TITLE)
        self.settings = settings or QSettings()
        self._games = list(games) if games is not None else None
        self.session: MatchSession | None = None
        self.match_page: MatchPage | None = None
        self.new_match_page: NewMatchPage | None = None
        self.rules_dialog: RulesDialog | None = None
        self.correction_dialog: CorrectionDialog | None = None

        self.pages = QStackedWidget()
        self.start_page = StartPage()
        self.pages.addWidget(self.start_page)
        self.setCentralWidget(self.pages)
        self.start_page.newMatchRequested.connect(self.show_new_match)
        self.start_page.resumeRequested.connect(self.open_match)
        self.start_page.openFileRequested.connect(self.ask_import_match_file)

        self._build_menus()
        from .club import ClubNight

        self.club = ClubNight(self)
        self.start_page.practiceRequested.connect(self._start_practice)
        self.matchOpened.connect(self._play_simulated_seats)
        self._restore()
        if store is not None:
            self.set_store(store)

    def set_store(self, store: Store) -> None:
        """Use the open match database ``store``: its recent matches are listed."""
        self.store = store
        self.club.set_store(store)
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
        self.open_file_action = self._action(
            self.file_menu,
            "&Open match file…",
            self.ask_import_match_file,
            QKeySequence.StandardKey.Open,
            "openMatchFile",
        )
        self.file_menu.addSeparator()
        self.match_actions: list[QAction] = []
        self.export_file_action = self._action(
            self.file_menu,
            "&Export match file…",
            self.ask_export_match_file,
            "Ctrl+E",
            "exportMatchFile",
        )
        self.match_actions.append(self.export_file_action)
        self._exports_end = self.file_menu.addSeparator()
        self.add_export_action(
            "Export &score sheet…", partial(export_score_sheet, self), "exportScoreSheet"
        ).setShortcut(QKeySequence.StandardKey.Print)
        self.add_export_action(
            "Export &hand report…", partial(export_hand_report, self), "exportHandReport"
        ).setShortcut(QKeySequence("Ctrl+Shift+P"))
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
        self.undo_action = self._action(
            self.edit_menu, "&Undo", self.undo, QKeySequence.StandardKey.Undo, "undo"
        )
        self.redo_action = self._action(self.edit_menu, "&Redo", self.redo, None, "redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        for action in (self.undo_action, self.redo_action):
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self._update_undo()

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
            action = QAction(scheme.capitalize(), self, checkable=True)
            action.setObjectName(f"scheme:{scheme}")
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
        action = QAction(text, self, checkable=True)
        action.setObjectName(name)
        action.setShortcut(QKeySequence(shortcut))
        action.setChecked(bool(self.settings.value(f"view/{name}", default, type=bool)))
        menu.addAction(action)
        return action

    def add_export_action(
        self, text: str, slot: Callable[[MatchSession], object], name: str = ""
    ) -> QAction:
        """Add an export to the File menu (score sheet, hand report…); ``slot`` gets the open
        match and the action is enabled only while a match is open."""
        action = QAction(text, self)
        action.setObjectName(name)
        action.triggered.connect(lambda _checked=False: self.session and slot(self.session))
        action.setEnabled(self.session is not None)
        self.file_menu.insertAction(self._exports_end, action)
        self.match_actions.append(action)
        return action

    @property
    def games(self) -> list[Game[Any]]:
        """Every game, loaded the first time one is needed."""
        if self._games is None:
            self._games = all_games()
        return self._games

    # -- pages ---------------------------------------------------------------------------

    def show_start(self) -> None:
        from scorekeeper.storage import StorageError

        self._close_session()
        try:
            self.start_page.set_matches(self.store.matches())
        except StorageError as error:
            show_error(self, "The match list cannot be read", error)
        self.pages.setCurrentWidget(self.start_page)
        self.setWindowTitle(APP_TITLE)

    def show_new_match(self) -> None:
        from scorekeeper.storage import StorageError

        self._close_session()
        if self.new_match_page is None:
            from .new_match import NewMatchPage

            self.new_match_page = NewMatchPage(self.games, self.settings)
            self.pages.addWidget(self.new_match_page)
            self.new_match_page.matchRequested.connect(self.create_match)
            self.new_match_page.cancelled.connect(self.show_start)
        try:
            self.new_match_page.set_roster(self.store.roster())
        except StorageError as error:
            show_error(self, "The roster cannot be read", error)
        self.new_match_page.reset()
        self.club.fill_new_match(self.new_match_page)
        self.pages.setCurrentWidget(self.new_match_page)
        self.setWindowTitle(f"New match — {APP_TITLE}")

    def _start_practice(self) -> None:
        from .practice import start_practice

        start_practice(self)

    def _play_simulated_seats(self, session: MatchSession) -> None:
        from .practice import match_opened

        match_opened(self, session)

    def create_match(self, info: MatchInfo) -> None:
        from scorekeeper.storage import StorageError

        try:
            match_id = self.store.create_match(info)
        except (StorageError, ValueError) as error:
            show_error(self, "The match cannot be saved", error)
            return
        if self.new_match_page is not None:
            seats = self.new_match_page.simulated_seats()
            from .practice import remember  # the practice code loads when first used

            remember(self.settings, self.store, match_id, seats, None)
        self.open_match(match_id)

    def open_match(self, match_id: int) -> MatchSession | None:
        """Open a stored match where it was left; an error dialog if it cannot be read."""
        from scorekeeper.storage import StorageError

        from .match_page import MatchPage
        from .replay_progress import ReplayProgress
        from .session import MatchSession

        try:
            session = MatchSession(self.store, match_id, replaying=ReplayProgress(self))
        except (StorageError, ValueError) as error:  # a refused event is a ValueError
            show_error(self, "The match cannot be opened", error)
            return None
        self._close_session()
        self.session = session
        self.match_page = MatchPage(session)
        self.pages.addWidget(self.match_page)
        self.pages.setCurrentWidget(self.match_page)
        session.changed.connect(self._update_undo)
        session.failed.connect(self._action_failed)
        self._update_undo()
        self.match_page.hand_screen.rule_help_requested.connect(self.show_rules)
        self.match_page.hand_screen.new_game_requested.connect(self.new_game_same_players)
        self.match_page.scoreboard.handActivated.connect(self.correct_hand)
        self._restore_splitters(self.match_page)
        self._apply_panels()
        self._apply_large(self.large_action.isChecked())
        for action in self.match_actions:
            action.setEnabled(True)
        self.setWindowTitle(f"{session.ledger.info.name} — {APP_TITLE}")
        self.match_page.setFocus()
        self.matchOpened.emit(session)
        return session

    def new_game_same_players(self) -> MatchSession | None:
        """A new match of the same game, options and seats as the open one, opened."""
        from dataclasses import replace
        from datetime import date

        from scorekeeper.storage import StorageError

        if self.session is None:
            return None
        info = self.session.ledger.info
        new = replace(info, name=next_game_name(info.name), played_on=date.today().isoformat())
        try:
            match_id = self.store.create_match(new)
        except (StorageError, ValueError) as error:
            show_error(self, "The match cannot be saved", error)
            return None
        return self.open_match(match_id)

    def correct_hand(self, hand_index: int) -> CorrectionDialog | None:
        """Open a hand of the open match for correction (a double-click on the scoreboard)."""
        from .correction import CorrectionDialog

        if self.session is None or not 0 <= hand_index < len(self.session.ledger.hands):
            return None
        if self.correction_dialog is not None:
            self.correction_dialog.close()
            self.correction_dialog.deleteLater()
        self.correction_dialog = CorrectionDialog(self.session, hand_index, self)
        self.correction_dialog.open()
        return self.correction_dialog

    # -- undo and redo ----------------------------------------------------------------------

    def undo(self) -> None:
        """Ctrl+Z anywhere in the window: the open match's last action (or stored event)."""
        from .session import Refused

        if self.session is not None and self.session.can_undo():
            with suppress(Refused):  # told by the failure dialog; the record is as it was
                self.session.undo()

    def redo(self) -> None:
        from .session import Refused

        if self.session is not None and self.session.can_redo():
            with suppress(Refused):
                self.session.redo()

    def _update_undo(self) -> None:
        session = self.session
        undo = session.undo_text() if session is not None and session.can_undo() else None
        redo = session.redo_text() if session is not None and session.can_redo() else None
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setEnabled(redo is not None)
        self.undo_action.setText(f"&Undo {undo}" if undo is not None else "&Undo")
        self.redo_action.setText(f"&Redo {redo}" if redo is not None else "&Redo")

    def _action_failed(self, what: str, details: str) -> None:
        from .errors import show_failure

        show_failure(self, what, details)

    # -- match files -----------------------------------------------------------------------

    def _file_folder(self) -> str:
        return str(self.settings.value("files/folder", str(Path.home())))

    def ask_import_match_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _filter = QFileDialog.getOpenFileName(
            self, "Open a match file", self._file_folder(), MATCH_FILES
        )
        if path:
            self.import_match_file(path)

    def import_match_file(self, path: str | os.PathLike[str]) -> MatchSession | None:
        """Check a match file whole (every event through the adjudicator), store it as a new
        match and open it. A bad file is named in an error dialog and nothing is stored."""
        from scorekeeper.matchfile import load_match
        from scorekeeper.storage import StorageError

        self.settings.setValue("files/folder", str(Path(path).parent))
        try:
            ledger = load_match(path)
        except ValueError as error:  # MatchFileError, or a match the rules refuse
            show_error(self, "The match file cannot be opened", error)
            return None
        try:
            match_id = self.store.import_ledger(ledger)
        except (StorageError, ValueError) as error:
            show_error(self, "The match cannot be saved", error)
            return None
        return self.open_match(match_id)

    def ask_export_match_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        if self.session is None:
            return
        name = f"{self.session.ledger.info.name}.json".replace("/", "-")
        path, _filter = QFileDialog.getSaveFileName(
            self, "Export the match file", str(Path(self._file_folder()) / name), MATCH_FILES
        )
        if path:
            self.export_match_file(path)

    def export_match_file(self, path: str | os.PathLike[str]) -> bool:
        """Write the open match to a match file, whole or not at all."""
        from scorekeeper.matchfile import write_match
        from scorekeeper.storage import StorageError

        if self.session is None:
            return False
        self.settings.setValue("files/folder", str(Path(path).parent))
        try:  # what is on record, as the command line exports it (no hand just begun)
            stored = self.store.load(self.session.match_id)
            write_match(path, stored.info, stored.hands)
        except (StorageError, OSError) as error:
            show_error(self, "The match file cannot be written", error)
            return False
        self.statusBar().showMessage(f"Exported {stored.info.name} to {path}", 8000)
        return True

    def _close_session(self) -> None:
        if self.correction_dialog is not None:
            self.correction_dialog.close()
            self.correction_dialog.deleteLater()
            self.correction_dialog = None
        if self.match_page is not None:
            self._save_splitters(self.match_page)
            self.pages.removeWidget(self.match_page)
            self.match_page.deleteLater()
            self.match_page = None
        if self.session is not None:
            self.session.deleteLater()
            self.session = None
            self._update_undo()
        for action in self.match_actions:
            action.setEnabled(False)

    # -- view ------------------------------------------------------------------------------

    def _apply_large(self, large: bool) -> None:
        self.settings.setValue("view/largeCards", large)
        if self.match_page is not None:
            self.match_page.set_large_cards(large)

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
        apply_scheme(running_app(), scheme)
        self.settings.setValue("view/scheme", scheme)
        for action in self.scheme_group.actions():
            action.setChecked(action.objectName() == f"scheme:{scheme}")

    def show_rules(self, rule_id: str | None = None) -> RulesDialog:
        """The rules help, at the open match's game, or at ``rule_id`` when given."""
        if self.rules_dialog is None:
            from .rules_help import RulesDialog

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
        if not (isinstance(geometry, QByteArray) and self.restoreGeometry(geometry)):
            self.fit_to_screen()
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        scheme = self.settings.value("view/scheme", "system")
        for action in self.scheme_group.actions():
            action.setChecked(action.objectName() == f"scheme:{scheme}")

    def fit_to_screen(self) -> None:
        """The first window: 1200×800 or the screen's free area, whichever is smaller
        (leaving room for the title bar), in the middle of it."""
        fit_to_screen(self, 1200, 800)

    def _restore_splitters(self, page: MatchPage) -> None:
        for splitter in (page.splitter, page.side):
            state = self.settings.value(f"window/{splitter.objectName()}")
            if isinstance(state, QByteArray):
                splitter.restoreState(state)

    def _save_splitters(self, page: MatchPage) -> None:
        for splitter in (page.splitter, page.side):
            self.settings.setValue(f"window/{splitter.objectName()}", splitter.saveState())

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.correction_dialog is not None:  # it goes with the window
            self.correction_dialog.close()
        self.club.stop()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        if self.match_page is not None:
            self._save_splitters(self.match_page)
        self.settings.sync()
        super().closeEvent(event)
