"""Shared by the hand screen and session tests: a match in a fresh database, a reference
hand the engine plays with every card known, and drivers that enter its events through
the screen by keyboard or by mouse only (the app's self-test drives the hand screen with
the same ones, from :mod:`ui.self_test`)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store
from ui.hand.screen import HandScreen
from ui.self_test import NAMES, Reference, click_event, play_hand, type_event
from ui.session import MatchSession

GAMES = tuple(GAME_MODULES)
__all__ = ["GAMES", "NAMES", "Reference", "click_event", "play_hand", "type_event"]  # re-exported


def new_session(tmp_path: Path, game_id: str, preset: str | None = None, **options) -> MatchSession:
    game = get_game(game_id)
    info = MatchInfo("Test match", game_id, game.settings(preset, **options), NAMES[: game.seats])
    store = Store(tmp_path / "matches.sqlite3")
    return MatchSession(store, store.create_match(info))


def new_screen(qtbot, session: MatchSession) -> HandScreen:
    screen = HandScreen(session)
    qtbot.addWidget(screen)
    screen.resize(960, 720)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def set_palette(dark: bool) -> None:
    app = QApplication.instance()
    if not dark:
        app.setPalette(app.style().standardPalette())
        return
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"),
        (QPalette.ColorRole.WindowText, "#eeeeee"),
        (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.Text, "#eeeeee"),
        (QPalette.ColorRole.Button, "#3a3a3a"),
        (QPalette.ColorRole.ButtonText, "#eeeeee"),
        (QPalette.ColorRole.Highlight, "#2f65ca"),
    ):
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)
