"""Hands that ended but cannot be scored from their events ask the table in the hand
screen; the answer is recorded through the session like any event, undone like one, and
reopens from the database the same."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from scorekeeper.games.sheepshead.deck import TOTAL_SCHWANZER_POINTS
from scorekeeper.storage import Store
from tests.shots import screenshot
from tests.ui.hand_support import Reference, play_hand, set_palette, type_event
from tests.ui.invariant import assert_screen_is_the_record, recorded_events
from tests.ui.test_app_main_window import window_for
from tests.ui.test_table_trust import CTRL, enter, key, open_new_match
from ui.hand.screen import HandScreen


def all_pass(qtbot, screen: HandScreen, window) -> None:
    pass_key = next(c.key for c in screen._choices if c.event.kind == "pass")
    for _ in range(5):
        enter(qtbot, pass_key)
        assert_screen_is_the_record(window)


def type_points(qtbot, points: list[int]) -> None:
    """Each player's points typed into the focused field, Tab to the next."""
    for value in points:
        key(qtbot, Qt.Key.Key_A, CTRL)
        qtbot.keyClicks(QApplication.focusWidget(), str(value))
        key(qtbot, Qt.Key.Key_Tab)


def schwanzer_answer() -> list[int]:
    share, rest = divmod(TOTAL_SCHWANZER_POINTS, 5)
    return [share + rest] + [share] * 4


def answer_schwanzer(qtbot) -> None:
    """Type a fitting answer, field after field, and Enter in the last field."""
    *first, last = schwanzer_answer()
    type_points(qtbot, first)
    key(qtbot, Qt.Key.Key_A, CTRL)
    enter(qtbot, str(last))


