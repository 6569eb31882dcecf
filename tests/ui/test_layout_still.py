"""The layout stays still under the scorer's hand: from the first bid, through play, to a
ruling on a card that may not be played, the hand pane keeps its width and the table, the
card field and the scoreboard keep their places, at 1366×768 and at 1024×600; a ruling and
the Schwanzer question take the place kept for them under the table, never the table's."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget

from scorekeeper.cards import cards_in
from scorekeeper.games import get_game
from scorekeeper.match import MatchInfo
from tests.shots import screenshot
from tests.ui.fit_checks import truncated
from tests.ui.hand_support import GAMES, NAMES, Reference, play_hand, type_event
from tests.ui.test_app_main_window import window_for
from tests.ui.test_hand_rulings import _illegal_now
from tests.ui.test_table_trust import enter, open_new_match
from tests.ui.test_window_screenshots import advance
from ui.main_window import MainWindow
from ui.session import MatchSession

SIZES = ((1366, 768), (1024, 600))


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def placed(widget: QWidget, window: QWidget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def places(window: MainWindow) -> dict[str, QRect]:
    """Where the hand pane, the table, the card field and the scoreboard are."""
    settle()
    page = window.match_page
    screen = page.hand_screen
    return {
        name: placed(widget, window)
        for name, widget in (
            ("hand pane", screen),
            ("table", screen.table),
            ("card field", screen.field),
            ("scoreboard", page.scoreboard),
        )
    }


def click(qtbot, widget: QWidget) -> None:
    assert widget.isVisible() and widget.isEnabled()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def ruled_match(qtbot, tmp_path, settings, game_id: str, size: tuple[int, int]):
    """A match whose first hand comes to a card the seat to act may not play, its table
    cards entered: the window, its screen and the reference hand."""
    from scorekeeper.storage import Store

    for seed in range(80):
        store = Store(tmp_path / f"{seed}.sqlite3")
        window = open_new_match(qtbot, store, settings, game_id)
        window.resize(*size)
        screen = window.match_page.hand_screen
        reference = Reference(window.session, seed)
        probe = Reference(window.session, seed)
        while (event := probe.choose()) is not None and not _illegal_now(probe):
            probe.log.record(event)
        if _illegal_now(probe):
            play_hand(qtbot, screen, reference, type_event, stop=lambda _e: True)
            return window, screen, reference
        window.close()
        store.close()
    raise AssertionError("no deal came to a ruling")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nothing_moves_from_the_first_bid_to_a_ruling(qtbot, tmp_path, settings, game_id, size):
    window, screen, reference = ruled_match(qtbot, tmp_path, settings, game_id, size)
    bidding = places(window)
    advance(qtbot, screen, reference, stop=lambda: _illegal_now(reference))
    assert places(window) == bidding, "bidding and play share one layout"
    seat = reference.log.state.to_act
    for key in (Qt.Key.Key_Home, *[Qt.Key.Key_Down] * seat):  # the known hand's player
        qtbot.keyClick(screen.hand_seat, key)
    click(qtbot, screen.hand_field)
    enter(qtbot, " ".join(card.code.lower() for card in reference.dealt(seat)))
    click(qtbot, screen.field)
    enter(qtbot, next(cards_in(_illegal_now(reference))).code.lower())
    qtbot.waitUntil(screen.banner.isVisible)
    assert places(window) == bidding, "the ruling takes the place kept for it"
    banner = placed(screen.banner, window)
    assert not banner.intersects(bidding["table"]) and not banner.intersects(bidding["card field"])
    screenshot(window, f"still-{game_id}-ruling-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_schwanzer_question_takes_the_place_kept_for_it(qtbot, store, settings, size):
    window = open_new_match(qtbot, store, settings, "sheepshead")
    window.resize(*size)
    screen = window.match_page.hand_screen
    bidding = places(window)
    for _ in range(5):
        enter(qtbot, "pass")
    qtbot.waitUntil(screen.question.isVisible)
    assert places(window) == bidding
    question = placed(screen.question, window)
    assert not question.intersects(bidding["table"])
    assert not question.intersects(bidding["card field"])
    screenshot(window, f"still-sheepshead-question-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_trick_in_any_order_is_said_whole_and_moves_nothing(qtbot, store, settings, size):
    """Spades ``classic``: trick 1 in any order lengthens the heading and the card field's
    hint; both show whole, and the pane keeps its width."""
    window = open_new_match(qtbot, store, settings, "spades", "classic")
    window.resize(*size)
    screen = window.match_page.hand_screen
    bidding = places(window)
    click(qtbot, screen.field)
    for contract in ("4", "6"):
        enter(qtbot, contract)
    assert screen.heading.text().endswith("this trick in any order")
    assert "di 2c" in screen.field.placeholderText()
    assert places(window) == bidding
    assert truncated(window) == []
    screenshot(window, f"still-spades-any-order-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_blind_nil_exchange_heading_moves_nothing(qtbot, store, settings, size):
    """Spades ``modern``, Ann & Cy 163 behind after hand 1: Cy bids blind nil, and the
    long heading of the partners' exchange wraps in the heading's kept lines."""
    info = MatchInfo("Table", "spades", get_game("spades").settings("modern"), NAMES[:4])
    MatchSession(store, store.create_match(info)).quick(
        {"bids": [4, 4, 4, 4], "tricks": [1, 5, 1, 6]}  # Ann & Cy set: −80 to +83
    )
    window = window_for(qtbot, store, settings)
    window.resize(*size)
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    screen = window.match_page.hand_screen
    bidding = places(window)
    blind = next(b for b in screen.choice_buttons() if b.text().startswith("Blind nil"))
    click(qtbot, blind)  # Cy, first to bid after Bob deals
    click(qtbot, screen.field)
    for bid in ("3", "4", "2"):
        enter(qtbot, bid)
    assert "Blind nil: partners exchange two cards" in screen.heading.text()
    assert places(window) == bidding
    assert truncated(window) == []
    screenshot(window, f"still-spades-blind-nil-exchange-{size[0]}x{size[1]}")
