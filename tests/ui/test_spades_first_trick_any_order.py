"""Spades ``classic`` trick 1 entered on the hand screen in any seat order ("It doesn't
matter who leads to the first trick as everyone is required to play the lowest held club
first"): the scorer names the player before the card (``di 2c``) or clicks the player on
the table, or, with the hands known, the card's holder is credited; typed as hands type,
and what the screen shows is what reopening the database shows."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from scorekeeper.cards import Card, Suit, cards_in
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.storage import Store
from tests.shots import screenshot
from tests.ui.hand_support import new_screen, new_session
from tests.ui.test_spades_classic_bidding import typed
from ui.hand.screen import HandScreen
from ui.session import MatchSession
from ui.theme import dark_palette

BIDS = [Event("contract", seat=1, value=4), Event("contract", seat=2, value=6)]


def click_seat(qtbot, screen: HandScreen, seat: int) -> None:
    box = screen.table.seat_boxes()[seat]
    qtbot.mouseClick(screen.table, Qt.MouseButton.LeftButton, pos=box.center().toPoint())


def classic_screen(qtbot, tmp_path) -> tuple[MatchSession, HandScreen]:
    """A Spades classic match on the hand screen, the keys in the card box; Ann deals."""
    session = new_session(tmp_path, "spades", "classic")
    screen = new_screen(qtbot, session)
    screen.field.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is screen.field)
    return session, screen


def classic_in_play(qtbot, tmp_path) -> tuple[MatchSession, HandScreen]:
    """Bob's side contracts for 4 and Cy's for 6, typed; trick 1 is next."""
    session, screen = classic_screen(qtbot, tmp_path)
    typed(qtbot, screen, "4")
    typed(qtbot, screen, "6")
    assert session.current().events == BIDS
    return session, screen


def reopened(qtbot, session: MatchSession) -> tuple[MatchSession, HandScreen]:
    session.store.close()
    again = MatchSession(Store(session.store.path), session.match_id)
    return again, new_screen(qtbot, again)


def assert_screen_is_database(screen: HandScreen, session: MatchSession) -> None:
    stored = session.store.load(session.match_id).hands[-1].events
    assert session.current().events == stored
    played = [e.card for e in stored if e.kind == "play"]
    assert all(not screen.grid.buttons[card].isEnabled() for card in played)


def test_trick_1_typed_and_clicked_in_any_order_is_what_the_database_holds(qtbot, tmp_path):
    session, screen = classic_in_play(qtbot, tmp_path)
    assert screen.heading.text().endswith("Play · Bob to act · this trick in any order")
    assert "di 2c" in screen.field.placeholderText()

    typed(qtbot, screen, "di 2c")  # the player named before the card
    assert session.current().events[-1] == Event("play", seat=3, card=Card.parse("2C"))
    assert screen.field.text() == ""
    assert "Di 2♣" in screen.table.describe()

    assert "Ann to act" in screen.heading.text()  # the next seat round still to play
    click_seat(qtbot, screen, 2)  # Cy clicked on the table, then his card typed
    assert "Cy to act" in screen.heading.text()
    assert "Cy bid 6 to play" in screen.table.describe()
    assert "Ann dealer to play" not in screen.table.describe()
    assert QApplication.focusWidget() is screen.field  # the click leaves the keys in the box
    typed(qtbot, screen, "kc")
    assert session.current().events[-1] == Event("play", seat=2, card=Card.parse("KC"))
    assert "Ann to act" in screen.heading.text()  # the pick lasts one card

    click_seat(qtbot, screen, 1)  # by mouse alone: Bob's seat, then his card's button
    assert "Bob to act" in screen.heading.text()
    qtbot.mouseClick(screen.grid.buttons[Card.parse("3C")], Qt.MouseButton.LeftButton)
    assert session.current().events[-1] == Event("play", seat=1, card=Card.parse("3C"))
    assert QApplication.focusWidget() is screen.field

    typed(qtbot, screen, "9c")  # nobody named: the seat to act, as on any trick
    assert session.current().events[-1] == Event("play", seat=0, card=Card.parse("9C"))
    state = session.current().state
    assert [trick.seats for trick in state.tricks] == [[3, 2, 1, 0]]
    assert state.tricks[0].winner == 2 and state.to_act == 2  # the highest club leads next
    assert screen.heading.text().endswith("Play · Cy to act")  # trick 2 is in turn
    assert screen.field.placeholderText() == screen.field.PLACEHOLDER
    assert_screen_is_database(screen, session)

    session, screen = reopened(qtbot, session)
    assert session.current().events == [
        *BIDS,
        Event("play", seat=3, card=Card.parse("2C")),
        Event("play", seat=2, card=Card.parse("KC")),
        Event("play", seat=1, card=Card.parse("3C")),
        Event("play", seat=0, card=Card.parse("9C")),
    ]
    assert screen.heading.text().endswith("Play · Cy to act")
    assert_screen_is_database(screen, session)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("di 4c", "Ann, Bob or Cy to play, not Di", id="a player who played once"),
        pytest.param("zed 4c", "", id="a word that is no player's name"),
        pytest.param("di 4c 5c", "Enter one card after a player's name", id="two cards"),
    ],
)
def test_a_name_that_cannot_play_now_records_nothing(qtbot, tmp_path, text, message):
    session, screen = classic_in_play(qtbot, tmp_path)
    typed(qtbot, screen, "di 2c")
    before = list(session.current().events)
    typed(qtbot, screen, text)
    assert message in screen.status.text() and screen.status.text()
    assert screen.field.text() == text  # left in the box to be corrected
    assert session.current().events == before
    assert_screen_is_database(screen, session)


def test_trick_2_is_in_turn_a_named_player_out_of_turn_is_refused(qtbot, tmp_path):
    session, screen = classic_in_play(qtbot, tmp_path)
    for text in ("di 2c", "ann 9c", "bob 3c", "Cy: kc"):
        typed(qtbot, screen, text)
    before = list(session.current().events)
    typed(qtbot, screen, "bob 5h")
    assert screen.status.text() == "Not recorded: Cy to play, not Bob"
    click_seat(qtbot, screen, 1)
    assert screen.status.text() == "Not recorded: Cy to play, not Bob"
    assert "Cy to act" in screen.heading.text()
    assert session.current().events == before
    assert_screen_is_database(screen, session)


def test_with_the_hands_known_a_card_is_credited_to_its_holder(qtbot, tmp_path):
    session, screen = classic_screen(qtbot, tmp_path)
    deals = get_game("spades").deal(random.Random(5), session.ledger.settings, 0)
    for deal in deals:
        session.record(deal)  # the hands, laid face up before the bidding
    typed(qtbot, screen, "4")
    typed(qtbot, screen, "6")
    state = session.current().state
    lowest = {}
    for seat in range(4):
        held = list(cards_in(state.hands[seat]))
        clubs = [card for card in held if card.suit == Suit.CLUBS]
        lowest[seat] = min(clubs or held, key=lambda card: card.rank)
    for seat in (3, 2, 0, 1):  # the dealer's partner's club first, no names typed
        typed(qtbot, screen, lowest[seat].code.lower())
        assert session.current().events[-1] == Event("play", seat=seat, card=lowest[seat])
    assert session.current().state.tricks[0].seats == [3, 2, 0, 1]
    session, screen = reopened(qtbot, session)
    assert_screen_is_database(screen, session)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("palette", ["light", "dark"])
def test_screenshot_of_a_player_picked_for_trick_1(qtbot, tmp_path, qapp, palette, size):
    saved = QPalette(qapp.palette())
    qapp.setPalette(dark_palette() if palette == "dark" else qapp.style().standardPalette())
    try:
        _session, screen = classic_in_play(qtbot, tmp_path)
        typed(qtbot, screen, "di 2c")
        screen.resize(*size)
        click_seat(qtbot, screen, 2)
        assert screen.status.text() == "Cy's card next: click it or type it"
        assert "Cy bid 6 to play" in screen.table.describe()
        name = f"spades_first_trick_any_order_{palette}_{size[0]}x{size[1]}"
        assert screenshot(screen, name).stat().st_size > 0
    finally:
        qapp.setPalette(saved)


def test_a_player_named_before_a_card_in_the_bidding_records_nothing(qtbot, tmp_path):
    session, screen = classic_screen(qtbot, tmp_path)
    typed(qtbot, screen, "di 2c")
    assert screen.status.text() == (
        "Not recorded: a player's card is named only in play (now: Bidding)"
    )
    assert session.current().events == []
    assert not any(hand.events for hand in session.store.load(session.match_id).hands)
