"""California Jack's draws after a trick, at the table's pace: one key (``d``) or one click
records both players' draws, the trick's winner first as the rules say; a card typed
while the players draw is the next lead, so it is refused with the reason and waits in the
box; a card seen as it is drawn is named after its player and said on screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.hand_support import Reference, play_hand, type_event
from tests.ui.invariant import assert_screen_is_the_record
from tests.ui.test_table_trust import enter, open_new_match
from ui.main_window import MainWindow


def at_the_first_draw(qtbot, store, settings) -> tuple[MainWindow, Reference]:
    """A match whose first trick is played by keys: the players are to draw."""
    window = open_new_match(qtbot, store, settings, "california_jack")
    screen = window.match_page.hand_screen
    reference = Reference(window.session, seed=3)
    play_hand(qtbot, screen, reference, type_event, stop=lambda event: event.kind == "draw")
    assert screen.state().phase == "draw"
    return window, reference


def draws_recorded(window: MainWindow) -> list[tuple[int | None, object]]:
    return [(e.seat, e.card) for e in window.session.ledger.current.events if e.kind == "draw"]


@pytest.mark.parametrize("how", ["key d", "click"])
def test_one_key_or_one_click_records_both_draws_winner_first(qtbot, store, settings, how):
    window, _ = at_the_first_draw(qtbot, store, settings)
    screen = window.match_page.hand_screen
    state = screen.state()
    winner = state.tricks[-1].winner
    names = window.session.names
    (button,) = screen.choice_buttons()
    assert button.text() == "Both draw  [d]"
    if how == "click":
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    else:
        enter(qtbot, "d")
    assert draws_recorded(window) == [(winner, None), (1 - winner, None)]
    assert screen.state().phase == "play" and screen.state().to_act == winner
    assert (
        screen.status.text() == f"Drawn from the pile: {names[winner]}, then {names[1 - winner]}."
    )
    assert_screen_is_the_record(window)


def test_a_trick_and_its_draws_take_eight_keys(qtbot, store, settings):
    """Two cards of three keys each (``qc`` Enter), then ``d`` Enter."""
    window, reference = at_the_first_draw(qtbot, store, settings)
    screen = window.match_page.hand_screen
    keys = []
    field = QApplication.focusWidget()
    assert field is screen.field
    enter(qtbot, "d")
    keys.append(2)
    for _ in range(2):
        event = reference.choose()
        while event.kind == "draw":  # the reference draws as the screen did
            reference.log.record(event)
            event = reference.choose()
        text = event.card.code.lower().replace("10", "t")
        enter(qtbot, text)
        reference.log.record(event)
        keys.append(len(text) + 1)
    assert screen.state().phase == "draw", "the trick is over"
    assert sum(keys) == 8


def test_a_card_typed_while_the_players_draw_is_refused_with_the_reason(qtbot, store, settings):
    window, _ = at_the_first_draw(qtbot, store, settings)
    screen = window.match_page.hand_screen
    before = list(window.session.ledger.current.events)
    state = screen.state()
    lead = next(card for card in window.session.ledger.game.deck if not state.seen >> card & 1)
    names = window.session.names
    winner = state.tricks[-1].winner
    enter(qtbot, lead.code.lower())
    assert window.session.ledger.current.events == before, "nothing is recorded"
    assert screen.status.text() == (
        f"Not recorded: the players draw first (d), then {lead} is played. A card shown as "
        f"it is drawn goes after its player's name: {names[winner].lower()} {lead.code.lower()}"
    )
    assert screen.field.text() == lead.code.lower(), "the card waits in the box"
    assert_screen_is_the_record(window)


def test_a_card_named_after_its_player_is_a_draw_seen_and_said(qtbot, store, settings):
    window, _ = at_the_first_draw(qtbot, store, settings)
    screen = window.match_page.hand_screen
    state = screen.state()
    names = window.session.names
    winner = state.tricks[-1].winner
    seen = next(card for card in window.session.ledger.game.deck if not state.seen >> card & 1)
    enter(qtbot, f"{names[1 - winner]} {seen.code.lower()}")
    assert draws_recorded(window) == []
    assert (
        screen.status.text()
        == f"Not recorded: {names[winner]} is to draw now, not {names[1 - winner]}"
    )
    qtbot.keyClick(screen.field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    enter(qtbot, f"{names[winner][:2]} {seen.code.lower()}")
    assert draws_recorded(window) == [(winner, seen)]
    assert screen.status.text() == f"Drawn from the pile: {names[winner]} {seen}."
    assert_screen_is_the_record(window)
    (button,) = screen.choice_buttons()  # one draw is left: the other player's
    assert button.text() == "Draw  [d]"
    lead = next(card for card in window.session.ledger.game.deck if card not in (seen,))
    enter(qtbot, lead.code.lower())
    assert screen.status.text().startswith(
        f"Not recorded: {names[1 - winner]} is to draw first (d), then {lead} is played."
    )
    qtbot.keyClick(screen.field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    enter(qtbot, "d")
    assert draws_recorded(window) == [(winner, seen), (1 - winner, None)]
    assert_screen_is_the_record(window)