def test_all_five_pass_the_table_enters_the_schwanzer_points(qtbot, tmp_path, settings):
    """The blocker: Sheepshead, default options, all five pass. The question appears with a
    field for each player by name; a wrong answer is refused in words and changes nothing;
    the right one scores the hand, Ctrl+Z takes it back, and a restart shows the same."""
    path = tmp_path / "night.sqlite3"
    with Store(path) as store:
        window = open_new_match(qtbot, store, settings, "sheepshead")
        screen = window.match_page.hand_screen
        all_pass(qtbot, screen, window)
        panel = screen.question
        assert panel.isVisible()
        assert panel.heading.text() == "All passed: enter each player's Schwanzer points"
        assert [f.accessibleName() for f in panel.fields] == [
            f"{name}'s Schwanzer points" for name in window.session.names
        ]
        assert QApplication.focusWidget() is panel.fields[0]
        assert not screen.choice_area.isVisible()

        type_points(qtbot, [0, 0, 0, 0, 0])
        qtbot.mouseClick(panel.score_button, Qt.MouseButton.LeftButton)
        assert screen.status.text().startswith("Not recorded: the answer does not fit: ")
        assert "got 0" in screen.status.text()
        assert [len(e) for e in recorded_events(window.session)] == [5]
        assert panel.isVisible()
        assert_screen_is_the_record(window)

        qtbot.mouseClick(panel.fields[0], Qt.MouseButton.LeftButton)
        type_points(qtbot, schwanzer_answer())
        qtbot.mouseClick(panel.score_button, Qt.MouseButton.LeftButton)
        assert screen.status.text() == ""
        assert not panel.isVisible()
        assert len(window.session.ledger.scores) == 1
        assert window.match_page.scores.rowCount() == 1
        assert screen.summary.isVisible()
        assert QApplication.focusWidget() is screen.field
        assert_screen_is_the_record(window)

        key(qtbot, Qt.Key.Key_Z, CTRL)  # the answer is undone like any event
        assert panel.isVisible() and window.match_page.scores.rowCount() == 0
        assert_screen_is_the_record(window)
        key(qtbot, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
        assert not panel.isVisible() and window.match_page.scores.rowCount() == 1
        assert_screen_is_the_record(window)
        shown = recorded_events(window.session)
        totals = screen.totals.text()
        window.close()
    with Store(path) as store:
        window = window_for(qtbot, store, settings)
        qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
        assert recorded_events(window.session) == shown
        assert window.match_page.hand_screen.totals.text() == totals
        assert window.match_page.scores.rowCount() == 1
        assert not window.match_page.hand_screen.question.isVisible()


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_the_question_waits_across_a_restart(qtbot, tmp_path, settings, palette):
    set_palette(palette == "dark")
    path = tmp_path / "night.sqlite3"
    with Store(path) as store:
        window = open_new_match(qtbot, store, settings, "sheepshead")
        all_pass(qtbot, window.match_page.hand_screen, window)
        window.close()
    with Store(path) as store:
        window = window_for(qtbot, store, settings)
        qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
        panel = window.match_page.hand_screen.question
        assert panel.isVisible() and len(panel.fields) == 5
        screenshot(window, f"question-schwanzer-{palette}")
        set_palette(False)
        answer_schwanzer(qtbot)
        assert len(window.session.ledger.scores) == 1
        assert_screen_is_the_record(window)


def claim_the_rest(qtbot, screen: HandScreen, seat: int) -> None:
    """Open the Claim menu, choose ``seat``'s claim, and confirm it."""
    menu = screen.claim_button.menu()
    chosen = menu.findChild(QAction, f"claim{seat}")

    def choose() -> None:
        menu.setActiveAction(chosen)
        qtbot.keyClick(menu, Qt.Key.Key_Return)
        menu.hide()

    QTimer.singleShot(50, choose)
    qtbot.mouseClick(screen.claim_button, Qt.MouseButton.LeftButton)
    confirm = QApplication.activeModalWidget()
    claim = next(b for b in confirm.buttons() if "claims the rest" in b.text())
    qtbot.mouseClick(claim, Qt.MouseButton.LeftButton)


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_a_claim_before_the_called_card_is_played_asks_who_held_it(qtbot, store, settings, palette):
    """Sheepshead: the picker claims the rest before the called ace is played, with no
    hands recorded. The screen asks who held it, naming the players it can be; a click on
    one scores the hand."""
    set_palette(palette == "dark")
    window = open_new_match(qtbot, store, settings, "sheepshead")
    screen = window.match_page.hand_screen
    for seed in range(40):
        reference = Reference(window.session, seed)
        play_hand(qtbot, screen, reference, type_event, stop=lambda e: e.kind == "play")
        state = window.session.current().state
        if state.phase == state.PLAY and state.call.value != "alone":
            break
        for _ in window.session.current().events:  # alone, or all passed: taken back
            key(qtbot, Qt.Key.Key_Z, CTRL)
    picker = next(e.seat for e in window.session.current().events if e.kind == "pick")
    card = window.session.current().state.call.card
    claim_the_rest(qtbot, screen, picker)
    assert QApplication.activeModalWidget() is None
    assert_screen_is_the_record(window)
    panel = screen.question
    assert panel.heading.text() == f"The partner is not known: who held {card}?"
    names = window.session.names
    others = [name for seat, name in enumerate(names) if seat != picker]
    assert [b.text() for b in panel.buttons] == [f"{name} held {card}" for name in others]
    screenshot(window, f"question-partner-{palette}")
    set_palette(False)
    qtbot.mouseClick(panel.buttons[0], Qt.MouseButton.LeftButton)
    assert not panel.isVisible()
    assert len(window.session.ledger.scores) == 1
    assert_screen_is_the_record(window)


def click_choice(qtbot, screen: HandScreen, wanted) -> str:
    """Click the first visible choice button whose words ``wanted`` accepts."""
    button = next(b for b in screen.choice_buttons() if wanted(b.accessibleName()))
    qtbot.waitUntil(button.isVisible)
    assert button.isEnabled()
    words = button.accessibleName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return words


def test_defenders_claim_with_the_bury_unseen_the_table_names_the_buried_cards(
    qtbot, store, settings
):
    """Buried unseen, a called ace never played, and a defender claims at once: the screen
    asks who held the ace, then which two cards were buried, typed in the card box; a card
    typed twice is refused in the engine's words."""
    window = open_new_match(qtbot, store, settings, "sheepshead")
    screen = window.match_page.hand_screen
    for seed in range(40):
        reference = Reference(window.session, seed)
        play_hand(qtbot, screen, reference, type_event, stop=lambda e: e.kind in ("bury", "call"))
        if screen.state().phase != screen.state().OVER:
            break
        for _ in window.session.current().events:  # all passed: taken back
            key(qtbot, Qt.Key.Key_Z, CTRL)
    click_choice(qtbot, screen, lambda words: words == "Buried unseen")
    click_choice(qtbot, screen, lambda words: words.startswith("Call") and "alone" not in words)
    assert_screen_is_the_record(window)
    state = window.session.current().state
    defender = next(seat for seat in range(5) if seat != state.picker)
    claim_the_rest(qtbot, screen, defender)
    panel = screen.question
    assert panel.heading.text().startswith("The partner is not known: who held ")
    claimer = window.session.names[defender]
    partner = next(b for b in panel.buttons if not b.text().startswith(claimer))
    qtbot.mouseClick(partner, Qt.MouseButton.LeftButton)  # the claimer defends
    assert_screen_is_the_record(window)
    assert panel.heading.text().startswith(
        "The bury was not recorded: which two cards were buried?"
    ), screen.status.text()
    assert QApplication.focusWidget() is screen.field
    enter(qtbot, "7d 7d")
    assert "Not recorded: the answer does not fit: " in screen.status.text()
    assert "two different cards" in screen.status.text()
    assert_screen_is_the_record(window)
    screen.field.clear()
    enter(qtbot, "7d 8d")
    assert not panel.isVisible(), screen.status.text()
    assert len(window.session.ledger.scores) == 1
    assert_screen_is_the_record(window)
