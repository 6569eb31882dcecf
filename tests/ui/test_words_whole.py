"""No total, name or sentence shown short: a match whose scoreboard has wide totals and a
renege penalty's note, opened at 1366×768 and at 1024×600, shows every total whole, and
a note cut at the scoreboard's edge gives its whole sentence in its tooltip."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord, MatchInfo
from tests.shots import screenshot
from tests.ui.app_matches import euchre_info, euchre_renege_let_stand, euchre_results
from tests.ui.fit_checks import truncated
from tests.ui.hand_support import NAMES
from tests.ui.test_app_main_window import window_for
from tests.ui.test_spades_classic_quick_entry import click_ok, fill
from ui.hand.quick import QuickEntryDialog

SIZES = ((1366, 768), (1024, 600))
SPADES_SET = {"bids": [4, 4, 4, 4], "tricks": [1, 5, 1, 6]}  # Ann & Cy set: −80, +83


def euchre_with_a_renege() -> Ledger:
    ledger = Ledger(euchre_info())
    euchre_results(ledger, [(0, 2), (1, 5)])
    euchre_renege_let_stand(ledger)
    return ledger


def spades_far_apart() -> Ledger:
    ledger = Ledger(MatchInfo("Table", "spades", get_game("spades").settings("modern"), NAMES[:4]))
    for _ in range(2):
        ledger.quick(SPADES_SET)
    return ledger


@pytest.mark.parametrize(
    "build", [euchre_with_a_renege, spades_far_apart], ids=["euchre renege", "spades -160 to 166"]
)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_total_and_note_shows_whole(qtbot, store, settings, build, size):
    ledger = build()
    hands = [HandRecord(log.dealer, list(log.events)) for log in ledger.hands if log.events]
    store.create_match(ledger.info, hands)
    window = window_for(qtbot, store, settings)
    window.resize(*size)
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    board = window.match_page.scoreboard
    qtbot.waitUntil(lambda: board.model().rowCount() == len(hands))
    assert truncated(window) == []
    screenshot(window, f"words-whole-{build.__name__}-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_totals_that_grow_while_the_match_is_open_show_whole(qtbot, store, settings, size):
    store.create_match(spades_far_apart().info)
    window = window_for(qtbot, store, settings)
    window.resize(*size)
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    screen = window.match_page.hand_screen
    for hand in range(2):
        qtbot.mouseClick(screen.quick_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QuickEntryDialog))
        dialog = QApplication.activeModalWidget()
        dialog.windowHandle().requestActivate()  # the window manager's part, offscreen
        qtbot.waitUntil(lambda dialog=dialog: dialog.isAncestorOf(QApplication.focusWidget()))
        for name in ("bids", "tricks"):
            for seat, value in enumerate(SPADES_SET[name]):
                fill(qtbot, f"{name}.{seat}", str(value))
        click_ok(qtbot, dialog)
        qtbot.waitUntil(lambda hand=hand: len(window.session.ledger.scores) == hand + 1)
    assert window.session.ledger.totals == (-160, 166)
    assert truncated(window) == []
    screenshot(window, f"words-whole-grown-{size[0]}x{size[1]}")
