"""Quick entry of a hand's result: each game's form gives the data keys its module reads."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QSpinBox, QWidget

from tests.ui.hand_support import new_screen, new_session
from ui.hand.quick import QuickEntryDialog


def _set(dialog: QuickEntryDialog, name: str, value) -> None:
    page = dialog.pages.currentWidget()
    if isinstance(value, list):  # a set of options: tick those named
        for check in page.findChild(QWidget, name).findChildren(QCheckBox):
            check.setChecked(check.text() in value)
        return
    widget = (
        page.findChild(QSpinBox, name)
        or page.findChild(QComboBox, name)
        or page.findChild(QCheckBox, name)
    )
    assert widget is not None, name
    if isinstance(widget, QSpinBox):
        widget.setValue(value)
    elif isinstance(widget, QCheckBox):
        widget.setChecked(value)
    else:
        index = widget.findText(value)
        assert index >= 0, (name, value)
        widget.setCurrentIndex(index)


def _choose(dialog: QuickEntryDialog, kind: str) -> None:
    dialog.kind.setCurrentIndex(dialog.kind.findText(kind))


CASES = [
    pytest.param(
        "euchre",
        "Played",
        {"makers": "Ann & Cy", "tricks": 5, "alone": True},
        {"makers": 0, "tricks": 5, "alone": True},
        id="euchre: makers alone take all five",
    ),
    pytest.param("euchre", "Everyone passed", {}, {"passed": True}, id="euchre: everyone passed"),
    pytest.param(
        "spades",
        "Played",
        {
            "bids.0": "3",
            "bids.1": "nil",
            "bids.2": "4",
            "bids.3": "5",
            "tricks.0": 4,
            "tricks.1": 0,
            "tricks.2": 4,
            "tricks.3": 5,
        },
        {"bids": [3, "nil", 4, 5], "tricks": [4, 0, 4, 5]},
        id="spades: a nil made and both contracts made",
    ),
    pytest.param(
        "sheepshead",
        "A player picked",
        {"picker": "Bob", "partner": "Di", "points": 75, "tricks": 4},
        {
            "picker": 1,
            "partner": 3,
            "alone": False,
            "points": 75,
            "tricks": 4,
        },
        id="sheepshead: picker and partner win with 75",
    ),
    pytest.param(
        "sheepshead",
        "Schwanzer (all passed)",
        {"schwanzer.0": 10, "schwanzer.1": 4, "schwanzer.2": 2, "schwanzer.3": 1, "schwanzer.4": 3},
        {"schwanzer": [10, 4, 2, 1, 3]},
        id="sheepshead: a Schwanzer with one loser",
    ),
    pytest.param(
        "california_jack",
        "Played",
        {
            "card_points.0": 10,
            "card_points.1": 3,
            "honours.0": ["high", "jack"],
            "honours.1": ["low"],
        },
        {"card_points": [10, 3], "honours": [["high", "jack"], ["low"]]},
        id="california jack: high and jack against low",
    ),
]


@pytest.mark.parametrize(("game_id", "kind", "values", "data"), CASES)
def test_quick_entry_records_the_engine_result(qtbot, tmp_path, game_id, kind, values, data):
    session = new_session(tmp_path, game_id)
    screen = new_screen(qtbot, session)
    dialog = QuickEntryDialog(session, screen)
    qtbot.addWidget(dialog)
    _choose(dialog, kind)
    for name, value in values.items():
        _set(dialog, name, value)
    assert dialog.data() == data
    expected = session.ledger.game.quick_outcome(session.ledger.settings, 0, data)
    dialog.accept()
    assert dialog.message.text() == ""
    assert session.ledger.hands[0].is_quick
    got = session.ledger.outcome(0)
    assert (got.points, got.summary) == (expected.points, expected.summary)
    assert session.ledger.scores[0].totals == session.ledger.totals
    assert session.store.load(session.match_id).hands[0].events[0].data == data
    assert screen.totals.text().startswith(
        f"{session.ledger.side_names[0]} {session.ledger.totals[0]}"
    )
    session.undo_stack.undo()
    assert session.store.load(session.match_id).hands == []


def test_impossible_result_keeps_the_dialog_open_with_the_reason(qtbot, tmp_path):
    session = new_session(tmp_path, "spades")
    dialog = QuickEntryDialog(session)
    qtbot.addWidget(dialog)
    _set(dialog, "tricks.0", 13)
    _set(dialog, "tricks.1", 13)
    dialog.accept()
    assert dialog.message.text().startswith("Not recorded: ")
    assert session.undo_stack.count() == 0


def test_the_schwanzer_entry_says_how_to_count(qtbot, tmp_path):
    session = new_session(tmp_path, "sheepshead")
    dialog = QuickEntryDialog(session)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.kind.setFocus()
    qtbot.keyClick(dialog.kind, Qt.Key.Key_Down)  # the next kind of hand: Schwanzer
    assert dialog.kind.currentText() == "Schwanzer (all passed)"
    how = dialog.pages.currentWidget().findChild(QLabel, "howToCount")
    assert how.isVisible()
    assert "queens 3, jacks 2 and every other diamond 1" in how.text()


def test_fields_that_the_match_does_not_play_are_not_offered(qtbot, tmp_path):
    """Defending alone is a house option: without it the Euchre form has no such box."""
    session = new_session(tmp_path, "euchre")
    dialog = QuickEntryDialog(session)
    qtbot.addWidget(dialog)
    page = dialog.pages.currentWidget()
    assert page.findChild(QCheckBox, "alone") is not None
    assert page.findChild(QCheckBox, "defender_alone") is None
