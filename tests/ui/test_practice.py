"""The app's advice: Hint on the hand screen, Practice from the start page (the app deals
and plays the other seats), and seats of a new match marked simulated."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from scorekeeper.advice import advise
from scorekeeper.cards import Card, parse_cards
from scorekeeper.events import Event
from tests.ui.hand_support import new_screen, new_session
from ui.main_window import MainWindow
from ui.practice import PracticeDialog, start_practice
from ui.simulated import SimulatedSeats

TIMEOUT_MS = 20_000


def recorded(session) -> int:
    """Events recorded so far in the match."""
    return sum(len(hand.events) for hand in session.ledger.hands)


def window_for(qtbot, store, settings) -> MainWindow:
    window = MainWindow(store, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_hint_names_the_seat_and_the_reason(qtbot, tmp_path):
    session = new_session(tmp_path, "euchre", "kata")
    screen = new_screen(qtbot, session)
    screen.hint_button.click()
    assert screen.status.text() == "No hint: nobody is to act yet: record the deal first"
    for event in session.ledger.game.deal(random.Random(5), session.ledger.settings, 0):
        session.record(event)
    qtbot.mouseClick(screen.hint_button, Qt.MouseButton.LeftButton)
    state = session.current().state
    advice = advise(state)
    assert screen.status.text() == f"Hint for {session.names[state.to_act]}: {advice.reason}"


def test_hint_without_the_seats_cards_says_what_to_enter(qtbot, tmp_path):
    session = new_session(tmp_path, "spades")
    screen = new_screen(qtbot, session)
    assert session.names[1] == "Bob"
    assert screen.hint_button.show_hint() == (
        "No hint: Bob's cards are not on record: enter the hand as dealt for a hint"
    )


def practice_dialog(window: MainWindow, game: str, seat: int, seed: int) -> PracticeDialog:
    dialog = PracticeDialog(window.games, window)
    dialog.game.setCurrentIndex(dialog.game.findText(game))
    dialog.seat.setCurrentIndex(seat)
    dialog.seed.setValue(seed)
    return dialog


def test_practice_deals_and_plays_the_other_seats_until_yours(qtbot, store, settings, monkeypatch):
    monkeypatch.setattr("ui.simulated.DELAY_MS", 0)
    window = window_for(qtbot, store, settings)
    assert window.start_page.practice_button.isVisible()
    session = start_practice(window, practice_dialog(window, "Euchre", seat=2, seed=42))
    assert session.names == ("App 1", "App 2", "You", "App 4")
    screen = window.match_page.hand_screen
    for _ in range(12):  # you play by the hints; the app plays the rest
        qtbot.waitUntil(lambda: session.current().state.to_act == 2, timeout=TIMEOUT_MS)
        screen.hint_button.click()
        assert screen.status.text().startswith("Hint for You: ")
        session.record(advise(session.current().state).event)
    ledger = session.ledger
    assert ledger.violations() == []
    assert [record.events for record in store.load(session.match_id).hands] == [
        record.events for record in ledger.records()
    ]
    assert ledger.hands[0].events[0].kind == "deal"  # the app dealt: every hand known


def test_a_practice_match_resumes_with_its_simulated_seats(qtbot, store, settings, monkeypatch):
    monkeypatch.setattr("ui.simulated.DELAY_MS", 0)
    window = window_for(qtbot, store, settings)
    session = start_practice(window, practice_dialog(window, "California Jack", seat=0, seed=3))
    match_id = session.match_id
    qtbot.waitUntil(lambda: recorded(session) > 0, timeout=TIMEOUT_MS)
    window.show_start()
    session = window.open_match(match_id)
    [playing] = session.findChildren(SimulatedSeats)
    assert playing.table.simulated == {1} and playing.table.seed == 3


def test_the_app_waits_after_an_undo(qtbot, tmp_path):
    session = new_session(tmp_path, "spades")
    playing = SimulatedSeats(session, range(4), seed=9, delay_ms=0)
    qtbot.waitUntil(lambda: recorded(session) > 10, timeout=TIMEOUT_MS)
    playing.timer.stop()
    session.undo_stack.undo()
    assert playing.act() is None
    session.undo_stack.redo()
    assert playing.act() is not None


def test_a_new_match_with_simulated_seats_plays_them_once_their_cards_are_known(
    qtbot, store, settings, monkeypatch
):
    monkeypatch.setattr("ui.simulated.DELAY_MS", 0)
    window = window_for(qtbot, store, settings)
    window.show_new_match()
    page = window.new_match_page
    page.game.setCurrentIndex(page.game.findText("Euchre"))
    for seat, name in zip(page.seats, ["Ann", "Bo", "Cy", "Di"], strict=True):
        seat.name.setText(name)
    for seat in (1, 3):
        page.seats[seat].simulated.setChecked(True)
    page.submit()
    session = window.session
    screen = window.match_page.hand_screen
    session.record(Event("upcard", card=Card.parse("KH")))
    qtbot.waitUntil(
        lambda: "Bo is played by the app, but" in screen.status.text(), timeout=TIMEOUT_MS
    )
    assert "cards are not on record" in screen.status.text()
    session.record(Event("deal", seat=1, cards=parse_cards("9H QH AH 9C 10S")))
    qtbot.waitUntil(lambda: recorded(session) == 3, timeout=TIMEOUT_MS)
    assert session.ledger.hands[0].events[-1] == Event("order_up", seat=1)  # three trumps
