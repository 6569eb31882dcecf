"""Club night → Standings board…: paste the board's code (the one ``scorekeeper club
serve`` prints after "Standings board"), or leave it blank for the night served on this
machine, and the board opens, full screen on the last screen (a projector, when one is
attached), kept live by a :class:`~.board_feed.BoardFeed`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QWidget

from scorekeeper.club.board import BoardError, board_code, check
from scorekeeper.club.formats.board import BoardData
from scorekeeper.club.joincode import JoinCode

from .board import StandingsBoard
from .board_feed import BoardFeed
from .code_dialog import CodeDialog
from .screen_fit import fit_to_screen

KEYS = (
    "The board opens full screen: Escape leaves full screen, F11 goes back to it, "
    "D switches light and dark, the arrow keys turn the pages."
)


def show_board(
    conninfo: str, event: str, name: str, dark: bool = False, full_screen: bool = True
) -> StandingsBoard:
    """Open the board of ``event`` (named ``name``) read with ``conninfo``; it reads the
    standings off the window's thread until it is closed."""
    board = StandingsBoard(BoardData(name, "reading the standings…", (), (), ()), dark)
    board.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    BoardFeed(board, conninfo, event)
    screens = QGuiApplication.screens()
    if screens:
        board.setScreen(screens[-1])
    fit_to_screen(board, 1920, 1080)
    if full_screen:
        board.showFullScreen()
    else:
        board.show()
    return board


def run_board(conninfo: str, event: str, name: str, dark: bool, full_screen: bool) -> int:
    """The board as an application of its own (``scorekeeper club board``), until closed."""
    from .app import application

    app = application()
    quits = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)  # the board's closing ends it, whatever else is open
    try:
        show_board(conninfo, event, name, dark, full_screen).closed.connect(app.quit)
        return app.exec()
    finally:
        app.setQuitOnLastWindowClosed(quits)


def open_board(code: JoinCode, data_folder: Path, dark: bool = False) -> StandingsBoard:
    """Connect with the board's ``code`` and open the board, or a :class:`BoardError`."""
    conninfo, name = check(code, data_folder)
    return show_board(conninfo, code.event, name, dark)


class OpenBoardDialog(CodeDialog):
    """The board's code, or blank for the night served on this machine."""

    opened = Signal(object)  # the StandingsBoard

    def __init__(self, data_folder: Path, parent: QWidget | None = None) -> None:
        hint = QLabel(
            "`scorekeeper club serve` prints it after “Standings board”, under the tables' "
            f"codes. {KEYS}"
        )
        hint.setWordWrap(True)
        prompt = "The board's &code or URL (blank: the club night served on this machine):"
        super().__init__("Standings board", prompt, "&Open", self.try_open, parent, [hint])
        self.data_folder = data_folder
        self.setObjectName("openBoardDialog")
        self.code.setObjectName("boardCode")
        self.said.setObjectName("boardOpenResult")
        self.action_button.setObjectName("openBoard")

    def try_open(self) -> None:
        self.say("Connecting…")
        self.said.repaint()
        try:
            board = open_board(board_code(self.code.text(), self.data_folder), self.data_folder)
        except BoardError as error:
            self.refuse(f"Not opened: {error}.")
            return
        self.opened.emit(board)
        self.accept()
