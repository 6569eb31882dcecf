"""The statistics beside the scoreboard: a row per player, as the engine counts them, the
same after undo and redo from the keyboard and after reopening the database."""

from __future__ import annotations

from PySide6.QtCore import Qt

from scorekeeper.ledger import Ledger
from scorekeeper.words import statistics_table
from tests.shots import screenshot
from tests.ui.app_matches import euchre_info, euchre_results
from tests.ui.test_app_main_window import shortcut, window_for
from ui.statistics import StatisticsModel


def shown(model: StatisticsModel) -> tuple[list[str], list[list[str]]]:
    """The column heads and the rows the view shows."""
    heads = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    rows = [
        [model.data(model.index(row, column)) for column in range(model.columnCount())]
        for row in range(model.rowCount())
    ]
    return heads, rows


def test_model_passes_the_qt_model_tester(qtmodeltester):
    ledger = Ledger(euchre_info())
    model = StatisticsModel(ledger)
    qtmodeltester.check(model)
    assert model.rowCount() == 0
    euchre_results(ledger, [(1, 3), (0, 5)])
    model.refresh()
    assert model.rowCount() == 4


def test_the_view_follows_the_match_and_the_database(qtbot, store, settings):
    match_id = store.create_match(euchre_info("Tuesday"))
    window = window_for(qtbot, store, settings)
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    session = window.session
    view = window.match_page.statistics
    model = view.model()
    assert view.isVisible() and model.rowCount() == 0
    session.quick({"makers": 1, "tricks": 3, "maker": 1})
    heads, rows = shown(model)
    assert heads[:3] == ["Player", "Hands played", "Hands won"]
    bo = dict(zip(heads, rows[1], strict=True))
    assert (bo["Player"], bo["Hands played"], bo["Hands won"], bo["Made rate"]) == (
        "Bo",
        "1",
        "1",
        "100%",
    )
    assert (heads, rows) == statistics_table(store.open_ledger(match_id).statistics())
    window.match_page.scoreboard.setFocus()  # the card field keeps Ctrl+Z for its own text
    shortcut(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert model.rowCount() == 0
    assert not store.open_ledger(match_id).scores
    qtbot.keyClick(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert session.ledger.totals == (0, 1)
    assert shown(model) == (heads, rows)
    assert shown(model) == statistics_table(store.open_ledger(match_id).statistics())


def test_screenshot_statistics_beside_the_scoreboard(qtbot, store, settings, scheme):
    match_id = store.create_match(euchre_info("Statistics"))
    window = window_for(qtbot, store, settings)
    window.resize(1366, 768)
    window.open_match(match_id)
    for makers, tricks in [(0, 3), (1, 5), (0, 2), (1, 4)]:
        window.session.quick({"makers": makers, "tricks": tricks, "maker": makers})
    view = window.match_page.statistics
    assert view.isVisible() and view.model().rowCount() == 4
    assert view.visibleRegion().boundingRect().height() > view.rowHeight(0)
    assert screenshot(window, f"statistics-{scheme}").exists()
