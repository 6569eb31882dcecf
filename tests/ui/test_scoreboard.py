"""The scoreboard model and view over a real ledger: rows, totals, dealers, penalties,
corrections, and the request to open a past hand."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QSplitter

from scorekeeper.ledger import Ledger
from tests.lowest_wins import registered
from tests.shots import screenshot
from tests.ui.app_matches import (
    EUCHRE_PLAYERS,
    correct_a_card,
    euchre_hidden_hand,
    euchre_info,
    euchre_renege_let_stand,
    euchre_results,
)
from ui.chart import RunningTotalsChart
from ui.scoreboard import (
    PENALTY_MARK,
    PENALTY_TINT,
    POINTS_ROLE,
    TOTAL_ROLE,
    ScoreboardModel,
    ScoreboardView,
)

RESULTS = [(0, 3), (1, 5), (0, 1), (1, 4)]  # (makers, tricks): +1, +2, euchred +2, +1
HANDS = 1 + len(RESULTS)  # a hand played card by card, then the results


def column_totals(model: ScoreboardModel, side: int) -> list[int]:
    column = model.side_column(side)
    return [model.data(model.index(row, column), TOTAL_ROLE) for row in range(model.rowCount())]


@pytest.fixture
def ledger() -> Ledger:
    ledger = Ledger(euchre_info())
    euchre_hidden_hand(ledger, seed=6)
    euchre_results(ledger, RESULTS)
    return ledger


def test_model_passes_the_qt_model_tester(qtmodeltester, ledger):
    model = ScoreboardModel(ledger)
    qtmodeltester.check(model)
    euchre_results(ledger, [(0, 5)])
    model.refresh()
    euchre_renege_let_stand(ledger)
    model.refresh()
    correct_a_card(ledger, 0)
    model.refresh()
    model.set_match(None)
    assert model.rowCount() == 0 and model.columnCount() == 0


def test_rows_are_hands_and_columns_the_sides_with_dealer_and_notes(ledger):
    model = ScoreboardModel(ledger)
    assert model.rowCount() == HANDS
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Dealer", "Ann & Cy", "Bo & Di", "Notes"]
    dealers = [model.data(model.index(row, 0)) for row in range(model.rowCount())]
    assert dealers == [EUCHRE_PLAYERS[ledger.dealer_of(row)] for row in range(HANDS)]
    assert dealers == ["Ann", "Bo", "Cy", "Di", "Ann"]
    vertical = [model.headerData(r, Qt.Orientation.Vertical) for r in range(model.rowCount())]
    assert vertical == ["1", "2", "3", "4", "5"]


def test_totals_and_points_are_the_ledgers(ledger):
    model = ScoreboardModel(ledger)
    for side in range(2):
        assert column_totals(model, side) == [score.totals[side] for score in ledger.scores]
        points = [
            model.data(model.index(row, model.side_column(side)), POINTS_ROLE)
            for row in range(model.rowCount())
        ]
        assert points == [score.points[side] for score in ledger.scores]
    assert (column_totals(model, 0)[-1], column_totals(model, 1)[-1]) == tuple(ledger.totals)
    last = model.index(model.rowCount() - 1, model.side_column(1))
    score = ledger.scores[-1]
    assert model.data(last) == f"{score.totals[1]}  ({score.points[1]:+d})"


def test_new_hands_are_inserted_not_reset(qtbot, ledger):
    model = ScoreboardModel(ledger)
    with qtbot.waitSignal(model.rowsInserted) as inserted:
        euchre_results(ledger, [(0, 5)])
        model.refresh()
    assert inserted.args[1:] == [HANDS, HANDS]
    assert column_totals(model, 0)[-1] == ledger.totals[0]


def test_a_correction_updates_every_later_total(qtbot, ledger):
    model = ScoreboardModel(ledger)
    before = [column_totals(model, side) for side in range(2)]
    points_before = ledger.scores[0].points
    with qtbot.waitSignal(model.dataChanged) as changed:
        correct_a_card(ledger, 0)
        model.refresh()
    first, last = changed.args[0], changed.args[1]
    assert (first.row(), last.row()) == (0, HANDS - 1)
    for side in range(2):
        shift = ledger.scores[0].points[side] - points_before[side]
        assert column_totals(model, side) == [total + shift for total in before[side]]
        assert column_totals(model, side) == [score.totals[side] for score in ledger.scores]
    assert before != [column_totals(model, side) for side in range(2)]


def test_refresh_without_change_signals_nothing(qtbot, ledger):
    model = ScoreboardModel(ledger)
    with qtbot.assertNotEmitted(model.dataChanged), qtbot.assertNotEmitted(model.modelReset):
        model.refresh()


def test_undo_of_a_hand_removes_its_row(qtbot, ledger):
    model = ScoreboardModel(ledger)
    with qtbot.waitSignal(model.rowsRemoved):
        ledger.undo()
        model.refresh()
    assert model.rowCount() == HANDS - 1


def test_a_penalty_let_stand_is_marked_on_the_row_and_the_side(ledger):
    number = euchre_renege_let_stand(ledger)
    model = ScoreboardModel(ledger)
    penalty = ledger.hands[number].state.penalties[0]
    side = next(i for i, seats in enumerate(ledger.sides) if penalty.seat in seats)
    assert model.headerData(number, Qt.Orientation.Vertical) == f"{number + 1} {PENALTY_MARK}"
    assert model.data(model.index(number, model.notes_column)).startswith(PENALTY_MARK)
    cell = model.index(number, model.side_column(side))
    assert model.data(cell, Qt.ItemDataRole.BackgroundRole) == PENALTY_TINT
    assert penalty.rule.title in model.data(cell, Qt.ItemDataRole.ToolTipRole)
    other = model.index(number, model.side_column(1 - side))
    assert model.data(other, Qt.ItemDataRole.BackgroundRole) is None
    clean = model.index(0, model.side_column(side))
    assert model.data(clean, Qt.ItemDataRole.BackgroundRole) is None


def test_game_over_names_the_winners():
    ledger = Ledger(euchre_info(target=5))
    euchre_results(ledger, [(0, 5), (0, 5), (0, 3)])
    model = ScoreboardModel(ledger)
    assert ledger.game_over
    assert model.data(model.index(2, model.notes_column)).endswith("Game over: Ann & Cy won")
    font = model.data(model.index(2, model.side_column(0)), Qt.ItemDataRole.FontRole)
    assert font.bold()


def test_where_the_lowest_total_wins_the_scoreboard_names_and_marks_the_lowest():
    with registered("euchre") as lowest:
        ledger = Ledger(replace(euchre_info(target=5), game=lowest.id))
        euchre_results(ledger, [(0, 5), (0, 5), (0, 3)])
        model = ScoreboardModel(ledger)
        assert ledger.game_over
        assert model.data(model.index(2, model.notes_column)).endswith("Game over: Bo & Di won")
        fonts = [
            model.data(model.index(2, model.side_column(side)), Qt.ItemDataRole.FontRole)
            for side in (0, 1)
        ]
        assert fonts[0] is None and fonts[1].bold()


def test_double_click_on_a_past_hand_asks_to_open_it(qtbot, ledger):
    view = ScoreboardView(ScoreboardModel(ledger))
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    rect = view.visualRect(view.model().index(1, 1))
    with qtbot.waitSignal(view.handActivated) as opened:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert opened.args == [1]


def test_enter_on_a_hand_asks_to_open_it(qtbot, ledger):
    view = ScoreboardView(ScoreboardModel(ledger))
    qtbot.addWidget(view)
    view.show()
    view.setFocus()
    view.setCurrentIndex(view.model().index(2, 0))
    with qtbot.waitSignal(view.handActivated) as opened:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert opened.args == [2]


def test_chart_plots_the_running_totals(qtbot, ledger):
    model = ScoreboardModel(ledger)
    chart = RunningTotalsChart(model)
    qtbot.addWidget(chart)
    assert [label.text() for label in chart.key.names] == ["Ann & Cy", "Bo & Di"]
    for side in range(2):
        assert chart.totals(side) == [score.totals[side] for score in ledger.scores]
    correct_a_card(ledger, 0)
    euchre_results(ledger, [(1, 3)])
    model.refresh()
    for side in range(2):
        assert chart.totals(side) == [score.totals[side] for score in ledger.scores]
    model.set_match(Ledger(euchre_info()))
    assert chart.totals(0) == []


def test_screenshot_scoreboard_with_chart(qtbot, ledger, scheme):
    euchre_renege_let_stand(ledger)
    euchre_results(ledger, [(0, 3), (1, 4), (1, 2)])
    model = ScoreboardModel(ledger)
    panel = QSplitter(Qt.Orientation.Vertical)
    panel.addWidget(ScoreboardView(model))
    panel.addWidget(RunningTotalsChart(model))
    qtbot.addWidget(panel)
    panel.resize(520, 640)
    panel.show()
    qtbot.waitExposed(panel)
    path = screenshot(panel, f"scoreboard-{scheme}")
    assert path.stat().st_size > 0
    assert model.rowCount() == len(ledger.scores) and model.index(0, 0) != QModelIndex()


def test_chart_sides_keep_their_colours_in_both_schemes_and_equal_lines_differ(qtbot, ledger, qapp):
    from scorekeeper.palette import side_colour
    from ui.theme import apply_scheme

    chart = RunningTotalsChart(ScoreboardModel(ledger))
    qtbot.addWidget(chart)
    pens = {}
    for scheme in ("light", "dark"):
        apply_scheme(qapp, scheme)
        chart.refresh()
        pens[scheme] = [
            (s.pen().color().name(), s.pen().style(), s.pen().widthF()) for s in chart.series
        ]
    apply_scheme(qapp, "light")
    assert pens["light"] == pens["dark"]
    assert [colour for colour, _, _ in pens["light"]] == [
        side_colour(0).lower(),
        side_colour(1).lower(),
    ]
    first, second = pens["light"]
    assert first[1] != second[1] and first[2] > second[2]  # a line over an equal one shows
    assert all(series.pointsVisible() for series in chart.series)


def test_notes_name_rules_by_title_and_players_by_name(ledger):
    import re

    euchre_renege_let_stand(ledger)
    model = ScoreboardModel(ledger)
    notes = [model.notes(row) for row in range(model.rowCount())]
    penalised = next(note for note in notes if note.startswith("⚠"))
    assert "Follow suit" in penalised
    assert not any(re.search(r"\b[a-z]+\.[a-z]+\.[a-z-]+\b", note) for note in notes), notes
    assert not any(re.search(r"\bseats? \d", note) for note in notes), notes
    assert all(note.strip() != "⚠" for note in notes)
