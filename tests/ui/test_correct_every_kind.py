"""Every kind of event a game records is corrected where it is shown, in the words it is
shown in: the hand's row of the scoreboard is opened, the event's line chosen with the
arrow keys, and the corrected value typed as the line's hint says (the keys of the hand
screen's choices, a card, cards, a player's name, a quick-entry field's value, a question's
answer such as each player's Schwanzer points). The kinds come from the games'
declarations (``Game.actions``, ``Game.answers``), so a new one is covered at once."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.storage import Store
from tests.ui.correction_cases import FINISHED, PLAYED_ON, REFUSED, cases, find_case
from tests.ui.invariant import (
    assert_plain_words,
    assert_screen_is_the_record,
    plain_words_problems,
    recorded_events,
)
from tests.ui.test_app_main_window import window_for
from tests.ui.test_correction import active
from ui.correction import CorrectionDialog, CorrectionItem
from ui.main_window import MainWindow

CASES = [
    pytest.param(game_id, kind, field, id=f"{game_id}-{kind}" + (f"-{field}" if field else ""))
    for game_id in GAME_MODULES
    for kind, field in cases(get_game(game_id))
]


def open_hand_for_correction(qtbot, window: MainWindow, hand: int):
    """Click the hand's row of the scoreboard, then Enter."""
    view = window.match_page.scoreboard
    rect = view.visualRect(view.model().index(hand, 1))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.correction_dialog is not None)
    return active(qtbot, window.correction_dialog)


def choose_item(qtbot, dialog: CorrectionDialog, item: CorrectionItem) -> None:
    """Move down the list with the arrow keys to ``item``'s line (two lines may read
    alike: the same player's pass in each round)."""
    dialog.events.setFocus()
    qtbot.keyClick(dialog.events, Qt.Key.Key_Home)
    for _ in range(dialog.events.count()):
        shown = dialog.items[dialog.events.currentRow()]
        if (shown.index, shown.key) == (item.index, item.key):
            break
        qtbot.keyClick(dialog.events, Qt.Key.Key_Down)
    assert dialog.events.currentItem().text() == item.words


@pytest.mark.parametrize(("game_id", "kind", "field"), CASES)
def test_an_event_of_each_kind_is_corrected_by_keys(qtbot, store, settings, game_id, kind, field):
    case = find_case(game_id, kind, field)
    match_id = store.create_match(case.ledger.info, case.ledger.records())
    window = window_for(qtbot, store, settings)
    window.resize(1366, 768)
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    assert window.session is not None and window.session.match_id == match_id
    before = recorded_events(window.session)
    dialog = open_hand_for_correction(qtbot, window, case.hand)
    choose_item(qtbot, dialog, case.item)
    assert dialog.hint.text() == case.item.hint, "the hint of the line as it is entered"
    assert not plain_words_problems([case.item.words, case.item.hint])
    qtbot.keyClick(dialog.events, Qt.Key.Key_Return)
    assert dialog.value.hasFocus()
    qtbot.keyClicks(dialog.value, case.typed)
    qtbot.keyClick(dialog.value, Qt.Key.Key_Return)
    report = dialog.report.text()
    assert not plain_words_problems([report]), report
    with Store(store.path) as reopened:
        log = reopened.open_ledger(match_id).hands[case.hand]
        now = dict(log.effective_items())[case.item.index]
        if case.leaves == REFUSED:
            assert report.startswith("Not corrected: "), report
            assert recorded_events(window.session) == before
            assert now == case.item.event
        else:
            assert report.startswith(f"Corrected: {case.item.words} → "), report
            assert now == case.expected
            assert log.is_over == (case.leaves == FINISHED)
            assert case.leaves in (FINISHED, PLAYED_ON)
    qtbot.keyClick(dialog.events, Qt.Key.Key_Escape)
    assert_screen_is_the_record(window)
    assert_plain_words(window)
