"""Screenshots of the whole window for every game: bidding, play, a ruling and the end of a
hand, at 1366×768 in the light and dark schemes and at 1920×1080, written to
tests/screenshots/ (not kept in the repository) to be looked at. Each stage is reached by
keys typed into the focused card box, and each shot is checked against the record."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from scorekeeper.cards import cards_in
from scorekeeper.storage import Store
from tests.shots import screenshot
from tests.ui.hand_support import GAMES, Reference, play_hand, type_event
from tests.ui.invariant import assert_screen_is_the_record
from tests.ui.test_hand_rulings import _illegal_now
from tests.ui.test_table_trust import enter, open_new_match
from ui.self_test import enter_in_step

SIZES = ((1366, 768), (1920, 1080))


def shots(window, name: str) -> None:
    assert_screen_is_the_record(window)
    for width, height in SIZES:
        window.resize(width, height)
        screenshot(window, f"window-{name}-{width}x{height}")
    window.resize(*SIZES[0])


def advance(qtbot, screen, reference: Reference, stop=lambda: False) -> None:
    """Type the reference hand's next events (its table cards already entered) until
    ``stop()`` or the hand's end."""
    number = len(screen.session.ledger.hands) - 1
    while not stop() and (event := reference.choose()) is not None:
        enter_in_step(qtbot, screen, reference, event, type_event, number)


@pytest.mark.parametrize("game_id", GAMES)
def test_screenshots_of_every_stage(qtbot, tmp_path, settings, game_id, scheme):
    for seed in range(60):
        store = Store(tmp_path / f"{seed}.sqlite3")
        window = open_new_match(qtbot, store, settings, game_id)
        screen = window.match_page.hand_screen
        reference = Reference(window.session, seed)
        play_hand(qtbot, screen, reference, type_event, stop=lambda _e: True)
        if seed == 0:
            shots(window, f"{game_id}-bidding-{scheme}")
        advance(qtbot, screen, reference, stop=lambda r=reference: _illegal_now(r))
        if _illegal_now(reference):
            break
        window.close()
        store.close()
    else:
        raise AssertionError(f"no seed gave an illegal play in {game_id}")
    shots(window, f"{game_id}-play-{scheme}")
    seat = reference.log.state.to_act
    screen.hand_seat.setCurrentIndex(seat)
    screen.hand_field.setFocus()
    enter(qtbot, " ".join(c.code.lower() for c in reference.dealt(seat)))
    screen.field.setFocus()
    enter(qtbot, next(cards_in(_illegal_now(reference))).code.lower())
    assert screen.banner.isVisible()
    shots(window, f"{game_id}-ruling-{scheme}")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: not screen.banner.isVisible())
    advance(qtbot, screen, reference)
    assert screen.summary.isVisible()
    shots(window, f"{game_id}-end-of-hand-{scheme}")
    store.close()
