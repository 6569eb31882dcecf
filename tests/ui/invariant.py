"""The app's one invariant: what the open window shows equals what reopening the match from
the database shows (the hand, its events, the seat to act, totals, pending rulings, the
scoreboard), after every action, whether it succeeded, was refused or failed; and the table
belongs to the hand the record is at (its dealer, the seat to act, its trick and its
figures), from the hand's first frame."""

from __future__ import annotations

import re
from typing import Any

from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from scorekeeper.games import GAME_MODULES, get_game
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
        problems = table_problems(page.hand_screen, reopened)
    showing = shown(page.hand_screen, page.scores)
    differ = {
        key: (showing[key], expected[key]) for key in expected if showing[key] != expected[key]
    }
    assert not differ, f"the screen is not the record (shown, reopened): {differ}"
    assert not problems, f"the table is not the record's hand: {problems}"


def table_problems(screen: HandScreen, record: MatchSession) -> list[str]:
    """Where the screen's table is not the hand ``record`` is at (the last hand once the
    game is over): the dealer's badge, the seat to act (the engine's, or the seat the
    scorer picked), the cards on the table (this hand's trick, or its last one), each
    seat's tricks, points and roles, and the dealer and seat to act the heading names."""
    log = record.current()
    hands = record.ledger.hands
    if log is None and not hands:
        return []
    state = (log or hands[-1]).state
    names = record.names
    view = screen.table.view
    problems = []
    dealers = [seat for seat, shown in enumerate(view.seats) if shown.dealer]
    if dealers != [state.dealer]:
        problems.append(f"the dealer badge is on {dealers}, the dealer is {state.dealer}")
    acting = state.to_act if screen._chosen is None else screen._chosen
    highlighted = [seat for seat, shown in enumerate(view.seats) if shown.to_act]
    if highlighted != ([] if acting is None or log is None else [acting]):
        problems.append(f"seats {highlighted} are highlighted, {acting} is to act")
    trick = state.current if state.current.cards else (state.tricks or [None])[-1]
    cards = [trick.card_of(seat) if trick else None for seat in range(len(names))]
    if [shown.card for shown in view.seats] != cards:
        problems.append(f"the table shows {[s.card for s in view.seats]}, the hand {cards}")
    if [shown.tricks for shown in view.seats] != list(state.taken):
        problems.append(f"tricks {[s.tricks for s in view.seats]}, the hand's {state.taken}")
    table = state.table
    counts = table is not None and table.count_points(state.game.deck_mask)
    points = [table.count_points(mask) if counts else None for mask in state.captured]
    if [shown.points for shown in view.seats] != points:
        problems.append(f"points {[s.points for s in view.seats]}, the hand's {points}")
    roles = [state.seat_roles(seat) for seat in range(len(names))]
    if [shown.roles for shown in view.seats] != roles:
        problems.append(f"roles {[s.roles for s in view.seats]}, the hand's {roles}")
    heading = screen.heading.text()
    if log is not None and f"{names[state.dealer]} deals" not in heading:
        problems.append(f"the heading {heading!r} names another dealer")
    if log is not None and acting is not None and f"{names[acting]} to act" not in heading:
        problems.append(f"the heading {heading!r} names another seat to act")
    return problems


RULE_IDS = {rule.id for game_id in GAME_MODULES for rule in get_game(game_id).rules}
DOTTED_ID = re.compile(r"\b[a-z][a-z0-9_]*(?:\.[a-z0-9_-]+){2,}\b")
ONE_OF_MANY = re.compile(r"(?<![\d.])1 (trick|point|bag|hand|card)s\b")
NOT_WORDS = re.compile(r"\bseats? \d|\bNone\b|\bTrue\b|\bFalse\b|\{\}|\{\d\}")


def screen_texts(page: QWidget) -> list[str]:
    """Every text a person can read on ``page``: visible labels and buttons, and every cell
    and header of its tables."""
    texts = [_read(label) for label in page.findChildren(QLabel) if label.isVisible()]
    texts += [button.text() for button in page.findChildren(QAbstractButton) if button.isVisible()]
    for model in (page.scores, page.statistics_model):
        for row in range(model.rowCount()):
            for column in range(model.columnCount()):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = model.data(model.index(row, column), role)
                    texts += [value] if isinstance(value, str) else []
        texts += [
            str(model.headerData(column, Qt.Orientation.Horizontal))
            for column in range(model.columnCount())
        ]
    return [text for text in texts if text]


def _read(label: QLabel) -> str:
    """A label's text as it reads on screen (a link's target is not shown)."""
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(label.text())
    )
    if not rich:
        return label.text()
    document = QTextDocument()
    document.setHtml(label.text())
    return document.toPlainText()


def plain_words_problems(texts: list[str]) -> list[str]:
    """The texts that show a rule id, a seat number, a Python value or ``1 tricks``."""
    return [
        text
        for text in texts
        if any(rule in text for rule in RULE_IDS)
        or DOTTED_ID.search(text)
        or ONE_OF_MANY.search(text)
        or NOT_WORDS.search(text)
    ]


def assert_plain_words(window: MainWindow) -> None:
    """The open match shows players' names and plain words, never an internal id."""
    problems = plain_words_problems(screen_texts(window.match_page))
    assert not problems, f"internal words on screen: {problems}"
