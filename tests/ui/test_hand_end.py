"""The end of a hand and of a game is told on screen: a summary in words and figures over
the table, and at the game's end the winner, the closed controls with the reason, and a
new game with the same players."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from scorekeeper.words import counted
from tests.ui.hand_support import GAMES, Reference, play_hand, type_event
from tests.ui.invariant import assert_screen_is_the_record
from tests.ui.test_table_trust import open_new_match
from ui.main_window import next_game_name


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hand_played_to_its_end_is_summed_up_over_the_table(qtbot, store, settings, game_id):
    window = open_new_match(qtbot, store, settings, game_id)
    screen = window.match_page.hand_screen
    assert not screen.summary.isVisible()
    play_hand(qtbot, screen, Reference(window.session, seed=11), type_event)
    assert screen.summary.isVisible()
    text = screen.summary.text()
    ledger = window.session.ledger
    assert text.startswith("Hand 1: ")
    assert "Points: " in text and "Totals: " in text
    for side, total in zip(ledger.side_names, ledger.scores[0].totals, strict=True):
        assert f"{side} {total}" in text.split("Totals: ")[1]
    assert not re.search(r"\bseats? \d", text), text  # players' names, not seat numbers
    assert not re.search(r"\b1 tricks\b", text)
    assert_screen_is_the_record(window)
    asked: list = []  # the next hand: its table cards, if any, and its first event
    play_hand(
        qtbot,
        screen,
        Reference(window.session, seed=12),
        type_event,
        stop=lambda event: asked.append(event) or len(asked) > 1,
    )
    assert window.session.ledger.hands[-1].events
    assert not screen.summary.isVisible()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_next_hand_starts_clean_under_the_summary(qtbot, store, settings, game_id):
    """The hand after the one summed up is on the table from its first frame: the dealer's
    badge on its dealer, its first player highlighted, no card of the last trick, no
    trick or point of the hand that ended."""
    window = open_new_match(qtbot, store, settings, game_id)
    screen = window.match_page.hand_screen
    play_hand(qtbot, screen, Reference(window.session, seed=11), type_event)
    state = window.session.ledger.current.state
    names = window.session.names
    view = screen.table.view
    assert screen.summary.isVisible()
    assert [seat.dealer for seat in view.seats] == [s == state.dealer for s in range(len(names))]
    assert [seat.to_act for seat in view.seats] == [s == state.to_act for s in range(len(names))]
    assert [seat.card for seat in view.seats] == [None] * len(names)
    assert not view.last_trick
    assert [seat.tricks for seat in view.seats] == [0] * len(names)
    assert all(not seat.points and not seat.roles for seat in view.seats)
    assert f"{names[state.dealer]} deals" in screen.heading.text()
    assert_screen_is_the_record(window)


def test_counts_read_in_the_singular_and_plural():
    assert counted(1, "trick") == "1 trick"
    assert counted(0, "trick") == "0 tricks"
    assert counted(3, "trick") == "3 tricks"


def test_the_game_end_names_the_winner_closes_the_controls_and_offers_a_new_game(
    qtbot, store, settings
):
    window = open_new_match(qtbot, store, settings, "euchre")
    session = window.session
    while not session.ledger.game_over:
        session.quick({"makers": 0, "tricks": 5})
    screen = window.match_page.hand_screen
    winners = session.ledger.side_names[0]
    assert screen.heading.text() == f"Game over: {winners} won"
    assert f"Game over: {winners} won" in screen.summary.text()
    for control in (screen.field, screen.grid, screen.quick_button, screen.claim_button):
        assert not control.isEnabled()
    assert "The game is over" in screen.status.text()
    assert_screen_is_the_record(window)
    button = screen.new_game_button
    assert button.isVisible() and button.isEnabled()
    old = session.match_id
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.session.match_id != old
    new = window.session.ledger.info
    assert new.players == session.ledger.info.players
    assert new.settings == session.ledger.info.settings
    assert new.name == "Table (game 2)"
    assert window.match_page.hand_screen.field.isEnabled()


def test_undoing_the_last_hand_of_a_game_opens_the_controls_again(qtbot, store, settings):
    window = open_new_match(qtbot, store, settings, "euchre")
    while not window.session.ledger.game_over:
        window.session.quick({"makers": 0, "tricks": 5})
    screen = window.match_page.hand_screen
    qtbot.keyClick(screen.field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert screen.field.isEnabled() and not screen.new_game_button.isVisible()
    assert "The game is over" not in screen.status.text()
    assert_screen_is_the_record(window)


def test_games_after_the_first_are_numbered():
    assert next_game_name("Friday") == "Friday (game 2)"
    assert next_game_name("Friday (game 2)") == "Friday (game 3)"


def test_a_california_jack_hand_says_why_it_ended(qtbot, store, settings):
    """Play stops the moment a player reaches 10: the summary says who and after which
    trick, in the players' names."""
    window = open_new_match(qtbot, store, settings, "california_jack")
    screen = window.match_page.hand_screen
    play_hand(qtbot, screen, Reference(window.session, seed=11), type_event)
    state = window.session.ledger.hands[0].state
    lines = screen.summary.text().splitlines()
    names = window.session.names
    if max(state.totals()) >= 10:
        leader = names[max(range(2), key=lambda seat: state.totals()[seat])]
        assert f"{leader} reached 10 after trick {len(state.tricks)}" in lines
    else:
        assert f"All {len(state.tricks)} tricks were played and nobody reached 10" in lines
    assert_screen_is_the_record(window)


def test_the_summary_adds_the_lines_the_game_declares(qtbot, store, settings):
    window = open_new_match(qtbot, store, settings, "spades")
    window.session.quick({"bids": [3, 3, 3, 3], "tricks": [6, 2, 3, 2]})
    text = window.match_page.hand_screen.summary.text()
    sides = window.session.ledger.side_names
    assert f"Bags this hand: {sides[0]} 3, {sides[1]} 0" in text
    assert_screen_is_the_record(window)
