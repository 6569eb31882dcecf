"""The standings board driven by keys as a director would, drawn light and dark at the
projector's 1920x1080 and at 1366x768; screenshots go to tests/screenshots/."""

import random
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from scorekeeper.club.formats.board import BoardData, Stage, board_data
from scorekeeper.club.formats.round_robin import round_robin
from scorekeeper.club.formats.standings import RoundResult, standings
from scorekeeper.games.euchre.club import FORMAT
from tests.shots import screenshot
from ui.board import COLUMNS, DARK, LIGHT, NAME_SIZE, ROWS, StandingsBoard


def night(players: int) -> BoardData:
    rng = random.Random(players)
    names = [
        f"Player {chr(65 + p % 26)}{p // 26 or ''} {'Ødegård' if p % 7 == 0 else 'Smith'}"
        for p in range(players)
    ]
    results = [RoundResult(r, p, rng.randrange(0, 14)) for r in range(1, 4) for p in range(players)]
    chart = round_robin(players, 4)
    return board_data(
        FORMAT,
        "St. Mary's euchre night",
        Stage(3, 3, 8),
        standings(results, ["points", "wins"], range(players)),
        names,
        chart.rounds[3],
        ["Player C Smith made a loner at table 4", "Player K Smith made a loner at table 9"],
    )


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)], ids=["1920x1080", "1366x768"])
@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_board_is_drawn_at_projector_sizes(qtbot, size, dark):
    board = StandingsBoard(night(42), dark=dark)
    qtbot.addWidget(board)
    board.resize(*size)
    board.show()
    qtbot.waitExposed(board)
    scheme = "dark" if dark else "light"
    path = screenshot(board, f"board-{size[0]}x{size[1]}-{scheme}")
    assert path.stat().st_size > 0
    assert (
        board.grab().toImage().pixelColor(5, size[1] - 5).name()
        == (DARK if dark else LIGHT)["back"]
    )


def test_keys_turn_the_pages_and_switch_light_and_dark(qtbot):
    data = night(200)
    board = StandingsBoard(data)
    qtbot.addWidget(board)
    board.resize(1920, 1080)
    board.show()
    qtbot.waitExposed(board)
    board.activateWindow()
    board.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is board)
    assert board.visible()[0] == data.standings[0]
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
    assert board.visible()[0] == data.standings[ROWS * COLUMNS]
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Left)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Left)
    last = (len(data.standings) - 1) // (ROWS * COLUMNS) * ROWS * COLUMNS
    assert board.visible()[0] == data.standings[last]
    screenshot(board, "board-200-players-last-page-light")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_D)
    assert board.dark
    screenshot(board, "board-200-players-last-page-dark")


def test_the_board_turns_its_pages_by_itself(qtbot):
    board = StandingsBoard(night(60))
    qtbot.addWidget(board)
    board.timer.setInterval(20)
    board.show()
    qtbot.waitUntil(lambda: board.page == 1, timeout=2000)
    board.show_data(night(20))
    assert board.page == 0 and board.pages() == 1


FORTY = "Maria-Theresia Ødegård-Vanderbilt de Paz"  # 40 characters, as registered


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)], ids=["1920x1080", "1366x768"])
def test_a_forty_character_name_is_shown_whole_on_two_lines(qtbot, size):
    assert len(FORTY) == 40
    data = night(42)
    first = data.standings[0]
    data = replace(data, standings=((first[0], FORTY, first[2]), *data.standings[1:]))
    board = StandingsBoard(data)
    qtbot.addWidget(board)
    board.resize(*size)
    board.show()
    qtbot.waitExposed(board)
    font, lines = board.shown_name(FORTY)
    assert len(lines) == 2
    assert "".join(lines).replace(" ", "") == FORTY.replace(" ", "")  # every letter, no "…"
    metrics = QFontMetrics(font)
    row = size[1] / (ROWS + 3.2)
    assert 2 * metrics.lineSpacing() <= row  # both lines inside the name's row
    # readable from 5 m on a projector: letters at least 2.2 % of the screen's height
    assert font.pixelSize() >= 0.022 * size[1]
    assert board.shown_name("Ann Smith") == (board._font(row * NAME_SIZE), ["Ann Smith"])
    screenshot(board, f"board-long-name-{size[0]}x{size[1]}")
