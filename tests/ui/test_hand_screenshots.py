"""Screenshots of each game's hand screen mid-trick and of a ruling, in light and dark
palettes, written to tests/screenshots/ (not kept in the repository) to be looked at."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette

from tests.shots import screenshot
from tests.ui.hand_support import GAMES, Reference, new_screen, new_session, play_hand, type_event
from tests.ui.test_hand_rulings import reach_illegal_play
from ui.hand.cards import RED_ON_DARK, RED_ON_LIGHT
from ui.theme import dark_palette

PALETTES = ("light", "dark")


@pytest.fixture(params=PALETTES)
def palette(request, qapp):
    saved = QPalette(qapp.palette())
    qapp.setPalette(dark_palette() if request.param == "dark" else qapp.style().standardPalette())
    yield request.param
    qapp.setPalette(saved)


def _mid_trick(reference: Reference) -> bool:
    state = reference.log.state
    on_table = min(2, state.players_per_trick - 1)
    return (
        state.phase == state.PLAY
        and len(state.tricks) >= 1
        and len(state.current.cards) >= on_table
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_screenshot_mid_trick(qtbot, tmp_path, game_id, palette):
    session = new_session(tmp_path, game_id)
    screen = new_screen(qtbot, session)
    reference = Reference(session, seed=7)
    play_hand(qtbot, screen, reference, type_event, stop=lambda _e: _mid_trick(reference))
    assert _mid_trick(reference)
    state = session.current().state
    played = state.current.cards
    assert all(not screen.grid.buttons[card].isEnabled() for card in played)
    red = next(c for c in screen.grid.buttons if c.suit.is_red)
    colour = (
        screen.grid.buttons[red]
        .palette()
        .color(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText)
    )
    assert colour == (RED_ON_DARK if palette == "dark" else RED_ON_LIGHT)
    assert all(str(card) in screen.table.describe() for card in played)
    assert screenshot(screen, f"hand-{game_id}-mid-trick-{palette}").stat().st_size > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_screenshot_ruling(qtbot, tmp_path, game_id, palette):
    screen, card = reach_illegal_play(qtbot, tmp_path, game_id)
    qtbot.keyClicks(screen.field, card.code.lower())
    qtbot.keyClick(screen.field, Qt.Key.Key_Return)
    assert screen.banner.isVisible()
    assert screenshot(screen, f"hand-{game_id}-ruling-{palette}").stat().st_size > 0


def test_screenshot_large_cards(qtbot, tmp_path):
    session = new_session(tmp_path, "euchre")
    screen = new_screen(qtbot, session)
    small = screen.grid.buttons[next(iter(screen.grid.buttons))].minimumSize()
    screen.large_cards = True
    assert screen.large_cards
    big = screen.grid.buttons[next(iter(screen.grid.buttons))].minimumSize()
    assert big.width() > small.width() and big.height() > small.height()
    screen.resize(1280, 900)
    assert screenshot(screen, "hand-euchre-large-cards").stat().st_size > 0
