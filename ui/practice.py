"""Practice: a match the app deals, where you play one seat and the app plays the others
by the game's advice. The seed names the deals, so a practice match can be played again.

:func:`install` hooks practice and simulated seats into the main window: the start
page's *Practice* button, and every opened match with simulated seats (a practice match
or a new match with seats marked simulated) gets the app playing them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from .errors import show_error

if TYPE_CHECKING:
    from scorekeeper.games.base import Game
    from scorekeeper.match import MatchInfo
    from scorekeeper.storage import Store

    from .main_window import MainWindow
    from .session import MatchSession
    from .simulated import SimulatedSeats

MAX_SEED = 2**31 - 1


class PracticeDialog(QDialog):
    """Game, preset, your name and seat, and the seed of the deals."""

    def __init__(self, games: Sequence[Game[Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("practiceDialog")
        self.setWindowTitle("Practice")
        self.games = list(games)
        self.game = QComboBox()
        self.game.setObjectName("practiceGame")
        for game in self.games:
            self.game.addItem(game.title, game.id)
        self.preset = QComboBox()
        self.preset.setObjectName("practicePreset")
        self.name = QLineEdit("You")
        self.name.setObjectName("practiceName")
        self.seat = QComboBox()
        self.seat.setObjectName("practiceSeat")
        self.seed = QSpinBox()
        self.seed.setObjectName("practiceSeed")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setValue(random.randrange(MAX_SEED))
        self.seed.setToolTip(
            "The same seed deals the same cards: enter one to play its deals again"
        )
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Deal")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("&Game", self.game)
        form.addRow("&Preset", self.preset)
        form.addRow("Your &name", self.name)
        form.addRow("Your &seat", self.seat)
        form.addRow("Dea&ls (seed)", self.seed)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("The app deals and plays the other seats by the game's advice."))
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.game.currentIndexChanged.connect(lambda _index: self._game_changed())
        self._game_changed()

    @property
    def current_game(self) -> Game[Any]:
        return self.games[self.game.currentIndex()]

    def _game_changed(self) -> None:
        game = self.current_game
        self.preset.clear()
        for preset in game.presets:
            self.preset.addItem(preset.title, preset.id)
        self.preset.setCurrentIndex(game.preset_ids.index(game.default_preset))
        self.seat.clear()
        self.seat.addItems([f"Seat {seat + 1}" for seat in range(game.seats)])

    def practice(self) -> tuple[MatchInfo, frozenset[int], int]:
        """The practice match, its simulated seats and seed; ``ValueError`` naming a bad entry."""
        from scorekeeper.match import MatchInfo
        from scorekeeper.names import check_name

        game = self.current_game
        you = self.name.text().strip()
        check_name(you, "Your name")
        mine = self.seat.currentIndex()
        players = [you if seat == mine else f"App {seat + 1}" for seat in range(game.seats)]
        seed = self.seed.value()
        info = MatchInfo(
            f"Practice {game.title} #{seed}",
            game.id,
            game.settings(self.preset.currentData()),
            tuple(players),
        )
        info.validate()
        return info, frozenset(range(game.seats)) - {mine}, seed

    def _accept(self) -> None:
        try:
            self.practice()
        except ValueError as error:
            self.problem.setText(str(error))
            return
        self.accept()


def start_practice(window: MainWindow, dialog: PracticeDialog | None = None) -> MatchSession | None:
    """Ask for a practice match (or take ``dialog``'s, already filled in) and open it."""
    if dialog is None:
        dialog = PracticeDialog(window.games, window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
    from scorekeeper.storage import StorageError

    info, seats, seed = dialog.practice()
    try:
        match_id = window.store.create_match(info)
    except (StorageError, ValueError) as error:
        show_error(window, "The practice match cannot be saved", error)
        return None
    remember(window.settings, window.store, match_id, seats, seed)
    return window.open_match(match_id)


def settings_key(store: Store, match_id: int) -> str:
    return f"simulated/{store.path}/{match_id}"


def remember(
    settings: QSettings, store: Store, match_id: int, seats: Iterable[int], seed: int | None
) -> None:
    """Keep a match's simulated seats (and practice seed) for whenever it is opened:
    ``"0,2"`` or ``"1,2,3 seed 41"``. Nothing is kept for a match without any."""
    seats = sorted(seats)
    if seats:
        words = ",".join(str(seat) for seat in seats)
        settings.setValue(
            settings_key(store, match_id), words + ("" if seed is None else f" seed {seed}")
        )


def restore(settings: QSettings, session: MatchSession) -> SimulatedSeats | None:
    """The app playing the simulated seats of an opened match, if it has any."""
    saved = str(settings.value(settings_key(session.store, session.match_id), "") or "")
    if not saved:
        return None
    from .simulated import SimulatedSeats  # the engine's advice, loaded with a match

    seats, _, seed = saved.partition(" seed ")
    return SimulatedSeats(
        session, [int(seat) for seat in seats.split(",")], int(seed) if seed else None
    )


def match_opened(window: MainWindow, session: MatchSession) -> None:
    seats = restore(window.settings, session)
    if seats is not None and window.match_page is not None:
        seats.message.connect(window.match_page.hand_screen.say)
