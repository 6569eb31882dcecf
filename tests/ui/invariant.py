"""The app's one invariant: what the open window shows equals what reopening the match from
the database shows (the hand, its events, the seat to act, totals, pending rulings, the
scoreboard), after every action, whether it succeeded, was refused or failed."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from scorekeeper.storage import Store
from ui.hand.screen import HandScreen
from ui.main_window import MainWindow
from ui.scoreboard import ScoreboardModel
from ui.session import MatchSession


def shown(screen: HandScreen, board: ScoreboardModel) -> dict[str, Any]:
    """What a hand screen and its scoreboard show, as text and the table's picture."""
    return {
        "heading": screen.heading.text(),
        "totals": screen.totals.text(),
        "ruling": screen.banner.heading.text() if screen.banner.event_index is not None else "",
        "take back": screen.banner.take_back.text()
        if screen.banner.event_index is not None
        else "",
        "choices": [button.text() for button in screen.choice_buttons()],
        "question": screen.question.heading.text() if screen.question.question else "",
        "table": screen.table.view,
        "summary": screen.summary.text() if hasattr(screen, "summary") else "",
        "scoreboard": [
            [
                board.data(board.index(row, column), Qt.ItemDataRole.DisplayRole)
                for column in range(board.columnCount())
            ]
            for row in range(board.rowCount())
        ],
    }


def recorded_events(session: MatchSession) -> list[list]:
    return [list(log.events) for log in session.ledger.hands if log.events]


def assert_screen_is_the_record(window: MainWindow) -> None:
    """Reopen the window's match from its database file (a new connection) and compare."""
    session = window.session
    assert session is not None
    page = window.match_page
    with Store(session.store.path) as store:
        reopened = MatchSession(store, session.match_id)
        assert recorded_events(session) == recorded_events(reopened)
        screen = HandScreen(reopened)
        try:
            expected = shown(screen, ScoreboardModel(reopened.ledger))
        finally:
            screen.deleteLater()
            reopened.deleteLater()
    showing = shown(page.hand_screen, page.scores)
    differ = {
        key: (showing[key], expected[key]) for key in expected if showing[key] != expected[key]
    }
    assert not differ, f"the screen is not the record (shown, reopened): {differ}"
